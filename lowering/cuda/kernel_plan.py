"""What the sm_90a emitter needs of a scheduled loop, read from the IR and
checked: the TMA tile loads (one ring slot holds an iteration's loads), the
wgmma ops with their accumulators and consumer warp groups, the stores after
the loop, the ring depth from the schedule's lifetimes, and the register
budget of each role.

Supported: main loops of TMA loads feeding MMAs (f16 operands, f32
accumulators carried through the loop and stored after it), the GEMM class.
Anything else is a located error that says what is not generated.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from xdsl.dialects import arith
from xdsl.dialects.builtin import Float16Type, Float32Type, ModuleOp
from xdsl.ir import Operation, SSAValue

from dialects import tile
from lowering.cuda.index_expr import c_index
from twillc.scheduling.graph import Schedule
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule

BOX_COLS = 64
"""Elements of f16 per TMA box row: 128 B, the width of the 128B swizzle."""


class GemmClassOnly(Exception):
    """The loop is not of the GEMM class: the skeleton emitter takes it."""


@dataclass(frozen=True)
class TileLoad:
    name: str
    tensor: str  # kernel argument
    rows: int
    cols: int
    row0: str  # C expression of the first row (elements)
    col0: str
    slot_offset: int  # bytes into the ring slot

    @property
    def boxes(self) -> int:
        return self.cols // BOX_COLS

    @property
    def nbytes(self) -> int:
        return self.rows * self.cols * 2


@dataclass(frozen=True)
class Wgmma:
    name: str
    lhs: TileLoad  # [64, K], K-major
    rhs: TileLoad  # [K, N] (N contiguous: MN-major) or [N, K] when transposed (K-major)
    rhs_transposed: bool
    n: int
    k: int
    group: int  # consumer warp group, 1-based (0 is the producer)


@dataclass(frozen=True)
class TileStore:
    acc: str  # the Wgmma it stores
    tensor: str
    row0: str
    col0: str
    to_f16: bool


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


def plan_sm90(module: ModuleOp) -> KernelPlan:
    from xdsl.dialects.func import FuncOp

    machine = module_machine(module)
    loop = find_loop(module)
    func = next(op for op in module.walk() if isinstance(op, FuncOp))
    graph, ops = graph_from_loop(loop, machine, kernel_name(module))
    schedule = read_schedule(loop, ops)
    if schedule is None or schedule.ii is None or schedule.warps is None:
        raise located_error(loop, "CUDA emission needs a warp-specialized schedule: run joint-schedule")
    op_id = {id(op): k for k, op in ops.items()}
    tensors = tuple((arg.name_hint or f"arg{i}", _dims(arg)) for i, arg in enumerate(func.body.block.args))
    names = {arg: tensors[i][0] for i, arg in enumerate(func.body.block.args)}
    sizes = tuple(dict.fromkeys(d for _, dims in tensors for d in dims if isinstance(d, str)))

    if not (_const(loop.lb) == 0 and _const(loop.step) == 1):
        raise located_error(loop, "CUDA emission: the loop must run from 0 with step 1")
    body = loop.body.block
    iv = body.args[0]
    loads: dict[SSAValue, TileLoad] = {}
    offset = 0
    mmas: list[tile.MmaOp] = []
    for op in body.ops:
        if isinstance(op, tile.LoadOp):
            t = _tile(op.result)
            if t.rank != 2 or not isinstance(t.element_type, Float16Type):
                raise GemmClassOnly(op.name)
            rows, cols = t.get_shape()
            if rows > 256 or cols % BOX_COLS:
                raise located_error(
                    op, f"CUDA emission: a TMA tile needs <= 256 rows and a multiple of {BOX_COLS} columns"
                )
            name = op.result.name_hint or f"t{len(loads)}"
            r0, c0 = (c_index(i, iv) for i in op.indices)
            row0, col0 = f"({r0}) * {rows}", f"({c0}) * {cols}"
            loads[op.result] = TileLoad(name, names[op.tensor], rows, cols, row0, col0, offset)
            offset += ceil(rows * cols * 2 / 1024) * 1024
        elif isinstance(op, tile.MmaOp):
            mmas.append(op)
        elif isinstance(op, tile.YieldOp) or op.dialect_name() == "arith":
            continue
        else:
            raise GemmClassOnly(op.name)
    producer_warps = {schedule.warps[op_id[id(v.owner)]] for v in loads}
    if len(producer_warps) != 1:
        raise located_error(loop, "CUDA emission: every TMA load must be on the one producer warp")
    consumer_warps = sorted({schedule.warps[op_id[id(op)]] for op in mmas} - producer_warps)
    group_of = {w: g + 1 for g, w in enumerate(consumer_warps)}
    yielded = list(body.last_op.operands) if body.last_op else []
    wgmmas: list[Wgmma] = []
    for op in mmas:
        if op.transpose_lhs or op.acc is None or op.lhs not in loads or op.rhs not in loads:
            raise GemmClassOnly(op.name)
        position = list(body.args).index(op.acc) - 1 if op.acc in body.args[1:] else -1
        if op.result not in yielded or yielded.index(op.result) != position:
            raise located_error(op, "CUDA emission: the accumulator must be carried through the loop")
        m, k = _tile(op.lhs).get_shape()
        kb, n = _tile(op.rhs).get_shape()[::-1] if op.transpose_rhs else _tile(op.rhs).get_shape()
        if m != 64 or n % 64 or n > 256 or k != BOX_COLS or kb != k:
            raise located_error(op, "CUDA emission: wgmma tiles are m64, n a multiple of 64 up to 256, k = 64")
        warp = schedule.warps[op_id[id(op)]]
        if warp in producer_warps:
            raise located_error(op, "CUDA emission: an MMA on the producer warp is not generated")
        name = op.result.name_hint or f"acc{len(wgmmas)}"
        wgmmas.append(Wgmma(name, loads[op.lhs], loads[op.rhs], bool(op.transpose_rhs), n, k, group_of[warp]))
    carried = {yielded.index(op.result): w for op, w in zip(mmas, wgmmas, strict=True)}
    stores = _stores(loop, carried, names)
    lifetimes = [_lifetime(schedule, op_id, load_value) for load_value in loads]
    depth = max(2, ceil(max(lifetimes) / schedule.ii)) + 1  # +1: wgmma keeps one batch in flight before release
    if depth * offset + 1024 > machine.smem:
        raise located_error(loop, f"CUDA emission: a {depth}-deep ring of {offset} B slots exceeds shared memory")
    budgets = {r.id: r.regs for r in schedule.roles}
    warps = [next(iter(producer_warps)), *consumer_warps]
    regs = tuple(budgets[w] for w in warps)
    roles = tuple(next(r.role for r in schedule.roles if r.id == w) for w in warps)
    if 128 * sum(regs) > 65536:
        raise located_error(loop, f"CUDA emission: register budgets {list(regs)} exceed the register file")
    return KernelPlan(
        kernel=kernel_name(module),
        tensors=tensors,
        sizes=sizes,
        trip_count=c_index(loop.ub, None),
        loads=tuple(loads.values()),
        mmas=tuple(wgmmas),
        stores=tuple(stores),
        depth=depth,
        slot_bytes=offset,
        groups=1 + len(consumer_warps),
        regs=regs,
        roles=roles,
        ii=schedule.ii,
        stages=max(c // schedule.ii for c in schedule.cycles.values()) + 1,
    )


def _lifetime(schedule: Schedule, op_id: dict[int, str], value: SSAValue) -> int:
    """Cycles from the load's issue to the end of its last use."""
    start = schedule.cycles[op_id[id(value.owner)]]
    ends = [start + 1]
    for use in value.uses:
        user = use.operation
        if id(user) in op_id:
            ends.append(schedule.cycles[op_id[id(user)]] + _occupancy(user))
    return max(ends) - start


