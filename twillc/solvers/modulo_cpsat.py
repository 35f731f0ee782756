"""Exact modulo scheduling with CP-SAT.

II runs upward from max(ResMII, RecMII); at each II one CP-SAT model decides
feasibility (and, once feasible, minimises the length L). The first feasible
II is optimal when every smaller II was proven infeasible.

Model at a fixed II. Each op v issues at t_v = II * k_v + r_v with residue
r_v in [0, II). Dependences are difference constraints on t. A unit with
capacity c holds at most c instances at every residue: an op's occupancy of
n <= II cycles from residue s is the circular interval [s, s + n) mod II,
which two linear intervals model exactly, [s, s + n) and [s - II, s + n - II)
(whatever part of one lies outside [0, II) is mirrored by the other inside,
and that mirror never exceeds the folded demand), under a cumulative (or
no-overlap, for c = 1) constraint. Full wraps of occupancy longer than II
take capacity off every residue.

Horizon. With residues fixed, the smallest k satisfying the difference
constraints is a longest path over simple paths with edge weights at most
ceil((II - 1 + delay) / II), so t_v <= II * (sum over ops of
ceil((II - 1 + max out-delay) / II) + 1) loses no schedule: an infeasibility
proof inside it is a proof.

Preprocessing (Oppermann et al., FPL 2018). Ops that reserve no unit only
carry longest-path distances between the ops that do; the model keeps their
t_v but they need no residue, and ops outside every cycle and unconnected to
resource ops are scheduled ASAP afterwards.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from math import ceil

from twillc.graph import DependenceGraph, Schedule, Status, schedule_length
from twillc.solvers.bounds import res_mii, rec_mii

Progress = Callable[[dict[str, object]], None]


class SolverLimit(Exception):
    """The time limit ran out before any schedule was found."""

    def __init__(self, message: str, lower_bound: int):
        super().__init__(message)
        self.lower_bound = lower_bound


@dataclass
class _Result:
    status: str  # "feasible" | "optimal" (length proven minimal) | "infeasible" | "unknown"
    cycles: dict[str, int] | None = None


def _horizon(graph: DependenceGraph, ii: int) -> int:
    out_delay = {o.id: 0 for o in graph.ops}
    for e in graph.edges:
        out_delay[e.src] = max(out_delay[e.src], e.delay)
    return ii * (sum(ceil((ii - 1 + out_delay[o.id]) / ii) for o in graph.ops) + 1) + max(
        (o.cycles for o in graph.ops), default=1
    )


def _segments(rrt: tuple[tuple[tuple[str, int], ...], ...]) -> dict[str, list[tuple[int, int, int]]]:
    """Per unit: maximal runs (offset, length, count) of constant demand."""
    out: dict[str, list[tuple[int, int, int]]] = {}
    units = {u for row in rrt for u, _ in row}
    for unit in sorted(units):
        runs: list[tuple[int, int, int]] = []
        counts = [dict(row).get(unit, 0) for row in rrt]
        c = 0
        while c < len(counts):
            if counts[c] == 0:
                c += 1
                continue
            start, q = c, counts[c]
            while c < len(counts) and counts[c] == q:
                c += 1
            runs.append((start, c - start, q))
        out[unit] = runs
    return out


def _solve_at(
    graph: DependenceGraph,
    ii: int,
    time_limit: float,
    seed: int,
    minimise_length: bool,
    hint: dict[str, int] | None = None,
    fixed_length: int | None = None,
) -> _Result:
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    horizon = _horizon(graph, ii)
    t = {o.id: m.new_int_var(0, horizon, f"t_{o.id}") for o in graph.ops}
    for e in graph.edges:
        m.add(t[e.dst] + e.distance * ii >= t[e.src] + e.delay)

    # Circular occupancy per unit.
    per_unit: dict[str, tuple[list, list]] = {u: ([], []) for u in graph.capacities}
    reserved: dict[str, int] = dict.fromkeys(graph.capacities, 0)
    for op in graph.ops:
        segs = _segments(op.rrt)
        if not segs:
            continue
        r = m.new_int_var(0, ii - 1, f"r_{op.id}")
        k = m.new_int_var(0, horizon // ii + 1, f"k_{op.id}")
        m.add(t[op.id] == ii * k + r)
        for unit, runs in segs.items():
            for offset, length, count in runs:
                wraps, rest = divmod(length, ii)
                reserved[unit] += wraps * count
                if rest == 0:
                    continue
                if offset % ii == 0:
                    s = r
                else:
                    s = m.new_int_var(0, ii - 1, f"s_{op.id}_{unit}_{offset}")
                    m.add_modulo_equality(s, r + offset, ii)
                for shift in (0, -ii):
                    iv = m.new_fixed_size_interval_var(s + shift, rest, f"i_{op.id}_{unit}_{offset}_{shift}")
                    per_unit[unit][0].append(iv)
                    per_unit[unit][1].append(count)
    for unit, (intervals, demands) in per_unit.items():
        cap = graph.capacities[unit] - reserved[unit]
        if cap < 0 or (cap == 0 and intervals):
            return _Result("infeasible")
        if not intervals:
            continue
        if cap == 1 and all(d == 1 for d in demands):
            m.add_no_overlap(intervals)
        else:
            m.add_cumulative(intervals, demands, cap)

    end = m.new_int_var(0, horizon + max(o.cycles for o in graph.ops), "L")
    for op in graph.ops:
        m.add(end >= t[op.id] + op.cycles)
    if fixed_length is not None:
        # Among the shortest schedules: short lifetimes, then ops as late as
        # their successors allow (values from loads live shortest).
        m.add(end <= fixed_length)
        span = sum(t[e.dst] + e.distance * ii - t[e.src] for e in graph.edges)
        m.minimize(span * (len(graph.ops) * (horizon + 1) + 1) - sum(t.values()))
    elif minimise_length:
        m.minimize(end)
    if hint:
        for v, val in hint.items():
            if val <= horizon:
                m.add_hint(t[v], val)

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, time_limit)
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    status = solver.solve(m)
    if status == cp_model.INFEASIBLE:
        return _Result("infeasible")
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        cycles = {v: int(solver.value(x)) for v, x in t.items()}
        base = min(cycles.values())
        cycles = {v: c - base for v, c in cycles.items()}
        proven = status == cp_model.OPTIMAL
        return _Result("optimal" if proven else "feasible", cycles)
    return _Result("unknown")


def modulo_schedule(
    graph: DependenceGraph,
    *,
    time_limit: float = 60.0,
    max_ii: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    refine: bool = True,
) -> Schedule:
    """The minimal-II modulo schedule of `graph`, then minimal length.

    `status` is OPTIMAL when the II is proven minimal; FEASIBLE with the
    proven lower bound when the time ran out first; INFEASIBLE when every II
    up to `max_ii` was proven impossible. Raises SolverLimit when no schedule
    was found in time."""
    start = time.monotonic()
    lower = max(res_mii(graph), rec_mii(graph))
    ii = lower
    proven_below = lower  # every II < proven_below is impossible
    complete = True
    while True:
        if max_ii is not None and ii > max_ii:
            return Schedule(
                ii=None,
                cycles={},
                length=0,
                status=Status.INFEASIBLE if complete else Status.FEASIBLE,
                lower_bound=proven_below,
                complete=complete,
                solver="cp-sat",
                note=f"no schedule with II <= {max_ii}",
            )
        left = time_limit - (time.monotonic() - start)
        if left <= 0:
            raise SolverLimit(
                f"time limit of {time_limit:g} s reached at II = {ii} with no schedule; lower bound {proven_below}",
                proven_below,
            )
        if progress:
            progress({"ii": ii, "bound": proven_below, "elapsed": time.monotonic() - start})
        res = _solve_at(graph, ii, left, seed, minimise_length=True)
        if res.status == "infeasible":
            if complete:
                proven_below = ii + 1
            ii += 1
            continue
        if res.status == "unknown":
            complete = False  # this II is open: a larger II may still be returned, not proven
            ii += 1
            continue
        assert res.cycles is not None
        cycles = res.cycles
        length_proven = res.status == "optimal"
        length = schedule_length(graph, cycles)
        if refine and length_proven:
            left = time_limit - (time.monotonic() - start)
            refined = _solve_at(graph, ii, min(left, 10.0), seed, False, hint=cycles, fixed_length=length)
            if refined.cycles is not None and schedule_length(graph, refined.cycles) == length:
                cycles = refined.cycles
        optimal = complete and ii == proven_below
        note = "II proven minimal" if optimal else f"II not proven minimal: II >= {proven_below} proven"
        if not length_proven:
            note += "; length not proven minimal"
        return Schedule(
            ii=ii,
            cycles={o.id: cycles[o.id] for o in graph.ops},
            length=schedule_length(graph, cycles),
            status=Status.OPTIMAL if optimal else Status.FEASIBLE,
            lower_bound=ii if optimal else proven_below,
            complete=optimal,
            solver="cp-sat",
            note=note,
        )
