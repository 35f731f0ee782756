"""`annotate-costs`: derive each tile op's cost on the target from its shapes
and dtypes and attach it as `twill.cost`.

Per op: the functional unit, occupancy in cycles (work / the unit's per-clock
rate), latency (occupancy plus the unit's fixed latency), registers per
thread of a warp group holding the result, shared / tensor memory footprint,
and the variable-latency and blocking flags. A statement's `{...}` overrides
(`twill.override`) win over every derived value. Rates and latencies come
from the machine model (`twillc/machines/*.toml`), never from this file.

Each loop op whose result another loop op reads also gets `twill.cross_warp`:
the cycles its value takes to reach a consumer on another warp group, by the
bytes of its channel slot (`memory_plan.slot_bytes`, what the CUDA emitter
stores and loads) and where it lives (`Machine.cross_warp_cycles`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil, prod

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DictionaryAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue, Use
from xdsl.passes import ModulePass

from twillc.dialects import tile
from twillc.dialects.tile import element_name
from twillc.dialects.twill import CostAttr
from twillc.target.machine import Machine
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.index_remat import rematerialized
from twillc.transforms.memory_plan import registers_per_thread, tmem_tile

ELEMENT_BYTES = {
    **{"f16": 2, "bf16": 2, "f32": 4, "f8E4M3FN": 1, "f8E5M2": 1, "i32": 4, "i16": 2, "i8": 1},
    **{"ui32": 4, "ui16": 2, "ui8": 1, "i1": 1},
}

# Which unit runs each op kind (docs/language.md, "typical unit").
SFU_OPS = (tile.ExpOp, tile.Exp2Op, tile.LogOp, tile.Log2Op, tile.RsqrtOp, tile.SqrtOp, tile.TanhOp)
MATH_EXPANSIONS: dict[type[Operation], tuple[str, int]] = {
    tile.SigmoidOp: ("sfu", 2),  # ex2 and rcp (MUFU.EX2, MUFU.RCP): twillc_math.cuh's tw_sigmoid
    tile.ErfOp: ("alu", 12),  # CUDA's erff: a clamp and a degree-9 polynomial in FMAs (no MUFU)
    tile.Log1pOp: ("alu", 20),  # CUDA's log1pf: range reduction and a polynomial in FMAs
}
"""Element-wise builtins that are several instructions an element: the unit
they are bound by and its instructions per element (the cycles are that many
times those of one instruction an element)."""
ALU_OPS = (
    tile.AddOp,
    tile.SubOp,
    tile.MulOp,
    tile.DivOp,
    tile.MaxOp,
    tile.MinOp,
    tile.NegOp,
    tile.AbsOp,
    tile.CastOp,
    tile.ZerosOp,
    tile.FullOp,
)

# Index tiles, comparisons, selection (docs/language.md, "Part 2"): one
# integer-pipe instruction per element (IMAD/IADD3 for indices, ISETP/FSETP,
# SEL, LOP3), at the machine's integer rate.
INT_ALU_OPS = tile.MASK_OPS + tile.INTEGER_BINARY
"""... and the bit operations of integer tiles (SHF, LOP3: docs/language.md, "Integer tiles")."""

# The tile ops that cost nothing at tile granularity (`derive_cost` gives
# them none), and why; every other tile op has a cost rule
# (tests/test_lowering_registry.py checks it).
COSTLESS: dict[type[Operation], str] = {
    tile.ForOp: "the loop itself: its ops are costed",
    tile.YieldOp: "the hand-off of carried values: the schedule's recurrence edges",
    tile.SizeOp: "a kernel argument",
    tile.BlockIdOp: "the CTA index",
}

OVERRIDE_KEYS = (
    "unit",
    "cycles",
    "latency",
    "regs",
    "smem",
    "tmem",
    "variable_latency",
    "blocking",
    "stall",
)


def element_bytes(element_type: Attribute) -> int:
    text = str(element_type)
    for name, size in ELEMENT_BYTES.items():
        if name.lower() in text.lower():
            return size
    return 4


def _tile_shape(value: SSAValue) -> tuple[int, ...]:
    ty = value.type
    return ty.get_shape() if isinstance(ty, tile.TileType) else ()


def _elements(value: SSAValue) -> int:
    return prod(_tile_shape(value)) if isinstance(value.type, tile.TileType) else 1


def _bytes(value: SSAValue) -> int:
    ty = value.type
    if not isinstance(ty, tile.TileType):
        return 0
    return prod(ty.get_shape()) * element_bytes(ty.element_type)


@dataclass(frozen=True)
class _Derived:
    unit: str
    cycles: int
    latency: int
    regs: int = 0
    smem: int = 0
    tmem: int = 0
    variable_latency: bool = False
    blocking: bool = False
    stall: int = 0


def _regs_for(value: SSAValue, machine: Machine) -> int:
    """32-bit registers per thread when a warp group holds `value`: the
    emitter's layout (`memory_plan.registers_per_thread`, one rule)."""

    if not isinstance(value.type, tile.TileType):
        return 0
    return registers_per_thread(value.type, machine.target)


