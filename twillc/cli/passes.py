"""twillc's passes, by kebab-case name, as lazy factories (the driver stays fast)."""

from __future__ import annotations

from collections.abc import Callable

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
    from lowering.transforms.pipeline_expand import PipelineExpandPass

    return PipelineExpandPass


def _warp_specialize() -> type[ModulePass]:
    from lowering.transforms.warp_specialize import WarpSpecializePass

    return WarpSpecializePass


def _verify_schedule() -> type[ModulePass]:
    from twillc.transforms.verify_schedule import VerifySchedulePass

    return VerifySchedulePass


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    return {
        "annotate-costs": _annotate_costs,
        "cost-normalize": _cost_normalize,
        "modulo-schedule": _modulo_schedule,
        "joint-schedule": _joint_schedule,
        "gaus-schedule": _gaus_schedule,
        "verify-schedule": _verify_schedule,
        "pipeline-expand": _pipeline_expand,
        "warp-specialize": _warp_specialize,
    }


PASS_SUMMARIES = {
    "annotate-costs": "derive unit, cycles, latency, registers and memory of each op from the target",
    "cost-normalize": "ratio-preserving small integer costs (Twill 5.2), CP-SAT",
    "modulo-schedule": "exact modulo schedule, minimal II then length, CP-SAT, with proof",
    "joint-schedule": "exact joint software pipelining + warp specialization (Twill 4), CP-SAT and Z3",
    "gaus-schedule": "differentiable modulo scheduling (GauS), PyTorch",
    "verify-schedule": "independent re-check of every constraint of the schedule",
    "pipeline-expand": "the scheduled loop as prologue / kernel / epilogue copies with buffer depths",
    "warp-specialize": "one region per warp role with its register budget; cross-role values as channels",
}

# What `twillc k.tile -o k.json` (or .txt, ...) runs when --passes is not given.
DEFAULT_PIPELINE = "annotate-costs,cost-normalize,modulo-schedule,joint-schedule,verify-schedule"
