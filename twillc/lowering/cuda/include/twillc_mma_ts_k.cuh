// D[M, N] (+)= X^T B with X a loaded [K, M] 16-bit tile read in place,
// MN-major (imm-trans-a = 1): TMA's 128B-swizzled boxes of 64 columns of X,
// K rows each (A_BOX = K * 128 bytes); B [K, N] MN-major (TRANS_B = 1, boxes
// of 64 columns, B_BOX bytes each) or [N, K] K-major (TRANS_B = 0, boxes of
// 64 columns of K, B_BOX bytes each); K a multiple of 16 (a loop step's rows
// split below 64); D as M / 64 stacked m64 accumulator fragments.
template <int M, int N, int K, int TRANS_B, int A_BOX, int B_BOX>
TW_DEV void twillc_mma_ts_k(float* acc, const uint8_t* xs, const uint8_t* b, int scale_d) {
#pragma unroll
  for (int i = 0; i < M * N / 128; ++i) tw_fence_operand(acc[i]);
  tw_wgmma_fence();
#pragma unroll
  for (int h = 0; h < M / 64; ++h)
#pragma unroll
    for (int kk = 0; kk < K / 16; ++kk) {
      const uint64_t da = tw_make_smem_desc(xs + h * A_BOX + kk * 16 * 128, A_BOX, 1024, 1);
#pragma unroll
      for (int j = 0; j < N / 64; ++j) {
        const uint8_t* bj = TRANS_B ? b + j * B_BOX + kk * 16 * 128 : b + (kk / 4) * B_BOX + j * 64 * 128 + (kk % 4) * 32;
        const uint64_t db = tw_make_smem_desc(bj, TRANS_B ? B_BOX : 16, 1024, 1);
        TW_WGMMA_TS(acc + h * (N / 2) + j * 32, da, db, (scale_d || kk > 0) ? 1 : 0);
      }
    }
  tw_wgmma_commit();
  tw_wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < M * N / 128; ++i) tw_fence_operand(acc[i]);
}
