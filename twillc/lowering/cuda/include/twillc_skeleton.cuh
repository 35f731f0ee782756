// Rank-1 rows (e.g. LSE) by a plain bulk copy, completion on `bar` (complete_tx).
TW_DEV void tw_bulk_load_1d(void* smem_dst, const void* src, uint32_t bytes, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n"
               :: "r"(tw_smem_u32(smem_dst)), "l"(src), "r"(bytes), "r"(tw_smem_u32(bar)) : "memory");
}
// A rank-1 tile of n elements at element row0 of a tensor of `extent`: a
// bulk copy has no out-of-bounds handling (it would read past the tensor's
// end, fault past its allocation, and bring garbage into the tile), so it
// copies the bytes before the end only, rounded down to 16 (its size unit):
// the barrier expects these; tw_bulk_tail_1d writes the rest first.
template <typename T>
TW_DEV uint32_t tw_bulk_bytes_1d(int row0, int n, int extent) {
  return (uint32_t)(min(max(extent - row0, 0), n) * (int)sizeof(T)) & ~15u;
}
// The tile's elements past those bytes, by the issuing thread, before its
// arrive on the barrier (whose release makes them visible to the waiting
// readers): the tensor's last elements by plain loads, zeros past its end
// (as a TMA load zero-fills). No element when the tile lies inside.
template <typename T>
TW_DEV void tw_bulk_tail_1d(void* smem_dst, const T* src, int row0, int n, int extent) {
  const int valid = min(max(extent - row0, 0), n);
  T* dst = reinterpret_cast<T*>(smem_dst);
#pragma unroll 1  // a cold loop (none but the tensor's last tile): unrolled, it spilled 32 B
  for (int i = (int)(tw_bulk_bytes_1d<T>(row0, n, extent) / sizeof(T)); i < n; ++i)
    dst[i] = i < valid ? src[row0 + i] : T(0.f);
}
TW_DEV void tw_bulk_load_1d_clip(void* smem_dst, const void* src, uint32_t bytes, uint64_t* bar) {
  if (bytes) tw_bulk_load_1d(smem_dst, src, bytes, bar);
}
// Row reductions of a [64, N] accumulator-layout tile into the thread's two
// rows (r and r + 8): its own elements, then the quad of lanes sharing them.
template <int N, typename T>
TW_DEV void twillc_rowmax(float* out, const T* a) {
  float m0 = -INFINITY, m1 = -INFINITY;
#pragma unroll
  for (int i = 0; i < N; ++i) {
    if ((i >> 1) & 1) m1 = fmaxf(m1, float(a[i])); else m0 = fmaxf(m0, float(a[i]));
  }
#pragma unroll
  for (int d = 1; d <= 2; d <<= 1) {
    m0 = fmaxf(m0, __shfl_xor_sync(0xffffffffu, m0, d));
    m1 = fmaxf(m1, __shfl_xor_sync(0xffffffffu, m1, d));
  }
  out[0] = m0; out[1] = m1;
}
template <int N, typename T>
TW_DEV void twillc_rowsum(float* out, const T* a) {
  float s0 = 0.f, s1 = 0.f;
#pragma unroll
  for (int i = 0; i < N; ++i) {
    if ((i >> 1) & 1) s1 += float(a[i]); else s0 += float(a[i]);
  }
#pragma unroll
  for (int d = 1; d <= 2; d <<= 1) {
    s0 += __shfl_xor_sync(0xffffffffu, s0, d);
    s1 += __shfl_xor_sync(0xffffffffu, s1, d);
  }
  out[0] = s0; out[1] = s1;
}
// D (+)= A B, A a [64, K] register tile in the accumulator layout (f16 or f32,
// converted), B in shared memory as MN-major boxes of 64 columns (B_BOX bytes
// each). The A fragment of step kk is the accumulator fragment of columns
// kk*16 .. kk*16+15 (groups 2kk, 2kk+1: (r, c..c+1), (r+8, ..), (r, c+8..),
// (r+8, c+8..)); all of A is packed and fenced before the first wgmma, so
// ptxas need not insert warpgroup.arrive between them.
template <int N, int K, int B_BOX, typename T>
TW_DEV void twillc_mma_rs(float* acc, const T* a, const uint8_t* b, int scale_d) {
  uint32_t frag[K / 16][4];
#pragma unroll
  for (int kk = 0; kk < K / 16; ++kk) {
    const T* g = a + (kk / 4) * 32 + (kk % 4) * 8;
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const __half2 h = __floats2half2_rn(float(g[2 * q]), float(g[2 * q + 1]));
      frag[kk][q] = *reinterpret_cast<const uint32_t*>(&h);
    }
  }
#pragma unroll
  for (int kk = 0; kk < K / 16; ++kk)
#pragma unroll
    for (int q = 0; q < 4; ++q) asm volatile("" : "+r"(frag[kk][q]) :: "memory");
