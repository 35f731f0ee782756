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
from dataclasses import dataclass
from math import ceil

import numpy as np

from twillc.scheduling.bounds import rec_mii, res_mii
from twillc.scheduling.graph import DependenceGraph, Op, Schedule, Status, schedule_length
from twillc.scheduling.ims import ims_all_pairs, ims_at, iterative_modulo_schedule
from twillc.scheduling.modulo_model import add_folded_units, forbid_conflicting_offsets, run_cpsat, solve_groups
from twillc.scheduling.paths import NEG, expand_times, longest_paths, too_large_for_all_pairs
from twillc.scheduling.progress import Progress, SolverLimit

__all__ = ["SolverLimit", "modulo_at", "modulo_schedule", "solve_at"]


@dataclass
class _Result:
    status: str  # "feasible" | "optimal" (length proven minimal) | "infeasible" | "unknown"
    cycles: dict[str, int] | None = None


LIFETIME_WORK = 0.06
"""CP-SAT deterministic time (reproducible, unlike wall time) for ranking
the schedules of a settled II and length by lifetimes: a tie-break, not a
claim, which rarely needs the proof of its optimum."""

WALL_SLACK = 4.0
"""Wall-clock seconds a call may take per second of work (a loaded machine
is slower): the work limit binds first, the time limit still stops all."""
PROOF_SHARE = 0.75
"""Of an II's time, what the groups' relaxation may take (it returns early
when it finds the group feasible, as it usually does quickly)."""


def solve_at(
    graph: DependenceGraph,
    ii: int,
    time_limit: float,
    seed: int,
    minimise_length: bool,
    hint: dict[str, int] | None = None,
    fixed_length: int | None = None,
    work: float | None = None,
) -> _Result:
    """One CP-SAT model at a fixed II over the ops that reserve units; the
    others follow from longest paths (see the module docstring). `work`:
    CP-SAT deterministic time, shared as the wall time is: the answer is
    then independent of the machine's load when it binds first."""
    from ortools.sat.python import cp_model

    ops = list(graph.ops)
    kept = [i for i, o in enumerate(ops) if o.units()] or [0]
    paths = longest_paths(graph, ii, kept)
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
        share = None if work is None else work * PROOF_SHARE
        solved = solve_groups(graph, ii, kept, lp, time_limit * PROOF_SHARE, seed, share)
        if solved is None:
            return _Result("infeasible")
        groups = solved
        time_limit = deadline - time.monotonic()

    greedy = ims_at(graph, ii, kept, lp, asap) if hint is None else None
    if greedy is not None:
        horizon = max(horizon, max(greedy.values()))

    def solve(limit: float, pinned: list[dict[int, int]], part: float):  # -> (status, cycles)
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

        forbid_conflicting_offsets(m, graph, ii, kept, lp, t, group_of)

        refs = {min(offsets) for offsets in pinned}
        timed = [(ops[v], t[a]) for a, v in enumerate(kept) if group_of[a] == a and a not in refs]
        for offsets in pinned:
            first = min(offsets, key=lambda b: (offsets[b], b))
            timed.append((merged_op(graph, kept, offsets, first), t[first]))
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

        effort = None if work is None else work * part
        status, solver = run_cpsat(m, limit, seed, work=LIFETIME_WORK if fixed_length is not None else effort)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return status, None
        return status, expand_times(graph, kept, lp, asap, {a: int(solver.value(t[a])) for a in range(len(kept))})

    deadline = time.monotonic() + time_limit
    # With the groups' relative times to fall back on, a short free search
    # first; then the groups pinned to those times, each one op, which
    # leaves CP-SAT little to decide; then the free search again.
    status, cycles = solve(time_limit / 8 if groups else time_limit, [], 1 / 8 if groups else 1)
    if status == cp_model.UNKNOWN and groups:
        _, cycles = solve((deadline - time.monotonic()) / 4, groups, 7 / 32)
        if cycles is not None:
            return _Result("feasible", cycles)
        status, cycles = solve(deadline - time.monotonic(), [], 21 / 32)
    if status == cp_model.INFEASIBLE:
        return _Result("infeasible")
    if cycles is None:
        return _Result("unknown")
    return _Result("optimal" if status == cp_model.OPTIMAL else "feasible", cycles)


def merged_op(graph: DependenceGraph, kept: list[int], offsets: dict[int, int], first: int) -> Op:
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


def _heuristic_at(graph: DependenceGraph, ii: int) -> dict[str, int] | None:
    """A legal schedule at `ii` from iterative modulo scheduling: over direct
    edges in ASAP order, else (graphs small enough) over the unit-holding
    ops with all-pairs distances; None when both give up."""
    asap = longest_paths(graph, ii, [0])
    if asap is None:
        return None  # II below RecMII
    found = iterative_modulo_schedule(graph, ii, asap[1].astype(np.float64))
    return found if found is not None else ims_all_pairs(graph, ii)


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
    res = solve_at(graph, ii, time_limit, seed, minimise_length=True)
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
    too_large = too_large_for_all_pairs(graph)
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
        # II gets at most a quarter of the budget, as work, not wall time
        # (reproducible under load); the wall clock stops the search at its limit.
        work = max(time_limit / 4, 0.5)
        res = solve_at(graph, ii, min(left, WALL_SLACK * work), seed, minimise_length=False, work=work)
        if res.cycles is not None:
            # Feasible: now the shortest schedule at this II, from the one found.
            left = time_limit - (time.monotonic() - start)
            # The II is settled; the length, secondary, gets a bounded share.
            best = solve_at(
                graph,
                ii,
                max(min(left, WALL_SLACK * max(time_limit / 8, 0.2)), 0.2),
                seed,
                minimise_length=True,
                hint=res.cycles,
                work=max(time_limit / 8, 0.2),
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
            refined = solve_at(graph, ii, min(left, 10.0), seed, False, hint=cycles, fixed_length=length)
            if refined.cycles is not None and schedule_length(graph, refined.cycles) == length:
                cycles = refined.cycles
        note = "" if length_proven else "length not proven minimal"
        return _result(graph, ii, cycles, ii == proven_below, proven_below, note)
