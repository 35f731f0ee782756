"""What `warp-specialize` decides around the loop, written into the
`outside` region of `twill.warp_specialize` (read back by
`twillc.lowering.warp_program`; code generation decides none of it), by the rule
of `twillc.transforms.loop_handoff` (which the scheduler's shared-memory
count follows too):

- `twill.live_out`: each loop result yielded by an op of the loop is held,
  after the loop, by the role running that op (its carried registers), one
  yielded as another carried value (`x = y`) by the role running the op at
  the end of that chain; one the loop never assigns (`carry (m)` with no
  `m = ...`) has none: it is m's initial value, a value from before the
  loop (`loop_handoff.initial_value`);
- `twill.post`: each tile op after the loop runs on one role: the one holding
  its first operand; an op that reads no held value (a value from before the
  loop, a carried value the loop never assigns, a loaded tile) on the role of
  its first reader after the loop, else on the first role after the one
  issuing the loop's loads;
- `twill.handoff`: an operand an op after the loop reads from another role
  (a register tile; loaded tiles are in shared memory already) comes over
  once, through shared memory;
- `twill.live_in`: each role computes, in its own registers, the values from
  before the loop that its ops read (in the loop, except carried values'
  initial values, which the role initializes itself; or after it, where a
  carried value the loop never assigns reads its initial value), and what
  those are computed from. Loads are issued once, by the load role."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type
from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.twill import HandoffOp, LiveInOp, LiveOutOp, PostOp
from twillc.transforms.index_remat import rematerialized
from twillc.transforms.loop_handoff import after_loop, initial_value, launch_order


def outside_ids(loop: tile.ForOp) -> dict[str, Operation | SSAValue]:
    """The names the `outside` entries use, in program order, each once: the
    tile ops before and after the loop (by their result's name, else the op's
    name) and the loop's results (by their name, else `result`)."""
    out: dict[str, Operation | SSAValue] = {}
    block = loop.parent_block()
    assert block is not None  # find_loop finds loops in a function
    for op in block.ops:
        things: list[tuple[Operation | SSAValue, str]] = []
        if op is loop:
            things = [(r, r.name_hint or "result") for r in loop.res]
        elif op.dialect_name() == "tile":
            hint = op.results[0].name_hint if op.results and op.results[0].name_hint else None
            things = [(op, hint or op.name.removeprefix("tile."))]
        for thing, base in things:
            name, n = base, 0
            while name in out:
                n += 1
                name = f"{base}_{n}"
            out[name] = thing
    return out


def outside_entries(loop: tile.ForOp, ops: dict[str, Operation], warps: dict[str, int]) -> list[Operation]:
    """The `outside` region's entries for the loop whose ops (by id) run on
    `warps` (op id -> warp)."""
    ids = outside_ids(loop)
    name_of = {id(thing): name for name, thing in ids.items()}
    block = loop.parent_block()
    assert block is not None
    before = list(block.ops)[: list(block.ops).index(loop)]
    warp_of = {id(op): warps[name] for name, op in ops.items()}
    groups = launch_order(ops, warps)
    roles = after_loop(loop, ops, warps)
    placed, post, handoffs = roles.placed, roles.post, roles.handoffs
    persistent = _in_persistent(loop)
    live_out = [
        LiveOutOp(name_of[id(res)], warp, _released(loop, res, ops, warp_of) if persistent else None)
        for res, warp in roles.live_out.items()
    ]

    return [
        *_live_in(loop, before, placed, post, ops, warp_of, groups, name_of),
        *live_out,
        *(PostOp(name_of[id(op)], post[id(op)]) for op in placed),
        *(
            HandoffOp(name_of[id(v)] if id(v) in name_of else name_of[id(v.owner)], src, sorted(readers))
            for v, (src, readers) in handoffs.items()
        ),
    ]


def _in_persistent(loop: tile.ForOp) -> bool:
    """The loop is the main loop of a persistent kernel (its function has a
    `tile.persistent`: each CTA runs it once per output tile)."""
    op = loop.parent_op()
    while op is not None and not isinstance(op, func.FuncOp):
        op = op.parent_op()
    return op is not None and tile.find_persistent(op) is not None


