"""A joint schedule fitted into a given software pipeline
(`pipeline_fit.schedule_in_pipeline`): the least II at which every pinned
op keeps its stage and warp, checked by the independent checker
(`check_joint`, `check_pins`) and against brute force over every issue
time and warp on tiny graphs."""

from __future__ import annotations

import itertools
import time
from dataclasses import replace
from math import ceil

from graphs import attention_chains
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twillc.scheduling.checker_ws import check_joint, check_pins
from twillc.scheduling.graph import DependenceGraph, Edge, Op, Schedule, Status, schedule_length, uniform_rrt
from twillc.scheduling.joint_search import WarpConfig, joint_schedule
from twillc.scheduling.pipeline_fit import pin_bound, schedule_in_pipeline

UNITS = {"tc": 1, "sfu": 1, "alu": 2, "tma": 1}
ONE_WARP = WarpConfig(2, 0, (24, 240))
"""W_vl plus one warp for everything else."""
TWO_WARPS = WarpConfig(3, 0, (24, 240, 240))


def graph(ops: list[Op], edges: list[Edge], **kw: object) -> DependenceGraph:
    return DependenceGraph("g", tuple(ops), tuple(edges), UNITS, **kw)  # type: ignore[arg-type]


def op(name: str, unit: str | None, cycles: int = 1, **kw: object) -> Op:
    return Op(name, uniform_rrt(unit, cycles), **kw)  # type: ignore[arg-type]


def attention(regs: int = 10) -> DependenceGraph:
    return graph(
        [op("s", "tc", regs=regs), op("p", "sfu", regs=regs), op("o", "tc", regs=regs)],
        [Edge("s", "p", 1), Edge("p", "o", 1), Edge("o", "o", 1, 1)],
    )


def masked(regs: int = 10) -> DependenceGraph:
    """`attention` with a mask computed on the ALUs and selected into p's input."""
    base = attention(regs)
    extra = [op("mask", "alu", regs=regs), op("sel", "alu", regs=regs)]
    edges = [Edge("s", "sel", 1), Edge("mask", "sel", 1), Edge("sel", "p", 1)]
    kept = [e for e in base.edges if (e.src, e.dst) != ("s", "p")]
    return graph([*base.ops, *extra], kept + edges)


