"""Adding an op to the tile language is a checklist (issue 28): every `tile`
op has a reference-interpreter rule (twillc/lowering/simulate/reference.py), a
cost rule (twillc/transforms/annotate_costs.py) and a CUDA lowering on each
target (twillc/lowering/cuda/lowerings.py: one per op class and target, which the
emitter dispatches through; a form a lowering does not generate is a
located refusal on sm_90a, `Target.refuses_holes`). The kernel
tests/data/checklist/every_op.tile uses every op of the dialect: an op added
to the dialect fails here until the kernel uses it and every rule has it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr

from twillc.cli.compile import parse_module
from twillc.dialects.tile import Tile
from twillc.lowering.cuda.lowerings import ELSEWHERE, LOWERINGS, lowering_of
from twillc.lowering.cuda.skeleton import _Emitter
from twillc.lowering.simulate.reference import run_reference
from twillc.target.arch import TARGETS, Target
from twillc.transforms.annotate_costs import COSTLESS, AnnotateCostsPass, derive_cost
from twillc.transforms.common import module_machine

ROOT = Path(__file__).resolve().parents[1]
KERNEL = ROOT / "tests" / "data" / "checklist" / "every_op.tile"
TILE_OPS = sorted(Tile.operations, key=lambda c: c.name)


@cache
def _kernel(target: str = "h100") -> ModuleOp:
    module = parse_module(KERNEL.read_text(), str(KERNEL), ".tile")
    module.attributes["twill.target"] = StringAttr(target)
    return module


def test_the_checklist_kernel_uses_every_tile_op() -> None:
    used = {type(op) for op in _kernel().walk() if op.dialect_name() == "tile"}
    missing = [c.name for c in TILE_OPS if c not in used]
    assert missing == [], f"tests/data/checklist/every_op.tile does not use {missing}: add them"


def test_every_tile_op_has_a_reference_interpreter_rule() -> None:
    """The reference interpreter runs the kernel (two iterations): an op
    with no rule stops it ("simulate: no semantics for ...")."""
    stores, _ = run_reference(_kernel(), 2, 1, {"N": 320})
    assert sorted({key[0] for key in stores}) == [3, 4, 5]  # O, S (+=) and L: the kernel's arguments 3 to 5


@pytest.mark.parametrize("target", ["h100", "b200"])
def test_every_tile_op_has_a_cost_rule(target: str) -> None:
    module = _kernel(target).clone()
    AnnotateCostsPass().apply(Context(), module)
    machine = module_machine(module)
    for op in module.walk():
        if op.dialect_name() == "tile" and type(op) not in COSTLESS:
            assert derive_cost(op, machine) is not None, f"{op.name} has no cost rule on {target}"
            assert "twill.cost" in op.attributes, op.name


@pytest.mark.parametrize("target", TARGETS.values(), ids=lambda t: t.name)
@pytest.mark.parametrize("op", TILE_OPS, ids=lambda c: c.name)
def test_every_tile_op_has_a_lowering_on_each_target(target: Target, op: type) -> None:
    if op in ELSEWHERE:
        method, _ = ELSEWHERE[op]
        assert callable(getattr(_Emitter, method, None)), f"{op.name}: the emitter has no {method}"
        assert lowering_of(target, op) is None, f"{op.name} is lowered in two places"
    else:
        assert lowering_of(target, op) is not None, f"{op.name} has no lowering on {target.name}"


def test_every_lowering_is_one_the_emitter_has() -> None:
    """The registry's functions call the emitter's methods: each exists."""
    import inspect
    import re

    for table in LOWERINGS.values():
        for fn in set(table.values()):
            for method in re.findall(r"\be\.(_\w+)\(", inspect.getsource(fn)):
                assert callable(getattr(_Emitter, method, None)), f"{fn.__name__} calls a missing {method}"


def test_a_target_with_no_code_generator_has_no_lowering() -> None:
    from twillc.dialects import tile
    from twillc.target.arch import target_for

    assert lowering_of(target_for("sm_80"), tile.MmaOp) is None
    assert lowering_of(TARGETS["sm_90a"], tile.ExpOp) is lowering_of(TARGETS["sm_90a"], tile.UnaryOp)
