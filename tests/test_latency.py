"""Resource-constrained latency: CP-SAT equals brute force on small graphs,
GauS and list schedules are legal and never below the optimum, and the
synthetic problem generator is deterministic and well formed."""

from __future__ import annotations

import itertools

from graphs import small_graphs
from hypothesis import HealthCheck, given, settings

from twillc.io.synthetic import random_modulo_problem
from twillc.scheduling.bounds import rec_mii, res_mii
from twillc.scheduling.graph import DependenceGraph
from twillc.scheduling.latency import (
    acyclic,
    check_latency,
    cpsat_latency,
    gaus_latency,
    latency_lower_bound,
    list_schedule,
    makespan,
)


def brute_force_makespan(graph: DependenceGraph) -> int:
    g = acyclic(graph)
    horizon = sum(max(o.cycles, o.latency) for o in g.ops) + 1
    best = None
    for starts in itertools.product(range(horizon), repeat=len(g.ops)):
        cycles = {o.id: s for o, s in zip(g.ops, starts, strict=True)}
        span = makespan(g, cycles)
        if (best is None or span < best) and not check_latency(g, cycles):
            best = span
    assert best is not None
    return best


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_graphs(max_ops=3, max_delay=2))
def test_cpsat_latency_equals_brute_force(graph: DependenceGraph) -> None:
    result = cpsat_latency(graph, time_limit=10)
    assert result is not None and result.optimal
    assert not check_latency(graph, result.cycles)
    assert result.makespan == brute_force_makespan(graph)
    assert latency_lower_bound(graph) <= result.makespan


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_graphs(max_ops=3, max_delay=2))
def test_gaus_and_list_schedules_are_legal_and_not_below_optimum(graph: DependenceGraph) -> None:
    optimum = brute_force_makespan(graph)
    listed = list_schedule(graph)
    assert not check_latency(graph, listed) and makespan(graph, listed) >= optimum
    result = gaus_latency(graph, time_limit=5)
    assert not check_latency(graph, result.cycles)
    assert result.makespan == makespan(acyclic(graph), result.cycles) >= optimum


def test_checker_rejects_a_capacity_violation() -> None:
    graph = acyclic(random_modulo_problem(40, seed=1))
    cycles = {o.id: 0 for o in graph.ops}  # everything at once
    assert check_latency(graph, cycles)


def test_generator_is_deterministic_and_sized() -> None:
    a, b = random_modulo_problem(600, seed=3), random_modulo_problem(600, seed=3)
    assert a == b
    assert a != random_modulo_problem(600, seed=4)
    assert len(a.ops) == 600
    assert any(e.distance > 0 for e in a.edges)  # recurrences
    assert 32 <= res_mii(a) <= 64 and rec_mii(a) <= res_mii(a)


def test_latency_on_a_generated_problem() -> None:
    graph = random_modulo_problem(300, seed=0)
    exact = cpsat_latency(graph, time_limit=5)
    approx = gaus_latency(graph, time_limit=3)
    assert exact is not None and not check_latency(graph, exact.cycles)
    assert not check_latency(graph, approx.cycles)
    assert approx.makespan >= exact.lower_bound
