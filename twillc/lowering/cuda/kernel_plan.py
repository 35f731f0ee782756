"""What the sm_90a emitter needs of a scheduled loop, read from the IR and
checked: the TMA tile loads (one ring slot holds an iteration's loads), the
wgmma ops with their accumulators and consumer warp groups, the stores after
the loop, the ring depth from the schedule's lifetimes, and the register
budget of each role.

Supported: main loops of TMA loads feeding MMAs (f16, bf16 or FP8 operands,
f32 accumulators carried through the loop and stored after it), the GEMM
class.
Anything else is a located error that says what is not generated.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda.dtypes import ELTS, elt
from twillc.lowering.cuda.index_expr import c_index
from twillc.lowering.cuda.preconditions import launched_warps
from twillc.lowering.cuda.tiles import clip_extents, clip_mask
from twillc.lowering.warp_program import WarpProgram
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.cta_pair import pair_share
from twillc.transforms.ir_graph import kernel_name
from twillc.transforms.memory_plan import BARRIERS, smem_parts

BOX_COLS = 64
"""Elements of f16 per TMA box row: 128 B, the width of the 128B swizzle."""


@dataclass(frozen=True)
class TileLoad:
    name: str
    tensor: str  # kernel argument
    rows: int
    cols: int
    row0: str  # C expression of the first row (elements)
    col0: str
    slot_offset: int  # bytes into the ring slot
    dtype: str = "f16"  # element type (the language's name)

    @property
    def box_cols(self) -> int:
        return ELTS[self.dtype].box_cols

    @property
    def boxes(self) -> int:
        return self.cols // self.box_cols

    @property
    def nbytes(self) -> int:
        return self.rows * self.cols * ELTS[self.dtype].size


@dataclass(frozen=True)
class Wgmma:
    name: str
    lhs: TileLoad  # [64, K], K-major
    rhs: TileLoad  # [K, N] (N contiguous: MN-major) or [N, K] when transposed (K-major)
    rhs_transposed: bool
    n: int
    k: int
    group: int  # consumer warp group, 1-based (0 is the producer)
    dtype: str = "f16"  # the operands' element type
    m: int = 64  # rows: one m64 wgmma per 64-row slab, each with its own N / 2 accumulators
    acc: str = "f32"  # the accumulator's element type: f32, or f16 (wgmma .f16.f16.f16)

    @property
    def slabs(self) -> int:
        return self.m // 64


@dataclass(frozen=True)
class TileStore:
    acc: str  # the Wgmma it stores
    tensor: str
    row0: str
    col0: str
    dtype: str  # the stored element type: f32, or the one the accumulator is cast to
    clip: tuple[str, ...] | None = None  # the tensor's rows, columns (C) where a tile may run past them
    clip_mask: int = 0  # which: the helpers' CLIP bits (1 rows, 2 columns)


@dataclass(frozen=True)
class KernelPlan:
    kernel: str
    tensors: tuple[tuple[str, tuple[int | str, ...]], ...]  # kernel arguments with their dims
    sizes: tuple[str, ...]  # symbolic sizes, kernel int parameters
    trip_count: str
    loads: tuple[TileLoad, ...]
    mmas: tuple[Wgmma, ...]
    stores: tuple[TileStore, ...]
    depth: int
    slot_bytes: int
    groups: int  # warp groups: producer + consumers
    regs: tuple[int, ...]  # setmaxnreg per warp group
    roles: tuple[str, ...]  # the schedule's role name of each warp group
    ii: int
    stages: int
    persistent: Persistent | None = None  # the outer loop over output tiles (`tile.persistent`), if any


@dataclass(frozen=True)
class Persistent:
    """The persistent GEMM's outer loop: `tiles` output tiles (C), walked by
    each CTA from blockIdx.x in steps of gridDim.x, in grouped order
    (`group` rows of tiles); each consumer stores its accumulators through an
    epilogue buffer in shared memory (`epi_bytes`, each store's tile at its
    offset) with a TMA store;
    `nest` is the outer body's schedule as `nest-schedule` wrote it."""

    tiles: str
    group: int
    epi_bytes: int  # the whole buffer
    epi_offsets: tuple[int, ...]  # each store's staged tile in it, in the plan's store order
    nest: str
    cluster: Cluster | None = None  # 2 x 1 clusters (`twill.cluster`, written by the `cluster` pass)
    alternate: tuple[int, ...] | None = None
    """Ping-pong (`twill.nest`'s consumers = "alternate"): two consumer warp groups on alternate tiles,
    each with its own epilogue buffer of `epi_bytes`; the warp groups' register budgets (producer, consumers)."""


