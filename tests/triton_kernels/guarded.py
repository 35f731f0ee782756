"""Conditions in a loop's body. `guarded_grad` sums `w^T x` over row blocks with the guard real kernels write
(`rows_left = min(BLOCK_M, n_rows - t)`, `if rows_left > 0`), which the loop's range makes true in every
iteration; `alternating` adds only every other block (a condition that changes between iterations) and
`flagged` adds only when a flag argument is set (the same in every iteration, known only at run time)."""

import triton
import triton.language as tl


@triton.jit
def guarded_grad(x_ptr, w_ptr, n_rows, K, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_N, BLOCK_K), dtype=tl.float32)
    for t in range(0, n_rows, BLOCK_M):
        rows_left = tl.minimum(BLOCK_M, n_rows - t)
        if rows_left > 0:
            rows = t + offs_m
            x = tl.load(x_ptr + rows[:, None] * K + offs_k[None, :], mask=(offs_m < rows_left)[:, None])
            w = tl.load(w_ptr + rows[:, None] * N + offs_n[None, :], mask=(offs_m < rows_left)[:, None])
            acc += tl.dot(tl.trans(w), x)
    tl.store(x_ptr + offs_n[:, None] * K + offs_k[None, :], acc.to(tl.bfloat16))


@triton.jit
def alternating(x_ptr, w_ptr, n_rows, K, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_N, BLOCK_K), dtype=tl.float32)
    for t in range(0, n_rows, BLOCK_M):
        if (t // BLOCK_M) % 2 == 0:
            rows = t + offs_m
            x = tl.load(x_ptr + rows[:, None] * K + offs_k[None, :])
            w = tl.load(w_ptr + rows[:, None] * N + offs_n[None, :])
            acc += tl.dot(tl.trans(w), x)
    tl.store(x_ptr + offs_n[:, None] * K + offs_k[None, :], acc.to(tl.bfloat16))


@triton.jit
def flagged(x_ptr, w_ptr, n_rows, K, N, flag, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_N, BLOCK_K), dtype=tl.float32)
    for t in range(0, n_rows, BLOCK_M):
        if flag > 0:
            rows = t + offs_m
            x = tl.load(x_ptr + rows[:, None] * K + offs_k[None, :])
            w = tl.load(w_ptr + rows[:, None] * N + offs_n[None, :])
            acc += tl.dot(tl.trans(w), x)
    tl.store(x_ptr + offs_n[:, None] * K + offs_k[None, :], acc.to(tl.bfloat16))
