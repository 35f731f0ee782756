// Element i of the calling thread, in the wgmma accumulator layout, of a
// [ROWS, N] f16 tile TMA wrote to shared memory as 128B-swizzled boxes of 64
// columns (ROWS = 64, or 128 as two stacked m64 halves of N / 2 elements).
template <int ROWS, int N>
TW_DEV float twillc_smem_at(const uint8_t* tile, int i) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int half = i / (N / 2), k = i % (N / 2), box = k / 32, g = (k % 32) / 4;
  const int r = half * 64 + warp * 16 + lane / 4 + 8 * ((k >> 1) & 1);
  const int cb = (g * 8 + (lane % 4) * 2 + (k & 1)) * 2;
  return __half2float(*reinterpret_cast<const __half*>(tile + box * ROWS * 128 + r * 128 +
                                                       (((cb >> 4) ^ (r & 7)) << 4) + (cb & 15)));
}
