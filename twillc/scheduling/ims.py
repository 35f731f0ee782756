"""Iterative modulo scheduling (Rau, MICRO'94), one module for its two
uses: over direct edges (`iterative_modulo_schedule`), the scalable
heuristic behind GauS's legalization and the exact scheduler's fallback on
graphs too large for its model (work per placement linear in the op's edges
and its reservation table, so it runs on any graph size); and over the
unit-holding ops with all-pairs longest-path distances (`ims_at`,
`ims_all_pairs`), the exact scheduler's hint and upper bound. Both fold
reservations and find free residues the same way (`reservations`).
"""

from __future__ import annotations

import numpy as np

from twillc.scheduling.graph import DependenceGraph, Schedule, Status, schedule_length
from twillc.scheduling.paths import NEG, expand_times, longest_paths, too_large_for_all_pairs
from twillc.scheduling.reservations import fold_reservations, free_residues


def iterative_modulo_schedule(graph: DependenceGraph, ii: int, start: np.ndarray) -> dict[str, int] | None:
    """A legal modulo schedule at `ii`, or None: ops taken in the order of
    `start` (a priority: lowest first, e.g. GauS's means or ASAP times),
    each at the first time after its placed predecessors with free units
    within one II, else forced there, evicting the ops it conflicts with
    and the successors it now violates. The result passes the checker."""
    import heapq

    from twillc.scheduling.checker import check_schedule

    ops = graph.ops
    n = len(ops)
    index = {o.id: i for i, o in enumerate(ops)}
    preds: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    succs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for e in graph.edges:
        w = e.delay - e.distance * ii
        preds[index[e.dst]].append((index[e.src], w))
        succs[index[e.src]].append((index[e.dst], w))
    need = fold_reservations(ops, ii, graph.capacities)
    if need is None:
        return None
    usage = {u: np.zeros(ii, dtype=np.int64) for u in graph.capacities}
    holders: dict[tuple[str, int], set[int]] = {}
    times = np.zeros(n, dtype=np.int64)
    placed = np.zeros(n, dtype=bool)
    last = np.full(n, -(1 << 40), dtype=np.int64)
    heap = [(float(start[i]), i) for i in range(n)]
    heapq.heapify(heap)

    def unplace(i: int) -> None:
        placed[i] = False
        for (u, c), q in need[i].items():
            r = (int(times[i]) + c) % ii
            usage[u][r] -= q
            holders[(u, r)].discard(i)
        heapq.heappush(heap, (float(start[i]), i))

    budget = 8 * n + 100
    while heap and budget > 0:
        budget -= 1
        _, i = heapq.heappop(heap)
        if placed[i]:
            continue
        early = max([0] + [int(times[j]) + w for j, w in preds[i] if placed[j]])
        slot = early
        if need[i]:
            fits = free_residues(need[i], usage, graph.capacities, ii, early)
            slot = early + int(fits.argmax()) if fits.any() else max(early, int(last[i]) + 1)
            for (u, c), q in need[i].items():
                r = (slot + c) % ii
                if usage[u][r] + q > graph.capacities[u]:
                    for j in sorted(holders.get((u, r), ())):
                        unplace(j)
        for k, w in succs[i]:
            if placed[k] and k != i and int(times[k]) < slot + w:
                unplace(k)
        times[i], placed[i], last[i] = slot, True, slot
        for (u, c), q in need[i].items():
            r = (slot + c) % ii
            usage[u][r] += q
            holders.setdefault((u, r), set()).add(i)
    if not placed.all():
        return None
    cycles = {o.id: int(times[i]) for i, o in enumerate(ops)}
    base = min(cycles.values())
    cycles = {k: v - base for k, v in cycles.items()}
    trial = Schedule(ii, cycles, schedule_length(graph, cycles), Status.FEASIBLE, ii)
    return cycles if not check_schedule(graph, trial) else None


