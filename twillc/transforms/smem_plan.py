"""The shared memory the CUDA emitter allocates for a joint schedule, by
kind, from the scheduled loop alone (no emitter import): what the joint
scheduler must fit besides the rings of loaded tiles its model counts.

The emitter (`lowering/cuda/skeleton.py`, `_Emitter._emit`) allocates: a ring
per loaded tile (1 KB-rounded slots, `buffer_depths` deep), a buffer per
tile loaded before or after the loop, a ring per register tile read on
another role (its `buffer_depths`, one slot more when read an iteration
later there), on sm_90a a staging buffer per register tile a transposed
wgmma reads, the values handed between roles after the loop, and 2 KB of
barriers. The tiles the cost model keeps in tensor memory, and on sm_100a
the [128, N] f32 tiles crossing roles, go through tensor memory instead,
and are not counted here.
"""

from __future__ import annotations

from math import prod

from xdsl.dialects.builtin import Float32Type
from xdsl.ir import Operation

from dialects import tile
from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.scheduling.lifetimes import buffer_depths, channels
from twillc.target.machine import Machine

BARRIERS = 2048
"""Bytes the emitter keeps for mbarriers (its refusal threshold)."""


def _nbytes(t: tile.TileType) -> int:
    from twillc.transforms.annotate_costs import element_bytes

    return prod(t.get_shape()) * element_bytes(t.element_type)


def _round1k(n: int) -> int:
    return (n + 1023) // 1024 * 1024


def emitted_smem(
    loop: tile.ForOp, graph: DependenceGraph, ops: dict[str, Operation], schedule: Schedule, machine: Machine
) -> dict[str, int]:
    """Bytes per kind of what the emitter allocates in shared memory."""
    depths = buffer_depths(graph, schedule)
    block = loop.parent_block()
    outside = [op for op in (block.ops if block is not None else ()) if op is not loop]
    parts = {
        "rings of loaded tiles": sum(
            _round1k(_nbytes(op.result.type)) * depths[k]  # type: ignore[arg-type]
            for k, op in ops.items()
            if isinstance(op, tile.LoadOp)
        ),
        "tiles loaded before or after the loop": sum(
            _round1k(_nbytes(op.result.type))  # type: ignore[arg-type]
            for op in outside
            if isinstance(op, tile.LoadOp)
        ),
    }
    warps = schedule.warps or {}
    later = {e.src for e in graph.edges if e.distance > 0 and warps.get(e.src) != warps.get(e.dst)}
    chans = 0
    for ch in channels(graph, schedule) if schedule.warps is not None else ():
        op = ops[ch.value]
        if isinstance(op, tile.LoadOp) or not op.results or not isinstance(op.results[0].type, tile.TileType):
            continue
        t = op.results[0].type
        shape = t.get_shape()
        if ch.memory == "tmem" or (
            machine.arch == "sm_100a"
            and len(shape) == 2
            and shape[0] == 128
            and isinstance(t.element_type, Float32Type)
        ):
            continue  # through tensor memory
        chans += _nbytes(t) * (ch.depth + (ch.value in later))
    parts["register-tile channels"] = chans
    staged = {
        op.lhs
        for op in ops.values()
        if machine.arch == "sm_90a"
        and isinstance(op, tile.MmaOp)
        and op.transpose_lhs
        and not isinstance(op.lhs.owner, tile.LoadOp)
    }
    parts["staged tiles"] = sum(x.type.get_shape()[1] // 64 * 8192 for x in staged)  # type: ignore[attr-defined]
    parts["channels after the loop"] = _after_loop_channels(loop, ops, warps)
    return parts


def _after_loop_channels(loop: tile.ForOp, ops: dict[str, Operation], warps: dict[str, int]) -> int:
    """Bytes of the values the ops after the loop read on another role than
    the one holding them (the emitter's `_assign_post`: a loop result is held
    by the role yielding it, an op runs on the holder of its first held
    operand)."""
    op_id = {id(op): k for k, op in ops.items()}
    yielded = list(loop.body.block.last_op.operands)  # type: ignore[union-attr]
    holder = {
        r: warps[op_id[id(y.owner)]]
        for r, y in zip(loop.res, yielded, strict=True)
        if isinstance(y.owner, Operation) and id(y.owner) in op_id and op_id[id(y.owner)] in warps
    }
    block = loop.parent_block()
    ops_after = list(block.ops)[list(block.ops).index(loop) + 1 :] if block is not None else []
    crossing = {}
    for op in ops_after:
        held = [holder[v] for v in op.operands if v in holder]
        if not held:
            continue
        for v in op.operands:
            if v in holder and holder[v] != held[0] and isinstance(v.type, tile.TileType):
                crossing[v] = _nbytes(v.type)
        for r in op.results:
            holder[r] = held[0]
    return sum(crossing.values())


def smem_excess(
    loop: tile.ForOp, graph: DependenceGraph, ops: dict[str, Operation], schedule: Schedule, machine: Machine
) -> tuple[int, dict[str, int]]:
    """Bytes by which what the emitter allocates for `schedule` exceeds the
    block's shared memory (<= 0: it fits), and the parts."""
    if machine.arch not in ("sm_90a", "sm_100a"):
        return 0, {}
    parts = emitted_smem(loop, graph, ops, schedule, machine)
    return sum(parts.values()) + BARRIERS - machine.smem, parts
