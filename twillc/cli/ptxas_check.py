"""The register check of `-o k.cu` / `-o k.ptx`: ptxas judges the joint
model's register count.

Where nvcc is installed, the generated kernel is compiled (`nvcc -Xptxas
-v`); a spill, or a C7508 / C7510 / C7511 warning (a wgmma serialized), is
traced to the role whose code has it (each role compiled alone at its own
budget, `twillc.lowering.cuda.ptxas.role_variant`), and the module's register
reserve (`twill.reg_reserve`, read by `joint-schedule` and
`verify-schedule`) takes from that warp group's budget what the model
counted too few: the loop is scheduled again under the tighter budget, at
most `MAX_ROUNDS` times, and the stderr note states the II this costs. The
budget written into setmaxnreg does not change; the model counts less into
it. `--no-ptxas-check` turns the check off; without nvcc the model alone
decides and a note says so. A module that arrives scheduled is compiled as
written: a spill in it is reported, not rescheduled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from xdsl.dialects.builtin import ModuleOp

if TYPE_CHECKING:
    from twillc.lowering.cuda.ptxas import PtxasReport

MAX_ROUNDS = 3
"""Schedules tried after the first (each a search and one to four ptxas runs)."""

STEP = 16
"""Registers per thread a spilling role's model budget drops below the model's count, each round."""


@dataclass(frozen=True)
class Built:
    """One compile: the module as scheduled (for the schedule's outputs),
    the lowered one, its CUDA and the emitter's notes."""

    scheduled: ModuleOp
    lowered: ModuleOp
    cuda: str
    notes: tuple[str, ...]


def _peaks_and_roles(module: ModuleOp) -> tuple[dict[int, int], dict[int, tuple[str, int]], int | None]:
    """The model's most registers live per warp group, each role's (name,
    budget), and the II in cycles, of the scheduled module."""
    from twillc.scheduling.lifetimes import register_peaks
    from twillc.transforms.common import module_machine
    from twillc.transforms.cycles import cycles_per_unit
    from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule

    loop = find_loop(module)
    graph, ops = graph_from_loop(loop, module_machine(module), kernel_name(module))
    schedule = read_schedule(loop, ops)
    if schedule is None or schedule.warps is None or not schedule.ii:
        return {}, {}, None
    scale = cycles_per_unit(loop) if "twill.normalization" in loop.attributes else 1.0
    roles = {r.id: (r.role, r.regs) for r in schedule.roles}
    return register_peaks(graph, schedule), roles, round(schedule.ii * scale)


def check_registers(
    pristine: ModuleOp | None,
    first: Built,
    build: Callable[[ModuleOp], Built],
    err: IO[str],
) -> Built:
    """The compile whose kernel ptxas accepts with no spill and no
    serialized wgmma, rescheduling `pristine` (the module before any pass;
    None when it arrived scheduled) under tighter model budgets; else the
    last one that scheduled, with a warning of what ptxas still reports."""
    from xdsl.dialects.builtin import StringAttr

    from twillc.diagnostics import UserError
    from twillc.lowering.cuda.ptxas import PtxasError, nvcc_path, run_ptxas
    from twillc.transforms.common import module_machine, register_reserve, set_register_reserve

    if nvcc_path() is None:
        print("twillc: note: nvcc not found: the register model alone decides (no ptxas check)", file=err)
        return first
    arch = module_machine(first.lowered).arch
    built = first
    first_ii = _peaks_and_roles(first.scheduled)[2]
    first_blame = ""
    tried: list[tuple[int, int, int, Built]] = []  # each spilling compile: spill bytes, warnings, order
    for round_ in range(MAX_ROUNDS + 1):
        try:
            whole = run_ptxas(built.cuda, arch)
            if whole.clean:
                if round_:
                    note = (
                        f"{first_blame}; no spill after {round_} reschedule(s) with twill.reg_reserve = "
                        f"{list(register_reserve(built.scheduled))}: "
                        f"{_ii_cost(first_ii, _peaks_and_roles(built.scheduled)[2])}"
                    )
                    built.scheduled.attributes["twill.reg_check"] = StringAttr(note)
                    print(f"twillc: ptxas check: {note}", file=err)
                return built
            tried.append((whole.spill_stores + whole.spill_loads, len(whole.warnings), len(tried), built))
            peaks, roles, _ = _peaks_and_roles(built.scheduled)
            guilty = _guilty_roles(built.cuda, arch, roles, _launched(built.lowered))
            if not guilty:  # the roles spill only together (code they share): each role with registers gives 8
                guilty = {wg: (whole, 8) for wg in roles if peaks.get(wg, 0)}
        except PtxasError as e:
            print(f"twillc: note: ptxas check skipped: {str(e).splitlines()[0]}", file=err)
            return built
        blame = "; ".join(
            f"{roles[wg][0]} (warp group {wg}, setmaxnreg {roles[wg][1]}, the model counted {peaks.get(wg, 0)}): "
            f"{rep.summary()}, clean at {_needs(roles[wg][1], deficit)}"
            for wg, (rep, deficit) in sorted(guilty.items())
        )
        if pristine is None or round_ == MAX_ROUNDS or not guilty:
            why = (
                "the input holds its schedule, compiled as written"
                if pristine is None
                else f"still after {MAX_ROUNDS} reschedules"
                if guilty
                else "no role holds registers in the model"
            )
            print(f"twillc: warning: ptxas: {whole.summary()} ({why}): {blame}", file=err)
            return _least_spilling(tried, err)
        if not round_:
            first_blame = f"{whole.summary()} at first in {blame}"
        reserve = list(register_reserve(built.scheduled))
        reserve += [0] * (max(roles) + 1 - len(reserve))
        base = module_machine(built.scheduled).target.held_back_registers  # held back from each budget already
        for wg, (_, deficit) in guilty.items():
            budget = roles[wg][1]
            limit = min(budget - reserve[wg] - base, peaks.get(wg, 0))  # the model's count must drop below its peak
            reserve[wg] = min(budget, budget - base - limit + (deficit or 2 * STEP))
        retry = pristine.clone()
        set_register_reserve(retry, tuple(reserve))
        print(
            f"twillc: ptxas check: {whole.summary()} in {blame}; scheduling again with twill.reg_reserve = {reserve}",
            file=err,
        )
        try:
            built = build(retry)
        except UserError as e:
            print(
                f"twillc: warning: ptxas: {whole.summary()}, and no schedule fits the tighter budgets "
                f"({e.message.splitlines()[0]})",
                file=err,
            )
            return _least_spilling(tried, err)
    return built


def check_segment_registers(
    pristine: ModuleOp | None,
    first: Built,
    build_one: Callable[[ModuleOp], Built],
    assemble: Callable[[ModuleOp, ModuleOp], Built],
    err: IO[str],
) -> Built:
    """A kernel with several loops (`twillc.transforms.loop_segments`): each
    loop's kernel checked as the one-loop kernel it is (`check_registers`, its
    pristine segment rescheduled by `build_one` under tighter budgets), since
    each warp group of the kernel runs its roles of the loops in turn in code
    of its own; then the schedules kept put together by `assemble` (the
    scheduled and lowered modules -> the compile)."""
    from xdsl.rewriter import Rewriter

    from twillc.lowering.cuda import emit_cuda
    from twillc.transforms.loop_segments import segments, split_loops

    scheduled, lowered = first.scheduled.clone(), first.lowered.clone()
    before: list[ModuleOp | None] = [None] * len(segments(lowered))
    if pristine is not None:
        whole = pristine.clone()
        split_loops(whole)
        before = [p.clone() for p in segments(whole)]
    changed = False
    for k, (sched, low) in enumerate(zip(segments(scheduled), segments(lowered), strict=True)):
        one = Built(sched.clone(), low.clone(), emit_cuda(low.clone(), f"loop {k}"), ())
        kept = check_registers(before[k], one, build_one, err)
        if kept is not one:
            changed = True
            Rewriter.replace_op(sched, kept.scheduled.clone())
            Rewriter.replace_op(low, kept.lowered.clone())
    built = assemble(scheduled, lowered) if changed else first
    _check_whole(built, err)
    return built


def _check_whole(built: Built, err: IO[str]) -> None:
    """The kernel of several loops compiled whole: a spill or warning that
    no loop's kernel has alone (the roles' code of all loops in one
    function, ptxas allocating them together) is reported, not silently
    kept, with the warp groups whose branch alone (`role_variant`: its roles
    of every loop at their budgets) spills."""
    from twillc.lowering.cuda.ptxas import PtxasError, role_blocks, role_variant, run_ptxas
    from twillc.transforms.common import module_machine

    try:
        whole = run_ptxas(built.cuda, module_machine(built.lowered).arch)
    except PtxasError as e:
        print(f"twillc: note: ptxas check of the whole kernel skipped: {str(e).splitlines()[0]}", file=err)
        return
    if whole.clean:
        return
    try:  # each warp group's branch alone (its roles of every loop, at their setmaxnreg budgets)
        arch = module_machine(built.lowered).arch
        alone = {k: run_ptxas(role_variant(built.cuda, k, capped=True), arch) for k in role_blocks(built.cuda)}
    except PtxasError:
        alone = {}
    bad = "; ".join(f"warp group {k}'s roles alone: {rep.summary()}" for k, rep in alone.items() if not rep.clean)
    where = bad or "no warp group's roles alone spill (their branches allocated together)"
    print(
        f"twillc: warning: ptxas: {whole.summary()} in the kernel of several loops, though each loop's "
        f"kernel compiles clean alone: {where}",
        file=err,
    )


def _least_spilling(tried: list[tuple[int, int, int, Built]], err: IO[str]) -> Built:
    """Of the compiles that spilled, the one with the fewest spill bytes,
    then warnings, then the earliest (the first schedule on a tie)."""
    bytes_, _, order, built = min(tried, key=lambda t: t[:3])
    if len(tried) > 1:
        ii = _peaks_and_roles(built.scheduled)[2]
        print(
            f"twillc: note: kept schedule {order + 1} of {len(tried)} (II {ii} cycles, {bytes_} B of spills)", file=err
        )
    return built


def _launched(lowered: ModuleOp) -> list[int]:
    """The schedule's warp of each warp group the kernel launches, in the
    code's order (`if (wg == k)`: idle roles are not launched, so k is not
    the warp's id when one before it is idle)."""
    from twillc.lowering.cuda.preconditions import launched_warps
    from twillc.lowering.warp_program import read_warp_program

    return launched_warps(read_warp_program(lowered))


def _guilty_roles(
    code: str, arch: str, roles: dict[int, tuple[str, int]], launched: list[int]
) -> dict[int, tuple[PtxasReport, int | None]]:
    """The roles whose code alone, at their setmaxnreg budget, spills or
    serializes a wgmma, by the schedule's warp (`launched[k]` runs the
    code's warp group k): each with its report and how many registers past
    the budget it needs (8 or 16; None: more). A role whose code under
    `__maxnreg__` of its budget ptxas refuses outright (C7602: the kernel's
    setup does not fit 24 registers) is compiled as the kernel runs it
    (`role_variant`, capped: the setup at the launch count, then its own
    setmaxnreg)."""
    from concurrent.futures import ThreadPoolExecutor

    from twillc.lowering.cuda.ptxas import PtxasError, role_at, role_blocks, role_deficit, role_variant, run_ptxas

    def alone(k: int) -> PtxasReport:
        try:
            return role_at(code, arch, k, roles[launched[k]][1])
        except PtxasError:
            return run_ptxas(role_variant(code, k, capped=True), arch)

    wgs = [k for k in role_blocks(code) if k < len(launched) and launched[k] in roles]
    with ThreadPoolExecutor(max_workers=min(len(wgs), 4) or 1) as pool:
        reports = list(pool.map(alone, wgs))
        bad = [(k, rep) for k, rep in zip(wgs, reports, strict=True) if not rep.clean]
        deficits = list(pool.map(lambda item: role_deficit(code, arch, item[0], roles[launched[item[0]]][1]), bad))
    return {launched[k]: (rep, d) for (k, rep), d in zip(bad, deficits, strict=True)}


def _needs(budget: int, deficit: int | None) -> str:
    return f"{budget + deficit}" if deficit is not None else f"more than {budget + 16}"


def _ii_cost(before: int | None, after: int | None) -> str:
    if before is None or after is None:
        return "II unknown"
    if after == before:
        return f"II {after} cycles, unchanged"
    return f"II {before} -> {after} cycles ({(after - before) / before:+.1%})"
