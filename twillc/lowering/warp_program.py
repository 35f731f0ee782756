"""The warp-specialized loop as code generation reads it: the
`twill.warp_specialize` op after a `tile.for` (its bounds, II, stages,
channels, roles with their prologue / kernel / epilogue copies, and what
happens around the loop: live-ins, live-outs, post-loop roles, hand-offs), checked
against the loop it names, and the loop's `twill.mask_split` if it has one.
Nothing here solves, expands or re-derives: a hand-edited module is read as
written, and an inconsistent one is a located error."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.diagnostics import UserError
from twillc.dialects import tile
from twillc.dialects.twill import CopyOp, HandoffOp, LiveInOp, LiveOutOp, PostOp, RoleOp, WarpSpecializeOp, region_ops
from twillc.dialects.twill_memory import (
    MemoryPlanOp,
    SmemOperandOp,
    StagedOp,
    TmemAccOp,
    TmemOp,
    TmemPendingOp,
    TmemScratchOp,
)
from twillc.dialects.twill_split import MaskSplitOp, mask_only_ops, mask_split_of, split_selects
from twillc.dialects.twill_turns import IssueOrderOp
from twillc.lowering.transforms.loop_boundary import outside_ids
from twillc.target.arch import Target
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import costed_ops, find_loop, op_ids
from twillc.transforms.loop_handoff import PLACED_AFTER, computed_for, initial_value
from twillc.transforms.memory_plan import (
    StagedTile,
    TmemPlan,
    a_transposed,
    rescaled_in_tmem,
    tmem_alias,
    tmem_resident,
)


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
class Outside:
    """What happens around the loop (the `outside` entries, resolved)."""

    live_in: dict[Operation, tuple[int, ...]]  # op before the loop -> the roles computing it
    live_out: dict[SSAValue, int]  # loop result -> the role holding it after the loop
    post: dict[Operation, int]  # op after the loop -> the role running it
    handoffs: dict[SSAValue, tuple[int, frozenset[int]]]  # value -> (its holder, its readers), in the IR's order
    at_use: frozenset[Operation] = frozenset()  # live-ins computed where they are read (`LiveInOp.at_use`)
    releases: tuple[tuple[str, int], ...] = ()  # (channel, role): its last slot of a tile freed after the loop


@dataclass(frozen=True)
class MaskSplit:
    """The loop's `twill.mask_split`: iteration j is unmasked when
    `alphas[k] * j + offsets[k] >= 0` for every k; there each of `selects`
    yields its true operand and `mask_only` (the ops feeding only their
    conditions, index arithmetic included) do not run."""

    op: MaskSplitOp
    offsets: tuple[SSAValue, ...]  # index values from before the loop
    alphas: tuple[int, ...]
    selects: tuple[tile.SelectOp, ...]
    mask_only: tuple[Operation, ...]


@dataclass(frozen=True)
class MemoryPlan:
    """The loop's `twill.memory_plan` (`plan-memory`), resolved to its values."""

    op: MemoryPlanOp
    release: str  # twillc.dialects.twill_memory.RELEASES
    tmem: TmemPlan  # tensor-memory columns (resident: the cost model's tiles kept there)
    staged: tuple[StagedTile, ...]  # wgmma operands staged in shared memory, in the rule's order

    @property
    def deferred_release(self) -> bool:
        """The loads share one ring, each slot released one iteration late."""
        return self.release == "deferred"


@dataclass(frozen=True)
class Turn:
    """A role's turn at the tensor core (`twill.turn`): its ops in issue
    order, each of iteration `j + iters[i]` in turn `j`; it waits on named
    barrier `bar` before the first of them that runs and arrives on `next`
    after the last (`twillc.dialects.twill_turns`)."""

    role: str
    warp: int
    bar: int
    next: int
    ops: tuple[str, ...]
    iters: tuple[int, ...]
    overlap: tuple[str, ...]  # MMAs committed before ops not reading them, waited for before the first reader
    first: bool  # this role takes the first turn
    before_first: bool  # this role's turn comes before the first's: it hands the first turn over
    threads: int  # the barrier's thread count: 128 per role taking turns

    def _others(self, op: str, later: bool) -> list[int]:
        i = self.ops.index(op)
        others = self.iters[i + 1 :] if later else self.iters[:i]
        return [e - self.iters[i] for e in others]

    def syncs_before(self, op: str) -> list[int]:
        """`op` of iteration kt waits for the turn unless another op of its
        turn ran before it: the turn's earlier ops are iterations kt + d for
        these d; it waits when none of them is in [0, trips) (an empty list:
        it always waits, a 0 in it: never)."""
        return self._others(op, False)

    def arrives_after(self, op: str) -> list[int]:
        """As `syncs_before`, for the ops after it: it hands the turn on
        when none of them runs."""
        return self._others(op, True)