def ims_all_pairs(graph: DependenceGraph, ii: int) -> dict[str, int] | None:
    """Iterative modulo scheduling of the unit-holding ops with all-pairs
    longest-path distances (`ims_at`); None when it gives up or the graph
    is too large for the distance matrix."""
    if too_large_for_all_pairs(graph):
        return None
    kept = [i for i, o in enumerate(graph.ops) if o.units()] or [0]
    paths = longest_paths(graph, ii, kept)
    if paths is None:
        return None
    lp, asap = paths
    placed = ims_at(graph, ii, kept, lp, asap)
    return expand_times(graph, kept, lp, asap, placed) if placed is not None else None


def ims_at(graph: DependenceGraph, ii: int, kept: list[int], lp: np.ndarray, asap: np.ndarray) -> dict[int, int] | None:
    """Iterative modulo scheduling (Rau, MICRO'94) of the unit-holding ops: a
    hint and an upper bound for CP-SAT. Ops go in order of height (longest
    distance to the others); an op that finds no free slot within one II of
    its earliest time takes one anyway and evicts what it conflicts with.
    None when the budget of placements runs out."""
    ops = graph.ops
    n = len(kept)
    reach = np.where(lp[:, kept] > NEG // 2, lp[:, kept], NEG)
    height = reach.max(axis=1)
    pending = sorted(range(n), key=lambda a: (-int(height[a]), int(asap[kept[a]]), a))
    # Each op's reservations folded modulo II: (unit, residue offset) -> count.
    need = fold_reservations([ops[v] for v in kept], ii, graph.capacities)
    if need is None:
        return None  # an op alone overfills a unit at this II
    usage = {u: np.zeros(ii, dtype=np.int64) for u in graph.capacities}
    holders: dict[tuple[str, int], list[int]] = {}
    times = np.zeros(n, dtype=np.int64)
    is_placed = np.zeros(n, dtype=bool)
    last: dict[int, int] = {}
    to_kept = lp[:, kept]  # to_kept[b, a]: longest path from kept[b] to kept[a]
    has_path = to_kept > NEG // 2

    def conflicts(a: int, t: int) -> set[int]:
        out: set[int] = set()
        for (u, c), q in need[a].items():
            r = (t + c) % ii
            if usage[u][r] + q > graph.capacities[u]:
                out.update(holders.get((u, r), ()))
        return out

    def place(a: int, t: int) -> None:
        times[a], is_placed[a] = t, True
        for (u, c), q in need[a].items():
            usage[u][(t + c) % ii] += q
            holders.setdefault((u, (t + c) % ii), []).append(a)

    def unplace(a: int) -> None:
        is_placed[a] = False
        t = int(times[a])
        for (u, c), q in need[a].items():
            usage[u][(t + c) % ii] -= q
            holders[(u, (t + c) % ii)].remove(a)
        pending.append(a)

    budget = 6 * n + 50  # placements before giving up (Rau's budget ratio)
    while pending and budget > 0:
        budget -= 1
        a = pending.pop(0)
        preds = is_placed & has_path[:, a]
        early = int(asap[kept[a]])
        if preds.any():
            early = max(early, int((times[preds] + to_kept[preds, a]).max()))
        # Residues whose reservations all fit, rotated so index 0 is `early`.
        fits = free_residues(need[a], usage, graph.capacities, ii, early)
        slot = early + int(fits.argmax()) if fits.any() else max(early, last.get(a, early - 1) + 1)
        for b in sorted(conflicts(a, slot)):
            unplace(b)
        # Placed successors and predecessors the new time violates.
        late_succ = is_placed & has_path[a, :] & (times < slot + to_kept[a, :])
        early_pred = is_placed & has_path[:, a] & (slot < times + to_kept[:, a])
        for b in np.flatnonzero(late_succ | early_pred):
            if int(b) != a:
                unplace(int(b))
        place(a, slot)
        last[a] = slot
    return {a: int(times[a]) for a in range(n)} if not pending else None
