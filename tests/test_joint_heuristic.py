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
from twillc.scheduling.graph import DependenceGraph, Edge, Op, Schedule, Status, schedule_length, uniform_rrt
from twillc.scheduling.joint_heuristic import capped_lifetimes, first_joint_schedule, heuristic_at
from twillc.scheduling.joint_search import WarpConfig, always_live, joint_schedule
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


def _two_accumulators(budget: int) -> tuple[DependenceGraph, WarpConfig]:
    """Two f32 accumulators (each updated in place from its own previous
    value, an iteration back) and a 128-register tile computed each
    iteration, on a producer group and two consumer groups of `budget`."""
    ops = (
        Op("ld", uniform_rrt("tma", 8), latency=20, variable_latency=True),
        Op("s", uniform_rrt("tc", 16), latency=16, regs=128, reads_while_running=True),
        Op("a", uniform_rrt("tc", 16), latency=16, regs=128, reads_while_running=True),
        Op("b", uniform_rrt("tc", 16), latency=16, regs=128, reads_while_running=True),
    )
    edges = (
        Edge("ld", "s", 20),
        Edge("s", "a", 16),
        Edge("s", "b", 16),
        Edge("a", "a", 16, 1, in_place=True),
        Edge("b", "b", 16, 1, in_place=True),
    )
    g = DependenceGraph("two_acc", ops, edges, {"tma": 1, "tc": 1})
    return g, WarpConfig(3, 0, (24, budget, budget))


def test_always_live_registers_refute_every_ii() -> None:
    """Each accumulator keeps its 128 registers live at every cycle on its
    warp; with 240 per consumer S fits beside neither: unsatisfiable at
    once, whatever the II, with the reason. With 256 it fits."""
    g, config = _two_accumulators(240)
    assert always_live(g) == ["a", "b"]
    start = time.process_time()
    s = joint_schedule(g, config, time_limit=20.0)
    assert time.process_time() - start < 5
    assert (s.ii, s.status, s.complete) == (None, Status.INFEASIBLE, True)
    assert "the values of a (128), b (128) stay live through every iteration" in s.note
    assert "s (128) then fits no warp beside them (registers per warp group: 24, 240, 240)" in s.note
    g, config = _two_accumulators(256)
    s = joint_schedule(g, config, time_limit=20.0)
    assert s.ii is not None and check_joint(g, s, config) == []


def test_capped_lifetimes_bound_wide_values() -> None:
    """A wide value (two copies overflow every warp) gets edges from its
    readers back to it one iteration later: times with it live for at most
    an II; a value beside a wide one it is computed from, when the two
    overflow a warp together, likewise with `chains`."""
    ops = (
        Op("x", uniform_rrt("alu", 4), latency=4, regs=128),
        Op("y", uniform_rrt("sfu", 30), latency=30, regs=64),
        Op("z", uniform_rrt("alu", 4), latency=4, regs=1),
    )
    g = DependenceGraph("wide", ops, (Edge("x", "y", 4), Edge("y", "z", 30)), {"alu": 1, "sfu": 1})
    config = WarpConfig(3, 0, (24, 176, 176))
    alone = capped_lifetimes(g, config, chains=False)
    assert set(alone.edges) - set(g.edges) == {Edge("y", "x", 0, 1)}
    chained = capped_lifetimes(g, config, chains=True)
    assert set(chained.edges) - set(g.edges) == {Edge("y", "x", 0, 1), Edge("z", "x", 0, 1)}


def test_refused_schedules_are_not_returned() -> None:
    """What the caller refuses beyond the model (the emitted kernel's shared
    memory; here every II below a floor) the heuristic treats as a failure,
    and the search returns a schedule the caller takes: two chains on
    consumers of 70 registers, where the modulo schedule's times admit no
    warps and the heuristic gives the first schedule."""
    g, tight = attention_chains(2), WarpConfig(3, 0, (24, 70, 70))
    modulo = modulo_schedule(g, time_limit=20.0)
    free = first_joint_schedule(g, tight, modulo.lower_bound, 8 * modulo.ii)
    assert free is not None
    floor = free[0] + 10

    def refuse(s: Schedule) -> str:
        return "too fast" if s.ii is not None and s.ii < floor else ""

    first = first_joint_schedule(g, tight, modulo.lower_bound, 8 * modulo.ii, refuse=refuse)
    assert first is not None and first[0] >= floor and legal(g, tight, *first) == []
    s = joint_schedule(g, tight, modulo=modulo, time_limit=3.0, refuse=refuse)
    assert s.ii is not None and refuse(s) == "" and check_joint(g, s, tight) == []
