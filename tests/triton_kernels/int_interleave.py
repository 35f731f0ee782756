"""Packed int4 weights unpacked into one tile by interleaving, as real
W4A16 kernels write it: a byte's two nibbles joined and reshaped so that
they become two consecutive K rows (`tl.join(lo, hi).permute(0, 2, 1)
.reshape(2 * BK2, BN)`), and int4 packed eight to an int32 along N widened
by `tl.interleave` three times, each column then shifted by its place in
AWQ's packed order (`[0, 4, 1, 5, 2, 6, 3, 7] * 4`, broadcast and reshaped
to the tile) and masked, less its zero point."""

import triton
import triton.language as tl


@triton.jit
def w4a16_join_rows(x_ptr, w_ptr, y_ptr, M, N, K, tiles_n,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    offs_kp = tl.arange(0, BLOCK_K // 2)
    x_ptrs = x_ptr + offs_m[:, None] * K + offs_k[None, :]
    w_ptrs = w_ptr + offs_kp[:, None] * N + offs_n[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _k in range(0, K // BLOCK_K):
        x = tl.load(x_ptrs)
        w = tl.load(w_ptrs)
        four = tl.full((1,), 4, dtype=tl.int8)
        lo = ((w << four) >> four).to(tl.float16)
        hi = (w >> four).to(tl.float16)
        w16 = tl.join(lo, hi).permute(0, 2, 1).reshape(BLOCK_K, BLOCK_N)
        acc += tl.dot(x, w16)
        x_ptrs += BLOCK_K
        w_ptrs += (BLOCK_K // 2) * N
    tl.store(y_ptr + offs_m[:, None] * N + offs_n[None, :], acc)


@triton.jit
def awq_interleave(x_ptr, w_ptr, zeros_ptr, scales_ptr, y_ptr, M, N, K, tiles_n,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    order = ((tl.arange(0, 2) * 4)[None, :] + tl.arange(0, 4)[:, None]).reshape(8)
    shifts = order * 4
    shifts = tl.broadcast_to(shifts[None, :], (BLOCK_K * (BLOCK_N // 8), 8))
    shifts = tl.reshape(shifts, (BLOCK_K, BLOCK_N))
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_p = pid_n * (BLOCK_N // 8) + tl.arange(0, BLOCK_N // 8)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + offs_m[:, None] * K + offs_k[None, :]
    w_ptrs = w_ptr + offs_k[:, None] * (N // 8) + offs_p[None, :]
    zeros = tl.load(zeros_ptr + offs_p[None, :])
    zeros = tl.interleave(zeros, zeros)
    zeros = tl.interleave(zeros, zeros)
    zeros = tl.interleave(zeros, zeros)
    zeros = (tl.broadcast_to(zeros, (BLOCK_K, BLOCK_N)) >> shifts) & 0xF
    scales = tl.load(scales_ptr + offs_n[None, :])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _k in range(0, K // BLOCK_K):
        x = tl.load(x_ptrs)
        w = tl.load(w_ptrs)
        w = tl.interleave(w, w)
        w = tl.interleave(w, w)
        w = tl.interleave(w, w)
        w = ((w >> shifts) & 0xF) - zeros
        acc = tl.dot(x, w.to(tl.float16) * scales, acc)
        x_ptrs += BLOCK_K
        w_ptrs += BLOCK_K * (N // 8)
    tl.store(y_ptr + offs_m[:, None] * N + offs_n[None, :], acc)
