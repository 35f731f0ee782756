"""Conditional regions of a Triton kernel (an early return): each branch's loops run under its guard, the
trip count `guard ? n : 0` the reference interpreter and the CUDA emitter read alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from twillc.dialects import tile
from twillc.lowering.cuda.index_expr import c_index
from twillc.lowering.simulate.reference import Machine, find_func
from twillc.transforms.loop_segments import top_loops

KERNELS = Path(__file__).parent / "triton_kernels"


def _early_return():
    pytest.importorskip("triton")
    from twillc.frontend.triton_module import ttgir_from_python
    from twillc.frontend.ttgir import import_ttgir

    tm = ttgir_from_python(
        f"{KERNELS / 'early_return.py'}::masked_scale", "*bf16,*bf16,*i32,i32,i32", ["ROWS=64,BLOCK=128"], "h100", 4
    )
    return import_ttgir(tm, "h100")


@pytest.mark.parametrize("bid", [0, 1, 5])
def test_one_branch_runs_its_loop_the_other_none(bid: int) -> None:
    module = _early_return()
    fn = find_func(module)
    zero_loop, scale_loop = top_loops(fn)
    label_op = next(op for op in fn.walk() if isinstance(op, tile.LoadScalarOp))
    probe = Machine(fn, bid, {"n_cols": 1024})
    label = probe.scalar(label_op.results[0], {})
    for ignore, trips in ((label, (8, 0)), (label + 1, (0, 8))):
        m = Machine(fn, bid, {"n_cols": 1024, "ignore_index": ignore})
        got = tuple(m.scalar(loop.ub, {}) for loop in (zero_loop, scale_loop))
        assert got == trips, f"label {label}, ignore_index {ignore}"


def test_cuda_trip_counts_read_the_guard() -> None:
    fn = find_func(_early_return())
    zero_loop, scale_loop = top_loops(fn)
    guard = "(__ldg(&label_ptr[bid]) == ignore_index)"
    assert c_index(zero_loop.ub, None) == f"({guard} ? ((n_cols + (128 - 1)) / 128) : 0)"
    assert c_index(scale_loop.ub, None) == f"(({guard} != 1) ? ((n_cols + (128 - 1)) / 128) : 0)"


IF_TILE = """target h100

kernel k(X: f32[M, 64], Y: f32[M, 64], flag: i32) {
  if flag != 0 {
    for i in 0 .. M / 64 {
      store Y[i, 0] = load X[i, 0] : f32[64, 64]
    }
  } else {
    if bid == 1 {
      z = zeros() : f32[64, 64]
      store Y[bid, 0] = z
    }
  }
}
"""


@pytest.mark.parametrize(("flag", "bid", "trips"), [(1, 0, (4, 0)), (1, 1, (4, 0)), (0, 1, (0, 1)), (0, 2, (0, 0))])
def test_tile_if_guards_each_region(flag: int, bid: int, trips: tuple[int, int]) -> None:
    """`.tile`'s `if` / `else` (nested): the loop runs under `flag != 0`, the store's region under
    `flag == 0 & bid == 1`, as the reference and the CUDA read the trip counts."""
    from twillc.frontend import parse_tile

    fn = find_func(parse_tile(IF_TILE, "k.tile"))
    loops = top_loops(fn)
    m = Machine(fn, bid, {"M": 256, "flag": flag})
    assert tuple(m.scalar(loop.ub, {}) for loop in loops) == trips
    assert c_index(loops[1].ub, None) == "((((flag != 0) != 1) && (bid == 1)) ? 1 : 0)"