def turn_applies(deltas: list[int], it: int, trips: int) -> bool:
    """Whether iteration `it`'s copy waits for (or hands on) its turn: no
    other op of the turn, iterations it + d, runs (`Turn.syncs_before`)."""
    return all(not 0 <= it + d < trips for d in deltas)


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
    outside: Outside
    split: MaskSplit | None = None
    plan: MemoryPlan | None = None  # None: the module was printed before plan-memory ran
    turns: tuple[Turn, ...] = ()  # the roles' turns at the tensor core (`twill.issue_order`), first turn first

    def turn_of(self, warp: int) -> Turn | None:
        return next((t for t in self.turns if t.warp == warp), None)

    @property
    def warp_of(self) -> dict[str, int]:
        return {c.op: r.warp for r in self.roles for c in r.kernel}

    @property
    def cycle(self) -> dict[str, int]:
        """Each op's issue cycle in the schedule: stage * II + its offset."""
        return {c.op: c.stage * self.ii + c.at for r in self.roles for c in r.kernel}


def scalar_arguments(module: ModuleOp) -> list[BlockArgument]:
    """The kernel's scalar arguments (`scale: f32`), in order."""
    return [
        arg
        for op in module.walk()
        if isinstance(op, func.FuncOp)
        for arg in op.args
        if not isinstance(arg.type, tile.TensorType)
    ]


def find_memory_plan(loop: tile.ForOp) -> MemoryPlanOp | None:
    """The `twill.memory_plan` among the twill ops that follow the loop."""
    op = loop.next_op
    while op is not None and op.dialect_name() == "twill":
        if isinstance(op, MemoryPlanOp):
            return op
        op = op.next_op
    return None


def find_issue_order(loop: tile.ForOp) -> IssueOrderOp | None:
    """The `twill.issue_order` among the twill ops that follow the loop."""
    op = loop.next_op
    while op is not None and op.dialect_name() == "twill":
        if isinstance(op, IssueOrderOp):
            return op
        op = op.next_op
    return None


def _read_turns(loop: tile.ForOp, ops: dict[str, Operation], roles: list[Role]) -> tuple[Turn, ...]:
    """The loop's `twill.issue_order`, checked against its roles: each turn's
    ops are MMAs its role runs."""
    order = find_issue_order(loop)
    if order is None:
        return ()
    entries = order.turn_ops()
    by_warp = {r.warp: r for r in roles}
    n = len(entries)
    out = []
    for k, t in enumerate(entries):
        w = t.warp.value.data
        role = by_warp.get(w)
        if role is None:
            raise located_error(t, f"turn of '{t.role.data}': warp {w} has no role")
        kernel = {c.op for c in role.kernel}
        for name in (x.data for x in t.ops.data):
            if name not in ops or not isinstance(ops[name], tile.MmaOp) or name not in kernel:
                raise located_error(t, f"turn of '{t.role.data}': '{name}' is no MMA that warp {w} runs")
        out.append(
            Turn(
                t.role.data,
                w,
                t.bar.value.data,
                entries[(k + 1) % n].bar.value.data,
                tuple(x.data for x in t.ops.data),
                tuple(x.value.data for x in t.iters.data),
                tuple(x.data for x in t.overlap.data),
                k == 0,
                k == n - 1,
                128 * n,
            )
        )
    return tuple(out)


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
    outside = _read_outside(loop, ops, runs, ws)
    split = _read_mask_split(loop, ops, runs)
    plan = _read_memory_plan(loop, ops, channels, module_machine(module).target)
    turns = _read_turns(loop, ops, roles)
    return WarpProgram(
        loop,
        ws,
        ops,
        ws.ii.value.data,
        ws.stages.value.data,
        tuple(roles),
        channels,
        ws.lb,
        ws.ub,
        ws.step,
        outside,
        split,
        plan,
        turns,
    )


