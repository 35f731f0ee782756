"""Independent check of a joint SWP + WS schedule.

Shares no code with the solver: it unrolls the pipelined loop for many
iterations, replays every op instance cycle by cycle, and checks a window
in the middle, where the steady state repeats, against each constraint:
units, memories and per-warp registers with liveness (a value lives from its
producer's issue until the issue of its last user, at least one cycle),
warp uniqueness and the variable-latency warp, cross-warp delays, and
blocking synchronisation. The modulo part goes through `check_schedule`.
"""

from __future__ import annotations

from collections import defaultdict

from twillc.checker import check_schedule
from twillc.graph import DependenceGraph, Schedule
from twillc.solvers.joint_z3 import WarpConfig


def check_joint(graph: DependenceGraph, schedule: Schedule, config: WarpConfig) -> list[str]:
    problems = check_schedule(graph, schedule)
    if problems or schedule.ii is None:
        return problems or ["a joint schedule needs an II"]
    if schedule.warps is None:
        return ["the schedule has no warp assignment"]
    ii, cyc, warp = schedule.ii, schedule.cycles, schedule.warps
    ops = {o.id: o for o in graph.ops}
    for o in graph.ops:
        w = warp.get(o.id)
        if w is None or not 0 <= w < config.warp_groups:
            problems.append(f"op {o.id} has no warp in [0, {config.warp_groups})")
        elif o.variable_latency and w != config.vl_warp:
            problems.append(f"variable-latency op {o.id} is on warp {w}, not the variable-latency warp")
        elif not o.variable_latency and w == config.vl_warp:
            problems.append(f"op {o.id} (fixed latency) is on the variable-latency warp {w}")
        if cyc[o.id] + o.cycles > schedule.length:
            problems.append(f"op {o.id} ends after the schedule length")
    if problems:
        return problems

    stages = schedule.stages
    iterations = 4 * stages + 8
    lo, hi = (2 * stages + 4) * ii, (2 * stages + 5) * ii  # a window deep in the steady state

    # Cross-warp delay and blocking (which ops must wait on a barrier).
    blocks: set[str] = set()
    for e in graph.edges:
        if e.blocking:
            blocks.add(e.dst)
        crossing = warp[e.src] != warp[e.dst] and e.src != e.dst and not ops[e.src].variable_latency
        if not crossing:
            continue
        if not config.allow_cross_warp:
            problems.append(f"edge {e.src}->{e.dst} crosses warps {warp[e.src]}->{warp[e.dst]} but crossing is off")
        need = cyc[e.src] + e.delay + ops[e.src].spill_cost
        if cyc[e.dst] + e.distance * ii < need:
            problems.append(
                f"edge {e.src}->{e.dst} crosses warps without its spill cost {ops[e.src].spill_cost}: "
                f"{e.dst} at {cyc[e.dst] + e.distance * ii} < {need}"
            )
        blocks.add(e.dst)

    # Replay: issue times of every instance, lifetimes, occupancy per cycle.
    last_use: dict[tuple[str, int], int] = {}
    for it in range(iterations):
        for e in graph.edges:
            user_it = it + e.distance
            if user_it < iterations:
                at = cyc[e.dst] + user_it * ii
                key = (e.src, it)
                last_use[key] = max(last_use.get(key, 0), at)
    unit_use: dict[tuple[str, int], int] = defaultdict(int)
    mem_use: dict[tuple[str, int], int] = defaultdict(int)
    reg_use: dict[tuple[int, int], int] = defaultdict(int)
    running: dict[tuple[int, int], list[str]] = defaultdict(list)  # (warp, cycle) -> ops executing
    for it in range(iterations):
        for o in graph.ops:
            start = cyc[o.id] + it * ii
            for k, row in enumerate(o.rrt):
                for unit, n in row:
                    unit_use[(unit, start + k)] += n
            for k in range(o.cycles):
                running[(warp[o.id], start + k)].append(o.id)
            end = max(start + 1, last_use.get((o.id, it), start + 1))
            for c in range(max(start, lo), min(end, hi)):
                for mem, size in o.footprint.items():
                    mem_use[(mem, c)] += size
                if o.regs:
                    reg_use[(warp[o.id], c)] += o.regs
    for c in range(lo, hi):
        for unit, cap in graph.capacities.items():
            if unit_use[(unit, c)] > cap:
                problems.append(f"unit {unit} holds {unit_use[(unit, c)]} > {cap} at steady-state cycle {c - lo}")
        for mem, cap in graph.memories.items():
            if mem_use[(mem, c)] > cap:
                problems.append(f"memory {mem} holds {mem_use[(mem, c)]} B > {cap} B at steady-state cycle {c - lo}")
        for w in range(config.warp_groups):
            if reg_use[(w, c)] > config.limit(w):
                problems.append(
                    f"warp {w} needs {reg_use[(w, c)]} registers > its limit {config.limit(w)} "
                    f"at steady-state cycle {c - lo}"
                )
    for v in sorted(blocks):
        for it in range(iterations):
            at = cyc[v] + it * ii
            if lo <= at < hi:
                others = [o for o in running[(warp[v], at)] if o != v]
                if others:
                    problems.append(
                        f"blocking op {v} issues at steady-state cycle {at - lo} while "
                        f"{', '.join(sorted(set(others)))} execute on its warp {warp[v]}"
                    )
    # One line per distinct problem keeps reports readable.
    return list(dict.fromkeys(problems))
