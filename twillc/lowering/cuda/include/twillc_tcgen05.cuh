// ---------------------------------------------------------------------------
// Tensor memory and tcgen05 (sm_100a). A 128-row tile lives in 128 TMEM lanes,
// row r in lane r, f32 column j in column j; warp w of a warp group reaches
// lanes 32 (w % 4) .. +31, so thread t of the group holds row t.
// ---------------------------------------------------------------------------
TW_DEV void tw_tmem_alloc(uint32_t* dst, uint32_t cols) {  // a whole warp
#if TW_SM100A
  asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], %1;\n"
               :: "r"(tw_smem_u32(dst)), "r"(cols) : "memory");
  asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n" ::: "memory");
#endif
}
TW_DEV void tw_tmem_dealloc(uint32_t taddr, uint32_t cols) {  // the allocating warp
#if TW_SM100A
  asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, %1;\n" :: "r"(taddr), "r"(cols) : "memory");
#endif
}
TW_DEV void tw_tcgen05_fence_before() {
#if TW_SM100A
  asm volatile("tcgen05.fence::before_thread_sync;\n" ::: "memory");
#endif
}
TW_DEV void tw_tcgen05_fence_after() {
#if TW_SM100A
  asm volatile("tcgen05.fence::after_thread_sync;\n" ::: "memory");
#endif
}
// The MMAs issued so far by this thread arrive on `bar` once complete.
TW_DEV void tw_umma_commit(uint64_t* bar) {
#if TW_SM100A
  asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];\n"
               :: "r"(tw_smem_u32(bar)) : "memory");
#endif
}
// sm_100 shared-memory descriptor: sm_90's fields, version 1 (bits 46-47),
// layout type in bits 61-63 (2 = 128B swizzle).
TW_DEV uint64_t tw_umma_smem_desc(const void* smem, uint32_t lbo_bytes, uint32_t sbo_bytes) {
  uint64_t d = (uint64_t)((tw_smem_u32(smem) & 0x3FFFFu) >> 4);
  d |= (uint64_t)((lbo_bytes & 0x3FFFFu) >> 4) << 16;
  d |= (uint64_t)((sbo_bytes & 0x3FFFFu) >> 4) << 32;
  d |= 1ull << 46;
  d |= 2ull << 61;
  return d;
}
// Instruction descriptor, kind::f16: f16 A and B, f32 D, A K-major, B K-major
// (B_MN = 0) or MN-major (1), N >> 3 at bit 17, M >> 4 at bit 24.
template <int M, int N, int B_MN>
__host__ __device__ constexpr uint32_t tw_umma_idesc() {
  return (1u << 4) | (uint32_t(B_MN) << 16) | (uint32_t(N >> 3) << 17) | (uint32_t(M >> 4) << 24);
}
TW_DEV void tw_umma_f16_ss(uint32_t d_tmem, uint64_t a_desc, uint64_t b_desc, uint32_t idesc, int accumulate) {
#if TW_SM100A
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
      "tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;\n\t}"
      :: "r"(d_tmem), "l"(a_desc), "l"(b_desc), "r"(idesc), "r"(accumulate) : "memory");
