"""Decode attention over a latent KV cache, in the style of the MLA decode
kernels serving stacks ship: one program per sequence, the query heads of one
latent group (few rows: 16) against blocks of BLOCK_N cached tokens whose one
latent vector of D = 512 columns is both the key and the value, an online
softmax over the blocks. The accumulator is [H, D] = [16, 512]."""

import triton
import triton.language as tl


@triton.jit
def latent_decode(Q, KV, Out, sm_scale, n_blocks, H: tl.constexpr, D: tl.constexpr, BLOCK_N: tl.constexpr):
    b = tl.program_id(0)
    offs_h = tl.arange(0, H)
    offs_d = tl.arange(0, D)
    offs_n = tl.arange(0, BLOCK_N)
    q = tl.load(Q + (b * H + offs_h[:, None]) * D + offs_d[None, :])
    m_i = tl.full([H], float("-inf"), tl.float32)
    l_i = tl.zeros([H], dtype=tl.float32)
    acc = tl.zeros([H, D], dtype=tl.float32)
    for j in range(0, n_blocks):
        kv = tl.load(KV + ((b * n_blocks + j) * BLOCK_N + offs_n[None, :]) * D + offs_d[:, None])
        qk = tl.dot(q, kv) * sm_scale
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.bfloat16), tl.trans(kv))
        l_i = l_i * alpha + tl.sum(p, 1)
        m_i = m_new
    tl.store(Out + (b * H + offs_h[:, None]) * D + offs_d[None, :], acc / l_i[:, None])
