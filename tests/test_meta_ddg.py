"""Meta's shared DDGs (tests/data/benchmarks/meta-ddg/): twillc's schedules
pass the independent checker and, separately, Meta's own legality rule
(dependences, and each pipeline held max(self_latency, 1) cycles modulo II,
NONE free) written here from its definition; their II is never above the
II Meta achieved and equals Meta's MinII where Meta reached it. sched2tlx
(upstream facebookexperimental/triton, `third_party/tlx/tools/sched2tlx`)
reads twillc's schedule_graph.json for every case: the copy in
tests/data/sched2tlx/ (tests/data/README.md), or TWILLC_SCHED2TLX."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from twillc.driver import main
from twillc.io.meta_ddg import meta_res_mii, read_meta_ddg
from twillc.scheduling.checker_ws import check_joint
from twillc.scheduling.graph import Schedule
from twillc.scheduling.joint_search import joint_schedule
from twillc.scheduling.modulo_cpsat import modulo_schedule
from twillc.target.machine import load_machine
from twillc.transforms.common import machine_warp_config

DATA = Path(__file__).parent / "data" / "benchmarks" / "meta-ddg"
CASES = ("case1_simple_gemm", "case2_persistent_gemm", "case3_FA", "case4_FA_bwd", "case5_addmm_bias")
pytestmark = [
    pytest.mark.skipif(not DATA.is_dir(), reason="tests/data/benchmarks/meta-ddg is absent"),
    pytest.mark.xdist_group("meta-ddg"),  # under `pytest -n`, one worker: `_scheduled` searches each case once
]


def _config():
    machine = load_machine("b200")
    groups = machine.warp_groups
    return machine_warp_config(machine, groups, tuple(machine.default_reg_limits(groups)), True)


@cache
def _scheduled(case: str) -> list[tuple[dict, object, Schedule]]:
    ddg = read_meta_ddg(str(DATA / case / "ddg.json"))
    out = []
    for loop in ddg.loops:
        modulo = modulo_schedule(loop.graph, time_limit=30)
        out.append((loop.data, loop, joint_schedule(loop.graph, _config(), modulo=modulo, time_limit=30)))
    return out


def _meta_legal(loop: dict, ii: int, cycle: dict[int, int]) -> list[str]:
    """Meta's isLegalModuloSchedule: every edge, and an exclusive modulo
    reservation of each pipeline for max(self_latency, 1) cycles."""
    problems = []
    for e in loop["ddg"]["edges"]:
        if cycle[e["dst"]] + e["distance"] * ii < cycle[e["src"]] + e["latency"]:
            problems.append(f"edge {e['src']}->{e['dst']}")
    held: dict[tuple[str, int], int] = {}
    for n in loop["ddg"]["nodes"]:
        if n["pipeline"] == "NONE":
            continue
        for k in range(max(n["self_latency"], 1)):
            slot = (n["pipeline"], (cycle[n["id"]] + k) % ii)
            if slot in held:
                problems.append(f"nodes {held[slot]} and {n['id']} both hold {slot[0]} at {slot[1]}")
            held[slot] = n["id"]
    return problems


def _meta_achieved(case: str) -> dict[int, int]:
    data = json.loads((DATA / case / "schedule_graph.json").read_text())
    return {loop["loop_id"]: loop["schedule_loop"]["II"] for loop in data["loops"]}


@pytest.mark.parametrize("case", CASES)
def test_schedule_is_legal_and_no_worse_than_meta(case: str) -> None:
    achieved = _meta_achieved(case)
    for data, loop, schedule in _scheduled(case):
        assert schedule.ii is not None
        assert check_joint(loop.graph, schedule, _config()) == []
        cycle = {int(k): v for k, v in schedule.cycles.items()}
        assert _meta_legal(data, schedule.ii, cycle) == []
        assert schedule.ii <= achieved[loop.loop_id]
        if achieved[loop.loop_id] == loop.min_ii:
            assert schedule.ii == loop.min_ii
            assert schedule.status.value == "optimal"


@pytest.mark.parametrize("case", CASES)
def test_meta_res_mii_is_summed_occupancy(case: str) -> None:
    """Meta's res_mii is the summed occupancy, not what its table holds."""
    data = json.loads((DATA / case / "ddg.json").read_text())
    for loop in data["loops"]:
        assert meta_res_mii(loop["ddg"]["nodes"], "occupancy") == loop["res_mii"]
        supers = [n["latency"] for n in loop["ddg"]["nodes"] if n.get("is_super_node")]
        assert loop["min_ii"] == max([loop["res_mii"], loop["rec_mii"], *supers])


def test_meta_fa_schedules_break_their_ddg() -> None:
    """The shared dumps come from separate runs: Meta's FA forward and
    backward schedules violate loop-carried edges of the ddg.json beside
    them, so only their II is compared."""
    for case, broken in (("case3_FA", {(30, 29), (28, 23)}), ("case4_FA_bwd", {(32, 31)})):
        ddg = json.loads((DATA / case / "ddg.json").read_text())["loops"][0]
        sched = json.loads((DATA / case / "schedule_graph.json").read_text())["loops"][0]["schedule_loop"]
        cycle = {n["id"]: n["schedule"]["cycle"] for n in sched["graph"]["nodes"]}
        ii = sched["II"]
        bad = {
            (e["src"], e["dst"])
            for e in ddg["ddg"]["edges"]
            if cycle[e["dst"]] + e["distance"] * ii < cycle[e["src"]] + e["latency"]
        }
        assert bad == broken


