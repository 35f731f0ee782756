"""The `.tile` AST: small dataclasses, each with the source position it came from."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pos:
    line: int
    column: int


@dataclass(frozen=True)
class TypeRef:
    """`f16[BM, 128]`: dims are integers or names (constants or symbolic sizes)."""

    pos: Pos
    dtype: str
    dims: tuple[int | str, ...]
    dim_pos: tuple[Pos, ...]


# Expressions


@dataclass(frozen=True)
class Expr:
    pos: Pos


@dataclass(frozen=True)
class Number(Expr):
    value: float
    is_int: bool


@dataclass(frozen=True)
class Name(Expr):
    name: str


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # + - * / %, and the extensions < <= > >= == != & |
    lhs: Expr
    rhs: Expr


@dataclass(frozen=True)
class Neg(Expr):
    operand: Expr


@dataclass(frozen=True)
class Attribute(Expr):
    """`x.T` (the only attribute the language has)."""

    value: Expr
    attr: str
    attr_pos: Pos


@dataclass(frozen=True)
class Expand(Expr):
    """`v[:, None]` (axis 1: a column of one, per row) or `v[None, :]`
    (axis 0: a row of one, per column), as NumPy's `expand_dims` axis."""

    value: Expr
    axis: int


@dataclass(frozen=True)
class Call(Expr):
    func: str
    dtype: str | None  # `cast<f16>(x)`
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Load(Expr):
    tensor: str
    tensor_pos: Pos
    indices: tuple[Expr, ...]
    type: TypeRef | None = None  # `load T[i, j] : DT[R, C]` written inside an expression


# Statements


@dataclass(frozen=True)
class AttrEntry:
    pos: Pos
    key: str
    value: int | float | str | bool


@dataclass(frozen=True)
class Stmt:
    pos: Pos


@dataclass(frozen=True)
class Const(Stmt):
    name: str
    value: Expr


@dataclass(frozen=True)
class Let(Stmt):
    """`let h = INT_EXPR`: a name for an index expression (docs/language.md, "Part 2")."""

    name: str
    name_pos: Pos
    value: Expr


@dataclass(frozen=True)
class Grid(Stmt):
    """`grid y = INT_EXPR` (or `z`): the grid's extent along its second (third)
    axis, whose block index is `bid_y` (`bid_z`) (docs/language.md, "Part 2")."""

    axis: str
    axis_pos: Pos
    value: Expr


@dataclass(frozen=True)
class Assign(Stmt):
    name: str
    value: Expr
    type: TypeRef | None
    attrs: tuple[AttrEntry, ...]


@dataclass(frozen=True)
class Store(Stmt):
    tensor: str
    tensor_pos: Pos
    indices: tuple[Expr, ...]
    value: Expr
    attrs: tuple[AttrEntry, ...]
    add: bool = False
    """`store T[i, j] += x`: the tensor's tile gets `+= x`, atomically across CTAs."""


@dataclass(frozen=True)
class For(Stmt):
    var: str
    lb: Expr
    ub: Expr
    step: Expr | None
    carry: tuple[tuple[str, Pos], ...]
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Tiles(Stmt):
    """`for tm, tn in tiles(TM, TN) persistent [group G] [cluster C] { ... }`:
    the persistent outer loop over a TM x TN grid of output tiles."""

    vars: tuple[tuple[str, Pos], tuple[str, Pos]]
    counts: tuple[Expr, Expr]
    group: Expr | None
    body: tuple[Stmt, ...]
    cluster: Expr | None = None  # the CTAs of a cluster asked for (1 or 2; the `cluster` pass decides the operand)
    cluster_shape: tuple[str, Pos] | None = None
    """`cluster 2x1` (tiles one above the other, sharing B) or `cluster 1x2`
    (side by side, sharing A): two CTAs and the operand they share."""


@dataclass(frozen=True)
class If(Stmt):
    """`if cond { then } else { other }` at kernel level: a conditional region."""

    cond: Expr
    then: tuple[Stmt, ...]
    other: tuple[Stmt, ...]


# Top level


@dataclass(frozen=True)
class Param:
    """A global tensor (`A: f16[N, 128]`), or a scalar (`scale: f32`): a
    `TypeRef` with no dimensions."""

    pos: Pos
    name: str
    type: TypeRef


@dataclass(frozen=True)
class Target:
    pos: Pos
    name: str
    is_path: bool


@dataclass(frozen=True)
class Kernel:
    pos: Pos
    name: str
    params: tuple[Param, ...]
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Module:
    targets: tuple[Target, ...] = field(default_factory=tuple)
    kernels: tuple[Kernel, ...] = field(default_factory=tuple)
    items: tuple[Target | Kernel, ...] = field(default_factory=tuple)
