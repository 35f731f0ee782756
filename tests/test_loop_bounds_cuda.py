"""Loops with a start and a step compile with nvcc on both architectures (the
trip count and the indices they use are FileChecked in
tests/filecheck/cuda/loop-bounds.test). Skipped where nvcc is not installed."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cuda import check_compiles, needs_nvcc

from twillc.driver import main

ROOT = Path(__file__).resolve().parent.parent

VARIANTS = {
    "attn_fwd_b200": ("for j in 0 .. N / BN", "for j in 1 .. N / BN step 2", "sm_100a"),
    "attn_fwd_h100": ("for j in 0 .. N / BN", "for j in 1 .. N / BN step 2", "sm_90a"),
    "gemm_h100": ("for kk in 0 .. K / BK", "for kk in 2 .. K / BK step 3", "sm_90a"),
}

CUT_SHORT = {"attn_fwd_b200": ["-p", "variant-search{time-limit=5},pipeline-expand,warp-specialize"]}
"""FA4's search does not prove its II and would run the default pipeline's
whole 30 s: cut short as the lit case cuts it (any schedule's code compiles)."""


@needs_nvcc
@pytest.mark.parametrize("example", sorted(VARIANTS))
def test_stepped_loop_compiles(example: str, tmp_path: Path) -> None:
    old, new, arch = VARIANTS[example]
    text = (ROOT / "examples" / f"{example}.tile").read_text()
    assert old in text
    tile = tmp_path / f"{example}.tile"
    tile.write_text(text.replace(old, new))
    cu = tmp_path / f"{example}.cu"
    assert main([str(tile), *CUT_SHORT.get(example, []), "-o", str(cu)]) == 0
    check_compiles(cu, arch, tmp_path)
