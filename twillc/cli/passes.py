"""twillc's passes, by kebab-case name, as lazy factories (the driver stays fast)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass


def _annotate_costs() -> type[ModulePass]:
    from twillc.transforms.annotate_costs import AnnotateCostsPass

    return AnnotateCostsPass


def _cost_normalize() -> type[ModulePass]:
    from twillc.transforms.cost_normalize import CostNormalizePass

    return CostNormalizePass


def _modulo_schedule() -> type[ModulePass]:
    from twillc.transforms.modulo_schedule import ModuloSchedulePass

    return ModuloSchedulePass


def _joint_schedule() -> type[ModulePass]:
    from twillc.transforms.joint_schedule import JointSchedulePass

    return JointSchedulePass


def _gaus_schedule() -> type[ModulePass]:
    from twillc.transforms.gaus_schedule import GausSchedulePass

    return GausSchedulePass


def _pipeline_expand() -> type[ModulePass]:
    from twillc.lowering.transforms.pipeline_expand import PipelineExpandPass

    return PipelineExpandPass


def _warp_specialize() -> type[ModulePass]:
    from twillc.lowering.transforms.warp_specialize import WarpSpecializePass

    return WarpSpecializePass


def _plan_memory() -> type[ModulePass]:
    from twillc.lowering.transforms.plan_memory import PlanMemoryPass

    return PlanMemoryPass


def _issue_order() -> type[ModulePass]:
    from twillc.lowering.transforms.issue_order import IssueOrderPass

    return IssueOrderPass


def _verify_schedule() -> type[ModulePass]:
    from twillc.transforms.verify_schedule import VerifySchedulePass

    return VerifySchedulePass


def _sub_tile() -> type[ModulePass]:
    from twillc.transforms.sub_tile import SubTilePass

    return SubTilePass


def _cse() -> type[ModulePass]:
    from twillc.transforms.cse import CsePass

    return CsePass


def _index_remat() -> type[ModulePass]:
    from twillc.transforms.index_remat import IndexRematPass

    return IndexRematPass


def _mask_split() -> type[ModulePass]:
    from twillc.transforms.mask_split import MaskSplitPass

    return MaskSplitPass


def _variant_search() -> type[ModulePass]:
    from twillc.transforms.variant_search import VariantSearchPass

    return VariantSearchPass


def _nest_schedule() -> type[ModulePass]:
    from twillc.transforms.nest_schedule import NestSchedulePass

    return NestSchedulePass


def _cluster() -> type[ModulePass]:
    from twillc.transforms.cluster import ClusterPass

    return ClusterPass


def _simulate() -> type[ModulePass]:
    from twillc.lowering.transforms.simulate import SimulatePass

    return SimulatePass


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    return {
        "annotate-costs": _annotate_costs,
        "cost-normalize": _cost_normalize,
        "modulo-schedule": _modulo_schedule,
        "joint-schedule": _joint_schedule,
        "gaus-schedule": _gaus_schedule,
        "verify-schedule": _verify_schedule,
        "nest-schedule": _nest_schedule,
        "cluster": _cluster,
        "pipeline-expand": _pipeline_expand,
        "warp-specialize": _warp_specialize,
        "plan-memory": _plan_memory,
        "issue-order": _issue_order,
        "sub-tile": _sub_tile,
        "cse": _cse,
        "mask-split": _mask_split,
        "index-remat": _index_remat,
        "variant-search": _variant_search,
        "simulate": _simulate,
    }


PASS_SUMMARIES = {
    "annotate-costs": "derive unit, cycles, latency, registers and memory of each op from the target",
    "cost-normalize": "ratio-preserving small integer costs (Twill 5.2), CP-SAT",
    "modulo-schedule": "exact modulo schedule, minimal II then length, CP-SAT, with proof",
    "joint-schedule": "exact joint software pipelining + warp specialization (Twill 4), CP-SAT and Z3",
    "gaus-schedule": "differentiable modulo scheduling (GauS), PyTorch",
    "verify-schedule": "independent re-check of every constraint of the schedule",
    "nest-schedule": "a persistent kernel's outer loop over tiles in the super-node model (the main loop as one op)",
    "cluster": "2 x 1 clusters multicasting the shared operand of a persistent sm_90a GEMM (size=2, or the rule); "
    "on sm_100a (size=2) a CTA pair computing a 256-row tile with tcgen05.mma.cta_group::2",
    "pipeline-expand": "the scheduled loop as prologue / kernel / epilogue copies with buffer depths",
    "mask-split": "schedule the iterations that need the loop's mask and those that do not as one pipeline",
    "index-remat": "mark index tiles (iota and integer arithmetic, their comparisons) computed at each read",
    "sub-tile": "split a chain's rows (or an MMA result's columns) into independent parts (data partitioning), "
    "plain tile IR",
    "cse": "compute repeated pure tile expressions once (variant-search runs it first)",
    "variant-search": "schedule the kernel (its repeats once) unsplit, sub-tiled in 2, 3, ... parts and with its "
    "loop's steps split; keep the fastest in cycles",
    "warp-specialize": "one region per warp role with its register budget; cross-role values as channels",
    "plan-memory": "the warp-specialized kernel's memory plan (release policy, tensor memory, staged tiles)",
    "issue-order": "the warp roles' turns at the tensor core (FA3's ping-pong) where the schedule orders them",
    "simulate": "run the warp-specialized program under many interleavings against the loop; exit 3 on a finding",
}

# What `twillc k.tile -o k.json` (or .txt, ...) runs when --passes is not given:
# variant-search schedules the kernel as written and sub-tiled (each variant
# through SCHEDULE_PIPELINE) and keeps the fastest; `-o k.cu` and `-o k.ptx`
# lower the schedule too (LOWERING_PIPELINE). A module already costed resumes
# SCHEDULE_PIPELINE where it stands.
SCHEDULE_PIPELINE = "annotate-costs,cost-normalize,modulo-schedule,joint-schedule,verify-schedule"
DEFAULT_PIPELINE = "variant-search"
LOWERING_PIPELINE = "cluster,nest-schedule,pipeline-expand,warp-specialize"


def default_pipeline(module: ModuleOp, kind: str) -> str:
    """The default pipeline for an output kind, resumed where the module
    stands: passes whose results it already holds (read from a printed
    module) are not run again, so an edited module is compiled as written.
    A scheduled module is always re-checked by verify-schedule."""
    from twillc.dialects import tile
    from twillc.dialects.twill import IssueOrderOp, MemoryPlanOp, PipelineOp, ScheduleAttr, WarpSpecializeOp
    from twillc.transforms.loop_segments import segments

    lowering = LOWERING_PIPELINE.split(",") if kind in ("cu", "ptx") else []
    if not any(isinstance(op, tile.PersistentOp) for op in module.walk()):
        # no tile loop around the main loop: nothing to nest, no cluster of tiles
        lowering = [p for p in lowering if p not in ("nest-schedule", "cluster")]
    parts = segments(module)
    if parts:  # several loops: every segment went through the same passes
        module = parts[0]
    passes = SCHEDULE_PIPELINE.split(",") + lowering
    ops = list(module.walk())
    loops = [op for op in ops if isinstance(op, tile.ForOp)]
    if not loops:
        return ",".join(passes)  # annotate-costs reports the missing loop
    loop = loops[0]
    if not any("twill.cost" in op.attributes for op in loop.walk()):
        return ",".join(DEFAULT_PIPELINE.split(",") + lowering)
    scheduled = isinstance(loop.attributes.get("twill.schedule"), ScheduleAttr)
    reached = [
        ("annotate-costs", any("twill.cost" in op.attributes for op in loop.body.block.ops)),
        ("cost-normalize", "twill.normalization" in loop.attributes),
        ("modulo-schedule", scheduled),
        ("joint-schedule", scheduled and "twill.warps" in loop.attributes),
        ("pipeline-expand", any(isinstance(op, PipelineOp) for op in ops)),
        ("warp-specialize", any(isinstance(op, WarpSpecializeOp) for op in ops)),
    ]
    last = max((passes.index(name) for name, held in reached if held and name in passes), default=-1)
    rest = passes[last + 1 :]
    if scheduled and "verify-schedule" not in rest:
        rest.insert(0, "verify-schedule")
    if lowering and "warp-specialize" not in rest and not any(isinstance(op, MemoryPlanOp) for op in ops):
        rest.append("plan-memory")  # warp-specialized before plan-memory was its step (or its plan deleted)
    if lowering and "warp-specialize" not in rest and not any(isinstance(op, IssueOrderOp) for op in ops):
        rest.append("issue-order")  # warp-specialized before issue-order was its step: the turns from the schedule
    return ",".join(rest)


def parse_pipeline(spec: str, allowed: tuple[str, ...], what: str) -> list[ModulePass]:
    """The passes of `spec`, each one of `allowed`; a usage error naming the
    input kind (`what`) otherwise."""
    from xdsl.passes import PassPipeline
    from xdsl.utils.exceptions import ArgSpecParseError

    from twillc.diagnostics import UsageError

    available = {k: v for k, v in get_all_passes().items() if k in allowed}
    try:
        return list(PassPipeline.parse_spec(available, spec).passes)
    except (Exception, ArgSpecParseError) as e:  # unknown pass or option: usage (a BaseException in xDSL)
        raise UsageError(
            f"invalid pipeline '{spec}' for {what} (passes: {', '.join(allowed)}): {str(e).strip()}"
        ) from None
