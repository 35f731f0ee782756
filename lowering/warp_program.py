"""The warp-specialized loop as code generation reads it: the
`twill.warp_specialize` op after a `tile.for` (its bounds, II, stages,
channels and roles with their prologue / kernel / epilogue copies), checked
against the loop it names. Nothing here solves, expands or re-derives: a
hand-edited module is read as written, and an inconsistent one is a located
error."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import BlockArgument, Operation, SSAValue

from dialects import tile
from dialects.twill import CopyOp, RoleOp, WarpSpecializeOp, region_ops
from twillc.diagnostics import UserError
from twillc.transforms.common import located_error
from twillc.transforms.ir_graph import costed_ops, find_loop, op_ids


@dataclass(frozen=True)
class RoleCopy:
    op: str
    stage: int
    step: int
    guarded: bool
    at: int  # issue cycle within its step


@dataclass(frozen=True)
class Role:
    name: str
    warp: int
    regs: int
    prologue: tuple[RoleCopy, ...]
    kernel: tuple[RoleCopy, ...]
    epilogue: tuple[RoleCopy, ...]


@dataclass(frozen=True)
class ChannelRing:
    value: str
    producer: int
    consumers: tuple[int, ...]
    memory: str
    depth: int


@dataclass(frozen=True)
class WarpProgram:
    loop: tile.ForOp
    ws: WarpSpecializeOp
    ops: dict[str, Operation]  # the loop's ops by id
    ii: int
    stages: int
    roles: tuple[Role, ...]
    channels: dict[str, ChannelRing]
    lb: SSAValue
    ub: SSAValue
    step: SSAValue

    @property
    def warp_of(self) -> dict[str, int]:
        return {c.op: r.warp for r in self.roles for c in r.kernel}

    @property
    def cycle(self) -> dict[str, int]:
        """Each op's issue cycle in the schedule: stage * II + its offset."""
        return {c.op: c.stage * self.ii + c.at for r in self.roles for c in r.kernel}


def find_warp_specialize(loop: tile.ForOp) -> WarpSpecializeOp | None:
    """The `twill.warp_specialize` op following the loop (after its
    `twill.pipeline`, if any)."""
    op = loop.next_op
    while op is not None and op.dialect_name() == "twill":
        if isinstance(op, WarpSpecializeOp):
            return op
        op = op.next_op
    return None


def read_warp_program(module: ModuleOp) -> WarpProgram:
    loop = find_loop(module)
    ws = find_warp_specialize(loop)
    if ws is None:
        raise located_error(loop, "code generation reads the warp-specialized loop: run warp-specialize first")
    ops = {name: op for op, name in op_ids(costed_ops(loop)).items()}
    roles: list[Role] = []
    runs: dict[str, int] = {}
    for role_op in ws.role_ops():
        phases = tuple(_copies(role_op, region, ops) for region in role_op.phases)
        roles.append(Role(role_op.role.data, role_op.warp.value.data, role_op.regs.value.data, *phases))
        runs |= {c.op: role_op.warp.value.data for c in phases[1]}
        for copy in (*phases[0], *phases[2]):
            if runs.get(copy.op) != role_op.warp.value.data:
                raise _at_copy(
                    role_op, copy.op, f"role '{role_op.role.data}' has a copy of '{copy.op}' outside its kernel"
                )
    missing = [name for name in ops if name not in runs]
    if missing:
        raise located_error(ws, f"op '{missing[0]}' of the loop runs on no role (no kernel copy)")
    channels = {}
    for ch in ws.channel_ops():
        name = ch.value.data
        if name not in ops:
            raise located_error(ch, f"channel '{name}' names no value of the loop")
        channels[name] = ChannelRing(
            name, ch.producer.value.data, ch.consumer_warps, ch.memory.data, ch.depth.value.data
        )
    _check_crossings(loop, ops, runs, channels, ws)
    return WarpProgram(
        loop, ws, ops, ws.ii.value.data, ws.stages.value.data, tuple(roles), channels, ws.lb, ws.ub, ws.step
    )


def _copies(role: RoleOp, region, ops: dict[str, Operation]) -> tuple[RoleCopy, ...]:
    out = []
    for c in region_ops(region):
        assert isinstance(c, CopyOp)  # the op's verifier admits nothing else
        if c.op.data not in ops:
            raise located_error(c, f"copy of '{c.op.data}': the loop has no op '{c.op.data}'")
        out.append(RoleCopy(c.op.data, c.stage.value.data, c.step.value.data, c.guarded is not None, c.at.value.data))
    return tuple(out)


def _at_copy(role: RoleOp, name: str, message: str) -> UserError:
    for region in role.phases:
        for c in region_ops(region):
            if isinstance(c, CopyOp) and c.op.data == name:
                return located_error(c, message)
    return located_error(role, message)


def _check_crossings(
    loop: tile.ForOp,
    ops: dict[str, Operation],
    runs: dict[str, int],
    channels: dict[str, ChannelRing],
    ws: WarpSpecializeOp,
) -> None:
    """Every value an op reads from another role comes through a channel to
    that role, from the role that produces it."""
    name_of = {id(op): name for name, op in ops.items()}
    body = loop.body.block
    yielded = list(body.last_op.operands) if isinstance(body.last_op, tile.YieldOp) else []
    for name, op in ops.items():
        for v in op.operands:
            src = v.owner
            if isinstance(v, BlockArgument) and v.block is body and 1 <= v.index <= len(yielded):
                src = yielded[v.index - 1].owner  # a carried value: its producer of the previous iteration
            if id(src) not in name_of:
                continue
            value = name_of[id(src)]
            if runs[value] == runs[name]:
                continue
            ch = channels.get(value)
            if ch is None or runs[name] not in ch.consumers:
                raise located_error(
                    ws,
                    f"op '{name}' on warp {runs[name]} reads '{value}' from warp {runs[value]}, with no channel to it",
                )
            if ch.producer != runs[value]:
                raise located_error(
                    ws, f"channel '{value}' comes from warp {ch.producer}, but warp {runs[value]} runs it"
                )
