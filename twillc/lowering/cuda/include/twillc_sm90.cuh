#include <cstdint>
#include <cuda.h>          // CUtensorMap (header only; no -lcuda needed)
#include <cuda_runtime.h>  // host: cudaGetDriverEntryPointByVersion
#include <cuda_fp16.h>     // __half results

#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define TW_SM90A 1
#else
#define TW_SM90A 0
#endif
// sm_100a has setmaxnreg (not wgmma): the register-budget helpers cover both.
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM100_ALL)
#define TW_SM100A 1
#else
#define TW_SM100A 0
#endif

#define TW_DEV __device__ __forceinline__

// ---------------------------------------------------------------------------
// 0. thread-role helpers
// ---------------------------------------------------------------------------
// Warp-uniform warp-group index (the shfl makes the value provably uniform
// for the compiler, as CUTLASS canonical_warp_group_idx() does).
TW_DEV int tw_warp_idx()          { return __shfl_sync(0xffffffffu, threadIdx.x / 32, 0); }
TW_DEV int tw_warpgroup_idx()     { return __shfl_sync(0xffffffffu, threadIdx.x / 128, 0); }
TW_DEV int tw_warp_in_warpgroup() { return __shfl_sync(0xffffffffu, (threadIdx.x / 32) % 4, 0); }
TW_DEV int tw_lane()              { return threadIdx.x & 31; }

// elect.sync: exactly one lane of the (full) warp gets 1.
TW_DEV uint32_t tw_elect_one() {
  uint32_t pred = 0;
#if TW_SM90A || (defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900)
  asm volatile(
      "{\n\t.reg .b32 %%rx;\n\t.reg .pred %%px;\n\t"
      "elect.sync %%rx|%%px, %1;\n\t"
      "@%%px mov.s32 %0, 1;\n\t}"
      : "+r"(pred) : "r"(0xffffffffu));
#else
  pred = (tw_lane() == 0);
#endif
  return pred;
}

// Fallback guard: the compute_90 PTX image that `-arch=sm_90a` also embeds can
// be JIT-compiled on other GPUs (e.g. sm_100); there every TW_SM90A body is
// empty, so trap instead of silently computing garbage.
TW_DEV void tw_require_sm90a() {
#if defined(__CUDA_ARCH__) && !TW_SM90A
  __trap();
#endif
}
TW_DEV void tw_require_sm100a() {
#if defined(__CUDA_ARCH__) && !TW_SM100A
  __trap();
#endif
}

TW_DEV uint32_t tw_smem_u32(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// ---------------------------------------------------------------------------
// 1. mbarrier (64-bit, in shared memory)
// ---------------------------------------------------------------------------
TW_DEV void tw_mbar_init(uint64_t* bar, uint32_t arrive_count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n"
               :: "r"(tw_smem_u32(bar)), "r"(arrive_count) : "memory");
}
// Make barrier inits visible to the async proxy / other threads (cluster scope
// is what CUTLASS uses; cta-only kernels can also just __syncthreads()).
TW_DEV void tw_fence_mbar_init() {
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
TW_DEV void tw_mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n"
               :: "r"(tw_smem_u32(bar)) : "memory");
}
// Producer: arrive once AND add `bytes` to the expected transaction count.
TW_DEV void tw_mbar_arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%1], %0;\n"
               :: "r"(bytes), "r"(tw_smem_u32(bar)) : "memory");
}
// Expect bytes without arriving.
TW_DEV void tw_mbar_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%1], %0;\n"
               :: "r"(bytes), "r"(tw_smem_u32(bar)) : "memory");
}
// Non-blocking probe of phase parity (returns 1 once phase `parity` completed).
TW_DEV uint32_t tw_mbar_try_wait(uint64_t* bar, uint32_t parity) {
  uint32_t ok;
  asm volatile(
      "{\n\t.reg .pred P1;\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\n\t"
      "selp.b32 %0, 1, 0, P1;\n\t}"
      : "=r"(ok) : "r"(tw_smem_u32(bar)), "r"(parity) : "memory");
  return ok;
}
// Blocking wait, C++ loop form (no PTX labels -> safe to inline many times).
TW_DEV void tw_mbar_wait(uint64_t* bar, uint32_t parity) {
  while (!tw_mbar_try_wait(bar, parity)) { }
}
// Blocking wait, pure-PTX loop form (CUTLASS ClusterBarrier::wait style).  The
// `{ }` scope makes the label local, so multiple inlined copies assemble.
TW_DEV void tw_mbar_wait_ptx(uint64_t* bar, uint32_t parity) {
  asm volatile(
      "{\n\t.reg .pred P1;\n"
      "TW_WAIT:\n\t"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n\t"
      "@P1 bra TW_DONE;\n\t"
      "bra TW_WAIT;\n"
      "TW_DONE:\n\t}"
      :: "r"(tw_smem_u32(bar)), "r"(parity) : "memory");
}

