"""AST -> `tile` dialect IR, with type and shape inference and located errors.

Values are immutable; assigning a name rebinds it. Inside the loop, a name
listed in `carry (...)` becomes a block argument of `tile.for` and its last
assignment is yielded to the next iteration; after the loop the name is the
loop's result. Index expressions fold to integers where they can and become
`arith` ops on `index` where they cannot (symbolic sizes, `bid`, the loop
variable).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    BFloat16Type,
    BoolAttr,
    DictionaryAttr,
    FileLineColLoc,
    Float8E4M3FNType,
    Float8E5M2Type,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    f16,
    f32,
    i1,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint

from dialects import tile
from dialects.tile import TensorType, TileType, broadcast_type, type_text
from twillc.diagnostics import Location, UserError
from twillc.frontend import ast

DTYPES: dict[str, Attribute] = {
    "f16": f16,
    "bf16": BFloat16Type(),
    "f32": f32,
    "f8e4m3": Float8E4M3FNType(),
    "f8e5m2": Float8E5M2Type(),
    "i32": i32,
    "i8": i8,
}

MAX_TILE_DIM = 1 << 16
"""Largest tile dimension accepted (a tile lives in one SM's memory)."""

SFU = {
    "exp": tile.ExpOp,
    "exp2": tile.Exp2Op,
    "log": tile.LogOp,
    "log2": tile.Log2Op,
    "rsqrt": tile.RsqrtOp,
}
BINARY = {
    "+": tile.AddOp,
    "-": tile.SubOp,
    "*": tile.MulOp,
    "/": tile.DivOp,
    "max": tile.MaxOp,
    "min": tile.MinOp,
}
REDUCE = {"rowmax": tile.RowMaxOp, "rowsum": tile.RowSumOp}
BUILTINS = sorted(["mma", "cast", "zeros", "full", *SFU, "max", "min", *REDUCE])

OVERRIDE_KINDS = {
    "unit": str,
    "cycles": int,
    "latency": int,
    "regs": int,
    "smem": int,
    "tmem": int,
    "variable_latency": bool,
    "blocking": bool,
    "stall": int,
}


@dataclass
class Tensor:
    value: SSAValue
    type: TensorType


@dataclass
class Val:
    """A tile-expression result: a tile value or a scalar, maybe `.T`."""

    value: SSAValue | float
    pos: ast.Pos
    transposed: bool = False
    op: Operation | None = None

    @property
    def is_scalar(self) -> bool:
        return isinstance(self.value, float)

    def type_text(self) -> str:
        return "a number" if isinstance(self.value, float) else type_text(self.value.type)


class IRGen:
    def __init__(self, module: ast.Module, filename: str, text: str):
        self.ast = module
        self.filename = filename
        self.text = text
        self.env: dict[str, object] = {}
        self.sizes: dict[str, SSAValue] = {}
        self.index_consts: dict[int, SSAValue] = {}
        self.bid: SSAValue | None = None
        self.entry: Block | None = None
        self.builder: Builder | None = None
        self.in_loop = False
        self.loops = 0

    # -- helpers -----------------------------------------------------------

    def err(self, pos: ast.Pos, msg: str) -> UserError:
        return UserError(Location(self.filename, pos.line, pos.column), msg, self.text)

    def loc(self, pos: ast.Pos) -> FileLineColLoc:
        return FileLineColLoc(StringAttr(self.filename), IntAttr(pos.line), IntAttr(pos.column))

    def emit(self, op: Operation, pos: ast.Pos, name: str | None = None) -> Operation:
        assert self.builder is not None
        op.location = self.loc(pos)
        self.builder.insert(op)
        if name and op.results:
            op.results[0].name_hint = name
        return op

    def hoist(self, op: Operation, pos: ast.Pos) -> SSAValue:
        """Insert an operand-free op at the kernel's entry (sizes, bid, constants)."""
        assert self.entry is not None
        op.location = self.loc(pos)
        first = self.entry.first_op
        if first is None:
            self.entry.add_op(op)
        else:
            self.entry.insert_op_before(op, first)
        return op.results[0]

    # -- top level ---------------------------------------------------------

    def generate(self) -> ModuleOp:
        m = self.ast
        if not m.kernels:
            lines = self.text.splitlines() or [""]
            raise self.err(ast.Pos(len(lines), len(lines[-1]) + 1), "expected a 'kernel' definition")
        if len(m.kernels) > 1:
            raise self.err(m.kernels[1].pos, "only one kernel per file")
        if len(m.targets) > 1:
            raise self.err(m.targets[1].pos, "only one 'target' per file")
        kernel = m.kernels[0]
        attrs: dict[str, Attribute] = {}
        if m.targets:
            target = m.targets[0]
            if m.items.index(target) > m.items.index(kernel):
                raise self.err(target.pos, "'target' must come before the kernel")
            from twillc.target.machine import load_machine

            load_machine(target.name, Location(self.filename, target.pos.line, target.pos.column), self.text)
            attrs["twill.target"] = StringAttr(target.name)
        fn = self.kernel(kernel)
        module = ModuleOp([fn])
        module.attributes.update(attrs)
        return module

    def kernel(self, k: ast.Kernel) -> func.FuncOp:
        types: list[Attribute] = []
        seen: set[str] = set()
        for p in k.params:
            if p.name in seen:
                raise self.err(p.pos, f"duplicate parameter '{p.name}'")
            seen.add(p.name)
            types.append(self.tensor_type(p.type))
        fn = func.FuncOp(k.name, (types, []))
        fn.location = self.loc(k.pos)
        self.entry = fn.body.block
        self.builder = Builder(InsertPoint.at_end(self.entry))
        for p in k.params:
            for d, pos in zip(p.type.dims, p.type.dim_pos, strict=True):
                if isinstance(d, str) and (d in seen or d == "bid"):
                    raise self.err(pos, f"size '{d}' has the name of a {'parameter' if d in seen else 'builtin index'}")
        for p, arg, ty in zip(k.params, fn.body.block.args, types, strict=True):
            arg.name_hint = p.name
            self.env[p.name] = Tensor(arg, ty)  # type: ignore[arg-type]
        for stmt in k.body:
            self.stmt(stmt)
        self.emit(func.ReturnOp(), k.pos)
        return fn

    def tensor_type(self, t: ast.TypeRef) -> TensorType:
        if not 1 <= len(t.dims) <= 2:
            raise self.err(t.pos, f"a global tensor has rank 1 or 2, got rank {len(t.dims)}")
        for d, pos in zip(t.dims, t.dim_pos, strict=True):
            if isinstance(d, int) and d <= 0:
                raise self.err(pos, "tensor dimensions must be positive")
        return TensorType(t.dims, DTYPES[t.dtype])

    def tile_type(self, t: ast.TypeRef) -> TileType:
        if not 1 <= len(t.dims) <= 2:
            raise self.err(t.pos, f"a tile has rank 1 or 2, got rank {len(t.dims)}")
        dims: list[int] = []
        for d, pos in zip(t.dims, t.dim_pos, strict=True):
            if isinstance(d, str):
                value = self.env.get(d)
                if not isinstance(value, int):
                    raise self.err(pos, f"tile dimension '{d}' must be an integer or a 'const'")
                d = value
            if d <= 0:
                raise self.err(pos, f"tile dimensions must be positive, got {d}")
            if d > MAX_TILE_DIM:
                raise self.err(pos, f"tile dimension {d} is larger than {MAX_TILE_DIM}")
            dims.append(d)
        return TileType(dims, DTYPES[t.dtype])

    # -- statements --------------------------------------------------------

    def stmt(self, s: ast.Stmt) -> None:
        if isinstance(s, ast.Const):
            self.const(s)
        elif isinstance(s, ast.Assign):
            self.assign(s)
        elif isinstance(s, ast.Store):
            self.store(s)
        elif isinstance(s, ast.For):
            self.for_(s)

    def bind_check(self, name: str, pos: ast.Pos) -> None:
        current = self.env.get(name)
        if isinstance(current, Tensor):
            raise self.err(pos, f"cannot assign to '{name}': it is a kernel parameter")
        if isinstance(current, int) and not isinstance(current, bool):
            raise self.err(pos, f"cannot assign to '{name}': it is a constant")
        if isinstance(current, SSAValue) and isinstance(current.type, IndexType):
            raise self.err(pos, f"cannot assign to '{name}': it is the loop variable")
        if name == "bid" or self.is_size(name):
            raise self.err(pos, f"cannot assign to '{name}': it is an index")

    def const(self, s: ast.Const) -> None:
        if s.name in self.env:
            raise self.err(s.pos, f"'{s.name}' is already defined")
        if s.name == "bid" or self.is_size(s.name):
            raise self.err(s.pos, f"cannot define '{s.name}': it is an index")
        value = self.index(s.value)
        if not isinstance(value, int):
            raise self.err(s.value.pos, f"const '{s.name}' must be a compile-time integer")
        self.env[s.name] = value

    def assign(self, s: ast.Assign) -> None:
        self.bind_check(s.name, s.pos)
        annotated = self.tile_type(s.type) if s.type else None
        value = s.value
        if isinstance(value, ast.Load):
            if annotated is None:
                raise self.err(
                    value.pos,
                    "'load' needs a type annotation, e.g. 'x = load T[i, j] : f16[64, 64]'",
                )
            result = self.load(value, annotated, s.name)
        elif isinstance(value, ast.Call) and value.func in ("zeros", "full"):
            if annotated is None:
                raise self.err(value.pos, f"'{value.func}' needs a type annotation, e.g. ': f32[64, 64]'")
            result = self.constant(value, annotated, s.name)
        else:
            result = self.expr(value, s.name)
            self.no_transpose(result)
            if result.is_scalar:
                raise self.err(
                    value.pos,
                    f"'{s.name}' must be a tile; write a constant tile as 'full(x) : TYPE'",
                )
            assert isinstance(result.value, SSAValue)
            if annotated is not None and result.value.type != annotated:
                raise self.err(
                    s.type.pos,  # type: ignore[union-attr]
                    f"type annotation {type_text(annotated)} does not match the inferred type "
                    f"{type_text(result.value.type)}",
                )
        if s.attrs:
            if result.op is None:
                raise self.err(s.attrs[0].pos, "attributes need an operation to attach to")
            result.op.attributes["twill.override"] = self.overrides(s.attrs)
        self.env[s.name] = result.value

    def overrides(self, attrs: Sequence[ast.AttrEntry]) -> DictionaryAttr:
        out: dict[str, Attribute] = {}
        for a in attrs:
            kind = OVERRIDE_KINDS.get(a.key)
            if kind is None:
                raise self.err(
                    a.pos,
                    f"unknown attribute key '{a.key}' (expected one of: {', '.join(OVERRIDE_KINDS)})",
                )
            if a.key in out:
                raise self.err(a.pos, f"duplicate attribute key '{a.key}'")
            v = a.value
            if kind is bool:
                if not isinstance(v, bool):
                    raise self.err(a.pos, f"'{a.key}' must be true or false")
                out[a.key] = BoolAttr(v, i1)
            elif kind is int:
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise self.err(a.pos, f"'{a.key}' must be a non-negative integer")
                out[a.key] = IntegerAttr(v, i64)
            else:
                if not isinstance(v, str) or isinstance(v, bool):
                    raise self.err(a.pos, f"'{a.key}' must be a unit name")
                out[a.key] = StringAttr(v)
        return DictionaryAttr(out)

    def store(self, s: ast.Store) -> None:
        tensor = self.env.get(s.tensor)
        if not isinstance(tensor, Tensor):
            raise self.err(s.tensor_pos, f"'{s.tensor}' is not a kernel parameter (a global tensor)")
        indices = self.indices(s.indices, tensor, s.tensor_pos)
        val = self.expr(s.value, None)
        self.no_transpose(val)
        if val.is_scalar:
            raise self.err(s.value.pos, "'store' needs a tile")
        value = val.value
        assert isinstance(value, SSAValue) and isinstance(value.type, TileType)
        if value.type.rank != len(tensor.type.dims.data):
            raise self.err(
                s.value.pos,
                f"cannot store a rank-{value.type.rank} tile into rank-{len(tensor.type.dims.data)} '{s.tensor}'",
            )
        if value.type.element_type != tensor.type.element_type:
            value = self.emit(tile.CastOp(value, tensor.type.element_type), s.value.pos).results[0]
        op = self.emit(tile.StoreOp(value, tensor.value, indices), s.pos)
        if s.attrs:
            op.attributes["twill.override"] = self.overrides(s.attrs)

    def for_(self, s: ast.For) -> None:
        if self.in_loop:
            raise self.err(s.pos, "loops cannot nest: a kernel has one scheduled loop")
        if self.loops:
            raise self.err(s.pos, "only one 'for' loop per kernel")
        self.loops += 1
        lb = self.index_value(s.lb)
        ub = self.index_value(s.ub)
        step_value = self.index(s.step) if s.step else 1
        if isinstance(step_value, int) and step_value <= 0:
            raise self.err(s.step.pos if s.step else s.pos, f"the loop step must be positive, got {step_value}")
        step = self.const_index(step_value, s.pos) if isinstance(step_value, int) else step_value
        if s.var in self.env or s.var == "bid" or self.is_size(s.var):
            raise self.err(s.pos, f"the loop variable '{s.var}' is already defined")
        carried: list[tuple[str, SSAValue]] = []
        for name, pos in s.carry:
            value = self.env.get(name)
            if any(name == c for c, _ in carried):
                raise self.err(pos, f"'{name}' is carried twice")
            if not isinstance(value, SSAValue):
                raise self.err(pos, f"carried name '{name}' must hold a tile before the loop")
            carried.append((name, value))
        body = Block(arg_types=[IndexType(), *(v.type for _, v in carried)])
        body.args[0].name_hint = s.var
        outer_env, outer_builder = self.env, self.builder
        self.env = dict(outer_env)
        self.env[s.var] = body.args[0]
        for (name, _), arg in zip(carried, body.args[1:], strict=True):
            arg.name_hint = name
            self.env[name] = arg
        self.builder = Builder(InsertPoint.at_end(body))
        self.in_loop = True
        for stmt in s.body:
            self.stmt(stmt)
        yielded = []
        for (name, init), _ in zip(carried, body.args[1:], strict=True):
            value = self.env[name]
            assert isinstance(value, SSAValue)
            if value.type != init.type:
                raise self.err(
                    s.pos,
                    f"carried '{name}' changes type from {type_text(init.type)} to {type_text(value.type)}",
                )
            yielded.append(value)
        self.emit(tile.YieldOp(*yielded), s.pos)
        self.in_loop = False
        self.env, self.builder = outer_env, outer_builder
        loop = self.emit(tile.ForOp(lb, ub, step, [v for _, v in carried], body), s.pos)
        for (name, _), res in zip(carried, loop.results, strict=True):
            res.name_hint = name
            self.env[name] = res

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
            if isinstance(a, int) and isinstance(b, int):
                if e.op == "/" and b == 0:
                    raise self.err(e.rhs.pos, "division by zero")
                folded = {"+": a + b, "-": a - b, "*": a * b, "/": a // b if b else 0}[e.op]
                if not -(2**63) <= folded < 2**63:
                    raise self.err(e.pos, "integer overflow: the value does not fit in 64 bits")
                return folded
            if e.op == "/" and b == 0:
                raise self.err(e.rhs.pos, "division by zero")
            av = self.const_index(a, e.lhs.pos) if isinstance(a, int) else a
            bv = self.const_index(b, e.rhs.pos) if isinstance(b, int) else b
            return self.index_op(e.op, av, bv, e.pos)
        raise self.err(
            e.pos,
            "expected an integer expression (numbers, constants, sizes, 'bid', the loop variable)",
        )

    def index_op(self, op: str, a: SSAValue, b: SSAValue, pos: ast.Pos) -> SSAValue:
        cls = {"+": arith.AddiOp, "-": arith.SubiOp, "*": arith.MuliOp, "/": arith.DivUIOp}[op]
        return self.emit(cls(a, b), pos).results[0]

    def index_name(self, e: ast.Name) -> int | SSAValue:
        value = self.env.get(e.name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, SSAValue) and isinstance(value.type, IndexType):
            return value
        if value is not None:
            raise self.err(e.pos, f"'{e.name}' is a tile, expected an integer expression")
        if e.name == "bid":
            if self.bid is None:
                self.bid = self.hoist(tile.BlockIdOp(), e.pos)
                self.bid.name_hint = "bid"
            return self.bid
        if self.is_size(e.name):
            if e.name not in self.sizes:
                v = self.hoist(tile.SizeOp(e.name), e.pos)
                v.name_hint = e.name
                self.sizes[e.name] = v
            return self.sizes[e.name]
        raise self.err(e.pos, f"use of undefined name '{e.name}'")

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

    def expr(self, e: ast.Expr, name: str | None) -> Val:
        if isinstance(e, ast.Number):
            return Val(e.value, e.pos)
        if isinstance(e, ast.Name):
            value = self.env.get(e.name)
            if isinstance(value, SSAValue) and isinstance(value.type, TileType):
                return Val(value, e.pos)
            if isinstance(value, int) and not isinstance(value, bool):
                return Val(float(value), e.pos)
            if isinstance(value, Tensor):
                raise self.err(e.pos, f"'{e.name}' is a global tensor: 'load' a tile of it")
            if value is not None or e.name == "bid" or self.is_size(e.name):
                raise self.err(e.pos, f"'{e.name}' is an index, expected a tile")
            raise self.err(e.pos, f"use of undefined name '{e.name}'")
        if isinstance(e, ast.Attribute):
            if e.attr != "T":
                raise self.err(e.attr_pos, f"unknown attribute '.{e.attr}' (only '.T' exists)")
            inner = self.expr(e.value, None)
            self.no_transpose(inner)
            if inner.is_scalar or inner.value.type.rank != 2:  # type: ignore[union-attr]
                raise self.err(e.pos, f"'.T' needs a rank-2 tile, got {inner.type_text()}")
            return Val(inner.value, e.pos, transposed=True)
        if isinstance(e, ast.Neg):
            inner = self.expr(e.operand, None)
            self.no_transpose(inner)
            if isinstance(inner.value, float):
                return Val(-inner.value, e.pos)
            op = self.emit(tile.NegOp(inner.value), e.pos, name)
            return Val(op.results[0], e.pos, op=op)
        if isinstance(e, ast.Binary):
            return self.binary(e.op, e.lhs, e.rhs, e.pos, name)
        if isinstance(e, ast.Call):
            return self.call(e, name)
        if isinstance(e, ast.Load):
            raise self.err(e.pos, "'load' needs a type annotation: write it as 'x = load T[i, j] : DT[R, C]'")
        raise self.err(e.pos, "unsupported expression")

    def scalar(self, value: float, element_type: Attribute, pos: ast.Pos) -> SSAValue:
        if isinstance(element_type, IntegerType):
            raise self.err(pos, "numbers combine with float tiles only")
        return self.emit(arith.ConstantOp(FloatAttr(value, element_type)), pos).results[0]  # type: ignore[arg-type]

    def binary(self, op: str, lhs_e: ast.Expr, rhs_e: ast.Expr, pos: ast.Pos, name: str | None) -> Val:
        lhs, rhs = self.expr(lhs_e, None), self.expr(rhs_e, None)
        self.no_transpose(lhs)
        self.no_transpose(rhs)
        if isinstance(lhs.value, float) and isinstance(rhs.value, float):
            a, b = lhs.value, rhs.value
            folded = {"+": a + b, "-": a - b, "*": a * b, "max": max(a, b), "min": min(a, b)}
            if op == "/":
                if b == 0:
                    raise self.err(rhs.pos, "division by zero")
                return Val(a / b, pos)
            return Val(folded[op], pos)
        result = broadcast_type(
            lhs.value.type if isinstance(lhs.value, SSAValue) else f32,
            rhs.value.type if isinstance(rhs.value, SSAValue) else f32,
        )
        if isinstance(result, str):
            label = f"'{op}'" if op.isalpha() else f"'{op}'"
            raise self.err(rhs.pos, f"{label}: {result}")
        lv = lhs.value if isinstance(lhs.value, SSAValue) else self.scalar(lhs.value, result.element_type, lhs.pos)
        rv = rhs.value if isinstance(rhs.value, SSAValue) else self.scalar(rhs.value, result.element_type, rhs.pos)
        new = self.emit(BINARY[op](lv, rv, result), pos, name)
        return Val(new.results[0], pos, op=new)

    def tile_arg(self, v: Val, func_name: str, pos: ast.Pos, rank: int | None = None) -> SSAValue:
        self.no_transpose(v)
        if isinstance(v.value, float):
            raise self.err(pos, f"'{func_name}' expects a tile, got a number")
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
            x = self.tile_arg(arg, f, e.args[0].pos)
            op = self.emit(SFU[f](x), e.pos, name)
            return Val(op.results[0], e.pos, op=op)
        if f in REDUCE:
            self.arity(e, 1)
            # At the builtin, as the language contract's example shows the caret.
            x = self.tile_arg(self.expr(e.args[0], None), f, e.pos, rank=2)
            op = self.emit(REDUCE[f](x), e.pos, name)
            return Val(op.results[0], e.pos, op=op)
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
            }[f](x)
        except OverflowError:
            return math.inf
        except (ValueError, ZeroDivisionError):
            raise self.err(pos, f"'{f}' of {x} is undefined") from None

    def mma(self, e: ast.Call, name: str | None) -> Val:
        self.arity(e, 2, 3)
        a, b = self.expr(e.args[0], None), self.expr(e.args[1], None)
        for v, arg in ((a, e.args[0]), (b, e.args[1])):
            if isinstance(v.value, float) or v.value.type.rank != 2:
                raise self.err(arg.pos, f"'mma' expects a rank-2 tile, got {v.type_text()}")
        av, bv = a.value, b.value
        assert isinstance(av, SSAValue) and isinstance(bv, SSAValue)
        m, k = av.type.get_shape()[::-1] if a.transposed else av.type.get_shape()  # type: ignore[attr-defined]
        k2, n = bv.type.get_shape()[::-1] if b.transposed else bv.type.get_shape()  # type: ignore[attr-defined]
        if k != k2:
            raise self.err(
                e.args[1].pos,
                f"'mma' contraction dimensions differ: [{m}, {k}] x [{k2}, {n}]",
            )
        result = TileType([m, n], f32)
        acc = None
        if len(e.args) == 3:
            c = self.expr(e.args[2], None)
            acc = self.tile_arg(c, "mma", e.args[2].pos)
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
