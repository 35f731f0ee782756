// A [64, N] accumulator fragment (N a multiple of 8) to a row-major [rows, ld]
// matrix: 8-column groups of 4 values ((r, c..c+1), (r + 8, c..c+1)).
template <int N, typename S, typename T>
TW_DEV void twillc_store_acc8(const S* acc, T* out, int row0, int col0, int ld) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int r = row0 + warp * 16 + lane / 4;
#pragma unroll
  for (int g = 0; g < N / 8; ++g) {
    const int c = col0 + g * 8 + (lane % 4) * 2;
    const S* v = acc + g * 4;
    out[(size_t)r * ld + c] = T(float(v[0]));
    out[(size_t)r * ld + c + 1] = T(float(v[1]));
    out[(size_t)(r + 8) * ld + c] = T(float(v[2]));
    out[(size_t)(r + 8) * ld + c + 1] = T(float(v[3]));
  }
}
