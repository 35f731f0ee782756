"""Cost normalization: optimal against brute force, exact ratios kept, errors reported."""

from __future__ import annotations

from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twillc.scheduling.normalize import SCALE, NormalizationInfeasible, normalize_costs, ratio_error


def brute_force_error(values: list[int], budget: int) -> float:
    """Smallest achievable largest relative ratio error, by enumeration."""
    best = float("inf")
    for cand in product(range(1, budget + 1), repeat=len(values)):
        if sum(cand) > budget:
            continue
        err = max(
            (
                abs(ci * xj - cj * xi) / (cj * xi)
                for (ci, xi), (cj, xj) in permutations(zip(values, cand, strict=True), 2)
            ),
            default=0.0,
        )
        best = min(best, err)
    return best


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 60), min_size=2, max_size=3, unique=True), st.integers(4, 14))
def test_matches_brute_force(values: list[int], budget: int) -> None:
    result = normalize_costs(values, budget)
    assert sum(result.mapping[v] for v in values) <= budget
    assert all(result.mapping[v] >= 1 for v in values)
    # F is the rounded-up error in units of 1/SCALE; the true optimum lies within one unit.
    assert result.objective / SCALE <= brute_force_error(values, budget) + 1 / SCALE
    assert result.max_ratio_error == pytest.approx(ratio_error(result.mapping))


def test_exact_ratios_are_kept_and_smallest() -> None:
    result = normalize_costs([1024, 1024, 128, 512], 300)
    assert result.mapping == {0: 0, 128: 1, 512: 4, 1024: 8}
    assert result.max_ratio_error == 0.0 and result.optimal


def test_unit_costs_stay_unit() -> None:
    assert normalize_costs([1, 1, 1]).mapping == {0: 0, 1: 1}


def test_zero_latency_stays_zero() -> None:
    assert normalize_costs([0, 1024, 30], 300).mapping[0] == 0


def test_inexact_ratios_report_their_error() -> None:
    result = normalize_costs([1024, 756, 128, 30], 300)
    assert 0 < result.max_ratio_error < 0.02
    assert sum(result.mapping[v] for v in (1024, 756, 128, 30)) <= 300


def test_budget_below_distinct_count_is_an_error() -> None:
    with pytest.raises(NormalizationInfeasible, match="budget 2"):
        normalize_costs([5, 7, 11], 2)
