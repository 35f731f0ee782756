"""The register model against what ptxas allocates, role by role.

For each scheduled module (by default the fixed ones the register test
compiles, `fixed_modules`: every example and every corpus kernel that
schedules), this lowers it (pipeline-expand, warp-specialize), emits the
CUDA, and compiles it with `nvcc -Xptxas -v` for its architecture: the whole
kernel (spill bytes, the C7508 / C7510 / C7511 warnings), each role alone
with no register cap (`twillc.lowering.cuda.ptxas.role_variant`), and each role's
least clean budget: the fewest registers (setmaxnreg's step of 8) at which
its code alone compiles with no spill and no serialized wgmma
(`least_clean`, walked from the model's count). Beside them, per role: its
setmaxnreg budget, `values` (the joint model's tiles alone,
`lifetimes.register_peaks`) and `model` (the calibrated count,
`lifetimes.register_need`: what ptxas's least clean budget is predicted to
be), and a summary of the model's error before and after its calibration.

`--record` writes ptxas's figures into tests/data/registers/ptxas.json
(merged by kernel), which tests/test_register_model.py reads; `--recorded`
prints the table from those figures and the model's counts now, with no
nvcc (after a change to the model).

Usage: python bench/registers.py [--only GLOB] [--jobs N] [--no-least] [--record | --recorded]
       [--out bench/results/registers.md] [MODULE.mlir ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import fnmatch
import io
import json
import platform
import re
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from twillc.lowering.cuda.ptxas import PtxasReport

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
    values: int
    """The joint model's tiles alone (`lifetimes.register_peaks`: what the model counted before its calibration)."""
    model: int
    """The calibrated model's count (`lifetimes.register_need`)."""
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
    from twillc.cli.passes import default_pipeline, get_all_passes
    from twillc.ir.context import make_context
    from twillc.lowering.targets import emit_scheduled

    ctx = make_context()
    for name in default_pipeline(module, "cu").split(","):  # type: ignore[arg-type]
        if name:
            get_all_passes()[name]()().apply(ctx, module)  # type: ignore[arg-type]
    return emit_scheduled(module, "cu", where, [])  # type: ignore[arg-type]


STEP = 8
"""setmaxnreg's step: the least clean budget is a multiple of it."""


