"""Joint SWP + WS: every constraint family on small graphs, the independent
checker accepts what the solver returns and rejects mutations, and brute
force confirms UNSAT answers."""

from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twillc.checker_ws import check_joint
from twillc.graph import DependenceGraph, Edge, Op, Status, uniform_rrt
from twillc.solvers.joint_z3 import WarpConfig, joint_schedule, joint_schedule_at

UNITS = {"tc": 1, "sfu": 1, "alu": 1, "tma": 1}


def attention(regs: int = 0, spill: int = 0) -> DependenceGraph:
    return DependenceGraph(
        "attn",
        (
            Op("s", uniform_rrt("tc", 1), regs=regs, spill_cost=spill),
            Op("p", uniform_rrt("sfu", 1), regs=regs, spill_cost=spill),
            Op("o", uniform_rrt("tc", 1), regs=regs, spill_cost=spill),
        ),
        (Edge("s", "p", 1), Edge("p", "o", 1), Edge("o", "o", 1, 1)),
        UNITS,
    )


def test_simplified_attention_twill_fig1() -> None:
    config = WarpConfig(2, 0, (24, 240))
    s = joint_schedule(attention(), config)
    assert (s.ii, dict(s.cycles), s.length, s.status) == (
        2,
        {"s": 0, "p": 2, "o": 3},
        4,
        Status.OPTIMAL,
    )
    assert len(set(s.warps.values())) == 1 and 0 not in s.warps.values()
    assert check_joint(attention(), s, config) == []


def test_variable_latency_on_its_warp() -> None:
    g = DependenceGraph(
        "load",
        (Op("ld", uniform_rrt("tma", 1), variable_latency=True), Op("mm", uniform_rrt("tc", 2))),
        (Edge("ld", "mm", 3),),
        UNITS,
    )
    config = WarpConfig(3, 1, (24, 24, 240))
    s = joint_schedule(g, config)
    assert s.warps["ld"] == 1 and s.warps["mm"] != 1
    assert [r.role for r in s.roles][1] == "producer"
    assert check_joint(g, s, config) == []


def test_register_limit_bounds_overlapping_iterations() -> None:
    # a's value lives 3 cycles: at II 1 three copies (300 registers) overlap,
    # at II 2 two (200), at II 3 one (100).
    g = DependenceGraph(
        "regs",
        (Op("a", uniform_rrt("tc", 1), regs=100), Op("b", uniform_rrt("sfu", 1), regs=10)),
        (Edge("a", "b", 3),),
        UNITS,
    )
    loose, tight = WarpConfig(2, 0, (24, 240)), WarpConfig(2, 0, (24, 120))
    assert joint_schedule(g, loose).ii == 2
    s = joint_schedule(g, tight)
    assert s.ii == 3 and check_joint(g, s, tight) == []
    assert any("registers" in p for p in check_joint(g, replace(s, ii=2, lower_bound=2), tight))


def test_forbidding_cross_warp_communication() -> None:
    # Two producers too big for one warp's registers feed one consumer.
    g = DependenceGraph(
        "xwarp",
        (
            Op("a", uniform_rrt("tc", 1), regs=150, spill_cost=1),
            Op("b", uniform_rrt("sfu", 1), regs=150, spill_cost=1),
            Op("c", uniform_rrt("alu", 1), regs=1, spill_cost=1),
        ),
        (Edge("a", "c", 1), Edge("b", "c", 1)),
        UNITS,
    )
    allowed = WarpConfig(3, 0, (24, 240, 240))
    s = joint_schedule(g, allowed)
    assert s.ii == 2 and s.warps["a"] != s.warps["b"]
    assert "II=1 refuted" in s.note
    assert check_joint(g, s, allowed) == []
    forbidden = replace(allowed, allow_cross_warp=False)
    assert joint_schedule_at(g, forbidden, s.ii, s.length + 4, s.stages) is None


