"""An int8 x int8 GEMM in Triton accumulating in int32 (`tl.dot` of int8
tiles into a `tl.zeros(..., tl.int32)` accumulator), dequantized by a
per-row and a per-column scale after the loop."""

import triton
import triton.language as tl


@triton.jit
def scaled_int8_mm(a_ptr, b_ptr, row_scale_ptr, col_scale_ptr, c_ptr, M, N, K, tiles_n,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * K + offs_k[None, :]
    b_ptrs = b_ptr + offs_n[:, None] * K + offs_k[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    for _k in range(0, K // BLOCK_K):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc += tl.dot(a, tl.trans(b))
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
    row_scale = tl.load(row_scale_ptr + offs_m)
    col_scale = tl.load(col_scale_ptr + offs_n)
    c = acc.to(tl.float32) * row_scale[:, None] * col_scale[None, :]
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], c)
