"""Persistent matmuls in the style of Triton's tutorial 09: each program walks
output tiles NUM_SMS apart (a tile loop from `tl.program_id(0)`), a K loop of
tensor-descriptor loads per tile, the tile's C stored after it. twillc imports
the tile loop as its persistent tile loop (`tile.persistent`,
twillc/frontend/ttgir_persistent.py), with tensor descriptors or pointers; the
others are refused, located."""

import triton
import triton.language as tl


@triton.jit
def matmul_persistent(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr, NUM_SMS: tl.constexpr):
    start_pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    num_tiles = num_pid_m * num_pid_n
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    for tile_id in range(start_pid, num_tiles, NUM_SMS):
        pid_m = tile_id // num_pid_n
        pid_n = tile_id % num_pid_n
        offs_am = pid_m * BLOCK_M
        offs_bn = pid_n * BLOCK_N
        accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in range(k_tiles):
            offs_k = ki * BLOCK_K
            a = a_desc.load([offs_am, offs_k])
            b = b_desc.load([offs_bn, offs_k])
            accumulator = tl.dot(a, b.T, accumulator)
        c_desc.store([offs_am, offs_bn], accumulator.to(tl.float16))


@triton.jit
def _grouped_tile(tile_id, num_pid_m, num_pid_n, GROUP_M: tl.constexpr):
    """The output tile of `tile_id` in grouped order: GROUP_M rows of tiles at
    a time (fewer in the last group), down the group's rows, then across."""
    tiles_per_group = GROUP_M * num_pid_n
    first_m = (tile_id // tiles_per_group) * GROUP_M
    rows = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + tile_id % rows
    pid_n = (tile_id % tiles_per_group) // rows
    return pid_m, pid_n


@triton.jit
def matmul_persistent_grouped(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                              BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr):
    """Tutorial 09's descriptor kernel as it is usually written: grouped tile
    order, `flatten=True`, and the epilogue's coordinates recomputed from a
    tile counter of its own (`tile_id_c`, one grid stride behind, advanced
    before the store)."""
    start_pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    tile_id_c = start_pid - NUM_SMS
    for tile_id in tl.range(start_pid, num_pid_m * num_pid_n, NUM_SMS, flatten=True):
        pid_m, pid_n = _grouped_tile(tile_id, num_pid_m, num_pid_n, GROUP_M)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in range(k_tiles):
            a = a_desc.load([pid_m * BLOCK_M, ki * BLOCK_K])
            b = b_desc.load([pid_n * BLOCK_N, ki * BLOCK_K])
            acc = tl.dot(a, b.T, acc)
        tile_id_c += NUM_SMS
        pid_m, pid_n = _grouped_tile(tile_id_c, num_pid_m, num_pid_n, GROUP_M)
        c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(tl.float16))


@triton.jit
def matmul_persistent_column_major(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                                   BLOCK_K: tl.constexpr):
    """Tiles down the columns (`tile_id % num_pid_m` the row), the grid
    `tl.num_programs(0)`: an order twillc does not recognise (refused)."""
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    for tile_id in range(tl.program_id(0), num_pid_n * num_pid_m, tl.num_programs(0)):
        pid_m = tile_id % num_pid_m
        pid_n = tile_id // num_pid_m
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in range(tl.cdiv(K, BLOCK_K)):
            a = a_desc.load([pid_m * BLOCK_M, ki * BLOCK_K])
            acc = tl.dot(a, b_desc.load([pid_n * BLOCK_N, ki * BLOCK_K]).T, acc)
        c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(tl.float16))


