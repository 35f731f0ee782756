"""The `tile` dialect's index tiles, comparisons and selection (docs/language.md,
"Part 2"): the ops that build and apply masks. Part of the
`tile` dialect (`twillc/dialects/tile.py` lists them)."""

from __future__ import annotations

from abc import ABC

from xdsl.dialects.builtin import IntegerAttr, StringAttr, i1, i32, i64
from xdsl.ir import SSAValue
from xdsl.irdl import (
    EqAttrConstraint,
    IRDLOperation,
    ParsePropInAttrDict,
    base,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from twillc.dialects.tile_types import (
    TileOrScalar,
    TileType,
    compare_type,
    logic_type,
    select_type,
    type_text,
)
from twillc.dialects.tile_types import tile_of as _tile


@irdl_op_definition
class IotaOp(IRDLOperation):
    """An `i32` tile holding each element's row index (`dim = 0`) or
    column index (`dim = 1`): `.tile`'s `iota_rows(R, C)` / `iota_cols(R, C)`;
    a rank-1 one (`dim = 0`) each element's index, `iota(N)` (a vector's
    mask, Triton's `tl.arange`).

    ```mlir
    %r = tile.iota {dim = 0 : i64} : !tile.tile<128x128xi32>
    ```
    """

    name = "tile.iota"
    dim = prop_def(IntegerAttr)
    result = result_def(TileType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict `:` type($result)"
    traits = traits_def(Pure())

    def __init__(self, dim: int, result_type: TileType):
        super().__init__(properties={"dim": IntegerAttr(dim, i64)}, result_types=[result_type])

    def verify_(self) -> None:
        res = _tile(self.result)
        if res.rank not in (1, 2) or res.element_type != i32:
            raise VerifyException(f"an index tile is a rank-1 or rank-2 i32 tile, got {type_text(res)}")
        if res.rank == 1 and self.dim.value.data != 0:
            raise VerifyException(f"a rank-1 index tile holds each element's index: dim 0, got {self.dim.value.data}")
        if self.dim.value.data not in (0, 1):
            raise VerifyException(f"dim must be 0 (rows) or 1 (columns), got {self.dim.value.data}")


PREDICATES = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne"}
"""`.tile`'s comparison operators and `tile.cmp`'s predicate names."""


@irdl_op_definition
class CmpOp(IRDLOperation):
    """An element-wise comparison (tiles broadcast as in `tile.add`), giving
    an `i1` tile: `predicate` is one of lt, le, gt, ge, eq, ne.

    ```mlir
    %c = tile.cmp "le", %cols, %rows : !tile.tile<128x128xi32>, !tile.tile<128x128xi32> -> !tile.tile<128x128xi1>
    ```
    """

    name = "tile.cmp"
    predicate = prop_def(StringAttr)
    lhs = operand_def(TileOrScalar)
    rhs = operand_def(TileOrScalar)
    result = result_def(TileType)
    assembly_format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, predicate: str, lhs: SSAValue, rhs: SSAValue, result_type: TileType):
        super().__init__(
            operands=[lhs, rhs], properties={"predicate": StringAttr(predicate)}, result_types=[result_type]
        )

    def verify_(self) -> None:
        if self.predicate.data not in PREDICATES.values():
            raise VerifyException(
                f"unknown predicate '{self.predicate.data}' (one of: {', '.join(PREDICATES.values())})"
            )
        expected = compare_type(self.lhs.type, self.rhs.type)
        if isinstance(expected, str):
            raise VerifyException(expected)
        if self.result.type != expected:
            raise VerifyException(f"result must be {type_text(expected)}")


class LogicOp(IRDLOperation, ABC):
    """`&` / `|` of two comparison results (`i1` tiles, broadcasting)."""

    lhs = operand_def(TileType)
    rhs = operand_def(TileType)
    result = result_def(TileType)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, lhs: SSAValue, rhs: SSAValue, result_type: TileType):
        super().__init__(operands=[lhs, rhs], result_types=[result_type])

    def verify_(self) -> None:
        expected = logic_type(self.lhs.type, self.rhs.type)
        if isinstance(expected, str):
            raise VerifyException(expected)
        if self.result.type != expected:
            raise VerifyException(f"result must be {type_text(expected)}")


@irdl_op_definition
class AndOp(LogicOp):
    """Element-wise and of comparison results: `.tile`'s `a & b`."""

    name = "tile.and"


@irdl_op_definition
class OrOp(LogicOp):
    """Element-wise or of comparison results: `.tile`'s `a | b`."""

    name = "tile.or"


@irdl_op_definition
class SelectOp(IRDLOperation):
    """`where(cond, a, b)`: `a` where the `i1` tile `cond` holds, else `b`
    (tiles broadcast as in `tile.add`; a scalar value fills every element).
    `cond` may be one `i1` (a uniform condition: an `arith.cmpi` of index
    values, such as the loop's variable against 0), which picks `a` or `b`
    whole.

    ```mlir
    %s = tile.select %c, %x, %ninf : !tile.tile<128x128xi1>, !tile.tile<128x128xf32>, f32 -> !tile.tile<128x128xf32>
    ```
    """

    name = "tile.select"
    cond = operand_def(base(TileType) | EqAttrConstraint(i1))
    on_true = operand_def(TileOrScalar)
    on_false = operand_def(TileOrScalar)
    result = result_def(TileType)
    assembly_format = (
        "$cond `,` $on_true `,` $on_false attr-dict `:` type($cond) `,` type($on_true) `,` type($on_false)"
        " `->` type($result)"
    )
    traits = traits_def(Pure())

    def __init__(self, cond: SSAValue, on_true: SSAValue, on_false: SSAValue, result_type: TileType):
        super().__init__(operands=[cond, on_true, on_false], result_types=[result_type])

    def verify_(self) -> None:
        expected = select_type(self.cond.type, self.on_true.type, self.on_false.type)
        if isinstance(expected, str):
            raise VerifyException(expected)
        if self.result.type != expected:
            raise VerifyException(f"result must be {type_text(expected)}")
