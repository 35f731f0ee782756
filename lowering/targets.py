"""Emitters of scheduled IR: the output kinds other than MLIR text."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from twillc.diagnostics import UserError


def emit_scheduled(
    module: ModuleOp, kind: str, source: str = "<input>", notes: list[str] | None = None, holes: str = "trap"
) -> str:
    from lowering.emit_json import dumps, schedule_json
    from lowering.emit_text import gantt_text
    from twillc.transforms.common import located_error, module_machine
    from twillc.transforms.cycles import cycles_per_unit
    from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule

    if kind in ("cu", "ptx"):
        from lowering.cuda import emit_cuda, emit_ptx

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
    if kind == "json":
        return dumps(schedule_json(graph, schedule, graph.name, machine.name, scale, variants))
    if kind == "txt":
        return gantt_text(graph, schedule, graph.name, machine.name, scale, variants)
    if kind == "svg":
        from lowering.emit_svg import gantt_svg

        return gantt_svg(graph, schedule, graph.name, machine.name, scale)
    raise UserError(located_error(loop, "").loc, f"unknown output kind '{kind}'")


def variant_table(loop) -> list[dict[str, object]]:  # loop: tile.ForOp
    """The variants `variant-search` tried (`twill.variants`), as the JSON
    and text reports list them; empty when the kernel as written won with no
    other variant scheduled (nothing was compared: the report stays as it was)."""
    from xdsl.dialects.builtin import ArrayAttr

    from dialects.twill import VariantAttr

    attr = loop.attributes.get("twill.variants")
    rows = [v for v in attr.data if isinstance(v, VariantAttr)] if isinstance(attr, ArrayAttr) else []
    chosen = [v for v in rows if v.chosen.data]
    compared = any(v.ii.data for v in rows if not v.chosen.data)
    if not chosen or (chosen[0].parts.data == 1 and not compared):
        return []
    table: list[dict[str, object]] = []
    for v in rows:
        entry: dict[str, object] = {"parts": v.parts.data, "status": v.status.data, "chosen": bool(v.chosen.data)}
        if v.ii.data:
            entry.update(ii=v.ii.data, ii_cycles=v.ii_cycles.data, lower_bound=v.lower_bound.data)
        if v.note.data:
            entry["note"] = v.note.data
        entry["summary"] = v.summary()
        table.append(entry)
    return table