// ---------------------------------------------------------------------------
// 2. fences
// ---------------------------------------------------------------------------
// Generic-proxy smem writes -> visible to async proxy (TMA store, wgmma operand).
TW_DEV void tw_fence_proxy_async_smem() {
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}

// ---------------------------------------------------------------------------
// 3. TMA (cp.async.bulk.tensor) with a __grid_constant__ CUtensorMap
// ---------------------------------------------------------------------------
TW_DEV void tw_tma_prefetch_desc(const CUtensorMap* desc) {
  asm volatile("prefetch.tensormap [%0];\n"
               :: "l"(reinterpret_cast<uint64_t>(desc)) : "memory");
}
// 2D tile load global->shared, completion signalled on `bar` via complete_tx.
// c0 = innermost (contiguous) coordinate, c1 = outer coordinate (elements).
TW_DEV void tw_tma_load_2d(void* smem_dst, const CUtensorMap* desc,
                           uint64_t* bar, int32_t c0, int32_t c1) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%3, %4}], [%2];\n"
      :: "r"(tw_smem_u32(smem_dst)), "l"(reinterpret_cast<uint64_t>(desc)),
         "r"(tw_smem_u32(bar)), "r"(c0), "r"(c1)
      : "memory");
}
// 2D tile store shared->global (bulk_group completion).
TW_DEV void tw_tma_store_2d(const CUtensorMap* desc, const void* smem_src,
                            int32_t c0, int32_t c1) {
  asm volatile(
      "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];\n"
      :: "l"(reinterpret_cast<uint64_t>(desc)), "r"(tw_smem_u32(smem_src)),
         "r"(c0), "r"(c1)
      : "memory");
}
TW_DEV void tw_tma_store_commit() { asm volatile("cp.async.bulk.commit_group;\n" ::: "memory"); }
template <int N>
TW_DEV void tw_tma_store_wait_read() {   // smem source reusable
  asm volatile("cp.async.bulk.wait_group.read %0;\n" :: "n"(N) : "memory");
}
template <int N>
TW_DEV void tw_tma_store_wait() {        // writes complete
  asm volatile("cp.async.bulk.wait_group %0;\n" :: "n"(N) : "memory");
}

// ---------------------------------------------------------------------------
// 4. setmaxnreg (warpgroup-wide register reallocation).  sm_90a only.
//    Immediate must be a multiple of 8 in [24, 256].  Needs a kernel whose
//    entry register count is known to ptxas (__launch_bounds__ / maxrregcount).
// ---------------------------------------------------------------------------
template <uint32_t R>
TW_DEV void tw_setmaxnreg_inc() {
  static_assert(R % 8 == 0 && R >= 24 && R <= 256, "setmaxnreg range");
#if TW_SM90A || TW_SM100A
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" :: "n"(R));
#endif
}
template <uint32_t R>
TW_DEV void tw_setmaxnreg_dec() {
  static_assert(R % 8 == 0 && R >= 24 && R <= 256, "setmaxnreg range");
#if TW_SM90A || TW_SM100A
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" :: "n"(R));
#endif
}

// ---------------------------------------------------------------------------
// 5. named barriers (16 per CTA, id 0 is what __syncthreads uses).
//    `count` = number of participating THREADS, multiple of 32.
// ---------------------------------------------------------------------------
TW_DEV void tw_named_bar_sync(uint32_t id, uint32_t count) {
  asm volatile("bar.sync %0, %1;\n" :: "r"(id), "r"(count) : "memory");
}
TW_DEV void tw_named_bar_arrive(uint32_t id, uint32_t count) {
  asm volatile("bar.arrive %0, %1;\n" :: "r"(id), "r"(count) : "memory");
}

// ---------------------------------------------------------------------------
// 6. wgmma (warpgroup MMA, async).  sm_90a only.
// ---------------------------------------------------------------------------
TW_DEV void tw_wgmma_fence()  {
#if TW_SM90A
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}
TW_DEV void tw_wgmma_commit() {
#if TW_SM90A
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#endif
}
template <int N>
TW_DEV void tw_wgmma_wait() {
#if TW_SM90A
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" :: "n"(N) : "memory");
#endif
}
// Keep the compiler from moving accumulator accesses across wgmma issue/wait
// (CUTLASS warpgroup_fence_operand).
TW_DEV void tw_fence_operand(float& r) { asm volatile("" : "+f"(r) :: "memory"); }
TW_DEV void tw_fence_operand(int& r) { asm volatile("" : "+r"(r) :: "memory"); }
TW_DEV void tw_fence_operand(__half& r) { asm volatile("" : "+h"(reinterpret_cast<unsigned short&>(r)) :: "memory"); }

