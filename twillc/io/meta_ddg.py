"""Meta's modulo-scheduling DDGs (`ddg.json`, schema `ddg-0.1`, written by
the modulo pass of facebookexperimental/triton and shared in
`tests/data/benchmarks/meta-ddg/`): each inner loop's DDG as a scheduling
problem.

Resource semantics: those of Meta's own legality check
(`isLegalModuloSchedule`, `ModuloReservationTable.cpp`). A node on pipeline
P in {TMA, TC, CUDA, SFU} holds P for max(self_latency, 1) consecutive
cycles from its issue (modulo II); each pipeline is one unit of capacity 1;
a `NONE` node holds nothing. Edge delay is the edge's own `latency` (not the
node's), with its `distance`. The node's `latency` is kept as the op's
latency, `occupancy` only for `meta_res_mii` (Meta's ResMII sums each
pipeline's `occupancy`, falling back when it is 0, which bounds Meta's
search from below but is not what its reservation table enforces).

Warps (the Blackwell model of `b200.toml`): pipelines map to its units
(TMA -> tma, TC -> tc, CUDA -> alu, SFU -> sfu); TMA nodes are
variable-latency (the load warp runs exactly them); `min_warps` m asks for
m * 32 threads, which the model meets for m <= 4 (TMA and TC nodes need one
thread, every other node a warp group of 4 warps): a node asking for more
than its warp can have is rejected. The DDG carries no register or memory
footprints, so the joint problem has none.

Outer (persistent) loops (`is_outer`, or holding an inner loop as a
super-node) are read too and scheduled after their inner loops in the
super-node model (`nest_graph`): each super-node is the scheduled inner loop
as one op, of the inner loop's length, (T - 1) * II + L with twillc's II and
one iteration's length L (T: the trip count Meta's super-node assumes,
its `latency` / `inner_ii`, else the inner loop's `trip_count`), holding a
`mainloop` unit of capacity 1 (one tile's main loop at a time: the load
and MMA warps) for that whole length; its outgoing edges wait for all of
it. The other nodes keep the reading above, so the epilogue of tile t
overlaps the main loop of tile t + 1 where its dependences allow. The
model does not replay the inner loop's TMA and TC reservations inside the
super-node: the epilogue's TMA ops share the TMA unit with each other only.

Errors are `file:line:col: error:`, at the offending node or edge (the line
of its `"id": N` or of its `"src"`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twillc.diagnostics import UserError, error_at
from twillc.scheduling.graph import DependenceGraph, Edge, Op, super_node_graph, uniform_rrt

SCHEMA = "ddg-0.1"
PIPELINES = ("TMA", "TC", "CUDA", "SFU", "NONE")
UNITS = {"TMA": "tma", "TC": "tc", "CUDA": "alu", "SFU": "sfu"}
"""Meta's pipelines as the units of twillc's B200 model; NONE holds none."""
WARP_THREADS = 32
ONE_THREAD = ("TMA", "TC")
"""Pipelines whose ops one thread issues in the B200 model (the rest: a warp group)."""
GROUP_WARPS = 4
ASYNC = ("TMA", "TC")
"""Variable-latency pipelines: TMA copies and tcgen05.mma complete on an
mbarrier, so W_vl (one warp) issues them and their readers wait there."""


@dataclass(frozen=True)
class DdgLoop:
    loop_id: int
    graph: DependenceGraph
    min_ii: int | None
    res_mii: int | None
    rec_mii: int | None
    data: dict[str, Any]
    """The loop's JSON object as read."""
    line: int
    outer: bool = False
    supers: dict[str, int] = field(default_factory=dict)
    """An outer loop's super-nodes: node id -> the inner loop_id it stands for."""


@dataclass(frozen=True)
class DdgFile:
    path: str
    data: dict[str, Any]
    loops: tuple[DdgLoop, ...]
    outer: tuple[DdgLoop, ...] = field(default_factory=tuple)
    """Outer loops, each after the inner loops its super-nodes stand for."""


