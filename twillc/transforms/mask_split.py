"""`mask-split{time-limit=30}`: schedule a loop whose iterations differ
only by a mask as two parts of one software pipeline.

FA3 and FA4 run causal attention's KV loop in two parts: the blocks left of
the diagonal need no mask, the ones on it do, and only those pay the mask's
ALU work. Here the selects whose condition holds on whole tiles over a
range of iterations (`mask_bounds`) are marked `twill.split_mask`, and:

1. the *unmasked part* is the loop with those selects folded to their true
   operands and the mask's ops removed: exactly the kernel without the
   mask, annotated, normalized, modulo- and joint-scheduled as any loop;
2. the *masked part* is the loop as written, in the unmasked part's cost
   units (the mask's own costs converted at its scale), scheduled by
   `pipeline_fit.schedule_in_pipeline` with every op the parts share kept at
   its stage and warp, and the mask's ops pinned to the warp that reads the
   select: the least II at which the mask fits into that pipeline.

The parts then share one warp-specialized program: the unmasked iterations
skip the mask's ops and take each select's true operand, so the pipeline
runs from one part into the next with nothing drained or refilled.
The loop's schedule (`twill.schedule`, each op's `twill.cycle`) is the masked
part's; `twill.mask_split`, after the loop, holds the unmasked iterations'
bounds and schedule, and each shared op its `twill.unmasked_cycle`.

When the mask cannot fit into the unmasked pipeline (its readers on two
warps, no schedule at any II within the limit), the loop is scheduled as
written, masked in every iteration, and `twill.split_refused` on the loop
says why.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, replace

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import DictionaryAttr, IndexType, IntegerAttr, ModuleOp, StringAttr, UnitAttr, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from twillc.dialects import tile
from twillc.dialects.twill import CostAttr, ScheduleAttr, WarpOptionsAttr
from twillc.dialects.twill_split import SPLIT_MASK, UNMASKED_CYCLE, MaskSplitOp, mask_only_ops, split_selects
from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.target.machine import Machine
from twillc.transforms.common import located_error, module_machine, register_reserve
from twillc.transforms.ir_graph import (
    find_loop,
    graph_from_loop,
    kernel_name,
    read_schedule,
    write_schedule,
)
from twillc.transforms.mask_bounds import Bound, select_bounds
from twillc.transforms.split_parts import fold_split_masks

SPLIT_REFUSED = "twill.split_refused"


def has_split_mask(module: ModuleOp) -> bool:
    """Whether the kernel's loop has a select `mask-split` can skip."""
    return bool(select_bounds(find_loop(module)))