def least_clean(code: str, arch: str, wg: int, free: PtxasReport, guess: int) -> int | None:
    """The fewest registers per thread (a multiple of `STEP`, at least 24,
    setmaxnreg's smallest) at which warp group `wg`'s code alone compiles
    with no spill and no serialized wgmma (`ptxas.role_at`), None when it
    does not even uncapped (`free`, its uncapped report). Walked from
    `guess` (the model's count) in steps of 8, down while clean and up while
    not, never past what it takes uncapped: the same answer as
    `ptxas.role_min_budget`'s bisection where cleanliness grows with the
    cap, in 2 or 3 ptxas runs when the model is close (4 to 6 bisecting)."""
    from twillc.lowering.cuda.ptxas import PtxasError, role_at

    if not free.clean:
        return None
    top = max(24, -(-free.registers // STEP) * STEP)  # clean uncapped: clean at its own count

    def clean(cap: int) -> bool:
        if cap >= top:
            return True
        try:
            return role_at(code, arch, wg, cap).clean
        except PtxasError:  # C7602: too few registers for an instruction at all
            return False

    cap = min(top, max(24, -(-guess // STEP) * STEP))
    if clean(cap):
        while cap > 24 and clean(cap - STEP):
            cap -= STEP
        return cap
    while not clean(cap + STEP):
        cap += STEP
    return cap + STEP


@dataclass
class Modelled:
    """What the model says of one fixed module, before any ptxas run."""

    module: object
    where: str
    arch: str
    roles: dict[int, tuple[str, int]]
    """Each warp group's role and setmaxnreg budget."""
    values: dict[int, int]
    model: dict[int, int]


def modelled(path: Path) -> Modelled | str:
    """The model's counts of a fixed module's roles (`lifetimes.register_peaks`
    and the calibrated `lifetimes.register_need`), or why there are none."""
    from twillc.cli.compile import parse_module
    from twillc.lowering.cuda.preconditions import launched_warps
    from twillc.lowering.warp_program import read_warp_program
    from twillc.scheduling.lifetimes import register_need, register_peaks
    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule
    from twillc.transforms.memory_plan import loop_invariant_registers, received_in_registers

    where = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    module = parse_module(path.read_text(), where, ".mlir")
    machine = module_machine(module)
    loop = find_loop(module)
    graph, ops = graph_from_loop(loop, machine, kernel_name(module))
    schedule = read_schedule(loop, ops)
    if schedule is None or schedule.warps is None:
        return "not scheduled with warps"
    target = machine.target
    held = loop_invariant_registers(loop, ops, schedule.warps, target)
    received = received_in_registers(ops, schedule.warps, target)
    # keyed by the code's `if (wg == k)`: idle warp groups are not launched, so
    # k is the schedule's warp launched_warps[k], not warp k
    launched = launched_warps(read_warp_program(module))  # type: ignore[arg-type]
    roles = {r.id: (r.role, r.regs) for r in schedule.roles}
    values = register_peaks(graph, schedule)
    model = register_need(graph, schedule, target.role_registers, received, held)
    return Modelled(
        module,
        where,
        machine.arch,
        {k: roles[w] for k, w in enumerate(launched) if w in roles},
        {k: values[w] for k, w in enumerate(launched) if w in values},
        {k: model[w] for k, w in enumerate(launched) if w in model},
    )


def measure(path: Path, jobs: int, least: bool = True) -> KernelRow:
    """The model's counts of a fixed module's roles beside ptxas's: the whole
    kernel, each role uncapped and (`least`) its least clean budget."""
    from twillc.diagnostics import UserError
    from twillc.lowering.cuda.ptxas import PtxasError, role_needs, run_ptxas

    m = modelled(path)
    if isinstance(m, str):
        return KernelRow(path.stem, "", error=m)
    row = KernelRow(path.stem, m.arch)
    try:
        code = lowered_cuda(m.module, m.where)
    except UserError as e:
        row.error = e.render().splitlines()[0]
        return row
    row.holes = len(re.findall(r"^// TWILLC-HOLE ", code, re.M))
    try:
        whole = run_ptxas(code, m.arch)
        needs = role_needs(code, m.arch, jobs=jobs)
    except PtxasError as e:
        row.error = str(e).splitlines()[0]
        return row
    row.registers, row.spill = whole.registers, whole.spill_stores
    row.warnings = ",".join(sorted({c for w in whole.warnings for c in ("C7508", "C7510", "C7511") if c in w}))
    # The least clean budget, for the roles the model gives registers in
    # kernels with no hole (a hole's math is not there to count).
    walked = [wg for wg in needs if (m.values.get(wg, 0) or m.model.get(wg, 0)) and not row.holes and least]

    def walk(wg: int) -> int | None:
        return least_clean(code, m.arch, wg, needs[wg], m.model.get(wg, 0))

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        found = dict(zip(walked, pool.map(walk, walked), strict=True))
    for wg, rep in needs.items():
        role, budget = m.roles.get(wg, ("?", 0))
        row.roles.append(
            RoleRow(
                wg,
                role,
                budget,
                m.values.get(wg, 0),
                m.model.get(wg, 0),
                rep.registers,
                rep.spill_stores,
                found.get(wg, -1),
            )
        )
    return row


def recorded(path: Path, data: dict[str, dict[str, object]]) -> KernelRow:
    """A fixed module's row from ptxas's recorded figures (`RECORDED`, written
    by `--record`) and the model's counts now: no nvcc needed."""
    rec = data.get(path.stem)
    if rec is None:
        return KernelRow(path.stem, "", error="no recorded ptxas figures")
    row = KernelRow(**{k: v for k, v in rec.items() if k != "roles"})  # type: ignore[arg-type]
    m = modelled(path)
    if isinstance(m, str):
        row.error = row.error or m
        return row
    for r in rec["roles"]:  # type: ignore[attr-defined]
        wg = int(r["wg"])
        role, budget = m.roles.get(wg, ("?", 0))
        row.roles.append(
            RoleRow(
                wg,
                role,
                budget,
                m.values.get(wg, 0),
                m.model.get(wg, 0),
                int(r["ptxas"]),
                int(r["spill"]),
                r["least"],
            )
        )
    return row


RECORDED = RESCHEDULED / "ptxas.json"
"""ptxas's figures for each fixed module (`--record`): the whole kernel and,
per role, what it takes uncapped and its least clean budget."""


def record(rows: list[KernelRow]) -> str:
    """The JSON of ptxas's figures (the model's counts left out: they are
    computed again wherever the figures are read)."""
    data = {}
    for k in rows:
        d = dataclasses.asdict(k)
        d["roles"] = [{"wg": r.wg, "ptxas": r.ptxas, "spill": r.spill, "least": r.least} for r in k.roles]
        data[k.name] = d
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def table(rows: list[KernelRow]) -> str:
    out = io.StringIO()
    print(
        "| kernel | arch | role | budget | values | model | ptxas uncapped | least clean budget | least - model "
        "| kernel: spill B, warnings |",
        file=out,
    )
    print("|---|---|---|---|---|---|---|---|---|---|", file=out)
    for k in rows:
        if k.error:
            print(f"| {k.name} | {k.arch} |  |  |  |  |  |  |  | {k.error.replace('|', '/')} |", file=out)
            continue
        verdict = f"{k.spill}" + (f", {k.warnings}" if k.warnings else "") + (f"; {k.holes} holes" if k.holes else "")
        for i, r in enumerate(k.roles):
            need = f"{r.ptxas}" + (f" (+{r.spill} B spilled)" if r.spill else "")
            least = "" if r.least == -1 else f"{r.least}" if r.least is not None else "> 255"
            gap = "" if r.least == -1 else f"{r.least - r.model:+d}" if r.least is not None else f"> {255 - r.model:+d}"
            print(
                f"| {k.name if i == 0 else ''} | {k.arch if i == 0 else ''} | {r.wg} {r.role} | {r.budget} | "
                f"{r.values} | {r.model} | {need} | {least} | {gap} | {verdict if i == 0 else ''} |",
                file=out,
            )
    return out.getvalue()


def compared(rows: list[KernelRow]) -> list[RoleRow]:
    """The roles whose least clean budget was measured (not over 255): those
    holding tiles in kernels with no hole."""
    return [r for k in rows if not k.error and not k.holes for r in k.roles if r.least is not None and r.least > 0]


def errors(roles: list[RoleRow], count: str) -> list[int]:
    """ptxas's least clean budget less the model's count (`count`: `values`,
    the joint model's tiles alone; `model`, calibrated), per role."""
    return [r.least - getattr(r, count) for r in roles]  # type: ignore[operator]


def summary(rows: list[KernelRow]) -> str:
    """How close the model is to ptxas's least clean budget, before its
    calibration (the tiles alone) and after, over the roles measured, per
    architecture."""
    over = [r for k in rows if not k.error and not k.holes for r in k.roles if r.least is None]
    clean = [k for k in rows if not k.error and not k.spill and not k.warnings]
    measured = [k for k in rows if not k.error]
    lines = []
    for arch in sorted({k.arch for k in rows if k.arch}):
        roles = compared([k for k in rows if k.arch == arch])
        for count, what in (("values", "before (tiles alone)"), ("model", "after (calibrated)")):
            d = errors(roles, count)
            if not d:
                lines.append(f"{arch}, {what}: no role measured")
                continue
            lines.append(
                f"{arch}, {what}: least clean budget - model from {min(d):+d} to {max(d):+d} registers per thread, "
                f"median {statistics.median(d):+g}, median |error| {statistics.median(abs(x) for x in d):g}, "
                f"max |error| {max(abs(x) for x in d)}, within 8 in {sum(abs(x) <= 8 for x in d)} "
                f"and within 16 in {sum(abs(x) <= 16 for x in d)} of {len(d)} roles"
            )
    seen = [r for r in over if r.model > 255]
    lines.append(
        f"{len(over)} roles spill even at 255 ({len(seen)} of them counted over 255 by the model); "
        f"{len(clean)} of {len(measured)} kernels compile with no spill and no C7508 / C7510 / C7511."
    )
    return "".join(f"- {line}\n" for line in lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*", help="scheduled .mlir modules (default: every fixed one, see fixed_modules)")
    ap.add_argument("--only", help="glob on the kernel name")
    ap.add_argument("--jobs", type=int, default=2, help="ptxas runs at once")
    ap.add_argument("--no-least", action="store_true", help="skip the bisection for each role's least clean budget")
    ap.add_argument("--out", help="append the table, dated, to this Markdown file")
    ap.add_argument("--record", action="store_true", help=f"write ptxas's figures into {RECORDED.relative_to(ROOT)}")
    ap.add_argument(
        "--recorded", action="store_true", help="no nvcc: ptxas's recorded figures beside the model's counts now"
    )
    args = ap.parse_args()
    paths = [Path(p) for p in args.modules] or list(fixed_modules().values())
    if args.only:
        paths = [p for p in paths if fnmatch.fnmatch(p.stem, args.only)]
    if args.recorded:
        data = json.loads(RECORDED.read_text())
        rows = [recorded(p, data) for p in paths]
    else:
        with ThreadPoolExecutor(max_workers=max(1, args.jobs // 2)) as pool:
            rows = list(pool.map(lambda p: measure(p, max(1, args.jobs), not args.no_least), paths))
    if args.record:
        old = json.loads(RECORDED.read_text()) if RECORDED.exists() else {}
        old.update(json.loads(record(rows)))
        RECORDED.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")
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
