"""Column statistics over row blocks: per-column max and sum (`tl.max` / `tl.sum` along axis 0), the column max
broadcast back down the rows (`cm[None, :]`), and the element-wise math of `tl.sqrt`, `tl.abs` and `tl.erf`."""

import triton
import triton.language as tl


@triton.jit
def column_stats(x_ptr, y_ptr, s_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    offs_n = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_m = tl.arange(0, BLOCK_M)
    x_ptrs = x_ptr + offs_m[:, None] * N + offs_n[None, :]
    y_ptrs = y_ptr + offs_m[:, None] * N + offs_n[None, :]
    s = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for _blk in range(0, tl.cdiv(M, BLOCK_M)):
        x = tl.load(x_ptrs).to(tl.float32)
        y = tl.sqrt(tl.abs(x)) + tl.erf(x)
        cm = tl.max(y, axis=0)
        z = y - cm[None, :]
        s += tl.sum(z, axis=0)
        tl.store(y_ptrs, z.to(tl.float16))
        x_ptrs += BLOCK_M * N
        y_ptrs += BLOCK_M * N
    tl.store(s_ptr + offs_n, s)
