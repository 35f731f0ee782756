"""GS-Schedule stage assignment: the objective as defined, legality, CP-SAT
against brute force, GauS legal and reproducible, and the real graphs load."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from twillc.io.gml import StageProblem, read_gs_gml
from twillc.scheduling.graph import DependenceGraph, Edge, Op, uniform_rrt
from twillc.scheduling.stage_assignment import (
    cpsat_stage_assignment,
    gaus_stage_assignment,
    is_legal,
    longest_path_nodes,
    objective,
)

GS = Path(__file__).resolve().parent / "data" / "benchmarks" / "gs-schedule"


def tiny() -> StageProblem:
    ids = [str(i) for i in range(5)]
    edges = [("0", "1"), ("0", "2"), ("1", "3"), ("2", "3"), ("3", "4")]
    graph = DependenceGraph(
        "tiny", tuple(Op(v, uniform_rrt(None, 1), latency=0) for v in ids), tuple(Edge(u, v, 0) for u, v in edges), {}
    )
    return StageProblem(graph, {"0": 5, "1": 0, "2": 7, "3": 3, "4": 4}, {e: int(e != ("0", "2")) for e in edges})


def brute_force(problem: StageProblem, depth: int, ratio: float) -> float:
    ops = [o.id for o in problem.graph.ops]
    best = float("inf")
    for stages in itertools.product(range(1, depth + 1), repeat=len(ops)):
        s = dict(zip(ops, stages, strict=True))
        if is_legal(problem, s, depth):
            best = min(best, objective(problem, s, depth, ratio))
    return best


def test_objective_cut_form_equals_stage_differences() -> None:
    p = tiny()
    s = {"0": 1, "1": 2, "2": 1, "3": 3, "4": 3}
    diff = sum(w * (s[v] - s[u]) for (u, v), w in p.weight.items())
    assert objective(p, s, 3, 0.0) == diff
    assert objective(p, s, 3, 2.0) == 2.0 * max(5 + 7, 0, 3 + 4) + diff


@pytest.mark.parametrize("ratio", [0.0, 0.5, 3.0])
def test_cpsat_matches_brute_force(ratio: float) -> None:
    p = tiny()
    depth = longest_path_nodes(p)
    s, first = cpsat_stage_assignment(p, depth, ratio, time_limit=20)
    assert s is not None and first is not None and is_legal(p, s, depth)
    assert objective(p, s, depth, ratio) == pytest.approx(brute_force(p, depth, ratio))


def test_gaus_is_legal_reproducible_and_not_below_the_optimum() -> None:
    p = tiny()
    depth = longest_path_nodes(p)
    a, _ = gaus_stage_assignment(p, depth, 1.0, iterations=150, seed=2)
    b, _ = gaus_stage_assignment(p, depth, 1.0, iterations=150, seed=2)
    assert a == b and is_legal(p, a, depth)
    assert objective(p, a, depth, 1.0) >= brute_force(p, depth, 1.0)


@pytest.mark.skipif(not GS.is_dir(), reason="tests/data/benchmarks is missing")
def test_gs_schedule_graph_loads() -> None:
    p = read_gs_gml(str(GS / "rand_graph_sparse_1000_1.gml"))
    assert (len(p.graph.ops), len(p.graph.edges)) == (810, 946)
    assert sum(p.weight.values()) == 378 and sum(p.memory.values()) == 947_733
    assert longest_path_nodes(p) == 9
    s, _ = gaus_stage_assignment(p, 9, 100.0, iterations=50)
    assert is_legal(p, s, 9)
