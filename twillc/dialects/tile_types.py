"""The types of the `tile` dialect and its shape rules: tiles
(`!tile.tile<128x64xf16>`) and global tensors (`!tile.tensor<[N, 128], f16>`),
their names as the `.tile` language writes them, and the result shapes of
broadcasting element-wise ops, row reductions and MMAs. Registered with the
dialect's ops in `twillc.dialects.tile`."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import AnyFloat, ArrayAttr, IntAttr, IntegerType, Signedness, StringAttr, i1
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import base, irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


def type_text(ty: Attribute) -> str:
    """A tile type as the `.tile` language writes it, e.g. `f32[128, 64]`."""
    if isinstance(ty, TileType):
        return f"{element_name(ty.element_type)}[{', '.join(map(str, ty.get_shape()))}]"
    return element_name(ty)


ELEMENT_NAMES = {
    "f16": "f16",
    "bf16": "bf16",
    "f32": "f32",
    "f8E4M3FN": "f8e4m3",
    "f8E5M2": "f8e5m2",
    "i32": "i32",
    "i16": "i16",
    "i8": "i8",
    "ui32": "u32",
    "ui16": "u16",
    "ui8": "u8",
    "i1": "i1",
}


def element_name(ty: Attribute) -> str:
    return ELEMENT_NAMES.get(str(ty), str(ty))


@irdl_attr_definition
class TileType(ParametrizedAttribute, TypeAttribute):
    """A statically shaped tile of rank 1 or 2: `!tile.tile<128x64xf16>`."""

    name = "tile.tile"

    shape: ArrayAttr[IntAttr] = param_def()
    element_type: Attribute = param_def()

    def __init__(self, shape: Sequence[int], element_type: Attribute):
        super().__init__(ArrayAttr(IntAttr(d) for d in shape), element_type)

    def get_shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape.data)

    @property
    def rank(self) -> int:
        return len(self.shape.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            dims, elt = parser.parse_ranked_shape()
        return (ArrayAttr(IntAttr(d) for d in dims), elt)

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_list(self.get_shape(), printer.print_int, "x")
            printer.print_string("x")
            printer.print_attribute(self.element_type)

    def verify(self) -> None:
        if self.rank not in (1, 2):
            raise VerifyException(f"a tile has rank 1 or 2, got {self.rank}")
        if any(d <= 0 for d in self.get_shape()):
            raise VerifyException("tile dimensions must be positive")


@irdl_attr_definition
class TensorType(ParametrizedAttribute, TypeAttribute):
    """A global tensor, dimensions constant or symbolic: `!tile.tensor<[N, 128], f16>`."""

    name = "tile.tensor"

    dims: ArrayAttr[Attribute] = param_def()
    element_type: Attribute = param_def()

    def __init__(self, dims: Sequence[int | str], element_type: Attribute):
        super().__init__(
            ArrayAttr(IntAttr(d) if isinstance(d, int) else StringAttr(d) for d in dims),
            element_type,
        )

    def get_dims(self) -> tuple[int | str, ...]:
        return tuple(d.data for d in self.dims.data)  # type: ignore[attr-defined]

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        def dim() -> Attribute:
            n = parser.parse_optional_integer(allow_negative=False)
            return IntAttr(n) if n is not None else StringAttr(parser.parse_identifier("expected a dimension"))

        with parser.in_angle_brackets():
            dims = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, dim)
            parser.parse_punctuation(",")
            elt = parser.parse_type()
        return (ArrayAttr(dims), elt)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<[" + ", ".join(str(d) for d in self.get_dims()) + "], ")
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def verify(self) -> None:
        if not 1 <= len(self.dims.data) <= 2:
            raise VerifyException("a global tensor has rank 1 or 2")
        for d in self.dims.data:
            if not isinstance(d, IntAttr | StringAttr):
                raise VerifyException("tensor dimensions are integers or symbolic names")


def tile_of(value: SSAValue) -> TileType:
    """The tile type of a value an op's constraint made a tile."""
    assert isinstance(value.type, TileType)
    return value.type


TileOrScalar = base(TileType) | AnyFloat | base(IntegerType)
"""An element-wise operand: a tile, or a scalar of the tile's element type
(a number, a scalar kernel argument, an index converted to the integer type)."""


def is_bool(ty: Attribute) -> bool:
    """A tile of comparison results (`i1`)."""
    return isinstance(ty, TileType) and ty.element_type == i1