def test_blocking_wait_stalls_the_warp() -> None:
    # c waits (blocks) on the long MMA a; the independent e on the same warp
    # cannot be running then.
    g = DependenceGraph(
        "block",
        (
            Op("a", uniform_rrt("tc", 3)),
            Op("c", uniform_rrt("alu", 1)),
            Op("e", uniform_rrt("sfu", 3)),
        ),
        (Edge("a", "c", 3, blocking=True),),
        UNITS,
    )
    one = WarpConfig(2, 0, (24, 240))
    s = joint_schedule(g, one)
    assert check_joint(g, s, one) == []
    c, e = s.cycles["c"] % s.ii, s.cycles["e"] % s.ii
    assert not any((e + k) % s.ii == c for k in range(3))


def test_memory_capacity() -> None:
    g = DependenceGraph(
        "smem",
        (
            Op("l1", uniform_rrt("tma", 1), variable_latency=True, footprint={"smem": 60}),
            Op("l2", uniform_rrt("tma", 1), variable_latency=True, footprint={"smem": 60}),
            Op("m", uniform_rrt("tc", 1)),
        ),
        (Edge("l1", "m", 4), Edge("l2", "m", 4)),
        UNITS,
        memories={"smem": 130},
    )
    config = WarpConfig(2, 0, (24, 240))
    s = joint_schedule(g, config)
    assert check_joint(g, s, config) == []
    tight = replace(g, memories={"smem": 100})
    t = joint_schedule(tight, config)
    # Both buffers live until m issues: never within 100 bytes.
    assert t.status == Status.INFEASIBLE and t.ii is None


def test_checker_rejects_mutations() -> None:
    config = WarpConfig(2, 0, (24, 240))
    g = attention(regs=10)
    s = joint_schedule(g, config)
    assert any("variable-latency warp" in p for p in check_joint(g, replace(s, warps={**s.warps, "p": 0}), config))
    assert any("edge s->p" in p for p in check_joint(g, replace(s, cycles={**s.cycles, "p": 0}), config))
    assert any("registers" in p for p in check_joint(g, s, WarpConfig(2, 0, (24, 15))))


def brute_force_joint(g: DependenceGraph, config: WarpConfig, ii: int, length: int) -> bool:
    """Every issue time in [0, L - cycles] and every warp: does any pass the checker?"""
    from twillc.graph import Schedule

    ops = g.ops
    for times in itertools.product(*(range(length - o.cycles + 1) for o in ops)):
        if min(times) != 0:
            continue
        cycles = {o.id: t for o, t in zip(ops, times, strict=True)}
        if max(cycles[o.id] + o.cycles for o in ops) != length:
            continue
        for warps in itertools.product(range(config.warp_groups), repeat=len(ops)):
            s = Schedule(
                ii,
                cycles,
                length,
                Status.FEASIBLE,
                1,
                warps=dict(zip([o.id for o in ops], warps, strict=True)),
            )
            if not check_joint(g, s, config):
                return True
    return False


@st.composite
def tiny_graphs(draw: st.DrawFn) -> DependenceGraph:
    n = draw(st.integers(2, 3))
    ops = tuple(
        Op(
            f"v{i}",
            uniform_rrt(draw(st.sampled_from(["tc", "sfu"])), 1),
            regs=draw(st.sampled_from([0, 60, 130])),
            spill_cost=draw(st.integers(0, 1)),
        )
        for i in range(n)
    )
    edges = tuple(
        Edge(f"v{i}", f"v{i + 1}", draw(st.integers(0, 2)), 0, blocking=draw(st.booleans())) for i in range(n - 1)
    )
    return DependenceGraph("tiny", ops, edges, UNITS)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_graphs(), st.integers(1, 3), st.integers(1, 4))
def test_answers_match_brute_force(g: DependenceGraph, ii: int, length: int) -> None:
    config = WarpConfig(2, 0, (24, 200), allow_cross_warp=True)
    # Warp 0 is the variable-latency warp; these ops may only use warp 1.
    res = joint_schedule_at(g, config, ii, length)
    assert res != "unknown"
    if isinstance(res, tuple):
        from twillc.graph import Schedule

        cycles, warps = res
        base = min(cycles.values())
        cycles = {k: v - base for k, v in cycles.items()}
        s = Schedule(ii, cycles, max(cycles[o.id] + o.cycles for o in g.ops), Status.FEASIBLE, 1, warps=warps)
        assert check_joint(g, s, config) == []
    else:
        # No schedule of length exactly L..: none of length <= L either.
        assert not any(brute_force_joint(g, config, ii, L) for L in range(1, length + 1))
