"""The relaxations that refute an II at every length: never an II where the
exact query finds a schedule (on random small problems), and strong enough
to refute what only path-consistent lifetimes refute."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_joint_z3 import carried_problems, graph, op, tiny_problems

from twillc.scheduling.graph import DependenceGraph, Edge
from twillc.scheduling.joint_cpsat import joint_cpsat_at
from twillc.scheduling.joint_relaxation import joint_relaxation_at
from twillc.scheduling.joint_search import WarpConfig, canonical_warps


def never_refutes_a_schedule(g: DependenceGraph, config: WarpConfig, ii: int, length: int) -> None:
    found = joint_cpsat_at(g, config, ii, length)
    if isinstance(found, tuple):
        assert joint_relaxation_at(g, config, ii) == "feasible"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_problems(), st.integers(1, 3), st.integers(1, 6))
def test_relaxation_keeps_every_schedule(problem: tuple[DependenceGraph, WarpConfig], ii: int, length: int) -> None:
    never_refutes_a_schedule(*problem, ii, length)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(carried_problems(), st.integers(1, 3), st.integers(2, 8))
def test_relaxation_keeps_carried_schedules(problem: tuple[DependenceGraph, WarpConfig], ii: int, length: int) -> None:
    never_refutes_a_schedule(*problem, ii, length)


def test_lifetimes_along_paths_refute_every_length() -> None:
    # a -> b -> c and a -> c: at II 2, a and c share the tensor core, so c
    # issues an odd number of cycles after a, at least 3 (after b): two
    # copies of a and one of b, 300 registers. Each edge's least gap alone
    # (a -> c: 1) misses it; gaps exact along paths (by stages) see it.
    g = graph(
        [op("a", "tc", regs=100), op("b", "sfu", regs=100), op("c", "tc")],
        [Edge("a", "b", 1), Edge("b", "c", 1), Edge("a", "c", 1)],
    )
    assert joint_relaxation_at(g, WarpConfig(2, 0, (24, 240)), 2) == "infeasible"
    assert joint_relaxation_at(g, WarpConfig(2, 0, (24, 400)), 2) == "feasible"


def test_recurrence_longer_than_ii_refuted() -> None:
    # a -> b -> a with delays 2 + 2 and distance 1: no II below 4 at any length.
    g = graph([op("a", "alu"), op("b", "alu")], [Edge("a", "b", 2), Edge("b", "a", 2, 1)])
    config = WarpConfig(2, 0, (24, 240))
    assert [joint_relaxation_at(g, config, ii) for ii in (3, 4)] == ["infeasible", "feasible"]


def test_alike_warps_numbered_by_first_op() -> None:
    g = graph([op("a", "alu"), op("b", "sfu"), op("c", "tc")], [])
    config = WarpConfig(4, 0, (24, 240, 240, 100))
    # warps 1 and 2 are alike: the one holding the first op becomes 1; 3 differs.
    assert canonical_warps(g, config, {"a": 2, "b": 3, "c": 1}) == {"a": 1, "b": 3, "c": 2}
