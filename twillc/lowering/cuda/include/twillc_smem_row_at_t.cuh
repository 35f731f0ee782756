// Element i (column i) of the calling thread's row of a [ROWS, N] tile of S
// (f32, bf16, 8-bit) TMA wrote to shared memory, as float: 128B-swizzled
// boxes of 128 / sizeof(S) columns and ROWS rows (PITCH = 0), or one
// unswizzled box of dense rows of PITCH < 128 bytes. With ROWS < 128 the
// threads at or past ROWS hold padding, read as 0 without touching shared
// memory (past the last box is not the tile's).
template <int ROWS, typename S, int PITCH = 0>
TW_DEV float twillc_smem_row_at_t(const uint8_t* tile, int i) {
  constexpr int BOX = 128 / (int)sizeof(S);
  const int r = threadIdx.x % 128, cb = (i % BOX) * (int)sizeof(S);
  if (ROWS < 128 && r >= ROWS) return 0.f;
  if constexpr (PITCH > 0)
    return float(*reinterpret_cast<const S*>(tile + r * PITCH + i * (int)sizeof(S)));
  else
    return float(*reinterpret_cast<const S*>(tile + (i / BOX) * ROWS * 128 + r * 128 + (((cb >> 4) ^ (r & 7)) << 4) +
                                             (cb & 15)));
}
