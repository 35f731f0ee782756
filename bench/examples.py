"""Compile time of every shipped example: what a user waits for.

For each `examples/*.tile` this runs `TWILLC_NO_CACHE=1 twillc E.tile -o
E.json --timing` in a process of its own pinned to one core (`taskset -c 0`),
several times, and prints the median of the process's CPU time (user + sys:
the primary figure, steady on a shared machine) and of its wall time, the
pass against the goal (3 s CPU), the time each variant of `variant-search`
took (CPU, from `--timing`'s milestones: `2p` in 2 parts, `1p` as written,
with the variant's outcome), and the schedule: status, II and bound per part
(a mask-split kernel's unmasked and masked parts; the loop's otherwise),
against Twill's 28 s for the Hopper forward pass (OSDI'26 section 6.4, one
core of a Xeon Platinum 8570). The load average is printed with the table:
time-limited searches (`feasible`) end differently on a loaded machine;
`--time-limit 120` there gives every search that ends within the default
30 s on an idle core the room to end (its CPU time is then the idle core's).

Usage: python bench/examples.py [--repeat 3] [--markdown] [--only NAME ...] [--time-limit S]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAPER_SECONDS = 28.0
GOAL_SECONDS = 3.0
MILESTONE = re.compile(r"^twillc:\s+(?P<what>.+) at (?P<at>[\d.]+) s \(CPU (?P<cpu>[\d.]+) s\)$")


@dataclass
class Run:
    cpu: float
    wall: float
    passes: dict[str, float]
    variants: dict[str, tuple[float, str]]
    """Each variant's CPU seconds (since the one before) and its outcome."""
    doc: dict[str, object] = field(default_factory=dict)


def run_pinned(args: list[str]) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    """`twillc args` in a process of its own on one core, with no cache: its
    CPU time (user + sys), its wall time and its result."""
    cmd = [sys.executable, "-m", "twillc.driver", *args]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    env = dict(os.environ, TWILLC_NO_CACHE="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=False, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, proc


def run_once(example: Path, time_limit: float = 0.0) -> Run:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "s.json"
        limit = ["--passes", f"variant-search{{time-limit={time_limit:g}}}"] if time_limit else []
        cpu, wall, proc = run_pinned([str(example), "-o", str(out), "--timing", *limit])
        if proc.returncode != 0:
            raise RuntimeError(f"{example.name}: twillc failed ({proc.returncode}):\n{proc.stderr}")
        passes: dict[str, float] = {}
        variants: dict[str, tuple[float, str]] = {}
        last = 0.0
        for line in proc.stderr.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[0] == "twillc:" and parts[3] == "s":
                passes[parts[1]] = float(parts[2])
            m = MILESTONE.match(line)
            if m and m["what"].endswith(")") and ": done (" in m["what"]:
                scope, outcome = m["what"].rsplit(": done (", 1)
                variants[scope] = (float(m["cpu"]) - last, outcome[:-1])
                last = float(m["cpu"])
        return Run(cpu, wall, passes, variants, json.loads(out.read_text()))


def short(scope: str) -> str:
    """`in 2 parts` -> `2p`, `as written` -> `1p`, `..., loop steps in 2` -> `...x2`."""
    head, _, loop = scope.partition(", loop steps in ")
    name = "1p" if head == "as written" else head.removeprefix("in ").removesuffix(" parts") + "p"
    return name + (f"x{loop}" if loop else "")


def parts_of(doc: dict[str, object]) -> str:
    """Status, II / bound per part (normalized units)."""
    rows = doc.get("parts") or []
    if not rows:
        return f"{doc['status']} {doc['ii']} / {doc['lower_bound']}"
    return "; ".join(f"{p['part']} {p['status']} {p['ii']} / {p['lower_bound']}" for p in rows)  # type: ignore[union-attr]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table (for docs/benchmarks.md)")
    ap.add_argument("--only", nargs="*", default=None, help="these examples only (names without .tile)")
    ap.add_argument(
        "--time-limit",
        type=float,
        default=0.0,
        help="variant-search's limit instead of the default 30 s: on a loaded machine, one that no search "
        "that ends within 30 s on an idle core reaches (its CPU time is then the idle core's)",
    )
    args = ap.parse_args()
    names = sorted(p.stem for p in (ROOT / "examples").glob("*.tile"))
    if args.only:
        names = [n for n in names if n in set(args.only)]
    load_before = os.getloadavg()
    rows = []
    for name in names:
        runs = [run_once(ROOT / "examples" / f"{name}.tile", args.time_limit) for _ in range(args.repeat)]
        cpu = statistics.median(r.cpu for r in runs)
        wall = statistics.median(r.wall for r in runs)
        search = statistics.median(r.passes.get("variant-search", 0.0) for r in runs)
        mid = sorted(runs, key=lambda r: r.cpu)[len(runs) // 2]
        variants = ", ".join(f"{short(k)} {v[0]:.2f} {v[1]}" for k, v in mid.variants.items()) or "-"
        verdicts = sorted({parts_of(r.doc) for r in runs})
        rows.append((name, cpu, wall, search, variants, " | ".join(verdicts), cpu <= GOAL_SECONDS))
    load_after = os.getloadavg()
    head = ("example", "CPU s", "wall s", "under 3 s", "search wall s", "variants (CPU s)", "status II / bound")
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for n, cpu, wall, search, variants, verdict, ok in rows:
            mark = "yes" if ok else "**no**"
            print(f"| {n} | {cpu:.2f} | {wall:.2f} | {mark} | {search:.2f} | {variants} | {verdict} |")
    else:
        print(f"{'example':<24}{'CPU s':>7}{'wall s':>8}{'<3 s':>6}{'search':>8}  variants (CPU s); status II / bound")
        for n, cpu, wall, search, variants, verdict, ok in rows:
            print(f"{n:<24}{cpu:>7.2f}{wall:>8.2f}{'yes' if ok else 'NO':>6}{search:>8.2f}  {variants}; {verdict}")
    slowest = max(rows, key=lambda r: r[1])
    print(
        f"\none core (taskset -c 0), no cache, median of {args.repeat}; "
        f"variant-search time limit {args.time_limit or 30:g} s; cpu count {os.cpu_count()}; "
        f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after; "
        f"slowest {slowest[0]} {slowest[1]:.2f} s CPU ({PAPER_SECONDS / slowest[1]:.0f}x under Twill's 28 s)"
    )
    return 0 if all(r[-1] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