def broadcast_shape(a: TileType, b: TileType) -> tuple[int, ...] | None:
    """The shape two tiles combine to: equal shapes; a rank-1 `[R]` or a
    one-column `[R, 1]` (a per-row value) with a rank-2 `[R, C]`, repeated
    along each row; a one-row `[1, C]` (a per-column value) with `[R, C]`,
    repeated down each column; None when they do not. (In the IR a rank-1
    tile is always per-row: the front end makes a per-column one `[1, C]`
    with `tile.expand_dims`.)"""
    if a.get_shape() == b.get_shape():
        return a.get_shape()
    big, small = (a, b) if a.rank >= b.rank else (b, a)
    if big.rank == 2 and small.rank == 1 and small.get_shape()[0] == big.get_shape()[0]:
        return big.get_shape()
    for big, small in ((a, b), (b, a)):
        if big.rank == small.rank == 2 and small.get_shape() == (big.get_shape()[0], 1):
            return big.get_shape()
        if big.rank == small.rank == 2 and small.get_shape() == (1, big.get_shape()[1]):
            return big.get_shape()
    return None


def _same_width_integers(scalar: Attribute, element: Attribute) -> bool:
    """A signless integer scalar (an `arith.constant`, which has no unsigned
    form) with an unsigned tile of its width: the same bits."""
    return (
        isinstance(scalar, IntegerType)
        and isinstance(element, IntegerType)
        and scalar.width == element.width
        and scalar.signedness.data == Signedness.SIGNLESS
    )


def _combine(lhs: Attribute, rhs: Attribute) -> TileType | str:
    """Two element-wise operands' common type, booleans included."""
    if not isinstance(lhs, TileType):
        lhs, rhs = rhs, lhs
    if not isinstance(lhs, TileType):
        return "at least one operand must be a tile"
    if not isinstance(rhs, TileType):
        if rhs != lhs.element_type and not _same_width_integers(rhs, lhs.element_type):
            return f"a scalar {element_name(rhs)} does not combine with {type_text(lhs)}"
        return lhs
    if lhs.element_type != rhs.element_type:
        return f"element types differ: {type_text(lhs)} and {type_text(rhs)}"
    shape = broadcast_shape(lhs, rhs)
    if shape is None:
        return f"shapes do not broadcast: {type_text(lhs)} and {type_text(rhs)}"
    return TileType(shape, lhs.element_type)


def broadcast_type(lhs: Attribute, rhs: Attribute) -> TileType | str:
    """The result type of an elementwise binary op, or why there is none.

    A rank-1 `DT[R]` combines with a rank-2 `DT[R, C]` by repeating along each
    row; a scalar of the element type combines with any tile. Comparison
    results (`i1` tiles) are not numbers."""
    for ty in (lhs, rhs):
        if is_bool(ty) or ty == i1:
            return f"{type_text(ty)} is a comparison result, not a number (select with where(cond, a, b))"
    return _combine(lhs, rhs)


def compare_type(lhs: Attribute, rhs: Attribute) -> TileType | str:
    """The result of comparing two operands element-wise: an `i1` tile of
    their broadcast shape."""
    common = broadcast_type(lhs, rhs)
    return common if isinstance(common, str) else TileType(common.get_shape(), i1)


def logic_type(lhs: Attribute, rhs: Attribute) -> TileType | str:
    """`&` / `|` of two comparison results: an `i1` tile."""
    for ty in (lhs, rhs):
        if not is_bool(ty):
            return f"expects comparison results (i1 tiles), got {type_text(ty)}"
    return _combine(lhs, rhs)


def select_type(cond: Attribute, on_true: Attribute, on_false: Attribute) -> TileType | str:
    """`where(cond, a, b)`: an `i1` condition tile and two values of one
    element type (tiles or scalars); the result has the values' element type
    and the shape all three broadcast to."""
    uniform = cond == i1  # one condition for the whole tile: the values' shape
    if not is_bool(cond) and not uniform:
        return f"the condition must be a comparison result (an i1 tile or one i1), got {type_text(cond)}"
    if is_bool(on_true) or is_bool(on_false):
        return "the values must be numbers, not comparison results"
    if uniform:
        if not isinstance(on_true, TileType) and not isinstance(on_false, TileType):
            return "a uniform condition selects between tiles (one value is a tile)"
        return _combine(on_true, on_false)
    assert isinstance(cond, TileType)
    if isinstance(on_true, TileType) or isinstance(on_false, TileType):
        values = _combine(on_true, on_false)
        if isinstance(values, str):
            return values
    elif on_true != on_false:
        return f"the values' types differ: {element_name(on_true)} and {element_name(on_false)}"
    else:
        values = TileType(cond.get_shape(), on_true)
    shape = broadcast_shape(cond, values)
    if shape is None:
        return f"shapes do not broadcast: {type_text(cond)} and {type_text(values)}"
    return TileType(shape, values.element_type)


