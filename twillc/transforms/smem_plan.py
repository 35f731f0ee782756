"""The shared memory the CUDA emitter allocates for a joint schedule, by
kind, from the scheduled loop alone (no emitter import): what the joint
scheduler must fit besides the rings of loaded tiles its model counts.

The rings' depths, which channels are in tensor memory and the byte count
per kind are the allocation rule of `twillc.transforms.memory_plan`, which
`warp-specialize` and the CUDA emitter use too; only the values handed over
after the loop (`loop_handoff`, the rule `warp-specialize` follows) and the
sm_90a staging buffers of wgmma operands (`memory_plan.staged_tiles`) are read
here from the loop.
"""

from __future__ import annotations

from xdsl.ir import Operation

from twillc.dialects import tile
from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.scheduling.lifetimes import buffer_depths, channels
from twillc.target.machine import Machine
from twillc.transforms.loop_handoff import after_loop
from twillc.transforms.memory_plan import (
    BARRIERS,
    TmemPlan,
    gemm_class,
    loop_ops,
    plan_tmem,
    ring_depths,
    smem_parts,
    staged_tiles,
)


def _emitted(
    loop: tile.ForOp, graph: DependenceGraph, ops: dict[str, Operation], schedule: Schedule, machine: Machine
) -> tuple[dict[str, int], dict, TmemPlan]:
    """The rings' depths, the register channels (value -> (depth, memory))
    and the tensor-memory plan the emitter makes of `schedule`."""
    crossing = channels(graph, schedule) if schedule.warps is not None else ()
    gemm = machine.target.gemm_release and gemm_class(loop)
    depths = ring_depths(graph, schedule, ops, buffer_depths(graph, schedule), crossing, gemm)
    warps = schedule.warps or {}
    ids = {id(op): k for k, op in ops.items()}
    memory = {c.value: c.memory for c in crossing}
    chans = {
        op.results[0]: (depths[ids[id(op)]], memory[ids[id(op)]])
        for op in loop_ops(loop)
        if ids.get(id(op)) in memory and not isinstance(op, tile.LoadOp)
    }
    return depths, chans, plan_tmem(loop, chans, lambda op: warps[ids[id(op)]], machine.target)


def emitted_tmem(
    loop: tile.ForOp, graph: DependenceGraph, ops: dict[str, Operation], schedule: Schedule, machine: Machine
) -> TmemPlan:
    """The tensor-memory plan the emitter makes of `schedule` (`plan_tmem`)."""
    return _emitted(loop, graph, ops, schedule, machine)[2]


def tmem_refusal(
    loop: tile.ForOp, graph: DependenceGraph, ops: dict[str, Operation], schedule: Schedule, machine: Machine
) -> str:
    """Why the CUDA emitter would refuse `schedule`'s tensor-memory plan
    (`memory_plan.plan_tmem`: the MMAs' columns over the machine's, or a
    tile that must stay in tensor memory crossing roles with no columns
    left), "" when it takes it. The joint search's models count the same
    columns (`lifetimes.tmem_columns`); this is the allocation itself."""
    if not (machine.target.emits_cuda and machine.target.has_tensor_memory) or schedule.warps is None:
        return ""
    plan = emitted_tmem(loop, graph, ops, schedule, machine)
    cap = machine.target.tmem_columns
    if plan.mma_columns > cap:
        return f"its MMAs need {plan.mma_columns} of the {cap} tensor-memory columns"
    if plan.pending:
        names = {id(op): k for k, op in ops.items()}
        left = ", ".join(sorted(names.get(id(v.owner), "?") for v in plan.pending))
        return f"{left} (kept in tensor memory, crossing roles) get no tensor-memory columns ({plan.columns} of {cap})"
    return ""


def emitted_smem(
    loop: tile.ForOp, graph: DependenceGraph, ops: dict[str, Operation], schedule: Schedule, machine: Machine
) -> dict[str, int]:
    """Bytes per kind of what the emitter allocates in shared memory."""
    depths, chans, plan = _emitted(loop, graph, ops, schedule, machine)
    block = loop.parent_block()
    outside = [op for op in (block.ops if block is not None else ()) if op is not loop]
    warps = schedule.warps or {}
    ids = {id(op): k for k, op in ops.items()}
    loads = [op for op in ops.values() if isinstance(op, tile.LoadOp)]
    return smem_parts(
        [(op.result.type, depths[ids[id(op)]]) for op in loads],
        [op.result.type for op in outside if isinstance(op, tile.LoadOp)],
        [(v.type, d) for v, (d, _) in chans.items() if not plan.in_tmem(v)],
        _after_loop_channels(loop, ops, warps),
        [t.nbytes for t in staged_tiles(loop_ops(loop), machine.target) + plan.staged],
        machine.target,
    )


def _after_loop_channels(loop: tile.ForOp, ops: dict[str, Operation], warps: dict[str, int]) -> list[tile.TileType]:
    """The types of the register tiles an op after the loop reads from
    another role than the one holding them (`loop_handoff.after_loop`, the
    rule `warp-specialize` writes as `twill.handoff`)."""
    handoffs = after_loop(loop, ops, warps).handoffs
    return [v.type for v in handoffs if isinstance(v.type, tile.TileType)]


def smem_excess(
    loop: tile.ForOp, graph: DependenceGraph, ops: dict[str, Operation], schedule: Schedule, machine: Machine
) -> tuple[int, dict[str, int]]:
    """Bytes by which what the emitter allocates for `schedule` exceeds the
    block's shared memory (<= 0: it fits), and the parts."""
    if not machine.target.emits_cuda:
        return 0, {}
    parts = emitted_smem(loop, graph, ops, schedule, machine)
    return sum(parts.values()) + BARRIERS - machine.smem, parts
