"""Integer tiles in TTGIR: the importer's part for weights that a kernel
loads as integers and unpacks (`twillc.frontend.ttgir.TtgirImporter` mixes
this class in).

An integer tensor is data when it derives from a load (`tt.load` of i8, i16,
i32 elements, or an integer MMA's result) and reaches a float conversion,
an MMA or a store: it becomes a tile, and its `arith` ops tile ops (a loaded
integer that only offsets pointers, a gather's indices, stays index
arithmetic). Every other integer tensor is index arithmetic, which
the importer drops unless data reads it: a tensor of shift amounts (LightLLM's
`(offs_k % 8) * 4`, AWQ's packed order `[0, 4, 1, 5, 2, 6, 3, 7] * 4`
broadcast and reshaped) is then rebuilt as an `i32` tile from `tile.iota`
(`IndexExpr`: each element's value as an expression of its coordinates,
through `tt.make_range`, `tt.expand_dims`, `tt.broadcast`, `tt.reshape`,
`tt.trans` and `arith` ops, simplified where the coordinates' ranges allow).

What maps to what:
  arith.shli/shrsi/shrui               tile.shl / tile.shr (by a number or a tile of amounts)
  arith.andi/ori                       tile.bitand / tile.bitor
  arith.addi/subi/muli                 tile.add / tile.sub / tile.mul (a zero point subtracted)
  arith.divsi/divui, remsi/remui       tile.div / tile.rem
  arith.maxsi/minsi/maxui/minui        tile.max / tile.min
  arith.sitofp/uitofp, extsi/extui,    tile.cast
  trunci
  tt.join + tt.trans + tt.reshape      tile.interleave along the axis the pair merges into
  (tl.interleave, the int4 unpack)     (`(R, C, 2) -> (R, 2C)` columns, `(R, 2, C) -> (2R, C)` rows)

Signedness: TTGIR's integers are signless, the ops say how they read them;
a tile's element type carries it (`i8` / `u8`, ...): an op that reads its
operand unsigned (`shrui`, `uitofp`, `extui`, `divui`, `remui`) gets an
unsigned tile, one that reads it signed a signed one, through a `tile.cast`
of the same width (the same bits) where the tile has the other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, IntegerType, Signedness, i32
from xdsl.ir import SSAValue

from twillc.dialects import tile
from twillc.dialects.tile import TileType
from twillc.frontend.triton_module import TOp

INT_OPS: dict[str, type[tile.BinaryOp]] = {
    "arith.shli": tile.ShlOp,
    "arith.shrsi": tile.ShrOp,
    "arith.shrui": tile.ShrOp,
    "arith.andi": tile.BitAndOp,
    "arith.ori": tile.BitOrOp,
    "arith.addi": tile.AddOp,
    "arith.subi": tile.SubOp,
    "arith.muli": tile.MulOp,
    "arith.divsi": tile.DivOp,
    "arith.divui": tile.DivOp,
    "arith.remsi": tile.RemOp,
    "arith.remui": tile.RemOp,
    "arith.maxsi": tile.MaxOp,
    "arith.minsi": tile.MinOp,
    "arith.maxui": tile.MaxOp,
    "arith.minui": tile.MinOp,
}
"""`arith` ops of integer data tiles."""
INT_CASTS = ("arith.sitofp", "arith.uitofp", "arith.extsi", "arith.extui", "arith.trunci")
SIGNED = frozenset(
    {"arith.shrsi", "arith.divsi", "arith.remsi", "arith.maxsi", "arith.minsi", "arith.sitofp", "arith.extsi"}
)
UNSIGNED = frozenset(
    {"arith.shrui", "arith.divui", "arith.remui", "arith.maxui", "arith.minui", "arith.uitofp", "arith.extui"}
)
"""The ops that read their integer operands signed / unsigned (the rest read bits)."""
COMMUTATIVE = frozenset({"arith.andi", "arith.ori", "arith.addi", "arith.muli"})
MMA_OPS = ("tt.dot", "ttng.warp_group_dot", "ttng.tc_gen5_mma")
DATA_WIDTHS = (8, 16, 32)
"""Integer widths a data tile holds."""
VIEWS = ("tt.broadcast", "ttg.convert_layout", "tt.expand_dims", "tt.reshape", "tt.trans", "tt.splat")

_INT = re.compile(r"i(\d+)")


def _int_element(ty: str) -> int | None:
    """The width of an integer tensor's (or shared-memory buffer's) elements (not i1), else None."""
    m = re.match(r"(?:tensor|!ttg\.memdesc)<(?:\d+x)+i(\d+)", ty)
    return int(m.group(1)) if m is not None and m.group(1) != "1" else None


def _dims(ty: str) -> list[int]:
    m = re.match(r"(?:tensor|!ttg\.memdesc)<((?:\d+x)+)", ty)
    return [int(d) for d in m.group(1).split("x") if d] if m else []


def integer(width: int, unsigned: bool) -> IntegerType:
    return IntegerType(width, Signedness.UNSIGNED if unsigned else Signedness.SIGNLESS)


def is_unsigned(ty) -> bool:
    e = getattr(ty, "element_type", ty)
    return isinstance(e, IntegerType) and e.signedness.data == Signedness.UNSIGNED


# -- index tensors as expressions of their coordinates ----------------------


@dataclass(frozen=True)
class IndexExpr:
    """An integer tensor's element as an expression of its coordinates:
    `coord` (the coordinate along `axis`), `const` (`value`), `scalar` (an
    index scalar, Triton value `value`), or a binary `arith` op of two."""

    kind: str
    value: int = 0
    lhs: IndexExpr | None = None
    rhs: IndexExpr | None = None

    def has_coords(self) -> bool:
        if self.kind == "coord":
            return True
        return any(e is not None and e.has_coords() for e in (self.lhs, self.rhs))


def _const(k: int) -> IndexExpr:
    return IndexExpr("const", k)


def _coord(axis: int) -> IndexExpr:
    return IndexExpr("coord", axis)


def _binop(name: str, a: IndexExpr, b: IndexExpr) -> IndexExpr:
    return IndexExpr(name, 0, a, b)


def _substitute(e: IndexExpr, coords: list[IndexExpr]) -> IndexExpr:
    """`e` with each coordinate replaced by an expression of another tensor's."""
    if e.kind == "coord":
        return coords[e.value]
    if e.lhs is None or e.rhs is None:
        return e
    return _binop(e.kind, _substitute(e.lhs, coords), _substitute(e.rhs, coords))


