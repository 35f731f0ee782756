"""The expanded pipeline (prologue / kernel / epilogue) replayed for trip
counts 1, 2, S-1, S, S+1 and 1000 runs every op of every iteration exactly
once, each at its modulo-schedule time, so every dependence of the original
loop keeps its order and distance; buffers hold every live instance."""

from __future__ import annotations

import pytest
from graphs import example_module, small_graphs
from hypothesis import HealthCheck, given, settings

from twillc.lowering.transforms.expand import Event, PipelineProgram, buffer_depths, expand_pipeline, replay
from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.scheduling.modulo_cpsat import modulo_schedule


def trip_counts(stages: int) -> list[int]:
    return sorted({1, 2, max(1, stages - 1), stages, stages + 1, 1000})


def check_replay(
    graph: DependenceGraph, schedule: Schedule, trips: int, program: PipelineProgram | None = None
) -> None:
    assert schedule.ii is not None
    events = replay(program or expand_pipeline(graph, schedule), trips)
    seen = {(e.op, e.iteration) for e in events}
    assert len(seen) == len(events), "an op instance ran twice"
    assert seen == {(o.id, i) for o in graph.ops for i in range(trips)}, "an op instance is missing or extra"
    time = {(e.op, e.iteration): e.time for e in events}
    for (op, i), t in time.items():
        assert t == schedule.cycles[op] + i * schedule.ii  # the modulo schedule's own time
    for e in graph.edges:  # the original loop's order of dependent events, with delays
        for i in range(trips - e.distance):
            assert time[(e.dst, i + e.distance)] >= time[(e.src, i)] + e.delay
    # Execution order is time order (steps run in sequence, copies by offset).
    assert [ev.time for ev in events] == sorted(ev.time for ev in events)
    depths = buffer_depths(graph, schedule)
    live_until = _live_until(graph, schedule, events)
    for value, depth in depths.items():
        # Most instances of the value alive at once (a sweep over their lifetimes).
        sweep = sorted(
            [(t, 1) for (op, _), t in time.items() if op == value]
            + [(live_until[k], -1) for k in time if k[0] == value]
        )
        alive = peak = 0
        for _, change in sweep:
            alive += change
            peak = max(peak, alive)
        assert peak <= depth, (value, peak, depth)


def _live_until(graph: DependenceGraph, schedule: Schedule, events: list[Event]) -> dict[tuple[str, int], int]:
    assert schedule.ii is not None
    ops = {o.id: o for o in graph.ops}
    out = {(e.op, e.iteration): e.time + 1 for e in events}
    uses: dict[str, list[tuple[str, int]]] = {}
    for edge in graph.edges:
        uses.setdefault(edge.src, []).append((edge.dst, edge.distance))
    for (op, i), t in out.items():
        for dst, distance in uses.get(op, ()):
            t = max(t, schedule.cycles[dst] + (i + distance) * schedule.ii + ops[dst].cycles)
        out[(op, i)] = t
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_graphs(max_ops=4))
def test_expansion_replays_the_loop(graph: DependenceGraph) -> None:
    schedule = modulo_schedule(graph, time_limit=10)
    if schedule.ii is None:
        return
    for trips in trip_counts(schedule.stages):
        check_replay(graph, schedule, min(trips, 60))


@pytest.mark.parametrize("example", ["attn_fwd_simplified", "gemm_h100", "attn_fwd_h100", "attn_bwd_h100"])
def test_expansion_of_the_examples(example: str) -> None:
    graph, schedule = _scheduled(example)
    for trips in trip_counts(schedule.stages):
        check_replay(graph, schedule, trips)


def test_a_broken_expansion_fails_the_replay() -> None:
    """Dropping the trip-count guard of a prologue copy runs an iteration
    that does not exist when the loop is shorter than the pipeline."""
    from dataclasses import replace

    from twillc.scheduling.graph import Edge, Op, Status, uniform_rrt

    graph = DependenceGraph(
        "chain", (Op("a", uniform_rrt("u", 1)), Op("b", uniform_rrt("u", 1))), (Edge("a", "b", 5),), {"u": 1}
    )
    schedule = Schedule(2, {"a": 0, "b": 5}, 6, Status.OPTIMAL, 2)  # three stages
    program = expand_pipeline(graph, schedule)
    check_replay(graph, schedule, 1)
    broken = replace(program, prologue=tuple(replace(c, guarded=False) for c in program.prologue))
    events = replay(broken, 1)
    assert {(e.op, e.iteration) for e in events} != {("a", 0), ("b", 0)}


