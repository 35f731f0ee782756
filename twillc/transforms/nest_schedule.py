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
  on the consumer warp group holding it, after the main loop (a store of
  a value computed from the loop's results, FA's `o / l`, is the staging
  of the largest carried value it reads: `memory_plan.epilogue_stores`);
- each TMA store of a staged tile on the TMA unit, after its staging; the
  next tile's staging of that buffer waits for the store's read of it
  (distance 1).

Where the accumulators live in tensor memory (sm_100a), the staging
(tcgen05.ld, the element-wise ops between the loop and the store such as
attention's `o / l`, the cast, st.shared) is an epilogue warp group's, a
unit of its own, and the tile's accumulator is free again once it is
staged: the main loop of tile t + B needs it from its first write of the
accumulator on (`acc_free_at`, F cycles into the main loop: the first op
of iteration 0 writing the accumulator's columns, the MMA of a GEMM,
attention's rescale `o * alpha` or its P V MMA), so the staging of tile t
ends before cycle F of the main loop of tile t + B (distance B). B is the
accumulators in tensor memory (`acc_buffers`): 2 where a second copy of
every stored accumulator fits beside the tiles the main loop's MMAs write
(`tmem_columns`: one copy each; a GEMM's 256 columns leave room for a
second, attention's S and O of two query tiles take all 512), the MMAs of
tile t + 1 then running while tile t is drained; else 1, and then what
overlaps the staging of tile t is the first F cycles of tile t + 1's main
loop: the producer's reload of Q and first K / V, the first S = Q K^T and
its softmax (FA4's correction warp group drains O while the next tile's
first S is computed). Both are written into `twill.nest` for the emitter.

Where the epilogue runs (`epilogue`: on the consumers on sm_90a, each its
own tiles under the next tile's loads and the other consumer's main loop;
an epilogue warp group on sm_100a) and the buffers of the tiles loaded
before the main loop (`pre_buffers`: 1, FA's Q reloaded per tile once the
consumers released it) are written into `twill.nest` with the schedule.

Ping-pong consumers (sm_90a, CUTLASS's KernelTmaWarpSpecializedPingpong):
where one consumer warp group holds every accumulator of the main loop,
the model also schedules two tiles per outer iteration on two consumer
warp groups, tile t on consumer t % 2 (`alternate_graph`): each tile's
main loop holds the tensor core ("tc") and its own consumer warp group
from cycle P on, its staging holds that warp group, so one consumer's
epilogue runs while the other's main loop issues wgmma. `consumers =
"alternate"` is chosen where that outer II, halved (two tiles), is below
the single consumer's (`consumers = "together"`: every consumer warp group
on every tile), where the accumulators leave `RESERVE_REGS` of the
consumers' register budget in a kernel of three warp groups, and where
shared memory holds the ring and an epilogue buffer for each consumer. The
pass option `consumers=alternate` (or `together`) asks for one form: a
form the kernel cannot take is refused, located. `twill.nest` then holds
the two-tile schedule (`tiles` 2, ops `mainloop0`, `stage0_1`, ...) and
the warp groups' register budgets (`regs`: producer, each consumer).

The main loop's own TMA loads are not replayed inside the super-node (as in
Meta's model). A main loop longer than `GRAIN_LIMIT` cycles (attention's,
T x II of a few thousand cycles) is modelled in steps of
`granularity` cycles (durations rounded up, the head start down; written
into `twill.nest` and named in the proof). `optimal` proves the outer II minimal in this model, and no
more: the main loop's own schedule carries its own proof. The result is
`twill.nest` on the `tile.persistent` op: the II, length, status and bound,
T, P, each op's cycle, and the proof's statement.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass

from twillc.dialects import tile
from twillc.scheduling.graph import DependenceGraph, Edge, Op, Schedule, super_node_graph, uniform_rrt
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.cta_pair import cta_group
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, read_schedule
from twillc.transforms.nest_attr import CONSUMERS, EPILOGUE_WG, HOLDER, MAIN, nest_attr

PROOF_TMEM = (
    "the super-node model: the main loop as one op of (T - 1) * II + L = {length} cycles (T = {trips}, "
    "II {ii}, L {inner_length} cycles) holding the MMA warp group from cycle {head} (the producer's head "
    "start), each accumulator staged out of tensor memory by {staged_by}, the main loop of tile "
    "t + {acc_buffers} waiting for the staging of tile t ({acc_buffers} accumulators in tensor memory) from its "
    "first write of the accumulator on (cycle {acc_free_at} of the main loop), each TMA "
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

PROOF_ALTERNATE = (
    "the super-node model of two tiles on alternate consumer warp groups: each main loop as one op of "
    "(T - 1) * II + L = {length} cycles (T = {trips}, II {ii}, L {inner_length} cycles) holding the tensor core "
    "and its consumer warp group from cycle {head} (the producer's head start), each accumulator staged on its "
    "tile's consumer warp group, each TMA store on the TMA unit (the main loop's own TMA loads not replayed); "
    "the main loop: {inner_status} by its own schedule"
)
"""What `optimal` proves for the ping-pong nest (two tiles an outer iteration)."""

RESERVE_REGS = 64
"""Registers a ping-pong consumer keeps beside its accumulators (descriptors,
addresses, the loop's state, the epilogue's conversion)."""

REG_FILE = 512
"""Registers per thread over all warp groups (64 K registers / 128 threads)."""


@dataclass(frozen=True)
class NestSchedulePass(ModulePass):
    """The persistent outer loop in the super-node model (module docstring)."""

    name = "nest-schedule"

    trips: int = 64
    """T: the main loop's trip count the model assumes (64: K = 4096 at BK = 64)."""

    time_limit: int | float = 10.0

    consumers: str = "auto"
    """auto (the model's choice), alternate (ping-pong) or together (module docstring)."""

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
        if self.consumers not in ("auto", "alternate", "together"):
            raise located_error(
                persistent, f"nest-schedule: consumers is auto, alternate or together, got '{self.consumers}'"
            )

        def solve(graph: DependenceGraph) -> Schedule:
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
            return schedule

        graph, facts = nest_graph(op, self.trips)
        why_not = alternate_refusal(op, facts) if self.consumers != "together" else "not asked for"
        if self.consumers == "alternate" and why_not:
            raise located_error(persistent, f"nest-schedule: consumers=alternate: {why_not}")
        schedule = solve(graph) if self.consumers != "alternate" else None
        g = int(facts["granularity"])  # type: ignore[call-overload]
        if schedule is not None and g > 1:  # back to cycles (before the comparison with the alternation's)
            assert schedule.ii is not None
            schedule = replace(
                schedule,
                ii=schedule.ii * g,
                length=schedule.length * g,
                lower_bound=schedule.lower_bound * g,
                cycles={k: v * g for k, v in schedule.cycles.items()},
            )
        if not why_not:
            alt_graph, alt_facts = alternate_graph(op, self.trips)
            alt = solve(alt_graph)
            assert alt.ii is not None
            if schedule is None or (schedule.ii is not None and alt.ii < 2 * schedule.ii):
                proof = PROOF_ALTERNATE.format(**alt_facts)
                persistent.attributes["twill.nest"] = nest_attr(alt, alt_facts, proof)
                return
        assert schedule is not None
        proof = PROOF_TMEM if module_machine(op).target.has_tensor_memory else PROOF
        if g > 1:
            proof += f" (in steps of {g} cycles: durations rounded up, the main loop's head start down)"
        persistent.attributes["twill.nest"] = nest_attr(schedule, facts, proof.format(**facts))


def _consumers(module: ModuleOp) -> tuple[DependenceGraph, Schedule, dict[str, Operation], list[int]]:
    """The main loop's graph, its joint schedule, its ops and its consumer warp groups."""
    machine = module_machine(module)
    loop = find_loop(module)
    inner, ops = graph_from_loop(loop, machine, kernel_name(module))
    schedule = read_schedule(loop, ops)
    if schedule is None or schedule.ii is None or schedule.warps is None:
        raise located_error(loop, "nest-schedule reads the main loop's joint schedule: run joint-schedule first")
    consumers = sorted({w for k, w in schedule.warps.items() if not inner.op(k).variable_latency})
    if not consumers:
        raise located_error(loop, "nest-schedule: the main loop has no consumer warp group")
    return inner, schedule, ops, consumers


def alternate_regs(module: ModuleOp) -> tuple[int, int]:
    """The register budgets of a ping-pong kernel's producer and of each of its
    two consumers, from the joint schedule's roles (`twill.warps`): the
    producer's budget, the consumers' the most of the rest (in setmaxnreg's
    steps of 8, at most the one consumer role's budget)."""
    _, schedule, _, consumers = _consumers(module)
    roles = schedule.roles or ()
    consumer = max((r.regs for r in roles if r.id in consumers), default=240)
    producer = min((r.regs for r in roles if r.id not in consumers and r.role != "idle"), default=24)
    return producer, min(consumer, (REG_FILE - producer) // 2 // 8 * 8)


def alternate_refusal(module: ModuleOp, facts: dict[str, object]) -> str:
    """Why the kernel cannot take ping-pong consumers ('' where it can)."""
    machine = module_machine(module)
    if machine.target.has_tensor_memory:
        return "sm_90a only (on sm_100a the accumulators alternate in tensor memory, `acc_buffers`)"
    persistent = tile.find_persistent(module)
    if cta_group(persistent) > 1:
        return "a CTA pair's kernel"
    if persistent is not None and "twill.cluster" in persistent.attributes:
        return "a kernel in clusters of 2 CTAs (its multicast ring is released by both CTAs' consumers; not generated)"
    _, _, _, consumers = _consumers(module)
    if len(consumers) != 1:
        return (
            f"the main loop's accumulators are on {len(consumers)} consumer warp groups: each consumer would hold "
            "every accumulator of a tile"
        )
    loop = find_loop(module)
    acc_regs = sum(_bytes_of(a) for a, _ in _stores(loop)) // (4 * 128)
    _, regs = alternate_regs(module)
    if acc_regs + RESERVE_REGS > regs:
        return (
            f"the tile's accumulators take {acc_regs} registers a thread, and a consumer of three warp groups "
            f"has {regs} ({RESERVE_REGS} kept for the rest): a smaller tile (e.g. 128x128 or 64x256) fits"
        )
    from twillc.transforms.memory_plan import epilogue_bytes

    ring = ring_estimate(loop)
    epi = epilogue_bytes(loop)
    if ring + 2 * epi + BARRIER_BYTES > machine.smem:
        return f"the ring ({ring} B) and two epilogue buffers ({2 * epi} B) exceed shared memory ({machine.smem} B)"
    return ""


def ring_estimate(loop: tile.ForOp) -> int:
    """The load ring's bytes as the GEMM emitter sizes it (`memory_plan.ring_depths`
    with one shared ring): one iteration's loaded tiles (1 KB-rounded) times
    max(2, the schedule's stages) + 1 slots."""
    from twillc.dialects.twill import ScheduleAttr
    from twillc.transforms.annotate_costs import _bytes as value_bytes
    from twillc.transforms.memory_plan import round1k

    sched = loop.attributes.get("twill.schedule")
    depth = max(2, sched.stages.data if isinstance(sched, ScheduleAttr) else 2) + 1
    slot = sum(round1k(value_bytes(op.results[0])) for op in loop.body.block.ops if isinstance(op, tile.LoadOp))
    return slot * depth


BARRIER_BYTES = 2048
"""Shared memory kept for the barriers (as the memory plan keeps)."""


def alternate_graph(module: ModuleOp, trips: int) -> tuple[DependenceGraph, dict[str, object]]:
    """Two tiles of the ping-pong nest (module docstring): for tile c of the
    two, `mainloop{c}` (holding "tc" and `wg{c}` from the producer's head
    start), `stage{n}_{c}` on `wg{c}` and `store{n}_{c}` on the TMA unit; the
    next staging of a consumer's buffer waits for its store's read of it."""
    machine = module_machine(module)
    base, facts = nest_graph(module, trips)
    total, head = int(facts["length"]), int(facts["head"])  # type: ignore[call-overload]
    nodes: list[Op] = []
    edges: list[Edge] = []
    for c in range(2):
        main = f"{MAIN}{c}"
        nodes.append(Op(main, uniform_rrt(None, total), latency=total, kind="tile.for"))
        for o in base.ops:
            if o.id == MAIN:
                continue
            unit = f"wg{c}" if o.kind == "tile.cast" else "tma"
            nodes.append(replace(o, id=f"{o.id}_{c}", rrt=uniform_rrt(unit, len(o.rrt))))
        for e in base.edges:
            src = main if e.src == MAIN else f"{e.src}_{c}"
            dst = main if e.dst == MAIN else f"{e.dst}_{c}"
            edges.append(replace(e, src=src, dst=dst))
    graph = DependenceGraph(
        name=f"{kernel_name(module)}/nest-alternate",
        ops=tuple(nodes),
        edges=tuple(edges),
        capacities={"tc": 1, "wg0": 1, "wg1": 1, "tma": machine.units["tma"]},
        target=machine.target.name,
    )
    for c in range(2):
        graph = super_node_graph(graph, {f"{MAIN}{c}": total}, {f"{MAIN}{c}": head}, ("tc", f"wg{c}"))
    producer, regs = alternate_regs(module)
    return graph, {**facts, "tiles": 2, "consumers": "alternate", "regs": [producer, regs, regs]}


def nest_graph(module: ModuleOp, trips: int) -> tuple[DependenceGraph, dict[str, object]]:
    """The outer body's graph (module docstring) and the facts its proof
    names: T, II, L and the main loop's length in cycles, P, its status."""
    machine = module_machine(module)
    loop = find_loop(module)
    inner, schedule, ops, consumers = _consumers(module)
    assert schedule.ii is not None and schedule.warps is not None
    norm = loop.attributes.get("twill.normalization")
    scale = (1, 1)
    if isinstance(norm, DictionaryAttr):
        scale = (_int(norm.data["scale_cycles"]), _int(norm.data["scale_units"]))

    def cycles(units: int) -> int:
        return ceil(units * scale[0] / scale[1])

    units = tuple(f"wg{w}" for w in consumers)
    ii, length = cycles(schedule.ii), cycles(schedule.length)
    head = min(cycles(schedule.cycles[k]) for k, w in schedule.warps.items() if w in consumers)
    total = (trips - 1) * ii + length
    grain = max(1, ceil(total / GRAIN_LIMIT))  # the model's time step, in cycles

    def steps(c: int) -> int:  # a duration in steps, rounded up
        return ceil(c / grain)

    nodes = [Op(MAIN, uniform_rrt(None, steps(total)), latency=steps(total), kind="tile.for")]
    edges: list[Edge] = []
    stores = _stores(loop)
    tmem = machine.target.has_tensor_memory
    others = tmem_columns(loop) * 128 * 4 - sum(_bytes_of(a) for a, _ in stores)  # the main loop's other tiles
    # a CTA pair (`twill.cluster`'s cta_group 2, sm_100a): each CTA holds, stages and stores half of each tile
    share = cta_group(tile.find_persistent(module))
    # one MMA issuer role (the GEMM class): a warp group of its own drains tensor memory; several consumer
    # roles (attention): the role holding the result does, before its next tile (`warp-specialize` puts the
    # ops after the loop there), so that the staging holds that warp group as its main loop does, and a
    # second copy of the accumulator would not let the next tile start any earlier: one
    own_wg = tmem and len(consumers) == 1
    buffers = acc_buffers([a for a, _ in stores], machine.tmem * share, others) if own_wg else 1
    free_at = min((acc_first_write(loop, a, schedule, ops, cycles) for a, _ in stores), default=0) if tmem else 0
    for n, (acc, store) in enumerate(stores):
        staged, put = f"stage{n}", f"store{n}"
        holder = schedule.warps[next(k for k, o in ops.items() if acc in o.results)]
        nbytes = _bytes(store) // share
        stage_cycles = ceil(nbytes / machine.rates["smem_bytes"]) + ceil(nbytes // 2 / machine.rates["alu_ops"])
        stage_cycles += sum(_raw_cycles(op) for op in _between(loop, store))  # `o / l` and the like
        if tmem:  # tcgen05.ld of the f32 (or f16) accumulator first, on the epilogue warp group
            stage_cycles += ceil(_bytes_of(acc) // share / machine.rates["tmem_load_bytes"])
            # tile t + B needs the accumulator from cycle F of its main loop on (a latency below 0 is
            # not modelled: then the staging ends before tile t + B's main loop starts, which is stricter)
            edges.append(Edge(staged, MAIN, max(0, steps(stage_cycles) - free_at // grain), buffers))
        unit = EPILOGUE if own_wg else f"wg{holder}"
        st = steps(stage_cycles)
        nodes.append(Op(staged, uniform_rrt(unit, st), latency=st, kind="tile.cast"))
        store_cycles = steps(max(1, ceil(nbytes / machine.rates["tma_bytes"])))
        nodes.append(
            Op(put, uniform_rrt("tma", store_cycles), latency=store_cycles, kind="tile.store", variable_latency=True)
        )
        edges += [Edge(MAIN, staged, steps(total), 0), Edge(staged, put, st, 0), Edge(put, staged, store_cycles, 1)]
    graph = DependenceGraph(
        name=f"{kernel_name(module)}/nest",
        ops=tuple(nodes),
        edges=tuple(edges),
        capacities={**{u: 1 for u in units}, **({EPILOGUE: 1} if own_wg else {}), "tma": machine.units["tma"]},
        target=machine.target.name,
    )
    graph = super_node_graph(graph, {MAIN: steps(total)}, {MAIN: head // grain}, units)
    facts = {
        "trips": trips,
        "ii": ii,
        "inner_length": length,
        "length": total,
        "head": head,
        "inner_status": schedule.status.value,
        "acc_buffers": buffers,
        "acc_free_at": free_at,
        "granularity": grain,
        # sm_90a: each consumer its own tile's epilogue, under the next tile's loads and the other's main loop
        "epilogue": EPILOGUE_WG if own_wg else HOLDER if tmem else CONSUMERS,
        "staged_by": "the epilogue warp group"
        if own_wg
        else "the warp group holding it (the MMA issuer's, before its next tile)",
        "pre_buffers": 1,  # the tiles loaded before the main loop (FA's Q): one buffer, reloaded per tile
    }
    return graph, facts


GRAIN_LIMIT = 4096
"""The longest main loop the nest's model takes cycle by cycle: a longer one
(attention's, T x II of a few thousand cycles) is modelled in steps of
`ceil(length / GRAIN_LIMIT)` cycles, so that the outer loop's search
(whose reservation tables are a row per step) stays fast."""

EPILOGUE = "epilogue"
"""The epilogue warp group's unit (sm_100a: staging out of tensor memory)."""


def acc_buffers(accs: list, tmem_bytes: int, others: int = 0) -> int:
    """Accumulators in tensor memory per stored value: 2 where two copies of
    every stored accumulator fit beside the main loop's `others` bytes of
    tensor memory (tile t + 1's MMAs then run while tile t is drained),
    else 1."""
    need = sum(_bytes_of(a) for a in accs)
    return 2 if 0 < 2 * need + max(0, others) <= tmem_bytes else 1


def tmem_columns(loop: tile.ForOp) -> int:
    """The tensor-memory columns the main loop's MMAs write, one copy of each
    128-row result (an MMA accumulating in place writes its accumulator's
    columns, counted once): attention's S0, S1, O0, O1 take 4 x 128 of the 512."""
    seen: set[int] = set()
    cols = 0
    for op in loop.body.block.ops:
        if not isinstance(op, tile.MmaOp):
            continue
        chain = {id(op.result)} | ({id(op.acc)} if op.acc is not None else set())
        if chain & seen:
            continue
        seen |= chain | _acc_chain_ids(loop, op)
        cols += op.result.type.get_shape()[1]  # type: ignore[attr-defined]
    return cols


def _acc_chain_ids(loop: tile.ForOp, op: tile.MmaOp) -> set[int]:
    """The ids of the values on an accumulating MMA's chain back to its loop argument."""
    out: set[int] = set()
    v = op.acc
    while v is not None and id(v) not in out:
        out.add(id(v))
        owner = v.owner
        if isinstance(owner, Operation) and owner.parent_op() is loop and len(owner.operands) == 2:
            v = owner.operands[0] if isinstance(owner.operands[0].type, tile.TileType) else None
        else:
            v = None
    return out


def acc_first_write(loop: tile.ForOp, acc: SSAValue, schedule: object, ops: dict, cycles: object) -> int:
    """F: the cycle, in iteration 0 of the main loop, of its first op writing
    the stored accumulator `acc` (the yielded value): the ops from the
    loop's argument to `acc` (the MMA accumulating, a rescale `o * alpha`
    before it) are one tile in tensor memory; the earliest of them."""
    chain: list[Operation] = []
    v: SSAValue | None = acc
    args = set(loop.body.block.args)
    while v is not None and v not in args and isinstance(v.owner, Operation) and v.owner.parent_op() is loop:
        op = v.owner
        chain.append(op)
        if isinstance(op, tile.MmaOp):
            v = op.acc
        else:
            v = next((o for o in op.operands if isinstance(o.type, tile.TileType) and o.type.rank == 2), None)
    names = {id(o): k for k, o in ops.items()}
    at = [schedule.cycles[names[id(o)]] for o in chain if id(o) in names]  # type: ignore[attr-defined]
    return cycles(min(at)) if at else 0  # type: ignore[operator]


def _stores(loop: tile.ForOp) -> list[tuple[Attribute, tile.StoreOp]]:
    """(the loop-carried accumulator's value in the loop, its store after the
    loop), as the epilogue buffer holds them (`memory_plan.epilogue_stores`)."""
    from twillc.transforms.memory_plan import epilogue_stores

    yielded = list(loop.body.block.last_op.operands) if loop.body.block.last_op else []
    return [(yielded[index], store) for index, store, _ in epilogue_stores(loop)]


def _between(loop: tile.ForOp, store: tile.StoreOp) -> list[Operation]:
    """The element-wise ops from a loop result to its store, the cast aside
    (its cycles are the staging's own): attention's `o / l`."""
    out: list[Operation] = []
    v = store.operands[0]
    while isinstance(v.owner, Operation) and v.owner is not loop:
        op = v.owner
        if not isinstance(op, tile.CastOp):
            out.append(op)
        v = next((o for o in op.operands if isinstance(o.type, tile.TileType) and o.type.rank == 2), None)
        if v is None:
            break
    return out


def _raw_cycles(op: Operation) -> int:
    """An op's cycles by annotate-costs (ops after the loop are not normalized)."""
    from twillc.dialects.twill_attrs import CostAttr

    cost = op.attributes.get("twill.cost")
    return int(cost.cycles.data) if isinstance(cost, CostAttr) else 0


def _bytes(store: tile.StoreOp) -> int:
    from twillc.transforms.annotate_costs import _bytes as value_bytes

    return value_bytes(store.operands[0])


def _bytes_of(value: object) -> int:
    from twillc.transforms.annotate_costs import _bytes as value_bytes

    return value_bytes(value)


def _int(a: Attribute) -> int:
    assert isinstance(a, IntegerAttr)
    return int(a.value.data)
