"""The CP-SAT model pieces of the exact modulo scheduler (`modulo_cpsat`):
the proof over strongly connected groups before the model (relative
windows, no-overlap or cumulative per unit, time-indexed residue slots) and
the folded unit capacities of the model at a fixed II."""

from __future__ import annotations

import time

import numpy as np

from twillc.scheduling.graph import DependenceGraph
from twillc.scheduling.paths import NEG, direct_pairs
from twillc.scheduling.reservations import segments

MAX_WINDOW_PERIODS = 16
"""Offset windows up to this many IIs wide get explicit allowed-offset domains."""


def forbid_conflicting_offsets(
    m, graph: DependenceGraph, ii: int, kept: list[int], lp: np.ndarray, t: list, group_of: list[int]
) -> None:
    """Tighter per-resource reasoning: two ops of one recurrence have their
    issue offset confined to a window [LP(u,v), -LP(v,u)]. When together
    they exceed a unit's capacity, every offset in the window that makes
    their folded occupancies meet is impossible: state the allowed offsets
    as a domain, which CP-SAT propagates far better than the residues."""
    from ortools.util.python import sorted_interval_list

    ops = graph.ops
    pos = {v: a for a, v in enumerate(kept)}
    occupancy: list[dict[str, set[int]]] = []
    for v in kept:
        per: dict[str, set[int]] = {}
        for c, row in enumerate(ops[v].rrt):
            for unit, _ in row:
                per.setdefault(unit, set()).add(c)
        occupancy.append(per)
    demand = [{u: max(dict(r).get(u, 0) for r in ops[v].rrt) for u in occupancy[a]} for a, v in enumerate(kept)]
    for a in range(len(kept)):
        for b in range(a + 1, len(kept)):
            if group_of[a] == group_of[b]:
                continue  # pinned to each other
            u, v = kept[a], kept[b]
            lo, hi_neg = lp[a, v], lp[b, u]
            if lo <= NEG // 2 or hi_neg <= NEG // 2:
                continue
            lo, hi = int(lo), int(-hi_neg)
            if hi < lo or hi - lo > MAX_WINDOW_PERIODS * ii:
                continue
            shared = [
                w for w in occupancy[a] if w in occupancy[b] and demand[a][w] + demand[b][w] > graph.capacities[w]
            ]
            if not shared:
                continue
            bad_res: set[int] = set()
            for w in shared:
                for ca in occupancy[a][w]:
                    for cb in occupancy[b][w]:
                        bad_res.add((ca - cb) % ii)  # t_v - t_u = d conflicts when d + cb == ca (mod II)
            allowed = [d for d in range(lo, hi + 1) if d % ii not in bad_res]
            if len(allowed) == hi - lo + 1:
                continue
            domain = sorted_interval_list.Domain.from_values(allowed)
            m.add_linear_expression_in_domain(t[pos[v]] - t[pos[u]], domain)