@pytest.mark.parametrize("example", ["gemm_h100", "attn_fwd_h100", "attn_fwd_b200"])
def test_channel_phases_never_lap(example: str) -> None:
    """Replaying 1000 iterations: when a consumer role reads instance i of a
    channel, slot i mod depth has completed exactly i // depth + 1 phases
    (its wait on parity (i // depth) mod 2 sees instance i, not a later
    one), and the producer never refills a slot a consumer still reads."""
    from twillc.lowering.transforms.expand import channels

    graph, schedule = _scheduled(example)
    assert schedule.ii is not None and schedule.warps is not None
    program = expand_pipeline(graph, schedule)
    events = replay(program, 1000)
    time = {(e.op, e.iteration): e.time for e in events}
    ops = {o.id: o for o in graph.ops}
    found = channels(graph, schedule)
    assert found, "a warp-specialized loop has channels"
    for ch in found:
        users = [e for e in graph.edges if e.src == ch.value and schedule.warps[e.dst] in ch.consumers]
        produced = sorted(time[(ch.value, i)] for i in range(1000))
        for e in users:
            for i in range(1000 - e.distance):
                read = time[(e.dst, i + e.distance)]
                slot = i % ch.depth
                done = sum(1 for j in range(slot, 1000, ch.depth) if time[(ch.value, j)] <= read)
                assert done == i // ch.depth + 1, (ch, e, i)
                # the next write into this slot comes after the read finished
                if i + ch.depth < 1000:
                    assert time[(ch.value, i + ch.depth)] >= read + ops[e.dst].cycles, (ch, e, i)
        assert produced == sorted(produced)


def _scheduled(example: str) -> tuple[DependenceGraph, Schedule]:
    """The example's loop and schedule as the default pipeline gave them,
    fixed (tests/data/simulate/<example>.mlir): what is checked is the
    expansion of a schedule, not the search (FA4's does not end before its
    time limit, and gives another schedule under load)."""
    from pathlib import Path

    from twillc.cli.compile import parse_module
    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop, read_schedule

    path = Path(__file__).resolve().parent / "data" / "simulate" / f"{example}.mlir"
    module = parse_module(path.read_text(), str(path), ".mlir")
    loop = find_loop(module)
    graph, ops = graph_from_loop(loop, module_machine(module), example)
    schedule = read_schedule(loop, ops)
    assert schedule is not None
    return graph, schedule


@pytest.mark.parametrize("example", ["attn_fwd_simplified", "gemm_h100", "attn_fwd_h100", "attn_bwd_h100"])
def test_replay_of_the_printed_ir(example: str) -> None:
    """pipeline-expand's output, printed and parsed back, replays the loop:
    the interpreter runs the twill.pipeline op itself."""
    import io

    from xdsl.parser import Parser
    from xdsl.printer import Printer

    from twillc.cli.passes import DEFAULT_PIPELINE
    from twillc.dialects.twill import PipelineOp
    from twillc.ir.context import make_context
    from twillc.lowering.transforms.expand import program_from_ir
    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop, read_schedule

    module = example_module(example, DEFAULT_PIPELINE + ",pipeline-expand")
    text = io.StringIO()
    Printer(stream=text).print_op(module)
    module = Parser(make_context(), text.getvalue()).parse_module()
    loop = find_loop(module)
    graph, ops = graph_from_loop(loop, module_machine(module), example)
    schedule = read_schedule(loop, ops)
    assert schedule is not None and schedule.ii is not None
    pipeline = loop.next_op
    assert isinstance(pipeline, PipelineOp)
    program = program_from_ir(pipeline)
    assert program == expand_pipeline(graph, schedule)
    for trips in trip_counts(schedule.stages):
        check_replay(graph, schedule, trips, program)


def test_older_iteration_first_at_one_cycle() -> None:
    """At one residue the older iteration's copy goes first (a value's last
    reader before the next iteration's op that defines another: the
    register count has the read value dead at its reader's issue, as FA3's
    dQ store before the next dP wgmma); a residue where the older copy
    reads what the newer one defines keeps program order (the definer
    first: its value has two live instances, handed over after the read)."""
    from twillc.scheduling.graph import Edge, Op, Status, uniform_rrt

    ops = (Op("d", uniform_rrt("alu", 1)), Op("u", uniform_rrt("alu", 1)), Op("w", uniform_rrt("alu", 1)))
    graph = DependenceGraph("g", ops, (Edge("u", "w", 1),), {"alu": 2})
    program = expand_pipeline(graph, Schedule(2, {"d": 0, "u": 1, "w": 2}, 3, Status.OPTIMAL, 2))
    assert [c.op for c in program.kernel] == ["w", "d", "u"]
    graph = DependenceGraph("g", ops, (Edge("d", "w", 2),), {"alu": 2})  # w (stage 1) reads d (stage 0) there
    program = expand_pipeline(graph, Schedule(2, {"d": 0, "u": 1, "w": 2}, 3, Status.OPTIMAL, 2))
    assert [c.op for c in program.kernel] == ["d", "w", "u"]
    check_replay(graph, Schedule(2, {"d": 0, "u": 1, "w": 2}, 3, Status.OPTIMAL, 2), 5)
