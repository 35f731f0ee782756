"""Cost normalization (Twill 5.2): small integers with the ratios of the
original cycle counts, because exact schedulers slow down with the sum of
delays while only the ratios between costs matter.

Twill's program bounds the cross differences absolutely,

    minimise F  s.t.  -F <= C[i]*C'[j] - C[j]*C'[i] <= F,  1 <= sum C' <= U,

which is not scale-free: shrinking every C' shrinks F, so its optimum
favours tiny costs with coarse ratios (1024:128:30 becomes 31:4:1). twillc
bounds the same cross differences relative to the ratio they approximate,

    |C[i]*C'[j] - C[j]*C'[i]| <= F * C[j]*C'[i] / SCALE   for all i != j,

so F is the largest relative ratio error (in 1/SCALE), the quantity the
report gives. Over the distinct positive costs (zero stays zero, C' >= 1),
the least F is found by bisection, each step a linear CP-SAT feasibility
problem (F fixed removes the products F*C'); among the solutions within
it the smallest sum is taken.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations, permutations
from math import gcd

SCALE = 10_000
"""F is in units of 1/SCALE relative error."""


@dataclass(frozen=True)
class Normalization:
    mapping: dict[int, int]
    """Original cost -> normalized cost (0 -> 0)."""
    max_ratio_error: float
    """max over pairs of |(C'[i]/C'[j]) / (C[i]/C[j]) - 1|."""
    objective: int
    """F at the optimum: the largest relative ratio error in units of 1/SCALE."""
    optimal: bool

    @property
    def scale(self) -> tuple[int, int]:
        """Machine cycles per normalized unit as the fraction (cycles, units):
        the sum of the distinct original costs over the sum of their images
        (the gcd when the ratios are exact), so the large costs, which decide
        the II, weigh most. (1, 1) when there is no cost."""
        units = sum(self.mapping[c] for c in self.mapping if c > 0)
        return (sum(c for c in self.mapping if c > 0), units) if units else (1, 1)


class NormalizationInfeasible(ValueError):
    pass


def ratio_error(mapping: dict[int, int]) -> float:
    pos = sorted(c for c in mapping if c > 0)
    worst = 0.0
    for a, b in combinations(pos, 2):
        worst = max(worst, abs((mapping[a] * b) / (mapping[b] * a) - 1.0))
    return worst


def normalize_costs(costs: Iterable[int], budget: int = 300, time_limit: float = 10.0) -> Normalization:
    from ortools.sat.python import cp_model

    values = sorted({c for c in costs if c > 0})
    if len(values) > budget:
        raise NormalizationInfeasible(
            f"budget {budget} is below the number of distinct costs ({len(values)}); raise 'budget'"
        )
    mapping = {0: 0}
    if not values:
        return Normalization(mapping, 0.0, 0, True)
    common = gcd(*values)
    if sum(v // common for v in values) <= budget:
        # Exact ratios fit: F = 0, and dividing by the gcd gives the smallest
        # such integers, so this is the optimum without a solve.
        mapping.update({v: v // common for v in values})
        return Normalization(mapping, 0.0, 0, True)
    deadline = time.monotonic() + time_limit

    def solve(f: int, minimise: bool) -> tuple[list[int] | None, bool]:
        """Costs within error `f` (the smallest sum of them if `minimise`),
        and whether the answer is decided: F fixed makes the model linear."""
        m = cp_model.CpModel()
        xs = [m.new_int_var(1, budget, f"c{i}") for i in range(len(values))]
        for (i, ci), (j, cj) in permutations(enumerate(values), 2):
            diff = ci * xs[j] - cj * xs[i]
            m.add(SCALE * diff <= cj * f * xs[i])
            m.add(SCALE * diff >= -cj * f * xs[i])
        m.add(sum(xs) <= budget)
        if minimise:
            m.minimize(sum(xs))
        s = cp_model.CpSolver()
        s.parameters.num_workers = 1
        s.parameters.random_seed = 0
        s.parameters.max_time_in_seconds = max(deadline - time.monotonic(), 0.01)
        status = s.solve(m)
        found = [int(s.value(x)) for x in xs] if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
        return found, status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)

    # The least F by bisection: every cost 1 is within some F, and a
    # solution found within `mid` may be within less, which tightens `hi`.
    best = [1] * len(values)
    lo, hi, proven = 0, _error(values, best), True
    while lo < hi:
        mid = (lo + hi) // 2
        found, decided = solve(mid, False)
        if found is not None:
            best, hi = found, _error(values, found)
        elif decided:
            lo = mid + 1
        else:  # time limit: the best F found stands, unproven
            proven = False
            break
    scaled, decided = solve(hi, True)
    mapping.update(zip(values, scaled or best, strict=True))
    return Normalization(mapping, ratio_error(mapping), hi, proven and decided)


def _error(values: list[int], scaled: list[int]) -> int:
    """The least integer F that `scaled` meets: max over ordered pairs of
    ceil(SCALE * |C[i]*C'[j] - C[j]*C'[i]| / (C[j]*C'[i]))."""
    return max(
        -(-SCALE * abs(ci * scaled[j] - cj * scaled[i]) // (cj * scaled[i]))
        for (i, ci), (j, cj) in permutations(enumerate(values), 2)
    )