def _defining_op(value: SSAValue) -> Operation | None:
    """The op whose result `value` is, looking through a loop-carried block
    argument to the op yielding its next value."""
    owner = value.owner
    if isinstance(owner, Operation):
        return owner
    block = value.owner
    parent = block.parent_op() if block is not None else None
    if isinstance(parent, tile.ForOp) and value.index >= 1:  # type: ignore[attr-defined]
        yielded = block.last_op.operands[value.index - 1]  # type: ignore[union-attr]
        return yielded.owner if isinstance(yielded.owner, Operation) else None
    return None


def tmem_role(op: Operation) -> str | None:
    """On a tensor-memory machine, where a result used only by MMAs lives:
    `acc` when it is their accumulator (FA4 rescales O in place), `operand`
    when it is their A operand (FA4 writes P to tensor memory), but not
    their transposed A (tcgen05.mma reads A from tensor memory K-major only:
    the backward's P^T goes through shared memory, `memory_plan.a_transposed`)."""
    uses = list(op.results[0].uses) if op.results else []
    if not uses or not all(isinstance(u.operation, tile.MmaOp) for u in uses):
        return None
    if all(u.index == 2 for u in uses):
        return "acc"
    a = all(u.index == 0 and not u.operation.transpose_lhs for u in uses)  # type: ignore[attr-defined]
    return "operand" if a else None


def _reads_tmem(op: Operation, machine: Machine) -> bool:
    """Reading an MMA result needs a blocking wait (wgmma.wait_group on
    Hopper, a tcgen05 load wait on Blackwell); another MMA accumulating
    into it does not."""
    if not (machine.mma_result_wait_blocks or (machine.accumulator_in_tmem and machine.tmem_reads_block)):
        return False
    if isinstance(op, tile.MmaOp):
        return False
    return any(isinstance(_defining_op(o), tile.MmaOp) for o in op.operands)


def _tmem_read_stall(op: Operation, machine: Machine) -> int:
    """Cycles an in-place rescale of an accumulator in tensor memory waits
    for it to reach registers (tcgen05.ld, then tcgen05.wait::ld): its warp
    executes nothing else meanwhile, which is why FA4 gives the rescale a
    correction warp group of its own. 0 where the machine has no rate."""
    rate = machine.rates.get("tmem_load_bytes", 0)
    if not rate or not machine.tmem_reads_block:
        return 0
    read = sum(_bytes(o) for o in op.operands if isinstance(_defining_op(o), tile.MmaOp))
    return ceil(read / rate)


ELEMENTWISE_OPS = SFU_OPS + (tile.AddOp, tile.SubOp, tile.MulOp, tile.DivOp, tile.MaxOp, tile.MinOp, tile.NegOp)


def _chunk_tile(value: SSAValue, machine: Machine) -> bool:
    """A [128, N] f32 tile (one row per tensor-memory lane, `tmem_tile`)
    wider than one chunk, in whole chunks."""
    chunk = machine.tmem_chunk_cols
    if not (chunk and isinstance(value.type, tile.TileType) and tmem_tile(value.type)):
        return False
    rows, cols = value.type.get_shape()
    return rows == machine.threads_per_group and cols > chunk and cols % chunk == 0


