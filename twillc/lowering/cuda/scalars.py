"""Numbers read from memory in CUDA (`tile.load_scalar`, docs/language.md
"Scalars from memory"): each thread reads the element where the number is
used, a load every thread of the warp makes at one address (L1 broadcasts
it), so the number needs no register of its own across the software
pipeline nor a channel between warp groups; arithmetic of such numbers
(`arith`, `math`) is its C expression. A tile reduced to one number
(`tile.allsum` / `allmax`) has its threads' partial results combined across
the warp group (`TileMath._all_reduce`). A number the loop carries (an
online softmax's running max and sum, a loss accumulated chunk by chunk)
is a `float` of the one role whose ops read it or compute it
(`number_role`), which runs its iterations in program order and assigns
the carried numbers at each iteration's end."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type
from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda.dtypes import elt
from twillc.transforms.common import located_error

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


def carried_numbers(loop: tile.ForOp) -> list[tuple[BlockArgument, SSAValue, SSAValue]]:
    """The numbers (f16 / bf16 / f32 scalars) the loop carries: (its block
    argument, the value yielded for it, its initial value)."""
    body = loop.body.block
    yielded = body.last_op.operands  # type: ignore[union-attr]
    return [
        (body.args[i + 1], yielded[i], init)
        for i, init in enumerate(loop.iter_args)
        if isinstance(init.type, Float16Type | BFloat16Type | Float32Type)
    ]


def from_numbers(v: SSAValue, loop: tile.ForOp) -> bool:
    """Whether scalar `v` is computed, in the loop, from a number it carries
    or from a tile reduced to one number in it."""
    body = loop.body.block
    if isinstance(v, BlockArgument):
        return v.block is body and v.index > 0
    op = v.owner
    if not isinstance(op, Operation) or op.parent_block() is not body:
        return False
    if isinstance(op, tile.AllReductionOp):
        return True
    if isinstance(op, tile.LoadScalarOp) or op.dialect_name() not in ("arith", "math"):
        return False
    return any(from_numbers(x, loop) for x in op.operands)


def number_role(loop: tile.ForOp, ops: list[Operation], warp: Callable[[Operation], int]) -> int | None:
    """The role computing the loop's carried numbers: the one running every op
    of `ops` (the loop's ops on roles) that reads one (or a number computed
    from one) or reduces a tile to one; None where the loop carries none. A
    located error where two roles would (no channel carries a number)."""
    if not carried_numbers(loop) and not any(isinstance(op, tile.AllReductionOp) for op in ops):
        return None
    role: int | None = None
    for op in ops:
        reads = isinstance(op, tile.AllReductionOp) or any(
            not isinstance(x.type, tile.TileType) and from_numbers(x, loop) for x in op.operands
        )
        if not reads:
            continue
        if role is not None and warp(op) != role:
            raise located_error(
                op,
                f"CUDA emission: the loop's carried numbers are read on warp groups {role} and {warp(op)}: "
                "one role computes them (no channel carries a number between roles), not generated",
            )
        role = warp(op)
    return role