FOLD = {
    "arith.addi": lambda a, b: a + b,
    "arith.subi": lambda a, b: a - b,
    "arith.muli": lambda a, b: a * b,
    "arith.divsi": lambda a, b: int(a / b) if b else None,
    "arith.divui": lambda a, b: a // b if b else None,
    "arith.remsi": lambda a, b: a - int(a / b) * b if b else None,
    "arith.remui": lambda a, b: a % b if b else None,
    "arith.shli": lambda a, b: a << b,
    "arith.shrsi": lambda a, b: a >> b,
    "arith.shrui": lambda a, b: a >> b,
    "arith.andi": lambda a, b: a & b,
    "arith.ori": lambda a, b: a | b,
    "arith.maxsi": max,
    "arith.minsi": min,
}
REM = ("arith.remsi", "arith.remui")
DIV = ("arith.divsi", "arith.divui")


class _Simplifier:
    """Folds and simplifies an index expression over a tensor of `shape`:
    constants fold, `x + 0`, `x * 1`, `x * 0`, `x / 1`; `(a + b) % m` drops a term
    divisible by `m`; `(x % a) % b` is `x % b` where `b` divides `a`; `x % m`
    is `x` and `x / m` is 0 where `x` lies in `0 .. m - 1`."""

    def __init__(self, shape: list[int], scalar_divisible: Callable[[int, int], bool] = lambda vid, m: False):
        self.shape = shape
        self.scalar_divisible = scalar_divisible
        """Whether index scalar `vid` is a multiple of `m` (`pid_n * BLOCK_N` of 8)."""

    def range(self, e: IndexExpr) -> tuple[int, int] | None:
        if e.kind == "const":
            return e.value, e.value
        if e.kind == "coord":
            return 0, self.shape[e.value] - 1
        if e.lhs is None or e.rhs is None:
            return None
        a, b = self.range(e.lhs), self.range(e.rhs)
        if a is None or b is None or a[0] < 0 or b[0] < 0:
            return None
        if e.kind == "arith.addi":
            return a[0] + b[0], a[1] + b[1]
        if e.kind == "arith.muli":
            return a[0] * b[0], a[1] * b[1]
        if e.kind in DIV and b[0] > 0:
            return a[0] // b[1], a[1] // b[0]
        if e.kind in REM and b[0] > 0:
            return 0, min(a[1], b[1] - 1)
        return None

    def divisible(self, e: IndexExpr, m: int) -> bool:
        if e.kind == "const":
            return e.value % m == 0
        if e.kind == "scalar":
            return self.scalar_divisible(e.value, m)
        if e.lhs is None or e.rhs is None:
            return False
        if e.kind == "arith.muli":
            return self.divisible(e.lhs, m) or self.divisible(e.rhs, m)
        if e.kind in ("arith.addi", "arith.subi"):
            return self.divisible(e.lhs, m) and self.divisible(e.rhs, m)
        if e.kind == "arith.shli" and e.rhs.kind == "const":
            return self.divisible(e.lhs, m) or (1 << e.rhs.value) % m == 0
        return False

    def __call__(self, e: IndexExpr) -> IndexExpr:
        if e.lhs is None or e.rhs is None:
            return e
        a, b = self(e.lhs), self(e.rhs)
        if a.kind == "const" and b.kind == "const" and e.kind in FOLD:
            folded = FOLD[e.kind](a.value, b.value)
            if folded is not None:
                return _const(folded)
        if e.kind in ("arith.addi", "arith.ori") and b.kind == "const" and b.value == 0:
            return a
        if e.kind in ("arith.addi", "arith.ori") and a.kind == "const" and a.value == 0:
            return b
        if e.kind == "arith.subi" and b.kind == "const" and b.value == 0:
            return a
        if e.kind == "arith.muli":
            for x, y in ((a, b), (b, a)):
                if y.kind == "const" and y.value == 1:
                    return x
                if y.kind == "const" and y.value == 0:
                    return y
        if e.kind in DIV and b.kind == "const" and b.value == 1:
            return a
        if e.kind in REM + DIV and b.kind == "const" and b.value > 0:
            m = b.value
            if e.kind in REM and a.kind == "arith.addi" and a.lhs is not None and a.rhs is not None:
                if self.divisible(a.lhs, m):
                    return self(_binop(e.kind, a.rhs, b))
                if self.divisible(a.rhs, m):
                    return self(_binop(e.kind, a.lhs, b))
            if e.kind in REM and a.kind in REM and a.rhs is not None and a.rhs.kind == "const":
                if a.rhs.value % m == 0 and a.lhs is not None:
                    return self(_binop(e.kind, a.lhs, b))
            r = self.range(a)
            if r is not None and 0 <= r[0] and r[1] < m:
                return a if e.kind in REM else _const(0)
            if e.kind in REM and self.divisible(a, m):
                return _const(0)
        return _binop(e.kind, a, b)


