// A [R, C] tile of T whose rows TMA cannot move (narrower than 16 bytes: a
// per-row scale [BM, 1]), copied by the calling (producer) thread element by
// element from the row-major tensor `src` (ld elements a row) at (row0,
// col0) into dense rows of `dst`, elements at a row >= rows or a column >=
// cols zero; the caller's mbarrier arrive then publishes the writes.
template <int R, int C, typename T>
TW_DEV void twillc_copy_rows(uint8_t* dst, const T* src, int row0, int col0, int ld, int rows, int cols) {
  T* d = reinterpret_cast<T*>(dst);
#pragma unroll 8
  for (int e = 0; e < R * C; ++e) {
    const int r = row0 + e / C, c = col0 + e % C;
    d[e] = r < rows && c < cols ? src[(size_t)r * ld + c] : T(0.f);
  }
}
