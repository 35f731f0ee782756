"""The `tile` dialect: tile-level GPU kernel operations, one op per builtin of
the `.tile` language (docs/language.md).

Each op uses resources of a whole SM; twillc schedules the ops of the one
`tile.for` loop of a kernel. The kernel itself is a `func.func` over global
tensors; index arithmetic uses upstream `arith` on `index`.

```mlir
func.func @gemm(%A: !tile.tensor<[M, K], f16>, %B: !tile.tensor<[K, N], f16>) {
  %acc = tile.zeros : !tile.tile<128x256xf32>
  %r = tile.for %lb to %ub step %c1 iter_args(%acc : !tile.tile<128x256xf32>) -> !tile.tile<128x256xf32> {
  ^bb0(%kk: index, %acc_1: !tile.tile<128x256xf32>):
    %a = tile.load %A[%i, %kk] : !tile.tensor<[M, K], f16> -> !tile.tile<128x64xf16>
    ...
  }
  func.return
}
```
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Callable, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, IntegerType, StringAttr, UnitAttr, f64, i64
from xdsl.ir import Attribute, Block, Dialect, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import HasParent, IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException

from twillc.dialects.tile_masks import PREDICATES, AndOp, CmpOp, IotaOp, LogicOp, OrOp, SelectOp  # noqa: F401  (part of the dialect)
from twillc.dialects.tile_scalars import (  # noqa: F401  (part of the dialect)
    AllMaxOp,
    AllReductionOp,
    AllSumOp,
    LoadScalarOp,
    StoreScalarOp,
)
from twillc.dialects.tile_types import (  # noqa: F401  (re-exported: the dialect's types and shape rules)
    ELEMENT_NAMES,
    F16_ACCUMULATING,
    TensorType,
    TileOrScalar,
    TileType,
    broadcast_shape,
    broadcast_type,
    check_mma,
    column_reduced,
    compare_type,
    element_name,
    expanded,
    f16_accumulation,
    interleaved,
    is_bool,
    logic_type,
    mma_accumulator,
    row_reduced,
    select_type,
    type_text,
)
from twillc.dialects.tile_types import tile_of as _tile

# ---------------------------------------------------------------------------
# Indices


@irdl_op_definition
class BlockIdOp(IRDLOperation):
    """The CTA's block index along a grid axis: `%bid = tile.block_id` (axis
    0, `bid`, `blockIdx.x`: the grid's extent along it is derived from the
    kernel's stores), `%bid_y = tile.block_id 1 of %H` (axis 1, `bid_y`,
    `blockIdx.y`) or `tile.block_id 2 of %B` (axis 2, `bid_z`, `blockIdx.z`).
    Along axes 1 and 2 the operand is the grid's extent, an index value
    computed before launch (constants, sizes, integer scalar arguments): the
    launcher launches that many blocks along the axis."""

    name = "tile.block_id"
    extent = opt_operand_def(IndexType())
    axis = opt_prop_def(IntegerAttr)
    result = result_def(IndexType())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "(`of` $extent^)? attr-dict"
    traits = traits_def(Pure())

    def __init__(self, axis: int = 0, extent: SSAValue | None = None) -> None:
        props: dict[str, Attribute] = {}
        if axis:
            props["axis"] = IntegerAttr(axis, i64)
        operands = [[extent] if extent is not None else []]
        super().__init__(operands=operands, properties=props, result_types=[IndexType()])

    @property
    def grid_axis(self) -> int:
        """0, 1 or 2: `blockIdx.x`, `.y`, `.z`."""
        return self.axis.value.data if self.axis is not None else 0

    def verify_(self) -> None:
        if self.grid_axis not in (0, 1, 2):
            raise VerifyException(f"tile.block_id: axis {self.grid_axis} is not 0, 1 or 2")
        if (self.extent is None) != (self.grid_axis == 0):
            raise VerifyException("tile.block_id: axes 1 and 2 take the grid's extent as their operand, axis 0 none")


BLOCK_NAMES = ("bid", "bid_y", "bid_z")
"""The block index's name along each grid axis, in `.tile` and in the generated CUDA."""


