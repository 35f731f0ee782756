"""`nest-schedule{trips=.. time-limit=..}`: the persistent kernel's outer
loop (`tile.persistent`) scheduled in the super-node model, after its main
loop's joint schedule; a no-op for a kernel without one.

The outer body, one output tile, as a loop of its own (the model Meta's
outer loops are scheduled in, `twillc.scheduling.graph.super_node_graph`):

- the main loop is one op of (T - 1) * II + L cycles (II and L its joint
  schedule's, in cycles; T the trip count the model assumes, `trips`),
  holding every consumer warp group from cycle P on, P the producer's head
  start (the first consumer op's cycle in its schedule): the ring runs on
  across tiles, so the next tile's first loads are issued while this
  tile's consumers are still busy;
- each accumulator's staging into shared memory (its cast and st.shared)
  on the consumer warp group holding it, after the main loop;
- each TMA store of a staged tile on the TMA unit, after its staging; the
  next tile's staging of that buffer waits for the store's read of it
  (distance 1).

Where the accumulators live in tensor memory (sm_100a), the staging
(tcgen05.ld, cast, st.shared) is an epilogue warp group's, a unit of its
own, and the tile's accumulator is free again once it is staged: the main
loop of tile t + B waits for the staging of tile t (distance B), B the
accumulators in tensor memory (`acc_buffers`: 2 where two of them fit, the
MMAs of tile t + 1 then running while tile t is drained; else 1), written
into `twill.nest` for the emitter.

The main loop's own TMA loads are not replayed inside the super-node (as in
Meta's model). `optimal` proves the outer II minimal in this model, and no
more: the main loop's own schedule carries its own proof. The result is
`twill.nest` on the `tile.persistent` op: the II, length, status and bound,
T, P, each op's cycle, and the proof's statement.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Operation
from xdsl.passes import ModulePass

from twillc.dialects import tile
from twillc.scheduling.graph import DependenceGraph, Edge, Op, super_node_graph, uniform_rrt
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.cta_pair import cta_group
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule
from twillc.transforms.nest_attr import MAIN, nest_attr

PROOF_TMEM = (
    "the super-node model: the main loop as one op of (T - 1) * II + L = {length} cycles (T = {trips}, "
    "II {ii}, L {inner_length} cycles) holding the MMA warp group from cycle {head} (the producer's head "
    "start), each accumulator staged out of tensor memory by the epilogue warp group, the main loop of tile "
    "t + {acc_buffers} waiting for the staging of tile t ({acc_buffers} accumulators in tensor memory), each TMA "
    "store on the TMA unit (the main loop's own TMA loads not replayed); the main loop: {inner_status} by its own "
    "schedule"
)
"""What the nest's `optimal` proves where the accumulators are in tensor memory."""

PROOF = (
    "the super-node model: the main loop as one op of (T - 1) * II + L = {length} cycles (T = {trips}, "
    "II {ii}, L {inner_length} cycles) holding the consumer warp groups from cycle {head} (the producer's head "
    "start), each accumulator staged on its consumer warp group, each TMA store on the TMA unit (the main loop's "
    "own TMA loads not replayed); the main loop: {inner_status} by its own schedule"
)
"""What the nest's `optimal` proves (and no more)."""


@dataclass(frozen=True)
class NestSchedulePass(ModulePass):
    """The persistent outer loop in the super-node model (module docstring)."""

    name = "nest-schedule"

    trips: int = 64
    """T: the main loop's trip count the model assumes (64: K = 4096 at BK = 64)."""

    time_limit: int | float = 10.0

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from xdsl.dialects.func import FuncOp

        from twillc.scheduling.checker import check_schedule
        from twillc.scheduling.modulo_cpsat import SolverLimit, modulo_schedule

        func = next((o for o in op.walk() if isinstance(o, FuncOp)), None)
        persistent = tile.find_persistent(func) if func is not None else None
        if persistent is None:
            return
        if self.trips < 1:
            raise located_error(persistent, f"nest-schedule: trips must be >= 1, got {self.trips}")
        graph, facts = nest_graph(op, self.trips)
        try:
            schedule = modulo_schedule(graph, time_limit=self.time_limit)
        except SolverLimit as e:
            raise located_error(persistent, f"nest-schedule: {e}") from None
        if schedule.ii is None or not schedule.cycles:
            raise located_error(persistent, f"nest-schedule: no schedule of the outer loop: {schedule.note}")
        problems = check_schedule(graph, schedule)
        if problems:
            from twillc.scheduling.checker import ScheduleVerificationError

            raise ScheduleVerificationError("nest schedule fails the independent checker: " + "; ".join(problems))
        proof = PROOF_TMEM if module_machine(op).target.has_tensor_memory else PROOF
        persistent.attributes["twill.nest"] = nest_attr(schedule, facts, proof.format(**facts))