#endif
}
// D[M, N] (+)= A[M, K] B, both in shared memory as 128B-swizzled boxes of 64
// columns (A_BOX, B_BOX bytes each); B is [N, K] K-major (B_MN = 0, an A B^T)
// or [K, N] MN-major (B_MN = 1). Issued by one thread.
template <int M, int N, int K, int A_BOX, int B_BOX, int B_MN>
TW_DEV void twillc_umma_ss(uint32_t d_tmem, const uint8_t* a, const uint8_t* b, int accumulate) {
  constexpr uint32_t idesc = tw_umma_idesc<M, N, B_MN>();
#pragma unroll
  for (int kk = 0; kk < K / 16; ++kk) {
    const uint64_t da = tw_umma_smem_desc(a + (kk / 4) * A_BOX + (kk % 4) * 32, 16, 1024);
    const uint64_t db = B_MN ? tw_umma_smem_desc(b + kk * 16 * 128, B_BOX, 1024)
                             : tw_umma_smem_desc(b + (kk / 4) * B_BOX + (kk % 4) * 32, 16, 1024);
    tw_umma_f16_ss(d_tmem, da, db, idesc, accumulate || kk > 0);
  }
}
// A 32-bit tensor-memory word as an accumulator element (f32, or s32 of an
// integer MMA), and back.
TW_DEV void tw_from_bits(float& d, uint32_t r) { d = __uint_as_float(r); }
TW_DEV void tw_from_bits(int& d, uint32_t r) { d = int(r); }
// an f16 D element: the low 16 bits of its column (the PTX ISA's unpacked D)
TW_DEV void tw_from_bits(__half& d, uint32_t r) { d = __ushort_as_half((unsigned short)(r & 0xFFFFu)); }
TW_DEV uint32_t tw_to_bits(float v) { return __float_as_uint(v); }
TW_DEV uint32_t tw_to_bits(int v) { return uint32_t(v); }
TW_DEV uint32_t tw_to_bits(__half v) { return uint32_t(__half_as_ushort(v)); }
// The calling thread's row of an [128, N] f32 (or i32) tile in tensor
// memory, 32 columns per tcgen05.ld, to registers (and back by tcgen05.st).
template <int N, typename T>
TW_DEV void twillc_tmem_load(T* dst, uint32_t taddr) {
#if TW_SM100A
  const uint32_t row = taddr + ((uint32_t)(32 * tw_warp_in_warpgroup()) << 16);
#pragma unroll
  for (int c = 0; c < N; c += 32) {
    uint32_t r[32];
    asm volatile(
        "tcgen05.ld.sync.aligned.32x32b.x32.b32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, "
        "%14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, [%32];\n"
        : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7]),
          "=r"(r[8]), "=r"(r[9]), "=r"(r[10]), "=r"(r[11]), "=r"(r[12]), "=r"(r[13]), "=r"(r[14]), "=r"(r[15]),
          "=r"(r[16]), "=r"(r[17]), "=r"(r[18]), "=r"(r[19]), "=r"(r[20]), "=r"(r[21]), "=r"(r[22]), "=r"(r[23]),
          "=r"(r[24]), "=r"(r[25]), "=r"(r[26]), "=r"(r[27]), "=r"(r[28]), "=r"(r[29]), "=r"(r[30]), "=r"(r[31])
        : "r"(row + c));
    asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int i = 0; i < 32; ++i) tw_from_bits(dst[c + i], r[i]);
  }
#endif
}
// 16 columns (tcgen05.ld / st 32x32b.x16): a role with few registers.
template <typename T>
TW_DEV void twillc_tmem_load_x16(T* dst, uint32_t taddr) {
#if TW_SM100A
  const uint32_t row = taddr + ((uint32_t)(32 * tw_warp_in_warpgroup()) << 16);
  uint32_t r[16];
  asm volatile(
      "tcgen05.ld.sync.aligned.32x32b.x16.b32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, "
      "%14, %15}, [%16];\n"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7]),
        "=r"(r[8]), "=r"(r[9]), "=r"(r[10]), "=r"(r[11]), "=r"(r[12]), "=r"(r[13]), "=r"(r[14]), "=r"(r[15])
      : "r"(row));
  asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
#pragma unroll
  for (int i = 0; i < 16; ++i) tw_from_bits(dst[i], r[i]);
#endif
}
// 8 columns (tcgen05.ld 32x32b.x8): a role at setmaxnreg's least staging a tile.
template <typename T>
TW_DEV void twillc_tmem_load_x8(T* dst, uint32_t taddr) {
#if TW_SM100A
  const uint32_t row = taddr + ((uint32_t)(32 * tw_warp_in_warpgroup()) << 16);
  uint32_t r[8];
  asm volatile("tcgen05.ld.sync.aligned.32x32b.x8.b32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
               : "r"(row));
  asm volatile("tcgen05.wait::ld.sync.aligned;\n" ::: "memory");
#pragma unroll
  for (int i = 0; i < 8; ++i) tw_from_bits(dst[i], r[i]);
#endif
}
template <typename T>
TW_DEV void twillc_tmem_store_x16(uint32_t taddr, const T* src) {
#if TW_SM100A
  const uint32_t row = taddr + ((uint32_t)(32 * tw_warp_in_warpgroup()) << 16);
  uint32_t r[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) r[i] = tw_to_bits(src[i]);
  asm volatile(
      "tcgen05.st.sync.aligned.32x32b.x16.b32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, "
      "%14, %15, %16};\n"
      :: "r"(row), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]), "r"(r[6]), "r"(r[7]),
         "r"(r[8]), "r"(r[9]), "r"(r[10]), "r"(r[11]), "r"(r[12]), "r"(r[13]), "r"(r[14]), "r"(r[15])
      : "memory");
  asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