@irdl_op_definition
class SizeOp(IRDLOperation):
    """A runtime size named in the kernel's tensor types: `%N = tile.size "N"`."""

    name = "tile.size"
    sym = prop_def(StringAttr)
    result = result_def(IndexType())
    assembly_format = "$sym attr-dict"
    traits = traits_def(Pure())

    def __init__(self, sym: str) -> None:
        super().__init__(properties={"sym": StringAttr(sym)}, result_types=[IndexType()])


@irdl_op_definition
class PersistentOp(IRDLOperation):
    """The persistent outer loop over output tiles (`for tm, tn in
    tiles(M / BM, N / BN) persistent group 8 { ... }`):
    `tile.persistent %tiles_m, %tiles_n {group = 8 : i64}`, first in its
    function. The function's body is the outer loop's body: `tile.block_id`
    is the linear index of the output tile (0 .. tiles_m * tiles_n - 1), not
    the CTA's, and each CTA walks the indices blockIdx.x, + gridDim.x, ...
    (grid: min(SMs, tiles)). The tile coordinates are `arith` on it in the
    IR (the grouped rasterization of `group` rows of tiles, written out);
    `group` is recorded for readers. `cluster` (optional, `cluster C` in the
    source): the CTAs of a thread-block cluster the source asks for, which
    the `cluster` pass decides on (`twill.cluster`); `cluster_shared` (`cluster
    2x1`: "B", `cluster 1x2`: "A") the operand the pair is to share. `twill.nest` (written by
    `nest-schedule`) is the outer body's schedule in the super-node model."""

    name = "tile.persistent"
    tiles_m = operand_def(IndexType)
    tiles_n = operand_def(IndexType)
    group = prop_def(IntegerAttr[IntegerType])
    cluster = opt_prop_def(IntegerAttr[IntegerType])
    cluster_shared = opt_prop_def(StringAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$tiles_m `,` $tiles_n attr-dict"

    def __init__(
        self, tiles_m: SSAValue, tiles_n: SSAValue, group: int, cluster: int | None = None, shared: str | None = None
    ) -> None:
        props: dict[str, Attribute] = {"group": IntegerAttr(group, i64)}
        if cluster is not None:
            props["cluster"] = IntegerAttr(cluster, i64)
        if shared is not None:
            props["cluster_shared"] = StringAttr(shared)
        super().__init__(operands=[tiles_m, tiles_n], properties=props)

    def verify_(self) -> None:
        if self.group.value.data < 1:
            raise VerifyException(f"tile.persistent: group must be positive, got {self.group.value.data}")


def find_persistent(func_op: object) -> PersistentOp | None:
    """The function's `tile.persistent`, or None (one CTA per output tile)."""
    for op in func_op.walk():  # type: ignore[attr-defined]
        if isinstance(op, PersistentOp):
            return op
    return None


# ---------------------------------------------------------------------------
# Data movement


@irdl_op_definition
class LoadOp(IRDLOperation):
    """Load the tile at tile coordinates `indices` of a global tensor into
    shared memory.

    ```mlir
    %k = tile.load %K[%j, %c0] : !tile.tensor<[N, 128], f16> -> !tile.tile<128x128xf16>
    ```
    """

    name = "tile.load"
    tensor = operand_def(TensorType)
    indices = var_operand_def(IndexType)
    result = result_def(TileType)
    assembly_format = "$tensor `[` $indices `]` attr-dict `:` type($tensor) `->` type($result)"

    def __init__(self, tensor: SSAValue, indices: Sequence[SSAValue], result_type: TileType):
        super().__init__(operands=[tensor, indices], result_types=[result_type])

    def verify_(self) -> None:
        tensor = self.tensor.type
        assert isinstance(tensor, TensorType)
        res = _tile(self.result)
        if len(self.indices) != len(tensor.dims.data):
            raise VerifyException(f"expected {len(tensor.dims.data)} indices, got {len(self.indices)}")
        if res.rank != len(tensor.dims.data):
            raise VerifyException("the tile must have the rank of the tensor")
        if res.element_type != tensor.element_type:
            raise VerifyException("the tile must have the element type of the tensor")


class _TileStoreOp(IRDLOperation, ABC):
    """A tile written at tile coordinates `indices` of a global tensor."""

    value = operand_def(TileType)
    tensor = operand_def(TensorType)
    indices = var_operand_def(IndexType)
    assembly_format = "$value `,` $tensor `[` $indices `]` attr-dict `:` type($value) `,` type($tensor)"

    def __init__(self, value: SSAValue, tensor: SSAValue, indices: Sequence[SSAValue]):
        super().__init__(operands=[value, tensor, indices])

    def _tensor_type(self) -> TensorType:
        """The tensor's type, once the indices are checked against its rank."""
        tensor = self.tensor.type
        assert isinstance(tensor, TensorType)
        if len(self.indices) != len(tensor.dims.data):
            raise VerifyException(f"expected {len(tensor.dims.data)} indices, got {len(self.indices)}")
        return tensor


@irdl_op_definition
class StoreOp(_TileStoreOp):
    """Store a tile at tile coordinates `indices` of a global tensor.

    ```mlir
    tile.store %o, %O[%bid, %c0] : !tile.tile<128x128xf16>, !tile.tensor<[N, 128], f16>
    ```
    """

    name = "tile.store"

    def verify_(self) -> None:
        tensor = self._tensor_type()
        if _tile(self.value).element_type != tensor.element_type:
            raise VerifyException("the stored tile must have the element type of the tensor (cast first)")


@irdl_op_definition
class StoreAddOp(_TileStoreOp):
    """Add a tile into the tile at tile coordinates `indices` of a global
    tensor, atomically with respect to other CTAs adding into it (a TMA
    reduce-add store, `cp.reduce.async.bulk.tensor ... .add`): `.tile`'s
    `store T[i, j] += x`.

    ```mlir
    tile.store_add %dq, %dQ[%bid, %c0] : !tile.tile<64x128xf32>, !tile.tensor<[N, 128], f32>
    ```
    """

    name = "tile.store_add"

    def verify_(self) -> None:
        tensor = self._tensor_type()
        value = _tile(self.value)
        if value.rank != len(tensor.dims.data):
            raise VerifyException("the tile must have the rank of the tensor")
        if is_bool(value):
            raise VerifyException("a comparison result (i1) cannot be added")
        if value.element_type != tensor.element_type:
            raise VerifyException("the added tile must have the element type of the tensor (cast first)")


# ---------------------------------------------------------------------------
# Tensor core


@irdl_op_definition
class MmaOp(IRDLOperation):
    """`res = op(lhs) @ op(rhs) (+ acc)` in f32, where op transposes an operand
    marked `transpose_lhs` / `transpose_rhs`; in i32 for 8-bit integer
    operands (an int8 x int8 MMA, `mma_accumulator`); in f16 where the
    result is f16 (f16 operands: `f16_accumulation`), rounded to f16 once
    per MMA.

    ```mlir
    %s = tile.mma %q, %k {transpose_rhs} : !tile.tile<128x128xf16>, !tile.tile<128x128xf16> -> !tile.tile<128x128xf32>
    ```
    """

    name = "tile.mma"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    acc = opt_operand_def(TileType)
    transpose_lhs = opt_prop_def(UnitAttr)
    transpose_rhs = opt_prop_def(UnitAttr)
    result = result_def(TileType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$lhs `,` $rhs (`,` $acc^)? attr-dict `:` type($lhs) `,` type($rhs) (`,` type($acc)^)? `->` type($result)"
    )
    traits = traits_def(Pure())

    def __init__(
        self,
        lhs: SSAValue,
        rhs: SSAValue,
        acc: SSAValue | None,
        result_type: TileType,
        transpose_lhs: bool = False,
        transpose_rhs: bool = False,
    ):
        props: dict[str, Attribute] = {}
        if transpose_lhs:
            props["transpose_lhs"] = UnitAttr()
        if transpose_rhs:
            props["transpose_rhs"] = UnitAttr()
        super().__init__(operands=[lhs, rhs, [acc] if acc else []], properties=props, result_types=[result_type])

    def verify_(self) -> None:
        tl, tr = bool(self.transpose_lhs), bool(self.transpose_rhs)
        check_mma(_tile(self.lhs), _tile(self.rhs), _tile(self.result), self.acc, tl, tr)


# ---------------------------------------------------------------------------
# Elementwise, reductions, constants


class UnaryOp(IRDLOperation, ABC):
    """An elementwise op on one tile, result of the same type."""

    T: ClassVar = VarConstraint("T", base(TileType))
    input = operand_def(T)
    result = result_def(T)
    assembly_format = "$input attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value], result_types=[value.type])


@irdl_op_definition
class ExpOp(UnaryOp):
    """`e^x` elementwise (special function unit): `%p = tile.exp %s : !tile.tile<128x128xf32>`."""

    name = "tile.exp"


@irdl_op_definition
class Exp2Op(UnaryOp):
    """`2^x` elementwise (special function unit)."""

    name = "tile.exp2"


@irdl_op_definition
class LogOp(UnaryOp):
    """Natural logarithm elementwise (special function unit)."""

    name = "tile.log"


@irdl_op_definition
class Log2Op(UnaryOp):
    """Base-2 logarithm elementwise (special function unit)."""

    name = "tile.log2"


@irdl_op_definition
class RsqrtOp(UnaryOp):
    """`1 / sqrt(x)` elementwise (special function unit)."""

    name = "tile.rsqrt"


@irdl_op_definition
class SqrtOp(UnaryOp):
    """`sqrt(x)` elementwise (special function unit: `sqrt.approx.f32`)."""

    name = "tile.sqrt"


@irdl_op_definition
class TanhOp(UnaryOp):
    """`tanh(x)` elementwise (special function unit: `tanh.approx.f32`, sm_75 and later)."""

    name = "tile.tanh"


@irdl_op_definition
class SigmoidOp(UnaryOp):
    """`1 / (1 + e^-x)` elementwise (an `ex2` on the special function unit, a reciprocal)."""

    name = "tile.sigmoid"


@irdl_op_definition
class ErfOp(UnaryOp):
    """The error function elementwise (a polynomial on the FP32 ALU, `erff`)."""

    name = "tile.erf"


@irdl_op_definition
class Log1pOp(UnaryOp):
    """`log(1 + x)` elementwise, exact near 0 (`log1pf`: an `lg2` and a correction)."""

    name = "tile.log1p"


@irdl_op_definition
class AbsOp(UnaryOp):
    """`|x|` elementwise (FP32 ALU)."""

    name = "tile.abs"


@irdl_op_definition
class NegOp(UnaryOp):
    """`-x` elementwise."""

    name = "tile.neg"


class BinaryOp(IRDLOperation, ABC):
    """An elementwise op on two operands (tiles with broadcasting, or a scalar)."""

    lhs = operand_def(TileOrScalar)
    rhs = operand_def(TileOrScalar)
    result = result_def(TileType)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue, rhs: SSAValue, result_type: TileType):
        super().__init__(operands=[lhs, rhs], result_types=[result_type])

    def verify_(self) -> None:
        expected = broadcast_type(self.lhs.type, self.rhs.type)
        if isinstance(expected, str):
            raise VerifyException(expected)
        if self.result.type != expected:
            raise VerifyException(f"result must be {type_text(expected)}")


