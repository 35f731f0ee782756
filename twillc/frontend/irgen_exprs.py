"""Expressions of the front end (AST -> `tile` IR): index expressions,
folded to integers where they can be and `arith` ops on `index` where they
cannot, and tile expressions with their type and shape inference. Mixed into
`IRGen` (`irgen.py`), which holds the state (`env`, sizes, the builder) and
the helpers `emit`, `hoist`, `err`, `loc` these methods use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    Signedness,
    f16,
    f32,
    i1,
    i8,
    i32,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.tile import BLOCK_NAMES, TensorType, TileType, broadcast_type, type_text
from twillc.frontend import ast
from twillc.frontend.irgen_scalars import ALL_REDUCE, all_reduce, load_scalar, scalar_constant, scalar_math

DTYPES: dict[str, Attribute] = {
    "f16": f16,
    "bf16": BFloat16Type(),
    "f32": f32,
    "f8e4m3": Float8E4M3FNType(),
    "f8e5m2": Float8E5M2Type(),
    "i32": i32,
    "i16": IntegerType(16),
    "i8": i8,
    "u32": IntegerType(32, Signedness.UNSIGNED),
    "u16": IntegerType(16, Signedness.UNSIGNED),
    "u8": IntegerType(8, Signedness.UNSIGNED),
}


SFU = {
    "exp": tile.ExpOp,
    "exp2": tile.Exp2Op,
    "log": tile.LogOp,
    "log2": tile.Log2Op,
    "rsqrt": tile.RsqrtOp,
    "sqrt": tile.SqrtOp,
    "tanh": tile.TanhOp,
    "sigmoid": tile.SigmoidOp,
    "erf": tile.ErfOp,
    "log1p": tile.Log1pOp,
    "abs": tile.AbsOp,
}
"""The element-wise builtins of one tile (the name is historical: sigmoid,
erf, log1p and abs are not special-function-unit ops alone)."""
BINARY = {
    "+": tile.AddOp,
    "-": tile.SubOp,
    "*": tile.MulOp,
    "/": tile.DivOp,
    "max": tile.MaxOp,
    "min": tile.MinOp,
}
REDUCE = {"rowmax": tile.RowMaxOp, "rowsum": tile.RowSumOp}
COLUMN_REDUCE = {"colmax": tile.ColMaxOp, "colsum": tile.ColSumOp}
SPELLED = {0: "[None, :]", 1: "[:, None]"}
"""The broadcasts as written, by `tile.expand_dims` axis."""
IOTA = {"iota_rows": 0, "iota_cols": 1}
LOGIC = {"&": tile.AndOp, "|": tile.OrOp}
SCALAR_ARITH = {
    "+": arith.AddfOp,
    "-": arith.SubfOp,
    "*": arith.MulfOp,
    "/": arith.DivfOp,
    "max": arith.MaximumfOp,
    "min": arith.MinimumfOp,
}
INDEX_OPS = {
    "+": arith.AddiOp,
    "-": arith.SubiOp,
    "*": arith.MuliOp,
    "/": arith.DivUIOp,
    "%": arith.RemSIOp,
    "<<": arith.ShLIOp,
    ">>": arith.ShRSIOp,
}
"""The operators of an index expression and the `arith` op each becomes
where it does not fold (`%` truncates, as C's and Triton's: its sign is the
dividend's; `>>` is arithmetic)."""
SHIFTS = {"<<": tile.ShlOp, ">>": tile.ShrOp}
"""The shifts of an integer tile (by a compile-time amount or a tile of amounts)."""
INTEGER_TILE_OPS = {**SHIFTS, "&": tile.BitAndOp, "|": tile.BitOrOp, "%": tile.RemOp}
"""The operators of integer tiles that are not arithmetic on numbers."""
INTERLEAVE = {"interleave_rows": 0, "interleave_cols": 1}
"""`interleave_rows(a, b)` / `interleave_cols(a, b)`: two tiles' elements alternating along rows / columns."""
INDEX_CALLS = {"max": arith.MaxSIOp, "min": arith.MinSIOp}
"""The builtins an index expression may call (an extension of the contract)."""
BUILTINS = sorted(
    ["mma", "cast", "zeros", "full", *SFU, "max", "min", "sum", *REDUCE, *COLUMN_REDUCE, *IOTA, *INTERLEAVE, "where"]
)
MAX_IOTA_DIM = 1 << 16
"""Largest dimension of an index tile (as of any tile)."""


def trunc_div(a: int, b: int) -> int:
    """`a / b` as C and Triton compute it on integers: the quotient truncated
    toward zero (-7 / 2 == -3), so a folded index equals the emitted C's."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def trunc_rem(a: int, b: int) -> int:
    """`a % b` as C and Triton compute it on integers: the remainder of the
    quotient truncated toward zero (its sign is `a`'s: -7 % 3 == -1)."""
    return a - trunc_div(a, b) * b


@dataclass
class Tensor:
    value: SSAValue
    type: TensorType


@dataclass
class Val:
    """A tile-expression result, maybe `.T`: a tile value, a number, or a
    scalar value (a scalar kernel argument, or an `index`: `bid`, the loop
    variable, a size, integer arithmetic on them)."""

    value: SSAValue | float
    pos: ast.Pos
    transposed: bool = False
    op: Operation | None = None

    @property
    def is_tile(self) -> bool:
        return isinstance(self.value, SSAValue) and isinstance(self.value.type, TileType)

    @property
    def is_scalar(self) -> bool:
        return not self.is_tile

    @property
    def is_index(self) -> bool:
        return isinstance(self.value, SSAValue) and isinstance(self.value.type, IndexType)

    def type_text(self) -> str:
        if isinstance(self.value, float):
            return "a number"
        if self.is_index:
            return "an index"
        if self.is_tile:
            return type_text(self.value.type)
        return f"a scalar {type_text(self.value.type)}"


class ExprGen:
    """Index and tile expressions; see the module docstring."""

    persistent: bool = False
    """Inside a persistent tile loop (`bid` refused there)."""

    # -- index expressions -------------------------------------------------

    def const_index(self, n: int, pos: ast.Pos) -> SSAValue:
        if n not in self.index_consts:
            self.index_consts[n] = self.hoist(arith.ConstantOp.from_int_and_width(n, IndexType()), pos)
        return self.index_consts[n]

    def index_value(self, e: ast.Expr) -> SSAValue:
        v = self.index(e)
        return self.const_index(v, e.pos) if isinstance(v, int) else v

    def index(self, e: ast.Expr) -> int | SSAValue:
        if isinstance(e, ast.Number):
            if not e.is_int:
                raise self.err(e.pos, "expected an integer")
            return int(e.value)
        if isinstance(e, ast.Name):
            return self.index_name(e)
        if isinstance(e, ast.Neg):
            v = self.index(e.operand)
            if isinstance(v, int):
                return -v
            return self.index_op("-", self.const_index(0, e.pos), v, e.pos)
        if isinstance(e, ast.Binary):
            a, b = self.index(e.lhs), self.index(e.rhs)
            if e.op not in INDEX_OPS:
                raise self.err(e.pos, f"'{e.op}' is not an integer operator (an index takes + - * / %)")
            if e.op in SHIFTS and not (isinstance(b, int) and b >= 0):
                raise self.err(e.rhs.pos, f"'{e.op}' shifts by a compile-time integer >= 0")
            if isinstance(a, int) and isinstance(b, int):
                if e.op in SHIFTS:
                    return self.fold_shift(e, a, b)
                if e.op in ("/", "%") and b == 0:
                    raise self.err(e.rhs.pos, "division by zero" if e.op == "/" else "remainder by zero")
                folded = {"+": a + b, "-": a - b, "*": a * b, "/": trunc_div(a, b), "%": trunc_rem(a, b)}[e.op]
                if not -(2**63) <= folded < 2**63:
                    raise self.err(e.pos, "integer overflow: the value does not fit in 64 bits")
                return folded
            if e.op in ("/", "%") and b == 0:
                raise self.err(e.rhs.pos, "division by zero" if e.op == "/" else "remainder by zero")
            av = self.const_index(a, e.lhs.pos) if isinstance(a, int) else a
            bv = self.const_index(b, e.rhs.pos) if isinstance(b, int) else b
            return self.index_op(e.op, av, bv, e.pos)
        if isinstance(e, ast.Call) and e.func in INDEX_CALLS:
            return self.index_call(e)
        raise self.err(
            e.pos,
            "expected an integer expression (numbers, constants, sizes, 'bid', the loop variable, 'let' names, "
            "integer scalar arguments, max, min)",
        )

    def fold_shift(self, e: ast.Binary, a: int, b: int) -> int:
        if e.op == ">>":
            return a >> min(b, 63)
        if b >= 63 or not -(2**63) <= a << b < 2**63:
            raise self.err(e.pos, "integer overflow: the value does not fit in 64 bits")
        return a << b

    def index_call(self, e: ast.Call) -> int | SSAValue:
        """`max(a, b)` / `min(a, b)` of integer expressions (an extension:
        docs/language.md, "Part 2"): folded where both are known at
        compile time, else `arith.maxsi` / `arith.minsi` on `index`."""
        if e.dtype is not None:
            raise self.err(e.pos, f"'{e.func}' takes no element type")
        self.arity(e, 2)
        a, b = self.index(e.args[0]), self.index(e.args[1])
        if isinstance(a, int) and isinstance(b, int):
            return max(a, b) if e.func == "max" else min(a, b)
        av = self.const_index(a, e.args[0].pos) if isinstance(a, int) else a
        bv = self.const_index(b, e.args[1].pos) if isinstance(b, int) else b
        return self.emit(INDEX_CALLS[e.func](av, bv), e.pos).results[0]

    def index_op(self, op: str, a: SSAValue, b: SSAValue, pos: ast.Pos) -> SSAValue:
        cls = INDEX_OPS[op]
        return self.emit(cls(a, b), pos).results[0]

    def index_name(self, e: ast.Name) -> int | SSAValue:
        value = self.env.get(e.name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, SSAValue) and isinstance(value.type, IndexType):
            return value
        if isinstance(value, SSAValue) and not isinstance(value.type, TileType):
            if self.is_index_argument(value):
                return self.argument_index(e.name, value, e.pos)
            raise self.err(
                e.pos,
                f"'{e.name}' is a scalar argument, expected an integer expression (a scalar of type "
                f"{type_text(value.type)} is not an index: an integer one, i32 or i8, is)",
            )
        if value is not None:
            raise self.err(e.pos, f"'{e.name}' is a tile, expected an integer expression")
        if e.name == "bid":
            if self.persistent:
                raise self.err(
                    e.pos, "'bid' inside a persistent tile loop: a CTA runs several tiles, name them by the coordinates"
                )
            if self.bid is None:
                self.bid = self.hoist(tile.BlockIdOp(), e.pos)
                self.bid.name_hint = "bid"
            return self.bid
        if e.name in BLOCK_NAMES:
            return self.grid_index(e)
        if self.is_size(e.name):
            if e.name not in self.sizes:
                v = self.hoist(tile.SizeOp(e.name), e.pos)
                v.name_hint = e.name
                self.sizes[e.name] = v
            return self.sizes[e.name]
        raise self.undefined(e)

    def grid_index(self, e: ast.Name) -> SSAValue:
        """`bid_y` / `bid_z`: the block index along grid axis 1 / 2, made by
        its `grid y = ...` / `grid z = ...` declaration."""
        axis = BLOCK_NAMES.index(e.name)
        letter = "xyz"[axis]
        if axis in self.grid_ids:
            return self.grid_ids[axis]
        decl = self.grid_decls.get(axis)
        if decl is not None:
            where = f"{decl.pos.line}:{decl.pos.column}"
            raise self.err(e.pos, f"'{e.name}' is used before its 'grid {letter}' declaration (at {where})")
        raise self.err(
            e.pos,
            f"'{e.name}' is the block index along the grid's {letter} axis: size that axis first with "
            f"'grid {letter} = EXPR' at the kernel's top level",
        )

    def undefined(self, e: ast.Name) -> Exception:
        """The error of a name bound nowhere here: a `let` used before it or
        out of its loop's scope, else an undefined name."""
        let = self.lets.get(e.name)
        if let is not None:
            where = f"{let.line}:{let.column}"
            if (let.line, let.column) > (e.pos.line, e.pos.column):
                return self.err(e.pos, f"'{e.name}' is used before its definition ('let {e.name}' at {where})")
            return self.err(e.pos, f"'{e.name}' is not defined here: its 'let' at {where} is inside the loop")
        return self.err(e.pos, f"use of undefined name '{e.name}'")

    def is_index_argument(self, value: object) -> bool:
        """Whether `value` is an integer scalar kernel argument (`n_ctx: i32`),
        usable as an index (docs/language.md, "Part 2")."""
        return (
            isinstance(value, BlockArgument)
            and value.block is self.entry
            and isinstance(value.type, IntegerType)
            and value.type != i1
        )

    def argument_index(self, name: str, value: SSAValue, pos: ast.Pos) -> SSAValue:
        """An integer scalar argument as an `index`: one `arith.index_cast` at
        the kernel's entry (sign-extending, the argument is signed)."""
        if name not in self.sizes:
            v = self.hoist(arith.IndexCastOp(value, IndexType()), pos)
            v.name_hint = name
            self.sizes[name] = v
        return self.sizes[name]

    def is_size(self, name: str) -> bool:
        return any(isinstance(t, Tensor) and name in t.type.get_dims() for t in self.env.values())

    def indices(self, exprs: Sequence[ast.Expr], tensor: Tensor, pos: ast.Pos) -> list[SSAValue]:
        rank = len(tensor.type.dims.data)
        if len(exprs) != rank:
            raise self.err(pos, f"a rank-{rank} tensor takes {rank} tile coordinate(s), got {len(exprs)}")
        return [self.index_value(e) for e in exprs]

    # -- tile expressions --------------------------------------------------

    def no_transpose(self, v: Val) -> None:
        if v.transposed:
            raise self.err(v.pos, "'.T' is only valid as an operand of 'mma'")

    def runtime_index(self, e: ast.Expr) -> bool:
        """Whether `e` is integer arithmetic on at least one index known only
        at run time (`bid`, the loop variable, a size) and nothing else: in
        a tile expression it is an `index` scalar (docs/language.md, "Part
        2"). Iterative: `e` may be deep."""
        stack, runtime = [e], False
        while stack:
            x = stack.pop()
            if isinstance(x, ast.Number):
                if not x.is_int:
                    return False
            elif isinstance(x, ast.Name):
                value = self.env.get(x.name)
                if isinstance(value, SSAValue) and (isinstance(value.type, IndexType) or self.is_index_argument(value)):
                    runtime = True
                elif value is None and (x.name in BLOCK_NAMES or self.is_size(x.name)):
                    runtime = True
                elif not (isinstance(value, int) and not isinstance(value, bool)):
                    return False
            elif isinstance(x, ast.Neg):
                stack.append(x.operand)
            elif isinstance(x, ast.Binary) and x.op in INDEX_OPS:
                stack.extend((x.lhs, x.rhs))
            elif isinstance(x, ast.Call) and x.func in INDEX_CALLS and x.dtype is None and len(x.args) == 2:
                stack.extend(x.args)
            else:
                return False
        return runtime

    def expr(self, e: ast.Expr, name: str | None) -> Val:
        if isinstance(e, ast.Number):
            return Val(e.value, e.pos)
        if isinstance(e, ast.Name | ast.Neg | ast.Binary | ast.Call) and self.runtime_index(e):
            v = self.index(e)
            return Val(float(v) if isinstance(v, int) else v, e.pos)
        if isinstance(e, ast.Name):
            value = self.env.get(e.name)
            if isinstance(value, SSAValue) and not isinstance(value.type, IndexType):
                return Val(value, e.pos)  # a tile, or a scalar kernel argument
            if isinstance(value, int) and not isinstance(value, bool):
                return Val(float(value), e.pos)
            if isinstance(value, Tensor):
                raise self.err(e.pos, f"'{e.name}' is a global tensor: 'load' a tile of it")
            raise self.undefined(e)
        if isinstance(e, ast.Attribute):
            if e.attr != "T":
                raise self.err(e.attr_pos, f"unknown attribute '.{e.attr}' (only '.T' exists)")
            inner = self.expr(e.value, None)
            self.no_transpose(inner)
            if not inner.is_tile or inner.value.type.rank != 2:  # type: ignore[union-attr]
                raise self.err(e.pos, f"'.T' needs a rank-2 tile, got {inner.type_text()}")
            return Val(inner.value, e.pos, transposed=True)
        if isinstance(e, ast.Neg):
            inner = self.expr(e.operand, None)
            self.no_transpose(inner)
            if isinstance(inner.value, float):
                return Val(-inner.value, e.pos)
            if not inner.is_tile:  # a scalar argument (an index expression never gets here)
                if isinstance(inner.value.type, IntegerType):
                    raise self.err(e.pos, f"unary '-' of {inner.type_text()}: negate the tile it meets instead")
                op = self.emit(arith.NegfOp(inner.value), e.pos, name)
                return Val(op.results[0], e.pos, op=op)
            self.numeric(inner, "-")
            op = self.emit(tile.NegOp(inner.value), e.pos, name)
            return Val(op.results[0], e.pos, op=op)
        if isinstance(e, ast.Binary):
            return self.binary(e.op, e.lhs, e.rhs, e.pos, name)
        if isinstance(e, ast.Expand):
            return self.expand(e, name)
        if isinstance(e, ast.Call):
            return self.call(e, name)
        if isinstance(e, ast.Load):
            if e.type is None:
                raise self.err(e.pos, "'load' needs a type annotation: 'load T[i, j] : DT[R, C]'")
            return self.load(e, self.tile_type(e.type), name)  # type: ignore[arg-type]
        raise self.err(e.pos, "unsupported expression")

    # -- broadcast axes (docs/language.md, "Broadcasting") -----------------

    def expand(self, e: ast.Expand, name: str | None) -> Val:
        """`v[:, None]` (a column of one: `DT[R, 1]`, per row) or `v[None, :]`
        (a row of one: `DT[1, C]`, per column) of a rank-1 tile."""
        spelled = SPELLED[e.axis]
        inner = self.expr(e.value, None)
        self.no_transpose(inner)
        if not inner.is_tile or inner.value.type.rank != 1:  # type: ignore[union-attr]
            shape = inner.value.type.get_shape() if inner.is_tile else ()  # type: ignore[union-attr]
            hint = " (it has a dimension of one already: it broadcasts as it is)" if 1 in shape else ""
            raise self.err(e.pos, f"'{spelled}' takes a rank-1 tile, got {inner.type_text()}{hint}")
        self.numeric(inner, spelled)
        op = self.emit(tile.ExpandDimsOp(inner.value, e.axis), e.pos, name)  # type: ignore[arg-type]
        return Val(op.results[0], e.pos, op=op)

    def orient(self, vals: Sequence[Val], what: str) -> list[Val]:
        """The rank-1 operands of an element-wise op on a rank-2 `[R, C]`
        tile, each along its axis: length R (not C) per row, as the core
        language has it; length C (not R) per column, made `[1, C]` with
        `tile.expand_dims`; on a square tile per row, unless it holds a
        column reduction's value (`colmax`, `colsum`): there the axis is
        ambiguous, a located error asking for `[:, None]` or `[None, :]`."""
        shapes = [v.value.type.get_shape() for v in vals if v.is_tile and v.value.type.rank == 2]  # type: ignore[union-attr]
        if not shapes:
            return list(vals)
        rows, cols = max(s[0] for s in shapes), max(s[1] for s in shapes)
        out: list[Val] = []
        for v in vals:
            if v.is_tile and v.value.type.rank == 1:  # type: ignore[union-attr]
                n = v.value.type.get_shape()[0]  # type: ignore[union-attr]
                if n == cols and n != rows:
                    op = self.emit(tile.ExpandDimsOp(v.value, 0), v.pos)  # type: ignore[arg-type]
                    v = Val(op.results[0], v.pos, op=op)
                elif n == rows == cols and v.value in self.column_values:
                    raise self.err(
                        v.pos,
                        f"'{what}': ambiguous broadcast axis: {v.type_text()} holds a column reduction's value "
                        f"and meets a square {type_text(v.value.type.element_type)}[{rows}, {cols}] tile; "  # type: ignore[union-attr]
                        "write v[:, None] for per-row or v[None, :] for per-column",
                    )
            out.append(v)
        return out

    def track_axis(self, op: Operation) -> None:
        """Record a rank-1 result that holds a column reduction's value: a
        column reduction's, or an element-wise op's on one."""
        if not op.results or not isinstance(op.results[0].type, TileType) or op.results[0].type.rank != 1:
            return
        if isinstance(op, tile.ColumnReductionOp) or (
            not isinstance(op, tile.ReductionOp | tile.LoadOp) and any(v in self.column_values for v in op.operands)
        ):
            self.column_values.add(op.results[0])

    def column_names(self, body: Sequence[ast.Stmt], names: set[str]) -> set[str]:
        """The names assigned in `body` a column reduction's value (`names`:
        those holding one already), to a fixed point: a carried name updated
        with one (`cm = max(cm, colmax(s))`) holds one from the loop's start."""
        found = set(names)
        assigns = [s for s in body if isinstance(s, ast.Assign)]
        changed = True
        while changed:
            changed = False
            for a in assigns:
                if a.name not in found and _holds_column(a.value, found):
                    found.add(a.name)
                    changed = True
        return found

    def numeric(self, v: Val, what: str) -> None:
        """A located error when `v` is a comparison result used as a number."""
        if v.is_tile and tile.is_bool(v.value.type):  # type: ignore[union-attr]
            raise self.err(
                v.pos,
                f"'{what}': {v.type_text()} is a comparison result, not a number (select with where(cond, a, b))",
            )

    def operand(self, v: Val, element_type: Attribute, what: str) -> SSAValue:
        """`v` as an operand of an element-wise op on `element_type` tiles:
        a tile as it is, a scalar materialized in (or checked against) the
        element type, a located error when it does not fit."""
        if v.is_tile:
            return v.value  # type: ignore[return-value]
        if isinstance(v.value, float):
            if isinstance(element_type, IntegerType):
                if not v.value.is_integer():
                    raise self.err(
                        v.pos, f"'{what}': {v.value} is not an integer, the tile holds {type_text(element_type)}"
                    )
                signless = IntegerType(element_type.width)  # arith.constant's (the tile's bits)
                return self.emit(arith.ConstantOp(IntegerAttr(int(v.value), signless)), v.pos).results[0]
            return self.emit(arith.ConstantOp(FloatAttr(v.value, element_type)), v.pos).results[0]  # type: ignore[arg-type]
        if v.is_index:
            if not isinstance(element_type, IntegerType) or element_type == i1:
                raise self.err(
                    v.pos,
                    f"'{what}': an index combines with integer tiles only (e.g. iota_rows(R, C)), "
                    f"not {type_text(element_type)}",
                )
            return self.emit(arith.IndexCastOp(v.value, element_type), v.pos).results[0]
        if v.value.type != element_type:
            raise self.err(
                v.pos,
                f"'{what}': {v.type_text()} does not combine with {type_text(element_type)} tiles "
                "(a scalar argument has the element type of the tiles it meets)",
            )
        return v.value

    def value_type(self, *vals: Val) -> Attribute:
        """The element type an operation on `vals` computes in: a tile's,
        else a scalar argument's, else `i32` for an index, else `f32`."""
        for v in vals:
            if v.is_tile:
                return v.value.type.element_type  # type: ignore[union-attr]
        for v in vals:
            if isinstance(v.value, SSAValue) and not v.is_index:
                return v.value.type
        return i32 if any(v.is_index for v in vals) else f32

    def binary(self, op: str, lhs_e: ast.Expr, rhs_e: ast.Expr, pos: ast.Pos, name: str | None) -> Val:
        lhs, rhs = self.expr(lhs_e, None), self.expr(rhs_e, None)
        self.no_transpose(lhs)
        self.no_transpose(rhs)
        if op in SHIFTS or (op in INTEGER_TILE_OPS and self.integer_tile(lhs)):
            return self.integer_binary(op, lhs, rhs, pos, name)
        if op in LOGIC:
            for v in (lhs, rhs):
                if not (v.is_tile and tile.is_bool(v.value.type)):  # type: ignore[union-attr]
                    raise self.err(v.pos, f"'{op}' combines comparison results (i1 tiles), got {v.type_text()}")
            result = tile.logic_type(lhs.value.type, rhs.value.type)  # type: ignore[union-attr]
            if isinstance(result, str):
                raise self.err(rhs.pos, f"'{op}': {result}")
            new = self.emit(LOGIC[op](lhs.value, rhs.value, result), pos, name)  # type: ignore[arg-type]
            return Val(new.results[0], pos, op=new)
        if op == "%":
            raise self.err(pos, f"'%' takes integer expressions (indices), got {lhs.type_text()} and {rhs.type_text()}")
        if not lhs.is_tile and not rhs.is_tile:
            return self.scalar_binary(op, lhs, rhs, pos, name)
        self.numeric(lhs, op)
        self.numeric(rhs, op)
        lhs, rhs = self.orient([lhs, rhs], op)
        element_type = self.value_type(lhs, rhs)
        lv = self.operand(lhs, element_type, op)
        rv = self.operand(rhs, element_type, op)
        if op in tile.PREDICATES:
            result = tile.compare_type(lv.type, rv.type)
        else:
            result = broadcast_type(lv.type, rv.type)
        if isinstance(result, str):
            raise self.err(rhs.pos, f"'{op}': {result}")
        if op in tile.PREDICATES:
            new = self.emit(tile.CmpOp(tile.PREDICATES[op], lv, rv, result), pos, name)
        else:
            new = self.emit(BINARY[op](lv, rv, result), pos, name)
        return Val(new.results[0], pos, op=new)

    @staticmethod
    def integer_tile(v: Val) -> bool:
        """Whether `v` is a tile of integers (i8 ... u32), not comparison results."""
        return v.is_tile and isinstance(v.value.type.element_type, IntegerType) and not tile.is_bool(v.value.type)  # type: ignore[union-attr]

    def integer_binary(self, op: str, lhs: Val, rhs: Val, pos: ast.Pos, name: str | None) -> Val:
        """`x << n`, `x >> n` (n a compile-time integer below the element's
        width, or an integer tile of amounts), `x & y`, `x | y`, `x % y`: bit
        operations and remainders of an integer tile, in its element type
        (docs/language.md, "Integer tiles")."""
        if not self.integer_tile(lhs):
            raise self.err(lhs.pos, f"'{op}' takes an integer tile (i8 ... u32) on its left, got {lhs.type_text()}")
        element_type = lhs.value.type.element_type  # type: ignore[union-attr]
        if op in SHIFTS and not self.integer_tile(rhs):
            bits = element_type.width.data
            if not (isinstance(rhs.value, float) and rhs.value.is_integer() and 0 <= rhs.value < bits):
                raise self.err(
                    rhs.pos,
                    f"'{op}' shifts a {type_text(element_type)} tile by an integer in 0..{bits - 1} or a tile "
                    f"of amounts, got {rhs.type_text() if not isinstance(rhs.value, float) else rhs.value}",
                )
        elif not (self.integer_tile(rhs) or isinstance(rhs.value, float)):
            raise self.err(rhs.pos, f"'{op}' of an integer tile takes an integer tile or number, got {rhs.type_text()}")
        if op == "%" and isinstance(rhs.value, float) and rhs.value == 0:
            raise self.err(rhs.pos, "remainder by zero")
        rv = self.operand(rhs, element_type, op)
        result = broadcast_type(lhs.value.type, rv.type)  # type: ignore[union-attr]
        if isinstance(result, str):
            raise self.err(rhs.pos, f"'{op}': {result}")
        new = self.emit(INTEGER_TILE_OPS[op](lhs.value, rv, result), pos, name)  # type: ignore[arg-type]
        return Val(new.results[0], pos, op=new)

    def scalar_binary(self, op: str, lhs: Val, rhs: Val, pos: ast.Pos, name: str | None) -> Val:
        """Neither operand a tile: numbers fold, scalar arguments compute in
        `arith` (an index expression never gets here: `expr` takes it whole)."""
        if op in tile.PREDICATES:
            raise self.err(pos, f"'{op}' compares tiles: at least one operand must be a tile")
        if isinstance(lhs.value, float) and isinstance(rhs.value, float):
            a, b = lhs.value, rhs.value
            if op == "/":
                if b == 0:
                    raise self.err(rhs.pos, "division by zero")
                return Val(a / b, pos)
            return Val({"+": a + b, "-": a - b, "*": a * b, "max": max(a, b), "min": min(a, b)}[op], pos)
        element_type = self.value_type(lhs, rhs)
        if lhs.is_index or rhs.is_index or isinstance(element_type, IntegerType):
            raise self.err(
                pos,
                f"'{op}' of {lhs.type_text()} and {rhs.type_text()}: at least one operand must be a tile",
            )
        lv = self.operand(lhs, element_type, op)
        rv = self.operand(rhs, element_type, op)
        new = self.emit(SCALAR_ARITH[op](lv, rv), pos, name)
        return Val(new.results[0], pos, op=new)

    def tile_arg(self, v: Val, func_name: str, pos: ast.Pos, rank: int | None = None) -> SSAValue:
        self.no_transpose(v)
        if not v.is_tile:
            raise self.err(pos, f"'{func_name}' expects a tile, got {v.type_text()}")
        self.numeric(v, func_name)
        if rank is not None and v.value.type.rank != rank:  # type: ignore[attr-defined]
            raise self.err(pos, f"'{func_name}' expects a rank-{rank} tile, got {v.type_text()}")
        return v.value

    def arity(self, e: ast.Call, *counts: int) -> None:
        if len(e.args) not in counts:
            want = " or ".join(str(c) for c in counts)
            raise self.err(e.pos, f"'{e.func}' takes {want} argument(s), got {len(e.args)}")

    def call(self, e: ast.Call, name: str | None) -> Val:
        f = e.func
        if f not in BUILTINS:
            raise self.err(e.pos, f"unknown builtin '{f}' (builtins: {', '.join(BUILTINS)}, load)")
        if e.dtype is not None and f != "cast":
            raise self.err(e.pos, f"'{f}' takes no element type")
        if f in ("zeros", "full"):
            raise self.err(
                e.pos,
                f"'{f}' needs a type annotation: write it as its own statement 'x = {f}(...) : TYPE'",
            )
        if f == "mma":
            return self.mma(e, name)
        if f == "cast":
            if e.dtype is None:
                raise self.err(e.pos, "'cast' needs an element type: cast<f16>(x)")
            self.arity(e, 1)
            x = self.tile_arg(self.expr(e.args[0], None), f, e.args[0].pos)
            op = self.emit(tile.CastOp(x, DTYPES[e.dtype]), e.pos, name)
            return Val(op.results[0], e.pos, op=op)
        if f in SFU:
            self.arity(e, 1)
            arg = self.expr(e.args[0], None)
            if isinstance(arg.value, float) and not arg.transposed:
                return Val(self.fold_sfu(f, arg.value, e.pos), e.pos)
            if arg.is_scalar and isinstance(arg.value, SSAValue):  # a number computed at run time
                return scalar_math(self, f, arg, e.pos, name)
            x = self.tile_arg(arg, f, e.args[0].pos)
            op = self.emit(SFU[f](x), e.pos, name)
            return Val(op.results[0], e.pos, op=op)
        if f in IOTA:
            return self.iota(e, name)
        if f in INTERLEAVE:
            return self.interleave(e, name)
        if f == "where":
            return self.where(e, name)
        if f in COLUMN_REDUCE:
            self.arity(e, 1)
            x = self.tile_arg(self.expr(e.args[0], None), f, e.pos, rank=2)
            op = self.emit(COLUMN_REDUCE[f](x), e.pos, name)
            return Val(op.results[0], e.pos, op=op)
        if f in REDUCE:
            self.arity(e, 1)
            # At the builtin, as the language contract's example shows the caret.
            x = self.tile_arg(self.expr(e.args[0], None), f, e.pos, rank=2)
            op = self.emit(REDUCE[f](x), e.pos, name)
            return Val(op.results[0], e.pos, op=op)
        if f in ALL_REDUCE and len(e.args) == 1:  # sum(x), max(x): one number
            return all_reduce(self, f, self.tile_arg(self.expr(e.args[0], None), f, e.pos), e.pos, name)
        self.arity(e, 2)  # max, min
        return self.binary(f, e.args[0], e.args[1], e.pos, name)

    def fold_sfu(self, f: str, x: float, pos: ast.Pos) -> float:
        try:
            return {
                "exp": math.exp,
                "exp2": lambda v: 2.0**v,
                "log": math.log,
                "log2": math.log2,
                "rsqrt": lambda v: 1 / math.sqrt(v),
                "sqrt": math.sqrt,
                "tanh": math.tanh,
                "sigmoid": lambda v: 1 / (1 + math.exp(-v)) if v > -700 else 0.0,
                "erf": math.erf,
                "log1p": math.log1p,
                "abs": abs,
            }[f](x)
        except OverflowError:
            return math.inf
        except (ValueError, ZeroDivisionError):
            raise self.err(pos, f"'{f}' of {x} is undefined") from None

    def iota(self, e: ast.Call, name: str | None) -> Val:
        """`iota_rows(R, C)` / `iota_cols(R, C)`: an `i32[R, C]` tile of each
        element's row / column index."""
        if len(e.args) != 2:
            raise self.err(
                e.pos,
                f"'{e.func}' takes a rank-2 tile shape (rows, columns), got {len(e.args)} dimension(s)",
            )
        dims: list[int] = []
        for arg in e.args:
            d = self.index(arg)
            if not isinstance(d, int):
                raise self.err(arg.pos, f"'{e.func}': a tile dimension must be a compile-time integer")
            if not 0 < d <= MAX_IOTA_DIM:
                raise self.err(arg.pos, f"'{e.func}': a tile dimension must lie in 1..{MAX_IOTA_DIM}, got {d}")
            dims.append(d)
        op = self.emit(tile.IotaOp(IOTA[e.func], TileType(dims, i32)), e.pos, name)
        return Val(op.results[0], e.pos, op=op)

    def interleave(self, e: ast.Call, name: str | None) -> Val:
        """`interleave_rows(a, b)` / `interleave_cols(a, b)`: a tile twice
        as tall / wide whose rows / columns alternate between `a`'s and `b`'s
        (`tile.interleave`: packed int4 pairs unpacked into one tile)."""
        self.arity(e, 2)
        a, b = (self.tile_arg(self.expr(arg, None), e.func, arg.pos) for arg in e.args)
        if a.type != b.type:
            raise self.err(
                e.args[1].pos,
                f"'{e.func}' takes two tiles of one type, got {type_text(a.type)} and {type_text(b.type)}",
            )
        axis = INTERLEAVE[e.func]
        if a.type.rank <= axis:  # type: ignore[attr-defined]
            raise self.err(e.args[0].pos, f"'{e.func}' takes rank-2 tiles, got {type_text(a.type)}")
        op = self.emit(tile.InterleaveOp(a, b, axis), e.pos, name)
        return Val(op.results[0], e.pos, op=op)

    def where(self, e: ast.Call, name: str | None) -> Val:
        """`where(cond, a, b)`: `a` where the comparison `cond` holds, else `b`."""
        self.arity(e, 3)
        cond, a, b = (self.expr(arg, None) for arg in e.args)
        for v in (cond, a, b):
            self.no_transpose(v)
        if not (cond.is_tile and tile.is_bool(cond.value.type)):  # type: ignore[union-attr]
            raise self.err(
                cond.pos, f"'where' needs a comparison (an i1 tile) as its condition, got {cond.type_text()}"
            )
        self.numeric(a, "where")
        self.numeric(b, "where")
        cond, a, b = self.orient([cond, a, b], "where")
        element_type = self.value_type(a, b)
        av, bv = self.operand(a, element_type, "where"), self.operand(b, element_type, "where")
        result = tile.select_type(cond.value.type, av.type, bv.type)  # type: ignore[union-attr]
        if isinstance(result, str):
            raise self.err(e.pos, f"'where': {result}")
        op = self.emit(tile.SelectOp(cond.value, av, bv, result), e.pos, name)  # type: ignore[arg-type]
        return Val(op.results[0], e.pos, op=op)

    def mma(self, e: ast.Call, name: str | None) -> Val:
        self.arity(e, 2, 3)
        a, b = self.expr(e.args[0], None), self.expr(e.args[1], None)
        for v, arg in ((a, e.args[0]), (b, e.args[1])):
            if not v.is_tile or v.value.type.rank != 2:  # type: ignore[union-attr]
                raise self.err(arg.pos, f"'mma' expects a rank-2 tile, got {v.type_text()}")
            self.numeric(v, "mma")
        av, bv = a.value, b.value
        assert isinstance(av, SSAValue) and isinstance(bv, SSAValue)
        m, k = av.type.get_shape()[::-1] if a.transposed else av.type.get_shape()  # type: ignore[attr-defined]
        k2, n = bv.type.get_shape()[::-1] if b.transposed else bv.type.get_shape()  # type: ignore[attr-defined]
        if k != k2:
            raise self.err(
                e.args[1].pos,
                f"'mma' contraction dimensions differ: [{m}, {k}] x [{k2}, {n}]",
            )
        acc_type = tile.mma_accumulator(av.type, bv.type)  # type: ignore[arg-type]
        if acc_type not in ("f32", "i32"):
            raise self.err(e.args[1].pos, f"'mma': {acc_type}")
        result = TileType([m, n], f32 if acc_type == "f32" else i32)
        acc = None
        if len(e.args) == 3:
            c = self.expr(e.args[2], None)
            acc = self.tile_arg(c, "mma", e.args[2].pos)
            if acc_type == "f32" and acc.type == TileType([m, n], f16):  # an f16 accumulator: accumulate in f16
                why = tile.f16_accumulation(av.type, bv.type)  # type: ignore[arg-type]
                if why is not None:
                    raise self.err(e.args[2].pos, f"'mma': {why}")
                result = acc.type
            if acc.type != result:
                raise self.err(
                    e.args[2].pos,
                    f"'mma' accumulator must be {type_text(result)}, got {type_text(acc.type)}",
                )
        op = self.emit(tile.MmaOp(av, bv, acc, result, a.transposed, b.transposed), e.pos, name)
        return Val(op.results[0], e.pos, op=op)

    def load(self, e: ast.Load, ty: TileType, name: str) -> Val:
        tensor = self.env.get(e.tensor)
        if not isinstance(tensor, Tensor):
            raise self.err(e.tensor_pos, f"'{e.tensor}' is not a kernel parameter (a global tensor)")
        indices = self.indices(e.indices, tensor, e.tensor_pos)
        if not isinstance(ty, TileType):  # `load T[i] : f32`: one element
            return load_scalar(self, e, tensor, indices, ty, name)
        if ty.rank != len(tensor.type.dims.data):
            raise self.err(
                e.pos,
                f"a load from rank-{len(tensor.type.dims.data)} '{e.tensor}' gives a tile of that rank",
            )
        if ty.element_type != tensor.type.element_type:
            raise self.err(
                e.pos,
                f"'{e.tensor}' holds {tile.element_name(tensor.type.element_type)}, "
                f"not {tile.element_name(ty.element_type)}: load, then cast<...>",
            )
        for d, t, i in zip(tensor.type.get_dims(), ty.get_shape(), range(ty.rank), strict=True):
            if isinstance(d, int) and t > d:
                raise self.err(e.pos, f"tile dimension {i} ({t}) exceeds '{e.tensor}' dimension {i} ({d})")
        op = self.emit(tile.LoadOp(tensor.value, indices, ty), e.pos, name)
        return Val(op.results[0], e.pos, op=op)

    def constant(self, e: ast.Call, ty: TileType, name: str) -> Val:
        if not isinstance(ty, TileType):  # `full(x) : f32`, `zeros() : f32`: one number, as a name can carry
            return scalar_constant(self, e, ty, name)
        if e.func == "zeros":
            self.arity(e, 0)
            op: Operation = tile.ZerosOp(ty)
        else:
            self.arity(e, 1)
            v = self.expr(e.args[0], None)
            if not isinstance(v.value, float):
                raise self.err(e.args[0].pos, "'full' takes a number")
            if isinstance(ty.element_type, IntegerType) and not v.value.is_integer():
                raise self.err(e.args[0].pos, f"an integer tile needs an integer value, got {v.value}")
            op = tile.FullOp(v.value, ty)
        self.emit(op, e.pos, name)
        return Val(op.results[0], e.pos, op=op)


def _holds_column(e: ast.Expr, names: set[str]) -> bool:
    """Whether expression `e` computes from a column reduction's value (a
    `colmax` / `colsum`, or a name in `names`) other than through a row
    reduction or an explicit broadcast. Iterative: `e` may be deep."""
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, ast.Call) and x.func in COLUMN_REDUCE:
            return True
        if isinstance(x, ast.Name) and x.name in names:
            return True
        if isinstance(x, ast.Call) and x.func not in REDUCE:
            stack.extend(x.args)
        elif isinstance(x, ast.Binary):
            stack.extend((x.lhs, x.rhs))
        elif isinstance(x, ast.Neg):
            stack.append(x.operand)
        elif isinstance(x, ast.Attribute):
            stack.append(x.value)
    return False