def _per_column(value: SSAValue) -> bool:
    """A `[1, C]` operand (`v[None, :]`), read at each element's column."""
    t = value.type
    return isinstance(t, tile.TileType) and t.rank == 2 and t.get_shape()[0] == 1 and t.get_shape()[1] > 1


def _loaded_per_column(value: SSAValue) -> bool:
    """A `[1, C]` operand read where it was loaded, at a chunk element's
    column: a loaded row, or `v[None, :]` of a loaded vector (per-column
    scales, a bias)."""
    owner = value.owner
    if isinstance(owner, tile.ExpandDimsOp):
        owner = owner.input.owner
    return isinstance(owner, tile.LoadOp)


def chunked_ops(loop: tile.ForOp, machine: Machine) -> set[Operation]:
    """The element-wise updates of tensor-memory tiles a sm_100a kernel
    processes in column chunks (`memory.tmem_chunk_cols`: tcgen05.ld of a
    few columns, the math, tcgen05.st back, as FA4's correction warps rescale
    O and DeepGEMM promotes its accumulator), never holding the tile whole in
    registers: the largest set of element-wise ops on [128, N] f32 tiles
    whose tile operands are in tensor memory (an MMA result, the result of
    another op of the set, a carried value such an op or an MMA yields), and
    whose results are read only by ops of the set, by an MMA as its
    accumulator, or carried to the next iteration's ops of the set."""
    if not (machine.accumulator_in_tmem and machine.tmem_chunk_cols):
        return set()
    body = loop.body.block
    chosen = {
        o
        for o in body.ops
        if isinstance(o, ELEMENTWISE_OPS)
        and o.results
        and _chunk_tile(o.results[0], machine)
        # a per-column operand is read in shared memory at the chunk's columns, not held in registers
        and not any(_per_column(v) and not _loaded_per_column(v) for v in o.operands)
    }

    def in_tmem(v: SSAValue) -> bool:
        owner = _defining_op(v)  # through a carried value to the op yielding it
        return isinstance(owner, tile.MmaOp) or owner in chosen

    def reader_ok(use: Use) -> bool:
        user = use.operation
        if user in chosen or (isinstance(user, tile.MmaOp) and use.index == 2):
            return True
        if isinstance(user, tile.YieldOp) and user.parent_block() is body:
            return all(u.operation in chosen for u in body.args[use.index + 1].uses)
        return False

    changed = True
    while changed:
        changed = False
        for o in sorted(chosen, key=body.get_operation_index):
            tiles = [v for v in o.operands if _chunk_tile(v, machine)]
            if not all(in_tmem(v) for v in tiles) or not all(reader_ok(u) for u in o.results[0].uses):
                chosen.discard(o)
                changed = True
    return chosen


def _chunked_cost(op: Operation, machine: Machine) -> _Derived:
    """Registers of one chunk, cycles of all: the op streams the tile through
    registers `tmem_chunk_cols` columns at a time (tcgen05.ld, the math,
    tcgen05.st back), stalled on each load of the tensor-memory tiles it
    reads; its result stays in tensor memory."""
    unit = "sfu" if isinstance(op, SFU_OPS) else "alu"
    res = op.results[0]
    rows, cols = _tile_shape(res)
    chunk = tile.TileType([rows, machine.tmem_chunk_cols], res.type.element_type)  # type: ignore[attr-defined]
    chunk_regs = registers_per_thread(chunk, machine.target)
    read = sum(_bytes(v) for v in dict.fromkeys(op.operands) if _chunk_tile(v, machine))
    load_rate = machine.rates.get("tmem_load_bytes", 0)
    stall = ceil(read / load_rate) if load_rate and machine.tmem_reads_block else 0
    cycles = max(1, ceil(rows * cols / machine.rates[f"{unit}_ops"])) + stall
    fixed = machine.latency.get(f"{unit}_fixed", 0)
    return _Derived(
        unit, cycles, cycles + fixed, chunk_regs, tmem=_bytes(res), blocking=_reads_tmem(op, machine), stall=stall
    )


