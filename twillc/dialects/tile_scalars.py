"""The `tile` dialect's scalars read from memory and tiles reduced to one
number (docs/language.md, "Scalars from memory"): a per-row statistic a
row-at-a-time loop loads (an RMSNorm's `rstd[row]`, a split-KV partial's
maximum), a vector summed or maximised to one value (`tl.sum(x)`), and one
number stored. Part of the `tile` dialect (`twillc/dialects/tile.py` lists
them). Arithmetic on the scalars is upstream `arith` (and `math` for `exp`,
`log`, `sqrt`, ...), as for a scalar kernel argument.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Sequence

from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from twillc.dialects.tile_types import TensorType, TileType, element_name, type_text
from twillc.dialects.tile_types import tile_of as _tile

Scalar = base(IntegerType) | AnyFloat


@irdl_op_definition
class LoadScalarOp(IRDLOperation):
    """Read one element of a global tensor, at element coordinates
    `indices` (a tile of one element: its tile coordinates are its element
    coordinates), into every thread of the warps that read it: a global
    load, not a TMA copy. An integer element is an index the kernel reads
    from memory (a sequence length, a page-table entry), cast with
    `arith.index_cast`.

    ```mlir
    %r = tile.load_scalar %RSTD[%row] : !tile.tensor<[M], f32> -> f32
    ```
    """

    name = "tile.load_scalar"
    tensor = operand_def(TensorType)
    indices = var_operand_def(IndexType)
    result = result_def(Scalar)
    assembly_format = "$tensor `[` $indices `]` attr-dict `:` type($tensor) `->` type($result)"

    def __init__(self, tensor: SSAValue, indices: Sequence[SSAValue]):
        tt = tensor.type
        assert isinstance(tt, TensorType)
        super().__init__(operands=[tensor, indices], result_types=[tt.element_type])

    def verify_(self) -> None:
        tensor = self.tensor.type
        assert isinstance(tensor, TensorType)
        if len(self.indices) != len(tensor.dims.data):
            raise VerifyException(f"expected {len(tensor.dims.data)} indices, got {len(self.indices)}")
        if self.result.type != tensor.element_type:
            raise VerifyException(f"the result must be the tensor's element type, {element_name(tensor.element_type)}")


@irdl_op_definition
class StoreScalarOp(IRDLOperation):
    """Write one number at element coordinates `indices` of a global tensor
    (one thread of the CTA writes it): a per-row loss, an LSE.

    ```mlir
    tile.store_scalar %loss, %L[%bid] : f32, !tile.tensor<[M], f32>
    ```
    """

    name = "tile.store_scalar"
    value = operand_def(Scalar)
    tensor = operand_def(TensorType)
    indices = var_operand_def(IndexType)
    assembly_format = "$value `,` $tensor `[` $indices `]` attr-dict `:` type($value) `,` type($tensor)"

    def __init__(self, value: SSAValue, tensor: SSAValue, indices: Sequence[SSAValue]):
        super().__init__(operands=[value, tensor, indices])

    def verify_(self) -> None:
        tensor = self.tensor.type
        assert isinstance(tensor, TensorType)
        if len(self.indices) != len(tensor.dims.data):
            raise VerifyException(f"expected {len(tensor.dims.data)} indices, got {len(self.indices)}")
        if self.value.type != tensor.element_type:
            raise VerifyException("the stored number must have the element type of the tensor")


class AllReductionOp(IRDLOperation, ABC):
    """A tile reduced to one number over all its elements (`.tile`'s
    `sum(x)` / `max(x)`, Triton's `tl.sum(x)` / `tl.max(x)` of a vector)."""

    input = operand_def(TileType)
    result = result_def(AnyFloat)
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value], result_types=[_tile(value).element_type])

    def verify_(self) -> None:
        src = _tile(self.input)
        if src.rank not in (1, 2):
            raise VerifyException(f"expects a rank-1 or rank-2 tile, got {type_text(src)}")
        if self.result.type != src.element_type:
            raise VerifyException(f"the result must be the tile's element type, {element_name(src.element_type)}")


@irdl_op_definition
class AllSumOp(AllReductionOp):
    """The sum of all elements: `%s = tile.allsum %x : !tile.tile<4096xf32> -> f32`."""

    name = "tile.allsum"


@irdl_op_definition
class AllMaxOp(AllReductionOp):
    """The maximum of all elements: `%m = tile.allmax %x : !tile.tile<64xf32> -> f32`."""

    name = "tile.allmax"


SCALAR_OPS: tuple[type[IRDLOperation], ...] = (LoadScalarOp, StoreScalarOp, AllSumOp, AllMaxOp)
"""The ops of this file."""


def is_scalar_arith(op: Operation) -> bool:
    """An op of index or number arithmetic (`arith`, and `math` on numbers), not a tile op."""
    return op.dialect_name() in ("arith", "math")
