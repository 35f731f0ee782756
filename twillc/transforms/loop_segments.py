"""A kernel with several loops, one after another: one *segment* per loop.

A `.tile` kernel may hold several `for` loops in sequence (a two-pass
RMSNorm: the sum of squares over a row block's column chunks, then the
normalized chunks stored). Every pass after the front end works on one
loop, so before the first pass runs (`twillc.cli.compile.run_passes`) the
kernel is split: the module keeps the function as written (marked
`twill.loops`, the number of its loops: what `simulate` compares against and
what the launcher takes) and gains one nested `builtin.module` per loop,
`twill.segment = k`, holding a single-loop kernel `@NAME_loopK`:

- before its loop, what the loop reads from before it: loads (of tiles and of
  single numbers: a label read from memory that a branch's guard compares), index
  arithmetic, constant tiles, iota tiles and broadcast views (`v[None, :]`) are *recomputed* (cloned; a
  load is issued again), every other value computed by an earlier segment
  (a loop result, the tile math on it) is *passed*: stored by the segment
  computing it into a scratch tensor `tw_pass_NAME` (one tile per CTA, at
  `[bid]` / `[bid, 0]`, or one number per CTA at element `bid`, sized by
  `TW_PASS_NAME`) and loaded back here;
- its loop, as written;
- after it, the stores between it and the next loop and the ops they read
  (the other ops there belong to the next segment, before its loop), and
  the stores of the values later segments are passed; the last segment
  holds everything after the last loop.

A segment's function takes the kernel's arguments in order, then its
scratch tensors. Each segment is then an ordinary single-loop kernel:
scheduled, warp-specialized and planned on its own (its own II, stages,
warps and register budgets); code generation runs the segments one after
another in one CUDA kernel with a full barrier between them
(`twillc.lowering.cuda.segments`) and `simulate` runs them in sequence
against the function as written.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp, i64
from xdsl.ir import Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.tile_scalars import is_scalar_arith
from twillc.transforms.common import located_error

LOOPS = "twill.loops"
"""On the function as written: how many loops it holds (it is split)."""

SEGMENT = "twill.segment"
"""On a nested module: the index of the loop it holds."""

PASS_PREFIX = "tw_pass_"
"""Names of the scratch tensors that pass a value from one segment to a later one."""

_RECOMPUTED = (
    tile.BlockIdOp,
    tile.SizeOp,
    tile.LoadOp,
    tile.LoadScalarOp,
    tile.ZerosOp,
    tile.FullOp,
    tile.IotaOp,
    tile.ExpandDimsOp,
)


def top_loops(fn: Operation) -> list[tile.ForOp]:
    return [op for op in fn.regions[0].block.ops if isinstance(op, tile.ForOp)]


def kernel_func(module: ModuleOp) -> func.FuncOp | None:
    """The module's own function (not a segment's)."""
    return next((op for op in module.ops if isinstance(op, func.FuncOp)), None)


def segments(module: ModuleOp) -> list[ModuleOp]:
    """The module's segments in loop order (none: a one-loop kernel)."""
    return [op for op in module.ops if isinstance(op, ModuleOp) and SEGMENT in op.attributes]


def needs_split(module: ModuleOp) -> bool:
    fn = kernel_func(module)
    return fn is not None and not segments(module) and len(top_loops(fn)) > 1


def _recomputed(op: Operation) -> bool:
    return isinstance(op, _RECOMPUTED) or is_scalar_arith(op)


