"""The corpus of user-written kernels (bench/corpus/*.tile) through the default
pipeline: what a user gets, kernel by kernel.

Each kernel is written naturally from the language reference (one query tile,
one accumulator, the tile shape a user would pick), not split by hand. For each
one this script runs twillc's default pipeline once (the scheduled module is
printed and reused for the JSON and the CUDA, so the search is paid once) and
reports the variant variant-search chose (as written, split in n parts, or
with its loop's steps split), II in machine cycles (when the
JSON gives `ii_cycles`; else the normalized II, marked `n`), the lower bound,
II / bound (the baseline measured in the same run: 1.00 is proven-optimal
throughput), the status, the time to the first legal schedule (what
`--timing` prints: wall seconds from the start of the searching pass, the
earliest variant's), the wall time of the search against its limit, whether the generated CUDA compiles
with nvcc for the kernel's architecture with no spill and no warning, and the
number of holes (TWILLC-HOLE notes). Failures are listed below the table with
the exact command and its message.

Usage: python bench/corpus.py [--time-limit S] [--only GLOB] [--no-nvcc]
                              [--out bench/results/corpus.md] [--keep DIR]
"""

from __future__ import annotations

import argparse
import datetime
import fnmatch
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "corpus"
ARCH = {"h100": "sm_90a", "b200": "sm_100a"}
SOLVER_PASSES = ("variant-search", "modulo-schedule", "joint-schedule")
# Without --time-limit, the passes' own defaults (the ones a user gets).
DEFAULT_LIMITS = {"variant-search": 30.0}


@dataclass
class Row:
    name: str
    target: str = ""
    variant: str = ""
    ii: str = ""
    bound: str = ""
    ratio: str = ""
    status: str = ""
    first_s: str = ""
    wall_s: float = 0.0
    nvcc: str = ""
    holes: str = ""
    failures: list[tuple[str, str]] = field(default_factory=list)


def twillc(args: list[str], timeout: float) -> tuple[float, int, str]:
    """`twillc args` from this tree: wall time, exit status (124 on timeout), stderr."""
    cmd = [sys.executable, "-m", "twillc.driver", "--no-cache", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, 124, f"killed after {timeout:.0f} s"
    return time.perf_counter() - start, proc.returncode, proc.stderr


def default_passes(time_limit: float | None) -> str:
    """The default pipeline of this tree, each solver pass given the limit."""
    sys.path.insert(0, str(ROOT))
    from twillc.cli.passes import DEFAULT_PIPELINE

    if time_limit is None:
        return DEFAULT_PIPELINE
    limit = f"{time_limit:g}"
    return ",".join(f"{p}{{time-limit={limit}}}" if p in SOLVER_PASSES else p for p in DEFAULT_PIPELINE.split(","))


def first_error(stderr: str) -> str:
    """The message a user reads first: the first `error:` line, else the last line."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    for line in lines:
        if "error:" in line or line.startswith("Traceback"):
            return line.strip() if not line.startswith("Traceback") else "Traceback: " + lines[-1].strip()
    return lines[-1].strip() if lines else ""


FIRST_SCHEDULE = re.compile(r"^twillc: +(?:.*: )?first schedule \(.*\) at ([0-9.]+) s \(CPU [0-9.]+ s\)$", re.MULTILINE)


def first_schedule_seconds(stderr: str) -> str:
    """Time to the first legal schedule, from what `--timing` prints: the
    earliest of the variants' (seconds from the start of the pass that
    searched), "" when none was reported."""
    times = [float(t) for t in FIRST_SCHEDULE.findall(stderr)]
    return f"{min(times):.1f}" if times else ""


def nvcc_check(cu: Path, arch: str, tmp: Path) -> tuple[str, str]:
    """(verdict, log) of `nvcc -Xptxas -v -c` for the kernel's architecture, as tests/test_cuda.py runs it."""
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        return "no nvcc", ""
    gencode = f"arch=compute_{arch[3:]},code={arch}"
    cmd = [nvcc, "-gencode", gencode, "-Xptxas", "-v", "-c", str(cu), "-o", str(tmp / "k.o")]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    except subprocess.TimeoutExpired:
        return "timeout", "nvcc killed after 600 s"
    log = proc.stdout + proc.stderr
    if proc.returncode != 0:
        return "error", log
    spilled = re.search(r"([1-9]\d*) bytes spill stores", log)
    if spilled:
        return f"spill {spilled.group(1)} B", log
    if "warning" in log or re.search(r"C75\d\d", log):
        return "warning", log
    return "ok", log


