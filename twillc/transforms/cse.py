"""Common subexpressions of a kernel's tile math, computed once.

A user writes the same expression twice (`mma(cast<f16>(ds).T, q, dk)` and
`mma(cast<f16>(ds), k)` in a backward kernel): each copy would be its own op
for the scheduler, a second tile in registers or shared memory and a second
pass of the unit. `eliminate_common_subexpressions` keeps the first of the
ops in one block that compute the same value (same op, same operands, same
properties and result types) and makes the later ones' uses read it. Only
pure tile math merges (element-wise ops, casts, reductions, MMAs); loads,
stores and the tiles a loop starts from (`zeros`, `full`) stay as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass

from twillc.dialects import tile

PURE = (
    tile.UnaryOp,
    tile.BinaryOp,
    tile.CastOp,
    tile.ReductionOp,
    tile.ColumnReductionOp,
    tile.ExpandDimsOp,
    tile.MmaOp,
    tile.CmpOp,
    tile.LogicOp,
    tile.SelectOp,
)


def _key(op: Operation) -> tuple[object, ...]:
    props = tuple(sorted((k, str(v)) for k, v in op.properties.items()))
    return (op.name, tuple(op.operands), props, tuple(str(r.type) for r in op.results))


def _block(block: Block) -> int:
    seen: dict[tuple[object, ...], Operation] = {}
    merged = 0
    for op in list(block.ops):
        for region in op.regions:
            for inner in region.blocks:
                merged += _block(inner)
        if not isinstance(op, PURE):
            continue
        first = seen.setdefault(_key(op), op)
        if first is op:
            continue
        for old, new in zip(op.results, first.results, strict=True):
            new.name_hint = new.name_hint or old.name_hint
            old.replace_all_uses_with(new)
        block.erase_op(op)
        merged += 1
    return merged


def eliminate_common_subexpressions(func: FuncOp) -> int:
    """Merge the repeated pure tile ops of `func`, block by block; how many went."""
    return sum(_block(b) for b in func.body.blocks)


@dataclass(frozen=True)
class CsePass(ModulePass):
    """Compute the kernel's repeated pure tile expressions once."""

    name = "cse"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in op.walk():
            if isinstance(func, FuncOp):
                eliminate_common_subexpressions(func)
