"""Between the IR and the solvers: the dependence graph of a costed `tile.for`
body, and the schedule written to / read from its attributes.

Edges come from SSA uses inside the body (delay = the producer's latency,
distance 0) and from carried values (the op whose result is yielded feeds
next iteration's users of the block argument: distance 1). Op ids are the
source names (`s`, `p`, `o`), made unique in program order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, i32
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.twill import CostAttr, ScheduleAttr, SearchAttr, WarpAttr
from twillc.scheduling.graph import DependenceGraph, Edge, Op, Schedule, Status, WarpRole, uniform_rrt
from twillc.target.machine import Machine
from twillc.transforms.common import located_error, op_location
from twillc.transforms.loop_handoff import carried_source


def find_loop(module: ModuleOp) -> tile.ForOp:
    loops = [op for op in module.walk() if isinstance(op, tile.ForOp)]
    if not loops:
        from xdsl.dialects.func import FuncOp

        kernel = next((op for op in module.walk() if isinstance(op, FuncOp)), module)  # located at the kernel
        raise located_error(kernel, "nothing to schedule: the kernel has no 'for' loop")
    return loops[0]


def costed_ops(loop: tile.ForOp) -> list[Operation]:
    return [op for op in loop.body.block.ops if isinstance(op.attributes.get("twill.cost"), CostAttr)]


def op_ids(ops: list[Operation]) -> dict[Operation, str]:
    ids: dict[Operation, str] = {}
    used: set[str] = set()
    for op in ops:
        hint = op.results[0].name_hint if op.results and op.results[0].name_hint else None
        base = hint or op.name.removeprefix("tile.")
        name, n = base, 0
        while name in used:
            n += 1
            name = f"{base}_{n}"
        used.add(name)
        ids[op] = name
    return ids


def cost_of(op: Operation) -> CostAttr:
    cost = op.attributes.get("twill.cost")
    if not isinstance(cost, CostAttr):
        raise located_error(op, f"'{op.name}' has no cost: run annotate-costs first")
    return cost


def _loc_text(op: Operation) -> str:
    return str(op_location(op))


def cross_warp_delay(op: Operation, loop: tile.ForOp, machine: Machine) -> int:
    """Cycles to pass `op`'s value to another warp, in the loop's (maybe
    normalized) cost units: its own `twill.cross_warp` (annotate-costs, by
    its bytes), else the loop's barrier hand-off (`cost-normalize`'s, for
    costs written by hand), else the machine's."""
    for attr in (op.attributes.get("twill.cross_warp"), loop.attributes.get("twill.cross_warp")):
        if isinstance(attr, IntegerAttr):
            return int(attr.value.data)
    return machine.latency.get("cross_warp", 0)


def _updates_in_place(op: Operation, operand: SSAValue) -> bool:
    """A column-chunked update (`twill.chunk_cols`) writes each chunk of its
    result over the chunk it read of the tensor-memory tile it updates, one
    that nothing else in the loop reads (`_in_place_operand`)."""
    return _in_place_operand(op) is operand


def _in_place_operand(op: Operation) -> SSAValue | None:
    """The operand a column-chunked update writes over: for a carried result
    (`acc = acc + part * scale`, `acc = acc * s + part`), the carried value
    it replaces or an update written over it; else its one tile operand of
    the result's type (an MMA result, or a carried one: FA4 rescales O where
    it lies). None for other ops, or when that tile is read elsewhere."""
    if "twill.chunk_cols" not in op.attributes or not op.results:
        return None
    ty, body = op.results[0].type, op.parent_block()
    same = [v for v in dict.fromkeys(op.operands) if v.type == ty]
    mine = [v for v in same if all(u.operation is op for u in v.uses)]
    carried = [
        body.args[u.index + 1] for u in op.results[0].uses if isinstance(u.operation, tile.YieldOp) and body is not None
    ]
    if not carried:
        return same[0] if len(same) == 1 and mine else None

    def over(v: SSAValue) -> bool:  # v lies in the carried value's columns
        owner = v.owner
        if v in carried:
            return True
        if not isinstance(owner, Operation) or not owner.results or owner.results[0] is not v:
            return False
        inner = _in_place_operand(owner)
        return inner is not None and over(inner)

    return next((v for v in mine if over(v)), None)


