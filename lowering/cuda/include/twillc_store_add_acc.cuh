// `store T[...] += x` of a [64, N] tile in the wgmma accumulator layout: each
// thread adds the elements twillc_store_acc would store to global memory, by
// relaxed reductions (no value returned), atomic with respect to other CTAs:
// f32 pairs of adjacent columns as one red.global.add.v2.f32 (sm_90; PAIRS:
// the row stride is even, so each pair is 8-byte aligned), else one
// red.global.add.f32 per element; f16 / bf16 / i32 by atomicAdd.
TW_DEV void tw_red_add(float* p, float v) {
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(p), "f"(v) : "memory");
}
TW_DEV void tw_red_add2(float* p, float v0, float v1) {
  asm volatile("red.global.add.v2.f32 [%0], {%1, %2};" ::"l"(p), "f"(v0), "f"(v1) : "memory");
}
template <typename T>
TW_DEV void tw_red_add(T* p, T v) {
  atomicAdd(p, v);
}
template <int N, bool PAIRS, typename T>
TW_DEV void twillc_store_add_acc(const T* acc, T* out, int row0, int col0, int ld) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int r = row0 + warp * 16 + lane / 4;
#pragma unroll
  for (int j = 0; j < N / 64; ++j)
#pragma unroll
    for (int g = 0; g < 8; ++g) {
      const int c = col0 + j * 64 + g * 8 + (lane % 4) * 2;
      const T* v = acc + j * 32 + g * 4;
      T* lo = out + (size_t)r * ld + c;
      T* hi = out + (size_t)(r + 8) * ld + c;
      if constexpr (PAIRS) {
        tw_red_add2(lo, v[0], v[1]);
        tw_red_add2(hi, v[2], v[3]);
      } else {
        tw_red_add(lo, v[0]);
        tw_red_add(lo + 1, v[1]);
        tw_red_add(hi, v[2]);
        tw_red_add(hi + 1, v[3]);
      }
    }
}
