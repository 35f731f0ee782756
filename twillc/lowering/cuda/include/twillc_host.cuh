// ---------------------------------------------------------------------------
// 9. Host: build a CUtensorMap without linking libcuda (driver entry point).
// ---------------------------------------------------------------------------
typedef CUresult (*PFN_encodeTiled_t)(CUtensorMap*, CUtensorMapDataType, cuuint32_t,
                                      void*, const cuuint64_t*, const cuuint64_t*,
                                      const cuuint32_t*, const cuuint32_t*,
                                      CUtensorMapInterleave, CUtensorMapSwizzle,
                                      CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

// Row-major [rows, cols] fp16 matrix, box = [box_rows, box_cols], 128B swizzle
// (box_cols * 2 bytes must be <= 128 for SWIZZLE_128B).
static int tw_make_tmap_2d_f16(CUtensorMap* out, void* gptr, uint64_t rows,
                               uint64_t cols, uint32_t box_rows, uint32_t box_cols) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult q;
  if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000,
                                       cudaEnableDefault, &q) != cudaSuccess ||
      q != cudaDriverEntryPointSuccess || fn == nullptr)
    return -1;
  cuuint64_t dims[2]    = {cols, rows};                  // innermost first
  cuuint64_t strides[1] = {cols * 2};                    // bytes, dims 1..rank-1
  cuuint32_t box[2]     = {box_cols, box_rows};
  cuuint32_t estr[2]    = {1, 1};
  CUresult r = reinterpret_cast<PFN_encodeTiled_t>(fn)(
      out, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, gptr, dims, strides, box, estr,
      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
      CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return r == CUDA_SUCCESS ? 0 : -2;
}