#pragma unroll
  for (int i = 0; i < N / 2; ++i) tw_fence_operand(acc[i]);
  tw_wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < K / 16; ++kk) {
    if constexpr (tw_wgmma_wide<N>) {  // one descriptor spans B's boxes: LBO = B_BOX
      const uint64_t db = tw_make_smem_desc(b + kk * 16 * 128, B_BOX, 1024, 1);
      tw_wgmma_wide_f16_rs<N, 1>(acc, frag[kk], db, (scale_d || kk > 0) ? 1 : 0);
    } else {
#pragma unroll
      for (int j = 0; j < N / 64; ++j) {
        const uint64_t db = tw_make_smem_desc(b + j * B_BOX + kk * 16 * 128, B_BOX, 1024, 1);
        tw_wgmma_m64n64k16_f32_f16_rs(acc + j * 32, frag[kk], db, (scale_d || kk > 0) ? 1 : 0);
      }
    }
  }
  tw_wgmma_commit();
  tw_wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < N / 2; ++i) tw_fence_operand(acc[i]);
}
// A [64, M] accumulator-layout register tile to shared memory as f16 boxes
// of 64 columns with TMA's 128B swizzle (16-byte chunk index ^ row % 8), so
// that a wgmma reads it transposed; the warp group's generic writes are
// fenced for the async proxy and joined on named barrier `bar` first.
template <int M, typename T>
TW_DEV void twillc_stage_acc(uint8_t* dst, const T* x, int bar) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
#pragma unroll
  for (int j = 0; j < M / 64; ++j)
#pragma unroll
    for (int g = 0; g < 8; ++g)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int r = warp * 16 + lane / 4 + 8 * h, cb = (g * 8 + (lane % 4) * 2) * 2;
        const T* v = x + j * 32 + g * 4 + 2 * h;
        *reinterpret_cast<__half2*>(dst + j * 8192 + r * 128 + ((((cb >> 4) ^ (r & 7))) << 4) + (cb & 15)) =
            __floats2half2_rn(float(v[0]), float(v[1]));
      }
  tw_fence_proxy_async_smem();
  tw_named_bar_sync(bar, 128);
}
// D[M, N] (+)= X^T B with X [64, M] staged by twillc_stage_acc (A MN-major,
// imm-trans-a = 1), B in shared memory as [64, N] MN-major boxes (TRANS_B = 1)
// or [N, 64] K-major (TRANS_B = 0), B_BOX bytes per box; D as M / 64 stacked
// m64 accumulator fragments.
template <int M, int N, int TRANS_B, int B_BOX>
TW_DEV void twillc_mma_ts(float* acc, const uint8_t* xs, const uint8_t* b, int scale_d) {
#pragma unroll
  for (int i = 0; i < M * N / 128; ++i) tw_fence_operand(acc[i]);
  tw_wgmma_fence();
#pragma unroll
  for (int h = 0; h < M / 64; ++h)
#pragma unroll
    for (int kk = 0; kk < 4; ++kk) {
      const uint64_t da = tw_make_smem_desc(xs + h * 8192 + kk * 16 * 128, 8192, 1024, 1);
#pragma unroll
      for (int j = 0; j < N / 64; ++j) {
        const uint8_t* bj = TRANS_B ? b + j * B_BOX + kk * 16 * 128 : b + j * 64 * 128 + kk * 32;
        const uint64_t db = tw_make_smem_desc(bj, TRANS_B ? B_BOX : 16, 1024, 1);
        tw_wgmma_m64n64k16_f32_f16_ss<TRANS_B, 1>(acc + h * (N / 2) + j * 32, da, db, (scale_d || kk > 0) ? 1 : 0);
      }
    }
  tw_wgmma_commit();
  tw_wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < M * N / 128; ++i) tw_fence_operand(acc[i]);
}
// Row `half` (0: r, 1: r + 8) of a row vector [64] in shared memory.
TW_DEV float twillc_row(const uint8_t* rows, int half) {
  const int t = threadIdx.x % 128;
  return reinterpret_cast<const float*>(rows)[(t / 32) * 16 + (t % 32) / 4 + 8 * half];
}
// The calling thread's n elements of a register tile in a channel slot, read
// in place. The empty asm makes the thread index opaque, so that the address
// is computed where it is used, not hoisted and held across a whole role.
template <typename T>
TW_DEV T* twillc_mine(uint8_t* slot, uint32_t n) {
  uint32_t t = threadIdx.x % 128;
  asm volatile("" : "+r"(t));
  return reinterpret_cast<T*>(slot) + t * n;
}
// Register tiles between roles: every thread moves its own elements.
template <typename T>
TW_DEV void twillc_send(uint8_t* slot, const T* v, uint32_t bytes) {
  const uint32_t n = bytes / sizeof(T);
  T* dst = reinterpret_cast<T*>(slot) + (threadIdx.x % 128) * n;
  for (uint32_t i = 0; i < n; ++i) dst[i] = v[i];
}
template <typename T>
TW_DEV void twillc_recv(T* v, const uint8_t* slot, uint32_t bytes) {
  const uint32_t n = bytes / sizeof(T);
  const T* src = reinterpret_cast<const T*>(slot) + (threadIdx.x % 128) * n;
  for (uint32_t i = 0; i < n; ++i) v[i] = src[i];
}
