"""AST -> `tile` dialect IR, with type and shape inference and located errors.

Values are immutable; assigning a name rebinds it. Inside the loop, a name
listed in `carry (...)` becomes a block argument of `tile.for` and its last
assignment is yielded to the next iteration; after the loop the name is the
loop's result. Index expressions fold to integers where they can and become
`arith` ops on `index` where they cannot (symbolic sizes, `bid`, the loop
variable).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    BoolAttr,
    DictionaryAttr,
    FileLineColLoc,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint

from twillc.diagnostics import Location, UserError
from twillc.dialects import tile
from twillc.dialects.tile import BLOCK_NAMES, TensorType, TileType, type_text
from twillc.frontend import ast
from twillc.frontend.irgen_exprs import DTYPES, ExprGen, Tensor
from twillc.frontend.irgen_scalars import store_scalar

MAX_TILE_DIM = 1 << 16
"""Largest tile dimension accepted (a tile lives in one SM's memory)."""

GRID_AXES = {"y": 1, "z": 2}
"""`grid y = ...` / `grid z = ...`: the grid axes past the first."""

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


COMPARE = {"==": "eq", "!=": "ne", "<": "slt", "<=": "sle", ">": "sgt", ">=": "sge"}
"""An `if` condition's comparisons as `arith.cmpi` predicates."""


class IRGen(ExprGen):
    def __init__(self, module: ast.Module, filename: str, text: str):
        self.ast = module
        self.filename = filename
        self.text = text
        self.env: dict[str, object] = {}
        self.sizes: dict[str, SSAValue] = {}
        self.index_consts: dict[int, SSAValue] = {}
        self.bid: SSAValue | None = None
        self.grid_ids: dict[int, SSAValue] = {}
        """The block index along grid axes 1 and 2 (`bid_y`, `bid_z`), by axis, made by `grid y = ...`."""
        self.grid_decls: dict[int, ast.Grid] = {}
        """Every top-level `grid` statement of the kernel, by axis: for the error of a use before it."""
        self.entry: Block | None = None
        self.builder: Builder | None = None
        self.in_loop = False
        self.loops = 0
        self.guard: SSAValue | None = None
        """The condition the statements being generated run under (an `if` at kernel level), or None."""
        self.lets: dict[str, ast.Pos] = {}
        """Every `let` of the kernel, at its name: for the errors of a use
        before it or out of its scope."""
        self.let_names: set[str] = set()
        """The `let` names defined so far."""
        self.column_values: set[SSAValue] = set()  # rank-1 values holding a column reduction's (`orient`)
        self.persistent = False
        """Inside a persistent tile loop: `bid` is refused (the tile coordinates name the tile)."""

    # -- helpers -----------------------------------------------------------

    def err(self, pos: ast.Pos, msg: str) -> UserError:
        return UserError(Location(self.filename, pos.line, pos.column), msg, self.text)

    def loc(self, pos: ast.Pos) -> FileLineColLoc:
        return FileLineColLoc(StringAttr(self.filename), IntAttr(pos.line), IntAttr(pos.column))

    def emit(self, op: Operation, pos: ast.Pos, name: str | None = None) -> Operation:
        assert self.builder is not None
        op.location = self.loc(pos)
        self.builder.insert(op)
        self.track_axis(op)
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
            types.append(self.tensor_type(p.type) if p.type.dims else DTYPES[p.type.dtype])
        fn = func.FuncOp(k.name, (types, []))
        fn.location = self.loc(k.pos)
        self.entry = fn.body.block
        self.builder = Builder(InsertPoint.at_end(self.entry))
        for p in k.params:
            for d, pos in zip(p.type.dims, p.type.dim_pos, strict=True):
                if isinstance(d, str) and (d in seen or d in BLOCK_NAMES):
                    raise self.err(pos, f"size '{d}' has the name of a {'parameter' if d in seen else 'builtin index'}")
        for p, arg, ty in zip(k.params, fn.body.block.args, types, strict=True):
            arg.name_hint = p.name
            # A scalar argument is its SSA value, usable where a tile operand is.
            self.env[p.name] = Tensor(arg, ty) if isinstance(ty, TensorType) else arg  # type: ignore[arg-type]
        for p in k.params:
            if p.name in BLOCK_NAMES:
                raise self.err(p.pos, f"parameter '{p.name}' has the name of a builtin index")
        for st in k.body:
            if isinstance(st, ast.Grid) and st.axis in GRID_AXES:
                self.grid_decls.setdefault(GRID_AXES[st.axis], st)
        stack = list(k.body)
        while stack:
            st = stack.pop()
            if isinstance(st, ast.Let):
                self.lets.setdefault(st.name, st.name_pos)
            elif isinstance(st, ast.For | ast.Tiles):
                stack.extend(st.body)
            elif isinstance(st, ast.If):
                stack.extend(st.then + st.other)
        self.check_tiles_placement(k.body)
        for stmt in k.body:
            self.stmt(stmt)
        for axis, bid in sorted(self.grid_ids.items()):
            if not bid.uses:
                decl = self.grid_decls[axis]
                raise self.err(
                    decl.pos,
                    f"'grid {decl.axis}' sizes the grid along axis {decl.axis}, but '{BLOCK_NAMES[axis]}' is never "
                    "used: every block along it would compute the same tiles",
                )
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
        if not t.dims:  # `f32`: one number (a scalar load or constant): its element type
            return DTYPES[t.dtype]  # type: ignore[return-value]
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
        elif isinstance(s, ast.Let):
            self.let(s)
        elif isinstance(s, ast.Grid):
            self.grid(s)
        elif isinstance(s, ast.Assign):
            self.assign(s)
        elif isinstance(s, ast.Store):
            self.store(s)
        elif isinstance(s, ast.For):
            self.for_(s)
        elif isinstance(s, ast.Tiles):
            self.tiles(s)
        elif isinstance(s, ast.If):
            self.if_(s)

    def bind_check(self, name: str, pos: ast.Pos) -> None:
        current = self.env.get(name)
        if name in self.env and name in self.let_names:
            raise self.err(pos, f"cannot assign to '{name}': it is a 'let' binding (an index)")
        if isinstance(current, Tensor) or (
            isinstance(current, BlockArgument)
            and current.owner is self.entry
            and not isinstance(current.type, TileType | IndexType)
        ):
            raise self.err(pos, f"cannot assign to '{name}': it is a kernel parameter")
        if isinstance(current, int) and not isinstance(current, bool):
            raise self.err(pos, f"cannot assign to '{name}': it is a constant")
        if isinstance(current, SSAValue) and isinstance(current.type, IndexType):
            raise self.err(pos, f"cannot assign to '{name}': it is the loop variable")
        if name in BLOCK_NAMES or self.is_size(name):
            raise self.err(pos, f"cannot assign to '{name}': it is an index")

    def const(self, s: ast.Const) -> None:
        if s.name in self.env:
            raise self.err(s.pos, f"'{s.name}' is already defined")
        if s.name in BLOCK_NAMES or self.is_size(s.name):
            raise self.err(s.pos, f"cannot define '{s.name}': it is an index")
        value = self.index(s.value)
        if not isinstance(value, int):
            raise self.err(s.value.pos, f"const '{s.name}' must be a compile-time integer")
        self.env[s.name] = value

    def let(self, s: ast.Let) -> None:
        """`let h = INT_EXPR`: `h` names the index expression's value (an
        integer where it folds, else its `index` SSA value) in the rest of
        its scope (the kernel, or the loop body it is written in). No
        shadowing: the name must not be bound already, in its scope or an
        enclosing one."""
        if s.name in self.env:
            what = "a kernel parameter, a constant, a tile or the loop variable"
            if s.name in self.let_names:
                what = "a 'let'"
            raise self.err(s.name_pos, f"'{s.name}' is already defined ({what}): a 'let' name is bound once")
        if s.name in BLOCK_NAMES or self.is_size(s.name):
            raise self.err(s.name_pos, f"cannot define '{s.name}': it is an index")
        self.let_operand(s.name, s.value)
        value = self.index(s.value)
        if isinstance(value, SSAValue) and value.name_hint is None:
            value.name_hint = s.name
        self.env[s.name] = value
        self.let_names.add(s.name)

    def grid(self, s: ast.Grid) -> None:
        """`grid y = INT_EXPR` (or `z`): the grid's extent along axis 1 (2),
        an integer expression known at launch (constants, sizes, integer
        scalar arguments); it makes the block index `bid_y` (`bid_z`), a
        `tile.block_id` of that axis taking the extent as its operand."""
        axis = GRID_AXES.get(s.axis)
        if axis is None:
            raise self.err(
                s.axis_pos,
                f"'grid {s.axis}': a grid axis is 'y' or 'z' (the extent along the first, 'bid', is derived from "
                "the kernel's stores)",
            )
        if self.in_loop:
            raise self.err(s.pos, f"'grid {s.axis}' is declared at the kernel's top level, not in a loop")
        first = self.grid_decls[axis]
        if first is not s:
            raise self.err(
                s.pos, f"the grid's {s.axis} extent is already declared (at {first.pos.line}:{first.pos.column})"
            )
        name = BLOCK_NAMES[axis]
        if name in self.env:
            raise self.err(s.pos, f"'{name}' is already defined: it is the block index 'grid {s.axis}' makes")
        value = self.index(s.value)
        if isinstance(value, int) and value <= 0:
            raise self.err(s.value.pos, f"the grid's {s.axis} extent must be positive, got {value}")
        extent = self.const_index(value, s.value.pos) if isinstance(value, int) else value
        self.launch_time(extent, s)
        self.grid_ids[axis] = self.emit(tile.BlockIdOp(axis, extent), s.pos, name).results[0]

    def launch_time(self, value: SSAValue, s: ast.Grid) -> None:
        """A located error unless `value` is computed from what the launcher
        knows: constants, sizes, integer scalar arguments and their arithmetic
        (an index expression here is those, or a block's index)."""
        stack = [value]
        while stack:
            v = stack.pop()
            if isinstance(v, BlockArgument):
                continue  # an integer scalar argument (`index_cast` of it)
            op = v.owner
            if isinstance(op, tile.BlockIdOp):
                raise self.err(
                    s.value.pos,
                    f"the grid's {s.axis} extent is sized before launch (constants, sizes, integer scalar "
                    f"arguments and their arithmetic): '{BLOCK_NAMES[op.grid_axis]}' is the block's index",
                )
            stack.extend(op.operands)

    def let_operand(self, name: str, e: ast.Expr) -> None:
        """A located error where a `let`'s value holds a tile (a load, a
        tile name, a tile builtin): a `let` names an index expression."""
        stack = [e]
        while stack:
            x = stack.pop()
            bad = None
            if isinstance(x, ast.Load):
                bad = "a load gives a tile"
            elif isinstance(x, ast.Name) and isinstance(self.env.get(x.name), SSAValue):
                v = self.env[x.name]
                if isinstance(v, SSAValue) and isinstance(v.type, TileType):
                    bad = f"'{x.name}' is a tile"
            elif isinstance(x, ast.Call) and x.func not in ("max", "min"):
                bad = f"'{x.func}' gives a tile"
            if bad is not None:
                raise self.err(
                    x.pos,
                    f"'let {name}' binds an integer expression (an index), not a tile: {bad}; "
                    f"bind a tile with '{name} = ...'",
                )
            if isinstance(x, ast.Binary):
                stack.extend((x.lhs, x.rhs))
            elif isinstance(x, ast.Neg):
                stack.append(x.operand)
            elif isinstance(x, ast.Call):
                stack.extend(x.args)

    def assign(self, s: ast.Assign) -> None:
        self.bind_check(s.name, s.pos)
        annotated = self.tile_type(s.type) if s.type else None
        value = s.value
        if isinstance(value, ast.Load):
            if value.type is not None:  # `x = load T[i, j] : DT[R, C]`: the annotation parses as the load's
                if annotated is not None:  # `x = (load T[i, j] : DT[R, C]) : DT[R, C]`
                    raise self.err(s.type.pos, "the load already has a type annotation")  # type: ignore[union-attr]
                annotated = self.tile_type(value.type)
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
            if result.is_scalar and not isinstance(result.value, SSAValue):
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

    def if_(self, s: ast.If) -> None:
        """`if c { ... } else { ... }` at kernel level: a conditional region.
        Its statements run under the guard (the enclosing one `&` `c`, or `&`
        its negation in the else-block): each loop's trip count is `guard ?
        n : 0` (its upper bound is the lower one where the guard fails), each
        store a region of `guard ? 1 : 0` trips holding it and what it
        computes; names bound inside are the block's own."""
        if self.in_loop:
            raise self.err(
                s.pos,
                "an 'if' inside a loop: a loop runs the same ops every iteration (write where(c, a, b), or the "
                "'if' around the loop)",
            )
        cond = self.condition(s.cond)
        outer_guard, outer_env = self.guard, self.env
        for body, holds in ((s.then, True), (s.other, False)):
            if not body:
                continue
            c = cond
            if not holds:
                true = self.emit(arith.ConstantOp(IntegerAttr(1, IntegerType(1))), s.pos).results[0]
                c = self.emit(arith.XOrIOp(cond, true), s.pos).results[0]
            self.guard = c if outer_guard is None else self.emit(arith.AndIOp(outer_guard, c), s.pos).results[0]
            self.env = dict(outer_env)
            for stmt in body:
                self.stmt(stmt)
        self.guard, self.env = outer_guard, outer_env

    def condition(self, e: ast.Expr) -> SSAValue:
        """An `if`'s condition as one `i1`: comparisons of integer expressions
        (`arith.cmpi`), joined by `&` and `|`."""
        if isinstance(e, ast.Binary) and e.op in ("&", "|"):
            a, b = self.condition(e.lhs), self.condition(e.rhs)
            return self.emit((arith.AndIOp if e.op == "&" else arith.OrIOp)(a, b), e.pos).results[0]
        if isinstance(e, ast.Binary) and e.op in COMPARE:
            a, b = self.index_value(e.lhs), self.index_value(e.rhs)
            return self.emit(arith.CmpiOp(a, b, COMPARE[e.op]), e.pos).results[0]
        raise self.err(
            e.pos,
            "an 'if' condition compares integer expressions (bid, sizes, integer scalar arguments, constants) with "
            "== != < <= > >=, joined by & and |",
        )

    def store(self, s: ast.Store) -> None:
        """A store; under an `if` at kernel level, a region of `guard ? 1 :
        0` trips holding it and the values it computes."""
        if self.guard is None or self.in_loop:
            self._store(s)
            return
        body = Block(arg_types=[IndexType()])
        body.args[0].name_hint = "once"
        outer_builder = self.builder
        self.builder = Builder(InsertPoint.at_end(body))
        self.in_loop = True
        try:
            self._store(s)
            self.emit(tile.YieldOp(), s.pos)
        finally:
            self.in_loop = False
            self.builder = outer_builder
        zero, one = self.const_index(0, s.pos), self.const_index(1, s.pos)
        trips = self.emit(arith.SelectOp(self.guard, one, zero), s.pos).results[0]
        self.emit(tile.ForOp(zero, trips, one, [], body), s.pos)

    def _store(self, s: ast.Store) -> None:
        tensor = self.env.get(s.tensor)
        if not isinstance(tensor, Tensor):
            raise self.err(s.tensor_pos, f"'{s.tensor}' is not a kernel parameter (a global tensor)")
        indices = self.indices(s.indices, tensor, s.tensor_pos)
        val = self.expr(s.value, None)
        self.no_transpose(val)
        what = "store ... +=" if s.add else "store"
        if val.is_scalar and isinstance(val.value, SSAValue) and not s.add:  # one number computed at run time
            self.emit(store_scalar(self, val.value, tensor, indices, s.value.pos), s.pos)
            return
        if val.is_scalar:
            raise self.err(s.value.pos, f"'{what}' needs a tile")
        self.numeric(val, what)
        value = val.value
        assert isinstance(value, SSAValue) and isinstance(value.type, TileType)
        if value.type.rank != len(tensor.type.dims.data):
            raise self.err(
                s.value.pos,
                f"cannot store a rank-{value.type.rank} tile into rank-{len(tensor.type.dims.data)} '{s.tensor}'",
            )
        if value.type.element_type != tensor.type.element_type:
            value = self.emit(tile.CastOp(value, tensor.type.element_type), s.value.pos).results[0]
        store = tile.StoreAddOp if s.add else tile.StoreOp
        op = self.emit(store(value, tensor.value, indices), s.pos)
        if s.attrs:
            op.attributes["twill.override"] = self.overrides(s.attrs)

    # -- the persistent outer loop (docs/language.md, "Persistent kernels") --

    def check_tiles_placement(self, body: tuple[ast.Stmt, ...]) -> None:
        """A `tiles` loop is the kernel's outermost statement: one per kernel,
        only `const` and `let` before it, nothing after it, and one main loop
        (a `for`) in its body, not inside another loop."""
        tiles = [s for s in body if isinstance(s, ast.Tiles)]
        nested = [t for s in body if isinstance(s, ast.For | ast.Tiles | ast.If) for t in _tiles_within(_inner(s))]
        if nested:
            raise self.err(nested[0].pos, "a persistent tile loop is the kernel's outermost loop: it cannot nest")
        if not tiles:
            return
        if len(tiles) > 1:
            raise self.err(tiles[1].pos, "one persistent tile loop per kernel")
        at = body.index(tiles[0])
        for s in body[:at]:
            if not isinstance(s, ast.Const | ast.Let):
                raise self.err(s.pos, "only 'const' and 'let' may come before the persistent tile loop")
        if at + 1 < len(body):
            raise self.err(body[at + 1].pos, "nothing may follow the persistent tile loop: write it inside")
        loops = [s for s in tiles[0].body if isinstance(s, ast.For)]
        if not loops:
            raise self.err(tiles[0].pos, "a persistent tile loop holds one main loop ('for'), found none")
        if len(loops) > 1:
            raise self.err(
                loops[1].pos, "a persistent tile loop holds one main loop: several loops per tile are not generated"
            )

    def tiles(self, s: ast.Tiles) -> None:
        """`for tm, tn in tiles(TM, TN) persistent group G { ... }`: a
        `tile.persistent` op, then the body once, with `tm` / `tn` the tile's
        coordinates from its linear index `bid` in grouped order: tiles go
        down G rows of tiles, then across, so that consecutive tiles (the
        CTAs running at once) share their A rows and B columns in L2."""
        (m_name, m_pos), (n_name, n_pos) = s.vars
        for name, pos in s.vars:
            if name in self.env or name == "bid" or self.is_size(name):
                raise self.err(pos, f"the tile coordinate '{name}' is already defined")
        if m_name == n_name:
            raise self.err(n_pos, f"the two tile coordinates are both named '{m_name}'")
        group = 8 if s.group is None else self.index(s.group)
        if not isinstance(group, int) or group < 1:
            raise self.err(s.group.pos if s.group else s.pos, "the tile group must be a compile-time integer >= 1")
        cluster = None if s.cluster is None else self.index(s.cluster)
        if s.cluster is not None and cluster not in (1, 2):
            raise self.err(
                s.cluster.pos,
                "the cluster is 1 or 2 CTAs, a compile-time integer, or a shape: 2x1 (the pair shares B) or 1x2 (A)",
            )
        shared = None
        if s.cluster_shape is not None:
            shape, shape_pos = s.cluster_shape
            shared = {"2x1": "B", "1x2": "A"}.get(shape)
            if shared is None:
                raise self.err(
                    shape_pos, f"the cluster shape is 2x1 (the pair shares B) or 1x2 (the pair shares A), got {shape}"
                )
            cluster = 2
        cm, cn = (self.index_value(e) for e in s.counts)
        self.emit(tile.PersistentOp(cm, cn, group, cluster, shared), s.pos)
        if self.bid is None:
            self.bid = self.hoist(tile.BlockIdOp(), s.pos)
            self.bid.name_hint = "bid"

        def ix(op: str, a: SSAValue | int, b: SSAValue | int) -> SSAValue:
            av = self.const_index(a, s.pos) if isinstance(a, int) else a
            bv = self.const_index(b, s.pos) if isinstance(b, int) else b
            return self.index_op(op, av, bv, s.pos)

        width = ix("*", group, cn)  # tiles in one group: G rows of tiles, all columns
        first = ix("*", ix("/", self.bid, width), group)  # the group's first row of tiles
        # the group's rows of tiles (the last group may have fewer; at least 1, so that an index past the
        # tiles, as a grid's search reads it, lands past the tensor rather than dividing by zero)
        rows = self.emit(arith.MinSIOp(ix("-", cm, first), self.const_index(group, s.pos)), s.pos).results[0]
        rows = self.emit(arith.MaxSIOp(rows, self.const_index(1, s.pos)), s.pos).results[0]
        within = ix("%", self.bid, width)
        tm, tn = ix("+", first, ix("%", within, rows)), ix("/", within, rows)
        tm.name_hint, tn.name_hint = m_name, n_name
        self.env[m_name], self.env[n_name] = tm, tn
        self.persistent = True
        for stmt in s.body:
            self.stmt(stmt)

    def for_(self, s: ast.For) -> None:
        if self.in_loop:
            raise self.err(
                s.pos,
                "loops cannot nest: a kernel's loops run one after another, each scheduled on its own "
                "(write the inner loop's work as tiles, or the loops in sequence)",
            )
        self.loops += 1
        lb = self.index_value(s.lb)
        ub = self.index_value(s.ub)
        step_value = self.index(s.step) if s.step else 1
        if isinstance(step_value, int) and step_value <= 0:
            raise self.err(s.step.pos if s.step else s.pos, f"the loop step must be positive, got {step_value}")
        step = self.const_index(step_value, s.pos) if isinstance(step_value, int) else step_value
        if self.guard is not None:  # under an `if`: no iteration where the guard fails
            ub = self.emit(arith.SelectOp(self.guard, ub, lb), s.pos).results[0]
        if s.var in self.env or s.var in BLOCK_NAMES or self.is_size(s.var):
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
        columns = self.column_names(s.body, {n for n, v in carried if v in self.column_values})
        for (name, _), arg in zip(carried, body.args[1:], strict=True):
            arg.name_hint = name
            self.env[name] = arg
            if name in columns and isinstance(arg.type, TileType) and arg.type.rank == 1:
                self.column_values.add(arg)
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
        for (name, _), res, value in zip(carried, loop.results, yielded, strict=True):
            res.name_hint = name
            self.env[name] = res
            if value in self.column_values:
                self.column_values.add(res)


def _tiles_within(body: tuple[ast.Stmt, ...]) -> list[ast.Tiles]:
    out: list[ast.Tiles] = []
    for s in body:
        if isinstance(s, ast.Tiles):
            out.append(s)
        if isinstance(s, ast.For | ast.Tiles | ast.If):
            out += _tiles_within(_inner(s))
    return out


def _inner(s: ast.Stmt) -> tuple[ast.Stmt, ...]:
    """The statements a loop or a conditional region holds."""
    return s.then + s.other if isinstance(s, ast.If) else s.body  # type: ignore[attr-defined]
