"""Index arithmetic of the `tile` IR as C expressions: constants, runtime
sizes (kernel parameters), integer scalar arguments, the block index, the
loop variable, and the `arith` ops the front end lowers index expressions to
(`%` is C's, truncating, as `arith.remsi` is)."""

from __future__ import annotations

import re

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, IntegerType, i1
from xdsl.dialects.func import FuncOp
from xdsl.ir import BlockArgument, SSAValue

from twillc.dialects import tile
from twillc.transforms.common import located_error

BINARY = {
    arith.AddiOp: "+",
    arith.SubiOp: "-",
    arith.MuliOp: "*",
    arith.DivUIOp: "/",
    arith.DivSIOp: "/",
    arith.RemUIOp: "%",
    arith.RemSIOp: "%",
    arith.ShLIOp: "<<",
    arith.ShRSIOp: ">>",
}

LOGIC = {arith.AndIOp: "&&", arith.OrIOp: "||", arith.XOrIOp: "!="}
"""Booleans (`i1`: a uniform condition) combined."""

COMPARE = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=", "ult": "<", "ule": "<="}
COMPARE |= {"ugt": ">", "uge": ">="}
"""`arith.cmpi`'s predicates by mnemonic (`arith.CmpiOp.predicate` counts them in this order)."""

CALLS = {arith.MaxSIOp: "max", arith.MinSIOp: "min"}
"""Signed max / min of the ints an index expression computes (CUDA's
`int max(int, int)` / `int min(int, int)` device and host overloads)."""


def c_index(value: SSAValue, loop_var: SSAValue | None, loop_name: str = "kt") -> str:
    """A C expression (of `int`s) for an index value."""
    if loop_var is not None and value is loop_var:
        return loop_name
    if isinstance(value, BlockArgument) and isinstance(value.owner.parent_op(), FuncOp):
        return value.name_hint or f"arg{value.index}"  # an integer scalar argument, passed by value
    if isinstance(value, BlockArgument):
        raise located_error(value.owner.parent_op() or value.owner, "unsupported index: a block argument")
    op = value.owner
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
        if op.value.type == i1:  # a boolean (`true` is -1 as a signed i1): 1 or 0
            return str(int(op.value.value.data != 0))
        return str(op.value.value.data)
    if isinstance(op, tile.SizeOp):
        return op.sym.data
    if isinstance(op, tile.BlockIdOp):
        return tile.BLOCK_NAMES[op.grid_axis]
    if isinstance(op, arith.IndexCastOp) and isinstance(op.input.type, IntegerType):
        return c_index(op.input, loop_var, loop_name)  # an integer scalar argument as an index
    if isinstance(op, tile.LoadScalarOp):  # an integer read from memory (a length): read where used
        from twillc.lowering.cuda.scalars import element_offset

        tensor = op.tensor.name_hint or f"arg{op.tensor.index}"  # type: ignore[attr-defined]
        return f"__ldg(&{tensor}[{element_offset(op, lambda i: c_index(i, loop_var, loop_name))}])"
    for kind, fn in CALLS.items():
        if isinstance(op, kind):
            lhs = c_index(op.operands[0], loop_var, loop_name)
            rhs = c_index(op.operands[1], loop_var, loop_name)
            return f"{fn}({lhs}, {rhs})"
    if isinstance(op, arith.SelectOp):  # a branch's trip count, `guard ? n : 0`
        cond, a, b = (c_index(o, loop_var, loop_name) for o in op.operands)
        return f"({cond} ? {a} : {b})"
    if isinstance(op, arith.CmpiOp):  # a uniform condition (`tile.select` of one i1)
        sym = list(COMPARE.values())[op.predicate.value.data]
        return f"({c_index(op.lhs, loop_var, loop_name)} {sym} {c_index(op.rhs, loop_var, loop_name)})"
    for kind, sym in (BINARY | LOGIC).items():
        if isinstance(op, kind):
            lhs = c_index(op.operands[0], loop_var, loop_name)
            rhs = c_index(op.operands[1], loop_var, loop_name)
            return f"({lhs} {sym} {rhs})"
    raise located_error(op, f"CUDA emission: unsupported index computation '{op.name}'")


def grid_extents(fn: FuncOp) -> tuple[str, str]:
    """The grid's extents along axes 1 and 2 (`blockIdx.y`, `.z`) as C
    expressions of the launcher's parameters (sizes, integer scalar
    arguments): the operands of the kernel's `tile.block_id`s along them,
    "1" along an axis none reads."""
    out = ["1", "1"]
    for op in fn.walk():
        if isinstance(op, tile.BlockIdOp) and op.extent is not None:
            out[op.grid_axis - 1] = c_index(op.extent, None)
    return out[0], out[1]


def block_index_decls(body: str, prefix: str = "") -> list[str]:
    """The declarations of the block indices (`bid`, `bid_y`, `bid_z`) the
    kernel body `body` reads."""
    return [
        f"  {prefix}const int {name} = blockIdx.{axis};"
        for name, axis in zip(tile.BLOCK_NAMES, "xyz", strict=True)
        if re.search(rf"\b{name}\b", body)
    ]
