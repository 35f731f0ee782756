"""`--emit json`: the schedule as one JSON object, exactly in the format of
design.md ("Interchange formats"), from a graph and its schedule."""

from __future__ import annotations

import json

from twillc.scheduling.graph import DependenceGraph, Schedule


def schedule_json(
    graph: DependenceGraph,
    schedule: Schedule,
    kernel: str,
    target: str,
    variants: list[dict[str, object]] | None = None,
) -> dict[str, object]:
    ii = schedule.ii
    ops = []
    for op in graph.ops:
        entry: dict[str, object] = {
            "id": op.id,
            "loc": op.loc,
            "rrt": [dict(row) for row in op.rrt],
            "cycle": schedule.cycles[op.id],
            "stage": schedule.cycles[op.id] // ii if ii else 0,
        }
        if schedule.warps is not None:
            entry["warp"] = schedule.warps[op.id]
        ops.append(entry)
    doc: dict[str, object] = {
        "kernel": kernel,
        "target": target,
        "status": schedule.status.value,
        "ii": ii,
        "length": schedule.length,
        "stages": schedule.stages,
        "lower_bound": schedule.lower_bound,
        "capacities": dict(sorted(graph.capacities.items())),
        "ops": ops,
        "edges": [{"src": e.src, "dst": e.dst, "delay": e.delay, "distance": e.distance} for e in graph.edges],
    }
    if schedule.warps is not None:
        doc["warps"] = [{"id": r.id, "role": r.role, "regs": r.regs} for r in schedule.roles]
    if schedule.objective is not None:
        doc["objective"] = {"name": schedule.objective[0], "value": schedule.objective[1]}
    if variants:  # variant-search: which sub-tiling won, and the others (II in cycles, status)
        doc["variants"] = [{k: v for k, v in row.items() if k != "summary"} for row in variants]
    return doc


def dumps(doc: dict[str, object]) -> str:
    return json.dumps(doc, indent=2) + "\n"
