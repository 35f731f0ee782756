"""Who holds what after the loop, and what comes over from another role:
the one rule that `warp-specialize` (`twillc.lowering.transforms.loop_boundary`,
writing `twill.live_out`, `twill.post` and `twill.handoff`) and the
scheduler's shared-memory count (`smem_plan`, the channels after the loop)
both follow.

- each loop result yielded by an op of the loop is held, after the loop, by
  the role running that op (its carried registers); one yielded as another
  carried value (`x = y`: y's previous value) by the role running the op at
  the end of that chain (`computed_for`), which carries both; one the loop
  never assigns (`carry (m)` with no `m = ...`) is its initial value,
  whatever the trip count (`initial_value`): a value from before the loop,
  which no role holds, computed by each role reading it after the loop
  (`twill.live_in`) as any other;
- each tile op after the loop runs on one role: the one holding its first
  operand; an op that reads no held value (a value from before the loop, a
  carried value the loop never assigns, a loaded tile) on the role of its
  first reader after the loop, else on the first role after the one issuing
  the loop's loads;
- an operand an op after the loop reads from another role (a register tile;
  loaded tiles are in shared memory already) comes over once, through
  shared memory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from twillc.dialects import tile

PLACED_AFTER = (tile.SizeOp, tile.BlockIdOp, tile.LoadOp)
"""Ops after the loop that no role runs there: indices, and loads the load
role issues before the loop."""


def launch_order(ops: Mapping[str, Operation], warps: Mapping[str, int]) -> list[int]:
    """The roles the kernel launches, in order: the one issuing the loop's
    loads (warp 0 when it has none), then every other role running an op."""
    loads = [name for name, op in ops.items() if isinstance(op, tile.LoadOp)]
    producer = warps[loads[0]] if loads else 0
    return [producer, *sorted({warps[name] for name in ops} - {producer})]


def computed_for(loop: tile.ForOp, index: int) -> SSAValue | None:
    """The value the loop computes for its carried value `index` (see
    `carried_source`), None where nothing computes it."""
    found = carried_source(loop, index)
    return None if found is None else found[0]


def carried_source(loop: tile.ForOp, index: int) -> tuple[SSAValue, int] | None:
    """The value the loop computes for its carried value `index` and how many
    iterations back the carried value reads it: the one yielded for it (1),
    or, where that is another carried value (`x = y`: x takes y's previous
    value), the one yielded for that one (2), and so on; None where the
    chain comes back to a carried value it passed (`carry (m)` with `m`
    never assigned, a cycle `x = y; y = x`): nothing computes it."""
    body = loop.body.block
    yielded = list(body.last_op.operands) if isinstance(body.last_op, tile.YieldOp) else []
    seen: set[int] = set()
    y, distance = yielded[index], 1
    while isinstance(y, BlockArgument) and y.block is body and 1 <= y.index <= len(yielded):
        if y.index in seen:
            return None
        seen.add(y.index)
        y, distance = yielded[y.index - 1], distance + 1
    return y, distance


def initial_value(loop: tile.ForOp, v: SSAValue) -> SSAValue | None:
    """The value from before the loop that `v`, a result of the loop, is
    whatever the trip count: the initial value of a carried value the loop
    never assigns (`carry (m)` with no `m = ...`: yielded as itself), the
    loop's operand for it; None for any other value (one the loop computes,
    one yielded as another carried value, `x = m`, whose result is x's
    initial value only after no trip)."""
    if not (isinstance(v, OpResult) and v.op is loop):
        return None
    body = loop.body.block
    if isinstance(body.last_op, tile.YieldOp) and body.last_op.operands[v.index] is body.args[v.index + 1]:
        return loop.iter_args[v.index]
    return None


@dataclass
class AfterLoop:
    """The roles around the loop's end (module docstring)."""

    live_out: dict[SSAValue, int]
    """Each loop result an op of the loop yields (maybe through other carried
    values, `computed_for`) -> the role holding it."""
    placed: list[Operation]
    """The tile ops after the loop a role runs, in program order."""
    post: dict[int, int]
    """id(op) of each placed op -> the role running it."""
    handoffs: dict[SSAValue, tuple[int, list[int]]]
    """Each value an op after the loop reads from another role -> (its
    holder, the roles reading it), in first-read order."""


def after_loop(loop: tile.ForOp, ops: Mapping[str, Operation], warps: Mapping[str, int]) -> AfterLoop:
    """Where the values and ops after the loop whose ops (by id) run on
    `warps` (op id -> warp) live and run."""
    block = loop.parent_block()
    assert block is not None  # find_loop finds loops in a function
    everything = list(block.ops)
    after = everything[everything.index(loop) + 1 :]
    warp_of = {id(op): warps[name] for name, op in ops.items()}
    groups = launch_order(ops, warps)
    holder: dict[SSAValue, int] = {}
    live_out: dict[SSAValue, int] = {}
    for i, res in enumerate(loop.res):
        y = computed_for(loop, i)
        if y is not None and isinstance(y.owner, Operation) and id(y.owner) in warp_of:
            holder[res] = live_out[res] = warp_of[id(y.owner)]

    post: dict[int, int] = {}
    free: list[Operation] = []
    placed = [op for op in after if op.dialect_name() == "tile" and not isinstance(op, PLACED_AFTER)]
    for op in placed:
        held = [holder[v] for v in op.operands if v in holder]
        if not held:
            free.append(op)
            continue
        post[id(op)] = held[0]
        holder |= dict.fromkeys(op.results, held[0])
    for op in reversed(free):
        readers = [post[id(u.operation)] for r in op.results for u in r.uses if id(u.operation) in post]
        post[id(op)] = readers[0] if readers else (groups[1:] or groups)[0]
        holder |= dict.fromkeys(op.results, post[id(op)])

    handoffs: dict[SSAValue, tuple[int, list[int]]] = {}
    for op in placed:
        for v in op.operands:
            if v in holder and holder[v] != post[id(op)] and not isinstance(v.owner, tile.LoadOp):
                readers = handoffs.setdefault(v, (holder[v], []))[1]
                if post[id(op)] not in readers:
                    readers.append(post[id(op)])
    return AfterLoop(live_out, placed, post, handoffs)
