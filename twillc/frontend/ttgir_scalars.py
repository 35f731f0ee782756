"""Triton's scalars as the tile IR's (`twillc/dialects/tile_scalars.py`):
what `TtgirImporter` (`twillc/frontend/ttgir.py`) calls for

  tt.load of one element (a pointer, no block)   tile.load_scalar (a float: a value; an integer read
                                                 where an index is: a load and arith.index_cast)
  tt.store of one number                         tile.store_scalar
  tt.reduce of a vector to one number            tile.allsum / tile.allmax (`tl.sum(x)`, `tl.max(x)`;
  (a `tt.reshape` to a vector before it:         a tile of any rank: Triton's `tl.sum` of a tile
  `tl.sum(x)` of a tile)                         reshapes it to a vector first)
  math.exp/log/sqrt/... of a scalar               math.exp/log/sqrt/... (arith for + - * / max min)
  a tensor of one element (`tl.full([1], x)`)    the scalar it holds: it broadcasts as one

A scalar load's element coordinates are summarised as a tile load's are
(the loop iteration, the program id, neither: `TtgirImporter.pointer_indices`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import IndexType
from xdsl.ir import Operation, SSAValue

from twillc.diagnostics import UserError
from twillc.dialects import tile
from twillc.dialects.tile import TensorType, TileType

if TYPE_CHECKING:
    from twillc.frontend.triton_module import TOp
    from twillc.frontend.ttgir import TtgirImporter

SCALAR_MATH: dict[str, type[Operation]] = {
    "math.exp": math.ExpOp,
    "math.exp2": math.Exp2Op,
    "math.log": math.LogOp,
    "math.log2": math.Log2Op,
    "math.rsqrt": math.RsqrtOp,
    "math.sqrt": math.SqrtOp,
    "math.tanh": math.TanhOp,
    "math.erf": math.ErfOp,
    "math.log1p": math.Log1pOp,
    "math.absf": math.AbsFOp,
    "arith.negf": arith.NegfOp,
}
"""Element-wise math of a scalar: the upstream op of the same name."""

ALL_REDUCERS = {"arith.maxnumf": tile.AllMaxOp, "arith.maximumf": tile.AllMaxOp, "arith.addf": tile.AllSumOp}

_ONE = re.compile(r"^tensor<(?:1x)*1x[a-z][A-Za-z0-9]*[,>]")


def one_element(ty: str) -> bool:
    """A tensor of one element (`tensor<1xf32>`, `tensor<1x1xf32>`): a scalar to the tile IR."""
    return _ONE.match(ty) is not None


def is_scalar_data(ty: str) -> bool:
    """A float scalar or a float tensor of one element."""
    if ty in ("f32", "f16", "bf16"):
        return True
    m = re.match(r"^tensor<(?:1x)*1x(f32|f16|bf16)[,>]", ty)
    return m is not None


def load_scalar(imp: TtgirImporter, op: TOp) -> None:
    """`tt.load` of one element (a pointer, or a tensor of one pointer): `tile.load_scalar`."""
    src = imp.operand(op, 0)
    if src.tensor is None:
        raise imp.error(op, f"'{op.name}' of a pointer that is not derived from a kernel argument")
    tensor = _tensor(imp, src.tensor, op)
    rank = len(tensor.type.dims.data)  # type: ignore[attr-defined]
    new = imp.emit(tile.LoadScalarOp(tensor, element_indices(imp, op.operands[0], rank, op)), op)
    imp.set(op, imp_val(new.results[0]))


def element_indices(imp: TtgirImporter, ptr: int, rank: int, op: TOp) -> list[SSAValue]:
    """The element a one-element pointer names: in a vector (rank 1), the sum
    of its `tt.addptr` offsets from the kernel argument, where each is an
    index expression (`starts + e + 1` is element `bid + 1`, not `bid`; the
    argument itself, `tl.load(flag_ptr)`, element 0);
    otherwise the summarised tile index every pointer load gets."""
    offsets: list[int] = []
    vid = ptr
    while (d := imp.tm.defs.get(vid)) is not None and d.name == "tt.addptr":
        offsets.append(d.operands[1])
        vid = d.operands[0]
    if rank == 1 and not offsets and vid in imp.tm.arg_names:  # the argument's pointer itself: element 0
        return [imp.const_index(0, op)]
    if rank == 1 and offsets and vid in imp.tm.arg_names:
        try:
            index = imp.scalar_index(offsets[-1], op)
            for off in reversed(offsets[:-1]):
                index = imp.emit(arith.AddiOp(index, imp.scalar_index(off, op)), op).results[0]
            return [index]
        except UserError:
            pass  # an offset with no index form (read from memory, a tensor): summarised as any pointer
    return imp.pointer_indices(ptr, rank, op)


def store_scalar(imp: TtgirImporter, op: TOp, value: SSAValue) -> None:
    """`tt.store` of one number: `tile.store_scalar`, converted to the tensor's element type."""
    dst = imp.operand(op, 0)
    assert dst.tensor is not None
    tensor = _tensor(imp, dst.tensor, op)
    element = tensor.type.element_type  # type: ignore[attr-defined]
    if value.type != element:
        if not isinstance(value.type, type(element)) and not _both_float(value.type, element):
            raise imp.error(op, f"'{op.name}' of a {value.type} number into a tensor of {element}")
        value = imp.emit(_convert(value, element), op).results[0]
    rank = len(tensor.type.dims.data)  # type: ignore[attr-defined]
    imp.emit(tile.StoreScalarOp(value, tensor, element_indices(imp, op.operands[0], rank, op)), op)