def check_mma(
    a: TileType, b: TileType, res: TileType, acc: SSAValue | None, transpose_lhs: bool, transpose_rhs: bool
) -> None:
    """`res = op(a) @ op(b) (+ acc)`, op transposing a marked operand: the
    operands contract and the result (and accumulator) is f32[M, N], or
    i32[M, N] for an integer MMA (i8 / u8 operands, `mma_accumulator`); a
    VerifyException when not."""
    if a.rank != 2 or b.rank != 2:
        raise VerifyException("mma operands must be rank-2 tiles")
    m, k = a.get_shape()[::-1] if transpose_lhs else a.get_shape()
    k2, n = b.get_shape()[::-1] if transpose_rhs else b.get_shape()
    if k != k2:
        raise VerifyException(f"contraction dimensions differ: {m}x{k} and {k2}x{n}")
    acc_type = mma_accumulator(a, b)
    if acc_type not in ("f32", "i32"):
        raise VerifyException(acc_type)
    if str(res.element_type) == "f16" and acc_type == "f32":
        f16_acc = f16_accumulation(a, b)
        if f16_acc is not None:
            raise VerifyException(f16_acc)
    elif str(res.element_type) != acc_type:
        also = " or f16 for f16 operands" if acc_type == "f32" else ""
        raise VerifyException(f"result must be {acc_type}[{m}, {n}]{also}")
    if res.get_shape() != (m, n):
        raise VerifyException(f"result must be {element_name(res.element_type)}[{m}, {n}]")
    if acc is not None and acc.type != res:
        raise VerifyException("the accumulator must have the result type")


INTEGER_MMA_OPERANDS = ("i8", "ui8")
"""The element types of an integer MMA's operands (int8 x int8 -> i32:
wgmma .s8 / .u8 on sm_90a, tcgen05.mma kind::i8 on sm_100a)."""


def mma_accumulator(a: TileType, b: TileType) -> str:
    """The accumulator element type an MMA of `a` and `b` gives: `i32` for
    8-bit integer operands, `f32` for floats; a message where the operands
    mix integers and floats or are integers of another width."""
    ints = [str(t.element_type) in INTEGER_MMA_OPERANDS for t in (a, b)]
    if all(ints):
        return "i32"
    if any(ints) or any(isinstance(t.element_type, IntegerType) for t in (a, b)):
        return (
            f"an MMA of {type_text(a)} and {type_text(b)}: an integer MMA takes 8-bit integer operands on both "
            "sides (convert the other to a float type with cast<...> for a float MMA)"
        )
    return "f32"


F16_ACCUMULATING = ("f16",)
"""The operand element type an MMA may accumulate in f16 (wgmma
`.f16.f16.f16` on sm_90a, tcgen05.mma kind::f16 with an f16 D on sm_100a):
the accumulator's type chooses, an f16 one rounding to f16 after each MMA."""


def f16_accumulation(a: TileType, b: TileType) -> str | None:
    """Why an MMA of `a` and `b` cannot accumulate in f16, or None when it can."""
    if all(element_name(t.element_type) in F16_ACCUMULATING for t in (a, b)):
        return None
    return (
        f"an f16 accumulator takes f16 operands (wgmma .f16.f16.f16, tcgen05.mma kind::f16), got "
        f"{type_text(a)} and {type_text(b)}: accumulate in f32"
    )


def column_reduced(ty: TileType) -> TileType:
    """The type of a column reduction of `ty` (`DT[C]` from `DT[R, C]`)."""
    return TileType(ty.get_shape()[1:], ty.element_type)


def interleaved(ty: TileType, axis: int) -> TileType:
    """The type of two `ty` tiles interleaved along `axis`: that dimension doubled."""
    shape = list(ty.get_shape())
    shape[axis] *= 2
    return TileType(shape, ty.element_type)


def expanded(ty: TileType, axis: int) -> TileType:
    """A rank-1 `DT[N]` with a dimension of one inserted at `axis`: `DT[1, N]`
    (axis 0, per column) or `DT[N, 1]` (axis 1, per row)."""
    n = ty.get_shape()[0]
    return TileType((1, n) if axis == 0 else (n, 1), ty.element_type)


def row_reduced(ty: TileType) -> TileType:
    """The type of a row reduction of `ty` (`DT[R]` from `DT[R, C]`)."""
    return TileType(ty.get_shape()[:1], ty.element_type)
