"""Resource-constrained latency (the acyclic problem of the GauS paper): GauS
against the exact CP-SAT model at equal wall-time budgets, one thread each,
on the generated problems of `twillc.io.synthetic` with their recurrences
dropped. Makespan ratio (GauS / CP-SAT, lower is better for GauS), the
proven lower bound, and seconds to the first legal schedule. Every schedule
is re-verified by the independent checker.

    python bench/latency.py [--ops 1000 5000 20000] [--budget 60]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    sys.path.insert(0, str(ROOT))
    import torch

    from twillc.io.synthetic import random_modulo_problem
    from twillc.scheduling.latency import acyclic, check_latency, cpsat_latency, gaus_latency

    torch.set_num_threads(1)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ops", type=int, nargs="*", default=[1000, 5000, 20000])
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per solver per problem")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"budget {args.budget:g} s per solver, one thread, seed {args.seed}")
    print("| ops | lower bound | GauS makespan | CP-SAT makespan | GauS / CP-SAT | GauS first s | CP-SAT first s |")
    print("|---|---|---|---|---|---|---|")
    for ops in args.ops:
        graph = acyclic(random_modulo_problem(ops, args.seed))
        g = gaus_latency(graph, time_limit=args.budget, seed=args.seed)
        assert not check_latency(graph, g.cycles)
        c = cpsat_latency(graph, time_limit=args.budget, seed=args.seed)
        if c is not None:
            assert not check_latency(graph, c.cycles)
        bound = max(g.lower_bound, c.lower_bound if c else 0)
        c_span = str(c.makespan) + ("*" if c and c.optimal else "") if c else "none"
        ratio = f"{g.makespan / c.makespan:.3f}" if c else "CP-SAT found none"
        c_first = f"{c.first_seconds:.1f}" if c else "-"
        row = [ops, bound, g.makespan, c_span, ratio, f"{g.first_seconds:.1f}", c_first]
        print("| " + " | ".join(str(x) for x in row) + " |", flush=True)
    print("* proven optimal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
