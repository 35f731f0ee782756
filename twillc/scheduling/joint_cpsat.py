"""The joint SWP + WS query of `joint_z3` (same problem, same answer
type) stated for CP-SAT, which decides it in seconds where Z3's difference
logic stalls on warp-dependent disjunctions (a stalling tensor-memory read
excludes every op of its warp, whichever warp that is).

Encoding. No modulo arithmetic: the body is unrolled into copies at fixed
offsets i*II of the same variables, and every capacity becomes a
cumulative (or no-overlap) over those copies' intervals. At any cycle the
copies present hold a subset of what the unbounded loop holds, and the last
II cycles of the copies unrolled hold exactly the steady state, so the
constraints are those of the steady state; Q* needs only its own liveness
on top (values leaving its last copies live to T).

- units: per unit, each reservation run of each copy; S copies reach the
  steady state because every op completes within L of its issue;
- warps: one literal per op and warp it may use; an edge's `same` is the sum
  of both ends' literals on one warp; a crossing delays the consumer by
  the spill and makes it block;
- exclusive windows: per warp a cumulative where an op executing demands 1
  and a window where nothing else may execute (a stall, or the issue of a
  blocking op) demands the rest of the capacity; an op whose own copies
  overlap (cycles > II) gets its window in a cumulative of its own, since
  its other copies are exempt (windows longer than II chained into one);
- liveness: the value of copy i lives on [t_v + i*II, end_v + i*II), end_v
  the latest user issue (at least t_v + 1; for a variable-latency op's
  value or an MMA's operand but its accumulator, that user's completion,
  `held_after_issue`); per ring memory the sum of every value's
  slots (lifetime <= slots * II), per other memory a cumulative, per
  warp a cumulative of optional intervals present when the value's producer
  is on that warp; S + the largest distance copies reach the steady state.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from math import ceil

from twillc.scheduling.graph import CHANNEL_MEMORY, DependenceGraph, Op, held_after_issue
from twillc.scheduling.joint_query import Answer, query_copies
from twillc.scheduling.modulo_model import within_capacity
from twillc.scheduling.reservations import segments
from twillc.scheduling.warp_config import WarpConfig


def joint_cpsat_at(
    graph: DependenceGraph,
    config: WarpConfig,
    ii: int,
    length: int,
    stages: int | None = None,
    time_limit: float = 60.0,
    seed: int = 0,
    work: float | None = None,
) -> Answer:
    """Decide the joint problem at II `ii`, length `length` and `stages`
    copies in Q*, as `joint_schedule_at` does. Single-threaded, so the
    answer is the same on every run that ends before `time_limit` seconds;
    `work`: CP-SAT deterministic time allowed (an answer independent of the
    machine's load when it binds before the wall-clock limit)."""
    from ortools.sat.python import cp_model

    copies = query_copies(graph, config, ii, length, stages)
    if copies is None:
        return None
    if any(all(o.regs > config.limit(w) for w in config.allowed_warps(o)) for o in graph.ops):
        return None
    model = _Model(graph, config, ii, length, copies)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, time_limit)
    if work is not None:
        solver.parameters.max_deterministic_time = max(0.01, work)
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    status = solver.solve(model.m)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "unknown"
    cycles = {o.id: solver.value(model.t[o.id]) for o in graph.ops}
    warps = {o.id: next(w for w, x in model.x[o.id].items() if solver.boolean_value(x)) for o in graph.ops}
    return cycles, warps


def warp_literals(
    m, graph: DependenceGraph, config: WarpConfig, pinned: Mapping[str, int] | None = None
) -> dict[str, dict[int, object]]:
    """Per op, a literal per warp it may use (a value larger than a warp's
    register budget never fits there); an op in `pinned` only its own warp
    (none when that one is not among them)."""
    pinned = pinned or {}
    return {
        o.id: {
            w: m.new_bool_var(f"x_{o.id}_{w}")
            for w in config.allowed_warps(o)
            if o.regs <= config.limit(w) and pinned.get(o.id, w) == w
        }
        for o in graph.ops
    }


