"""Tensor-memory columns on sm_100a: the joint search's count
(`lifetimes.tmem_columns`, from the graph's per-op demands) is the CUDA
emitter's allocation (`memory_plan.plan_tmem`), on fixed scheduled modules."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.parser import Parser

from twillc.ir.context import make_context
from twillc.scheduling.lifetimes import tmem_columns
from twillc.transforms.common import module_machine
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule
from twillc.transforms.smem_plan import emitted_tmem, tmem_refusal

INPUTS = Path(__file__).parent / "filecheck" / "inputs"


def _scheduled(name: str):
    path = INPUTS / name
    module = Parser(make_context(), path.read_text(), str(path)).parse_module()
    loop, machine = find_loop(module), module_machine(module)
    graph, ops = graph_from_loop(loop, machine, kernel_name(module))
    schedule = read_schedule(loop, ops)
    assert schedule is not None and schedule.warps is not None
    return loop, graph, ops, schedule, machine


@pytest.mark.parametrize("name", ["attn-fwd-d128-b200-ii95.mlir", "attn-fwd-persistent-b200-sched.mlir"])
def test_search_counts_the_columns_the_emitter_allocates(name: str) -> None:
    loop, graph, ops, schedule, machine = _scheduled(name)
    plan = emitted_tmem(loop, graph, ops, schedule, machine)
    assert graph.tmem_columns == machine.target.tmem_columns == 512
    assert sum(tmem_columns(graph, schedule).values()) == plan.needed
    assert plan.needed <= 512 and not plan.pending and tmem_refusal(loop, graph, ops, schedule, machine) == ""


def test_a_deeper_ring_of_s_is_counted_and_refused() -> None:
    """The II-95 schedule with S's readers' issue times as they are but S's
    MMA one II earlier (a slot more of S's ring): the count and the plan
    both grow by S's 128 columns, past the machine's 512, and the emitter's
    plan is refused (the timing is not a legal schedule: only the columns
    are compared here, the checker's own test is in test_joint_z3)."""
    from dataclasses import replace

    loop, graph, ops, schedule, machine = _scheduled("attn-fwd-d128-b200-ii95.mlir")
    assert schedule.ii is not None
    s = next(o.id for o in graph.ops if o.tmem_scratch)
    before = sum(tmem_columns(graph, schedule).values())
    cycles = {k: c + schedule.ii for k, c in schedule.cycles.items()}
    earlier = replace(schedule, cycles={**cycles, s: schedule.cycles[s]})
    after = sum(tmem_columns(graph, earlier).values())
    assert after == before + 128 == emitted_tmem(loop, graph, ops, earlier, machine).needed
    assert after > 512
    assert "(kept in tensor memory, crossing roles) get no tensor-memory columns" in tmem_refusal(
        loop, graph, ops, earlier, machine
    )