def _scc_groups(kept: list[int], lp: np.ndarray) -> list[list[int]]:
    """Unit-holding ops (positions in `kept`) joined by paths both ways,
    each group sorted, its first op the reference; singletons left out."""
    to_kept = lp[:, kept]
    linked = (to_kept > NEG // 2) & (to_kept.T > NEG // 2)
    seen = np.zeros(len(kept), dtype=bool)
    groups = []
    for ref in range(len(kept)):
        if not seen[ref]:
            group = [int(b) for b in np.flatnonzero(linked[ref])]
            seen[group] = True
            if len(group) > 1:
                groups.append(group)
    return groups


def _group_runs(graph: DependenceGraph, kept: list[int], group: list[int]) -> list[tuple[int, str, int, int, int]]:
    """The constant-demand runs of the group's ops: (op position, unit,
    offset, length, count)."""
    return [
        (b, unit, offset, length, count)
        for b in group
        for unit, runs in segments(graph.ops[kept[b]].rrt).items()
        for offset, length, count in runs
    ]


def _relative_caps(graph: DependenceGraph, ii: int, kept: list[int], group: list[int]) -> dict[str, int] | None:
    """Each unit's capacity left to the group's runs shorter than II, once
    runs of II cycles or more hold it at every residue; None when that
    alone exceeds a capacity."""
    reserved: dict[str, int] = dict.fromkeys(graph.capacities, 0)
    for _, unit, _, length, count in _group_runs(graph, kept, group):
        reserved[unit] += length // ii * count
    caps = {u: graph.capacities[u] - reserved[u] for u in graph.capacities}
    return None if any(c < 0 for c in caps.values()) else caps


def _add_relative_units(
    m,
    graph: DependenceGraph,
    ii: int,
    kept: list[int],
    d: dict,
    windows: dict[int, tuple[int, int]],
    group: list[int],
    caps: dict[str, int],
) -> bool:
    """Unit capacities of one group on its relative time line: two of its
    ops collide modulo II only at a difference j * II with |j| bounded by
    their windows, so per unit a cumulative over each run at d_v + j * II
    for the few j that matter states the group's capacity exactly, on
    small fixed domains where CP-SAT's disjunctive reasoning (edge finding,
    energy) applies. False when a unit has no capacity left for its runs."""
    by_unit: dict[str, list[tuple[int, int, int, int]]] = {}
    for b, unit, offset, length, count in _group_runs(graph, kept, group):
        if length % ii:
            by_unit.setdefault(unit, []).append((b, offset, length % ii, count))
    for unit, runs in sorted(by_unit.items()):
        cap = caps[unit]
        if cap <= 0:
            return False
        lo = min(windows[b][0] + o for b, o, _, _ in runs)
        hi = max(windows[b][1] + o for b, o, _, _ in runs)
        # Runs of u and v overlap at difference j * II only if j * II - (len - 1) <= hi - lo.
        copies = (hi - lo + max(n for _, _, n, _ in runs) - 1) // ii + 1
        intervals, demands = [], []
        for b, offset, length, count in runs:
            for j in range(copies):
                intervals.append(m.new_fixed_size_interval_var(d[b] + offset + j * ii, length, ""))
                demands.append(count)
        if sum(demands) > cap:
            within_capacity(m, intervals, demands, cap)
    return True


TIME_INDEXED_LIMIT = 40_000
"""Groups with more (op, relative time) pairs than this skip the
time-indexed statement of their capacities."""


def _add_residue_slots(
    m,
    graph: DependenceGraph,
    ii: int,
    kept: list[int],
    d: dict,
    windows: dict[int, tuple[int, int]],
    group: list[int],
    caps: dict[str, int],
) -> None:
    """The same capacities again, time-indexed: a literal per op and
    relative time in its window, exactly one true, and per unit and residue
    the literals that occupy it within capacity. Redundant with the
    cumulatives, but its linear relaxation (a transportation problem of ops
    onto residues) refutes IIs their propagation does not, once CP-SAT
    adds it to its LP (linearization level 2)."""
    if sum(hi - lo + 1 for lo, hi in windows.values()) > TIME_INDEXED_LIMIT:
        return
    at: dict[int, dict[int, object]] = {}
    for b in group:
        lo, hi = windows[b]
        at[b] = {t: m.new_bool_var("") for t in range(lo, hi + 1)}
        m.add_exactly_one(at[b].values())
        m.add(d[b] == sum(t * lit for t, lit in at[b].items()))
    slots: dict[tuple[str, int], list[tuple[int, object]]] = {}
    for b, unit, offset, length, count in _group_runs(graph, kept, group):
        for c in range(offset, offset + length % ii):
            for t, lit in at[b].items():
                slots.setdefault((unit, (t + c) % ii), []).append((count, lit))
    for (unit, _), held in sorted(slots.items()):
        if sum(q for q, _ in held) > caps[unit]:
            m.add(sum(q * lit for q, lit in held) <= caps[unit])


def within_capacity(m, intervals: list, demands: list[int], cap: int) -> None:
    """One unit's intervals within `cap` instances (a no-overlap when that
    is what it means, for CP-SAT's stronger reasoning)."""
    if cap == 1 and all(q == 1 for q in demands):
        m.add_no_overlap(intervals)
    else:
        m.add_cumulative(intervals, demands, cap)


def _windows(kept: list[int], lp: np.ndarray, group: list[int]) -> dict[int, tuple[int, int]]:
    ref = group[0]
    return {b: (int(lp[ref, kept[b]]), -int(lp[b, kept[ref]])) for b in group}


def _solve_group(
    graph: DependenceGraph,
    ii: int,
    kept: list[int],
    lp: np.ndarray,
    direct: np.ndarray,
    group: list[int],
    time_limit: float,
    seed: int,
    work: float | None = None,
) -> dict[int, int] | None:
    """One group alone, relative to its reference op (no other op, no
    issue-time lower bounds: a relaxation, translation-invariant, so fixing
    d_ref = 0 loses nothing): None when proven infeasible at `ii` (then the
    II is impossible), else the relative times found ({} if undecided)."""
    from ortools.sat.python import cp_model

    caps = _relative_caps(graph, ii, kept, group)
    if caps is None:
        return None
    m = cp_model.CpModel()
    windows = _windows(kept, lp, group)
    d = {b: m.new_int_var(lo, hi, f"d_{b}") for b, (lo, hi) in windows.items()}
    for a in group:
        for b in group:
            if a != b and direct[a, b]:
                m.add(d[b] - d[a] >= int(lp[a, kept[b]]))
    if not _add_relative_units(m, graph, ii, kept, d, windows, group, caps):
        return None
    # First the cumulatives alone, quick to find a feasible group; then with
    # the time-indexed capacities and their LP, stronger to refute one.
    deadline = time.monotonic() + time_limit
    status, solver = run_cpsat(m, time_limit / 3, seed, work=None if work is None else work / 3)
    if status == cp_model.UNKNOWN:
        _add_residue_slots(m, graph, ii, kept, d, windows, group, caps)
        more = None if work is None else work * 2 / 3
        status, solver = run_cpsat(m, deadline - time.monotonic(), seed, linearization=2, work=more)
    if status == cp_model.INFEASIBLE:
        return None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {b: int(solver.value(d[b])) for b in group}
    return {}


def solve_groups(
    graph: DependenceGraph,
    ii: int,
    kept: list[int],
    lp: np.ndarray,
    time_limit: float,
    seed: int,
    work: float | None = None,
) -> list[dict[int, int]] | None:
    """The relaxation of each strongly connected group of unit-holding ops,
    largest first, within `time_limit`: None when one proves `ii`
    impossible, else the relative times found for each group solved.
    `work`: CP-SAT deterministic time for each group."""
    groups = _scc_groups(kept, lp)
    if not groups:
        return []
    direct = direct_pairs(graph, ii, kept, lp)
    deadline = time.monotonic() + time_limit
    found = []
    for group in sorted(groups, key=len, reverse=True):
        offsets = _solve_group(graph, ii, kept, lp, direct, group, deadline - time.monotonic(), seed, work)
        if offsets is None:
            return None
        if offsets:
            found.append(offsets)
    return found


def run_cpsat(
    m, time_limit: float, seed: int, linearization: int = 1, work: float | None = None
):  # -> (status, solver)
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, time_limit)
    if work is not None:
        solver.parameters.max_deterministic_time = work
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.linearization_level = linearization
    return solver.solve(m), solver


def add_folded_units(m, graph: DependenceGraph, timed: list, ii: int, horizon: int) -> bool:
    """Unit capacities folded modulo II for ops with issue-time variables
    (`timed`: (op, t)): t = II * k + r, each constant-demand run of an op's
    reservation table an interval at its residue (twice, shifted by -II, so
    runs that wrap around the end of the II are caught), a cumulative (or
    no-overlap) per unit; runs of II cycles or more hold their units at
    every residue. False when that alone exceeds a capacity."""
    per_unit: dict[str, tuple[list, list]] = {u: ([], []) for u in graph.capacities}
    reserved: dict[str, int] = dict.fromkeys(graph.capacities, 0)
    for op, t in timed:
        segs = segments(op.rrt)
        if not segs:
            continue
        r = m.new_int_var(0, ii - 1, f"r_{op.id}")
        k = m.new_int_var(0, horizon // ii + 1, f"k_{op.id}")
        m.add(t == ii * k + r)
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
            return False
        if intervals:
            within_capacity(m, intervals, demands, cap)
    return True