// Shared-memory matrix descriptor (sm_90 GMMA descriptor layout):
//  bits [0,14)  start address >> 4     bits [16,30) leading byte offset >> 4
//  bits [32,46) stride byte offset >> 4 bits [49,52) base offset
//  bits [62,64) swizzle: 0 none, 1 = 128B, 2 = 64B, 3 = 32B
TW_DEV uint64_t tw_make_smem_desc(const void* smem, uint32_t lbo_bytes,
                                  uint32_t sbo_bytes, uint32_t swizzle_mode) {
  uint64_t addr = tw_smem_u32(smem);
  uint64_t d = 0;
  d |= (addr & 0x3FFFFull) >> 4;
  d |= (uint64_t)((lbo_bytes & 0x3FFFFu) >> 4) << 16;
  d |= (uint64_t)((sbo_bytes & 0x3FFFFu) >> 4) << 32;
  d |= (uint64_t)(swizzle_mode & 0x3u) << 62;
  return d;
}

// D(64x64,f32) (+)= A(64x16,f16,smem desc, K-major) * B(16x64,f16,smem desc).
// Each thread of the warpgroup owns 32 fp32 accumulators.
// TRANS_B = 1: B is MN-major (N contiguous in shared memory); TRANS_A = 1:
// A is MN-major (M contiguous: a transposed operand).
template <int TRANS_B, int TRANS_A = 0>
TW_DEV void tw_wgmma_m64n64k16_f32_f16_ss(float* d, uint64_t desc_a,
                                          uint64_t desc_b, int scale_d) {
#if TW_SM90A
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "setp.ne.b32 p, %34, 0;\n\t"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
      "%32, %33, p, 1, 1, %36, %35;\n\t}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]),
        "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]),
        "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]),
        "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]),
        "+f"(d[30]), "+f"(d[31])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d), "n"(TRANS_B), "n"(TRANS_A));
#endif
}
// D(64x64,f16) (+)= A(64x16,f16) * B(16x64,f16), both from shared-memory
// descriptors as above, accumulating in f16 (wgmma .f16.f16.f16: an f16
// accumulator tile, rounded to f16 by each instruction). Each thread owns 32
// f16 accumulators, two to a 32-bit register: the f32 fragment's elements in
// its order, element 2i in the low half of register i.
template <int TRANS_B, int TRANS_A = 0>
TW_DEV void tw_wgmma_m64n64k16_f16_f16_ss(__half* acc, uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if TW_SM90A
  uint32_t* d = reinterpret_cast<uint32_t*>(acc);
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "setp.ne.b32 p, %18, 0;\n\t"
      "wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, "
      "%16, %17, p, 1, 1, %20, %19;\n\t}"
      : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]),
        "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d), "n"(TRANS_B), "n"(TRANS_A));
#endif
}
// RS wgmma (A from registers, 4 x b32 = 8 f16 per thread), B from a
// shared-memory descriptor, MN-major (imm-trans-b = 1).
TW_DEV void tw_wgmma_m64n64k16_f32_f16_rs(float* d, const uint32_t (&a)[4], uint64_t desc_b, int scale_d) {
#if TW_SM90A
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "setp.ne.b32 p, %37, 0;\n\t"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
      "{%32, %33, %34, %35}, %36, p, 1, 1, 1;\n\t}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]),
        "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]),
        "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]),
        "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]),
        "+f"(d[30]), "+f"(d[31])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(scale_d));
#endif
}
// ---------------------------------------------------------------------------
// One wgmma over N = 128, 192 or 256 columns where N / 64 m64n64 ones would
// do: the accumulator is the same registers in the same order (columns
// 64j..64j+63 are acc + 32 j either way), but A is read from shared memory
// once, not N / 64 times. An m64n64k16 SS wgmma reads 4 KB in its 32 tensor
// cycles, all of an SM's 128 B/clk; m64n256k16 reads 10 KB in 128.
// ---------------------------------------------------------------------------
#define TW_F4(d, i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3])
#define TW_F32(d, i) TW_F4(d, i), TW_F4(d, i + 4), TW_F4(d, i + 8), TW_F4(d, i + 12), \
    TW_F4(d, i + 16), TW_F4(d, i + 20), TW_F4(d, i + 24), TW_F4(d, i + 28)