@dataclass(frozen=True)
class Cluster:
    """`twill.cluster`: CTAs `2p` and `2p + 1` of the tile order in one
    cluster (`size` 2), each loading half of the boxes of each `multicast`
    tensor's tiles into both CTAs; `saving`: L2 bytes per CTA per iteration."""

    size: int
    multicast: tuple[str, ...]
    saving: int
    cta_group: int = 1  # 2: a CTA pair computing one 256-row tile with tcgen05.mma.cta_group::2 (sm_100a)


def _cluster(p: tile.PersistentOp) -> Cluster | None:
    """The `cluster` pass's decision on the persistent op, or None."""
    from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, StringAttr

    attr = p.attributes.get("twill.cluster")
    if attr is None:
        return None
    if not isinstance(attr, DictionaryAttr):
        raise located_error(p, "CUDA emission: 'twill.cluster' is a dictionary {size, multicast, saving}")
    size, multicast, saving = (attr.data.get(k) for k in ("size", "multicast", "saving"))
    if (
        not isinstance(size, IntegerAttr)
        or size.value.data != 2
        or not isinstance(multicast, ArrayAttr)
        or not all(isinstance(m, StringAttr) for m in multicast.data)
        or not isinstance(saving, IntegerAttr)
    ):
        raise located_error(
            p,
            "CUDA emission: 'twill.cluster' is {size = 2, multicast = [tensors], saving = bytes} "
            "(run the cluster pass)",
        )
    group = attr.data.get("cta_group")
    if group is not None and (not isinstance(group, IntegerAttr) or group.value.data not in (1, 2)):
        raise located_error(p, "CUDA emission: 'twill.cluster''s cta_group is 1 or 2")
    cta_group = group.value.data if isinstance(group, IntegerAttr) else 1
    return Cluster(2, tuple(m.data for m in multicast.data), saving.value.data, cta_group)  # type: ignore[union-attr]


def _persistent(func: object, program: WarpProgram, stores: list[TileStore], mmas: list[Wgmma]) -> Persistent | None:
    """The plan of a `tile.persistent` kernel: its tile count, and the
    epilogue buffer its stores go through (`memory_plan.epilogue_stores`,
    the rule joint-schedule counted: each stored tile's bytes one after
    another), 16-bit C only (an f32 tile of 64x256 would take 64 KB)."""
    from twillc.diagnostics import InternalError
    from twillc.transforms.memory_plan import epilogue_stores
    from twillc.transforms.nest_attr import describe_nest, nest_alternate

    p = tile.find_persistent(func)
    if p is None:
        return None
    nest = p.attributes.get("twill.nest")
    if nest is None:
        raise located_error(p, "CUDA emission: the persistent loop has no 'twill.nest' schedule: run nest-schedule")
    for s in stores:
        if ELTS[s.dtype].size != 2:
            raise located_error(
                p,
                f"CUDA emission: a persistent kernel stores C through shared memory with a TMA store of 16-bit "
                f"elements; '{s.tensor}' stores {s.dtype} (not generated)",
            )
    for m in mmas:
        if m.acc != "f32":
            raise located_error(
                p, f"CUDA emission: a persistent kernel stages f32 accumulators; '{m.name}' is {m.acc} (not generated)"
            )
    tiles = f"({c_index(p.tiles_m, None)}) * ({c_index(p.tiles_n, None)})"
    offsets, at = [], 0
    share = pair_share(p)  # a CTA pair: each CTA stages its half of the tile
    for s in stores:  # each staged tile (the wgmma's m x n, 16-bit) after the one before
        m = next(m for m in mmas if m.name == s.acc)
        offsets.append(at)
        at += m.m * m.n * 2 // share
    counted = sum(n for _, _, n in epilogue_stores(program.loop))
    if at != counted:
        raise InternalError(f"the persistent epilogue buffer takes {at} B, but joint-schedule counted {counted} B")
    alternate = nest_alternate(nest)
    if alternate is not None and _cluster(p) is not None:
        raise located_error(p, "CUDA emission: ping-pong consumers in clusters of 2 CTAs are not generated")
    if alternate is not None and len({m.group for m in mmas}) != 1:
        raise located_error(p, "CUDA emission: ping-pong consumers take a main loop on one consumer warp group")
    return Persistent(tiles, p.group.value.data, at, tuple(offsets), describe_nest(nest), _cluster(p), alternate)


