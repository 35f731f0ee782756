"""`twill.memory_plan`: where the warp-specialized kernel keeps what it
allocates, as `plan-memory` decided it (twillc/lowering/transforms/plan_memory.py);
the CUDA printer and the simulator read it, neither decides it again.
Registered with the other ops in `twillc.dialects.twill`; it follows the loop's
`twill.warp_specialize`.

```mlir
twill.memory_plan release "last-use" tmem 512 mma 384 {
  twill.tmem "s" at 0 mma         // an MMA-written channel ring
  twill.tmem "p" at 384 ring      // a register tile's channel ring
  twill.tmem "o_next" at 256 in_place  // written in its accumulator's slots
  twill.tmem "cast" at 0 over     // P written over S's slot (tmem_alias)
  twill.tmem_pending "sub"        // kept in tensor memory, no columns left
  twill.tmem_acc "o" at 256       // a carried accumulator, the whole loop
  twill.tmem_scratch warp 2 at 128  // a role's other MMAs
  twill.staged "dv" operand "a^T" bytes 16384  // a wgmma operand staged in shared memory
  twill.smem_operand "cast" of "dv_3" "a^T"  // a channel ring in smem in the MMA's operand layout
}
```

Names are the loop's op ids (those of `twill.channel` and `twill.copy`):
a channel's value, the op yielding a carried accumulator, the MMA reading
a staged operand. `release` is the slot release policy of the loop's rings:
`last-use` (each slot released after its last read) or `deferred` (the
sm_90a GEMM class: the loads share one ring, each slot released one
iteration late, one wgmma batch in flight)."""

from __future__ import annotations

from xdsl.dialects.builtin import I64, IntegerAttr, StringAttr, i64
from xdsl.ir import Block, Operation, Region
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, region_def, traits_def
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import VerifyException

RELEASES = ("last-use", "deferred")
"""Slot release policies (module docstring)."""

TMEM_KINDS = ("mma", "ring", "in_place", "over")
"""A tensor-memory channel ring: written by its MMA, stored to by its role
(a register tile), written in place in its accumulator's slots, or written
over the first columns of another channel's slot (`over`: FA4's P over S,
`memory_plan.tmem_alias`: that channel's slot of the same iteration)."""

STAGED_OPERANDS = ("a^T", "b", "a8", "b8^T")
"""`memory_plan.StagedTile.operand`."""


@irdl_op_definition
class TmemOp(IRDLOperation):
    """A channel's ring in tensor memory from column `at`."""

    name = "twill.tmem"
    value = prop_def(StringAttr)
    at = prop_def(IntegerAttr[I64])
    kind = prop_def(StringAttr)
    assembly_format = "$value `at` $at $kind attr-dict"

    def __init__(self, value: str, at: int, kind: str) -> None:
        super().__init__(properties={"value": StringAttr(value), "at": IntegerAttr(at, i64), "kind": StringAttr(kind)})

    def verify_(self) -> None:
        if self.kind.data not in TMEM_KINDS:
            raise VerifyException(f"tmem '{self.value.data}': kind is one of {', '.join(TMEM_KINDS)}")
        if self.at.value.data < 0:
            raise VerifyException(f"tmem '{self.value.data}': column {self.at.value.data} < 0")


@irdl_op_definition
class TmemPendingOp(IRDLOperation):
    """A channel the cost model keeps in tensor memory that got no columns:
    its hand-over is not generated (a hole, or a located refusal)."""

    name = "twill.tmem_pending"
    value = prop_def(StringAttr)
    assembly_format = "$value attr-dict"

    def __init__(self, value: str) -> None:
        super().__init__(properties={"value": StringAttr(value)})


@irdl_op_definition
class TmemAccOp(IRDLOperation):
    """A carried accumulator (named by the op yielding it) kept in tensor
    memory from column `at` for the whole loop: its block argument, the
    yielded value and the loop's result."""

    name = "twill.tmem_acc"
    value = prop_def(StringAttr)
    at = prop_def(IntegerAttr[I64])
    assembly_format = "$value `at` $at attr-dict"

    def __init__(self, value: str, at: int) -> None:
        super().__init__(properties={"value": StringAttr(value), "at": IntegerAttr(at, i64)})


