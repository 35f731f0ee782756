"""Random small dependence graphs for property tests (hypothesis strategies),
and the shipped examples after a pass pipeline."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

from twillc.scheduling.graph import DependenceGraph, Edge, Op, uniform_rrt


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


def example_module(name: str, passes: str) -> ModuleOp:
    """`examples/<name>.tile` parsed, with the pass pipeline `passes` applied."""
    from xdsl.passes import PassPipeline

    from twillc.cli.passes import get_all_passes
    from twillc.frontend import parse_tile
    from twillc.ir.context import make_context

    path = Path(__file__).resolve().parent.parent / "examples" / f"{name}.tile"
    module = parse_tile(path.read_text(), str(path))
    for p in PassPipeline.parse_spec(get_all_passes(), passes).passes:
        p.apply(make_context(), module)
    return module
