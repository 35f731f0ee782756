"""Joint SWP + WS: every constraint family on small hand-built graphs, the
independent checker accepts what the solver returns and rejects mutations,
and brute force over every issue time and warp confirms the solver's
answers both ways."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twillc.scheduling.checker_ws import check_joint
from twillc.scheduling.graph import DependenceGraph, Edge, Op, Schedule, Status, schedule_length, uniform_rrt
from twillc.scheduling.joint_cpsat import joint_cpsat_at
from twillc.scheduling.joint_search import SolverLimit, WarpConfig, joint_schedule, joint_schedule_at

UNITS = {"tc": 1, "sfu": 1, "alu": 2, "tma": 1}
ONE_WARP = WarpConfig(2, 0, (24, 240))
"""W_vl plus one warp for everything else."""


def graph(ops: list[Op], edges: list[Edge], **kw: object) -> DependenceGraph:
    return DependenceGraph("g", tuple(ops), tuple(edges), UNITS, **kw)  # type: ignore[arg-type]


def op(name: str, unit: str | None, cycles: int = 1, **kw: object) -> Op:
    return Op(name, uniform_rrt(unit, cycles), **kw)  # type: ignore[arg-type]


def attention(regs: int = 0) -> DependenceGraph:
    return graph(
        [op("s", "tc", regs=regs), op("p", "sfu", regs=regs), op("o", "tc", regs=regs)],
        [Edge("s", "p", 1), Edge("p", "o", 1), Edge("o", "o", 1, 1)],
    )


def solved(g: DependenceGraph, config: WarpConfig, **kw: object) -> Schedule:
    """The search's schedule, checked; the other engine reaches the same II."""
    s = joint_schedule(g, config, time_limit=30.0, **kw)  # type: ignore[arg-type]
    assert s.ii is not None, s.note
    assert check_joint(g, s, config) == []
    other = joint_schedule(g, config, time_limit=30.0, engine="z3", **kw)  # type: ignore[arg-type]
    assert (other.ii, other.status) == (s.ii, s.status)
    return s


def test_simplified_attention_twill_fig1() -> None:
    s = solved(attention(), ONE_WARP)
    assert (s.ii, dict(s.cycles), s.length, s.stages) == (2, {"s": 0, "p": 2, "o": 3}, 4, 2)
    assert s.status == Status.OPTIMAL and s.complete and s.lower_bound == 2
    assert set(s.warps.values()) == {1}
    assert [r.role for r in s.roles] == ["idle", "consumer"]


def test_variable_latency_ops_on_their_warp() -> None:
    g = graph(
        [op("ld", "tma", variable_latency=True), op("mm", "tc", 2), op("ex", "sfu")],
        [Edge("ld", "mm", 3), Edge("mm", "ex", 2)],
    )
    config = WarpConfig(3, 2, (240, 240, 24))
    s = solved(g, config)
    assert s.warps["ld"] == 2 and s.warps["mm"] != 2 and s.warps["ex"] != 2
    assert s.roles[2].role == "producer" and s.roles[2].regs == 24
    # A fixed-latency op on W_vl, or a load off it, is unsatisfiable.
    moved = check_joint(g, replace(s, warps={**s.warps, "mm": 2}), config)
    assert any("variable-latency warp" in p for p in moved)
    assert any("variable-latency warp" in p for p in check_joint(g, replace(s, warps={**s.warps, "ld": 0}), config))


def test_register_limit_removes_cross_iteration_overlap() -> None:
    # Backward-like: a lives until c. At II 2 (the tensor-core bound) two
    # copies of a overlap with b: 300 registers; a budget of 240 forces the
    # iterations apart (II 3, one stage).
    g = graph(
        [op("a", "tc", regs=100), op("b", "sfu", regs=100), op("c", "tc")],
        [Edge("a", "b", 1), Edge("b", "c", 1), Edge("a", "c", 1)],
    )
    loose = solved(g, WarpConfig(2, 0, (24, 400)))
    assert (loose.ii, loose.stages, loose.status) == (2, 2, Status.OPTIMAL)
    tight_config = WarpConfig(2, 0, (24, 240))
    tight = solved(g, tight_config)
    assert (tight.ii, tight.stages) == (3, 1)
    assert tight.status == Status.OPTIMAL and "II=2 refuted at every length" in tight.note
    # Without the circular relaxation only the stage counts tried are refuted.
    staged = joint_schedule(g, tight_config, relaxation=False)
    assert staged.status == Status.FEASIBLE and staged.complete and "II=2 refuted for stages 1..3" in staged.note
    assert any("registers" in p for p in check_joint(g, loose, tight_config))


