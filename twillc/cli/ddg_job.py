"""Meta's DDGs (`loop.ddg.json`, any `.json` of schema `ddg-0.1`): each
inner loop scheduled by the exact modulo scheduler, then the joint SWP + WS
search under the B200 warp model, re-checked by the independent checker
(`checker_ws`), and emitted as JSON, text or Meta's `schedule_graph.json`.

`--passes` takes `modulo-schedule` and `joint-schedule` with their options
(time limits, warp groups, registers, engine), default
`modulo-schedule{time-limit=10},joint-schedule{time-limit=20}` per loop.
Outer (persistent) loops are not scheduled: a located warning each, and
listed under `skipped_loops`.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import IO

from twillc.diagnostics import InternalError, Location, UsageError, UserError

DDG_PASSES = ("modulo-schedule", "joint-schedule")
DEFAULT_DDG_PIPELINE = "modulo-schedule{time-limit=10},joint-schedule{time-limit=20}"
TARGET = "b200"


def _passes(spec: str) -> tuple[object, object]:
    from twillc.cli.passes import parse_pipeline

    passes = parse_pipeline(spec, DDG_PASSES, "a ddg.json input")
    named = {p.name: p for p in passes}
    if len(passes) != 2 or set(named) != set(DDG_PASSES):
        raise UsageError("a ddg.json input runs modulo-schedule then joint-schedule: name both, once each")
    return named["modulo-schedule"], named["joint-schedule"]


def run_ddg_job(args: argparse.Namespace, kind: str, err: IO[str], source: dict[str, str]) -> str:
    from twillc.io.meta_ddg import read_meta_ddg
    from twillc.lowering.emit_json import dumps, schedule_json
    from twillc.lowering.emit_text import gantt_text
    from twillc.scheduling.checker_ws import check_joint
    from twillc.scheduling.joint_search import SolverLimit, joint_schedule
    from twillc.target.machine import load_machine

    if args.resources:
        raise UsageError("--resources applies to .graphml inputs only")
    if args.target and args.target != TARGET:
        raise UsageError(f"a ddg.json input is scheduled under the {TARGET} warp model (Meta's DDGs are Blackwell's)")
    if kind == "mlir" and args.emit is None and not args.output:
        kind = "json"  # no output named: the schedule as JSON on stdout
    if kind in ("mlir", "cu", "ptx", "svg"):
        raise UsageError("a ddg.json input has no IR or tile ops: emit json, txt or schedule-graph")
    modulo_pass, joint_pass = _passes(args.passes or DEFAULT_DDG_PIPELINE)
    try:
        text = Path(args.input).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(Location(args.input, 0, 0), f"cannot read: {getattr(e, 'strerror', None) or e}") from None
    source[args.input] = text
    ddg = read_meta_ddg(args.input, text)
    for skipped in ddg.skipped:
        print(f"{args.input}:{skipped.line}:1: warning: {skipped.reason}", file=err)
    machine = load_machine(TARGET)
    config = joint_pass.config(machine)  # type: ignore[attr-defined]
    results = []
    for loop in ddg.loops:
        where = Location(args.input, loop.line, 1)
        try:
            modulo = modulo_pass.schedule_graph(loop.graph)  # type: ignore[attr-defined]
            if modulo.ii is None or not modulo.cycles:
                raise UserError(where, f"loop {loop.loop_id}: no modulo schedule: {modulo.note}")
            schedule = joint_schedule(
                loop.graph,
                config,
                modulo=modulo,
                time_limit=joint_pass.time_limit,  # type: ignore[attr-defined]
                max_ii=joint_pass.max_ii or None,  # type: ignore[attr-defined]
                extra_stages=joint_pass.extra_stages,  # type: ignore[attr-defined]
                engine=joint_pass.engine,  # type: ignore[attr-defined]
                relaxation=joint_pass.relaxation,  # type: ignore[attr-defined]
            )
        except SolverLimit as e:
            raise UserError(where, f"loop {loop.loop_id}: no schedule within the time limit: {e}") from None
        if schedule.ii is None or not schedule.cycles:
            raise UserError(where, f"loop {loop.loop_id}: no joint schedule: {schedule.note}")
        problems = check_joint(loop.graph, schedule, config)
        if problems:
            raise InternalError(
                f"schedule of loop {loop.loop_id} of '{args.input}' fails the independent checker: "
                + "; ".join(problems)
            )
        results.append((loop, schedule))

    if kind == "schedule-graph":
        from twillc.lowering.emit_schedule_graph import dumps as sg_dumps
        from twillc.lowering.emit_schedule_graph import schedule_graph

        threads = config.threads or ()
        return sg_dumps(schedule_graph(ddg.data, [(lp.data, lp.graph, s, threads) for lp, s in results]))
    kernel = str((ddg.data.get("kernel") or {}).get("name", Path(args.input).stem))
    if kind == "json":
        loops = []
        for loop, schedule in results:
            doc = schedule_json(loop.graph, schedule, kernel, f"{TARGET}:ddg-0.1")
            for op in doc["ops"]:  # type: ignore[union-attr]
                op["id"] = int(op["id"])
            for e in doc["edges"]:  # type: ignore[union-attr]
                e["src"], e["dst"] = int(e["src"]), int(e["dst"])
            doc["loop_id"] = loop.loop_id
            doc["meta"] = {"min_ii": loop.min_ii, "res_mii": loop.res_mii, "rec_mii": loop.rec_mii}
            loops.append(doc)
        skipped = [{"loop_id": s.loop_id, "reason": s.reason} for s in ddg.skipped]
        return dumps({"kernel": kernel, "source": Path(args.input).name, "loops": loops, "skipped_loops": skipped})
    return "".join(
        gantt_text(loop.graph, schedule, f"{kernel} loop {loop.loop_id}", f"{TARGET}:ddg-0.1")
        for loop, schedule in results
    )