def _fp8_staging(op: tile.MmaOp, machine: Machine) -> int:
    """Cycles before an FP8 wgmma with a register A can issue (sm_90a, the
    kernel's `memory_plan.staged_tiles`): its role writes A to shared memory
    (FP8 wgmma reads no register fragment in the accumulator layout) and, when
    B was loaded MN-major, reads B and writes it back transposed (FP8 wgmma
    reads B K-major only): those bytes at shared memory's rate (`tma_bytes`,
    the bytes per clock landing there). 0 for every other MMA."""
    lhs, rhs = op.operands[0], op.operands[1]
    if machine.accumulator_in_tmem or element_bytes(lhs.type.element_type) != 1:  # type: ignore[attr-defined]
        return 0
    if isinstance(_defining_op(lhs), tile.LoadOp) or _flag(op, "transpose_lhs"):
        return 0
    moved = _bytes(lhs)
    if isinstance(_defining_op(rhs), tile.LoadOp) and not _flag(op, "transpose_rhs"):
        moved += 2 * _bytes(rhs)
    return ceil(moved / machine.rates["tma_bytes"])


def derive_cost(op: Operation, machine: Machine, chunked: frozenset[Operation] = frozenset()) -> _Derived | None:
    """The cost of one tile op on `machine`; None for ops that cost nothing
    at tile granularity (`COSTLESS`, and index arithmetic of other dialects).
    `chunked`: the column-chunked updates (`chunked_ops`)."""
    if rematerialized(op):
        return None  # computed at each read: its readers pay for it (`remat_reads`)
    derived = _derive_cost(op, machine, chunked)
    extra = remat_reads(op, machine)
    if derived is None or not extra:
        return derived
    return replace(derived, cycles=derived.cycles + extra, latency=derived.latency + extra)


def remat_reads(op: Operation, machine: Machine) -> int:
    """Cycles `op` spends computing the index formulas it reads
    (`index-remat`): one integer instruction an element of its result for
    all of them (ptxas folds each formula to the thread's part, computed
    once, plus the element's offset, an immediate of the unrolled loop)."""
    if not op.results or not any(rematerialized(v.owner) for v in op.operands):  # type: ignore[arg-type]
        return 0
    rate = machine.rates.get("alu_int_ops") or machine.rates["alu_ops"]
    return max(1, ceil(_elements(op.results[0]) / rate))


