"""The joint search's two engines for queries with issue times and warps
both free: CP-SAT (`joint_cpsat`, the default) against Z3 (`joint_z3`,
Twill's own choice), on the searches of the test suite that need such
queries (the others settle at the modulo schedule's issue times, where
both engines hand the warps to Z3).

Each case runs `joint-schedule` with `engine=cp-sat`, then `engine=z3`,
both with `relaxation=false` so that the full queries do the refuting, in
one process per run pinned to one core, and must end the same way (same
II, or the same refutation); the table gives the median wall time of each
and their ratio. A third run is the default search (CP-SAT, and the
relaxation that refutes an II at every length first): its time and its
outcome, which may claim more. Usage: python bench/joint_engines.py
[--repeat 3] [--markdown]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from examples import run_pinned  # noqa: E402

STEPS = "annotate-costs,cost-normalize,modulo-schedule"
CASES = [
    ("attn_fwd_b200, 3 warp groups (refuted)", "examples/attn_fwd_b200.tile", "warp-groups=3 max-ii=158"),
    ("attn_fwd_b200, no crossings (refuted)", "examples/attn_fwd_b200.tile", "cross-warp=false max-ii=158"),
    ("stall, 2 warp groups (II 121)", "tests/filecheck/transforms/joint-schedule-stall.tile", "warp-groups=2"),
    ("attn_bwd_h100, no crossings (refuted)", "examples/attn_bwd_h100.tile", "cross-warp=false"),
]


RUNS = {"cp-sat": "engine=cp-sat relaxation=false", "z3": "engine=z3 relaxation=false", "default": ""}


def run_once(path: str, options: str, engine: str) -> tuple[float, str]:
    """Wall time and the outcome (the schedule's header, or the error)."""
    passes = f"{STEPS},joint-schedule{{{options} {RUNS[engine]} time-limit=600}}"
    wall, proc = run_pinned([path, "--passes", passes, "--emit", "txt"])
    text = proc.stdout if proc.returncode == 0 else proc.stderr
    lines = text.splitlines()
    outcome = next((ln for ln in lines if "error:" in ln), "") if proc.returncode else " / ".join(lines[1:3])
    outcome = outcome.split("error: ", 1)[-1]
    return wall, outcome.replace(f"solver={engine}", "solver=(engine)")  # the engines' rest must agree


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table (for docs/benchmarks.md)")
    args = ap.parse_args()
    rows = []
    for name, path, options in CASES:
        times: dict[str, list[float]] = {run: [] for run in RUNS}
        outcomes: dict[str, str] = {}
        for _ in range(args.repeat):
            for engine in times:
                wall, outcomes[engine] = run_once(path, options, engine)
                times[engine].append(wall)
        if outcomes["cp-sat"] != outcomes["z3"]:
            print(f"{name}: the engines disagree:\n  cp-sat: {outcomes['cp-sat']}\n  z3: {outcomes['z3']}")
            return 1
        ours, theirs = statistics.median(times["cp-sat"]), statistics.median(times["z3"])
        relaxed = statistics.median(times["default"])
        rows.append((name, outcomes["z3"], ours, theirs, theirs / ours, relaxed, outcomes["default"]))
    if args.markdown:
        print("| search | outcome (both engines) | CP-SAT s | Z3 s | Z3 / CP-SAT | default s | default outcome |")
        print("|---|---|---|---|---|---|---|")
        for name, outcome, ours, theirs, ratio, relaxed, better in rows:
            print(f"| {name} | {outcome} | {ours:.2f} | {theirs:.2f} | {ratio:.1f}x | {relaxed:.2f} | {better} |")
    else:
        for name, outcome, ours, theirs, ratio, relaxed, better in rows:
            print(
                f"{name:42} cp-sat {ours:7.2f} s   z3 {theirs:7.2f} s   z3/cp-sat {ratio:5.1f}x   {outcome}\n"
                f"{'':42} default {relaxed:6.2f} s   {better}"
            )
    print(f"\none core (taskset -c 0), median of {args.repeat}, wall time of the whole pipeline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
