"""An op's value as the tile language writes it (`o * alpha`, `exp2(s - m_new)`),
for messages that name a value the way its author wrote it rather than by the
op id the scheduler gives it (`mul_1`).

Operands are named by their SSA name hints (the names the source assigned);
an operand with no name (an expression nested in another) is written out in
turn, to `depth` levels, then as `...`."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.ir import Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.tile_masks import PREDICATES
from twillc.dialects.tile_types import type_text

INFIX = {tile.AddOp: "+", tile.SubOp: "-", tile.MulOp: "*", tile.DivOp: "/", tile.AndOp: "&", tile.OrOp: "|"}
CALLS = {
    tile.MaxOp: "max",
    tile.MinOp: "min",
    tile.ExpOp: "exp",
    tile.Exp2Op: "exp2",
    tile.LogOp: "log",
    tile.Log2Op: "log2",
    tile.RsqrtOp: "rsqrt",
    tile.SqrtOp: "sqrt",
    tile.TanhOp: "tanh",
    tile.SigmoidOp: "sigmoid",
    tile.ErfOp: "erf",
    tile.Log1pOp: "log1p",
    tile.AbsOp: "abs",
    tile.RowMaxOp: "rowmax",
    tile.RowSumOp: "rowsum",
    tile.ColMaxOp: "colmax",
    tile.ColSumOp: "colsum",
    tile.SelectOp: "where",
}


def source_expression(op: Operation, depth: int = 2) -> str:
    """`op`'s result as the source wrote it, e.g. `o * alpha`."""
    kind = type(op)
    args = [_operand(v, depth - 1) for v in op.operands]
    if isinstance(op, tile.CmpOp):
        symbol = {name: sym for sym, name in PREDICATES.items()}.get(op.predicate.data, op.predicate.data)
        return f" {symbol} ".join(args)
    if kind in INFIX:
        return f" {INFIX[kind]} ".join(args)
    if isinstance(op, tile.LoadOp):
        return f"load {_operand(op.tensor, 0)}[{', '.join('...' for _ in op.indices)}]"
    if isinstance(op, tile.NegOp):
        return f"-{args[0]}"
    if isinstance(op, tile.ExpandDimsOp):
        return f"{args[0]}{'[None, :]' if op.axis.value.data == 0 else '[:, None]'}"
    if isinstance(op, tile.CastOp):
        return f"cast<{type_text(op.result.type).split('[')[0]}>({args[0]})"
    if isinstance(op, tile.MmaOp):
        lhs, rhs = args[0] + (".T" if op.transpose_lhs else ""), args[1] + (".T" if op.transpose_rhs else "")
        return f"mma({', '.join([lhs, rhs, *args[2:]])})"
    if kind in CALLS:
        return f"{CALLS[kind]}({', '.join(args)})"
    if op.results and op.results[0].name_hint:
        return op.results[0].name_hint
    return op.name


def _operand(value: SSAValue, depth: int) -> str:
    if value.name_hint:
        return value.name_hint
    owner = value.owner
    if isinstance(owner, arith.ConstantOp):
        return str(getattr(owner.value, "value", owner.value).data)  # type: ignore[union-attr]
    if isinstance(owner, Operation) and depth > 0:
        text = source_expression(owner, depth)
        return f"({text})" if type(owner) in INFIX or isinstance(owner, tile.CmpOp) else text
    return "..."
