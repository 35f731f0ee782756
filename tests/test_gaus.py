"""GauS: each expected-violation term against brute-force enumeration of the
discrete start distributions, legality of every returned schedule, and
reproducibility."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import torch
from graphs import small_graphs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twillc.scheduling.checker import check_schedule
from twillc.scheduling.gaus import (
    GausFailure,
    _tensors,
    dependence_violation,
    folded_usage,
    gaus_modulo_schedule,
    step_probabilities,
)
from twillc.scheduling.graph import DependenceGraph, Edge, Op, Status, uniform_rrt


def masses(n: int, horizon: int, seed: int) -> torch.Tensor:
    gen = torch.Generator().manual_seed(seed)
    mu = torch.rand(n, generator=gen, dtype=torch.float64) * horizon
    sigma = torch.rand(n, generator=gen, dtype=torch.float64) * 2 + 0.3
    return step_probabilities(mu, sigma, horizon, torch)


def test_step_probabilities_are_distributions() -> None:
    p = masses(5, 9, 0)
    assert torch.allclose(p.sum(dim=1), torch.ones(5, dtype=torch.float64))
    assert bool((p >= 0).all())


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("shift", [-4, -1, 0, 2, 5, 12])
def test_dependence_term_matches_enumeration(seed: int, shift: int) -> None:
    p = masses(2, 7, seed)
    got = dependence_violation(
        p, torch.tensor([0]), torch.tensor([1]), torch.tensor([float(shift)], dtype=torch.float64), torch
    )
    want = sum(float(p[0, du] * p[1, dv]) * max(0, shift + du - dv) for du, dv in itertools.product(range(7), repeat=2))
    assert float(got[0]) == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("ii", [1, 2, 3, 5])
def test_resource_usage_matches_enumeration(seed: int, ii: int) -> None:
    g = DependenceGraph(
        "r",
        (Op("a", uniform_rrt("u", 2)), Op("b", uniform_rrt("u", 1)), Op("c", uniform_rrt("w", 4, 2))),
        (),
        {"u": 1, "w": 2},
    )
    horizon = 8
    p = masses(3, horizon, seed)
    tens = _tensors(g, ii, torch, "cpu")
    got = folded_usage(p, tens, ii, torch)
    want = np.zeros((2, ii))
    for k, op in enumerate(g.ops):
        for d in range(horizon):
            for c, row in enumerate(op.rrt):
                for unit, q in row:
                    want[tens.units.index(unit), (d + c) % ii] += float(p[k, d]) * q
    assert np.allclose(got.numpy(), want)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("shift", [-6, -1, 0, 3, 9])
def test_windowed_dependence_term_matches_enumeration(seed: int, shift: int) -> None:
    """Per-op windows: the masses sit at times base_i + j."""
    width = 5
    base = torch.tensor([3 + seed, -2 - seed])
    p = masses(2, width, seed)
    got = dependence_violation(
        p, torch.tensor([0]), torch.tensor([1]), torch.tensor([float(shift)], dtype=torch.float64), torch, base
    )
    want = sum(
        float(p[0, ju] * p[1, jv]) * max(0, shift + int(base[0]) + ju - int(base[1]) - jv)
        for ju, jv in itertools.product(range(width), repeat=2)
    )
    assert float(got[0]) == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("ii", [2, 3, 5])
def test_windowed_resource_usage_matches_enumeration(seed: int, ii: int) -> None:
    g = DependenceGraph(
        "r",
        (Op("a", uniform_rrt("u", 2)), Op("b", uniform_rrt("u", 1)), Op("c", uniform_rrt("w", 4, 2))),
        (),
        {"u": 1, "w": 2},
    )
    width = 4
    base = torch.tensor([5, -3, 11])
    p = masses(3, width, seed)
    tens = _tensors(g, ii, torch, "cpu")
    got = folded_usage(p, tens, ii, torch, base)
    want = np.zeros((2, ii))
    for k, op in enumerate(g.ops):
        for j in range(width):
            for c, row in enumerate(op.rrt):
                for unit, q in row:
                    want[tens.units.index(unit), (int(base[k]) + j + c) % ii] += float(p[k, j]) * q
    assert np.allclose(got.numpy(), want)


def test_windowed_probabilities_follow_the_window() -> None:
    mu = torch.tensor([10.2, -1.0], dtype=torch.float64)
    sigma = torch.tensor([0.7, 0.4], dtype=torch.float64)
    base = torch.tensor([8, -3])
    p = step_probabilities(mu, sigma, 5, torch, base)
    assert torch.allclose(p.sum(dim=1), torch.ones(2, dtype=torch.float64))
    assert int(p[0].argmax()) == 2 and int(p[1].argmax()) == 2  # times 10 and -1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_graphs(), st.integers(0, 3))
def test_returned_schedules_are_legal(graph: DependenceGraph, seed: int) -> None:
    try:
        s = gaus_modulo_schedule(graph, seed=seed, iterations=60, rounds=1, time_limit=20)
    except GausFailure:
        return  # legalization may give up, but never returns an illegal schedule
    assert check_schedule(graph, s) == []
    assert s.ii >= s.lower_bound


def test_simplified_attention_reaches_the_optimal_ii() -> None:
    g = DependenceGraph(
        "attn",
        (Op("s", uniform_rrt("tc", 1)), Op("p", uniform_rrt("sfu", 1)), Op("o", uniform_rrt("tc", 1))),
        (Edge("s", "p", 1), Edge("p", "o", 1), Edge("o", "o", 1, 1)),
        {"tc": 1, "sfu": 1},
    )
    s = gaus_modulo_schedule(g, iterations=100, rounds=1)
    assert (s.ii, s.length, s.status) == (2, 4, Status.OPTIMAL)
    assert check_schedule(g, s) == []


def test_same_seed_same_schedule() -> None:
    g = DependenceGraph(
        "chain",
        tuple(Op(f"v{i}", uniform_rrt("u" if i % 2 else "w", 1 + i % 2)) for i in range(6)),
        tuple(Edge(f"v{i}", f"v{i + 1}", 2) for i in range(5)) + (Edge("v5", "v0", 1, 1),),
        {"u": 1, "w": 1},
    )
    a = gaus_modulo_schedule(g, seed=3, iterations=80, rounds=2)
    b = gaus_modulo_schedule(g, seed=3, iterations=80, rounds=2)
    assert a == b and check_schedule(g, a) == []
