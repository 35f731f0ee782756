"""Meta's five shared DDGs (tests/data/benchmarks/meta-ddg/): twillc's II
against Meta's MinII and the II Meta's scheduler achieved (its
`schedule_graph.json`, a separate run), proven or not, and solve time.

Per loop: Meta's `min_ii` / `res_mii` / `rec_mii` as dumped; ResMII
recomputed under both readings of Meta's resources (summed `occupancy`,
summed max(self_latency, 1)); twillc's exact modulo II and joint SWP + WS
II (B200 warp model) with the reservation table's semantics (the default
of `twillc ddg.json`), and the modulo II with each node holding its
pipeline for its `occupancy` instead. Outer loops: scheduled after their
inner loop in the super-node model (`twillc.io.meta_ddg.nest_graph`, the
inner loop as one op of its joint schedule's length) by the exact modulo
scheduler, re-checked by the independent checker.

    python bench/meta_ddg.py [--time-limit 30] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "tests" / "data" / "benchmarks" / "meta-ddg"  # each case's ddg.json and schedule_graph.json
CASES = ("case1_simple_gemm", "case2_persistent_gemm", "case3_FA", "case4_FA_bwd", "case5_addmm_bias")


def meta_achieved(case: str) -> dict[int, int]:
    data = json.loads((BENCH / case / "schedule_graph.json").read_text())
    return {loop["loop_id"]: loop["schedule_loop"]["II"] for loop in data["loops"]}


def run(case: str, time_limit: float) -> list[dict[str, object]]:
    from twillc.io.meta_ddg import inner_length, meta_res_mii, nest_graph, read_meta_ddg
    from twillc.scheduling.checker import check_schedule
    from twillc.scheduling.checker_ws import check_joint
    from twillc.scheduling.joint_search import joint_schedule
    from twillc.scheduling.modulo_cpsat import modulo_schedule
    from twillc.target.machine import load_machine
    from twillc.transforms.common import machine_warp_config

    machine = load_machine("b200")
    config = machine_warp_config(
        machine, machine.warp_groups, tuple(machine.default_reg_limits(machine.warp_groups)), True
    )
    path = str(BENCH / case / "ddg.json")
    ddg = read_meta_ddg(path)
    by_occupancy = {loop.loop_id: loop.graph for loop in read_meta_ddg(path, hold="occupancy").loops}
    achieved = meta_achieved(case)
    rows: list[dict[str, object]] = []
    for loop in ddg.loops:
        nodes = loop.data["ddg"]["nodes"]
        start = time.monotonic()
        modulo = modulo_schedule(loop.graph, time_limit=time_limit)
        joint = joint_schedule(loop.graph, config, modulo=modulo, time_limit=time_limit)
        seconds = time.monotonic() - start
        problems = check_joint(loop.graph, joint, config)
        occ = modulo_schedule(by_occupancy[loop.loop_id], time_limit=time_limit)
        rows.append(
            {
                "case": case,
                "loop": loop.loop_id,
                "nodes": len(nodes),
                "meta_min_ii": loop.min_ii,
                "meta_res_mii": loop.res_mii,
                "meta_rec_mii": loop.rec_mii,
                "res_occupancy": meta_res_mii(nodes, "occupancy"),
                "res_self_latency": meta_res_mii(nodes, "self_latency"),
                "meta_achieved_ii": achieved.get(loop.loop_id),
                "modulo_ii": modulo.ii,
                "joint_ii": joint.ii,
                "status": joint.status.value,
                "lower_bound": joint.lower_bound,
                "checker": "ok" if not problems else "; ".join(problems),
                "seconds": round(seconds, 2),
                "occupancy_modulo_ii": occ.ii,
                "occupancy_status": occ.status.value,
                "joint_length": joint.length,
            }
        )
    joints = {}
    for row, loop in zip(rows, ddg.loops, strict=True):
        joints[loop.loop_id] = (loop, row)
    for outer in ddg.outer:
        nodes = outer.data["ddg"]["nodes"]
        by_id = {str(n["id"]): n for n in nodes}
        lengths = {}
        for nid, inner_id in outer.supers.items():
            lp, row = joints[inner_id]
            _, lengths[nid] = inner_length(by_id[nid], lp.data, row["joint_ii"], row["joint_length"])
        graph = nest_graph(outer, lengths)
        start = time.monotonic()
        nest = modulo_schedule(graph, time_limit=time_limit)
        seconds = time.monotonic() - start
        problems = check_schedule(graph, nest)
        rows.append(
            {
                "case": case,
                "loop": outer.loop_id,
                "nodes": len(nodes),
                "meta_min_ii": outer.min_ii,
                "meta_res_mii": outer.res_mii,
                "meta_rec_mii": outer.rec_mii,
                "res_occupancy": meta_res_mii(nodes, "occupancy"),
                "res_self_latency": meta_res_mii(nodes, "self_latency"),
                "meta_achieved_ii": achieved.get(outer.loop_id),
                "modulo_ii": nest.ii,
                "status": f"{nest.status.value} in the super-node model (inner loop {sorted(lengths.values())} cycles)",
                "lower_bound": nest.lower_bound,
                "checker": "ok" if not problems else "; ".join(problems),
                "seconds": round(seconds, 2),
                "outer": True,
            }
        )
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--time-limit", type=float, default=30.0, help="seconds per solver call")
    p.add_argument("--json", help="also write the rows here")
    args = p.parse_args()
    rows = [row for case in CASES for row in run(case, args.time_limit)]
    head = (
        "| case | loop | nodes | Meta MinII (Res/Rec) | ResMII occupancy / self_latency | Meta achieved II "
        "| twillc modulo II | twillc joint II | status | solve s | II, occupancy held |"
    )
    machine = f"{platform.machine()}, {os.cpu_count()} cores"
    print(f"{time.strftime('%Y-%m-%d')}, {machine}, time limit {args.time_limit:g} s")
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for r in rows:
        meta = f"{r['meta_min_ii']} ({r['meta_res_mii']}/{r['meta_rec_mii']})"
        res = f"{r['res_occupancy']} / {r['res_self_latency']}"
        if r.get("outer"):
            status = f"{r['status']} (bound {r['lower_bound']}, checker {r['checker']})"
            cells = [r["case"], r["loop"], r["nodes"], meta, res, r["meta_achieved_ii"], r["modulo_ii"], "-", status]
            cells += [r["seconds"], "-"]
        else:
            status = f"{r['status']} (bound {r['lower_bound']}, checker {r['checker']})"
            occ = f"{r['occupancy_modulo_ii']} ({r['occupancy_status']})"
            cells = [
                r["case"], r["loop"], r["nodes"], meta, res, r["meta_achieved_ii"],
                r["modulo_ii"], r["joint_ii"], status, r["seconds"], occ,
            ]  # fmt: skip
        print("| " + " | ".join(str(c) for c in cells) + " |")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