#define TW_OUT64(d) TW_F32(d, 0), TW_F32(d, 32)
#define TW_OUT96(d) TW_OUT64(d), TW_F32(d, 64)
#define TW_OUT128(d) TW_OUT64(d), TW_F32(d, 64), TW_F32(d, 96)
#define TW_REGS64 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, "
#define TW_REGS96 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95}, "
#define TW_REGS128 "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, "
// SS: "{regs}, desc_a, desc_b, p, 1, 1[, trans_a, trans_b]" with desc_a,
// desc_b, scale_d, TRANS_B, TRANS_A the operands after the R accumulators.
#define TW_WGMMA_SS_ASM(SHAPE, REGS, OUTS, A, B, P, TB, TA)                                         \
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %" #P ", 0;\n\twgmma.mma_async.sync.aligned." SHAPE \
               " " REGS "%" #A ", %" #B ", p, 1, 1, %" #TA ", %" #TB ";\n\t}"                       \
               : OUTS                                                                              \
               : "l"(desc_a), "l"(desc_b), "r"(scale_d), "n"(TRANS_B), "n"(TRANS_A))
// RS: A from four b32 registers, then desc_b, scale_d, TRANS_B.
#define TW_WGMMA_RS_ASM(SHAPE, REGS, OUTS, A0, A1, A2, A3, B, P, TB)                                \
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %" #P ", 0;\n\twgmma.mma_async.sync.aligned." SHAPE \
               " " REGS "{%" #A0 ", %" #A1 ", %" #A2 ", %" #A3 "}, %" #B ", p, 1, 1, %" #TB ";\n\t}"    \
               : OUTS                                                                              \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(scale_d), "n"(TRANS_B))
// D(64xN, f32) (+)= A(64x16, f16) B(16xN, f16), both from shared-memory
// descriptors (TRANS_B / TRANS_A: MN-major B / A), N = 128, 192 or 256.
template <int N, int TRANS_B, int TRANS_A = 0>
TW_DEV void tw_wgmma_wide_f16_ss(float* d, uint64_t desc_a, uint64_t desc_b, int scale_d) {
  static_assert(N == 128 || N == 192 || N == 256, "a wide wgmma spans 128, 192 or 256 columns");
#if TW_SM90A
  if constexpr (N == 128) {
    TW_WGMMA_SS_ASM("m64n128k16.f32.f16.f16", TW_REGS64, TW_OUT64(d), 64, 65, 66, 67, 68);
  } else if constexpr (N == 192) {
    TW_WGMMA_SS_ASM("m64n192k16.f32.f16.f16", TW_REGS96, TW_OUT96(d), 96, 97, 98, 99, 100);
  } else if constexpr (N == 256) {
    TW_WGMMA_SS_ASM("m64n256k16.f32.f16.f16", TW_REGS128, TW_OUT128(d), 128, 129, 130, 131, 132);
  }
#endif
}
// The same with A from registers (4 x b32 = 8 f16 per thread).
template <int N, int TRANS_B>
TW_DEV void tw_wgmma_wide_f16_rs(float* d, const uint32_t (&a)[4], uint64_t desc_b, int scale_d) {
  static_assert(N == 128 || N == 192 || N == 256, "a wide wgmma spans 128, 192 or 256 columns");
#if TW_SM90A
  if constexpr (N == 128) {
    TW_WGMMA_RS_ASM("m64n128k16.f32.f16.f16", TW_REGS64, TW_OUT64(d), 64, 65, 66, 67, 68, 69, 70);
  } else if constexpr (N == 192) {
    TW_WGMMA_RS_ASM("m64n192k16.f32.f16.f16", TW_REGS96, TW_OUT96(d), 96, 97, 98, 99, 100, 101, 102);
  } else if constexpr (N == 256) {
    TW_WGMMA_RS_ASM("m64n256k16.f32.f16.f16", TW_REGS128, TW_OUT128(d), 128, 129, 130, 131, 132, 133, 134);
  }
#endif
}
// Whether N columns are one wide wgmma (else N / 64 m64n64 ones; -DTW_WGMMA_NARROW
// compiles every kernel with m64n64 only, to measure one against the other).
#ifdef TW_WGMMA_NARROW
template <int N>
constexpr bool tw_wgmma_wide = false;
#else
template <int N>
constexpr bool tw_wgmma_wide = N == 128 || N == 192 || N == 256;
#endif
// ---------------------------------------------------------------------------
// 7. Stage/phase ring state (CUTLASS PipelineState equivalent).
//    Producer starts with phase=1 (buffers initially empty: the first wait on
//    an "empty" barrier with parity 1 returns immediately); consumer phase=0.
// ---------------------------------------------------------------------------
template <int STAGES>
struct TwPipeState {
  int index; uint32_t phase;
  TW_DEV void advance() { if (++index == STAGES) { index = 0; phase ^= 1u; } }
  // n slots on (another consumer's tile, ping-pong): the phase flips once per wrap of the ring
  TW_DEV void skip(int n) { const int t = index + n; phase ^= uint32_t(t / STAGES) & 1u; index = t % STAGES; }
};

