// `store T[...] += x` of a [64, N] tile in the wgmma accumulator layout: each
// thread adds the elements twillc_store_acc would store (tw_red_add*): f32
// pairs of adjacent columns as one red.global.add.v2.f32 where PAIRS (the row
// stride is even, so each pair is 8-byte aligned), else element by element.
// CLIP: nothing added at a row >= rows or a column >= cols; a pair is checked
// at its first column only, which PAIRS makes exact (cols = ld even, c even:
// no pair straddles cols); element by element, each column is checked.
template <int N, bool PAIRS, int CLIP = 0, typename T>
TW_DEV void twillc_store_add_acc(const T* acc, T* out, int row0, int col0, int ld, int rows = 0, int cols = 0) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int r = row0 + warp * 16 + lane / 4;
  const bool r0 = !(CLIP & 1) || r < rows, r1 = !(CLIP & 1) || r + 8 < rows;
#pragma unroll
  for (int j = 0; j < N / 64; ++j)
#pragma unroll
    for (int g = 0; g < 8; ++g) {
      const int c = col0 + j * 64 + g * 8 + (lane % 4) * 2;
      const bool c0 = !(CLIP & 2) || c < cols, c1 = !(CLIP & 2) || c + 1 < cols;
      const T* v = acc + j * 32 + g * 4;
      T* lo = out + (size_t)r * ld + c;
      T* hi = out + (size_t)(r + 8) * ld + c;
      if constexpr (PAIRS) {
        tw_red_add2_if(r0 && c0, lo, v[0], v[1]);
        tw_red_add2_if(r1 && c0, hi, v[2], v[3]);
      } else {
        tw_red_add_if(r0 && c0, lo, v[0]);
        tw_red_add_if(r0 && c1, lo + 1, v[1]);
        tw_red_add_if(r1 && c0, hi, v[2]);
        tw_red_add_if(r1 && c1, hi + 1, v[3]);
      }
    }
}
