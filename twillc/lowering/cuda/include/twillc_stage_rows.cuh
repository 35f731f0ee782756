// A [R, C] accumulator-layout register tile (R / 64 stacked m64 slabs of
// C / 2 elements per thread) to shared memory as the MMA type DT (f16 or
// bf16) as TMA would have loaded it: boxes of 64 columns and R rows of 128
// bytes (box j at j * R * 128), 128B swizzle (16-byte chunk index ^ row % 8),
// so that a wgmma reads it as its B operand ([N, K] K-major, or [K, N]
// MN-major). Named barrier `bar` joins the warp group before the writes
// (every warp's wgmma that read the previous contents has completed) and
// after them, once they are fenced for the async proxy.
template <int DT, int R, int C, typename T>
TW_DEV void twillc_stage_rows(uint8_t* dst, const T* x, int bar) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  tw_named_bar_sync(bar, 128);
#pragma unroll
  for (int s = 0; s < R / 64; ++s)
#pragma unroll
    for (int j = 0; j < C / 64; ++j)
#pragma unroll
      for (int g = 0; g < 8; ++g)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const int r = s * 64 + warp * 16 + lane / 4 + 8 * h, cb = (g * 8 + (lane % 4) * 2) * 2;
          const T* v = x + s * (C / 2) + j * 32 + g * 4 + 2 * h;
          *reinterpret_cast<uint32_t*>(dst + j * R * 128 + r * 128 + ((((cb >> 4) ^ (r & 7))) << 4) + (cb & 15)) =
              tw_pack2v<DT>(v[0], v[1]);
        }
  tw_fence_proxy_async_smem();
  tw_named_bar_sync(bar, 128);
}
