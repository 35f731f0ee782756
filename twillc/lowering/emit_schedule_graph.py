"""`--emit schedule-graph`: twillc's joint schedules of a `ddg.json`'s inner
loops as Meta's `schedule_graph.json` (schema 0.1, what `sched2tlx` turns
into a TLX kernel), modelled on the files Meta's modulo pass writes.

Taken from the DDG file as read: `kernel`, the `ops` table, each loop's
bounds and induction variable, node and edge fields. From the schedule:
`II`, each node's `cycle`, `stage` (cycle // II) and `cluster` (rank of its
cycle among the distinct cycles of its stage), `max_stage`, and the warp
groups: one per twillc warp that holds a node, in warp order, with
`num_warps` its threads / 32 and `pipelines` those of its nodes (a warp of
NONE nodes only, which would be an empty TLX task, joins a neighbour's
warp that does work). Derived as
Meta's pass does: a buffer per `ttg.local_alloc` (shared memory) and
`ttng.tmem_alloc` (tensor memory) node, shape and element width from its
memdesc type, live from the earliest producer feeding it to the last
reader's completion (issue + latency), `count` = ceil(live / II); a barrier
buffer paired with each shared-memory buffer a TMA load fills; one
cross-warp-group barrier per edge between nodes of different warp groups
(`mbarrier` through the buffer when the producer fills one, else `named`),
with the edge's distance. `data_partition_candidates` are left out (none
applied). Outer loops (`is_outer: true`), scheduled in the super-node model,
follow their inner loops: every node in one warp group of 4 warps after the
inner loops' groups (the epilogue's), the super-node included, as Meta's
pass writes them; their buffers derived as above, so an accumulator live
across more than one outer II gets `count` 2 (double-buffered).
"""

from __future__ import annotations

import json
import re
from typing import Any

from twillc.scheduling.graph import DependenceGraph, Schedule

SCHEMA_VERSION = "0.1"
VIEW_KINDS = ("ttg.memdesc_trans", "ttg.memdesc_subview", "ttg.memdesc_index", "ttg.memdesc_reinterpret")
"""Ops that only view a buffer: its readers read through them."""
ALLOC_KINDS = {"ttg.local_alloc": "smem", "ttng.tmem_alloc": "tmem"}
BARRIER_BYTES = 8
WARP_THREADS = 32
GROUP_THREADS = 128


def _memdesc(types: list[str]) -> tuple[list[int], int]:
    """Shape and element bits of the first memdesc/tensor type."""
    for t in types:
        m = re.search(r"<([0-9x]+)x([a-z]+)(\d+)", t)
        if m:
            return [int(d) for d in m.group(1).split("x")], int(m.group(3))
    return [], 16


def schedule_graph(
    data: dict[str, Any],
    loops: list[tuple[dict[str, Any], DependenceGraph, Schedule, tuple[int, ...]]],
    outer: list[tuple[dict[str, Any], DependenceGraph, Schedule]] = (),  # type: ignore[assignment]
) -> dict[str, Any]:
    """The document for `data` (the DDG file) and each scheduled inner
    loop's (loop object, graph, joint schedule, threads of each warp), then
    each outer loop's (loop object, super-node model graph, modulo
    schedule): node and edge latencies as that graph has them (a
    super-node's: the inner loop's length)."""
    ops = data.get("ops", {})
    inner = [_loop(loop, schedule, threads, ops) for loop, _, schedule, threads in loops]
    base = 1 + max((g["id"] for lp in inner for g in lp["warp_groups"]), default=-1)
    return {
        "@generated": "by twillc from a ddg.json (schema ddg-0.1)",
        "schema_version": SCHEMA_VERSION,
        "kernel": data.get("kernel", {"name": "kernel", "args": []}),
        "ops": data.get("ops", {}),
        "data_partition_candidates": [],
        "loops": inner
        + [_loop(loop, schedule, (), ops, outer_group=base, graph=graph) for loop, graph, schedule in outer],
    }