def choose_warps(
    m, graph: DependenceGraph, config: WarpConfig, x: dict[str, dict[int, object]], pinned: bool = False
) -> None:
    """One warp per op; one-warp units on one warp; among warps alike in
    budget and threads, one is used only once the one before it is (by an
    earlier op), which removes their symmetry, unless some op's warp is
    `pinned` (the pins may contradict that order)."""
    ops = list(graph.ops)
    for o in ops:
        m.add_exactly_one(x[o.id].values())
    for unit in sorted(config.one_warp_units):
        users = [o.id for o in ops if unit in o.units()]
        for v in users[1:]:
            for w in range(config.warp_groups):
                m.add(x[v].get(w, 0) == x[users[0]].get(w, 0))
    if pinned:
        return
    classes: dict[tuple[int, int], list[int]] = {}
    for w in range(config.warp_groups):
        if w != config.vl_warp:
            classes.setdefault((config.limit(w), config.threads_of(w)), []).append(w)
    for alike in classes.values():
        for a, b in pairwise(alike):
            for k, o in enumerate(ops):
                if b in x[o.id]:
                    earlier = [x[p.id][a] for p in ops[:k] if a in x[p.id]]
                    m.add_bool_or([*earlier, x[o.id][b].Not()])


def crossing(m, graph: DependenceGraph, config: WarpConfig, x: dict, e, blocked: dict[str, object]) -> object | None:
    """For an edge whose value may cross warps: `same`, 1 when both ends
    share a warp (forced when crossing is off), else None. Records in
    `blocked` whether the consumer blocks at its issue: True, or a literal
    true whenever the value crosses."""
    if e.src == e.dst or graph.op(e.src).variable_latency:
        if e.blocking:
            blocked[e.dst] = True
        return None
    both = []
    for w in sorted(set(x[e.src]) & set(x[e.dst])):
        b = m.new_bool_var("")
        m.add_implication(b, x[e.src][w])
        m.add_implication(b, x[e.dst][w])
        m.add_bool_or([b, x[e.src][w].Not(), x[e.dst][w].Not()])
        both.append(b)
    same = sum(both)
    if not config.allow_cross_warp:
        m.add(same == 1)
        if e.blocking:
            blocked[e.dst] = True
    elif e.blocking or not both:
        blocked[e.dst] = True
    elif blocked.get(e.dst) is not True:
        flag = blocked.setdefault(e.dst, m.new_bool_var(f"blocked_{e.dst}"))
        m.add(flag + same >= 1)
    return same


def windows_of(graph: DependenceGraph, blocked: dict[str, object]) -> dict[str, int]:
    """Per op, the cycles from its issue in which nothing else of its warp
    may execute: its stall, or 1 when it may block at its issue."""
    return {o.id: max(o.stall, 1 if o.id in blocked else 0) for o in graph.ops}


def window_present(m, op: Op, on_warp: object, blocked: dict[str, object]) -> object:
    """The literal saying `op`'s window is open on a warp: `on_warp` when it
    always has one (a stall, a blocking read), else `on_warp` and its
    blocking literal."""
    flag = blocked.get(op.id, True) if op.stall == 0 else True
    if flag is True:
        return on_warp
    present = m.new_bool_var("")
    m.add_bool_and([on_warp, flag]).only_enforce_if(present)
    m.add_bool_or([present, on_warp.Not(), flag.Not()])
    return present


