"""One lowering per op: the CUDA lowering of each `tile` op a role computes,
by op class and target, which the general emitter dispatches through
(`TileMath._op`). A lowering returns the op's lines, or None where the form
is not generated: a located "not generated" error on targets that refuse
holes (`Target.refuses_holes`, sm_90a), a TWILLC-HOLE elsewhere.

This is a layer over the emitter's methods (`twillc.lowering.cuda.skeleton._Emitter`:
`_wgmma`, `_umma`, `_store`, `_math`, ...), which still print C++ lines;
the ops the emitter places elsewhere than in a role's program (the loads
its producer issues, the loop, the index values) are listed in `ELSEWHERE`
with the method that does. Adding an op to the language is a checklist
(tests/test_lowering_registry.py): a reference-interpreter rule
(twillc/lowering/simulate/reference.py), a cost rule
(twillc/transforms/annotate_costs.py), and a lowering here on each target."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.ir import Operation

from twillc.dialects import tile
from twillc.dialects.tile_masks import CmpOp, IotaOp, LogicOp, SelectOp
from twillc.target.arch import Sm90a, Sm100a, Target

Lowering = Callable[[Any, Operation], "list[str] | None"]
"""(the emitter, the op) -> the op's lines in its role, or None (not generated)."""

LOWERINGS: dict[type[Target], dict[type[Operation], Lowering]] = {Sm90a: {}, Sm100a: {}}
"""Target class -> op class -> its lowering (a subclass of a registered op
class, `tile.ExpOp` of `tile.UnaryOp`, takes its lowering)."""

ELSEWHERE: dict[type[Operation], tuple[str, str]] = {
    tile.LoadOp: ("_producer", "issued by the producer role into its ring (TMA), not computed by a role"),
    tile.ForOp: ("_consumer", "the loop itself: each role's software pipeline of its copies"),
    tile.YieldOp: ("_events", "the hand-off of carried values to the next iteration"),
    tile.BlockIdOp: (
        "_emit",
        "the CTA index `bid` (`bid_y`, `bid_z` along the grid's y, z axes), an index expression "
        "(twillc.lowering.cuda.index_expr)",
    ),
    tile.SizeOp: ("_emit", "a kernel argument, an index expression (twillc.lowering.cuda.index_expr)"),
}
"""Op classes the emitter lowers outside a role's op dispatch: the method
that does, and how."""

KERNEL_FORMS: dict[type[Operation], str] = {
    tile.PersistentOp: (
        "the tile loop of a persistent kernel: the persistent GEMM printers' outer loop over tiles "
        "(twillc.lowering.cuda.sm90, twillc.lowering.cuda.tcgen05_persistent); a located refusal elsewhere"
    ),
}
"""Op classes that are a whole kernel's form, not an op of a role: the
printers that generate them (tests/test_persistent.py checks them; the
checklist kernel cannot use them beside every other op)."""


def lowers(targets: tuple[type[Target], ...], *ops: type[Operation]) -> Callable[[Lowering], Lowering]:
    """Register the decorated function as the lowering of `ops` on `targets`."""

    def register(fn: Lowering) -> Lowering:
        for t in targets:
            for op in ops:
                if op in LOWERINGS[t]:
                    raise ValueError(f"{op.__name__} has two lowerings on {t.__name__}")
                LOWERINGS[t][op] = fn
        return fn

    return register


def lowering_of(target: Target, op: type[Operation]) -> Lowering | None:
    """The lowering of op class `op` on `target` (through its base classes), or None."""
    table = LOWERINGS.get(type(target), {})
    return next((table[c] for c in op.__mro__ if c in table), None)


BOTH = (Sm90a, Sm100a)


@lowers((Sm90a,), tile.MmaOp)
def _wgmma(e: Any, op: tile.MmaOp) -> list[str] | None:
    """wgmma: both operands from shared memory, else a register A (P V),
    a transposed or staged operand (`TileMath._math`)."""
    if e._in_smem(op.lhs) and e._in_smem(op.rhs) and not op.transpose_lhs:
        return e._wgmma(op)
    return e._math(op)


@lowers((Sm100a,), tile.MmaOp)
def _tcgen05(e: Any, op: tile.MmaOp) -> list[str] | None:
    """tcgen05.mma from shared memory into tensor memory (`umma_shape`), or
    with A in tensor memory (FA4's P V, the TS form: `Tcgen05Ops._umma_ts`)."""
    if e._umma_shape(op) is not None:
        return e._umma(op)
    if id(op) in e.ts_mmas:
        return e._umma_ts(op)
    return e._math(op)


@lowers(BOTH, tile.StoreOp, tile.StoreAddOp)
def _store(e: Any, op: tile.StoreOp | tile.StoreAddOp) -> list[str] | None:
    """A store in the loop (TMA, or `red.global.add` for `store +=`)."""
    return e._store(op, "      ", e.iv)


@lowers(BOTH, tile.LoadScalarOp)
def _load_scalar(e: Any, op: tile.LoadScalarOp) -> list[str] | None:
    """Nothing where it is scheduled: each reader reads the element where it
    uses it (`twillc.lowering.cuda.scalars`)."""
    return [f"      // {e.name(op.result)}: one element of {e.args[op.tensor]}, read where it is used"]


@lowers(BOTH, tile.StoreScalarOp)
def _store_scalar(e: Any, op: tile.StoreScalarOp) -> list[str] | None:
    """One number stored by the role's first thread."""
    from twillc.lowering.cuda.index_expr import c_index
    from twillc.lowering.cuda.scalars import element_offset

    at = element_offset(op, lambda i: c_index(i, e.iv, e.iteration))
    tensor = e.args[op.tensor]
    return [f"      if (threadIdx.x % 128 == 0) {tensor}[{at}] = {e._scalar(op.value)};"]


@lowers(BOTH, tile.AllReductionOp)
def _all_reduce(e: Any, op: tile.AllReductionOp) -> list[str] | None:
    """A tile to one number: its threads' partials combined across the warp
    group (`TileMath._all_reduce`), before the loop or, in it, on the role
    computing the loop's carried numbers (`scalars.number_role`)."""
    return e._all_reduce(op)


TILE_MATH = (
    tile.UnaryOp,
    tile.BinaryOp,
    tile.ReductionOp,
    tile.ColumnReductionOp,
    tile.ExpandDimsOp,
    tile.CastOp,
    tile.InterleaveOp,
    tile.ZerosOp,
    tile.FullOp,
    IotaOp,
    CmpOp,
    LogicOp,
    SelectOp,
)


@lowers((Sm90a,), *TILE_MATH)
def _tile_math(e: Any, op: Operation) -> list[str] | None:
    """Element-wise math, reductions, casts, constants and masks in the
    target's register layout (`TileMath._math`)."""
    return e._math(op)


@lowers((Sm100a,), *TILE_MATH)
def _tile_math_tmem(e: Any, op: Operation) -> list[str] | None:
    """The same in the tensor-memory row layout; an op reading a tile in
    tensor memory streams it in column chunks (`Tcgen05Ops._tmem_math`), a
    cast only stored to tensor memory is converted as it is stored (FA4's P,
    `Tcgen05Ops._cast_sent`)."""
    streamed = e._tmem_math(op)
    if streamed is not None:
        return streamed
    if op.results and e._cast_sent(op.results[0]):
        what = f"{e.out(op.results[0])} = cast({e.name(op.operands[0])})"
        return [f"      // {what}: converted as it is stored to its slot"]
    return e._math(op)
