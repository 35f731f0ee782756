"""The reference a kernel of the GPU suite is checked against: its `.tile`
program as written, run in torch float64 for every CTA at once.

`bench/gpu.py --build` serializes each kernel's parsed program (before any
scheduling) to JSON in the suite's manifest; on the device this module runs
it with nothing but torch (no xDSL, no twillc): every value carries a
leading dimension of blocks, index arithmetic is an int64 vector over the
blocks, a loop runs as many iterations as its longest block and masks the
others. The math is float64; values of a narrower type (f16, bf16, fp8,
the result of a `cast`, a stored tile) are rounded through it, as the
kernel holds them. Loads past a tensor's end read zeros and stores past it
are dropped, as TMA does. Besides the stored tensors it reports which CTA
wrote each element (two CTAs writing one element with plain stores is a
race: its value is not checked), the MMA flops each run does, the tile
extents each tensor needs, and which blocks store in range (the grid).

`python -m` free: `import gpu_ref` needs torch only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import torch

FLOAT_DTYPES = {
    "f16": torch.float16,
    "bf16": torch.bfloat16,
    "f32": torch.float32,
    "f64": torch.float64,
    "f8e4m3": torch.float8_e4m3fn,
    "f8e5m2": torch.float8_e5m2,
}
INT_DTYPES = {"i8": torch.int8, "i32": torch.int32, "i1": torch.bool, "index": torch.int64}
NARROW = {"f16", "bf16", "f8e4m3", "f8e5m2"}


def torch_dtype(name: str) -> torch.dtype:
    """The torch type of a `.tile` element type name."""
    if name in FLOAT_DTYPES:
        return FLOAT_DTYPES[name]
    if name in INT_DTYPES:
        return INT_DTYPES[name]
    raise ValueError(f"no torch type for element type '{name}'")


def rounded(x: torch.Tensor, dtype: str) -> torch.Tensor:
    """`x` (float64) as a value of element type `dtype` holds it, back in float64."""
    if dtype in NARROW:
        return x.to(FLOAT_DTYPES[dtype]).to(torch.float64)
    if dtype in ("i8", "i32"):
        return torch.trunc(x) if x.is_floating_point() else x
    return x


class RefError(Exception):
    """The program uses something this interpreter has no rule for."""


_INDEX_OPS: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "arith.addi": torch.add,
    "arith.subi": torch.sub,
    "arith.muli": torch.mul,
    "arith.divui": lambda a, b: torch.div(a, b, rounding_mode="floor"),
    "arith.floordivsi": lambda a, b: torch.div(a, b, rounding_mode="floor"),
    "arith.divsi": lambda a, b: torch.div(a, b, rounding_mode="trunc"),
    "arith.ceildivsi": lambda a, b: -torch.div(-a, b, rounding_mode="floor"),
    "arith.ceildivui": lambda a, b: -torch.div(-a, b, rounding_mode="floor"),
    "arith.remui": torch.remainder,
    "arith.remsi": torch.fmod,
    "arith.shli": torch.bitwise_left_shift,
    "arith.shrsi": torch.bitwise_right_shift,
    "arith.maxsi": torch.maximum,
    "arith.minsi": torch.minimum,
    "arith.maxui": torch.maximum,
    "arith.minui": torch.minimum,
    "arith.addf": torch.add,
    "arith.subf": torch.sub,
    "arith.mulf": torch.mul,
    "arith.divf": torch.div,
}
_UNARY: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "tile.exp": torch.exp,
    "tile.exp2": torch.exp2,
    "tile.log": torch.log,
    "tile.log2": torch.log2,
    "tile.rsqrt": torch.rsqrt,
    "tile.neg": torch.neg,
}
_BINARY: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "tile.add": torch.add,
    "tile.sub": torch.sub,
    "tile.mul": torch.mul,
    "tile.div": torch.div,
    "tile.max": torch.maximum,
    "tile.min": torch.minimum,
    "tile.and": torch.logical_and,
    "tile.or": torch.logical_or,
}
_INTEGER: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "tile.shl": torch.bitwise_left_shift,
    "tile.shr": torch.bitwise_right_shift,
    "tile.bitand": torch.bitwise_and,
}
"""Bit operations of integer tiles, on int64 values wrapped to the element
type's width after (`_wrapped`)."""
_CMP: dict[str, Callable[[torch.Tensor, torch.Tensor], torch.Tensor]] = {
    "lt": torch.lt,
    "le": torch.le,
    "gt": torch.gt,
    "ge": torch.ge,
    "eq": torch.eq,
    "ne": torch.ne,
}