def test_mma_holds_its_register_operands_until_it_completes() -> None:
    # wgmma reads its register A fragments until wgmma.wait_group, so a
    # stays live while m runs (4 cycles) and b's registers must wait for it:
    # II 5 where a value consumed at issue would allow the unit bound, 3. An
    # accumulator updated in place is not held.
    ops = [op("a", "alu", regs=100), op("m", "tc", 3, reads_while_running=True), op("b", "alu", regs=100)]
    config = WarpConfig(2, 0, (24, 150))
    held = graph(ops, [Edge("a", "m", 1)])
    in_place = graph(ops, [Edge("a", "m", 1, in_place=True)])
    assert solved(held, config).ii == 5
    assert solved(in_place, config).ii == 3
    overlapping = Schedule(5, {"a": 0, "m": 1, "b": 2}, 4, Status.FEASIBLE, 1, warps={"a": 1, "m": 1, "b": 1})
    assert any("registers" in p for p in check_joint(held, overlapping, config))
    assert check_joint(in_place, overlapping, config) == []


def test_graphs_from_ir_mark_mma_readers_and_accumulators() -> None:
    """From the IR: every tile.mma reads while it runs; its accumulator
    operand (carried, or rescaled first as FA3's O) is updated in place,
    its other operands are not."""
    from graphs import example_module

    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop

    module = example_module("attn_fwd_h100", "annotate-costs")
    g, _ = graph_from_loop(find_loop(module), module_machine(module), "attn_fwd")
    assert {o.id for o in g.ops if o.reads_while_running} == {o.id for o in g.ops if o.kind == "tile.mma"}
    into_o0 = {(e.src, e.in_place) for e in g.edges if e.dst == "o0"}
    assert into_o0 == {("mul_1", True), ("cast", False), ("v", False)}, into_o0  # mul_1: o0 * alpha0


def test_cross_warp_delay_and_forbidden_crossing() -> None:
    # a and b (150 registers each) cannot share a 240-register warp while
    # both are live, so one of them hands its value to c across warps.
    g = graph(
        [op("a", "tc", regs=150, spill_cost=1), op("b", "sfu", regs=150, spill_cost=1), op("c", "alu", regs=1)],
        [Edge("a", "c", 1), Edge("b", "c", 1)],
    )
    allowed = WarpConfig(3, 0, (24, 240, 240))
    s = solved(g, allowed)
    assert s.ii == 2 and s.warps["a"] != s.warps["b"] and "II=1 refuted" in s.note
    assert s.status == Status.OPTIMAL and "II=1 refuted at every length" in s.note
    # The receiving op blocks, so even a free crossing does not reach II 1;
    # each cycle of delay past 1 lengthens the lifetime, hence the II.
    assert [solved(g, replace(allowed, cross_warp_delay=d)).ii for d in (0, 2, 3)] == [2, 3, 4]
    # Forbidden: unsatisfiable where the allowed problem is satisfiable.
    forbidden = replace(allowed, allow_cross_warp=False)
    assert isinstance(joint_schedule_at(g, allowed, s.ii, s.length), tuple)
    assert joint_schedule_at(g, forbidden, s.ii, s.length) is None
    assert joint_schedule(g, forbidden, max_ii=4).status == Status.INFEASIBLE
    problems = check_joint(g, s, forbidden)
    assert any("crossing is off" in p for p in problems)
    slow = check_joint(g, s, replace(allowed, cross_warp_delay=5))
    assert any("spill delay" in p for p in slow)


def test_blocking_wait_stalls_its_warp() -> None:
    # c blocks on the long MMA a; e keeps the SFU busy all of II 3, so it
    # cannot share c's warp: one warp needs II 4, a second one allows 3.
    g = graph(
        [op("a", "tc", 3), op("c", "alu"), op("e", "sfu", 3)],
        [Edge("a", "c", 3, blocking=True)],
    )
    one = solved(g, ONE_WARP)
    assert one.ii == 4
    assert joint_schedule_at(g, ONE_WARP, 3, 6) is None
    two_config = WarpConfig(3, 0, (24, 240, 240))
    two = solved(g, two_config)
    assert two.ii == 3 and two.warps["c"] != two.warps["e"]
    merged = check_joint(g, replace(two, warps={**two.warps, "e": two.warps["c"]}), two_config)
    assert any("blocking op c" in p for p in merged)


