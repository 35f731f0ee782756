"""The ops of `twill.warp_specialize`'s `outside` region: what happens
around the warp-specialized loop (`warp-specialize` decides it, code
generation reads it). Registered with the other ops in `twillc.dialects.twill`.

Names are those of `outside_ids` in `twillc.lowering.transforms.loop_boundary`: the
function's tile ops before and after the loop and the loop's results, in
program order, by their result's name."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I64, DenseArrayBase, IntegerAttr, StringAttr, UnitAttr, i64
from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_prop_def, prop_def
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class LiveInOp(IRDLOperation):
    """A value computed before the loop that roles read (in the loop or after
    it): the roles computing it, each in its own registers; `at_use`: not
    held, each element computed where an element-wise op reads it, from the
    tile loaded before the loop that stays in shared memory (a 16-bit weight
    tile cast to f32: RMSNorm's w, 128 registers a thread otherwise).

    ```mlir
    twill.live_in "q" on [1, 2]
    twill.live_in "w" on [1] at_use
    ```
    """

    name = "twill.live_in"
    value = prop_def(StringAttr)
    roles = prop_def(DenseArrayBase.constr(i64))
    at_use = opt_prop_def(UnitAttr)
    assembly_format = "$value `on` $roles (`at_use` $at_use^)? attr-dict"

    def __init__(self, value: str, roles: Sequence[int], at_use: bool = False) -> None:
        props = {"value": StringAttr(value), "roles": DenseArrayBase.from_list(i64, list(roles))}
        if at_use:
            props["at_use"] = UnitAttr()
        super().__init__(properties=props)  # type: ignore[arg-type]

    @property
    def warps(self) -> tuple[int, ...]:
        return tuple(self.roles.get_values())


@irdl_op_definition
class LiveOutOp(IRDLOperation):
    """A result of the loop and the role holding it after the loop (the one
    computing the value yielded for it).

    `releases`: in a persistent kernel, the channel carrying the value
    yielded for it from one iteration to the next role's (read there only as
    the previous iteration's value: attention's O, from the MMA role to the
    rescale `o * alpha`), whose slot of a tile's last iteration no op of the
    loop reads; the role holding the result releases that slot once it has
    read it after the loop (the epilogue's read of O), and the readers of the
    carried value in the next tile's first iteration, which write its
    storage (the rescale of O's columns in tensor memory), wait for that
    release.

    ```mlir
    twill.live_out "o" on 1
    twill.live_out "o0_1" on 1 releases "o0"
    ```
    """

    name = "twill.live_out"
    value = prop_def(StringAttr)
    role = prop_def(IntegerAttr[I64])
    releases = opt_prop_def(StringAttr)
    assembly_format = "$value `on` $role (`releases` $releases^)? attr-dict"

    def __init__(self, value: str, role: int, releases: str | None = None) -> None:
        props: dict = {"value": StringAttr(value), "role": IntegerAttr(role, i64)}
        if releases is not None:
            props["releases"] = StringAttr(releases)
        super().__init__(properties=props)


@irdl_op_definition
class PostOp(IRDLOperation):
    """An op after the loop and the role running it (it holds the op's result).

    ```mlir
    twill.post "div" on 1
    ```
    """

    name = "twill.post"
    op = prop_def(StringAttr)
    role = prop_def(IntegerAttr[I64])
    assembly_format = "$op `on` $role attr-dict"

    def __init__(self, op: str, role: int) -> None:
        super().__init__(properties={"op": StringAttr(op), "role": IntegerAttr(role, i64)})


@irdl_op_definition
class HandoffOp(IRDLOperation):
    """A value held by one role after the loop that ops of other roles read:
    sent once, through one buffer and a full mbarrier, in `memory`.

    ```mlir
    twill.handoff "l" from 1 to [2] in "smem"
    ```
    """

    name = "twill.handoff"
    value = prop_def(StringAttr)
    producer = prop_def(IntegerAttr[I64])
    consumers = prop_def(DenseArrayBase.constr(i64))
    memory = prop_def(StringAttr)
    assembly_format = "$value `from` $producer `to` $consumers `in` $memory attr-dict"

    def __init__(self, value: str, producer: int, consumers: Sequence[int], memory: str = "smem") -> None:
        super().__init__(
            properties={
                "value": StringAttr(value),
                "producer": IntegerAttr(producer, i64),
                "consumers": DenseArrayBase.from_list(i64, list(consumers)),
                "memory": StringAttr(memory),
            }
        )

    @property
    def consumer_warps(self) -> tuple[int, ...]:
        return tuple(self.consumers.get_values())


OUTSIDE_OPS = (LiveInOp, LiveOutOp, PostOp, HandoffOp)


def verify_outside(entries: list[Operation], warps: dict[int, str], channels: dict[str, int]) -> None:
    """The entries around the loop, against the op's roles and its channels
    (name -> producer): each names a role that exists, each value or op at
    most once per kind, a hand-off comes from the role holding its value
    after the loop, and a live-out's `releases` names a channel its role sends."""
    held: dict[str, int] = {}  # value -> the role holding it after the loop
    seen: set[tuple[str, str]] = set()

    def once(kind: str, name: str) -> None:
        if (kind, name) in seen:
            raise VerifyException(f"two {kind} entries name '{name}'")
        seen.add((kind, name))

    def role(what: str, warp: int) -> None:
        if warp not in warps:
            raise VerifyException(f"{what} on warp {warp}, which has no role")

    for op in entries:
        if isinstance(op, LiveInOp):
            once("live_in", op.value.data)
            if not op.warps or len(set(op.warps)) != len(op.warps):
                raise VerifyException(f"live-in '{op.value.data}' needs distinct roles")
            for w in op.warps:
                role(f"live-in '{op.value.data}'", w)
        elif isinstance(op, LiveOutOp):
            once("live_out", op.value.data)
            role(f"live-out '{op.value.data}'", op.role.value.data)
            held[op.value.data] = op.role.value.data
            if op.releases is not None and channels.get(op.releases.data) != op.role.value.data:
                raise VerifyException(
                    f"live-out '{op.value.data}' releases '{op.releases.data}', "
                    f"no channel warp {op.role.value.data} sends"
                )
        elif isinstance(op, PostOp):
            once("post", op.op.data)
            role(f"post-loop op '{op.op.data}'", op.role.value.data)
            held[op.op.data] = op.role.value.data
    for op in entries:
        if not isinstance(op, HandoffOp):
            continue
        name, src = op.value.data, op.producer.value.data
        once("handoff", name)
        if op.memory.data != "smem":
            raise VerifyException(f"hand-off '{name}' after the loop goes through smem, not '{op.memory.data}'")
        if name not in held:
            raise VerifyException(f"hand-off '{name}' names no live-out or post-loop value")
        if held[name] != src:
            raise VerifyException(f"hand-off '{name}' comes from warp {src}, but warp {held[name]} holds it")
        readers = op.consumer_warps
        if not readers or len(set(readers)) != len(readers) or src in readers:
            raise VerifyException(f"hand-off '{name}' needs distinct reader warps other than its sender")
        for w in readers:
            role(f"hand-off '{name}' read", w)
