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

A proof before the model. Ops joined by paths both ways (a strongly
connected group) lie in fixed windows relative to one of them; on that
relative time line, with copies shifted by multiples of II, each unit is a
no-overlap (or cumulative) constraint over small fixed domains, where
CP-SAT's scheduling reasoning applies. When that stays undecided, the same
capacities again time-indexed (a literal per op and relative time, at most
`cap` per unit and residue), whose LP relaxation refutes IIs propagation
alone does not (mips/graph1 at 24 and 25, adpcm/graph1 at 51..55). The
group alone is a relaxation of the II's problem, so an infeasible group
proves the II impossible. Longest paths come from a Bellman-Ford whose
rounds take the ops in topological order of the distance-0 edges, so a
round settles every path along them.

A search from the proof. A feasible group's relative times are a schedule
of its ops up to translation; pinned to them, the group is one op with its
members' reservations summed, and CP-SAT is left to place that op and the
others. When a short free search finds nothing, that pinned model is tried
(aes/graph4: nothing found in seconds over 205 ops; pinned, at once).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from math import ceil

import numpy as np

from twillc.scheduling.bounds import rec_mii, res_mii
from twillc.scheduling.graph import DependenceGraph, Op, Schedule, Status, schedule_length
from twillc.scheduling.ims import free_residues, iterative_modulo_schedule

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


NEG = -(1 << 60)
"""No path."""


@dataclass(frozen=True)
class _Edges:
    """The edges as arrays, weight delay - II * distance, grouped for
    Bellman-Ford: `order` lists them by the topological level of their
    destination over the distance-0 edges (ops on a cycle of those last),
    then by destination; `cuts` splits `order` into levels."""

    src: np.ndarray
    dst: np.ndarray
    w: np.ndarray
    order: np.ndarray
    cuts: list[int]


def _edge_arrays(graph: DependenceGraph, ii: int) -> _Edges:
    index = {o.id: i for i, o in enumerate(graph.ops)}
    n = len(graph.ops)
    src = np.array([index[e.src] for e in graph.edges], dtype=np.int64)
    dst = np.array([index[e.dst] for e in graph.edges], dtype=np.int64)
    w = np.array([e.delay - ii * e.distance for e in graph.edges], dtype=np.int64)
    level = _levels(n, [(index[e.src], index[e.dst]) for e in graph.edges if e.distance == 0])
    order = np.lexsort((dst, level[dst]))
    lv = level[dst[order]]
    cuts = [0, *(np.flatnonzero(lv[1:] != lv[:-1]) + 1).tolist(), len(order)] if len(order) else []
    return _Edges(src, dst, w, order, cuts)


def _levels(n: int, forward: list[tuple[int, int]]) -> np.ndarray:
    """Topological level of each op over `forward` edges (Kahn); ops on a
    cycle of them share the last level."""
    indeg = [0] * n
    out: list[list[int]] = [[] for _ in range(n)]
    for u, v in forward:
        out[u].append(v)
        indeg[v] += 1
    level = np.full(n, -1, dtype=np.int64)
    frontier = [v for v in range(n) if indeg[v] == 0]
    depth = 0
    while frontier:
        nxt = []
        for u in frontier:
            level[u] = depth
            for v in out[u]:
                indeg[v] -= 1
                if indeg[v] == 0:
                    nxt.append(v)
        frontier, depth = nxt, depth + 1
    level[level < 0] = depth
    return level


def _relax(dist: np.ndarray, edges: _Edges, blocked: np.ndarray | None = None) -> np.ndarray | None:
    """Longest paths from several sources at once, in place: `dist` is
    (ops, sources). Bellman-Ford whose rounds take the ops level by level,
    so one round settles every path along distance-0 edges and each further
    round one more loop-carried edge: a few rounds instead of one per edge
    of the longest path. Edges marked in `blocked` (edges, sources) are
    skipped. None when a cycle has positive weight."""
    parts = []
    for lo, hi in zip(edges.cuts, edges.cuts[1:], strict=False):
        idx = edges.order[lo:hi]
        d = edges.dst[idx]
        starts = np.flatnonzero(np.r_[True, d[1:] != d[:-1]])
        parts.append(
            (edges.src[idx], edges.w[idx][:, None], starts, d[starts], None if blocked is None else blocked[idx])
        )
    for _ in range(dist.shape[0] + 1):
        changed = False
        for src, w, starts, targets, dead_edge in parts:
            base = dist[src]
            dead = base <= NEG // 2
            if dead_edge is not None:
                dead |= dead_edge
            best = np.maximum.reduceat(np.where(dead, NEG, base + w), starts, axis=0)
            grow = best > dist[targets]
            if grow.any():
                dist[targets] = np.where(grow, best, dist[targets])
                changed = True
        if not changed:
            return dist
    return None


