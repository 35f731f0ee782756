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

from dataclasses import dataclass
from math import ceil

from twillc.scheduling.graph import DependenceGraph, Schedule


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
        memory = "tmem" if ops[value].footprint.get("tmem", 0) else "smem"
        out.append(Channel(value, warps[value], tuple(sorted(readers[value])), memory, depths[value]))
    return tuple(out)
