// Column reductions (`colmax`, `colsum`) of a [R, C] f32 register tile of a
// warp group, into a rank-1 [C] in the row-vector layout (column c where row
// c of a row vector is). Each thread combines its elements column by column,
// the lanes holding one column combine by shuffles, the four warps through
// `scratch` (4 * C floats of shared memory, this call's own), between two
// barriers of the warp group's 128 threads (named barrier `bar`): the first
// waits for every reader of the previous call's scratch.
template <bool MAX>
TW_DEV float tw_colreduce_op(float a, float b) { return MAX ? fmaxf(a, b) : a + b; }

// The wgmma accumulator layout (sm_90a): a [64k, C] tile one m64 fragment a
// 64-row slab (a tile of fewer than 64 rows: the fragment's rows past R are
// padding, left out). Thread t holds columns 8 g + 2 (t % 4) + e of each
// 8-column group g: C / 4 columns, index 2 g + e.
template <int R, int C, bool MAX>
TW_DEV void twillc_colreduce(float* out, const float* x, float* scratch, int bar) {
  const int t = threadIdx.x % 128, w = t / 32, lane = t % 32;
  constexpr int N = (R < 64 ? 64 : R) * C / 128, PER = C / 2, NO = C < 64 ? 2 : C / 32;
  const float init = MAX ? -INFINITY : 0.f;
  float part[C / 4];
#pragma unroll
  for (int p = 0; p < C / 4; ++p) part[p] = init;
#pragma unroll
  for (int i = 0; i < N; ++i) {
    const int k = i % PER, row = (i / PER) * 64 + w * 16 + lane / 4 + 8 * ((k >> 1) & 1);
    if (R >= 64 || row < R) part[(k >> 2) * 2 + (k & 1)] = tw_colreduce_op<MAX>(part[(k >> 2) * 2 + (k & 1)], x[i]);
  }
#pragma unroll
  for (int p = 0; p < C / 4; ++p)
#pragma unroll
    for (int off = 4; off < 32; off *= 2)
      part[p] = tw_colreduce_op<MAX>(part[p], __shfl_xor_sync(0xffffffffu, part[p], off));
  tw_named_bar_sync(bar, 128);
  if (lane < 4) {
#pragma unroll
    for (int p = 0; p < C / 4; ++p) scratch[w * C + (p >> 1) * 8 + 2 * lane + (p & 1)] = part[p];
  }
  tw_named_bar_sync(bar, 128);
#pragma unroll
  for (int e = 0; e < NO; ++e) {
    const int c = (e >> 1) * 64 + w * 16 + lane / 4 + 8 * (e & 1);
    float v = init;
    if (c < C) {
#pragma unroll
      for (int q = 0; q < 4; ++q) v = tw_colreduce_op<MAX>(v, scratch[q * C + c]);
    }
    out[e] = v;
  }
}

// The row layout (sm_100a): thread t holds row t (t < R), element i its
// column i; the result's element is thread t's: column t (t < C).
template <int R, int C, bool MAX>
TW_DEV void twillc_colreduce_t(float* out, const float* x, float* scratch, int bar) {
  const int t = threadIdx.x % 128, w = t / 32, lane = t % 32;
  const float init = MAX ? -INFINITY : 0.f;
  tw_named_bar_sync(bar, 128);
#pragma unroll
  for (int c = 0; c < C; ++c) {
    float v = t < R ? x[c] : init;
#pragma unroll
    for (int off = 16; off > 0; off /= 2) v = tw_colreduce_op<MAX>(v, __shfl_xor_sync(0xffffffffu, v, off));
    if (lane == 0) scratch[w * C + c] = v;
  }
  tw_named_bar_sync(bar, 128);
  float v = init;
  if (t < C) {
#pragma unroll
    for (int q = 0; q < 4; ++q) v = tw_colreduce_op<MAX>(v, scratch[q * C + t]);
  }
  out[0] = v;
}

// A rank-1 [C] register vector in the row-vector layout as a per-column
// [1, C] tile (`v[None, :]`): every thread gets the values of its elements'
// columns. Through `scratch` (C floats of shared memory, this call's own),
// between two barriers of the warp group. The wgmma accumulator layout
// (sm_90a): the [1, C] tile's C / 2 elements, element k at column
// twillc_acc_col<C>(k), both of its fragment rows (of any element type T).
template <int C, typename T>
TW_DEV void twillc_vec_cols(T* out, const T* v, T* scratch, int bar) {
  const int t = threadIdx.x % 128, w = t / 32, lane = t % 32;
  constexpr int NI = C < 64 ? 2 : C / 32;
  tw_named_bar_sync(bar, 128);
  if (lane % 4 == 0) {
#pragma unroll
    for (int e = 0; e < NI; ++e) {
      const int c = (e >> 1) * 64 + w * 16 + lane / 4 + 8 * (e & 1);
      if (c < C) scratch[c] = v[e];
    }
  }
  tw_named_bar_sync(bar, 128);
#pragma unroll
  for (int k = 0; k < C / 2; ++k) out[k] = scratch[(k / 4) * 8 + (lane % 4) * 2 + (k & 1)];
}
// The row layout (sm_100a): thread t holds element t (t < C); the [1, C]
// tile's C elements, element k column k, in every thread.
template <int C>
TW_DEV void twillc_vec_cols_t(float* out, const float* v, float* scratch, int bar) {
  const int t = threadIdx.x % 128;
  tw_named_bar_sync(bar, 128);
  if (t < C) scratch[t] = v[0];
  tw_named_bar_sync(bar, 128);
#pragma unroll
  for (int k = 0; k < C; ++k) out[k] = scratch[k];
}
