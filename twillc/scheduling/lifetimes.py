"""What a modulo schedule with warps implies for storage, from the problem
value alone: each value's buffer depth from its lifetime, and the values
that cross warps (the channels). Read by `pipeline-expand` and
`warp-specialize`, and by `joint-schedule` to count what the kernel will
allocate.

A value lives from its producer's issue to the end of its last use (a use
across d iterations counted d IIs later); its buffer needs ceil(lifetime /
II) slots, at least one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from math import ceil

from twillc.scheduling.graph import CHANNEL_MEMORY, DependenceGraph, Schedule


def buffer_depths(graph: DependenceGraph, schedule: Schedule) -> dict[str, int]:
    assert schedule.ii is not None
    ii = schedule.ii
    ops = {o.id: o for o in graph.ops}
    end: dict[str, int] = {o.id: schedule.cycles[o.id] + 1 for o in graph.ops}
    for e in graph.edges:
        use_end = schedule.cycles[e.dst] + e.distance * ii + ops[e.dst].cycles
        end[e.src] = max(end[e.src], use_end)
    return {v: max(1, ceil((end[v] - schedule.cycles[v]) / ii)) for v in sorted(end)}


@dataclass(frozen=True)
class Channel:
    """A value crossing warp roles: a ring of `depth` slots in `memory` with a
    `full` mbarrier per slot (the producer arrives once per instance) and an
    `empty` one (each consumer role arrives when done). Instance i uses slot
    i mod depth and waits on phase parity (i / depth) mod 2."""

    value: str
    producer: int  # warp
    consumers: tuple[int, ...]
    memory: str  # smem | tmem
    depth: int


def channels(graph: DependenceGraph, schedule: Schedule) -> tuple[Channel, ...]:
    """The values whose users run on other warps than their producer."""
    if schedule.warps is None:
        raise ValueError("channels need a warp assignment")
    warps = schedule.warps
    depths = buffer_depths(graph, schedule)
    ops = {o.id: o for o in graph.ops}
    readers: dict[str, set[int]] = {}
    for e in graph.edges:
        if warps[e.dst] != warps[e.src]:
            readers.setdefault(e.src, set()).add(warps[e.dst])
    out = []
    for value in sorted(readers):
        memory = "tmem" if "tmem" in ops[value].footprint else "smem"  # 0 B: in another value's columns
        out.append(Channel(value, warps[value], tuple(sorted(readers[value])), memory, depths[value]))
    return tuple(out)


def later_crossings(graph: DependenceGraph, warps: dict[str, int]) -> dict[str, int]:
    """Per value, its edges to a later iteration's reader on another warp:
    each adds a slot to its ring (its sender may run one iteration ahead
    without waiting on the reader)."""
    out: dict[str, int] = {}
    for e in graph.edges:
        if e.distance > 0 and warps[e.src] != warps[e.dst]:
            out[e.src] = out.get(e.src, 0) + 1
    return out


def channel_ring_bytes(graph: DependenceGraph, schedule: Schedule) -> int:
    """Bytes of `CHANNEL_MEMORY` the rings of the values crossing warps take
    (`Op.channel_bytes` per slot): a slot per copy live at once and one more
    per edge to a later iteration's reader on another warp, the depth the
    CUDA emitter gives such a ring (`memory_plan.ring_depths`)."""
    if schedule.warps is None or not any(o.channel_bytes for o in graph.ops):
        return 0
    depths = buffer_depths(graph, schedule)
    extra = later_crossings(graph, schedule.warps)
    crossing = {c.value for c in channels(graph, schedule) if c.memory == CHANNEL_MEMORY}
    return sum(o.channel_bytes * (depths[o.id] + extra.get(o.id, 0)) for o in graph.ops if o.id in crossing)


def tmem_columns(graph: DependenceGraph, schedule: Schedule) -> dict[str, int]:
    """The tensor-memory columns the kernel allocates for a warp-specialized
    schedule, by kind, in the allocation rule of `memory_plan.plan_tmem`
    (which reads its per-value part from `memory_plan.tmem_demands`, as the
    graph does): columns are given once for the whole loop and never reused
    in time, so every part is counted whole:

    - the accumulators kept there for the whole loop (`tmem_fixed`);
    - per value crossing warps, a ring of `tmem_ring` columns a slot, a slot
      per copy live at once (`buffer_depths`) and one more per edge to a
      later iteration's reader on another warp (`ring_depths`); none when it
      is written in place in the slots of the value it updates
      (`Op.tmem_in_place`: both cross, every reader on one of their warps);
    - per warp, a scratch accumulator as wide as the widest `tmem_scratch`
      of its MMAs whose value does not cross;
    - the `tmem_held` of each value that does not cross.

    Their sum must be within `graph.tmem_columns` (the checker, and the
    joint search's models, count the same)."""
    warps = schedule.warps or {}
    parts = {"accumulators": graph.tmem_fixed, "rings": 0, "scratch": 0, "held": 0}
    if not warps or not any(o.tmem_ring or o.tmem_scratch or o.tmem_held for o in graph.ops):
        return parts
    depths = buffer_depths(graph, schedule)
    extra = later_crossings(graph, dict(warps))
    readers: dict[str, set[int]] = {}
    crossing: set[str] = set()
    for e in graph.edges:
        readers.setdefault(e.src, set()).add(warps[e.dst])
        if warps[e.dst] != warps[e.src]:
            crossing.add(e.src)
    scratch: dict[int, int] = {}
    for o in graph.ops:
        if o.id not in crossing:
            parts["held"] += o.tmem_held
            if o.tmem_scratch:
                scratch[warps[o.id]] = max(scratch.get(warps[o.id], 0), o.tmem_scratch)
            continue
        a = o.tmem_in_place
        if a and a in crossing and readers.get(o.id, set()) <= {warps[o.id], warps[a]}:
            continue
        parts["rings"] += o.tmem_ring * (depths[o.id] + extra.get(o.id, 0))
    parts["scratch"] = sum(scratch.values())
    return parts


def _add_span(row: list[int], start: int, span: int, regs: int) -> None:
    """Count `regs` on a warp's row of II residues for `span` cycles from `start`."""
    whole, rest = divmod(max(1, span), len(row))
    for r in range(len(row)):
        row[r] += whole * regs
    for t in range(start, start + rest):
        row[t % len(row)] += regs


def register_peaks(graph: DependenceGraph, schedule: Schedule) -> dict[int, int]:
    """The most registers per thread each warp's values hold at once in the
    steady state, as the joint model counts them: each value its `regs`
    from its issue until its last reader issues (d IIs later for a reader d
    iterations on; until that reader completes when it reads while running,
    an MMA's operands, or the value came from a variable-latency op), every
    copy live at a residue of the II counted."""
    return {w: max(row) for w, row in sorted(_live_rows(graph, schedule).items())}


def _live_rows(
    graph: DependenceGraph, schedule: Schedule, received: Collection[tuple[str, int]] = (), sent: bool = False
) -> dict[int, list[int]]:
    """Per warp, the registers its values hold at each residue of the II
    (`register_peaks`); with `sent`, a register value its readers on other
    warps receive through a channel stays on its own warp only until its
    readers there (the emitter sends it as it is computed), not until the
    other warps' readers; for each (value, warp) of `received` the copy
    that warp holds of a value computed on another, from its first reader's
    issue there to its last reader's end there."""
    if schedule.warps is None or not schedule.ii:
        raise ValueError("register peaks need a modulo schedule with warps")
    ii, warps, cyc = schedule.ii, schedule.warps, schedule.cycles
    ops = {o.id: o for o in graph.ops}
    end = {o.id: cyc[o.id] + 1 for o in graph.ops}
    first: dict[tuple[str, int], int] = {}
    last: dict[tuple[str, int], int] = {}
    for e in graph.edges:
        reader = ops[e.dst]
        slow = ops[e.src].variable_latency or reader.reads_while_running
        held = reader.cycles if slow and not e.in_place else 0
        at = cyc[e.dst] + e.distance * ii
        crossing = warps[e.dst] != warps[e.src]
        if not (sent and crossing and ops[e.src].regs):
            end[e.src] = max(end[e.src], at + held)
        key = (e.src, warps[e.dst])
        if key in received and crossing:
            first[key] = min(first.get(key, at), at)
            last[key] = max(last.get(key, at + max(1, held)), at + max(1, held))
    live: dict[int, list[int]] = {}
    for o in graph.ops:
        if o.regs:
            _add_span(live.setdefault(warps[o.id], [0] * ii), cyc[o.id], end[o.id] - cyc[o.id], o.regs)
    for (v, w), at in sorted(first.items()):
        _add_span(live.setdefault(w, [0] * ii), at, last[(v, w)] - at, ops[v].regs)
    return live


def register_need(
    graph: DependenceGraph,
    schedule: Schedule,
    base: int,
    received: Collection[tuple[str, int]] = (),
    held: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """The registers per thread ptxas needs for each warp group that holds
    tiles, as the model predicts it (`bench/registers.py` measures it: the
    least setmaxnreg budget at which the role compiles with no spill): the
    joint model's values (`register_peaks`), the copy a warp holds of each
    value it receives from another (`received`, from
    `memory_plan.received_in_registers`), the registers `held` through the
    whole loop on a warp (the tiles computed before the loop that it reads,
    `memory_plan.loop_invariant_registers`), and `base` per warp holding
    any (`Target.role_registers`: addresses, loop indices, barrier phases)."""
    rows = _live_rows(graph, schedule, received, sent=True)
    held = held or {}
    out: dict[int, int] = {}
    for w in sorted(set(rows) | set(held)):
        tiles = max(rows.get(w, [0])) + held.get(w, 0)
        out[w] = tiles + base if tiles else 0
    return out
