"""Triton TTGIR (before software pipelining) -> `tile` dialect IR.

The innermost `scf.for` of the kernel becomes the `tile.for`; a kernel with
several innermost loops run one after another in one block (a two-pass norm, an
online softmax and its normalization) gets one `tile.for` each, in order, each
loop's results standing for the Triton loop's after it, and the stores between
the loops and after the last imported (`twillc/frontend/ttgir_loops.py`: which
loops, and what is refused). A kernel with no loop is a loop of one trip
(`twillc.frontend.ttgir_regions`). Outer loops around them are the CTA's work items,
except a persistent kernel's tile loop around its main loop, which becomes
`tile.persistent` (`twillc/frontend/ttgir_persistent.py`);
the values a loop reads from before it are imported before it, on demand, by
the same rules. Each tile op records the Triton ops it stands for
(`twill.triton`: their pre-order indices; on a `tile.for`, its `scf.for`), and
the module keeps the TTGIR text (`twill.ttgir`) and the first loop's index
(`twill.ttgir_loop`), so that the schedule can be written back in the
attributes Triton's own passes read (`twillc/lowering/emit_ttgir.py`).

What maps to what:
  tt.descriptor_load, tt.load          tile.load of a tensor argument (its base pointer or descriptor)
  tt.dot, ttng.warp_group_dot,         tile.mma (a `tt.trans` / `ttg.memdesc_trans` operand transposes;
  ttng.tc_gen5_mma                     a tensor-memory accumulator is a value carried through its buffer;
                                       f32, i32 of int8, or f16 of f16 operands)
  arith.addf/subf/mulf/divf/max*/min*  tile.add/sub/mul/div/max/min; arith.negf tile.neg
  math.exp/exp2/log/log2/rsqrt         tile.exp/exp2/log/log2/rsqrt
  math.sqrt/tanh/erf/log1p/absf        tile.sqrt/tanh/erf/log1p/abs
  tt.reduce (max / add, last axis)     tile.rowmax / tile.rowsum
  tt.reduce (max / add, axis 0)        tile.colmax / tile.colsum
  tt.expand_dims axis 0 (x[None, :])   tile.expand_dims {axis = 0}: [1, C], per column
  arith.truncf/extf, tt.fp_to_fp, ...  tile.cast (arith.sitofp of an int8 tile too)
  arith.shli/shrsi/andi of an int8     tile.shl/shr/bitand (the loaded tile and a splat constant:
  tile (a load of i8 elements)         packed int4 unpacked, `(w << 4) >> 4`, `w >> 4`, `w & 15`)
  tt.store, tt.descriptor_store        tile.store
  scf.yield                            tile.yield of the carried tiles and float scalars
  scf.if in the loop's body            the branch the loop's range takes in every iteration, in its place
                                       (twillc.frontend.ttgir_conditions); else, both branches free of
                                       side effects: both imported, each result a tile.select on the
                                       condition as one i1 (`if roffset == 0`); any other is refused
  arith.select of float tensors        tile.select, its condition imported on demand: arith.cmpi
                                       tile.cmp, arith.cmpf of float data tile.cmp of the tiles (a
                                       data-dependent select), arith.andi/ori tile.and/or, an integer tensor
                                       (tt.make_range expanded to rows / columns, broadcast, plus
                                       scalars) tile.iota + tile.add of an i32 offset; the loop's
                                       induction variable lb + j * step (j counting iterations)
Folded into the value they pass on (no op of their own): ttg.local_alloc,
ttg.local_load, ttg.convert_layout, ttng.tmem_alloc / tmem_store / tmem_load
(the accumulator's value), tt.expand_dims on the last axis and tt.broadcast of
a row vector (a rank-1 tile broadcasts over rows), tt.splat of a scalar,
ttng.warp_group_dot_wait. Dropped: index arithmetic that no select reads,
whose results are integers, booleans, pointers or tokens (offsets, masks for bounds, pointer
increments): it decides which tile an op reads, not what the op costs, and a
load's tile index keeps only what its offset depends on (the loop iteration,
the program id, neither). Anything else is a located error naming the op.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    ArrayAttr,
    BFloat16Type,
    FileLineColLoc,
    Float8E4M3FNType,
    Float8E5M2Type,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    f16,
    f32,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from twillc.diagnostics import UserError
from twillc.dialects import tile
from twillc.dialects.tile import TensorType, TileType
from twillc.frontend import ttgir_scalars as scalars
from twillc.frontend.triton_module import TBlock, TOp, TritonModule
from twillc.frontend.ttgir_conditions import branch_taken
from twillc.frontend.ttgir_conditions import refusal as condition_refusal
from twillc.frontend.ttgir_int import INT_CASTS, INT_OPS, IntegerTiles
from twillc.frontend.ttgir_layout import column_major
from twillc.frontend.ttgir_loops import (
    STORES,
    Guard,
    holds_effects,
    region_blocks,
    sequential_loops,
    store_value_at,
    stores_between,
)
from twillc.frontend.ttgir_persistent import (
    POINTER_REFUSAL,
    TileLoop,
    pointer_base,
    pointer_bounds,
    pointer_starts,
    tile_loop,
)
from twillc.frontend.ttgir_regions import OneTripRegion, one_trip_region, store_region

ELEMENTS: dict[str, Attribute] = {
    "f16": f16,
    "bf16": BFloat16Type(),
    "f32": f32,
    "f8E4M3FN": Float8E4M3FNType(),
    "f8E5M2": Float8E5M2Type(),
    "i32": i32,
    "i16": IntegerType(16),
    "i8": i8,
}

BINARY = {
    "arith.addf": tile.AddOp,
    "arith.subf": tile.SubOp,
    "arith.mulf": tile.MulOp,
    "arith.divf": tile.DivOp,
    "arith.maxnumf": tile.MaxOp,
    "arith.maximumf": tile.MaxOp,
    "arith.minnumf": tile.MinOp,
    "arith.minimumf": tile.MinOp,
}
SCALAR_BINARY = {
    "arith.addf": arith.AddfOp,
    "arith.subf": arith.SubfOp,
    "arith.mulf": arith.MulfOp,
    "arith.divf": arith.DivfOp,
    "arith.maxnumf": arith.MaxnumfOp,
    "arith.maximumf": arith.MaximumfOp,
    "arith.minnumf": arith.MinnumfOp,
    "arith.minimumf": arith.MinimumfOp,
}
UNARY = {
    "math.exp": tile.ExpOp,
    "math.exp2": tile.Exp2Op,
    "math.log": tile.LogOp,
    "math.log2": tile.Log2Op,
    "math.rsqrt": tile.RsqrtOp,
    "math.sqrt": tile.SqrtOp,
    "math.tanh": tile.TanhOp,
    "math.erf": tile.ErfOp,
    "math.log1p": tile.Log1pOp,
    "math.absf": tile.AbsOp,
    "arith.negf": tile.NegOp,
}
CASTS = ("arith.truncf", "arith.extf", "tt.fp_to_fp", "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.bitcast")
PASS_THROUGH = ("ttg.convert_layout", "ttg.local_load", "ttg.local_alloc", "tt.broadcast")
TRANSPOSES = ("tt.trans", "ttg.memdesc_trans")
MMAS = ("tt.dot", "ttng.warp_group_dot", "ttng.tc_gen5_mma")
SCALED_MMAS = ("tt.dot_scaled", "ttng.tc_gen5_mma_scaled")
REDUCERS = {"arith.maxnumf": tile.RowMaxOp, "arith.maximumf": tile.RowMaxOp, "arith.addf": tile.RowSumOp}
COLUMN_REDUCERS = {"arith.maxnumf": tile.ColMaxOp, "arith.maximumf": tile.ColMaxOp, "arith.addf": tile.ColSumOp}
"""`tt.reduce` along axis 0: a column reduction."""


@dataclass
class Val:
    """A Triton value as the tile IR holds it."""

    value: SSAValue | None = None
    """The tile or scalar, or None for index arithmetic (dropped)."""
    transposed: bool = False
    buffer: int | None = None
    """A tensor-memory buffer (its `ttng.tmem_alloc` result id)."""
    tensor: tuple[str, str] | None = None
    """The tensor argument a pointer or a descriptor reads: (its name, element type)."""


DROPPED = Val()


@dataclass(frozen=True)
class Index:
    """An integer tensor a mask reads: a `tt.make_range` along rows (`dim`
    0) or columns (1), not yet expanded (None), or none (-1: a scalar or its
    splat), plus `start` and integer scalars (Triton value id, coefficient)."""

    dim: int | None
    origin: TOp | None
    start: int = 0
    terms: tuple[tuple[int, int], ...] = ()
    added: TOp | None = None
    """The op that last added an offset (the `tile.add`'s location)."""


CMPI = {2: "lt", 3: "le", 4: "gt", 5: "ge", 0: "eq", 1: "ne", 6: "lt", 7: "le", 8: "gt", 9: "ge"}
"""`arith.cmpi`'s predicates (signed and unsigned alike: indices are not negative)."""
CMPF = {1: "eq", 2: "gt", 3: "ge", 4: "lt", 5: "le", 13: "ne"}
"""`arith.cmpf`'s predicates imported: oeq, ogt, oge, olt, ole (ordered: false on NaN) and une (`!=`:
true on NaN), C++'s `==`, `>`, `>=`, `<`, `<=`, `!=` of floats."""
LOGIC = {"arith.andi": tile.AndOp, "arith.ori": tile.OrOp}
MASK_PASS_THROUGH = ("tt.broadcast", "ttg.convert_layout", "tt.expand_dims")
INDEX_ARITH = {
    "arith.addi": arith.AddiOp,
    "arith.subi": arith.SubiOp,
    "arith.muli": arith.MuliOp,
    "arith.divsi": arith.DivUIOp,  # indices are not negative: `/` as .tile's
    "arith.divui": arith.DivUIOp,
    "arith.remsi": arith.RemSIOp,
    "arith.remui": arith.RemSIOp,  # indices are not negative: one remainder
    "arith.maxsi": arith.MaxSIOp,
    "arith.minsi": arith.MinSIOp,
}
INDEX_CASTS = ("arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast")
"""Integer width changes of an index scalar (`.to(tl.int64)`): the same index."""

_TENSOR = re.compile(r"^(?:tensor|!ttg\.memdesc|!tt\.tensordesc)<(?:tensor<)?((?:\d+x)*)([A-Za-z0-9]+)")


def _shape(ty: str) -> tuple[list[int], str] | None:
    """(shape, element) of a tensor / memdesc / descriptor type, None for a scalar."""
    m = _TENSOR.match(ty)
    if m is None:
        return None
    dims = [int(d) for d in m.group(1).split("x") if d]
    return dims, m.group(2)


def _is_float_data(ty: str) -> bool:
    """A tensor or shared / tensor memory buffer of floats: data an op computes with."""
    shape = _shape(ty)
    return shape is not None and re.fullmatch(r"i\d+", shape[1]) is None


def _is_index(ty: str) -> bool:
    """Integers, booleans, pointers and tokens: the types of index arithmetic."""
    if "!tt.ptr" in ty or "async.token" in ty or ty == "index" or re.fullmatch(r"i\d+", ty):
        return True
    shape = _shape(ty)
    return shape is not None and ty.startswith("tensor") and re.fullmatch(r"i\d+", shape[1]) is not None


class TtgirImporter(IntegerTiles):
    element_types = ELEMENTS

    def __init__(self, tm: TritonModule, target: str | None):
        self.tm = tm
        self.target = target
        self.vals: dict[int, Val] = {}
        self.tensors: dict[str, SSAValue] = {}
        self.scalars: dict[int, SSAValue] = {}
        self.entry = Block()
        self.pre: list[Operation] = []
        self.loop: TOp | None = None
        self.iv: SSAValue | None = None
        self.bid: SSAValue | None = None
        self.grid_ids: dict[int, SSAValue] = {}
        """The program id along axes 1 and 2 (`bid_y`, `bid_z`), by axis (`program_id`)."""
        self.consts: dict[int, SSAValue] = {}
        self.state: dict[int, SSAValue] = {}
        """Each tensor-memory buffer's current value."""
        self.sink: list[Operation] = self.pre
        self.depends: dict[int, frozenset[str]] = {}
        self.dims: dict[str, list[str | int]] = {}
        """A tensor argument's sizes, where a `tt.make_tensor_descriptor` names them."""
        self.body_ops: list[Operation] = []
        self.trips: dict[tuple[int, int, int], SSAValue] = {}
        """Trip counts made, by the loop's (lb, ub, step) values."""
        self.masks: dict[tuple[int, object], SSAValue] = {}
        """Integer and boolean tensors a mask reads, made on demand (`mask_operand`)."""
        self.indices: dict[int, SSAValue] = {}
        """Integer scalars as `index` values (`scalar_index`)."""
        self.index_context = "a mask"
        """Where an index scalar is read, for its errors."""
        self.int_args: dict[int, SSAValue] = {}
        """Integer kernel arguments as `index` values (`int_argument`)."""
        self.descriptor_dims = {
            o for op in tm.ops if op.name == "tt.make_tensor_descriptor" for o in op.operands[1:] if o in tm.arg_names
        }
        """Integer arguments a tensor descriptor takes as its shape: the tensor's sizes."""
        self.tiles: TileLoop | None = None
        """A persistent kernel's tile loop (`ttgir_persistent`): `bid` is the tile id, tile indices exact."""

    # -- errors and locations ------------------------------------------------

    def error(self, op: TOp, message: str) -> UserError:
        loc = self.tm.location(op)
        source = self.tm.text if loc.filename == self.tm.filename else _read(loc.filename)
        return UserError(loc, message, source)

    def _loc(self, op: TOp) -> FileLineColLoc:
        loc = self.tm.location(op)
        return FileLineColLoc(StringAttr(loc.filename), IntAttr(max(loc.line, 0)), IntAttr(max(loc.column, 0)))

    def emit(self, new: Operation, origin: TOp | None) -> Operation:
        if origin is not None:
            new.location = self._loc(origin)
            new.attributes["twill.triton"] = ArrayAttr([IntegerAttr(origin.index, i64)])
        self.sink.append(new)
        return new

    # -- the loop --------------------------------------------------------------

    def pick_loops(self) -> list[TOp]:
        """The loops to import: the kernel's innermost loop, or its sequential
        loops in order (`twillc.frontend.ttgir_loops`)."""
        loops = sequential_loops(self.tm, self.error)
        if not loops:  # a straight-line kernel: a loop of one trip (ttgir_regions)
            func_op = next((op for op in self.tm.ops if op.name == "tt.func"), None)
            if func_op is None or not func_op.blocks:
                raise self.error(self.tm.root, "no kernel function (tt.func) in the module")
            return [one_trip_region(func_op)]
        return loops

    def run(self) -> ModuleOp:
        loops = self.pick_loops()
        funcs = [op for op in self.tm.ops if op.name == "tt.func"]
        kernel = loops[0]
        while kernel.parent is not None and kernel.name != "tt.func":
            kernel = kernel.parent
        name = _func_name(self.tm, kernel) if funcs else "kernel"
        self.loop = loops[0]
        self.bid = self.hoist(tile.BlockIdOp(), loops[0])
        real = [lp for lp in loops if not isinstance(lp, OneTripRegion)]
        self.tiles = tile_loop(self.tm, real, self.error)
        branches = region_blocks(self.tm, real, self.error)
        if self.tiles is not None:
            if branches is not None:
                raise self.error(
                    self.tiles.loop,
                    "a persistent tile loop in a kernel with conditional regions (an early return, a store under a "
                    "condition): not imported",
                )
            self.import_persistent(self.tiles, loops[0])
            branches = []
        elif branches is not None:  # an early return, a condition holding a loop: conditional regions
            for block, guard in branches:
                self.import_region(block, guard, real)
        for k, loop in enumerate([] if branches is not None else loops):
            self.import_loop(loop)
            if len(loops) > 1:  # a kernel with several loops: the stores after this loop, before the next
                self.import_stores(stores_between(loop, loops[k + 1] if k + 1 < len(loops) else None, self.error))
        self.pre.append(func.ReturnOp())
        for op in self.pre:
            self.entry.add_op(op)
        arg_types = [a.type for a in self.entry.args]
        fn = func.FuncOp(name, (arg_types, []), Region(self.entry))
        fn.location = self._loc(kernel)
        module = ModuleOp([fn])
        if self.target:
            module.attributes["twill.target"] = StringAttr(self.target)
        module.attributes["twill.ttgir"] = StringAttr(self.tm.text)
        module.attributes["twill.ttgir_loop"] = IntegerAttr(loops[0].index, i64)
        return module

    def import_persistent(self, tiles: TileLoop, loop: TOp) -> None:
        """A persistent kernel (`ttgir_persistent`): `tile.persistent` of the
        tile counts and the group, the main loop, then the stores after it in
        the tile loop (the epilogue), each tile id `bid` (the tile index of
        twillc's tile loop), the coordinates Triton's arithmetic on it."""
        self.loop = loop
        self.pointer_dims(tiles.loop)
        for vid in tiles.tile_ids:
            self.indices[vid] = self.bid  # type: ignore[assignment]
        self.index_context = "a persistent tile loop's tile counts"
        try:
            counts = [self.scalar_index(v, tiles.loop) for v in (tiles.tiles_m, tiles.tiles_n)]
        finally:
            self.index_context = "a mask"
        persistent = tile.PersistentOp(counts[0], counts[1], tiles.group)
        persistent.location = self._loc(tiles.loop)
        self.pre.append(persistent)
        self.import_loop(loop)
        self.import_stores(stores_between(loop, None, self.error))

    def pointer_dims(self, loop: TOp) -> None:
        """A persistent kernel's pointer tensors' sizes: the integer kernel
        argument bounding a load's or store's tile along an axis
        (`ttgir_persistent.pointer_bounds`: `mask=rm[:, None] < M`) is the
        tensor's size there (`tile.size`, as a descriptor's shape names it);
        an axis without one `NAME_dI`."""
        for op in loop.walk():
            base = pointer_base(self.tm, op.operands[0]) if op.name in ("tt.load", "tt.store") else None
            if base is None:
                continue
            name = self.tm.arg_names[base]
            dims = self.dims.setdefault(name, [f"{name}_d0", f"{name}_d1"])
            for axis, bound in pointer_bounds(self.tm, op):
                if len(dims) == 2 and dims[axis] == f"{name}_d{axis}":
                    dims[axis] = self.tm.arg_names[bound]
                    self.descriptor_dims.add(bound)

    def tile_index(self, vid: int, box: int, op: TOp) -> SSAValue:
        """A descriptor offset of a persistent kernel as an exact tile index:
        `x` of an offset `x * box` (`pid_m * BLOCK_M`, `ki * BLOCK_K`), 0 of 0;
        an offset not a multiple of the box by construction is refused."""
        d = self.tm.defs.get(vid)
        while d is not None and d.name in INDEX_CASTS:
            vid = d.operands[0]
            d = self.tm.defs.get(vid)
        if d is not None and _int_constant(d) == 0:
            return self.const_index(0, op)
        assert self.loop is not None
        lb, _, step = self.loop.operands[:3]
        if vid == self.loop.blocks[0].args[0] and _int_constant(self.tm.defs.get(lb)) == 0:
            if _int_constant(self.tm.defs.get(step)) == box:  # `for k0 in range(0, K, BLOCK_K)`: the iteration
                assert self.iv is not None
                return self.iv
        factors = [vid] if box == 1 else []  # a block of one row: the offset is the index
        if d is not None and d.name == "arith.muli":
            factors += [d.operands[i] for i in (0, 1) if _int_constant(self.tm.defs.get(d.operands[1 - i])) == box]
        if factors:
            self.index_context = "a persistent kernel's tile coordinates"
            try:
                return self.scalar_index(factors[0], op)
            finally:
                self.index_context = "a mask"
        raise self.error(
            op,
            f"'{op.name}' at an offset that is not a multiple of its block ({box}) by construction: a persistent "
            f"kernel's loads and stores are at tile coordinates (an offset `x * {box}`)",
        )

    def pointer_tile_indices(self, ptr: int, shape: list[int], transposed: bool, op: TOp) -> list[SSAValue]:
        """A persistent kernel's pointer load or store as exact tile indices:
        the row and column its offsets start at (`ttgir_persistent.pointer_starts`),
        each `x` of `x * B` (`tile_index`); a transposed load's reversed."""
        starts = pointer_starts(self.tm, ptr)
        if starts is None or len(shape) != 2:
            raise self.error(op, POINTER_REFUSAL.format(name=op.name))
        boxes = shape[::-1] if transposed else shape
        indices = [
            self.const_index(0, op) if s is None else self.tile_index(s, b, op)
            for s, b in zip(starts, boxes, strict=True)
        ]
        return indices[::-1] if transposed else indices

    def import_region(self, block: TBlock, guard: Guard, loops: list[TOp]) -> None:
        """A block of the kernel under `guard` (`ttgir_loops.region_blocks`):
        its loops in order under the guard, its stores outside them (in the
        kernel's entry where unguarded, else a region of one trip under the
        guard, `store_region`), and each `scf.if` holding a loop or a store
        its two blocks in turn, under the guard and its condition or its
        negation."""
        stores: list[TOp] = []
        for op in block.ops:
            if op.name == "scf.for" and any(op is lp for lp in loops):
                self.import_guarded(stores, guard, block)
                stores = []
                self.import_loop(op, guard)
            elif op.name in STORES:
                stores.append(op)
            elif holds_effects(op):
                if op.results:
                    raise self.error(
                        op,
                        "unsupported op 'scf.if' holding a loop or a store and giving values: a conditional region "
                        "of the kernel gives none (store them in its branches)",
                    )
                self.import_guarded(stores, guard, block)
                stores = []
                for branch, holds in zip(op.blocks, (True, False), strict=False):
                    self.import_region(branch, (*guard, (op.operands[0], holds)), loops)
            elif op.blocks and any(o.name in STORES for o in op.walk()):
                raise self.error(
                    op,
                    f"unsupported op '{op.name}' holding a store at kernel level: only a condition (scf.if) is a "
                    "conditional region",
                )
        self.import_guarded(stores, guard, block)

    def import_guarded(self, stores: list[TOp], guard: Guard, block: TBlock) -> None:
        """A block's stores outside its loops: in the kernel's entry as they
        are (no guard), else a region of one trip under the block's guard."""
        if not stores:
            return
        if not guard:
            self.import_stores(stores)
            return
        self.import_loop(store_region(stores, stores[0].parent or self.tm.root), guard)

    def guarded_trips(self, trips: SSAValue, guard: Guard, loop: TOp) -> SSAValue:
        """A loop's trip count under its block's guard: `guard ? trips : 0`
        (a branch not taken runs its loops zero times), the guard the `&` of
        its conditions (`uniform_condition`, negated where the branch is the
        false one), made before the loop."""
        saved = self.sink
        self.sink = self.pre
        try:
            cond: SSAValue | None = None
            for vid, holds in guard:
                c = self.uniform_condition(vid, loop)
                if not holds:
                    true = self.emit(arith.ConstantOp(IntegerAttr(1, IntegerType(1))), None).results[0]
                    c = self.emit(arith.XOrIOp(c, true), None).results[0]
                cond = c if cond is None else self.emit(arith.AndIOp(cond, c), None).results[0]
            assert cond is not None
            zero = self.const_index(0, loop)
            return self.emit(arith.SelectOp(cond, trips, zero), loop).results[0]
        finally:
            self.sink = saved

    def import_loop(self, loop: TOp, guard: Guard = ()) -> None:
        """One `scf.for` as a `tile.for` appended to the entry: what it reads
        from before it first (imported on demand), its results then standing
        for the Triton loop's (a later loop, a store after it reads them).
        Under a `guard` (a branch of the kernel) its trip count is 0 where
        the guard does not hold (`guarded_trips`)."""
        self.loop = loop
        self.depends = {}  # 'iv': this loop's induction variable
        self.body_ops = []
        self.sink = self.pre
        body = loop.blocks[0]
        iv_id, carried_ids = body.args[0], body.args[1:]
        # The loop's operands: lb, ub, step, then the carried values' initial values.
        inits = loop.operands[3:]
        lb = self.const_index(0, loop)
        step = self.const_index(1, loop)
        # Carried tiles: iter_args of a float type; the rest (pointers, flags, tokens) is dropped.
        carried: list[tuple[int, SSAValue]] = []
        dropped: dict[int, Val] = {}
        for i, (arg_id, init_id, ty) in enumerate(zip(carried_ids, inits, body.arg_types[1:], strict=True)):
            init_def = self.tm.defs.get(init_id)
            if self.int_data(arg_id) and init_def is not None and init_id not in self.vals:
                self.int_constant(init_def)  # an integer MMA's zeros
            if _is_index(ty) and not self.int_data(arg_id):  # a carried pointer still reads its tensor argument
                self.vals[arg_id] = Val(tensor=self.value(init_id, loop).tensor) if "!tt.ptr" in ty else DROPPED
                dropped[i] = self.vals[arg_id]
                continue
            init = self.value(init_id, loop)
            if init.value is None or not isinstance(init.value.type, TileType) and not scalars.is_scalar_data(ty):
                raise self.error(loop, f"carried value of type {ty} has no tile equivalent")
            carried.append((arg_id, init.value))
        # Tensor-memory buffers the loop reads before it writes them are carried too.
        buffers = self.carried_buffers(body)
        for buf in buffers:
            if buf not in self.state:
                self.state[buf] = self.zeros_for(buf, loop)
        types = [v.type for _, v in carried] + [self.state[b].type for b in buffers]
        block = Block(arg_types=[IndexType(), *types])
        self.iv = block.args[0]
        block.args[0].name_hint = "iv"
        self.vals[iv_id] = Val(block.args[0])
        for (arg_id, _), arg in zip(carried, block.args[1 : 1 + len(carried)], strict=True):
            self.vals[arg_id] = Val(arg)
        outer_state = dict(self.state)
        for buf, arg in zip(buffers, block.args[1 + len(carried) :], strict=True):
            self.state[buf] = arg
        body_ops: list[Operation] = self.body_ops
        self.sink = body_ops
        yielded: list[SSAValue] = []
        for op in body.ops:
            if op.name == "scf.yield":
                for arg_id, v in zip(carried_ids, op.operands, strict=True):
                    if any(arg_id == c for c, _ in carried):
                        got = self.vals.get(v)
                        if got is None or got.value is None:
                            raise self.error(op, "a carried tile is yielded from a value with no tile equivalent")
                        yielded.append(got.value)
                yielded += [self.state[b] for b in buffers]
                self.emit(tile.YieldOp(*yielded), op)
            else:
                self.convert(op)
        for op in body_ops:
            block.add_op(op)
        self.sink = self.pre
        init_values = [v for _, v in carried] + [outer_state[b] for b in buffers]
        ub = self.trip_count(loop)
        if guard:
            ub = self.guarded_trips(ub, guard, loop)
        for_op = tile.ForOp(lb, ub, step, init_values, block)
        for_op.location = self._loc(loop)
        for_op.attributes["twill.triton"] = ArrayAttr([IntegerAttr(loop.index, i64)])
        self.pre.append(for_op)
        # After the loop: its results; a buffer written in it but not carried holds no value the IR names.
        results = iter(for_op.results)
        carried_at = {arg_id for arg_id, _ in carried}
        for i, (arg_id, res_id) in enumerate(zip(carried_ids, loop.results, strict=True)):
            if arg_id in carried_at:
                self.vals[res_id] = Val(next(results))
            else:
                self.vals[res_id] = dropped[i]
        self.state = {b: v for b, v in outer_state.items() if b not in self.written_buffers(body)}
        for buf in buffers:
            self.state[buf] = next(results)

    def import_stores(self, stores: list[TOp]) -> None:
        """Stores between two loops or after the last one (a kernel with several
        loops), appended to the entry, what they read imported on demand."""
        self.sink = self.pre
        for op in stores:
            self.convert(op)

    def written_buffers(self, body) -> set[int]:
        """Tensor-memory buffers written in a loop's body."""
        return {b for op in body.ops for o in op.walk() for b in self.buffer_use(o)[1]}

    def trip_count(self, loop: TOp) -> SSAValue:
        """The loop's trip count as an index expression: `ub` itself (a kernel
        argument, `tile.size`) for `range(0, N)`, else `(ub - lb + step - 1) /
        step` of the index scalars its bounds are (`scalar_index`). Bounds the
        importer cannot express (a value loaded from memory) are an i32
        kernel argument named after the bound (`bound_argument`): the caller
        passes what the kernel would load; the schedule does not depend on it."""
        if isinstance(loop, OneTripRegion):
            return self.const_index(1, loop)
        lb_id, ub_id, step_id = loop.operands[:3]
        if (lb_id, ub_id, step_id) in self.trips:  # an earlier loop's bounds (a two-pass kernel's)
            return self.trips[lb_id, ub_id, step_id]
        self.trips[lb_id, ub_id, step_id] = self._trip_count(loop)
        return self.trips[lb_id, ub_id, step_id]

    def _trip_count(self, loop: TOp) -> SSAValue:
        lb_id, ub_id, step_id = loop.operands[:3]
        lbk, stepk = _int_constant(self.tm.defs.get(lb_id)), _int_constant(self.tm.defs.get(step_id))
        self.index_context = "a loop bound"
        try:
            span = self._bound_index(ub_id, loop)
            saved = dict(self.indices), dict(self.consts), list(self.pre)
            try:
                if lbk != 0:
                    span = self.emit(arith.SubiOp(span, self.scalar_index(lb_id, loop)), loop).results[0]
                if stepk != 1:
                    step = self.scalar_index(step_id, loop)
                    one = self.const_index(1, loop)
                    up = self.emit(arith.AddiOp(span, self.emit(arith.SubiOp(step, one), loop).results[0]), loop)
                    span = self.emit(arith.DivUIOp(up.results[0], step), loop).results[0]
            except UserError:  # a lower bound or step it cannot express: the trip count is an argument
                self.indices, self.consts, self.pre[:] = saved
                return self.bound_argument(f"{self._bound_name(ub_id)}_trips", loop)
            return span
        finally:
            self.index_context = "a mask"

    def _bound_index(self, vid: int, loop: TOp) -> SSAValue:
        """A loop bound as an index expression, or (one the importer cannot
        express: a value loaded from memory) an i32 kernel argument named
        after it, which the caller passes."""
        saved = dict(self.indices), dict(self.consts), list(self.pre)
        try:
            return self.scalar_index(vid, loop)
        except UserError:  # undo what the attempt made
            self.indices, self.consts, self.pre[:] = saved
            return self.bound_argument(self._bound_name(vid), loop)

    def _bound_name(self, vid: int) -> str:
        return self.tm.arg_names.get(vid) or _ssa_name(self.tm, self.tm.defs.get(vid)) or "n_iter"

    def bound_argument(self, name: str, origin: TOp) -> SSAValue:
        """An i32 kernel argument (as `index`) for a scalar the kernel computes
        from memory: named `name`, or `name_1`, ... where an argument has it."""
        taken = set(self.tm.arg_names.values()) | {a.name_hint for a in self.entry.args}
        unique, n = name, 0
        while unique in taken:
            n += 1
            unique = f"{name}_{n}"
        arg = self.entry.insert_arg(IntegerType(32), len(self.entry.args))
        arg.name_hint = unique
        return self.hoist(arith.IndexCastOp(arg, IndexType()), origin)

    def carried_buffers(self, body) -> list[int]:
        """Tensor-memory buffers read in the body before any write there."""
        written: set[int] = set()
        out: list[int] = []
        for op in body.ops:
            for o in op.walk():
                reads, writes = self.buffer_use(o)
                for b in reads:
                    if b not in written and b not in out:
                        out.append(b)
                written |= set(writes)
        return [b for b in out if b in written]

    def buffer_use(self, op: TOp) -> tuple[list[int], list[int]]:
        if op.name == "ttng.tmem_load":
            return [self.buffer_of(op.operands[0])], []
        if op.name == "ttng.tmem_store":
            return [], [self.buffer_of(self.tmem_store_operands(op)[0])]
        if op.name == "ttng.tc_gen5_mma":
            acc = self.buffer_of(op.operands[2])
            use_acc = self.tm.defs.get(op.operands[4]) if len(op.operands) > 4 else None
            reads = [] if use_acc is not None and _constant_false(use_acc) else [acc]
            return reads, [acc]
        return [], []

    def tmem_store_operands(self, op: TOp) -> tuple[int, int]:
        """`ttng.tmem_store`'s destination buffer and stored tensor: its
        operands are (dst, [dep token,] src, pred), printed `src, dst[dep]`."""
        dst = next((o for o in op.operands if "memdesc" in self.type_of(o)), op.operands[0])
        src = next((o for o in op.operands if self.type_of(o).startswith("tensor")), op.operands[-1])
        return dst, src

    def buffer_of(self, vid: int) -> int:
        d = self.tm.defs.get(vid)
        while d is not None and d.name in ("ttg.memdesc_index", "ttg.memdesc_reinterpret", "ttg.memdesc_subslice"):
            vid = d.operands[0]
            d = self.tm.defs.get(vid)
        return vid

    def zeros_for(self, buf: int, loop: TOp) -> SSAValue:
        d = self.tm.defs.get(buf)
        shape = _shape(d.result_types[0]) if d is not None else None
        if shape is None:
            raise self.error(loop, "a tensor-memory buffer of unknown shape")
        return self.hoist(tile.ZerosOp(TileType(shape[0], ELEMENTS[shape[1]])), loop)

    # -- values ----------------------------------------------------------------

    def hoist(self, new: Operation, origin: TOp) -> SSAValue:
        new.location = self._loc(origin)
        self.pre.insert(0, new)
        return new.results[0]

    def const_index(self, n: int, origin: TOp) -> SSAValue:
        if n not in self.consts:
            self.consts[n] = self.hoist(arith.ConstantOp.from_int_and_width(n, IndexType()), origin)
        return self.consts[n]

    def value(self, vid: int, user: TOp) -> Val:
        """The tile IR of a Triton value, importing its definition before the
        loop when it is defined there."""
        if vid in self.vals:
            return self.vals[vid]
        if vid in self.tm.block_args:
            return self.argument(vid, user)
        d = self.tm.defs.get(vid)
        if d is None:
            raise self.error(user, "an operand defined nowhere the importer can see")
        saved = self.sink
        self.sink = self.pre
        try:
            self.convert(d)
        finally:
            self.sink = saved
        return self.vals.get(vid, DROPPED)

    def argument(self, vid: int, user: TOp) -> Val:
        ty = self.tm.arg_types[vid]
        name = self.tm.arg_names.get(vid, f"arg{len(self.entry.args)}")
        if "!tt.tensordesc" in ty:
            shape = _shape(ty)
            assert shape is not None
            val = Val(tensor=(name, shape[1]))
        elif "!tt.ptr" in ty:
            m = re.search(r"!tt\.ptr<(\w+)>", ty)
            val = Val(tensor=None if m is None else (name, m.group(1)))
        elif ty in ("f32", "f16", "bf16"):
            arg = self.entry.insert_arg(ELEMENTS[ty], len(self.entry.args))
            arg.name_hint = name
            val = Val(arg)
        else:
            val = DROPPED
        self.vals[vid] = val
        return val

    def tensor_arg(self, src: tuple[str, str], rank: int, op: TOp) -> SSAValue:
        """The tensor argument `src` names, made at the rank of its first tile."""
        name, element = src
        if name in self.tensors:
            made = self.tensors[name].type
            assert isinstance(made, TensorType)
            if len(made.dims.data) != rank:
                raise self.error(op, f"'{name}' is read as rank {len(made.dims.data)} and rank {rank} tiles")
        else:
            if element not in ELEMENTS:
                raise self.error(op, f"'{op.name}' of {element} elements, which have no tile equivalent")
            dims = self.dims.get(name) or [f"{name}_d{i}" for i in range(rank)]
            arg = self.entry.insert_arg(TensorType(dims, ELEMENTS[element]), len(self.entry.args))
            arg.name_hint = name
            self.tensors[name] = arg
        return self.tensors[name]

    def depends_on(self, vid: int) -> frozenset[str]:
        """Whether a value depends on the loop's induction variable ('iv') or on a program id ('pid')."""
        if vid in self.depends:
            return self.depends[vid]
        self.depends[vid] = frozenset()
        out: set[str] = set()
        assert self.loop is not None
        if vid == self.loop.blocks[0].args[0]:
            out.add("iv")
        elif vid in self.loop.blocks[0].args:  # a carried pointer or offset: advanced every iteration
            out.add("iv")
        elif vid in self.tm.block_args and vid not in self.tm.arg_names:  # an outer loop's: the CTA's work item
            out.add("pid")
        d = self.tm.defs.get(vid)
        if d is not None:
            if d.name == "tt.get_program_id":
                out.add("pid")
            for o in d.operands:
                out |= self.depends_on(o)
        self.depends[vid] = frozenset(out)
        return self.depends[vid]

    def index_for(self, vid: int, origin: TOp) -> SSAValue:
        dep = self.depends_on(vid)
        if "iv" in dep:
            assert self.iv is not None
            return self.iv
        if "pid" in dep:
            assert self.bid is not None
            return self.bid
        return self.const_index(0, origin)

    def operand(self, op: TOp, i: int) -> Val:
        return self.value(op.operands[i], op)

    def tile_operand(self, op: TOp, i: int) -> SSAValue:
        v = self.operand(op, i)
        if v.buffer is not None:
            return self.read_buffer(v.buffer, op)
        if v.value is None:
            vid = op.operands[i]
            ty, d = self.type_of(vid), self.tm.defs.get(vid)
            shape = _shape(ty)
            what = f"{'x'.join(map(str, shape[0]))}x{shape[1]}" if shape else ty
            origin = f" from '{d.name}'" if d is not None else ""
            why = (
                "an integer tensor is index arithmetic to the importer (an integer tile is a load of integers "
                "and the ops on it)"
                if shape and re.fullmatch(r"i\d+", shape[1])
                else "it has no tile equivalent"
            )
            raise self.error(op, f"'{op.name}' reads a {what}{origin} (operand {i}): {why}")
        return v.value

    def read_buffer(self, buf: int, op: TOp) -> SSAValue:
        if buf not in self.state:
            raise self.error(op, "reads a tensor-memory buffer before anything is written to it")
        return self.state[buf]

    # -- ops ---------------------------------------------------------------------

    def result_tile(self, op: TOp, i: int = 0) -> TileType:
        shape = _shape(op.result_types[i])
        if shape is None and op.name in ("tt.load", "tt.descriptor_load"):
            raise self.error(
                op,
                f"'{op.name}' of one {op.result_types[i]} (a scalar load: the pointer has no block of offsets), "
                "which has no tile equivalent: a tile is read as a block",
            )
        if shape is None or shape[1] not in ELEMENTS:
            raise self.error(op, f"'{op.name}' gives {op.result_types[i]}, which has no tile equivalent")
        return TileType(shape[0], ELEMENTS[shape[1]])

    def set(self, op: TOp, val: Val, i: int = 0) -> None:
        self.vals[op.results[i]] = val

    def val_of(self, value: SSAValue | None) -> Val:
        return Val(value)

    def convert(self, op: TOp) -> None:
        name = op.name
        if name in SCALED_MMAS:
            raise self.error(
                op,
                f"unsupported op '{name}' (tl.dot_scaled: a block-scaled MMA, each 32 elements of K scaled by an "
                "e8m0 factor; the tile IR's mma has no scale operands, and dropping them would change the result)",
            )
        if (
            not self.int_data_op(op)
            and op.results
            and all(_is_index(t) for t in op.result_types)
            and name
            not in MMAS
            + (
                "ttng.tmem_store",
                "ttng.tmem_alloc",
            )
        ):
            if any("async.token" in t for t in op.result_types) and any(
                _is_float_data(self.type_of(o)) for o in op.operands
            ):  # an op on tiles whose only results are tokens does work: not index arithmetic
                raise self.error(op, f"unsupported op '{name}' (it works on tiles and gives only tokens)")
            for r in op.results:
                self.vals[r] = self.index_value(op, r)
            return
        if name == "tt.make_tensor_descriptor":
            shape = _shape(op.result_types[0])
            assert shape is not None
            rank = len(shape[0])
            ptr_name = self.tm.arg_names.get(op.operands[0], "T")
            dims: list[str | int] = [self.tm.arg_names.get(op.operands[1 + i], f"{ptr_name}_d{i}") for i in range(rank)]
            self.dims[ptr_name] = dims
            self.set(op, Val(tensor=(ptr_name, shape[1])))
        elif name == "tt.load" and (_shape(op.result_types[0]) is None or scalars.one_element(op.result_types[0])):
            if self.tiles is not None:
                raise self.error(op, POINTER_REFUSAL.format(name=name))
            scalars.load_scalar(self, op)
        elif name in ("tt.descriptor_load", "tt.load"):
            src = self.operand(op, 0)
            if src.tensor is None:
                raise self.error(op, f"'{name}' of a pointer that is not derived from a kernel argument")
            ty = self.result_tile(op)
            tensor = self.tensor_arg(src.tensor, ty.rank, op)
            transposed = name == "tt.load" and ty.rank == 2 and self.stored_transposed(op)
            if transposed:  # columns contiguous: the transpose of a tile of the tensor stored the other way
                ty = TileType(list(reversed(ty.get_shape())), ty.element_type)
            if name == "tt.descriptor_load" and self.tiles is not None:
                box = self.result_tile(op).get_shape()
                indices = [self.tile_index(o, b, op) for o, b in zip(op.operands[1 : 1 + ty.rank], box, strict=True)]
            elif name == "tt.descriptor_load":
                indices = [self.index_for(o, op) for o in op.operands[1 : 1 + ty.rank]]
            elif self.tiles is not None:
                indices = self.pointer_tile_indices(op.operands[0], self.result_tile(op).get_shape(), transposed, op)
            else:
                indices = self.pointer_indices(op.operands[0], ty.rank, op)
            new = self.emit(tile.LoadOp(tensor, indices, ty), op)
            self.set(op, Val(new.results[0], transposed))
        elif name in ("tt.store", "tt.descriptor_store"):
            dst = self.operand(op, 0)
            if dst.tensor is None:
                raise self.error(op, f"'{name}' to a pointer that is not derived from a kernel argument")
            at = 1 if name == "tt.store" else store_value_at(op, self.type_of)
            value = self.tile_operand(op, at)
            if name == "tt.store" and not isinstance(value.type, TileType):  # one number
                if self.tiles is not None:
                    raise self.error(op, POINTER_REFUSAL.format(name=name))
                scalars.store_scalar(self, op, value)
                return
            vt = value.type
            assert isinstance(vt, TileType)
            tensor = self.tensor_arg(dst.tensor, vt.rank, op)
            tt = tensor.type
            assert isinstance(tt, TensorType)
            if vt.element_type != tt.element_type:
                value = self.emit(tile.CastOp(value, tt.element_type), op).results[0]
            if name == "tt.descriptor_store" and self.tiles is not None:
                box = vt.get_shape()
                offsets = [o for i, o in enumerate(op.operands[1:], 1) if i != at]
                indices = [self.tile_index(o, b, op) for o, b in zip(offsets, box, strict=True)]
            elif name == "tt.descriptor_store":
                indices = [self.index_for(o, op) for i, o in enumerate(op.operands[1:], 1) if i != at]
            elif self.tiles is not None:
                indices = self.pointer_tile_indices(op.operands[0], vt.get_shape(), False, op)
            else:
                indices = self.pointer_indices(op.operands[0], vt.rank, op)
            self.emit(tile.StoreOp(value, tensor, indices), op)
        elif name in PASS_THROUGH and self.pass_join(op):
            return
        elif name in PASS_THROUGH or name == "ttng.warp_group_dot_wait":
            if not op.operands:
                for r in op.results:
                    self.vals[r] = DROPPED
                return
            for i, r in enumerate(op.results):
                self.vals[r] = self.operand(op, i if name == "ttng.warp_group_dot_wait" else 0)
                if self.vals[r].value is not None:
                    self.fold(op, self.vals[r].value)
        elif name in TRANSPOSES and self.trans_join(op):
            return
        elif name in TRANSPOSES:
            v = self.operand(op, 0)
            self.set(op, Val(v.value, not v.transposed, v.buffer))
            if v.value is not None:
                self.fold(op, v.value)
        elif name == "tt.expand_dims":
            axis = op.int_attr("axis")
            v = self.operand(op, 0)
            vt = v.value.type if v.value is not None else None
            if v.value is not None and not isinstance(vt, TileType):  # a one-element tensor: a scalar
                self.set(op, v)
                return
            if not isinstance(vt, TileType) or vt.rank != 1 or axis not in (0, 1):
                raise self.error(op, "unsupported op 'tt.expand_dims' (only a vector [N] -> [N, 1] or [1, N])")
            if axis == 1:  # x[:, None]: a rank-1 tile is per row as it is
                self.set(op, v)
            else:  # x[None, :]: per column, [1, C]
                new = self.emit(tile.ExpandDimsOp(v.value, 0), op)
                self.set(op, Val(new.results[0]))
        elif name == "tt.splat":
            v = self.operand(op, 0)
            if v.value is None:
                raise self.error(op, f"unsupported op 'tt.splat' of {self.tm.arg_types.get(op.operands[0], 'a value')}")
            self.set(op, v)
        elif name == "arith.constant":
            self.set(op, self.constant(op))
        elif name == "ttng.tmem_alloc":
            if op.operands:
                self.set(op, self.operand(op, 0))
            else:
                self.set(op, Val(buffer=op.results[0]))
            for r in op.results[1:]:
                self.vals[r] = DROPPED
        elif name == "ttng.tmem_store":
            dst, src = self.tmem_store_operands(op)
            buf = self.buffer_of(dst)
            self.state[buf] = self.tile_operand(op, op.operands.index(src))
            self.fold(op, self.state[buf])
            for r in op.results:
                self.vals[r] = DROPPED
        elif name == "ttng.tmem_load":
            buf = self.buffer_of(op.operands[0])
            value = self.read_buffer(buf, op)
            self.fold(op, value)
            self.set(op, Val(value))
            for r in op.results[1:]:
                self.vals[r] = DROPPED
        elif name in MMAS:
            self.mma(op)
        elif name == "tt.join":
            self.join(op)
        elif name in ("tt.reshape", "ttg.memdesc_reshape") and self.pending_join(op) is not None:
            self.reshape(op)  # a tt.join's pair interleaved
        elif name in INT_OPS and self.int_data_op(op):
            self.integer_op(op)
        elif name in INT_CASTS and self.int_data(op.operands[0]):
            self.integer_cast(op)
        elif name in BINARY:
            lhs, rhs = self.tile_operand(op, 0), self.tile_operand(op, 1)
            if not isinstance(lhs.type, TileType) and not isinstance(rhs.type, TileType):
                new = self.emit(SCALAR_BINARY[name](lhs, rhs), op)  # arithmetic of scalars stays scalar
                self.set(op, Val(new.results[0]))
                return
            expected = tile.broadcast_type(lhs.type, rhs.type)
            if isinstance(expected, str):
                raise self.error(op, f"'{name}': {expected}")
            new = self.emit(BINARY[name](lhs, rhs, expected), op)
            self.set(op, Val(new.results[0]))
        elif name in UNARY:
            x = self.tile_operand(op, 0)
            if not isinstance(x.type, TileType):
                self.set(op, Val(scalars.scalar_math(self, op, x)))
                return
            new = self.emit(UNARY[name](x), op)
            self.set(op, Val(new.results[0]))
        elif name in ("arith.sitofp", "arith.uitofp") and _shape(self.type_of(op.operands[0])) is None:
            # an integer scalar (an index: a size, the loop variable) as a number: `1 / n_cols`
            res = op.result_types[0]
            if res not in ELEMENTS:
                raise self.error(op, f"unsupported op '{name}' to {res}")
            index = self.scalar_index(op.operands[0], op)
            as_int = self.emit(arith.IndexCastOp(index, i32), op).results[0]
            self.set(op, Val(self.emit(arith.SIToFPOp(as_int, ELEMENTS[res]), op).results[0]))
        elif name in CASTS:
            x = self.tile_operand(op, 0)
            res = _shape(op.result_types[0])
            element = res[1] if res is not None else op.result_types[0]
            if element not in ELEMENTS:
                raise self.error(op, f"unsupported op '{name}' to {element}")
            if not isinstance(x.type, TileType):  # a number: converted where its float type changes
                self.set(op, Val(scalars.convert_number(self, op, x, ELEMENTS[element])))
                return
            new = self.emit(tile.CastOp(x, ELEMENTS[element]), op)
            self.set(op, Val(new.results[0]))
        elif name == "tt.reduce":
            self.reduce(op)
        elif name == "tt.reshape":  # not of a join: a no-op, or a tile read whole by a reduction
            scalars.reshape(self, op)
        elif name == "ttg.memdesc_reshape":
            self.reshape(op)  # refused, located: a reshape of a tile that is not a join's pair
        elif name == "scf.if" and self.sink is self.body_ops:
            self.condition(op)
        elif name in ("scf.if", "scf.for", "scf.while"):
            if self.sink is self.body_ops:
                what = "condition" if name == "scf.if" else "nested loop"
                raise self.error(
                    op,
                    f"unsupported op '{name}' in the loop's body: a {what} has no tile form (each iteration "
                    "runs the same ops)",
                )
            raise self.error(op, f"unsupported op '{name}' before the loop: the loop reads a value it computes")
        elif name == "arith.select" and _shape(op.result_types[0]) is not None:
            self.select(op)
        else:
            raise self.error(op, f"unsupported op '{name}'")

    def condition(self, op: TOp) -> None:
        """An `scf.if` in the loop's body: the branch the loop's range takes in
        every iteration imported in its place (its results the values that
        branch yields), the other dead (`ttgir_conditions.branch_taken`); any
        other condition is a located refusal saying which kind it is."""
        assert self.loop is not None
        taken = branch_taken(self.tm, self.loop, op.operands[0])
        if taken is None and not isinstance(self.loop, OneTripRegion) and self.side_effect_free(op):
            self.select_branches(op)
            return
        if taken is None:
            varies = "iv" in self.depends_on(op.operands[0])
            raise self.error(op, condition_refusal(varies, isinstance(self.loop, OneTripRegion), self.effect_of(op)))
        branch = op.blocks[0] if taken else (op.blocks[1] if len(op.blocks) > 1 else None)
        yielded: list[int] = []
        for inner in branch.ops if branch is not None else []:
            if inner.name == "scf.yield":
                yielded = inner.operands
            else:
                self.convert(inner)
        for r, v in zip(op.results, yielded, strict=True):
            self.vals[r] = self.value(v, op)

    def effect_of(self, op: TOp) -> TOp | None:
        """The first op in an `scf.if`'s branches with an effect a select
        cannot undo (a store, an atomic, a loop, tensor memory written,
        an MMA), or None."""
        return next((o for o in op.walk() if o is not op and _has_effect(o)), None)

    def side_effect_free(self, op: TOp) -> bool:
        """An `scf.if` whose branches only compute the values they yield,
        each a float tile or number: both can run, a select keeping one."""
        if self.effect_of(op) is not None or len(op.blocks) != 2:
            return False
        return all(scalars.is_scalar_data(t) or _is_float_data(t) for t in op.result_types)

    def select_branches(self, op: TOp) -> None:
        """An `scf.if` on a uniform condition the loop's range does not decide
        (`roffset == 0`: the first iteration takes one branch, the others the
        other), both branches free of side effects: each branch imported in
        turn, and each result a `tile.select` on the condition (one `i1`,
        `uniform_condition`) of the two branches' values. Every iteration
        computes both; the loop stays one loop, scheduled as one (no peeled
        iteration, no value passed between loops through memory)."""
        cond = self.uniform_condition(op.operands[0], op)
        yields: list[TOp] = []
        for branch in op.blocks:
            for inner in branch.ops:
                if inner.name == "scf.yield":
                    yields.append(inner)
                else:
                    self.convert(inner)
        for k, r in enumerate(op.results):
            a_id, b_id = (y.operands[k] for y in yields)
            if a_id == b_id:
                self.vals[r] = self.value(a_id, op)
                continue
            a, b = (self.float_operand(y, k) for y in yields)
            if a is b:
                self.vals[r] = Val(a)
                continue
            if not isinstance(a.type, TileType) and not isinstance(b.type, TileType):
                self.vals[r] = Val(self.emit(arith.SelectOp(cond, a, b), op).results[0])
                continue
            result = tile.select_type(cond.type, a.type, b.type)
            if isinstance(result, str):
                raise self.error(op, f"'scf.if' as a select: {result}")
            self.vals[r] = Val(self.emit(tile.SelectOp(cond, a, b, result), op).results[0])

    def uniform_condition(self, vid: int, user: TOp) -> SSAValue:
        """An `i1` scalar (the same in every thread of the CTA) as one `i1`:
        `arith.cmpi` of index scalars (`scalar_index`), `&` / `|` / `^` of
        such, a constant."""
        if vid in self.indices:
            return self.indices[vid]
        d = self.tm.defs.get(vid)
        saved = self.sink
        self.sink = self.body_ops if "iv" in self.depends_on(vid) else self.pre
        try:
            if d is not None and d.name == "arith.cmpi":
                pred = CMPI.get(d.int_attr("predicate") or 0)
                if pred is None:
                    raise self.error(d, "unsupported op 'arith.cmpi' (predicate)")
                lhs, rhs = (self.scalar_index(o, d) for o in d.operands[:2])
                signed = pred if pred in ("eq", "ne") else "s" + pred
                out = self.emit(arith.CmpiOp(lhs, rhs, signed), d).results[0]
            elif d is not None and d.name in ("arith.andi", "arith.ori", "arith.xori"):
                lhs, rhs = (self.uniform_condition(o, d) for o in d.operands[:2])
                kind = {"arith.andi": arith.AndIOp, "arith.ori": arith.OrIOp, "arith.xori": arith.XOrIOp}[d.name]
                out = self.emit(kind(lhs, rhs), d).results[0]
            elif d is not None and d.name == "arith.constant" and (k := d.int_attr("value")) is not None:
                out = self.emit(arith.ConstantOp(IntegerAttr(k & 1, IntegerType(1))), d).results[0]
            else:
                raise self.error(
                    d or user,
                    f"unsupported op '{(d or user).name}' in a condition (a uniform condition is a comparison of "
                    "integer scalars: the program id, the loop's variable, kernel arguments, constants)",
                )
        finally:
            self.sink = saved
        self.indices[vid] = out
        return out

    def fold(self, op: TOp, value: SSAValue) -> None:
        """Record that a Triton op with no tile op of its own belongs to the op defining `value`."""
        owner = value.owner
        if isinstance(owner, tile.ForOp):  # a loop's result (read after it): the loop stands for its scf.for only
            return
        if isinstance(owner, Operation) and "twill.triton" in owner.attributes:
            attr = owner.attributes["twill.triton"]
            assert isinstance(attr, ArrayAttr)
            owner.attributes["twill.triton"] = ArrayAttr([*attr.data, IntegerAttr(op.index, i64)])

    # -- masks: index tensors, comparisons, selects -----------------------------

    def select(self, op: TOp) -> None:
        """`arith.select` of float tensors: `tile.select`, its condition
        imported from the index arithmetic it reads (`mask_operand`); a splat
        constant operand is a scalar, as `.tile`'s `where(c, s, -inf)`."""
        cond = self.mask_operand(op.operands[0], op)
        values = [self.float_operand(op, i) for i in (1, 2)]
        result = tile.select_type(cond.type, values[0].type, values[1].type)
        if isinstance(result, str):
            raise self.error(op, f"'arith.select': {result}")
        new = self.emit(tile.SelectOp(cond, values[0], values[1], result), op)
        self.set(op, Val(new.results[0]))

    def float_operand(self, op: TOp, i: int) -> SSAValue:
        """Operand `i` of a select, a float comparison or a value an `scf.if`
        yields (`op` the yield): a splat constant as the scalar it is
        (`.tile`'s `where(c, s, -inf)`, `x == -inf`), else the tile it stands for."""
        d = self.tm.defs.get(op.operands[i])
        if d is not None and d.name == "arith.constant" and _shape(d.result_types[0]) is not None:
            value = _constant_value(d, self.tm.text)
            element = _shape(d.result_types[0])[1]  # type: ignore[index]
            if value is None or element not in ELEMENTS:
                raise self.error(d, "unsupported op 'arith.constant' (not a splat of one number)")
            const = arith.ConstantOp(FloatAttr(value, ELEMENTS[element]))  # type: ignore[arg-type]
            return self.emit(const, d).results[0]
        return self.tile_operand(op, i)

    def float_compare(self, d: TOp) -> SSAValue:
        """`arith.cmpf` of float tensors (`tl.where(m == float('-inf'), 0., m)`):
        a data-dependent `tile.cmp` of the tiles (a splat constant a scalar).
        The ordered predicates and `une` (`!=`) are C++'s comparisons of
        floats; the other unordered ones (true on NaN) are refused."""
        pred = CMPF.get(d.int_attr("predicate") or 0) if d.int_attr("predicate") is not None else None
        if pred is None:
            raise self.error(
                d,
                "unsupported op 'arith.cmpf' (predicate: the ordered comparisons <, <=, >, >=, == and != are "
                "imported; an unordered one, true where an operand is NaN, is not)",
            )
        lhs, rhs = self.float_operand(d, 0), self.float_operand(d, 1)
        expected = tile.compare_type(lhs.type, rhs.type)
        if isinstance(expected, str):
            raise self.error(d, f"'arith.cmpf': {expected}")
        return self.emit(tile.CmpOp(pred, lhs, rhs, expected), d).results[0]

    def mask_operand(self, vid: int, user: TOp, target: tuple[list[int], int | None] | None = None) -> SSAValue:
        """An integer or boolean tensor (or scalar) that a select reads, as
        tile IR: comparisons `tile.cmp`, `&` / `|` `tile.and` / `tile.or`, an
        index tensor `tile.iota` plus an `i32` offset (`Index`). Made where
        the loop's iteration first matters: in the body when it depends on
        the induction variable, else before the loop. A rank-1 mask that is
        expanded (`m[:, None]`, `m[None, :]`) and broadcast afterwards is built
        at the tile's shape from the start: `target` is that shape and the
        axis its vector runs along (0 rows, 1 columns)."""
        key = (vid, None if target is None else (tuple(target[0]), target[1]))
        if key in self.masks:
            return self.masks[key]
        d = self.tm.defs.get(vid)
        ty = self.type_of(vid)
        shape = _shape(ty)
        saved = self.sink
        self.sink = self.body_ops if "iv" in self.depends_on(vid) else self.pre
        try:
            if d is not None and d.name == "arith.cmpf" and shape is not None:
                out = self.float_compare(d)
            elif d is not None and d.name == "arith.cmpi" and shape is not None:
                pred = CMPI.get(d.int_attr("predicate") or 0) if d.int_attr("predicate") is not None else None
                if pred is None:
                    raise self.error(d, "unsupported op 'arith.cmpi' (predicate)")
                lhs = self.mask_operand(d.operands[0], d, target)
                rhs = self.mask_operand(d.operands[1], d, target)
                expected = tile.compare_type(lhs.type, rhs.type)
                if isinstance(expected, str):
                    raise self.error(d, f"'arith.cmpi': {expected}")
                out = self.emit(tile.CmpOp(pred, lhs, rhs, expected), d).results[0]
            elif d is not None and d.name in LOGIC and shape is not None and shape[1] == "i1":
                lhs = self.mask_operand(d.operands[0], d, target)
                rhs = self.mask_operand(d.operands[1], d, target)
                expected = tile.logic_type(lhs.type, rhs.type)
                if isinstance(expected, str):
                    raise self.error(d, f"'{d.name}': {expected}")
                out = self.emit(LOGIC[d.name](lhs, rhs, expected), d).results[0]
            elif d is not None and shape is not None and shape[1] == "i1" and d.name in MASK_PASS_THROUGH:
                inner = target
                if d.name == "tt.broadcast" and target is None:
                    inner = (shape[0], None)
                elif d.name == "tt.expand_dims":
                    axis = d.int_attr("axis") or 0
                    inner = (target[0] if target is not None else shape[0], 1 - axis)
                out = self.mask_operand(d.operands[0], d, inner)
            else:
                out = self.index_tile(vid, shape, d or user, target)
        finally:
            self.sink = saved
        self.masks[key] = out
        return out

    def index_tile(
        self,
        vid: int,
        shape: tuple[list[int], str] | None,
        origin: TOp,
        target: tuple[list[int], int | None] | None = None,
    ) -> SSAValue:
        """An integer tensor read as one index vector along rows or columns
        plus a scalar offset: `tile.iota` + the offset cast to `i32`, as
        `.tile`'s `iota_rows(R, C) + bid * BM`; an integer scalar, or a splat
        of one, the offset alone (`cols < N`: a tile compared with a scalar).
        A rank-1 vector with a `target` is read at the target's shape along
        its axis."""
        ix = self.read_index(vid)
        if ix is not None and shape is not None and len(shape[0]) == 1 and ix.dim != -1 and target is None:
            ix = Index(0, ix.origin, ix.start, ix.terms, ix.added)  # a vector's mask: a rank-1 index tile
        elif ix is not None and shape is not None and len(shape[0]) == 1 and ix.dim != -1:
            if target[1] is None or len(target[0]) != 2:
                raise self.error(
                    origin,
                    f"unsupported op '{origin.name}' in a mask: a rank-1 index tensor (the mask is compared before "
                    "it is expanded to the tile's rows or columns; the tile IR builds masks on rank-2 tiles)",
                )
            shape = (target[0], shape[1])
            ix = Index(target[1], ix.origin, ix.start, ix.terms, ix.added)
        if ix is None or (shape is not None and ix.dim != -1 and (len(shape[0]) not in (1, 2) or ix.dim is None)):
            raise self.error(
                origin,
                f"unsupported op '{origin.name}' in a mask (an index tensor is tt.make_range along rows or "
                "columns plus integer scalars: the program id, the loop's induction variable, constants)",
            )
        offset: SSAValue | None = None
        for term, coeff in ix.terms:
            v = self.scalar_index(term, ix.added or origin)
            if coeff != 1:
                v = self.emit(arith.MuliOp(v, self.const_index(coeff, origin)), ix.added or origin).results[0]
            offset = v if offset is None else self.emit(arith.AddiOp(offset, v), ix.added or origin).results[0]
        if ix.start:
            k = self.const_index(ix.start, origin)
            offset = k if offset is None else self.emit(arith.AddiOp(offset, k), ix.added or origin).results[0]
        if offset is None:
            offset = self.const_index(0, origin)
        as_i32 = self.emit(arith.IndexCastOp(offset, i32), ix.added or origin).results[0]
        if shape is None or ix.dim == -1:
            return as_i32
        assert ix.origin is not None
        iota = self.emit(tile.IotaOp(ix.dim, TileType(shape[0], i32)), ix.origin).results[0]
        if ix.added is None and not ix.terms and not ix.start:
            return iota
        return self.emit(tile.AddOp(iota, as_i32, TileType(shape[0], i32)), ix.added or origin).results[0]

    def read_index(self, vid: int) -> Index | None:
        """`vid` as an index vector plus scalars, or None."""
        d = self.tm.defs.get(vid)
        if _shape(self.type_of(vid)) is None:  # an integer scalar
            return Index(-1, None, 0, ((vid, 1),))
        if d is None:
            return None
        if d.name == "tt.make_range":
            return Index(None, d, d.int_attr("start") or 0)
        if d.name == "arith.constant":  # a splat of one integer: an offset
            value = _constant_value(d, self.tm.text)
            return None if value is None or value != int(value) else Index(-1, None, int(value))
        if d.name == "tt.splat":
            return self.read_index(d.operands[0])
        if d.name == "tt.expand_dims":
            ix = self.read_index(d.operands[0])
            if ix is None or ix.dim is not None:
                return ix if ix is not None and ix.dim == -1 else None
            return Index(1 - (d.int_attr("axis") or 0), ix.origin, ix.start, ix.terms, ix.added)
        if d.name in ("tt.broadcast", "ttg.convert_layout", *INDEX_CASTS):
            return self.read_index(d.operands[0])
        if d.name in ("arith.addi", "arith.subi"):
            a, b = self.read_index(d.operands[0]), self.read_index(d.operands[1])
            if a is None or b is None or b.dim != -1 and (a.dim != -1 or d.name == "arith.subi"):
                return None
            if b.dim != -1:
                a, b = b, a
            sign = -1 if d.name == "arith.subi" else 1
            terms = a.terms + tuple((t, sign * c) for t, c in b.terms)
            return Index(a.dim, a.origin, a.start + sign * b.start, terms, d)
        return None

    def scalar_index(self, vid: int, user: TOp) -> SSAValue:
        """An integer scalar as an `index` value: the program id `bid`, the
        loop's induction variable `lb + j * step` (`j` counting iterations,
        as the tile loop's variable does), constants, kernel arguments
        (`tile.size`), their `+`, `-`, `*`, `/`, `%`."""
        if vid in self.indices:
            return self.indices[vid]
        assert self.loop is not None
        saved = self.sink
        self.sink = self.body_ops if "iv" in self.depends_on(vid) else self.pre
        try:
            out = self._scalar_index(vid, user)
        finally:
            self.sink = saved
        self.indices[vid] = out
        return out

    def _scalar_index(self, vid: int, user: TOp) -> SSAValue:
        assert self.loop is not None
        if vid == self.loop.blocks[0].args[0]:
            assert self.iv is not None
            lb, step = self.loop.operands[0], self.loop.operands[2]
            scaled: SSAValue = self.iv
            if _int_constant(self.tm.defs.get(step)) != 1:
                scaled = self.emit(arith.MuliOp(self.iv, self.scalar_index(step, user)), user).results[0]
            if _int_constant(self.tm.defs.get(lb)) == 0:
                return scaled
            return self.emit(arith.AddiOp(self.scalar_index(lb, user), scaled), user).results[0]
        if vid in self.tm.arg_names and vid in self.tm.block_args:
            return self.int_argument(vid, user)
        if vid in self.tm.block_args and vid not in self.loop.blocks[0].args and "pid" in self.depends_on(vid):
            assert self.bid is not None  # an outer loop's variable or carried index: the CTA's work item
            return self.bid
        d = self.tm.defs.get(vid)
        if d is not None and (k := _int_constant(d)) is not None:
            return self.const_index(k, d)
        if d is not None and d.name == "tt.get_program_id":
            if self.tiles is not None and (d.int_attr("axis") or 0) == 0:
                raise self.error(
                    d,
                    "tl.program_id(0) read in a persistent kernel's tile loop: it is the CTA's id, and a CTA runs "
                    "several tiles (name the tile by the loop's tile id)",
                )
            return self.program_id(d.int_attr("axis") or 0, d)
        if d is not None and d.name == "tt.get_num_programs" and (d.int_attr("axis") or 0) in (1, 2):
            self.program_id(d.int_attr("axis") or 0, d)
            owner = self.grid_ids[d.int_attr("axis") or 0].owner
            assert isinstance(owner, tile.BlockIdOp) and owner.extent is not None
            return owner.extent
        if d is not None and d.name in INDEX_ARITH:
            lhs, rhs = self.scalar_index(d.operands[0], d), self.scalar_index(d.operands[1], d)
            return self.emit(INDEX_ARITH[d.name](lhs, rhs), d).results[0]
        if d is not None and d.name in INDEX_CASTS:
            return self.scalar_index(d.operands[0], d)
        if d is not None and d.name == "tt.load" and _shape(d.result_types[0]) is None:
            return scalars.load_index(self, d, user)
        if d is not None and d.name == "tt.get_num_programs":
            raise self.error(
                d,
                f"unsupported op 'tt.get_num_programs' along axis 0 in {self.index_context} (the grid's extent "
                "along axis 0 is derived from the kernel's stores: no value the kernel reads; along axes 1 and 2 "
                "it is the launcher's argument grid_y / grid_z)",
            )
        raise self.error(
            d or user,
            f"unsupported op '{(d or user).name}' in {self.index_context} (an index scalar is the program id, the "
            "loop's induction variable, a constant, a kernel argument, and their +, -, *, /, %, min, max)",
        )

    def program_id(self, axis: int, d: TOp) -> SSAValue:
        """The program id along `axis`: `bid` (axis 0), or `bid_y` / `bid_z`,
        a `tile.block_id` of that axis whose extent, the grid's along it
        (what `tl.num_programs(axis)` reads), is an integer argument the
        function gains, `num_programs_1` / `num_programs_2`: Triton's grid
        is chosen by the caller at launch, so twillc's launcher takes it."""
        if axis == 0:
            assert self.bid is not None
            return self.bid
        if axis not in (1, 2):
            raise self.error(d, f"unsupported op '{d.name}' along axis {axis} (a grid has axes 0, 1 and 2)")
        if axis not in self.grid_ids:
            taken = {a.name_hint for a in self.entry.args} | set(self.tm.arg_names.values())
            name = f"grid_{'xyz'[axis]}"
            while name in taken:
                name += "_"
            arg = self.entry.insert_arg(i32, len(self.entry.args))
            arg.name_hint = name
            extent = arith.IndexCastOp(arg, IndexType())
            extent.results[0].name_hint = name
            block = tile.BlockIdOp(axis, extent.results[0])
            block.results[0].name_hint = tile.BLOCK_NAMES[axis]
            self.grid_ids[axis] = self.hoist(block, d)
            self.hoist(extent, d)  # before its block id: hoist inserts first
        return self.grid_ids[axis]

    def int_argument(self, vid: int, user: TOp) -> SSAValue:
        """An integer kernel argument as an index: a tensor's size where a
        `tt.make_tensor_descriptor` names it one (`tile.size`, a size the
        kernel's tensors declare), else an integer scalar argument of the
        function (`%K: i32`) cast to `index` at the entry, as `.tile` writes
        `K: i32`."""
        name = self.tm.arg_names[vid]
        if vid in self.int_args:
            return self.int_args[vid]
        ty = self.tm.arg_types.get(vid, "")
        m = re.fullmatch(r"i(\d+)", ty)
        if vid in self.descriptor_dims or m is None:
            out = self.hoist(tile.SizeOp(name), user)
        else:
            arg = self.entry.insert_arg(IntegerType(int(m.group(1))), len(self.entry.args))
            arg.name_hint = name
            out = self.hoist(arith.IndexCastOp(arg, IndexType()), user)
        self.int_args[vid] = out
        return out

    def type_of(self, vid: int) -> str:
        d = self.tm.defs.get(vid)
        if d is None:
            return self.tm.arg_types.get(vid, "")
        return d.result_types[d.results.index(vid)]

    def index_value(self, op: TOp, r: int) -> Val:
        """Index arithmetic: dropped, but a pointer keeps the tensor argument it reads."""
        if op.name in ("tt.splat", "tt.addptr", "tt.broadcast", "ttg.convert_layout", "tt.expand_dims"):
            base = self.value(op.operands[0], op) if op.operands else DROPPED
            if base.tensor is not None:
                return Val(tensor=base.tensor)
        return DROPPED

    def stored_transposed(self, op: TOp) -> bool:
        """Whether a rank-2 `tt.load` reads a tile whose rows are contiguous
        in memory (`ttgir_layout.column_major`: `B + k[:, None] + n[None, :] *
        stride_bn`) that only MMAs read (through shared-memory allocations and
        transposes): imported as the [N, K] tile of the tensor stored [N, K],
        the MMA reading its transpose, as TMA and an FP8 MMA need it."""
        if not column_major(self.tm, op.operands[0], self.loop):
            return False
        todo, seen = list(op.results), set()
        while todo:
            vid = todo.pop()
            if vid in seen:
                continue
            seen.add(vid)
            for user in self.tm.ops:
                if vid not in user.operands:
                    continue
                if user.name in MMAS and user.operands.index(vid) in (0, 1):
                    continue
                if user.name in ("ttg.local_alloc", "ttg.local_load", "ttg.convert_layout", *TRANSPOSES):
                    todo += user.results
                    continue
                return False
        return True

    def pointer_indices(self, ptr: int, rank: int, op: TOp) -> list[SSAValue]:
        """A pointer load's tile index, summarised: the loop's iteration in the
        last dimension when the pointer moves with the loop, the program id in the others."""
        moves = "iv" in self.depends_on(ptr)
        out = [self.bid for _ in range(rank)]
        if moves:
            out[-1] = self.iv
        return [v if v is not None else self.const_index(0, op) for v in out]

    def constant(self, op: TOp) -> Val:
        ty = op.result_types[0]
        shape = _shape(ty)
        element = shape[1] if shape else ty
        if element not in ("f32", "f16", "bf16"):
            return DROPPED
        text = self.tm.text
        value = _constant_value(op, text)
        if value is None:
            raise self.error(op, "unsupported op 'arith.constant' (not a splat of one number)")
        if shape is not None and self.sink is self.pre and not scalars.one_element(ty):
            tt = TileType(shape[0], ELEMENTS[element])
            new: Operation = tile.ZerosOp(tt) if value == 0.0 else tile.FullOp(value, tt)
        else:
            new = arith.ConstantOp(FloatAttr(value, ELEMENTS[element]))  # type: ignore[arg-type]
        self.emit(new, op)
        return Val(new.results[0])

    def mma(self, op: TOp) -> None:
        acc_ty = self.type_of(self.buffer_of(op.operands[2])) if op.name == "ttng.tc_gen5_mma" else op.result_types[0]
        acc_shape = _shape(acc_ty)
        operands = [_shape(self.type_of(o)) for o in op.operands[:2]]
        ints = [s is not None and s[1] == "i8" for s in operands]
        want = "i32" if all(ints) else "f32"
        f16_operands = all(s is not None and s[1] in tile.F16_ACCUMULATING for s in operands)
        if acc_shape is not None and acc_shape[1] != want and not (acc_shape[1] == "f16" and f16_operands):
            what = (
                "an integer MMA (int8 x int8) accumulates in i32"
                if all(ints)
                else "tile.mma accumulates in f32, or in f16 for f16 operands"
            )
            raise self.error(op, f"unsupported op '{op.name}' accumulating in {acc_shape[1]} ({what})")
        a, b = self.operand(op, 0), self.operand(op, 1)
        lhs, rhs = self.tile_operand(op, 0), self.tile_operand(op, 1)
        acc: SSAValue | None
        buf = None
        if op.name == "ttng.tc_gen5_mma":
            buf = self.buffer_of(op.operands[2])
            use_acc = self.tm.defs.get(op.operands[4]) if len(op.operands) > 4 else None
            acc = None if use_acc is not None and _constant_false(use_acc) else self.state.get(buf)
            d = self.tm.defs.get(buf)
            shape = _shape(d.result_types[0]) if d is not None else None
            if shape is None:
                raise self.error(op, "an MMA into a tensor-memory buffer of unknown shape")
            ty = TileType(shape[0], ELEMENTS[shape[1]])
        else:
            acc = self.tile_operand(op, 2) if len(op.operands) > 2 else None
            ty = self.result_tile(op)
        if acc is not None and _is_zeros(acc):
            acc = None
        new = self.emit(tile.MmaOp(lhs, rhs, acc, ty, a.transposed, b.transposed), op)
        if buf is not None:
            self.state[buf] = new.results[0]
            for r in op.results:
                self.vals[r] = DROPPED
        else:
            self.set(op, Val(new.results[0]))

    def reduce(self, op: TOp) -> None:
        axis = op.int_attr("axis")
        body = [o for o in op.blocks[0].ops if o.name != "tt.reduce.return"] if op.blocks else []
        kinds = {o.name for o in body}
        if len(kinds) != 1 or next(iter(kinds)) not in REDUCERS or len(op.results) != 1:
            raise self.error(op, f"unsupported op 'tt.reduce' (a reduction by {', '.join(sorted(kinds)) or 'nothing'})")
        if _shape(op.result_types[0]) is None or scalars.one_element(op.result_types[0]):  # to one number
            value = scalars.all_reduce(self, op, next(iter(kinds)))
            for o in body:
                self.fold(o, value)
            self.set(op, Val(value))
            return
        x = self.tile_operand(op, 0)
        xt = x.type
        if not isinstance(xt, TileType) or xt.rank != 2 or axis not in (0, 1):
            raise self.error(op, "unsupported op 'tt.reduce' (only a rank-2 tile's rows or columns reduce to a tile)")
        new = self.emit((REDUCERS if axis == 1 else COLUMN_REDUCERS)[next(iter(kinds))](x), op)
        for o in body:  # the combiner belongs to the reduction
            self.fold(o, new.results[0])
        self.set(op, Val(new.results[0]))


EFFECTS = ("scf.for", "scf.while", "ttng.tc_gen5_mma", "tt.print", "tt.assert")
"""Ops besides stores and atomics that an `scf.if`'s branch may not hold to become a select."""


def _has_effect(op: TOp) -> bool:
    """An op whose effect is more than the values it gives: memory written,
    a loop, an MMA into tensor memory (`tt.dot` gives a value: it may run in both)."""
    name = op.name
    return (
        "store" in name
        or "atomic" in name
        or name in ("scf.for", "scf.while", "ttng.tc_gen5_mma", "tt.print", "tt.assert")
    )


def _constant_false(op: TOp) -> bool:
    return op.name == "arith.constant" and op.result_types == ["i1"] and op.int_attr("value") == 0


def _int_constant(op: TOp | None) -> int | None:
    """An integer scalar constant's value."""
    if op is None or op.name != "arith.constant" or not re.fullmatch(r"i\d+|index", op.result_types[0]):
        return None
    return op.int_attr("value")


def _is_zeros(value: SSAValue) -> bool:
    return isinstance(value.owner, tile.ZerosOp)


_NUMBER = re.compile(r"dense<([^>]*)>|=\s*([-+0-9.eEinfa]+|0x[0-9A-Fa-f]+)\s*:")


def _constant_value(op: TOp, text: str) -> float | None:
    """A float constant's value, read from its line of the TTGIR text (the
    bindings give integers only)."""
    if op.text_pos is None:
        return None
    line = text.splitlines()[op.text_pos[0] - 1]
    m = re.search(r"arith\.constant\s+(?:dense<)?([^>:\s]+)", line)
    if m is None:
        return None
    word = m.group(1)
    try:
        if word.startswith("0x"):
            import struct

            # the bits of the constant's element type: bf16 the top half of an f32's, f16 IEEE half
            bits = int(word, 16)
            kind = re.search(r":\s*(?:tensor<(?:\d+x)*)?(bf16|f16|f32|f64)\b", line)
            elt = kind.group(1) if kind else "f32"
            if elt == "bf16":
                return struct.unpack(">f", (bits << 16).to_bytes(4, "big"))[0]
            if elt == "f16":
                return struct.unpack(">e", bits.to_bytes(2, "big"))[0]
            if elt == "f64":
                return struct.unpack(">d", bits.to_bytes(8, "big"))[0]
            return struct.unpack(">f", bits.to_bytes(4, "big"))[0] if len(word) <= 10 else float("nan")
        return float(word)
    except ValueError:
        return None


def _func_name(tm: TritonModule, op: TOp) -> str:
    if op.text_pos is None:
        return "kernel"
    line = tm.text.splitlines()[op.text_pos[0] - 1]
    m = re.search(r"@([\w$.]+)", line)
    return m.group(1) if m else "kernel"


def _ssa_name(tm: TritonModule, op: TOp | None) -> str | None:
    """The name Triton printed for an op's first result (`%num_tiles = ...`:
    the Python variable), if it is a plain identifier."""
    if op is None or op.text_pos is None:
        return None
    m = re.match(r"\s*%([A-Za-z_]\w*?)(?:_\d+)?(?::\d+)?\s*=", tm.text.splitlines()[op.text_pos[0] - 1])
    return m.group(1) if m else None


def _short(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None


def import_ttgir(tm: TritonModule, target: str | None) -> ModuleOp:
    """The `tile` module of a Triton module's innermost loop, verified."""
    from twillc.ir.verify import verify_located

    if target is None:
        attr = tm.root.handle.get_str_attr("ttg.target")  # type: ignore[attr-defined]
        target = {"cuda:90": "h100", "cuda:100": "b200"}.get(str(attr)) if attr is not None else None
    module = TtgirImporter(tm, target).run()
    verify_located(module)
    return module
