"""`.tile`'s numbers computed at run time (docs/language.md, "Scalars from
memory"): `load T[i] : f32` (one element), `sum(x)` / `max(x)` (a tile to one
number), `exp(s)` ... of such a number, `full(x) : f32` (one a loop can
carry), `store T[i] = s`. The IR: `tile.load_scalar`, `tile.allsum` /
`tile.allmax`, upstream `math`, `arith.constant`, `tile.store_scalar`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import FloatAttr, IntegerType
from xdsl.ir import Attribute, Operation, SSAValue

from twillc.dialects import tile

if TYPE_CHECKING:
    from twillc.frontend import ast
    from twillc.frontend.irgen_exprs import ExprGen, Tensor, Val

ALL_REDUCE = {"sum": tile.AllSumOp, "max": tile.AllMaxOp}
"""One-argument `sum(x)` / `max(x)`: every element of a tile to one number."""

SCALAR_MATH: dict[str, type[Operation]] = {
    "exp": math.ExpOp,
    "exp2": math.Exp2Op,
    "log": math.LogOp,
    "log2": math.Log2Op,
    "rsqrt": math.RsqrtOp,
    "sqrt": math.SqrtOp,
    "tanh": math.TanhOp,
    "erf": math.ErfOp,
    "log1p": math.Log1pOp,
    "abs": math.AbsFOp,
}
"""The element-wise builtins of a number computed at run time (`sigmoid` has no `math` op: of a tile only)."""


def _val(value: SSAValue, pos: ast.Pos, op: Operation | None = None) -> Val:
    from twillc.frontend.irgen_exprs import Val

    return Val(value, pos, op=op)


def load_scalar(
    gen: ExprGen, e: ast.Load, tensor: Tensor, indices: list[SSAValue], element: Attribute, name: str
) -> Val:
    """`load T[i] : f32`: the element at `(i)` (`(i, j)` of a rank-2 `T`)."""
    if element != tensor.type.element_type:
        raise gen.err(
            e.pos,
            f"'{e.tensor}' holds {tile.element_name(tensor.type.element_type)}, not {tile.element_name(element)}",
        )
    op = gen.emit(tile.LoadScalarOp(tensor.value, indices), e.pos, name)
    return _val(op.results[0], e.pos, op)


def store_scalar(gen: ExprGen, value: SSAValue, tensor: Tensor, indices: list[SSAValue], pos: ast.Pos) -> Operation:
    """`store T[i] = s` of a number: converted to `T`'s element type (f32 / f16 / bf16)."""
    element = tensor.type.element_type
    if isinstance(value.type, IntegerType) or isinstance(element, IntegerType):
        what = f"{tile.element_name(value.type)} into {tile.element_name(element)}"
        raise gen.err(pos, f"'store' of {what}: numbers only")
    if value.type != element:
        wider = getattr(element, "bitwidth", 32) > getattr(value.type, "bitwidth", 32)
        conv = arith.ExtFOp(value, element) if wider else arith.TruncFOp(value, element)  # type: ignore[arg-type]
        value = gen.emit(conv, pos, None).results[0]
    return tile.StoreScalarOp(value, tensor.value, indices)


def all_reduce(gen: ExprGen, f: str, x: SSAValue, pos: ast.Pos, name: str | None) -> Val:
    if isinstance(x.type.element_type, IntegerType):  # type: ignore[attr-defined]
        raise gen.err(pos, f"'{f}' of an integer tile (numbers of a float tile only)")
    op = gen.emit(ALL_REDUCE[f](x), pos, name)
    return _val(op.results[0], pos, op)


def scalar_math(gen: ExprGen, f: str, arg: Val, pos: ast.Pos, name: str | None) -> Val:
    """`exp(s)` (...) of a number computed at run time."""
    value = arg.value
    assert isinstance(value, SSAValue)
    if f not in SCALAR_MATH or isinstance(value.type, IntegerType) or not hasattr(value.type, "bitwidth"):
        raise gen.err(pos, f"'{f}' of {arg.type_text()}: of a tile or a float number")
    op = gen.emit(SCALAR_MATH[f](value), pos, name)  # type: ignore[call-arg]
    return _val(op.results[0], pos, op)


def scalar_constant(gen: ExprGen, e: ast.Call, element: Attribute, name: str) -> Val:
    """`full(x) : f32` / `zeros() : f32`: one number a name holds (a loop may carry it)."""
    if isinstance(element, IntegerType):
        raise gen.err(e.pos, f"'{e.func}' of one integer: a number is f32, f16 or bf16")
    if e.func == "zeros":
        gen.arity(e, 0)
        value = 0.0
    else:
        gen.arity(e, 1)
        v = gen.expr(e.args[0], None)
        if not isinstance(v.value, float):
            raise gen.err(e.args[0].pos, "'full' takes a number")
        value = v.value
    op = gen.emit(arith.ConstantOp(FloatAttr(value, element)), e.pos, name)  # type: ignore[arg-type]
    return _val(op.results[0], e.pos, op)