def _occupancy(op: Operation) -> int:
    cost = op.attributes.get("twill.cost")
    return int(cost.cycles.data) if cost is not None else 1  # type: ignore[attr-defined]


def _stores(loop: tile.ForOp, carried: dict[int, Wgmma], names: dict) -> list[TileStore]:
    """The stores of the carried accumulators after the loop."""
    out: list[TileStore] = []
    for index, mma in sorted(carried.items()):
        result = loop.res[index]
        for use in result.uses:
            value, to_f16 = result, False
            user = use.operation
            if isinstance(user, tile.CastOp):
                if not isinstance(_tile(user.result).element_type, Float16Type) or len(list(user.result.uses)) != 1:
                    raise located_error(user, "CUDA emission: an accumulator is stored as f32 or cast once to f16")
                value, to_f16, user = user.result, True, next(iter(user.result.uses)).operation
            if not isinstance(user, tile.StoreOp) or user.value is not value:
                raise located_error(user, "CUDA emission: after the loop an accumulator is only stored")
            elt = user.tensor.type.element_type  # type: ignore[attr-defined]
            if isinstance(elt, Float32Type) == to_f16 or not isinstance(elt, Float16Type | Float32Type):
                raise located_error(user, "CUDA emission: the stored element type must match the tensor")
            r0, c0 = (c_index(i, None) for i in user.indices)
            rows, cols = _tile(value).get_shape()
            out.append(TileStore(mma.name, names[user.tensor], f"({r0}) * {rows}", f"({c0}) * {cols}", to_f16))
    return out


def _tile(value: SSAValue) -> tile.TileType:
    assert isinstance(value.type, tile.TileType)
    return value.type


def _dims(arg: SSAValue) -> tuple[int | str, ...]:
    t = arg.type
    if not isinstance(t, tile.TensorType):
        raise located_error(arg.owner.parent_op(), "CUDA emission: kernel arguments are tensors")  # type: ignore[union-attr]
    return t.get_dims()


def _const(value: SSAValue) -> int | None:
    op = value.owner
    if isinstance(op, arith.ConstantOp):
        return int(op.value.value.data)  # type: ignore[attr-defined]
    return None