def nest_graph(module: ModuleOp, trips: int) -> tuple[DependenceGraph, dict[str, object]]:
    """The outer body's graph (module docstring) and the facts its proof
    names: T, II, L and the main loop's length in cycles, P, its status."""
    machine = module_machine(module)
    loop = find_loop(module)
    inner, ops = graph_from_loop(loop, machine, kernel_name(module))
    schedule = read_schedule(loop, ops)
    if schedule is None or schedule.ii is None or schedule.warps is None:
        raise located_error(loop, "nest-schedule reads the main loop's joint schedule: run joint-schedule first")
    norm = loop.attributes.get("twill.normalization")
    scale = (1, 1)
    if isinstance(norm, DictionaryAttr):
        scale = (_int(norm.data["scale_cycles"]), _int(norm.data["scale_units"]))

    def cycles(units: int) -> int:
        return ceil(units * scale[0] / scale[1])

    consumers = sorted({w for k, w in schedule.warps.items() if not inner.op(k).variable_latency})
    if not consumers:
        raise located_error(loop, "nest-schedule: the main loop has no consumer warp group")
    units = tuple(f"wg{w}" for w in consumers)
    ii, length = cycles(schedule.ii), cycles(schedule.length)
    head = min(cycles(schedule.cycles[k]) for k, w in schedule.warps.items() if w in consumers)
    total = (trips - 1) * ii + length
    nodes = [Op(MAIN, uniform_rrt(None, total), latency=total, kind="tile.for")]
    edges: list[Edge] = []
    stores = _stores(loop)
    tmem = machine.target.has_tensor_memory
    # a CTA pair (`twill.cluster`'s cta_group 2, sm_100a): each CTA holds, stages and stores half of each tile
    share = cta_group(tile.find_persistent(module))
    buffers = acc_buffers([a for a, _ in stores], machine.tmem * share) if tmem else 1
    for n, (acc, store) in enumerate(stores):
        staged, put = f"stage{n}", f"store{n}"
        holder = schedule.warps[next(k for k, o in ops.items() if acc in o.results)]
        nbytes = _bytes(store) // share
        stage_cycles = ceil(nbytes / machine.rates["smem_bytes"]) + ceil(nbytes // 2 / machine.rates["alu_ops"])
        if tmem:  # tcgen05.ld of the f32 (or f16) accumulator first, on the epilogue warp group
            stage_cycles += ceil(_bytes_of(acc) // share / machine.rates["tmem_load_bytes"])
            edges.append(Edge(staged, MAIN, stage_cycles, buffers))
        unit = EPILOGUE if tmem else f"wg{holder}"
        nodes.append(Op(staged, uniform_rrt(unit, stage_cycles), latency=stage_cycles, kind="tile.cast"))
        store_cycles = max(1, ceil(nbytes / machine.rates["tma_bytes"]))
        nodes.append(
            Op(put, uniform_rrt("tma", store_cycles), latency=store_cycles, kind="tile.store", variable_latency=True)
        )
        edges += [Edge(MAIN, staged, total, 0), Edge(staged, put, stage_cycles, 0), Edge(put, staged, store_cycles, 1)]
    graph = DependenceGraph(
        name=f"{kernel_name(module)}/nest",
        ops=tuple(nodes),
        edges=tuple(edges),
        capacities={**{u: 1 for u in units}, **({EPILOGUE: 1} if tmem else {}), "tma": machine.units["tma"]},
        target=machine.target.name,
    )
    graph = super_node_graph(graph, {MAIN: total}, {MAIN: head}, units)
    facts = {
        "trips": trips,
        "ii": ii,
        "inner_length": length,
        "length": total,
        "head": head,
        "inner_status": schedule.status.value,
        "acc_buffers": buffers,
    }
    return graph, facts


EPILOGUE = "epilogue"
"""The epilogue warp group's unit (sm_100a: staging out of tensor memory)."""


def acc_buffers(accs: list, tmem_bytes: int) -> int:
    """Accumulators in tensor memory per stored value: 2 where two copies of
    every stored accumulator fit (tile t + 1's MMAs then run while tile t is
    drained), else 1."""
    need = sum(_bytes_of(a) for a in accs)
    return 2 if 0 < 2 * need <= tmem_bytes else 1


def _stores(loop: tile.ForOp) -> list[tuple[Attribute, tile.StoreOp]]:
    """(the loop-carried accumulator's value in the loop, its store after the loop)."""
    out = []
    yielded = list(loop.body.block.last_op.operands) if loop.body.block.last_op else []
    for index, result in enumerate(loop.res):
        for use in result.uses:
            user: Operation = use.operation
            if isinstance(user, tile.CastOp):
                user = next(iter(user.result.uses)).operation
            if isinstance(user, tile.StoreOp):
                out.append((yielded[index], user))
    return out


def _bytes(store: tile.StoreOp) -> int:
    from twillc.transforms.annotate_costs import _bytes as value_bytes

    return value_bytes(store.operands[0])


def _bytes_of(value: object) -> int:
    from twillc.transforms.annotate_costs import _bytes as value_bytes

    return value_bytes(value)


def _int(a: Attribute) -> int:
    assert isinstance(a, IntegerAttr)
    return int(a.value.data)
