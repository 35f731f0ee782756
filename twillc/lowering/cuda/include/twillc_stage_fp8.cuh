// FP8 wgmma reads A and B K-major from shared memory (no transpose operand;
// a register A would need the k32 fragment, not the accumulator layout the
// tile is in). Both stagings below first join the warp group on named
// barrier `bar` (every warp's wgmma that read the buffer before is
// complete), then write, fence the generic writes for the async proxy and
// join again.
//
// A [64, K] accumulator-layout register tile (fp8 or float values) to
// shared memory as FP8 DT, K-major as TMA loads a [64, K] FP8 tile: boxes of
// 128 columns and 64 rows of 128 bytes (box j at j * 8192), 128B swizzle
// (16-byte chunk index ^ row % 8). Element 4G + 2h + e of the thread is
// (row r + 8h, column 8G + 2 * (lane % 4) + e), r = warp * 16 + lane / 4.
template <int DT, int K, typename T>
TW_DEV void twillc_stage_acc_fp8(uint8_t* dst, const T* x, int bar) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  tw_named_bar_sync(bar, 128);
#pragma unroll
  for (int j = 0; j < K / 128; ++j)
#pragma unroll
    for (int g = 0; g < 16; ++g)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int r = warp * 16 + lane / 4 + 8 * h, cb = g * 8 + (lane % 4) * 2;
        const T* v = x + j * 64 + g * 4 + 2 * h;
        // one cvt.rn.satfinite.{e4m3,e5m2}x2.f32: the rounding of __nv_fp8_e4m3(float), the tile cast's
        const __nv_fp8x2_storage_t pair = __nv_cvt_float2_to_fp8x2(make_float2(float(v[0]), float(v[1])),
                                                                   __NV_SATFINITE, DT == TW_E5M2 ? __NV_E5M2 : __NV_E4M3);
        *reinterpret_cast<__nv_fp8x2_storage_t*>(dst + j * 8192 + r * 128 + (((cb >> 4) ^ (r & 7)) << 4) + (cb & 15)) =
            pair;
      }
  tw_fence_proxy_async_smem();
  tw_named_bar_sync(bar, 128);
}
// The transpose of a [K, N] FP8 tile TMA loaded MN-major (boxes of 128
// columns of N and K rows, box j at j * K * 128, 128B swizzle) to [N, K]
// K-major (boxes of 128 columns of K and N rows, box j at j * N * 128), the
// B a wgmma reads for mma(p, v): 4 x 4 byte blocks, four 32-bit loads of
// rows k..k+3, transposed by byte permutes, four 32-bit stores to rows
// n..n+3.
template <int K, int N>
TW_DEV void twillc_stage_bt_fp8(uint8_t* dst, const uint8_t* src, int bar) {
  const int t = threadIdx.x % 128;
  tw_named_bar_sync(bar, 128);
#pragma unroll 4
  for (int b = t; b < (K / 4) * (N / 4); b += 128) {
    const int k = (b / (N / 4)) * 4, n = (b % (N / 4)) * 4, cn = n % 128, ck = k % 128;
    uint32_t w[4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
      w[i] = *reinterpret_cast<const uint32_t*>(src + (n / 128) * K * 128 + (k + i) * 128 +
                                                ((((cn >> 4) ^ ((k + i) & 7))) << 4) + (cn & 15));
    const uint32_t t0 = __byte_perm(w[0], w[1], 0x5140), t1 = __byte_perm(w[0], w[1], 0x7362);
    const uint32_t t2 = __byte_perm(w[2], w[3], 0x5140), t3 = __byte_perm(w[2], w[3], 0x7362);
    const uint32_t o[4] = {__byte_perm(t0, t2, 0x5410), __byte_perm(t0, t2, 0x7632), __byte_perm(t1, t3, 0x5410),
                           __byte_perm(t1, t3, 0x7632)};
#pragma unroll
    for (int j = 0; j < 4; ++j)
      *reinterpret_cast<uint32_t*>(dst + (k / 128) * N * 128 + (n + j) * 128 + ((((ck >> 4) ^ ((n + j) & 7))) << 4) +
                                   (ck & 15)) = o[j];
  }
  tw_fence_proxy_async_smem();
  tw_named_bar_sync(bar, 128);
}
