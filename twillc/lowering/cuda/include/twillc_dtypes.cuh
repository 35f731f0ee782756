// ---------------------------------------------------------------------------
// Element types beyond f16 (bf16, FP8 e4m3 / e5m2, 8-bit integers), pasted
// only into kernels that use them. An MMA type is a template argument; a K
// step of wgmma is 32 bytes of K (k16 of f16 / bf16, k32 of FP8), so a 128B
// TMA box row holds four K steps whatever the type.
// ---------------------------------------------------------------------------
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <type_traits>

enum : int { TW_F16 = 0, TW_BF16 = 1, TW_E4M3 = 2, TW_E5M2 = 3, TW_S8 = 4, TW_U8 = 5 };

#define TW_ACC32_REGS "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
#define TW_ACC32_OUT(d) "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])

// D(64x64, f32) (+)= A B, A and B from shared-memory descriptors, one K step.
// f16 / bf16 take the transposes (imm-trans-a / -b: MN-major operands); FP8
// wgmma has no transpose operands: A and B are K-major.
template <int DT, int TRANS_B, int TRANS_A = 0>
TW_DEV void tw_wgmma_m64n64_ss(float* d, uint64_t desc_a, uint64_t desc_b, int scale_d) {
  static_assert(DT <= TW_BF16 || (TRANS_A == 0 && TRANS_B == 0), "FP8 wgmma reads K-major A and B only");
#if TW_SM90A
  if constexpr (DT == TW_F16) {
    tw_wgmma_m64n64k16_f32_f16_ss<TRANS_B, TRANS_A>(d, desc_a, desc_b, scale_d);
  } else if constexpr (DT == TW_BF16) {
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %34, 0;\n\t"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 " TW_ACC32_REGS "%32, %33, p, 1, 1, %36, %35;\n\t}"
        : TW_ACC32_OUT(d)
        : "l"(desc_a), "l"(desc_b), "r"(scale_d), "n"(TRANS_B), "n"(TRANS_A));
  } else if constexpr (DT == TW_E4M3) {
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %34, 0;\n\t"
        "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 " TW_ACC32_REGS "%32, %33, p, 1, 1;\n\t}"
        : TW_ACC32_OUT(d)
        : "l"(desc_a), "l"(desc_b), "r"(scale_d));
  } else {
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %34, 0;\n\t"
        "wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2 " TW_ACC32_REGS "%32, %33, p, 1, 1;\n\t}"
        : TW_ACC32_OUT(d)
        : "l"(desc_a), "l"(desc_b), "r"(scale_d));
  }
#endif
}
#define TW_ACC32_OUT_S32(d) "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31])
// D(64x64, s32) (+)= A B of 8-bit integers (s8 or u8 on both sides), A and
// B K-major from shared-memory descriptors, one K step (32 bytes of K).
template <int DT, int TRANS_B, int TRANS_A = 0>
TW_DEV void tw_wgmma_m64n64_ss(int* d, uint64_t desc_a, uint64_t desc_b, int scale_d) {
  static_assert((DT == TW_S8 || DT == TW_U8) && TRANS_A == 0 && TRANS_B == 0,
                "an integer wgmma reads K-major s8 / u8 A and B");
#if TW_SM90A
  if constexpr (DT == TW_S8) {
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %34, 0;\n\t"
        "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 " TW_ACC32_REGS "%32, %33, p;\n\t}"
        : TW_ACC32_OUT_S32(d)
        : "l"(desc_a), "l"(desc_b), "r"(scale_d));
  } else {
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %34, 0;\n\t"
        "wgmma.mma_async.sync.aligned.m64n64k32.s32.u8.u8 " TW_ACC32_REGS "%32, %33, p;\n\t}"
        : TW_ACC32_OUT_S32(d)
        : "l"(desc_a), "l"(desc_b), "r"(scale_d));
  }
#endif
}
// RS wgmma, f16 or bf16: A from registers (4 x b32 = 8 elements per thread),
// B from a shared-memory descriptor, MN-major (TRANS_B = 1) or K-major (0).
template <int DT, int TRANS_B>
TW_DEV void tw_wgmma_m64n64k16_rs(float* d, const uint32_t (&a)[4], uint64_t desc_b, int scale_d) {
  static_assert(DT == TW_F16 || DT == TW_BF16, "register-A wgmma of f16 or bf16");
#if TW_SM90A
  if constexpr (DT == TW_F16) {
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %37, 0;\n\t"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 " TW_ACC32_REGS "{%32, %33, %34, %35}, %36, p, 1, 1, %38;\n\t}"
        : TW_ACC32_OUT(d)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(scale_d), "n"(TRANS_B));
  } else {
    asm volatile(
        "{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %37, 0;\n\t"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 " TW_ACC32_REGS "{%32, %33, %34, %35}, %36, p, 1, 1, %38;\n\t}"
        : TW_ACC32_OUT(d)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(scale_d), "n"(TRANS_B));
  }
