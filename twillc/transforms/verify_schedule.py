"""`verify-schedule`: re-check the loop's schedule (and warp assignment, when
there is one) with the independent checker. A violation is a bug in twillc,
never silently emitted: it stops the compilation as an internal error."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule


@dataclass(frozen=True)
class VerifySchedulePass(ModulePass):
    """Independent re-check of every constraint of the loop's schedule."""

    name = "verify-schedule"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.schedule_check import check_any
        from twillc.scheduling.checker import ScheduleVerificationError

        machine = module_machine(op)
        loop = find_loop(op)
        graph, ops = graph_from_loop(loop, machine, kernel_name(op))
        schedule = read_schedule(loop, ops)
        if schedule is None:
            raise located_error(loop, "verify-schedule: the loop has no schedule (run a scheduling pass first)")
        problems = check_any(graph, schedule, loop, machine)
        if problems:
            raise ScheduleVerificationError(
                f"schedule of '{graph.name}' fails the independent checker:\n  " + "\n  ".join(problems)
            )
