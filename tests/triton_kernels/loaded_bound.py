"""A loop whose bound the kernel loads from memory: each program sums an expert's weight gradient over its tokens,
`dW += dy^T x` for the rows `starts[e] .. starts[e + 1]` (a MoE backward's per-expert reduction), so the trip count
is `ceil((end - start) / BLOCK_T)` of two values in memory."""

import triton
import triton.language as tl


@triton.jit
def expert_grad(
    x_ptr, dy_ptr, dw_ptr, starts_ptr, H, N, BLOCK_T: tl.constexpr, BLOCK_H: tl.constexpr, BLOCK_N: tl.constexpr
):
    e = tl.program_id(0)
    start = tl.load(starts_ptr + e)
    count = tl.load(starts_ptr + e + 1) - start
    offs_t = tl.arange(0, BLOCK_T)
    offs_h = tl.arange(0, BLOCK_H)
    offs_n = tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_N, BLOCK_H), dtype=tl.float32)
    for t in range(0, count, BLOCK_T):
        rows = start + t + offs_t
        x = tl.load(x_ptr + rows[:, None] * H + offs_h[None, :])
        dy = tl.load(dy_ptr + rows[:, None] * N + offs_n[None, :])
        acc += tl.dot(tl.trans(dy), x)
    tl.store(dw_ptr + e * N * H + offs_n[:, None] * H + offs_h[None, :], acc.to(tl.bfloat16))
