"""GauS against CP-SAT at equal wall-time budgets (one thread each) on the
GS-Schedule graphs of the shared benchmark folder beside a checkout
(`gs-schedule/`; one graph is copied in tests/data/benchmarks/): objective ratio
(GauS / CP-SAT, lower is better for GauS) and time to the first legal
assignment. D = nodes on a longest path, ratio = 100 (upstream example).

    python bench/gaus.py [--budget 60] [--graphs rand_graph_1000_1 ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GS = ROOT.parent / "shared" / "benchmarks" / "gs-schedule"
GRAPHS = [
    "rand_graph_1000_1",
    "rand_graph_sparse_1000_1",
    "rand_graph_5000_1",
    "rand_graph_sparse_5000_1",
    "rand_graph_10000_1",
    "rand_graph_sparse_10000_1",
]


def main() -> int:
    from twillc.io.gml import read_gs_gml
    from twillc.scheduling.stage_assignment import (
        cpsat_stage_assignment,
        gaus_stage_assignment,
        is_legal,
        longest_path_nodes,
        objective,
    )

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per solver per graph")
    ap.add_argument("--graphs", nargs="*", default=GRAPHS)
    ap.add_argument("--ratio", type=float, default=100.0)
    args = ap.parse_args()
    import torch

    torch.set_num_threads(1)  # one thread each, as CP-SAT's single worker
    print("| graph | V | D | GauS objective | CP-SAT objective | GauS / CP-SAT | GauS first legal s | CP-SAT first s |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.graphs:
        problem = read_gs_gml(str(GS / f"{name}.gml"))
        depth = longest_path_nodes(problem)
        g, g_first = gaus_stage_assignment(problem, depth, args.ratio, time_limit=args.budget, iterations=10_000)
        assert is_legal(problem, g, depth)
        g_val = objective(problem, g, depth, args.ratio)
        c, c_first = cpsat_stage_assignment(problem, depth, args.ratio, time_limit=args.budget)
        c_val = objective(problem, c, depth, args.ratio) if c is not None else None
        ratio = f"{g_val / c_val:.3f}" if c_val else "CP-SAT found none"
        c_text = f"{c_val:.0f}" if c_val is not None else "none"
        c_first_text = f"{c_first:.1f}" if c_first is not None else "-"
        row = [name, len(problem.graph.ops), depth, f"{g_val:.0f}", c_text, ratio, f"{g_first:.1f}", c_first_text]
        print("| " + " | ".join(str(x) for x in row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