@dataclass(frozen=True)
class MaskSplitPass(ModulePass):
    """Schedule the unmasked and the masked iterations as one pipeline."""

    name = "mask-split"

    time_limit: int | float = 30.0
    """Seconds for both parts: half for the unmasked part (its modulo search
    at most a third of those, as in the plain pipeline), a quarter for
    fitting the mask into its pipeline, and what is left (at least a quarter)
    for scheduling the loop as written when the mask does not fit."""

    beat: int = 0
    """Machine cycles per iteration another variant reaches (joint-schedule's
    `beat`, for the part that ranks the variant: the unmasked one)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.scheduling.progress import milestone
        from twillc.transforms.annotate_costs import AnnotateCostsPass
        from twillc.transforms.cost_normalize import CostNormalizePass
        from twillc.transforms.joint_schedule import JointSchedulePass
        from twillc.transforms.modulo_schedule import ModuloSchedulePass
        from twillc.transforms.verify_schedule import VerifySchedulePass

        loop = find_loop(op)
        if "twill.normalization" in loop.attributes or "twill.schedule" in loop.attributes:
            raise located_error(loop, "mask-split schedules the loop itself: run it before cost-normalize")
        deadline = time.monotonic() + self.time_limit
        found = select_bounds(loop)
        first = max(self.time_limit / 2 if found else self.time_limit, 0.5)
        plain = [
            ModuloSchedulePass(time_limit=min(10.0, first / 3)),
            JointSchedulePass(time_limit=max(first - min(10.0, first / 3), 0.5), beat=self.beat),
        ]
        if not found:
            for p in (AnnotateCostsPass(), CostNormalizePass(), *plain):
                p.apply(ctx, op)
            return
        for select in found:
            select.attributes[SPLIT_MASK] = UnitAttr()
        unmasked = op.clone()
        twin = dict(zip(list(op.walk()), list(unmasked.walk()), strict=True))
        fold_split_masks(unmasked)
        for p in (AnnotateCostsPass(), CostNormalizePass(), *plain, VerifySchedulePass()):
            p.apply(ctx, unmasked)
        milestone("unmasked part scheduled")
        AnnotateCostsPass().apply(ctx, op)
        u_loop = find_loop(unmasked)
        _normalize_like(loop, u_loop, twin)
        machine = module_machine(op)
        graph, ops = graph_from_loop(loop, machine, kernel_name(op))
        # The mask's ops hold no register once split: code generation computes
        # them element by element inside the select that reads them
        # (`tile_math._mask_cond`); written to the IR when the split is kept.
        mask_only = {k for k, o in ops.items() if o in set(mask_only_ops(loop.body.block))}
        fit_graph = replace(graph, ops=tuple(replace(o, regs=0) if o.id in mask_only else o for o in graph.ops))
        _, u_ops = graph_from_loop(u_loop, machine, kernel_name(unmasked))
        u = read_schedule(u_loop, u_ops)
        assert u is not None and u.ii is not None and u.warps is not None
        u_id = {id(o): k for k, o in u_ops.items()}
        shared = {k: u_id[id(twin[o])] for k, o in ops.items() if twin[o].parent is not None and id(twin[o]) in u_id}
        warps = _mask_warps(loop, ops, shared, u)
        fit: Schedule | None = None
        refused = warps if isinstance(warps, str) else ""
        if isinstance(warps, dict):
            fit_deadline = deadline - self.time_limit / 4  # the rest: the loop as written, if need be
            fit, refused = self._fit(loop, fit_graph, ops, shared, u, warps, machine, fit_deadline)
        milestone("masked part fitted" if fit is not None else "the mask fits no II")
        if fit is None:
            for select in found:
                del select.attributes[SPLIT_MASK]
            left = max(deadline - time.monotonic(), 1.0)
            ModuloSchedulePass(time_limit=min(10.0, left / 3)).apply(ctx, op)
            JointSchedulePass(time_limit=max(left - min(10.0, left / 3), 0.5), beat=self.beat).apply(ctx, op)
            loop.attributes[SPLIT_REFUSED] = StringAttr(refused)
            return
        for k in mask_only:
            ops[k].attributes["twill.cost"] = _without_registers(ops[k].attributes["twill.cost"])
        write_schedule(loop, ops, fit)
        options = u_loop.attributes["twill.warp_options"]
        assert isinstance(options, WarpOptionsAttr)
        loop.attributes["twill.warp_options"] = options
        for k, o in ops.items():
            if k in shared:
                o.attributes[UNMASKED_CYCLE] = IntegerAttr(u.cycles[shared[k]], i32)
        _write_split(loop, found, u)

    def _fit(
        self,
        loop: tile.ForOp,
        graph,
        ops: dict[str, Operation],
        shared: dict[str, str],
        u: Schedule,
        warps: dict[str, int],
        machine: Machine,
        deadline: float,
    ) -> tuple[Schedule | None, str]:
        from twillc.scheduling.pipeline_fit import schedule_in_pipeline
        from twillc.scheduling.progress import terminal_progress
        from twillc.transforms.joint_schedule import JointSchedulePass
        from twillc.transforms.smem_plan import smem_excess, tmem_refusal

        assert u.ii is not None and u.warps is not None
        config = JointSchedulePass().config(machine, register_reserve(loop))
        stage_of = {k: u.cycles[s] // u.ii for k, s in shared.items()}
        fit = schedule_in_pipeline(
            graph,
            config,
            stage_of,
            warps,
            u.stages,
            u.ii,
            time_limit=max(deadline - time.monotonic(), 1.0),
            progress=terminal_progress("mask-split"),
        )
        if fit.ii is None or not fit.cycles:
            return None, f"the mask fits the unmasked pipeline at no II ({fit.note})"
        over, _ = smem_excess(loop, graph, ops, fit, machine)
        if over > 0:
            return None, f"the masked part's CUDA kernel needs {over} B more shared memory than '{machine.name}' has"
        if why := tmem_refusal(loop, graph, ops, fit, machine):
            return None, f"the masked part's CUDA kernel would be refused: {why}"
        return fit, ""


def _mask_warps(
    loop: tile.ForOp, ops: dict[str, Operation], shared: dict[str, str], u: Schedule
) -> dict[str, int] | str:
    """Every op's warp in the masked part: a shared op's in the unmasked
    part; a split select on the warp of the ops reading it, and each op of
    the mask on that of the selects it feeds (so no value of the mask
    crosses warps, and the unmasked iterations, which skip them, keep every
    channel's ring in step). A reason instead when readers disagree."""
    assert u.warps is not None
    name = {id(o): k for k, o in ops.items()}
    warps = {k: u.warps[s] for k, s in shared.items()}
    body = loop.body.block
    for select in split_selects(body):
        readers = {warps.get(name.get(id(use.operation), ""), -1) for use in select.result.uses}
        if len(readers) != 1 or -1 in readers:
            return f"'{name.get(id(select), 'select')}' is read on several warps"
        warps[name[id(select)]] = readers.pop()
    for o in reversed(mask_only_ops(body)):
        if id(o) not in name:
            continue  # index arithmetic: no cost, computed where used
        readers = {warps.get(name.get(id(use.operation), ""), -1) for r in o.results for use in r.uses}
        if len(readers) != 1 or -1 in readers:
            return f"the mask's '{name[id(o)]}' feeds selects on several warps"
        warps[name[id(o)]] = readers.pop()
    return warps


def _without_registers(c: Attribute) -> CostAttr:
    assert isinstance(c, CostAttr)
    return CostAttr(
        c.unit.data,
        c.cycles.data,
        c.latency.data,
        0,
        c.smem.data,
        c.tmem.data,
        bool(c.variable_latency.data),
        bool(c.blocking.data),
        c.stall.data,
    )


def _normalize_like(loop: tile.ForOp, u_loop: tile.ForOp, twin: dict[Operation, Operation]) -> None:
    """The masked loop in the unmasked part's units: each shared op takes
    its twin's costs, each op of the mask its raw costs mapped as the
    unmasked part maps the same raw value, else scaled by its ratio."""
    norm = u_loop.attributes["twill.normalization"]
    assert isinstance(norm, DictionaryAttr)
    scale_cycles = norm.data["scale_cycles"].value.data  # type: ignore[union-attr]
    units = norm.data["scale_units"].value.data  # type: ignore[union-attr]
    mapping: dict[int, int] = {0: 0}
    for inner in u_loop.body.block.ops:
        raw, cost = inner.attributes.get("twill.raw_cost"), inner.attributes.get("twill.cost")
        if isinstance(raw, CostAttr) and isinstance(cost, CostAttr):
            for r, c in ((raw.cycles, cost.cycles), (raw.latency, cost.latency), (raw.stall, cost.stall)):
                mapping.setdefault(r.data, c.data)

    def units_of(raw: int) -> int:
        return mapping.get(raw, max(1, round(raw * units / scale_cycles)))

    keys = ("twill.cost", "twill.raw_cost", "twill.cross_warp", "twill.raw_cross_warp")
    for inner in loop.body.block.ops:
        mine = twin[inner]
        c = inner.attributes.get("twill.cost")
        if not isinstance(c, CostAttr):
            continue
        if mine.parent is not None:  # shared: its twin's costs
            for key in keys:
                if key in mine.attributes:
                    inner.attributes[key] = mine.attributes[key]
            continue
        inner.attributes["twill.raw_cost"] = c
        cycles = units_of(c.cycles.data)
        inner.attributes["twill.cost"] = CostAttr(
            c.unit.data,
            cycles,
            units_of(c.latency.data),
            c.regs.data,
            c.smem.data,
            c.tmem.data,
            bool(c.variable_latency.data),
            bool(c.blocking.data),
            min(units_of(c.stall.data), cycles),
        )
        cross = inner.attributes.get("twill.cross_warp")
        if isinstance(cross, IntegerAttr):
            inner.attributes["twill.raw_cross_warp"] = cross
            inner.attributes["twill.cross_warp"] = IntegerAttr(-(-int(cross.value.data) * units // scale_cycles), i64)
    for key in ("twill.normalization", "twill.cross_warp"):
        loop.attributes[key] = u_loop.attributes[key]


def _write_split(loop: tile.ForOp, found: dict[tile.SelectOp, list[Bound]], u: Schedule) -> None:
    """The `twill.mask_split` op after the loop, its offsets computed just
    before the loop; bounds that two selects share are written once."""
    bounds: list[Bound] = []
    for select_bounds_ in found.values():
        for b in select_bounds_:
            if b not in bounds:
                bounds.append(b)
    offsets = [_materialize(b.offset.const, b.offset.terms, loop) for b in bounds]
    assert u.ii is not None
    schedule = ScheduleAttr(u.ii, u.length, u.stages, u.lower_bound, u.status.value)
    Rewriter.insert_op(MaskSplitOp(offsets, [b.alpha for b in bounds], schedule), InsertPoint.after(loop))


def _materialize(const: int, terms: tuple[tuple[SSAValue, int], ...], loop: tile.ForOp) -> SSAValue:
    """`const + sum(coeff * value)` as index arithmetic just before the loop."""
    where = InsertPoint.before(loop)

    def constant(k: int) -> SSAValue:
        c = arith.ConstantOp(IntegerAttr(k, IndexType()))
        Rewriter.insert_op(c, where)
        return c.result

    total = constant(const)
    for value, coeff in terms:
        term = value
        if coeff != 1:
            mul = arith.MuliOp(value, constant(coeff))
            Rewriter.insert_op(mul, where)
            term = mul.result
        add = arith.AddiOp(total, term)
        Rewriter.insert_op(add, where)
        total = add.result
    return total


def one_pipeline_problems(
    graph: DependenceGraph, ops: Mapping[str, Operation], whole: Schedule, unmasked: Schedule
) -> list[str]:
    """What makes the two parts not one pipeline: a shared op of the loop
    (`graph`, `ops`, its schedule `whole`) in another stage than in the
    unmasked part (the independent checker's `check_pins`)."""
    from twillc.scheduling.checker_ws import check_pins

    assert unmasked.ii is not None
    stage_of = {
        k: int(c.value.data) // unmasked.ii
        for k, o in ops.items()
        if isinstance(c := o.attributes.get(UNMASKED_CYCLE), IntegerAttr)
    }
    return check_pins(graph, whole, stage_of, {})