@irdl_op_definition
class AddOp(BinaryOp):
    """Elementwise `+`: `%x = tile.add %a, %b : !tile.tile<64xf32>, !tile.tile<64xf32> -> !tile.tile<64xf32>`."""

    name = "tile.add"


@irdl_op_definition
class SubOp(BinaryOp):
    """Elementwise `-`."""

    name = "tile.sub"


@irdl_op_definition
class MulOp(BinaryOp):
    """Elementwise `*`."""

    name = "tile.mul"


@irdl_op_definition
class DivOp(BinaryOp):
    """Elementwise `/`."""

    name = "tile.div"


@irdl_op_definition
class MaxOp(BinaryOp):
    """Elementwise maximum."""

    name = "tile.max"


@irdl_op_definition
class MinOp(BinaryOp):
    """Elementwise minimum."""

    name = "tile.min"


class IntegerBinaryOp(BinaryOp, ABC):
    """An elementwise op on an integer tile (i8 / u8, i16 / u16, i32 / u32)
    and a scalar or tile of its element type: the bit operations that unpack
    packed int4 weights and their index arithmetic (docs/language.md,
    "Integer tiles"). Results wrap to the element type's width (two's
    complement); the element type's signedness decides `>>` (arithmetic on
    signed, logical on unsigned) and `/`, `%`."""

    def verify_(self) -> None:
        super().verify_()
        element = self.result.type.element_type
        if not isinstance(element, IntegerType) or element.width.data < 8:
            raise VerifyException(
                f"'{self.name}' takes integer tiles (i8, u8, i16, u16, i32, u32), got {type_text(self.result.type)}"
            )