def split_loops(module: ModuleOp) -> None:
    """Add one segment module per loop (see the module docstring)."""
    fn = kernel_func(module)
    assert fn is not None
    block = fn.body.block
    loops = top_loops(fn)
    ops = [op for op in block.ops if not isinstance(op, func.ReturnOp)]
    for op in ops:
        if not (op.dialect_name() == "tile" or is_scalar_arith(op)):
            raise located_error(op, f"a kernel with several loops: '{op.name}' outside its loops is not supported")
    # which segment each placed op belongs to
    seg_of: dict[int, int] = {}
    region = 0
    regions: dict[int, int] = {}
    for op in ops:
        if isinstance(op, tile.ForOp):
            seg_of[id(op)] = region
            region += 1
            continue
        regions[id(op)] = region
    n = len(loops)
    for op in reversed(ops):
        if isinstance(op, tile.ForOp) or _recomputed(op):
            continue
        r = regions[id(op)]
        if r == 0:
            seg_of[id(op)] = 0
        elif r == n:
            seg_of[id(op)] = n - 1
        else:
            users = [u.operation for res in op.results for u in res.uses]
            # after loop r - 1 when a store there needs it (it is passed on if loop r reads it too)
            post = not op.results or any(seg_of.get(id(u)) == r - 1 for u in users)
            seg_of[id(op)] = r - 1 if post else r
    placed = [op for op in ops if id(op) in seg_of]

    def defining_segment(v: SSAValue) -> int | None:
        owner = v.owner
        if not isinstance(owner, Operation):
            return None
        if isinstance(owner, tile.ForOp) or id(owner) in seg_of:
            return seg_of[id(owner)]
        return None

    # values passed from one segment to a later one (in first-use order)
    passed: list[SSAValue] = []

    def visit(v: SSAValue, k: int, seen: set[int]) -> None:
        owner = v.owner
        if not isinstance(owner, Operation) or id(owner) in seen:
            return
        if _recomputed(owner) and id(owner) not in seg_of:
            seen.add(id(owner))
            for o in owner.operands:
                visit(o, k, seen)
            return
        d = defining_segment(v)
        if d is not None and d < k and v not in passed:
            if isinstance(v.type, tile.TileType) and _is_mask(v.type):
                raise located_error(
                    owner,
                    "a kernel with several loops: this comparison result is read by a later loop, and a mask is "
                    "not passed from one loop to the next: compute it again in that loop",
                )
            passed.append(v)

    for op in placed:
        k = seg_of[id(op)]
        for inner in op.walk():
            for o in inner.operands:
                if o.owner is not None and _outside(o, op):
                    visit(o, k, set())
    names = _pass_names(passed)
    for k in range(len(loops)):
        seg = _segment(module, fn, k, [op for op in placed if seg_of[id(op)] == k], passed, names, defining_segment)
        module.body.block.add_op(seg)
    fn.attributes[LOOPS] = IntegerAttr(n, i64)


def _is_mask(t: tile.TileType) -> bool:
    e = t.element_type
    return isinstance(e, IntegerType) and e.width.data == 1


def _outside(v: SSAValue, op: Operation) -> bool:
    """Whether `v` is defined outside `op` (an operand of one of its nested ops)."""
    owner = v.owner
    parent = owner.parent_op() if isinstance(owner, Operation) else owner.parent_block().parent_op()  # type: ignore[union-attr]
    while parent is not None:
        if parent is op:
            return False
        parent = parent.parent_op()
    return owner is not op


def _pass_names(passed: Sequence[SSAValue]) -> dict[SSAValue, str]:
    out: dict[SSAValue, str] = {}
    for i, v in enumerate(passed):
        base = (v.name_hint or f"v{i}").replace(".", "_")
        name = base
        k = 1
        while name in out.values():
            name, k = f"{base}_{k}", k + 1
        out[v] = name
    return out


def _scratch_type(v: SSAValue, name: str) -> tile.TensorType:
    t = v.type
    size = f"TW_PASS_{name.upper()}"
    if not isinstance(t, tile.TileType):  # a number (an online softmax's max and sum): one per CTA
        return tile.TensorType([size], t)
    shape = t.get_shape()
    dims: list[int | str] = [size] if len(shape) == 1 else [size, shape[1]]
    return tile.TensorType(dims, t.element_type)


