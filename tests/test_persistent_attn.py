"""The persistent attention forward on sm_90a
(examples/attn_fwd_persistent_h100.tile, its warp-specialized module fixed
in tests/data/simulate): the general warp program in the tile loop,
simulated over several tiles per CTA with the K / V ring running on and a
partial last tile, and the SASS of each role (docs/codegen.md, "The
persistent attention forward")."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest

from twillc.cli.compile import parse_module
from twillc.dialects import tile
from twillc.lowering.simulate.persistent_sim import simulate_persistent
from twillc.lowering.simulate.reference import find_func
from twillc.lowering.transforms.issue_order import write_issue_order
from twillc.lowering.transforms.plan_memory import write_memory_plan
from twillc.lowering.warp_program import find_issue_order, find_memory_plan, read_warp_program
from twillc.transforms.ir_graph import find_loop
from twillc.transforms.nest_attr import CONSUMERS, nest_epilogue, nest_pre_buffers

ROOT = Path(__file__).resolve().parent.parent
FIXED = ROOT / "tests" / "data" / "simulate" / "attn_fwd_persistent_h100.mlir"


@cache
def _read():
    module = parse_module(FIXED.read_text(), str(FIXED), ".mlir")
    if find_memory_plan(find_loop(module)) is None:
        write_memory_plan(module)
    if find_issue_order(find_loop(module)) is None:
        write_issue_order(module)
    return module, read_warp_program(module)


def test_nest_puts_the_epilogue_on_the_consumers_and_q_in_one_buffer() -> None:
    """nest-schedule's decisions the printer reads: each consumer its own
    epilogue, overlapping the next tile's main loop; Q in one buffer."""
    module, _ = _read()
    p = tile.find_persistent(find_func(module))
    assert p is not None
    nest = p.attributes["twill.nest"]
    assert nest_epilogue(nest) == CONSUMERS and nest_pre_buffers(nest) == 1


@pytest.mark.parametrize(
    ("sizes", "grid"),
    [
        ({"R": 448, "n": 448}, 2),  # one head, 4 query blocks (the last one half past n), 2 per CTA
        ({"R": 2 * 512, "n": 512}, 3),  # two heads of 4 blocks: 8 tiles over 3 CTAs, each CTA on both heads
    ],
    ids=["partial-last-tile", "two-heads"],
)
def test_several_tiles_per_cta_simulate_equal(sizes: dict[str, int], grid: int) -> None:
    """Each CTA's tiles run one after another with the rings running on;
    every tile's stores equal the reference interpreter's for that tile."""
    module, prog = _read()
    rep = simulate_persistent(module, prog, sizes, grid=grid, interleavings=3)
    assert rep.findings == []
    assert rep.runs == grid * 6  # per CTA: each of the 3 roles first and last


def test_ring_restarted_per_tile_is_found() -> None:
    """The mutation: each tile counts its ring slots and phases from 0 again
    while the barriers run on (the code `tw_it` prevents) deadlocks or
    mismatches: the simulator reports it."""
    module, prog = _read()
    rep = simulate_persistent(module, prog, {"R": 448, "n": 448}, grid=2, interleavings=2, ring_runs_on=False)
    assert rep.findings


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is needed to read SASS")
def test_roles_in_sass(tmp_path: Path) -> None:
    """Each role alone (`sass.role_sass`): the producer's loop issues the
    K and V loads (2 boxes each), no MMA; each consumer's main loop issues
    its QK^T and PV wgmmas (HGMMA 64x256 over d = 128: 8 k16 steps; 64x128
    over the 256 keys: 16);
    no role reads or writes local memory."""
    from twillc.driver import main
    from twillc.lowering.cuda.sass import cuobjdump_path, role_sass

    if cuobjdump_path() is None:
        pytest.skip("cuobjdump is needed to read SASS")
    cu = tmp_path / "attn.cu"
    assert main([str(FIXED), "-o", str(cu), "--no-ptxas-check"]) == 0
    roles = {r.name: r for r in role_sass(cu.read_text(), "sm_90a")}
    assert set(roles) == {"producer", "consumer0", "consumer1"}
    assert all(r.local == 0 for r in roles.values()), {n: r.local for n, r in roles.items()}
    producer = roles["producer"].loop
    assert producer is not None and (producer.tma_loads, producer.mma) == (4, 0)
    for name in ("consumer0", "consumer1"):
        loop = roles[name].loop
        assert loop is not None
        assert set(loop.mma_shapes) == {"HGMMA.64x256x16.F32.BF16", "HGMMA.64x128x16.F32.BF16"}, loop
        assert (loop.mma, loop.local) == (8 + 16, 0), loop
