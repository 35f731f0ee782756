"""GS-Schedule's pipeline-stage assignment (benchmarks README, section 2):
stages L_v in 1..D with L_u <= L_v on every edge, minimising

    ratio * max_d sum_{v : L_v = d} m_v  +  sum_e w_e * (L_v - L_u),

solved exactly-as-possible by CP-SAT (the baseline) or by GauS.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from twillc.scheduling.graph import DependenceGraph


@dataclass(frozen=True)
class StageProblem:
    graph: DependenceGraph
    """Ops reserve no unit; edges have delay 0 (a successor may share its stage)."""
    memory: dict[str, int]
    """m_v, the node's memory weight."""
    weight: dict[tuple[str, str], int]
    """w_e in {0, 1}."""


def longest_path_nodes(problem: StageProblem) -> int:
    """Nodes on a longest path: the default stage count D."""
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(o.id for o in problem.graph.ops)
    g.add_edges_from((e.src, e.dst) for e in problem.graph.edges)
    return len(nx.dag_longest_path(g))


def is_legal(problem: StageProblem, stages: dict[str, int], depth: int) -> bool:
    return all(1 <= stages[o.id] <= depth for o in problem.graph.ops) and all(
        stages[e.src] <= stages[e.dst] for e in problem.graph.edges
    )


def objective(problem: StageProblem, stages: dict[str, int], depth: int, ratio: float) -> float:
    """ratio * R + sum_k m_k, with m_k the weighted edges crossing cut k."""
    per_stage = [0] * (depth + 1)
    for v, m in problem.memory.items():
        per_stage[stages[v]] += m
    crossings = sum(
        1 for k in range(1, depth) for (u, v), w in problem.weight.items() if w and stages[u] <= k < stages[v]
    )
    return ratio * max(per_stage) + crossings


def cpsat_stage_assignment(
    problem: StageProblem, depth: int, ratio: float, time_limit: float = 60.0, seed: int = 0
) -> tuple[dict[str, int] | None, float | None]:
    """Best assignment CP-SAT finds in the budget (one worker) and when the first came."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    ops = [o.id for o in problem.graph.ops]
    stage = {v: m.new_int_var(1, depth, f"L_{v}") for v in ops}
    onehot = {v: [m.new_bool_var(f"b_{v}_{d}") for d in range(depth)] for v in ops}
    for v in ops:
        m.add_exactly_one(onehot[v])
        m.add(stage[v] == sum((d + 1) * b for d, b in enumerate(onehot[v])))
    for e in problem.graph.edges:
        m.add(stage[e.src] <= stage[e.dst])
    peak = m.new_int_var(0, sum(problem.memory.values()), "R")
    for d in range(depth):
        m.add(peak >= sum(problem.memory[v] * onehot[v][d] for v in ops if problem.memory[v]))
    scale = 1000
    cut = sum(w * (stage[v] - stage[u]) for (u, v), w in problem.weight.items() if w)
    m.minimize(int(round(ratio * scale)) * peak + scale * cut)

    class FirstSolution(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.first: float | None = None
            self.start = time.monotonic()

        def on_solution_callback(self) -> None:
            if self.first is None:
                self.first = time.monotonic() - self.start

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    cb = FirstSolution()
    status = solver.solve(m, cb)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, None
    return {v: int(solver.value(stage[v])) for v in ops}, cb.first


def gaus_stage_assignment(
    problem: StageProblem,
    depth: int,
    ratio: float,
    *,
    time_limit: float = 60.0,
    seed: int = 0,
    iterations: int = 400,
    device: str = "cpu",
) -> tuple[dict[str, int], float]:
    """GauS on the stage problem: the best legal assignment found and when
    the first legal one came (every round's result is legalized)."""
    import torch

    from twillc.scheduling.gaus import dependence_violation, step_probabilities

    start = time.monotonic()
    ops = [o.id for o in problem.graph.ops]
    index = {v: i for i, v in enumerate(ops)}
    n = len(ops)
    src = torch.tensor([index[e.src] for e in problem.graph.edges], dtype=torch.long, device=device)
    dst = torch.tensor([index[e.dst] for e in problem.graph.edges], dtype=torch.long, device=device)
    zero = torch.zeros(len(problem.graph.edges), dtype=torch.float64, device=device)
    wsrc = torch.tensor([index[u] for (u, v), w in problem.weight.items() if w], dtype=torch.long, device=device)
    wdst = torch.tensor([index[v] for (u, v), w in problem.weight.items() if w], dtype=torch.long, device=device)
    mem = torch.tensor([float(problem.memory[v]) for v in ops], dtype=torch.float64, device=device)
    scale = float(mem.sum()) / depth or 1.0
    order = _topological(problem, index)
    steps = torch.arange(depth, dtype=torch.float64, device=device)
    gen = torch.Generator().manual_seed(seed)
    mu = (torch.rand(n, generator=gen, dtype=torch.float64) * (depth - 1)).to(device).requires_grad_(True)
    log_sigma = torch.zeros(n, dtype=torch.float64, device=device, requires_grad=True)
    opt = torch.optim.Adam([mu, log_sigma], lr=0.1)
    lam, rho = 0.0, 1.0
    best: dict[str, int] | None = None
    best_value = float("inf")
    first: float | None = None
    for it in range(iterations):
        if time.monotonic() - start > time_limit:
            break
        p = step_probabilities(mu, torch.nn.functional.softplus(log_sigma) + 0.1, depth, torch)
        stage_mem = (p * mem[:, None]).sum(dim=0) / scale
        expected = (p * steps).sum(dim=1)
        smooth_peak = torch.logsumexp(stage_mem * 8, dim=0) / 8 * scale
        cut = (expected[wdst] - expected[wsrc]).sum()
        viol = dependence_violation(p, src, dst, zero, torch).sum() if len(problem.graph.edges) else mu.sum() * 0
        loss = (ratio * smooth_peak + cut) / scale + lam * viol + rho / 2 * viol**2
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 50 == 49 or it == iterations - 1:
            lam += rho * float(viol.detach())
            rho = min(rho * 2, 1e4)
            stages = _legalize(mu.detach().cpu().numpy(), order, problem, index, depth)
            value = objective(problem, stages, depth, ratio)
            if first is None:
                first = time.monotonic() - start
            if value < best_value:
                best, best_value = stages, value
    if best is None:
        best = _legalize(mu.detach().cpu().numpy(), order, problem, index, depth)
        first = time.monotonic() - start
    return best, float(first)


def _topological(problem: StageProblem, index: dict[str, int]) -> list[int]:
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(range(len(index)))
    g.add_edges_from((index[e.src], index[e.dst]) for e in problem.graph.edges)
    return list(nx.lexicographical_topological_sort(g))


def _legalize(
    mu: np.ndarray, order: list[int], problem: StageProblem, index: dict[str, int], depth: int
) -> dict[str, int]:
    """Round to stages 1..D, then lift each node to its predecessors' stage
    in topological order: always legal, since a predecessor is at most D."""
    ops = [o.id for o in problem.graph.ops]
    stage = np.clip(np.rint(mu).astype(np.int64) + 1, 1, depth)
    preds: dict[int, list[int]] = {}
    for e in problem.graph.edges:
        preds.setdefault(index[e.dst], []).append(index[e.src])
    for v in order:
        for u in preds.get(v, ()):
            stage[v] = max(stage[v], stage[u])
    return {ops[i]: int(stage[i]) for i in range(len(ops))}
