"""`verify-schedule`: re-check the loop's schedule (and warp assignment, when
there is one) with the independent checker, and for a loop split by
`mask-split` its unmasked part's schedule and that both parts keep every
shared op in one stage. A violation is a bug in twillc,
never silently emitted: it stops the compilation as an internal error."""

from __future__ import annotations

from dataclasses import dataclass, replace

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from twillc.dialects import tile
from twillc.dialects.twill import WarpOptionsAttr
from twillc.scheduling.checker import ScheduleVerificationError, check_schedule
from twillc.scheduling.checker_ws import check_joint
from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.target.machine import Machine
from twillc.transforms.common import located_error, machine_warp_config, module_machine, register_reserve
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule
from twillc.transforms.mask_split import one_pipeline_problems
from twillc.transforms.split_parts import unmasked_part


@dataclass(frozen=True)
class VerifySchedulePass(ModulePass):
    """Independent re-check of every constraint of the loop's schedule."""

    name = "verify-schedule"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        machine = module_machine(op)
        loop = find_loop(op)
        graph, ops = graph_from_loop(loop, machine, kernel_name(op))
        schedule = read_schedule(loop, ops)
        if schedule is None:
            raise located_error(loop, "verify-schedule: the loop has no schedule (run a scheduling pass first)")
        problems = check_any(graph, schedule, loop, machine)
        part = unmasked_part(op, machine, schedule.roles)
        if part is not None:  # a split loop: its unmasked iterations' schedule too, in the same pipeline
            u_graph, u = part
            problems += [f"unmasked part: {p}" for p in check_any(u_graph, u, loop, machine)]
            problems += one_pipeline_problems(graph, ops, schedule, u)
        if problems:
            raise ScheduleVerificationError(
                f"schedule of '{graph.name}' fails the independent checker:\n  " + "\n  ".join(problems)
            )


def check_any(graph: DependenceGraph, schedule: Schedule, loop: tile.ForOp, machine: Machine) -> list[str]:
    """Which independent check applies to a loop's schedule: the modulo
    checker, plus the warp-assignment checker once warp specialization ran."""
    if schedule.warps is None:
        return check_schedule(graph, schedule)
    options = loop.attributes.get("twill.warp_options")
    cross_warp, vl_warp = True, 0  # a loop without options: the joint-schedule defaults
    if isinstance(options, WarpOptionsAttr):
        cross_warp, vl_warp = bool(options.cross_warp.data), options.vl_warp.data
    regs = tuple(r.regs for r in sorted(schedule.roles, key=lambda r: r.id))
    reserve = register_reserve(loop)[: len(regs)]
    config = machine_warp_config(machine, len(schedule.roles), regs, cross_warp, vl_warp, reserve)
    # The registers the search leaves to ptxas (`Target.held_back_registers`) are its margin, not a
    # limit of the hardware: the checker holds a schedule to its budgets (less the check's reserve),
    # so a module scheduled before the margin, or by hand, still verifies.
    return check_joint(graph, schedule, replace(config, reg_base=0))