SCALAR_OPS = {
    "arith.addi": arith.AddiOp,
    "arith.subi": arith.SubiOp,
    "arith.muli": arith.MuliOp,
    "arith.divsi": arith.DivUIOp,  # indices are not negative: `/` as .tile's
    "arith.divui": arith.DivUIOp,
    "arith.remsi": arith.RemSIOp,
    "arith.remui": arith.RemSIOp,
    "arith.shli": arith.ShLIOp,
    "arith.shrsi": arith.ShRSIOp,
    "arith.shrui": arith.ShRSIOp,
    "arith.andi": arith.AndIOp,
    "arith.ori": arith.OrIOp,
    "arith.maxsi": arith.MaxSIOp,
    "arith.minsi": arith.MinSIOp,
}


@dataclass
class Join:
    """A `tt.join` of two tiles not yet reshaped back to a tile: the
    tensor's axes, each a tile axis (0, 1, ...) or 'pair' (the join's size-2
    axis), in their current order."""

    lhs: SSAValue
    rhs: SSAValue
    axes: list[int | str]
    ops: list[TOp]
    """The join and the transposes since: the interleave stands for them too."""


class IntegerTiles:
    """The integer-tile part of `TtgirImporter` (see the module's docstring)."""

    # -- which integer tensors are data -------------------------------------

    def int_data(self, vid: int) -> bool:
        """Whether integer tensor `vid` derives from a load (or an integer MMA)
        and feeds data (`feeds_data`): data, not indices."""
        if vid not in self.__dict__.setdefault("_int_data", {}):
            self._int_data[vid] = self.int_origin(vid) and (self.mma_result(vid) or self.feeds_data(vid))
        return self._int_data[vid]

    def mma_result(self, vid: int) -> bool:
        d = self.tm.defs.get(vid)  # type: ignore[attr-defined]
        return d is not None and d.name in MMA_OPS

    def users(self, vid: int) -> list[TOp]:
        if "_users" not in self.__dict__:
            users: dict[int, list[TOp]] = {}
            for op in self.tm.root.walk():  # type: ignore[attr-defined]
                for o in op.operands:
                    users.setdefault(o, []).append(op)
            self._users = users
        return self._users.get(vid, [])

    def feeds_data(self, vid: int) -> bool:
        """Whether integer tensor `vid` reaches a conversion to floats, an MMA
        or a store, through integer ops, views and loop-carried values."""
        memo: dict[int, bool] = self.__dict__.setdefault("_feeds_data", {})
        if vid in memo:
            return memo[vid]
        memo[vid] = False
        out = False
        for u in self.users(vid):
            if u.name in ("arith.sitofp", "arith.uitofp", *MMA_OPS) or (
                u.name in ("tt.store", "tt.descriptor_store")
                and vid in u.operands[1:]
                and not self.type_of(vid).startswith("i")
            ):
                out = True
            elif u.name == "scf.yield" and u.parent is not None:
                i = u.operands.index(vid)
                loop = u.parent
                carried = (
                    loop.blocks[0].args[1 + i] if loop.name == "scf.for" and len(loop.blocks[0].args) > 1 + i else None
                )
                out = any(
                    self.feeds_data(v) for v in (loop.results[i] if i < len(loop.results) else None, carried) if v
                )
            else:
                out = any(
                    _int_element(t) is not None and self.feeds_data(r)
                    for r, t in zip(u.results, u.result_types, strict=True)
                )
            if out:
                break
        memo[vid] = out
        return out

    def int_origin(self, vid: int) -> bool:
        """Whether integer tensor `vid` derives from a load or an integer MMA."""
        memo: dict[int, bool] = self.__dict__.setdefault("_int_origin", {})
        if vid in memo:
            return memo[vid]
        memo[vid] = False
        ty = self.type_of(vid)  # type: ignore[attr-defined]
        if _int_element(ty) is None:
            return False
        d = self.tm.defs.get(vid)  # type: ignore[attr-defined]
        if d is None:  # a loop-carried integer tile: data where its loop yields data to it
            out = False
            for loop in self.tm.root.walk():  # type: ignore[attr-defined]
                if loop.name == "scf.for" and vid in loop.blocks[0].args[1:]:
                    i = loop.blocks[0].args.index(vid) - 1
                    yields = [o for o in loop.blocks[0].ops if o.name == "scf.yield"]
                    out = bool(yields) and self.int_origin(yields[0].operands[i])
            memo[vid] = out
            return out
        if d.name in ("tt.load", "tt.descriptor_load", *MMA_OPS):
            out = True
        else:
            out = any(self.int_origin(o) or self._float_tensor(o) for o in d.operands)
        memo[vid] = out
        return out

    def _float_tensor(self, vid: int) -> bool:
        m = re.match(r"tensor<(?:\d+x)+([A-Za-z0-9]+)", self.type_of(vid))  # type: ignore[attr-defined]
        return m is not None and _INT.fullmatch(m.group(1)) is None

    def int_data_op(self, op: TOp) -> bool:
        """Whether `op` gives integer data tiles (its results), so that it is not dropped as index arithmetic."""
        return bool(op.results) and any(self.int_data(r) for r in op.results)

    # -- data ops ------------------------------------------------------------

    def int_tile(self, vid: int, user: TOp) -> SSAValue:
        """Integer data tile `vid`."""
        joined = self.joins.get(vid)
        if joined is not None:
            raise self.error(  # type: ignore[attr-defined]
                user,
                f"'{user.name}' reads a tt.join of rank {len(joined.axes)} (a pair of tiles is a tile again once "
                "reshaped so that the pair's axis merges into the one before it: tl.interleave)",
            )
        return self.tile_operand_of(vid, user)

    def tile_operand_of(self, vid: int, user: TOp) -> SSAValue:
        i = user.operands.index(vid)
        return self.tile_operand(user, i)  # type: ignore[attr-defined]

    def as_signedness(self, value: SSAValue, unsigned: bool, origin: TOp) -> SSAValue:
        """`value` read signed or unsigned: the same bits, in the element type of that signedness."""
        t = value.type
        if not isinstance(t, TileType) or not isinstance(t.element_type, IntegerType):
            return value
        if is_unsigned(t) == unsigned:
            return value
        cast = tile.CastOp(value, integer(t.element_type.width.data, unsigned))
        return self.emit(cast, origin).results[0]  # type: ignore[attr-defined]

    def int_operand(self, op: TOp, i: int, element: IntegerType | None, shape: list[int]) -> SSAValue | None:
        """Operand `i` of an integer op on data tiles: a data tile, an index
        tensor rebuilt as a tile (or a scalar, where it is one number), in
        `element` (None: as it is)."""
        vid = op.operands[i]
        if self.int_data(vid) or vid in self.joins:
            value = self.int_tile(vid, op)
        else:
            e = _Simplifier(shape, self.scalar_divisible)(self.index_expr(vid, op))
            if e.kind == "const":  # a number: in the data's width (no Triton op of its own)
                width = element.width.data if element is not None else 32
                return self.emit(arith.ConstantOp(IntegerAttr(e.value, IntegerType(width))), None).results[0]  # type: ignore[attr-defined]
            value = self.index_tensor(vid, op, shape)
        if element is None:
            return value
        if isinstance(value.type, TileType):
            if value.type.element_type != element:
                if value.type.element_type.width != element.width:  # type: ignore[attr-defined]
                    value = self.emit(tile.CastOp(value, element), op).results[0]  # type: ignore[attr-defined]
                else:
                    value = self.as_signedness(value, is_unsigned(element), op)
            return value
        if value.type != IntegerType(element.width):
            value = self.emit(arith.TruncIOp(value, IntegerType(element.width)), op).results[0]  # type: ignore[attr-defined]
        return value

    def integer_op(self, op: TOp) -> None:
        """An `arith` op of integer data (`INT_OPS`): a tile op in the data's
        element type, read signed or unsigned as the op says."""
        name = op.name
        shape = _dims(op.result_types[0])
        width = _int_element(op.result_types[0]) or 32
        data_first = self.int_data(op.operands[0]) or op.operands[0] in self.joins
        first = self.int_operand(op, 0 if data_first else 1, None, shape)
        assert first is not None
        element = first.type.element_type if isinstance(first.type, TileType) else None
        if not isinstance(element, IntegerType) or element.width.data != width:
            element = integer(width, False)
        if name in UNSIGNED or name in SIGNED:
            element = integer(width, name in UNSIGNED)
        lhs = self.int_operand(op, 0, element, shape)
        rhs = self.int_operand(op, 1, element, shape)
        assert lhs is not None and rhs is not None
        if not isinstance(lhs.type, TileType):
            if name not in COMMUTATIVE:
                raise self.error(  # type: ignore[attr-defined]
                    op, f"unsupported op '{name}' of a number and an integer tile (the tile on its left is imported)"
                )
            lhs, rhs = rhs, lhs
        if name in ("arith.shli", "arith.shrsi", "arith.shrui") and not isinstance(rhs.type, TileType):
            k = rhs.owner.value.value.data if isinstance(rhs.owner, arith.ConstantOp) else None  # type: ignore[attr-defined]
            if k is not None and not 0 <= k < width:  # Triton's result is undefined there
                raise self.error(op, f"'{name}' shifts an i{width} tile by {k}, not within 0..{width - 1}")  # type: ignore[attr-defined]
        expected = tile.broadcast_type(lhs.type, rhs.type)
        if isinstance(expected, str):
            raise self.error(op, f"'{name}': {expected}")  # type: ignore[attr-defined]
        new = self.emit(INT_OPS[name](lhs, rhs, expected), op)  # type: ignore[attr-defined]
        self.vals[op.results[0]] = self.val_of(new.results[0])  # type: ignore[attr-defined]

    def integer_cast(self, op: TOp) -> None:
        """`arith.sitofp` / `uitofp` / `extsi` / `extui` / `trunci` of an integer data tile: `tile.cast`."""
        x = self.int_tile(op.operands[0], op)
        res = op.result_types[0]
        width = _int_element(res)
        unsigned = op.name in UNSIGNED
        if op.name != "arith.trunci":
            x = self.as_signedness(x, unsigned, op)
        if width is not None:
            if width not in DATA_WIDTHS:
                raise self.error(op, f"unsupported op '{op.name}' to i{width} (integer tiles hold 8, 16 or 32 bits)")  # type: ignore[attr-defined]
            target = integer(width, is_unsigned(x.type) if op.name == "arith.trunci" else unsigned)
        else:
            m = re.match(r"tensor<(?:\d+x)+([A-Za-z0-9]+)", res)
            element = m.group(1) if m else res
            if element not in self.element_types:  # type: ignore[attr-defined]
                raise self.error(op, f"unsupported op '{op.name}' to {element}")  # type: ignore[attr-defined]
            target = self.element_types[element]  # type: ignore[attr-defined]
        new = self.emit(tile.CastOp(x, target), op)  # type: ignore[attr-defined]
        self.vals[op.results[0]] = self.val_of(new.results[0])  # type: ignore[attr-defined]

    def int_constant(self, op: TOp) -> bool:
        """An integer splat constant as a carried integer tile's initial value
        (`tl.zeros(..., tl.int32)` of an integer MMA): a `tile.zeros`; False
        where `op` is no such constant."""
        width = _int_element(op.result_types[0])
        if op.name != "arith.constant" or width not in DATA_WIDTHS:
            return False
        if not re.search(r"dense<0>", self.tm.text.splitlines()[op.text_pos[0] - 1] if op.text_pos else ""):  # type: ignore[attr-defined]
            return False
        new = tile.ZerosOp(TileType(_dims(op.result_types[0]), integer(width, False)))  # type: ignore[arg-type]
        self.emit(new, op)  # type: ignore[attr-defined]
        self.vals[op.results[0]] = self.val_of(new.results[0])  # type: ignore[attr-defined]
        return True

    # -- tt.join / tt.trans / tt.reshape: interleaving ------------------------

    @property
    def joins(self) -> dict[int, Join]:
        return self.__dict__.setdefault("_joins", {})

    def join(self, op: TOp) -> None:
        """`tt.join a, b`: a pair of tiles, a tile again once reshaped (`reshape`)."""
        a, b = self.tile_operand(op, 0), self.tile_operand(op, 1)  # type: ignore[attr-defined]
        if a.type != b.type:
            raise self.error(op, "'tt.join' of tiles of two types")  # type: ignore[attr-defined]
        rank = a.type.rank  # type: ignore[attr-defined]
        self.joins[op.results[0]] = Join(a, b, [*range(rank), "pair"], [op])
        self.vals[op.results[0]] = self.val_of(None)  # type: ignore[attr-defined]

    def pending_join(self, op: TOp) -> Join | None:
        """The join `op`'s first operand is, imported first where it is defined before the loop."""
        self.value(op.operands[0], op)  # type: ignore[attr-defined]
        return self.joins.get(op.operands[0])

    def trans_join(self, op: TOp) -> bool:
        """`tt.trans` of a join: its axes permuted (False where `op` reads no join)."""
        joined = self.pending_join(op)
        if joined is None:
            return False
        order = _order(self.tm.text, op)  # type: ignore[attr-defined]
        if order is None or sorted(order) != list(range(len(joined.axes))):
            raise self.error(op, "unsupported op 'tt.trans' of a tt.join (its order is not a permutation)")  # type: ignore[attr-defined]
        self.joins[op.results[0]] = Join(joined.lhs, joined.rhs, [joined.axes[i] for i in order], [*joined.ops, op])
        self.vals[op.results[0]] = self.val_of(None)  # type: ignore[attr-defined]
        return True

    def pass_join(self, op: TOp) -> bool:
        """`ttg.local_alloc` / `ttg.convert_layout` of a join: the join (False where `op` reads no join)."""
        joined = self.pending_join(op) if op.operands else None
        if joined is None:
            return False
        self.joins[op.results[0]] = Join(joined.lhs, joined.rhs, joined.axes, [*joined.ops, op])
        for r in op.results:
            self.vals[r] = self.val_of(None)  # type: ignore[attr-defined]
        return True

    def reshape(self, op: TOp) -> None:
        """`tt.reshape` (or `ttg.memdesc_reshape`, after the pair is put in
        shared memory) of a join: `tile.interleave` where the pair's axis
        merges into the tile axis before it and the tile's axes keep their
        order (`(.., C, 2) -> (.., 2C)`, `(R, 2, C) -> (2R, C)`)."""
        joined = self.pending_join(op)
        if joined is None:
            raise self.error(  # type: ignore[attr-defined]
                op,
                f"unsupported op '{op.name}' of a tile (a reshape imports where it interleaves a tt.join's pair "
                "or makes an index tensor)",
            )
        axes = joined.axes
        p = axes.index("pair")
        tile_axes = [a for a in axes if a != "pair"]
        out = _dims(op.result_types[0])
        src = list(joined.lhs.type.get_shape())  # type: ignore[attr-defined]
        if p == 0 or tile_axes != sorted(tile_axes) or axes[p - 1] != tile_axes[p - 1]:
            raise self.error(  # type: ignore[attr-defined]
                op,
                "unsupported op 'tt.reshape' of a tt.join: the pair's axis must merge into the tile axis before "
                "it, the tile's axes in order (an interleave; a pair before its axis is a concatenation)",
            )
        axis = p - 1
        want = list(src)
        want[axis] *= 2
        if out != want:
            raise self.error(  # type: ignore[attr-defined]
                op, f"unsupported op 'tt.reshape' of a tt.join to {out} (an interleave gives {want})"
            )
        new = self.emit(tile.InterleaveOp(joined.lhs, joined.rhs, axis), op)  # type: ignore[attr-defined]
        for o in joined.ops:
            self.fold(o, new.results[0])  # type: ignore[attr-defined]
        self.vals[op.results[0]] = self.val_of(new.results[0])  # type: ignore[attr-defined]

    # -- index tensors rebuilt as tiles ---------------------------------------

    def index_expr(self, vid: int, user: TOp) -> IndexExpr:
        """Integer tensor (or scalar) `vid` as an expression of its coordinates."""
        memo: dict[int, IndexExpr] = self.__dict__.setdefault("_index_exprs", {})
        if vid in memo:
            return memo[vid]
        ty = self.type_of(vid)  # type: ignore[attr-defined]
        d = self.tm.defs.get(vid)  # type: ignore[attr-defined]
        if not ty.startswith("tensor"):
            out = IndexExpr("scalar", vid)
        elif d is None:
            raise self.error(user, f"'{user.name}' reads an integer tensor the importer cannot rebuild (a loop's)")  # type: ignore[attr-defined]
        else:
            out = self._index_expr(d, vid, user)
        memo[vid] = out
        return out

    def _index_expr(self, d: TOp, vid: int, user: TOp) -> IndexExpr:
        name = d.name
        if name == "tt.make_range":
            return _binop("arith.addi", _coord(0), _const(d.int_attr("start") or 0))
        if name == "arith.constant":
            m = re.search(r"dense<(-?\d+)>", self.tm.text.splitlines()[d.text_pos[0] - 1] if d.text_pos else "")  # type: ignore[attr-defined]
            if m is None:
                raise self.error(d, "unsupported op 'arith.constant' in an index tensor (not a splat of one integer)")  # type: ignore[attr-defined]
            return _const(int(m.group(1)))
        if name == "tt.splat":
            return self.index_expr(d.operands[0], d)
        if name in ("ttg.convert_layout", "arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast"):
            return self.index_expr(d.operands[0], d)
        src = d.operands[0]
        src_dims = _dims(self.type_of(src))  # type: ignore[attr-defined]
        res_dims = _dims(self.type_of(vid))  # type: ignore[attr-defined]
        if name == "tt.expand_dims":
            axis = d.int_attr("axis") or 0
            coords = [_coord(i if i < axis else i + 1) for i in range(len(src_dims))]
            return _substitute(self.index_expr(src, d), coords)
        if name == "tt.broadcast":
            coords = [
                _const(0) if n == 1 and r != 1 else _coord(i)
                for i, (n, r) in enumerate(zip(src_dims, res_dims, strict=True))
            ]
            return _substitute(self.index_expr(src, d), coords)
        if name == "tt.trans":
            order = _order(self.tm.text, d)  # type: ignore[attr-defined]
            if order is None:
                raise self.error(d, "unsupported op 'tt.trans' in an index tensor (no order)")  # type: ignore[attr-defined]
            coords = [_const(0)] * len(src_dims)
            for j, i in enumerate(order):
                coords[i] = _coord(j)
            return _substitute(self.index_expr(src, d), coords)
        if name == "tt.reshape":
            flat: IndexExpr = _const(0)
            stride = 1
            for j in reversed(range(len(res_dims))):
                flat = _binop("arith.addi", flat, _binop("arith.muli", _coord(j), _const(stride)))
                stride *= res_dims[j]
            coords = []
            stride = 1
            strides = []
            for n in reversed(src_dims):
                strides.append(stride)
                stride *= n
            strides.reverse()
            for n, s in zip(src_dims, strides, strict=True):
                coords.append(_binop("arith.remsi", _binop("arith.divsi", flat, _const(s)), _const(n)))
            return _substitute(self.index_expr(src, d), coords)
        if name in SCALAR_OPS:
            return _binop(name, self.index_expr(d.operands[0], d), self.index_expr(d.operands[1], d))
        raise self.error(  # type: ignore[attr-defined]
            d,
            f"unsupported op '{name}' in an integer tensor that data reads (an index tensor is tt.make_range, "
            "constants and integer scalars, expanded, broadcast, reshaped and combined by arith ops)",
        )

    def index_tensor(self, vid: int, user: TOp, shape: list[int]) -> SSAValue:
        """Index tensor `vid` (of `shape`) as an `i32` tile (or one `i32`
        scalar where it has one value): `tile.iota` along each coordinate
        and tile ops, made before the loop unless it changes with it."""
        memo: dict[tuple[int, tuple[int, ...]], SSAValue] = self.__dict__.setdefault("_index_tiles", {})
        key = (vid, tuple(shape))
        if key in memo:
            return memo[key]
        e = _Simplifier(shape, self.scalar_divisible)(self.index_expr(vid, user))
        saved = self.sink  # type: ignore[has-type]
        self.sink = self.body_ops if "iv" in self.depends_on(vid) else self.pre  # type: ignore[attr-defined]
        try:
            memo[key] = self._materialize(e, shape, user, {})
        finally:
            self.sink = saved
        return memo[key]

    def scalar_divisible(self, vid: int, m: int) -> bool:
        """Whether integer scalar `vid` is a multiple of `m`: a constant, or
        a product, shift or sum of ones that are."""
        d = self.tm.defs.get(vid)  # type: ignore[attr-defined]
        if d is None:
            return False
        if d.name == "arith.constant":
            k = d.int_attr("value")
            return k is not None and k % m == 0
        if d.name in ("arith.extsi", "arith.extui", "arith.index_cast"):
            return self.scalar_divisible(d.operands[0], m)
        if d.name == "arith.muli":
            return any(self.scalar_divisible(o, m) for o in d.operands)
        if d.name in ("arith.addi", "arith.subi"):
            return all(self.scalar_divisible(o, m) for o in d.operands)
        return False

    def _materialize(self, e: IndexExpr, shape: list[int], user: TOp, iotas: dict[int, SSAValue]) -> SSAValue:
        if e.kind == "const":
            return self.emit(arith.ConstantOp(IntegerAttr(e.value, i32)), user).results[0]  # type: ignore[attr-defined]
        if not e.has_coords():
            index = self._scalar(e, user)
            return self.emit(arith.IndexCastOp(index, i32), user).results[0]  # type: ignore[attr-defined]
        if e.kind == "coord":
            if e.value not in iotas:
                iotas[e.value] = self.emit(tile.IotaOp(e.value, TileType(shape, i32)), user).results[0]  # type: ignore[attr-defined]
            return iotas[e.value]
        assert e.lhs is not None and e.rhs is not None
        a, b = self._materialize(e.lhs, shape, user, iotas), self._materialize(e.rhs, shape, user, iotas)
        if not isinstance(a.type, TileType):
            if e.kind == "arith.subi":  # k - x: (-x) + k
                minus = self.emit(arith.ConstantOp(IntegerAttr(-1, i32)), user).results[0]  # type: ignore[attr-defined]
                b = self.emit(tile.MulOp(b, minus, b.type), user).results[0]  # type: ignore[arg-type, attr-defined]
                return self.emit(tile.AddOp(b, a, b.type), user).results[0]  # type: ignore[arg-type, attr-defined]
            if e.kind not in COMMUTATIVE and e.kind not in ("arith.maxsi", "arith.minsi"):
                raise self.error(user, f"unsupported op '{e.kind}' of a number and an index tensor")  # type: ignore[attr-defined]
            a, b = b, a
        cls = INT_OPS[e.kind]
        return self.emit(cls(a, b, a.type), user).results[0]  # type: ignore[arg-type, attr-defined]

    def _scalar(self, e: IndexExpr, user: TOp) -> SSAValue:
        """An expression with no coordinates as an `index` value."""
        if e.kind == "const":
            return self.const_index(e.value, user)  # type: ignore[attr-defined]
        if e.kind == "scalar":
            return self.scalar_index(e.value, user)  # type: ignore[attr-defined]
        assert e.lhs is not None and e.rhs is not None
        lhs, rhs = self._scalar(e.lhs, user), self._scalar(e.rhs, user)
        return self.emit(SCALAR_OPS[e.kind](lhs, rhs), user).results[0]  # type: ignore[attr-defined]


def _order(text: str, op: TOp) -> list[int] | None:
    """A `tt.trans`'s `order`, read from its line of the TTGIR text."""
    if op.text_pos is None:
        return None
    m = re.search(r"order = array<i32:\s*([\d,\s]+)>", text.splitlines()[op.text_pos[0] - 1])
    return [int(x) for x in m.group(1).split(",")] if m else None