@irdl_op_definition
class TmemScratchOp(IRDLOperation):
    """The columns from `at` where a role's other tcgen05 MMAs accumulate."""

    name = "twill.tmem_scratch"
    warp = prop_def(IntegerAttr[I64])
    at = prop_def(IntegerAttr[I64])
    assembly_format = "`warp` $warp `at` $at attr-dict"

    def __init__(self, warp: int, at: int) -> None:
        super().__init__(properties={"warp": IntegerAttr(warp, i64), "at": IntegerAttr(at, i64)})


@irdl_op_definition
class StagedOp(IRDLOperation):
    """A tile the MMA `mma` reads (as `operand`) from a shared-memory buffer
    of `bytes` its role writes first (sm_90a's wgmma: `memory_plan.staged_tiles`;
    on sm_100a a transposed register A, `TmemPlan.staged`)."""

    name = "twill.staged"
    mma = prop_def(StringAttr)
    operand = prop_def(StringAttr)
    nbytes = prop_def(IntegerAttr[I64])
    assembly_format = "$mma `operand` $operand `bytes` $nbytes attr-dict"

    def __init__(self, mma: str, operand: str, nbytes: int) -> None:
        super().__init__(
            properties={"mma": StringAttr(mma), "operand": StringAttr(operand), "nbytes": IntegerAttr(nbytes, i64)}
        )

    def verify_(self) -> None:
        if self.operand.data not in STAGED_OPERANDS:
            raise VerifyException(f"staged '{self.mma.data}': operand is one of {', '.join(STAGED_OPERANDS)}")


SMEM_OPERANDS = ("a^T",)
"""`SmemOperandOp.operand`: an MN-major A (a transposed register A)."""


@irdl_op_definition
class SmemOperandOp(IRDLOperation):
    """On sm_100a, channel `value`'s ring is in shared memory in the operand
    layout of the MMA `mma`, which reads it there as `operand` (`a^T`: the
    MN-major A of an SS tcgen05.mma, 128B-swizzled boxes of 64 columns; a TS
    MMA's A in tensor memory cannot be transposed: `memory_plan.a_transposed`)."""

    name = "twill.smem_operand"
    value = prop_def(StringAttr)
    mma = prop_def(StringAttr)
    operand = prop_def(StringAttr)
    assembly_format = "$value `of` $mma $operand attr-dict"

    def __init__(self, value: str, mma: str, operand: str) -> None:
        super().__init__(
            properties={"value": StringAttr(value), "mma": StringAttr(mma), "operand": StringAttr(operand)}
        )

    def verify_(self) -> None:
        if self.operand.data not in SMEM_OPERANDS:
            raise VerifyException(f"smem_operand '{self.value.data}': operand is one of {', '.join(SMEM_OPERANDS)}")


MEMORY_ENTRIES = (TmemOp, TmemPendingOp, TmemAccOp, TmemScratchOp, StagedOp, SmemOperandOp)


@irdl_op_definition
class MemoryPlanOp(IRDLOperation):
    """The memory plan of the warp-specialized loop before it (module docstring)."""

    name = "twill.memory_plan"
    release = prop_def(StringAttr)
    tmem = prop_def(IntegerAttr[I64])
    mma = prop_def(IntegerAttr[I64])
    entries = region_def()
    assembly_format = "`release` $release `tmem` $tmem `mma` $mma $entries attr-dict"
    traits = traits_def(NoTerminator())

    def __init__(self, release: str, tmem_columns: int, mma_columns: int, entries: list[Operation]) -> None:
        super().__init__(
            properties={
                "release": StringAttr(release),
                "tmem": IntegerAttr(tmem_columns, i64),
                "mma": IntegerAttr(mma_columns, i64),
            },
            regions=[Region(Block(entries)) if entries else Region()],
        )

    def entry_ops(self) -> list[Operation]:
        return [op for block in self.entries.blocks for op in block.ops]

    def verify_(self) -> None:
        if self.release.data not in RELEASES:
            raise VerifyException(f"memory_plan: release is one of {', '.join(RELEASES)}, not '{self.release.data}'")
        if len(self.entries.blocks) > 1:
            raise VerifyException("memory_plan holds at most one block")
        for op in self.entry_ops():
            if not isinstance(op, MEMORY_ENTRIES):
                raise VerifyException(f"memory_plan holds only tmem and staged entries, found '{op.name}'")
