"""Exact modulo scheduling: optimal II against brute force, every schedule
checked, determinism, and real instances from the CHStone benchmark."""

from __future__ import annotations

import csv
import itertools
from dataclasses import replace
from math import ceil
from pathlib import Path

import pytest
from graphs import small_graphs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twillc.io.graphml import read_chstone
from twillc.scheduling.bounds import rec_mii, res_mii
from twillc.scheduling.checker import check_schedule
from twillc.scheduling.graph import DependenceGraph, Edge, Op, Status, uniform_rrt
from twillc.scheduling.modulo_cpsat import modulo_schedule

BENCH = Path(__file__).resolve().parent / "data" / "benchmarks" / "oppermann-msp"
needs_benchmarks = pytest.mark.skipif(not BENCH.is_dir(), reason="tests/data/benchmarks is missing")


def feasible_by_enumeration(graph: DependenceGraph, ii: int) -> bool:
    """Every residue assignment; the units depend only on residues, and the
    dependences then ask for integer stages k with
    k_v - k_u >= ceil((r_u - r_v + delay) / II) - distance, solvable iff the
    difference system has no positive cycle (Bellman-Ford)."""
    ops = [o.id for o in graph.ops]
    for residues in itertools.product(range(ii), repeat=len(ops)):
        r = dict(zip(ops, residues, strict=True))
        use: dict[tuple[str, int], int] = {}
        ok = True
        for o in graph.ops:
            for c, row in enumerate(o.rrt):
                for unit, n in row:
                    key = (unit, (r[o.id] + c) % ii)
                    use[key] = use.get(key, 0) + n
                    ok &= use[key] <= graph.capacities[unit]
        if not ok:
            continue
        k = dict.fromkeys(ops, 0)
        for _ in range(len(ops) + 1):
            changed = False
            for e in graph.edges:
                need = k[e.src] + ceil((r[e.src] - r[e.dst] + e.delay) / ii) - e.distance
                if k[e.dst] < need:
                    k[e.dst], changed = need, True
            if not changed:
                return True
    return False


def brute_force_ii(graph: DependenceGraph) -> int:
    ii = 1
    while not feasible_by_enumeration(graph, ii):
        ii += 1
    return ii


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_graphs())
def test_optimal_ii_matches_brute_force(graph: DependenceGraph) -> None:
    schedule = modulo_schedule(graph, time_limit=20)
    assert schedule.status == Status.OPTIMAL
    assert schedule.ii == brute_force_ii(graph)
    assert check_schedule(graph, schedule) == []
    assert schedule.ii >= max(res_mii(graph), rec_mii(graph))


@settings(max_examples=40, deadline=None)
@given(small_graphs())
def test_mutated_schedules_fail_the_checker(graph: DependenceGraph) -> None:
    schedule = modulo_schedule(graph, time_limit=20)
    # Break a dependence: issue the consumer before its producer allows.
    for e in graph.edges:
        if e.delay > 0 and e.distance == 0 and e.src != e.dst:
            cycles = dict(schedule.cycles)
            cycles[e.dst] = max(0, cycles[e.src] + e.delay - 1)
            if cycles[e.dst] + e.distance * schedule.ii < cycles[e.src] + e.delay:
                assert any(
                    f"edge {e.src}->{e.dst}" in p for p in check_schedule(graph, replace(schedule, cycles=cycles))
                )
            break
    # Overload a unit: put every op on the same residue.
    busy = [o for o in graph.ops if o.units()]
    by_unit: dict[str, list[Op]] = {}
    for o in busy:
        for u in o.units():
            by_unit.setdefault(u, []).append(o)
    for unit, users in by_unit.items():
        if len(users) > graph.capacities[unit]:
            cycles = dict(schedule.cycles)
            for o in users:
                cycles[o.id] = 0
            assert any(
                f"unit {unit} over capacity" in p for p in check_schedule(graph, replace(schedule, cycles=cycles))
            )
            break


def test_simplified_attention() -> None:
    g = DependenceGraph(
        "attn",
        (
            Op("s", uniform_rrt("tc", 1)),
            Op("p", uniform_rrt("sfu", 1)),
            Op("o", uniform_rrt("tc", 1)),
        ),
        (Edge("s", "p", 1), Edge("p", "o", 1), Edge("o", "o", 1, 1)),
        {"tc": 1, "sfu": 1},
    )
    s = modulo_schedule(g)
    assert (s.ii, dict(s.cycles), s.length, s.status) == (
        2,
        {"s": 0, "p": 2, "o": 3},
        4,
        Status.OPTIMAL,
    )


def test_multi_cycle_rrt_folds() -> None:
    # Two ops holding the unit 3 cycles each need II >= 6 on one instance.
    g = DependenceGraph("fold", (Op("a", uniform_rrt("u", 3)), Op("b", uniform_rrt("u", 3))), (), {"u": 1})
    assert modulo_schedule(g).ii == 6


def test_max_ii_reports_infeasible() -> None:
    g = DependenceGraph("cap", (Op("a", uniform_rrt("u", 3)), Op("b", uniform_rrt("u", 3))), (), {"u": 1})
    s = modulo_schedule(g, max_ii=5)
    assert s.status == Status.INFEASIBLE and s.ii is None and s.lower_bound == 6


