"""`cost-normalize{budget=300}`: replace the loop's cycle counts by small
integers with the same ratios (Twill 5.2), so exact solvers stay fast.

Normalizes every occupancy and latency of the loop's ops, and the target's
barrier hand-off between warp groups (`latency.cross_warp`), together; the
original cost stays on each op as `twill.raw_cost`, and the loop records the
budget, the largest relative ratio error and the scale back to machine
cycles (one normalized unit is `scale_cycles / scale_units` cycles, so II x
that is the II in cycles) in `twill.normalization`.

Each op's crossing delay (`twill.cross_warp`, cycles from annotate-costs, by
the bytes its value moves) is converted afterwards with the scale of that
solve, rounded up (`ceil(cycles * scale_units / scale_cycles)`), its cycles
kept as `twill.raw_cross_warp`: the delays do not enter the solve, so a
kernel's units, and through them its schedule, do not move with the size of
values its schedule never hands between warp groups, while a large tile
crossing still costs more units than a small one.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, FloatAttr, IntegerAttr, ModuleOp, f64, i64
from xdsl.passes import ModulePass

from twillc.dialects.twill import CostAttr
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import cost_of, costed_ops, find_loop


@dataclass(frozen=True)
class CostNormalizePass(ModulePass):
    """Ratio-preserving cost normalization of the scheduled loop."""

    name = "cost-normalize"

    budget: int = 300
    """Upper bound U on the sum of the distinct normalized costs."""

    time_limit: int | float = 10.0
    """Seconds for the CP-SAT solve."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.scheduling.normalize import NormalizationInfeasible, normalize_costs

        loop = find_loop(op)
        if "twill.normalization" in loop.attributes:
            return  # already normalized: normalizing twice would compound errors
        ops = costed_ops(loop)
        shared = loop.attributes.get("twill.cross_warp")  # the hand-off, when given in the IR
        handoff = int(shared.value.data) if isinstance(shared, IntegerAttr) else None
        if handoff is None:
            handoff = module_machine(op).latency.get("cross_warp", 0)
        costs = [handoff]
        for inner in ops:
            cost = cost_of(inner)
            costs += [cost.cycles.data, cost.latency.data, cost.stall.data]
        if self.budget < 1:
            raise located_error(loop, f"cost-normalize: budget must be >= 1, got {self.budget}")
        try:
            norm = normalize_costs(costs, self.budget, self.time_limit)
        except NormalizationInfeasible as e:
            raise located_error(loop, f"cost-normalize: {e}") from None
        m = norm.mapping
        scale_cycles, units = norm.scale
        for inner in ops:
            c = cost_of(inner)
            inner.attributes["twill.raw_cost"] = c
            inner.attributes["twill.cost"] = CostAttr(
                c.unit.data,
                m[c.cycles.data],
                m[c.latency.data],
                c.regs.data,
                c.smem.data,
                c.tmem.data,
                bool(c.variable_latency.data),
                bool(c.blocking.data),
                min(m[c.stall.data], m[c.cycles.data]),  # rounding must not stall past the op
            )
            cross = inner.attributes.get("twill.cross_warp")
            if isinstance(cross, IntegerAttr):
                inner.attributes["twill.raw_cross_warp"] = cross
                cycles = int(cross.value.data)
                inner.attributes["twill.cross_warp"] = IntegerAttr(-(-cycles * units // scale_cycles), i64)
        loop.attributes["twill.cross_warp"] = IntegerAttr(m[handoff], i64)  # for costs without their own
        loop.attributes["twill.normalization"] = DictionaryAttr(
            {
                "budget": IntegerAttr(self.budget, i64),
                "max_ratio_error": FloatAttr(round(norm.max_ratio_error, 6), f64),
                "proven": IntegerAttr(int(norm.optimal), i64),
                "scale_cycles": IntegerAttr(norm.scale[0], i64),
                "scale_units": IntegerAttr(norm.scale[1], i64),
            }
        )
