"""The first joint schedule (`joint_heuristic`): every schedule it builds
passes the independent checker, never beats the exact search's proven
optimum (on small random graphs, where the exact search is checked against
brute force in test_joint_z3), and is what the search returns when it has
no time for anything better, on a 40-op loop."""

from __future__ import annotations

import time

from graphs import attention_chains
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_joint_z3 import tiny_problems

from twillc.scheduling.checker_ws import check_joint
from twillc.scheduling.graph import DependenceGraph, Schedule, Status, schedule_length
from twillc.scheduling.joint_heuristic import first_joint_schedule, heuristic_at
from twillc.scheduling.joint_search import WarpConfig, joint_schedule
from twillc.scheduling.modulo_cpsat import modulo_schedule

HOPPER = WarpConfig(3, 0, (24, 240, 240))
"""A producer warp group and two consumer warp groups of 240 registers."""
TIGHT = WarpConfig(3, 0, (24, 190, 190))
"""Too few registers for five chains' packed times: one op at a time."""


def legal(g: DependenceGraph, config: WarpConfig, ii: int, found: tuple[dict[str, int], dict[str, int]]) -> list[str]:
    cycles, warps = found
    return check_joint(g, Schedule(ii, cycles, schedule_length(g, cycles), Status.FEASIBLE, 1, warps=warps), config)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_problems(), st.integers(1, 6))
def test_what_it_builds_is_legal(problem: tuple[DependenceGraph, WarpConfig], ii: int) -> None:
    g, config = problem
    found = heuristic_at(g, config, ii)
    if found is not None:
        assert legal(g, config, ii, found) == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_problems())
def test_never_below_the_proven_optimum(problem: tuple[DependenceGraph, WarpConfig]) -> None:
    g, config = problem
    exact = joint_schedule(g, config, time_limit=20.0, max_ii=8)
    first = first_joint_schedule(g, config, 1, 8)
    if first is not None:
        assert legal(g, config, first[0], first[1]) == []
        if exact.status == Status.OPTIMAL:
            assert exact.ii is not None and first[0] >= exact.ii
    if exact.status == Status.INFEASIBLE and exact.complete:
        assert first is None


def test_first_schedule_on_40_ops() -> None:
    """Legal on a 40-op loop, and what a search with no time left returns,
    with the modulo bound and every smaller II open; under a tight register
    budget too (then from one op at a time)."""
    g = attention_chains(5)
    assert len(g.ops) == 40
    modulo = modulo_schedule(g, time_limit=20.0)
    assert modulo.ii is not None
    start = time.process_time()
    first = first_joint_schedule(g, HOPPER, modulo.lower_bound, 8 * modulo.ii)
    print(f"first schedule of 40 ops: II {first and first[0]} in {time.process_time() - start:.2f} s CPU")
    assert first is not None and legal(g, HOPPER, *first) == []
    tight = first_joint_schedule(g, TIGHT, modulo.lower_bound, 8 * modulo.ii)
    assert tight is not None and tight[0] > first[0] and legal(g, TIGHT, *tight) == []
    # Past its deadline the heuristic stops bisecting: its first success.
    s = joint_schedule(g, TIGHT, modulo=modulo, time_limit=1e-9)
    assert s.ii is not None and s.ii >= tight[0]
    assert (s.solver, s.status, s.lower_bound) == ("heuristic", Status.FEASIBLE, modulo.lower_bound)
    assert check_joint(g, s, TIGHT) == []
    assert f"II={modulo.lower_bound} open: II {modulo.lower_bound}..{s.ii - 1} not settled (time limit)" in s.note


def test_same_input_same_schedule() -> None:
    g = attention_chains(3)
    assert first_joint_schedule(g, HOPPER, 384, 5000) == first_joint_schedule(g, HOPPER, 384, 5000)
