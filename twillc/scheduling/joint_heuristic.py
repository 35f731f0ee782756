"""A first joint SWP + WS schedule within about 2 s on ~40 ops: constructive,
no solver, never a claim of optimality (what `joint_search` starts from so
that it always has an answer, then improves on by exact queries).

At one II: issue times from iterative modulo scheduling (`ims`, Rau's
heuristic) of the graph with every edge that may cross warps padded by its
spill delay (any warp assignment then meets the cross-warp delays), padded
by the barrier hand-off alone (where a large tile's crossing costs more),
and of the graph as it is (then a tight edge keeps its two ops on one warp); then
warps by a depth-first search at those fixed times, the most constrained op
(most registers) first, each op preferring its neighbours' warp, within a
node budget: registers per warp over the II's residues (each value live
from its issue to its last reader, copies folded modulo II), one-warp units,
cross-warp delays, the shared-memory rings of values crossing warps beside
the loads' rings (`Op.channel_bytes`), and blocking ops (a blocking edge or a value from
another warp) and stalls that must find their warp idle. Whatever it
builds, the independent checker (`checker_ws`) must accept before it is
returned.

Over IIs: the modulo lower bound, then growing steps (+1, +2, +4, ...) up
to the II of one op at a time, then bisection down towards the last II that
failed. When packed times fail everywhere (they ignore registers, so a
tight budget can rule them all out), the fallback: one op at a time in a
topological order, the fewest values live at once (`sequential`; when its
times admit no warps, the order that makes the smallest values first), at
its own II and bisected below it with the same times. Deterministic: a fixed
number of probes and DFS nodes; the clock only stops the bisection past
the caller's deadline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from twillc.scheduling.graph import (
    CHANNEL_MEMORY,
    DependenceGraph,
    Edge,
    Schedule,
    Status,
    held_after_issue,
    schedule_length,
)
from twillc.scheduling.lifetimes import buffer_depths
from twillc.scheduling.warp_config import WarpConfig

Found = tuple[dict[str, int], dict[str, int]]
"""Issue cycles and warps."""

NODES = 800
"""DFS nodes per warp assignment (the search gives up, not the schedule)."""
PROBES = 40
"""IIs probed at most over the whole heuristic."""
BASE_TIMINGS = 3
"""The first `timing_graphs`: padded by each spill, by the barrier hand-off
alone, and the graph as it is; those after them cap lifetimes."""
CAPPED_PROBES = 8
"""Of those, the first ones that may try times with capped lifetimes (more
only below an II that such times reached)."""


def pad_crossings(graph: DependenceGraph, config: WarpConfig, barrier_only: bool = False) -> DependenceGraph:
    """`graph` with each edge that may carry a value across warps delayed by
    its spill: any warp assignment meets the cross-warp delays. With
    `barrier_only`, by at most the smallest positive spill (the barrier
    hand-off of a small value), so that assignments crossing only small
    values meet them where a large tile's bytes would stretch every edge."""
    if not config.allow_cross_warp:
        return graph
    cap = None
    if barrier_only:
        spills = [config.spill(graph, o.id) for o in graph.ops if not o.variable_latency]
        cap = min((p for p in spills if p > 0), default=0)
    edges = tuple(
        e
        if e.src == e.dst or graph.op(e.src).variable_latency
        else replace(e, delay=e.delay + min(config.spill(graph, e.src), cap if cap is not None else 1 << 62))
        for e in graph.edges
    )
    return replace(graph, edges=edges)