#endif
}
// FP8 SS (no transposes): "{regs}, desc_a, desc_b, p, 1, 1".
#define TW_WGMMA_FP8_ASM(SHAPE, REGS, OUTS, A, B, P)                                                \
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %" #P ", 0;\n\twgmma.mma_async.sync.aligned." SHAPE \
               " " REGS "%" #A ", %" #B ", p, 1, 1;\n\t}"                                          \
               : OUTS                                                                              \
               : "l"(desc_a), "l"(desc_b), "r"(scale_d))
// tw_wgmma_m64n64_ss / _rs over N = 128, 192 or 256 columns in one instruction.
template <int DT, int N, int TRANS_B, int TRANS_A = 0>
TW_DEV void tw_wgmma_wide_ss(float* d, uint64_t desc_a, uint64_t desc_b, int scale_d) {
  static_assert(DT <= TW_BF16 || (TRANS_A == 0 && TRANS_B == 0), "FP8 wgmma reads K-major A and B only");
#if TW_SM90A
  if constexpr (DT == TW_F16) {
    tw_wgmma_wide_f16_ss<N, TRANS_B, TRANS_A>(d, desc_a, desc_b, scale_d);
  } else if constexpr (DT == TW_BF16) {
    if constexpr (N == 128) {
      TW_WGMMA_SS_ASM("m64n128k16.f32.bf16.bf16", TW_REGS64, TW_OUT64(d), 64, 65, 66, 67, 68);
    } else if constexpr (N == 192) {
      TW_WGMMA_SS_ASM("m64n192k16.f32.bf16.bf16", TW_REGS96, TW_OUT96(d), 96, 97, 98, 99, 100);
    } else if constexpr (N == 256) {
      TW_WGMMA_SS_ASM("m64n256k16.f32.bf16.bf16", TW_REGS128, TW_OUT128(d), 128, 129, 130, 131, 132);
    }
  } else if constexpr (DT == TW_E4M3) {
    if constexpr (N == 128) {
      TW_WGMMA_FP8_ASM("m64n128k32.f32.e4m3.e4m3", TW_REGS64, TW_OUT64(d), 64, 65, 66);
    } else if constexpr (N == 192) {
      TW_WGMMA_FP8_ASM("m64n192k32.f32.e4m3.e4m3", TW_REGS96, TW_OUT96(d), 96, 97, 98);
    } else if constexpr (N == 256) {
      TW_WGMMA_FP8_ASM("m64n256k32.f32.e4m3.e4m3", TW_REGS128, TW_OUT128(d), 128, 129, 130);
    }
  } else {
    if constexpr (N == 128) {
      TW_WGMMA_FP8_ASM("m64n128k32.f32.e5m2.e5m2", TW_REGS64, TW_OUT64(d), 64, 65, 66);
    } else if constexpr (N == 192) {
      TW_WGMMA_FP8_ASM("m64n192k32.f32.e5m2.e5m2", TW_REGS96, TW_OUT96(d), 96, 97, 98);
    } else if constexpr (N == 256) {
      TW_WGMMA_FP8_ASM("m64n256k32.f32.e5m2.e5m2", TW_REGS128, TW_OUT128(d), 128, 129, 130);
    }
  }
#endif
}
template <int DT, int N, int TRANS_B>
TW_DEV void tw_wgmma_wide_rs(float* d, const uint32_t (&a)[4], uint64_t desc_b, int scale_d) {
  static_assert(DT == TW_F16 || DT == TW_BF16, "register-A wgmma of f16 or bf16");
#if TW_SM90A
  if constexpr (DT == TW_F16) {
    tw_wgmma_wide_f16_rs<N, TRANS_B>(d, a, desc_b, scale_d);
  } else {
    if constexpr (N == 128) {
      TW_WGMMA_RS_ASM("m64n128k16.f32.bf16.bf16", TW_REGS64, TW_OUT64(d), 64, 65, 66, 67, 68, 69, 70);
    } else if constexpr (N == 192) {
      TW_WGMMA_RS_ASM("m64n192k16.f32.bf16.bf16", TW_REGS96, TW_OUT96(d), 96, 97, 98, 99, 100, 101, 102);
    } else if constexpr (N == 256) {
      TW_WGMMA_RS_ASM("m64n256k16.f32.bf16.bf16", TW_REGS128, TW_OUT128(d), 128, 129, 130, 131, 132, 133, 134);
    }
  }
#endif
}
// f32 -> bf16, round to nearest even (NaN kept a quiet NaN), in integer
// arithmetic: the cast of a tile staged for a transposed wgmma (FA3
// backward's P and dS). The same values as cvt.rn.bf16.f32, whose 16-bit
// results ptxas keeps in whole registers there: FA3 backward's first
// consumer spilled 8 bytes in bf16 (not in f16) at its 240 registers.
TW_DEV __nv_bfloat16 tw_float2bf16(float f) {
  uint32_t u = __float_as_uint(f);
  u = (u & 0x7fffffffu) > 0x7f800000u ? (u | 0x00400000u) : u + 0x7fffu + ((u >> 16) & 1u);
  return __ushort_as_bfloat16(static_cast<unsigned short>(u >> 16));
}
// Two floats packed as the MMA type's b32 pair (round to nearest).
template <int DT>
TW_DEV uint32_t tw_pack2(float lo, float hi) {
  if constexpr (DT == TW_BF16) {
    const __nv_bfloat162 h = __floats2bfloat162_rn(lo, hi);
    return *reinterpret_cast<const uint32_t*>(&h);
  } else {
    const __half2 h = __floats2half2_rn(lo, hi);
    return *reinterpret_cast<const uint32_t*>(&h);
  }
}
// The same from two elements: a pair already of the MMA type is packed as is.
template <int DT, typename T>
TW_DEV uint32_t tw_pack2v(T lo, T hi) {
  if constexpr (DT == TW_BF16 && std::is_same_v<T, __nv_bfloat16>) {
    const __nv_bfloat162 h(lo, hi);
    return *reinterpret_cast<const uint32_t*>(&h);
  } else if constexpr (DT == TW_F16 && std::is_same_v<T, __half>) {
    const __half2 h(lo, hi);
    return *reinterpret_cast<const uint32_t*>(&h);
  } else {
    return tw_pack2<DT>(float(lo), float(hi));
  }
}
// twillc_mma_k16_boxed for any MMA type: step kk is 32 bytes of K (A and
// B K-major), or 16 rows of an MN-major B (f16 / bf16).
template <int DT, int N, int TRANS_B, int A_BOX, int B_BOX, typename Acc>
TW_DEV void twillc_mma_kstep_boxed(Acc* acc, const uint8_t* a, const uint8_t* b, int kk, int scale_d) {
  const uint8_t* ak = a + (kk / 4) * A_BOX + (kk % 4) * 32;
  const uint64_t da = tw_make_smem_desc(ak, 16, 1024, 1);
  if constexpr (tw_wgmma_wide<N> && std::is_same_v<Acc, float>) {  // one descriptor spans B's boxes
    const uint8_t* b0 = TRANS_B ? b + kk * 16 * 128 : b + (kk / 4) * B_BOX + (kk % 4) * 32;
    tw_wgmma_wide_ss<DT, N, TRANS_B>(acc, da, tw_make_smem_desc(b0, TRANS_B ? B_BOX : 16, 1024, 1), scale_d);
  } else {
#pragma unroll
    for (int j = 0; j < N / 64; ++j) {
      const uint8_t* bj = TRANS_B ? b + j * B_BOX + kk * 16 * 128 : b + (kk / 4) * B_BOX + j * 64 * 128 + (kk % 4) * 32;
      const uint64_t db = tw_make_smem_desc(bj, TRANS_B ? B_BOX : 16, 1024, 1);
      tw_wgmma_m64n64_ss<DT, TRANS_B>(acc + j * 32, da, db, scale_d);
    }
  }
}
// twillc_mma_rs for f16 or bf16 A (packed with that type's rounding) and B
// MN-major ([K, N] boxes of 64 columns, TRANS_B = 1) or K-major ([N, K]
// boxes of 64 columns of K, TRANS_B = 0).
template <int DT, int N, int K, int B_BOX, int TRANS_B, typename T>
TW_DEV void twillc_mma_rs_t(float* acc, const T* a, const uint8_t* b, int scale_d) {
  uint32_t frag[K / 16][4];
#pragma unroll
  for (int kk = 0; kk < K / 16; ++kk) {
    const T* g = a + (kk / 4) * 32 + (kk % 4) * 8;
#pragma unroll
    for (int q = 0; q < 4; ++q) frag[kk][q] = tw_pack2v<DT>(g[2 * q], g[2 * q + 1]);
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
    if constexpr (tw_wgmma_wide<N>) {
      const uint8_t* b0 = TRANS_B ? b + kk * 16 * 128 : b + (kk / 4) * B_BOX + (kk % 4) * 32;
      tw_wgmma_wide_rs<DT, N, TRANS_B>(acc, frag[kk], tw_make_smem_desc(b0, TRANS_B ? B_BOX : 16, 1024, 1),
                                       (scale_d || kk > 0) ? 1 : 0);
    } else {
#pragma unroll
      for (int j = 0; j < N / 64; ++j) {
        const uint8_t* bj =
            TRANS_B ? b + j * B_BOX + kk * 16 * 128 : b + (kk / 4) * B_BOX + j * 64 * 128 + (kk % 4) * 32;
        const uint64_t db = tw_make_smem_desc(bj, TRANS_B ? B_BOX : 16, 1024, 1);
        tw_wgmma_m64n64k16_rs<DT, TRANS_B>(acc + j * 32, frag[kk], db, (scale_d || kk > 0) ? 1 : 0);
      }
    }
  }
  tw_wgmma_commit();
  tw_wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < N / 2; ++i) tw_fence_operand(acc[i]);
}
// twillc_stage_acc for f16 or bf16 boxes.
template <int DT, int M, typename T>
TW_DEV void twillc_stage_acc_t(uint8_t* dst, const T* x, int bar) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
#pragma unroll
  for (int j = 0; j < M / 64; ++j)
