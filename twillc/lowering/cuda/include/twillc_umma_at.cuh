// D[M, N] (+)= A^T B by one thread's tcgen05.mma from shared memory, A^T
// MN-major (the backward's dV += P^T dO, dK += dS^T Q): A is the [K, M] tile
// a role wrote row by row into its channel's slot (`twillc_store_operand_mn`),
// in 128B-swizzled boxes of 64 columns of A_BOX = K * 128 bytes, as TMA
// would have loaded it; the instruction descriptor's "Transpose A Matrix"
// bit (15, PTX ISA 9.7.16.4.2) makes it the MN-major A. Each MMA of K = 16
// reads 16 rows of every box: LBO the box (the next 64 of M), SBO 8 rows
// (1024 bytes), as twillc_umma_ss reads an MN-major B. A from tensor memory
// would be K-major only: this form goes through shared memory. BF16: bf16
// A and B.
template <int M, int N, int K, int A_BOX, int B_BOX, int B_MN, int BF16 = 0>
TW_DEV void twillc_umma_ss_at(uint32_t d_tmem, const uint8_t* a, const uint8_t* b, int accumulate) {
  constexpr uint32_t idesc = tw_umma_idesc<M, N, B_MN>() | (1u << 15) | (BF16 ? (1u << 7) | (1u << 10) : 0u);
#pragma unroll
  for (int kk = 0; kk < K / 16; ++kk) {
    const uint64_t da = tw_umma_smem_desc(a + kk * 16 * 128, A_BOX, 1024);
    const uint64_t db = B_MN ? tw_umma_smem_desc(b + kk * 16 * 128, B_BOX, 1024)
                             : tw_umma_smem_desc(b + (kk / 4) * B_BOX + (kk % 4) * 32, 16, 1024);
    tw_umma_f16_ss(d_tmem, da, db, idesc, accumulate || kk > 0);
  }
}
// The calling thread's row (row t % 128) of a [128, COLS] tile as 16-bit
// elements of type T (converted from src's type: the cast as it is stored)
// into a 1024-aligned slot of 128B-swizzled boxes of 64 columns, each
// 128 rows of 128 bytes: 16-byte chunk j of row r at chunk j ^ (r % 8).
// Then the generic-proxy writes are made visible to the tensor cores
// (fence.proxy.async) before the caller arrives on the slot's barrier.
template <int COLS, typename T, typename S>
TW_DEV void twillc_store_operand_mn(uint8_t* slot, const S* src) {
  static_assert(sizeof(T) == 2 && COLS % 64 == 0, "16-bit elements, whole boxes of 64 columns");
  const int r = threadIdx.x % 128;
#pragma unroll
  for (int c = 0; c < COLS; c += 8) {
    uint32_t w[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      T lo = T(src[c + 2 * j]), hi = T(src[c + 2 * j + 1]);
      unsigned short ul, uh;
      memcpy(&ul, &lo, 2);
      memcpy(&uh, &hi, 2);
      w[j] = uint32_t(ul) | (uint32_t(uh) << 16);
    }
    const int chunk = ((c % 64) / 8) ^ (r % 8);
    uint8_t* dst = slot + (c / 64) * (128 * 128) + r * 128 + chunk * 16;
    *reinterpret_cast<uint4*>(dst) = make_uint4(w[0], w[1], w[2], w[3]);
  }
  tw_fence_proxy_async_smem();
}
