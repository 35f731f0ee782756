// The same with one box of whole rows narrower than 128 bytes (box_cols *
// esize a multiple of 16), not swizzled: the box lands as dense rows of
// box_cols * esize bytes (a tile read element by element, never by an MMA).
static int tw_make_tmap_2d_rows(CUtensorMap* out, void* gptr, uint64_t rows, uint64_t cols, uint32_t box_rows,
                                uint32_t box_cols, CUtensorMapDataType dt, uint32_t esize) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult q;
  if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000,
                                       cudaEnableDefault, &q) != cudaSuccess ||
      q != cudaDriverEntryPointSuccess || fn == nullptr)
    return -1;
  cuuint64_t dims[2]    = {cols, rows};                  // innermost first
  cuuint64_t strides[1] = {cols * esize};                // bytes, dims 1..rank-1
  cuuint32_t box[2]     = {box_cols, box_rows};
  cuuint32_t estr[2]    = {1, 1};
  CUresult r = reinterpret_cast<PFN_encodeTiled_t>(fn)(
      out, dt, 2, gptr, dims, strides, box, estr,
      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
      CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return r == CUDA_SUCCESS ? 0 : -2;
}