#endif
}
template <int N, typename T>
TW_DEV void twillc_tmem_store(uint32_t taddr, const T* src) {
#if TW_SM100A
  const uint32_t row = taddr + ((uint32_t)(32 * tw_warp_in_warpgroup()) << 16);
#pragma unroll
  for (int c = 0; c < N; c += 32) {
    uint32_t r[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) r[i] = tw_to_bits(src[c + i]);
    asm volatile(
        "tcgen05.st.sync.aligned.32x32b.x32.b32 [%0], {%1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, "
        "%14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32};\n"
        :: "r"(row + c), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]), "r"(r[6]), "r"(r[7]),
           "r"(r[8]), "r"(r[9]), "r"(r[10]), "r"(r[11]), "r"(r[12]), "r"(r[13]), "r"(r[14]), "r"(r[15]),
           "r"(r[16]), "r"(r[17]), "r"(r[18]), "r"(r[19]), "r"(r[20]), "r"(r[21]), "r"(r[22]), "r"(r[23]),
           "r"(r[24]), "r"(r[25]), "r"(r[26]), "r"(r[27]), "r"(r[28]), "r"(r[29]), "r"(r[30]), "r"(r[31])
        : "memory");
  }
  asm volatile("tcgen05.wait::st.sync.aligned;\n" ::: "memory");
#endif
}

// The thread's row of an [128, N] f32 tile in tensor memory to a row-major
// [rows, ld] matrix, converted, 32 columns at a time. CLIP: nothing at a row
// >= rows or a column >= cols; every thread still runs each tcgen05.ld (a
// .sync.aligned collective of the warp).
// S: the accumulator's element type (f32; f16 of an MMA accumulating in f16).
template <int N, int CLIP = 0, typename S = float, typename U>
TW_DEV void twillc_store_tmem_row(uint32_t taddr, U* out, int row0, int col0, int ld, int rows = 0, int cols = 0) {
  const int r = row0 + threadIdx.x % 128;
  const bool in = !(CLIP & 1) || r < rows;
  U* dst = out + (size_t)r * ld + col0;
#pragma unroll
  for (int c = 0; c < N; c += 32) {
    S v[32];
    twillc_tmem_load<32>(v, taddr + c);
#pragma unroll
    for (int i = 0; i < 32; ++i)
      if (in && (!(CLIP & 2) || col0 + c + i < cols)) dst[c + i] = U(v[i]);
  }
}
// Tile math in that layout: a [128, N] tile is N values of the thread's row,
// a row vector [128] one value; row reductions stay in the thread.
template <int N, typename T>
TW_DEV void twillc_rowmax_t(float* out, const T* a) {
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < N; ++i) m = fmaxf(m, float(a[i]));
  out[0] = m;
}
template <int N, typename T>
TW_DEV void twillc_rowsum_t(float* out, const T* a) {
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < N; ++i) s += float(a[i]);
  out[0] = s;
}
// The thread's row of a row vector [128] of T (f32, f16, bf16) loaded to
// shared memory, as float.
template <typename T>
TW_DEV float twillc_row_t(const uint8_t* rows) {
  return float(reinterpret_cast<const T*>(rows)[threadIdx.x % 128]);
}
// The thread's row of a [128, N] tile to a row-major [rows, ld] matrix; CLIP:
// nothing at a row >= rows or a column >= cols.
template <int N, int CLIP = 0, typename T, typename U>
TW_DEV void twillc_store_row(const T* v, U* out, int row0, int col0, int ld, int rows = 0, int cols = 0) {
  const int r = row0 + threadIdx.x % 128;
  if ((CLIP & 1) && r >= rows) return;
  U* dst = out + (size_t)r * ld + col0;
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (!(CLIP & 2) || col0 + i < cols) dst[i] = U(float(v[i]));
}
// D[M, N] (+)= A[M, K] B with A in tensor memory (the TS form, FA4's P V):
//   tcgen05.mma.cta_group::1.kind::f16 [d_tmem], [a_tmem], b_desc, idesc, p;
// as CUTLASS's SM100_MMA_F16BF16_TS issues it (A K-major: A from tensor memory
// cannot be transposed). A's layout there, PTX ISA "tcgen05 Matrix fragments"
// for a 16-bit A with M = 128: row r in lane r, elements 2j and 2j + 1 of the
// row packed in column j (2j in the low half), so each MMA of K = 16 reads 8
// columns. B in shared memory as twillc_umma_ss reads it; BF16: bf16 A and B.
TW_DEV void tw_umma_f16_ts(uint32_t d_tmem, uint32_t a_tmem, uint64_t b_desc, uint32_t idesc, int accumulate) {
#if TW_SM100A
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
      "tcgen05.mma.cta_group::1.kind::f16 [%0], [%1], %2, %3, p;\n\t}"
      :: "r"(d_tmem), "r"(a_tmem), "l"(b_desc), "r"(idesc), "r"(accumulate) : "memory");