def fitted(g: DependenceGraph, config: WarpConfig, stage_of: dict, warp_of: dict, stages: int, **kw: object):
    """The schedule, with every pin and the full joint check holding."""
    s = schedule_in_pipeline(g, config, stage_of, warp_of, stages, **kw)  # type: ignore[arg-type]
    if s.ii is not None:
        assert check_joint(g, s, config) == [], s
        assert check_pins(g, s, stage_of, warp_of, stages=stages) == []
        assert all(s.cycles[v] // s.ii == k for v, k in stage_of.items())
    return s


def test_unmasked_schedule_fits_its_own_pipeline() -> None:
    g = attention()
    first = joint_schedule(g, ONE_WARP)
    stage_of = {v: c // first.ii for v, c in first.cycles.items()}
    s = fitted(g, ONE_WARP, stage_of, dict(first.warps), first.stages, lower_ii=first.ii)
    assert (s.ii, s.status, s.complete, s.lower_bound) == (first.ii, Status.OPTIMAL, True, first.ii)
    assert s.length == first.length and s.solver == "cp-sat"
    assert [r.role for r in s.roles] == [r.role for r in first.roles]


def test_masked_loop_keeps_the_unmasked_stages_and_warps() -> None:
    """The masked part: the shared ops pinned where the unmasked schedule put
    them, the mask ops to the select's reader's warp, in any stage."""
    first = joint_schedule(attention(), ONE_WARP)
    stage_of = {v: c // first.ii for v, c in first.cycles.items()}
    warp_of = {**first.warps, "mask": first.warps["p"], "sel": first.warps["p"]}
    g = masked()
    s = fitted(g, ONE_WARP, stage_of, warp_of, first.stages, lower_ii=first.ii)
    assert s.ii is not None and s.ii >= first.ii and s.status == Status.OPTIMAL
    assert s.warps == warp_of


def test_no_pins_same_ii_as_joint_schedule() -> None:
    for g, config in [(attention(), ONE_WARP), (masked(), TWO_WARPS)]:
        free = joint_schedule(g, config)
        s = fitted(g, config, {}, {}, free.stages + 1, lower_ii=1)
        assert (s.ii, s.status) == (free.ii, Status.OPTIMAL)


def test_stage_pins_raise_the_ii() -> None:
    """s and o pinned to one stage: o must issue a cycle after p, two after
    s, within one II of s, so II 3; the note says why 2 failed."""
    g = attention()
    s = fitted(g, ONE_WARP, {"s": 0, "o": 0}, {}, 2, lower_ii=1)
    assert (s.ii, s.status, s.lower_bound, dict(s.cycles)) == (3, Status.OPTIMAL, 3, {"s": 0, "p": 1, "o": 2})
    assert s.note == "II<2 below the modulo bound 2 and pins' bound 2; II=2 refuted under the pins; " + (
        "length proven shortest"
    )


def test_pins_contradicting_a_dependence_are_infeasible() -> None:
    """s feeds p in the same iteration, but p is pinned a stage before s:
    no II helps; refuted at once by the pins' bound, and, through an
    unpinned op between them, by the solver at every II up to max_ii."""
    g = attention()
    s = fitted(g, ONE_WARP, {"s": 1, "p": 0}, {}, 2, lower_ii=1)
    assert (s.ii, s.status, s.complete) == (None, Status.INFEASIBLE, True)
    assert "no II meets it" in s.note
    # In the masked loop sel, unpinned, lies between them: each edge alone fits.
    g = masked()
    assert pin_bound(g, TWO_WARPS, {"s": 1, "p": 0}, {}, 2) == (2, "")
    s = fitted(g, TWO_WARPS, {"s": 1, "p": 0}, {}, 2, lower_ii=1, max_ii=6)
    assert (s.ii, s.status, s.complete, s.lower_bound) == (None, Status.INFEASIBLE, True, 7)
    assert s.note == "II<2 below the modulo bound 2 and pins' bound 2; II=2..6 refuted under the pins; " + (
        "no schedule with II <= 6"
    )


def test_warp_pins_are_kept_and_checked() -> None:
    g = masked()
    warp_of = {"s": 1, "o": 1, "p": 2, "mask": 2, "sel": 2}
    s = fitted(g, TWO_WARPS, {}, warp_of, 3, lower_ii=1)
    assert s.warps == warp_of
    # Pins the symmetry breaking between alike warps would forbid (warp 2 first).
    flipped = {v: 3 - w for v, w in warp_of.items()}
    s = fitted(g, TWO_WARPS, {}, flipped, 3, lower_ii=1)
    assert s.warps == flipped
    # A fixed-latency op on W_vl: never.
    s = fitted(g, TWO_WARPS, {}, {"s": 0}, 3, lower_ii=1)
    assert (s.ii, s.complete) == (None, True) and "may not use" in s.note
    # The checker names every broken pin.
    good = fitted(g, TWO_WARPS, {"s": 0}, warp_of, 3, lower_ii=1)
    bad = replace(good, warps={**good.warps, "s": 2}, cycles={**good.cycles, "s": good.cycles["s"] + good.ii})
    problems = check_pins(g, bad, {"s": 0}, warp_of, stages=1)
    assert any("not its pinned stage 0" in p for p in problems)
    assert any("not its pinned warp 1" in p for p in problems)
    assert any("outside the 1 stages" in p for p in problems)


def test_deterministic() -> None:
    first = joint_schedule(attention(), ONE_WARP)
    stage_of = {v: c // first.ii for v, c in first.cycles.items()}
    warp_of = {**first.warps, "mask": first.warps["p"], "sel": first.warps["p"]}
    runs = [schedule_in_pipeline(masked(), ONE_WARP, stage_of, warp_of, first.stages, first.ii) for _ in range(2)]
    assert runs[0] == runs[1]


def test_time_limit_respected_on_a_hard_graph() -> None:
    g = attention_chains(5)
    warps = {o.id: 0 if o.id.startswith("ld") else 1 + int(o.id[-1]) % 2 for o in g.ops}
    start = time.monotonic()
    s = schedule_in_pipeline(g, TWO_WARPS, {}, warps, 3, 600, time_limit=1.0)
    assert time.monotonic() - start < 2.0
    assert not s.complete and s.status != Status.OPTIMAL and "time limit" in s.note


# Brute force: every issue time within the pins and every warp.


def copies_at(g: DependenceGraph, ii: int, stages: int) -> int:
    """Q*'s copies in the model: ops issue before stages * II, may finish after."""
    return ceil((stages * ii - 1 + max(o.cycles for o in g.ops)) / ii)


def brute_force(
    g: DependenceGraph, config: WarpConfig, stage_of: dict, warp_of: dict, stages: int, lo: int, hi: int
) -> tuple[int, int] | None:
    """The least II in [lo, hi] with a legal schedule under the pins, and
    the shortest length of one there."""
    ids = [o.id for o in g.ops]
    choices = [
        [warp_of[o.id]]
        if o.id in warp_of
        else ([config.vl_warp] if o.variable_latency else [w for w in range(config.warp_groups) if w != config.vl_warp])
        for o in g.ops
    ]
    for ii in range(lo, hi + 1):
        spans = [range(stage_of[v] * ii, (stage_of[v] + 1) * ii) if v in stage_of else range(stages * ii) for v in ids]
        lengths = []
        for times in itertools.product(*spans):
            cycles = dict(zip(ids, times, strict=True))
            base = Schedule(ii, cycles, schedule_length(g, cycles), Status.FEASIBLE, 1)
            if lengths and base.length >= min(lengths):
                continue
            for warps in itertools.product(*choices):
                s = replace(base, warps=dict(zip(ids, warps, strict=True)))
                if not check_joint(g, s, config, stages=copies_at(g, ii, stages)):
                    lengths.append(base.length)
                    break
        if lengths:
            return ii, min(lengths)
    return None


@st.composite
def pinned_problems(draw: st.DrawFn) -> tuple[DependenceGraph, WarpConfig, dict, dict, int]:
    n = draw(st.integers(3, 4))
    ops = []
    for i in range(n):
        vl = draw(st.integers(0, 4)) == 0
        unit = "tma" if vl else draw(st.sampled_from(["tc", "sfu", "alu", None]))
        cycles = draw(st.integers(1, 2))
        ops.append(
            Op(
                f"v{i}",
                uniform_rrt(unit, cycles),
                regs=draw(st.sampled_from([0, 0, 40, 60])),
                footprint={"smem": draw(st.sampled_from([0, 50]))},
                variable_latency=vl,
                spill_cost=draw(st.integers(0, 2)),
                stall=draw(st.sampled_from([0, 0, cycles])),
                reads_while_running=draw(st.booleans()),
            )
        )
    edges = []
    for i, j in itertools.product(range(n), repeat=2):
        if i < j and draw(st.integers(0, 2)) > 0:
            edges.append(Edge(f"v{i}", f"v{j}", draw(st.integers(0, 2)), 0, draw(st.booleans())))
        elif i >= j and draw(st.integers(0, 3)) == 0:
            edges.append(Edge(f"v{i}", f"v{j}", draw(st.integers(0, 2)), 1, draw(st.booleans())))
    w = draw(st.integers(2, 3))
    config = WarpConfig(
        w,
        0,
        tuple(draw(st.sampled_from([100, 150, 300])) for _ in range(w)),
        allow_cross_warp=draw(st.integers(0, 3)) > 0,
        cross_warp_delay=draw(st.sampled_from([None, 0, 2])),
    )
    stages = draw(st.integers(1, 2))
    stage_of, warp_of = {}, {}
    for o in ops:
        if draw(st.integers(0, 3)) > 0:  # most ops pinned, as in practice (keeps brute force small)
            stage_of[o.id] = draw(st.integers(0, stages - 1))
        if draw(st.integers(0, 2)) > 0:
            warp_of[o.id] = 0 if o.variable_latency else draw(st.integers(1, w - 1))
    rings = draw(st.sampled_from([frozenset(), frozenset({"smem"})]))
    g = graph(ops, edges, memories={"smem": draw(st.sampled_from([60, 120, 1000]))}, rings=rings)
    return g, config, stage_of, warp_of, stages


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pinned_problems(), st.integers(1, 2))
def test_least_ii_matches_brute_force(problem: tuple, lower_ii: int) -> None:
    """The II returned is the least one >= lower_ii that brute force finds
    under the pins, its length the shortest there; none up to max_ii when
    the search says so."""
    g, config, stage_of, warp_of, stages = problem
    s = fitted(g, config, stage_of, warp_of, stages, lower_ii=lower_ii, max_ii=4)
    assert s.complete, s.note
    least = brute_force(g, config, stage_of, warp_of, stages, lower_ii, s.ii or 4)
    assert least == (None if s.ii is None else (s.ii, s.length)), s.note
    assert (s.status == Status.OPTIMAL) == (s.ii is not None)
