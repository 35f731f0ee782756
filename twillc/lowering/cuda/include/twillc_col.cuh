// Element `col` of a rank-1 tile of T in shared memory (a loaded vector's
// dense elements), as float: a per-column value (`v[None, :]`) read at each
// element's column.
template <typename T>
TW_DEV float twillc_col_at(const uint8_t* v, int col) {
  return float(reinterpret_cast<const T*>(v)[col]);
}
