// Element i (column i) of the calling thread's row of a [ROWS, N] f16 tile
// with ROWS < 128 that TMA wrote to shared memory as 128B-swizzled boxes of
// 64 columns and ROWS rows; the threads at or past ROWS hold padding, read
// as 0 without touching shared memory (past the last box is not the tile's).
template <int ROWS>
TW_DEV float twillc_smem_row_at_rows(const uint8_t* tile, int i) {
  const int r = threadIdx.x % 128, box = i / 64, cb = (i % 64) * 2;
  if (r >= ROWS) return 0.f;
  return __half2float(*reinterpret_cast<const __half*>(tile + box * ROWS * 128 + r * 128 +
                                                       (((cb >> 4) ^ (r & 7)) << 4) + (cb & 15)));
}