def _derive_cost(op: Operation, machine: Machine, chunked: frozenset[Operation]) -> _Derived | None:
    r, lat = machine.rates, machine.latency
    if op in chunked:
        return _chunked_cost(op, machine)

    def placed(unit: str, cycles: int, fixed: int, result: SSAValue | None) -> _Derived:
        """A cost whose result lives in registers, or in tensor memory when
        it only feeds MMAs on a tensor-memory machine."""
        role = tmem_role(op) if machine.accumulator_in_tmem and result is not None else None
        stall = 0
        if role == "acc":
            # In place, in the accumulator's own columns: they stay taken
            # until the MMA accumulates onto them.
            regs, tmem = 0, _bytes(result)  # type: ignore[arg-type]
            stall = _tmem_read_stall(op, machine)
        elif role == "operand":
            regs, tmem = 0, _bytes(result)  # type: ignore[arg-type]
        else:
            regs, tmem = (_regs_for(result, machine) if result is not None else 0), 0
        cycles += stall
        return _Derived(unit, cycles, cycles + fixed, regs, tmem=tmem, blocking=_reads_tmem(op, machine), stall=stall)

    def alu(elements: int, result: SSAValue | None, rate: int | None = None) -> _Derived:
        return placed("alu", max(1, ceil(elements / (rate or r["alu_ops"]))), lat.get("alu_fixed", 0), result)

    # Integer work runs at the integer rate; a machine file without one
    # counts it at the FP32 rate.
    int_rate = r.get("alu_int_ops") or r["alu_ops"]

    if isinstance(op, tile.LoadOp):
        size = _bytes(op.results[0])
        cycles = max(1, ceil(size / r["tma_bytes"]))
        return _Derived("tma", cycles, cycles + lat.get("tma_fixed", 0), smem=size, variable_latency=True)
    if isinstance(op, tile.StoreOp):
        size = _bytes(op.operands[0])
        cycles = max(1, ceil(size / r["tma_bytes"]))
        return _Derived("tma", cycles, cycles, smem=size, blocking=_reads_tmem(op, machine))
    if isinstance(op, tile.StoreAddOp):
        return _store_add_cost(op, machine)
    if isinstance(op, tile.LoadScalarOp):
        # one element read by each thread of the warps that use it (`ld.global`, a
        # broadcast in L1), not through the TMA's warp: an issue slot, and the memory's
        # latency, as a TMA load's first byte, a fixed latency the schedule hides
        return _Derived("alu", 1, 1 + lat.get("tma_fixed", 0), 1)
    if isinstance(op, tile.StoreScalarOp):
        return _Derived("alu", 1, 1, 0)
    if isinstance(op, tile.AllReductionOp):
        # each element once on the ALU, the threads' partial results combined
        # through shared memory (as a column reduction's), the number in every thread
        d = alu(_elements(op.input), None)
        return _Derived(d.unit, d.cycles, d.latency + lat.get("cross_warp", 0), 1, blocking=True)
    if isinstance(op, tile.MmaOp):
        res = op.results[0]
        m, n = _tile_shape(res)
        lhs_shape = _tile_shape(op.operands[0])
        k = lhs_shape[0] if _flag(op, "transpose_lhs") else lhs_shape[1]
        in_bytes = element_bytes(op.operands[0].type.element_type)  # type: ignore[attr-defined]
        rate = r.get("tc_flops_f8", r["tc_flops_f16"]) if in_bytes == 1 else r["tc_flops_f16"]
        cycles = max(1, ceil(2 * m * n * k / rate))
        latency = cycles + lat.get("tc_fixed", 0) + _fp8_staging(op, machine)
        if machine.accumulator_in_tmem:
            return _Derived("tc", cycles, latency, tmem=m * n * 4)
        return _Derived("tc", cycles, latency, regs=_regs_for(res, machine))
    if isinstance(op, SFU_OPS):
        res = op.results[0]
        return placed("sfu", max(1, ceil(_elements(res) / r["sfu_ops"])), lat.get("sfu_fixed", 0), res)
    if type(op) in MATH_EXPANSIONS:
        unit, per = MATH_EXPANSIONS[type(op)]
        res = op.results[0]
        rate = r["sfu_ops"] if unit == "sfu" else r["alu_ops"]
        return placed(unit, max(1, ceil(per * _elements(res) / rate)), lat.get(f"{unit}_fixed", 0), res)
    if isinstance(op, (tile.RowMaxOp, tile.RowSumOp)):
        return alu(_elements(op.operands[0]), op.results[0])
    if isinstance(op, tile.ColumnReductionOp):
        # each element once on the ALU, then the partial columns of the warp
        # group's threads combined through shared memory (twillc_colreduce.cuh)
        res = op.results[0]
        d = alu(_elements(op.operands[0]), res)
        hop = machine.latency.get("cross_warp", 0)
        return _Derived(d.unit, d.cycles, d.latency + hop, d.regs, blocking=True)
    if isinstance(op, tile.ExpandDimsOp):
        if op.axis.value.data == 1 or isinstance(op.input.owner, tile.LoadOp):
            # a view: its readers index the vector (no instruction of its own)
            return _Derived("alu", 1, 0, 0)
        # a register vector per column: through shared memory to each thread's columns
        res = op.results[0]
        d = alu(_elements(res), res)
        return _Derived(d.unit, d.cycles, d.latency + machine.latency.get("cross_warp", 0), d.regs, blocking=True)
    if isinstance(op, tile.InterleaveOp):
        # each result element moved once, half of them from another thread's
        # registers (a shuffle or a pass through shared memory)
        res = op.results[0]
        d = alu(_elements(res), res, int_rate)
        return _Derived(d.unit, d.cycles, d.latency + machine.latency.get("cross_warp", 0), d.regs)
    if isinstance(op, INT_ALU_OPS):
        res = op.results[0]
        return alu(_elements(res), res, int_rate)
    if isinstance(op, tile.BinaryOp) and isinstance(op.result.type.element_type, IntegerType):  # type: ignore[attr-defined]
        res = op.results[0]  # index arithmetic: `iota_rows(R, C) + bid * R`
        return alu(_elements(res), res, int_rate)
    if isinstance(op, ALU_OPS):
        res = op.results[0]
        return alu(_elements(res), res)
    return None