@dataclass
class Output:
    """A stored tensor: its float64 contents, the CTA that last wrote each
    element (-1: none), and the elements two CTAs wrote (a race)."""

    values: torch.Tensor
    writer: torch.Tensor
    racy: torch.Tensor


@dataclass
class Run:
    """What one run of the program gives."""

    outputs: dict[str, Output] = field(default_factory=dict)
    flops: int = 0
    extents: dict[str, list[int]] = field(default_factory=dict)  # tensor -> elements needed per dim
    in_range: torch.Tensor | None = None  # per block: every tile it stores starts inside its tensor
    trips: torch.Tensor | None = None  # per block: the first loop's trip count


class Interpreter:
    """One run of `program` over CTAs `bids`, with `sizes` for its symbols.

    `tensors` maps each tensor argument to its contents (any dtype; read as
    float64) and each scalar argument to a number; `index_only` runs the
    index arithmetic alone (no tile math, no tensors needed): the grid, the
    trip counts, the extents and the flops."""

    def __init__(
        self,
        program: Mapping[str, Any],
        sizes: Mapping[str, int],
        bids: torch.Tensor,
        tensors: Mapping[str, Any] | None = None,
        index_only: bool = False,
        device: str | torch.device = "cpu",
    ) -> None:
        self.program = program
        self.sizes = dict(sizes)
        self.device = torch.device(device)
        self.bids = bids.to(self.device, torch.int64)
        self.nblocks = int(self.bids.numel())
        self.index_only = index_only
        self.run = Run()
        self.run.in_range = torch.ones(self.nblocks, dtype=torch.bool, device=self.device)
        self.env: dict[int, Any] = {}
        self.args = {a["name"]: a for a in program["args"]}
        self.shapes = {a["name"]: self.dims(a) for a in program["args"] if a["kind"] == "tensor"}
        self.sources: dict[str, torch.Tensor] = {}
        tensors = tensors or {}
        for i, a in enumerate(program["args"]):
            if a["kind"] == "tensor":
                self.env[i] = a["name"]
                if not index_only:
                    src = tensors[a["name"]]
                    self.sources[a["name"]] = src.to(self.device).to(torch.float64).reshape(-1)
            elif a["dtype"] in ("i8", "i32"):  # an integer scalar: an index; given, else the size of its name,
                # else the largest size (as gpu.make_tensors passes it)
                n = int(tensors.get(a["name"], self.sizes.get(a["name"], max(self.sizes.values(), default=0))))
                self.env[i] = torch.full((self.nblocks,), n, dtype=torch.int64, device=self.device)
            else:
                value = float(tensors.get(a["name"], 0.0)) if not index_only else 0.0
                self.env[i] = torch.full((self.nblocks,), value, dtype=torch.float64, device=self.device)

    def dims(self, arg: Mapping[str, Any]) -> list[int]:
        return [int(self.sizes[d]) if isinstance(d, str) else int(d) for d in arg["shape"]]

    # -- running ----------------------------------------------------------
    def execute(self) -> Run:
        active = torch.ones(self.nblocks, dtype=torch.bool, device=self.device)
        self.block(self.program["ops"], active)
        return self.run

    def block(self, ops: list[Mapping[str, Any]], active: torch.Tensor) -> None:
        for op in ops:
            name = op["op"]
            if name == "tile.for":
                self.loop(op, active)
                continue
            if name == "tile.persistent":  # the body is one output tile, `bid` its index: as written, a block per tile
                continue
            if self.index_only and op.get("tile") and name not in ("tile.load", "tile.store", "tile.store_add"):
                for r in op["res"]:
                    self.env[r] = None
                if name == "tile.mma":
                    self.count_mma(op, active)
                continue
            results = self.apply(op, active)
            for r, v in zip(op["res"], results, strict=True):
                self.env[r] = v

    def loop(self, op: Mapping[str, Any], active: torch.Tensor) -> None:
        lb, ub, step = (self.env[v] for v in (op["lb"], op["ub"], op["step"]))
        span = (ub - lb).clamp(min=0)
        trips = torch.div(span + step - 1, step, rounding_mode="floor").clamp(min=0)
        trips = torch.where(active, trips, torch.zeros_like(trips))
        if self.run.trips is None:
            self.run.trips = trips
        carried = [self.env[v] for v in op["init"]]
        count = int(trips.max().item()) if self.nblocks else 0
        for kt in range(count):
            now = active & (trips > kt)
            self.env[op["iv"]] = lb + kt * step
            for v, x in zip(op["carried"], carried, strict=True):
                self.env[v] = x
            self.block(op["body"], now)
            new = [self.env[v] for v in op["yield"]]
            carried = [
                n if o is None or n is None else _where_blocks(now, n, o) for n, o in zip(new, carried, strict=True)
            ]
        for r, x in zip(op["res"], carried, strict=True):
            self.env[r] = x

    def count_mma(self, op: Mapping[str, Any], active: torch.Tensor) -> None:
        m, n = op["type"]["shape"]
        k = op["k"]
        self.run.flops += 2 * m * n * k * int(active.sum().item())

    def apply(self, op: Mapping[str, Any], active: torch.Tensor) -> list[Any]:
        name = op["op"]
        xs = [self.env[v] for v in op["args"]]
        ty = op.get("type", {})
        dtype = ty.get("dtype", "")
        shape = tuple(ty.get("shape", ()))
        b = self.nblocks
        dev = self.device
        if name == "arith.constant":
            if dtype in ("index", "i32", "i64", "i8"):
                return [torch.full((b,), int(op["value"]), dtype=torch.int64, device=dev)]
            return [torch.full((b,), float(op["value"]), dtype=torch.float64, device=dev)]
        if name == "tile.block_id":
            if op.get("axis"):
                raise RefError(f"the block index along grid axis {op['axis']} (bid_y / bid_z): grids along x only")
            return [self.bids.clone()]
        if name == "tile.size":
            return [torch.full((b,), int(self.sizes[op["sym"]]), dtype=torch.int64, device=dev)]
        if name in ("arith.index_cast", "arith.index_castui"):
            return [xs[0]]
        if name in _INDEX_OPS:
            return [_INDEX_OPS[name](xs[0], xs[1])]
        if name == "tile.load":
            return [self.load(op, xs, active)]
        if name in ("tile.store", "tile.store_add"):
            self.store(op, xs, active)
            return []
        if name == "tile.mma":
            self.count_mma(op, active)
            a, bb = xs[0], xs[1]
            a = a.transpose(-1, -2) if op.get("tl") else a
            bb = bb.transpose(-1, -2) if op.get("tr") else bb
            r = torch.matmul(a, bb)
            if len(xs) > 2:
                r = r + xs[2]
            return [rounded(r, dtype)]
        if name == "tile.zeros":
            return [torch.zeros((b, *shape), dtype=_value_dtype(dtype), device=dev)]
        if name == "tile.full":
            return [torch.full((b, *shape), float(op["value"]), dtype=torch.float64, device=dev)]
        if name == "tile.iota":
            r, c = shape
            ax = torch.arange(r if op["dim"] == 0 else c, dtype=torch.int64, device=dev)
            grid = ax[:, None].expand(r, c) if op["dim"] == 0 else ax[None, :].expand(r, c)
            return [grid.unsqueeze(0).expand(b, r, c)]
        if name == "tile.cast":
            x = xs[0]
            if dtype == "i1":
                return [x != 0]
            if dtype in ("i8", "i32"):
                return [torch.trunc(x.to(torch.float64)).to(torch.int64)]
            return [rounded(x.to(torch.float64), dtype)]
        if name == "tile.rowmax":
            return [rounded(xs[0].amax(dim=-1), dtype)]
        if name == "tile.rowsum":
            return [rounded(xs[0].sum(dim=-1), dtype)]
        if name in _UNARY:
            return [rounded(_UNARY[name](xs[0].to(torch.float64)), dtype)]
        rank = len(shape)
        ys = [_spread(x, rank) for x in xs]
        if name in _INTEGER:
            return [_wrapped(_INTEGER[name](ys[0].to(torch.int64), ys[1].to(torch.int64)), dtype)]
        if name in _BINARY:
            r = _BINARY[name](ys[0], ys[1])
            return [r if dtype in ("i1", "i32") else rounded(r.to(torch.float64), dtype)]
        if name == "tile.cmp":
            return [_CMP[op["pred"]](ys[0], ys[1])]
        if name == "tile.select":
            r = torch.where(ys[0], ys[1], ys[2])
            return [r if dtype in ("i1", "i32") else rounded(r.to(torch.float64), dtype)]
        raise RefError(f"the reference has no rule for '{name}'")

    # -- memory -----------------------------------------------------------
    def positions(self, op: Mapping[str, Any], xs: list[Any], active: torch.Tensor, tile_shape: tuple[int, ...]):
        """The tensor, the flat element index of each element of each
        block's tile and whether it lies inside the tensor (and the block is
        active) (None, None in `index_only`), and whether each block's tile
        starts inside the tensor. Records the extents the tiles need."""
        tensor = self.env[op["tensor"]]
        dims = self.shapes[tensor]
        idx = [xs[i] for i in range(len(dims))] if op["op"] == "tile.load" else xs[1 : 1 + len(dims)]
        dev = self.device
        start_ok = torch.ones_like(active)
        for i, t, d in zip(idx, tile_shape, dims, strict=True):
            start_ok = start_ok & (i * t < d)
        ext = self.run.extents.setdefault(tensor, [0] * len(dims))
        if bool(active.any()):
            for d, (i, t) in enumerate(zip(idx, tile_shape, strict=True)):
                ext[d] = max(ext[d], int((i[active] * t + t).max().item()))
        if self.index_only:
            return tensor, None, None, start_ok
        if len(dims) == 1:
            (h,) = tile_shape
            rows = idx[0][:, None] * h + torch.arange(h, device=dev)
            valid = active[:, None] & (rows >= 0) & (rows < dims[0])
            lin = rows
        else:
            h, w = tile_shape
            rows = idx[0][:, None] * h + torch.arange(h, device=dev)
            cols = idx[1][:, None] * w + torch.arange(w, device=dev)
            valid = (
                active[:, None, None]
                & ((rows >= 0) & (rows < dims[0]))[:, :, None]
                & ((cols >= 0) & (cols < dims[1]))[:, None, :]
            )
            lin = rows[:, :, None] * dims[1] + cols[:, None, :]
        return tensor, lin, valid, start_ok

    def load(self, op: Mapping[str, Any], xs: list[Any], active: torch.Tensor) -> torch.Tensor | None:
        shape = tuple(op["type"]["shape"])
        tensor, lin, valid, _ = self.positions(op, xs, active, shape)
        if lin is None or valid is None:
            return None
        src = self.sources[tensor]
        vals = src[lin.clamp(0, max(src.numel() - 1, 0))]
        return torch.where(valid, vals, torch.zeros((), dtype=torch.float64, device=self.device))

    def store(self, op: Mapping[str, Any], xs: list[Any], active: torch.Tensor) -> None:
        shape = tuple(op["shape"])
        tensor, lin, valid, start_ok = self.positions(op, xs, active, shape)
        self.run.in_range &= start_ok | ~active
        if lin is None or valid is None:
            return
        out = self.output(tensor)
        value = xs[0]
        blocks = self.bids.view(-1, *([1] * len(shape))).expand_as(lin)
        pos, blk = lin[valid], blocks[valid]
        vals = rounded(value.to(torch.float64), op["dtype"])[valid]
        if op["op"] == "tile.store_add":
            out.values.index_put_((pos,), vals, accumulate=True)
            return
        count = torch.zeros(out.values.numel(), dtype=torch.int32, device=self.device)
        count.index_put_((pos,), torch.ones_like(pos, dtype=torch.int32), accumulate=True)
        prev = out.writer[pos]
        clash = (count[pos] > 1) | ((prev >= 0) & (prev != blk))
        out.racy[pos[clash]] = True
        out.values[pos] = vals
        out.writer[pos] = blk

    def output(self, tensor: str) -> Output:
        if tensor not in self.run.outputs:
            src = self.sources[tensor]
            self.run.outputs[tensor] = Output(
                src.clone(),
                torch.full(src.shape, -1, dtype=torch.int64, device=self.device),
                torch.zeros(src.shape, dtype=torch.bool, device=self.device),
            )
        return self.run.outputs[tensor]


