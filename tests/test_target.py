"""Targets as objects (issue 28): what differs between Hopper and Blackwell is
asked of a `Target` (`twillc.target.arch`), never of its name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from twillc.target.arch import Sm90a, Sm100a, Target, target_for
from twillc.target.machine import load_machine

ROOT = Path(__file__).resolve().parents[1]
ARCH_NAME = re.compile(r"sm_\d+a?")


def _arch_literals(path: Path) -> list[int]:
    """Lines of `path` with a string constant that is an architecture's name
    (`"sm_90a"` compared, a key, a member of a tuple): docstrings and messages
    mention the names in prose, which is no comparison."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and ARCH_NAME.fullmatch(node.value)
    ]


def test_no_code_outside_the_targets_compares_a_target_name() -> None:
    target_module = ROOT / "twillc" / "target" / "arch.py"
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for package in ("twillc", "lowering", "dialects")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path != target_module
        for line in _arch_literals(path)
    ]
    assert found == [], f"architecture names compared outside twillc/target/arch.py: {found}"


def test_the_check_finds_a_comparison(tmp_path: Path) -> None:
    code = tmp_path / "k.py"
    code.write_text('"""On sm_90a, prose."""\nif arch == "sm_100a":\n    pass\nflags = {"sm_90a": 1}\n')
    assert _arch_literals(code) == [2, 4]


def test_shipped_machines_have_their_targets() -> None:
    h100, b200 = load_machine("h100").target, load_machine("b200").target
    assert isinstance(h100, Sm90a) and isinstance(b200, Sm100a)
    assert h100.wgmma and h100.gemm_release and not h100.has_tensor_memory and not h100.row_layout
    assert b200.has_tensor_memory and b200.tmem_columns == 512 and b200.row_layout and not b200.wgmma
    assert h100.nvcc_flags == ("-gencode", "arch=compute_90a,code=sm_90a")
    assert b200.nvcc_flags == ("-gencode", "arch=compute_100a,code=sm_100a")


def test_an_architecture_with_no_code_generator_is_a_plain_target() -> None:
    other = target_for("sm_80")
    assert type(other) is Target and not other.emits_cuda and other is target_for("sm_80")


def test_comparing_a_target_with_a_name_is_refused() -> None:
    with pytest.raises(TypeError, match="properties, not its name"):
        _ = load_machine("h100").target == "sm_90a"


@pytest.mark.parametrize(
    ("rows", "cols", "hopper", "blackwell"),
    [(128, 64, 64, 64), (64, 128, 64, 128), (128, 0, 4, 1), (32, 256, 128, 256), (32, 0, 2, 1)],
)
def test_accumulator_layouts(rows: int, cols: int, hopper: int, blackwell: int) -> None:
    """A [128, 64] f32 tile: 64 elements a thread in both layouts (two m64
    fragments; one row); a [64, 128] one on sm_100a is a row a thread, the
    threads past its rows padding; a [128] row vector: 4 values a thread on
    sm_90a, 1 on sm_100a; a tile of fewer than 64 rows on sm_90a is one m64
    fragment whose rows past it are padding ([32, 256]: 128; [32]: 2)."""
    from xdsl.dialects.builtin import Float32Type

    from twillc.dialects import tile

    t = tile.TileType([rows, cols] if cols else [rows], Float32Type())
    assert load_machine("h100").target.elements_per_thread(t) == hopper
    assert load_machine("b200").target.elements_per_thread(t) == blackwell
