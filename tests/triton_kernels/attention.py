"""Triton tutorial 06 (fused attention), forward, non-causal: the tutorial's
`_attn_fwd_inner` loop with device-side tensor descriptors, one (batch, head)
slice of N_CTX x HEAD_DIM per program."""

import triton
import triton.language as tl


@triton.jit
def attn_fwd(Q, K, V, Out, sm_scale, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    start_m = tl.program_id(0)
    desc_q = tl.make_tensor_descriptor(Q, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_M, HEAD_DIM])  # noqa: E501
    desc_k = tl.make_tensor_descriptor(K, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_N, HEAD_DIM])  # noqa: E501
    desc_v = tl.make_tensor_descriptor(V, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_N, HEAD_DIM])  # noqa: E501
    desc_o = tl.make_tensor_descriptor(Out, shape=[N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=[BLOCK_M, HEAD_DIM])  # noqa: E501
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = desc_q.load([start_m * BLOCK_M, 0])
    for start_n in tl.range(0, N_CTX, BLOCK_N):
        k = desc_k.load([start_n, 0]).T
        qk = tl.dot(q, k)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_ij = tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = desc_v.load([start_n, 0])
        p = p.to(tl.float16)
        acc = tl.dot(p, v, acc)
        l_i = l_i * alpha + l_ij
        m_i = m_ij
    acc = acc / l_i[:, None]
    desc_o.store([start_m * BLOCK_M, 0], acc.to(tl.float16))


@triton.jit
def attn_bwd_dkdv(Q, K, V, DO, DK, DV, M, D, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M1: tl.constexpr,
                  BLOCK_N1: tl.constexpr):
    """Tutorial 06's `_attn_bwd_dkdv` (unmasked): dK, dV of one KV block,
    Q^T and dO streamed. `m[None, :]` broadcasts a column: no tile form."""
    start_n = tl.program_id(0) * BLOCK_N1
    offs_n = start_n + tl.arange(0, BLOCK_N1)
    offs_k = tl.arange(0, HEAD_DIM)
    k = tl.load(K + offs_n[:, None] * HEAD_DIM + offs_k[None, :])
    v = tl.load(V + offs_n[:, None] * HEAD_DIM + offs_k[None, :])
    dv = tl.zeros([BLOCK_N1, HEAD_DIM], dtype=tl.float32)
    dk = tl.zeros([BLOCK_N1, HEAD_DIM], dtype=tl.float32)
    offs_m = tl.arange(0, BLOCK_M1)
    qT_ptrs = Q + offs_m[None, :] * HEAD_DIM + offs_k[:, None]
    do_ptrs = DO + offs_m[:, None] * HEAD_DIM + offs_k[None, :]
    curr_m = 0
    for _blk in range(N_CTX // BLOCK_M1):
        qT = tl.load(qT_ptrs)
        offs_m = curr_m + tl.arange(0, BLOCK_M1)
        m = tl.load(M + offs_m)
        qkT = tl.dot(k, qT)
        pT = tl.math.exp2(qkT - m[None, :])
        do = tl.load(do_ptrs)
        ppT = pT.to(tl.float16)
        dv += tl.dot(ppT, do)
        Di = tl.load(D + offs_m)
        dpT = tl.dot(v, tl.trans(do)).to(tl.float32)
        dsT = pT * (dpT - Di[None, :])
        dsT = dsT.to(tl.float16)
        dk += tl.dot(dsT, tl.trans(qT))
        curr_m += BLOCK_M1
        qT_ptrs += BLOCK_M1 * HEAD_DIM
        do_ptrs += BLOCK_M1 * HEAD_DIM
    tl.store(DV + offs_n[:, None] * HEAD_DIM + offs_k[None, :], dv.to(tl.float16))
    tl.store(DK + offs_n[:, None] * HEAD_DIM + offs_k[None, :], dk.to(tl.float16))


@triton.jit
def attn_bwd_dq(Q, K, V, DO, DQ, M, D, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M2: tl.constexpr,
                BLOCK_N2: tl.constexpr):
    """Tutorial 06's `_attn_bwd_dq` (unmasked): dQ of one Q block, K^T and V^T streamed."""
    start_m = tl.program_id(0) * BLOCK_M2
    offs_m = start_m + tl.arange(0, BLOCK_M2)
    offs_k = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + offs_m[:, None] * HEAD_DIM + offs_k[None, :])
    do = tl.load(DO + offs_m[:, None] * HEAD_DIM + offs_k[None, :])
    m = tl.load(M + offs_m)[:, None]
    Di = tl.load(D + offs_m)
    dq = tl.zeros([BLOCK_M2, HEAD_DIM], dtype=tl.float32)
    offs_n = tl.arange(0, BLOCK_N2)
    kT_ptrs = K + offs_n[None, :] * HEAD_DIM + offs_k[:, None]
    vT_ptrs = V + offs_n[None, :] * HEAD_DIM + offs_k[:, None]
    for _blk in range(N_CTX // BLOCK_N2):
        kT = tl.load(kT_ptrs)
        vT = tl.load(vT_ptrs)
        qk = tl.dot(q, kT)
        p = tl.math.exp2(qk - m)
        dp = tl.dot(do, vT).to(tl.float32)
        ds = p * (dp - Di[:, None])
        ds = ds.to(tl.float16)
        dq += tl.dot(ds, tl.trans(kT))
        kT_ptrs += BLOCK_N2 * HEAD_DIM
        vT_ptrs += BLOCK_N2 * HEAD_DIM
    tl.store(DQ + offs_m[:, None] * HEAD_DIM + offs_k[None, :], dq.to(tl.float16))