def test_stall_excludes_its_warp() -> None:
    # r waits 2 of its 3 cycles on a tensor-memory read; e keeps the SFU
    # busy for 3 cycles of every II. Sharing a warp, r's wait and e's run
    # must not meet: II 5 (3 + 2). On separate warps: the SFU bound, 3.
    g = graph([op("e", "sfu", 3), Op("r", uniform_rrt("alu", 3, stall=2), stall=2)], [])
    assert g.op("r").rrt == ((), (), (("alu", 1),))
    one = solved(g, ONE_WARP)
    assert one.ii == 5
    for decide in (joint_schedule_at, joint_cpsat_at):
        assert decide(g, ONE_WARP, 4, 8) is None
        assert isinstance(decide(g, ONE_WARP, 5, 5), tuple)
    two_config = WarpConfig(3, 0, (24, 240, 240))
    two = solved(g, two_config)
    assert two.ii == 3 and two.warps["r"] != two.warps["e"]
    merged = check_joint(g, replace(two, warps={**two.warps, "e": two.warps["r"]}), two_config)
    assert any("in the stall of r" in p for p in merged)


def test_stall_longer_than_ii_excludes_only_other_ops() -> None:
    # r's stall (2) outlasts II 1: the stalls of its copies overlap each
    # other, which is allowed (an op's own copies are exempt), and together
    # cover every cycle, so no other op may execute on r's warp.
    r = Op("r", uniform_rrt("alu", 3, stall=2), stall=2)
    alone, both = graph([r], []), graph([r, op("e", "sfu")], [])
    for decide in (joint_schedule_at, joint_cpsat_at):
        assert isinstance(decide(alone, ONE_WARP, 1, 3), tuple)
        assert decide(both, ONE_WARP, 1, 3) is None
        assert isinstance(decide(both, WarpConfig(3, 0, (24, 240, 240)), 1, 3), tuple)


def test_stall_within_the_op() -> None:
    with pytest.raises(ValueError, match="stalls 3 cycles"):
        graph([Op("r", uniform_rrt("alu", 2), stall=3)], [])


def test_receiving_from_another_warp_blocks() -> None:
    # c gets b's value from another warp (b is too big to share c's warp),
    # so it blocks; d keeps the SFU busy on c's warp all of II 2 otherwise.
    g = graph(
        [op("b", "tc", regs=200), op("c", "alu", regs=100), op("d", "sfu", 2), op("f", "tc")],
        [Edge("b", "c", 1), Edge("c", "f", 1)],
    )
    config = WarpConfig(3, 0, (24, 240, 240))
    s = solved(g, config)
    assert s.ii == 2 and s.warps["b"] != s.warps["c"] and s.warps["d"] != s.warps["c"]
    assert any("blocking op c" in p for p in check_joint(g, replace(s, warps={**s.warps, "d": s.warps["c"]}), config))


def test_memory_capacity() -> None:
    # A load's buffer lives until its consumer completes (it reads the
    # buffer while it runs): 4 + 1 cycles.
    g = graph(
        [op("ld", "tma", variable_latency=True, footprint={"smem": 60}), op("m", "tc")],
        [Edge("ld", "m", 4)],
        memories={"smem": 130},
    )
    assert solved(g, ONE_WARP).ii == 3  # two buffers
    assert solved(replace(g, memories={"smem": 70}), ONE_WARP).ii == 5  # one buffer
    s = solved(g, ONE_WARP)
    assert any("memory smem" in p for p in check_joint(replace(g, memories={"smem": 70}), s, ONE_WARP))
    two = graph(
        [
            op("l1", "tma", variable_latency=True, footprint={"smem": 60}),
            op("l2", "tma", variable_latency=True, footprint={"smem": 60}),
            op("m", "tc"),
        ],
        [Edge("l1", "m", 4), Edge("l2", "m", 4)],
        memories={"smem": 100},
    )
    # Both buffers live when m issues: never within 100 bytes.
    t = joint_schedule(two, ONE_WARP, max_ii=6)
    assert t.status == Status.INFEASIBLE and t.ii is None


def test_ring_memory_counts_every_ring() -> None:
    # Two loads whose buffers are never live together: 60 B at any cycle,
    # but in a ring memory each load has a ring of its own, 120 B > 100 B.
    g = graph(
        [
            op("l1", "tma", variable_latency=True, footprint={"smem": 60}),
            op("l2", "tma", variable_latency=True, footprint={"smem": 60}),
            op("m1", "tc"),
            op("m2", "tc"),
        ],
        [Edge("l1", "m1", 1), Edge("m1", "l2", 1), Edge("l2", "m2", 1)],
        memories={"smem": 100},
    )
    pooled = solved(g, ONE_WARP)
    rings = replace(g, rings=frozenset({"smem"}))
    assert any("rings' slots take 120 B" in p for p in check_joint(rings, pooled, ONE_WARP))
    for engine in ("cp-sat", "z3"):
        s = joint_schedule(rings, ONE_WARP, max_ii=8, engine=engine)
        assert s.status == Status.INFEASIBLE and s.ii is None