def _sched2tlx() -> Path | None:
    for where in (os.environ.get("TWILLC_SCHED2TLX"), Path(__file__).parent / "data" / "sched2tlx"):
        if where and (Path(where) / "sched2tlx" / "cli.py").is_file():
            return Path(where)
    return None


@pytest.mark.parametrize("case", CASES)
def test_sched2tlx_accepts_schedule_graph(case: str, tmp_path: Path) -> None:
    tool = _sched2tlx()
    if tool is None:
        pytest.skip(
            "sched2tlx absent: set TWILLC_SCHED2TLX to facebookexperimental/triton's third_party/tlx/tools/sched2tlx"
        )
    out = tmp_path / f"{case}.schedule_graph.json"
    err = io.StringIO()
    assert main([str(DATA / case / "ddg.json"), "-o", str(out)], stdout=io.StringIO(), stderr=err) == 0, err.getvalue()
    doc = json.loads(out.read_text())
    assert doc["schema_version"] == "0.1"
    kernel = tmp_path / "kernel.py"
    run = subprocess.run(
        [sys.executable, "-m", "sched2tlx", str(out), "-o", str(kernel)],
        cwd=tool,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if case == "case2_persistent_gemm":
        # The loader takes the whole file, the outer loop included; the
        # emitter refuses this DDG's 256-row TMEM accumulator by its own
        # documented capability (EmitterCaps.kMaxTMEMBlockM), not the JSON.
        load = subprocess.run(
            [sys.executable, "-c", f"from sched2tlx.schedule_graph import load_graph; load_graph({str(out)!r})"],
            cwd=tool,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert load.returncode == 0, load.stderr
        assert run.returncode != 0 and "TMEM buffer 0 has blockM=256 > 128" in run.stderr, run.stderr
        return
    assert run.returncode == 0, run.stderr
    compile(kernel.read_text(), str(kernel), "exec")  # a well-formed Python module


@pytest.mark.parametrize("case", ("case2_persistent_gemm", "case5_addmm_bias"))
def test_outer_loop_is_scheduled_in_the_super_node_model(case: str) -> None:
    """The outer loop, after its inner loop: the super-node is the inner
    loop's length ((T - 1) * II + L), the schedule passes the independent
    checker, its II is proven minimal for that model, and the epilogue of
    one tile overlaps the main loop of the next (a later stage)."""
    from twillc.io.meta_ddg import MAINLOOP, inner_length, nest_graph
    from twillc.scheduling.checker import check_schedule

    ddg = read_meta_ddg(str(DATA / case / "ddg.json"))
    (outer,) = ddg.outer
    (inner,) = [s for d, lp, s in _scheduled(case)]
    ((nid, inner_id),) = outer.supers.items()
    assert inner_id == 0
    node = next(n for n in outer.data["ddg"]["nodes"] if str(n["id"]) == nid)
    trips, length = inner_length(node, ddg.loops[0].data, inner.ii, inner.length)
    assert trips == 32 and length == 31 * inner.ii + inner.length
    graph = nest_graph(outer, {nid: length})
    assert graph.op(nid).units() == {MAINLOOP} and graph.op(nid).cycles == length
    schedule = modulo_schedule(graph, time_limit=30)
    assert check_schedule(graph, schedule) == []
    assert schedule.status.value == "optimal" and schedule.ii == length
    assert max(c // schedule.ii for c in schedule.cycles.values()) >= 1


NEST = Path(__file__).parent / "filecheck" / "meta-ddg" / "inputs" / "nest.json"


@pytest.mark.parametrize("recurrence", (None, 4))
def test_small_nest_matches_brute_force(recurrence: int | None, tmp_path: Path) -> None:
    """A tiny nest (tests/filecheck/meta-ddg/inputs/nest.json), as is and with
    the store of tile t gating the main loop of tile t + 1 (a distance-1 edge
    back to the super-node): the outer II is the brute-force minimum of the
    super-node model, and the independent checker passes it."""
    from test_modulo_cpsat import brute_force_ii

    from twillc.io.meta_ddg import inner_length, nest_graph
    from twillc.scheduling.checker import check_schedule

    data = json.loads(NEST.read_text())
    if recurrence is not None:
        data["loops"][1]["ddg"]["edges"].append(
            {"src": 2, "dst": 0, "kind": "loop_carried", "distance": 1, "latency": recurrence}
        )
    path = tmp_path / "nest.json"
    path.write_text(json.dumps(data))
    ddg = read_meta_ddg(str(path))
    inner = modulo_schedule(ddg.loops[0].graph, time_limit=10)
    (outer,) = ddg.outer
    node = outer.data["ddg"]["nodes"][0]
    trips, length = inner_length(node, ddg.loops[0].data, inner.ii, inner.length)
    assert (trips, length) == (3, 2 * inner.ii + inner.length)
    graph = nest_graph(outer, {"0": length})
    schedule = modulo_schedule(graph, time_limit=10)
    assert check_schedule(graph, schedule) == []
    assert schedule.status.value == "optimal"
    assert schedule.ii == brute_force_ii(graph)
    assert schedule.ii == (length if recurrence is None else length + 3 + recurrence)
