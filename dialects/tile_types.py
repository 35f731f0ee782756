"""The types of the `tile` dialect and its shape rules: tiles
(`!tile.tile<128x64xf16>`) and global tensors (`!tile.tensor<[N, 128], f16>`),
their names as the `.tile` language writes them, and the result shapes of
broadcasting element-wise ops, row reductions and MMAs. Registered with the
dialect's ops in `dialects.tile`."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import AnyFloat, ArrayAttr, IntAttr, StringAttr
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
    "i8": "i8",
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


TileOrScalar = base(TileType) | AnyFloat


def broadcast_type(lhs: Attribute, rhs: Attribute) -> TileType | str:
    """The result type of an elementwise binary op, or why there is none.

    A rank-1 `DT[R]` combines with a rank-2 `DT[R, C]` by repeating along each
    row; a scalar combines with any tile."""
    if not isinstance(lhs, TileType):
        lhs, rhs = rhs, lhs
    if not isinstance(lhs, TileType):
        return "at least one operand must be a tile"
    if not isinstance(rhs, TileType):
        return lhs
    if lhs.element_type != rhs.element_type:
        return f"element types differ: {type_text(lhs)} and {type_text(rhs)}"
    if lhs.get_shape() == rhs.get_shape():
        return lhs
    big, small = (lhs, rhs) if lhs.rank >= rhs.rank else (rhs, lhs)
    if big.rank == 2 and small.rank == 1 and small.get_shape()[0] == big.get_shape()[0]:
        return big
    return f"shapes do not broadcast: {type_text(lhs)} and {type_text(rhs)}"


def check_mma(
    a: TileType, b: TileType, res: TileType, acc: SSAValue | None, transpose_lhs: bool, transpose_rhs: bool
) -> None:
    """`res = op(a) @ op(b) (+ acc)`, op transposing a marked operand: the
    operands contract and the result (and accumulator) is f32[M, N]; a
    VerifyException when not."""
    if a.rank != 2 or b.rank != 2:
        raise VerifyException("mma operands must be rank-2 tiles")
    m, k = a.get_shape()[::-1] if transpose_lhs else a.get_shape()
    k2, n = b.get_shape()[::-1] if transpose_rhs else b.get_shape()
    if k != k2:
        raise VerifyException(f"contraction dimensions differ: {m}x{k} and {k2}x{n}")
    if res.get_shape() != (m, n) or str(res.element_type) != "f32":
        raise VerifyException(f"result must be f32[{m}, {n}]")
    if acc is not None and acc.type != res:
        raise VerifyException("the accumulator must have the result type")


def row_reduced(ty: TileType) -> TileType:
    """The type of a row reduction of `ty` (`DT[R]` from `DT[R, C]`)."""
    return TileType(ty.get_shape()[:1], ty.element_type)
