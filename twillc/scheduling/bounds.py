"""Lower bounds on the initiation interval: ResMII and RecMII.

ResMII = max over units of ceil(occupancy folded onto the unit / capacity).
RecMII = the smallest II >= 1 under which no dependence cycle has positive
weight delay - II * distance. Cycles live inside strongly connected
components (networkx finds them); each component is checked with a
vectorized Bellman-Ford (longest paths) inside a binary search over II.
"""

from __future__ import annotations

from math import ceil

import numpy as np

from twillc.scheduling.graph import DependenceGraph
from twillc.scheduling.paths import has_positive_cycle


class ZeroDistanceCycle(ValueError):
    """A dependence cycle with no iteration distance and positive delay:
    no II satisfies it."""


def unit_demand(graph: DependenceGraph) -> dict[str, int]:
    demand = dict.fromkeys(graph.capacities, 0)
    for op in graph.ops:
        for row in op.rrt:
            for unit, count in row:
                demand[unit] += count
    return demand


def res_mii(graph: DependenceGraph) -> int:
    best = 1
    for unit, total in unit_demand(graph).items():
        cap = graph.capacities[unit]
        if total and cap <= 0:
            raise ValueError(f"unit {unit!r} has no instance but ops need it")
        if total:
            best = max(best, ceil(total / cap))
    return best


SMALL_GRAPH = 300
"""Below this many ops one Bellman-Ford over the whole graph is cheaper than
importing networkx for the components."""


def _components(graph: DependenceGraph) -> list[set[str]]:
    if len(graph.ops) <= SMALL_GRAPH:
        return [{o.id for o in graph.ops}]
    import networkx as nx

    g = nx.MultiDiGraph()
    g.add_nodes_from(o.id for o in graph.ops)
    for e in graph.edges:
        g.add_edge(e.src, e.dst)
    return sorted(nx.strongly_connected_components(g), key=lambda c: sorted(c))


def rec_mii(graph: DependenceGraph) -> int:
    best = 1
    components = _components(graph)
    component_of = {v: k for k, comp in enumerate(components) for v in comp}
    inside: list[list] = [[] for _ in components]  # the edges within each component
    for e in graph.edges:
        if component_of[e.src] == component_of[e.dst]:
            inside[component_of[e.src]].append(e)
    for comp, edges in zip(components, inside, strict=True):
        if not edges:
            continue
        index = {v: i for i, v in enumerate(sorted(comp))}
        src = np.array([index[e.src] for e in edges], dtype=np.int64)
        dst = np.array([index[e.dst] for e in edges], dtype=np.int64)
        delay = np.array([e.delay for e in edges], dtype=np.int64)
        dist = np.array([e.distance for e in edges], dtype=np.int64)
        hi = int(delay.sum()) + 1  # every cycle has distance >= 1 if any II works
        if has_positive_cycle(len(comp), src, dst, delay - hi * dist):
            raise ZeroDistanceCycle(
                f"dependence cycle through {sorted(comp)[0]!r} has iteration distance 0 and positive delay"
            )
        lo = best
        if not has_positive_cycle(len(comp), src, dst, delay - lo * dist):
            continue
        while hi - lo > 1:  # invariant: lo infeasible, hi feasible
            mid = (lo + hi) // 2
            if has_positive_cycle(len(comp), src, dst, delay - mid * dist):
                lo = mid
            else:
                hi = mid
        best = hi
    return best


def mii(graph: DependenceGraph) -> int:
    return max(res_mii(graph), rec_mii(graph))
