"""Weight-only quantized GEMMs in Triton (int8 and packed int4 weights, f16
activations): int8 tiles loaded, unpacked with shifts and `&`, converted
with `.to(tl.float16)` (arith.sitofp) before `tl.dot`; the program's tile
coordinates computed with `%` and `//` of a scalar argument."""

import triton
import triton.language as tl


@triton.jit
def w4a16(x_ptr, w_ptr, y_ptr, M, N, K, tiles_n,
          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + offs_m[:, None] * K + offs_k[None, :]
    w_ptrs = w_ptr + offs_n[:, None] * K + offs_k[None, :]
    acc_lo = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    acc_hi = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _k in range(0, K // BLOCK_K):
        x = tl.load(x_ptrs)
        w = tl.load(w_ptrs)
        lo = ((w << 4) >> 4).to(tl.float16)
        hi = (w >> 4).to(tl.float16)
        acc_lo = tl.dot(x, tl.trans(lo), acc_lo)
        acc_hi = tl.dot(x, tl.trans(hi), acc_hi)
        x_ptrs += BLOCK_K
        w_ptrs += BLOCK_K
    y_ptrs = y_ptr + offs_m[:, None] * N + offs_n[None, :]
    tl.store(y_ptrs, acc_lo + acc_hi)


@triton.jit
def w8a16_unsigned(x_ptr, w_ptr, y_ptr, M, N, K, tiles_n,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + offs_m[:, None] * K + offs_k[None, :]
    w_ptrs = w_ptr + offs_n[:, None] * K + offs_k[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _k in range(0, K // BLOCK_K):
        x = tl.load(x_ptrs)
        w = tl.load(w_ptrs)
        s = tl.dot(x, tl.trans((w & 15).to(tl.float16)))
        acc += tl.where(offs_n[None, :] <= offs_m[:, None], s, 0.0)
        x_ptrs += BLOCK_K
        w_ptrs += BLOCK_K
    tl.store(y_ptr + offs_m[:, None] * N + offs_n[None, :], acc)
