// A tile reduced to one number (tile.allsum / tile.allmax) across a warp
// group, from each thread's partial result `x`: combined within each warp by
// butterfly shuffles from lane distance FIRST up (4 for a row vector in the
// accumulator layout, whose quads hold the same rows; 1 where every element
// is held once), then across the four warps through `scratch` (4 floats),
// the warp group synchronised before (the scratch may be read still) and
// after. Every thread of the group returns the number.
template <bool MAX, int FIRST = 1>
TW_DEV float twillc_allreduce(float x, float* scratch, int bar) {
#pragma unroll
  for (int d = FIRST; d < 32; d *= 2) {
    const float y = __shfl_xor_sync(0xffffffffu, x, d);
    x = MAX ? fmaxf(x, y) : x + y;
  }
  const int t = threadIdx.x % 128;
  tw_named_bar_sync(bar, 128);
  if (t % 32 == 0) scratch[t / 32] = x;
  tw_named_bar_sync(bar, 128);
  return MAX ? fmaxf(fmaxf(scratch[0], scratch[1]), fmaxf(scratch[2], scratch[3]))
             : (scratch[0] + scratch[1]) + (scratch[2] + scratch[3]);
}