@irdl_op_definition
class ShlOp(IntegerBinaryOp):
    """`x << n`: shift left by `n` bits (a number or a tile of amounts, each
    below the element's width), wrapping to the element type."""

    name = "tile.shl"


@irdl_op_definition
class ShrOp(IntegerBinaryOp):
    """`x >> n`: shift right by `n` bits (a number or a tile of amounts):
    arithmetic (sign-extending) on a signed tile, as Triton's `>>` on
    signed integers (`arith.shrsi`), logical on an unsigned one (`arith.shrui`)."""

    name = "tile.shr"


@irdl_op_definition
class BitAndOp(IntegerBinaryOp):
    """`x & y` of integer tiles (or a tile and an integer): bitwise and."""

    name = "tile.bitand"


@irdl_op_definition
class BitOrOp(IntegerBinaryOp):
    """`x | y` of integer tiles (or a tile and an integer): bitwise or."""

    name = "tile.bitor"


@irdl_op_definition
class RemOp(IntegerBinaryOp):
    """`x % y` of integer tiles: the remainder of the division that
    truncates towards zero (C's, Triton's `arith.remsi`; on unsigned tiles
    `arith.remui`). An index tensor's `(offs_k % 8) * 4`."""

    name = "tile.rem"


@irdl_op_definition
class InterleaveOp(IRDLOperation):
    """Two tiles of one type interleaved along `axis`: element `2 i + t`
    along the axis is element `i` of `lhs` (t = 0) or `rhs` (t = 1), the
    other coordinate kept. Triton's `tl.interleave(a, b)` (`axis = 1`) and
    `tl.join(a, b).permute(0, 2, 1).reshape(2 R, C)` (`axis = 0`): packed int4
    pairs unpacked into one tile.

    ```mlir
    %w = tile.interleave %lo, %hi {axis = 0 : i64} : !tile.tile<64x128xf16>, !tile.tile<64x128xf16>
        -> !tile.tile<128x128xf16>
    ```
    """

    name = "tile.interleave"
    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    axis = prop_def(IntegerAttr)
    result = result_def(TileType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue, rhs: SSAValue, axis: int):
        super().__init__(
            operands=[lhs, rhs],
            properties={"axis": IntegerAttr(axis, i64)},
            result_types=[interleaved(_tile(lhs), axis)],
        )

    def verify_(self) -> None:
        a, b, res = _tile(self.lhs), _tile(self.rhs), _tile(self.result)
        axis = self.axis.value.data
        if a != b:
            raise VerifyException(f"interleaves two tiles of one type, got {type_text(a)} and {type_text(b)}")
        if not 0 <= axis < a.rank:
            raise VerifyException(f"axis must be a dimension of {type_text(a)}, got {axis}")
        if res != interleaved(a, axis):
            raise VerifyException(f"result must be {type_text(interleaved(a, axis))}")


