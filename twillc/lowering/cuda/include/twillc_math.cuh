// Element-wise math of the tile language's sqrt, tanh and sigmoid on f32
// register elements: the special function unit's approximate forms (MUFU),
// as FA3 / FA4 and Triton's fast paths use them. erf, log1p and abs use the
// CUDA math library (erff, log1pf: branch-free polynomials on the FP32 ALU;
// fabsf), which the call sites write directly.
TW_DEV float tw_sqrt(float x) {
  float y;
  asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
TW_DEV float tw_tanh(float x) {
  float y;
  asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
TW_DEV float tw_sigmoid(float x) { return __frcp_rn(1.f + __expf(-x)); }
