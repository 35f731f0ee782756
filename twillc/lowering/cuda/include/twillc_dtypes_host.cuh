// ---------------------------------------------------------------------------
// 9. Host: build a CUtensorMap without linking libcuda (driver entry point),
//    of any element type (kernels beyond f16: twillc_host.cuh's f16 form aside).
// ---------------------------------------------------------------------------
typedef CUresult (*PFN_encodeTiled_t)(CUtensorMap*, CUtensorMapDataType, cuuint32_t,
                                      void*, const cuuint64_t*, const cuuint64_t*,
                                      const cuuint32_t*, const cuuint32_t*,
                                      CUtensorMapInterleave, CUtensorMapSwizzle,
                                      CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

// Row-major [rows, cols] matrix of `esize`-byte elements of TMA type `dt`,
// box = [box_rows, box_cols], 128B swizzle (box_cols * esize <= 128). Unused
// (no warning) in a kernel with no 2-D tensor map: one of rank-1 loads only.
[[maybe_unused]] static int tw_make_tmap_2d(CUtensorMap* out, void* gptr, uint64_t rows, uint64_t cols,
                                            uint32_t box_rows, uint32_t box_cols, CUtensorMapDataType dt,
                                            uint32_t esize) {
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
      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
      CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return r == CUDA_SUCCESS ? 0 : -2;
}