class _AxisReductionOp(IRDLOperation, ABC):
    """A reduction of a rank-2 tile along one axis; `REDUCED` gives the result type."""

    input = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"
    traits = traits_def(Pure())
    KEPT_AXIS: ClassVar[int]
    REDUCED: ClassVar[Callable[[TileType], TileType]]

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value], result_types=[self.REDUCED(_tile(value))])

    def verify_(self) -> None:
        src, res = _tile(self.input), _tile(self.result)
        if src.rank != 2:
            raise VerifyException(f"expects a rank-2 tile, got {type_text(src)}")
        if res != self.REDUCED(src):
            kept = src.get_shape()[self.KEPT_AXIS]
            raise VerifyException(f"result must be {element_name(src.element_type)}[{kept}]")


class ReductionOp(_AxisReductionOp, ABC):
    """A row reduction: `DT[R]` from `DT[R, C]`."""

    KEPT_AXIS: ClassVar[int] = 0
    REDUCED: ClassVar[Callable[[TileType], TileType]] = staticmethod(row_reduced)


@irdl_op_definition
class RowMaxOp(ReductionOp):
    """Maximum of each row: `%m = tile.rowmax %s : !tile.tile<128x128xf32> -> !tile.tile<128xf32>`."""

    name = "tile.rowmax"