def _store_add_cost(op: tile.StoreAddOp, machine: Machine) -> _Derived:
    """A TMA reduce-add store (`cp.reduce.async.bulk.tensor ... .add`): the
    TMA reads the tile from shared memory as a store does, at the machine's
    reduce rate; a located error where the machine has no reduce-add TMA or
    cannot add the element type. The sm_90a emitter, which stores every tile
    from registers, emits it as the store's code with `red.global.add` for
    `st.global`: with `tma_reduce_bytes` = `tma_bytes` (H100, B200) it costs
    what the store does."""
    rate = machine.rates.get("tma_reduce_bytes", 0)
    dtype = element_name(op.value.type.element_type)  # type: ignore[attr-defined]
    if not rate:
        raise located_error(
            op,
            f"'store ... +=' needs a TMA reduce-add store, which target '{machine.name}' does not have "
            "(its machine model has no rates.tma_reduce_bytes)",
        )
    if dtype not in machine.reduce_add_types:
        can = ", ".join(sorted(machine.reduce_add_types)) or "none"
        raise located_error(
            op, f"'store ... +=': target '{machine.name}' cannot reduce-add {dtype} elements (it adds: {can})"
        )
    size = _bytes(op.value)
    cycles = max(1, ceil(size / rate))
    return _Derived("tma", cycles, cycles, smem=size, blocking=_reads_tmem(op, machine))


def _flag(op: Operation, name: str) -> bool:
    return name in op.properties or name in op.attributes


def _apply_overrides(op: Operation, derived: _Derived | None) -> CostAttr:
    override = op.attributes.get("twill.override")
    values: dict[str, object] = dict(derived.__dict__) if derived else {}
    if isinstance(override, DictionaryAttr):
        for key, attr in override.data.items():
            if key not in OVERRIDE_KEYS:
                raise located_error(op, f"unknown cost override '{key}'")
            if isinstance(attr, StringAttr):
                values[key] = attr.data
            elif isinstance(attr, IntegerAttr):
                # Booleans are i1 IntegerAttrs.
                values[key] = int(attr.value.data)
            else:
                raise located_error(op, f"cost override '{key}' has an unsupported value {attr}")
        if derived is None and "unit" not in values:
            raise located_error(op, f"'{op.name}' has no derived cost; an override needs 'unit'")
        if "cycles" in values and "latency" not in override.data and derived is not None:
            # Overriding occupancy alone keeps the derived fixed latency on top.
            values["latency"] = int(values["cycles"]) + derived.latency - derived.cycles  # type: ignore[arg-type]
        values.setdefault("cycles", 1)
        values.setdefault("latency", values["cycles"])
    cycles, latency = int(values["cycles"]), int(values["latency"])  # type: ignore[arg-type]
    if cycles < 1:
        raise located_error(op, f"'cycles' must be >= 1, got {cycles}")
    if latency < 0:
        raise located_error(op, f"'latency' must be >= 0, got {latency}")
    stall = int(values.get("stall", 0))  # type: ignore[arg-type]
    if not 0 <= stall <= cycles:
        raise located_error(op, f"'stall' must be between 0 and 'cycles' ({cycles}), got {stall}")
    return CostAttr(
        str(values["unit"]),
        cycles,
        latency,
        int(values.get("regs", 0)),  # type: ignore[arg-type]
        int(values.get("smem", 0)),  # type: ignore[arg-type]
        int(values.get("tmem", 0)),  # type: ignore[arg-type]
        bool(values.get("variable_latency", False)),
        bool(values.get("blocking", False)),
        stall,
    )


