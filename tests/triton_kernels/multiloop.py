"""Kernels with several loops run one after another, written as norm and softmax kernels are: a two-pass RMSNorm
(the rows' sums of squares over column chunks, then the chunks normalized and scaled by the weight), and an
online softmax (running max and rescaled sum carried by the first loop, the rows' logsumexp stored between the loops,
the normalized chunks stored by the second)."""

import triton
import triton.language as tl


@triton.jit
def rmsnorm_two_pass(X, W, Y, N, stride_x, stride_y, inv_n, eps, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    x_ptrs = X + rows[:, None] * stride_x + cols[None, :]
    y_ptrs = Y + rows[:, None] * stride_y + cols[None, :]
    ss = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        x = tl.load(x_ptrs + off).to(tl.float32)
        ss += tl.sum(x * x, axis=1)
    rstd = 1 / tl.sqrt(ss * inv_n + eps)
    for off in range(0, N, BLOCK_N):
        x = tl.load(x_ptrs + off).to(tl.float32)
        w = tl.load(W + off + cols)
        y = x * rstd[:, None] * w[None, :]
        tl.store(y_ptrs + off, y.to(Y.dtype.element_ty))


@triton.jit
def softmax_online(X, Y, LSE, N, stride_x, stride_y, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    x_ptrs = X + rows[:, None] * stride_x + cols[None, :]
    y_ptrs = Y + rows[:, None] * stride_y + cols[None, :]
    m = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    d = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        x = tl.load(x_ptrs + off)
        m_new = tl.maximum(m, tl.max(x, axis=1))
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new[:, None]), axis=1)
        m = m_new
    tl.store(LSE + rows, m + tl.log(d))
    for off in range(0, N, BLOCK_N):
        x = tl.load(x_ptrs + off)
        tl.store(y_ptrs + off, tl.exp(x - m[:, None]) / d[:, None])


@triton.jit
def norm_rows_flagged(X, Y, FLAG, N, stride_x, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """A loop under a runtime condition, then another: not one sequence (refused at the first)."""
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    x_ptrs = X + rows[:, None] * stride_x + cols[None, :]
    y_ptrs = Y + rows[:, None] * stride_x + cols[None, :]
    if tl.load(FLAG) != 0:
        for off in range(0, N, BLOCK_N):
            tl.store(y_ptrs + off, tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32))
    s = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        s += tl.sum(tl.load(x_ptrs + off), axis=1)
    tl.store(Y + rows, s)


@triton.jit
def softmax_lse_first_block(X, Y, LSE, N, stride_x, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """Two loops, then a store only the first program makes: a conditional region of one trip."""
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    x_ptrs = X + rows[:, None] * stride_x + cols[None, :]
    m = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    d = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        x = tl.load(x_ptrs + off)
        m_new = tl.maximum(m, tl.max(x, axis=1))
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new[:, None]), axis=1)
        m = m_new
    for off in range(0, N, BLOCK_N):
        x = tl.load(x_ptrs + off)
        tl.store(Y + rows[:, None] * stride_x + cols[None, :] + off, tl.exp(x - m[:, None]) / d[:, None])
    if pid == 0:
        tl.store(LSE + rows, m + tl.log(d))


@triton.jit
def rmsnorm_persistent(X, Y, M, N, stride, inv_n, eps, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       NUM_SMS: tl.constexpr):
    """Both passes inside a persistent loop over row blocks (the CTA's work items): still one sequence."""
    cols = tl.arange(0, BLOCK_N)
    for tile in range(tl.program_id(0), tl.cdiv(M, BLOCK_M), NUM_SMS):
        rows = tile * BLOCK_M + tl.arange(0, BLOCK_M)
        x_ptrs = X + rows[:, None] * stride + cols[None, :]
        ss = tl.zeros((BLOCK_M,), dtype=tl.float32)
        for off in range(0, N, BLOCK_N):
            x = tl.load(x_ptrs + off).to(tl.float32)
            ss += tl.sum(x * x, axis=1)
        rstd = tl.rsqrt(ss * inv_n + eps)
        for off in range(0, N, BLOCK_N):
            x = tl.load(x_ptrs + off).to(tl.float32)
            tl.store(Y + rows[:, None] * stride + cols[None, :] + off, (x * rstd[:, None]).to(tl.float16))


@triton.jit
def sums_then_tail(X, S, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, REPEAT: tl.constexpr):
    """A loop nest (a loop inside a loop), then a loop after it: not one sequence (refused at the inner loop)."""
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    x_ptrs = X + rows[:, None] * stride + tl.arange(0, BLOCK_N)[None, :]
    s = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for _r in range(0, REPEAT):
        for off in range(0, N, BLOCK_N):
            s += tl.sum(tl.load(x_ptrs + off), axis=1)
    for off in range(0, N, BLOCK_N):
        s += tl.sum(tl.exp(tl.load(x_ptrs + off)), axis=1)
    tl.store(S + rows, s)


@triton.jit
def row_sums_store_once(X, S, N, stride_x, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """A decode's shape: the rows' sums over column chunks, then a loop that runs once when there was a chunk to
    sum and not at all otherwise (`range(0, need_store)`), storing them: a loop of zero or one trips."""
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    x_ptrs = X + rows[:, None] * stride_x + tl.arange(0, BLOCK_N)[None, :]
    s = tl.zeros((BLOCK_M,), dtype=tl.float32)
    n_blocks = N // BLOCK_N
    for blk in range(0, n_blocks):
        x = tl.load(x_ptrs + blk * BLOCK_N)
        s += tl.sum(x * x, axis=1)
    need_store = tl.minimum(n_blocks, 1)
    for _ in range(0, need_store):
        tl.store(S + rows, tl.sqrt(s))


@triton.jit
def rmsnorm_row_masked(X, W, Y, N, stride, eps, BLOCK: tl.constexpr):
    """One row per program, as inference RMSNorms are written: the sum of squares over masked column chunks, then
    the chunks normalized, scaled by the weight and stored (a second loop without results)."""
    row = tl.program_id(0)
    x_row = X + row * stride
    y_row = Y + row * stride
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_row + cols, mask=cols < N, other=0.0).to(tl.float32)
        acc += x * x
    rstd = 1 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < N
        w = tl.load(W + cols, mask=mask).to(tl.float32)
        x = tl.load(x_row + cols, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_row + cols, (x * rstd * w).to(Y.dtype.element_ty), mask=mask)