def run_kernel(tile: Path, passes: str, limit: float, tmp: Path, use_nvcc: bool) -> Row:
    row = Row(tile.stem)
    rel = tile.relative_to(ROOT)
    budget = 3 * limit + 120
    # 1. It parses and verifies.
    _, rc, err = twillc([str(rel)], 120)
    if rc != 0:
        row.status = "parse error"
        row.failures.append((f"twillc {rel}", first_error(err)))
        return row
    # 2. The default pipeline, once; the scheduled module is reused below.
    mlir = tmp / f"{tile.stem}.mlir"
    cmd = [str(rel), "-p", passes, "--emit", "mlir", "--print-debuginfo", "--timing", "-o", str(mlir)]
    row.wall_s, rc, err = twillc(cmd, budget)
    search_err = err
    if rc != 0:
        row.status = "timeout" if rc == 124 else ("internal error" if "Traceback" in err else "refused")
        row.failures.append((f"twillc {rel} -p '{passes}' --emit mlir --print-debuginfo", first_error(err)))
        return row
    out_json = tmp / f"{tile.stem}.json"
    _, rc, err = twillc([str(mlir), "-o", str(out_json)], 300)
    if rc != 0:
        row.status = "json failed"
        row.failures.append((f"twillc {tile.stem}.mlir -o {tile.stem}.json", first_error(err)))
        return row
    doc = json.loads(out_json.read_text())
    row.target = str(doc.get("target", ""))
    # variant-search lists the variants only when it compared some: else the kernel as written won alone.
    chosen = [v for v in doc.get("variants", []) if isinstance(v, dict) and v.get("chosen")]
    parts = int(chosen[0].get("parts", 1)) if chosen else 1
    loop = int(chosen[0].get("loop_parts", 1)) if chosen else 1
    row.variant = "as written" if parts == 1 else f"{parts} parts"
    if loop > 1:  # the loop's steps split: II per iteration, a step as written takes `loop` of them
        row.variant = ("" if parts == 1 else f"{row.variant}, ") + f"loop steps in {loop}"
    row.status = str(doc.get("status", ""))
    ii, lb = doc.get("ii_cycles"), doc.get("lower_bound_cycles")
    if isinstance(ii, (int, float)):
        row.ii = f"{ii:g}"
        row.bound = f"{lb:g}" if isinstance(lb, (int, float)) else f"{doc.get('lower_bound', '')} n"
    elif doc.get("ii") is not None:
        row.ii = f"{doc['ii']} n"
        row.bound = f"{doc.get('lower_bound', '')} n"
    ii_n, lb_n = doc.get("ii"), doc.get("lower_bound")
    if isinstance(ii_n, (int, float)) and isinstance(lb_n, (int, float)) and lb_n:
        row.ratio = f"{ii_n / lb_n:.2f}"
    row.first_s = first_schedule_seconds(search_err)
    # 3. The CUDA from the same schedule, its holes, and nvcc.
    cu = tmp / f"{tile.stem}.cu"
    _, rc, err = twillc([str(mlir), "-o", str(cu)], 300)
    if rc != 0:
        row.nvcc = "no .cu"
        row.failures.append((f"twillc {tile.stem}.mlir -o {tile.stem}.cu", first_error(err)))
        return row
    row.holes = str(err.count("TWILLC-HOLE"))
    if use_nvcc:
        arch = ARCH.get(row.target, "sm_90a")
        row.nvcc, log = nvcc_check(cu, arch, tmp)
        if row.nvcc != "ok":
            detail = next(
                (ln.strip() for ln in log.splitlines() if "error" in ln or "warning" in ln or "spill" in ln), ""
            )
            row.failures.append(
                (f"nvcc -gencode arch=compute_{arch[3:]},code={arch} -Xptxas -v -c {tile.stem}.cu", detail)
            )
    return row