def meeting_results(loop: tile.ForOp) -> list[set[SSAValue]]:
    """The loop's results that the code after the loop combines, in groups:
    each set of results that meet in an expression after the loop (through
    the ops computed from them), transitively; a result read alone is in no
    group. In program order of their first meeting."""
    meets: dict[Operation, set[SSAValue]] = {}  # an op after the loop -> the loop results it reads, through others
    results = set(loop.results)
    for op in loop.parent_block().ops if loop.parent_block() is not None else ():  # type: ignore[union-attr]
        if op.regions:  # another loop (a mask split's other part) carries them on: no expression
            continue
        reads = {v for v in op.operands if v in results}
        for v in op.operands:
            if isinstance(v.owner, Operation) and v.owner in meets:
                reads |= meets[v.owner]
        if reads:
            meets[op] = reads
    groups: list[set[SSAValue]] = []
    for reads in meets.values():
        joined = [g for g in groups if g & reads]
        merged = set(reads).union(*joined)
        groups = [g for g in groups if not g & reads] + [merged]
    return [g for g in groups if len(g) > 1]


def _joined(loop: tile.ForOp, ids: dict[Operation, str]) -> tuple[tuple[str, ...], ...]:
    """`DependenceGraph.joined`: the ops yielding each group of loop results
    the code after the loop combines (`meeting_results`), by op id."""
    yielded = loop.body.block.last_op
    if not isinstance(yielded, tile.YieldOp):
        return ()
    producer = {r: v.owner for r, v in zip(loop.results, yielded.operands, strict=False)}
    out = []
    for group in meeting_results(loop):
        names = sorted({ids[o] for r in group if (o := producer.get(r)) in ids}, key=list(ids.values()).index)
        if len(names) > 1:
            out.append(tuple(names))
    return tuple(out)


def graph_from_loop(
    loop: tile.ForOp, machine: Machine, name: str = "kernel"
) -> tuple[DependenceGraph, dict[str, Operation]]:
    ops = costed_ops(loop)

    def aliased(op: Operation) -> SSAValue | None:
        from twillc.transforms.memory_plan import tmem_alias

        return tmem_alias(op, machine.target) if machine.accumulator_in_tmem else None

    if not ops:
        raise located_error(loop, "nothing to schedule: the loop body has no costed op (run annotate-costs)")
    ids = op_ids(ops)
    body: Block = loop.body.block
    yielded = list(body.last_op.operands) if isinstance(body.last_op, tile.YieldOp) else []

    def producer(value: SSAValue) -> tuple[Operation, int] | None:
        """The costed op defining `value` and the iteration distance: a
        carried value yielded as another carried value (`x = y`) is one
        iteration further back."""
        distance = 0
        if isinstance(value, BlockArgument) and value.block is body and value.index >= 1:
            found = carried_source(loop, value.index - 1) if value.index <= len(yielded) else None
            if found is None:  # never assigned, or a cycle of carried values: computed by no op
                return None
            value, distance = found
        owner = value.owner
        if isinstance(owner, Operation) and owner in ids:
            return owner, distance
        return None

    def producers(value: SSAValue, seen: frozenset[SSAValue] = frozenset()) -> list[tuple[Operation, int]]:
        """The costed ops `value` is computed from: its producer, or, for a
        scalar computed in the body by ops of no cost of their own (`arith`
        / `math` on a loaded scalar or a reduction's number), theirs."""
        found = producer(value)
        if found is not None:
            return [found]
        owner = value.owner
        if not isinstance(owner, Operation) or owner.parent_block() is not body or value in seen:
            return []
        return [p for o in owner.operands for p in producers(o, seen | {value})]

    graph_ops: list[Op] = []
    edges: dict[tuple[str, str, int], Edge] = {}
    tmem_fixed, demands = _tmem_demands(loop, machine)
    for op in ops:
        cost = cost_of(op)
        demand = demands.get(op)
        footprint = {m: v for m, v in (("smem", _smem_slot(op, cost)), ("tmem", cost.tmem.data)) if v}
        if "tmem" in footprint and aliased(op) is not None:
            footprint["tmem"] = 0  # in the columns of the MMA result it is computed from (FA4's P over S)
        graph_ops.append(
            Op(
                id=ids[op],
                # A stall holds no unit: the op waits, then works.
                rrt=uniform_rrt(cost.unit.data, cost.cycles.data, stall=cost.stall.data),
                latency=cost.latency.data,
                loc=_loc_text(op),
                kind=op.name,
                regs=cost.regs.data,
                footprint=footprint,
                variable_latency=bool(cost.variable_latency.data),
                spill_cost=cross_warp_delay(op, loop, machine),
                stall=cost.stall.data,
                # an MMA, and a column-chunked update (one chunk at a time)
                reads_while_running=isinstance(op, tile.MmaOp) or "twill.chunk_cols" in op.attributes,
                channel_bytes=_channel_bytes(op, cost, machine),
                tmem_ring=demand.ring if demand else 0,
                tmem_in_place=ids[demand.in_place] if demand and demand.in_place in ids else "",  # type: ignore[index]
                tmem_scratch=demand.scratch if demand else 0,
                tmem_held=demand.held if demand else 0,
            )
        )
        for operand, (src, distance) in ((o, f) for o in op.operands for f in producers(o)):
            src_cost = cost_of(src)
            blocking = bool(cost.blocking.data) and src_cost.unit.data == "tc"
            in_place = (isinstance(op, tile.MmaOp) and operand is op.acc) or _updates_in_place(op, operand)
            key = (ids[src], ids[op], distance)
            edge = Edge(ids[src], ids[op], src_cost.latency.data, distance, blocking, in_place)
            if key in edges:  # one value read twice: the longer delay, in place only if both are
                other = edges[key]
                edge = replace(max(other, edge, key=lambda e: e.delay), in_place=other.in_place and in_place)
            edges[key] = edge
        for use in op.results[0].uses if (s := aliased(op)) is not None and s.owner in ids else ():
            # an MMA reading P reads S's columns: S's slot stays taken until it completes
            key = (ids[s.owner], ids[use.operation], 0)  # type: ignore[index]
            if use.operation in ids and key not in edges:
                edges[key] = Edge(key[0], key[1], cost_of(s.owner).latency.data, 0)  # type: ignore[arg-type]
    graph = DependenceGraph(
        name=name,
        ops=tuple(graph_ops),
        edges=tuple(sorted(edges.values(), key=lambda e: (e.src, e.dst, e.distance))),
        capacities=dict(sorted(machine.units.items())),
        memories=_left_for_loop(loop, machine),
        target=machine.name,
        rings=frozenset({"smem"}),  # each loaded tile streams through its own ring
        channel_room=_channel_room(machine),
        joined=_joined(loop, ids),
        tmem_columns=machine.target.tmem_columns if demands or tmem_fixed else 0,
        tmem_fixed=tmem_fixed,
    )
    return graph, {ids[op]: op for op in ops}