def capped_lifetimes(graph: DependenceGraph, config: WarpConfig, chains: bool) -> DependenceGraph:
    """`graph` with edges that bound lifetimes so that the memories
    (`_memory_caps`) and registers fit, and the wide register values do not
    outlive an II: for values a and b, b = a or (`chains`) b computed from a within an
    iteration (a path of distance-0 edges), whose registers together exceed
    every budget of a warp they may use, each reader of b issues (plus what
    it holds b after, `held_after_issue`) no later than the next copy of a.
    Two copies of such a value never fit one warp, nor (on one warp) a and
    b at once, so a chain of them (attention's S, P) must turn over within
    an II: issue times that a warp assignment can meet, where times packed
    for the units alone keep a wide value live across iterations."""
    ops = {o.id: o for o in graph.ops}
    room = {v: max((config.limit(w) for w in config.allowed_warps(o)), default=0) for v, o in ops.items()}
    succ: dict[str, list[str]] = {v: [] for v in ops}
    readers: dict[str, list[Edge]] = {v: [] for v in ops}
    for e in graph.edges:
        readers[e.src].append(e)
        if e.distance == 0 and e.src != e.dst:
            succ[e.src].append(e.dst)
    extra = []
    for a, op_a in ops.items():
        if not op_a.regs or not config.reg_limits:
            continue
        if 2 * op_a.regs > room[a]:
            extra += [Edge(e.dst, a, held_after_issue(graph, e), 1) for e in readers[a] if e.distance == 0]
        seen, stack = {a}, [a] if chains else []
        while stack:
            for b in succ[stack.pop()]:
                if b in seen:
                    continue
                seen.add(b)
                stack.append(b)
                if ops[b].regs and op_a.regs + ops[b].regs > min(room[a], room[b]):
                    for e in readers[b]:
                        if e.distance == 0:
                            extra.append(Edge(e.dst, a, held_after_issue(graph, e), 1))
    extra += _memory_caps(graph, readers)
    if not extra:
        return graph
    return replace(graph, edges=graph.edges + tuple(extra))


def _memory_caps(graph: DependenceGraph, readers: dict[str, list[Edge]]) -> list[Edge]:
    """Edges that bound the copies of each value of a memory live at once
    (k IIs of lifetime: at most k copies) so that, k copies of every value
    together, the memory cannot overflow whatever the times: two for the
    loaded tiles (double buffering) while they fit, else one; none for a
    memory whose values do not fit once each."""
    extra: list[Edge] = []
    for mem, cap in sorted(graph.memories.items()):
        users = [o for o in graph.ops if o.footprint.get(mem, 0)]
        # A value read d iterations later has d + 1 copies live at once.
        least = {o.id: 1 + max((e.distance for e in graph.edges if e.src == o.id), default=0) for o in users}
        total = sum(o.footprint[mem] * least[o.id] for o in users)
        if not users or total > cap:
            continue
        copies = dict(least)
        for o in users:
            if o.variable_latency and total + o.footprint[mem] <= cap:
                copies[o.id] += 1
                total += o.footprint[mem]
        for o in users:
            extra += [Edge(e.dst, o.id, held_after_issue(graph, e), copies[o.id] - e.distance) for e in readers[o.id]]
    return extra


def _times(graph: DependenceGraph, ii: int) -> dict[str, int] | None:
    from twillc.scheduling.modulo_cpsat import _heuristic_at

    found = _heuristic_at(graph, ii)
    if found is None:
        return None
    shift = min(found.values())
    return {v: t - shift for v, t in found.items()}