#pragma unroll
    for (int g = 0; g < 8; ++g)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int r = warp * 16 + lane / 4 + 8 * h, cb = (g * 8 + (lane % 4) * 2) * 2;
        const T* v = x + j * 32 + g * 4 + 2 * h;
        uint8_t* at = dst + j * 8192 + r * 128 + ((((cb >> 4) ^ (r & 7))) << 4) + (cb & 15);
        if constexpr (DT == TW_BF16)
          *reinterpret_cast<__nv_bfloat162*>(at) = __floats2bfloat162_rn(float(v[0]), float(v[1]));
        else
          *reinterpret_cast<__half2*>(at) = __floats2half2_rn(float(v[0]), float(v[1]));
      }
  tw_fence_proxy_async_smem();
  tw_named_bar_sync(bar, 128);
}
// twillc_mma_ts for f16 or bf16.
template <int DT, int M, int N, int TRANS_B, int B_BOX>
TW_DEV void twillc_mma_ts_t(float* acc, const uint8_t* xs, const uint8_t* b, int scale_d) {
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
        tw_wgmma_m64n64_ss<DT, TRANS_B, 1>(acc + h * (N / 2) + j * 32, da, db, (scale_d || kk > 0) ? 1 : 0);
      }
    }
  tw_wgmma_commit();
  tw_wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < M * N / 128; ++i) tw_fence_operand(acc[i]);
}
// The calling thread's elements of a [64, N] tile of S in shared memory (as
// TMA wrote it: boxes of 128 / sizeof(S) columns and 64 rows of 128 bytes,
// 16-byte chunk index ^ row % 8) in the wgmma accumulator layout, as T: an
// 8-bit weight tile converted in registers (W8A16).
template <int N, typename S, typename T>
TW_DEV void twillc_load_acc(T* out, const uint8_t* tile) {
  constexpr int BOX = 128 / sizeof(S);
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
#pragma unroll
  for (int j = 0; j < N / 64; ++j)
#pragma unroll
    for (int g = 0; g < 8; ++g)
#pragma unroll
      for (int h = 0; h < 2; ++h)
#pragma unroll
        for (int e = 0; e < 2; ++e) {
          const int r = warp * 16 + lane / 4 + 8 * h, c = j * 64 + g * 8 + (lane % 4) * 2 + e;
          const int cb = (c % BOX) * (int)sizeof(S);
          const S* p = reinterpret_cast<const S*>(tile + (c / BOX) * 64 * 128 + r * 128 +
                                                  ((((cb >> 4) ^ (r & 7))) << 4) + (cb & 15));
          out[j * 32 + g * 4 + 2 * h + e] = T(float(*p));
        }
}
