"""`joint-schedule`: Twill's joint software pipelining + warp specialization
(Twill section 4), with Algorithm 1's search over II and length, and
beyond the paper more stages before an II is declared infeasible. Queries
with free issue times go to CP-SAT (or Z3, `engine=z3`); warps at fixed
issue times to Z3.

Warp-group count and register budgets default to the machine model; the
options record on the loop (`twill.warp_options`) what the checker needs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from twillc.diagnostics import UserError
from twillc.dialects.twill import WarpOptionsAttr
from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.scheduling.warp_config import WarpConfig
from twillc.target.machine import Machine
from twillc.transforms.common import located_error, machine_warp_config, module_machine, register_reserve
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule, write_schedule
from twillc.transforms.verify_schedule import VerifySchedulePass


class Outclassed(UserError):
    """joint-schedule with `beat`: every II that could match it is refuted at
    every length (`variant-search` lists the variant as `slower`)."""

    def __init__(self, error: UserError, lower: int, top: int) -> None:
        super().__init__(error.loc, error.message, error.source)
        self.lower, self.top = lower, top


def beat_ii(loop: Operation, cycles: int) -> int:
    """The largest II, in the loop's units, whose machine cycles are within
    a unit of `cycles` (the most a variant may take and still be chosen,
    `variant_search`: one unit is the rounding of either variant)."""
    from math import ceil

    from twillc.dialects import tile
    from twillc.transforms.cycles import cycles_per_unit, to_cycles

    assert isinstance(loop, tile.ForOp)
    scale = cycles_per_unit(loop)
    top = cycles + ceil(scale) + 1
    ii = int(top / scale) + 1
    while ii > 0 and to_cycles(ii, scale) > top:
        ii -= 1
    return ii


@dataclass(frozen=True)
class JointSchedulePass(ModulePass):
    """Exact joint SWP + WS schedule of the loop."""

    name = "joint-schedule"

    warp_groups: int = 0
    """Warp groups to assign ops to (0: the machine model's default)."""

    regs: tuple[int, ...] = ()
    """Registers per thread of each warp group (setmaxnreg); default: the machine's split."""

    cross_warp: bool = True
    """Allow values to cross warps (through shared memory, at the machine's cross-warp delay)."""

    time_limit: int | float = 20.0
    """Seconds for the whole pass, re-solves included: it ends within them
    (plus well under 2 s), with the best schedule found, its bound and the
    IIs left open. 20 s with modulo-schedule's 10 s keep the default
    pipeline within 30 s, short enough to iterate on a kernel; a first
    schedule comes from a heuristic in under 2 s, and the examples are
    proven optimal in a few seconds. Raise it for proofs on larger loops."""

    max_ii: int = 0
    """Largest II to try (0: no limit)."""

    extra_stages: int = 1
    """Stages beyond ceil(L/II) tried before an II is declared infeasible."""

    engine: str = "cp-sat"
    """What decides a query with issue times and warps both free: `cp-sat` or `z3`."""

    relaxation: bool = True
    """Before trying stage counts at an II, try to refute it at every length
    with the circular relaxation (`joint_relaxation`)."""

    beat: int = 0
    """Machine cycles per iteration that another variant of the kernel
    reaches (variant-search sets it; 0: none). The IIs whose cycles could
    match it, within a unit, are tried for refutation first; when all are
    refuted the pass stops with a located error (`Outclassed`), the loop
    unscheduled."""

    def config(self, machine: Machine, reserve: tuple[int, ...] = ()) -> WarpConfig:
        """The warps, with the module's register reserve (`register_reserve`)
        held back from each budget."""
        groups = self.warp_groups or (len(self.regs) if self.regs else machine.warp_groups)
        regs = self.regs or machine.default_reg_limits(groups)
        return machine_warp_config(machine, groups, tuple(regs), self.cross_warp, reserve=reserve[:groups])

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.scheduling.joint_search import ENGINES, SolverLimit, joint_schedule
        from twillc.scheduling.joint_search import Outclassed as Beaten
        from twillc.scheduling.progress import milestone, terminal_progress
        from twillc.transforms.smem_plan import smem_excess, tmem_refusal

        machine = module_machine(op)
        loop = find_loop(op)
        if self.engine not in ENGINES:
            raise located_error(
                loop, f"joint-schedule: engine must be one of {', '.join(ENGINES)}, not '{self.engine}'"
            )
        if self.warp_groups < 0 or (self.regs and self.warp_groups and len(self.regs) != self.warp_groups):
            raise located_error(loop, "joint-schedule: give one register budget per warp group")
        total = sum(self.regs)
        if self.regs and total > machine.regs_per_thread_total:
            raise located_error(
                loop,
                f"joint-schedule: register budgets sum to {total} per thread, more than the "
                f"{machine.regs_per_thread_total} the register file of '{machine.name}' holds",
            )
        config = self.config(machine, register_reserve(op))
        graph, ops = graph_from_loop(loop, machine, kernel_name(op))
        refused = capacity_refusal(op, graph, ops, config, machine)
        if refused is not None:
            raise refused
        # A modulo schedule already on the loop (modulo-schedule ran) seeds
        # the search instead of being solved again.
        known = read_schedule(loop, ops)
        modulo = known if known is not None and known.warps is None and known.ii is not None else None

        # One deadline for the search and any re-solve that makes the
        # emitted kernel's shared memory fit.
        deadline = time.monotonic() + self.time_limit
        # When each solve started and found its first legal schedule (for --timing).
        firsts: list[tuple[float, float, float, int, str]] = []

        def refuse(schedule: Schedule) -> str:
            over, _ = smem_excess(loop, graph, ops, schedule, machine)
            if over > 0:
                return f"its CUDA kernel needs {over} B more shared memory than '{machine.name}' has"
            return tmem_refusal(loop, graph, ops, schedule, machine)

        def found_first(ii: int, by: str) -> None:
            firsts[-1] = (firsts[-1][0], time.monotonic(), time.process_time(), ii, by)

        def solve(graph: DependenceGraph) -> Schedule:
            firsts.append((time.monotonic(), 0.0, 0.0, 0, ""))
            try:
                return joint_schedule(
                    graph,
                    config,
                    modulo=modulo,
                    time_limit=max(deadline - time.monotonic(), 0.05),
                    max_ii=self.max_ii or None,
                    extra_stages=self.extra_stages,
                    progress=terminal_progress("joint-schedule"),
                    engine=self.engine,
                    relaxation=self.relaxation,
                    on_first=found_first,
                    refuse=refuse if "smem" in graph.memories or graph.tmem_columns else None,
                    beat=beat_ii(loop, self.beat) if self.beat else None,
                )
            except Beaten as e:
                message = f"joint-schedule: no II up to {e.beat} (those within a unit of beat={self.beat} cycles): {e}"
                raise Outclassed(located_error(loop, message), e.lower, e.beat) from None
            except SolverLimit as e:
                raise located_error(
                    loop,
                    f"joint-schedule: no joint schedule found within the time limit of {self.time_limit:g} s, "
                    f"unsatisfiability not proven (lower bound {e.lower_bound})",
                ) from None

        schedule = solve(graph)
        schedule = self._fit_emitted_smem(loop, graph, ops, schedule, machine, solve)
        began, at, cpu, ii, by = firsts[-1]
        if at:
            again = f", after {len(firsts) - 1} re-solve(s) for shared memory" if len(firsts) > 1 else ""
            milestone(f"first schedule (II {ii}, {by}{again}; {at - began:.3f} s into the joint search)", (at, cpu))
        if schedule.ii is None or not schedule.cycles:
            if not schedule.complete:
                raise located_error(
                    loop,
                    f"joint-schedule: no joint schedule found in time, unsatisfiability not proven: {schedule.note}",
                )
            raise located_error(loop, f"joint-schedule: unsatisfiable: {schedule.note}")
        write_schedule(loop, ops, schedule)
        loop.attributes["twill.warp_options"] = WarpOptionsAttr(config.vl_warp, config.allow_cross_warp)
        # Never trusted: the independent checker re-verifies what was written.
        VerifySchedulePass().apply(ctx, op)

    @staticmethod
    def _fit_emitted_smem(
        loop: Any,
        graph: DependenceGraph,
        ops: dict[str, Any],
        schedule: Schedule,
        machine: Machine,
        solve: Callable[[DependenceGraph], Schedule],
    ) -> Schedule:
        """The model counts the rings of loaded tiles; the CUDA emitter also
        allocates rings for the register tiles crossing roles, staging
        buffers and hand-overs after the loop (`smem_plan`). While a
        schedule's whole allocation exceeds shared memory, solve again with
        that much less for the rings; a schedule returned always fits."""
        from twillc.transforms.smem_plan import BARRIERS, smem_excess

        why = ""
        for _ in range(4):
            if schedule.ii is None or not schedule.cycles or "smem" not in graph.memories:
                return schedule
            over, parts = smem_excess(loop, graph, ops, schedule, machine)
            ii = schedule.ii
            if over <= 0:
                return schedule
            cap = graph.memories["smem"] - over
            if cap <= 0:
                break
            graph = replace(graph, memories={**graph.memories, "smem": cap})
            schedule = solve(graph)
            if schedule.ii is None or not schedule.cycles:
                # The solver's reason names the reduced room, not the machine's.
                why = (
                    f"; with {cap} B left for the rings of loaded tiles, no schedule "
                    f"({'unsatisfiable' if schedule.complete else 'none found in time'}: {schedule.note})"
                )
                break
        what = ", ".join(f"{k} {v} B" for k, v in parts.items() if v)
        raise located_error(
            loop,
            f"joint-schedule: no schedule found whose shared memory fits: the CUDA kernel of the schedule at "
            f"II {ii} needs {over} B more than the {machine.smem} B of '{machine.name}' "
            f"({what}, {BARRIERS} B of barriers){why}",
        )


def capacity_refusal(
    module: ModuleOp, graph: DependenceGraph, ops: dict[str, Operation], config: WarpConfig, machine: Machine
) -> UserError | None:
    """The first value that alone keeps more registers per thread live than
    any warp group it may run on allows, or needs more of a memory than the
    loop may use (no II can help), as an error located at the expression that
    computes it: the expression as written, its type, the role and its
    budget, the part of it that would fit, and what twillc can do about it (a
    sub-tiling `sub-tile` accepts, a budget `setmaxnreg` and the register
    file allow), or that it can do nothing. None when every value fits."""
    for o in graph.ops:
        allowed = config.allowed_warps(o)
        ir = ops[o.id]
        if config.reg_limits and allowed and all(o.regs > config.limit(w) for w in allowed):
            w = max(allowed, key=config.limit)
            budget = config.limit(w)
            reserve = config.reg_reserve[w] if w < len(config.reg_reserve) else 0
            role = "the load warp group" if o.variable_latency else "a compute warp group"
            less = [f"the {config.reg_base} left to ptxas"] if config.reg_base else []
            less += [f"the {reserve} the register check holds back"] if reserve else []
            held = f" (its budget {config.reg_limits[w]} less {' and '.join(less)})" if less else ""
            groups = f"warp group{'s' if len(allowed) > 1 else ''} {', '.join(map(str, allowed))}"
            head = f"keeps {o.regs} registers per thread live; {role} ({groups}) holds at most {budget}{held}"
            remedies = [
                *_split_remedy(module, ir, o.regs, budget, machine, "registers"),
                _budget_remedy(o.regs, w, config, machine),
            ]
            return _refusal(ir, o.loc, head, remedies)
    # Memory: a value twillc can do nothing about first (splitting another
    # would not make the loop fit).
    over: list[tuple[bool, UserError]] = []
    for o in graph.ops:
        for mem, size in sorted(o.footprint.items()):
            room = graph.memories.get(mem, size)
            if size > room:
                head = (
                    f"needs {size} B of {mem} for one copy, more than the {room} B "
                    f"the loop's buffers may use on '{machine.name}'"
                )
                remedies = _split_remedy(module, ops[o.id], size, room, machine, "B")
                fixable = bool(remedies) and remedies[-1].startswith("variant-search")
                over.append((fixable, _refusal(ops[o.id], o.loc, head, remedies or ["no option of twillc splits it"])))
    return next((e for fixable, e in over if not fixable), over[0][1] if over else None)


def _refusal(ir: Operation, loc: str, head: str, remedies: list[str]) -> UserError:
    from twillc.dialects.tile_types import type_text
    from twillc.ir.expressions import source_expression

    expr = source_expression(ir)
    name = ir.results[0].name_hint
    what = f"{name} = {expr}" if name and name != expr else expr
    message = f"joint-schedule: unsatisfiable: '{what}' at {loc} ({type_text(ir.results[0].type)}) {head}"
    return located_error(ir, message + (": " + "; ".join(remedies) if remedies else ""))


def _split_remedy(module: ModuleOp, ir: Operation, amount: int, room: int, machine: Machine, unit: str) -> list[str]:
    """How many row parts of the value would fit, and whether sub-tile can cut them."""
    from twillc.transforms.sub_tile import analyze, chain_dim, kernel_func, split_refusal

    shape = ir.results[0].type.get_shape()  # type: ignore[attr-defined]
    rows = shape[0] if shape else 1
    parts = next((n for n in range(2, rows + 1) if rows % n == 0 and -(-amount // n) <= room), 0)
    if not parts:
        return []
    out = [
        f"its rows in {parts} parts ({[rows // parts, *shape[1:]]}) take {-(-amount // parts)} {unit} each, which fits"
    ]
    func = kernel_func(module)
    an = analyze(func)
    dim = chain_dim(func, an, "")
    if isinstance(dim, str) or not an.same((ir.results[0], 0), dim):
        out.append("but sub-tile's split (the rows of the largest mma) does not cut this value's rows")
        return out
    why = split_refusal(func, an, dim, parts, machine)
    out.append(
        f"sub-tile refuses {parts} parts ({why[1].removeprefix('sub-tile: ')})"
        if why
        else f"variant-search (the default pipeline) tries that split, as does sub-tile{{parts={parts}}}"
    )
    return out


def _budget_remedy(regs: int, w: int, config: WarpConfig, machine: Machine) -> str:
    """A register budget (setmaxnreg values) that holds `regs` on warp group `w`, or why none does."""
    step = machine.setmaxnreg_step
    need = -(-(regs + config.reg_limits[w] - config.limit(w)) // step) * step
    if need > min(machine.setmaxnreg_max, machine.max_regs_per_thread):
        left = f", {config.reg_base} of them left to ptxas" if config.reg_base else ""
        return f"no budget holds it: a thread has at most {machine.max_regs_per_thread} registers{left}"
    limits = list(config.reg_limits)
    limits[w] = need
    rest = machine.regs_per_thread_total - sum(limits)
    others = [v for v in range(len(limits)) if v not in (w, config.vl_warp)]
    if rest < 0 and others:  # the other compute groups give up what the raise takes
        deficit = -rest
        cut = -(-deficit // (len(others) * step)) * step
        if all(limits[v] - cut >= machine.setmaxnreg_min for v in others):
            for v in others:
                limits[v] -= cut
            rest = machine.regs_per_thread_total - sum(limits)
    if rest >= 0:
        return f"a budget that holds it: joint-schedule{{regs={','.join(map(str, limits))}}}"
    return (
        f"raising warp group {w} to {need} registers takes {-rest} more than the "
        f"{machine.regs_per_thread_total} per thread the warp groups share"
    )
