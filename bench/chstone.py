"""All 263 CHStone modulo-scheduling instances: twillc's CP-SAT scheduler
against the paper's own route, a time-indexed 0-1 ILP (Stoutchinin /
Govindarajan) solved by CBC through PuLP, in the same run.

An instance counts as proven optimal when the II found equals a proven
lower bound (MII, or one past the largest II proven infeasible). The ILP
baseline indexes time over a window; it proves infeasibility only where the
window covers twillc's safe horizon, otherwise an infeasible II stays open.

    python bench/chstone.py [--timeout 40] [--baseline-timeout 10] [--jobs 2]
                            [--limit N] [--only ours|baseline] [--json out.json]
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from math import ceil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "tests" / "data" / "benchmarks" / "oppermann-msp"  # all 263 instances, copied


def load(instance: str):  # -> DependenceGraph
    from twillc.io.graphml import read_chstone

    prog, name = instance.split("/")
    return read_chstone(str(BENCH / f"chstone/{prog}/{name}.graphml"), str(BENCH / f"chstone/{prog}/{name}_RM.xml"))


def run_ours(args: tuple[str, float]) -> dict[str, object]:
    from twillc.scheduling.checker import check_schedule
    from twillc.scheduling.modulo_cpsat import SolverLimit, modulo_schedule

    instance, timeout = args
    graph = load(instance)
    start = time.perf_counter()
    try:
        s = modulo_schedule(graph, time_limit=timeout)
        ii, bound, optimal = s.ii, s.lower_bound, s.status.value == "optimal"
        assert not check_schedule(graph, s), instance
    except SolverLimit as e:
        ii, bound, optimal = None, e.lower_bound, False
    return {"instance": instance, "ii": ii, "bound": bound, "optimal": optimal, "seconds": time.perf_counter() - start}


def safe_horizon(graph, ii: int) -> int:
    """Issue times up to this bound lose no schedule (see modulo_cpsat's docstring)."""
    out = {o.id: 0 for o in graph.ops}
    for e in graph.edges:
        out[e.src] = max(out[e.src], e.delay)
    return ii * (sum(ceil((ii - 1 + d) / ii) for d in out.values()) + 1)


def _ilp_at(graph, ii: int, timeout: float) -> tuple[str, bool]:
    """Time-indexed 0-1 ILP at one II: 'feasible' / 'infeasible' / 'unknown', and
    whether its window is complete (so 'infeasible' is a proof)."""
    import pulp

    from twillc.scheduling.paths import longest_paths

    paths = longest_paths(graph, ii, [0])
    if paths is None:
        return "infeasible", True
    asap = paths[1]
    safe = safe_horizon(graph, ii)
    top = int(asap.max()) + 8 * ii
    complete = top >= safe
    top = min(top, safe)
    prob = pulp.LpProblem("modulo", pulp.LpMinimize)
    x = {}
    start = {}
    for i, op in enumerate(graph.ops):
        times = range(int(asap[i]), top + 1)
        x[op.id] = {t: pulp.LpVariable(f"x_{i}_{t}", cat="Binary") for t in times}
        prob += pulp.lpSum(x[op.id].values()) == 1
        start[op.id] = pulp.lpSum(t * v for t, v in x[op.id].items())
    for e in graph.edges:
        prob += start[e.dst] + e.distance * ii >= start[e.src] + e.delay
    for unit, cap in graph.capacities.items():
        for r in range(ii):
            terms = []
            for op in graph.ops:
                for c, row in enumerate(op.rrt):
                    n = dict(row).get(unit, 0)
                    if n:
                        terms += [n * v for t, v in x[op.id].items() if (t + c) % ii == r]
            if terms:
                prob += pulp.lpSum(terms) <= cap
    prob += pulp.lpSum(start.values()) * 0
    status = prob.solve(pulp.PULP_CBC_CMD(msg=False, timeLimit=max(1, ceil(timeout)), threads=1))
    name = pulp.LpStatus[status]
    if name == "Optimal":
        return "feasible", complete
    if name == "Infeasible":
        return "infeasible", complete
    return "unknown", complete


def run_baseline(args: tuple[str, float]) -> dict[str, object]:
    from twillc.scheduling.bounds import mii

    instance, timeout = args
    graph = load(instance)
    start = time.perf_counter()
    ii = lower = mii(graph)
    found = None
    while time.perf_counter() - start < timeout:
        verdict, complete = _ilp_at(graph, ii, timeout - (time.perf_counter() - start))
        if verdict == "feasible":
            found = ii
            break
        if verdict == "infeasible" and complete and lower == ii:
            lower = ii + 1
        ii += 1
    return {
        "instance": instance,
        "ii": found,
        "bound": lower,
        "optimal": found is not None and found == lower,
        "seconds": time.perf_counter() - start,
    }


def summarize(name: str, rows: list[dict[str, object]], wall: float) -> dict[str, object]:
    return {
        "solver": name,
        "instances": len(rows),
        "optimal": sum(1 for r in rows if r["optimal"]),
        "open": sorted(str(r["instance"]) for r in rows if not r["optimal"]),
        "cpu_seconds": sum(float(r["seconds"]) for r in rows),  # type: ignore[arg-type]
        "wall_seconds": wall,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--timeout", type=float, default=40.0, help="seconds per instance for twillc")
    ap.add_argument("--baseline-timeout", type=float, default=10.0, help="seconds per instance for the ILP")
    ap.add_argument("--jobs", type=int, default=2, help="instances solved in parallel (each single-threaded)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N instances")
    ap.add_argument("--only", choices=("ours", "baseline"))
    ap.add_argument("--json", help="write per-instance results here")
    args = ap.parse_args()
    with open(BENCH / "chstone_mii.csv") as f:
        rows = list(csv.DictReader(f))
    if args.limit:
        rows = rows[: args.limit]
    names = [r["instance"] for r in rows]
    mii = {r["instance"]: int(r["MII"]) for r in rows}
    results: dict[str, list[dict[str, object]]] = {}
    summaries = []
    for label, fn, timeout in (
        ("twillc CP-SAT", run_ours, args.timeout),
        ("ILP + CBC", run_baseline, args.baseline_timeout),
    ):
        if args.only and (args.only == "ours") != (fn is run_ours):
            continue
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results[label] = list(pool.map(fn, [(n, timeout) for n in names]))
        summaries.append(summarize(label, results[label], time.perf_counter() - start))
    print(f"{len(names)} CHStone instances, {args.jobs} parallel jobs, single-threaded solvers")
    print(f"{'solver':<16}{'proven optimal':>16}{'open':>8}{'wall s':>10}{'cpu s':>10}")
    for s in summaries:
        print(
            f"{s['solver']:<16}{s['optimal']:>16}{len(s['open']):>8}{s['wall_seconds']:>10.1f}{s['cpu_seconds']:>10.1f}"
        )
    if len(summaries) == 2:
        ours, base = summaries
        print(f"\nwall-time ratio baseline / twillc: {base['wall_seconds'] / max(ours['wall_seconds'], 1e-9):.1f}x")
    for label, res in results.items():
        above = [
            (r["instance"], mii[str(r["instance"])], r["ii"])
            for r in res
            if r["ii"] and r["ii"] > mii[str(r["instance"])]
        ]
        print(f"\n{label}: {len(above)} instances with II above MII (proven optimal ones marked *):")
        opt = {r["instance"] for r in res if r["optimal"]}
        print("  " + ", ".join(f"{i}{'*' if i in opt else ''} {m}->{ii}" for i, m, ii in above))
        still_open = next(s["open"] for s in summaries if s["solver"] == label)
        print(f"{label}: open: {', '.join(still_open) or 'none'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"summaries": summaries, "results": results}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
