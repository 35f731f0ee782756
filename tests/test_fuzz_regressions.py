"""Bugs the whole-pipeline fuzzer (`bench/fuzz.py`) found, each kept fixed:
the generated CUDA of these warp-specialized modules (from generated
kernels, the default pipeline's schedule saved in `tests/data/fuzz/`)
compiles with nvcc (where installed; the text is checked everywhere)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from twillc.driver import main

DATA = Path(__file__).resolve().parent / "data" / "fuzz"
NVCC = shutil.which("nvcc")


def emit(module: str, tmp_path: Path) -> str:
    cu = tmp_path / f"{module}.cu"
    assert main([str(DATA / f"{module}.mlir"), "-o", str(cu)]) == 0
    if NVCC:
        arch = "sm_100a" if "target sm_100a" in cu.read_text()[:400] else "sm_90a"
        gen = f"arch=compute_{arch[3:]},code={arch}"
        nv = subprocess.run(
            [NVCC, "-gencode", gen, "-std=c++17", "-c", str(cu), "-o", str(tmp_path / "k.o")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert nv.returncode == 0, nv.stderr
    return cu.read_text()


def test_sub_tiled_value_does_not_shadow_a_scalar_argument(tmp_path: Path) -> None:
    """A scalar argument `s0` beside scores `s` that variant-search cut in
    halves (`s0`, `s1`): the halves' arrays take other names, so `o * s0`
    after the loop multiplies by the argument, not by an array."""
    text = emit("scalar-name-sub-tiled-ws", tmp_path)
    assert "float s0) {" in text
    assert not re.search(r"\bs0\[", text)
    assert re.search(r"= o\d?\[i\] \* s0;", text)


def test_b200_hole_after_the_loop_reads_a_loaded_tile_in_shared_memory(tmp_path: Path) -> None:
    """sm_100a: `acc + bias` after the loop, with the MMA a hole (A
    MN-major) so the accumulator is in registers and the add a hole too: the
    hole reads `bias` (loaded after the loop) in its shared-memory buffer,
    as the generated math does, not an undeclared array."""
    text = emit("b200-hole-post-loaded-ws", tmp_path)
    calls = [line for line in text.splitlines() if "TWILLC-HOLE: add" in line]
    assert calls and all("sm.bias" in line for line in calls)


@pytest.mark.parametrize("module", ["scalar-name-sub-tiled-ws", "b200-hole-post-loaded-ws"])
def test_reads_back(module: str, tmp_path: Path) -> None:
    assert main([str(DATA / f"{module}.mlir"), "-o", str(tmp_path / "k.mlir")]) == 0
