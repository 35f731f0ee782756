"""Regions of a Triton kernel that are not a `scf.for` the importer
(`twillc.frontend.ttgir`) schedules as they are.

A kernel with no loop (one tile per program: an element-wise SwiGLU, a
row-wise norm over a row that fits one block) is a straight-line region: a
loop that runs once. `one_trip_region` wraps the function's body in such a
loop (`OneTripRegion`: trip count 1, no carried values), which the importer
reads like any `scf.for`, so that the region is scheduled and generated like
a loop of one trip (its loads, math and stores overlapped within the one
iteration). The module still names the function as its Triton op
(`twill.ttgir_loop`): the write-back (`-o k.ttgir`) has no software pipeline
to drive there and says so."""

from __future__ import annotations

from dataclasses import dataclass

from twillc.frontend.triton_module import TBlock, TOp

ONE_TRIP_IV = -1
"""The value id of a one-trip region's induction variable (no Triton value has it)."""


@dataclass(eq=False)
class OneTripRegion(TOp):
    """A function body as a loop of one trip: `operands` are empty (no lower
    bound, upper bound or step to import: the trip count is 1)."""


def one_trip_region(func_op: TOp) -> OneTripRegion:
    """The body of `func_op` (a `tt.func`) as a loop of one trip: its ops in
    order, its `tt.return` as the loop's yield of nothing."""
    block = func_op.blocks[0]
    ops = [op for op in block.ops if op.name != "tt.return"]
    ret = next((op for op in block.ops if op.name == "tt.return"), func_op)
    yield_op = TOp(
        index=ret.index,
        name="scf.yield",
        operands=[],
        results=[],
        result_types=[],
        handle=ret.handle,
        parent=ret.parent,
        loc=ret.loc,
        text_pos=ret.text_pos,
    )
    region = OneTripRegion(
        index=func_op.index,
        name="scf.for",
        operands=[],
        results=[],
        result_types=[],
        handle=func_op.handle,
        blocks=[TBlock(args=[ONE_TRIP_IV], arg_types=["index"], ops=[*ops, yield_op])],
        parent=func_op,
        loc=func_op.loc,
        text_pos=func_op.text_pos,
    )
    return region


def store_region(stores: list[TOp], block_op: TOp) -> OneTripRegion:
    """Stores a guarded block of the kernel makes outside its loops, as a
    loop of one trip (`block_op`: the op whose block holds them, for the
    region's location); the ops they read are imported before it, on demand."""
    first = stores[0]
    yield_op = TOp(
        index=stores[-1].index,
        name="scf.yield",
        operands=[],
        results=[],
        result_types=[],
        handle=stores[-1].handle,
        parent=block_op,
        loc=stores[-1].loc,
        text_pos=stores[-1].text_pos,
    )
    return OneTripRegion(
        index=first.index,
        name="scf.for",
        operands=[],
        results=[],
        result_types=[],
        handle=first.handle,
        blocks=[TBlock(args=[ONE_TRIP_IV], arg_types=["index"], ops=[*stores, yield_op])],
        parent=block_op,
        loc=first.loc,
        text_pos=first.text_pos,
    )
