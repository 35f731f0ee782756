// Element i of the calling thread, in the wgmma accumulator layout, of a
// [ROWS, N] tile of S (f32, bf16, 8- to 32-bit integers) TMA wrote to shared
// memory, as float (a 32-bit integer as itself): as 128B-swizzled boxes of 128 / sizeof(S) columns and ROWS rows
// (PITCH = 0), or as one unswizzled box of dense rows of PITCH < 128 bytes.
// ROWS = 64, or a multiple as stacked m64 slabs of N / 2 elements; element k
// of a slab is (row r + 8 * ((k >> 1) & 1), column (k / 4) * 8 + 2 * (lane % 4)
// + (k & 1)), r = warp * 16 + lane / 4: the m64nN accumulator fragment.
// 32-bit integers (packed int4 words) are read as themselves: a float holds
// every 8- and 16-bit integer exactly, not every 32-bit one.
template <typename S> struct tw_smem_value { using type = float; };
template <> struct tw_smem_value<int> { using type = int; };
template <> struct tw_smem_value<unsigned> { using type = unsigned; };
template <int ROWS, int N, typename S, int PITCH = 0>
TW_DEV typename tw_smem_value<S>::type twillc_smem_at_t(const uint8_t* tile, int i) {
  using R = typename tw_smem_value<S>::type;
  constexpr int BOX = 128 / (int)sizeof(S);
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int slab = i / (N / 2), k = i % (N / 2);
  const int r = slab * 64 + warp * 16 + lane / 4 + 8 * ((k >> 1) & 1);
  const int c = (k / 4) * 8 + (lane % 4) * 2 + (k & 1), cb = (c % BOX) * (int)sizeof(S);
  if constexpr (PITCH > 0)
    return R(*reinterpret_cast<const S*>(tile + r * PITCH + c * (int)sizeof(S)));
  else
    return R(*reinterpret_cast<const S*>(tile + (c / BOX) * ROWS * 128 + r * 128 + (((cb >> 4) ^ (r & 7)) << 4) +
                                             (cb & 15)));
}
