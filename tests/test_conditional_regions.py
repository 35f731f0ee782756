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