def _longest_paths(graph: DependenceGraph, ii: int, sources: list[int]) -> tuple[np.ndarray, np.ndarray] | None:
    """Longest-path distances under weights delay - II * distance: from each
    op in `sources` to every op (rows), and from time 0 (ASAP). None when a
    cycle has positive weight (II below RecMII)."""
    n = len(graph.ops)
    rows = len(sources)
    dist = np.full((n, rows + 1), NEG, dtype=np.int64)
    dist[sources, np.arange(rows)] = 0
    dist[:, rows] = 0  # ASAP: every op may start at 0
    done = _relax(dist, _edge_arrays(graph, ii))
    return None if done is None else (np.ascontiguousarray(done[:, :rows].T), done[:, rows].copy())


def _direct_pairs(graph: DependenceGraph, ii: int, kept: list[int], lp: np.ndarray) -> np.ndarray:
    """Which longest-path distances between unit-holding ops the model must
    state: (a, b) when some longest path from kept[a] to kept[b] passes no
    other unit-holding op. The others follow by adding those along a longest
    path cut at its unit-holding ops (each piece is a longest path free of
    them), so dropping them loses nothing and the model shrinks from all
    pairs to about the edges between neighbouring unit-holding ops."""
    edges = _edge_arrays(graph, ii)
    is_kept = np.zeros(len(graph.ops), dtype=bool)
    is_kept[kept] = True
    # Paths stop at unit-holding ops other than their own source.
    blocked = is_kept[edges.src][:, None] & (edges.src[:, None] != np.array(kept)[None, :])
    dist = np.full((len(graph.ops), len(kept)), NEG, dtype=np.int64)
    dist[kept, np.arange(len(kept))] = 0
    direct = _relax(dist, edges, blocked)
    assert direct is not None  # a positive cycle would have shown in lp
    reach = direct[kept].T
    return (reach > NEG // 2) & (reach == lp[:, kept])


def _segments(
    rrt: tuple[tuple[tuple[str, int], ...], ...],
) -> dict[str, list[tuple[int, int, int]]]:
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


def _ims_at(
    graph: DependenceGraph, ii: int, kept: list[int], lp: np.ndarray, asap: np.ndarray
) -> dict[int, int] | None:
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
    need: list[dict[tuple[str, int], int]] = []
    for v in kept:
        folded: dict[tuple[str, int], int] = {}
        for c, row in enumerate(ops[v].rrt):
            for u, q in row:
                folded[(u, c % ii)] = folded.get((u, c % ii), 0) + q
        if any(q > graph.capacities[u] for (u, _), q in folded.items()):
            return None  # the op alone overfills a unit at this II
        need.append(folded)
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


LIFETIME_WORK = 0.06
"""CP-SAT deterministic time (reproducible, unlike wall time) for ranking
the schedules of a settled II and length by lifetimes: a tie-break, not a
claim, which rarely needs the proof of its optimum."""

PROOF_SHARE = 0.75
"""Of an II's time, what the groups' relaxation may take (it returns early
when it finds the group feasible, as it usually does quickly)."""

MAX_WINDOW_PERIODS = 16
"""Offset windows up to this many IIs wide get explicit allowed-offset domains."""


def _forbid_conflicting_offsets(
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
        for unit, runs in _segments(graph.ops[kept[b]].rrt).items()
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
            _within_capacity(m, intervals, demands, cap)
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


def _within_capacity(m, intervals: list, demands: list[int], cap: int) -> None:
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
    status, solver = _run(m, time_limit / 3, seed)
    if status == cp_model.UNKNOWN:
        _add_residue_slots(m, graph, ii, kept, d, windows, group, caps)
        status, solver = _run(m, deadline - time.monotonic(), seed, linearization=2)
    if status == cp_model.INFEASIBLE:
        return None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {b: int(solver.value(d[b])) for b in group}
    return {}


def _solve_groups(
    graph: DependenceGraph, ii: int, kept: list[int], lp: np.ndarray, time_limit: float, seed: int
) -> list[dict[int, int]] | None:
    """The relaxation of each strongly connected group of unit-holding ops,
    largest first, within `time_limit`: None when one proves `ii`
    impossible, else the relative times found for each group solved."""
    groups = _scc_groups(kept, lp)
    if not groups:
        return []
    direct = _direct_pairs(graph, ii, kept, lp)
    deadline = time.monotonic() + time_limit
    found = []
    for group in sorted(groups, key=len, reverse=True):
        offsets = _solve_group(graph, ii, kept, lp, direct, group, deadline - time.monotonic(), seed)
        if offsets is None:
            return None
        if offsets:
            found.append(offsets)
    return found


def _run(m, time_limit: float, seed: int, linearization: int = 1, work: float | None = None):  # -> (status, solver)
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
        segs = _segments(op.rrt)
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
            _within_capacity(m, intervals, demands, cap)
    return True


def _solve_at(
    graph: DependenceGraph,
    ii: int,
    time_limit: float,
    seed: int,
    minimise_length: bool,
    hint: dict[str, int] | None = None,
    fixed_length: int | None = None,
) -> _Result:
    """One CP-SAT model at a fixed II over the ops that reserve units; the
    others follow from longest paths (see the module docstring)."""
    from ortools.sat.python import cp_model

    ops = list(graph.ops)
    kept = [i for i, o in enumerate(ops) if o.units()] or [0]
    paths = _longest_paths(graph, ii, kept)
    if paths is None:
        return _Result("infeasible")
    lp, asap = paths
    cycles_of = np.array([o.cycles for o in ops], dtype=np.int64)
    # tail[u]: how far the iteration's end lies beyond t_u at least.
    reach = np.where(lp > NEG // 2, lp + cycles_of[None, :], NEG)
    tail = reach.max(axis=1)
    base_end = int((asap + cycles_of).max())
    out_lp = [
        max(0, int(max((lp[a, kept[b]] for b in range(len(kept)) if b != a), default=0))) for a in range(len(kept))
    ]
    horizon = int(asap.max()) + ii * (sum(ceil((ii - 1 + d) / ii) for d in out_lp) + 1)

    groups: list[dict[int, int]] = []
    if hint is None:  # II not yet known feasible: a proof first
        deadline = time.monotonic() + time_limit
        solved = _solve_groups(graph, ii, kept, lp, time_limit * PROOF_SHARE, seed)
        if solved is None:
            return _Result("infeasible")
        groups = solved
        time_limit = deadline - time.monotonic()

    greedy = _ims_at(graph, ii, kept, lp, asap) if hint is None else None
    if greedy is not None:
        horizon = max(horizon, max(greedy.values()))

    def solve(limit: float, pinned: list[dict[int, int]]):  # -> (status, cycles)
        m = cp_model.CpModel()
        # A pinned group is one op: its first member's time plus offsets.
        group_of, shift = list(range(len(kept))), [0] * len(kept)
        for offsets in pinned:
            for b, rel in offsets.items():
                group_of[b], shift[b] = min(offsets), rel - offsets[min(offsets)]
        t: list = [None] * len(kept)
        for a, v in enumerate(kept):
            if group_of[a] == a:
                members = [b for b in range(len(kept)) if group_of[b] == a]
                lo = max(int(asap[kept[b]]) - shift[b] for b in members)
                hi = max(lo, min(horizon - shift[b] for b in members))
                t[a] = m.new_int_var(lo, hi, f"t_{ops[v].id}")
        for a in range(len(kept)):
            t[a] = t[group_of[a]] + shift[a] if group_of[a] != a else t[a]
        for a in range(len(kept)):
            for b, v in enumerate(kept):
                if group_of[a] != group_of[b] and lp[a, v] > NEG // 2 and lp[a, v] > asap[v] - horizon:
                    m.add(t[b] - t[a] >= int(lp[a, v]))

        _forbid_conflicting_offsets(m, graph, ii, kept, lp, t, group_of)

        refs = {min(offsets) for offsets in pinned}
        timed = [(ops[v], t[a]) for a, v in enumerate(kept) if group_of[a] == a and a not in refs]
        for offsets in pinned:
            first = min(offsets, key=lambda b: (offsets[b], b))
            timed.append((_merged_op(graph, kept, offsets, first), t[first]))
        if not add_folded_units(m, graph, timed, ii, horizon):
            return cp_model.INFEASIBLE, None

        end = m.new_int_var(base_end, horizon + int(tail.max()) + base_end, "L")
        for a in range(len(kept)):
            m.add(end >= t[a] + int(tail[a]))
        if fixed_length is not None:
            # Among the shortest schedules: short lifetimes, then ops as late as
            # their successors allow (values from loads live shortest).
            m.add(end <= fixed_length)
            pos = {v: a for a, v in enumerate(kept)}
            index = {o.id: i for i, o in enumerate(ops)}
            span = sum(
                t[pos[index[e.dst]]] + e.distance * ii - t[pos[index[e.src]]]
                for e in graph.edges
                if index[e.src] in pos and index[e.dst] in pos
            )
            m.minimize(span * (len(kept) * (horizon + 1) + 1) - sum(t))
        elif minimise_length:
            m.minimize(end)
        if hint:
            for a, v in enumerate(kept):
                if ops[v].id in hint:
                    m.add_hint(t[a], hint[ops[v].id])
        elif greedy is not None and not pinned:
            for a, tv in greedy.items():
                m.add_hint(t[a], tv)

        status, solver = _run(m, limit, seed, work=LIFETIME_WORK if fixed_length is not None else None)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return status, None
        return status, _expand(graph, kept, lp, asap, {a: int(solver.value(t[a])) for a in range(len(kept))})

    deadline = time.monotonic() + time_limit
    # With the groups' relative times to fall back on, a short free search
    # first; then the groups pinned to those times, each one op, which
    # leaves CP-SAT little to decide; then the free search again.
    status, cycles = solve(time_limit / 8 if groups else time_limit, [])
    if status == cp_model.UNKNOWN and groups:
        _, cycles = solve((deadline - time.monotonic()) / 4, groups)
        if cycles is not None:
            return _Result("feasible", cycles)
        status, cycles = solve(deadline - time.monotonic(), [])
    if status == cp_model.INFEASIBLE:
        return _Result("infeasible")
    if cycles is None:
        return _Result("unknown")
    return _Result("optimal" if status == cp_model.OPTIMAL else "feasible", cycles)


def _merged_op(graph: DependenceGraph, kept: list[int], offsets: dict[int, int], first: int) -> Op:
    """The ops of a group at fixed relative times as one op issued with
    `first`: their reservations summed cycle by cycle."""
    rows: list[dict[str, int]] = []
    for b, rel in sorted(offsets.items()):
        for c, row in enumerate(graph.ops[kept[b]].rrt):
            at = rel - offsets[first] + c
            rows.extend({} for _ in range(at + 1 - len(rows)))
            for unit, q in row:
                rows[at][unit] = rows[at].get(unit, 0) + q
    return Op(f"group_{graph.ops[kept[first]].id}", tuple(tuple(sorted(r.items())) for r in rows))


def _expand(
    graph: DependenceGraph, kept: list[int], lp: np.ndarray, asap: np.ndarray, times: dict[int, int]
) -> dict[str, int]:
    """Issue times of every op from those of the unit-holding ops: each other
    op at the earliest time its longest-path distances allow."""
    ops = graph.ops
    fixed = np.full(len(ops), NEG, dtype=np.int64)
    start = asap.copy()
    for a, tv in times.items():
        fixed[kept[a]] = tv
        start = np.maximum(start, np.where(lp[a] > NEG // 2, tv + lp[a], NEG))
    start = np.where(fixed > NEG, fixed, start)
    cycles = {o.id: int(start[i]) for i, o in enumerate(ops)}
    base = min(cycles.values())
    return {v: c - base for v, c in cycles.items()}


def _heuristic_at(graph: DependenceGraph, ii: int) -> dict[str, int] | None:
    """A legal schedule at `ii` from iterative modulo scheduling: over direct
    edges in ASAP order, else (graphs small enough) over the unit-holding
    ops with all-pairs distances; None when both give up."""
    asap = _longest_paths(graph, ii, [0])
    if asap is None:
        return None  # II below RecMII
    found = iterative_modulo_schedule(graph, ii, asap[1].astype(np.float64))
    return found if found is not None else ims_all_pairs(graph, ii)


def ims_all_pairs(graph: DependenceGraph, ii: int) -> dict[str, int] | None:
    """Iterative modulo scheduling of the unit-holding ops with all-pairs
    longest-path distances (`_ims_at`); None when it gives up or the graph
    is too large for the distance matrix."""
    if _too_large(graph):
        return None
    kept = [i for i, o in enumerate(graph.ops) if o.units()] or [0]
    paths = _longest_paths(graph, ii, kept)
    if paths is None:
        return None
    lp, asap = paths
    placed = _ims_at(graph, ii, kept, lp, asap)
    return _expand(graph, kept, lp, asap, placed) if placed is not None else None


def _heuristic_upper_bound(graph: DependenceGraph, lower: int, tries: int = 8) -> tuple[int, dict[str, int]] | None:
    """A first legal schedule from iterative modulo scheduling at growing IIs
    (lower, +1, +2, +4, ...), then bisected down towards the last II that
    failed: what is returned if the exact search runs out of time before
    finding one."""
    ii, step, failed = lower, 1, lower - 1
    best: tuple[int, dict[str, int]] | None = None
    for _ in range(tries):
        found = _heuristic_at(graph, ii)
        if found is not None:
            best = (ii, found)
            break
        failed, ii, step = ii, ii + step, step * 2
    while best is not None and best[0] - failed > 1:
        mid = (failed + best[0]) // 2
        found = _heuristic_at(graph, mid)
        if found is not None:
            best = (mid, found)
        else:
            failed = mid
    return best


ALL_PAIRS_ABOVE = 5_000_000
"""Unit-holding ops x ops past which the exact model's all-pairs longest
paths (and its pairwise constraints) no longer fit in memory."""


def _too_large(graph: DependenceGraph) -> bool:
    return sum(1 for o in graph.ops if o.units()) * len(graph.ops) > ALL_PAIRS_ABOVE


def _result(
    graph: DependenceGraph, ii: int, cycles: dict[str, int], optimal: bool, proven_below: int, extra: str
) -> Schedule:
    note = "II proven minimal" if optimal else f"II not proven minimal: II >= {proven_below} proven"
    return Schedule(
        ii=ii,
        cycles={o.id: cycles[o.id] for o in graph.ops},
        length=schedule_length(graph, cycles),
        status=Status.OPTIMAL if optimal else Status.FEASIBLE,
        lower_bound=ii if optimal else proven_below,
        complete=optimal,
        solver="cp-sat",
        note=note + (f"; {extra}" if extra else ""),
    )


def modulo_at(graph: DependenceGraph, ii: int, time_limit: float, seed: int = 0) -> Schedule | None:
    """The shortest modulo schedule at a fixed II (None: infeasible or
    undecided in time); status FEASIBLE, it proves nothing about II."""
    res = _solve_at(graph, ii, time_limit, seed, minimise_length=True)
    if res.cycles is None:
        return None
    cycles = {o.id: res.cycles[o.id] for o in graph.ops}
    return Schedule(ii, cycles, schedule_length(graph, cycles), Status.FEASIBLE, ii, solver="cp-sat")


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
    too_large = _too_large(graph)
    # A legal schedule from iterative modulo scheduling, to return if CP-SAT
    # finds none in time; made once the first II is not found feasible, so a
    # loop scheduled at its bound at once does not pay for it.
    fallback: tuple[int, dict[str, int]] | None = None
    tried_heuristic = False

    def make_fallback() -> None:
        nonlocal fallback, tried_heuristic
        if not tried_heuristic:
            tried_heuristic = True
            fallback = _heuristic_upper_bound(graph, lower)
            if fallback is not None and max_ii is not None and fallback[0] > max_ii:
                fallback = None

    if too_large:
        make_fallback()
    while True:
        if fallback is not None and (ii > fallback[0] or time.monotonic() - start >= time_limit or too_large):
            fb_ii, fb_cycles = fallback
            note = "iterative modulo schedule (time limit before CP-SAT found one)"
            if too_large:
                note = "iterative modulo schedule (the graph is too large for the exact model)"
            return _result(graph, fb_ii, fb_cycles, fb_ii == proven_below, proven_below, note)
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
        # An open II must not starve the larger ones that may be easy: each
        # II gets at most a quarter of the budget.
        res = _solve_at(graph, ii, min(left, max(time_limit / 4, 0.5)), seed, minimise_length=False)
        if res.cycles is not None:
            # Feasible: now the shortest schedule at this II, from the one found.
            left = time_limit - (time.monotonic() - start)
            # The II is settled; the length, secondary, gets a bounded share.
            best = _solve_at(
                graph, ii, max(min(left / 2, time_limit / 8), 0.2), seed, minimise_length=True, hint=res.cycles
            )
            res = best if best.cycles is not None else _Result("feasible", res.cycles)
        if res.status in ("infeasible", "unknown"):
            make_fallback()
        if res.status == "infeasible":
            if complete:
                proven_below = ii + 1
            ii += 1
            continue
        if res.status == "unknown":
            complete = False  # this II is open: proven_below stops here
            ii += 1
            continue
        assert res.cycles is not None
        cycles = res.cycles
        length_proven = res.status == "optimal"
        length = schedule_length(graph, cycles)
        if refine and length_proven and len(graph.ops) <= 300:
            left = time_limit - (time.monotonic() - start)
            refined = _solve_at(graph, ii, min(left, 10.0), seed, False, hint=cycles, fixed_length=length)
            if refined.cycles is not None and schedule_length(graph, refined.cycles) == length:
                cycles = refined.cycles
        note = "" if length_proven else "length not proven minimal"
        return _result(graph, ii, cycles, ii == proven_below, proven_below, note)