// ---------------------------------------------------------------------------
// twillc tile math shared by the generated kernels
// ---------------------------------------------------------------------------
// wgmma over tiles stored as boxes of 64 columns (A_BOX / B_BOX bytes each).
template <int N, int TRANS_B, int A_BOX, int B_BOX>
TW_DEV void twillc_mma_k16_boxed(float* acc, const uint8_t* a, const uint8_t* b, int kk, int scale_d) {
  const uint8_t* ak = a + (kk / 4) * A_BOX + (kk % 4) * 32;
  const uint64_t da = tw_make_smem_desc(ak, 16, 1024, 1);
  if constexpr (tw_wgmma_wide<N>) {  // one descriptor spans B's boxes: LBO = B_BOX (MN-major), SBO = 1024
    const uint8_t* b0 = TRANS_B ? b + kk * 16 * 128 : b + (kk / 4) * B_BOX + (kk % 4) * 32;
    tw_wgmma_wide_f16_ss<N, TRANS_B>(acc, da, tw_make_smem_desc(b0, TRANS_B ? B_BOX : 16, 1024, 1), scale_d);
  } else {
#pragma unroll
    for (int j = 0; j < N / 64; ++j) {
      const uint8_t* bj = TRANS_B ? b + j * B_BOX + kk * 16 * 128 : b + (kk / 4) * B_BOX + j * 64 * 128 + (kk % 4) * 32;
      const uint64_t db = tw_make_smem_desc(bj, TRANS_B ? B_BOX : 16, 1024, 1);
      tw_wgmma_m64n64k16_f32_f16_ss<TRANS_B>(acc + j * 32, da, db, scale_d);
    }
  }
}
// The same accumulating in f16 (an f16 accumulator tile: wgmma .f16.f16.f16).
template <int N, int TRANS_B, int A_BOX, int B_BOX>
TW_DEV void twillc_mma_k16_boxed(__half* acc, const uint8_t* a, const uint8_t* b, int kk, int scale_d) {
  const uint8_t* ak = a + (kk / 4) * A_BOX + (kk % 4) * 32;
  const uint64_t da = tw_make_smem_desc(ak, 16, 1024, 1);
#pragma unroll
  for (int j = 0; j < N / 64; ++j) {
    const uint8_t* bj = TRANS_B ? b + j * B_BOX + kk * 16 * 128 : b + (kk / 4) * B_BOX + j * 64 * 128 + (kk % 4) * 32;
    const uint64_t db = tw_make_smem_desc(bj, TRANS_B ? B_BOX : 16, 1024, 1);
    tw_wgmma_m64n64k16_f16_f16_ss<TRANS_B>(acc + j * 32, da, db, scale_d);
  }
}
// The wgmma accumulator fragment written to a row-major [rows, ld] matrix.
// CLIP (bits: 1 rows, 2 columns): elements at a row >= rows, a column >= cols
// (the tensor's extents) are not written, each element checked (a pair may
// straddle an odd cols); an axis whose bit is clear is not checked.
template <int N, int CLIP = 0, typename S, typename T>
TW_DEV void twillc_store_acc(const S* acc, T* out, int row0, int col0, int ld, int rows = 0, int cols = 0) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int r = row0 + warp * 16 + lane / 4;
  const bool r0 = !(CLIP & 1) || r < rows, r1 = !(CLIP & 1) || r + 8 < rows;
#pragma unroll
  for (int j = 0; j < N / 64; ++j)
#pragma unroll
    for (int g = 0; g < 8; ++g) {
      const int c = col0 + j * 64 + g * 8 + (lane % 4) * 2;
      const bool c0 = !(CLIP & 2) || c < cols, c1 = !(CLIP & 2) || c + 1 < cols;
      const S* v = acc + j * 32 + g * 4;
      if (r0 && c0) out[(size_t)r * ld + c] = T(float(v[0]));
      if (r0 && c1) out[(size_t)r * ld + c + 1] = T(float(v[1]));
      if (r1 && c0) out[(size_t)(r + 8) * ld + c] = T(float(v[2]));
      if (r1 && c1) out[(size_t)(r + 8) * ld + c + 1] = T(float(v[3]));
    }
}