def _wrapped(x: torch.Tensor, dtype: str) -> torch.Tensor:
    """Integers `x` (int64) as the element type `dtype` holds them: i8 and
    i32 wrap (two's complement), as the GPU's int8_t / int do."""
    bits = {"i8": 8, "i32": 32}[dtype]
    half = 1 << (bits - 1)
    return torch.remainder(x + half, 1 << bits) - half


def _value_dtype(dtype: str) -> torch.dtype:
    return torch.int64 if dtype in ("i32", "i8") else torch.bool if dtype == "i1" else torch.float64


def _spread(x: torch.Tensor, rank: int) -> torch.Tensor:
    """A per-block scalar (blocks,) or a row vector (blocks, r) against a
    result of `rank`: a scalar everywhere, a row vector along each row."""
    while x.dim() < rank + 1:
        x = x.unsqueeze(-1)
    return x


def _where_blocks(now: torch.Tensor, new: torch.Tensor, old: torch.Tensor) -> torch.Tensor:
    return torch.where(now.view(-1, *([1] * (new.dim() - 1))), new, old)


# -- the grid and the sizes ---------------------------------------------------
def index_run(program: Mapping[str, Any], sizes: Mapping[str, int], nblocks: int) -> Run:
    """The index arithmetic alone for CTAs 0 .. nblocks - 1."""
    return Interpreter(program, sizes, torch.arange(nblocks), index_only=True).execute()