def _read_memory_plan(
    loop: tile.ForOp, ops: dict[str, Operation], channels: dict[str, ChannelRing], target: Target
) -> MemoryPlan | None:
    """The loop's memory plan, each entry naming what it should (a channel,
    the op yielding a carried value, a role, an MMA with a staged operand)
    and its columns within those allocated; None when it has none."""
    op = find_memory_plan(loop)
    if op is None:
        return None
    body = loop.body.block
    yielded = list(body.last_op.operands) if isinstance(body.last_op, tile.YieldOp) else []
    tmem = TmemPlan(resident=tmem_resident(loop, target), columns=op.tmem.value.data, mma_columns=op.mma.value.data)
    staged: list[StagedTile] = []
    for e in op.entry_ops():
        if isinstance(e, TmemScratchOp):
            tmem.scratch_at[e.warp.value.data] = _columns(e, e.at.value.data, 0, tmem.columns, "scratch")
            continue
        name = e.mma.data if isinstance(e, StagedOp) else e.value.data  # type: ignore[attr-defined]
        x = ops.get(name)
        if x is None:
            raise located_error(e, f"memory plan: '{name}' names no op of the loop")
        if isinstance(e, StagedOp):
            if not isinstance(x, tile.MmaOp):
                raise located_error(e, f"memory plan: staged '{name}' is not an MMA")
            value = x.lhs if e.operand.data in ("a^T", "a8") else x.rhs
            staged.append(StagedTile(value, x, e.operand.data, e.nbytes.value.data))
            continue
        v = x.results[0]
        if isinstance(e, SmemOperandOp):
            mma = a_transposed(v)
            if name not in channels or channels[name].memory != "smem":
                raise located_error(e, f"memory plan: '{name}' is no channel in shared memory")
            if mma is None or ops.get(e.mma.data) is not mma:
                raise located_error(e, f"memory plan: '{e.mma.data}' is no MMA reading '{name}' as its transposed A")
            tmem.smem_operand[v] = mma
            continue
        if isinstance(e, TmemAccOp):
            if v not in yielded:
                raise located_error(e, f"memory plan: accumulator '{name}' is not a value the loop carries")
            i = yielded.index(v)
            at = _columns(e, e.at.value.data, v.type.get_shape()[1], tmem.columns, name)  # type: ignore[attr-defined]
            for carried in (body.args[i + 1], v, loop.res[i]):
                tmem.acc_at[carried] = at
            continue
        if name not in channels or channels[name].memory != "tmem":
            raise located_error(e, f"memory plan: '{name}' is no channel in tensor memory")
        if isinstance(e, TmemPendingOp):
            tmem.pending.add(v)
            continue
        assert isinstance(e, TmemOp)
        cols = v.type.get_shape()[1] * channels[name].depth  # type: ignore[attr-defined]
        tmem.tmem_at[v] = _columns(e, e.at.value.data, cols, tmem.columns, name)
        if e.kind.data == "mma":
            tmem.umma_direct.add(v)
        elif e.kind.data == "in_place":
            tmem.in_place.add(v)
        elif e.kind.data == "over":
            s = tmem_alias(x, target)
            if s is None:
                raise located_error(e, f"memory plan: '{name}' is written over no MMA result of its iteration")
            tmem.alias[v] = s
    for v, s in tmem.alias.items():
        if tmem.tmem_at.get(s) != tmem.tmem_at[v]:
            raise located_error(op, "memory plan: a tile written over another channel's slot is not at its columns")
    values = {x.results[0]: (0, "") for n, x in ops.items() if n in channels}
    for arg in body.args[1:]:  # FA4's O on one role: its rescale in its columns too
        acc = rescaled_in_tmem(loop, arg, values, target) if arg in tmem.acc_at else None
        if acc is not None:
            tmem.acc_at[acc] = tmem.acc_at[arg]
    return MemoryPlan(op, op.release.data, tmem, tuple(staged))


