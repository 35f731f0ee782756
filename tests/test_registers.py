"""The cost model counts a register value's registers as the CUDA emitter
lays it out (issue 18): one rule, `memory_plan.registers_per_thread`, from
the emitter's `elements_per_thread`."""

from __future__ import annotations

from pathlib import Path

import pytest

from dialects import tile
from dialects.twill import CostAttr
from twillc.cli.compile import parse_module
from twillc.target.arch import Sm90a, Sm100a
from twillc.transforms.annotate_costs import AnnotateCostsPass
from twillc.transforms.common import module_machine
from twillc.transforms.memory_plan import elements_per_thread, registers_per_thread

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("example", ["attn_fwd_h100", "attn_bwd_h100", "attn_fwd_b200"])
def test_cost_registers_are_the_emitters_layout(example: str) -> None:
    """Every op whose result the model keeps in registers counts the 32-bit
    registers of the arrays the emitter declares for it."""
    from xdsl.context import Context

    path = ROOT / "examples" / f"{example}.tile"
    module = parse_module(path.read_text(), str(path), ".tile")
    AnnotateCostsPass().apply(Context(), module)
    target = module_machine(module).target
    checked = 0
    for op in module.walk():
        cost = op.attributes.get("twill.cost")
        if not isinstance(cost, CostAttr) or not op.results or not isinstance(op.results[0].type, tile.TileType):
            continue
        t = op.results[0].type
        if cost.regs.data == 0:  # in shared or tensor memory
            assert isinstance(op, tile.LoadOp | tile.MmaOp) or cost.tmem.data, op
            continue
        if "twill.chunk_cols" in op.attributes:  # one column chunk at a time
            t = tile.TileType([t.get_shape()[0], op.attributes["twill.chunk_cols"].value.data], t.element_type)
        assert cost.regs.data == registers_per_thread(t, target), op
        checked += 1
    assert checked


def test_row_vector_registers_follow_the_layout() -> None:
    """A [64] f32 row vector is 2 registers per thread on sm_90a (the two
    rows of a thread's 64-row slab), [128] 4; on sm_100a a [128] is one (a
    thread's row); f16 tiles pack two elements per register."""
    from xdsl.dialects.builtin import Float16Type, Float32Type

    f32, f16 = Float32Type(), Float16Type()
    assert registers_per_thread(tile.TileType([64], f32), Sm90a()) == 2
    assert registers_per_thread(tile.TileType([128], f32), Sm90a()) == 4
    assert registers_per_thread(tile.TileType([128], f32), Sm100a()) == 1
    assert registers_per_thread(tile.TileType([64, 128], f32), Sm90a()) == 64
    assert registers_per_thread(tile.TileType([64, 128], f16), Sm90a()) == 32
    assert elements_per_thread(tile.TileType([64, 128], f16), Sm90a()) == 64
