"""Kernels over one vector per program, written as decode attention and vocabulary-chunk losses are: a decode
attention of one query against a sequence of keys (the query scaled and rounded to bf16, broadcast down the keys'
rows; the scores' sum per key in bf16, masked past the sequence's end; a running max and sum carried as numbers and
the output row accumulated by a column sum), and a log-sum-exp over a vocabulary in 4096-element chunks."""

import triton
import triton.language as tl


@triton.jit
def decode_one_query(Q, K, V, Out, seq_len, scale, BS: tl.constexpr, D: tl.constexpr):
    pid = tl.program_id(0)
    offs_s = tl.arange(0, BS)
    offs_d = tl.arange(0, D)
    q = (tl.load(Q + pid * D + offs_d).to(tl.float32) * scale).to(tl.bfloat16)
    m = float("-inf")
    d = 0.0
    acc = tl.zeros([D], dtype=tl.float32)
    for start in range(0, seq_len, BS):
        k = tl.load(K + (start + offs_s)[:, None] * D + offs_d[None, :])
        v = tl.load(V + (start + offs_s)[:, None] * D + offs_d[None, :])
        s = tl.sum(q[None, :] * k, axis=1)
        s = tl.where(start + offs_s < seq_len, s, float("-inf")).to(tl.float32)
        m_new = tl.maximum(m, tl.max(s))
        p = tl.exp(s - m_new)
        alpha = tl.exp(m - m_new)
        d = d * alpha + tl.sum(p)
        acc = acc * alpha + tl.sum(p[:, None] * v.to(tl.float32), axis=0)
        m = m_new
    tl.store(Out + pid * D + offs_d, acc / d)


@triton.jit
def logsumexp_chunks(X, LSE, n_cols, scale, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = float("-inf")
    d = 0.0
    for start in range(0, n_cols, BLOCK):
        x = tl.load(X + pid * n_cols + start + offs, mask=start + offs < n_cols, other=float("-inf"))
        x = x.to(tl.float32) * scale
        m_new = tl.maximum(m, tl.max(x))
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new))
        m = m_new
    tl.store(LSE + pid, m + tl.log(d))
