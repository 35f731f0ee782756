"""Random small dependence graphs for property tests (hypothesis strategies)."""

from __future__ import annotations

from hypothesis import strategies as st

from twillc.graph import DependenceGraph, Edge, Op, uniform_rrt


@st.composite
def small_graphs(draw: st.DrawFn, max_ops: int = 4, max_delay: int = 3) -> DependenceGraph:
    units = draw(st.sampled_from([("u",), ("u", "w")]))
    caps = {u: draw(st.integers(1, 2)) for u in units}
    n = draw(st.integers(1, max_ops))
    ops = []
    for i in range(n):
        unit = draw(st.sampled_from((*units, None)))
        cycles = draw(st.integers(1, 2))
        ops.append(Op(id=f"v{i}", rrt=uniform_rrt(unit, cycles), latency=draw(st.integers(0, max_delay))))
    edges: dict[tuple[str, str, int], Edge] = {}
    for _ in range(draw(st.integers(0, n + 1))):
        a, b = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        # Forward edges may have distance 0; backward ones and self loops carry.
        distance = draw(st.integers(0, 1)) if a < b else draw(st.integers(1, 2))
        e = Edge(f"v{a}", f"v{b}", draw(st.integers(0, max_delay)), distance)
        edges[(e.src, e.dst, e.distance)] = e
    return DependenceGraph("random", tuple(ops), tuple(edges.values()), caps)
