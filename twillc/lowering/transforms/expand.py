"""A modulo schedule as straight code: prologue, steady-state kernel and
epilogue, correct for every trip count T (Rau's kernel-only form, unrolled
at both ends).

With S stages, step s of the pipelined loop runs every op of stage σ for
iteration s - σ, when 0 <= s - σ < T; steps run 0 .. T + S - 2, each one II.
- prologue: steps 0 .. S-2, an op copy (σ <= s) guarded by s - σ < T;
- kernel: steps S-1 .. T-1 (T - S + 1 trips, none when T < S), every copy
  unguarded, op σ running iteration k + S - 1 - σ on trip k;
- epilogue: steps T' .. T' + S - 2 with T' = max(T, S - 1), at step e the
  copies of stages σ > e (the others would run iteration >= T), guarded by
  T' + e - σ < T.
Copies within a step go in issue order: cycle mod II, then at one residue
the older iteration first (higher stage: a value's last reader before the
next iteration's op that defines another, as the register count
`lifetimes.register_peaks` has it, a value dead at its last reader's
issue), then program order; a residue where an older copy reads what a
newer one defines keeps program order (the definer first: that value has
two live instances, the newer handed over after the older's read).

Buffer depths and channels: `twillc.scheduling.lifetimes`.
"""

from __future__ import annotations

from dataclasses import dataclass

from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.scheduling.lifetimes import Channel, buffer_depths, channels

__all__ = ["Channel", "buffer_depths", "channels"]  # for the lowering passes and tests


@dataclass(frozen=True)
class Copy:
    op: str
    stage: int
    step: int  # within its phase: prologue/epilogue step, or 0 in the kernel
    guarded: bool  # runs only when its iteration is below the trip count


@dataclass(frozen=True)
class PipelineProgram:
    ii: int
    stages: int
    prologue: tuple[Copy, ...]
    kernel: tuple[Copy, ...]
    epilogue: tuple[Copy, ...]
    offsets: dict[str, int]  # op -> issue cycle within its step (cycle mod II)
    depths: dict[str, int]  # value (producer op) -> buffer slots

    @property
    def phases(self) -> tuple[tuple[Copy, ...], ...]:
        return self.prologue, self.kernel, self.epilogue


def expand_pipeline(graph: DependenceGraph, schedule: Schedule) -> PipelineProgram:
    if schedule.ii is None:
        raise ValueError("an acyclic schedule has no pipeline")
    ii, stages = schedule.ii, schedule.stages
    order = {o.id: k for k, o in enumerate(graph.ops)}
    stage = {o.id: schedule.cycles[o.id] // ii for o in graph.ops}
    residue = {o.id: schedule.cycles[o.id] % ii for o in graph.ops}
    # residues where an older copy reads a value a newer copy there defines: program order
    kept = {residue[e.dst] for e in graph.edges if residue[e.src] == residue[e.dst] and stage[e.src] < stage[e.dst]}
    by_issue = sorted(
        graph.ops, key=lambda o: (residue[o.id], 0 if residue[o.id] in kept else -stage[o.id], order[o.id])
    )
    prologue = tuple(Copy(o.id, stage[o.id], s, True) for s in range(stages - 1) for o in by_issue if stage[o.id] <= s)
    kernel = tuple(Copy(o.id, stage[o.id], 0, False) for o in by_issue)
    # Epilogue step e runs iteration T' + e - σ >= T for σ <= e: only σ > e can run.
    epilogue = tuple(Copy(o.id, stage[o.id], e, True) for e in range(stages - 1) for o in by_issue if stage[o.id] > e)
    offsets = {o.id: schedule.cycles[o.id] % ii for o in graph.ops}
    return PipelineProgram(ii, stages, prologue, kernel, epilogue, offsets, buffer_depths(graph, schedule))


@dataclass(frozen=True)
class Event:
    op: str
    iteration: int
    time: int  # issue cycle


def replay(program: PipelineProgram, trip_count: int) -> list[Event]:
    """Run the expanded program for `trip_count` iterations: the op copies
    it executes, in execution order, each at its issue cycle."""
    ii, stages, t = program.ii, program.stages, trip_count
    events: list[Event] = []

    def run(copy: Copy, step: int, iteration: int) -> None:
        if copy.guarded and not 0 <= iteration < t:
            return
        events.append(Event(copy.op, iteration, step * ii + program.offsets[copy.op]))

    for c in program.prologue:
        run(c, c.step, c.step - c.stage)
    for k in range(max(0, t - stages + 1)):
        for c in program.kernel:
            run(c, stages - 1 + k, k + stages - 1 - c.stage)
    first = max(t, stages - 1)
    for c in program.epilogue:
        run(c, first + c.step, first + c.step - c.stage)
    return events


def program_from_ir(pipeline) -> PipelineProgram:  # pipeline: twillc.dialects.twill.PipelineOp
    """The expanded program as `pipeline-expand` wrote it in the IR (its
    buffers and copies, each with its offset in its step): what the replay
    interpreter runs to check the IR itself."""
    from twillc.dialects.twill import BufferOp, CopyOp, region_ops

    def copies(region) -> tuple[Copy, ...]:
        return tuple(
            Copy(op.op.data, op.stage.value.data, op.step.value.data, op.guarded is not None)
            for op in region_ops(region)
            if isinstance(op, CopyOp)
        )

    depths = {op.value.data: op.depth.value.data for op in region_ops(pipeline.buffers) if isinstance(op, BufferOp)}
    return PipelineProgram(
        ii=pipeline.ii.value.data,
        stages=pipeline.stages.value.data,
        prologue=copies(pipeline.prologue),
        kernel=copies(pipeline.kernel),
        epilogue=copies(pipeline.epilogue),
        offsets={op.op.data: op.at.value.data for op in region_ops(pipeline.kernel) if isinstance(op, CopyOp)},
        depths=depths,
    )