def _crossable(op: Operation, loop_ops: set[Operation]) -> bool:
    """Whether another op of the loop reads `op`'s result (in this iteration
    or, through a carried value, in the next), so that it may cross warps."""
    if not op.results:
        return False
    block = op.parent_block()
    for use in op.results[0].uses:
        user = use.operation
        if user is not op and user in loop_ops:
            return True
        if isinstance(user, tile.YieldOp) and block is not None:
            arg = block.args[use.index + 1]
            if any(u.operation is not op and u.operation in loop_ops for u in arg.uses):
                return True
    return False


def crossing_bytes(value: SSAValue, machine: Machine) -> int:
    """Bytes a register value moves through shared memory when it crosses
    warp groups: its channel slot (`memory_plan.slot_bytes`, a row vector's
    replicated values included); 0 for a value that is no tile."""
    from twillc.transforms.memory_plan import slot_bytes

    return slot_bytes(value.type, machine.target) if isinstance(value.type, tile.TileType) else 0


def annotate_cross_warp(loop: tile.ForOp, machine: Machine) -> None:
    """`twill.cross_warp` (cycles) on each costed loop op whose value may
    cross warps: variable-latency results (TMA loads) are exempt, they
    arrive through shared memory with their own barrier; a value the cost
    model keeps in tensor memory pays the hand-off alone."""
    ops = [o for o in loop.body.block.ops if isinstance(o.attributes.get("twill.cost"), CostAttr)]
    members = set(ops)
    for inner in ops:
        cost = inner.attributes["twill.cost"]
        assert isinstance(cost, CostAttr)
        if cost.variable_latency.data or not _crossable(inner, members):
            inner.attributes.pop("twill.cross_warp", None)
            continue
        in_tmem = cost.tmem.data > 0
        cycles = machine.cross_warp_cycles(crossing_bytes(inner.results[0], machine), in_tmem)
        inner.attributes["twill.cross_warp"] = IntegerAttr(cycles, i64)


def _per_cta(d: _Derived, share: int) -> _Derived:
    """One CTA's part of a CTA pair's tile op (`cta_pair.pair_share`): its
    share of the bytes moved and held and of the elements computed (a load's
    half tile, the MMA's 128 of 256 rows on its SM's tensor core, its half of
    the accumulator); the fixed part of the latency unchanged."""
    cycles = max(1, ceil(d.cycles / share))
    return replace(
        d,
        cycles=cycles,
        latency=d.latency - d.cycles + cycles,
        regs=ceil(d.regs / share),
        smem=d.smem // share,
        tmem=d.tmem // share,
    )


@dataclass(frozen=True)
class AnnotateCostsPass(ModulePass):
    """Attach `twill.cost` to every tile op from the target's machine model."""

    name = "annotate-costs"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.transforms.cta_pair import pair_share

        machine = module_machine(op)
        chunked = frozenset(c for loop in op.walk() if isinstance(loop, tile.ForOp) for c in chunked_ops(loop, machine))
        share = pair_share(op)
        for inner in op.walk():
            if inner.dialect_name() != "tile":
                continue
            derived = derive_cost(inner, machine, chunked)
            if derived is not None and share > 1:
                derived = _per_cta(derived, share)
            if derived is None and "twill.override" not in inner.attributes:
                continue
            cost = _apply_overrides(inner, derived)
            if cost.unit.data not in machine.units:
                raise located_error(
                    inner,
                    f"unit '{cost.unit.data}' is not a unit of target '{machine.name}' "
                    f"(units: {', '.join(sorted(machine.units))})",
                )
            inner.attributes["twill.cost"] = cost
            if inner in chunked:
                inner.attributes["twill.chunk_cols"] = IntegerAttr(machine.tmem_chunk_cols, i64)
        for loop in op.walk():
            if isinstance(loop, tile.ForOp):
                annotate_cross_warp(loop, machine)