def tile_count(program: Mapping[str, Any], sizes: Mapping[str, int]) -> int:
    """An upper bound on the grid: the most tiles of any stored tensor."""
    best = 1
    for st in program["stores"]:
        arg = next(a for a in program["args"] if a["name"] == st["tensor"])
        n = 1
        for d, t in zip(arg["shape"], st["shape"], strict=True):
            n *= -(-(int(sizes[d]) if isinstance(d, str) else int(d)) // t)
        best = max(best, n)
    return best


def grid(program: Mapping[str, Any], sizes: Mapping[str, int]) -> tuple[int, int, Run]:
    """(blocks, the longest block's trip count, the run): the grid is the
    CTAs before the first one that stores a tile starting past its tensor."""
    run = index_run(program, sizes, tile_count(program, sizes))
    assert run.in_range is not None
    bad = (~run.in_range).nonzero()
    blocks = int(bad[0].item()) if bad.numel() else int(run.in_range.numel())
    trips = 0
    if run.trips is not None and blocks:
        trips = int(run.trips[:blocks].max().item())
    return blocks, trips, index_run(program, sizes, blocks) if blocks else run


def symbols(program: Mapping[str, Any]) -> list[str]:
    """The size symbols of the tensor arguments, in order of appearance."""
    seen: list[str] = []
    for a in program["args"]:
        for d in a.get("shape", []):
            if isinstance(d, str) and d not in seen:
                seen.append(d)
    return seen


def granularity(program: Mapping[str, Any]) -> dict[str, int]:
    """Per symbol, the lcm of the tile extents along it of the tiles loaded
    or stored outside any loop (the CTA's own tiles), else of all tiles."""
    outside: dict[str, int] = {}
    inside: dict[str, int] = {}
    for acc in program["accesses"]:
        arg = next(a for a in program["args"] if a["name"] == acc["tensor"])
        into = inside if acc["in_loop"] else outside
        for d, t in zip(arg["shape"], acc["shape"], strict=True):
            if isinstance(d, str):
                into[d] = math.lcm(into.get(d, 1), t)
    return {s: outside.get(s, inside.get(s, 1)) for s in symbols(program)}


def _grow_free(program: Mapping[str, Any], sizes: dict[str, int], fixed: set[str], g: Mapping[str, int]) -> None:
    """Symbols that neither set the grid nor the trip count grow to the
    extents the blocks' loads and stores need (a flat scale vector, say)."""
    _, _, run = grid(program, sizes)
    for a in program["args"]:
        ext = run.extents.get(a["name"])
        if ext is None:
            continue
        for d, need in zip(a.get("shape", []), ext, strict=True):
            if isinstance(d, str) and d not in fixed and need > sizes[d]:
                sizes[d] = -(-need // g[d]) * g[d]


@dataclass
class Plan:
    label: str
    sizes: dict[str, int]
    blocks: int
    trips: int


def plan_sizes(
    program: Mapping[str, Any], targets: list[int], full_blocks: int = 128, full_size: int = 4096
) -> list[Plan]:
    """Sizes giving each wanted trip count of the first loop (the smallest
    such sizes, or the next trip count they allow; the other symbols at
    their smallest multiple that makes a grid, those that set neither the
    grid nor the trips grown to what the loads need),
    then the full size: every symbol at `full_size` (rounded to its
    granularity), doubled until the grid has `full_blocks` CTAs."""
    syms = symbols(program)
    g = granularity(program)

    def at(k: int) -> dict[str, int]:
        return {s: g[s] * k for s in syms}

    base = None
    for k in range(1, 257):
        if grid(program, at(k))[0] >= 1:
            base = at(k)
            break
    plans: list[Plan] = []
    if base is None:
        return plans
    for s in syms:  # each symbol down to its smallest multiple that still makes a grid
        for k in range(1, base[s] // g[s]):
            if grid(program, {**base, s: g[s] * k})[0] >= 1:
                base = {**base, s: g[s] * k}
                break
    _, base_trips, _ = grid(program, base)
    base_blocks = grid(program, base)[0]
    driving = {s for s in syms if grid(program, {**base, s: base[s] * 4})[1] != base_trips}
    gridded = {s for s in syms if grid(program, {**base, s: base[s] * 4})[0] != base_blocks}
    seen: set[int] = set()
    for t in targets:
        if not driving:
            t = base_trips
        if t in seen or t < 1:
            continue
        found = _sizes_for_trips(program, base, driving, g, t)
        if found is None:
            continue
        sizes, blocks = found
        _grow_free(program, sizes, driving | gridded, g)
        blocks, trips, _ = grid(program, sizes)
        if trips in seen or blocks < 1:
            continue
        seen.add(trips)
        plans.append(Plan(f"{trips} trip{'s' if trips != 1 else ''}", sizes, blocks, trips))
    sizes = {s: -(-max(full_size, g[s]) // g[s]) * g[s] for s in syms}
    blocks, trips, _ = grid(program, sizes)
    while blocks < full_blocks and syms and max(sizes.values()) < 65536:
        sizes = {s: v * 2 for s, v in sizes.items()}
        blocks, trips, _ = grid(program, sizes)
    _grow_free(program, sizes, driving | gridded, g)
    blocks, trips, _ = grid(program, sizes)
    if blocks >= 1:
        plans.append(Plan("full", sizes, blocks, trips))
    return plans


def _sizes_for_trips(program, base, driving, g, t):  # type: ignore[no-untyped-def]
    """The smallest multiplier m (driving symbols at g * m) giving trip count t and a grid."""

    def trips_at(m: int) -> tuple[int, int, dict[str, int]]:
        sizes = {**base, **{s: g[s] * m for s in driving}}
        blocks, trips, _ = grid(program, sizes)
        return trips, blocks, sizes

    lo, hi = 1, 1
    while trips_at(hi)[0] < t:
        hi *= 2
        if hi > 1 << 16:
            return None
    while lo < hi:  # first m with trips >= t
        mid = (lo + hi) // 2
        if trips_at(mid)[0] >= t:
            hi = mid
        else:
            lo = mid + 1
    for m in range(lo, lo + 64):  # t itself, or the next trip count the sizes allow (trips in steps of 2, say)
        trips, blocks, sizes = trips_at(m)
        if trips >= t and blocks >= 1:
            return sizes, blocks
    return None
