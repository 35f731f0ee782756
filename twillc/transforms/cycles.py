"""Normalized units back to machine cycles.

After `cost-normalize` the schedule's numbers (II, length, bound, issue
cycles) are small integers with the ratios of the machine's cycle counts,
not cycles: one unit is `scale_cycles / scale_units` cycles, which
cost-normalize records in the loop's `twill.normalization`. A module normalized before that
field existed gives the scale from its ops' `twill.raw_cost` / `twill.cost`;
a loop never normalized is already in cycles (scale 1).
"""

from __future__ import annotations

from xdsl.dialects.builtin import DictionaryAttr, IntegerAttr

from twillc.dialects import tile
from twillc.dialects.twill import CostAttr


def cycles_per_unit(loop: tile.ForOp) -> float:
    """Machine cycles per unit of the loop's schedule."""
    norm = loop.attributes.get("twill.normalization")
    if not isinstance(norm, DictionaryAttr):
        return 1.0
    cycles, units = norm.data.get("scale_cycles"), norm.data.get("scale_units")
    if isinstance(cycles, IntegerAttr) and isinstance(units, IntegerAttr) and units.value.data > 0:
        return cycles.value.data / units.value.data
    pairs: dict[int, int] = {}
    for op in loop.body.block.ops:
        raw, cost = op.attributes.get("twill.raw_cost"), op.attributes.get("twill.cost")
        if isinstance(raw, CostAttr) and isinstance(cost, CostAttr):
            for r, c in ((raw.cycles.data, cost.cycles.data), (raw.latency.data, cost.latency.data)):
                if r > 0 and c > 0:
                    pairs[r] = c
    units = sum(pairs.values())
    return sum(pairs) / units if units else 1.0


def to_cycles(units: int, scale: float) -> int:
    """A count of normalized units in machine cycles (rounded)."""
    return round(units * scale)