def test_crossing_values_take_their_rings() -> None:
    # x and y (100 registers each) are both live when z issues: with 150 per
    # warp they go on two warps, so one crosses to z and takes a channel ring
    # of one 60 B slot in shared memory, besides the loads' rings.
    g = graph(
        [op("x", "alu", regs=100, channel_bytes=60), op("y", "alu", regs=100, channel_bytes=60), op("z", "alu")],
        [Edge("x", "z", 1), Edge("y", "z", 1)],
        memories={"smem": 400},
        rings=frozenset({"smem"}),
    )
    config = WarpConfig(3, 0, (24, 150, 150))
    fits = joint_cpsat_at(g, config, 2, 3)
    assert isinstance(fits, tuple) and isinstance(joint_schedule_at(g, config, 2, 3), tuple)
    s = Schedule(2, fits[0], schedule_length(g, fits[0]), Status.FEASIBLE, 1, warps=fits[1])
    tight = replace(g, memories={"smem": 40})
    assert any("values crossing warps 60 B, 60 B > 40 B" in p for p in check_joint(tight, s, config))
    assert joint_cpsat_at(tight, config, 2, 3) is None and joint_schedule_at(tight, config, 2, 3) is None
    # the reserve kept for small channels (channel_room) may take it
    roomy = replace(tight, channel_room=30)
    assert check_joint(roomy, s, config) == []
    assert isinstance(joint_cpsat_at(roomy, config, 2, 3), tuple) and isinstance(
        joint_schedule_at(roomy, config, 2, 3), tuple
    )
    for engine in ("cp-sat", "z3"):
        t = joint_schedule(tight, config, max_ii=6, engine=engine)
        assert t.status == Status.INFEASIBLE and t.ii is None


def test_values_leaving_the_loop_live_to_the_end() -> None:
    # a's value feeds the next iteration's c; in the straight-line program
    # the last copy of a leaves the loop and stays live to T, meeting the
    # last copy of e, which the steady state never shows.
    g = graph(
        [op("c", "alu"), op("a", "sfu", regs=100), op("e", "tc", regs=100)],
        [Edge("a", "c", 0, 1), Edge("c", "e", 4)],
    )
    cycles = {"c": 0, "a": 1, "e": 4}
    tight, loose = WarpConfig(2, 0, (24, 150)), WarpConfig(2, 0, (24, 200))
    assert joint_schedule_at(g, tight, 4, 5, fixed_cycles=cycles) is None
    assert isinstance(joint_schedule_at(g, loose, 4, 5, fixed_cycles=cycles), tuple)
    s = Schedule(4, cycles, 5, Status.FEASIBLE, 1, warps=dict.fromkeys(cycles, 1))
    problems = check_joint(g, s, tight)
    assert problems and all("straight-line" in p for p in problems)
    assert check_joint(g, s, loose) == []


def test_threads_and_one_issuing_warp() -> None:
    """Tile math needs a warp group; MMAs one thread, all from one warp;
    both the solver and the checker hold to it."""
    g = graph(
        [op("ld", "tma", variable_latency=True), op("s", "tc"), op("p", "sfu"), op("o", "tc")],
        [Edge("ld", "s", 1), Edge("s", "p", 1), Edge("p", "o", 1), Edge("o", "o", 1, 1)],
    )
    config = WarpConfig(
        4,
        0,
        (24, 24, 200, 200),
        threads=(32, 32, 128, 128),
        one_thread_units=frozenset({"tma", "tc"}),
        one_warp_units=frozenset({"tc"}),
    )
    s = solved(g, config)
    assert s.warps["s"] == s.warps["o"] and s.warps["p"] in (2, 3)
    assert s.warps["s"] == s.warps["p"]  # fewest values across warps before narrow warps
    moved = replace(s, warps={**s.warps, "p": 1})
    assert any("runs on 128 threads but warp 1 has 32" in p for p in check_joint(g, moved, config))
    split = replace(s, warps={**s.warps, "o": 2 if s.warps["s"] != 2 else 3})
    assert any("the tc ops must share one warp" in p for p in check_joint(g, split, config))
    narrow = replace(config, threads=(32, 32, 32, 32))
    res = joint_schedule(g, narrow)
    assert res.ii is None and "runs on 128 threads and no warp it may use has that many" in res.note