@irdl_op_definition
class RowSumOp(ReductionOp):
    """Sum of each row."""

    name = "tile.rowsum"


class ColumnReductionOp(_AxisReductionOp, ABC):
    """A column reduction: `DT[C]` from `DT[R, C]`, element c the reduction
    of column c (`.tile`'s `colmax(x)` / `colsum(x)`)."""

    KEPT_AXIS: ClassVar[int] = 1
    REDUCED: ClassVar[Callable[[TileType], TileType]] = staticmethod(column_reduced)


@irdl_op_definition
class ColMaxOp(ColumnReductionOp):
    """Maximum of each column: `%m = tile.colmax %s : !tile.tile<64x128xf32> -> !tile.tile<128xf32>`."""

    name = "tile.colmax"


@irdl_op_definition
class ColSumOp(ColumnReductionOp):
    """Sum of each column."""

    name = "tile.colsum"


@irdl_op_definition
class ExpandDimsOp(IRDLOperation):
    """A rank-1 tile as a rank-2 tile with a dimension of one, the axis a
    broadcast repeats it along: `axis = 0` gives `DT[1, C]` (`.tile`'s
    `v[None, :]`, repeated down the rows: one value per column), `axis = 1`
    gives `DT[R, 1]` (`v[:, None]`, repeated along each row: one value per
    row). NumPy's `expand_dims`, Triton's `tt.expand_dims`.

    ```mlir
    %b = tile.expand_dims %bias {axis = 0 : i64} : !tile.tile<128xf32> -> !tile.tile<1x128xf32>
    ```
    """

    name = "tile.expand_dims"
    input = operand_def(TileType)
    axis = prop_def(IntegerAttr)
    result = result_def(TileType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, value: SSAValue, axis: int):
        super().__init__(
            operands=[value],
            properties={"axis": IntegerAttr(axis, i64)},
            result_types=[expanded(_tile(value), axis)],
        )

    def verify_(self) -> None:
        src, res = _tile(self.input), _tile(self.result)
        axis = self.axis.value.data
        if axis not in (0, 1):
            raise VerifyException(f"axis must be 0 (a row of one: [1, C]) or 1 (a column of one: [R, 1]), got {axis}")
        if src.rank != 1:
            raise VerifyException(f"expects a rank-1 tile, got {type_text(src)}")
        if res != expanded(src, axis):
            raise VerifyException(f"result must be {type_text(expanded(src, axis))}")


@irdl_op_definition
class CastOp(IRDLOperation):
    """Element type change: `%h = tile.cast %p : !tile.tile<128x128xf32> -> !tile.tile<128x128xf16>`."""

    name = "tile.cast"
    input = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, value: SSAValue, element_type: Attribute):
        super().__init__(operands=[value], result_types=[TileType(_tile(value).get_shape(), element_type)])

    def verify_(self) -> None:
        if _tile(self.input).get_shape() != _tile(self.result).get_shape():
            raise VerifyException("cast keeps the shape")


@irdl_op_definition
class ZerosOp(IRDLOperation):
    """A tile of zeros: `%o = tile.zeros : !tile.tile<128x128xf32>`."""

    name = "tile.zeros"
    result = result_def(TileType)
    assembly_format = "attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, result_type: TileType):
        super().__init__(result_types=[result_type])


@irdl_op_definition
class FullOp(IRDLOperation):
    """A tile filled with one value: `%m = tile.full -inf : !tile.tile<128xf32>`."""

    name = "tile.full"
    value = prop_def(FloatAttr)
    result = result_def(TileType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, value: float, result_type: TileType):
        super().__init__(properties={"value": FloatAttr(value, f64)}, result_types=[result_type])


# ---------------------------------------------------------------------------
# The loop


@irdl_op_definition
class YieldOp(IRDLOperation):
    """Ends a `tile.for` body with the values carried to the next iteration."""

    name = "tile.yield"
    values = var_operand_def()
    assembly_format = "($values^ `:` type($values))? attr-dict"
    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ForOp)))

    def __init__(self, *values: SSAValue):
        super().__init__(operands=[values])


