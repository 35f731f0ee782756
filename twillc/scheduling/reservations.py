"""Reservation tables (an op's rows of (unit, count) per cycle after issue):
their runs of constant demand, their folding modulo II, and the residues
where a folded table fits on a modulo reservation table."""

from __future__ import annotations

import numpy as np

from twillc.scheduling.graph import Op


def segments(
    rrt: tuple[tuple[tuple[str, int], ...], ...],
) -> dict[str, list[tuple[int, int, int]]]:
    """Per unit: maximal runs (offset, length, count) of constant demand."""
    out: dict[str, list[tuple[int, int, int]]] = {}
    units = {u for row in rrt for u, _ in row}
    for unit in sorted(units):
        runs: list[tuple[int, int, int]] = []
        counts = [dict(row).get(unit, 0) for row in rrt]
        c = 0
        while c < len(counts):
            if counts[c] == 0:
                c += 1
                continue
            start, q = c, counts[c]
            while c < len(counts) and counts[c] == q:
                c += 1
            runs.append((start, c - start, q))
        out[unit] = runs
    return out


def fold_reservations(ops: list[Op], ii: int, capacities: dict[str, int]) -> list[dict[tuple[str, int], int]] | None:
    """Each op's reservations folded modulo II: (unit, residue offset) ->
    count; None when an op alone overfills a unit at this II."""
    need: list[dict[tuple[str, int], int]] = []
    for o in ops:
        folded: dict[tuple[str, int], int] = {}
        for c, row in enumerate(o.rrt):
            for u, q in row:
                folded[(u, c % ii)] = folded.get((u, c % ii), 0) + q
        if any(q > capacities[u] for (u, _), q in folded.items()):
            return None
        need.append(folded)
    return need


def free_residues(
    need: dict[tuple[str, int], int], usage: dict[str, np.ndarray], capacities: dict[str, int], ii: int, early: int
) -> np.ndarray:
    """For each r in [0, II): whether an op with folded reservations `need`
    ((unit, offset) -> count) fits on the modulo table `usage` issued at
    early + r."""
    fits = np.ones(ii, dtype=bool)
    residues = np.arange(ii)
    by_demand: dict[tuple[str, int], list[int]] = {}
    for (u, c), q in need.items():
        by_demand.setdefault((u, q), []).append(c)
    for (u, q), offsets in by_demand.items():
        # fits[r] needs usage[u][(r + c) % II] + q <= capacity for every offset c:
        # no "bad" residue in any run of consecutive offsets, counted with prefix
        # sums over three copies of the table (r + c + run length < 3 II), so a
        # long reservation costs O(II) per run, not O(II) per cycle of it.
        bad = usage[u] + q > capacities[u]
        if not bad.any():
            continue
        prefix = np.concatenate(([0], np.cumsum(np.tile(bad, 3))))
        offsets.sort()
        start = prev = offsets[0]
        for c in offsets[1:] + [None]:  # type: ignore[operator]
            if c is not None and c == prev + 1:
                prev = c
                continue
            lo = residues + start
            fits &= prefix[lo + (prev - start + 1)] == prefix[lo]
            if c is not None:
                start = prev = c
    return np.roll(fits, -(early % ii))