def test_checker_rejects_mutations() -> None:
    g = attention(regs=10)
    s = solved(g, ONE_WARP)
    assert any("edge s->p" in p for p in check_joint(g, replace(s, cycles={**s.cycles, "p": 0}), ONE_WARP))
    assert any("unit tc" in p for p in check_joint(g, replace(s, cycles={**s.cycles, "o": 2}, length=3), ONE_WARP))
    assert any("registers" in p for p in check_joint(g, s, WarpConfig(2, 0, (24, 15))))
    assert check_joint(g, replace(s, warps=None), ONE_WARP) == ["the schedule has no warp assignment"]


def test_search_reports_queries_deterministically() -> None:
    seen: list[dict[str, object]] = []
    g = attention(regs=10)
    first = joint_schedule(g, ONE_WARP, progress=seen.append)
    assert seen and all({"ii", "length", "stages", "elapsed", "result"} <= set(r) for r in seen)
    assert {r["result"] for r in seen} <= {"sat", "unsat", "unknown"}
    assert joint_schedule(g, ONE_WARP) == first


def test_schedule_independent_of_time_limit() -> None:
    """Queries are limited by work, not by the time left: a search that ends
    within its limit gives the same schedule under any larger one."""
    g = attention(regs=10)
    assert joint_schedule(g, ONE_WARP, time_limit=5.0) == joint_schedule(g, ONE_WARP, time_limit=500.0)


def test_time_limit_still_answers() -> None:
    """Out of time before any query: the heuristic's schedule, checked,
    with the modulo bound (`joint_heuristic`); here it reaches the bound."""
    s = joint_schedule(attention(), ONE_WARP, time_limit=1e-9)
    assert s.ii == 2 and s.lower_bound == 2 and s.status == Status.OPTIMAL
    assert check_joint(attention(), s, ONE_WARP) == []


# Brute force: every issue time within the length and every warp.


def brute_force(g: DependenceGraph, config: WarpConfig, ii: int, length: int, stages: int) -> Schedule | None:
    ids = [o.id for o in g.ops]
    choices = [
        [config.vl_warp] if o.variable_latency else [w for w in range(config.warp_groups) if w != config.vl_warp]
        for o in g.ops
    ]
    for times in itertools.product(*(range(length - o.cycles + 1) for o in g.ops)):
        cycles = dict(zip(ids, times, strict=True))
        base = Schedule(ii, cycles, schedule_length(g, cycles), Status.FEASIBLE, 1)
        for warps in itertools.product(*choices):
            s = replace(base, warps=dict(zip(ids, warps, strict=True)))
            if not check_joint(g, s, config, stages=stages):
                return s
    return None


