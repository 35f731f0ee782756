"""`free_residues` (the residues where an op's folded reservations fit on the
modulo table) against its definition checked cycle by cycle: the prefix-sum
form over runs of offsets gives the same answer, and stays fast for an op
holding a unit for thousands of cycles (an outer loop's super-node)."""

from __future__ import annotations

import random
import time

import numpy as np

from twillc.scheduling.reservations import free_residues


def _by_definition(
    need: dict[tuple[str, int], int], usage: dict[str, np.ndarray], caps: dict[str, int], ii: int, early: int
) -> np.ndarray:
    fits = np.ones(ii, dtype=bool)
    for r in range(ii):
        fits[r] = all(usage[u][(r + c) % ii] + q <= caps[u] for (u, c), q in need.items())
    return np.roll(fits, -(early % ii))


def test_free_residues_matches_its_definition() -> None:
    rng = random.Random(1)
    for _ in range(2000):
        ii = rng.randint(1, 12)
        caps = {"a": rng.randint(1, 3), "b": 1}
        usage = {u: np.array([rng.randint(0, caps[u]) for _ in range(ii)]) for u in caps}
        need = {(u, c): rng.randint(1, caps[u]) for u in caps for c in rng.sample(range(ii), rng.randint(0, ii))}
        early = rng.randint(0, 30)
        assert (free_residues(need, usage, caps, ii, early) == _by_definition(need, usage, caps, ii, early)).all()


def test_a_long_reservation_is_cheap() -> None:
    ii = 9000
    usage = {"mainloop": np.zeros(ii, dtype=int)}
    usage["mainloop"][8990] = 1
    need = {("mainloop", c): 1 for c in range(8553)}
    start = time.monotonic()
    fits = free_residues(need, usage, {"mainloop": 1}, ii, 0)
    assert time.monotonic() - start < 1.0
    assert fits[:438].all() and not fits[438:8991].any() and fits[8991:].all()  # 8990 - 8552 = 438