def load_index(imp: TtgirImporter, d: TOp, user: TOp) -> SSAValue:
    """An integer `tt.load` of one element read as an index (a sequence
    length, a page-table entry): `tile.load_scalar` and `arith.index_cast`."""
    src = imp.value(d.operands[0], d)
    if src.tensor is None:
        raise imp.error(d, f"'{d.name}' of a pointer that is not derived from a kernel argument")
    name, element = src.tensor
    if element not in ("i32", "i64", "i16", "i8"):
        raise imp.error(d, f"'{d.name}' of a {element} element read as an index (an index is an integer)")
    if element != "i32" and element != "i8":
        element = "i32"  # an index held as i32 (the tile IR's integer types: i32, i8)
    tensor = _tensor(imp, (name, element), d)
    rank = len(tensor.type.dims.data)  # type: ignore[attr-defined]
    loaded = imp.emit(tile.LoadScalarOp(tensor, element_indices(imp, d.operands[0], rank, d)), d).results[0]
    return imp.emit(arith.IndexCastOp(loaded, IndexType()), d).results[0]


def all_reduce(imp: TtgirImporter, op: TOp, kind: str) -> SSAValue:
    """`tt.reduce` of a tile to one number (`tl.sum(x)`, `tl.max(x)`)."""
    vid = op.operands[0]
    d = imp.tm.defs.get(vid)
    if d is not None and d.name == "tt.reshape":  # `tl.sum` of a tile: reshaped to a vector first
        vid = d.operands[0]
        imp.fold(d, imp.value(vid, d).value) if imp.value(vid, d).value is not None else None
    x = imp.value(vid, op).value
    if x is None or not isinstance(x.type, TileType):
        raise imp.error(op, "unsupported op 'tt.reduce' (of a value that is not a tile)")
    return imp.emit(ALL_REDUCERS[kind](x), op).results[0]


def reshape(imp: TtgirImporter, op: TOp) -> None:
    """`tt.reshape`: the same shape, or a one-element tensor, is the value
    it reshapes; a tile reshaped to a vector that only `tt.reduce` reads is
    reduced as it is (`all_reduce`). Anything else reorders elements, which
    the tile IR cannot say."""
    v = imp.operand(op, 0)
    src_ty, res_ty = imp.type_of(op.operands[0]), op.result_types[0]
    same = _dims(src_ty) == _dims(res_ty)
    users = [u for u in imp.tm.ops if op.results[0] in u.operands]
    if same or (one_element(res_ty) and v.value is not None and not isinstance(v.value.type, TileType)):
        imp.set(op, v)
        return
    if users and all(u.name == "tt.reduce" and not re.match(r"tensor<", u.result_types[0]) for u in users):
        imp.set(op, v)  # the reduction reads the tile itself (`all_reduce`)
        return
    raise imp.error(
        op,
        f"unsupported op 'tt.reshape' from {_text(src_ty)} to {_text(res_ty)} (a tile keeps its shape; a reshape is "
        "imported where it changes nothing, or where only a reduction to one number reads it)",
    )


def scalar_math(imp: TtgirImporter, op: TOp, x: SSAValue) -> SSAValue:
    """`math.exp` (...) of a scalar: the upstream op on the scalar."""
    return imp.emit(SCALAR_MATH[op.name](x), op).results[0]  # type: ignore[call-arg]


def one_element_constant(imp: TtgirImporter, op: TOp, value: float, element: str) -> SSAValue:
    from xdsl.dialects.builtin import FloatAttr

    from twillc.frontend.ttgir import ELEMENTS

    return imp.emit(arith.ConstantOp(FloatAttr(value, ELEMENTS[element])), op).results[0]  # type: ignore[arg-type]


def convert_number(imp: TtgirImporter, op: TOp, x: SSAValue, element) -> SSAValue:
    """A cast of a number: `arith.extf` / `arith.truncf` between float types, else the number as it is."""
    if x.type == element or not _both_float(x.type, element):
        return x
    return imp.emit(_convert(x, element), op).results[0]


def _tensor(imp: TtgirImporter, src: tuple[str, str], op: TOp) -> SSAValue:
    """The tensor argument, at the rank it has where a tile load made it, else rank 1."""
    name = src[0]
    made = imp.tensors.get(name)
    rank = len(made.type.dims.data) if made is not None and isinstance(made.type, TensorType) else 1
    return imp.tensor_arg(src, rank, op)


def imp_val(value: SSAValue):
    from twillc.frontend.ttgir import Val

    return Val(value)


def _both_float(a, b) -> bool:
    from xdsl.dialects.builtin import AnyFloat

    return isinstance(a, AnyFloat) and isinstance(b, AnyFloat)  # type: ignore[arg-type]


def _convert(value: SSAValue, element) -> Operation:
    width = getattr(value.type, "bitwidth", 32)
    target = getattr(element, "bitwidth", 32)
    return arith.TruncFOp(value, element) if target < width else arith.ExtFOp(value, element)


def _dims(ty: str) -> list[int] | None:
    m = re.match(r"^tensor<((?:\d+x)*)", ty)
    return [int(d) for d in m.group(1).split("x") if d] if m else None


def _text(ty: str) -> str:
    m = re.match(r"^tensor<((?:\d+x)*[A-Za-z0-9]+)", ty)
    return m.group(1) if m else ty
