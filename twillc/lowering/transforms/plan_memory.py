"""`plan-memory`: where the warp-specialized kernel keeps what it allocates,
written into the IR as `twill.memory_plan` (twillc/dialects/twill_memory.py) after
the loop's `twill.warp_specialize`, so that the CUDA printer and the
simulator read one decision and neither makes it again:

- the slot release policy of the loop's rings: `deferred` for a loop of
  the GEMM class on a target that keeps one wgmma batch in flight
  (`Target.gemm_release`: the loads share one ring, each slot released one
  iteration late; printed by twillc/lowering/cuda/sm90.py), when the kernel has
  no scalar argument and no mask split; else `last-use`, each slot
  released after its last read (the general printer);
- tensor-memory columns by the allocation rule
  (`twillc.transforms.memory_plan.plan_tmem`): each channel ring there and
  its kind, the carried accumulators kept there for the whole loop, each
  role's scratch accumulator, the tiles left with no columns, the columns
  allocated and those the MMAs need;
- the tiles a wgmma reads from a shared-memory buffer their role writes
  (`memory_plan.staged_tiles`);
- on sm_100a, the channels whose ring is in shared memory in the layout of
  the MMA reading them there (a transposed register A, which tcgen05.mma
  takes only from shared memory: `TmemPlan.smem_operand`).
Ring depths and each channel's memory are `warp-specialize`'s (the
`twill.channel` ops), register budgets the roles' (`twill.role ... regs`).

`warp-specialize` runs this as its last step; the pass plans a module
printed without a plan (or re-plans one edited by hand), replacing the plan
it finds."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from twillc.dialects import tile
from twillc.dialects.twill import region_ops
from twillc.dialects.twill_memory import (
    MemoryPlanOp,
    SmemOperandOp,
    StagedOp,
    TmemAccOp,
    TmemOp,
    TmemPendingOp,
    TmemScratchOp,
)
from twillc.dialects.twill_split import mask_split_of
from twillc.lowering.warp_program import find_memory_plan, find_warp_specialize, scalar_arguments
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import costed_ops, find_loop, op_ids
from twillc.transforms.loop_segments import SEGMENT
from twillc.transforms.memory_plan import gemm_class, loop_ops, plan_tmem, staged_tiles


@dataclass(frozen=True)
class PlanMemoryPass(ModulePass):
    """Write the warp-specialized loop's memory plan (`twill.memory_plan`)."""

    name = "plan-memory"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        write_memory_plan(op)


def write_memory_plan(module: ModuleOp) -> None:
    """Plan the module's warp-specialized loop and write (or replace) its
    `twill.memory_plan` right after its `twill.warp_specialize`."""
    loop = find_loop(module)
    ws = find_warp_specialize(loop)
    if ws is None:
        raise located_error(loop, "plan-memory reads the warp-specialized loop: run warp-specialize first")
    target = module_machine(module).target
    name_of = {id(op): name for op, name in op_ids(costed_ops(loop)).items()}
    warp_of = {c.op.data: role.warp.value.data for role in ws.role_ops() for c in region_ops(role.kernel)}  # type: ignore[attr-defined]
    channels = {ch.value.data: ch for ch in ws.channel_ops()}

    def warp(op: Operation) -> int:
        name = name_of.get(id(op), "")
        if name not in warp_of:
            raise located_error(ws, f"plan-memory: op '{name or op.name}' of the loop runs on no role (no kernel copy)")
        return warp_of[name]

    body = loop_ops(loop)
    chans: dict[SSAValue, tuple[int, str]] = {}
    for op in body:  # in program order: the allocation rule's
        ch = channels.get(name_of.get(id(op), ""))
        if ch is not None and not isinstance(op, tile.LoadOp):
            chans[op.results[0]] = (ch.depth.value.data, ch.memory.data)
    plan = plan_tmem(loop, chans, warp, target)

    def name(v: SSAValue) -> str:
        return name_of[id(v.owner)]

    entries: list[Operation] = []
    for v, at in plan.tmem_at.items():
        kind = "mma" if v in plan.umma_direct else "in_place" if v in plan.in_place else "ring"
        kind = "over" if v in plan.alias else kind
        entries.append(TmemOp(name(v), at, kind))
    entries += [TmemPendingOp(name(v)) for v in chans if v in plan.pending]
    entries += [SmemOperandOp(name(v), name(mma.result), "a^T") for v, mma in plan.smem_operand.items()]
    yielded = list(loop.body.block.last_op.operands)  # type: ignore[union-attr]
    for v, at in plan.acc_at.items():
        if v in yielded:  # one entry per accumulator: the value the loop yields for it
            entries.append(TmemAccOp(name(v), at))
    entries += [TmemScratchOp(w, at) for w, at in plan.scratch_at.items()]
    staged = staged_tiles(body, target) + plan.staged
    entries += [StagedOp(name_of[id(st.mma)], st.operand, st.nbytes) for st in staged]
    deferred = (
        target.gemm_release
        and gemm_class(loop)
        and not scalar_arguments(module)
        and mask_split_of(loop) is None
        and SEGMENT not in module.attributes  # one loop of several: the general emitter runs them in sequence
    )
    result = MemoryPlanOp("deferred" if deferred else "last-use", plan.columns, plan.mma_columns, entries)
    old = find_memory_plan(loop)
    if old is not None:
        Rewriter.replace_op(old, result)
    else:
        Rewriter.insert_op(result, InsertPoint.after(ws))