def plan_sm90(program: WarpProgram, module: ModuleOp) -> KernelPlan:
    """The GEMM emitter's plan from the warp-specialized loop (`gemm_class`)."""
    from xdsl.dialects.func import FuncOp

    machine = module_machine(module)
    loop = program.loop
    func = next(op for op in module.walk() if isinstance(op, FuncOp))
    op_id = {id(op): k for k, op in program.ops.items()}
    warp_of = program.warp_of
    tensors = tuple((arg.name_hint or f"arg{i}", _dims(arg)) for i, arg in enumerate(func.body.block.args))
    names = {arg: tensors[i][0] for i, arg in enumerate(func.body.block.args)}
    sizes = tuple(dict.fromkeys(d for _, dims in tensors for d in dims if isinstance(d, str)))

    body = loop.body.block
    iv = body.args[0]
    iteration = iteration_expr(program)
    loads: dict[SSAValue, TileLoad] = {}
    offset = 0
    mmas: list[tile.MmaOp] = []
    for op in body.ops:
        if isinstance(op, tile.LoadOp):
            t = _tile(op.result)
            e = elt(t)
            rows, cols = t.get_shape()
            name = op.result.name_hint or f"t{len(loads)}"
            r0, c0 = (c_index(i, iv, iteration) for i in op.indices)
            row0, col0 = f"({r0}) * {rows}", f"({c0}) * {cols}"
            loads[op.result] = TileLoad(name, names[op.tensor], rows, cols, row0, col0, offset, e.name)
            offset += ceil(rows * cols * e.size / 1024) * 1024
        elif isinstance(op, tile.MmaOp):
            mmas.append(op)
    producer, *consumer_warps = launched_warps(program)  # checked by twillc.lowering.cuda.preconditions
    group_of = {w: g + 1 for g, w in enumerate(consumer_warps)}
    yielded = list(body.last_op.operands) if body.last_op else []
    wgmmas: list[Wgmma] = []
    for op in mmas:
        position = list(body.args).index(op.acc) - 1 if op.acc in body.args[1:] else -1
        if op.result not in yielded or yielded.index(op.result) != position:
            raise located_error(op, "CUDA emission: the accumulator must be carried through the loop")
        m, k = _tile(op.lhs).get_shape()
        kb, n = _tile(op.rhs).get_shape()[::-1] if op.transpose_rhs else _tile(op.rhs).get_shape()
        ea, eb = elt(_tile(op.lhs)), elt(_tile(op.rhs))
        if ea != eb:
            raise located_error(op, f"CUDA emission: MMA operands of one element type, got {ea.name} and {eb.name}")
        if ea.fp8 and not op.transpose_rhs:
            raise located_error(
                op,
                "CUDA emission: an FP8 wgmma reads B K-major: store B as [N, K] and write mma(a, b.T) "
                "(an MN-major FP8 B would need a transpose in shared memory, not generated)",
            )
        if m % 64 or m > 256 or n % 64 or n > 256 or k != ea.box_cols or kb != k:
            raise located_error(
                op,
                "CUDA emission: wgmma tiles are m64 (a multiple of 64 rows up to 256: one m64 wgmma per slab), "
                f"n a multiple of 64 up to 256, k = {ea.box_cols} ({ea.name})",
            )
        warp = warp_of[op_id[id(op)]]
        name = op.result.name_hint or f"acc{len(wgmmas)}"
        wgmmas.append(
            Wgmma(
                name,
                loads[op.lhs],
                loads[op.rhs],
                bool(op.transpose_rhs),
                n,
                k,
                group_of[warp],
                ea.name,
                m,
                elt(_tile(op.result)).name,
            )
        )
    carried = {yielded.index(op.result): w for op, w in zip(mmas, wgmmas, strict=True)}
    stores = _stores(program, carried, names)
    # One ring slot holds an iteration's loads: the ring is as deep as the
    # deepest of their channels (warp-specialize gives them one depth).
    depth = max(program.channels[op_id[id(v.owner)]].depth for v in loads)
    if depth < 2:
        raise located_error(program.ws, "CUDA emission: the GEMM ring releases a slot one iteration late: depth >= 2")
    ring = sum(smem_parts([(v.type, depth) for v in loads], [], [], [], (), machine.target).values())
    ring //= pair_share(loop)  # a CTA pair's CTA holds half of each slot
    if ring + BARRIERS > machine.smem:
        raise located_error(loop, f"CUDA emission: a {depth}-deep ring of {offset} B slots exceeds shared memory")
    persistent = _persistent(func, program, stores, wgmmas)
    if persistent is not None and persistent.cluster is not None:
        loaded = {t.tensor for t in loads.values()}
        missing = [m for m in persistent.cluster.multicast if m not in loaded]
        if missing:
            raise located_error(
                tile.find_persistent(func),  # type: ignore[arg-type]
                f"CUDA emission: 'twill.cluster' multicasts {', '.join(missing)}, which the main loop does not load",
            )
    epi = persistent.epi_bytes * (2 if persistent.alternate else 1) if persistent is not None else 0
    if persistent is not None and ring + BARRIERS + epi > machine.smem:
        raise located_error(
            loop,
            f"CUDA emission: the persistent kernel's {depth}-deep ring ({ring} B) and its epilogue "
            f"buffer{'s' if persistent.alternate else ''} ({epi} B) exceed shared memory ({machine.smem} B)",
        )
    budgets = {r.warp: r.regs for r in program.roles}
    warps = [producer, *consumer_warps]
    regs = tuple(budgets[w] for w in warps)
    roles = tuple(next(r.name for r in program.roles if r.warp == w) for w in warps)
    if persistent is not None and persistent.alternate:  # the one consumer role twice, on alternate tiles
        regs, roles = persistent.alternate, (roles[0], f"{roles[1]} (even tiles)", f"{roles[1]} (odd tiles)")
    return KernelPlan(
        kernel=kernel_name(module),
        tensors=tensors,
        sizes=sizes,
        trip_count=trip_count_expr(program),
        loads=tuple(loads.values()),
        mmas=tuple(wgmmas),
        stores=tuple(stores),
        depth=depth,
        slot_bytes=offset,
        groups=len(regs),
        regs=regs,
        roles=roles,
        ii=program.ii,
        stages=max(c // program.ii for c in program.cycle.values()) + 1,  # issue stages, as printed before
        persistent=persistent,
    )


def _stores(program: WarpProgram, carried: dict[int, Wgmma], names: dict) -> list[TileStore]:
    """The stores of the carried accumulators after the loop (`gemm_class`
    admits only a store, maybe after one cast to the stored type), each by the
    role holding its accumulator: the warp-specialized IR must place them so
    (`twill.post`), since this kernel hands nothing over after the loop."""
    out: list[TileStore] = []
    outside = program.outside
    for index, mma in sorted(carried.items()):
        result = program.loop.res[index]
        for use in result.uses:
            value, user, dtype = result, use.operation, "f32"
            if isinstance(user, tile.CastOp):
                value, dtype, user = user.result, elt(_tile(user.result)).name, next(iter(user.result.uses)).operation
            assert isinstance(user, tile.StoreOp)
            for op in dict.fromkeys((use.operation, user)):
                if outside.post[op] != outside.live_out[result]:
                    raise located_error(
                        program.ws,
                        f"CUDA emission: the GEMM kernel stores '{mma.name}' from the role holding it, warp "
                        f"{outside.live_out[result]}, but the IR places an op storing it on warp {outside.post[op]}",
                    )
            r0, c0 = (c_index(i, None) for i in user.indices)
            rows, cols = _tile(value).get_shape()
            ext = clip_extents(user.tensor.type, (rows, cols))
            out.append(
                TileStore(
                    mma.name,
                    names[user.tensor],
                    f"({r0}) * {rows}",
                    f"({c0}) * {cols}",
                    dtype,
                    ext and tuple(ext),
                    clip_mask(user.tensor.type, (rows, cols)),
                )
            )
    return out


def iteration_expr(program: WarpProgram) -> str:
    """The loop variable of iteration `kt` (0, 1, ...) as C: lb + kt * step."""
    lb, step = c_index(program.lb, None), c_index(program.step, None)
    scaled = "kt" if step == "1" else f"kt * {step}"
    return scaled if lb == "0" else f"({lb} + {scaled})"


def trip_count_expr(program: WarpProgram) -> str:
    """Iterations of `for j in lb .. ub step s` as C: ceil((ub - lb) / s), 0 when ub <= lb."""
    lb, ub, step = (c_index(v, None) for v in (program.lb, program.ub, program.step))
    if lb == "0" and step == "1":
        return ub
    span = ub if lb == "0" else f"({ub} - {lb})"
    return span if step == "1" else f"({span} > 0 ? ({span} + {step} - 1) / {step} : 0)"


def _tile(value: SSAValue) -> tile.TileType:
    assert isinstance(value.type, tile.TileType)
    return value.type


def _dims(arg: SSAValue) -> tuple[int | str, ...]:
    t = arg.type
    if not isinstance(t, tile.TensorType):
        raise located_error(arg.owner.parent_op(), "CUDA emission: kernel arguments are tensors")  # type: ignore[union-attr]
    return t.get_dims()