@st.composite
def tiny_problems(draw: st.DrawFn) -> tuple[DependenceGraph, WarpConfig]:
    n = draw(st.integers(2, 4))
    ops = []
    for i in range(n):
        vl = draw(st.integers(0, 3)) == 0
        unit = "tma" if vl else draw(st.sampled_from(["tc", "sfu", "alu", None]))
        cycles = draw(st.integers(1, 2))
        rrt = uniform_rrt(unit, cycles)
        if unit and cycles == 2 and draw(st.booleans()):
            rrt = (((unit, 1),), (("alu", 1),))  # a non-uniform table
        ops.append(
            Op(
                f"v{i}",
                rrt,
                regs=draw(st.sampled_from([0, 60, 130])),
                footprint={"smem": draw(st.sampled_from([0, 50]))},
                variable_latency=vl,
                spill_cost=draw(st.integers(0, 2)),
                stall=draw(st.sampled_from([0, 0, 1, cycles])),
                reads_while_running=draw(st.booleans()),
            )
        )
    edges = []
    for i, j in itertools.product(range(n), repeat=2):
        if i < j and draw(st.integers(0, 2)) > 0:
            edges.append(Edge(f"v{i}", f"v{j}", draw(st.integers(0, 2)), 0, draw(st.booleans()), draw(st.booleans())))
        elif i >= j and draw(st.integers(0, 3)) == 0:
            edges.append(Edge(f"v{i}", f"v{j}", draw(st.integers(0, 2)), 1, draw(st.booleans()), draw(st.booleans())))
    memories = {"smem": draw(st.sampled_from([60, 120, 1000]))}
    w = draw(st.integers(2, 3 if n < 4 else 2))  # keeps brute force small
    config = WarpConfig(
        w,
        draw(st.integers(0, w - 1)),
        tuple(draw(st.sampled_from([100, 150, 300])) for _ in range(w)),
        allow_cross_warp=draw(st.booleans()),
        cross_warp_delay=draw(st.sampled_from([None, 0, 2])),
        threads=tuple(draw(st.sampled_from([32, 128])) for _ in range(w)),
        one_thread_units=draw(st.sampled_from([frozenset(), frozenset({"tma"}), frozenset({"tma", "tc"})])),
        one_warp_units=draw(st.sampled_from([frozenset(), frozenset({"tc"})])),
    )
    rings = draw(st.sampled_from([frozenset(), frozenset({"smem"})]))
    return graph(ops, edges, memories=memories, rings=rings), config


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_problems(), st.integers(1, 3), st.integers(1, 4))
def test_answers_match_brute_force(problem: tuple[DependenceGraph, WarpConfig], ii: int, length: int) -> None:
    """Both statements of the query, Z3's and CP-SAT's, agree with brute force."""
    g, config = problem
    stages = -(-length // ii)
    answers = [joint_schedule_at(g, config, ii, length), joint_cpsat_at(g, config, ii, length)]
    for res in answers:
        assert res != "unknown"
        if isinstance(res, tuple):
            cycles, warps = res
            s = Schedule(ii, cycles, schedule_length(g, cycles), Status.FEASIBLE, 1, warps=warps)
            assert check_joint(g, s, config, stages=stages) == []
            shifted = {v: c - min(cycles.values()) for v, c in cycles.items()}
            assert check_joint(g, replace(s, cycles=shifted, length=schedule_length(g, shifted)), config) == []
    if not any(isinstance(res, tuple) for res in answers):
        assert brute_force(g, config, ii, length, stages) is None
    assert isinstance(answers[0], tuple) == isinstance(answers[1], tuple)


@st.composite
def carried_problems(draw: st.DrawFn) -> tuple[DependenceGraph, WarpConfig]:
    """Loop-carried values with registers and buffers: where the straight-
    line program's drain (values leaving the loop live to T) matters."""
    ops = [
        op(
            f"v{i}",
            draw(st.sampled_from(["tc", "sfu", "alu"])),
            draw(st.integers(1, 2)),
            regs=draw(st.sampled_from([0, 100])),
            footprint={"smem": draw(st.sampled_from([0, 50]))},
            reads_while_running=draw(st.booleans()),
        )
        for i in range(3)
    ]
    edges = []
    for i, j in itertools.product(range(3), repeat=2):
        if draw(st.booleans()):
            distance = 0 if i < j else draw(st.integers(1, 2))
            edges.append(Edge(f"v{i}", f"v{j}", draw(st.integers(0, 3)), distance, in_place=draw(st.booleans())))
    w = draw(st.integers(2, 3))
    limits = tuple(draw(st.sampled_from([100, 150, 250])) for _ in range(w))
    config = WarpConfig(w, 0, limits, cross_warp_delay=draw(st.sampled_from([None, 0, 1])))
    rings = draw(st.sampled_from([frozenset(), frozenset({"smem"})]))
    return graph(ops, edges, memories={"smem": draw(st.sampled_from([100, 150]))}, rings=rings), config


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(carried_problems(), st.integers(1, 3), st.integers(2, 6))
def test_carried_values_match_brute_force(problem: tuple[DependenceGraph, WarpConfig], ii: int, length: int) -> None:
    if length <= 3 * ii:
        test_answers_match_brute_force.hypothesis.inner_test(problem, ii, length)  # type: ignore[attr-defined]


def crossings(g: DependenceGraph, warps: dict[str, int]) -> int:
    return sum(
        1 for e in g.edges if e.src != e.dst and not g.op(e.src).variable_latency and warps[e.src] != warps[e.dst]
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_problems())
def test_warps_carry_fewest_values_across(problem: tuple[DependenceGraph, WarpConfig]) -> None:
    """At the issue times found, no warp assignment (brute force) crosses
    fewer edges than the one returned."""
    g, config = problem
    try:
        s = joint_schedule(g, config, time_limit=20.0, max_ii=4)
    except SolverLimit:
        return
    if s.ii is None:
        return
    ids = [o.id for o in g.ops]
    choices = [range(config.warp_groups) for _ in ids]
    legal = [
        dict(zip(ids, w, strict=True))
        for w in itertools.product(*choices)
        if not check_joint(g, replace(s, warps=dict(zip(ids, w, strict=True))), config)
    ]
    assert s.warps is not None and min(crossings(g, w) for w in legal) == crossings(g, dict(s.warps))


@pytest.mark.parametrize("seed", [1, 2])
def test_b200_forward_for_other_seeds(seed: int) -> None:
    """The seeds of the search (shortest, padded, padded with short
    lifetimes) find a legal attn_fwd_b200 schedule whichever of the equally
    short modulo schedules CP-SAT returns, never below the bound the search
    proves (the memories' area: 187 units, above the modulo bound 158). The
    warp roles are not asserted: at its time limit the search returns
    schedules at or below FA4's II whose rescales share a warp with a
    softmax (docs/scheduling.md, the memories' area), so FA4's correction
    group is one optimum among others, not what every seed finds."""
    from graphs import example_module

    from twillc.scheduling.modulo_cpsat import modulo_schedule
    from twillc.transforms.common import machine_warp_config, module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop

    module = example_module("attn_fwd_b200", "annotate-costs,cost-normalize")
    machine = module_machine(module)
    g, _ = graph_from_loop(find_loop(module), machine, "attn_fwd")
    config = machine_warp_config(machine, 5, machine.default_reg_limits(5), True)
    # 8 s, not 20: with 5 s each seed already returned a legal schedule at or above the bound (at load 5).
    s = joint_schedule(g, config, time_limit=8, seed=seed, modulo=modulo_schedule(g, time_limit=30, seed=seed))
    assert s.status in (Status.OPTIMAL, Status.FEASIBLE)
    assert s.lower_bound >= 187 and s.ii >= s.lower_bound
    assert check_joint(g, s, config) == []


@st.composite
def channel_problems(draw: st.DrawFn) -> tuple[DependenceGraph, WarpConfig]:
    """Values whose crossing takes a shared-memory ring (`channel_bytes` per
    slot, one more per edge to a later iteration) beside the loads' rings,
    in a tight shared memory, and registers that push values onto two
    warps: where splitting a chain across warps must pay for its rings."""
    ops = [op("ld", "tma", variable_latency=True, footprint={"smem": draw(st.sampled_from([0, 40]))})]
    for i in range(3):
        unit = draw(st.sampled_from(["tc", "sfu", "alu"]))
        cycles = draw(st.integers(1, 2))
        ops.append(
            op(
                f"v{i}",
                unit,
                cycles,
                regs=draw(st.sampled_from([0, 100])),
                channel_bytes=draw(st.sampled_from([0, 30, 60])),
            )
        )
    edges = [Edge("ld", "v0", draw(st.integers(0, 2)))]
    for i, j in itertools.product(range(3), repeat=2):
        if draw(st.booleans()):
            distance = 0 if i < j else draw(st.integers(1, 2))
            edges.append(Edge(f"v{i}", f"v{j}", draw(st.integers(0, 2)), distance))
    config = WarpConfig(3, 0, (24, 150, 150), cross_warp_delay=draw(st.sampled_from([0, 1])))
    memories = {"smem": draw(st.sampled_from([40, 80, 120]))}
    room = draw(st.sampled_from([0, 30]))
    return graph(ops, edges, memories=memories, rings=frozenset({"smem"}), channel_room=room), config


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(channel_problems(), st.integers(1, 3), st.integers(2, 5))
def test_crossing_channels_match_brute_force(problem: tuple[DependenceGraph, WarpConfig], ii: int, length: int) -> None:
    """Both engines count the rings of values crossing warps as the checker
    (and the CUDA emitter's allocation) does: brute force agrees both ways."""
    if length <= 3 * ii:
        test_answers_match_brute_force.hypothesis.inner_test(problem, ii, length)  # type: ignore[attr-defined]


# Tensor-memory columns (sm_100a): given once for the whole loop, never reused.


def tmem_graph(columns: int) -> DependenceGraph:
    """FA4's columns in small: S (an MMA, 256 columns a ring slot) read by
    the softmax P, which stalls its warp for all of its 3 cycles (so S
    crosses warps and lives at least 4), the rescale `r` of O, and O
    accumulated in place in the slots `r` came over in; 64 columns of
    accumulators kept for the whole loop."""
    return graph(
        [
            op("s", "tc", tmem_ring=256, tmem_scratch=256, footprint={"tmem": 1}),
            op("p", "sfu", 3, regs=100, stall=3),
            op("c", "alu"),
            op("r", "alu", tmem_ring=128, footprint={"tmem": 1}),
            op("o", "tc", tmem_ring=128, tmem_in_place="r", footprint={"tmem": 1}),
        ],
        [Edge("s", "p", 1), Edge("p", "c", 3), Edge("c", "r", 1), Edge("r", "o", 1), Edge("o", "r", 1, 1)],
        tmem_columns=columns,
        tmem_fixed=64,
    )


TMEM_WARPS = WarpConfig(4, 0, (24, 150, 150, 150), one_warp_units=frozenset({"tc"}))


def test_checker_counts_tensor_memory_columns() -> None:
    """A schedule whose rings, scratch and fixed accumulators take more
    columns than the machine has is rejected with the count by kind; one
    slot fewer of S's ring fits. O, written in place, takes none unless a
    reader on a third warp gives it a ring of its own."""
    g = tmem_graph(512)
    cycles = {"s": 0, "p": 1, "c": 4, "r": 5, "o": 7}
    warps = {"s": 1, "o": 1, "p": 2, "c": 3, "r": 3}
    two_slots = Schedule(3, cycles, schedule_length(g, cycles), Status.FEASIBLE, 1, warps=warps)
    # S lives from 0 to p's end at 4: two slots of 256, with r's ring of one slot of 128 and 64 fixed
    assert lifetimes_tmem(g, two_slots) == {"accumulators": 64, "rings": 2 * 256 + 128, "scratch": 0, "held": 0}
    assert check_joint(g, two_slots, TMEM_WARPS) == [
        "tensor memory: the schedule needs 704 columns > 512 (accumulators 64, rings 640)"
    ]
    assert check_joint(replace(g, tmem_columns=0), two_slots, TMEM_WARPS) == []
    one_slot = replace(two_slots, ii=4)
    assert lifetimes_tmem(g, one_slot) == {"accumulators": 64, "rings": 256 + 128, "scratch": 0, "held": 0}
    assert check_joint(g, one_slot, TMEM_WARPS) == []
    # a reader of O on a third warp: O gets a ring of its own, a slot and
    # one more per edge to a later iteration on another warp
    third = replace(g, edges=(*g.edges, Edge("o", "p", 1, 1)))
    assert lifetimes_tmem(third, one_slot)["rings"] == 256 + 128 + 3 * 128
    # S not crossing: the MMA warp's scratch of 256 instead of its ring
    alone = replace(one_slot, warps={**warps, "p": 1, "c": 1})
    assert lifetimes_tmem(g, alone)["scratch"] == 256


def lifetimes_tmem(g: DependenceGraph, s: Schedule) -> dict[str, int]:
    from twillc.scheduling.lifetimes import tmem_columns

    return tmem_columns(g, s)


def test_search_keeps_tensor_memory_columns() -> None:
    """Without the column count (as before) the search returns a schedule
    the checker refuses for its columns; with it, both engines return one
    within 512 columns, at a larger II when needed."""
    counted = tmem_graph(512)
    blind = replace(counted, tmem_columns=0)
    for engine in ("cp-sat", "z3"):
        old = joint_schedule(blind, TMEM_WARPS, time_limit=30.0, engine=engine)
        assert old.ii is not None
        assert any("tensor memory" in p for p in check_joint(counted, old, TMEM_WARPS))
        new = joint_schedule(counted, TMEM_WARPS, time_limit=30.0, engine=engine)
        assert new.ii is not None and check_joint(counted, new, TMEM_WARPS) == []
        assert sum(lifetimes_tmem(counted, new).values()) <= 512 and new.ii >= old.ii


@st.composite
def tmem_problems(draw: st.DrawFn) -> tuple[DependenceGraph, WarpConfig]:
    """Values with tensor-memory rings, scratch, held columns and in-place
    slots, registers pushing them across warps, few columns: where the
    engines must count the columns as the checker does."""
    ops = []
    for i in range(3):
        ops.append(
            op(
                f"v{i}",
                draw(st.sampled_from(["tc", "sfu", "alu"])),
                draw(st.integers(1, 2)),
                regs=draw(st.sampled_from([0, 100])),
                tmem_ring=draw(st.sampled_from([0, 32, 64])),
                tmem_scratch=draw(st.sampled_from([0, 0, 32])),
                tmem_held=draw(st.sampled_from([0, 0, 32])),
                tmem_in_place=f"v{i - 1}" if i and draw(st.booleans()) else "",
            )
        )
    edges = []
    for i, j in itertools.product(range(3), repeat=2):
        if draw(st.integers(0, 2)) == 0:
            distance = 0 if i < j else draw(st.integers(1, 2))
            edges.append(Edge(f"v{i}", f"v{j}", draw(st.integers(0, 2)), distance))
    config = WarpConfig(3, 0, (24, 150, 150), cross_warp_delay=draw(st.sampled_from([0, 1])))
    g = graph(ops, edges, tmem_columns=draw(st.sampled_from([64, 96, 160])), tmem_fixed=draw(st.sampled_from([0, 32])))
    return g, config


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tmem_problems(), st.integers(2, 3), st.integers(3, 6))
def test_tensor_memory_columns_match_brute_force(
    problem: tuple[DependenceGraph, WarpConfig], ii: int, length: int
) -> None:
    """Both engines count tensor-memory columns as the checker (and the
    emitter's allocation, `memory_plan.plan_tmem`) does: brute force agrees."""
    if length <= 3 * ii:
        test_answers_match_brute_force.hypothesis.inner_test(problem, ii, length)  # type: ignore[attr-defined]
