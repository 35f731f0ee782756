"""`annotate-costs`: derive each tile op's cost on the target from its shapes
and dtypes and attach it as `twill.cost`.

Per op: the functional unit, occupancy in cycles (work / the unit's per-clock
rate), latency (occupancy plus the unit's fixed latency), registers per
thread of a warp group holding the result, shared / tensor memory footprint,
and the variable-latency and blocking flags. A statement's `{...}` overrides
(`twill.override`) win over every derived value. Rates and latencies come
from the machine model (`twillc/machines/*.toml`), never from this file.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, prod

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DictionaryAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass

from dialects import tile
from dialects.twill import CostAttr
from twillc.target.machine import Machine
from twillc.transforms.common import located_error, module_machine

ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f8E4M3FN": 1, "f8E5M2": 1, "i32": 4, "i8": 1}

# Which unit runs each op kind (tile-language.md, "typical unit").
SFU_OPS = (tile.ExpOp, tile.Exp2Op, tile.LogOp, tile.Log2Op, tile.RsqrtOp)
ALU_OPS = (
    tile.AddOp,
    tile.SubOp,
    tile.MulOp,
    tile.DivOp,
    tile.MaxOp,
    tile.MinOp,
    tile.NegOp,
    tile.CastOp,
    tile.ZerosOp,
    tile.FullOp,
)

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
    from twillc.transforms.memory_plan import registers_per_thread

    if not isinstance(value.type, tile.TileType):
        return 0
    return registers_per_thread(value.type, machine.arch)


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
    when it is their A operand (FA4 writes P to tensor memory)."""
    uses = list(op.results[0].uses) if op.results else []
    if not uses or not all(isinstance(u.operation, tile.MmaOp) for u in uses):
        return None
    return "acc" if all(u.index == 2 for u in uses) else "operand" if all(u.index == 0 for u in uses) else None


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


def derive_cost(op: Operation, machine: Machine) -> _Derived | None:
    """The cost of one tile op on `machine`; None for ops that cost nothing
    at tile granularity (index arithmetic, constants, the loop itself)."""
    r, lat = machine.rates, machine.latency

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

    def alu(elements: int, result: SSAValue | None) -> _Derived:
        return placed("alu", max(1, ceil(elements / r["alu_ops"])), lat.get("alu_fixed", 0), result)

    if isinstance(op, tile.LoadOp):
        size = _bytes(op.results[0])
        cycles = max(1, ceil(size / r["tma_bytes"]))
        return _Derived("tma", cycles, cycles + lat.get("tma_fixed", 0), smem=size, variable_latency=True)
    if isinstance(op, tile.StoreOp):
        size = _bytes(op.operands[0])
        cycles = max(1, ceil(size / r["tma_bytes"]))
        return _Derived("tma", cycles, cycles, smem=size, blocking=_reads_tmem(op, machine))
    if isinstance(op, tile.MmaOp):
        res = op.results[0]
        m, n = _tile_shape(res)
        lhs_shape = _tile_shape(op.operands[0])
        k = lhs_shape[0] if _flag(op, "transpose_lhs") else lhs_shape[1]
        in_bytes = element_bytes(op.operands[0].type.element_type)  # type: ignore[attr-defined]
        rate = r.get("tc_flops_f8", r["tc_flops_f16"]) if in_bytes == 1 else r["tc_flops_f16"]
        cycles = max(1, ceil(2 * m * n * k / rate))
        latency = cycles + lat.get("tc_fixed", 0)
        if machine.accumulator_in_tmem:
            return _Derived("tc", cycles, latency, tmem=m * n * 4)
        return _Derived("tc", cycles, latency, regs=_regs_for(res, machine))
    if isinstance(op, SFU_OPS):
        res = op.results[0]
        return placed("sfu", max(1, ceil(_elements(res) / r["sfu_ops"])), lat.get("sfu_fixed", 0), res)
    if isinstance(op, (tile.RowMaxOp, tile.RowSumOp)):
        return alu(_elements(op.operands[0]), op.results[0])
    if isinstance(op, ALU_OPS):
        res = op.results[0]
        return alu(_elements(res), res)
    return None


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


@dataclass(frozen=True)
class AnnotateCostsPass(ModulePass):
    """Attach `twill.cost` to every tile op from the target's machine model."""

    name = "annotate-costs"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        machine = module_machine(op)
        for inner in op.walk():
            if inner.dialect_name() != "tile":
                continue
            derived = derive_cost(inner, machine)
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