#endif
}
template <int M, int N, int K, int B_BOX, int B_MN, int BF16 = 0>
TW_DEV void twillc_umma_ts(uint32_t d_tmem, uint32_t a_tmem, const uint8_t* b, int accumulate) {
  constexpr uint32_t idesc = tw_umma_idesc<M, N, B_MN>() | (BF16 ? (1u << 7) | (1u << 10) : 0u);
#pragma unroll
  for (int kk = 0; kk < K / 16; ++kk) {
    const uint64_t db = B_MN ? tw_umma_smem_desc(b + kk * 16 * 128, B_BOX, 1024)
                             : tw_umma_smem_desc(b + (kk / 4) * B_BOX + (kk % 4) * 32, 16, 1024);
    tw_umma_f16_ts(d_tmem, a_tmem + kk * 8, db, idesc, accumulate || kk > 0);
  }
}
// The calling thread's row of a [128, K] tile to tensor memory as 16-bit
// elements of type T (f16 or bf16; converted from src's type: FA4's P, cast
// as it is stored) in that A layout: K / 2 columns, 32 per tcgen05.st (64
// elements at a time in registers; K a multiple of 64).
template <typename T>
TW_DEV uint32_t tw_bits16(T x) {
  static_assert(sizeof(T) == 2, "a 16-bit element");
  unsigned short u;
  memcpy(&u, &x, 2);
  return u;
}
template <int K, typename T, typename S>
TW_DEV void twillc_tmem_store_h(uint32_t taddr, const S* src) {
  static_assert(K % 64 == 0, "a 16-bit tile in tensor memory: 32 columns (64 elements) per tcgen05.st");
#pragma unroll
  for (int c = 0; c < K; c += 64) {
    float w[32];
#pragma unroll
    for (int j = 0; j < 32; ++j)
      w[j] = __uint_as_float(tw_bits16(T(src[c + 2 * j])) | (tw_bits16(T(src[c + 2 * j + 1])) << 16));
    twillc_tmem_store<32>(taddr + c / 2, w);
  }
}
// The persistent kernels' epilogue on sm_100a: CW values of the thread's row
// r (columns c .. c + CW - 1, CW a multiple of 8) of an [128, N] tile,
// converted to the 16-bit T and written into shared memory as 2 x (N / 64)
// boxes of 64 rows x 128 B, 128B-swizzled (16-byte chunk k of a row at
// k ^ (r % 8)), box (r / 64, c / 64) at ((r / 64) * (N / 64) + c / 64) * 8192:
// the layout a TMA store through a SWIZZLE_128B map of 64 x 64 boxes reads.
// A warp's 8 consecutive rows land in 8 different chunks: no bank conflict.
template <int N, int CW, typename T>
TW_DEV void twillc_row_to_smem(const float* v, int c, uint8_t* smem) {
  static_assert(sizeof(T) == 2 && N % 64 == 0 && CW % 8 == 0, "the TMA-store epilogue stages 16-bit elements, 64 columns a box");
  const int r = threadIdx.x % 128;
  uint8_t* box = smem + (r / 64) * (N / 64) * 8192 + (r % 64) * 128 + (c / 64) * 8192;
#pragma unroll
  for (int q = 0; q < CW / 8; ++q) {  // 16 bytes: 8 elements
    uint32_t w[4];
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      T two[2] = {T(v[q * 8 + 2 * e]), T(v[q * 8 + 2 * e + 1])};
      w[e] = *reinterpret_cast<const uint32_t*>(two);
    }
    const int chunk = (c % 64) / 8 + q;
    asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};\n"
                 :: "r"(tw_smem_u32(box + ((chunk ^ (r % 8)) * 16))), "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3])
                 : "memory");
  }
}
// The persistent GEMM's epilogue: the thread's row of an [128, N] f32
// accumulator in tensor memory (tcgen05.ld, 32 columns at a time) staged so
// (`twillc_row_to_smem`).
// `zero` (uniform: a tile of no MMA, K below one step): zeros, tensor memory not read.
template <int N, typename T>
TW_DEV void twillc_tmem_to_smem(uint32_t taddr, uint8_t* smem, bool zero) {
#pragma unroll 1
  for (int c = 0; c < N; c += 32) {
    float v[32];
    if (zero) {
#pragma unroll
      for (int i = 0; i < 32; ++i) v[i] = 0.f;
    } else {
      twillc_tmem_load<32>(v, taddr + c);
    }
    twillc_row_to_smem<N, 32, T>(v, c, smem);
  }
}