def _columns(entry: Operation, at: int, width: int, allocated: int, what: str) -> int:
    """`at`, checked: columns [at, at + width) lie within those allocated."""
    if at + max(width, 1) > allocated:
        raise located_error(
            entry,
            f"memory plan: the tensor-memory columns of '{what}' ({at} to {at + width}) run past the {allocated} "
            "allocated (run plan-memory again)",
        )
    return at


def _read_mask_split(loop: tile.ForOp, ops: dict[str, Operation], runs: dict[str, int]) -> MaskSplit | None:
    """The loop's mask split, checked: right after the loop (its offsets
    are then values from before it), at least one split select, and no value of a mask-only op or a split select
    read on another role than the one computing it (an unmasked iteration
    skips the mask-only ops: a channel carrying one of their values would
    be filled in some iterations only, and its ring phases would diverge
    between its two ends; a split select's readers are its role's, so the
    unmasked schedule may fold it away)."""
    op = mask_split_of(loop)
    block = loop.parent_block()
    assert block is not None
    everything = list(block.ops)
    if op is None:
        stray = next((x for x in everything if isinstance(x, MaskSplitOp)), None)
        if stray is not None:  # its offsets must be known before the loop, as the loop's other twill ops
            raise located_error(stray, "twill.mask_split must follow its tile.for, with the loop's other twill ops")
        return None
    body = loop.body.block
    selects = split_selects(body)
    if not selects:
        raise located_error(op, "mask split: no tile.select of the loop is marked twill.split_mask")
    only = mask_only_ops(body)
    name_of = {id(x): name for name, x in ops.items()}
    yielded = list(body.last_op.operands) if isinstance(body.last_op, tile.YieldOp) else []
    for src in [*only, *selects]:
        if id(src) not in name_of:
            continue  # index arithmetic: computed wherever it is read
        what = "a split select's result" if src in selects else "a mask-only value"
        value, w = name_of[id(src)], runs[name_of[id(src)]]
        for r in src.results:
            readers = [u.operation for u in r.uses]
            for i, y in enumerate(yielded):  # a carried value: read through the loop's block argument
                if y is r:
                    readers += [u.operation for u in body.args[i + 1].uses]
            for reader in readers:
                name = name_of.get(id(reader))
                if name is not None and runs[name] != w:
                    raise located_error(
                        op,
                        f"mask split: '{value}' ({what}) is computed on warp {w} but '{name}' reads it on "
                        f"warp {runs[name]}: a mask-split value must not cross roles",
                    )
    return MaskSplit(op, tuple(op.offsets), op.coefficients, tuple(selects), tuple(only))


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
            if runs[value] == runs[name] or isinstance(src, tile.LoadScalarOp):  # a number each reader reads
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


