// A [64, N] accumulator fragment (N a multiple of 8) to a row-major [rows, ld]
// matrix: 8-column groups of 4 values ((r, c..c+1), (r + 8, c..c+1)). CLIP:
// as twillc_store_acc, nothing at a row >= rows or a column >= cols.
template <int N, int CLIP = 0, typename S, typename T>
TW_DEV void twillc_store_acc8(const S* acc, T* out, int row0, int col0, int ld, int rows = 0, int cols = 0) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int r = row0 + warp * 16 + lane / 4;
  const bool r0 = !(CLIP & 1) || r < rows, r1 = !(CLIP & 1) || r + 8 < rows;
#pragma unroll
  for (int g = 0; g < N / 8; ++g) {
    const int c = col0 + g * 8 + (lane % 4) * 2;
    const bool c0 = !(CLIP & 2) || c < cols, c1 = !(CLIP & 2) || c + 1 < cols;
    const S* v = acc + g * 4;
    if (r0 && c0) out[(size_t)r * ld + c] = T(float(v[0]));
    if (r0 && c1) out[(size_t)r * ld + c + 1] = T(float(v[1]));
    if (r1 && c0) out[(size_t)(r + 8) * ld + c] = T(float(v[2]));
    if (r1 && c1) out[(size_t)(r + 8) * ld + c + 1] = T(float(v[3]));
  }
}
