"""The `twill` dialect: schedule attributes written by twillc's passes.

Schedules live in attributes so every later pass works from the IR alone
(design.md, "IR conventions"):

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
from typing import ClassVar

from xdsl.dialects.builtin import I64, DenseArrayBase, IndexType, IntAttr, IntegerAttr, StringAttr, UnitAttr, i64
from xdsl.ir import Attribute, Block, Dialect, Operation, ParametrizedAttribute, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    param_def,
    prop_def,
    region_def,
    traits_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import VerifyException

STATUSES = ("optimal", "feasible", "infeasible")


class KeyValueAttr(ParametrizedAttribute):
    """Base of attributes printed as `<key = value, ...>`.

    `FIELDS` lists (name, kind) in parameter order; kind is `int`, `ident`
    (a bare identifier such as `tc`), `flag` (printed as its name when set,
    left out when not) or `count` (an int left out when 0)."""

    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = ()

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: dict[str, Attribute] = {}
        with parser.in_angle_brackets():
            while True:
                key = parser.parse_identifier("expected a key")
                kind = dict(cls.FIELDS).get(key)
                if kind is None or key in values:
                    parser.raise_error(f"unexpected key '{key}' in {cls.name}")
                if kind == "flag":
                    values[key] = IntAttr(1)
                else:
                    parser.parse_punctuation("=")
                    if kind in ("int", "count"):
                        values[key] = IntAttr(parser.parse_integer(allow_negative=False))
                    else:
                        values[key] = StringAttr(parser.parse_identifier_or_str_literal())
                if parser.parse_optional_punctuation(",") is None:
                    break
        missing = [k for k, kind in cls.FIELDS if kind in ("int", "ident") and k not in values]
        if missing:
            parser.raise_error(f"{cls.name} is missing {', '.join(missing)}")
        return tuple(values.get(k, IntAttr(0)) for k, _ in cls.FIELDS)

    def print_parameters(self, printer: Printer) -> None:
        parts: list[str] = []
        for (key, kind), value in zip(self.FIELDS, self.parameters, strict=True):
            if kind == "flag":
                if isinstance(value, IntAttr) and value.data:
                    parts.append(key)
            elif kind == "count" and isinstance(value, IntAttr) and not value.data:
                continue
            elif isinstance(value, IntAttr):
                parts.append(f"{key} = {value.data}")
            elif isinstance(value, StringAttr):
                text = value.data
                parts.append(f"{key} = {text}" if text.isidentifier() else f'{key} = "{text}"')
        printer.print_string("<" + ", ".join(parts) + ">")


@irdl_attr_definition
class CostAttr(KeyValueAttr):
    """What one op costs on the target (from `annotate-costs`)."""

    name = "twill.cost"
    FIELDS = (
        ("unit", "ident"),
        ("cycles", "int"),
        ("latency", "int"),
        ("regs", "int"),
        ("smem", "int"),
        ("tmem", "int"),
        ("variable_latency", "flag"),
        ("blocking", "flag"),
        ("stall", "count"),
    )

    unit: StringAttr = param_def()
    cycles: IntAttr = param_def()
    latency: IntAttr = param_def()
    regs: IntAttr = param_def()
    smem: IntAttr = param_def()
    tmem: IntAttr = param_def()
    variable_latency: IntAttr = param_def()
    blocking: IntAttr = param_def()
    stall: IntAttr = param_def()
    """Leading cycles of `cycles` spent waiting (a blocking tensor-memory
    read), holding no unit, while its warp executes nothing else."""

    def __init__(
        self,
        unit: str,
        cycles: int,
        latency: int,
        regs: int = 0,
        smem: int = 0,
        tmem: int = 0,
        variable_latency: bool = False,
        blocking: bool = False,
        stall: int = 0,
    ):
        super().__init__(
            StringAttr(unit),
            IntAttr(cycles),
            IntAttr(latency),
            IntAttr(regs),
            IntAttr(smem),
            IntAttr(tmem),
            IntAttr(int(variable_latency)),
            IntAttr(int(blocking)),
            IntAttr(stall),
        )

    def verify(self) -> None:
        if self.cycles.data < 1:
            raise VerifyException("twill.cost cycles must be >= 1")
        if self.stall.data > self.cycles.data:
            raise VerifyException("twill.cost stall must not exceed cycles")


@irdl_attr_definition
class ScheduleAttr(KeyValueAttr):
    """The modulo schedule of a loop: II, length L, stages ceil(L/II), the
    proven lower bound on II and whether the II is proven optimal."""

    name = "twill.schedule"
    FIELDS = (
        ("ii", "int"),
        ("length", "int"),
        ("stages", "int"),
        ("lower_bound", "int"),
        ("status", "ident"),
    )

    ii: IntAttr = param_def()
    length: IntAttr = param_def()
    stages: IntAttr = param_def()
    lower_bound: IntAttr = param_def()
    status: StringAttr = param_def()

    def __init__(self, ii: int, length: int, stages: int, lower_bound: int, status: str):
        super().__init__(IntAttr(ii), IntAttr(length), IntAttr(stages), IntAttr(lower_bound), StringAttr(status))

    def verify(self) -> None:
        if self.status.data not in STATUSES:
            raise VerifyException(f"twill.schedule status must be one of {', '.join(STATUSES)}")
        if self.ii.data < 1 or self.stages.data < 1:
            raise VerifyException("twill.schedule ii and stages must be >= 1")


@irdl_attr_definition
class WarpAttr(KeyValueAttr):
    """One warp group of a warp-specialized loop: its index, role and
    register budget per thread (the setmaxnreg value)."""

    name = "twill.warp"
    FIELDS = (("id", "int"), ("role", "ident"), ("regs", "int"))

    id: IntAttr = param_def()
    role: StringAttr = param_def()
    regs: IntAttr = param_def()

    def __init__(self, id: int, role: str, regs: int):
        super().__init__(IntAttr(id), StringAttr(role), IntAttr(regs))


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
    none when negative) and the epilogue (see `lowering.transforms.expand`)."""

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
    roles, then one region per warp role. This is what code generation reads.

    ```mlir
    twill.warp_specialize %lb to %ub step %s ii 2 stages 2 channels {
      twill.channel "k" from 0 to [1] in "smem" depth 2
    } roles {
      twill.role "producer" warp 0 regs 24 prologue {...} kernel {...} epilogue {...}
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
    assembly_format = (
        "$lb `to` $ub `step` $step `ii` $ii `stages` $stages `channels` $channels `roles` $roles attr-dict"
    )
    traits = traits_def(NoTerminator())

    def __init__(
        self,
        bounds: tuple[SSAValue, SSAValue, SSAValue],
        ii: int,
        stages: int,
        channels: Sequence[Operation],
        roles: Sequence[Operation],
    ) -> None:
        super().__init__(
            operands=list(bounds),
            properties={"ii": IntegerAttr(ii, i64), "stages": IntegerAttr(stages, i64)},
            regions=[Region(Block(list(channels))) if channels else Region(), Region(Block(list(roles)))],
        )

    def role_ops(self) -> list[RoleOp]:
        return [op for op in self.roles.block.ops if isinstance(op, RoleOp)]

    def channel_ops(self) -> list[ChannelOp]:
        return [op for op in region_ops(self.channels) if isinstance(op, ChannelOp)]

    def verify_(self) -> None:
        """What the op states about itself; whether its names are the loop's
        ops is checked where the loop is read (`lowering.warp_program`)."""
        ii, stages = self.ii.value.data, self.stages.value.data
        if len(self.channels.blocks) > 1:
            raise VerifyException("channels holds at most one block")
        for op in region_ops(self.channels):
            if not isinstance(op, ChannelOp):
                raise VerifyException(f"channels holds only twill.channel ops, found '{op.name}'")
        for op in self.roles.block.ops:
            if not isinstance(op, RoleOp):
                raise VerifyException(f"roles holds only twill.role ops, found '{op.name}'")
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


# ---------------------------------------------------------------------------
# Typed loop attributes written by the scheduling passes (were strings and
# dictionaries parsed by hand). Registered by rebinding `Twill` below, so the
# dialect's definition above stays as it is.


@irdl_attr_definition
class SearchAttr(KeyValueAttr):
    """How a loop's schedule was found: the solver, whether the search was
    complete (every smaller II refuted) and the solver's note,
    `#twill.search<solver = "cp-sat", complete, note = "II proven minimal">`."""

    name = "twill.search"
    FIELDS = (("solver", "ident"), ("complete", "flag"), ("note", "ident"))

    solver: StringAttr = param_def()
    complete: IntAttr = param_def()
    note: StringAttr = param_def()

    def __init__(self, solver: str, complete: bool, note: str):
        super().__init__(StringAttr(solver), IntAttr(int(complete)), StringAttr(note))

    def print_parameters(self, printer: Printer) -> None:
        # Solver and note are free text: printed as escaped string literals.
        printer.print_string("<solver = ")
        printer.print_string_literal(self.solver.data)
        printer.print_string(", complete, note = " if self.complete.data else ", note = ")
        printer.print_string_literal(self.note.data)
        printer.print_string(">")

    def summary(self) -> str:
        """The one-line account the text report prints."""
        text = f"solver={self.solver.data}; complete={'yes' if self.complete.data else 'no'}"
        return text + (f"; {self.note.data}" if self.note.data else "")