def is_meta_ddg(path: str) -> bool:
    """Whether `path` declares schema `ddg-0.1` (a cheap look at its text)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(4096)
    except OSError:
        return False
    return re.search(r'"schema_version"\s*:\s*"ddg-', head) is not None


class _Locator:
    """Lines and columns of the JSON keys that name loops, nodes and edges."""

    def __init__(self, text: str):
        self.text = text
        self.loops = [m.start() for m in re.finditer(r'"loop_id"\s*:', text)]

    def at(self, offset: int) -> tuple[int, int]:
        line = self.text.count("\n", 0, offset) + 1
        return line, offset - (self.text.rfind("\n", 0, offset) + 1) + 1

    def _region(self, k: int) -> tuple[int, int]:
        if k >= len(self.loops):
            return 0, 0
        # A loop object starts at the brace before its "loop_id".
        start = self.text.rfind("{", 0, self.loops[k])
        end = self.loops[k + 1] if k + 1 < len(self.loops) else len(self.text)
        return start, end

    def loop(self, k: int) -> tuple[int, int]:
        start, end = self._region(k)
        return self.at(self.loops[k]) if end else (0, 0)

    def _nth(self, k: int, section: str, pattern: str, n: int) -> tuple[int, int]:
        start, end = self._region(k)
        if not end:
            return 0, 0
        sec = self.text.find(f'"{section}"', start, end)
        if sec < 0:
            return self.loop(k)
        for i, m in enumerate(re.finditer(pattern, self.text[sec:end])):
            if i == n:
                return self.at(sec + m.start())
        return self.at(sec)

    def node(self, k: int, n: int) -> tuple[int, int]:
        """The n-th node (by position) of the k-th loop."""
        return self._nth(k, "nodes", r"\{", n)

    def edge(self, k: int, n: int) -> tuple[int, int]:
        return self._nth(k, "edges", r"\{", n)

    def key(self, name: str) -> tuple[int, int]:
        i = self.text.find(f'"{name}"')
        return self.at(i) if i >= 0 else (1, 1)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_meta_ddg(path: str, source: str | None = None, hold: str = "self_latency") -> DdgFile:
    """Every loop of a `ddg-0.1` file: inner loops as graphs, outer loops
    (`is_outer`, or holding an inner loop as a super-node) under `outer`,
    each super-node linked to its inner loop (`nest_graph` makes their
    graph once the inner loops are scheduled).
    `hold`: how long a node holds its pipeline, `self_latency` (Meta's
    reservation table: max(self_latency, 1), the default) or `occupancy`
    (the reading behind Meta's ResMII, for comparison: `_occupancy`)."""
    if hold not in ("self_latency", "occupancy"):
        raise ValueError(f"unknown hold {hold!r}")
    if source is None:
        try:
            source = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise error_at(path, 0, 0, f"cannot read: {getattr(e, 'strerror', None) or e}") from None
    try:
        data = json.loads(source)
    except json.JSONDecodeError as e:
        raise error_at(path, e.lineno, e.colno, f"malformed JSON: {e.msg}", source) from None
    where = _Locator(source)

    def fail(loc: tuple[int, int], message: str) -> UserError:
        return error_at(path, loc[0], loc[1], message, source)

    if not isinstance(data, dict):
        raise fail((1, 1), "a ddg.json file holds one JSON object")
    version = data.get("schema_version")
    if version != SCHEMA:
        raise fail(where.key("schema_version"), f"unsupported schema_version {version!r} (expected '{SCHEMA}')")
    loops = data.get("loops")
    if not isinstance(loops, list) or not loops:
        raise fail(where.key("loops"), "'loops' must be a non-empty list of loops")
    inner: list[DdgLoop] = []
    outer: list[tuple[int, dict[str, Any], DependenceGraph, list[int]]] = []
    seen: set[int] = set()
    for k, loop in enumerate(loops):
        loc = where.loop(k)
        if not isinstance(loop, dict) or not _int(loop.get("loop_id")):
            raise fail(loc if loc[0] else where.key("loops"), f"loop {k} has no integer 'loop_id'")
        loop_id = loop["loop_id"]
        if loop_id in seen:
            raise fail(loc, f"loop_id {loop_id} appears twice")
        seen.add(loop_id)
        graph = _read_loop(path, loop, k, where, fail, hold)
        supers = [n for n, node in enumerate(loop["ddg"]["nodes"]) if node.get("is_super_node")]
        if loop.get("is_outer") or supers:
            outer.append((k, loop, graph, supers))
            continue
        bounds = [loop.get(key) if _int(loop.get(key)) else None for key in ("min_ii", "res_mii", "rec_mii")]
        inner.append(DdgLoop(loop_id, graph, *bounds, data=loop, line=loc[0]))
    if not inner:
        k, loop, _, _ = outer[0]
        raise fail(
            where.loop(k),
            f"loop {loop['loop_id']} is an outer (persistent) loop, and the file has no inner loop "
            "for its super-node to stand for: nothing to schedule",
        )
    nests: list[DdgLoop] = []
    for k, loop, graph, supers in outer:
        loc = where.loop(k)
        if not supers:
            raise fail(loc, f"outer loop {loop['loop_id']} holds no inner loop as a super-node")
        owned: dict[str, int] = {}
        for n in supers:
            node = loop["ddg"]["nodes"][n]
            found = _inner_of(node, data.get("ops") or {}, [lp.data for lp in inner])
            if found is None:
                raise fail(
                    where.node(k, n),
                    f"super-node {node['id']} of loop {loop['loop_id']}: no inner loop of the file matches its "
                    "scf.for's bounds and step",
                )
            owned[str(node["id"])] = found
        bounds = [loop.get(key) if _int(loop.get(key)) else None for key in ("min_ii", "res_mii", "rec_mii")]
        nests.append(DdgLoop(loop["loop_id"], graph, *bounds, data=loop, line=loc[0], outer=True, supers=owned))
    return DdgFile(path, data, tuple(inner), tuple(nests))


def _inner_of(node: dict[str, Any], ops: dict[str, Any], inner: list[dict[str, Any]]) -> int | None:
    """The inner loop a super-node stands for: the one whose lower bound,
    upper bound and step are its `scf.for`'s first three operands, or the
    file's only inner loop."""
    operands = (ops.get(node.get("op_ref")) or {}).get("operands") or []
    match = [
        lp["loop_id"]
        for lp in inner
        if len(operands) >= 3 and [lp.get("lower_bound"), lp.get("upper_bound"), lp.get("step")] == operands[:3]
    ]
    if len(match) == 1:
        return int(match[0])
    return int(inner[0]["loop_id"]) if len(inner) == 1 else None


MAINLOOP = "mainloop"
"""The unit a super-node holds: the warps that run one tile's main loop."""


def inner_length(super_node: dict[str, Any], inner: dict[str, Any], ii: int, length: int) -> tuple[int, int]:
    """(T, cycles): the trip count the super-node model assumes and the
    inner loop's length at twillc's `ii` and one iteration's `length`:
    (T - 1) * ii + length. T is Meta's own for the super-node, its
    `latency` / `inner_ii` when that divides, else the inner loop's
    `trip_count` (at least 1)."""
    lat, meta_ii = super_node.get("latency", 0), super_node.get("inner_ii", 0)
    if _int(lat) and _int(meta_ii) and meta_ii > 0 and lat > 0 and lat % meta_ii == 0:
        trips = lat // meta_ii
    else:
        trips = inner.get("trip_count") if _int(inner.get("trip_count")) else 1
    trips = max(int(trips), 1)
    return trips, (trips - 1) * ii + length


def nest_graph(loop: DdgLoop, lengths: dict[str, int]) -> DependenceGraph:
    """An outer loop's graph in the super-node model: each super-node (id ->
    the inner loop's length in `lengths`) holds `MAINLOOP` for that length,
    and its outgoing edges wait for all of it."""
    return super_node_graph(loop.graph, lengths, units=(MAINLOOP,))


def _read_loop(path: str, loop: dict[str, Any], k: int, where: _Locator, fail: Any, hold: str) -> DependenceGraph:
    loop_id = loop["loop_id"]
    ddg = loop.get("ddg")
    if not isinstance(ddg, dict) or not isinstance(ddg.get("nodes"), list) or not isinstance(ddg.get("edges"), list):
        raise fail(where.loop(k), f"loop {loop_id} has no 'ddg' with 'nodes' and 'edges' lists")
    ops: list[Op] = []
    ids: set[int] = set()
    for n, node in enumerate(ddg["nodes"]):
        loc = where.node(k, n)
        if not isinstance(node, dict) or not _int(node.get("id")) or node["id"] < 0:
            raise fail(loc, f"node {n} of loop {loop_id} has no non-negative integer 'id'")
        nid = node["id"]
        if nid in ids:
            raise fail(loc, f"node id {nid} appears twice in loop {loop_id}")
        ids.add(nid)
        pipeline = node.get("pipeline")
        if pipeline not in PIPELINES:
            raise fail(loc, f"node {nid}: unknown pipeline {pipeline!r} (expected one of {', '.join(PIPELINES)})")
        for key in ("latency", "self_latency", "occupancy"):
            value = node.get(key, 0)
            if not _int(value):
                raise fail(loc, f"node {nid}: '{key}' must be an integer, got {value!r}")
            if value < 0:
                raise fail(loc, f"node {nid}: negative {key} {value}")
        warps = node.get("min_warps", 1)
        if not _int(warps) or warps < 1:
            raise fail(loc, f"node {nid}: 'min_warps' must be a positive integer, got {warps!r}")
        most = 1 if pipeline in ONE_THREAD else GROUP_WARPS
        if pipeline in ONE_THREAD and warps > 1 or warps > GROUP_WARPS:
            raise fail(
                loc,
                f"node {nid}: min_warps {warps} on {pipeline}, but the B200 warp model runs "
                f"{'a one-thread op on one warp' if most == 1 else 'an op on one warp group'} "
                f"({most * WARP_THREADS if most > 1 else 1} thread(s))",
            )
        unit = UNITS.get(pipeline)
        held = max(node["self_latency"], 1) if hold == "self_latency" else _occupancy(node)
        ops.append(
            Op(
                id=str(nid),
                rrt=uniform_rrt(unit, held) if unit else uniform_rrt(None, 1),
                latency=node.get("latency", 0),
                kind=str(node.get("op_kind", "")),
                variable_latency=pipeline in ASYNC,
                loc=f"{path}:{loc[0]}:{loc[1]}",
            )
        )
    edges: list[Edge] = []
    for n, edge in enumerate(ddg["edges"]):
        loc = where.edge(k, n)
        if not isinstance(edge, dict):
            raise fail(loc, f"edge {n} of loop {loop_id} is not an object")
        src, dst = edge.get("src"), edge.get("dst")
        for end, value in (("src", src), ("dst", dst)):
            if not _int(value):
                raise fail(loc, f"edge {n} of loop {loop_id}: '{end}' must be a node id, got {value!r}")
            if value not in ids:
                raise fail(loc, f"edge {src}->{dst} of loop {loop_id}: dangling {end}, no node {value}")
        for key in ("distance", "latency"):
            value = edge.get(key)
            if not _int(value):
                raise fail(loc, f"edge {src}->{dst} of loop {loop_id}: '{key}' must be an integer, got {value!r}")
            if value < 0:
                raise fail(loc, f"edge {src}->{dst} of loop {loop_id}: negative {key} {value}")
        edges.append(Edge(str(src), str(dst), edge["latency"], edge["distance"]))
    cycle = _zero_distance_cycle(edges)
    if cycle:
        first = next(i for i, e in enumerate(ddg["edges"]) if str(e["src"]) == cycle[0] and str(e["dst"]) == cycle[1])
        raise fail(
            where.edge(k, first),
            f"loop {loop_id} has a cycle of distance-0 edges ({' -> '.join(cycle)}): no II can schedule it",
        )
    return DependenceGraph(
        name=f"{Path(path).parent.name or Path(path).stem}/loop{loop_id}",
        ops=tuple(ops),
        edges=tuple(edges),
        capacities={u: 1 for u in sorted(UNITS.values())},
        target="b200",
    )


def _zero_distance_cycle(edges: list[Edge]) -> list[str]:
    """Nodes of a cycle of distance-0 edges (first node repeated), or []."""
    succ: dict[str, list[str]] = {}
    for e in edges:
        if e.distance == 0:
            succ.setdefault(e.src, []).append(e.dst)
    color: dict[str, int] = {}
    for root in sorted(succ, key=int):
        if root in color:
            continue
        stack: list[tuple[str, int]] = [(root, 0)]
        path: list[str] = [root]
        color[root] = 1
        while stack:
            v, i = stack[-1]
            nexts = succ.get(v, [])
            if i == len(nexts):
                stack.pop()
                path.pop()
                color[v] = 2
                continue
            stack[-1] = (v, i + 1)
            w = nexts[i]
            if color.get(w) == 1:
                return path[path.index(w) :] + [w]
            if w not in color:
                color[w] = 1
                stack.append((w, 0))
                path.append(w)
    return []


def meta_res_mii(nodes: list[dict[str, Any]], reading: str = "occupancy") -> int:
    """Meta's ResMII from a loop's `ddg.nodes`: the largest per-pipeline sum
    of `occupancy` (Meta's `pipelineOccupancy`: its fallback when 0 is
    max(latency, 1) on TMA and TC, else max(self_latency, 1)), or with
    `reading="self_latency"` of max(self_latency, 1), what the reservation
    table holds."""
    load: dict[str, int] = {}
    for n in nodes:
        p = n["pipeline"]
        if p == "NONE":
            continue
        load[p] = load.get(p, 0) + (_occupancy(n) if reading == "occupancy" else max(n["self_latency"], 1))
    return max(load.values(), default=0)


def _occupancy(node: dict[str, Any]) -> int:
    """Meta's `pipelineOccupancy`: `occupancy` when > 0, else max(latency, 1)
    on TMA and TC, else max(self_latency, 1)."""
    if node.get("occupancy", 0) > 0:
        return int(node["occupancy"])
    if node["pipeline"] in ("TMA", "TC"):
        return max(node["latency"], 1)
    return max(node["self_latency"], 1)
