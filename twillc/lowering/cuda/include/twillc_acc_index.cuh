// Row and column, within a [64k, N] register tile in the wgmma accumulator
// layout, of element i of the calling thread (the m64nNk8..k16 f32 D fragment,
// PTX ISA "Matrix fragments for wgmma.mma_async": thread t of the warp group
// holds, of each 8-column group g = (i % (N / 2)) / 4, rows t/32*16 + t%32/4
// and + 8 (i & 2), columns 8g + 2 (t % 4) and + 1 (i & 1); a tile of more
// than 64 rows is one such fragment per 64-row slab, slab s at s * N / 2), as
// twillc_store_acc writes and twillc_smem_at reads them.
template <int N>
TW_DEV int twillc_acc_row(int i) {
  const int t = threadIdx.x % 128, k = i % (N / 2);
  return (i / (N / 2)) * 64 + (t / 32) * 16 + (t % 32) / 4 + 8 * ((k >> 1) & 1);
}
template <int N>
TW_DEV int twillc_acc_col(int i) {
  const int t = threadIdx.x % 128, k = i % (N / 2);
  return (k / 4) * 8 + (t % 4) * 2 + (k & 1);
}
