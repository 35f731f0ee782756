"""What every engine of a joint SWP + WS query shares (`joint_z3`,
`joint_cpsat`): the answer's shape and the copies S of the body in Q*."""

from __future__ import annotations

from math import ceil

from twillc.scheduling.graph import DependenceGraph
from twillc.scheduling.warp_config import WarpConfig

Answer = tuple[dict[str, int], dict[str, int]] | None | str
"""(cycles, warps) when satisfiable, None when not, 'unknown' at the limit."""


def query_copies(graph: DependenceGraph, config: WarpConfig, ii: int, length: int, stages: int | None) -> int | None:
    """The copies S of the body in Q* for a query (default ceil(L/II)), or
    None when the query is unsatisfiable on its face (an op longer than L,
    W_vl not a warp); ValueError on a query that makes no sense."""
    if ii < 1 or length < 1:
        raise ValueError("II and length must be positive")
    copies = stages if stages is not None else max(1, ceil(length / ii))
    if copies < ceil(length / ii):
        raise ValueError(f"{copies} stages cannot hold a length of {length} at II {ii}")
    if any(o.cycles > length for o in graph.ops) or not 0 <= config.vl_warp < config.warp_groups:
        return None
    return copies
