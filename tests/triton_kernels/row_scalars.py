"""Row-at-a-time kernels in the style of norm backward passes and split-KV reductions: each iteration reads one
row as a vector (`tl.arange` over its columns, masked at the row's length) and a per-row number stored beside it
(`tl.load(rstd_ptr + row)`: a scalar load), reduces the row to one number (`tl.sum(x)`, `tl.max(x)`) and stores
one number per program (a scalar store)."""

import triton
import triton.language as tl


@triton.jit
def rms_norm_bwd_rows(
    dy_ptr,
    x_ptr,
    w_ptr,
    rstd_ptr,
    dx_ptr,
    loss_ptr,
    stride,
    n_rows,
    n_cols,
    rows_per_program,
    BLOCK_N: tl.constexpr,
):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    row_start = pid * rows_per_program
    row_end = tl.minimum(row_start + rows_per_program, n_rows)
    total = 0.0
    for row in range(row_start, row_end):
        dy = tl.load(dy_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
        x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
        rstd = tl.load(rstd_ptr + row)
        m = dy * w
        c = tl.sum(m * x, axis=0) * (1.0 / n_cols) * rstd * rstd
        dx = rstd * (m - c * x)
        dx = tl.where(mask, dx, 0.0)
        total += tl.max(tl.abs(dx))
        tl.store(dx_ptr + row * stride + cols, dx.to(tl.bfloat16), mask=mask)
    tl.store(loss_ptr + pid, total)


@triton.jit
def merge_partials(mid_o_ptr, mid_lse_ptr, o_ptr, seq_len_ptr, BLOCK_SEQ: tl.constexpr, D: tl.constexpr):
    """Split-KV decode's second stage: each partial output row weighted by its log-sum-exp, an online softmax over
    the partials (the running maximum and sum are carried numbers); the number of partials is read from memory."""
    b = tl.program_id(0)
    offs_d = tl.arange(0, D)
    seq_len = tl.load(seq_len_ptr + b)
    n_blocks = (seq_len + BLOCK_SEQ - 1) // BLOCK_SEQ
    acc = tl.zeros([D], dtype=tl.float32)
    m = -float("inf")
    s = 0.0
    for blk in range(0, n_blocks):
        v = tl.load(mid_o_ptr + (b * 64 + blk) * D + offs_d)
        lse = tl.load(mid_lse_ptr + b * 64 + blk)
        m_new = tl.maximum(m, lse)
        scale = tl.exp(m - m_new)
        p = tl.exp(lse - m_new)
        acc = acc * scale + p * v
        s = s * scale + p
        m = m_new
    tl.store(o_ptr + b * D + offs_d, acc / s)


@triton.jit
def block_scaled_mm(
    a_ptr,
    b_ptr,
    bs_ptr,
    c_ptr,
    M,
    N,
    K,
    k_blocks,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
):
    """A GEMM whose B carries one scale per (N block, K block), as block-scaled FP8 GEMMs store it: the scale of
    the K step is a scalar load (`tl.load(bs_ptr + pid_n * k_blocks + k)`), applied to the step's product."""
    pid_m = tl.program_id(0)
    pid_n = 0
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * K + offs_k[None, :]
    b_ptrs = b_ptr + offs_n[:, None] * K + offs_k[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        b_s = tl.load(bs_ptr + pid_n * k_blocks + k)
        acc += tl.dot(a, tl.trans(b)) * b_s
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)


@triton.jit
def rms_norm_bwd_dw(
    dy_ptr,
    x_ptr,
    w_ptr,
    rstd_ptr,
    dx_ptr,
    dw_ptr,
    stride,
    n_rows,
    n_cols,
    rows_per_program,
    BLOCK_N: tl.constexpr,
):
    """RMSNorm backward over whole rows (BLOCK_N up to the model's width, 4096): each program takes a run of rows,
    reads the weight once, and sums its rows' share of the weight gradient in a carried vector, stored once after
    the loop; each row's dx needs the row's `tl.sum(m * x)` (one number) before any of it is stored."""
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    dw = tl.zeros((BLOCK_N,), dtype=tl.float32)
    row_start = pid * rows_per_program
    row_end = tl.minimum(row_start + rows_per_program, n_rows)
    for row in range(row_start, row_end):
        dy = tl.load(dy_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
        x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
        rstd = tl.load(rstd_ptr + row)
        m = dy * w
        c = tl.sum(m * x, axis=0) * (1.0 / n_cols) * rstd * rstd
        dx = rstd * (m - c * x)
        dw += dy * (x * rstd)
        tl.store(dx_ptr + row * stride + cols, dx.to(tl.bfloat16), mask=mask)
    tl.store(dw_ptr + pid * n_cols + cols, dw, mask=mask)


@triton.jit
def weighted_column_sums(x_ptr, s_ptr, out_ptr, M, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """Column sums of rows weighted by a per-row scale, over masked row blocks (a dW-style reduction): the scale
    is a masked rank-1 load (`tl.load(s_ptr + rows, mask=rows < M)`), in Triton a row vector of a slice layout."""
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for start in range(0, M, BLOCK_M):
        rows = start + tl.arange(0, BLOCK_M)
        ok = rows < M
        x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=ok[:, None], other=0.0).to(tl.float32)
        s = tl.load(s_ptr + rows, mask=ok, other=0.0)
        acc += tl.sum(x * s[:, None], axis=0)
    tl.store(out_ptr + cols, acc)


@triton.jit
def rows_times_row_scale(x_ptr, w_ptr, r_ptr, y_ptr, stride, n_rows, n_cols, BLOCK_N: tl.constexpr):
    """Rows scaled by a weight and by a per-row scalar loaded in the loop (`tl.load(r_ptr + row)`, an RMSNorm's
    apply step with a stored rstd): a scalar pointer load beside the rows' masked tensor loads."""
    cols = tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
        x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
        r = tl.load(r_ptr + row)
        tl.store(y_ptr + row * stride + cols, (x * w * r).to(y_ptr.dtype.element_ty), mask=mask)
