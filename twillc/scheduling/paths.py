"""Longest paths over a dependence graph at a fixed II (weights delay -
II * distance): a Bellman-Ford whose rounds take the ops in topological order
of the distance-0 edges, so a round settles every path along them. Used by
the bounds (RecMII), iterative modulo scheduling, the exact modulo scheduler
and GauS."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from twillc.scheduling.graph import DependenceGraph

NEG = -(1 << 60)
"""No path."""


@dataclass(frozen=True)
class _Edges:
    """The edges as arrays, weight delay - II * distance, grouped for
    Bellman-Ford: `order` lists them by the topological level of their
    destination over the distance-0 edges (ops on a cycle of those last),
    then by destination; `cuts` splits `order` into levels."""

    src: np.ndarray
    dst: np.ndarray
    w: np.ndarray
    order: np.ndarray
    cuts: list[int]


def edge_arrays(graph: DependenceGraph, ii: int) -> _Edges:
    index = {o.id: i for i, o in enumerate(graph.ops)}
    n = len(graph.ops)
    src = np.array([index[e.src] for e in graph.edges], dtype=np.int64)
    dst = np.array([index[e.dst] for e in graph.edges], dtype=np.int64)
    w = np.array([e.delay - ii * e.distance for e in graph.edges], dtype=np.int64)
    level = _levels(n, [(index[e.src], index[e.dst]) for e in graph.edges if e.distance == 0])
    order = np.lexsort((dst, level[dst]))
    lv = level[dst[order]]
    cuts = [0, *(np.flatnonzero(lv[1:] != lv[:-1]) + 1).tolist(), len(order)] if len(order) else []
    return _Edges(src, dst, w, order, cuts)


def _levels(n: int, forward: list[tuple[int, int]]) -> np.ndarray:
    """Topological level of each op over `forward` edges (Kahn); ops on a
    cycle of them share the last level."""
    indeg = [0] * n
    out: list[list[int]] = [[] for _ in range(n)]
    for u, v in forward:
        out[u].append(v)
        indeg[v] += 1
    level = np.full(n, -1, dtype=np.int64)
    frontier = [v for v in range(n) if indeg[v] == 0]
    depth = 0
    while frontier:
        nxt = []
        for u in frontier:
            level[u] = depth
            for v in out[u]:
                indeg[v] -= 1
                if indeg[v] == 0:
                    nxt.append(v)
        frontier, depth = nxt, depth + 1
    level[level < 0] = depth
    return level


def relax(dist: np.ndarray, edges: _Edges, blocked: np.ndarray | None = None) -> np.ndarray | None:
    """Longest paths from several sources at once, in place: `dist` is
    (ops, sources). Bellman-Ford whose rounds take the ops level by level,
    so one round settles every path along distance-0 edges and each further
    round one more loop-carried edge: a few rounds instead of one per edge
    of the longest path. Edges marked in `blocked` (edges, sources) are
    skipped. None when a cycle has positive weight."""
    parts = []
    for lo, hi in zip(edges.cuts, edges.cuts[1:], strict=False):
        idx = edges.order[lo:hi]
        d = edges.dst[idx]
        starts = np.flatnonzero(np.r_[True, d[1:] != d[:-1]])
        parts.append(
            (edges.src[idx], edges.w[idx][:, None], starts, d[starts], None if blocked is None else blocked[idx])
        )
    for _ in range(dist.shape[0] + 1):
        changed = False
        for src, w, starts, targets, dead_edge in parts:
            base = dist[src]
            dead = base <= NEG // 2
            if dead_edge is not None:
                dead |= dead_edge
            best = np.maximum.reduceat(np.where(dead, NEG, base + w), starts, axis=0)
            grow = best > dist[targets]
            if grow.any():
                dist[targets] = np.where(grow, best, dist[targets])
                changed = True
        if not changed:
            return dist
    return None


def longest_paths(graph: DependenceGraph, ii: int, sources: list[int]) -> tuple[np.ndarray, np.ndarray] | None:
    """Longest-path distances under weights delay - II * distance: from each
    op in `sources` to every op (rows), and from time 0 (ASAP). None when a
    cycle has positive weight (II below RecMII)."""
    n = len(graph.ops)
    rows = len(sources)
    dist = np.full((n, rows + 1), NEG, dtype=np.int64)
    dist[sources, np.arange(rows)] = 0
    dist[:, rows] = 0  # ASAP: every op may start at 0
    done = relax(dist, edge_arrays(graph, ii))
    return None if done is None else (np.ascontiguousarray(done[:, :rows].T), done[:, rows].copy())


def direct_pairs(graph: DependenceGraph, ii: int, kept: list[int], lp: np.ndarray) -> np.ndarray:
    """Which longest-path distances between unit-holding ops the model must
    state: (a, b) when some longest path from kept[a] to kept[b] passes no
    other unit-holding op. The others follow by adding those along a longest
    path cut at its unit-holding ops (each piece is a longest path free of
    them), so dropping them loses nothing and the model shrinks from all
    pairs to about the edges between neighbouring unit-holding ops."""
    edges = edge_arrays(graph, ii)
    is_kept = np.zeros(len(graph.ops), dtype=bool)
    is_kept[kept] = True
    # Paths stop at unit-holding ops other than their own source.
    blocked = is_kept[edges.src][:, None] & (edges.src[:, None] != np.array(kept)[None, :])
    dist = np.full((len(graph.ops), len(kept)), NEG, dtype=np.int64)
    dist[kept, np.arange(len(kept))] = 0
    direct = relax(dist, edges, blocked)
    assert direct is not None  # a positive cycle would have shown in lp
    reach = direct[kept].T
    return (reach > NEG // 2) & (reach == lp[:, kept])


ALL_PAIRS_ABOVE = 5_000_000
"""Unit-holding ops x ops past which the exact model's all-pairs longest
paths (and its pairwise constraints) no longer fit in memory."""


def too_large_for_all_pairs(graph: DependenceGraph) -> bool:
    return sum(1 for o in graph.ops if o.units()) * len(graph.ops) > ALL_PAIRS_ABOVE


def expand_times(
    graph: DependenceGraph, kept: list[int], lp: np.ndarray, asap: np.ndarray, times: dict[int, int]
) -> dict[str, int]:
    """Issue times of every op from those of the unit-holding ops: each other
    op at the earliest time its longest-path distances allow."""
    ops = graph.ops
    fixed = np.full(len(ops), NEG, dtype=np.int64)
    start = asap.copy()
    for a, tv in times.items():
        fixed[kept[a]] = tv
        start = np.maximum(start, np.where(lp[a] > NEG // 2, tv + lp[a], NEG))
    start = np.where(fixed > NEG, fixed, start)
    cycles = {o.id: int(start[i]) for i, o in enumerate(ops)}
    base = min(cycles.values())
    return {v: c - base for v, c in cycles.items()}


def has_positive_cycle(n: int, src: np.ndarray, dst: np.ndarray, weight: np.ndarray) -> bool:
    """Whether the graph of `n` nodes and edges (src, dst, weight) has a cycle
    of positive weight: longest paths from a virtual source joined to every
    node (`relax` from all zeros) fail to settle. One level: every round
    relaxes all edges at once, which suits the single source."""
    order = np.argsort(dst, kind="stable")
    cuts = [0, len(order)] if len(order) else []
    return relax(np.zeros((n, 1), dtype=np.int64), _Edges(src, dst, weight, order, cuts)) is None
