"""Solve time of every shipped example against the paper's figure.

Twill reports 28 s for the Hopper attention forward pass (single core of a
Xeon Platinum 8570, OSDI'26 section 6.4). This script runs twillc's default
pipeline on each example pinned to one core, several times, and prints the
median wall time per pass and in total, the schedule found, and the ratio to
28 s. Usage: python bench/examples.py [--repeat 3] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAPER_SECONDS = 28.0
EXAMPLES = ["attn_fwd_simplified", "gemm_h100", "attn_fwd_h100", "attn_fwd_b200", "attn_bwd_h100"]


def run_pinned(args: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    """`twillc args` in a process of its own on one core: its wall time and result."""
    cmd = [sys.executable, "-m", "twillc.driver", *args]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, check=False)
    return time.perf_counter() - start, proc


def run_once(example: Path) -> tuple[float, dict[str, float], dict[str, object]]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "s.json"
        wall, proc = run_pinned([str(example), "-o", str(out), "--timing", "--no-cache"])
        if proc.returncode != 0:
            raise RuntimeError(f"{example.name}: twillc failed ({proc.returncode}):\n{proc.stderr}")
        passes: dict[str, float] = {}
        for line in proc.stderr.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[0] == "twillc:" and parts[3] == "s":
                passes[parts[1]] = float(parts[2])
        return wall, passes, json.loads(out.read_text())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table (for docs/benchmarks.md)")
    args = ap.parse_args()
    rows = []
    for name in EXAMPLES:
        walls, per_pass = [], {}
        doc: dict[str, object] = {}
        for _ in range(args.repeat):
            wall, passes, doc = run_once(ROOT / "examples" / f"{name}.tile")
            walls.append(wall)
            for k, v in passes.items():
                per_pass.setdefault(k, []).append(v)
        med = statistics.median(walls)
        p = {k: statistics.median(v) for k, v in per_pass.items()}
        warps = doc.get("warps") or []
        rows.append(
            (
                name,
                doc["status"],
                doc["ii"],
                doc["lower_bound"],
                doc["stages"],
                len(warps),  # type: ignore[arg-type]
                p.get("modulo-schedule", 0.0),
                p.get("joint-schedule", 0.0),
                med,
                PAPER_SECONDS / med,
            )
        )
    head = (
        "example",
        "status",
        "II",
        "bound",
        "stages",
        "warps",
        "modulo s",
        "joint s",
        "total s",
        "28 s / ours",
    )
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for r in rows:
            print(
                f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]} | {r[6]:.2f} | {r[7]:.2f} "
                f"| {r[8]:.2f} | {r[9]:.0f}x |"
            )
    else:
        print(f"{head[0]:<22}" + "".join(f"{h:>12}" for h in head[1:]))
        for r in rows:
            print(
                f"{r[0]:<22}{r[1]:>12}{r[2]:>12}{r[3]:>12}{r[4]:>12}{r[5]:>12}"
                f"{r[6]:>12.2f}{r[7]:>12.2f}{r[8]:>12.2f}{r[9]:>11.0f}x"
            )
    print(f"\none core (taskset -c 0), median of {args.repeat}; cpu count {os.cpu_count()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
