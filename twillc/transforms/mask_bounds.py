"""Which iterations of a loop need its mask: the affine reading of a
`where(cond, a, b)` condition over index tiles.

An integer tile built from `iota_rows` / `iota_cols`, the loop variable
`j`, values fixed before the loop (`bid`, sizes) and integer constants with
`+`, `-` and `*` by a constant is `dr * row + dc * col + aj * j + rest`,
`rest` an index expression that does not change in the loop. A comparison
of two such tiles holds on every element of an R x C tile exactly when its
difference does at the worst element (`row`, `col` at 0 or R-1, C-1),
which is one linear condition on `j`: `alpha * j + offset >= 0`. A
conjunction (`&`) holds everywhere when each side does. Anything else
(`|`, `==`, `!=`, a float or data-dependent condition, `j` multiplied or
divided) is not read, and the select stays masked in every iteration.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr
from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile


@dataclass(frozen=True)
class Linear:
    """`row * dr + col * dc + j * aj + const + sum(coeff * value)`, each
    value an index defined before the loop."""

    dr: int = 0
    dc: int = 0
    aj: int = 0
    const: int = 0
    terms: tuple[tuple[SSAValue, int], ...] = field(default=())

    def scaled(self, k: int) -> Linear:
        return Linear(self.dr * k, self.dc * k, self.aj * k, self.const * k, tuple((v, c * k) for v, c in self.terms))

    def plus(self, other: Linear) -> Linear:
        coeffs: dict[SSAValue, int] = {}
        for v, c in (*self.terms, *other.terms):
            coeffs[v] = coeffs.get(v, 0) + c
        return Linear(
            self.dr + other.dr,
            self.dc + other.dc,
            self.aj + other.aj,
            self.const + other.const,
            tuple((v, c) for v, c in coeffs.items() if c),
        )

    @property
    def constant(self) -> int | None:
        """Its value when it is a plain integer."""
        return self.const if not (self.dr or self.dc or self.aj or self.terms) else None


@dataclass(frozen=True)
class Bound:
    """Iteration `j` is unmasked for this bound when `alpha * j + offset >= 0`."""

    alpha: int
    offset: Linear  # only const and terms


def _int_const(op: Operation) -> int | None:
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
        return int(op.value.value.data)
    return None


def _combine(op: Operation, a: Linear | None, b: Linear | None) -> Linear | None:
    """`a + b`, `a - b`, or `a * b` when one side is a plain integer (the
    kind from `op`: an `arith` or a `tile` add, sub or mul)."""
    if a is None or b is None:
        return None
    if isinstance(op, arith.AddiOp | tile.AddOp):
        return a.plus(b)
    if isinstance(op, arith.SubiOp | tile.SubOp):
        return a.plus(b.scaled(-1))
    if a.constant is not None:
        return b.scaled(a.constant)
    return a.scaled(b.constant) if b.constant is not None else None


class _Reader:
    def __init__(self, loop: tile.ForOp) -> None:
        self.loop = loop
        self.j = loop.body.block.args[0]
        self.inside = {id(o) for o in loop.walk()}

    def index(self, v: SSAValue) -> Linear | None:
        """An index or integer scalar."""
        if v is self.j:
            return Linear(aj=1)
        if isinstance(v, BlockArgument):
            return None
        op = v.owner
        if (k := _int_const(op)) is not None:
            return Linear(const=k)
        if isinstance(op, arith.IndexCastOp):
            return self.index(op.input)
        if isinstance(op, arith.AddiOp | arith.SubiOp | arith.MuliOp):
            found = _combine(op, self.index(op.lhs), self.index(op.rhs))
            if found is not None:
                return found
        if id(op) not in self.inside and isinstance(v.type, IndexType):
            return Linear(terms=((v, 1),))  # fixed before the loop: bid, a size, their arithmetic
        return None

    def tile(self, v: SSAValue) -> Linear | None:
        """An integer tile or scalar."""
        if not isinstance(v.type, tile.TileType):
            return self.index(v)
        op = v.owner
        if isinstance(op, tile.IotaOp):
            return Linear(dr=1) if op.dim.value.data == 0 else Linear(dc=1)
        if isinstance(op, tile.AddOp | tile.SubOp | tile.MulOp):
            if any(isinstance(x.type, tile.TileType) and x.type.rank != 2 for x in (op.lhs, op.rhs)):
                return None  # a row vector: not an index tile
            return _combine(op, self.tile(op.lhs), self.tile(op.rhs))
        return None

    def condition(self, v: SSAValue) -> list[Bound] | None:
        """The bounds under which the `i1` tile `v` holds on every element."""
        op = v.owner
        if isinstance(op, tile.AndOp):
            a, b = self.condition(op.operands[0]), self.condition(op.operands[1])
            return None if a is None or b is None else a + b
        if not isinstance(op, tile.CmpOp) or not isinstance(op.result.type, tile.TileType):
            return None
        lhs, rhs = self.tile(op.lhs), self.tile(op.rhs)
        if lhs is None or rhs is None:
            return None
        rows, cols = (op.result.type.get_shape() + (1, 1))[:2]
        d = lhs.plus(rhs.scaled(-1))  # holds where d (pred) 0
        hi = max(0, d.dr * (rows - 1)) + max(0, d.dc * (cols - 1))
        lo = min(0, d.dr * (rows - 1)) + min(0, d.dc * (cols - 1))
        rest = Linear(const=d.const, terms=d.terms)
        pred = op.predicate.data
        if pred in ("le", "lt"):  # max d <= 0 (< 0): -aj * j - rest - hi (- 1) >= 0
            return [Bound(-d.aj, rest.scaled(-1).plus(Linear(const=-hi - (pred == "lt"))))]
        if pred in ("ge", "gt"):  # min d >= 0 (> 0)
            return [Bound(d.aj, rest.plus(Linear(const=lo - (pred == "gt"))))]
        return None


def select_bounds(loop: tile.ForOp) -> dict[tile.SelectOp, list[Bound]]:
    """The loop's selects whose condition holds on whole tiles in a range of
    iterations, each with its bounds; a select is left out when its true
    operand is not of its result's type (folding it away would change a
    type) or its result leaves the iteration (yielded)."""
    reader = _Reader(loop)
    found: dict[tile.SelectOp, list[Bound]] = {}
    for op in loop.body.block.ops:
        if not isinstance(op, tile.SelectOp) or op.on_true.type != op.result.type:
            continue
        if any(isinstance(u.operation, tile.YieldOp) for u in op.result.uses):
            continue
        bounds = reader.condition(op.cond)
        if bounds:
            found[op] = bounds
    return found