class _Assign:
    """Warps at fixed issue times by depth-first search (module docstring).
    Ops are indices; what runs when is precomputed as bit masks."""

    def __init__(self, graph: DependenceGraph, config: WarpConfig, ii: int, cycles: dict[str, int]) -> None:
        self.graph, self.config, self.ii = graph, config, ii
        ops = graph.ops
        n = len(ops)
        self.ids = [o.id for o in ops]
        index = {v: i for i, v in enumerate(self.ids)}
        cyc = [cycles[v] for v in self.ids]
        self.cyc = cyc
        self.allowed = [config.allowed_warps(o) for o in ops]
        self.regs = [o.regs for o in ops]
        self.need = [config.threads_needed(o) for o in ops]
        self.units = [o.units() for o in ops]
        self.vl = [o.variable_latency for o in ops]
        # (other end, slack beyond the delay) of each edge, in and out.
        self.ins: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.outs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.outs_distance: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.blocking_edge = [False] * n
        for e in graph.edges:
            u, v = index[e.src], index[e.dst]
            if e.blocking:
                self.blocking_edge[v] = True
            if u == v:
                continue
            slack = cyc[v] + e.distance * ii - cyc[u] - e.delay - config.spill(graph, e.src)
            self.ins[v].append((u, slack))
            self.outs[u].append((v, slack))
            self.outs_distance[u].append((v, e.distance))
        # Registers each value keeps live at each residue of the II.
        self.profile: list[np.ndarray] = []
        for i, o in enumerate(ops):
            end = cyc[i] + 1
            for e in graph.edges:
                if e.src == o.id:
                    end = max(end, cycles[e.dst] + e.distance * ii + held_after_issue(graph, e))
            prof = np.zeros(ii, dtype=np.int64)
            np.add.at(prof, (cyc[i] + np.arange(end - cyc[i])) % ii, 1)
            self.profile.append(prof * o.regs)
        self._channels(cycles)
        # run_at[i]: ops running when i issues; stall_hit[i]: ops running
        # during i's stall (some copy of each, the II folded).
        length = [o.cycles for o in ops]
        self.run_at = [0] * n
        self.stall_hit = [0] * n
        for i in range(n):
            for x in range(n):
                if x == i:
                    continue
                d = (cyc[i] - cyc[x]) % ii
                if length[x] >= ii or d < length[x]:
                    self.run_at[i] |= 1 << x
                st = ops[i].stall
                if st and (length[x] + st > ii or d < length[x] or d + st > ii):
                    self.stall_hit[i] |= 1 << x

    def _channels(self, cycles: dict[str, int]) -> None:
        """What the rings of values crossing warps may take (`chan_room`,
        None when nothing limits them): the ring memory's capacity and the
        graph's `channel_room` less the loaded (variable-latency) tiles'
        rings at these times; and
        each value's ring when it crosses (`chan_ring`, its copies live at
        once, `lifetimes.buffer_depths`), a slot more per later-iteration
        crossing (`lifetimes.channel_ring_bytes`)."""
        g, ii, mem = self.graph, self.ii, CHANNEL_MEMORY
        self.chan_room: int | None = None
        self.chan_ring = [0] * len(self.ids)
        if not any(o.channel_bytes for o in g.ops) or mem not in g.rings or mem not in g.memories:
            return
        depths = buffer_depths(g, Schedule(ii, cycles, schedule_length(g, cycles), Status.FEASIBLE, ii))
        loads = 0
        for o in g.ops:
            if o.footprint.get(mem, 0) and o.variable_latency:
                end = cycles[o.id] + 1
                for e in g.edges:
                    if e.src == o.id:
                        end = max(end, cycles[e.dst] + e.distance * ii + held_after_issue(g, e))
                loads += o.footprint[mem] * -(-(end - cycles[o.id]) // ii)
        self.chan_room = g.memories[mem] + g.channel_room - loads
        self.chan_ring = [o.channel_bytes * depths[o.id] for o in g.ops]
        self.chan_later = [[x for x, d in self.outs_distance[i] if d > 0] for i in range(len(self.ids))]

    def channel_use(self, w: list[int]) -> int:
        """Bytes of the rings of the values crossing warps among the ops
        placed so far (a lower bound of the whole assignment's)."""
        used = 0
        for i, ring in enumerate(self.chan_ring):
            if not ring or w[i] < 0:
                continue
            if any(w[x] >= 0 and w[x] != w[i] for x, _ in self.outs[i]):
                later = sum(1 for x in self.chan_later[i] if w[x] >= 0 and w[x] != w[i])
                used += ring + self.graph.ops[i].channel_bytes * later
        return used

    def blocking(self, i: int, w: list[int]) -> bool:
        return self.blocking_edge[i] or any(w[u] >= 0 and w[u] != w[i] and not self.vl[u] for u, _ in self.ins[i])

    def fits(self, v: int, w: list[int], mask: list[int], load: list[np.ndarray]) -> bool:
        """Whether v on warp w[v] keeps the assignment so far legal."""
        g = w[v]
        if int((load[g] + self.profile[v]).max(initial=0)) > self.config.limit(g):
            return False
        for u, slack in self.ins[v]:
            if w[u] >= 0 and w[u] != g and not self.vl[u] and (not self.config.allow_cross_warp or slack < 0):
                return False
        for x, slack in self.outs[v]:
            if w[x] >= 0 and w[x] != g and not self.vl[v] and (not self.config.allow_cross_warp or slack < 0):
                return False
        mates = mask[g]
        if (self.blocking(v, w) and self.run_at[v] & mates) or self.stall_hit[v] & mates:
            return False
        bit = 1 << v
        m = mates
        while m:
            x = (m & -m).bit_length() - 1
            m &= m - 1
            if self.stall_hit[x] & bit or (self.run_at[x] & bit and self.blocking(x, w)):
                return False
        if self.chan_room is not None and self.channel_use(w) > self.chan_room:
            return False
        # A value from v crossing to a consumer makes that consumer blocking.
        if not self.vl[v]:
            for x, _ in self.outs[v]:
                if w[x] >= 0 and w[x] != g and self.run_at[x] & mask[w[x]]:
                    return False
        return True

    def solve(self) -> dict[str, int] | None:
        """Warps by DFS, once with each op preferring its neighbours'
        warp, then once in plain warp order (a different part of the tree
        when the first runs out of nodes)."""
        return self.dfs(prefer=True) or self.dfs(prefer=False)

    def dfs(self, prefer: bool) -> dict[str, int] | None:
        n = len(self.ids)
        order = sorted(range(n), key=lambda v: (len(self.allowed[v]) > 1, -self.regs[v], self.cyc[v], v))
        one_warp = sorted(self.config.one_warp_units)
        groups = self.config.warp_groups
        load = [np.zeros(self.ii, dtype=np.int64) for _ in range(groups)]
        mask = [0] * groups
        w = [-1] * n
        budget = [NODES]

        def choices(v: int) -> list[int]:
            cands = list(self.allowed[v])
            for unit in one_warp:
                if unit in self.units[v]:
                    fixed = {w[x] for x in range(n) if w[x] >= 0 and unit in self.units[x]}
                    cands = [g for g in cands if not fixed or g in fixed]
            if not prefer:
                return cands
            # A warp with just the threads v needs first (an MMA-issuing
            # warp), then v's neighbours' warp, then the least loaded.
            near = [w[u] for u, _ in self.ins[v] + self.outs[v] if w[u] >= 0]
            return sorted(
                cands,
                key=lambda g: (self.config.threads_of(g) != self.need[v], -near.count(g), int(load[g].max()), g),
            )

        def dfs(k: int) -> bool:
            if k == n:
                return True
            v = order[k]
            for g in choices(v):
                budget[0] -= 1
                if budget[0] < 0:
                    return False
                w[v] = g
                if self.fits(v, w, mask, load):
                    load[g] += self.profile[v]
                    mask[g] |= 1 << v
                    if dfs(k + 1):
                        return True
                    load[g] -= self.profile[v]
                    mask[g] &= ~(1 << v)
                w[v] = -1
            return False

        return {self.ids[i]: w[i] for i in range(n)} if dfs(0) else None


def sequential(graph: DependenceGraph, config: WarpConfig, lean: bool = False) -> tuple[int, dict[str, int]] | None:
    """Issue times with one op at a time, in a topological order of the
    edges within an iteration (ties by the graph's order; with `lean`, by
    fewest registers first, so that a small value's reader runs before a
    large value is made and values die sooner), every edge that
    may cross warps padded by its spill, and the least II at which
    iterations neither overlap nor miss a carried edge: the fewest values
    live at once and no op running beside a blocking one, what a tight
    register budget may need. None on a cycle within one iteration."""
    ops = [o.id for o in graph.ops]
    g = pad_crossings(graph, config)
    preds: dict[str, list[tuple[str, int]]] = {v: [] for v in ops}
    indeg = dict.fromkeys(ops, 0)
    for e in g.edges:
        if e.distance == 0:
            preds[e.dst].append((e.src, e.delay))
            indeg[e.dst] += 1
    ready = [v for v in ops if indeg[v] == 0]
    cycles: dict[str, int] = {}
    free = 0
    while ready:
        v = ready.pop(0)
        cycles[v] = max([free] + [cycles[u] + d for u, d in preds[v]])
        free = cycles[v] + graph.op(v).cycles
        for e in g.edges:
            if e.distance == 0 and e.src == v:
                indeg[e.dst] -= 1
                if indeg[e.dst] == 0:
                    ready.append(e.dst)
        ready.sort(key=(lambda v: (graph.op(v).regs, ops.index(v))) if lean else ops.index)
    if len(cycles) < len(ops):
        return None
    ii = max(1, free)
    for e in g.edges:
        if e.distance:
            ii = max(ii, -(-(cycles[e.src] + e.delay - cycles[e.dst]) // e.distance))
    return ii, cycles


def _crowded(graph: DependenceGraph, config: WarpConfig, ii: int, cycles: dict[str, int]) -> bool:
    """Whether at these times some value has more copies live at once than
    any warp it may use holds registers for, or a memory overflows (its
    ring slots, or its values live at some residue of the II): what
    `capped_lifetimes` bounds."""
    life = {o.id: 1 for o in graph.ops}
    for e in graph.edges:
        end = cycles[e.dst] + e.distance * ii + held_after_issue(graph, e) - cycles[e.src]
        life[e.src] = max(life[e.src], end)
    for o in graph.ops:
        room = max((config.limit(w) for w in config.allowed_warps(o)), default=0)
        if o.regs and config.reg_limits and -(-life[o.id] // ii) * o.regs > room:
            return True
    for mem, cap in graph.memories.items():
        users = [o for o in graph.ops if o.footprint.get(mem, 0)]
        if mem in graph.rings:
            # The checker's count: a slot per copy live at once.
            used = sum(o.footprint[mem] * -(-life[o.id] // ii) for o in users)
        else:
            load = np.zeros(ii, dtype=np.int64)
            for o in users:
                np.add.at(load, (cycles[o.id] + np.arange(life[o.id])) % ii, o.footprint[mem])
            used = int(load.max(initial=0))
        if used > cap:
            return True
    return False


Refuse = Callable[[Schedule], str]
"""Why the caller cannot use a schedule the model allows ("" when it can)."""


def _legal(
    graph: DependenceGraph, config: WarpConfig, ii: int, cycles: dict[str, int], refuse: Refuse | None = None
) -> Found | None:
    from twillc.scheduling.checker_ws import check_joint

    warps = _Assign(graph, config, ii, cycles).solve()
    if warps is None:
        return None
    s = Schedule(ii, cycles, schedule_length(graph, cycles), Status.FEASIBLE, ii, warps=warps)
    if check_joint(graph, s, config) or (refuse is not None and refuse(s)):
        return None
    return cycles, warps


def timing_graphs(graph: DependenceGraph, config: WarpConfig) -> list[DependenceGraph]:
    """The graphs whose modulo schedules give the issue times tried, in
    order: every edge that may cross warps padded by its spill (any warp
    assignment then meets the cross-warp delays), padded by the barrier
    hand-off alone (assignments crossing only small values), the graph as it
    is (a tight edge then keeps its two ops on one warp), then padded with the
    lifetimes capped (`capped_lifetimes`) for each value alone, and for
    register chains."""
    graphs = [pad_crossings(graph, config), pad_crossings(graph, config, barrier_only=True), graph]
    for chains in (False, True):
        capped = capped_lifetimes(graph, config, chains)
        if capped.edges != graph.edges:
            capped = pad_crossings(capped, config)
            if all(capped.edges != g.edges for g in graphs):
                graphs.append(capped)
    return graphs


def heuristic_at(
    graph: DependenceGraph,
    config: WarpConfig,
    ii: int,
    graphs: list[DependenceGraph] | None = None,
    refuse: Refuse | None = None,
) -> Found | None:
    """A checker-valid joint schedule at `ii` that `refuse` does not refuse,
    on the times of one of `graphs` (default `timing_graphs`), or None
    (module docstring)."""
    found = _heuristic_at(graph, config, ii, graphs if graphs is not None else timing_graphs(graph, config), refuse)
    return found[0] if found is not None else None


def _heuristic_at(
    graph: DependenceGraph, config: WarpConfig, ii: int, graphs: list[DependenceGraph], refuse: Refuse | None
) -> tuple[Found, int] | None:
    """`heuristic_at`, and the index in `graphs` of the times found."""
    tried: list[dict[str, int]] = []
    crowded = False
    for k, g in enumerate(graphs):
        if k >= BASE_TIMINGS and not crowded:
            break  # the times with capped lifetimes help only where values crowd
        cycles = _times(g, ii)
        if cycles is None or cycles in tried:
            continue
        tried.append(cycles)
        crowded = crowded or _crowded(graph, config, ii, cycles)
        found = _legal(graph, config, ii, cycles, refuse)
        if found is not None:
            return found, k
    return None


def first_joint_schedule(
    graph: DependenceGraph,
    config: WarpConfig,
    lower: int,
    upper: int,
    probes: int = PROBES,
    out_of_time: Callable[[], bool] = lambda: False,
    refuse: Refuse | None = None,
) -> tuple[int, Found] | None:
    """A first joint schedule at the least II the heuristic reaches between
    `lower` and `upper`: growing steps up, then bisection down towards the
    last II that failed; None when no probe succeeds. `out_of_time`: asked
    between probes once one succeeded, to stop bisecting at the caller's
    deadline (on large loops; a run within its limit never sees it).
    `refuse`: what the caller cannot use beyond the model (the emitted
    kernel's shared memory), treated as a failure.
    """
    if not graph.ops:
        return None
    # One op at a time, the fallback: few values live at once, where packed
    # times may hold too many; packed times are tried below its II only.
    seq = sequential(graph, config)
    top = min(upper, seq[0] - 1) if seq is not None else upper
    ii, step, failed = max(1, lower), 1, max(1, lower) - 1
    best: tuple[int, Found] | None = None
    graphs = timing_graphs(graph, config)
    first_probes = probes
    while probes > 0 and ii <= top:
        if first_probes - probes == CAPPED_PROBES:
            graphs = graphs[:2]
        probes -= 1
        at = _heuristic_at(graph, config, ii, graphs, refuse)
        if at is not None:
            best = (ii, at[0])
            # Capped lifetimes below that II only if they reached it.
            graphs = graphs if at[1] >= BASE_TIMINGS else graphs[:BASE_TIMINGS]
            break
        failed, ii, step = ii, min(ii + step, top) if ii < top else top + 1, step * 2
    if best is None and seq is not None and max(lower, seq[0]) <= upper:
        found = _legal(graph, config, max(lower, seq[0]), seq[1], refuse)
        lean = sequential(graph, config, lean=True) if found is None else None
        if lean is not None and max(lower, lean[0]) <= upper:
            # Fewest registers first: values die sooner (warps that keep
            # crossing values within shared memory may need it).
            seq = lean
            found = _legal(graph, config, max(lower, seq[0]), seq[1], refuse)
        if found is None:
            return None
        # The same times at smaller IIs, iterations overlapping, bisected.
        best, failed = (max(lower, seq[0]), found), lower - 1
        while best[0] - failed > 1 and probes > 0 and not out_of_time():
            probes -= 1
            mid = (failed + best[0]) // 2
            found = _legal(graph, config, mid, seq[1], refuse)
            if found is not None:
                best = (mid, found)
            else:
                failed = mid
        return best
    while best is not None and best[0] - failed > 1 and probes > 0 and not out_of_time():
        probes -= 1
        mid = (failed + best[0]) // 2
        found = heuristic_at(graph, config, mid, graphs, refuse)
        if found is not None:
            best = (mid, found)
        else:
            failed = mid
    return best
