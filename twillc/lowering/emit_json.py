"""`--emit json`: the schedule as one JSON object, exactly in the format of
docs/outputs.md ("The JSON schema"), from a graph and its schedule.

The schedule's own numbers (`ii`, `length`, `lower_bound`, each op's
`cycle` and `rrt`) are in the units it was solved in: normalized units after
cost-normalize, machine cycles otherwise (`"units"` says which). `ii_cycles`,
`length_cycles` and `lower_bound_cycles` are machine cycles
(units x `cycles_per_unit`), the figures to compare between kernels."""

from __future__ import annotations

import json

from twillc.lowering.emit_text import STATUS_ORDER
from twillc.scheduling.graph import DependenceGraph, Schedule

HEADLINE_KEYS = (
    "part",
    "status",
    "ii",
    "ii_cycles",
    "length",
    "length_cycles",
    "stages",
    "lower_bound",
    "lower_bound_cycles",
)
"""What `headline` copies from the part most iterations run."""


def schedule_json(
    graph: DependenceGraph,
    schedule: Schedule,
    kernel: str,
    target: str,
    cycles_per_unit: float | None = None,
    variants: list[dict[str, object]] | None = None,
    parts: list[dict[str, object]] | None = None,
    unmasked: tuple[DependenceGraph, Schedule] | None = None,
) -> dict[str, object]:
    """`cycles_per_unit`: machine cycles per unit of the schedule, None when
    its costs were not normalized (its units are cycles). `variants`: the
    sub-tilings variant-search compared, listed when there was a choice.
    `parts`: a loop split by mask-split, its unmasked and masked parts;
    `unmasked` then the unmasked part's problem and schedule (each shared
    op's `unmasked_cycle`). The top-level schedule stays the loop as written
    (the masked part: every op has a cycle in it); `headline` names the part
    most iterations run, `kernel_status` the weakest of the parts' statuses."""
    ii = schedule.ii
    scale = 1.0 if cycles_per_unit is None else cycles_per_unit
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
        if unmasked is not None and op.id in unmasked[1].cycles:  # unmasked_part names ops as written
            entry["unmasked_cycle"] = unmasked[1].cycles[op.id]
        ops.append(entry)
    doc: dict[str, object] = {
        "kernel": kernel,
        "target": target,
        "status": schedule.status.value,
        "ii": ii,
        "length": schedule.length,
        "stages": schedule.stages,
        "lower_bound": schedule.lower_bound,
        "units": "cycles" if cycles_per_unit is None else "normalized",
        "cycles_per_unit": scale,
        "ii_cycles": round(ii * scale) if ii is not None else None,
        "length_cycles": round(schedule.length * scale),
        "lower_bound_cycles": round(schedule.lower_bound * scale),
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
    if parts:  # mask-split: the unmasked iterations' schedule and what the masked ones add
        doc["parts"] = [{k: v for k, v in row.items() if k != "summary"} for row in parts]
        head = [row for row in parts if row.get("headline")]
        if head:  # the part most iterations run: the text report's headline
            doc["headline"] = {k: v for k, v in head[0].items() if k in HEADLINE_KEYS}
    # The kernel is as proven as its weakest part (last: the keys before it keep their order).
    doc["kernel_status"] = min(
        [schedule.status.value] + [str(row["status"]) for row in parts or () if "status" in row],
        key=STATUS_ORDER.index,
    )
    return doc


def dumps(doc: dict[str, object]) -> str:
    return json.dumps(doc, indent=2) + "\n"