def markdown(rows: list[Row], header: str) -> str:
    cols = [
        "kernel",
        "target",
        "variant",
        "II",
        "bound",
        "II/bound",
        "status",
        "first (s)",
        "wall (s)",
        "nvcc",
        "holes",
    ]
    out = [header, "", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        cells = [
            r.name,
            r.target,
            r.variant,
            r.ii,
            r.bound,
            r.ratio,
            r.status,
            r.first_s,
            f"{r.wall_s:.1f}",
            r.nvcc,
            r.holes,
        ]
        out.append("| " + " | ".join(cells) + " |")
    failures = [(r.name, cmd, msg) for r in rows for cmd, msg in r.failures]
    if failures:
        out += ["", "Failures (exact command, first message):", ""]
        out += [f"- {name}: `{cmd}`: {msg}" for name, cmd, msg in failures]
    done = [r for r in rows if r.status in ("optimal", "feasible")]
    out += [
        "",
        f"{len(done)} of {len(rows)} scheduled, {sum(r.status == 'optimal' for r in rows)} proven optimal, "
        f"{sum(r.nvcc == 'ok' for r in rows)} compile clean with nvcc, "
        f"{sum(r.nvcc == 'ok' and r.holes == '0' for r in rows)} of those with no hole.",
    ]
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--time-limit", type=float, default=None, help="seconds for each solver pass (default: the passes' own)"
    )
    ap.add_argument("--only", default="*", help="glob over kernel names, e.g. 'gemm_*'")
    ap.add_argument("--no-nvcc", action="store_true", help="do not compile the generated CUDA")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "corpus.md")
    ap.add_argument("--keep", type=Path, default=None, help="keep the .mlir / .json / .cu of each kernel here")
    args = ap.parse_args()
    passes = default_passes(args.time_limit)
    limit = args.time_limit if args.time_limit is not None else sum(DEFAULT_LIMITS.values())
    tiles = sorted(t for t in CORPUS.glob("*.tile") if fnmatch.fnmatch(t.stem, args.only))
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        tmp = args.keep or Path(scratch)
        tmp.mkdir(parents=True, exist_ok=True)
        for tile in tiles:
            row = run_kernel(tile, passes, limit, tmp, not args.no_nvcc)
            print(
                f"{row.name}: {row.status} II {row.ii} bound {row.bound} {row.wall_s:.1f} s nvcc {row.nvcc}",
                file=sys.stderr,
            )
            rows.append(row)
    commit = (
        subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
        or "unknown (not a git checkout)"
    )
    cpu = platform.processor() or platform.machine()
    try:
        cpu = next(
            ln.split(":", 1)[1].strip()
            for ln in Path("/proc/cpuinfo").read_text().splitlines()
            if ln.startswith("model name")
        )
    except (OSError, StopIteration):
        pass
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lim = (
        f"--time-limit {args.time_limit:g} s per solver pass"
        if args.time_limit is not None
        else "the passes' default limits"
    )
    header = (
        f"# Corpus: {len(rows)} user-written kernels through the default pipeline\n\n"
        f"{when}, commit {commit}, {cpu} ({os.cpu_count()} cores, shared), {lim}, one kernel at a time.\n"
        f"Passes: `{passes}`. II in cycles where the JSON gives `ii_cycles`, else normalized (`n`); "
        f"II/bound in the same units; wall: the scheduling run."
    )
    text = markdown(rows, header)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
