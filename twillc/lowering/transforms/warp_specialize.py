"""`warp-specialize`: the scheduled, expanded loop as code generation reads
it, one `twill.warp_specialize` op after the loop's `twill.pipeline`: the
loop's bounds, II and stage count; one `twill.role` per warp role with its
setmaxnreg budget and its copies of the pipeline's prologue / kernel /
epilogue (read from `twill.pipeline`); and the values that cross roles as
`twill.channel` rings in shared or tensor memory (full/empty mbarriers, slot
i mod depth, phase parity (i / depth) mod 2 for instance i).

Ring depths are decided here, once (`twillc.transforms.memory_plan.ring_depths`),
and the kernels use them as written:
- a value's buffer depth from `twill.pipeline` (its lifetime in IIs);
- one slot more for a value read an iteration later on another role (its
  sender may run one iteration ahead without waiting on the reader);
- on sm_90a, a loop of TMA loads feeding wgmma accumulators (the GEMM class)
  keeps one wgmma batch in flight and releases the slots read one iteration
  earlier: its loads share one ring of max(2, deepest buffer) + 1 slots;
- an MMA result crossing roles in tensor memory whose accumulator came over
  in tensor memory too (FA4's O, rescaled by another role) is written in
  place, in the accumulator's slot: its ring is as deep as that one.

Each channel's memory (`smem` or `tmem`, no ring in shared memory) is the
allocation rule's (`twillc.transforms.memory_plan`), which the CUDA
emitter and `joint-schedule` use too: on sm_100a, the rings of the MMA
results the cost model keeps in tensor memory, then the other [128, N] f32
register tiles while the 512 columns last.

Its last steps are `plan-memory` (twillc/lowering/transforms/plan_memory.py): the
memory plan the printer and the simulator read, written after it; and
`issue-order` (twillc/lowering/transforms/issue_order.py): the roles' turns
at the tensor core where the schedule makes them take turns."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from twillc.dialects import tile
from twillc.dialects.twill import ChannelOp, CopyOp, PipelineOp, RoleOp, WarpSpecializeOp
from twillc.lowering.transforms.expand import channels, program_from_ir
from twillc.lowering.transforms.issue_order import write_issue_order
from twillc.lowering.transforms.loop_boundary import outside_entries
from twillc.lowering.transforms.plan_memory import write_memory_plan
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule
from twillc.transforms.memory_plan import channel_memory, gemm_class, ring_depths


@dataclass(frozen=True)
class WarpSpecializePass(ModulePass):
    """One region per warp role; values crossing roles become channels."""

    name = "warp-specialize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        loop = find_loop(op)
        machine = module_machine(op)
        graph, ops = graph_from_loop(loop, machine, kernel_name(op))
        schedule = read_schedule(loop, ops)
        if schedule is None or schedule.ii is None or schedule.warps is None:
            raise located_error(loop, "warp-specialize: the loop has no warp assignment (run joint-schedule first)")
        pipeline = loop.next_op
        if not isinstance(pipeline, PipelineOp):
            raise located_error(loop, "warp-specialize reads the expanded loop: run pipeline-expand first")
        program = program_from_ir(pipeline)
        warps = schedule.warps
        roles = []
        for role in schedule.roles:
            phases = [
                [
                    CopyOp(c.op, c.stage, c.step, c.guarded, program.offsets[c.op])
                    for c in phase
                    if warps[c.op] == role.id
                ]
                for phase in program.phases
            ]
            if phases[1] or role.id == 0:  # warp group 0 is launched even with no op: it would issue the loads
                roles.append(RoleOp(role.role, role.id, role.regs, phases))
        # a number read from memory crosses no channel: each role reading it reads the element itself
        crossing = [c for c in channels(graph, schedule) if not isinstance(ops[c.value], tile.LoadScalarOp)]
        gemm = machine.target.gemm_release and gemm_class(loop)
        depths = ring_depths(graph, schedule, ops, program.depths, crossing, gemm)
        memory = channel_memory(loop, ops, warps, crossing, depths, machine.target)
        chans = [ChannelOp(c.value, c.producer, c.consumers, memory[c.value], depths[c.value]) for c in crossing]
        outside = outside_entries(loop, ops, warps)
        result = WarpSpecializeOp((loop.lb, loop.ub, loop.step), program.ii, program.stages, chans, roles, outside)
        after = pipeline.next_op
        if isinstance(after, WarpSpecializeOp):  # specialized before: the schedule may have changed
            Rewriter.replace_op(after, result)
        else:
            Rewriter.insert_op(result, InsertPoint.after(pipeline))
        write_memory_plan(op)  # the plan-memory step: what the kernel allocates where
        write_issue_order(op)  # the issue-order step: the roles' turns at the tensor core
