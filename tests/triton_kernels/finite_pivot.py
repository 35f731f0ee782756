"""Causal attention forward whose online softmax keeps its pivot finite for
rows that have seen no valid key yet (the row maximum still -inf), as
sglang's and flash-linear-attention's kernels do: `tl.where(m == -inf, 0,
m)` is a comparison of float data, not of indices, and the select it
drives depends on the scores."""

import triton
import triton.language as tl


@triton.jit
def attn_fwd_finite_pivot(
    Q, K, V, Out, sm_scale, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr
):
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
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = desc_q.load([start_m * BLOCK_M, 0])
    for start_n in tl.range(0, (start_m + 1) * BLOCK_M, BLOCK_N):
        k = desc_k.load([start_n, 0]).T
        qk = tl.dot(q, k) * qk_scale
        mask = offs_m[:, None] >= (start_n + offs_n[None, :])
        qk = tl.where(mask, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        m_w = tl.where(m_ij == float("-inf"), 0.0, m_ij)  # no valid key yet: a finite pivot
        p = tl.math.exp2(qk - m_w[:, None])
        alpha = tl.math.exp2(m_i - m_w)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = desc_v.load([start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc * alpha[:, None])
        m_i = m_ij
    acc = acc / l_i[:, None]
    desc_o.store([start_m * BLOCK_M, 0], acc.to(tl.float16))
