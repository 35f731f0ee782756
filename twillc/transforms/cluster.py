"""`cluster{size=.. shared=..}`: thread-block clusters of two CTAs with TMA
multicast of the operand both share, for a persistent GEMM-class kernel on
sm_90a (docs/codegen.md, "Clusters").

2 x 1 (`shared` B): the two CTAs compute output tiles `2p` and `2p + 1` of
the persistent loop's order (the grouped order walks rows of tiles first,
so the two are one above the other and share B's columns); each loads its
own A tile and half of B's boxes, multicast to both. 1 x 2 (`shared` A):
the tile order is rewritten into pairs of side-by-side tiles
(`_pair_columns`), which share A's rows; each loads its own B and half of
A's boxes. Which operand: the source's (`cluster 2x1` / `cluster 1x2`,
`tile.persistent`'s `cluster_shared`) or the option's, else the one whose
multicast saves more L2 bytes (B on a tie). The decision is
`twill.cluster = {size = 2, multicast = [tensors], saving = bytes,
cycles = [..], shared = "A"}` (no `shared`: B) on the `tile.persistent`
op; the CUDA emitter only reads it.

`size`: 1 (no cluster), 2, or 0 (the default: what the source asks for,
`tiles(...) persistent cluster C` (`tile.persistent`'s `cluster`), and
without it the rule below). The rule is a cost in the machine model
(docs/scheduling.md, "Clusters in the cost model"): an iteration of the
main loop takes max(II, loads / tma_bytes, L2 bytes / share) cycles, where
`share` is the L2-to-SM rate one CTA gets, `rates.l2_bytes` x `sms` over
the CTAs running at once (min(SMs, tiles) where the tile count is a
constant, else every SM), at most `tma_bytes`; the multicast takes
`saving` off the L2 bytes. The rule clusters where that takes cycles off
the iteration; the two figures are written as `cycles = [unclustered,
clustered]`. Without `rates.l2_bytes` the rule takes 1. A kernel the rule
or the option cannot cluster (not persistent, not the GEMM class, not
sm_90a, no operand read only as an MMA's A or only as its B) is left alone by the rule and
refused, located, when `size=2` is asked for. On sm_100a `size=2` asks for a
CTA pair computing a 256-row tile with `tcgen05.mma.cta_group::2` instead
(`twillc.transforms.cta_pair`).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IndexType, IntegerAttr, ModuleOp, StringAttr, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.passes import ModulePass

from twillc.dialects import tile
from twillc.dialects.twill_attrs import ScheduleAttr
from twillc.target.arch import Sm90a
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop, kernel_name
from twillc.transforms.memory_plan import gemm_class

ATTR = "twill.cluster"
ORDER = "twill.cluster_order"
"""On `tile.persistent`: the tile order was rewritten into pairs of side-by-side tiles (1 x 2)."""


@dataclass(frozen=True)
class ClusterPass(ModulePass):
    """2 x 1 or 1 x 2 clusters with the shared operand multicast (module docstring)."""

    name = "cluster"

    size: int = 0
    """1, 2, or 0: the rule (module docstring)."""

    shared: str = ""
    """"A" (1 x 2), "B" (2 x 1), or "": the operand of the larger saving
    (or the source's `cluster 1x2` / `cluster 2x1`)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from xdsl.dialects.func import FuncOp

        func = next((o for o in op.walk() if isinstance(o, FuncOp)), None)
        persistent = tile.find_persistent(func) if func is not None else None
        anchor = persistent if persistent is not None else func if func is not None else op
        if self.size not in (0, 1, 2):
            raise located_error(anchor, f"cluster: size is 1, 2 or 0 (the rule), got {self.size}")
        size = self.size
        if size == 0 and persistent is not None and persistent.cluster is not None:
            size = persistent.cluster.value.data  # the source's `cluster C`
        if size == 1:
            if persistent is not None and ATTR in persistent.attributes:
                del persistent.attributes[ATTR]
            return
        if persistent is not None and module_machine(op).target.has_tensor_memory:
            from twillc.transforms.cta_pair import apply_pair

            apply_pair(op, persistent, size, anchor)  # sm_100a: a CTA pair on a 256-row tile
            return
        force = self.shared or (
            persistent.cluster_shared.data if persistent is not None and persistent.cluster_shared is not None else ""
        )
        if force not in ("", "A", "B"):
            raise located_error(anchor, f"cluster: shared is A or B (the operand the pair shares), got '{force}'")
        shape = {"A": "1 x 2", "B": "2 x 1"}.get(force, "2 x 1 or 1 x 2")
        reason, choice = _refusal(op, persistent, force)
        if reason:
            if size == 2:
                raise located_error(
                    anchor, f"cluster: a {shape} cluster is not generated for '{kernel_name(op)}': {reason}"
                )
            return
        assert persistent is not None and choice is not None
        operand, shared, names = choice
        loop = find_loop(op)
        per_iter = sum(_bytes(v) for v in loop.body.block.ops if isinstance(v, tile.LoadOp))
        saving = sum(_bytes(v) for v in shared) // 2
        cycles = loop_cycles(op, loop, persistent, per_iter, saving)
        if size == 0 and (cycles is None or cycles[1] >= cycles[0]):
            return
        if operand == "A" and ORDER not in persistent.attributes:
            reason = _pair_columns(persistent)
            if reason:
                raise located_error(
                    anchor, f"cluster: a 1 x 2 cluster is not generated for '{kernel_name(op)}': {reason}"
                )
        _producer_budget(op, loop)
        fields: dict[str, Attribute] = {
            "size": IntegerAttr(2, i64),
            "multicast": ArrayAttr([StringAttr(n) for n in names]),
            "saving": IntegerAttr(saving, i64),
        }
        if cycles is not None:
            fields["cycles"] = ArrayAttr([IntegerAttr(c, i64) for c in cycles])
        if operand == "A":  # 2 x 1 sharing B is the form without the key (modules written before 1 x 2)
            fields["shared"] = StringAttr("A")
        persistent.attributes[ATTR] = DictionaryAttr(fields)


def _producer_budget(module: ModuleOp, loop: tile.ForOp) -> None:
    """The producer's register budget raised to one setmaxnreg step over the
    minimum (24 -> 32 on h100): it holds the pair's test, the peer's tile
    index, its rank and the multicast mask beside the plain producer's
    values (ptxas spills the clustered GEMM's producer at 24, not at 32),
    where the warp groups' budgets still add up within the register file;
    written into the schedule's `twill.warps` and the warp-specialized
    roles, which the emitter reads."""
    from twillc.dialects.twill import RoleOp
    from twillc.dialects.twill_attrs import WarpAttr

    machine = module_machine(module)
    warps = {
        a.value.data
        for o in loop.body.block.ops
        if isinstance(o, tile.LoadOp) and isinstance(a := o.attributes.get("twill.warp"), IntegerAttr)
    }
    schedule = loop.attributes.get("twill.warps")
    if len(warps) != 1 or not isinstance(schedule, ArrayAttr):
        return
    producer = warps.pop()
    need = machine.setmaxnreg_min + machine.setmaxnreg_step
    budgets = [w for w in schedule.data if isinstance(w, WarpAttr)]
    old = next((w.regs.data for w in budgets if w.id.data == producer), None)
    if old is None or old >= need:
        return
    if sum(w.regs.data for w in budgets) - old + need > machine.regs_per_thread_total:
        return
    loop.attributes["twill.warps"] = ArrayAttr(
        [WarpAttr(w.id.data, w.role.data, need if w.id.data == producer else w.regs.data) for w in budgets]
    )
    for role in module.walk():
        if isinstance(role, RoleOp) and role.warp.value.data == producer:
            role.regs = IntegerAttr(need, i64)


Choice = tuple[str, list[tile.LoadOp], list[str]]
"""The shared operand ("A" or "B"), the loads of its tensors, their names."""


def _refusal(module: ModuleOp, persistent: tile.PersistentOp | None, force: str) -> tuple[str, Choice | None]:
    """Why the kernel is not clustered ('' when it is), and the operand the
    pair shares: `force`'s, else the one whose multicast saves more L2
    bytes (B on a tie: the 2 x 1 form). The tensors of an operand are those
    MMAs read only as that operand (B: tiles one above the other share
    them; A: tiles side by side)."""
    machine = module_machine(module)
    if not isinstance(machine.target, Sm90a):
        return f"clusters are generated for sm_90a, the target is {machine.target.name}", None
    if persistent is None:
        return "clusters are generated for persistent kernels (`tiles(...) persistent`)", None
    loop = find_loop(module)
    if not gemm_class(loop):
        return "the main loop is not of the GEMM class (TMA loads feeding MMAs)", None
    body = list(loop.body.block.ops)
    mmas = [o for o in body if isinstance(o, tile.MmaOp)]
    loads = [o for o in body if isinstance(o, tile.LoadOp)]
    lhs_tensors = {o.tensor for o in loads if any(m.lhs == o.result for m in mmas)}
    rhs_tensors = {o.tensor for o in loads if any(m.rhs == o.result for m in mmas)}
    choices: dict[str, Choice] = {}
    for operand, mine, other in (("B", rhs_tensors, lhs_tensors), ("A", lhs_tensors, rhs_tensors)):
        tensors = [t for t in mine if t not in other]
        if tensors:
            names = sorted(t.name_hint or "" for t in tensors)
            choices[operand] = (operand, [o for o in loads if o.tensor in tensors], names)
    if force:
        if force not in choices:
            return f"no operand tensor is read only as an MMA's {force} (the operand the pair would share)", None
        return "", choices[force]
    if not choices:
        return "no operand tensor is read only as an MMA's A or only as its B (an operand the pair shares)", None
    saving = {k: sum(_bytes(o) for o in c[1]) for k, c in choices.items()}
    return "", choices["A"] if saving.get("A", 0) > saving.get("B", 0) else choices["B"]


def _pair_columns(persistent: tile.PersistentOp) -> str:
    """The tile order rewritten so that tiles 2p and 2p + 1 are side by side
    (the same row of tiles: they share A's rows): the grouped order of
    `tiles(...)` (tm = first + within % rows, tn = within / rows, within =
    bid % (G x TN), first = bid / (G x TN) x G) walks the pairs, over
    TN' = (TN + 1) / 2 columns of pairs, and tn = 2 tn' + bid % 2; the tile
    count's TN becomes 2 TN' (an odd TN's last pair has a tile past the
    tensor: zeros loaded, nothing stored). Marked with `ORDER`; '' when
    done, else why the order is not the grouped one."""
    from xdsl.dialects import arith
    from xdsl.rewriter import InsertPoint, Rewriter

    bid = next((o.result for o in persistent.parent_block().ops if isinstance(o, tile.BlockIdOp)), None)  # type: ignore[union-attr]
    if bid is None:
        return "the tile order does not read the tile index"
    firsts = [u.operation for u in bid.uses if isinstance(u.operation, arith.DivUIOp) and u.index == 0]
    withins = [u.operation for u in bid.uses if isinstance(u.operation, arith.RemSIOp) and u.index == 0]
    if len(firsts) != 1 or len(withins) != 1 or firsts[0].rhs != withins[0].rhs:
        return "the tile order is not the grouped order `tiles(...)` writes"
    width = withins[0].rhs.owner
    if not isinstance(width, arith.MuliOp) or width.rhs != persistent.tiles_n:
        return "the tile order is not the grouped order `tiles(...)` writes"
    tns = [u.operation for u in withins[0].result.uses if isinstance(u.operation, arith.DivUIOp)]
    if len(tns) != 1:
        return "the tile order is not the grouped order `tiles(...)` writes"
    tn = tns[0].result
    block = persistent.parent_block()
    assert block is not None

    def const(v: int) -> arith.ConstantOp:
        return arith.ConstantOp(IntegerAttr(v, IndexType()))

    one, two = const(1), const(2)
    half = [arith.AddiOp(persistent.tiles_n, one), None]
    half[1] = arith.DivUIOp(half[0], two)  # type: ignore[call-overload]
    padded = arith.MuliOp(half[1], two)  # type: ignore[arg-type]
    pair = arith.DivUIOp(bid, two)
    lane = arith.RemUIOp(bid, two)
    new_ops = [one, two, half[0], half[1], padded, pair, lane]
    Rewriter.insert_op(new_ops, InsertPoint.before(persistent))  # type: ignore[arg-type]
    pair.result.name_hint, lane.result.name_hint, half[1].result.name_hint = "pair", "lane", "pair_cols"  # type: ignore[union-attr]
    persistent.operands[1] = padded.result
    width.operands[1] = half[1].result  # type: ignore[union-attr]
    firsts[0].operands[0] = pair.result
    withins[0].operands[0] = pair.result
    twice = arith.MuliOp(tn, two.result)
    col = arith.AddiOp(twice.result, lane.result)
    Rewriter.insert_op([twice, col], InsertPoint.after(tns[0]))
    col.result.name_hint = tn.name_hint
    tn.name_hint = "pair_col"
    tn.replace_uses_with_if(col.result, lambda u: u.operation is not twice)
    persistent.attributes[ORDER] = StringAttr("1x2")
    return ""


def loop_cycles(
    module: ModuleOp, loop: tile.ForOp, persistent: tile.PersistentOp, per_iter: int, saving: int
) -> tuple[int, int] | None:
    """The main loop's cycles per iteration without and with the cluster in
    the machine model (module docstring; docs/scheduling.md): max(II,
    per_iter / tma_bytes, L2 bytes / share), the L2 bytes `per_iter`, and
    `per_iter - saving` in a cluster. None where the machine has no
    `rates.l2_bytes` or the loop no schedule."""
    machine = module_machine(module)
    rate = machine.rates.get("l2_bytes")
    sched = loop.attributes.get("twill.schedule")
    if not rate or not isinstance(sched, ScheduleAttr):
        return None
    norm = loop.attributes.get("twill.normalization")
    scale = (1, 1)
    if isinstance(norm, DictionaryAttr):
        scale = (_int(norm.data["scale_cycles"]), _int(norm.data["scale_units"]))
    ii = ceil(sched.ii.data * scale[0] / scale[1])
    sms = machine.sms or 1
    tiles = [_constant(v) for v in (persistent.tiles_m, persistent.tiles_n)]
    running = sms if None in tiles else max(1, min(sms, tiles[0] * tiles[1]))  # type: ignore[operator]
    tma = machine.rates["tma_bytes"]
    share = min(tma, rate * sms / running)
    landing = ceil(per_iter / tma)  # each CTA's shared memory receives the whole slot either way
    return (
        max(ii, landing, ceil(per_iter / share)),
        max(ii, landing, ceil((per_iter - saving) / share)),
    )


def _constant(value: SSAValue) -> int | None:
    """An index operand's value where it is computed from constants only
    (`arith.constant` through addi / subi / muli / divui, as the frontend
    writes `(M + BM - 1) / BM` for a static M); None where it reads a size."""
    from xdsl.dialects import arith

    owner = value.owner
    if isinstance(owner, arith.ConstantOp):
        return int(owner.value.value.data) if isinstance(owner.value, IntegerAttr) else None
    fold = {
        arith.AddiOp: lambda a, b: a + b,
        arith.SubiOp: lambda a, b: a - b,
        arith.MuliOp: lambda a, b: a * b,
        arith.DivUIOp: lambda a, b: a // b if b else None,
    }
    for kind, f in fold.items():
        if isinstance(owner, kind):
            a, b = _constant(owner.lhs), _constant(owner.rhs)
            return None if a is None or b is None else f(a, b)
    return None


def _int(a: Attribute) -> int:
    assert isinstance(a, IntegerAttr)
    return int(a.value.data)


def _bytes(load: tile.LoadOp) -> int:
    from twillc.transforms.annotate_costs import _bytes as value_bytes

    return value_bytes(load.result)
