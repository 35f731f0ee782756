"""Independent check of a joint SWP + WS schedule.

Shares no code with the solver. The modulo part (edges, folded units,
length, stages) goes through `check_schedule`; then, from the definitions
(Twill Figs. 4-6, docs/architecture.md), with plain loops over explicit cycles:

- warp uniqueness (one warp in range per op) and variable latency <=> W_vl;
  each op on a warp with the threads it runs on (one for ops of one-thread
  units only, else a warp group); the ops of a one-warp unit on one warp;
- cross-warp edges: allowed at all, and the consumer a further spill late;
- the straight-line program Q*: S copies (S = the schedule's stage count
  unless given), copy i of v issuing at cycle(v) + i*II, over T = L + (S-1)*II
  cycles; at every cycle of [0, T): units, memories and per-warp registers
  with liveness, blocking at every blocking issue, and stalls;
- the steady state: the loop unrolled for many iterations, a window of II
  cycles deep inside it checked the same way;
- ring memories, instead of the per-cycle sums: every value's ring, a slot
  per copy live at once in the steady state, all fitting together; in
  shared memory with the rings of the values that cross warps (`channel_bytes`
  per slot, a slot more per edge to a later iteration on another warp);
- tensor-memory columns (`lifetimes.tmem_columns`): given once for the
  whole loop, the rings of the tensor-memory values that cross warps, the
  accumulators kept there and each warp's scratch accumulator, all fitting.

Liveness: copy (v, i) is live from its issue up to (not including) the
latest issue of a user copy (w, i + distance), for at least one cycle (a
variable-latency op's value, or any operand of an MMA but the accumulator
it updates in place: up to that user's completion); in
Q* a value with a user copy past the last one lives to T. A blocking op
(one with a blocking incoming edge, or receiving a value from another warp
that is not a variable-latency op's) must find no other op of its warp
executing when it issues; an op with a stall, none during its stall.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from twillc.scheduling.checker import check_schedule
from twillc.scheduling.graph import CHANNEL_MEMORY, DependenceGraph, Edge, Op, Schedule
from twillc.scheduling.lifetimes import channel_ring_bytes, tmem_columns
from twillc.scheduling.warp_config import WarpConfig


def check_joint(
    graph: DependenceGraph, schedule: Schedule, config: WarpConfig, *, stages: int | None = None
) -> list[str]:
    """Every violated constraint of `schedule` (empty: legal). `stages`:
    copies in the straight-line program (default: the schedule's stages)."""
    problems = check_schedule(graph, schedule)
    if problems or schedule.ii is None:
        return problems or ["a joint schedule needs an II"]
    if schedule.warps is None:
        return ["the schedule has no warp assignment"]
    problems = _check_warps(graph, schedule, config)
    if problems:
        return problems
    problems += _check_crossings(graph, schedule, config)
    copies = stages if stages is not None else schedule.stages
    if copies < schedule.stages:
        return [f"{copies} copies cannot hold {schedule.stages} stages"]
    problems += _replay(graph, schedule, config, copies, None)
    # Deep enough that every copy live in the window, and every user of
    # one, is among those unrolled.
    reach = schedule.stages + max((e.distance for e in graph.edges), default=0) + 2
    problems += _replay(graph, schedule, config, 3 * reach, reach)
    problems += _check_rings(graph, schedule)
    problems += _check_tmem_columns(graph, schedule)
    return list(dict.fromkeys(problems))


def _check_tmem_columns(graph: DependenceGraph, schedule: Schedule) -> list[str]:
    """Tensor memory is allocated in columns once for the whole loop
    (`lifetimes.tmem_columns`, the CUDA emitter's rule): the accumulators
    kept there, a ring per tensor-memory value crossing warps and a scratch
    accumulator per warp must fit in the machine's columns together."""
    if not graph.tmem_columns:
        return []
    parts = tmem_columns(graph, schedule)
    need = sum(parts.values())
    if need <= graph.tmem_columns:
        return []
    what = ", ".join(f"{kind} {n}" for kind, n in parts.items() if n)
    return [f"tensor memory: the schedule needs {need} columns > {graph.tmem_columns} ({what})"]


def _held(graph: DependenceGraph, e: Edge) -> int:
    """Cycles past its reader's issue that e's value stays live: a ring slot
    (a variable-latency op's value) is freed when its reader completes, and
    an MMA reads its operands until it completes, but not the accumulator it
    updates in place."""
    reader = graph.op(e.dst)
    slow = graph.op(e.src).variable_latency or reader.reads_while_running
    return reader.cycles if slow and not e.in_place else 0


def _check_rings(graph: DependenceGraph, schedule: Schedule) -> list[str]:
    """In a ring memory each value has slots for its most copies live at
    once in the steady state, and all the slots must fit; in
    `CHANNEL_MEMORY` the rings of the loaded (variable-latency) values with
    those of the values crossing warps (`lifetimes.channel_ring_bytes`), as
    the CUDA emitter allocates both, in its capacity and the graph's
    `channel_room`."""
    ii = schedule.ii or 1
    problems = []
    for mem in sorted(graph.rings & set(graph.memories)):
        total = loaded = 0
        for o in graph.ops:
            if not o.footprint.get(mem, 0):
                continue
            end = schedule.cycles[o.id] + 1
            for e in graph.edges:
                if e.src == o.id:
                    end = max(end, schedule.cycles[e.dst] + e.distance * ii + _held(graph, e))
            # copies i live at cycle c: cycle(o) + i*II <= c < end + i*II
            life = end - schedule.cycles[o.id]
            most = max(sum(1 for i in range(-life // ii - 1, 1) if i * ii <= c < life + i * ii) for c in range(ii))
            total += o.footprint[mem] * most
            loaded += o.footprint[mem] * most if o.variable_latency else 0
        if total > graph.memories[mem]:
            problems.append(f"memory {mem}: the rings' slots take {total} B > {graph.memories[mem]} B")
        elif mem == CHANNEL_MEMORY:
            chans = channel_ring_bytes(graph, schedule)
            room = graph.memories[mem] + graph.channel_room
            if chans and loaded + chans > room:
                problems.append(
                    f"memory {mem}: the rings of loaded tiles take {loaded} B and the rings of values crossing "
                    f"warps {chans} B, {loaded + chans} B > {room} B"
                )
    return problems


def _check_warps(graph: DependenceGraph, schedule: Schedule, config: WarpConfig) -> list[str]:
    problems = []
    warps = schedule.warps or {}
    for o in graph.ops:
        w = warps.get(o.id)
        if w is None or not 0 <= w < config.warp_groups:
            problems.append(f"op {o.id} has no warp in [0, {config.warp_groups})")
        elif o.variable_latency and w != config.vl_warp:
            problems.append(f"variable-latency op {o.id} is on warp {w}, not the variable-latency warp")
        elif not o.variable_latency and w == config.vl_warp:
            problems.append(f"op {o.id} (fixed latency) is on the variable-latency warp {w}")
        else:
            one_thread = bool(o.units()) and all(u in config.one_thread_units for u in o.units())
            need = 1 if one_thread else config.group_threads
            have = config.threads[w] if w < len(config.threads) else config.group_threads
            if have < need:
                problems.append(f"op {o.id} runs on {need} threads but warp {w} has {have}")
    for unit in sorted(config.one_warp_units):
        used = sorted({warps[o.id] for o in graph.ops if unit in o.units() and o.id in warps})
        if len(used) > 1:
            problems.append(f"the {unit} ops must share one warp but use warps {used}")
    return problems


def _spill(graph: DependenceGraph, config: WarpConfig, src: str) -> int:
    if config.cross_warp_delay is not None:
        return config.cross_warp_delay
    return graph.op(src).spill_cost


def _crossing(graph: DependenceGraph, schedule: Schedule, src: str, dst: str) -> bool:
    """A register value handed from one warp to another."""
    warps = schedule.warps or {}
    return src != dst and warps[src] != warps[dst] and not graph.op(src).variable_latency


def _check_crossings(graph: DependenceGraph, schedule: Schedule, config: WarpConfig) -> list[str]:
    problems = []
    ii, cyc, warps = schedule.ii or 1, schedule.cycles, schedule.warps or {}
    for e in graph.edges:
        if not _crossing(graph, schedule, e.src, e.dst):
            continue
        if not config.allow_cross_warp:
            problems.append(f"edge {e.src}->{e.dst} crosses warps {warps[e.src]}->{warps[e.dst]} but crossing is off")
        need = cyc[e.src] + e.delay + _spill(graph, config, e.src)
        if cyc[e.dst] + e.distance * ii < need:
            problems.append(
                f"edge {e.src}->{e.dst} crosses warps without its spill delay {_spill(graph, config, e.src)}: "
                f"{e.dst} at {cyc[e.dst] + e.distance * ii} < {need}"
            )
    return problems


def _blocking_ops(graph: DependenceGraph, schedule: Schedule) -> set[str]:
    out = set()
    for e in graph.edges:
        if e.blocking or _crossing(graph, schedule, e.src, e.dst):
            out.add(e.dst)
    return out


def _replay(
    graph: DependenceGraph, schedule: Schedule, config: WarpConfig, copies: int, window_at: int | None
) -> list[str]:
    """Run `copies` copies of the body cycle by cycle. window_at None: the
    straight-line program, checked over all of [0, T), values leaving the
    last copies live to T. Else the steady state: only the II cycles from
    iteration `window_at`'s start are checked."""
    ii, cyc, warps = schedule.ii or 1, schedule.cycles, schedule.warps or {}
    horizon = schedule.length + (copies - 1) * ii
    if window_at is None:
        lo, hi, where = 0, horizon, "straight-line cycle"
    else:
        lo, hi, where = window_at * ii, (window_at + 1) * ii, "steady-state cycle"
    ops: list[Op] = list(graph.ops)
    issue = {(o.id, i): cyc[o.id] + i * ii for o in ops for i in range(copies)}
    end: dict[tuple[str, int], int] = {}
    for (v, i), start in issue.items():
        last = start + 1
        for e in graph.edges:
            if e.src != v:
                continue
            if i + e.distance < copies:
                last = max(last, issue[(e.dst, i + e.distance)] + _held(graph, e))
            elif window_at is None:
                last = max(last, horizon)
        end[(v, i)] = last
    problems = []
    for o in ops:
        if cyc[o.id] + (copies - 1) * ii + o.cycles > horizon:
            problems.append(f"op {o.id}'s last copy ends after T = {horizon}")
    for e in graph.edges:
        for i in range(copies - e.distance):
            if issue[(e.dst, i + e.distance)] < issue[(e.src, i)] + e.delay:
                problems.append(f"edge {e.src}->{e.dst} violated between copies {i} and {i + e.distance}")
    blocking = _blocking_ops(graph, schedule)
    # What each cycle of [lo, hi) holds, gathered copy by copy over its span.
    units: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    memory: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    regs: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    running: dict[int, dict[int, list[tuple[str, int]]]] = defaultdict(lambda: defaultdict(list))
    for o in ops:
        for i in range(copies):
            start = issue[(o.id, i)]
            for t in range(max(lo, start), min(hi, start + o.cycles)):
                running[t][warps[o.id]].append((o.id, i))
                for unit, n in o.rrt[t - start]:
                    units[t][unit] += n
            for t in range(max(lo, start), min(hi, end[(o.id, i)])):
                for mem, size in o.footprint.items():
                    memory[t][mem] += size
                regs[t][warps[o.id]] += o.regs
    stalled = [o for o in ops if o.stall]
    for t in range(lo, hi):
        for unit, n in sorted(units[t].items()):
            if n > graph.capacities.get(unit, 0):
                problems.append(f"unit {unit} holds {n} > {graph.capacities.get(unit, 0)} at {where} {t}")
        for mem, n in sorted(memory[t].items()):
            if mem in graph.memories and mem not in graph.rings and n > graph.memories[mem]:
                problems.append(f"memory {mem} holds {n} B > {graph.memories[mem]} B at {where} {t}")
        for w, n in sorted(regs[t].items()):
            if n > config.limit(w):
                problems.append(f"warp {w} needs {n} registers > its limit {config.limit(w)} at {where} {t}")
        for v in sorted(blocking):
            for i in range(copies):
                if issue[(v, i)] != t:
                    continue
                others = sorted({o for o, _ in running[t][warps[v]] if o != v})
                if others:
                    busy = ", ".join(others)
                    problems.append(
                        f"blocking op {v} issues at {where} {t} while {busy} execute on its warp {warps[v]}"
                    )
        for o in stalled:
            for i in range(copies):
                if issue[(o.id, i)] <= t < issue[(o.id, i)] + o.stall:
                    others = sorted({v for v, _ in running[t][warps[o.id]] if v != o.id})
                    if others:
                        busy = ", ".join(others)
                        problems.append(f"{busy} execute on warp {warps[o.id]} at {where} {t}, in the stall of {o.id}")
    return problems


def check_pins(
    graph: DependenceGraph,
    schedule: Schedule,
    stage_of: Mapping[str, int],
    warp_of: Mapping[str, int],
    *,
    stages: int | None = None,
) -> list[str]:
    """Every pin `schedule` breaks (empty: all kept), for a schedule fitted
    into a given software pipeline (`pipeline_fit`): an op of `stage_of`
    issues in its stage, cycles [s * II, (s + 1) * II); an op of `warp_of`
    runs on its warp; with `stages`, every op issues in [0, stages * II)."""
    ii = schedule.ii
    if ii is None or ii < 1:
        return ["pinned stages need an II"]
    problems = []
    known = {o.id for o in graph.ops}
    for v in sorted(set(stage_of) | set(warp_of)):
        if v not in known:
            problems.append(f"pin names unknown op {v}")
    cyc, warps = schedule.cycles, schedule.warps or {}
    for o in graph.ops:
        c = cyc.get(o.id)
        if c is None:
            problems.append(f"op {o.id} is not scheduled")
            continue
        if o.id in stage_of and not stage_of[o.id] * ii <= c < (stage_of[o.id] + 1) * ii:
            problems.append(f"op {o.id} issues at {c}, in stage {c // ii}, not its pinned stage {stage_of[o.id]}")
        if stages is not None and not 0 <= c < stages * ii:
            problems.append(f"op {o.id} issues at {c}, outside the {stages} stages [0, {stages * ii})")
        if o.id in warp_of and warps.get(o.id) != warp_of[o.id]:
            problems.append(f"op {o.id} is on warp {warps.get(o.id)}, not its pinned warp {warp_of[o.id]}")
    return problems
