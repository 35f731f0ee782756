// ---------------------------------------------------------------------------
// The persistent GEMM's epilogue: an m64 x N wgmma accumulator fragment
// (acc + j * 32 + g * 4: rows r and r + 8, columns c and c + 1 of the j-th 64
// columns) written into shared memory as N / 64 boxes of 64 rows x 128 B,
// 128B-swizzled (16-byte chunk k of row r at k ^ (r % 8)): the layout a TMA
// store through a SWIZZLE_128B tensor map reads. A warp's 8 rows land in 8
// different chunks: no bank conflict.
// ---------------------------------------------------------------------------
template <int N, typename T, typename S>
TW_DEV void twillc_acc_to_smem(const S* acc, uint8_t* smem) {
  static_assert(sizeof(T) == 2, "the TMA-store epilogue stages 16-bit elements");
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int r = warp * 16 + lane / 4;
#pragma unroll
  for (int j = 0; j < N / 64; ++j)
#pragma unroll
    for (int g = 0; g < 8; ++g) {
      const S* v = acc + j * 32 + g * 4;
      uint8_t* box = smem + j * 64 * 128;
      const int at = ((g ^ (r % 8)) * 16) + (lane % 4) * 4;
      T lo[2] = {T(float(v[0])), T(float(v[1]))};
      T hi[2] = {T(float(v[2])), T(float(v[3]))};
      *reinterpret_cast<uint32_t*>(box + r * 128 + at) = *reinterpret_cast<const uint32_t*>(lo);
      *reinterpret_cast<uint32_t*>(box + (r + 8) * 128 + at) = *reinterpret_cast<const uint32_t*>(hi);
    }
}
// The tile index made opaque where the epilogue's TMA stores compute their
// coordinates from it: ptxas computes them there, after the staging, not
// before the main loop and held across it beside the accumulators.
TW_DEV int tw_opaque_tile(int bid) {
  asm volatile("" : "+r"(bid));
  return bid;
}