@irdl_attr_definition
class WarpOptionsAttr(KeyValueAttr):
    """The options of a joint schedule the checker needs again: the warp that
    runs the variable-latency ops and whether values may cross warps,
    `#twill.warp_options<vl_warp = 0, cross_warp>`."""

    name = "twill.warp_options"
    FIELDS = (("vl_warp", "int"), ("cross_warp", "flag"))

    vl_warp: IntAttr = param_def()
    cross_warp: IntAttr = param_def()

    def __init__(self, vl_warp: int, cross_warp: bool):
        super().__init__(IntAttr(vl_warp), IntAttr(int(cross_warp)))


@irdl_attr_definition
class VariantAttr(KeyValueAttr):
    """One variant `variant-search` scheduled: the kernel's rows split in
    `parts` (1: as written), its II (normalized) and II in machine cycles, its
    bound, its status (`optimal`, `feasible`, or `refused` / `unscheduled`
    with the reason in `note`) and whether it was chosen,
    `#twill.variant<parts = 2, ii = 440, ii_cycles = 2270, lower_bound = 440, status = optimal, chosen>`."""

    name = "twill.variant"
    FIELDS = (
        ("parts", "int"),
        ("ii", "count"),
        ("ii_cycles", "count"),
        ("lower_bound", "count"),
        ("status", "ident"),
        ("chosen", "flag"),
        ("note", "ident"),
    )

    parts: IntAttr = param_def()
    ii: IntAttr = param_def()
    ii_cycles: IntAttr = param_def()
    lower_bound: IntAttr = param_def()
    status: StringAttr = param_def()
    chosen: IntAttr = param_def()
    note: StringAttr = param_def()

    def __init__(
        self, parts: int, ii: int, ii_cycles: int, lower_bound: int, status: str, chosen: bool, note: str = ""
    ):
        super().__init__(
            IntAttr(parts),
            IntAttr(ii),
            IntAttr(ii_cycles),
            IntAttr(lower_bound),
            StringAttr(status),
            IntAttr(int(chosen)),
            StringAttr(note),
        )

    def print_parameters(self, printer: Printer) -> None:
        # The note is free text: printed as an escaped string literal.
        text = f"<parts = {self.parts.data}"
        for key, value in (("ii", self.ii), ("ii_cycles", self.ii_cycles), ("lower_bound", self.lower_bound)):
            if value.data:
                text += f", {key} = {value.data}"
        text += f", status = {self.status.data}" + (", chosen" if self.chosen.data else "")
        printer.print_string(text + ", note = ")
        printer.print_string_literal(self.note.data)
        printer.print_string(">")

    def summary(self) -> str:
        """One line of the text report: `2 parts: II 440 (2270 cycles), optimal`."""
        what = "unsplit" if self.parts.data == 1 else f"{self.parts.data} parts"
        if not self.ii.data:
            return f"{what}: {self.status.data}: {self.note.data}"
        return f"{what}: II {self.ii.data} ({self.ii_cycles.data} cycles), {self.status.data}" + (
            ", chosen" if self.chosen.data else ""
        )


Twill = Dialect(
    "twill",
    [CopyOp, BufferOp, PipelineOp, ChannelOp, RoleOp, WarpSpecializeOp],
    [CostAttr, ScheduleAttr, WarpAttr, SearchAttr, WarpOptionsAttr, VariantAttr],
)
