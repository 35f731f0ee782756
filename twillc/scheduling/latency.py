"""Resource-constrained latency scheduling: the acyclic problem of the GauS
paper. One iteration of a dependence graph (edges with distance > 0 are
dropped), start times that respect every dependence delay and the unit
capacities cycle by cycle, minimum makespan (the cycle the last op ends).

A modulo schedule whose II is at least its makespan never folds one cycle
onto another, so the modulo machinery serves unchanged: GauS runs at
II = horizon, and the independent modulo checker verifies a latency
schedule at such an II.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from math import ceil

import numpy as np

from twillc.scheduling.graph import DependenceGraph, Schedule, Status, schedule_length


@dataclass(frozen=True)
class LatencySchedule:
    cycles: dict[str, int]
    makespan: int
    lower_bound: int
    optimal: bool
    first_seconds: float
    """Seconds to the first legal schedule."""


def acyclic(graph: DependenceGraph) -> DependenceGraph:
    """The graph of one iteration: loop-carried edges dropped."""
    return replace(graph, edges=tuple(e for e in graph.edges if e.distance == 0))


def makespan(graph: DependenceGraph, cycles: dict[str, int]) -> int:
    return max(cycles[o.id] + max(o.cycles, o.latency) for o in graph.ops)


def latency_lower_bound(graph: DependenceGraph) -> int:
    """max(critical path, busiest unit's demand over its capacity)."""
    from twillc.scheduling.paths import longest_paths

    asap = longest_paths(acyclic(graph), 1, [0])[1]  # type: ignore[index]
    path = int(max(asap[i] + max(o.cycles, o.latency) for i, o in enumerate(graph.ops)))
    demand: dict[str, int] = {}
    for o in graph.ops:
        for row in o.rrt:
            for unit, count in row:
                demand[unit] = demand.get(unit, 0) + count
    resource = max((ceil(d / graph.capacities[u]) for u, d in demand.items()), default=0)
    return max(path, resource)


def check_latency(graph: DependenceGraph, cycles: dict[str, int]) -> list[str]:
    """Violations of a latency schedule, by the independent modulo checker at
    an II no two cycles of the schedule fold onto."""
    from twillc.scheduling.checker import check_schedule

    g = acyclic(graph)
    span = makespan(g, cycles) + max(o.cycles for o in g.ops) + 1
    return check_schedule(g, Schedule(span, cycles, schedule_length(g, cycles), Status.FEASIBLE, span))


def cpsat_latency(graph: DependenceGraph, time_limit: float = 60.0, seed: int = 0) -> LatencySchedule | None:
    """Exact CP-SAT baseline: integer starts, precedence constraints,
    a cumulative per unit, minimum makespan. None when no schedule in time."""
    from ortools.sat.python import cp_model

    g = acyclic(graph)
    start = time.perf_counter()
    bound = latency_lower_bound(g)
    horizon = sum(max(o.cycles, o.latency) for o in g.ops) + 1
    m = cp_model.CpModel()
    t = {o.id: m.new_int_var(0, horizon, f"t_{o.id}") for o in g.ops}
    for e in g.edges:
        m.add(t[e.dst] >= t[e.src] + e.delay)
    per_unit: dict[str, tuple[list, list]] = {u: ([], []) for u in g.capacities}
    for o in g.ops:
        for c, row in enumerate(o.rrt):
            for unit, count in row:
                iv = m.new_fixed_size_interval_var(t[o.id] + c, 1, f"i_{o.id}_{c}_{unit}")
                per_unit[unit][0].append(iv)
                per_unit[unit][1].append(count)
    for unit, (intervals, demands) in sorted(per_unit.items()):
        if intervals:
            m.add_cumulative(intervals, demands, g.capacities[unit])
    end = m.new_int_var(bound, horizon + max(max(o.cycles, o.latency) for o in g.ops), "makespan")
    for o in g.ops:
        m.add(end >= t[o.id] + max(o.cycles, o.latency))
    m.minimize(end)

    first: list[float] = []

    class _First(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            if not first:
                first.append(time.perf_counter() - start)

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, time_limit - (time.perf_counter() - start))
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    status = solver.solve(m, _First())
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    cycles = {o.id: int(solver.value(t[o.id])) for o in g.ops}
    span = makespan(g, cycles)
    proven = int(solver.best_objective_bound) if status != cp_model.OPTIMAL else span
    return LatencySchedule(cycles, span, max(bound, proven), status == cp_model.OPTIMAL, first[0] if first else 0.0)


def list_schedule(graph: DependenceGraph, priority: np.ndarray | None = None) -> dict[str, int]:
    """A legal latency schedule: ops in topological order (ties by
    `priority`, lowest first), each at its earliest cycle with free units."""
    import networkx as nx

    g = acyclic(graph)
    index = {o.id: i for i, o in enumerate(g.ops)}
    dag = nx.DiGraph()
    dag.add_nodes_from(range(len(g.ops)))
    dag.add_edges_from((index[e.src], index[e.dst]) for e in g.edges)
    key = priority if priority is not None else np.zeros(len(g.ops))
    order = list(nx.lexicographical_topological_sort(dag, key=lambda i: (float(key[i]), i)))
    preds: dict[int, list[tuple[int, int]]] = {}
    for e in g.edges:
        preds.setdefault(index[e.dst], []).append((index[e.src], e.delay))
    usage: dict[tuple[str, int], int] = {}
    start = np.zeros(len(g.ops), dtype=np.int64)
    for i in order:
        o = g.ops[i]
        s = max((int(start[j]) + d for j, d in preds.get(i, ())), default=0)
        while any(usage.get((u, s + c), 0) + q > g.capacities[u] for c, row in enumerate(o.rrt) for u, q in row):
            s += 1
        for c, row in enumerate(o.rrt):
            for u, q in row:
                usage[(u, s + c)] = usage.get((u, s + c), 0) + q
        start[i] = s
    return {o.id: int(start[i]) for i, o in enumerate(g.ops)}


def gaus_latency(graph: DependenceGraph, time_limit: float = 60.0, seed: int = 0) -> LatencySchedule:
    """GauS on the latency problem: a list schedule bounds the horizon, GauS
    optimizes at II = horizon (no folding), and its start times, as list-
    scheduling priorities, give the legal schedule; the better of the two
    is returned."""
    from twillc.scheduling.gaus import GausFailure, gaus_modulo_schedule

    g = acyclic(graph)
    start = time.perf_counter()
    bound = latency_lower_bound(g)
    best = list_schedule(g)
    first = time.perf_counter() - start
    horizon = makespan(g, best) + max(o.cycles for o in g.ops) + 1
    left = time_limit - (time.perf_counter() - start)
    if left > 0 and makespan(g, best) > bound:
        try:
            s = gaus_modulo_schedule(g, ii=horizon, horizon=horizon, time_limit=left, seed=seed)
        except GausFailure:
            s = None
        if s is not None:
            for cand in (s.cycles, list_schedule(g, np.array([s.cycles[o.id] for o in g.ops], dtype=np.float64))):
                if not check_latency(g, cand) and makespan(g, cand) < makespan(g, best):
                    best = cand
    span = makespan(g, best)
    return LatencySchedule(best, span, bound, span == bound, first)
