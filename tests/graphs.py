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


def attention_chains(chains: int) -> DependenceGraph:
    """`chains` independent attention-like chains of 8 ops each (a TMA load,
    QK^T and PV on the tensor core, exp2 on the SFU, row reductions and the
    rescale on the ALUs, the output and row sum carried), with registers,
    load latency and spill costs of the Hopper model's order: 40 ops at 5
    chains, for the first-schedule heuristic (`joint_heuristic`)."""
    ops: list[Op] = []
    edges: list[Edge] = []
    for c in range(chains):

        def n(name: str, c: int = c) -> str:
            return f"{name}{c}"

        ops += [
            Op(n("ld"), uniform_rrt("tma", 16), latency=78, variable_latency=True),
            Op(n("s"), uniform_rrt("tc", 64), latency=64, regs=64, spill_cost=30, reads_while_running=True),
            Op(n("mx"), uniform_rrt("alu", 16), latency=16, regs=1, spill_cost=30),
            Op(n("sub"), uniform_rrt("alu", 16), latency=16, regs=64, spill_cost=30),
            Op(n("p"), uniform_rrt("sfu", 64), latency=64, regs=32, spill_cost=30),
            Op(n("sm"), uniform_rrt("alu", 16), latency=16, regs=1, spill_cost=30),
            Op(n("l"), uniform_rrt("alu", 1), latency=1, regs=1, spill_cost=30),
            Op(n("o"), uniform_rrt("tc", 64), latency=64, regs=32, spill_cost=30, reads_while_running=True),
        ]
        edges += [
            Edge(n("ld"), n("s"), 78),
            Edge(n("ld"), n("o"), 78),
            Edge(n("s"), n("mx"), 64),
            Edge(n("s"), n("sub"), 64),
            Edge(n("mx"), n("sub"), 16),
            Edge(n("mx"), n("mx"), 16, 1),
            Edge(n("sub"), n("p"), 16),
            Edge(n("p"), n("sm"), 64),
            Edge(n("p"), n("o"), 64),
            Edge(n("sm"), n("l"), 16),
            Edge(n("l"), n("l"), 1, 1),
            Edge(n("o"), n("o"), 64, 1, in_place=True),
        ]
    units = {"tc": 1, "sfu": 1, "alu": 2, "tma": 1}
    return DependenceGraph(f"chains{chains}", tuple(ops), tuple(edges), units, {"smem": 228 * 1024})
