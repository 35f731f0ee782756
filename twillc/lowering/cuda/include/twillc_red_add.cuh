// Relaxed reductions to global memory (no value returned), atomic with
// respect to other CTAs: red.global.add.f32, and the vector forms of sm_90
// (.v2 / .v4 .f32: 8- / 16-byte aligned); other types by atomicAdd. No
// memory clobber: like atomicAdd, a red orders nothing else of the thread's.
TW_DEV void tw_red_add(float* p, float v) {
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(p), "f"(v));
}
TW_DEV void tw_red_add2(float* p, float v0, float v1) {
  asm volatile("red.global.add.v2.f32 [%0], {%1, %2};" ::"l"(p), "f"(v0), "f"(v1));
}
TW_DEV void tw_red_add4(float* p, float v0, float v1, float v2, float v3) {
  asm volatile("red.global.add.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(p), "f"(v0), "f"(v1), "f"(v2), "f"(v3));
}
template <typename T>
TW_DEV void tw_red_add(T* p, T v) {
  atomicAdd(p, v);
}
// The same under a predicate (`@q red`, no branch: a clipped store's bounds
// test as a branch around each red spilled 272 B in attn_bwd_atomic_h100).
TW_DEV void tw_red_add_if(bool in, float* p, float v) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\t@q red.global.add.f32 [%0], %1;\n\t}" ::"l"(p), "f"(v),
               "r"((int)in));
}
TW_DEV void tw_red_add2_if(bool in, float* p, float v0, float v1) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %3, 0;\n\t@q red.global.add.v2.f32 [%0], {%1, %2};\n\t}" ::"l"(p),
               "f"(v0), "f"(v1), "r"((int)in));
}
TW_DEV void tw_red_add4_if(bool in, float* p, float v0, float v1, float v2, float v3) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %5, 0;\n\t@q red.global.add.v4.f32 [%0], {%1, %2, %3, %4};\n\t}"
               ::"l"(p), "f"(v0), "f"(v1), "f"(v2), "f"(v3), "r"((int)in));
}
template <typename T>
TW_DEV void tw_red_add_if(bool in, T* p, T v) {
  if (in) atomicAdd(p, v);
}