def _read_outside(loop: tile.ForOp, ops: dict[str, Operation], runs: dict[str, int], ws: WarpSpecializeOp) -> Outside:
    """The `outside` entries, each naming what it should (a live-in an op
    before the loop, a live-out a loop result, a post-loop placement an op
    after it), and together what the kernel needs: every result the loop
    yields from a role held by that role, every op after the loop on a role,
    every value an op reads from another role handed over to it, and every
    value from before the loop a role reads computed on it."""
    ids = outside_ids(loop)
    block = loop.parent_block()
    assert block is not None
    everything = list(block.ops)
    before = everything[: everything.index(loop)]
    after = everything[everything.index(loop) + 1 :]
    name_of = {id(op): name for name, op in ops.items()}
    computed = [computed_for(loop, i) for i in range(len(loop.res))]
    computes = {  # loop result -> the role computing the value yielded for it (`x = y`: y's)
        res: runs[name_of[id(y.owner)]]
        for res, y in zip(loop.res, computed, strict=True)
        if y is not None and id(y.owner) in name_of
    }
    placed = [op for op in after if op.dialect_name() == "tile" and not isinstance(op, PLACED_AFTER)]
    live_in: dict[Operation, tuple[int, ...]] = {}
    at_use: set[Operation] = set()
    live_out: dict[SSAValue, int] = {}
    post: dict[Operation, int] = {}
    handoffs: dict[SSAValue, tuple[int, frozenset[int]]] = {}
    entries = ws.outside_ops()
    for e in entries:
        if isinstance(e, LiveInOp):
            x = ids.get(e.value.data)
            if not (isinstance(x, Operation) and x in before and not isinstance(x, tile.LoadOp)):
                raise located_error(e, f"live-in '{e.value.data}' names no value computed before the loop")
            live_in[x] = e.warps
            if e.at_use is not None:
                at_use.add(x)
        elif isinstance(e, LiveOutOp):
            x, w = ids.get(e.value.data), e.role.value.data
            if not (isinstance(x, SSAValue) and x in computes):
                raise located_error(e, f"live-out '{e.value.data}' names no result the loop yields from a role")
            if computes[x] != w:
                raise located_error(
                    e, f"live-out '{e.value.data}' is held by warp {w}, but warp {computes[x]} computes it"
                )
            live_out[x] = w
        elif isinstance(e, PostOp):
            x = ids.get(e.op.data)
            if not (isinstance(x, Operation) and x in placed):
                raise located_error(e, f"post-loop op '{e.op.data}' names no op after the loop that a role runs")
            post[x] = e.role.value.data
    for res in computes:
        if res not in live_out:
            raise located_error(ws, f"loop result '{_name(ids, res)}' has no live-out entry")
    holder = dict(live_out) | {r: w for op, w in post.items() for r in op.results}
    for op in placed:
        if op not in post:
            raise located_error(ws, f"op '{_name(ids, op)}' after the loop runs on no role (no twill.post)")
    for e in entries:
        if isinstance(e, HandoffOp):
            x = ids.get(e.value.data)
            v = x.results[0] if isinstance(x, Operation) and x.results else x
            if not isinstance(v, SSAValue):  # the op's verifier: a live-out or post-loop op, here one with no result
                raise located_error(e, f"hand-off '{e.value.data}' names an op with no result")
            handoffs[v] = (e.producer.value.data, frozenset(e.consumer_warps))
    for op in placed:
        w = post[op]
        for v in op.operands:
            if v in holder and holder[v] != w and not isinstance(v.owner, tile.LoadOp):
                if v not in handoffs or w not in handoffs[v][1]:
                    raise located_error(
                        ws,
                        f"op '{_name(ids, op)}' after the loop on warp {w} reads '{_name(ids, v)}' "
                        f"from warp {holder[v]}, with no hand-off to it",
                    )
    _check_live_in(loop, ops, runs, placed, post, live_in, ids, ws)
    releases = tuple(
        (e.releases.data, e.role.value.data) for e in entries if isinstance(e, LiveOutOp) and e.releases is not None
    )
    return Outside(live_in, live_out, post, handoffs, frozenset(at_use), releases)


def _name(ids: dict[str, Operation | SSAValue], x: Operation | SSAValue) -> str:
    for name, thing in ids.items():
        if thing is x or (isinstance(thing, Operation) and isinstance(x, SSAValue) and x in thing.results):
            return name
    return "?"


def _check_live_in(
    loop: tile.ForOp,
    ops: dict[str, Operation],
    runs: dict[str, int],
    placed: list[Operation],
    post: dict[Operation, int],
    live_in: dict[Operation, tuple[int, ...]],
    ids: dict[str, Operation | SSAValue],
    ws: WarpSpecializeOp,
) -> None:
    """Each register value from before the loop that a role reads (an op of
    its in the loop, not through a carried value, or after it, a carried
    value the loop never assigns being its initial value there; or a
    live-in it computes) is computed on that role."""
    block = loop.parent_block()
    assert block is not None
    before = set(list(block.ops)[: list(block.ops).index(loop)])
    inits = {init.owner for init in loop.iter_args}
    readers: list[tuple[Operation, int]] = [(op, runs[name]) for name, op in ops.items()]
    readers += list(post.items())
    readers += [(op, w) for op, ws_ in live_in.items() for w in ws_]
    for op, w in readers:
        if isinstance(op, tile.LoadOp):
            continue
        for v in op.operands:
            if op in post:
                v = initial_value(loop, v) or v
            src = v.owner
            if not (isinstance(src, Operation) and src in before and isinstance(v.type, tile.TileType)):
                continue
            if isinstance(src, tile.LoadOp) or (src in inits and op not in post):
                continue  # loaded once for every role; a carried value's start its role initializes
            if w not in live_in.get(src, ()):
                raise located_error(
                    ws, f"warp {w} reads '{_name(ids, src)}' computed before the loop, with no live-in on it"
                )