@needs_benchmarks
def test_deterministic() -> None:
    g = read_chstone(str(BENCH / "chstone/jpeg/graph21.graphml"), str(BENCH / "chstone/jpeg/graph21_RM.xml"))
    a, b = modulo_schedule(g), modulo_schedule(g)
    assert a == b


def _instances() -> list[dict[str, str]]:
    with open(BENCH / "chstone_mii.csv") as f:
        return list(csv.DictReader(f))


@needs_benchmarks
def test_bounds_match_published_mii() -> None:
    for row in _instances():
        prog, name = row["instance"].split("/")
        g = read_chstone(
            str(BENCH / f"chstone/{prog}/{name}.graphml"),
            str(BENCH / f"chstone/{prog}/{name}_RM.xml"),
        )
        assert (len(g.ops), len(g.edges)) == (int(row["V"]), int(row["E"])), row["instance"]
        assert (res_mii(g), rec_mii(g)) == (int(row["ResMII"]), int(row["RecMII"])), row["instance"]


@needs_benchmarks
@pytest.mark.parametrize(
    ("instance", "optimum"),
    [
        ("adpcm/graph3", 2),
        ("jpeg/graph21", 8),
        ("motion/graph2", 6),
        ("sha/graph14", 14),
        ("gsm/graph9", 17),
    ],
)
def test_chstone_instances(instance: str, optimum: int) -> None:
    # motion/graph2 (MII 5) and sha/graph14 (MII 12) need infeasibility proofs.
    prog, name = instance.split("/")
    g = read_chstone(str(BENCH / f"chstone/{prog}/{name}.graphml"), str(BENCH / f"chstone/{prog}/{name}_RM.xml"))
    s = modulo_schedule(g, time_limit=60)
    assert (s.ii, s.status) == (optimum, Status.OPTIMAL)
    assert check_schedule(g, s) == []


@needs_benchmarks
def test_time_limit_reports_best_schedule_and_bound() -> None:
    g = read_chstone(str(BENCH / "chstone/adpcm/graph1.graphml"), str(BENCH / "chstone/adpcm/graph1_RM.xml"))
    s = modulo_schedule(g, time_limit=2)
    assert s.status == Status.FEASIBLE and not s.complete
    assert s.lower_bound >= 50 and s.ii is not None and s.ii >= s.lower_bound
    assert "not proven" in s.note
    assert check_schedule(g, s) == []


def longest_paths_reference(graph: DependenceGraph, ii: int, sources: list[int]) -> tuple[list, list] | None:
    """Plain Bellman-Ford, one source at a time, edge by edge (ASAP: every op from 0)."""
    n = len(graph.ops)
    index = {o.id: i for i, o in enumerate(graph.ops)}
    edges = [(index[e.src], index[e.dst], e.delay - ii * e.distance) for e in graph.edges]

    def run(start: list[int]) -> list | None:
        dist: list[int | None] = [None] * n
        for s in start:
            dist[s] = 0
        for _ in range(n + 1):
            changed = False
            for u, v, w in edges:
                if dist[u] is not None and (dist[v] is None or dist[u] + w > dist[v]):
                    dist[v], changed = dist[u] + w, True
            if not changed:
                return dist
        return None

    rows = [run([s]) for s in sources]
    asap = run(list(range(n)))
    if asap is None or any(r is None for r in rows):
        return None
    return rows, asap


@settings(max_examples=150, deadline=None)
@given(small_graphs(max_ops=6), st.integers(1, 6))
def test_longest_paths_match_plain_bellman_ford(graph: DependenceGraph, ii: int) -> None:
    from twillc.scheduling.paths import NEG, longest_paths

    sources = list(range(len(graph.ops)))
    got, want = longest_paths(graph, ii, sources), longest_paths_reference(graph, ii, sources)
    assert (got is None) == (want is None)
    if got is not None and want is not None:
        lp, asap = got
        rows, ref_asap = want
        assert [[None if x <= NEG // 2 else int(x) for x in row] for row in lp] == rows
        assert [int(x) for x in asap] == ref_asap


@st.composite
def recurrences(draw: st.DrawFn) -> DependenceGraph:
    """A ring of unit-holding ops closed by a loop-carried edge, plus random
    chords: one strongly connected group, tight windows."""
    n = draw(st.integers(2, 5))
    caps = {"u": draw(st.integers(1, 2)), "w": 1}
    ops = [Op(f"v{i}", uniform_rrt(draw(st.sampled_from(["u", "w"])), draw(st.integers(1, 3)))) for i in range(n)]
    edges = {(f"v{i}", f"v{i + 1}", 0): Edge(f"v{i}", f"v{i + 1}", draw(st.integers(0, 3))) for i in range(n - 1)}
    edges[(f"v{n - 1}", "v0", 1)] = Edge(f"v{n - 1}", "v0", draw(st.integers(0, 3)), draw(st.integers(1, 2)))
    for _ in range(draw(st.integers(0, 2))):
        a, b = sorted(draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True)))
        edges[(f"v{a}", f"v{b}", 0)] = Edge(f"v{a}", f"v{b}", draw(st.integers(0, 3)))
    return DependenceGraph("ring", tuple(ops), tuple(edges.values()), caps)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(small_graphs(max_ops=5), recurrences()), st.integers(1, 6))
