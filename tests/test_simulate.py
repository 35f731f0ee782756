"""The warp-specialized program of every example and corpus kernel
simulated against the reference interpreter of its loop
(docs/simulation.md), and mutations of the examples' that the
simulator must report."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from twillc.cli.compile import parse_module
from twillc.lowering.simulate.warp_sim import Options, simulate
from twillc.lowering.transforms.issue_order import write_issue_order
from twillc.lowering.transforms.plan_memory import write_memory_plan
from twillc.lowering.warp_program import find_issue_order, find_memory_plan, read_warp_program
from twillc.transforms.ir_graph import find_loop

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "tests" / "data" / "simulate").glob("*.mlir"))
CORPUS = sorted((ROOT / "tests" / "data" / "simulate" / "corpus").glob("*.mlir"))  # bench/corpus/ that schedule


@cache
def _read(path: Path):
    module = parse_module(path.read_text(), str(path), ".mlir")
    if find_memory_plan(find_loop(module)) is None:  # printed before warp-specialize wrote the plan
        write_memory_plan(module)
    if find_issue_order(find_loop(module)) is None:  # printed before warp-specialize wrote the turns
        write_issue_order(module)
    return module, read_warp_program(module)


def _trips(stages: int) -> list[int]:
    return sorted({0, 1, 2, max(stages - 1, 0), stages, stages + 1, 37})


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("path", MODULES + CORPUS, ids=lambda p: p.stem)
def test_example_simulates_equal_to_the_loop(path: Path) -> None:
    module, prog = _read(path)
    trips = _trips(prog.stages)
    rep = simulate(module, prog, trips, interleavings=50, numeric_runs=1)
    assert rep.findings == []
    assert rep.runs == 50 * len(trips)


def _found(module, prog, options: Options | None = None, trips: list[int] | None = None) -> list[str]:
    trips = trips or _trips(prog.stages)
    return simulate(module, prog, trips, interleavings=6, numeric_runs=0, options=options or Options()).findings


def _with_roles(prog, roles):
    return dataclasses.replace(prog, roles=tuple(roles))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_flipped_parity_is_reported(path: Path) -> None:
    module, prog = _read(path)
    for name in prog.channels:
        for side in ("full", "empty"):
            found = _found(module, prog, Options(frozenset({(name, side)})))
            assert found, f"parity of {name}'s {side} barriers flipped: nothing reported"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_dropped_guard_is_reported(path: Path) -> None:
    module, prog = _read(path)
    for i, role in enumerate(prog.roles):
        for phase in ("prologue", "epilogue"):
            for k, c in enumerate(getattr(role, phase)):
                if not c.guarded:
                    continue
                copies = list(getattr(role, phase))
                copies[k] = dataclasses.replace(c, guarded=False)
                roles = list(prog.roles)
                roles[i] = dataclasses.replace(role, **{phase: tuple(copies)})
                assert _found(module, _with_roles(prog, roles)), f"guard of {role.name}'s {phase} copy {c.op} dropped"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_copy_moved_to_another_role_is_reported(path: Path) -> None:
    module, prog = _read(path)
    for i, role in enumerate(prog.roles):
        other = (i + 1) % len(prog.roles)
        for c in role.kernel:
            if not prog.ops[c.op].results:
                continue  # a store reading values the other role also receives is as correct there
            roles = list(prog.roles)
            moved = [x for x in (*role.prologue, *role.kernel, *role.epilogue) if x.op == c.op]
            strip = {
                ph: tuple(x for x in getattr(role, ph) if x.op != c.op) for ph in ("prologue", "kernel", "epilogue")
            }
            roles[i] = dataclasses.replace(role, **strip)
            o = roles[other]
            roles[other] = dataclasses.replace(
                o,
                prologue=(*o.prologue, *[x for x in moved if x in role.prologue]),
                kernel=(*o.kernel, *[x for x in moved if x in role.kernel]),
                epilogue=(*o.epilogue, *[x for x in moved if x in role.epilogue]),
            )
            assert _found(module, _with_roles(prog, roles)), f"{c.op} moved from {role.name} to {o.name}"


# Rings whose IR depth has a slot to spare, so that one slot less changes
# nothing the program does, at its schedule's II too: alpha0's depth counts
# its own role's read at cycle 550, but the correction role copies it out
# at 437 (one slot lives 223 of II 286 cycles); GEMM's a0 / a1 are one ring
# with b in the sm_90a printer, as deep as b's, which needs all three.
SPARE_SLOT = {("attn_causal_b200", "alpha0"), ("gemm_h100", "a0"), ("gemm_h100", "a1")}
SPARE_SLOT |= {
    (k, v) for k in ("gemm_h100_natural", "gemm_persistent_h100", "gemm_persistent_cluster_h100") for v in ("a0", "a1")
}
SPARE_SLOT |= {("gemm_persistent_cluster_a_h100", v) for v in ("a0", "a1", "a2", "a3")}  # one ring with b, as deep
# The ping-pong GEMM (a and b at cycles 0 and 17 of II 68, read at 101): the
# shared ring's rule, max(2, the deepest buffer 3) + 1 = 4 slots for the
# deferred release, keeps a slot this schedule does not need.
SPARE_SLOT |= {("gemm_persistent_pingpong_h100", v) for v in ("a", "b")}
# FA4 at its one-stage schedule (the fixed modules of attn_fwd_b200 and its
# natural form): m0_new's and m1_new's rings have a slot for the next iteration's read of m0
# on the role computing it (`lifetimes.later_crossings`), but the reader on
# the other role copies it out of its slot in the same iteration. The persistent
# form's fixed module carries the same main-loop schedule.
SPARE_SLOT |= {
    (k, v) for k in ("attn_fwd_b200", "attn_fwd_b200_natural", "attn_fwd_persistent_b200") for v in ("m0_new", "m1_new")
}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_ring_one_slot_shallower_is_reported(path: Path) -> None:
    """Both ends of a ring read its one depth, so one slot less keeps the
    protocol right: the producer waits. It is reported as a deadlock where
    the wait closes a cycle (or no slot is left), else as a stall: a slot
    released at a later cycle of the schedule than its refill's."""
    module, prog = _read(path)
    for name, ch in prog.channels.items():
        shallower = dataclasses.replace(
            prog, channels={**prog.channels, name: dataclasses.replace(ch, depth=ch.depth - 1)}
        )
        found = _found(module, shallower)
        if (path.stem, name) in SPARE_SLOT:
            assert found == [], f"{name} has a slot to spare"
            continue
        assert found, f"{name}'s ring one slot shallower ({ch.depth - 1}): nothing reported"
        assert any(k in found[0] for k in ("deadlock:", "stall:")), found[0]


