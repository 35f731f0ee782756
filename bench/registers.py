"""The joint model's registers per warp group against what ptxas allocates.

For each scheduled module (by default the fixed ones the register test
compiles, `fixed_modules`: every example and every corpus kernel that
schedules), this lowers it (pipeline-expand, warp-specialize), emits the
CUDA, and compiles it with `nvcc -Xptxas -v` for its architecture: the whole
kernel (spill bytes, the C7508 / C7510 / C7511 warnings) and each role alone
with no register cap (`lowering.cuda.ptxas.role_variant`: what that role's
code needs). Beside ptxas's count it prints, per role, the role's
`setmaxnreg` budget and the joint model's most registers live at once on
that warp group (`lifetimes.register_peaks`, from each op's `regs`, i.e.
`memory_plan.registers_per_thread` plus its calibrated overheads); the
model's count is meant to bound ptxas's from above, within the reserve the
register check (`--no-ptxas-check` turns it off) may add.

Usage: python bench/registers.py [--only GLOB] [--jobs N] [--out bench/results/registers.md] [MODULE.mlir ...]
"""

from __future__ import annotations

import argparse
import datetime
import fnmatch
import io
import platform
import re
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIMULATED = ROOT / "tests" / "data" / "simulate"
RESCHEDULED = ROOT / "tests" / "data" / "registers"


def fixed_modules() -> dict[str, Path]:
    """Every example and every corpus kernel that schedules, warp-specialized
    (the modules the simulator tests read, tests/data/simulate), and from
    tests/data/registers those of the kernels the simulator has none of and
    of those the register check rescheduled (the default pipeline's module
    with the check, each with its `twill.reg_reserve`)."""
    found = {p.stem: p for p in sorted(SIMULATED.rglob("*.mlir"))}
    found.update({p.stem: p for p in sorted(RESCHEDULED.glob("*.mlir"))})
    return dict(sorted(found.items()))


@dataclass
class RoleRow:
    wg: int
    role: str
    budget: int
    model: int
    ptxas: int
    spill: int
    least: int | None = None
    """The fewest registers (setmaxnreg's step) at which the role compiles clean; None: over 255; -1: not measured."""


@dataclass
class KernelRow:
    name: str
    arch: str
    registers: int = 0
    spill: int = 0
    warnings: str = ""
    holes: int = 0
    error: str = ""
    roles: list[RoleRow] = field(default_factory=list)


def lowered_cuda(module: object, where: str) -> str:
    """The CUDA of a scheduled module, after what the default pipeline still
    runs on it for `-o k.cu` (for a warp-specialized module: verify-schedule,
    and plan-memory where it was printed before the plan)."""
    from lowering.targets import emit_scheduled
    from twillc.cli.passes import default_pipeline, get_all_passes
    from twillc.ir.context import make_context

    ctx = make_context()
    for name in default_pipeline(module, "cu").split(","):  # type: ignore[arg-type]
        if name:
            get_all_passes()[name]()().apply(ctx, module)  # type: ignore[arg-type]
    return emit_scheduled(module, "cu", where, [])  # type: ignore[arg-type]


def measure(path: Path, jobs: int, least: bool = True) -> KernelRow:
    from lowering.cuda.preconditions import launched_warps
    from lowering.cuda.ptxas import PtxasError, role_min_budget, role_needs, run_ptxas
    from lowering.warp_program import read_warp_program
    from twillc.cli.compile import parse_module
    from twillc.diagnostics import UserError
    from twillc.scheduling.lifetimes import register_peaks
    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule

    where = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    module = parse_module(path.read_text(), where, ".mlir")
    machine = module_machine(module)
    row = KernelRow(path.stem, machine.arch)
    loop = find_loop(module)
    graph, ops = graph_from_loop(loop, machine, kernel_name(module))
    schedule = read_schedule(loop, ops)
    if schedule is None or schedule.warps is None:
        row.error = "not scheduled with warps"
        return row
    peaks = register_peaks(graph, schedule)
    roles = {r.id: r for r in schedule.roles}
    try:
        code = lowered_cuda(module, where)
    except UserError as e:
        row.error = e.render().splitlines()[0]
        return row
    row.holes = len(re.findall(r"^// TWILLC-HOLE ", code, re.M))
    launched = launched_warps(read_warp_program(module))  # the schedule's warp of the code's `wg == k`
    try:
        whole = run_ptxas(code, machine.arch)
        needs = role_needs(code, machine.arch, jobs=jobs)
    except PtxasError as e:
        row.error = str(e).splitlines()[0]
        return row
    row.registers, row.spill = whole.registers, whole.spill_stores
    row.warnings = ",".join(sorted({c for w in whole.warnings for c in ("C7508", "C7510", "C7511") if c in w}))
    # The least clean budget by bisection, for the roles the model gives
    # registers in kernels with no hole (a hole's math is not there to count).
    bisect = [wg for wg in needs if peaks.get(launched[wg], 0) and not row.holes and least]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        found = dict(zip(bisect, pool.map(lambda wg: role_min_budget(code, machine.arch, wg), bisect), strict=True))
    least = {wg: found.get(wg, -1) for wg in needs}
    for wg, rep in needs.items():
        r = roles.get(launched[wg])
        row.roles.append(
            RoleRow(
                wg,
                r.role if r else "?",
                r.regs if r else 0,
                peaks.get(launched[wg], 0),
                rep.registers,
                rep.spill_stores,
                least[wg],
            )
        )
    return row


