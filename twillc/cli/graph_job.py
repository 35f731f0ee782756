"""Scheduling graphs from outside (no IR): a modulo-scheduling instance
(`loop.graphml --resources loop_RM.xml`) or a GS-Schedule graph (`g.gml`).

The scheduling passes named in `--passes` are used through their
`schedule_graph` method, so options mean the same as on `.tile` inputs; the
result is re-checked by the independent checker and emitted as JSON or text.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import IO

from twillc.diagnostics import InternalError, UsageError

GRAPH_PASSES = ("modulo-schedule", "gaus-schedule", "verify-schedule")
# A graph (CHStone: up to 35 s) gets more than a tile loop's default 10 s.
DEFAULT_GRAPH_PIPELINE = "modulo-schedule{time-limit=60},verify-schedule"


def run_graph_job(args: argparse.Namespace, kind: str, err: IO[str]) -> str:
    from twillc.lowering.emit_json import dumps, schedule_json
    from twillc.lowering.emit_text import gantt_text
    from twillc.scheduling.checker import check_schedule

    path = Path(args.input)
    if args.emit == "mlir" or (args.output and kind == "mlir"):
        raise UsageError("a graph input has no IR to print: emit json or txt")
    if kind == "mlir":
        kind = "txt"
    if kind in ("cu", "ptx"):
        raise UsageError("CUDA output needs a .tile kernel: a graph input has no tile ops to generate")
    if path.suffix == ".graphml":
        if not args.resources:
            raise UsageError("a .graphml input needs its resource model: --resources loop_RM.xml")
        from twillc.io.graphml import read_chstone

        graph = read_chstone(str(path), args.resources)
    else:
        if args.resources:
            raise UsageError("--resources applies to .graphml inputs only")
        return _run_gml(args, kind)
    from twillc.diagnostics import Location, UserError
    from twillc.scheduling.bounds import ZeroDistanceCycle

    scheduler = _scheduling_pass(args.passes or DEFAULT_GRAPH_PIPELINE)
    try:
        schedule = scheduler.schedule_graph(graph)  # type: ignore[attr-defined]
    except ZeroDistanceCycle as e:
        raise UserError(Location(args.input, 0, 0), f"no II can schedule this loop: {e}") from None
    except Exception as e:  # a solver's time limit or give-up, reported with its bound
        if type(e).__name__ not in ("SolverLimit", "GausFailure"):
            raise
        raise UserError(Location(args.input, 0, 0), f"{scheduler.name}: {e}") from None  # type: ignore[attr-defined]
    problems = check_schedule(graph, schedule)
    if problems:
        raise InternalError(f"schedule of '{graph.name}' fails the independent checker: " + "; ".join(problems))
    if kind == "json":
        return dumps(schedule_json(graph, schedule, graph.name, "resources:" + Path(args.resources).name))
    if kind == "svg":
        from twillc.lowering.emit_svg import gantt_svg

        return gantt_svg(graph, schedule, graph.name, Path(args.resources).name)
    return gantt_text(graph, schedule, graph.name, Path(args.resources).name)


def _scheduling_pass(spec: str) -> object:
    from twillc.cli.passes import parse_pipeline

    passes = parse_pipeline(spec, GRAPH_PASSES, "a graph input")
    schedulers = [p for p in passes if hasattr(p, "schedule_graph")]
    if len(schedulers) != 1:
        raise UsageError("a graph input needs exactly one scheduling pass (modulo-schedule or gaus-schedule)")
    return schedulers[0]


RATIO = 100.0
"""Weight of the peak stage memory against edge crossings (the upstream example's)."""


def _run_gml(args: argparse.Namespace, kind: str) -> str:
    """GS-Schedule stage assignment by GauS over D = the longest path's nodes."""
    from twillc.io.gml import read_gs_gml
    from twillc.lowering.emit_json import dumps, schedule_json
    from twillc.lowering.emit_text import gantt_text
    from twillc.scheduling.checker import check_schedule
    from twillc.scheduling.graph import Schedule, Status, schedule_length
    from twillc.scheduling.stage_assignment import gaus_stage_assignment, is_legal, longest_path_nodes, objective

    if args.passes:
        raise UsageError("a .gml input takes no --passes: it runs GauS stage assignment")
    problem = read_gs_gml(args.input)
    depth = longest_path_nodes(problem)
    stages, _ = gaus_stage_assignment(problem, depth, RATIO)
    if not is_legal(problem, stages, depth):
        raise InternalError("GauS returned an illegal stage assignment")
    value = objective(problem, stages, depth, RATIO)
    cycles = {o.id: stages[o.id] - 1 for o in problem.graph.ops}
    schedule = Schedule(
        None,
        cycles,
        schedule_length(problem.graph, cycles),
        Status.FEASIBLE,
        0,
        complete=False,
        objective=("ratio*R+sum_k m_k", value),
        solver="gaus",
        note=f"D={depth} ratio={RATIO:g}",
    )
    problems = check_schedule(problem.graph, schedule)
    if problems:
        raise InternalError("stage assignment fails the independent checker: " + "; ".join(problems))
    name = Path(args.input).stem
    if kind == "json":
        return dumps(schedule_json(problem.graph, schedule, name, "gs-schedule"))
    if kind == "svg":
        raise UsageError("a stage assignment has no pipeline to chart: emit json or txt")
    return f"objective {value:g} (ratio {RATIO:g} x peak stage memory + weighted cut crossings), D {depth}\n" + (
        gantt_text(problem.graph, schedule, name, "gs-schedule") if len(problem.graph.ops) <= 200 else ""
    )
