"""`--emit txt`: a text Gantt chart of the steady state, per unit and per
warp, and a table of the ops.

The steady state is one II: an op issued at cycle c (stage c // II) holds
its units at residues (c + k) mod II for each row k of its RRT. With more
cycles than columns, each column covers several cycles and shows the op
holding most of them.

Units: the schedule's numbers (II, length, bound, columns, the op table's
cycle / occupancy / latency) are in the units it was solved in, normalized
units after cost-normalize (the header gives the scale); the "in machine
cycles" line converts the II, length and bound, the figures to compare
between kernels.
"""

from __future__ import annotations

import string
from collections.abc import Iterable

from twillc.scheduling.graph import DependenceGraph, Op, Schedule

MAX_COLUMNS = 64
STATUS_ORDER = ("infeasible", "feasible", "optimal")
"""Statuses from the weakest claim to the strongest."""
LABELS = string.ascii_uppercase + string.ascii_lowercase + string.digits


def _labels(ops: Iterable[Op]) -> dict[str, str]:
    return {op.id: LABELS[i % len(LABELS)] for i, op in enumerate(ops)}


def _pack(lanes: list[list[str | None]], op_id: str, t: int, count: int) -> None:
    """Place `count` instances of `op_id` at cycle `t`, each on the first free lane."""
    for _ in range(count):
        free = next((lane for lane in lanes if lane[t] is None), None)
        if free is None:  # over capacity (the checker reports it): show it on a new lane
            free = [None] * len(lanes[0]) if lanes else []
            lanes.append(free)
        free[t] = op_id


def _render_row(cells: list[str | None], labels: dict[str, str], width: int) -> str:
    period = len(cells)
    out = []
    for col in range(width):
        lo, hi = col * period // width, max(col * period // width + 1, (col + 1) * period // width)
        counts: dict[str, int] = {}
        for c in cells[lo:hi]:
            if c is not None:
                counts[c] = counts.get(c, 0) + 1
        out.append(labels[max(sorted(counts), key=lambda k: counts[k])] if counts else ".")
    return "".join(out)


def _overlap(graph: DependenceGraph, schedule: Schedule, ii: int, unit: str) -> str:
    """Whether the compute of consecutive iterations overlaps: the ops past
    the variable-latency ones (loads a producer issues ahead) span more than
    one II from the first issue to the last completion."""
    compute = [op for op in graph.ops if not op.variable_latency] or list(graph.ops)
    start = min(schedule.cycles[op.id] for op in compute)
    span = max(schedule.cycles[op.id] + op.cycles for op in compute) - start
    if span <= ii:
        return f"iterations: compute spans {span} <= II {unit}, no cross-iteration overlap"
    return f"iterations: compute spans {span} > II {unit}, consecutive iterations overlap"