def table(rows: list[KernelRow]) -> str:
    out = io.StringIO()
    print(
        "| kernel | arch | role | budget | model | ptxas uncapped | least clean budget | least - model "
        "| kernel: spill B, warnings |",
        file=out,
    )
    print("|---|---|---|---|---|---|---|---|---|", file=out)
    for k in rows:
        if k.error:
            print(f"| {k.name} | {k.arch} |  |  |  |  |  |  | {k.error.replace('|', '/')} |", file=out)
            continue
        verdict = f"{k.spill}" + (f", {k.warnings}" if k.warnings else "") + (f"; {k.holes} holes" if k.holes else "")
        for i, r in enumerate(k.roles):
            need = f"{r.ptxas}" + (f" (+{r.spill} B spilled)" if r.spill else "")
            least = "" if r.least == -1 else f"{r.least}" if r.least is not None else "> 255"
            gap = "" if r.least == -1 else f"{r.least - r.model:+d}" if r.least is not None else f"> {255 - r.model:+d}"
            print(
                f"| {k.name if i == 0 else ''} | {k.arch if i == 0 else ''} | {r.wg} {r.role} | {r.budget} | "
                f"{r.model} | {need} | {least} | {gap} | {verdict if i == 0 else ''} |",
                file=out,
            )
    return out.getvalue()


def summary(rows: list[KernelRow]) -> str:
    """How close the model is, over the roles that hold registers (model > 0)
    in kernels with no hole (a hole's math is not there to count)."""
    roles = [r for k in rows if not k.error and not k.holes for r in k.roles if r.model > 0]
    if not roles:
        return "no role measured\n"
    # ptxas's count: the least clean budget where bisected, else what the role takes uncapped.
    count = {
        id(r): (r.least if r.least is not None and r.least >= 0 else None if r.least is None else r.ptxas)
        for r in roles
    }
    known = [r for r in roles if count[id(r)] is not None]
    diff = [count[id(r)] - r.model for r in known]  # type: ignore[operator]
    under = [d for d in diff if d > 0]
    over = [r for r in roles if count[id(r)] is None or r.ptxas > 255 or r.spill]
    what = "least clean budget" if any(r.least is not None and r.least >= 0 for r in roles) else "ptxas uncapped"
    spread = (
        f"{what} - model from {min(diff):+d} to {max(diff):+d} registers per thread "
        f"(median {statistics.median(diff):+g}, within 16 in {sum(abs(d) <= 16 for d in diff)})"
        if diff
        else "no role measured"
    )
    clean = [k for k in rows if not k.error and not k.spill and not k.warnings]
    measured = [k for k in rows if not k.error]
    return (
        f"{len(roles)} roles holding registers in kernels with no hole: {spread}; ptxas needs more than the "
        f"model counts in {len(under)}, more than 255 in {len(over)}. "
        f"{len(clean)} of {len(measured)} kernels compile with no spill and no C7508 / C7510 / C7511.\n"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*", help="scheduled .mlir modules (default: every fixed one, see fixed_modules)")
    ap.add_argument("--only", help="glob on the kernel name")
    ap.add_argument("--jobs", type=int, default=2, help="ptxas runs at once")
    ap.add_argument("--no-least", action="store_true", help="skip the bisection for each role's least clean budget")
    ap.add_argument("--out", help="append the table, dated, to this Markdown file")
    args = ap.parse_args()
    paths = [Path(p) for p in args.modules] or list(fixed_modules().values())
    if args.only:
        paths = [p for p in paths if fnmatch.fnmatch(p.stem, args.only)]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs // 2)) as pool:
        rows = list(pool.map(lambda p: measure(p, max(1, args.jobs), not args.no_least), paths))
    text = table(rows) + "\n" + summary(rows)
    print(text, end="")
    if args.out:
        commit = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        nvcc = subprocess.run(["nvcc", "--version"], capture_output=True, text=True).stdout.strip().splitlines()
        head = (
            f"\n## {when}, commit {commit}, {platform.processor() or platform.machine()} "
            f"({nvcc[-1] if nvcc else 'no nvcc'})\n\n`python bench/registers.py {' '.join(sys.argv[1:])}`\n\n"
        )
        path = Path(args.out)
        old = path.read_text() if path.exists() else "# Registers: the joint model against ptxas\n"
        path.write_text(old + head + text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
