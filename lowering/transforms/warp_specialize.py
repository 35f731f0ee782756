"""`warp-specialize`: the joint schedule's warp assignment as one region per
warp role (its ops in steady-state issue order, its setmaxnreg budget) and
the values that cross roles as channels: rings in shared or tensor memory
with full/empty mbarriers, slot i mod depth and phase parity (i / depth)
mod 2 for instance i, depths from the values' lifetimes. Written as a
`twill.warp_specialize` op after the loop (after `twill.pipeline` if any)."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from dialects.twill import ChannelOp, CopyOp, PipelineOp, RoleOp, WarpSpecializeOp
from lowering.transforms.expand import channels, expand_pipeline
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule


@dataclass(frozen=True)
class WarpSpecializePass(ModulePass):
    """One region per warp role; values crossing roles become channels."""

    name = "warp-specialize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        loop = find_loop(op)
        graph, ops = graph_from_loop(loop, module_machine(op), kernel_name(op))
        schedule = read_schedule(loop, ops)
        if schedule is None or schedule.ii is None or schedule.warps is None:
            raise located_error(loop, "warp-specialize: the loop has no warp assignment (run joint-schedule first)")
        program = expand_pipeline(graph, schedule)
        roles = []
        for role in schedule.roles:
            mine = [c for c in program.kernel if schedule.warps[c.op] == role.id]
            if mine:
                roles.append(RoleOp(role.role, role.id, role.regs, [CopyOp(c.op, c.stage, 0, False) for c in mine]))
        chans = [ChannelOp(c.value, c.producer, c.consumers, c.memory, c.depth) for c in channels(graph, schedule)]
        result = WarpSpecializeOp(chans, roles)
        after = loop.next_op
        if isinstance(after, PipelineOp):
            after = after.next_op
        if isinstance(after, WarpSpecializeOp):  # specialized before: the schedule may have changed
            Rewriter.replace_op(after, result)
        else:
            anchor = loop.next_op if isinstance(loop.next_op, PipelineOp) else loop
            Rewriter.insert_op(result, InsertPoint.after(anchor))