def _tmem_demands(loop: tile.ForOp, machine: Machine) -> tuple[int, dict]:
    """The columns of tensor memory the CUDA emitter's allocation rule gives
    whatever the schedule, and per op the part the schedule decides
    (`memory_plan.tmem_demands`); none on a target it does not plan."""
    from twillc.transforms.memory_plan import tmem_demands

    if not (machine.target.emits_cuda and machine.target.has_tensor_memory and machine.accumulator_in_tmem):
        return 0, {}
    return tmem_demands(loop, machine.target)


def _smem_slot(op: Operation, cost: CostAttr) -> int:
    """Shared memory one copy of `op`'s value takes: a loaded tile's ring
    slot is rounded up to 1 KB as the emitter allocates it (`memory_plan`)."""
    from twillc.transforms.memory_plan import round1k

    return round1k(cost.smem.data) if isinstance(op, tile.LoadOp) and cost.smem.data else cost.smem.data


def _channel_bytes(op: Operation, cost: CostAttr, machine: Machine) -> int:
    """Bytes of one slot of the shared-memory ring `op`'s value takes when it
    crosses warps, by the emitter's allocation rule (`memory_plan`): a
    register tile's `slot_bytes`; none for a load (its own ring), a value the
    cost model keeps in tensor memory, or on sm_100a a [128, N] f32 tile,
    which may get tensor-memory columns (so the count stays a lower bound of
    what the emitter allocates); none on targets the emitter does not plan."""
    from twillc.transforms.memory_plan import slot_bytes, tmem_tile

    result = op.results[0] if op.results else None
    if result is None or not isinstance(result.type, tile.TileType) or cost.variable_latency.data:
        return 0
    target = machine.target
    if not target.emits_cuda or cost.tmem.data:
        return 0
    if target.has_tensor_memory and tmem_tile(result.type):
        return 0
    return slot_bytes(result.type, target)


def _channel_room(machine: Machine) -> int:
    """The part of the machine's shared-memory reserve beyond the barriers:
    kept for small channels, so the rings of crossing values may take it."""
    from twillc.transforms.memory_plan import BARRIERS

    return max(0, machine.smem_reserved - BARRIERS) if machine.smem else 0


