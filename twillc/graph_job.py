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
DEFAULT_GRAPH_PIPELINE = "modulo-schedule,verify-schedule"


def run_graph_job(args: argparse.Namespace, kind: str, err: IO[str]) -> str:
    from lowering.emit_json import dumps, schedule_json
    from lowering.emit_text import gantt_text
    from twillc.checker import check_schedule

    path = Path(args.input)
    if args.emit == "mlir" or (args.output and kind == "mlir"):
        raise UsageError("a graph input has no IR to print: emit json or txt")
    if kind == "mlir":
        kind = "txt"
    if path.suffix == ".graphml":
        if not args.resources:
            raise UsageError("a .graphml input needs its resource model: --resources loop_RM.xml")
        from twillc.io.graphml import read_chstone

        graph = read_chstone(str(path), args.resources)
    else:
        if args.resources:
            raise UsageError("--resources applies to .graphml inputs only")
        return _run_gml(args, kind)
    scheduler = _scheduling_pass(args.passes or DEFAULT_GRAPH_PIPELINE)
    schedule = scheduler.schedule_graph(graph)  # type: ignore[attr-defined]
    problems = check_schedule(graph, schedule)
    if problems:
        raise InternalError(f"schedule of '{graph.name}' fails the independent checker: " + "; ".join(problems))
    if kind == "json":
        return dumps(schedule_json(graph, schedule, graph.name, "resources:" + Path(args.resources).name))
    return gantt_text(graph, schedule, graph.name, Path(args.resources).name)


def _scheduling_pass(spec: str) -> object:
    from xdsl.passes import PassPipeline

    from twillc.transforms import get_all_passes

    available = {k: v for k, v in get_all_passes().items() if k in GRAPH_PASSES}
    try:
        passes = PassPipeline.parse_spec(available, spec).passes
    except Exception as e:  # unknown pass or option: usage
        raise UsageError(
            f"invalid pipeline '{spec}' for a graph input (passes: {', '.join(GRAPH_PASSES)}): {str(e).strip()}"
        ) from None
    schedulers = [p for p in passes if hasattr(p, "schedule_graph")]
    if len(schedulers) != 1:
        raise UsageError("a graph input needs exactly one scheduling pass (modulo-schedule or gaus-schedule)")
    return schedulers[0]


def _run_gml(args: argparse.Namespace, kind: str) -> str:
    raise UsageError("GS-Schedule (.gml) stage assignment is not implemented yet; .graphml instances are")
