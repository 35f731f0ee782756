// Row `half` (0: r, 1: r + 8) of a row vector [64] of T (f16, bf16) in shared
// memory, as float.
template <typename T>
TW_DEV float twillc_row_of(const uint8_t* rows, int half) {
  const int t = threadIdx.x % 128;
  return float(reinterpret_cast<const T*>(rows)[(t / 32) * 16 + (t % 32) / 4 + 8 * half]);
}
// The same of an integer row vector (a packed int4 zero point per column
// group, i32), as its own type: shifts and masks read its bits.
template <typename T>
TW_DEV T twillc_row_int(const uint8_t* rows, int half) {
  const int t = threadIdx.x % 128;
  return reinterpret_cast<const T*>(rows)[(t / 32) * 16 + (t % 32) / 4 + 8 * half];
}
