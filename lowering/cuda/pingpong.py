"""Ping-pong of two warp groups on the tensor core (FA3's warp-scheduler
barriers), from the modulo schedule: in one II each group's MMAs form one
run of back-to-back tensor-core ops, and the runs alternate. A named barrier
per group passes the tensor core on: a group syncs on its own barrier before
its run's first MMA and arrives on the other's after its last, so the groups
issue their MMAs in the schedule's order while each one's other work (the
softmax) overlaps the other's MMAs.

A run is a list of (op, iteration offset): the run of step j holds the op's
instance of iteration j + offset (FA3's consumer: this block's P V, j - 1,
then the next block's QK^T, j). Edge steps hold only the instances inside
[0, trips), some none; the plan is kept only if the runs that exist
alternate between the groups for every trip count. The guards say, per op
instance, whether it opens its run and whether it closes it with the other
group still to run.
"""

from __future__ import annotations

from dataclasses import dataclass

BARRIERS = (10, 11)  # named barrier ids (0 is __syncthreads; low ids stage tiles)


@dataclass(frozen=True)
class PingPong:
    order: tuple[int, int]  # the warps in step order: A's run, then B's
    runs: dict[int, tuple[tuple[str, int], ...]]  # warp -> its run: (op, iteration offset) in issue order
    first: int  # the warp whose run comes first at run time
    barrier: dict[int, int]  # warp -> the named barrier it syncs on


def plan_pingpong(mmas: list[tuple[str, int, int]], ii: int) -> PingPong | None:
    """The ping-pong of `mmas` (op, warp, issue cycle), or None when they are
    not two groups whose runs alternate for every trip count."""
    if len({w for _, w, _ in mmas}) != 2 or ii <= 0:
        return None
    order = sorted(mmas, key=lambda m: (m[2] % ii, m[0]))
    starts = [i for i in range(len(order)) if order[i][1] != order[i - 1][1]]
    if len(starts) != 2:
        return None  # a group's MMAs are not back to back in the II
    rotated = order[starts[0] :] + order[: starts[0]]
    cut = rotated[0][2] % ii
    runs: dict[int, list[tuple[str, int]]] = {}
    for op, w, cycle in rotated:
        shift = 0 if cycle % ii >= cut else 1  # issued in the next II of the step
        runs.setdefault(w, []).append((op, shift - cycle // ii))
    a, b = rotated[0][1], rotated[-1][1]
    plan = PingPong((a, b), {w: tuple(r) for w, r in runs.items()}, a, {a: BARRIERS[0], b: BARRIERS[1]})
    firsts = {_sequence(plan, trips)[0] for trips in range(1, 9)}
    if len(firsts) != 1 or not all(_alternates(_sequence(plan, t)) for t in [*range(1, 9), 50]):
        return None
    return PingPong(plan.order, plan.runs, firsts.pop(), plan.barrier)


def _exists(plan: PingPong, w: int, j: int, trips: int) -> bool:
    return any(0 <= j + rel < trips for _, rel in plan.runs[w])


def _sequence(plan: PingPong, trips: int) -> list[int]:
    """The groups of the runs that exist, in run-time order."""
    span = 2 + max(abs(rel) for run in plan.runs.values() for _, rel in run)
    return [w for j in range(-span, trips + span) for w in plan.order if _exists(plan, w, j, trips)]


def _alternates(seq: list[int]) -> bool:
    return all(x != y for x, y in zip(seq, seq[1:], strict=False))


def _kt(offset: int) -> str:
    return "kt" if offset == 0 else f"kt + {offset}" if offset > 0 else f"kt - {-offset}"


def guards(plan: PingPong, w: int, op: str) -> tuple[str, str]:
    """C conditions on `kt` for the instance of `op` (in group `w`) of
    iteration kt: it opens its run (sync first); it closes its run and the
    other group has a run after it (arrive after)."""
    run = plan.runs[w]
    k = [o for o, _ in run].index(op)
    rel = run[k][1]

    def absent(others: tuple[tuple[str, int], ...]) -> list[str]:
        return [f"({_kt(r - rel)} < 0 || {_kt(r - rel)} >= trips)" for _, r in others]

    opens = " && ".join(absent(run[:k])) or "true"
    other = plan.order[1] if w == plan.order[0] else plan.order[0]
    # the other group has a run in some later step (A's run j is followed by
    # B's runs from j on, B's by A's from j + 1): one of its ops has an
    # instance below the trip count there
    step = -rel + (0 if w == plan.order[0] else 1)
    later = " || ".join(f"{_kt(step + r)} < trips" for _, r in plan.runs[other])
    closes = " && ".join([*absent(run[k + 1 :]), f"({later})"])
    return opens, closes
