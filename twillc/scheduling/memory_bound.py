"""A lower bound on the joint II from the memories' area.

In the steady state of a joint schedule (`joint_cpsat`'s liveness), every
value v of a memory M lives on [t_v, end_v) in each iteration, end_v the
latest of t_v + 1 and t_d + k*II + h over its users d (edge distance k, h
`held_after_issue`), and at every cycle the values live hold at most M's
capacity C (a ring memory's slots hold ceil(lifetime / II) copies each, at
least as much). Summed over one II of the steady state, each value covers
M * (end_v - t_v) of the II x C rectangle, so

    sum over v of footprint_v * (end_v - t_v) <= C * II.

The least left side any issue times meeting the edges' delays
(t_d - t_s >= delay - distance*II; crossings and stalls only add) can
give is a small optimisation over difference constraints, solved exactly;
an II where it exceeds C * II has no joint schedule at any length or warp
assignment. It binds where the modulo bound does not: a tensor-memory
accumulator updated in place is live all the time (the lifetimes around a
cycle of users sum to its distance times II), and a score tile lives from
its MMA to the MMA that reads its probabilities, so two accumulators and
two score tiles in four tiles' worth of tensor memory need II at least the
score tile's shortest lifetime (Blackwell attention).

The bound is not monotone in II in general, so IIs are refuted one by one
upward, never by bisection.
"""

from __future__ import annotations

from twillc.scheduling.graph import DependenceGraph, held_after_issue


def least_area(graph: DependenceGraph, memory: str, ii: int) -> int:
    """The least sum of footprint * lifetime in `memory` over issue times
    meeting every edge's delay at `ii` (one iteration's share of the
    steady state); 0 when no op holds it."""
    from ortools.sat.python import cp_model

    held = [o for o in graph.ops if o.footprint.get(memory, 0)]
    if not held:
        return 0
    m = cp_model.CpModel()
    # Some optimal solution of a difference system lies within the sum of
    # its constraints' magnitudes of 0 (a spanning tree of tight ones).
    span = sum(abs(e.delay - e.distance * ii) + e.distance * ii + held_after_issue(graph, e) for e in graph.edges)
    span += len(graph.ops) + 1
    t = {o.id: m.new_int_var(0, span, f"t_{o.id}") for o in graph.ops}
    for e in graph.edges:
        m.add(t[e.dst] - t[e.src] >= e.delay - e.distance * ii)
    life = []
    for o in held:
        end = m.new_int_var(0, 3 * span, f"end_{o.id}")
        m.add(end >= t[o.id] + 1)
        for e in graph.edges:
            if e.src == o.id:
                m.add(end >= t[e.dst] + e.distance * ii + held_after_issue(graph, e))
        life.append(o.footprint[memory] * (end - t[o.id]))
    m.minimize(sum(life))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    # Limited by work, not by the wall clock: the same answer under load
    # (it is solved in milliseconds; a cut leaves its proven bound, still sound).
    solver.parameters.max_deterministic_time = 5.0
    solver.parameters.max_time_in_seconds = 120.0
    status = solver.solve(m)
    if status == cp_model.OPTIMAL:
        return int(solver.objective_value)
    if status == cp_model.FEASIBLE:  # a lower bound of the optimum stays sound
        return int(solver.best_objective_bound)
    return 0  # no issue times meet the delays: left to the modulo bound


def refuted_by_area(graph: DependenceGraph, ii: int) -> str:
    """The memory whose least area exceeds its capacity times `ii`, else ""."""
    for memory, capacity in sorted(graph.memories.items()):
        if least_area(graph, memory, ii) > capacity * ii:
            return memory
    return ""


def area_lower_bound(graph: DependenceGraph, lower: int, top: int) -> tuple[int, list[tuple[int, str]]]:
    """The least II in [lower, top) not refuted by `refuted_by_area`
    (`top` when all are), and the IIs refuted below it with the memory."""
    refuted: list[tuple[int, str]] = []
    ii = lower
    while ii < top:
        memory = refuted_by_area(graph, ii)
        if not memory:
            break
        refuted.append((ii, memory))
        ii += 1
    return ii, refuted