def gantt_text(
    graph: DependenceGraph,
    schedule: Schedule,
    kernel: str,
    target: str,
    cycles_per_unit: float | None = None,
    variants: list[dict[str, object]] | None = None,
    parts: list[dict[str, object]] | None = None,
    split: tuple[DependenceGraph, Schedule] | None = None,
) -> str:
    """`cycles_per_unit`: machine cycles per unit of the schedule, None when
    its costs were not normalized (its units are cycles). `variants`: the
    sub-tilings variant-search compared, listed when there was a choice.
    `parts`: a loop split by mask-split, its unmasked and masked parts; then
    `graph` and `schedule` are the unmasked part's (the headline: the part
    most iterations run) and `split` the loop as written (the masked part),
    listed beside it, its mask's ops in a table of their own."""
    masked = split[1] if split is not None else None
    ii = schedule.ii
    unit = "cycles" if cycles_per_unit is None else "units"
    scale = 1.0 if cycles_per_unit is None else cycles_per_unit
    units_note = (
        "(machine cycles: costs not normalized)"
        if cycles_per_unit is None
        else f"(normalized units: 1 unit = {scale:.4g} machine cycles)"
    )
    period = ii if ii else max(schedule.length, 1)
    width = min(period, MAX_COLUMNS)
    labels = _labels(graph.ops)
    status = schedule.status.value
    part_status = [(str(row["part"]), str(row["status"])) for row in parts or () if "status" in row]
    if part_status:  # the kernel is as proven as its weakest part
        status = min((s for _, s in part_status), key=STATUS_ORDER.index)
        status += "  (" + ", ".join(f"{p} part {s}" for p, s in part_status) + ")"
    lines = [f"kernel {kernel}  target {target}  status {status}"]
    if masked is not None and masked.ii:
        lines.append(
            f"headline: the unmasked part, run by every iteration clear of the mask's bounds (most of them); "
            f"beside it the masked part, II {masked.ii} ({round(masked.ii * scale)} cycles) {masked.status.value}"
        )
    lines.append(
        f"II {ii if ii else '-'}  length {schedule.length}  stages {schedule.stages}  "
        f"lower bound {schedule.lower_bound}  {units_note}"
    )
    searched = masked if masked is not None else schedule
    if searched.note or searched.solver:
        whose = " (masked part)" if masked is not None else ""
        lines.append(f"search{whose}: {searched.note or 'solver=' + searched.solver}")
    lines.append(
        f"in machine cycles: II {round(ii * scale) if ii else '-'}  length {round(schedule.length * scale)}  "
        f"lower bound {round(schedule.lower_bound * scale)}"
    )
    for row in variants or ():  # variant-search: the sub-tilings tried, the chosen one marked
        lines.append(f"variant {row['summary']}")
    for row in parts or ():  # mask-split: the unmasked iterations, then what the masked ones add
        lines.append(f"part {row['summary']}")
    if ii:
        lines.append(_overlap(graph, schedule, ii, unit))
    column = f" (1 column = {period / width:.3g} {unit})" if width < period else ""
    what = f"steady state, one II = {period} {unit}" if ii else f"schedule, {period} {unit}"
    if masked is not None:
        what = what.replace("steady state", "steady state of the unmasked part (the mask's ops skipped)")
    lines += ["", f"{what}{column}"]

    rows = {u: [[None] * period for _ in range(max(cap, 1))] for u, cap in sorted(graph.capacities.items())}
    for op in graph.ops:
        for k, row in enumerate(op.rrt):
            for unit, count in row:
                _pack(rows[unit], op.id, (schedule.cycles[op.id] + k) % period, count)
    name_width = max([len(u) for u in rows] + [len("warp 0 (correction)") if schedule.warps else 4])
    for unit, lanes in rows.items():
        for i, lane in enumerate(lanes):
            label = unit if i == 0 else ""
            lines.append(f"  {label:<{name_width}} |{_render_row(lane, labels, width)}|")

    if schedule.warps is not None:
        lines += ["", "per warp (issue to completion)"]
        roles = {r.id: r for r in schedule.roles}
        for w in sorted(set(schedule.warps.values()) | set(roles)):
            lanes: list[list[str | None]] = [[None] * period]
            for op in graph.ops:
                if schedule.warps[op.id] == w:
                    for k in range(op.cycles):
                        _pack(lanes, op.id, (schedule.cycles[op.id] + k) % period, 1)
            role = roles.get(w)
            name = f"warp {w}" + (f" ({role.role})" if role else "")
            for i, lane in enumerate(lanes):
                lines.append(f"  {name if i == 0 else '':<{name_width}} |{_render_row(lane, labels, width)}|")

    warp_head = "  warp" if schedule.warps is not None else ""
    lines += [
        "",
        f"  label  op                 unit   cycle  stage  cycles  latency{warp_head}  loc"
        + ("" if cycles_per_unit is None else "   (cycle, cycles, latency in units)"),
    ]
    lines += _op_rows(graph.ops, schedule, labels)
    if split is not None:  # the ops only masked iterations run, at their cycles in the masked part
        own = [op for op in split[0].ops if op.id not in labels]
        more = {op.id: LABELS[(len(labels) + i) % len(LABELS)] for i, op in enumerate(own)}
        lines += ["", f"  the mask's ops, run by the masked iterations only (cycle in the masked part, II {masked.ii})"]
        lines += _op_rows(own, split[1], more)
    return "\n".join(lines) + "\n"


def _op_rows(ops: Iterable[Op], schedule: Schedule, labels: dict[str, str]) -> list[str]:
    """The op table's rows: each op's unit, issue cycle, stage, occupancy, latency, warp and location."""
    ii = schedule.ii
    rows = []
    for op in ops:
        c = schedule.cycles[op.id]
        units = ",".join(sorted(op.units())) or "-"
        warp = f"  {schedule.warps[op.id]:>4}" if schedule.warps is not None else ""
        rows.append(
            f"  {labels[op.id]:<5}  {op.id:<18} {units:<6} {c:>5}  {c // ii if ii else 0:>5}  "
            f"{op.cycles:>6}  {op.latency:>7}{warp}  {op.loc or ''}"
        )
    return rows