TURNS = [p for p in MODULES if _read(p)[1].turns]


def test_the_examples_take_turns() -> None:
    """FA3's ping-pong where the schedule has it: the sm_90a attention forwards' consumers."""
    assert {p.stem for p in TURNS} >= {"attn_fwd_h100", "attn_fwd_h100_natural"}


@pytest.mark.parametrize("path", TURNS, ids=lambda p: p.stem)
def test_turns_out_of_order_are_reported(path: Path) -> None:
    """The turns taken in another order (the last role's first) issue MMAs out of the schedule's order."""
    module, prog = _read(path)
    turns = prog.turns[1:] + prog.turns[:1]
    n = len(turns)
    turns = tuple(
        dataclasses.replace(t, next=turns[(k + 1) % n].bar, first=k == 0, before_first=k == n - 1)
        for k, t in enumerate(turns)
    )
    found = _found(module, dataclasses.replace(prog, turns=turns), trips=[1, 2, 3])
    assert found and all("turn-order" in f or "deadlock" in f for f in found)


GRID_YZ = ROOT / "tests" / "data" / "simulate" / "grid" / "gqa_fwd_grid_h100.mlir"
"""A GQA attention forward on a 3-D grid (tests/filecheck/cuda/grid-yz-gqa.tile,
warp-specialized): query heads along y (`bid_y`), the batch along z (`bid_z`)."""


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_grid_along_y_and_z_simulates_each_block_equal_to_the_loop() -> None:
    """At sizes with 3 query heads and 2 sequences, each trip count runs in
    the first and the last block along y and z, equal to the reference."""
    module, prog = _read(GRID_YZ)
    sizes = {"S": 256, "H": 3, "B": 2, "R": 2 * 3 * 256, "RK": 2 * 256}
    rep = simulate(module, prog, [0, 1, 3], interleavings=4, numeric_runs=1, sizes=sizes)
    assert rep.findings == []
    assert rep.grid_yz == [(0, 0), (0, 1), (2, 0), (2, 1)]
    assert rep.runs == 3 * 4 * len(_policies_of(prog, 4))


def _policies_of(prog, interleavings: int) -> list:
    from twillc.lowering.simulate.warp_sim import _policies

    return _policies([r.warp for r in prog.roles], interleavings, 0)


@pytest.mark.parametrize("yz", [(0, 0), (2, 1)])
def test_grid_block_reads_and_stores_its_head_and_sequence(yz: tuple[int, int]) -> None:
    """The reference interpreter in block (bid, bid_y, bid_z) = (1, *yz*):
    the query and output tile of query head bid_y of sequence bid_z
    ((bid_z * H + bid_y) * S / 128 + bid), and a block along y or z computes
    other tiles than block (1, 0, 0)."""
    from twillc.lowering.simulate.reference import run_reference

    module, _ = _read(GRID_YZ)
    sizes = {"S": 256, "H": 3, "B": 2, "R": 2 * 3 * 256, "RK": 2 * 256}
    stores, _ = run_reference(module, 2, 1, sizes, block_yz=yz)
    row_tiles = {key[1][0] for key in stores}  # the output's tile coordinates (rows of 64: sub-tiled in 2)
    tile = (yz[1] * 3 + yz[0]) * 2 + 1
    assert row_tiles == {2 * tile, 2 * tile + 1}
    first, _ = run_reference(module, 2, 1, sizes)
    if yz != (0, 0):
        assert not all(np.array_equal(a, b) for a, b in zip(stores.values(), first.values(), strict=True))
