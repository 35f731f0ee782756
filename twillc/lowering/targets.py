"""Emitters of scheduled IR: the output kinds other than MLIR text."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from twillc.diagnostics import UserError


def emit_scheduled(
    module: ModuleOp, kind: str, source: str = "<input>", notes: list[str] | None = None, holes: str = "refuse"
) -> str:
    from twillc.lowering.emit_json import dumps, schedule_json
    from twillc.lowering.emit_text import gantt_text
    from twillc.transforms.common import located_error, module_machine
    from twillc.transforms.cycles import cycles_per_unit
    from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule
    from twillc.transforms.loop_segments import segments

    parts_of = segments(module)
    if parts_of and kind in ("json", "txt", "svg"):  # several loops: each loop's schedule, in order
        return _emit_segments(parts_of, kind, source, notes, holes)
    if kind in ("cu", "ptx"):
        from twillc.lowering.cuda import emit_cuda, emit_ptx

        code = emit_cuda(module, source, notes, holes)
        return code if kind == "cu" else emit_ptx(module, code)
    machine = module_machine(module)
    loop = find_loop(module)
    graph, ops = graph_from_loop(loop, machine, kernel_name(module))
    schedule = read_schedule(loop, ops)
    if schedule is None:
        raise located_error(loop, f"--emit {kind} needs a scheduled loop: run a scheduling pass")
    scale = cycles_per_unit(loop) if "twill.normalization" in loop.attributes else None
    variants = variant_table(loop)
    parts = part_table(loop, graph, ops, scale or 1.0)
    check = register_check_note(module)
    # A loop split by mask-split: the headline is the unmasked part, the one
    # every iteration clear of the mask's bounds runs; the loop as written
    # (the masked part) is listed beside it.
    unmasked = None
    if any(row["part"] == "unmasked" for row in parts):
        from twillc.transforms.split_parts import unmasked_part

        unmasked = unmasked_part(module, machine, schedule.roles)
    if kind == "json":
        data = schedule_json(graph, schedule, graph.name, machine.name, scale, variants, parts, unmasked)
        if check:
            data["ptxas_check"] = check
        return dumps(data)
    if kind == "txt":
        if unmasked is not None:
            text = gantt_text(*unmasked, graph.name, machine.name, scale, variants, parts, split=(graph, schedule))
        else:
            text = gantt_text(graph, schedule, graph.name, machine.name, scale, variants, parts)
        return text + (f"ptxas check: {check}\n" if check else "")
    if kind == "svg":
        from twillc.lowering.emit_svg import gantt_svg

        if unmasked is not None:
            return gantt_svg(*unmasked, graph.name, machine.name, scale, part="unmasked part")
        return gantt_svg(graph, schedule, graph.name, machine.name, scale)
    raise UserError(located_error(loop, "").loc, f"unknown output kind '{kind}'")


def _emit_segments(parts: list[ModuleOp], kind: str, source: str, notes: list[str] | None, holes: str) -> str:
    """A kernel with several loops: JSON `{"loops": [each loop's report]}`,
    text each loop's chart under a `loop K` line; an SVG holds one chart, so
    it is refused (ask for JSON or text)."""
    import json

    from twillc.transforms.common import located_error
    from twillc.transforms.ir_graph import find_loop

    if kind == "svg":
        raise located_error(
            find_loop(parts[1]), "--emit svg draws one loop: this kernel has several (use .txt or .json)"
        )
    each = [emit_scheduled(p, kind, source, notes, holes) for p in parts]
    if kind == "json":
        return json.dumps({"loops": [json.loads(e) for e in each]}, indent=2) + "\n"
    return "".join(f"loop {k}\n{e}" for k, e in enumerate(each))


def register_check_note(module: ModuleOp) -> str:
    """What the register check did to this schedule (`twill.reg_check`,
    written by the driver's ptxas check when it rescheduled): the roles that
    spilled, the reserve, the II it cost; empty when it did nothing."""
    from xdsl.dialects.builtin import StringAttr

    attr = module.attributes.get("twill.reg_check")
    return attr.data if isinstance(attr, StringAttr) else ""


def variant_table(loop) -> list[dict[str, object]]:  # loop: tile.ForOp
    """The variants `variant-search` tried (`twill.variants`), as the JSON
    and text reports list them; empty when the kernel as written won with no
    other variant scheduled (nothing was compared: the report stays as it was)."""
    from xdsl.dialects.builtin import ArrayAttr

    from twillc.dialects.twill import VariantAttr

    attr = loop.attributes.get("twill.variants")
    rows = [v for v in attr.data if isinstance(v, VariantAttr)] if isinstance(attr, ArrayAttr) else []
    chosen = [v for v in rows if v.chosen.data]
    compared = any(v.ii.data for v in rows if not v.chosen.data)
    if not chosen or (chosen[0].parts.data == 1 and chosen[0].loop_parts == 1 and not compared):
        return []
    table: list[dict[str, object]] = []
    for v in rows:
        entry: dict[str, object] = {"parts": v.parts.data, "status": v.status.data, "chosen": bool(v.chosen.data)}
        if v.columns.data:
            entry["columns"] = True
        if v.loop_parts > 1:
            entry["loop_parts"] = v.loop_parts
        if v.ii.data:
            entry.update(ii=v.ii.data, ii_cycles=v.ii_cycles.data, lower_bound=v.lower_bound.data)
        if v.note.data:
            entry["note"] = v.note.data
        entry["summary"] = v.summary()
        table.append(entry)
    return table


def part_table(loop, graph, ops: dict, scale: float) -> list[dict[str, object]]:  # loop: tile.ForOp
    """The parts of a loop split by `mask-split`, as the JSON and text
    reports list them: the unmasked iterations (when they are unmasked, their
    schedule) and the masked ones (their schedule, the II they add, the
    units of the mask's ops, and how many of those fit in the time the
    unmasked pipeline leaves their unit free); the reason when the split was
    refused; empty for a loop with no split mask."""
    from xdsl.dialects.builtin import StringAttr

    from twillc.dialects.twill import CostAttr, ScheduleAttr
    from twillc.dialects.twill_split import mask_only_ops, mask_split_of, split_selects
    from twillc.lowering.cuda.index_expr import c_index

    refused = loop.attributes.get("twill.split_refused")
    if isinstance(refused, StringAttr):
        note = f"not split: {refused.data}"
        return [{"part": "whole", "note": note, "summary": f"whole     {note}"}]
    split, whole = mask_split_of(loop), loop.attributes.get("twill.schedule")
    if split is None or not isinstance(whole, ScheduleAttr):
        return []
    j = loop.body.block.args[0]
    when = " and ".join(
        f"{a} * j + {c_index(v, j, 'j')} >= 0" for a, v in zip(split.coefficients, split.offsets, strict=True)
    )
    body = loop.body.block
    names = {id(o): k for k, o in ops.items()}
    mask = [o for o in (*mask_only_ops(body), *split_selects(body)) if id(o) in names]
    raw = [o.attributes.get("twill.raw_cost") or o.attributes.get("twill.cost") for o in mask]
    mask_cycles = sum(c.cycles.data for c in raw if isinstance(c, CostAttr))
    u = split.unmasked
    masked_ids = {names[id(o)] for o in mask}
    units = sorted({un for op in graph.ops if op.id in masked_ids for un in op.units()})
    mask_units = sum(op.cycles for op in graph.ops if op.id in masked_ids)
    busy = sum(op.cycles for op in graph.ops if op.id not in masked_ids and op.units() & set(units))
    free = max(0, sum(graph.capacities[un] for un in units) * u.ii.data - busy)
    rows: list[dict[str, object]] = []
    for part, sched in (("unmasked", u), ("masked", whole)):
        row: dict[str, object] = {
            "part": part,
            "ii": sched.ii.data,
            "ii_cycles": round(sched.ii.data * scale),
            "lower_bound": sched.lower_bound.data,
            "status": sched.status.data,
            "length": sched.length.data,
            "stages": sched.stages.data,
            "length_cycles": round(sched.length.data * scale),
            "lower_bound_cycles": round(sched.lower_bound.data * scale),
            "headline": part == "unmasked",
        }
        if part == "unmasked":
            row["when"] = when
            row["summary"] = (
                f"unmasked  II {sched.ii.data} ({row['ii_cycles']} cycles)  {sched.status.data}  where {when}"
            )
        else:
            extra = sched.ii.data - u.ii.data
            row.update(
                extra_ii=extra,
                extra_ii_cycles=round(extra * scale),
                mask_ops=sorted(masked_ids),
                mask_units=mask_units,
                mask_cycles=mask_cycles,
                mask_unit=",".join(units),
                free_in_unmasked=free,
            )
            row["summary"] = (
                f"masked    II {sched.ii.data} ({row['ii_cycles']} cycles)  {sched.status.data}  "
                f"+{extra} units (+{row['extra_ii_cycles']} cycles) per iteration: the mask's ops "
                f"({', '.join(row['mask_ops'])}) take {mask_units} units ({mask_cycles} cycles) of "
                f"{row['mask_unit']}, {min(free, mask_units)} of them in its free time in the unmasked part"
            )
        rows.append(row)
    return rows