@triton.jit
def matmul_persistent_pointers(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BLOCK_M: tl.constexpr,
                               BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, NUM_SMS: tl.constexpr):
    """Tutorial 09's pointer kernel, row-major: the loads' rows and columns
    clamped at the tensor's edge (`tl.where`), K masked, the store masked."""
    num_pid_n = tl.cdiv(N, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    for tile_id in range(tl.program_id(0), tl.cdiv(M, BLOCK_M) * num_pid_n, NUM_SMS):
        rm = (tile_id // num_pid_n) * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = (tile_id % num_pid_n) * BLOCK_N + tl.arange(0, BLOCK_N)
        ra = tl.where(rm < M, rm, 0)
        rb = tl.where(rn < N, rn, 0)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k0 in range(0, K, BLOCK_K):
            a = tl.load(a_ptr + ra[:, None] * stride_am + (k0 + rk)[None, :], mask=(k0 + rk)[None, :] < K, other=0.0)
            b = tl.load(b_ptr + (k0 + rk)[:, None] * stride_bk + rb[None, :], mask=(k0 + rk)[:, None] < K, other=0.0)
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_persistent_carried_pointers(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                                       NUM_SMS: tl.constexpr):
    """Tutorial 03's pointers advanced by the K loop (`a_ptrs += BLOCK_K`)
    inside a tile loop: a pointer carried by the loop (refused)."""
    num_pid_n = tl.cdiv(N, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    for tile_id in range(tl.program_id(0), tl.cdiv(M, BLOCK_M) * num_pid_n, NUM_SMS):
        rm = (tile_id // num_pid_n) * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = (tile_id % num_pid_n) * BLOCK_N + tl.arange(0, BLOCK_N)
        a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
        b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for _ in range(0, tl.cdiv(K, BLOCK_K)):
            acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc)
            a_ptrs += BLOCK_K
            b_ptrs += BLOCK_K * stride_bk
        tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_persistent_cta_offset(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                                 BLOCK_K: tl.constexpr, NUM_SMS: tl.constexpr):
    """Reads `tl.program_id(0)` inside the tile loop (the K loop starts at a
    per-CTA offset): the CTA's id, not the tile's (refused)."""
    pid = tl.program_id(0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    for tile_id in range(pid, tl.cdiv(M, BLOCK_M) * num_pid_n, NUM_SMS):
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for i in range(k_tiles):
            ki = (i + pid) % k_tiles
            a = a_desc.load([(tile_id // num_pid_n) * BLOCK_M, ki * BLOCK_K])
            b = b_desc.load([(tile_id % num_pid_n) * BLOCK_N, ki * BLOCK_K])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([(tile_id // num_pid_n) * BLOCK_M, (tile_id % num_pid_n) * BLOCK_N], acc.to(tl.float16))


@triton.jit
def matmul_persistent_tile_count(a_ptr, b_ptr, c_ptr, count_ptr, M, N, K, BLOCK_M: tl.constexpr,
                                 BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, NUM_SMS: tl.constexpr):
    """Counts the tiles each program ran (carried from tile to tile) and
    stores the count after the tile loop: neither is a tile's work (refused)."""
    start_pid = tl.program_id(0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    done = 0
    for tile_id in range(start_pid, tl.cdiv(M, BLOCK_M) * num_pid_n, NUM_SMS):
        pid_m = tile_id // num_pid_n
        pid_n = tile_id % num_pid_n
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in range(tl.cdiv(K, BLOCK_K)):
            a = a_desc.load([pid_m * BLOCK_M, ki * BLOCK_K])
            acc = tl.dot(a, b_desc.load([pid_n * BLOCK_N, ki * BLOCK_K]).T, acc)
        c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(tl.float16))
        done += 1
    tl.store(count_ptr + start_pid, done)


@triton.jit
def matmul_persistent_done_flag(a_ptr, b_ptr, c_ptr, flag_ptr, M, N, K, BLOCK_M: tl.constexpr,
                                BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, NUM_SMS: tl.constexpr):
    """Marks each program done after its tile loop: a store outside the tile loop (refused)."""
    start_pid = tl.program_id(0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    for tile_id in range(start_pid, tl.cdiv(M, BLOCK_M) * num_pid_n, NUM_SMS):
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in range(tl.cdiv(K, BLOCK_K)):
            a = a_desc.load([(tile_id // num_pid_n) * BLOCK_M, ki * BLOCK_K])
            acc = tl.dot(a, b_desc.load([(tile_id % num_pid_n) * BLOCK_N, ki * BLOCK_K]).T, acc)
        c_desc.store([(tile_id // num_pid_n) * BLOCK_M, (tile_id % num_pid_n) * BLOCK_N], acc.to(tl.float16))
    tl.store(flag_ptr + start_pid, 1)
