"""Seeded synthetic modulo-scheduling problems of any size, shaped like the
CHStone loops scaled up: a layered dependence graph where about 40 % of the
ops hold no unit (wires, constants), the rest use ALUs, pipelined
multipliers, unpipelined dividers and memory ports, with recurrences
(back edges carrying a value one or two iterations) closing short chains.

Unit capacities grow with the graph so ResMII stays near `target_ii`: the
problems test how a scheduler scales with the number of ops, not with II.
Same (ops, seed, target_ii), same graph.
"""

from __future__ import annotations

from math import ceil

import numpy as np

from twillc.scheduling.graph import DependenceGraph, Edge, Op, uniform_rrt

# kind: (unit, occupancy cycles, latency, share of the ops)
KINDS: dict[str, tuple[str | None, int, int, float]] = {
    "wire": (None, 1, 0, 0.40),
    "alu": ("alu", 1, 1, 0.25),
    "mul": ("mul", 1, 3, 0.12),
    "div": ("div", 4, 8, 0.03),
    "load": ("mem_read", 1, 2, 0.12),
    "store": ("mem_write", 1, 1, 0.08),
}


def random_modulo_problem(ops: int, seed: int = 0, target_ii: int = 64) -> DependenceGraph:
    """A modulo-scheduling problem of `ops` ops (see the module docstring)."""
    if ops < 1:
        raise ValueError("a problem needs at least one op")
    rng = np.random.default_rng(seed)
    names = list(KINDS)
    share = np.array([KINDS[k][3] for k in names])
    kind = rng.choice(len(names), size=ops, p=share / share.sum())
    layers = max(4, int(round(ops**0.5 / 2)))
    layer = np.sort(rng.integers(0, layers, size=ops))
    first = np.searchsorted(layer, np.arange(layers + 1))  # ops of layer k: first[k]..first[k+1]

    op_list = []
    demand: dict[str, int] = {}
    for i in range(ops):
        unit, occupancy, latency, _ = KINDS[names[kind[i]]]
        op_list.append(Op(id=f"n{i}", rrt=uniform_rrt(unit, occupancy), latency=latency, kind=names[kind[i]]))
        if unit:
            demand[unit] = demand.get(unit, 0) + occupancy
    capacities = {u: max(1, ceil(d / target_ii)) for u, d in sorted(demand.items())}

    edges: dict[tuple[int, int, int], Edge] = {}
    preds: list[list[int]] = [[] for _ in range(ops)]
    for i in range(ops):
        k = int(layer[i])
        if k == 0:
            continue
        lo = int(first[max(0, k - 3)])
        hi = int(first[k])
        if hi <= lo:
            continue
        for j in sorted(set(rng.integers(lo, hi, size=int(rng.integers(1, 3))).tolist())):
            edges[(j, i, 0)] = Edge(f"n{j}", f"n{i}", op_list[j].latency, 0)
            preds[i].append(j)
    # Recurrences: from an op back to an ancestor two to four steps up its
    # predecessor chain, carried one or two iterations.
    for _ in range(ops // 50):
        v = int(rng.integers(0, ops))
        u = v
        for _ in range(int(rng.integers(2, 5))):
            if not preds[u]:
                break
            u = preds[u][int(rng.integers(0, len(preds[u])))]
        if u != v:
            distance = int(rng.integers(1, 3))
            edges[(v, u, distance)] = Edge(f"n{v}", f"n{u}", op_list[v].latency, distance)
    ordered = tuple(edges[key] for key in sorted(edges))
    return DependenceGraph(f"synthetic_{ops}_{seed}", tuple(op_list), ordered, capacities)
