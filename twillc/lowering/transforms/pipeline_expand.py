"""`pipeline-expand`: the scheduled loop as prologue / steady-state kernel /
epilogue (`twillc.lowering.transforms.expand`), written as a `twill.pipeline` op right after
the loop: the buffer depth of every value from its lifetime, then each op
copy with its stage, the step of its phase, and whether it is guarded by
the trip count (so trip counts below the stage count run correctly)."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from twillc.dialects.twill import BufferOp, CopyOp, PipelineOp
from twillc.lowering.transforms.expand import expand_pipeline
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule


@dataclass(frozen=True)
class PipelineExpandPass(ModulePass):
    """Prologue, kernel and epilogue of the scheduled loop, with buffer depths."""

    name = "pipeline-expand"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        loop = find_loop(op)
        graph, ops = graph_from_loop(loop, module_machine(op), kernel_name(op))
        schedule = read_schedule(loop, ops)
        if schedule is None or schedule.ii is None:
            raise located_error(loop, "pipeline-expand: the loop has no modulo schedule (run a scheduling pass first)")
        program = expand_pipeline(graph, schedule)
        regions = [
            [BufferOp(value, depth) for value, depth in program.depths.items()],
            *(
                [CopyOp(c.op, c.stage, c.step, c.guarded, program.offsets[c.op]) for c in phase]
                for phase in program.phases
            ),
        ]
        pipeline = PipelineOp(program.ii, program.stages, regions)
        following = loop.next_op
        if isinstance(following, PipelineOp):  # expanded before: the schedule may have changed
            Rewriter.replace_op(following, pipeline)
        else:
            Rewriter.insert_op(pipeline, InsertPoint.after(loop))
