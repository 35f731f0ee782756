"""`cluster{size=..}`: 2 x 1 thread-block clusters with TMA multicast of the
operand two vertically adjacent output tiles share, for a persistent
GEMM-class kernel on sm_90a (docs/codegen.md, "Clusters").

The two CTAs of a cluster compute output tiles `2p` and `2p + 1` of the
persistent loop's order (the grouped order walks rows of tiles first, so
the two share B's columns); each loads its own A tile and half of the
shared operand's boxes, multicast to both. The decision is
`twill.cluster = {size = 2, multicast = [tensors], saving = bytes}` on the
`tile.persistent` op; the CUDA emitter only reads it.

`size`: 1 (no cluster), 2, or 0 (the default: what the source asks for,
`tiles(...) persistent cluster C` (`tile.persistent`'s `cluster`), and
without it the rule below). The rule
takes 2 where the machine model has an L2-to-SM rate (`rates.l2_bytes`,
bytes per clock per SM) and the main loop's loads per iteration take longer
at that rate than its II: the loop is then bound by L2 bandwidth, and the
multicast halves the shared operand's L2 reads. Without that rate (the
shipped h100 model has none: it is to be measured on a device) the rule
takes 1. A kernel the rule or the option cannot cluster (not persistent,
not the GEMM class, not sm_90a, no operand an MMA reads as B) is left alone
by the rule and refused, located, when `size=2` is asked for. On sm_100a
`size=2` asks for a CTA pair computing a 256-row tile with
`tcgen05.mma.cta_group::2` instead (`twillc.transforms.cta_pair`).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, ModuleOp, StringAttr, i64
from xdsl.ir import Attribute
from xdsl.passes import ModulePass

from twillc.dialects import tile
from twillc.dialects.twill_attrs import ScheduleAttr
from twillc.target.arch import Sm90a
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop, kernel_name
from twillc.transforms.memory_plan import gemm_class

ATTR = "twill.cluster"


@dataclass(frozen=True)
class ClusterPass(ModulePass):
    """2 x 1 clusters with the shared operand multicast (module docstring)."""

    name = "cluster"

    size: int = 0
    """1, 2, or 0: the rule (module docstring)."""

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
        reason, shared, names = _refusal(op, persistent)
        if reason:
            if size == 2:
                raise located_error(
                    anchor, f"cluster: a 2 x 1 cluster is not generated for '{kernel_name(op)}': {reason}"
                )
            return
        assert persistent is not None
        loop = find_loop(op)
        per_iter = sum(_bytes(v) for v in loop.body.block.ops if isinstance(v, tile.LoadOp))
        saving = sum(_bytes(v) for v in shared) // 2
        if size == 0 and not _bandwidth_bound(op, loop, per_iter):
            return
        _producer_budget(op, loop)
        persistent.attributes[ATTR] = DictionaryAttr(
            {
                "size": IntegerAttr(2, i64),
                "multicast": ArrayAttr([StringAttr(n) for n in names]),
                "saving": IntegerAttr(saving, i64),
            }
        )


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


def _refusal(module: ModuleOp, persistent: tile.PersistentOp | None) -> tuple[str, list[tile.LoadOp], list[str]]:
    """Why the kernel is not clustered ('' when it is), the loads of the
    multicast operands and those operands' argument names."""
    machine = module_machine(module)
    if not isinstance(machine.target, Sm90a):
        return f"clusters are generated for sm_90a, the target is {machine.target.name}", [], []
    if persistent is None:
        return "clusters are generated for persistent kernels (`tiles(...) persistent`)", [], []
    loop = find_loop(module)
    if not gemm_class(loop):
        return "the main loop is not of the GEMM class (TMA loads feeding MMAs)", [], []
    body = list(loop.body.block.ops)
    mmas = [o for o in body if isinstance(o, tile.MmaOp)]
    loads = [o for o in body if isinstance(o, tile.LoadOp)]
    lhs = {o.lhs for o in mmas}
    rhs_tensors = {o.tensor for o in loads if any(m.rhs == o.result for m in mmas)}
    lhs_tensors = {o.tensor for o in loads if o.result in lhs}
    tensors = [t for t in rhs_tensors if t not in lhs_tensors]
    if not tensors:
        return "no operand tensor is read only as an MMA's B (the operand vertically adjacent tiles share)", [], []
    names = sorted(t.name_hint or "" for t in tensors)
    return "", [o for o in loads if o.tensor in tensors], names


def _bandwidth_bound(module: ModuleOp, loop: tile.ForOp, per_iter: int) -> bool:
    """The rule: the iteration's loads take longer at the L2-to-SM rate than
    the loop's II (in cycles); False where the machine has no such rate."""
    machine = module_machine(module)
    rate = machine.rates.get("l2_bytes")
    if not rate:
        return False
    norm = loop.attributes.get("twill.normalization")
    sched = loop.attributes.get("twill.schedule")
    if not isinstance(sched, ScheduleAttr):
        return False
    scale = (1, 1)
    if isinstance(norm, DictionaryAttr):
        scale = (_int(norm.data["scale_cycles"]), _int(norm.data["scale_units"]))
    return per_iter / rate > ceil(sched.ii.data * scale[0] / scale[1])


def _int(a: Attribute) -> int:
    assert isinstance(a, IntegerAttr)
    return int(a.value.data)


def _bytes(load: tile.LoadOp) -> int:
    from twillc.transforms.annotate_costs import _bytes as value_bytes

    return value_bytes(load.result)
