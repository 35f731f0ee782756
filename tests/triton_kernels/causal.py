"""Causal attention forward in Triton, the mask written as tutorial 06
writes it: index vectors `offs_m`, `offs_n` from `tl.arange`, offset by the
program's rows and the loop's column block, compared after broadcasting."""

import triton
import triton.language as tl


@triton.jit
def attn_fwd_causal(
    Q, K, V, Out, sm_scale, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr
):
    """Every KV block up to the diagonal in one loop, the mask applied in
    each iteration (`tl.where(mask, qk, -inf)`): twillc's mask-split finds
    the blocks left of the diagonal, which need none."""
    start_m = tl.program_id(0)
    desc_q = tl.make_tensor_descriptor(
        Q, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_M, HEAD_DIM]
    )
    desc_k = tl.make_tensor_descriptor(
        K, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_N, HEAD_DIM]
    )
    desc_v = tl.make_tensor_descriptor(
        V, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_N, HEAD_DIM]
    )
    desc_o = tl.make_tensor_descriptor(
        Out, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_M, HEAD_DIM]
    )
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = desc_q.load([start_m * BLOCK_M, 0])
    for start_n in tl.range(0, (start_m + 1) * BLOCK_M, BLOCK_N):
        k = desc_k.load([start_n, 0]).T
        qk = tl.dot(q, k) * qk_scale
        mask = offs_m[:, None] >= (start_n + offs_n[None, :])
        qk = tl.where(mask, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_ij = tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = desc_v.load([start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc)
        l_i = l_i * alpha + l_ij
        m_i = m_ij
    acc = acc / l_i[:, None]
    desc_o.store([start_m * BLOCK_M, 0], acc.to(tl.float16))


@triton.jit
def attn_fwd_on_band(
    Q, K, V, Out, sm_scale, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr
):
    """Tutorial 06's `_attn_fwd_inner` at STAGE 2, the blocks on the
    diagonal: `lo = start_m * BLOCK_M`, the mask added to the scores."""
    start_m = tl.program_id(0)
    desc_q = tl.make_tensor_descriptor(
        Q, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_M, HEAD_DIM]
    )
    desc_k = tl.make_tensor_descriptor(
        K, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_N, HEAD_DIM]
    )
    desc_v = tl.make_tensor_descriptor(
        V, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_N, HEAD_DIM]
    )
    desc_o = tl.make_tensor_descriptor(
        Out, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_M, HEAD_DIM]
    )
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = desc_q.load([start_m * BLOCK_M, 0])
    lo, hi = start_m * BLOCK_M, (start_m + 1) * BLOCK_M
    for start_n in tl.range(lo, hi, BLOCK_N):
        k = desc_k.load([start_n, 0]).T
        qk = tl.dot(q, k)
        mask = offs_m[:, None] >= (start_n + offs_n[None, :])
        qk = qk * qk_scale + tl.where(mask, 0, -1.0e6)
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        qk -= m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_ij = tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = desc_v.load([start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc)
        l_i = l_i * alpha + l_ij
        m_i = m_ij
    acc = acc / l_i[:, None]
    desc_o.store([start_m * BLOCK_M, 0], acc.to(tl.float16))
