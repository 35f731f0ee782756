"""Weight-only quantized GEMMs in Triton whose integer weights are unpacked
by shifts of a tensor of amounts, masks, zero points and conversions: int4
packed eight to an int32 along K (GPTQ's layout, the shift of each row
`(offs_k % 8) * 4`), unsigned int8 bytes holding two int4 (`>>` of a uint8
tile is logical, its `.to` unsigned), and int16 weights converted to bf16."""

import triton
import triton.language as tl


@triton.jit
def w4a16_packed_k(x_ptr, w_ptr, scales_ptr, zeros_ptr, y_ptr, M, N, K, tiles_n,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + offs_m[:, None] * K + offs_k[None, :]
    # eight K rows share one int32 of each column: row k reads bits 4 (k % 8) ..
    w_ptrs = w_ptr + (offs_k[:, None] // 8) * N + offs_n[None, :]
    shifts = (offs_k % 8) * 4
    zero_shifts = (offs_n % 8) * 4
    scales = tl.load(scales_ptr + offs_n)
    zeros = tl.load(zeros_ptr + offs_n // 8)
    zeros = ((zeros >> zero_shifts) & 0xF).to(tl.float16) * scales
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _k in range(0, K // BLOCK_K):
        x = tl.load(x_ptrs)
        w = tl.load(w_ptrs)
        w = (w >> shifts[:, None]) & 0xF
        w = w.to(tl.float16) * scales[None, :] - zeros[None, :]
        acc += tl.dot(x, w)
        x_ptrs += BLOCK_K
        w_ptrs += (BLOCK_K // 8) * N
    tl.store(y_ptr + offs_m[:, None] * N + offs_n[None, :], acc)


@triton.jit
def w4a16_unsigned_bytes(x_ptr, w_ptr, y_ptr, M, N, K, tiles_n,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + offs_m[:, None] * K + offs_k[None, :]
    w_ptrs = w_ptr + offs_k[:, None] * N + offs_n[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _k in range(0, K // BLOCK_K):
        x = tl.load(x_ptrs)
        w = tl.load(w_ptrs)
        lo = (w & 0xF).to(tl.float16) - 8.0
        hi = (w >> 4).to(tl.float16) - 8.0
        acc = tl.dot(x, lo, acc)
        acc = tl.dot(x, hi, acc)
        x_ptrs += BLOCK_K
        w_ptrs += BLOCK_K * N
    tl.store(y_ptr + offs_m[:, None] * N + offs_n[None, :], acc)


@triton.jit
def bf16_int16(x_ptr, w_ptr, y_ptr, M, N, K, tiles_n,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tiles_n
    pid_n = pid % tiles_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + offs_m[:, None] * K + offs_k[None, :]
    w_ptrs = w_ptr + offs_k[:, None] * N + offs_n[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _k in range(0, K // BLOCK_K):
        x = tl.load(x_ptrs)
        w = tl.load(w_ptrs).to(tl.bfloat16)
        acc = tl.dot(x, w, acc)
        x_ptrs += BLOCK_K
        w_ptrs += BLOCK_K * N
    tl.store(y_ptr + offs_m[:, None] * N + offs_n[None, :], acc)