def _segment(
    module: ModuleOp,
    fn: func.FuncOp,
    k: int,
    own: list[Operation],
    passed: list[SSAValue],
    names: dict[SSAValue, str],
    defining_segment,
) -> ModuleOp:
    """Segment k: its function, in its own module."""
    block = fn.body.block
    outgoing = [v for v in passed if defining_segment(v) == k]
    incoming = [v for v in passed if (d := defining_segment(v)) is not None and d < k and _read_in(v, own)]
    scratch = [v for v in passed if v in outgoing or v in incoming]
    types = [a.type for a in block.args] + [_scratch_type(v, names[v]) for v in scratch]
    seg_fn = func.FuncOp(f"{fn.sym_name.data}_loop{k}", (types, []))
    seg_fn.location = fn.location
    new = seg_fn.body.block
    for a, b in zip(block.args, new.args, strict=False):
        b.name_hint = a.name_hint
    scratch_arg = {}
    for v, arg in zip(scratch, new.args[len(block.args) :], strict=True):
        arg.name_hint = PASS_PREFIX + names[v]
        scratch_arg[v] = arg
    mapper: dict[SSAValue, SSAValue] = dict(zip(block.args, new.args, strict=False))
    loc = next((op.location for op in own if isinstance(op, tile.ForOp)), fn.location)
    bid: list[SSAValue] = []

    orig_bid = next((op for op in block.ops if isinstance(op, tile.BlockIdOp) and op.grid_axis == 0), None)
    grid_yz = sorted((op.grid_axis, op) for op in block.ops if isinstance(op, tile.BlockIdOp) and op.grid_axis)

    def block_id() -> SSAValue:
        """The CTA's row of the scratch tensors: `bid`, or in a grid along y
        and z too `(bid * Y + bid_y) * Z + bid_z` (the launcher allots
        `blocks * Y * Z` rows)."""
        if not bid and orig_bid is not None:
            ensure(orig_bid.results[0], seg_fn)
            bid.append(mapper[orig_bid.results[0]])
        if not bid:
            op = tile.BlockIdOp()
            op.location = loc
            new.add_op(op)
            bid.append(op.results[0])
        for _, yz in grid_yz:
            ensure(yz.results[0], seg_fn)
            assert yz.extent is not None
            ops: list[Operation] = [arith.MuliOp(bid[0], mapper[yz.extent])]
            ops.append(arith.AddiOp(ops[0].results[0], mapper[yz.results[0]]))
            for op in ops:
                op.location = loc
                new.add_op(op)
            bid[0] = ops[-1].results[0]
        grid_yz.clear()
        return bid[0]

    def zero() -> SSAValue:
        op = arith.ConstantOp(IntegerAttr(0, IndexType()))
        op.location = loc
        new.add_op(op)
        return op.results[0]

    def ensure(v: SSAValue, within: Operation) -> None:
        if v in mapper or not _outside(v, within):
            return
        owner = v.owner
        if not isinstance(owner, Operation):
            return
        if v in scratch_arg:  # passed from an earlier segment: loaded back
            if not isinstance(v.type, tile.TileType):  # a number: element bid
                load = tile.LoadScalarOp(scratch_arg[v], [block_id()])
                load.location = owner.location
                load.results[0].name_hint = v.name_hint
                new.add_op(load)
                mapper[v] = load.results[0]
                return
            shape = v.type.get_shape()
            idx = [block_id()] if len(shape) == 1 else [block_id(), zero()]
            load = tile.LoadOp(scratch_arg[v], idx, v.type)  # type: ignore[arg-type]
            load.location = owner.location
            load.results[0].name_hint = v.name_hint
            new.add_op(load)
            mapper[v] = load.results[0]
            return
        for o in owner.operands:
            ensure(o, owner)
        clone = owner.clone(value_mapper=dict(mapper))
        new.add_op(clone)
        for a, b in zip(owner.results, clone.results, strict=True):
            b.name_hint = a.name_hint
            mapper[a] = b

    for op in own:
        for inner in op.walk():
            for o in inner.operands:
                ensure(o, op)
        clone = op.clone(value_mapper=dict(mapper))
        new.add_op(clone)
        for a, b in zip(op.results, clone.results, strict=True):
            mapper[a] = b
    for v in outgoing:
        if not isinstance(v.type, tile.TileType):  # a number: element bid
            store: Operation = tile.StoreScalarOp(mapper[v], scratch_arg[v], [block_id()])
            store.location = v.owner.location  # type: ignore[union-attr]
            new.add_op(store)
            continue
        shape = v.type.get_shape()
        idx = [block_id()] if len(shape) == 1 else [block_id(), zero()]
        store = tile.StoreOp(mapper[v], scratch_arg[v], idx)
        store.location = v.owner.location  # type: ignore[union-attr]
        new.add_op(store)
    ret = func.ReturnOp()
    ret.location = fn.location
    new.add_op(ret)
    seg = ModuleOp([seg_fn])
    seg.attributes[SEGMENT] = IntegerAttr(k, i64)
    for key, val in module.attributes.items():
        seg.attributes[key] = val
    return seg


def _read_in(v: SSAValue, own: list[Operation]) -> bool:
    ids = set()
    for op in own:
        for inner in op.walk():
            ids.add(id(inner))
    return any(id(u.operation) in ids for u in v.uses) or any(_reads_through(u.operation, ids) for u in v.uses)


def _reads_through(op: Operation, ids: set[int]) -> bool:
    """Whether recomputed op `op` (a cloned one) feeds an op in `ids`."""
    if not _recomputed(op):
        return False
    return any(id(u.operation) in ids or _reads_through(u.operation, ids) for r in op.results for u in r.uses)