class _Model:
    """The constraint families, one method each, on one CP-SAT model."""

    def __init__(
        self,
        graph: DependenceGraph,
        config: WarpConfig,
        ii: int,
        length: int,
        copies: int,
        pinned: Mapping[str, int] | None = None,
    ) -> None:
        """`pinned`: ops whose warp is given (`pipeline_fit`)."""
        from ortools.sat.python import cp_model

        self.m = cp_model.CpModel()
        self.graph, self.config, self.ii, self.length, self.copies = graph, config, ii, length, copies
        self.pinned = dict(pinned or {})
        self.ops = list(graph.ops)
        self.t = {o.id: self.m.new_int_var(0, length - o.cycles, f"t_{o.id}") for o in self.ops}
        self.x = warp_literals(self.m, graph, config, self.pinned)
        self.blocked: dict[str, object] = {}
        """Per op that may block at its issue: True, or the literal saying it does."""
        self.same: dict[int, object] = {}
        """Per edge (its index) that may cross warps: 1 when both ends share a warp."""
        self.distance = max((e.distance for e in graph.edges), default=0)
        self.warps()
        self.dependences()
        self.units()
        self.exclusive()
        self.liveness()
        self.tmem_columns()

    def warps(self) -> None:
        choose_warps(self.m, self.graph, self.config, self.x, bool(self.pinned))

    def dependences(self) -> None:
        """Edges; a value crossing warps arrives `spill` cycles later and
        makes its consumer block."""
        m, t, ii, cfg = self.m, self.t, self.ii, self.config
        for k, e in enumerate(self.graph.edges):
            gap = t[e.dst] + e.distance * ii - t[e.src]
            m.add(gap >= e.delay)
            same = crossing(m, self.graph, cfg, self.x, e, self.blocked)
            if same is not None:
                self.same[k] = same
            if same is not None and cfg.allow_cross_warp:
                spill = cfg.spill(self.graph, e.src)
                if spill:
                    m.add(gap + spill * same >= e.delay + spill)

    def _interval(self, start: object, size: int, present: object = True) -> object:
        if present is True:
            return self.m.new_fixed_size_interval_var(start, size, "")
        return self.m.new_optional_fixed_size_interval_var(start, size, present, "")

    def units(self) -> None:
        """Each unit's reservation runs over the S copies within its capacity."""
        m, t, ii = self.m, self.t, self.ii
        for unit, cap in sorted(self.graph.capacities.items()):
            runs = [(o.id, off, n, q) for o in self.ops for off, n, q in segments(o.rrt).get(unit, [])]
            if sum(q * ceil(n / ii) for _, _, n, q in runs) <= cap:
                continue
            copies = [(v, off + i * ii, n, q) for v, off, n, q in runs for i in range(self.copies)]
            intervals = [self._interval(t[v] + off, n) for v, off, n, _ in copies]
            within_capacity(m, intervals, [q for *_, q in copies], cap)

    def exclusive(self) -> None:
        """Per warp, nothing else executes in an op's stall or at the issue
        of a blocking op (its own other copies excepted)."""
        m, t, ii = self.m, self.t, self.ii
        windows = windows_of(self.graph, self.blocked)
        if not any(windows.values()):
            return
        for w in range(self.config.warp_groups):
            on = [o for o in self.ops if w in self.x[o.id]]
            if not any(windows[o.id] for o in on):
                continue
            execs = [
                (o.id, self._interval(t[o.id] + i * ii, o.cycles, self.x[o.id][w]))
                for o in on
                for i in range(self.copies)
            ]
            full = len(execs)  # more than can execute at once
            shared: list[tuple[object, int]] = [(iv, 1) for _, iv in execs]
            windowed: dict[str, object] = {}
            for o in on:
                if not windows[o.id]:
                    continue
                present = windowed[o.id] = window_present(m, o, self.x[o.id][w], self.blocked)
                spans = self._window_spans(o, windows[o.id], present)
                if o.cycles <= ii:  # its copies never overlap: its own execution counts 1
                    shared += [(iv, full) for iv in spans]
                else:
                    others = [(iv, 1) for v, iv in execs if v != o.id]
                    m.add_cumulative([iv for iv, _ in others] + spans, [1] * len(others) + [full] * len(spans), full)
            m.add_cumulative([iv for iv, _ in shared], [d for _, d in shared], full + 1)
            self._window_budget(w, on, windows, windowed)

    def _window_spans(self, o: Op, window: int, present: object) -> list:
        """The windows of o's copies. An op's own copies are exempt from its
        windows, so when one outlasts the II they chain into a single span
        (as separate intervals they would exclude each other)."""
        t, ii = self.t, self.ii
        if window > ii:
            return [self._interval(t[o.id], (self.copies - 1) * ii + window, present)]
        return [self._interval(t[o.id] + i * ii, window, present) for i in range(self.copies)]

    def _window_budget(self, w: int, on: list, windows: dict[str, int], windowed: dict[str, object]) -> None:
        """Redundant but strong (a linear bound the LP sees at once): per II,
        the windows on a warp, and each one-instance unit's runs there, are
        disjoint, since a window excludes the others' executions and the
        runs exclude each other; so each op on the warp takes
        max(window, run) of the II to itself."""
        m, ii = self.m, self.ii
        single = [u for u, cap in sorted(self.graph.capacities.items()) if cap == 1]
        for unit in [None, *single]:
            terms, most = [], 0
            for o in on:
                run = 0 if unit is None else min(ii, sum(n for _, n, _ in segments(o.rrt).get(unit, [])))
                win = min(ii, windows[o.id]) if o.id in windowed else 0
                if run:
                    terms.append(run * self.x[o.id][w])
                if win > run:
                    terms.append((win - run) * windowed[o.id])
                most += max(run, win)
            if windowed and most > ii:
                m.add(sum(terms) <= ii)

    def liveness(self) -> None:
        """Memories and per-warp registers over the live values of the
        steady state and of Q*."""
        m, t, ii = self.m, self.t, self.ii
        users: dict[str, list[tuple[str, int, int]]] = {o.id: [] for o in self.ops}
        for e in self.graph.edges:
            users[e.src].append((e.dst, e.distance, held_after_issue(self.graph, e)))
        weighted = [o for o in self.ops if o.regs or any(o.footprint.values())]
        if not weighted:
            if CHANNEL_MEMORY in self.graph.rings and CHANNEL_MEMORY in self.graph.memories:
                self.channel_rings([], self.graph.memories[CHANNEL_MEMORY] + self.graph.channel_room)
            return
        reach = self.length + self.distance * ii
        end, size = {}, {}
        for o in weighted:
            end[o.id] = m.new_int_var(1, reach, f"end_{o.id}")
            m.add_max_equality(end[o.id], [t[o.id] + 1] + [t[d] + k * ii + h for d, k, h in users[o.id]])
            size[o.id] = m.new_int_var(1, reach, f"life_{o.id}")
            m.add(size[o.id] == end[o.id] - t[o.id])
        steady = self.copies + self.distance
        horizon = self.length + (self.copies - 1) * ii

        def lifetimes(present_of, weight_of) -> tuple[list, list]:
            """(interval, weight) of the unrolled copies, and of Q*'s copies
            when a value leaves Q* (else no second list)."""
            unrolled, straight, leaves = [], [], False
            for o in weighted:
                q, present = weight_of(o), present_of(o)
                if not q or present is None:
                    continue
                own = [self._life(t[o.id] + i * ii, size[o.id], end[o.id] + i * ii, present) for i in range(steady)]
                unrolled += [(iv, q) for iv in own]
                for i in range(self.copies):
                    if any(i + k >= self.copies for _, k, _ in users[o.id]):
                        start = t[o.id] + i * ii  # leaves Q*: lives to T
                        straight.append((self._life(start, horizon - start, horizon, present), q))
                        leaves = True
                    else:
                        straight.append((own[i], q))
            return unrolled, straight if leaves else []

        def bound(items: list, cap: int) -> None:
            if sum(q for _, q in items) > cap:
                m.add_cumulative([iv for iv, _ in items], [q for _, q in items], cap)

        for mem, cap in sorted(self.graph.memories.items()):
            if mem in self.graph.rings:  # a slot per copy live at once, in every ring
                slots, loaded = [], []
                for o in weighted:
                    if o.footprint.get(mem, 0):
                        depth = m.new_int_var(1, ceil(reach / ii), f"slots_{o.id}")
                        m.add(size[o.id] <= depth * ii)
                        slots.append(o.footprint[mem] * depth)
                        if o.variable_latency:
                            loaded.append(o.footprint[mem] * depth)
                m.add(sum(slots) <= cap)
                if mem == CHANNEL_MEMORY:
                    self.channel_rings(loaded, cap + self.graph.channel_room)
                continue
            for items in lifetimes(lambda o: True, lambda o, mem=mem: o.footprint.get(mem, 0)):
                bound(items, cap)
        if not self.config.reg_limits:
            return
        for w in range(self.config.warp_groups):
            for items in lifetimes(lambda o, w=w: self.x[o.id].get(w), lambda o: o.regs):
                bound(items, self.config.limit(w))

    def channel_rings(self, slots: list, room: int) -> None:
        """The rings of the values crossing warps (`Op.channel_bytes` per
        slot) beside the loaded (variable-latency) tiles' `slots`, within
        `room`, as the CUDA emitter allocates both: a value's ring
        when some edge of it crosses, of a slot per copy live at once (to its
        readers' completion, `lifetimes.buffer_depths`) and one more per edge
        crossing to a later iteration (`lifetimes.channel_ring_bytes`)."""
        m, t, ii = self.m, self.t, self.ii
        if not self.config.allow_cross_warp or not self.same:
            return
        edges = list(enumerate(self.graph.edges))
        reach = self.length + self.distance * ii + max(o.cycles for o in self.ops)
        loads = sum(o.footprint.get(CHANNEL_MEMORY, 0) for o in self.ops if o.variable_latency) * ceil(reach / ii)
        terms, most = [], 0
        for o in self.ops:
            out = [e for _, e in edges if e.src == o.id]
            crossable = [(k, e) for k, e in edges if e.src == o.id and k in self.same]
            if not o.channel_bytes or not crossable:
                continue
            top = ceil(reach / ii)
            end = m.new_int_var(1, reach, "")
            done = [t[e.dst] + e.distance * ii + self.graph.op(e.dst).cycles for e in out]
            m.add_max_equality(end, [t[o.id] + 1, *done])
            depth = m.new_int_var(1, top, "")
            m.add(end - t[o.id] <= depth * ii)
            later = [1 - self.same[k] for k, e in crossable if e.distance > 0]
            big = top + len(later)
            ring = m.new_int_var(0, big, "")
            for k, _ in crossable:  # the ring exists when this edge crosses
                m.add(ring >= depth + sum(later) - big * self.same[k])
            terms.append(o.channel_bytes * ring)
            most += o.channel_bytes * big
        if terms and loads + most > room:
            m.add(sum(slots) + sum(terms) <= room)

    def crosses(self, v: str) -> object:
        """A literal true when some edge of `v` carries its value to another
        warp (0 when none may)."""
        if not hasattr(self, "_crosses"):
            self._crosses: dict[str, object] = {}
        if v not in self._crosses:
            sames = [self.same[k] for k, e in enumerate(self.graph.edges) if e.src == v and k in self.same]
            if not sames or not self.config.allow_cross_warp:
                self._crosses[v] = 0
            else:
                c = self.m.new_bool_var(f"crosses_{v}")
                for same in sames:
                    self.m.add(c + same >= 1)
                self.m.add(c <= sum(1 - same for same in sames))
                self._crosses[v] = c
        return self._crosses[v]

    def tmem_columns(self) -> None:
        """Tensor-memory columns, given once for the whole loop
        (`lifetimes.tmem_columns`): the graph's fixed accumulators, a ring
        of `tmem_ring` columns a slot per value crossing warps (a slot per
        copy live at once, to its readers' completion, one more per edge
        crossing to a later iteration), none when written in place in the
        slots of the value it updates (`Op.tmem_in_place`: both cross, every
        reader on one of their warps), each value's `tmem_held` while it
        does not cross, and per warp the widest `tmem_scratch` of its values
        that do not cross, within `tmem_columns`."""
        m, t, ii, g = self.m, self.t, self.ii, self.graph
        cap = g.tmem_columns
        if not cap:
            return
        reach = self.length + self.distance * ii + max(o.cycles for o in self.ops)
        top = ceil(reach / ii)
        terms: list = []
        most = g.tmem_fixed
        scratch: dict[int, list[tuple[int, object, object]]] = {}
        for o in self.ops:
            cross = self.crosses(o.id)
            if o.tmem_held:
                terms.append(o.tmem_held * (1 - cross))
                most += o.tmem_held
            if o.tmem_scratch:
                for w, on in self.x[o.id].items():
                    scratch.setdefault(w, []).append((o.tmem_scratch, on, cross))
            if not o.tmem_ring or isinstance(cross, int):
                continue
            out = [e for e in g.edges if e.src == o.id]
            end = m.new_int_var(1, reach, "")
            m.add_max_equality(end, [t[o.id] + 1, *(t[e.dst] + e.distance * ii + g.op(e.dst).cycles for e in out)])
            depth = m.new_int_var(1, top, "")
            m.add(end - t[o.id] <= depth * ii)
            later = [1 - self.same[k] for k, e in enumerate(g.edges) if e.src == o.id and k in self.same and e.distance]
            big = top + len(later)
            free = self._in_place(o)
            ring = m.new_int_var(0, big, "")
            m.add(ring >= depth + sum(later) - big * (1 - cross) - big * free)
            terms.append(o.tmem_ring * ring)
            most += o.tmem_ring * big
        for _, items in sorted(scratch.items()):
            widest = m.new_int_var(0, max(n for n, _, _ in items), "")
            for n, on, cross in items:
                m.add(widest >= n * (on - cross))
            terms.append(widest)
            most += max(n for n, _, _ in items)
        if most > cap:
            m.add(g.tmem_fixed + sum(terms) <= cap)

    def _in_place(self, o: Op) -> object:
        """A literal true only when `o`'s value may be written in the slots
        of its `tmem_in_place` op's ring: both cross warps and every reader
        of `o` runs on one of their two warps (0 when it has none)."""
        a = o.tmem_in_place
        if not a or isinstance(self.crosses(o.id), int) or isinstance(self.crosses(a), int):
            return 0
        m = self.m
        free = m.new_bool_var(f"in_place_{o.id}")
        m.add_implication(free, self.crosses(o.id))
        m.add_implication(free, self.crosses(a))
        for r in sorted({e.dst for e in self.graph.edges if e.src == o.id}):
            for w, on in self.x[r].items():
                mine, theirs = self.x[o.id].get(w), self.x[a].get(w)
                m.add_bool_or([free.Not(), on.Not(), *(lit for lit in (mine, theirs) if lit is not None)])
        return free

    def _life(self, start: object, size: object, end: object, present: object) -> object:
        if present is True:
            return self.m.new_interval_var(start, size, end, "")
        return self.m.new_optional_interval_var(start, size, end, present, "")
