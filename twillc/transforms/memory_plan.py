"""Where the kernel keeps each ring and channel: the one allocation rule that
`joint-schedule` (through `smem_plan`, to return only schedules whose kernel
fits), `warp-specialize` (writing each channel's memory into the
warp-specialized IR) and the CUDA emitter (allocating it) all use.

Tensor memory, on sm_100a (`plan_tmem`), 512 columns of 128 lanes, in this
order:
1. the ring of each channel an MMA issued by tcgen05 writes (`umma_shape`)
   and the cost model keeps in tensor memory: the MMA writes the slot itself;
2. a column block for each carried accumulator from zeros that stays there
   for the whole loop (`accumulates_in_place`), for each carried tile a
   column-chunked update yields and only such updates read
   (`chunk_carried`: `acc = acc + part * scale`, updated there 32 columns
   at a time), and for FA4's O rescaled and accumulated on one role
   (`rescaled_in_tmem`: `o = mma(p, v, o * alpha)`);
3. a scratch accumulator per role for its other tcgen05 MMAs (as wide as its
   widest); these three must fit, or the kernel is refused;
4. then, in program order, while columns last, the ring of each other
   [128, N] f32 register tile crossing roles (FA4 hands P over there), the
   tiles that must stay in tensor memory (`tmem_resident`) before those
   that may go to shared memory, but an MMA result whose accumulator is a
   channel: that one is written in place, in its accumulator's slot, when
   that slot is in tensor memory; `TmemPlan.needed` is what steps 1-4 need
   for the tiles that must stay, which the joint search counts
   (`tmem_demands`, `twillc.scheduling.lifetimes.tmem_columns`);
5. an f16 / bf16 MMA A operand computed from an MMA result S of the same
   iteration (FA4's P = cast<f16>(exp2(S - m)), `tmem_alias`) takes the
   first columns of S's slot (FA4 writes P over S): the schedule keeps S's
   slot until the MMA reading P completes (`ir_graph` adds that read);
6. the tiles the cost model keeps in tensor memory that cross roles with no
   columns left (`tmem_resident`) are neither there nor in shared memory:
   the emitter refuses them (a located error, `twillc.lowering.cuda.preconditions`).
A register tile an MMA reads as its transposed A (`a_transposed`: the
backward's dV += P^T dO, dK += dS^T Q) never takes columns: tcgen05.mma reads
A from tensor memory K-major only, the transpose bit of its instruction
descriptor applying to a shared-memory A (PTX ISA 9.7.16.4.2, "Transpose A
Matrix"; CUTLASS's SM100_MMA_F16BF16_TS asserts "A from TMEM can't be
transposed"). Crossing roles, its channel's ring is in shared memory in the
MMA's operand layout (`TmemPlan.smem_operand`: MN-major A, FA4's sdS); on
the MMA's role, that role stages it in a buffer of that layout
(`TmemPlan.staged`, a `twill.staged ... "a^T"` entry); the MMA is an SS
tcgen05.mma (`umma_a_t_shape`) accumulating like one from loaded tiles.
Every other channel is a ring in shared memory; with the rings of loaded
tiles, the tiles loaded once, the values handed over after the loop and the
staging buffers of register tiles a wgmma reads from shared memory
(`staged_tiles`) it makes up the kernel's shared
memory (`smem_parts`), 2 KB of barriers aside.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from math import prod

from xdsl.dialects.builtin import Float32Type, IntegerType, i32
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.tile import element_name
from twillc.dialects.tile_scalars import is_scalar_arith
from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.scheduling.lifetimes import Channel, later_crossings
from twillc.target.arch import Target
from twillc.transforms.index_remat import rematerialized

TMEM_COLUMNS = 512
"""128 lanes x 512 columns of 32 bits per SM (sm_100: `Sm100a.tmem_columns`)."""

BARRIERS = 2048
"""Bytes of shared memory kept for mbarriers."""


def tmem_tile(t: Attribute) -> bool:
    """A [128, N] f32 tile (or i32, an integer MMA's accumulator): one
    thread's row in 128 tensor-memory lanes."""
    if not hasattr(t, "get_shape"):  # a number
        return False
    shape = t.get_shape()  # type: ignore[attr-defined]
    element = t.element_type  # type: ignore[attr-defined]
    numeric = isinstance(element, Float32Type) or element == i32
    return len(shape) == 2 and shape[0] == 128 and shape[1] % 32 == 0 and numeric


def tmem_accumulator(t: Attribute) -> bool:
    """An MMA's D in tensor memory: a `tmem_tile`, or a [128, N] f16 tile (an
    MMA accumulating in f16: tcgen05.mma kind::f16 into an f16 D, whose
    elements the PTX ISA keeps unpacked, one to a 32-bit column, so it takes
    the columns of an f32 one)."""
    if tmem_tile(t):
        return True
    shape = t.get_shape()  # type: ignore[attr-defined]
    return len(shape) == 2 and shape[0] == 128 and shape[1] % 32 == 0 and element_name(t.element_type) == "f16"  # type: ignore[attr-defined]


def nbytes(t: Attribute) -> int:
    """Bytes of a tile."""
    from twillc.transforms.annotate_costs import element_bytes

    return prod(t.get_shape()) * element_bytes(t.element_type)  # type: ignore[attr-defined]


def elements_per_thread(t: Attribute, target: Target) -> int:
    """Elements each of a warp group's 128 threads holds of a register tile
    in the target's accumulator layout (`Target.elements_per_thread`)."""
    return target.elements_per_thread(t)


def mask_words(t: Attribute, target: Target) -> int:
    """32-bit words a thread holds of an `i1` tile (a comparison result): its
    `elements_per_thread` bits, packed 32 to a word, element i in bit i % 32
    of word i / 32."""
    return (elements_per_thread(t, target) + 31) // 32


def is_mask(t: Attribute) -> bool:
    """An `i1` tile: held as bits (`mask_words`)."""
    element = getattr(t, "element_type", None)
    return isinstance(element, IntegerType) and element.width.data == 1


def registers_per_thread(t: Attribute, target: Target) -> int:
    """32-bit registers each of a warp group's threads holds of a register
    tile in the emitter's layout (`elements_per_thread`, two 16-bit or four
    8-bit elements a register): what the cost model counts for a value live
    in registers (a [64] row vector is 2 registers on sm_90a, not 1; an `i1`
    tile its `mask_words`)."""
    from twillc.transforms.annotate_costs import element_bytes

    if is_mask(t):
        return mask_words(t, target)
    return -(-elements_per_thread(t, target) * element_bytes(t.element_type) // 4)  # type: ignore[attr-defined]


def loop_invariant_registers(
    loop: tile.ForOp, ops: Mapping[str, Operation], warps: Mapping[str, int], target: Target
) -> dict[int, int]:
    """Registers per thread each warp holds through the whole loop for the
    floating-point tiles computed before it that the warp's ops read (the
    live-ins warp-specialize puts on a role, declared and computed there
    before its loop: RMSNorm's weight row converted to f32),
    `registers_per_thread` each. A tile loaded before the loop stays in
    shared memory, and an integer tile (`iota_rows(...) + bid * R`, a
    mask's row and column indices) is an affine function of the thread's
    index that ptxas computes again where it is read: neither counts. Read
    by the register model (`lifetimes.register_need`)."""
    body = loop.body.block
    seen: dict[int, set[SSAValue]] = {}
    for name, op in ops.items():
        for v in op.operands:
            owner = v.owner
            if not isinstance(owner, Operation) or owner.parent_block() is body or loop.is_ancestor(owner):
                continue
            if (
                isinstance(v.type, tile.TileType)
                and not in_smem(v)
                and not isinstance(v.type.element_type, IntegerType)
            ):
                seen.setdefault(warps[name], set()).add(v)
    return {w: sum(registers_per_thread(v.type, target) for v in vs) for w, vs in sorted(seen.items())}


def received_in_registers(
    ops: Mapping[str, Operation], warps: Mapping[str, int], target: Target
) -> set[tuple[str, int]]:
    """The (value, warp) pairs where a warp copies a register tile computed
    on another warp into registers of its own (`twillc_recv` from the
    channel's slot): each reader warp of each such tile, but on a target
    whose channels are in shared memory (`Target.wgmma`) one whose only op
    reading it is element-wise, a cast, or a wgmma taking it as its
    register A, which reads it in the slot (`twillc.lowering.cuda.analysis`'s
    `_read_in_place`); none on a tensor-memory target, whose channels of
    [128, N] tiles a role reads in tensor memory a chunk at a time. Read by
    the register model (`lifetimes.register_need`)."""
    if target.has_tensor_memory:
        return set()
    names = {id(op): name for name, op in ops.items()}
    out: set[tuple[str, int]] = set()
    for name, op in ops.items():
        if not op.results or not isinstance(op.results[0].type, tile.TileType) or isinstance(op, tile.LoadOp):
            continue
        v = op.results[0]
        readers: dict[int, list[Operation]] = {}
        for u in v.uses:
            user = u.operation
            if id(user) in names and warps[names[id(user)]] != warps[name]:
                readers.setdefault(warps[names[id(user)]], []).append(user)
        for w, mine in readers.items():
            if target.wgmma and len(mine) == 1 and _reads_slot(mine[0], v):
                continue
            out.add((name, w))
    return out


ELEMENTWISE_NAMES = frozenset(
    f"tile.{n}" for n in ("exp", "exp2", "log", "log2", "rsqrt", "neg", "add", "sub", "mul", "div", "max", "min")
)
"""The element-wise ops the CUDA emitter prints as one loop over a thread's elements."""


def _reads_slot(op: Operation, v: SSAValue) -> bool:
    """Whether `op`, the one reader of a received tile `v` on its warp, reads
    it in its shared-memory slot: an element-wise op or a cast, or a wgmma
    taking it as its register A."""
    if isinstance(op, tile.MmaOp):
        return op.lhs is v and op.rhs is not v and not op.transpose_lhs
    return op.name in ELEMENTWISE_NAMES or isinstance(op, tile.CastOp)


def slot_bytes(t: Attribute, target: Target) -> int:
    """Bytes of a register tile's channel slot: each of the 128 threads sends
    the elements it holds (a row vector's quad-replicated values included;
    an `i1` tile's words)."""
    from twillc.transforms.annotate_costs import element_bytes

    if is_mask(t):
        return mask_words(t, target) * 4 * 128
    if not hasattr(t, "get_shape"):  # a scalar (a loaded or reduced number): one per thread
        return 128 * element_bytes(t)
    return elements_per_thread(t, target) * 128 * element_bytes(t.element_type)  # type: ignore[attr-defined]


def round1k(n: int) -> int:
    return (n + 1023) // 1024 * 1024


def in_smem(v: SSAValue) -> bool:
    """A loaded tile: in shared memory, where TMA put it."""
    return isinstance(v.owner, tile.LoadOp)


def staged_b(op: Operation | None, target: Target) -> bool:
    """On sm_100a, a register B of a loaded, untransposed A that the MMA's
    role stages in shared memory (`TmemPlan.staged`, a "b" entry: a
    dequantized W4A16 / W8A16 weight tile): tcgen05.mma reads B from shared
    memory only. f16 or bf16 like A, one row per thread (at most 128 rows),
    whole 128B-swizzled boxes of 64 columns: [K, N] MN-major for mma(a, b),
    [N, K] K-major for mma(a, b.T), as TMA would have loaded it."""
    if not target.has_tensor_memory or not isinstance(op, tile.MmaOp) or op.transpose_lhs or in_smem(op.rhs):
        return False
    e = element_name(op.rhs.type.element_type)  # type: ignore[attr-defined]
    if e not in ("f16", "bf16") or element_name(op.lhs.type.element_type) != e:  # type: ignore[attr-defined]
        return False
    rows, cols = op.rhs.type.get_shape()  # type: ignore[attr-defined]
    return rows <= 128 and cols % 64 == 0 and (rows if not op.transpose_rhs else cols) % 16 == 0


def staged_b_bytes(t: Attribute) -> int:
    """The staging buffer of a register B (`staged_b`): its boxes of 64
    columns, each of 128 rows of 128 bytes (the row layout's 128 threads
    each write a row; rows past the tile's are padding no MMA reads)."""
    return t.get_shape()[1] // 64 * 128 * 128  # type: ignore[attr-defined]


def umma_shape(op: Operation | None, target: Target) -> tuple[int, int, int] | None:
    """(M, N, K) of an MMA that tcgen05 issues from shared memory (both
    operands loaded, M = 128, f32 result), or None. A transposed loaded A
    (`mma(a.T, b)`, A^T [K, M] as TMA wrote it: 128B-swizzled boxes of 64
    columns, K rows each) is the MMA's MN-major A (`twillc_umma_ss_at`): f16
    or bf16, K a multiple of 16."""
    from twillc.transforms.annotate_costs import element_bytes

    if not target.has_tensor_memory or not isinstance(op, tile.MmaOp):
        return None
    if not (in_smem(op.lhs) and (in_smem(op.rhs) or staged_b(op, target))):
        return None
    if op.transpose_lhs:
        if element_name(op.lhs.type.element_type) not in ("f16", "bf16"):  # type: ignore[attr-defined]
            return None
        k, m = op.lhs.type.get_shape()  # type: ignore[attr-defined]
        shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
        n = shape_b[0] if op.transpose_rhs else shape_b[1]
        if m != 128 or n % 32 or n > 256 or k % 16 or not tmem_tile(op.result.type):
            return None
        return m, n, k
    m, k = op.lhs.type.get_shape()  # type: ignore[attr-defined]
    shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
    n = shape_b[0] if op.transpose_rhs else shape_b[1]
    box_cols = 128 // element_bytes(op.lhs.type.element_type)  # type: ignore[attr-defined]
    if m not in (64, 128) or n % 32 or n > 256 or k % box_cols:
        return None
    if not (tmem_accumulator(op.result.type) or m == 64 and _float_d(op.result.type)):
        return None  # an f32 (or f16) D: [128, N] in tensor memory, or [64, N] read back into the role's registers
    return 128, n, k  # A of 64 rows: an M = 128 MMA whose rows 64.. are padding (`umma_pad_bytes`)


def _float_d(t: Attribute) -> bool:
    """An f32 D, or an f16 one (an MMA accumulating in f16, `tmem_accumulator`)."""
    return isinstance(t.element_type, Float32Type) or element_name(t.element_type) == "f16"  # type: ignore[attr-defined]


def umma_pad_bytes(op: Operation | None, target: Target) -> int:
    """Shared memory an SS tcgen05.mma (`umma_shape`) of a 64-row A reads past
    its A tile: it is issued with M = 128 (the row layout's lanes: D's row i
    in lane i, as the 64-row tile's registers are, threads 64.. padding),
    and reads rows 64..127 of each of A's boxes, for the last box the 64 rows
    of 128 bytes after the tile. Those rows give only D's padding rows."""
    if umma_shape(op, target) is None or op.transpose_lhs:  # type: ignore[union-attr]
        return 0
    return (128 - op.lhs.type.get_shape()[0]) * 128  # type: ignore[union-attr]


def a_transposed(v: SSAValue) -> tile.MmaOp | None:
    """The first MMA reading register tile `v` as its transposed A
    (`mma(p.T, ...)`), or None (a loaded tile is read where TMA put it)."""
    if in_smem(v):
        return None
    readers = [u.operation for u in v.uses if u.index == 0]
    return next((op for op in readers if isinstance(op, tile.MmaOp) and op.transpose_lhs), None)


def umma_a_t_shape(op: Operation | None, target: Target) -> tuple[int, int, int] | None:
    """(M, N, K) of an MMA that tcgen05 issues from shared memory with a
    transposed register A (`a_transposed`) that its channel's ring holds in
    the MMA's MN-major operand layout, B loaded: A^T of [K, M] f16 or bf16
    with M = 128, an f32 [128, N] result; or None."""
    if not target.has_tensor_memory or not isinstance(op, tile.MmaOp) or not op.transpose_lhs:
        return None
    if in_smem(op.lhs) or not in_smem(op.rhs) or element_name(op.lhs.type.element_type) not in ("f16", "bf16"):  # type: ignore[attr-defined]
        return None
    k, m = op.lhs.type.get_shape()  # type: ignore[attr-defined]
    shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
    n = shape_b[0] if op.transpose_rhs else shape_b[1]
    if m != 128 or n % 32 or n > 256 or k % 64 or not tmem_tile(op.result.type):
        return None
    return m, n, k


def carried_in_place(loop: tile.ForOp, op: Operation) -> bool:
    """A GEMM-style carried accumulator, `acc = mma(a, b, acc)`, read by
    nothing else in the loop: the MMA may update it in place."""
    body = loop.body.block
    arg = op.acc if isinstance(op, tile.MmaOp) else None
    if not (isinstance(arg, BlockArgument) and arg.block is body and arg.index > 0):
        return False
    yielded = body.last_op.operands[arg.index - 1]  # type: ignore[union-attr]
    return (
        yielded is op.results[0]
        and all(u.operation is op for u in arg.uses)
        and all(isinstance(u.operation, tile.YieldOp) for u in op.results[0].uses)
    )


def rescaled_in_place(loop: tile.ForOp, op: Operation) -> tile.MulOp | None:
    """The rescale of an attention accumulator, `o = mma(p, v, o * alpha)`,
    when nothing else reads the carried `o`, its rescaled copy or the MMA's
    result in the loop: the `mul` (returned), whose result the MMA then
    updates, and the MMA's result are the carried accumulator, one array
    rescaled and updated in place (a cycle of single readers runs mul, mma,
    mul, ... in any order its dependences allow)."""
    if not isinstance(op, tile.MmaOp) or op.acc is None or not isinstance(op.acc.owner, tile.MulOp):
        return None
    mul = op.acc.owner
    body = loop.body.block
    args = [v for v in mul.operands if isinstance(v, BlockArgument) and v.block is body and v.index > 0]
    if len(args) != 1 or mul.lhs is mul.rhs or args[0].type != op.results[0].type:
        return None
    arg = args[0]
    yielded = body.last_op.operands[arg.index - 1]  # type: ignore[union-attr]
    single = [(arg, mul), (mul.results[0], op)]
    return (
        mul
        if yielded is op.results[0]
        and all(u.operation is reader for v, reader in single for u in v.uses)
        and all(isinstance(u.operation, tile.YieldOp) for u in op.results[0].uses)
        else None
    )


def accumulates_in_place(loop: tile.ForOp, op: tile.MmaOp) -> bool:
    """A carried accumulator from zeros that stays in tensor memory for the
    whole loop, the MMA accumulating there (the first k-step overwrites)."""
    return carried_in_place(loop, op) and isinstance(loop.iter_args[op.acc.index - 1].owner, tile.ZerosOp)  # type: ignore[union-attr]


def chunk_carried(loop: tile.ForOp, arg: SSAValue) -> bool:
    """A carried [128, N] f32 tile (block argument `arg`) that a column-chunked
    update (`twill.chunk_cols`, annotate-costs) yields and only such updates
    read in the loop: it stays in tensor memory for the whole loop."""
    body = loop.body.block
    if not (isinstance(arg, BlockArgument) and arg.block is body and arg.index > 0 and tmem_tile(arg.type)):
        return False
    owner = body.last_op.operands[arg.index - 1].owner  # type: ignore[union-attr]
    return (
        isinstance(owner, Operation)
        and "twill.chunk_cols" in owner.attributes
        and all("twill.chunk_cols" in u.operation.attributes for u in arg.uses)
    )


def in_place_readers_ok(op: Operation, warp: Callable[[Operation], int]) -> bool:
    """Whether an MMA result may be written in its accumulator's slot (FA4's
    O): only if every op of the loop reading it, in this iteration or
    the next, runs on the MMA's role or on the role computing that
    accumulator (the correction role rescaling it in place); a reader on a
    third role would read the slot while the next rescale rewrites it, and
    keep it past the slot's one depth."""
    if not isinstance(op, tile.MmaOp) or op.acc is None or not isinstance(op.acc.owner, Operation):
        return False
    body = op.parent_block()
    assert body is not None
    users = [u.operation for u in op.result.uses]
    if isinstance(body.last_op, tile.YieldOp):
        for i, y in enumerate(body.last_op.operands):
            if y is op.result:
                users += [u.operation for u in body.args[i + 1].uses]
    allowed = {warp(op), warp(op.acc.owner)}
    return all(warp(u) in allowed for u in users if not isinstance(u, tile.YieldOp))


def tmem_alias(op: Operation, target: Target) -> SSAValue | None:
    """The MMA result S whose tensor-memory columns the result P of `op`
    takes (FA4's P over S), or None: on sm_100a, P is an f16 or bf16
    [128, K] tile read only as MMAs' A operand (`annotate_costs.tmem_role`),
    computed in the loop body from exactly one tcgen05 MMA result S of the
    same iteration (`umma_shape`, [128, N] f32 with 4 N >= 2 K bytes per
    row) that every reader of S feeds: S is dead once P is written."""
    if not target.has_tensor_memory or len(op.results) != 1 or isinstance(op, tile.MmaOp):
        return None
    p = op.results[0]
    t = p.type
    if not isinstance(t, tile.TileType) or t.rank != 2 or element_name(t.element_type) not in ("f16", "bf16"):
        return None
    rows, k = t.get_shape()
    uses = list(p.uses)
    if rows != 128 or not uses:
        return None
    if not all(isinstance(u.operation, tile.MmaOp) and u.index == 0 and not u.operation.transpose_lhs for u in uses):
        return None
    body = op.parent_block()
    ancestors: set[int] = set()
    sources: list[SSAValue] = []
    todo = [op]
    while todo:
        o = todo.pop()
        for v in o.operands:
            owner = v.owner
            if not isinstance(owner, Operation) or owner.parent_block() is not body or id(owner) in ancestors:
                continue
            ancestors.add(id(owner))
            if isinstance(owner, tile.MmaOp):
                if umma_shape(owner, target) is not None and v not in sources:
                    sources.append(v)
                continue
            todo.append(owner)
    if len(sources) != 1:
        return None
    s = sources[0]
    if s.type.get_shape()[1] * 4 < k * 2:  # type: ignore[attr-defined]
        return None
    if not all(id(u.operation) in ancestors or u.operation is op for u in s.uses):
        return None  # read after P is written (or yielded): S must stay
    return s


def rescaled_in_tmem(
    loop: tile.ForOp, arg: SSAValue, channels: Mapping[SSAValue, tuple[int, str]], target: Target
) -> SSAValue | None:
    """FA4's O on one role: a carried [128, N] f32 tile from zeros() that the
    loop yields as `mma(p, v, o * alpha)` with P in tensor memory
    (`tmem_alias`), `o` read only by that rescale and the rescale only by the
    MMA as its accumulator, none of them crossing roles: all three stay in
    one column block for the whole loop (the rescale streamed in place, the
    MMA accumulating there). The rescale's result, or None."""
    body = loop.body.block
    if not target.has_tensor_memory or not (isinstance(arg, BlockArgument) and arg.block is body and arg.index > 0):
        return None
    if not tmem_tile(arg.type) or not isinstance(loop.iter_args[arg.index - 1].owner, tile.ZerosOp):
        return None
    y = body.last_op.operands[arg.index - 1]  # type: ignore[union-attr]
    op = y.owner
    if not isinstance(op, tile.MmaOp) or op.acc is None or tmem_alias(op.lhs.owner, target) is None:  # type: ignore[arg-type]
        return None
    acc = op.acc
    rescale = acc.owner
    if not isinstance(rescale, Operation) or rescale.parent_block() is not body or acc.type != arg.type:
        return None
    if [u.operation for u in acc.uses] != [op] or any(u.operation is not rescale for u in arg.uses):
        return None
    if not isinstance(rescale, tile.MulOp | tile.DivOp) or rescale.operands[0] is not arg:
        return None
    if any(v in channels for v in (acc, y)) or not all(isinstance(u.operation, tile.YieldOp) for u in y.uses):
        return None
    return acc


def epilogue_stores(loop: tile.ForOp) -> list[tuple[int, tile.StoreOp, int]]:
    """A persistent kernel's (`tile.persistent`) stores of values computed
    from the loop's results after the loop (an accumulator, its cast, FA's
    `o / l`), each staged in shared memory for its TMA store: (the
    result's index, the store, the staged tile's bytes), in program order;
    [] for a kernel without the persistent loop. The emitter's epilogue
    buffer (`sm.epi`) is their bytes one after another (a CTA pair's
    CTA: half of each, `cta_pair.pair_share`)."""
    func = loop.parent_op()
    while func is not None and func.name != "func.func":
        func = func.parent_op()
    if func is None or tile.find_persistent(func) is None:
        return []
    from twillc.transforms.annotate_costs import element_bytes
    from twillc.transforms.cta_pair import pair_share

    share = pair_share(func)  # a CTA pair: each CTA stages its half of the pair's tile
    out = []
    for op in loop.parent_block().ops if loop.parent_block() else ():
        if not isinstance(op, tile.StoreOp):
            continue
        read = results_read(loop, op.value)
        if read:  # the largest carried value it reads: the 2-D accumulator, not FA's row vector l
            index = max(read, key=lambda i: (prod(loop.res[i].type.get_shape()), -i))  # type: ignore[attr-defined]
            t = op.value.type
            assert isinstance(t, tile.TileType)
            out.append((index, op, prod(t.get_shape()) * element_bytes(t.element_type) // share))
    return out


def results_read(loop: tile.ForOp, value: SSAValue) -> list[int]:
    """The indices of the loop's results that `value` is computed from by the
    ops after the loop (a cast, FA's `o / l`), in order."""
    seen: set[int] = set()
    todo, out = [value], set()
    results = list(loop.res)
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        if v in results:
            out.add(results.index(v))
        elif isinstance(v.owner, Operation) and v.owner.parent_block() is loop.parent_block():
            todo += list(v.owner.operands)
    return sorted(out)


def epilogue_bytes(loop: tile.ForOp) -> int:
    """Shared memory a persistent kernel's epilogue buffer takes (`epilogue_stores`)."""
    return sum(n for _, _, n in epilogue_stores(loop))


def loop_ops(loop: tile.ForOp) -> list[Operation]:
    """The ops of the loop body a role runs (not the yield, not index or
    number arithmetic, not the index tiles computed at each read: `index-remat`)."""
    return [
        op
        for op in loop.body.block.ops
        if not isinstance(op, tile.YieldOp) and not is_scalar_arith(op) and not rematerialized(op)
    ]


def tmem_resident(loop: tile.ForOp, target: Target) -> set[SSAValue]:
    """On sm_100a, the 2-D tiles the cost model keeps in tensor memory, never
    whole in a thread's registers: MMA results (and the carried values they
    become), values feeding only MMA accumulators or A operands, and the
    results of column-chunked updates (`twill.chunk_cols`, annotate-costs)."""
    if not target.has_tensor_memory:
        return set()
    from twillc.transforms.annotate_costs import tmem_role

    body = loop.body.block
    out = set()
    for op in loop_ops(loop):
        chunked = "twill.chunk_cols" in op.attributes
        if isinstance(op, tile.MmaOp) or chunked or (op.results and tmem_role(op) is not None):
            out |= {r for r in op.results if isinstance(r.type, tile.TileType) and r.type.rank == 2}
    for i, y in enumerate(body.last_op.operands):  # type: ignore[union-attr]
        if y in out:
            out |= {body.args[i + 1], loop.res[i]}
    return out


@dataclass
class TmemPlan:
    """Tensor-memory columns of a warp-specialized loop (see the module)."""

    tmem_at: dict[SSAValue, int] = field(default_factory=dict)  # channel value -> its ring's first column
    umma_direct: set[SSAValue] = field(default_factory=set)  # channel values their MMA writes
    acc_at: dict[SSAValue, int] = field(default_factory=dict)  # carried accumulator (block arg, result, loop result)
    scratch_at: dict[int, int] = field(default_factory=dict)  # warp -> first column of its MMA accumulator
    in_place: set[SSAValue] = field(default_factory=set)  # MMA results written in their accumulator's slot
    pending: set[SSAValue] = field(default_factory=set)  # kept in tensor memory, no columns left: refused
    smem_operand: dict[SSAValue, tile.MmaOp] = field(default_factory=dict)  # transposed A -> the MMA, in smem
    staged: list[StagedTile] = field(default_factory=list)  # a transposed A or a register B its MMA's role stages
    alias: dict[SSAValue, SSAValue] = field(default_factory=dict)  # P -> the channel S whose slot's columns it takes
    resident: set[SSAValue] = field(default_factory=set)
    mma_columns: int = 0  # steps 1-3: more than TMEM_COLUMNS is refused
    needed: int = 0  # steps 1-4 for the tiles that must stay there (`lifetimes.tmem_columns` counts the same)
    columns: int = 0  # allocated: a power of two, at least 32 (0: none)

    def in_tmem(self, v: SSAValue) -> bool:
        """Whether channel `v`'s ring is not in shared memory."""
        return v in self.tmem_at or v in self.pending


def plan_tmem(
    loop: tile.ForOp,
    channels: Mapping[SSAValue, tuple[int, str]],
    warp: Callable[[Operation], int],
    target: Target,
) -> TmemPlan:
    """The tensor-memory plan: `channels` maps each register value crossing
    roles, in program order, to its ring's (depth, memory) (`memory`: the
    cost model's, or the warp-specialized IR's, where it is this plan's),
    `warp` gives the role of an op of the loop."""
    plan = TmemPlan(resident=tmem_resident(loop, target))
    if not target.has_tensor_memory:
        return plan
    ops = loop_ops(loop)
    for res in channels:
        if (mma := a_transposed(res)) is not None and umma_a_t_shape(mma, target) is not None:
            plan.smem_operand[res] = mma
    for op in ops:  # computed on the MMA's role: staged by it in a buffer of the operand layout
        if umma_a_t_shape(op, target) is not None and op.lhs not in channels:  # type: ignore[attr-defined]
            if all(st.value is not op.lhs for st in plan.staged):  # type: ignore[attr-defined]
                plan.staged.append(StagedTile(op.lhs, op, "a^T", round1k(nbytes(op.lhs.type))))  # type: ignore[arg-type, attr-defined]
    for op in ops:  # a register B: staged by its MMA's role in a buffer TMA's layout
        if umma_shape(op, target) is not None and staged_b(op, target):
            if all(st.value is not op.rhs for st in plan.staged):  # type: ignore[attr-defined]
                plan.staged.append(StagedTile(op.rhs, op, "b", staged_b_bytes(op.rhs.type)))  # type: ignore[arg-type, attr-defined]
    used = 0
    for res, (depth, memory) in channels.items():
        if umma_shape(res.owner, target) is not None and memory == "tmem":  # type: ignore[arg-type]
            plan.tmem_at[res] = used
            plan.umma_direct.add(res)
            used += res.type.get_shape()[1] * depth  # type: ignore[attr-defined]
    for op in ops:
        shape = umma_shape(op, target) or umma_a_t_shape(op, target)
        if shape is not None and accumulates_in_place(loop, op):  # type: ignore[arg-type]
            i = op.acc.index - 1  # type: ignore[attr-defined]
            for v in (op.acc, op.result, loop.res[i]):  # type: ignore[attr-defined]
                plan.acc_at[v] = used
            used += shape[1]
    for i, arg in enumerate(loop.body.block.args[1:]):
        if chunk_carried(loop, arg):
            y = loop.body.block.last_op.operands[i]  # type: ignore[union-attr]
            for v in (arg, y, loop.res[i]):
                plan.acc_at[v] = used
            used += arg.type.get_shape()[1]  # type: ignore[attr-defined]
    for i, arg in enumerate(loop.body.block.args[1:]):
        if (acc := rescaled_in_tmem(loop, arg, channels, target)) is not None:
            y = loop.body.block.last_op.operands[i]  # type: ignore[union-attr]
            for v in (arg, acc, y, loop.res[i]):
                plan.acc_at[v] = used
            used += arg.type.get_shape()[1]  # type: ignore[attr-defined]
    scratch: dict[int, int] = {}
    for op in ops:
        if (shape := umma_shape(op, target)) is not None and op.results[0] not in plan.umma_direct | set(plan.acc_at):
            scratch[warp(op)] = max(scratch.get(warp(op), 0), shape[1])
    for w, cols in sorted(scratch.items()):
        plan.scratch_at[w], used = used, used + cols
    plan.mma_columns = plan.needed = used
    # the tiles that must stay in tensor memory first (`tmem_demands`), then the others while columns last
    for res, (depth, _) in sorted(channels.items(), key=lambda c: c[0] not in plan.resident):
        t = res.type
        if res in plan.tmem_at or res in plan.smem_operand or not tmem_tile(t):
            continue
        if isinstance(res.owner, tile.MmaOp) and res.owner.acc in channels and in_place_readers_ok(res.owner, warp):
            continue  # written in place in its accumulator's slot (below) when that one has columns
        if res in plan.resident:
            plan.needed += t.get_shape()[1] * depth  # type: ignore[attr-defined]
        if used + t.get_shape()[1] * depth > target.tmem_columns:  # type: ignore[attr-defined]
            continue
        plan.tmem_at[res], used = used, used + t.get_shape()[1] * depth  # type: ignore[attr-defined]
    for res in channels:
        op = res.owner
        if (
            res not in plan.tmem_at
            and isinstance(op, tile.MmaOp)
            and op.acc in plan.tmem_at
            and in_place_readers_ok(op, warp)
        ):
            plan.tmem_at[res] = plan.tmem_at[op.acc]
            plan.in_place.add(res)
    for res in channels:
        s = tmem_alias(res.owner, target) if isinstance(res.owner, Operation) else None  # type: ignore[arg-type]
        if res not in plan.tmem_at and s is not None and s in plan.tmem_at and s not in plan.in_place:
            plan.tmem_at[res] = plan.tmem_at[s]
            plan.alias[res] = s
    plan.pending = {r for r in channels if r in plan.resident and r not in plan.tmem_at and r not in plan.smem_operand}
    plan.columns = 1 << max(5, (used - 1).bit_length()) if used else 0
    return plan


@dataclass(frozen=True)
class TmemDemand:
    """What a value of the loop takes of tensor memory by `plan_tmem`'s rule,
    the part the schedule decides (`DependenceGraph` carries it per op:
    `Op.tmem_ring`, `tmem_in_place`, `tmem_scratch`, `tmem_held`; counted
    by `twillc.scheduling.lifetimes.tmem_columns`)."""

    ring: int = 0  # columns a slot when it crosses roles (steps 1 and 4: a tile that must stay there)
    in_place: Operation | None = None  # the op whose slots it is written in when both cross (step 4)
    scratch: int = 0  # its role's scratch accumulator's width when it does not cross (step 3)
    held: int = 0  # columns for the whole loop when it does not cross (step 2, `rescaled_in_tmem`)


def tmem_demands(loop: tile.ForOp, target: Target) -> tuple[int, dict[Operation, TmemDemand]]:
    """The columns `plan_tmem` gives whatever the schedule (step 2: the
    accumulators kept there for the whole loop) and each loop op's
    `TmemDemand`: an MMA issued by tcgen05 a ring of N columns a slot when
    its value crosses roles, else its role's scratch; a tile that must stay
    in tensor memory (`tmem_resident`, [128, N] f32: N, but P written over
    S, `tmem_alias`, and a transposed A, whose ring is in shared memory) a
    ring of N when it crosses; an MMA result whose accumulator another op of
    the loop computes is written in that one's slots (`in_place_readers_ok`
    decides with the roles); FA4's O on one role (`rescaled_in_tmem`) N held
    while it does not cross. A [128, N] f32 tile crossing roles that may
    also go to shared memory takes columns only where they are left, after
    all of these (step 4), so it never keeps them from one that must."""
    if not target.has_tensor_memory:
        return 0, {}
    resident = tmem_resident(loop, target)
    fixed = 0
    out: dict[Operation, TmemDemand] = {}
    ops = loop_ops(loop)
    for op in ops:
        shape = umma_shape(op, target) or umma_a_t_shape(op, target)
        if shape is not None and accumulates_in_place(loop, op):  # type: ignore[arg-type]
            fixed += shape[1]
            continue
        res = op.results[0] if op.results else None
        if res is None:
            continue
        t = res.type
        in_place = op.acc.owner if isinstance(op, tile.MmaOp) and op.acc is not None else None
        in_place = in_place if isinstance(in_place, Operation) and in_place in ops else None
        if (shape := umma_shape(op, target)) is not None:
            out[op] = TmemDemand(ring=shape[1], scratch=shape[1])
        elif res in resident and tmem_tile(t) and tmem_alias(op, target) is None:
            transposed = (mma := a_transposed(res)) is not None and umma_a_t_shape(mma, target) is not None
            if not transposed:
                out[op] = TmemDemand(ring=t.get_shape()[1], in_place=in_place)  # type: ignore[attr-defined]
    for arg in loop.body.block.args[1:]:
        if chunk_carried(loop, arg):
            fixed += arg.type.get_shape()[1]  # type: ignore[attr-defined]
        elif (acc := rescaled_in_tmem(loop, arg, {}, target)) is not None and isinstance(acc.owner, Operation):
            prior = out.get(acc.owner, TmemDemand())
            out[acc.owner] = TmemDemand(prior.ring, prior.in_place, prior.scratch, arg.type.get_shape()[1])  # type: ignore[attr-defined]
    return fixed, out


FP8 = ("f8e4m3", "f8e5m2")


@dataclass(frozen=True)
class StagedTile:
    """A tile a wgmma reads from a shared-memory buffer its role writes first
    (sm_90a): `value` as `operand` of `mma` ("a^T": a transposed register A,
    "b": a register B, "a8": an FP8 register A, "b8^T": an FP8 B loaded
    MN-major, transposed to K-major), in a buffer of `nbytes`."""

    value: SSAValue
    mma: tile.MmaOp
    operand: str
    nbytes: int


def staged_tiles(ops: Iterable[Operation], target: Target) -> list[StagedTile]:
    """The tiles the sm_90a kernel stages in shared memory for a wgmma, in
    this order (wgmma takes A from registers only as f16 / bf16 in the
    accumulator fragment, never B, nor a transposed A; FP8 A and B must be
    K-major):
    1. the A of a transposed-A MMA (FA3 backward's P^T dO; [64, M], 16-bit:
       8 KB per 64 columns), one buffer per value;
    2. a register B (a dequantized W8A16 weight tile), 16-bit, per value;
    3. the register A of an FP8 MMA (FA3 FP8's P cast to e4m3), one byte an
       element, K-major as TMA would load it, per value;
    4. the B of such an MMA when loaded MN-major (V stored [N, D]), transposed
       to K-major by the role that reads it, one byte an element, one buffer
       per MMA (two roles reading one V each transpose their own)."""
    if not target.wgmma:
        return []
    mmas = [op for op in ops if isinstance(op, tile.MmaOp)]
    out: list[StagedTile] = []
    seen: set[SSAValue] = set()

    def add(value: SSAValue, mma: tile.MmaOp, operand: str, size: int) -> None:
        if operand == "b8^T" or value not in seen:
            seen.add(value)
            out.append(StagedTile(value, mma, operand, round1k(prod(value.type.get_shape()) * size)))  # type: ignore[attr-defined]

    for op in mmas:
        if op.transpose_lhs and not in_smem(op.lhs):
            add(op.lhs, op, "a^T", 2)
    for op in mmas:
        if not in_smem(op.rhs):
            add(op.rhs, op, "b", 2)
    for op in mmas:
        fp8 = element_name(op.lhs.type.element_type) in FP8  # type: ignore[attr-defined]
        if fp8 and not in_smem(op.lhs) and not op.transpose_lhs and in_smem(op.rhs):
            add(op.lhs, op, "a8", 1)
            if not op.transpose_rhs:
                add(op.rhs, op, "b8^T", 1)
    return out


def smem_parts(
    loads: Iterable[tuple[Attribute, int]],
    pre_loads: Iterable[Attribute],
    channels: Iterable[tuple[Attribute, int]],
    after_loop: Iterable[Attribute],
    staged: Iterable[int],
    target: Target,
) -> dict[str, int]:
    """Bytes per kind of the kernel's shared memory, barriers aside: a ring of
        1 KB-rounded slots per loaded tile (tile type, depth), a buffer per tile
        loaded before or after the loop, a ring of `slot_bytes` slots per register-tile
        channel in shared memory (tile type, depth), a slot per value handed over
        after the loop, and on sm_90a the staging buffers of `staged_tiles` (their
    `nbytes`)."""
    return {
        "rings of loaded tiles": sum(round1k(nbytes(t)) * d for t, d in loads),
        "tiles loaded before or after the loop": sum(round1k(nbytes(t)) for t in pre_loads),
        "register-tile channels": sum(slot_bytes(t, target) * d for t, d in channels),
        "channels after the loop": sum(slot_bytes(t, target) for t in after_loop),
        "staged tiles": sum(staged),
    }


def channel_memory(
    loop: tile.ForOp,
    ops: Mapping[str, Operation],
    warps: Mapping[str, int],
    crossing: Iterable[Channel],
    depths: Mapping[str, int],
    target: Target,
) -> dict[str, str]:
    """Each channel's memory by the rule (`smem`, or `tmem` when its ring is
    not in shared memory), from the cost model's (`crossing`, the channels of
    `lifetimes.channels`) and the rings' `depths`; loaded tiles stay in
    shared memory."""
    by_name = {c.value: c for c in crossing}
    ids = {id(op): k for k, op in ops.items()}
    values = {}
    for op in loop_ops(loop):  # in program order
        k = ids.get(id(op))
        if k in by_name and not isinstance(op, tile.LoadOp):
            values[op.results[0]] = k
    chans = {v: (depths[k], by_name[k].memory) for v, k in values.items()}
    plan = plan_tmem(loop, chans, lambda op: warps[ids[id(op)]], target)
    out = {k: c.memory for k, c in by_name.items()}
    out |= {k: "tmem" if plan.in_tmem(v) else "smem" for v, k in values.items()}
    return out


def ring_depths(
    graph: DependenceGraph,
    schedule: Schedule,
    ops: Mapping[str, Operation],
    lifetimes: Mapping[str, int],
    crossing: Iterable[Channel],
    shared_load_ring: bool,
) -> dict[str, int]:
    """The depth of each value's ring, from its buffer depth (`lifetimes`, in
    IIs): one slot more for a value read an iteration later on another role
    (its sender may run one iteration ahead without waiting on the reader);
    with `shared_load_ring` (sm_90a's GEMM class: one wgmma batch in flight,
    the slots read one iteration earlier released) the loads share one ring
    of max(2, deepest buffer) + 1 slots; an MMA result crossing roles in
    tensor memory onto an accumulator that came over in tensor memory (FA4's
    O) is written in place, in the accumulator's slot: as deep as that one."""
    depths = dict(lifetimes)
    for v, n in later_crossings(graph, schedule.warps or {}).items():
        depths[v] += n
    loads = [name for name, o in ops.items() if isinstance(o, tile.LoadOp)]
    if shared_load_ring and loads:
        ring = max(2, *(depths[v] for v in loads)) + 1
        depths |= dict.fromkeys(loads, ring)
    in_tmem = {c.value for c in crossing if c.memory == "tmem"}
    ids = {id(o): name for name, o in ops.items()}
    warps = schedule.warps or {}
    for name, o in ops.items():
        acc = o.acc if isinstance(o, tile.MmaOp) else None
        source = ids.get(id(acc.owner)) if acc is not None else None
        if (
            name in in_tmem
            and source in in_tmem
            and in_place_readers_ok(o, lambda x: warps.get(ids.get(id(x), ""), -1))
        ):
            depths[name] = depths[source]
    return depths


MMA_OPERANDS = ("f16", "bf16", "f8e4m3", "f8e5m2")
"""Element types a float MMA reads (wgmma / tcgen05.mma operands; the
emitter's `twillc.lowering.cuda.dtypes.ELTS` with a float MMA type). An
integer MMA's (i8, u8: an i32 accumulator) loop takes the general emitter."""

STORED = ("f32", "f16", "bf16", "f8e4m3", "f8e5m2")
"""Element types an accumulator is stored as (converted by `T(float)`)."""


def gemm_class(loop: tile.ForOp) -> bool:
    """A main loop of 2-D TMA tile loads feeding MMAs from shared memory, each
    accumulating onto a carried value: the sm_90a GEMM emitter's loops (one
    ring slot per iteration's loads, wgmma with one batch in flight). Every
    carried value is an MMA's accumulator: one the loop yields unchanged or
    as another carried value (`prev = acc`) takes the general emitter."""
    body = loop.body.block
    loads = set()
    mmas = []
    for op in body.ops:
        if isinstance(op, tile.LoadOp):
            t = op.result.type
            if not isinstance(t, tile.TileType) or t.rank != 2 or element_name(t.element_type) not in MMA_OPERANDS:
                return False
            loads.add(op.result)
        elif isinstance(op, tile.MmaOp):
            mmas.append(op)
        elif not (isinstance(op, tile.YieldOp) or is_scalar_arith(op)):
            return False
    results = {op.result for op in mmas}
    return (
        bool(mmas)
        and all(not op.transpose_lhs and op.acc is not None and op.lhs in loads and op.rhs in loads for op in mmas)
        and all(y in results for y in body.last_op.operands)  # type: ignore[union-attr]
        and all(_stored_only(result) for result in loop.res)
    )


def _stored_only(result: SSAValue) -> bool:
    """After the loop an accumulator is stored, maybe cast once first, into a
    tensor of the stored element type (math after the loop, or a store that
    converts, takes the general emitter)."""
    for use in result.uses:
        value, user, dtype = result, use.operation, "f32"
        if isinstance(user, tile.CastOp):
            if len(list(user.result.uses)) != 1:
                return False
            value, user = user.result, next(iter(user.result.uses)).operation
            dtype = element_name(value.type.element_type)  # type: ignore[attr-defined]
        if not isinstance(user, tile.StoreOp) or user.value is not value or dtype not in STORED:
            return False
        if element_name(user.tensor.type.element_type) != dtype:  # type: ignore[attr-defined]
            return False
    return True
