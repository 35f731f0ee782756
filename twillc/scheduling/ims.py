"""Iterative modulo scheduling (Rau, MICRO'94) over direct edges: the
scalable heuristic behind GauS's legalization and the exact scheduler's
fallback on graphs too large for its model. Work per placement is linear in
the op's edges and its reservation table, so it runs on any graph size.
"""

from __future__ import annotations

import numpy as np

from twillc.scheduling.graph import DependenceGraph, Schedule, Status, schedule_length


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
    need: list[dict[tuple[str, int], int]] = []
    for o in ops:
        folded: dict[tuple[str, int], int] = {}
        for c, row in enumerate(o.rrt):
            for u, q in row:
                folded[(u, c % ii)] = folded.get((u, c % ii), 0) + q
        if any(q > graph.capacities[u] for (u, _), q in folded.items()):
            return None
        need.append(folded)
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


def free_residues(
    need: dict[tuple[str, int], int], usage: dict[str, np.ndarray], capacities: dict[str, int], ii: int, early: int
) -> np.ndarray:
    """For each r in [0, II): whether an op with folded reservations `need`
    ((unit, offset) -> count) fits on the modulo table `usage` issued at
    early + r."""
    fits = np.ones(ii, dtype=bool)
    residues = np.arange(ii)
    by_unit: dict[str, tuple[list[int], list[int]]] = {}
    for (u, c), q in need.items():
        by_unit.setdefault(u, ([], []))[0].append(c)
        by_unit[u][1].append(q)
    for u, (offsets, counts) in by_unit.items():
        # fits[r] needs usage[u][(r + c) % II] + q <= capacity for every (c, q).
        held = usage[u][(residues[:, None] + np.array(offsets)[None, :]) % ii]
        fits &= (held + np.array(counts)[None, :] <= capacities[u]).all(axis=1)
    return np.roll(fits, -(early % ii))
