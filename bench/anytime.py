"""Time to first schedule and total time of the default pipeline's search,
for the shipped examples and the kernels of bench/anytime/ (written as a
user would: one 128-row tile at head dim 64, one 64-row chain, a GEMM
tile in three thirds).

Each kernel runs in a process of its own pinned to one core: the passes
before joint-schedule, then the joint search with its default time limit
(or `--time-limit`), timed from the start of the pipeline: "first s" is
when the first legal joint schedule was known (a query at the modulo
schedule's times, or `joint_heuristic`'s), "total s" when the pipeline
ended (interpreter start and imports excluded); the same in CPU seconds of
the process (what an idle core would take, when the machine is loaded). Goals (issue 18): first
schedule under 2 s, total within the limit + 2 s.
Usage: python bench/anytime.py [--time-limit S] [--markdown] [KERNEL.tile ...]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ["attn_fwd_simplified", "gemm_h100", "attn_fwd_h100", "attn_fwd_b200", "attn_bwd_h100"]

CHILD = r"""
import json, sys, time
from twillc.frontend import parse_tile
from twillc.cli.passes import get_all_passes
from twillc.ir.context import make_context
from xdsl.passes import PassPipeline
from twillc.transforms.joint_schedule import JointSchedulePass
import twillc.scheduling.progress as progress_module

path, limit = sys.argv[1], float(sys.argv[2])
module = parse_tile(open(path).read(), path)
start, cpu = time.monotonic(), time.process_time()
first = []

def progress(info):
    if not first and (info.get("result") == "sat" or info.get("heuristic")):
        first.append((time.monotonic() - start, time.process_time() - cpu))

# The pass reports its progress to whatever `terminal_progress` returns.
progress_module.terminal_progress = lambda label: progress
passes = "annotate-costs,cost-normalize,modulo-schedule"
for p in PassPipeline.parse_spec(get_all_passes(), passes).passes:
    p.apply(make_context(), module)
JointSchedulePass(**({"time_limit": limit} if limit > 0 else {})).apply(make_context(), module)
total = (time.monotonic() - start, time.process_time() - cpu)
loop = next(op for op in module.walk() if op.name == "tile.for")
s = loop.attributes["twill.schedule"]
print(json.dumps({"first": first[0] if first else total, "total": total, "schedule": str(s)}))
"""


def run(path: Path, limit: float) -> dict[str, object]:
    cmd = [sys.executable, "-c", CHILD, str(path), str(limit)]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{path.name}: failed ({proc.returncode}):\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def summary(schedule: str) -> tuple[str, str, str]:
    """II, bound and status out of the printed schedule attribute."""
    import re

    def field(name: str) -> str:
        m = re.search(rf"\b{name}\s*=\s*([\w\"]+)", schedule)
        return m.group(1).strip('"') if m else "?"

    return field("ii"), field("lower_bound"), field("status")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time-limit", type=float, default=0.0, help="joint-schedule time limit (default: the pass's)")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table (for docs/benchmarks.md)")
    ap.add_argument("kernels", nargs="*", type=Path)
    args = ap.parse_args()
    kernels = args.kernels or [ROOT / "examples" / f"{e}.tile" for e in EXAMPLES] + sorted(
        (ROOT / "bench" / "anytime").glob("*.tile")
    )
    head = ("kernel", "status", "II", "bound", "first s", "total s", "first cpu s", "total cpu s")
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
    else:
        print(f"{head[0]:<22}" + "".join(f"{h:>10}" for h in head[1:6]) + "".join(f"{h:>12}" for h in head[6:]))
    for path in kernels:
        r = run(path, args.time_limit)
        ii, bound, status = summary(str(r["schedule"]))
        times = [*r["first"], *r["total"]]  # type: ignore[misc]
        first, total, first_cpu, total_cpu = times[0], times[2], times[1], times[3]
        if args.markdown:
            print(
                f"| {path.stem} | {status} | {ii} | {bound} | {first:.2f} | {total:.2f} | {first_cpu:.2f} "
                f"| {total_cpu:.2f} |"
            )
        else:
            print(
                f"{path.stem:<22}{status:>10}{ii:>10}{bound:>10}{first:>10.2f}{total:>10.2f}"
                f"{first_cpu:>12.2f}{total_cpu:>12.2f}",
                flush=True,
            )
    print(f"\none core (taskset -c 0); cpu count {os.cpu_count()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
