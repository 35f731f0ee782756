// Element i of the calling thread, in the wgmma accumulator layout of one
// m64 fragment, of a [ROWS, N] tile of S with ROWS < 64 that TMA wrote to
// shared memory as 128B-swizzled boxes of 128 / sizeof(S) columns and ROWS
// rows, as float; the fragment's rows at or past ROWS are padding, read as
// 0 without touching shared memory (past the last box is not the tile's).
template <int ROWS, int N, typename S>
TW_DEV float twillc_smem_at_rows(const uint8_t* tile, int i) {
  constexpr int BOX = 128 / (int)sizeof(S);
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int r = warp * 16 + lane / 4 + 8 * ((i >> 1) & 1);
  if (r >= ROWS) return 0.f;
  const int c = (i / 4) * 8 + (lane % 4) * 2 + (i & 1), cb = (c % BOX) * (int)sizeof(S);
  return float(*reinterpret_cast<const S*>(tile + (c / BOX) * ROWS * 128 + r * 128 + (((cb >> 4) ^ (r & 7)) << 4) +
                                           (cb & 15)));
}
