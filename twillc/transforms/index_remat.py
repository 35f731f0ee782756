"""`index-remat`: index tiles computed where they are read, never held.

An integer tile built from `iota_rows` / `iota_cols`, integer scalars
(`bid * BM`, the loop variable, a scalar argument) and `+`, `-`, `*`,
`min`, `max` of those (ALiBi's `cols - rows`, a causal or window mask's
`rows - cols`), and, with `masks`, the comparisons and `&` / `|` of such
tiles that only select (`where`) reads, is one formula of the thread's
element index: an expert writes it at its use (`float(col(i) + kt * 64 -
row(i) - bid * 128)`), which ptxas folds to one integer instruction an
element, the thread's part computed once. Held as a tile, it is 32 or 64
registers live across pipeline stages (the ALiBi forward spilled 600 B
with 208 registers counted) and an issue slot of its own.

The pass marks each such op `twill.remat` (a unit attribute): the op has
no cost (`annotate-costs`), so the schedule neither places it nor counts
its registers; each op reading it pays one integer instruction an element
for the whole formula (`annotate-costs`), and the CUDA emitter and the
simulator evaluate the formula at each read. An op is marked only when
every reader can compute it at the read: another marked op, or an
element-wise op of the same shape (a cast, arithmetic, a comparison, a
select's operand or, for an `i1` tile, its condition) in the loop's body;
never a value the loop carries, one read after the loop or through a
broadcast. Ops before the loop are marked under the same rule (their
readers in the loop), so `rows = iota_rows(BM, BN) + bid * BM` is not a
live-in held across the loop either.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import IndexType, IntegerType, ModuleOp, UnitAttr
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass

from twillc.dialects import tile

REMAT = "twill.remat"
"""Op attribute: the op's tile is computed at each read (`index-remat`)."""

INDEX_OPS = (tile.IotaOp, tile.AddOp, tile.SubOp, tile.MulOp, tile.MinOp, tile.MaxOp)
"""Integer tile ops an element formula is made of."""

MASK_FORMS = (tile.CmpOp, tile.AndOp, tile.OrOp)
"""`i1` tile ops an element formula is made of (with `masks`)."""

READERS = (tile.CastOp, tile.UnaryOp, tile.BinaryOp, tile.CmpOp, tile.SelectOp)
"""Element-wise ops that read an operand element by element, where an
element formula can stand for it."""


def rematerialized(op: Operation | None) -> bool:
    """Whether `op` is computed at each read (`index-remat` marked it)."""
    return isinstance(op, Operation) and REMAT in op.attributes


def _integer_tile(v: SSAValue) -> bool:
    return isinstance(v.type, tile.TileType) and isinstance(v.type.element_type, IntegerType)


def _integer_scalar(v: SSAValue) -> bool:
    return isinstance(v.type, IntegerType | IndexType)


@dataclass(frozen=True)
class IndexRematPass(ModulePass):
    """Mark index tiles (and, with `masks`, their comparisons) computed at each read."""

    name = "index-remat"

    masks: bool = True
    """Also the comparisons and `&` / `|` of index tiles that only a select's condition reads."""

    before_loop: bool = True
    """Also the index tiles computed before the loop and read only in it (no live-in held)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for loop in [o for o in op.walk() if isinstance(o, tile.ForOp)]:
            block = loop.parent_block()
            if block is not None:
                mark_index_tiles(loop, block, masks=self.masks, before_loop=self.before_loop)


def _form(op: Operation, masks: bool) -> bool:
    """Whether `op` could be part of an element formula, its operands aside."""
    if not op.results or not isinstance(op.results[0].type, tile.TileType) or op.results[0].type.rank != 2:
        return False
    if isinstance(op, INDEX_OPS):
        return _integer_tile(op.results[0])
    if masks and isinstance(op, MASK_FORMS):
        return isinstance(op, tile.CmpOp) or all(isinstance(v.type, tile.TileType) for v in op.operands)
    return False


def mark_index_tiles(loop: tile.ForOp, block: Block, masks: bool = True, before_loop: bool = True) -> set[Operation]:
    """Mark the ops of `loop`'s body (and, with `before_loop`, of the ops
    of `block` before it) whose tile is one element formula every reader
    computes at its read; the marked ops."""
    body = loop.body.block
    ops = [o for o in body.ops if _form(o, masks)]
    if before_loop:
        ops = [o for o in block.ops if o is not loop and _form(o, masks) and _before(o, loop)] + ops
    ops = [o for o in ops if "twill.override" not in o.attributes]  # costed as its author says
    chosen = set(ops)

    def operand_ok(o: Operation, v: SSAValue) -> bool:
        if isinstance(v.type, tile.TileType):
            return (
                v.owner in chosen
                and v.type == o.results[0].type
                or (
                    isinstance(o, tile.CmpOp)
                    and v.owner in chosen
                    and v.type.get_shape() == o.results[0].type.get_shape()
                )
            )
        return not isinstance(o, tile.AndOp | tile.OrOp) and _integer_scalar(v)

    def reader_ok(o: Operation, v: SSAValue, user: Operation) -> bool:
        if user in chosen:
            return True
        if user.parent_block() is not body or not isinstance(user, READERS):
            return False  # carried, read after the loop, or by a non element-wise op
        out = user.results[0].type if user.results else None
        if not isinstance(out, tile.TileType) or out.get_shape() != v.type.get_shape():  # type: ignore[attr-defined]
            return False  # read through a broadcast, or into a reduction
        if isinstance(v.type.element_type, IntegerType) and v.type.element_type.width.data == 1:  # type: ignore[attr-defined]
            return isinstance(user, tile.SelectOp) and user.cond is v
        return True

    changed = True
    while changed:
        changed = False
        for o in list(chosen):
            r = o.results[0]
            if all(operand_ok(o, v) for v in o.operands) and all(reader_ok(o, r, u.operation) for u in r.uses):
                continue
            chosen.discard(o)
            changed = True
    for o in ops:
        if o in chosen:
            o.attributes[REMAT] = UnitAttr()
    return chosen


def _before(op: Operation, loop: tile.ForOp) -> bool:
    block = loop.parent_block()
    assert block is not None
    return block.get_operation_index(op) < block.get_operation_index(loop)