def _released(loop: tile.ForOp, res: SSAValue, ops: dict[str, Operation], warp_of: dict[int, int]) -> str | None:
    """`LiveOutOp.releases` for loop result `res`: the loop op yielding it
    when no op of the loop reads that op's result directly (only as the
    carried value, the previous iteration's) and an op of another role reads
    the carried value: the channel whose last slot of a tile only the read
    after the loop frees; else None."""
    i = res.index  # type: ignore[attr-defined]
    body = loop.body.block
    yielded = body.last_op.operands[i] if isinstance(body.last_op, tile.YieldOp) else None
    if yielded is None or not isinstance(yielded.owner, Operation) or id(yielded.owner) not in warp_of:
        return None
    if any(u.operation is not body.last_op for u in yielded.uses):
        return None
    producer = warp_of[id(yielded.owner)]
    arg = body.args[i + 1]
    if not any(warp_of.get(id(u.operation), producer) != producer for u in arg.uses):
        return None
    return next((n for n, op in ops.items() if op is yielded.owner), None)


def _live_in(
    loop: tile.ForOp,
    before: list[Operation],
    placed: list[Operation],
    post: dict[int, int],
    ops: dict[str, Operation],
    warp_of: dict[int, int],
    groups: list[int],
    name_of: dict[int, str],
) -> list[Operation]:
    inits = {init.owner for init in loop.iter_args}
    computed = set(before)

    def register_tile(v: SSAValue) -> bool:
        return isinstance(v.type, tile.TileType) and not isinstance(v.owner, tile.LoadOp)

    def computed_value(v: SSAValue) -> bool:
        """A register tile, or a number computed before the loop (arithmetic of
        a tile's `sum(x)` / `max(x)`: the role reads it where it uses it)."""
        number = isinstance(v.type, Float16Type | BFloat16Type | Float32Type)
        return register_tile(v) or (number and not isinstance(v, BlockArgument))

    roles: dict[int, list[int]] = {}  # id(op before the loop) -> the roles computing it
    for w in groups[1:]:
        mine = [op for op in ops.values() if warp_of[id(op)] == w and not isinstance(op, tile.LoadOp)]
        needed = {v for op in mine for v in op.operands if computed_value(v) and not isinstance(v, BlockArgument)}
        post_reads = {initial_value(loop, v) or v for op in placed if post[id(op)] == w for v in op.operands}
        post_needed = {v for v in post_reads if register_tile(v) and v.owner in computed}
        needed |= post_needed
        for op in reversed(before):  # and what those are computed from
            if any(r in needed for r in op.results) and not isinstance(op, tile.LoadOp):
                needed |= {v for v in op.operands if computed_value(v)}
        for op in before:
            if (
                (op not in inits or any(r in post_needed for r in op.results))
                and not isinstance(op, tile.LoadOp)
                and op.dialect_name() == "tile"
                and any(r in needed for r in op.results)
            ):
                roles.setdefault(id(op), []).append(w)
    return [LiveInOp(name_of[id(op)], roles[id(op)], at_use(op)) for op in before if id(op) in roles]


def at_use(op: Operation) -> bool:
    """Whether a value computed before the loop is computed where it is read
    rather than held in registers (`LiveInOp.at_use`): a cast to f32 of a
    16-bit tile loaded before the loop (it stays in shared memory for the
    whole kernel), every reader of which is an element-wise op, so that each
    reads its element from shared memory and converts it. Held, it would
    cost a role the registers of the f32 tile across the loop, which the
    joint model does not count (it counts the loop's values). An index
    tile `index-remat` marked is computed at each read too."""
    if rematerialized(op):
        return True
    if not isinstance(op, tile.CastOp) or not isinstance(op.input.owner, tile.LoadOp):
        return False
    src, dst = op.input.type, op.results[0].type
    if not isinstance(src, tile.TileType) or not isinstance(dst, tile.TileType) or src.rank != 2:
        return False
    if not isinstance(dst.element_type, Float32Type) or not isinstance(src.element_type, Float16Type | BFloat16Type):
        return False
    return all(isinstance(u.operation, tile.UnaryOp | tile.BinaryOp) for u in op.results[0].uses)
