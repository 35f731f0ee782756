"""A condition on the loop's first iteration, as Inductor's Welford reductions write it: `running_stats`
keeps a running mean and sum of squared deviations (Welford) of each element of a [ROWS, BLOCK] tile over
a row block's column chunks, the first chunk initializing them (`if off == 0`), the others updating them;
both branches only compute values, so the import computes both and selects on the condition.
`first_store` also writes its first chunk (a branch with a store: refused)."""

import triton
import triton.language as tl


@triton.jit
def running_stats(x_ptr, mean_ptr, m2_ptr, n_cols, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    mean = tl.zeros([ROWS, BLOCK], tl.float32)
    m2 = tl.zeros([ROWS, BLOCK], tl.float32)
    for off in range(0, n_cols, BLOCK):
        x = tl.load(x_ptr + rows[:, None] * n_cols + off + cols[None, :]).to(tl.float32)
        if off == 0:
            new_mean = x
            new_m2 = tl.zeros([ROWS, BLOCK], tl.float32)
        else:
            delta = x - mean
            new_mean = mean + delta / (off // BLOCK + 1).to(tl.float32)
            new_m2 = m2 + delta * (x - new_mean)
        mean = new_mean
        m2 = new_m2
    tl.store(mean_ptr + rows[:, None] * BLOCK + cols[None, :], mean)
    tl.store(m2_ptr + rows[:, None] * BLOCK + cols[None, :], m2)


@triton.jit
def first_store(x_ptr, y_ptr, n_cols, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    acc = tl.zeros([ROWS, BLOCK], tl.float32)
    for off in range(0, n_cols, BLOCK):
        x = tl.load(x_ptr + rows[:, None] * n_cols + off + cols[None, :]).to(tl.float32)
        if off == 0:
            tl.store(y_ptr + rows[:, None] * BLOCK + cols[None, :], x)
        acc += x
    tl.store(y_ptr + rows[:, None] * BLOCK + cols[None, :], acc)
