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
report gives. CP-SAT solves it over the distinct positive costs (zero stays
zero, C' >= 1); among the F-optimal solutions the smallest sum is taken.
"""

from __future__ import annotations

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
    top = max(values)

    def solve(fix_f: int | None) -> tuple[list[int], int, bool]:
        m = cp_model.CpModel()
        xs = [m.new_int_var(1, budget, f"c{i}") for i in range(len(values))]
        f = m.new_int_var(0, SCALE * top, "F")
        # f_times[i] = F * C'[i]: the error bound scales with the ratio's denominator.
        f_times = []
        for i, x in enumerate(xs):
            p = m.new_int_var(0, SCALE * top * budget, f"fx{i}")
            m.add_multiplication_equality(p, [f, x])
            f_times.append(p)
        for (i, ci), (j, cj) in permutations(enumerate(values), 2):
            diff = ci * xs[j] - cj * xs[i]
            m.add(SCALE * diff <= cj * f_times[i])
            m.add(SCALE * diff >= -cj * f_times[i])
        m.add(sum(xs) <= budget)
        if fix_f is None:
            m.minimize(f)
        else:
            m.add(f <= fix_f)
            m.minimize(sum(xs))
        s = cp_model.CpSolver()
        s.parameters.num_workers = 1
        s.parameters.random_seed = 0
        s.parameters.max_time_in_seconds = time_limit
        status = s.solve(m)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise NormalizationInfeasible(f"no normalization found within {time_limit} s")
        return [int(s.value(x)) for x in xs], int(s.value(f)), status == cp_model.OPTIMAL

    _, best_f, opt1 = solve(None)
    scaled, _, opt2 = solve(best_f)
    mapping.update(zip(values, scaled, strict=True))
    return Normalization(mapping, ratio_error(mapping), best_f, opt1 and opt2)
