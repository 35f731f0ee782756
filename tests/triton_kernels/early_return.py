"""An early return, as cross-entropy kernels write it for an ignored label: `masked_scale` reads its row's
label, and where it is the ignored one zeroes the row and returns; otherwise it stores the row scaled.
Each branch is a conditional region: its loop runs under the branch's condition (zero trips where the
other branch is taken). `row_sums` sums its row block's chunks unless the label is ignored; the stores
outside the loops of each branch (the zeros, the sums after the loop) are regions of one trip under it."""

import triton
import triton.language as tl


@triton.jit
def masked_scale(x_ptr, y_ptr, label_ptr, n_cols, ignore_index, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    label = tl.load(label_ptr + pid)
    if label == ignore_index:
        for off in range(0, n_cols, BLOCK):
            tl.store(y_ptr + rows[:, None] * n_cols + off + cols[None, :], tl.zeros([ROWS, BLOCK], tl.bfloat16))
        return
    for off in range(0, n_cols, BLOCK):
        x = tl.load(x_ptr + rows[:, None] * n_cols + off + cols[None, :]).to(tl.float32)
        tl.store(y_ptr + rows[:, None] * n_cols + off + cols[None, :], (x * 2.0).to(tl.bfloat16))


@triton.jit
def row_sums(x_ptr, s_ptr, label_ptr, n_cols, ignore_index, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    label = tl.load(label_ptr + pid)
    if label == ignore_index:
        tl.store(s_ptr + rows[:, None] * BLOCK + cols[None, :], tl.zeros([ROWS, BLOCK], tl.float16))
        return
    acc = tl.zeros([ROWS, BLOCK], tl.float32)
    for off in range(0, n_cols, BLOCK):
        acc += tl.load(x_ptr + rows[:, None] * n_cols + off + cols[None, :]).to(tl.float32)
    tl.store(s_ptr + rows[:, None] * BLOCK + cols[None, :], acc.to(tl.float16))


@triton.jit
def flagged_clear(x_ptr, y_ptr, s_ptr, flag_ptr, n_cols, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    """A loop under a condition read from memory (`if flag: for ...`, an `scf.if` at kernel level), then the
    kernel's loop, and a store only the first program makes (`if pid == 0: tl.store`)."""
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    if tl.load(flag_ptr) != 0:
        for off in range(0, n_cols, BLOCK):
            tl.store(y_ptr + rows[:, None] * n_cols + off + cols[None, :], tl.zeros([ROWS, BLOCK], tl.float16))
    acc = tl.zeros([ROWS, BLOCK], tl.float32)
    for off in range(0, n_cols, BLOCK):
        acc += tl.load(x_ptr + rows[:, None] * n_cols + off + cols[None, :]).to(tl.float32)
    if pid == 0:
        tl.store(s_ptr + rows[:, None] * BLOCK + cols[None, :], acc.to(tl.float16))