@irdl_op_definition
class ForOp(IRDLOperation):
    """The scheduled loop. The body's block arguments are the induction
    variable and the carried values; the results are their final values.

    ```mlir
    %o = tile.for %c0 to %n step %c1 iter_args(%o0 : !tile.tile<128x128xf32>) -> !tile.tile<128x128xf32> {
    ^bb0(%j: index, %o_1: !tile.tile<128x128xf32>):
      ...
      tile.yield %o_2 : !tile.tile<128x128xf32>
    }
    ```
    """

    name = "tile.for"
    lb = operand_def(IndexType)
    ub = operand_def(IndexType)
    step = operand_def(IndexType)
    iter_args = var_operand_def()
    res = var_result_def()
    body = region_def("single_block")
    assembly_format = (
        "$lb `to` $ub `step` $step (`iter_args` `(` $iter_args^ `:` type($iter_args) `)`)?"
        " (`->` type($res)^)? attr-dict-with-keyword $body"
    )

    def __init__(
        self,
        lb: SSAValue,
        ub: SSAValue,
        step: SSAValue,
        iter_args: Sequence[SSAValue],
        body: Region | Block,
    ):
        if isinstance(body, Block):
            body = Region(body)
        super().__init__(
            operands=[lb, ub, step, iter_args],
            result_types=[[a.type for a in iter_args]],
            regions=[body],
        )

    def verify_(self) -> None:
        block = self.body.block
        types = [a.type for a in self.iter_args]
        if [a.type for a in block.args] != [IndexType(), *types]:
            raise VerifyException("body arguments must be the induction variable and the carried values")
        if [r.type for r in self.res] != types:
            raise VerifyException("results must have the carried values' types")
        last = block.last_op
        if not isinstance(last, YieldOp) or [v.type for v in last.values] != types:
            raise VerifyException("the body must end with a tile.yield of the carried values' types")


ELEMENTWISE_UNARY: tuple[type[UnaryOp], ...] = (
    ExpOp,
    Exp2Op,
    LogOp,
    Log2Op,
    RsqrtOp,
    SqrtOp,
    TanhOp,
    SigmoidOp,
    ErfOp,
    Log1pOp,
    AbsOp,
    NegOp,
)
"""Elementwise ops on one tile."""

ELEMENTWISE_BINARY: tuple[type[BinaryOp], ...] = (AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp)
"""Elementwise ops on two operands, with broadcasting."""

INTEGER_BINARY: tuple[type[IntegerBinaryOp], ...] = (ShlOp, ShrOp, BitAndOp, BitOrOp, RemOp)
"""Bit operations and remainders of integer tiles."""

REDUCTIONS: tuple[type[ReductionOp], ...] = (RowMaxOp, RowSumOp)
"""Row reductions: `DT[R]` from `DT[R, C]`."""

COLUMN_REDUCTIONS: tuple[type[ColumnReductionOp], ...] = (ColMaxOp, ColSumOp)
"""Column reductions: `DT[C]` from `DT[R, C]`."""

MASK_OPS: tuple[type[IRDLOperation], ...] = (IotaOp, CmpOp, AndOp, OrOp, SelectOp)
"""The index-tile, comparison and selection ops (docs/language.md, "Part 2")."""


Tile = Dialect(
    "tile",
    [
        BlockIdOp,
        SizeOp,
        PersistentOp,
        LoadOp,
        StoreOp,
        StoreAddOp,
        MmaOp,
        ExpOp,
        Exp2Op,
        LogOp,
        Log2Op,
        RsqrtOp,
        SqrtOp,
        TanhOp,
        SigmoidOp,
        ErfOp,
        Log1pOp,
        AbsOp,
        NegOp,
        AddOp,
        SubOp,
        MulOp,
        DivOp,
        MaxOp,
        MinOp,
        ShlOp,
        ShrOp,
        BitAndOp,
        BitOrOp,
        RemOp,
        InterleaveOp,
        RowMaxOp,
        RowSumOp,
        ColMaxOp,
        ColSumOp,
        ExpandDimsOp,
        CastOp,
        ZerosOp,
        FullOp,
        IotaOp,
        CmpOp,
        AndOp,
        OrOp,
        SelectOp,
        LoadScalarOp,
        StoreScalarOp,
        AllSumOp,
        AllMaxOp,
        YieldOp,
        ForOp,
    ],
    [TileType, TensorType],
)
