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
    if kind == "json":
        return dumps(schedule_json(graph, schedule, graph.name, machine.name, scale))
    if kind == "txt":
        return gantt_text(graph, schedule, graph.name, machine.name, scale)
    if kind == "svg":
        from lowering.emit_svg import gantt_svg

        return gantt_svg(graph, schedule, graph.name, machine.name, scale)
    raise UserError(located_error(loop, "").loc, f"unknown output kind '{kind}'")
