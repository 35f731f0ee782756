// Element i (column i) of the calling thread's row of a [ROWS, N] f16 tile
// TMA wrote to shared memory as 128B-swizzled boxes of 64 columns.
template <int ROWS>
TW_DEV float twillc_smem_row_at(const uint8_t* tile, int i) {
  const int r = threadIdx.x % 128, box = i / 64, cb = (i % 64) * 2;
  return __half2float(*reinterpret_cast<const __half*>(tile + box * ROWS * 128 + r * 128 +
                                                       (((cb >> 4) ^ (r & 7)) << 4) + (cb & 15)));
}
