"""Which way a tile a Triton kernel loads through pointers lies in memory.

`b = tl.load(B + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn)`
reads a [K, N] tile; when `stride_bk` is 1 (a weight stored [N, K], as
Triton's JIT specializes a unit stride to a constant) its columns are the
contiguous ones: the tile is the transpose of an [N, K] tile of a tensor
stored [N, K]. `column_major` finds that from the pointer's offsets, so
that the importer (`twillc.frontend.ttgir`) loads the [N, K] tile, K-major
as TMA and an FP8 MMA read it, and hands the MMA its transpose
(`mma(a, b.T)`). Offsets it does not follow (a gather, a loaded index)
leave the tile as the kernel wrote it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from twillc.frontend.triton_module import TOp, TritonModule

_PASS = ("tt.broadcast", "ttg.convert_layout", "arith.extsi", "arith.trunci")


def _splat_one(tm: TritonModule, vid: int) -> bool:
    d = tm.defs.get(vid)
    while d is not None and d.name in ("tt.splat", *_PASS):
        vid = d.operands[0]
        d = tm.defs.get(vid)
    if d is None or d.name != "arith.constant":
        return False
    from twillc.frontend.ttgir import _constant_value

    return _constant_value(d, tm.text) == 1


def _varies(tm: TritonModule, vid: int, depth: int = 0) -> tuple[bool, bool] | None:
    """Of a rank-1 integer tensor: (whether it varies along its elements,
    whether that variation is scaled by a factor other than 1); None for
    what is not followed."""
    d = tm.defs.get(vid)
    if d is None or depth > 32:
        return None
    if d.name == "tt.make_range":
        return True, False
    if d.name == "tt.splat" or d.name == "arith.constant":
        return False, False
    if d.name in _PASS:
        return _varies(tm, d.operands[0], depth + 1)
    if d.name in ("arith.addi", "arith.subi", "arith.remsi", "arith.remui", "arith.muli"):
        parts = [_varies(tm, o, depth + 1) for o in d.operands[:2]]
        if any(p is None for p in parts):
            return None
        varies = any(p[0] for p in parts)  # type: ignore[index]
        scaled = any(p[1] for p in parts)  # type: ignore[index]
        if d.name == "arith.muli" and varies:
            factor = d.operands[1] if parts[0][0] else d.operands[0]  # type: ignore[index]
            scaled = scaled or not _splat_one(tm, factor)
        if d.name in ("arith.remsi", "arith.remui") and parts[1][0]:  # type: ignore[index]
            return None
        return varies, scaled
    return None


def _terms(tm: TritonModule, vid: int, depth: int = 0) -> list[tuple[int, bool]] | None:
    """The rank-2 offset tensor `vid` as terms (the tile axis it varies
    along, whether scaled), or None."""
    d = tm.defs.get(vid)
    if d is None or depth > 32:
        return None
    if d.name in _PASS:
        return _terms(tm, d.operands[0], depth + 1)
    if d.name == "tt.splat" or d.name == "arith.constant":
        return []
    if d.name == "arith.addi":
        a, b = (_terms(tm, o, depth + 1) for o in d.operands[:2])
        return None if a is None or b is None else a + b
    if d.name == "arith.muli":
        for i in (0, 1):
            if _splat_uniform(tm, d.operands[1 - i]):
                inner = _terms(tm, d.operands[i], depth + 1)
                scaled = not _splat_one(tm, d.operands[1 - i])
                return None if inner is None else [(axis, s or scaled) for axis, s in inner]
        return None
    if d.name == "tt.expand_dims":
        v = _varies(tm, d.operands[0])
        axis = d.int_attr("axis")
        if v is None or axis not in (0, 1):
            return None
        return [(1 - axis, v[1])] if v[0] else []
    return None


def _splat_uniform(tm: TritonModule, vid: int) -> bool:
    d = tm.defs.get(vid)
    while d is not None and d.name in _PASS:
        d = tm.defs.get(d.operands[0])
    return d is not None and d.name in ("tt.splat", "arith.constant")


def _pointer_terms(tm: TritonModule, vid: int, loop: TOp | None, depth: int = 0) -> list[tuple[int, bool]] | None:
    d = tm.defs.get(vid)
    if d is None:
        if loop is not None and loop.blocks and vid in loop.blocks[0].args[1:]:  # a carried pointer: its start
            i = loop.blocks[0].args.index(vid)
            return _pointer_terms(tm, loop.operands[3 + i - 1], loop, depth + 1)
        return []  # the kernel argument
    if depth > 32:
        return None
    if d.name in ("tt.splat", *_PASS):
        return _pointer_terms(tm, d.operands[0], loop, depth + 1)
    if d.name == "tt.addptr":
        base = _pointer_terms(tm, d.operands[0], loop, depth + 1)
        off = _terms(tm, d.operands[1])
        return None if base is None or off is None else base + off
    return None


def column_major(tm: TritonModule, ptr: int, loop: TOp | None) -> bool:
    """Whether the rank-2 tile a `tt.load` of pointer tensor `ptr` reads has
    its rows contiguous in memory: every offset term along axis 0 unscaled,
    every one along axis 1 scaled (by a stride that is not 1), one of each."""
    terms = _pointer_terms(tm, ptr, loop)
    if not terms:
        return False
    rows = [s for axis, s in terms if axis == 0]
    cols = [s for axis, s in terms if axis == 1]
    return bool(rows) and bool(cols) and not any(rows) and all(cols)
