"""GS-Schedule graphs (`tests/data/benchmarks/gs-schedule/`, Liu et al., ICML 2024):
a DAG with a memory weight per node and a 0/1 weight per edge (its
`parameter` > 0), for pipeline-stage assignment."""

from __future__ import annotations

from twillc.diagnostics import error_at
from twillc.scheduling.graph import DependenceGraph, Edge, Op, uniform_rrt
from twillc.scheduling.stage_assignment import StageProblem

__all__ = ["StageProblem", "read_gs_gml"]


def read_gs_gml(path: str) -> StageProblem:
    import networkx as nx

    try:
        g = nx.read_gml(path, label="id")
    except (OSError, nx.NetworkXError, ValueError) as e:
        raise error_at(path, 0, 0, f"cannot read GS-Schedule graph: {e}") from None
    if not g.is_directed():
        raise error_at(path, 0, 0, "a GS-Schedule graph must be directed")
    nodes = sorted(g.nodes)
    memory = {str(v): int(g.nodes[v].get("parameter", 0)) for v in nodes}
    weight: dict[tuple[str, str], int] = {}
    for u, v, data in sorted(g.edges(data=True), key=lambda e: (e[0], e[1])):
        key = (str(u), str(v))
        weight[key] = max(weight.get(key, 0), 1 if int(data.get("parameter", 0)) > 0 else 0)
    ops = tuple(Op(id=str(v), rrt=uniform_rrt(None, 1), latency=0) for v in nodes)
    edges = tuple(Edge(u, v, 0) for u, v in sorted(weight, key=lambda e: (int(e[0]), int(e[1]))))
    if not nx.is_directed_acyclic_graph(g):
        raise error_at(path, 0, 0, "a GS-Schedule graph must be acyclic")
    return StageProblem(DependenceGraph(path, ops, edges, {}), memory, weight)
