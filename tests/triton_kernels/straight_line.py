"""A kernel with no loop: each program computes one [BLOCK_M, BLOCK_N] tile of a SwiGLU, `silu(a) * b` (the gate in
f32, the product in the input's type), as element-wise Triton kernels do. Imported as a loop of one trip."""

import triton
import triton.language as tl


@triton.jit
def silu(x):
    return x * tl.sigmoid(x)


@triton.jit
def swiglu_tile(a_ptr, b_ptr, c_ptr, n_cols, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    offs = rows[:, None] * n_cols + cols[None, :]
    a = tl.load(a_ptr + offs).to(tl.float32)
    b = tl.load(b_ptr + offs)
    c = silu(a).to(b.dtype) * b
    tl.store(c_ptr + offs, c)
