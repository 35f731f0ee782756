"""The `twill` dialect: schedule attributes written by twillc's passes.

Schedules live in attributes so every later pass works from the IR alone
(docs/architecture.md, "IR conventions"):

- on each op: `twill.cost = #twill.cost<...>` (from `annotate-costs`, then
  `cost-normalize`), `twill.cycle`, `twill.stage`, `twill.warp` (i32), and
  Triton's `loop.stage` / `loop.cluster` so Triton users read them as usual;
- on the loop: `twill.schedule = #twill.schedule<...>` and, after warp
  specialization, `twill.warps = [#twill.warp<...>, ...]`.

```mlir
%s = tile.mma %q, %k {transpose_rhs,
    twill.cost = #twill.cost<unit = tc, cycles = 1024, latency = 1024, regs = 128, smem = 0, tmem = 0>,
    twill.cycle = 0 : i32, twill.stage = 0 : i32, twill.warp = 1 : i32} : ...
tile.for ... attributes {twill.schedule = #twill.schedule<ii = 2, length = 4, stages = 2,
    lower_bound = 2, status = optimal>}
```
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I64, DenseArrayBase, IndexType, IntegerAttr, StringAttr, UnitAttr, i64
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
)
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import VerifyException

from twillc.dialects.twill_attrs import (  # noqa: F401  (re-exported: the dialect's attributes)
    STATUSES,
    CostAttr,
    KeyValueAttr,
    ScheduleAttr,
    SearchAttr,
    VariantAttr,
    WarpAttr,
    WarpOptionsAttr,
)
from twillc.dialects.twill_memory import (
    MemoryPlanOp,
    SmemOperandOp,
    StagedOp,
    TmemAccOp,
    TmemOp,
    TmemPendingOp,
    TmemScratchOp,
)
from twillc.dialects.twill_outside import OUTSIDE_OPS, HandoffOp, LiveInOp, LiveOutOp, PostOp, verify_outside
from twillc.dialects.twill_split import MaskSplitOp
from twillc.dialects.twill_turns import IssueOrderOp, TurnOp

# ---------------------------------------------------------------------------
# The expanded pipeline (`pipeline-expand`)


@irdl_op_definition
class CopyOp(IRDLOperation):
    """One copy of a loop op in the expanded pipeline: the op (by its id in
    the schedule), its stage, the step of its phase it runs in, whether it is
    guarded (runs only when its iteration is below the trip count), and its
    issue cycle within the step (`at`, the schedule's cycle mod II).

    ```mlir
    twill.copy "s" stage 0 step 1 guarded at 3
    ```
    """

    name = "twill.copy"
    op = prop_def(StringAttr)
    stage = prop_def(IntegerAttr[I64])
    step = prop_def(IntegerAttr[I64])
    guarded = opt_prop_def(UnitAttr)
    at = prop_def(IntegerAttr[I64])
    assembly_format = "$op `stage` $stage `step` $step (`guarded` $guarded^)? `at` $at attr-dict"

    def __init__(self, op: str, stage: int, step: int, guarded: bool, at: int) -> None:
        props: dict[str, Attribute] = {
            "op": StringAttr(op),
            "stage": IntegerAttr(stage, i64),
            "step": IntegerAttr(step, i64),
            "at": IntegerAttr(at, i64),
        }
        if guarded:
            props["guarded"] = UnitAttr()
        super().__init__(properties=props)

    def verify_(self) -> None:
        if min(self.stage.value.data, self.step.value.data, self.at.value.data) < 0:
            raise VerifyException("stage, step and at must be >= 0")


@irdl_op_definition
class BufferOp(IRDLOperation):
    """The buffer of a value produced in the loop: slots from its lifetime.

    ```mlir
    twill.buffer "k" depth 2
    ```
    """

    name = "twill.buffer"
    value = prop_def(StringAttr)
    depth = prop_def(IntegerAttr[I64])
    assembly_format = "$value `depth` $depth attr-dict"

    def __init__(self, value: str, depth: int) -> None:
        super().__init__(properties={"value": StringAttr(value), "depth": IntegerAttr(depth, i64)})


@irdl_op_definition
class PipelineOp(IRDLOperation):
    """How the loop just before it runs, software-pipelined: its buffers,
    then the prologue, the steady-state kernel (trip count T - stages + 1,
    none when negative) and the epilogue (see `twillc.lowering.transforms.expand`)."""

    name = "twill.pipeline"
    ii = prop_def(IntegerAttr[I64])
    stages = prop_def(IntegerAttr[I64])
    buffers = region_def()
    prologue = region_def()
    kernel = region_def()
    epilogue = region_def()
    assembly_format = (
        "`ii` $ii `stages` $stages `buffers` $buffers `prologue` $prologue `kernel` $kernel "
        "`epilogue` $epilogue attr-dict"
    )
    traits = traits_def(NoTerminator())

    def __init__(self, ii: int, stages: int, regions: Sequence[Sequence[Operation]]) -> None:
        super().__init__(
            properties={"ii": IntegerAttr(ii, i64), "stages": IntegerAttr(stages, i64)},
            regions=[Region(Block(list(ops))) if ops else Region() for ops in regions],  # empty: no block
        )

    def verify_(self) -> None:
        _verify_phases(self.ii.value.data, self.stages.value.data, self.prologue, self.kernel, self.epilogue)


MEMORIES = ("smem", "tmem")


def region_ops(region: Region) -> list[Operation]:
    """The ops of a region of at most one block (none when it has no block)."""
    return [op for block in region.blocks for op in block.ops]


def _verify_phases(ii: int, stages: int, prologue: Region, kernel: Region, epilogue: Region) -> None:
    """Copies of one expanded loop: stages and issue cycles within the
    schedule, kernel copies unguarded at step 0, prologue and epilogue steps
    within the stage count."""
    if ii < 1 or stages < 1:
        raise VerifyException("ii and stages must be >= 1")
    for region, where in ((prologue, "prologue"), (kernel, "kernel"), (epilogue, "epilogue")):
        if len(region.blocks) > 1:
            raise VerifyException(f"the {where} holds at most one block")
        for copy in region_ops(region):
            if not isinstance(copy, CopyOp):
                raise VerifyException(f"the {where} holds only twill.copy ops, found '{copy.name}'")
            name = copy.op.data
            if copy.stage.value.data >= stages:
                raise VerifyException(f"copy of '{name}' in the {where}: stage {copy.stage.value.data} of {stages}")
            if copy.at.value.data >= ii:
                raise VerifyException(f"copy of '{name}' in the {where}: at {copy.at.value.data} is not below ii {ii}")
            if where == "kernel" and (copy.guarded is not None or copy.step.value.data):
                raise VerifyException(f"copy of '{name}' in the kernel: kernel copies are unguarded, at step 0")
            if where != "kernel" and copy.step.value.data >= stages - 1:
                raise VerifyException(f"copy of '{name}' in the {where}: step {copy.step.value.data} of {stages - 1}")


@irdl_op_definition
class ChannelOp(IRDLOperation):
    """A value crossing warp roles: a ring of `depth` slots in shared or
    tensor memory with a full and an empty mbarrier per slot; instance i
    uses slot i mod depth and waits on phase parity (i / depth) mod 2.

    ```mlir
    twill.channel "k" from 0 to [1, 2] in "smem" depth 2
    ```
    """

    name = "twill.channel"
    value = prop_def(StringAttr)
    producer = prop_def(IntegerAttr[I64])
    consumers = prop_def(DenseArrayBase.constr(i64))
    memory = prop_def(StringAttr)
    depth = prop_def(IntegerAttr[I64])
    assembly_format = "$value `from` $producer `to` $consumers `in` $memory `depth` $depth attr-dict"

    def __init__(self, value: str, producer: int, consumers: Sequence[int], memory: str, depth: int) -> None:
        super().__init__(
            properties={
                "value": StringAttr(value),
                "producer": IntegerAttr(producer, i64),
                "consumers": DenseArrayBase.from_list(i64, list(consumers)),
                "memory": StringAttr(memory),
                "depth": IntegerAttr(depth, i64),
            }
        )

    @property
    def consumer_warps(self) -> tuple[int, ...]:
        return tuple(self.consumers.get_values())

    def verify_(self) -> None:
        name = self.value.data
        if self.depth.value.data < 1:
            raise VerifyException(f"channel '{name}' needs a depth >= 1")
        if self.memory.data not in MEMORIES:
            raise VerifyException(f"channel '{name}' lives in one of {', '.join(MEMORIES)}, not '{self.memory.data}'")
        consumers = self.consumer_warps
        if not consumers or len(set(consumers)) != len(consumers):
            raise VerifyException(f"channel '{name}' needs distinct consumer warps")
        if self.producer.value.data in consumers:
            raise VerifyException(f"channel '{name}': its producer warp is not a consumer")


@irdl_op_definition
class RoleOp(IRDLOperation):
    """What one warp role runs: its register budget (setmaxnreg) and its
    copies of the loop's ops in each phase of the pipeline (prologue,
    steady-state kernel, epilogue; see `twill.pipeline`), in issue order.

    ```mlir
    twill.role "producer" warp 0 regs 24 prologue {
      twill.copy "k" stage 0 step 0 guarded at 0
    } kernel {
      twill.copy "k" stage 0 step 0 at 0
    } epilogue {
    }
    ```
    """

    name = "twill.role"
    role = prop_def(StringAttr)
    warp = prop_def(IntegerAttr[I64])
    regs = prop_def(IntegerAttr[I64])
    prologue = region_def()
    kernel = region_def()
    epilogue = region_def()
    assembly_format = (
        "$role `warp` $warp `regs` $regs `prologue` $prologue `kernel` $kernel `epilogue` $epilogue attr-dict"
    )
    traits = traits_def(NoTerminator())

    def __init__(self, role: str, warp: int, regs: int, phases: Sequence[Sequence[Operation]]) -> None:
        super().__init__(
            properties={"role": StringAttr(role), "warp": IntegerAttr(warp, i64), "regs": IntegerAttr(regs, i64)},
            # an empty phase is a region with no block: it prints as `{}`
            regions=[Region(Block(list(ops))) if ops else Region() for ops in phases],
        )

    @property
    def phases(self) -> tuple[Region, Region, Region]:
        return self.prologue, self.kernel, self.epilogue

    def verify_(self) -> None:
        for region in self.phases:
            if len(region.blocks) > 1:
                raise VerifyException(f"role '{self.role.data}': a phase holds at most one block")
        regs = self.regs.value.data
        if regs < 24 or regs > 256 or regs % 8:
            raise VerifyException(f"role '{self.role.data}': regs {regs} is not a setmaxnreg value (24..256, step 8)")


@irdl_op_definition
class WarpSpecializeOp(IRDLOperation):
    """The loop just before it, warp-specialized: its bounds (`for j in lb ..
    ub step s`), its schedule's II and stage count, the channels between
    roles, one region per warp role, and what happens around the loop
    (`outside`: live-in and live-out values, the role of each op after the
    loop, the values crossing roles there). This is what code generation reads.

    ```mlir
    twill.warp_specialize %lb to %ub step %s ii 2 stages 2 channels {
      twill.channel "k" from 0 to [1] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {...} kernel {...} epilogue {...}
    } outside {
      twill.live_out "o" on 1
      twill.post "store" on 1
    }
    ```
    """

    name = "twill.warp_specialize"
    lb = operand_def(IndexType)
    ub = operand_def(IndexType)
    step = operand_def(IndexType)
    ii = prop_def(IntegerAttr[I64])
    stages = prop_def(IntegerAttr[I64])
    channels = region_def()
    roles = region_def("single_block")
    outside = region_def()
    assembly_format = (
        "$lb `to` $ub `step` $step `ii` $ii `stages` $stages `channels` $channels `roles` $roles "
        "`outside` $outside attr-dict"
    )
    traits = traits_def(NoTerminator())

    def __init__(
        self,
        bounds: tuple[SSAValue, SSAValue, SSAValue],
        ii: int,
        stages: int,
        channels: Sequence[Operation],
        roles: Sequence[Operation],
        outside: Sequence[Operation] = (),
    ) -> None:
        super().__init__(
            operands=list(bounds),
            properties={"ii": IntegerAttr(ii, i64), "stages": IntegerAttr(stages, i64)},
            regions=[
                Region(Block(list(channels))) if channels else Region(),
                Region(Block(list(roles))),
                Region(Block(list(outside))) if outside else Region(),
            ],
        )

    def role_ops(self) -> list[RoleOp]:
        return [op for op in self.roles.block.ops if isinstance(op, RoleOp)]

    def channel_ops(self) -> list[ChannelOp]:
        return [op for op in region_ops(self.channels) if isinstance(op, ChannelOp)]

    def outside_ops(self) -> list[Operation]:
        return region_ops(self.outside)

    def verify_(self) -> None:
        """What the op states about itself; whether its names are the loop's
        ops is checked where the loop is read (`twillc.lowering.warp_program`)."""
        ii, stages = self.ii.value.data, self.stages.value.data
        if len(self.channels.blocks) > 1:
            raise VerifyException("channels holds at most one block")
        for op in region_ops(self.channels):
            if not isinstance(op, ChannelOp):
                raise VerifyException(f"channels holds only twill.channel ops, found '{op.name}'")
        for op in self.roles.block.ops:
            if not isinstance(op, RoleOp):
                raise VerifyException(f"roles holds only twill.role ops, found '{op.name}'")
        if len(self.outside.blocks) > 1:
            raise VerifyException("outside holds at most one block")
        for op in region_ops(self.outside):
            if not isinstance(op, OUTSIDE_OPS):
                raise VerifyException(f"outside holds only live_in, live_out, post and handoff ops, found '{op.name}'")
        warps: dict[int, str] = {}
        runs: dict[str, int] = {}  # op -> the warp whose kernel runs it
        for role in self.role_ops():
            warp = role.warp.value.data
            if warp in warps:
                raise VerifyException(f"warp {warp} has two roles, '{warps[warp]}' and '{role.role.data}'")
            warps[warp] = role.role.data
            _verify_phases(ii, stages, *role.phases)
            for copy in region_ops(role.kernel):
                name = copy.op.data  # type: ignore[attr-defined]
                if name in runs:
                    raise VerifyException(f"op '{name}' runs on two roles (warps {runs[name]} and {warp})")
                runs[name] = warp
        seen: set[str] = set()
        for channel in self.channel_ops():
            name = channel.value.data
            if name in seen:
                raise VerifyException(f"two channels carry '{name}'")
            seen.add(name)
            if name not in runs:
                raise VerifyException(f"channel '{name}' names no value a role produces")
            if runs[name] != channel.producer.value.data:
                raise VerifyException(
                    f"channel '{name}' comes from warp {channel.producer.value.data}, but warp {runs[name]} runs it"
                )
            for w in channel.consumer_warps:
                if w not in warps:
                    raise VerifyException(f"channel '{name}' goes to warp {w}, which has no role")
        channels = {c.value.data: c.producer.value.data for c in self.channel_ops()}
        verify_outside(region_ops(self.outside), warps, channels)


Twill = Dialect(
    "twill",
    [
        CopyOp,
        BufferOp,
        PipelineOp,
        ChannelOp,
        RoleOp,
        LiveInOp,
        LiveOutOp,
        PostOp,
        HandoffOp,
        WarpSpecializeOp,
        MaskSplitOp,
        MemoryPlanOp,
        TmemOp,
        TmemPendingOp,
        TmemAccOp,
        TmemScratchOp,
        StagedOp,
        SmemOperandOp,
        IssueOrderOp,
        TurnOp,
    ],
    [CostAttr, ScheduleAttr, WarpAttr, SearchAttr, WarpOptionsAttr, VariantAttr],
)
