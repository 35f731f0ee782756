// `store T[...] += x` of a [128, N] tile in the tensor-memory row layout
// (thread t: row t), from registers or from tensor memory 32 columns at a
// time (tw_red_add*): f32 runs of four columns as one red.global.add.v4.f32
// where QUADS (the row stride and first column multiples of 4, so each run
// is 16-byte aligned), else element by element. CLIP: nothing added at a row
// >= rows or a column >= cols; a run is checked at its first column, exact
// under QUADS (cols = ld and col0 multiples of 4: no run straddles cols).
template <int N, bool QUADS, int CLIP = 0, typename T>
TW_DEV void twillc_store_add_row(const T* v, T* out, int row0, int col0, int ld, int rows = 0, int cols = 0) {
  const int r = row0 + threadIdx.x % 128;
  if ((CLIP & 1) && r >= rows) return;
  T* dst = out + (size_t)r * ld + col0;
#pragma unroll
  for (int i = 0; i < N; i += 4) {
    if constexpr (QUADS) {
      tw_red_add4_if(!(CLIP & 2) || col0 + i < cols, dst + i, v[i], v[i + 1], v[i + 2], v[i + 3]);
    } else {
#pragma unroll
      for (int k = 0; k < 4; ++k)
        tw_red_add_if(!(CLIP & 2) || col0 + i + k < cols, dst + i + k, v[i + k]);
    }
  }
}
// From tensor memory: every thread of the warp runs each tcgen05.ld (a
// .sync.aligned collective), only the adds are clipped.
template <int N, bool QUADS, int CLIP = 0>
TW_DEV void twillc_store_add_tmem_row(uint32_t taddr, float* out, int row0, int col0, int ld, int rows = 0,
                                      int cols = 0) {
#pragma unroll
  for (int c = 0; c < N; c += 32) {
    float v[32];
    twillc_tmem_load<32>(v, taddr + c);
    twillc_store_add_row<32, QUADS, CLIP>(v, out, row0, col0 + c, ld, rows, cols);
  }
}
