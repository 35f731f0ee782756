"""`twill.mask_split`: a loop whose iterations differ only by a mask, split
into the iterations that need it and those that do not (`mask-split`
writes it, the lowering passes and code generation read it). Registered
with the other ops in `twillc.dialects.twill`.

The op follows its `tile.for` (before `twill.pipeline`), as the other ops
that describe the loop do. Iteration `j` (the loop variable's value) is
*unmasked* when `alpha[k] * j + offsets[k] >= 0` for every k; there each
`tile.select` marked `twill.split_mask` yields its true operand, and the
ops that only feed those selects' conditions (`mask_only_ops`) do not run.
Every other iteration runs the loop as written. The unmasked iterations
run the schedule in `unmasked` (each op's issue cycle in its
`twill.unmasked_cycle`, its stage and warp those of the loop's schedule),
the others the loop's `twill.schedule`: one software pipeline, so the
warp-specialized code runs both in sequence without draining.

```mlir
twill.mask_split %b0 alpha [-64] unmasked <ii = 130, length = 700, stages = 6, lower_bound = 130, status = optimal>
```
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DenseArrayBase, IndexType, i64
from xdsl.ir import Block, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from twillc.dialects import tile
from twillc.dialects.twill_attrs import ScheduleAttr

SPLIT_MASK = "twill.split_mask"
"""Unit attribute on a `tile.select` the split skips in unmasked iterations."""

UNMASKED_CYCLE = "twill.unmasked_cycle"
"""An op's issue cycle in the unmasked part's schedule (i32)."""


@irdl_op_definition
class MaskSplitOp(IRDLOperation):
    """Which iterations of the loop just before it are unmasked, and their
    schedule (see the module docstring)."""

    name = "twill.mask_split"
    offsets = var_operand_def(IndexType)
    alpha = prop_def(DenseArrayBase.constr(i64))
    unmasked = prop_def(ScheduleAttr)
    assembly_format = "$offsets `alpha` $alpha `unmasked` $unmasked attr-dict"

    def __init__(self, offsets: Sequence[SSAValue], alpha: Sequence[int], unmasked: ScheduleAttr) -> None:
        super().__init__(
            operands=[list(offsets)],
            properties={"alpha": DenseArrayBase.from_list(i64, list(alpha)), "unmasked": unmasked},
        )

    @property
    def coefficients(self) -> tuple[int, ...]:
        return tuple(self.alpha.get_values())

    def verify_(self) -> None:
        if len(self.coefficients) != len(self.offsets):
            raise VerifyException(
                f"{len(self.offsets)} offsets but {len(self.coefficients)} alpha coefficients: one of each per bound"
            )
        if not self.offsets:
            raise VerifyException("a mask split needs at least one bound")


def mask_split_of(loop: Operation) -> MaskSplitOp | None:
    """The `twill.mask_split` among the twill ops that follow the loop
    (`twill.pipeline` and `twill.warp_specialize` may come before it)."""
    op = loop.next_op
    while op is not None and op.dialect_name() == "twill":
        if isinstance(op, MaskSplitOp):
            return op
        op = op.next_op
    return None


def split_selects(body: Block) -> list[tile.SelectOp]:
    return [op for op in body.ops if isinstance(op, tile.SelectOp) and SPLIT_MASK in op.attributes]


def mask_only_ops(body: Block) -> list[Operation]:
    """The ops of the loop body that only feed the conditions of its split
    selects (directly or through other such ops), in program order: what an
    unmasked iteration does not run."""
    selects = split_selects(body)
    only: set[int] = set()
    ops = list(body.ops)
    changed = True
    while changed:
        changed = False
        for op in reversed(ops):
            if id(op) in only or not op.results or op in selects:
                continue
            uses = [u for r in op.results for u in r.uses]
            if uses and all(
                (isinstance(u.operation, tile.SelectOp) and u.operation in selects and u.index == 0)
                or id(u.operation) in only
                for u in uses
            ):
                only.add(id(op))
                changed = True
    return [op for op in ops if id(op) in only]
