"""Helpers of the general CUDA emitter shared by its parts: C element
types, tile sizes, elements per thread, literals, array copies."""

from __future__ import annotations

import re
import struct
from math import prod

from xdsl.dialects import arith
from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda.dtypes import elt
from twillc.transforms.common import located_error
from twillc.transforms.memory_plan import TMEM_COLUMNS, elements_per_thread, tmem_tile  # noqa: F401 (the emitter's names)


def c_elt(t: tile.TileType) -> str:
    return elt(t).cxx


def nbytes(t: tile.TileType) -> int:
    return prod(t.get_shape()) * elt(t).size


def clip_mask(tensor_type, shape: tuple[int, ...] | list[int]) -> int:
    """The axes a tile of `shape` stored (or loaded) at a tile coordinate of a
    tensor may run past, as the store helpers' CLIP bits: 1 the rows, 2 the
    columns; an axis whose extent is a compile-time multiple of the tile's is
    not checked (no tile at a coordinate inside the tensor crosses it)."""
    dims = tensor_type.get_dims()[: len(shape)]
    return sum(
        1 << k for k, (d, n) in enumerate(zip(dims, shape, strict=True)) if not (isinstance(d, int) and d % n == 0)
    )


def clip_extents(tensor_type, shape: tuple[int, ...] | list[int]) -> list[str] | None:
    """The C extents (a constant or a size parameter) of each dimension of a
    tensor that a tile of `shape` stored (or loaded) at a tile coordinate of
    it may run past, for the helpers' CLIP checks: every dimension of the
    tile's rank, or None where every extent is a compile-time multiple of the
    tile's (no element of a tile at a coordinate inside the tensor is past
    its end: the store is left unchecked, as it was)."""
    if not clip_mask(tensor_type, shape):
        return None
    return [str(d) for d in tensor_type.get_dims()[: len(shape)]]


UNARY = {
    "tile.exp": "__expf({})",
    "tile.exp2": "exp2f({})",
    "tile.log": "__logf({})",
    "tile.log2": "__log2f({})",
    "tile.rsqrt": "rsqrtf({})",
    "tile.sqrt": "tw_sqrt({})",
    "tile.tanh": "tw_tanh({})",
    "tile.sigmoid": "tw_sigmoid({})",
    "tile.erf": "erff({})",
    "tile.log1p": "log1pf({})",
    "tile.abs": "fabsf({})",
    "tile.neg": "-({})",
}
MATH_HELPERS = frozenset({"tile.sqrt", "tile.tanh", "tile.sigmoid"})
"""The UNARY forms calling twillc_math.cuh (the `math` device helper)."""


BINARY = {
    "tile.add": "{} + {}",
    "tile.sub": "{} - {}",
    "tile.mul": "{} * {}",
    "tile.div": "{} / {}",
    "tile.max": "fmaxf({}, {})",
    "tile.min": "fminf({}, {})",
    # integer tiles (i8, i32) only: the C operators on ints, the result
    # converted back to the element type (`INTEGER_BINARY`)
    "tile.shl": "{} << {}",
    "tile.shr": "{} >> {}",
    "tile.bitand": "{} & {}",
    "tile.bitor": "{} | {}",
    "tile.rem": "{} % {}",
}

INTEGER_BINARY = frozenset({"tile.shl", "tile.shr", "tile.bitand", "tile.bitor", "tile.rem"})
"""The element-wise ops on integer tiles: their operands are read as `int`,
their result converted to the tile's element type (`int8_t` wraps)."""


CPP_KEYWORDS = frozenset(
    "alignas alignof asm auto bool break case catch char class const constexpr continue default delete do double "
    "else enum explicit extern false float for friend goto if inline int long mutable namespace new operator "
    "private protected public register return short signed sizeof static struct switch template this throw true "
    "try typedef typename union unsigned using virtual void volatile while".split()
)
"""Value names that need a suffix in the generated C++ (`do` = dO's tile)."""


def narrow_rows(t) -> bool:
    """A 2-D tile whose rows are narrower than one 128-byte TMA box row (a
    multiple of 16 bytes): TMA loads it as one unswizzled box of dense rows,
    which threads read element by element (no MMA reads it)."""
    if not isinstance(t, tile.TileType) or t.rank != 2:
        return False
    row = t.get_shape()[1] * elt(t).size
    return row < 128 and row % 16 == 0


def copied_rows(t) -> bool:
    """A 2-D tile whose rows TMA cannot move (narrower than 128 bytes and not
    a multiple of 16: a per-row scale [BM, 1]): the producer copies it
    element by element into dense rows of its slot (twillc_copy_rows), and
    threads read it element by element (no MMA reads it)."""
    if not isinstance(t, tile.TileType) or t.rank != 2:
        return False
    row = t.get_shape()[1] * elt(t).size
    return row < 128 and row % 16 != 0


def column_tile(v) -> bool:
    """A one-column [R, 1] tile copied to shared memory (`copied_rows`): its
    dense rows are a row vector's, read as one (broadcast along each row)."""
    t = v.type
    return copied_rows(t) and t.get_shape()[1] == 1


def copy_array(dst: str, src: str, n: int, indent: str) -> list[str]:
    """`dst = src` element by element; nothing where they are one array."""
    return [] if dst == src else [f"{indent}for (int i = 0; i < {n}; ++i) {dst}[i] = {src}[i];"]


def with_iteration(at: str, body: list[str]) -> list[str]:
    """A pipeline copy's body, preceded by its iteration `kt` where it uses one."""
    if not any(re.search(r"\bkt\b", line) for line in body):
        return body
    indent = body[0][: len(body[0]) - len(body[0].lstrip())] if body else ""
    return [f"{indent}const int kt = {at};", *body]


def scalar_literal(v: SSAValue) -> str:
    """A scalar operand (a number in the source: an `arith.constant`) as a
    C++ float literal."""
    owner = v.owner
    value = float(owner.value.value.data) if isinstance(owner, arith.ConstantOp) else None  # type: ignore[attr-defined]
    if value is None:
        raise located_error(
            owner.parent_op() if isinstance(v, BlockArgument) else owner,
            "CUDA emission: a scalar operand must be a number",
        )  # type: ignore[arg-type]
    if value != value:
        return "__int_as_float(0x7fc00000)"
    if value in (float("inf"), float("-inf")):
        return "INFINITY" if value > 0 else "(-INFINITY)"
    f32 = struct.unpack("f", struct.pack("f", value))[0]
    text = next(t for p in range(1, 18) if struct.unpack("f", struct.pack("f", float(t := f"{value:.{p}g}")))[0] == f32)
    return f"{text}f" if any(c in text for c in ".e") else f"{text}.0f"


def unsupported(op: Operation, text: str) -> str:
    """What a refused op is, in the source's terms: its name and its tile types."""
    types = [
        f"{v.type.element_type}[{', '.join(map(str, v.type.get_shape()))}]"  # type: ignore[attr-defined]
        for v in [*op.operands, *op.results]
        if isinstance(v.type, tile.TileType)
    ]
    return f"'{op.name.split('.')[-1]}' on {', '.join(types)}" if types else text


def round1k(n: int) -> int:
    return (n + 1023) // 1024 * 1024


def loc_text(op: Operation, source: str) -> str:
    from twillc.transforms.common import op_location

    loc = op_location(op)
    return f"{loc.filename}:{loc.line}:{loc.column}"
