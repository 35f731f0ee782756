// ---------------------------------------------------------------------------
// tcgen05.mma of other element types (sm_100a): kind::f16 takes f16 or bf16
// (A / B format 0 / 1 at bits 7 and 10 of the instruction descriptor),
// kind::f8f6f4 FP8 (format 0 = E4M3, 1 = E5M2), kind::i8 8-bit integers into
// s32; one MMA is 32 bytes of K.
// ---------------------------------------------------------------------------
// kind::i8: s8 (format 1) or u8 (0) A and B, an s32 D (format 2 at bit 4).
// D16 = 1: kind::f16 of f16 A and B into an f16 D (format 0 at bit 4), each
// element in the low 16 bits of its 32-bit tensor-memory column (unpacked).
template <int DT, int M, int N, int B_MN, int D16 = 0>
__host__ __device__ constexpr uint32_t tw_umma_idesc_t() {
  static_assert(!D16 || DT == TW_F16, "an f16 D takes f16 A and B");
  constexpr uint32_t fmt = (DT == TW_BF16 || DT == TW_E5M2 || DT == TW_S8) ? 1u : 0u;
  constexpr uint32_t dfmt = D16 ? 0u : (DT == TW_S8 || DT == TW_U8) ? 2u : 1u;
  return (dfmt << 4) | (fmt << 7) | (fmt << 10) | (uint32_t(B_MN) << 16) | (uint32_t(N >> 3) << 17) |
         (uint32_t(M >> 4) << 24);
}
TW_DEV void tw_umma_i8_ss(uint32_t d_tmem, uint64_t a_desc, uint64_t b_desc, uint32_t idesc, int accumulate) {
#if TW_SM100A
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
      "tcgen05.mma.cta_group::1.kind::i8 [%0], %1, %2, %3, p;\n\t}"
      :: "r"(d_tmem), "l"(a_desc), "l"(b_desc), "r"(idesc), "r"(accumulate) : "memory");
#endif
}
TW_DEV void tw_umma_f8f6f4_ss(uint32_t d_tmem, uint64_t a_desc, uint64_t b_desc, uint32_t idesc, int accumulate) {
#if TW_SM100A
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
      "tcgen05.mma.cta_group::1.kind::f8f6f4 [%0], %1, %2, %3, p;\n\t}"
      :: "r"(d_tmem), "l"(a_desc), "l"(b_desc), "r"(idesc), "r"(accumulate) : "memory");
#endif
}
// The CTA pair's form (tcgen05.mma.cta_group::2, issued by the leader): A's
// M / 2 rows and B's N / 2 columns in each CTA's shared memory at the same
// offsets (the descriptors the leader's), D's M / 2 rows in each CTA's
// tensor memory at the same address.
template <int DT>
TW_DEV void tw_umma_pair_ss(uint32_t d_tmem, uint64_t a_desc, uint64_t b_desc, uint32_t idesc, int accumulate) {
#if TW_SM100A
  if constexpr (DT <= TW_BF16)
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
        "tcgen05.mma.cta_group::2.kind::f16 [%0], %1, %2, %3, p;\n\t}"
        :: "r"(d_tmem), "l"(a_desc), "l"(b_desc), "r"(idesc), "r"(accumulate) : "memory");
  else if constexpr (DT == TW_S8 || DT == TW_U8)
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
        "tcgen05.mma.cta_group::2.kind::i8 [%0], %1, %2, %3, p;\n\t}"
        :: "r"(d_tmem), "l"(a_desc), "l"(b_desc), "r"(idesc), "r"(accumulate) : "memory");
  else
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
        "tcgen05.mma.cta_group::2.kind::f8f6f4 [%0], %1, %2, %3, p;\n\t}"
        :: "r"(d_tmem), "l"(a_desc), "l"(b_desc), "r"(idesc), "r"(accumulate) : "memory");
#endif
}
// twillc_umma_ss for element type DT: K / (32 / sizeof) MMAs; FP8 operands
// K-major (B_MN = 0). CG = 2: the CTA pair's MMA (M = 256, A_BOX and B_BOX
// a CTA's boxes).
template <int DT, int M, int N, int K, int A_BOX, int B_BOX, int B_MN, int D16 = 0, int CG = 1>
TW_DEV void twillc_umma_ss_t(uint32_t d_tmem, const uint8_t* a, const uint8_t* b, int accumulate) {
  static_assert(DT <= TW_BF16 || B_MN == 0, "8-bit tcgen05.mma operands are K-major here");
  constexpr uint32_t idesc = tw_umma_idesc_t<DT, M, N, B_MN, D16>();
  constexpr int STEPS = DT <= TW_BF16 ? K / 16 : K / 32;
#pragma unroll
  for (int kk = 0; kk < STEPS; ++kk) {
    const uint64_t da = tw_umma_smem_desc(a + (kk / 4) * A_BOX + (kk % 4) * 32, 16, 1024);
    const uint64_t db = B_MN ? tw_umma_smem_desc(b + kk * 16 * 128, B_BOX, 1024)
                             : tw_umma_smem_desc(b + (kk / 4) * B_BOX + (kk % 4) * 32, 16, 1024);
    if constexpr (CG == 2)
      tw_umma_pair_ss<DT>(d_tmem, da, db, idesc, accumulate || kk > 0);
    else if constexpr (DT <= TW_BF16)
      tw_umma_f16_ss(d_tmem, da, db, idesc, accumulate || kk > 0);
    else if constexpr (DT == TW_S8 || DT == TW_U8)
      tw_umma_i8_ss(d_tmem, da, db, idesc, accumulate || kk > 0);
    else
      tw_umma_f8f6f4_ss(d_tmem, da, db, idesc, accumulate || kk > 0);
  }
}