def test_group_relaxation_refutes_only_infeasible_iis(graph: DependenceGraph, ii: int) -> None:
    """The strongly connected groups' relaxation is a proof: whenever it
    calls an II impossible, enumeration finds no modulo schedule there."""
    from twillc.scheduling.modulo_model import solve_groups
    from twillc.scheduling.paths import longest_paths

    kept = [i for i, o in enumerate(graph.ops) if o.units()] or [0]
    paths = longest_paths(graph, ii, kept)
    if paths is None:
        return
    if solve_groups(graph, ii, kept, paths[0], 10.0, 0) is None:
        assert not feasible_by_enumeration(graph, ii)


def refuted_by_residue_slots(graph: DependenceGraph, ii: int) -> bool:
    """Whether the time-indexed capacities alone (no cumulatives), with the
    dependences between a group's ops, refute `ii` for some group."""
    from ortools.sat.python import cp_model

    from twillc.scheduling.modulo_model import _add_residue_slots, _relative_caps, _scc_groups, _windows, run_cpsat
    from twillc.scheduling.paths import NEG, direct_pairs, longest_paths

    kept = [i for i, o in enumerate(graph.ops) if o.units()] or [0]
    paths = longest_paths(graph, ii, kept)
    assert paths is not None
    lp = paths[0]
    direct = direct_pairs(graph, ii, kept, lp)
    for group in _scc_groups(kept, lp):
        caps = _relative_caps(graph, ii, kept, group)
        if caps is None:
            return True
        m = cp_model.CpModel()
        windows = _windows(kept, lp, group)
        d = {b: m.new_int_var(lo, hi, "") for b, (lo, hi) in windows.items()}
        for a in group:
            for b in group:
                if a != b and direct[a, b] and lp[a, kept[b]] > NEG // 2:
                    m.add(d[b] - d[a] >= int(lp[a, kept[b]]))
        _add_residue_slots(m, graph, ii, kept, d, windows, group, caps)
        if run_cpsat(m, 10.0, 0, linearization=2)[0] == cp_model.INFEASIBLE:
            return True
    return False


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recurrences(), st.integers(1, 6))
def test_time_indexed_capacities_refute_only_infeasible_iis(graph: DependenceGraph, ii: int) -> None:
    """The time-indexed statement of a group's capacities is a relaxation
    too: whatever II it refutes, enumeration finds no schedule at."""
    from twillc.scheduling.paths import longest_paths

    kept = [i for i, o in enumerate(graph.ops) if o.units()] or [0]
    if longest_paths(graph, ii, kept) is None:
        return
    if refuted_by_residue_slots(graph, ii):
        assert not feasible_by_enumeration(graph, ii)


def test_merged_group_folds_like_its_members() -> None:
    """A group pinned to relative times is one op whose reservations, folded
    modulo II, are its members' summed."""
    from twillc.scheduling.modulo_cpsat import merged_op

    ops = (Op("a", uniform_rrt("u", 2)), Op("b", uniform_rrt("u", 3, 2)), Op("c", ((), (("w", 1),))))
    graph = DependenceGraph("g", ops, (), {"u": 4, "w": 1})
    merged = merged_op(graph, [0, 1, 2], {0: 5, 1: 3, 2: 9}, 1)
    assert merged.rrt == (
        (("u", 2),),
        (("u", 2),),
        (("u", 3),),
        (("u", 1),),
        (),
        (),
        (),
        (("w", 1),),
    )


@needs_benchmarks
def test_residue_slots_refute_what_cumulatives_do_not() -> None:
    """mips/graph1 (MII 24, optimum 26): the cumulatives over copies leave
    II 24 open for seconds; the time-indexed capacities' LP refutes it."""
    from twillc.scheduling.modulo_model import solve_groups
    from twillc.scheduling.paths import longest_paths

    g = read_chstone(str(BENCH / "chstone/mips/graph1.graphml"), str(BENCH / "chstone/mips/graph1_RM.xml"))
    kept = [i for i, o in enumerate(g.ops) if o.units()]
    paths = longest_paths(g, 24, kept)
    assert paths is not None
    assert solve_groups(g, 24, kept, paths[0], 30.0, 0) is None
    assert refuted_by_residue_slots(g, 24)


@needs_benchmarks
def test_pinned_group_finds_what_free_search_does_not() -> None:
    """aes/graph4 at its optimum II 82: CP-SAT over all 205 unit-holding ops
    finds nothing in seconds; with its 202-op recurrence pinned to the
    relaxation's relative times the rest is found at once."""
    from twillc.scheduling.modulo_cpsat import modulo_at

    g = read_chstone(str(BENCH / "chstone/aes/graph4.graphml"), str(BENCH / "chstone/aes/graph4_RM.xml"))
    s = modulo_at(g, 82, time_limit=20.0)
    assert s is not None and s.ii == 82
    assert check_schedule(g, s) == []
