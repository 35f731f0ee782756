"""Small @triton.jit kernels for the importer's lit cases
(tests/filecheck/triton/import-forms.test): what real kernels write that the
tutorials do not."""

import triton
import triton.language as tl


@triton.jit
def _row_sum(x, n):
    return tl.sum(x, axis=3)


@triton.jit
def bad_axis(x_ptr, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, _row_sum(x, n))


@triton.jit
def decayed_sum(x_ptr, y_ptr, decay, n, B: tl.constexpr, OUT: tl.constexpr = tl.float32):
    offs = tl.arange(0, B)
    acc = tl.zeros([B], dtype=tl.float32)
    w = 1.0
    for i in range(0, n):
        x = tl.load(x_ptr + i * B + offs)
        acc = acc + x * w
        w = w * decay
    tl.store(y_ptr + offs, acc.to(OUT))


@triton.jit
def two_pass(x_ptr, y_ptr, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    acc = tl.zeros([B], dtype=tl.float32)
    for i in range(0, n):
        acc += tl.load(x_ptr + i * B + offs)
    for i in range(0, n):
        tl.store(y_ptr + i * B + offs, tl.load(x_ptr + i * B + offs) - acc)


@triton.jit
def scaled_rows(x_ptr, s_ptr, y_ptr, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    acc = tl.zeros([B], dtype=tl.float32)
    for i in range(0, n):
        s = tl.load(s_ptr + i)
        acc += tl.load(x_ptr + i * B + offs) * s
    tl.store(y_ptr + offs, acc)


@triton.jit
def desc_gemm(a_desc, b_desc, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, MODE: tl.constexpr):
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for k in range(0, K, BK):
        a = a_desc.load([tl.program_id(0) * BM, k])
        b = b_desc.load([k, 0])
        acc = tl.dot(a, b, acc)
    if MODE == "store":
        rows = tl.arange(0, BM)
        cols = tl.arange(0, BN)
        tl.store(c_ptr + rows[:, None] * BN + cols[None, :], acc.to(tl.bfloat16))


@triton.jit
def mxfp8_gemm(a_desc, b_desc, sa_ptr, sb_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    ks = tl.arange(0, BK // 32)
    for k in range(0, K, BK):
        a = a_desc.load([tl.program_id(0) * BM, k])
        b = b_desc.load([0, k])
        sa = tl.load(sa_ptr + rows[:, None] * (K // 32) + k // 32 + ks[None, :])
        sb = tl.load(sb_ptr + cols[:, None] * (K // 32) + k // 32 + ks[None, :])
        acc = tl.dot_scaled(a, sa, "e4m3", b.T, sb, "e4m3", acc)
    tl.store(c_ptr + rows[:, None] * BN + cols[None, :], acc.to(tl.bfloat16))


@triton.jit
def _gate(x, y):
    return x * tl.sigmoid(x) * y


@triton.jit
def gated_sum(a_ptr, b_ptr, c_ptr, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    acc = tl.zeros([B], dtype=tl.float32)
    for i in range(0, n):
        a = tl.load(a_ptr + i * B + offs)
        b = tl.load(b_ptr + i * B + offs)
        acc += _gate(a, b)
    tl.store(c_ptr + offs, acc)


@triton.jit
def masked_rows(x_ptr, y_ptr, n_rows, n_cols, K, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    row_ok = rows < n_rows
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for k in range(0, K):
        cols = k * BN + tl.arange(0, BN)
        x = tl.load(x_ptr + rows[:, None] * K * BN + cols[None, :])
        ok = row_ok[:, None] & (cols < n_cols)[None, :]
        acc += tl.where(ok, x, 0.0)
    tl.store(y_ptr + rows[:, None] * BN + tl.arange(0, BN)[None, :], acc)
