"""Meta's DDGs (`loop.ddg.json`, any `.json` of schema `ddg-0.1`): each
inner loop scheduled by the exact modulo scheduler, then the joint SWP + WS
search under the B200 warp model, re-checked by the independent checker
(`checker_ws`), and emitted as JSON, text or Meta's `schedule_graph.json`.

`--passes` takes `modulo-schedule` and `joint-schedule` with their options
(time limits, warp groups, registers, engine), default
`modulo-schedule{time-limit=10},joint-schedule{time-limit=20}` per loop.
Outer (persistent) loops are scheduled after their inner loops, in the
super-node model of `twillc.io.meta_ddg.nest_graph` (each inner loop one
op of its scheduled length), by the same exact modulo scheduler, and
re-checked by the independent checker (`checker`); their status says what
it is optimal for (`NEST_PROOF`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import IO

from twillc.diagnostics import InternalError, Location, UsageError, UserError

DDG_PASSES = ("modulo-schedule", "joint-schedule")
DEFAULT_DDG_PIPELINE = "modulo-schedule{time-limit=10},joint-schedule{time-limit=20}"
TARGET = "b200"
NEST_PROOF = (
    "the super-node model: inner loop(s) {inner} as one op of {length} cycles each "
    "((T - 1) * II + L at twillc's inner schedule, T = {trips}) holding the main-loop warps, the rest as read"
)
"""What an outer loop's `optimal` proves (and no more): its II is minimal for the nest in that model."""


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
    nests = _schedule_nests(args.input, ddg, {lp.loop_id: (lp, s) for lp, s in results}, modulo_pass)

    if kind == "schedule-graph":
        from twillc.lowering.emit_schedule_graph import dumps as sg_dumps
        from twillc.lowering.emit_schedule_graph import schedule_graph

        threads = config.threads or ()
        return sg_dumps(
            schedule_graph(
                ddg.data,
                [(lp.data, lp.graph, s, threads) for lp, s in results],
                [(lp.data, g, s) for lp, g, s, _ in nests],
            )
        )
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
        for loop, graph, schedule, proof in nests:
            doc = schedule_json(graph, schedule, kernel, f"{TARGET}:ddg-0.1:nest")
            for op in doc["ops"]:  # type: ignore[union-attr]
                op["id"] = int(op["id"])
            for e in doc["edges"]:  # type: ignore[union-attr]
                e["src"], e["dst"] = int(e["src"]), int(e["dst"])
            doc["loop_id"] = loop.loop_id
            doc["is_outer"] = True
            doc["inner_loops"] = {k: v for k, v in sorted(loop.supers.items(), key=lambda kv: int(kv[0]))}
            doc["optimal_for"] = proof
            doc["meta"] = {"min_ii": loop.min_ii, "res_mii": loop.res_mii, "rec_mii": loop.rec_mii}
            loops.append(doc)
        return dumps({"kernel": kernel, "source": Path(args.input).name, "loops": loops})
    return "".join(
        gantt_text(loop.graph, schedule, f"{kernel} loop {loop.loop_id}", f"{TARGET}:ddg-0.1")
        for loop, schedule in results
    ) + "".join(
        gantt_text(graph, schedule, f"{kernel} outer loop {loop.loop_id}", f"{TARGET}:ddg-0.1:nest")
        + f"optimal for {proof}\n"
        for loop, graph, schedule, proof in nests
    )


def _schedule_nests(path: str, ddg: object, inner: dict[int, tuple[object, object]], modulo_pass: object) -> list:
    """Each outer loop of `ddg` in the super-node model, after its inner
    loops (`inner`: loop_id -> (loop, joint schedule)): (loop, graph,
    schedule, what its status proves), re-checked by the independent checker."""
    from twillc.io.meta_ddg import inner_length, nest_graph
    from twillc.scheduling.checker import check_schedule
    from twillc.scheduling.modulo_cpsat import SolverLimit

    out = []
    for loop in ddg.outer:  # type: ignore[attr-defined]
        where = Location(path, loop.line, 1)
        lengths: dict[str, int] = {}
        said = []
        nodes = {str(n["id"]): n for n in loop.data["ddg"]["nodes"]}
        for nid, inner_id in sorted(loop.supers.items(), key=lambda kv: int(kv[0])):
            lp, sched = inner[inner_id]
            trips, lengths[nid] = inner_length(nodes[nid], lp.data, sched.ii, sched.length)  # type: ignore[attr-defined]
            said.append((inner_id, lengths[nid], trips))
        graph = nest_graph(loop, lengths)
        try:
            schedule = modulo_pass.schedule_graph(graph)  # type: ignore[attr-defined]
        except SolverLimit as e:
            raise UserError(where, f"outer loop {loop.loop_id}: no schedule within the time limit: {e}") from None
        if schedule.ii is None or not schedule.cycles:
            raise UserError(where, f"outer loop {loop.loop_id}: no modulo schedule: {schedule.note}")
        problems = check_schedule(graph, schedule)
        if problems:
            raise InternalError(
                f"schedule of outer loop {loop.loop_id} of '{path}' fails the independent checker: "
                + "; ".join(problems)
            )
        proof = NEST_PROOF.format(
            inner=", ".join(str(i) for i, _, _ in said),
            length=", ".join(str(n) for _, n, _ in said),
            trips=", ".join(str(t) for _, _, t in said),
        )
        out.append((loop, graph, schedule, proof))
    return out
