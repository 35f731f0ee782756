"""GauS against CP-SAT on generated modulo-scheduling problems
(`twillc.io.synthetic`) at equal wall-time budgets, one thread each: the II
each reaches, when (seconds to the returned schedule), the schedule length,
and the process's peak memory. Three solvers: GauS; twillc's exact
scheduler (`modulo_schedule`: the reduced CP-SAT model, which above a size
limit falls back to iterative modulo scheduling and says so); and the plain
CP-SAT model GauS's paper compares against (every op a variable, direct
edges, folded cumulative per unit, II upward). Every schedule is re-verified by the
independent checker. Each solver runs in a fresh process (peak memory is
its own) under an address-space limit, so an exhausted solver is reported,
not fatal.

    python bench/gaus_modulo.py [--ops 1000 5000 20000] [--budget 60] [--only gaus|cpsat|plain]
                                [--memory-gb 16]
    python bench/gaus_modulo.py --ops 50000 --only gaus --budget 900   # the 50k-op run
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _solve(kind: str, ops: int, seed: int, budget: float, memory_gb: float, out: mp.Queue) -> None:
    limit = int(memory_gb * (1 << 30))
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    from twillc.io.synthetic import random_modulo_problem
    from twillc.scheduling.checker import check_schedule

    graph = random_modulo_problem(ops, seed)
    start = time.perf_counter()
    row: dict[str, object] = {"solver": kind, "ops": ops}
    try:
        if kind == "plain":
            schedule = plain_cpsat(graph, budget, seed)
        elif kind == "gaus":
            import torch

            from twillc.scheduling.gaus import gaus_modulo_schedule

            torch.set_num_threads(1)

            def first_legal(event: dict[str, object]) -> None:
                if event.get("legal") and "first_legal" not in row:
                    row["first_legal"] = time.perf_counter() - start
                    row["first_ii"] = event["ii"]

            schedule = gaus_modulo_schedule(graph, time_limit=budget, seed=seed, progress=first_legal)
        else:
            from twillc.scheduling.modulo_cpsat import modulo_schedule

            schedule = modulo_schedule(graph, time_limit=budget, seed=seed)
        seconds = time.perf_counter() - start
        if schedule.ii is None:
            row.update(ii=None, note=schedule.note)
        else:
            errors = check_schedule(graph, schedule)
            if errors:
                raise AssertionError(f"{kind} schedule rejected by the checker: {errors[0]}")
            row.update(ii=schedule.ii, bound=schedule.lower_bound, length=schedule.length, seconds=seconds)
            if kind == "cpsat" and "iterative" in schedule.note:
                row["note"] = schedule.note.split("; ")[-1]
    except MemoryError:
        row.update(ii=None, note=f"out of memory (limit {memory_gb:g} GB)")
    except Exception as e:  # a solver that gives up (time limit, failure) is a result here
        row.update(ii=None, note=f"{type(e).__name__}: {e}"[:120])
    row["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out.put(row)


def plain_cpsat(graph, budget: float, seed: int):  # -> Schedule
    """The textbook CP-SAT modulo model, II from MII upward, each II given a
    quarter of what is left; the first feasible schedule is returned."""
    from ortools.sat.python import cp_model

    from twillc.scheduling.bounds import mii
    from twillc.scheduling.graph import Schedule, Status, schedule_length
    from twillc.scheduling.modulo_model import add_folded_units
    from twillc.scheduling.paths import longest_paths

    start = time.perf_counter()
    lower = mii(graph)
    index = {o.id: i for i, o in enumerate(graph.ops)}
    for ii in range(lower, lower + 64):
        left = budget - (time.perf_counter() - start)
        if left <= 0:
            break
        asap = longest_paths(graph, ii, [0])
        if asap is None:
            continue
        horizon = int(asap[1].max()) + 2 * ii + max(o.cycles for o in graph.ops)
        m = cp_model.CpModel()
        t = [m.new_int_var(0, horizon, f"t{i}") for i in range(len(graph.ops))]
        for e in graph.edges:
            m.add(t[index[e.dst]] + e.distance * ii >= t[index[e.src]] + e.delay)
        if not add_folded_units(m, graph, list(zip(graph.ops, t, strict=True)), ii, horizon):
            continue
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.1, min(left, budget / 4))
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed
        if solver.solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            cycles = {o.id: int(solver.value(t[i])) for i, o in enumerate(graph.ops)}
            return Schedule(ii, cycles, schedule_length(graph, cycles), Status.FEASIBLE, lower, solver="cp-sat")
    return Schedule(None, {}, 0, Status.FEASIBLE, lower, note="no schedule in the budget")


def run(kind: str, ops: int, seed: int, budget: float, memory_gb: float) -> dict[str, object]:
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    proc = ctx.Process(target=_solve, args=(kind, ops, seed, budget, memory_gb, queue))
    proc.start()
    proc.join(budget * 3 + 120)
    if proc.is_alive():
        proc.kill()
        return {"solver": kind, "ops": ops, "ii": None, "note": "did not return"}
    if queue.empty():
        return {"solver": kind, "ops": ops, "ii": None, "note": f"process died (exit {proc.exitcode})"}
    return queue.get()


def main() -> int:
    sys.path.insert(0, str(ROOT))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ops", type=int, nargs="*", default=[1000, 5000, 20000])
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per solver per problem")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", choices=("gaus", "cpsat", "plain"))
    ap.add_argument("--memory-gb", type=float, default=16.0, help="address-space limit per solver process")
    ap.add_argument("--json", help="write the rows here")
    args = ap.parse_args()
    from twillc.io.synthetic import random_modulo_problem
    from twillc.scheduling.bounds import res_mii

    kinds = [args.only] if args.only else ["gaus", "cpsat", "plain"]
    names = {"gaus": "GauS", "cpsat": "twillc exact", "plain": "plain CP-SAT"}
    rows = []
    print(f"budget {args.budget:g} s per solver, one thread, seed {args.seed}")
    print("| ops | ResMII | solver | II | length | first legal s (II) | s to result | peak MB | note |")
    print("|---|---|---|---|---|---|---|---|---|")
    for ops in args.ops:
        mii = res_mii(random_modulo_problem(ops, args.seed))
        for kind in kinds:
            r = run(kind, ops, args.seed, args.budget, args.memory_gb)
            rows.append(r)
            secs = f"{r['seconds']:.1f}" if "seconds" in r else "-"
            first = f"{r['first_legal']:.1f} ({r['first_ii']})" if "first_legal" in r else secs
            cells = [ops, mii, names[kind], r.get("ii") or "none", r.get("length", "-"), first, secs]
            cells += [f"{r.get('peak_mb', 0):.0f}", r.get("note", "")]
            print("| " + " | ".join(str(c) for c in cells) + " |", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
