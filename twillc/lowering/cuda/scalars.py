"""Numbers read from memory in CUDA (`tile.load_scalar`, docs/language.md
"Scalars from memory"): each thread reads the element where the number is
used, a load every thread of the warp makes at one address (L1 broadcasts
it), so the number needs no register of its own across the software
pipeline nor a channel between warp groups; arithmetic of such numbers
(`arith`, `math`) is its C expression. A tile reduced to one number
(`tile.allsum` / `allmax`) needs its threads' partial results combined and
is not generated here yet (a located refusal on sm_90a, a hole on sm_100a)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith, math
from xdsl.ir import SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda.dtypes import elt

CALLS: dict[type, str] = {
    arith.MaximumfOp: "fmaxf",
    arith.MaxnumfOp: "fmaxf",
    arith.MinimumfOp: "fminf",
    arith.MinnumfOp: "fminf",
    math.ExpOp: "expf",
    math.Exp2Op: "exp2f",
    math.LogOp: "logf",
    math.Log2Op: "log2f",
    math.RsqrtOp: "rsqrtf",
    math.SqrtOp: "sqrtf",
    math.TanhOp: "tanhf",
    math.ErfOp: "erff",
    math.Log1pOp: "log1pf",
    math.AbsFOp: "fabsf",
}
"""Scalar float ops as the CUDA math library's float functions."""


def element_offset(op: tile.LoadScalarOp | tile.StoreScalarOp, index: Callable[[SSAValue], str]) -> str:
    """The element's offset in the tensor (row-major): `i`, or `i * C + j`."""
    idx = [index(i) for i in op.indices]
    if len(idx) == 1:
        return idx[0]
    cols = op.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
    return f"({idx[0]}) * {cols} + ({idx[1]})"


def loaded(op: tile.LoadScalarOp, tensor: str, index: Callable[[SSAValue], str]) -> str:
    """The C expression reading the element (a float for 16-bit floats)."""
    at = f"__ldg(&{tensor}[{element_offset(op, index)}])"
    name = elt(op.result.type).name
    return at if name in ("f32", "i32", "i8") else f"float({at})"


def scalar_expr(op: object, operand: Callable[[SSAValue], str]) -> str | None:
    """A scalar `arith` / `math` op of numbers as C, its operands by `operand`; None for another op."""
    if type(op) in CALLS:
        args = ", ".join(operand(v) for v in op.operands)  # type: ignore[attr-defined]
        return f"{CALLS[type(op)]}({args})"
    if isinstance(op, arith.SIToFPOp | arith.ExtFOp | arith.TruncFOp):
        return f"float({operand(op.input)})"
    return None
