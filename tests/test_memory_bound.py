"""The memories' area bound (`memory_bound`): never above a real schedule's
II (brute force and the search's checked schedules on small graphs), and
above the modulo bound where an in-place accumulator and a long-lived tile
share a memory (Blackwell attention's tensor memory)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_joint_z3 import ONE_WARP, brute_force, carried_problems, graph, op, tiny_problems

from twillc.scheduling.checker_ws import check_joint
from twillc.scheduling.graph import DependenceGraph, Edge, Schedule, held_after_issue
from twillc.scheduling.joint_search import WarpConfig, joint_schedule
from twillc.scheduling.memory_bound import area_lower_bound, least_area, refuted_by_area


def area_of(g: DependenceGraph, memory: str, ii: int, cycles: dict[str, int]) -> int:
    """One iteration's footprint * lifetime in `memory` at the given issue times."""
    total = 0
    for o in g.ops:
        if o.footprint.get(memory, 0):
            end = max(
                [cycles[o.id] + 1]
                + [cycles[e.dst] + e.distance * ii + held_after_issue(g, e) for e in g.edges if e.src == o.id]
            )
            total += o.footprint[memory] * (end - cycles[o.id])
    return total


def check_schedule(g: DependenceGraph, s: Schedule) -> None:
    """A checked schedule's II is not refuted, and no area is below the least."""
    assert s.ii is not None
    assert refuted_by_area(g, s.ii) == ""
    for memory in g.memories:
        assert least_area(g, memory, s.ii) <= area_of(g, memory, s.ii, s.cycles)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_problems(), st.integers(1, 3))
def test_refuted_iis_have_no_schedule(problem: tuple[DependenceGraph, WarpConfig], ii: int) -> None:
    """Brute force over every issue time and warp finds nothing at a refuted II."""
    g, config = problem
    if refuted_by_area(g, ii):
        for length in range(1, 5):
            assert brute_force(g, config, ii, length, -(-length // ii)) is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(carried_problems())
def test_bound_below_the_schedules_found(problem: tuple[DependenceGraph, WarpConfig]) -> None:
    """Loop-carried values with buffers: the search's checked schedule sits
    at or above the bound, its lifetimes' area at or above the least."""
    g, config = problem
    s = joint_schedule(g, config, time_limit=30.0)
    if s.ii is None:
        return
    assert check_joint(g, s, config) == []
    check_schedule(g, s)
    assert area_lower_bound(g, 1, s.ii + 1)[0] <= s.ii


def accumulator_and_tile() -> DependenceGraph:
    """o accumulates in place (u rescales it), s's tile lives until o has
    read p: with room for two tiles, II >= s's least lifetime, 10 + 1 + 2."""
    return graph(
        [
            op("s", "tc", 2, footprint={"tmem": 1}),
            op("p", "sfu", 1),
            op("u", "alu", 1, footprint={"tmem": 1}),
            op("o", "tc", 2, footprint={"tmem": 1}, reads_while_running=True),
        ],
        [
            Edge("s", "p", 10),
            Edge("p", "o", 1),
            Edge("s", "o", 2),
            Edge("o", "u", 2, 1, in_place=True),
            Edge("u", "o", 1, 0, in_place=True),
        ],
        memories={"tmem": 2},
    )


def test_accumulator_in_place_binds_the_ii() -> None:
    g = accumulator_and_tile()
    assert least_area(g, "tmem", 12) == 12 + 13  # o and u live all the time, s 13 cycles
    assert refuted_by_area(g, 12) == "tmem" and refuted_by_area(g, 13) == ""
    assert area_lower_bound(g, 4, 20) == (13, [(ii, "tmem") for ii in range(4, 13)])
    s = joint_schedule(g, ONE_WARP, time_limit=30.0)
    assert s.ii == 13 and s.status.value == "optimal" and s.lower_bound == 13
    assert "II=4..12 refuted by the memories' area (every length)" in s.note
    check_schedule(g, s)


def test_seeds_scan_from_the_area_bound() -> None:
    """After the heuristic's schedule (II 13), the seeds below it are tried
    from the area bound up, not from the modulo bound: no query at fixed
    issue times at the IIs the area refutes (5..12), only at the modulo
    bound's own II (4, before the heuristic) and from 13 on."""
    calls: list[dict[str, object]] = []
    s = joint_schedule(accumulator_and_tile(), ONE_WARP, time_limit=30.0, progress=calls.append)
    assert s.ii == 13 and s.status.value == "optimal"
    assert any(c.get("heuristic") for c in calls)
    seeded = {c["ii"] for c in calls if c.get("fixed_times")}
    assert 4 in seeded and not seeded & set(range(5, 13))
