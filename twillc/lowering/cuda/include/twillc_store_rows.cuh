// A [64] row vector in the accumulator layout (the thread's rows r and r + 8)
// to out[row0 ..]: one lane of each quad writes; CLIP: no row >= rows.
template <bool CLIP = false, typename S, typename T>
TW_DEV void twillc_store_rows(const S* v, T* out, int row0, int rows = 0) {
  const int t = threadIdx.x % 128;
  if (t % 4 == 0) {
    const int r = row0 + (t / 32) * 16 + (t % 32) / 4;
    if (!CLIP || r < rows) out[r] = T(float(v[0]));
    if (!CLIP || r + 8 < rows) out[r + 8] = T(float(v[1]));
  }
}
// A [128] row vector in the row layout (thread t holds row t) to out[row0 ..].
template <bool CLIP = false, typename S, typename T>
TW_DEV void twillc_store_rows_t(const S* v, T* out, int row0, int rows = 0) {
  const int r = row0 + threadIdx.x % 128;
  if (!CLIP || r < rows) out[r] = T(float(v[0]));
}
// A rank-1 tile of N elements spread over the warp group (thread t holds
// elements t + 128 k, `Target.spread_vector`) to out[row0 ..]: coalesced,
// each warp's 32 consecutive elements at once; CLIP: no element >= rows.
template <int N, bool CLIP = false, typename S, typename T>
TW_DEV void twillc_store_spread(const S* v, T* out, int row0, int rows = 0) {
  const int t = threadIdx.x % 128;
#pragma unroll
  for (int k = 0; k < N / 128; ++k) {
    const int r = row0 + k * 128 + t;
    if (!CLIP || r < rows) out[r] = T(float(v[k]));
  }
}
