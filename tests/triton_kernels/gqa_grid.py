"""Grouped-query attention backward (dQ) in Triton on a 3-D grid, as
production kernels launch it: `program_id(0)` the query block,
`program_id(1)` the query head, `program_id(2)` the sequence of the batch.
The G query heads of a group share one KV head (`i_hq // G`); every
sequence has its own length, read from memory at the batch's program id
(`SEQ_LENS + i_b`), which bounds the KV loop and masks the tails; each
query head of each sequence has its own learned temperature, read at the
program ids and the grid's extent along the heads (`TEMPS + i_b *
tl.num_programs(1) + i_hq`). Tensors are [batch * T, heads, D], row-major."""

import triton
import triton.language as tl


@triton.jit
def gqa_bwd_dq(
    Q, K, V, DO, LSE, DELTA, DQ, SEQ_LENS, TEMPS, T, scale,
    HQ: tl.constexpr, G: tl.constexpr, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
):
    i_m, i_hq, i_b = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    i_h = i_hq // G
    H: tl.constexpr = HQ // G
    seq_len = tl.load(SEQ_LENS + i_b)
    temp = tl.load(TEMPS + i_b * tl.num_programs(1) + i_hq)
    rows = i_m * BM + tl.arange(0, BM)
    cols = tl.arange(0, D)
    row_ok = rows < seq_len
    q_off = ((i_b * T + rows[:, None]) * HQ + i_hq) * D + cols[None, :]
    q = tl.load(Q + q_off, mask=row_ok[:, None], other=0.0)
    do = tl.load(DO + q_off, mask=row_ok[:, None], other=0.0)
    lse = tl.load(LSE + (i_b * T + rows) * HQ + i_hq, mask=row_ok, other=0.0)
    delta = tl.load(DELTA + (i_b * T + rows) * HQ + i_hq, mask=row_ok, other=0.0)
    dq = tl.zeros([BM, D], dtype=tl.float32)
    for start in range(0, seq_len, BN):
        keys = start + tl.arange(0, BN)
        key_ok = keys < seq_len
        kv_off = ((i_b * T + keys[None, :]) * H + i_h) * D + cols[:, None]
        kT = tl.load(K + kv_off, mask=key_ok[None, :], other=0.0)
        vT = tl.load(V + kv_off, mask=key_ok[None, :], other=0.0)
        s = tl.dot(q, kT) * (scale * temp)
        p = tl.where(row_ok[:, None] & key_ok[None, :], tl.math.exp2(s - lse[:, None]), 0.0)
        dp = tl.dot(do, vT)
        ds = p * (dp - delta[:, None])
        dq += tl.dot(ds.to(kT.dtype), tl.trans(kT))
    tl.store(DQ + q_off, dq * scale, mask=row_ok[:, None])


@triton.jit
def head_blocks_by_grid(X, Y, T, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    """Row blocks of one head (program_id(1)), the head's row count the
    grid's extent along x (`tl.num_programs(0) * BM`): the importer refuses
    it, the extent along x being derived from the kernel's stores."""
    i_m, i_h = tl.program_id(0), tl.program_id(1)
    n_rows = tl.num_programs(0) * BM
    rows = i_m * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for j in range(0, T, BN):
        x = tl.load(X + (i_h * n_rows + rows[:, None]) * D + j + cols[None, :])
        acc += tl.where(rows[:, None] < n_rows, x.to(tl.float32), 0.0)
    tl.store(Y + (i_h * n_rows + rows[:, None]) * BN + cols[None, :], acc)
