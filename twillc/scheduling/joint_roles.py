"""The warps of a joint schedule once solved: their canonical numbering
and the roles (warp groups with their ops, threads and registers) they
become."""

from __future__ import annotations

from twillc.scheduling.graph import DependenceGraph, WarpRole
from twillc.scheduling.warp_config import WarpConfig


def canonical_warps(graph: DependenceGraph, config: WarpConfig, warps: dict[str, int]) -> dict[str, int]:
    """Warps alike in budget and threads are interchangeable: numbered here
    in the order their first op appears in the program, so that the same
    schedule always reads the same (sub-tile 0 on the first softmax group)."""
    classes: dict[tuple[int, int], list[int]] = {}
    for w in range(config.warp_groups):
        if w != config.vl_warp:
            classes.setdefault((config.limit(w), config.threads_of(w)), []).append(w)
    rename = {}
    for alike in classes.values():
        first = {w: next((i for i, o in enumerate(graph.ops) if warps[o.id] == w), len(graph.ops)) for w in alike}
        rename.update(zip(sorted(alike, key=lambda w: (first[w], w)), alike, strict=True))
    return {v: rename.get(w, w) for v, w in warps.items()}


def warp_roles(graph: DependenceGraph, config: WarpConfig, warps: dict[str, int]) -> tuple[WarpRole, ...]:
    """Names for the warps from the units their ops use: `producer` (W_vl),
    `mma` (tensor core only), `consumer` (tensor core with other work),
    `softmax` (special-function unit, no tensor core), `correction` (other
    units only), `idle` (no op); numbered when a name repeats."""
    bases = []
    for wid in range(config.warp_groups):
        units = {u for o in graph.ops if warps[o.id] == wid for u in o.units()}
        held = any(warps[o.id] == wid for o in graph.ops)
        if wid == config.vl_warp:
            base = "producer" if held else "idle"
        elif not held:
            base = "idle"
        elif units == {"tc"}:
            base = "mma"
        elif "tc" in units:
            base = "consumer"
        elif "sfu" in units:
            base = "softmax"
        else:
            base = "correction"
        bases.append(base)
    seen: dict[str, int] = {}
    out = []
    for wid, base in enumerate(bases):
        name = base
        if bases.count(base) > 1 and base != "idle":
            name = f"{base}{seen.get(base, 0)}"
            seen[base] = seen.get(base, 0) + 1
        out.append(WarpRole(wid, name, config.reg_limits[wid] if wid < len(config.reg_limits) else 0))
    return tuple(out)
