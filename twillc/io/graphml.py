"""Modulo-scheduling instances in the format of `tests/data/benchmarks/oppermann-msp/`
(HatScheT): a GraphML dependence graph plus an `_RM.xml` resource model.

Edge delay = latency(source's resource) + the edge's `delay`; distance as
given. An op on a limited resource (`limit` >= 0) holds one instance for
max(1, blockingTime) cycles; ops on unlimited resources hold none. Op ids are
the GraphML node ids. The files declare no `<key>`s, so they are read as
plain XML (networkx's reader rejects them).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from twillc.diagnostics import error_at
from twillc.scheduling.graph import DependenceGraph, Edge, Op, uniform_rrt

NS = "{http://graphml.graphdrawing.org/xmlns}"


def _parse_xml(path: str) -> ET.Element:
    try:
        return ET.parse(path).getroot()
    except OSError as e:
        raise error_at(path, 0, 0, f"cannot read: {e.strerror or e}") from None
    except ET.ParseError as e:
        line, col = e.position
        raise error_at(path, line, col + 1, f"malformed XML: {e.msg if hasattr(e, 'msg') else e}") from None


def _int(path: str, value: str | None, what: str) -> int:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise error_at(path, 0, 0, f"{what} must be an integer, got {value!r}") from None


def _data(elem: ET.Element) -> dict[str, str]:
    return {d.get("key", ""): (d.text or "").strip() for d in elem.findall(f"{NS}data")}


def read_resources(path: str) -> dict[str, tuple[int, int, int]]:
    """Resource name -> (latency, blockingTime, limit)."""
    root = _parse_xml(path)
    out: dict[str, tuple[int, int, int]] = {}
    for r in root.iter("Resource"):
        name = r.get("name")
        if not name:
            raise error_at(path, 0, 0, "a <Resource> has no name")
        out[name] = (
            _int(path, r.get("latency"), f"latency of {name}"),
            _int(path, r.get("blockingTime"), f"blockingTime of {name}"),
            _int(path, r.get("limit"), f"limit of {name}"),
        )
    if not out:
        raise error_at(path, 0, 0, "no <Resource> elements")
    return out


def read_chstone(graphml_path: str, rm_path: str) -> DependenceGraph:
    resources = read_resources(rm_path)
    root = _parse_xml(graphml_path)
    graph_elem = root.find(f"{NS}graph")
    if graph_elem is None:
        raise error_at(graphml_path, 0, 0, "no <graph> element")
    nodes: list[tuple[int, str, str]] = []
    for n in graph_elem.findall(f"{NS}node"):
        node_id = n.get("id")
        res = _data(n).get("uses_resource")
        if node_id is None or res is None:
            raise error_at(graphml_path, 0, 0, f"node {node_id!r} lacks an id or uses_resource")
        if res not in resources:
            raise error_at(graphml_path, 0, 0, f"node {node_id} uses unknown resource {res!r}")
        nodes.append((_int(graphml_path, node_id, "a node id"), node_id, res))
    nodes.sort()
    ops = []
    for _, node_id, res in nodes:
        latency, blocking, limit = resources[res]
        rrt = uniform_rrt(res, max(1, blocking)) if limit >= 0 else uniform_rrt(None, 1)
        ops.append(Op(id=node_id, rrt=rrt, latency=latency, kind=res))
    latency_of = {node_id: resources[res][0] for _, node_id, res in nodes}
    edges = []
    for e in graph_elem.findall(f"{NS}edge"):
        src, dst = e.get("source"), e.get("target")
        if src not in latency_of or dst not in latency_of:
            raise error_at(graphml_path, 0, 0, f"edge {src}->{dst} names an unknown node")
        data = _data(e)
        delay = _int(graphml_path, data.get("delay", "0"), f"delay of edge {src}->{dst}")
        distance = _int(graphml_path, data.get("distance", "0"), f"distance of edge {src}->{dst}")
        edges.append(Edge(src, dst, latency_of[src] + delay, distance))  # type: ignore[index]
    edges.sort(key=lambda e: (int(e.src), int(e.dst), e.distance))
    capacities = {name: limit for name, (_, _, limit) in sorted(resources.items()) if limit >= 0}
    try:
        return DependenceGraph(name=Path(graphml_path).stem, ops=tuple(ops), edges=tuple(edges), capacities=capacities)
    except ValueError as e:
        raise error_at(graphml_path, 0, 0, str(e)) from None
