// Element i of the calling thread, in the wgmma accumulator layout, of a
// [ROWS, N] tile of S (f32, bf16, 8-bit) TMA wrote to shared memory, as
// float: as 128B-swizzled boxes of 128 / sizeof(S) columns and ROWS rows
// (PITCH = 0), or as one unswizzled box of dense rows of PITCH < 128 bytes.
// ROWS = 64, or a multiple as stacked m64 slabs of N / 2 elements; element k
// of a slab is (row r + 8 * ((k >> 1) & 1), column (k / 4) * 8 + 2 * (lane % 4)
// + (k & 1)), r = warp * 16 + lane / 4: the m64nN accumulator fragment.
template <int ROWS, int N, typename S, int PITCH = 0>
TW_DEV float twillc_smem_at_t(const uint8_t* tile, int i) {
  constexpr int BOX = 128 / (int)sizeof(S);
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int slab = i / (N / 2), k = i % (N / 2);
  const int r = slab * 64 + warp * 16 + lane / 4 + 8 * ((k >> 1) & 1);
  const int c = (k / 4) * 8 + (lane % 4) * 2 + (k & 1), cb = (c % BOX) * (int)sizeof(S);
  if constexpr (PITCH > 0)
    return float(*reinterpret_cast<const S*>(tile + r * PITCH + c * (int)sizeof(S)));
  else
    return float(*reinterpret_cast<const S*>(tile + (c / BOX) * ROWS * 128 + r * 128 + (((cb >> 4) ^ (r & 7)) << 4) +
                                             (cb & 15)));
}