def _left_for_loop(loop: tile.ForOp, machine: Machine) -> dict[str, int]:
    """Each memory's capacity less what tiles made before the loop and read
    in it hold throughout (Q in shared memory), less the shared memory the
    machine keeps for barriers and small channels, and less the staging
    buffers of wgmma operands and a persistent kernel's epilogue buffer,
    which the emitter allocates whatever the schedule
    (`memory_plan.staged_tiles`, `memory_plan.epilogue_bytes`)."""
    from twillc.transforms.memory_plan import epilogue_bytes, loop_ops, staged_tiles

    inside = {id(o) for o in loop.walk()}
    held = dict.fromkeys(machine.memories, 0)
    if "smem" in held:  # and a persistent kernel's epilogue buffer, which its stores go through
        staged = staged_tiles(loop_ops(loop), machine.target)
        held["smem"] = machine.smem_reserved + sum(t.nbytes for t in staged) + epilogue_bytes(loop)
    block = loop.parent_block()
    for op in block.ops if block is not None else ():
        if op is loop:
            break
        cost = op.attributes.get("twill.cost")
        if not isinstance(cost, CostAttr) or not any(id(u.operation) in inside for r in op.results for u in r.uses):
            continue
        for mem, size in (("smem", cost.smem.data), ("tmem", cost.tmem.data)):
            if mem in held:
                held[mem] += size
    return {m: max(0, cap - held[m]) for m, cap in machine.memories.items()}


def kernel_name(module: ModuleOp) -> str:
    from xdsl.dialects.func import FuncOp

    for op in module.walk():
        if isinstance(op, FuncOp):
            return op.sym_name.data
    return "kernel"


def write_schedule(loop: tile.ForOp, ops: Mapping[str, Operation], schedule: Schedule) -> None:
    assert schedule.ii is not None
    ii = schedule.ii
    for op_id, op in ops.items():
        cycle = schedule.cycles[op_id]
        op.attributes["twill.cycle"] = IntegerAttr(cycle, i32)
        op.attributes["twill.stage"] = IntegerAttr(cycle // ii, i32)
        # Triton's names, so Triton users read the schedule as they know it:
        # stage, and the cluster = issue order within the steady state.
        op.attributes["loop.stage"] = IntegerAttr(cycle // ii, i32)
        op.attributes["loop.cluster"] = IntegerAttr(cycle % ii, i32)
        if schedule.warps is not None:
            op.attributes["twill.warp"] = IntegerAttr(schedule.warps[op_id], i32)
        else:
            op.attributes.pop("twill.warp", None)
    loop.attributes["twill.schedule"] = ScheduleAttr(
        ii, schedule.length, schedule.stages, schedule.lower_bound, schedule.status.value
    )
    if schedule.roles:
        loop.attributes["twill.warps"] = ArrayAttr([WarpAttr(r.id, r.role, r.regs) for r in schedule.roles])
    else:
        loop.attributes.pop("twill.warps", None)
    loop.attributes["twill.search"] = SearchAttr(schedule.solver, schedule.complete, schedule.note)


def read_schedule(loop: tile.ForOp, ops: Mapping[str, Operation]) -> Schedule | None:
    attr = loop.attributes.get("twill.schedule")
    if not isinstance(attr, ScheduleAttr):
        return None
    cycles: dict[str, int] = {}
    warps: dict[str, int] = {}
    for op_id, op in ops.items():
        c = op.attributes.get("twill.cycle")
        if not isinstance(c, IntegerAttr):
            raise located_error(op, f"op '{op_id}' of a scheduled loop has no twill.cycle")
        cycles[op_id] = int(c.value.data)
        w = op.attributes.get("twill.warp")
        if isinstance(w, IntegerAttr):
            warps[op_id] = int(w.value.data)
    roles_attr = loop.attributes.get("twill.warps")
    roles = tuple(
        WarpRole(int(r.id.data), r.role.data, int(r.regs.data))
        for r in (roles_attr.data if isinstance(roles_attr, ArrayAttr) else ())
        if isinstance(r, WarpAttr)
    )
    search = loop.attributes.get("twill.search")
    note = search.summary() if isinstance(search, SearchAttr) else ""
    return Schedule(
        ii=attr.ii.data,
        cycles=cycles,
        length=attr.length.data,
        status=Status(attr.status.data),
        lower_bound=attr.lower_bound.data,
        complete=isinstance(search, SearchAttr) and bool(search.complete.data),
        warps=warps if len(warps) == len(ops) else None,
        roles=roles,
        solver=search.solver.data if isinstance(search, SearchAttr) else "",
        note=note,
    )