def _loop(
    loop: dict[str, Any],
    schedule: Schedule,
    threads: tuple[int, ...],
    ops_table: dict[str, Any],
    outer_group: int | None = None,
    graph: DependenceGraph | None = None,
) -> dict[str, Any]:
    ii = schedule.ii or 1
    nodes = {n["id"]: n for n in loop["ddg"]["nodes"]}
    cycle = {nid: schedule.cycles[str(nid)] for nid in nodes}
    warps = schedule.warps or {}
    edges = loop["ddg"]["edges"]
    if graph is not None:  # the model's latencies (a super-node: its inner loop's length)
        nodes = {nid: {**n, "latency": graph.op(str(nid)).latency} for nid, n in nodes.items()}
        edges = [{**e, "latency": g.delay} for e, g in zip(edges, graph.edges, strict=True)]
    home = {nid: warps.get(str(nid), 0) for nid in nodes}
    # A warp holding only NONE nodes (twillc gives unit-less nodes a warp
    # group; they issue no pipeline work) would be an empty TLX task:
    # its nodes join the warp of a neighbour that does work.
    working = {home[nid] for nid in nodes if nodes[nid]["pipeline"] != "NONE"}
    for _ in range(len(nodes)):
        idle = [nid for nid in sorted(nodes) if home[nid] not in working]
        if not idle:
            break
        for nid in idle:
            near = [e["dst"] for e in edges if e["src"] == nid] + [e["src"] for e in edges if e["dst"] == nid]
            homes = [home[m] for m in near if home[m] in working]
            if homes:
                home[nid] = homes[0]
        if all(home[nid] not in working for nid in idle):
            for nid in idle:
                home[nid] = min(working, default=0)
    used = sorted(set(home.values()))
    group_of = {w: i for i, w in enumerate(used)}
    if outer_group is not None:  # an outer loop: one warp group of 4 warps (the epilogue's)
        used = [0]
        home = {nid: 0 for nid in nodes}
        group_of = {0: outer_group}
        threads = (GROUP_THREADS,)
    wg = {nid: group_of[home[nid]] for nid in nodes}
    groups = [
        {
            "id": group_of[w],
            "num_warps": max(1, (threads[w] if w < len(threads) else 128) // WARP_THREADS),
            "pipelines": sorted({nodes[nid]["pipeline"] for nid in nodes if wg[nid] == group_of[w]}),
        }
        for w in used
    ]
    stage = {nid: c // ii for nid, c in cycle.items()}
    cluster = {}
    for nid in nodes:
        same = sorted({cycle[m] for m in nodes if stage[m] == stage[nid]})
        cluster[nid] = same.index(cycle[nid])
    succs: dict[int, list[int]] = {}
    preds: dict[int, list[int]] = {}
    for e in edges:
        if e["distance"] == 0:
            succs.setdefault(e["src"], []).append(e["dst"])
            preds.setdefault(e["dst"], []).append(e["src"])

    def readers(nid: int) -> list[int]:
        out: list[int] = []
        for s in succs.get(nid, []):
            if nodes[s].get("op_kind") in VIEW_KINDS:
                out += readers(s)
            elif s not in out:
                out.append(s)
        return out

    buffers: list[dict[str, Any]] = []
    produces: dict[int, int] = {}
    consumes: dict[int, list[int]] = {}
    barrier_of: dict[int, int] = {}
    allocs = [nid for nid in sorted(nodes) if nodes[nid].get("op_kind") in ALLOC_KINDS]
    pending_barriers: list[tuple[int, dict[str, Any]]] = []
    for nid in allocs:
        node = nodes[nid]
        op = ops_table.get(node.get("op_ref")) or {}
        shape, bits = _memdesc(op.get("result_types", []))
        feeders = preds.get(nid, [])
        start = min([cycle[p] for p in feeders] + [cycle[nid]])
        ends = [cycle[r] + nodes[r].get("latency", 0) for r in readers(nid)]
        end = max(ends + [cycle[nid] + 1])
        count = max(1, -(-(end - start) // ii))
        size = (bits * _prod(shape)) // 8
        buf_id = len(buffers)
        buffers.append(
            {
                "id": buf_id,
                "kind": ALLOC_KINDS[node["op_kind"]],
                "shape": shape,
                "element_bits": bits,
                "count": count,
                "size_bytes": size,
                "total_bytes": size * count,
                "merge_group_id": buf_id,
                "paired_buffer_id": None,
                "live_start": start,
                "live_end": end,
                "def_op": node.get("op_ref"),
            }
        )
        produces[nid] = buf_id
        for r in succs.get(nid, []):
            consumes.setdefault(r, []).append(buf_id)
        if ALLOC_KINDS[node["op_kind"]] == "smem" and any(nodes[p]["pipeline"] == "TMA" for p in feeders):
            pending_barriers.append((buf_id, buffers[-1]))
    for buf_id, buf in pending_barriers:
        bar_id = len(buffers)
        buf["paired_buffer_id"] = bar_id
        barrier_of[buf_id] = bar_id
        buffers.append(
            {
                "id": bar_id,
                "kind": "barrier",
                "shape": [],
                "element_bits": 16,
                "count": buf["count"],
                "size_bytes": BARRIER_BYTES,
                "total_bytes": BARRIER_BYTES * buf["count"],
                "merge_group_id": None,
                "paired_buffer_id": buf_id,
                "live_start": buf["live_start"],
                "live_end": buf["live_end"],
                "def_op": buf["def_op"],
            }
        )
    barriers = []
    for e in edges:
        src, dst = e["src"], e["dst"]
        if wg[src] == wg[dst]:
            continue
        buf = produces.get(src)
        mbar = buf is not None and buf in barrier_of
        barriers.append(
            {
                "producer_node": src,
                "consumer_node": dst,
                "producer_wg": wg[src],
                "consumer_wg": wg[dst],
                "kind": "mbarrier" if mbar else "named",
                "depth": buffers[buf]["count"] if mbar else 1,
                "paired_buffer_id": buf if mbar else None,
                "expect_bytes": buffers[buf]["size_bytes"] if mbar else 0,
                "distance": e["distance"],
            }
        )
    graph_nodes = []
    for nid in sorted(nodes):
        node = nodes[nid]
        graph_nodes.append(
            {
                "id": nid,
                "op_ref": node.get("op_ref"),
                "op_kind": node.get("op_kind", ""),
                "pipeline": node["pipeline"],
                "warp_group": wg[nid],
                "latency": node.get("latency", 0),
                "self_latency": node.get("self_latency", 0),
                "min_warps": node.get("min_warps", 1),
                "frequency_multiplier": 1,
                "schedule": {"cycle": cycle[nid], "stage": stage[nid], "cluster": cluster[nid]},
                "produces_buffer": produces.get(nid),
                "consumes_buffers": consumes.get(nid, []),
            }
        )
    graph_edges = [
        {
            "src": e["src"],
            "dst": e["dst"],
            "kind": "data",
            "distance": e["distance"],
            "latency": e["latency"],
        }
        for e in edges
    ]
    mma = [cycle[nid] for nid in nodes if nodes[nid]["pipeline"] == "TC"]
    return {
        "loop_id": loop["loop_id"],
        "is_outer": outer_group is not None,
        "warp_groups": groups,
        "schedule_loop": {
            "id": loop["loop_id"],
            "II": ii,
            "max_stage": max(stage.values(), default=0),
            "prologue_latency": min(mma, default=0),
            "trip_count": loop.get("trip_count", 0),
            "trip_count_estimated": loop.get("trip_count_estimated", False),
            "induction_var": loop.get("induction_var", {"name": "iv", "type": "i32"}),
            "lower_bound": loop.get("lower_bound", {"const": 0, "type": "i32"}),
            "upper_bound": loop.get("upper_bound", {"const": 0, "type": "i32"}),
            "step": loop.get("step", {"const": 1, "type": "i32"}),
            "buffers": buffers,
            "graph": {"nodes": graph_nodes, "edges": graph_edges, "cross_wg_barriers": barriers},
        },
    }


def _prod(shape: list[int]) -> int:
    out = 1
    for d in shape:
        out *= d
    return out


def dumps(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=2) + "\n"
