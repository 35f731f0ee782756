"""A Triton persistent kernel's tile loop, imported as twillc's persistent
tile loop (`tile.persistent`, what `.tile`'s `for tm, tn in tiles(TM, TN)
persistent group G` gives; docs/interop.md, "Persistent kernels").

The loop recognised (`tile_loop`): a kernel-level `scf.for` from
`tl.program_id(0)` stepping by the grid (a constant, `NUM_SMS`, or
`tl.num_programs(0)`) up to `num_pid_m * num_pid_n`, holding the kernel's one
main loop directly, e.g.

    for tile_id in tl.range(tl.program_id(0), num_pid_m * num_pid_n, NUM_SMS):
        pid_m, pid_n = <tile_id row-major, or grouped by GROUP_M rows of tiles>
        acc = tl.zeros(...)
        for ki in range(k_tiles): ... tl.dot ...
        c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))

Its iteration is one tile: `tile.block_id` stands for the tile id, and the
coordinates are Triton's own arithmetic on it, imported as it is (`arith`
on `index`), so every tile id reads and writes the tiles Triton's kernel
does. The tile counts and the group are read from that arithmetic by
evaluating it: the first (epilogue) store's coordinates, for every tile id
of several grids (full and partial last groups), must be Triton's grouped
order (`grouped_coords`) for some GROUP_M among the arithmetic's constants
(1: row-major), with the loop's bound's two factors as rows and columns of
tiles. A carried tile counter (`tile_id_c = start - NUM_SMS`, then `tile_id_c
+= NUM_SMS` before the epilogue) is the tile id too.

Loads and stores are at exact tile coordinates: a descriptor's offsets, a
pointer's row and column starts (`pointer_starts`), the pointer tensors'
sizes named by the integer arguments their masks bound them with
(`pointer_bounds`).

Refused, located (never imported with another meaning): a tile loop
stepping by something else, coordinates reading other values or in another
order, another value carried from tile to tile, a store before the main
loop or outside the tile loop, a pointer without exact tile coordinates
(carried by the K loop, a gather), `tl.program_id(0)` read inside. A loop from
`tl.program_id(0)` whose bound is not a product (one count of row blocks),
or around several loops, is, as before, the CTA's work item (one CTA per
tile id), and a loop from anything else (a loop over a batch) too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from twillc.frontend.triton_module import TOp, TritonModule
from twillc.frontend.ttgir_loops import STORES, ErrorAt, store_value_at, stores_between

POINTER_REFUSAL = (
    "'{name}' in a persistent tile loop of a pointer that is not a kernel argument plus `(s + tl.arange(0, B))[:, "
    "None] * stride` and `(s + tl.arange(0, B))[None, :]` (a tile at row s, column s; a pointer carried by the loop, "
    "a gather or one element): twillc reads a persistent kernel's tiles at exact tile coordinates"
)

CASTS = ("arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast")


@dataclass(frozen=True)
class TileLoop:
    """A recognised persistent tile loop."""

    loop: TOp
    """The `scf.for` over tile ids."""
    tiles_m: int
    tiles_n: int
    """The value ids of the rows and columns of tiles (the bound's factors)."""
    group: int
    tile_ids: tuple[int, ...]
    """The values that are the tile id: the loop's induction variable and any carried tile counter's."""


def grouped_coords(t: int, tiles_m: int, tiles_n: int, group: int) -> tuple[int, int]:
    """Triton's grouped order (its tutorials' `GROUP_SIZE_M` swizzle): tile
    `t` is in group `t // (group * tiles_n)` of `group` rows of tiles (the
    last group fewer), down its rows, then across. `group` 1 is row-major."""
    per_group = group * tiles_n
    first = t // per_group * group
    rows = min(tiles_m - first, group)
    return first + t % rows, t % per_group // rows


def _through_casts(tm: TritonModule, vid: int) -> tuple[int, TOp | None]:
    d = tm.defs.get(vid)
    while d is not None and d.name in CASTS:
        vid = d.operands[0]
        d = tm.defs.get(vid)
    return vid, d


def tile_loop(tm: TritonModule, loops: list[TOp], error: ErrorAt) -> TileLoop | None:
    """The persistent tile loop around the kernel's one main loop, or None
    (no such loop: the outer loops are the CTA's work items, as before)."""
    if len(loops) != 1 or loops[0].name != "scf.for":
        return None
    inner = loops[0]
    outer = inner.parent
    if outer is None or outer.name != "scf.for" or outer.parent is None or outer.parent.name != "tt.func":
        return None
    _, lb = _through_casts(tm, outer.operands[0])
    if lb is None or lb.name != "tt.get_program_id" or (lb.int_attr("axis") or 0) != 0:
        return None
    _, ub = _through_casts(tm, outer.operands[1])
    if ub is None or ub.name != "arith.muli":
        return None  # one count of tiles (row blocks): the CTA's work item, one CTA per tile id
    step_id, step = _through_casts(tm, outer.operands[2])
    if step is None or not (
        step.name == "arith.constant" or step.name == "tt.get_num_programs" and (step.int_attr("axis") or 0) == 0
    ):
        raise error(
            step or outer,
            "a loop over tile ids from tl.program_id(0) steps by the grid (a constant such as NUM_SMS, or "
            "tl.num_programs(0)): twillc's persistent tile loop gives each CTA the tile ids blockIdx.x, "
            "+ gridDim.x, ...",
        )
    body = outer.blocks[0]
    tile_ids = [body.args[0], *_tile_counters(tm, outer, step_id, error)]
    func_block = next((b for b in outer.parent.blocks if any(o is outer for o in b.ops)), None)
    for op in func_block.ops if func_block is not None else []:
        if op is not outer and (op.name in STORES or op.blocks and any(o.name in STORES for o in op.walk())):
            raise error(
                op,
                "a store outside the persistent tile loop: twillc's persistent kernel is its tile loop (each store "
                "runs once per tile, in the loop)",
            )
    for op in body.ops:
        if op is inner:
            break
        if op.name in STORES or op.blocks and any(o.name in STORES for o in op.walk()):
            raise error(
                op, "a store before the main loop of a persistent tile loop (twillc's tile loop stores after it)"
            )
    stores = stores_between(inner, None, error)
    if not stores:
        raise error(
            outer,
            "a persistent tile loop without a store after its main loop (twillc reads the tile order from the "
            "store's coordinates)",
        )
    m, n, group = _order(tm, outer, stores[0], ub, set(tile_ids), error)
    return TileLoop(outer, m, n, group, tuple(tile_ids))


def _tile_counters(tm: TritonModule, outer: TOp, step_id: int, error: ErrorAt) -> list[int]:
    """The carried values that are the tile id: a counter `c` started at `lb -
    step` and advanced `c + step` (its advanced value is the tile id), or
    started at `lb` (its value in the iteration is); anything else carried
    from tile to tile is refused."""
    body = outer.blocks[0]
    yield_op = body.ops[-1]
    lb_id = outer.operands[0]
    out: list[int] = []
    for k, arg in enumerate(body.args[1:]):
        init_id = outer.operands[3 + k]
        nxt = tm.defs.get(yield_op.operands[k]) if yield_op.name == "scf.yield" else None
        advances = nxt is not None and nxt.name == "arith.addi" and set(nxt.operands) == {arg, step_id}
        init = tm.defs.get(init_id)
        behind = init is not None and init.name == "arith.subi" and init.operands == [lb_id, step_id]
        if advances and behind and all(u is nxt for u in _users(outer, arg)):  # advanced before it is read
            out.append(nxt.results[0])  # type: ignore[union-attr]
        elif advances and init_id == lb_id and all(u is yield_op for u in _users(outer, nxt.results[0])):  # type: ignore[union-attr]
            out.append(arg)  # read, then advanced for the next tile
        else:
            raise error(
                outer,
                f"a value carried from one tile to the next (iter_args #{k} of the tile loop): each tile of "
                "twillc's persistent tile loop is computed from its tile id alone (a carried tile counter "
                "`c = start - NUM_SMS; c += NUM_SMS` is the tile id and is read as such)",
            )
    return out


_VIEWS = ("tt.broadcast", "ttg.convert_layout", *CASTS)


def pointer_starts(tm: TritonModule, ptr: int) -> list[int | None] | None:
    """A rank-2 pointer tensor's first element, per tile axis: the scalar
    `s` of the offsets `(s + tl.arange(0, B))[:, None] * stride` (axis 0) and
    `(s + tl.arange(0, B))[None, :]` (axis 1) added to a kernel argument
    (None where the axis's range starts at 0). The range may be clamped
    (`tl.where(r < M, r, 0)`) or wrapped (`r % M`) at the tensor's edge: the
    rows past it, which the kernel does not store, read other rows. None
    for anything else (a pointer carried by a loop, a gather)."""
    starts: list[int | None] = [None, None]
    seen = [False, False]
    todo = [ptr]
    while todo:
        vid = todo.pop()
        d = tm.defs.get(vid)
        if d is None:
            if vid not in tm.arg_names:
                return None  # a loop's block argument: a pointer carried from iteration to iteration
            continue
        if d.name in ("tt.splat", *_VIEWS):
            todo.append(d.operands[0])
        elif d.name == "tt.addptr":
            todo.append(d.operands[0])
            for axis, start in _offset_terms(tm, d.operands[1]) or [(-1, None)]:
                if axis < 0 or seen[axis]:
                    return None
                seen[axis], starts[axis] = True, start
        else:
            return None
    return starts


def _offset_terms(tm: TritonModule, vid: int) -> list[tuple[int, int | None]] | None:
    """A rank-2 offset tensor as its terms, (axis, start of its range)."""
    d = tm.defs.get(vid)
    while d is not None and d.name in _VIEWS:
        d = tm.defs.get(d.operands[0])
    if d is None:
        return None
    if d.name == "arith.addi":
        parts = [_offset_terms(tm, o) for o in d.operands[:2]]
        return None if parts[0] is None or parts[1] is None else parts[0] + parts[1]
    if d.name == "arith.muli":  # a range times a stride (a splat scalar)
        for i in (0, 1):
            f = tm.defs.get(d.operands[1 - i])
            if f is not None and f.name in ("tt.splat", "arith.constant"):
                return _offset_terms(tm, d.operands[i])
        return None
    if d.name == "tt.expand_dims" and d.int_attr("axis") in (0, 1):
        start = _range_start(tm, d.operands[0])
        return None if start is False else [(1 - (d.int_attr("axis") or 0), start)]  # type: ignore[list-item]
    return None


def _range_start(tm: TritonModule, vid: int) -> int | None | bool:
    """Of a rank-1 integer tensor `s + tl.arange(0, B)`: `s` (None: 0);
    False for anything else."""
    d = tm.defs.get(vid)
    while d is not None and d.name in _VIEWS:
        d = tm.defs.get(d.operands[0])
    if d is None:
        return False
    if d.name == "tt.make_range" and not d.int_attr("start"):
        return None
    if d.name in ("arith.remsi", "arith.remui"):  # (s + arange) % M: wrapped at the edge
        return _range_start(tm, d.operands[0])
    if d.name == "arith.select":  # tl.where(r < M, r, 0): clamped at the edge
        return _range_start(tm, d.operands[1])
    if d.name == "arith.addi":
        for i in (0, 1):
            s = tm.defs.get(d.operands[i])
            if s is not None and s.name == "tt.splat" and _range_start(tm, d.operands[1 - i]) is None:
                return s.operands[0]
    return False


def pointer_base(tm: TritonModule, ptr: int) -> int | None:
    """The kernel argument a pointer tensor's offsets are added to."""
    d = tm.defs.get(ptr)
    while d is not None and d.name in ("tt.splat", "tt.addptr", *_VIEWS):
        ptr = d.operands[0]
        d = tm.defs.get(ptr)
    return ptr if d is None and ptr in tm.arg_names else None


def pointer_bounds(tm: TritonModule, op: TOp) -> list[tuple[int, int]]:
    """(axis, integer kernel argument) pairs bounding a pointer load's or
    store's tile: its mask's `r[:, None] < M` / `r[None, :] < N` and its
    offsets' `tl.where(r < M, r, 0)` / `r % M`. The kernel touches nothing
    past them: the tensor's size along that axis."""
    out: list[tuple[int, int]] = []
    masks = op.operands[1:2] if op.name == "tt.load" else op.operands[2:3]
    todo = list(masks)
    while todo:  # the mask: `&` of comparisons of an expanded range with a bound
        d = tm.defs.get(todo.pop())
        if d is None:
            continue
        if d.name in ("arith.andi", *_VIEWS):
            todo += d.operands[:2] if d.name == "arith.andi" else d.operands[:1]
        elif d.name == "arith.cmpi" and (axis := _expanded_axis(tm, d.operands[0])) is not None:
            bound = _splat_argument(tm, d.operands[1])
            if bound is not None:
                out.append((axis, bound))
    todo = [op.operands[0]]
    while todo:  # the offsets: ranges clamped or wrapped at a bound
        d = tm.defs.get(todo.pop())
        if d is None:
            continue
        if d.name in ("tt.addptr", "arith.addi", "arith.muli", *_VIEWS):
            todo += d.operands[:2]
        elif d.name == "tt.expand_dims" and d.int_attr("axis") in (0, 1):
            bound = _range_bound(tm, d.operands[0])
            if bound is not None:
                out.append((1 - (d.int_attr("axis") or 0), bound))
    return out


def _expanded_axis(tm: TritonModule, vid: int) -> int | None:
    d = tm.defs.get(vid)
    while d is not None and d.name in _VIEWS:
        d = tm.defs.get(d.operands[0])
    if d is None or d.name != "tt.expand_dims" or d.int_attr("axis") not in (0, 1):
        return None
    return 1 - (d.int_attr("axis") or 0)


def _splat_argument(tm: TritonModule, vid: int) -> int | None:
    d = tm.defs.get(vid)
    while d is not None and d.name in ("tt.splat", *_VIEWS):
        vid = d.operands[0]
        d = tm.defs.get(vid)
    return vid if d is None and vid in tm.arg_names else None


def _range_bound(tm: TritonModule, vid: int) -> int | None:
    d = tm.defs.get(vid)
    while d is not None and d.name in _VIEWS:
        d = tm.defs.get(d.operands[0])
    if d is not None and d.name in ("arith.remsi", "arith.remui"):
        return _splat_argument(tm, d.operands[1])
    if d is not None and d.name == "arith.select":
        cond = tm.defs.get(d.operands[0])
        if cond is not None and cond.name == "arith.cmpi" and cond.operands[0] == d.operands[1]:
            return _splat_argument(tm, cond.operands[1])
    return None


def _users(loop: TOp, vid: int) -> list[TOp]:
    return [o for o in loop.walk() if vid in o.operands]


class _Opaque(Exception):
    def __init__(self, op: TOp | None, vid: int) -> None:
        super().__init__()
        self.op, self.vid = op, vid


def _evaluate(tm: TritonModule, vid: int, env: dict[int, int]) -> int:
    """An integer scalar of the tile arithmetic for the values in `env` (C's
    `/` and `%`: Triton's `arith.divsi` / `arith.remsi`)."""
    if vid in env:
        return env[vid]
    d = tm.defs.get(vid)
    if d is None:
        raise _Opaque(None, vid)
    name = d.name
    if name == "arith.constant" and d.int_attr("value") is not None:
        return int(d.int_attr("value"))  # type: ignore[arg-type]
    if name in CASTS:
        return _evaluate(tm, d.operands[0], env)
    if name in _BINARY:
        a, b = (_evaluate(tm, o, env) for o in d.operands[:2])
        if name in ("arith.divsi", "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi") and b == 0:
            raise ZeroDivisionError
        return _BINARY[name](a, b)
    raise _Opaque(d, vid)


def _cdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


_BINARY = {
    "arith.addi": lambda a, b: a + b,
    "arith.subi": lambda a, b: a - b,
    "arith.muli": lambda a, b: a * b,
    "arith.divsi": _cdiv,
    "arith.divui": lambda a, b: a // b,
    "arith.remsi": lambda a, b: a - _cdiv(a, b) * b,
    "arith.remui": lambda a, b: a % b,
    "arith.minsi": min,
    "arith.maxsi": max,
    "arith.ceildivsi": lambda a, b: -_cdiv(-a, b),
}


def _constants(tm: TritonModule, vids: list[int], stop: set[int]) -> list[int]:
    """The integer constants the arithmetic of `vids` reads (candidates for the group)."""
    out: set[int] = set()
    todo, seen = list(vids), set(stop)
    while todo:
        vid = todo.pop()
        if vid in seen:
            continue
        seen.add(vid)
        d = tm.defs.get(vid)
        if d is None:
            continue
        if d.name == "arith.constant" and d.int_attr("value") is not None:
            out.add(int(d.int_attr("value")))  # type: ignore[arg-type]
        todo += d.operands
    return sorted(g for g in out if g >= 1)


def _order(
    tm: TritonModule, outer: TOp, store: TOp, ub: TOp, tile_ids: set[int], error: ErrorAt
) -> tuple[int, int, int]:
    """(rows of tiles, columns of tiles, group): the assignment of the
    bound's two factors and the GROUP_M under which the store's coordinates
    are Triton's grouped order for every tile id of several grids."""

    def type_of(vid: int) -> str:
        d = tm.defs.get(vid)
        return d.result_types[d.results.index(vid)] if d is not None else tm.arg_types.get(vid, "")

    at = 1 if store.name == "tt.store" else store_value_at(store, type_of)
    shape = re.match(r"tensor<(\d+)x(\d+)x", type_of(store.operands[at]))
    if store.name == "tt.store":
        starts = pointer_starts(tm, store.operands[0])
        if starts is None:
            raise error(store, POINTER_REFUSAL.format(name=store.name))
        offsets: list[int | None] = starts
    else:
        offsets = [o for i, o in enumerate(store.operands[1:], 1) if i != at]
    if shape is None or len(offsets) != 2:
        raise error(store, "a persistent tile loop's store of a rank-2 tile (rows and columns of tiles)")
    boxes = [int(shape.group(1)), int(shape.group(2))]
    a, b = ub.operands[:2]
    a, b = _through_casts(tm, a)[0], _through_casts(tm, b)[0]
    groups = _constants(tm, [o for o in offsets if o is not None], {a, b, *tile_ids}) or [1]
    if 1 not in groups:
        groups = [1, *groups]
    for m, n in ((a, b), (b, a)):
        for g in groups:
            try:
                if _matches(tm, offsets, boxes, tile_ids, m, n, g):
                    return m, n, g
            except _Opaque as e:
                what = tm.arg_names.get(e.vid) or (e.op.name if e.op is not None else "a value")
                raise error(
                    e.op or store,
                    f"the tile coordinates read {what!r}: twillc reads a persistent tile loop's coordinates as "
                    "arithmetic of the tile id and the two tile counts of its bound (num_pid_m * num_pid_n)",
                ) from None
    raise error(
        store,
        "the tile order is not recognised: twillc imports a persistent tile loop whose coordinates are row-major "
        "(tile_id // num_pid_n, tile_id % num_pid_n) or grouped (GROUP_M rows of tiles, then across: Triton's "
        "tutorial swizzle), the loop's bound num_pid_m * num_pid_n",
    )


def _matches(
    tm: TritonModule, offsets: list[int | None], boxes: list[int], tile_ids: set[int], m: int, n: int, g: int
) -> bool:
    grids = [(1, 1), (1, 4), (3, 1), (3, 7), (g + 1, 3), (2 * g + 3, 5)]
    for tiles_m, tiles_n in grids:
        for t in range(tiles_m * tiles_n):
            env = {m: tiles_m, n: tiles_n, **dict.fromkeys(tile_ids, t)}
            try:
                got = [0 if o is None else _evaluate(tm, o, env) for o in offsets]
            except ZeroDivisionError:
                return False
            if any(o % box for o, box in zip(got, boxes, strict=True)):
                return False
            if (got[0] // boxes[0], got[1] // boxes[1]) != grouped_coords(t, tiles_m, tiles_n, g):
                return False
    return True
