"""The independent schedule checker.

Written from the definitions in docs/architecture.md ("The scheduling problem",
"Interchange formats"), sharing no code with any solver: it replays the
schedule with plain loops and reports every violated constraint.
"""

from __future__ import annotations

from collections import defaultdict

from twillc.diagnostics import InternalError
from twillc.scheduling.graph import DependenceGraph, Schedule


class ScheduleVerificationError(InternalError):
    """A schedule twillc produced breaks a constraint: a bug, never output."""


def check_schedule(graph: DependenceGraph, schedule: Schedule) -> list[str]:
    problems: list[str] = []
    ops = {o.id: o for o in graph.ops}
    for op_id in ops:
        if op_id not in schedule.cycles:
            problems.append(f"op {op_id} is not scheduled")
    for op_id, c in schedule.cycles.items():
        if op_id not in ops:
            problems.append(f"schedule names unknown op {op_id}")
        elif c < 0:
            problems.append(f"op {op_id} issues at negative cycle {c}")
    if problems:
        return problems
    ii = schedule.ii
    if ii is not None and ii < 1:
        return [f"II must be >= 1, got {ii}"]
    for e in graph.edges:
        issue_dst = schedule.cycles[e.dst] + (e.distance * ii if ii is not None else 0)
        if issue_dst < schedule.cycles[e.src] + e.delay:
            problems.append(
                f"edge {e.src}->{e.dst} (delay {e.delay}, distance {e.distance}) violated: "
                f"{e.dst} at {schedule.cycles[e.dst]}"
                + (f" + {e.distance}*{ii}" if ii is not None and e.distance else "")
                + f" < {e.src} at {schedule.cycles[e.src]} + {e.delay}"
            )
        if ii is None and e.distance:
            problems.append(f"edge {e.src}->{e.dst} has a distance but the schedule is acyclic")
    # Units: every occupied time slot, folded modulo II for a modulo schedule.
    use: dict[tuple[str, int], int] = defaultdict(int)
    holders: dict[tuple[str, int], list[str]] = defaultdict(list)
    for op in graph.ops:
        for k, row in enumerate(op.rrt):
            slot = schedule.cycles[op.id] + k
            if ii is not None:
                slot %= ii
            for unit, count in row:
                use[(unit, slot)] += count
                holders[(unit, slot)].append(op.id)
    for (unit, slot), n in sorted(use.items()):
        cap = graph.capacities.get(unit, 0)
        if n > cap:
            where = f"residue {slot} of II {ii}" if ii is not None else f"step {slot}"
            problems.append(
                f"unit {unit} over capacity at {where}: {n} > {cap} ({', '.join(sorted(set(holders[(unit, slot)])))})"
            )
    length = max(schedule.cycles[o.id] + o.cycles for o in graph.ops) if graph.ops else 0
    if schedule.length != length:
        problems.append(f"length is {length}, the schedule says {schedule.length}")
    if ii is not None and schedule.stages != max(1, -(-length // ii)):
        problems.append(f"stages is {max(1, -(-length // ii))}, the schedule says {schedule.stages}")
    if ii is not None and schedule.lower_bound > ii:
        problems.append(f"lower bound {schedule.lower_bound} exceeds the II {ii}")
    return problems
