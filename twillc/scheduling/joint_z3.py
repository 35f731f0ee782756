"""One satisfiability query of Twill's joint SWP + WS problem (section 4,
Figs. 4-6) at a fixed II and length L, in Z3 (QF_LIA).

What is decided. An issue time t_v >= 0 and a warp w_v for every op, the
same for every iteration. The straight-line program Q* runs S copies of the
body (S = `stages`, default ceil(L/II)); copy i of v issues at t_v + i*II
and the program lasts T = L + (S-1)*II. A schedule is accepted when Q*
meets every constraint below at every cycle of [0, T), and the steady state
of the unbounded loop (every copy i in Z) meets them too. The two differ
only in liveness: Q* holds S copies, so a value living longer than the span
they overlap is under-counted there, while the steady state has no drain.

- uniqueness / consistency: one t_v per op, copies at fixed offsets;
- completion: t_v + i*II + cycles(v) <= T for every copy, i.e. t_v +
  cycles(v) <= L;
- dependences: t_v + distance*II >= t_u + delay;
- unit capacity: per cycle of Q*, equivalently folded modulo II (with
  completion every residue's full fold occurs in Q*);
- liveness: the value of copy (v, i) is live on [t_v + i*II, end) where end
  is the latest issue of a user copy (w, i + distance), at least one cycle
  after the issue (a variable-latency op's value, a shared-memory ring slot,
  until that user completes: the slot is released when its reader is
  done; likewise an MMA's operands but the accumulator it updates in
  place, which it reads while it runs); in Q* a value with a user copy beyond the last one
  (i + distance >= S: a loop-carried result leaving the loop) lives to T;
- memory capacity: per memory, the footprints of live values; in a ring
  memory, the slots of every value's ring (its most copies live at once in
  the steady state); register limit: per warp, the registers of the live
  values it holds;
- warp uniqueness; variable latency <=> the warp W_vl; an op only on a
  warp with the threads it needs (a tile op: a whole warp group; a TMA
  load or a tcgen05.mma: one thread); the ops of a one-warp unit
  (tcgen05.mma) all on one warp;
- cross-warp communication: a consumer on another warp than its producer
  issues a further `spill` cycles late (WarpConfig.spill); values of
  variable-latency ops are exempt (shared memory with its own barrier);
  with communication forbidden, other edges keep both ends on one warp;
- blocking: an op with a blocking incoming edge, or receiving a value from
  another warp (the paper's elided constraint), issues only when no other
  op of its warp is executing (other copies of the op itself excepted, as
  in Fig. 6); an op with a stall (a blocking tensor-memory read) excludes
  them for the whole stall.

Encoding. Integer issue times with residues r_v = t_v mod II and indicator
terms (QF_LIA), rather than the paper's booleans per (op, copy, cycle):
after cost normalization II and L are tens to hundreds of cycles, and the
boolean encoding grows with them while difference constraints do not
(on the 28-op attention graphs, II 226-440 and T up to ~1300, a query with
the warps free and times fixed takes under a second). Units, blocking and
liveness are stated on the steady state, folded modulo II. Resource sums are
step functions that peak where some interval starts, so each capacity is
stated at the start residues of the ops that use it, and a warp's registers
at the issues of the values it may hold. Q*'s own liveness differs from the
steady state's only after cycle S*II, when a value leaving the loop outlives
its last user in Q*; it is encoded at the issues of copies from then on
(units and blocking on Q* equal their folded form, so need nothing more).
The independent checker (`twillc.scheduling.checker_ws`) replays both Q* and the steady
state cycle by cycle; tests compare the two against brute force.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING

from twillc.scheduling.graph import CHANNEL_MEMORY, DependenceGraph, held_after_issue
from twillc.scheduling.joint_query import Answer, query_copies
from twillc.scheduling.reservations import segments
from twillc.scheduling.warp_config import WarpConfig

if TYPE_CHECKING:
    import z3


Z3_STEPS_PER_SECOND = 3_000_000
"""Z3 resource-limit steps per second of one core of the development machine
(measured on the joint queries: 2.6-3.3 million per CPU second)."""


def joint_schedule_at(
    graph: DependenceGraph,
    config: WarpConfig,
    ii: int,
    length: int,
    stages: int | None = None,
    time_limit: float = 60.0,
    seed: int = 0,
    fixed_cycles: dict[str, int] | None = None,
    fewest_crossings: bool = False,
    work: float | None = None,
) -> Answer:
    """Decide the joint problem at II `ii`, length `length` and `stages`
    copies in Q* (see the module docstring). `work`: seconds of Z3's
    resource limit (`rlimit`, counted in steps, `Z3_STEPS_PER_SECOND`), which
    makes the answer independent of the machine's load when it binds before
    the wall-clock `time_limit`. With `fixed_cycles` only warps
    are chosen. With `fewest_crossings`, Z3's optimizer returns an answer
    with the fewest edges carrying a value from one warp to another, then
    the fewest ops needing less than a warp group on a whole one, then the
    fewest values of a `joined` group apart from its first. Issue times
    come back as solved (not shifted to 0)."""
    import z3

    copies = query_copies(graph, config, ii, length, stages)
    if copies is None:
        return None
    z3.set_param("smt.random_seed", seed)
    z3.set_param("sat.random_seed", seed)
    enc = _Encoding(z3, graph, config, ii, length, copies, seed, fixed_cycles, fewest_crossings)
    enc.timing()
    enc.warps()
    enc.dependences()
    enc.units()
    enc.steady_liveness()
    enc.channel_rings()
    enc.tmem_columns()
    enc.straight_line_liveness()
    enc.blocking()
    if fewest_crossings:  # lexicographic: Z3 optimizes the first objective first
        enc.solver.minimize(enc.count(enc.crossings))
        enc.solver.minimize(enc.count(enc.oversized()))
        enc.solver.minimize(enc.count(enc.apart()))
    enc.solver.set("timeout", max(1, int(time_limit * 1000)))
    if work is not None:
        enc.solver.set("rlimit", max(1, int(work * Z3_STEPS_PER_SECOND)))
    verdict = enc.solver.check()
    if verdict == z3.unsat:
        return None
    if verdict != z3.sat:
        return "unknown"
    model = enc.solver.model()
    cycles = {o.id: model.eval(enc.t[o.id]).as_long() for o in graph.ops}
    warps = {o.id: model.eval(enc.w[o.id]).as_long() for o in graph.ops}
    return cycles, warps


class _Encoding:
    """The constraint families, one method each, on one Z3 solver."""

    def __init__(
        self,
        z3mod,
        graph: DependenceGraph,
        config: WarpConfig,
        ii: int,
        length: int,
        copies: int,
        seed: int,
        fixed: dict[str, int] | None = None,
        optimise: bool = False,
    ) -> None:
        self.z3 = z3mod
        self.graph, self.config, self.ii, self.length, self.copies = graph, config, ii, length, copies
        self.ops = list(graph.ops)
        self.ctx = z3mod.Context()
        self.solver = z3mod.Optimize(ctx=self.ctx) if optimise else z3mod.SolverFor("QF_LIA", ctx=self.ctx)
        self.solver.set("random_seed", seed)
        self.names = 0
        # Fixed issue times are constants, so residues and offsets between
        # them fold away and a warps-only query stays small.
        self.fixed = fixed
        self.t = {o.id: self.int("t") if fixed is None else z3mod.IntVal(fixed[o.id], self.ctx) for o in self.ops}
        self.w = {o.id: self.int("w") for o in self.ops}
        self.res: dict[tuple[str, int], z3.ArithRef] = {}
        self.offsets: dict[tuple[tuple[str, int], tuple[str, int]], z3.ArithRef] = {}
        self.blocks: dict[str, list[z3.BoolRef]] = {o.id: [] for o in self.ops}
        self.crossings: list[z3.BoolRef] = []
        """Per edge that may cross warps: whether it does."""
        self.cross_of: dict[int, z3.BoolRef] = {}
        """The same, by the edge's index."""
        self.users: dict[str, list[tuple[str, int, int]]] = {o.id: [] for o in self.ops}
        """(user, distance, cycles after its issue the value stays live)."""
        for e in graph.edges:
            self.users[e.src].append((e.dst, e.distance, held_after_issue(graph, e)))

    def fresh(self, kind: str) -> str:
        """A unique variable name (op ids may contain any character)."""
        self.names += 1
        return f"{kind}{self.names}"

    def int(self, kind: str) -> z3.ArithRef:
        return self.z3.Int(self.fresh(kind), self.ctx)

    def true(self) -> z3.BoolRef:
        return self.z3.BoolVal(True, self.ctx)

    def add(self, *constraints: z3.BoolRef) -> None:
        self.solver.add(*constraints)

    def count(self, conditions: list[z3.BoolRef]) -> z3.ArithRef:
        return self.z3.Sum([self.z3.If(c, 1, 0) for c in conditions] + [self.z3.IntVal(0, self.ctx)])

    def oversized(self) -> list[z3.BoolRef]:
        """Per op that runs on fewer threads than a warp group, whether it is
        on a whole warp group."""
        cfg = self.config
        out = []
        for o in self.ops:
            if cfg.threads_needed(o) >= cfg.group_threads:
                continue
            wide = [x for x in cfg.allowed_warps(o) if cfg.threads_of(x) >= cfg.group_threads]
            if wide:
                out.append(self.z3.Or([self.w[o.id] == x for x in wide]))
        return out

    def apart(self) -> list[z3.BoolRef]:
        """Per op of a `joined` group but its first, whether it is on
        another warp than the first (its value crosses after the loop)."""
        return [self.w[o] != self.w[group[0]] for group in self.graph.joined for o in group[1:]]

    def residue(self, v: str, shift: int = 0) -> z3.ArithRef:
        """(t_v + shift) mod II as a variable."""
        key = (v, shift)
        if key not in self.res:
            r, k = self.int("r"), self.int("k")
            self.add(self.t[v] + shift == self.ii * k + r, r >= 0, r < self.ii)
            self.res[key] = r
        return self.res[key]

    def offset(self, a: tuple[str, int], b: tuple[str, int]) -> z3.ArithRef:
        """(residue b - residue a) mod II, with one wrap flag per pair."""
        if (a, b) not in self.offsets and self.fixed is not None:
            gap = (self.fixed[b[0]] + b[1]) - (self.fixed[a[0]] + a[1])
            self.offsets[(a, b)] = self.z3.IntVal(gap % self.ii, self.ctx)
        if (a, b) not in self.offsets:
            wrap = self.z3.Bool(self.fresh("wrap"), self.ctx)
            off = self.residue(*b) - self.residue(*a) + self.z3.If(wrap, self.ii, 0)
            self.add(off >= 0, off < self.ii)
            self.offsets[(a, b)] = off
        return self.offsets[(a, b)]

    def timing(self) -> None:
        """Uniqueness, consistency and completion (t_v + cycles <= L)."""
        for o in self.ops:
            self.add(self.t[o.id] >= 0, self.t[o.id] + o.cycles <= self.length)

    def warps(self) -> None:
        """One warp per op among those it may use (variable latency <=>
        W_vl; enough threads); one-warp units on one warp; warps alike in
        budget and threads numbered in the order their first op appears
        (symmetry)."""
        z3, cfg, w = self.z3, self.config, self.w
        for o in self.ops:
            self.add(z3.Or([w[o.id] == x for x in cfg.allowed_warps(o)] + [z3.BoolVal(False, self.ctx)]))
        for unit in sorted(cfg.one_warp_units):
            users = [o.id for o in self.ops if unit in o.units()]
            self.add(*[w[v] == w[users[0]] for v in users[1:]])
        free = [x for x in range(cfg.warp_groups) if x != cfg.vl_warp]
        if not free or free != list(range(free[0], free[0] + len(free))):
            return
        if len({(cfg.limit(x), cfg.threads_of(x)) for x in free}) != 1:
            return
        seen = None
        for o in self.ops:
            if o.variable_latency:
                continue
            if seen is None:
                self.add(w[o.id] == free[0])
                seen = w[o.id]
            else:
                self.add(w[o.id] <= seen + 1)
                seen = self.z3.If(w[o.id] > seen, w[o.id], seen)

    def dependences(self) -> None:
        """Edges, cross-warp delays and which ops a crossing makes block."""
        z3, t, w = self.z3, self.t, self.w
        for k, e in enumerate(self.graph.edges):
            self.add(t[e.dst] + e.distance * self.ii >= t[e.src] + e.delay)
            if e.src == e.dst or self.graph.op(e.src).variable_latency:
                if e.blocking:
                    self.blocks[e.dst].append(self.true())
                continue
            cross = w[e.src] != w[e.dst]
            self.crossings.append(cross)
            self.cross_of[k] = cross
            if not self.config.allow_cross_warp:
                self.add(z3.Not(cross))
            else:
                spill = self.config.spill(self.graph, e.src)
                self.add(z3.Implies(cross, t[e.dst] + e.distance * self.ii >= t[e.src] + e.delay + spill))
            self.blocks[e.dst].append(self.true() if e.blocking else cross)

    def units(self) -> None:
        """Folded demand of each unit within its capacity, at every start
        residue of a run of demand."""
        z3, ii = self.z3, self.ii
        for unit, cap in sorted(self.graph.capacities.items()):
            segs = [(o.id, off, n, q) for o in self.ops for off, n, q in segments(o.rrt).get(unit, [])]
            if sum(q * ceil(n / ii) for _, _, n, q in segs) <= cap:
                continue
            if cap == 1 and all(q == 1 and n <= ii for _, _, n, q in segs):
                for i, (a, oa, na, _) in enumerate(segs):
                    for b, ob, nb, _ in segs[i + 1 :]:
                        d = self.offset((a, oa), (b, ob))  # circular intervals must not meet
                        self.add(d >= na, ii - d >= nb)
                continue
            for a, oa, _, _ in segs:
                terms = []
                for b, ob, nb, qb in segs:
                    wraps, part = divmod(nb, ii)
                    if (b, ob) == (a, oa):
                        inside = z3.BoolVal(part > 0, self.ctx)
                    else:
                        inside = self.offset((b, ob), (a, oa)) < part
                    terms.append(qb * wraps + z3.If(inside, qb, 0))
                self.add(z3.Sum(terms) <= cap)

    def _weighted(self) -> tuple[dict[str, list[str]], list[str]]:
        """Values with a footprint in each memory, and values with registers."""
        mems = {m: [o.id for o in self.ops if o.footprint.get(m, 0)] for m in sorted(self.graph.memories)}
        regs = [o.id for o in self.ops if o.regs] if self.config.reg_limits else []
        return mems, regs

    def steady_liveness(self) -> None:
        """Memories and registers in the steady state: with a lifetime of
        q*II + rem, q copies of a value are live at every residue and one
        more within rem of its issue residue."""
        z3, t, ii = self.z3, self.t, self.ii
        mems, regs = self._weighted()
        mems = {m: vs for m, vs in mems.items() if self._bound(vs, m) > self.graph.memories[m]}
        warps = [x for x in range(self.config.warp_groups) if self._bound(regs, None) > self.config.limit(x)]
        needed = sorted({v for vs in mems.values() for v in vs} | (set(regs) if warps else set()))
        full: dict[str, z3.ArithRef | int] = {}
        rest: dict[str, z3.ArithRef | int] = {}
        fixed = self.fixed
        for v in needed:
            if fixed is not None:
                end = max([fixed[v] + 1] + [fixed[dst] + d * ii + h for dst, d, h in self.users[v]])
                full[v], rest[v] = divmod(end - fixed[v], ii)
                continue
            end = self.int("end")
            ends = [t[v] + 1] + [t[dst] + d * ii + h for dst, d, h in self.users[v]]
            self.add(*[end >= x for x in ends], z3.Or([end == x for x in ends]))
            q, rem = self.int("full"), self.int("rem")
            self.add(end - t[v] == ii * q + rem, rem >= 0, rem < ii, q >= 0)
            full[v], rest[v] = q, rem

        def copies(v: str, at: str) -> z3.ArithRef | int:
            if fixed is not None:  # plain numbers: nothing to solve
                inside = rest[v] > 0 if v == at else (fixed[at] - fixed[v]) % ii < rest[v]
                return full[v] + int(inside)
            inside = rest[v] > 0 if v == at else self.offset((v, 0), (at, 0)) < rest[v]
            return full[v] + z3.If(inside, 1, 0)

        for m, vs in mems.items():
            if m in self.graph.rings:  # a slot per copy live at once, in every ring
                slots = [
                    self._size(v, m) * (full[v] + (int(rest[v] > 0) if fixed is not None else z3.If(rest[v] > 0, 1, 0)))
                    for v in vs
                ]
                self.add(z3.Sum(slots + [z3.IntVal(0, self.ctx)]) <= self.graph.memories[m])
                continue
            for at in vs:
                used = z3.Sum([self._size(v, m) * copies(v, at) for v in vs] + [z3.IntVal(0, self.ctx)])
                self.add(used <= self.graph.memories[m])
        rows = [[self._size(v, None) * copies(v, at) for v in regs] for at in regs] if warps else []
        if fixed is not None:
            rows = _undominated(rows)  # type: ignore[arg-type]
        for x in warps:
            for row in rows:
                sizes = zip(regs, row, strict=True)
                held = [z3.If(self.w[v] == x, n, 0) for v, n in sizes if not isinstance(n, int) or n > 0]
                self.add(z3.Sum(held + [z3.IntVal(0, self.ctx)]) <= self.config.limit(x))

    def channel_rings(self) -> None:
        """The rings of the values crossing warps (`Op.channel_bytes` per
        slot) beside the loaded (variable-latency) tiles' rings in
        `CHANNEL_MEMORY`, as the CUDA emitter allocates both, within its
        capacity and the graph's `channel_room`: a value's ring when some
        edge of it crosses, of a slot per copy live at once (to its readers'
        completion, `lifetimes.buffer_depths`) and one more per edge crossing
        to a later iteration (`lifetimes.channel_ring_bytes`)."""
        z3, ii, mem = self.z3, self.ii, CHANNEL_MEMORY
        if not self.config.allow_cross_warp or mem not in self.graph.rings or mem not in self.graph.memories:
            return
        edges = list(enumerate(self.graph.edges))
        chans = [o for o in self.ops if o.channel_bytes and any(e.src == o.id and k in self.cross_of for k, e in edges)]
        if not chans:
            return
        room = self.graph.memories[mem] + self.graph.channel_room
        loads = [o.id for o in self.ops if o.footprint.get(mem, 0) and o.variable_latency]
        far = max((e.distance for e in self.graph.edges), default=0)
        top = ceil((self.length + far * ii + max(o.cycles for o in self.ops)) / ii)
        most = self._bound(loads, mem) + sum(o.channel_bytes * (top + len(self.graph.edges)) for o in chans)
        if most <= room:
            return

        depth = self._depth
        terms: list = []
        for v in loads:
            terms.append(self._size(v, mem) * depth(v, self.users[v]))
        for o in chans:
            out = [(k, e) for k, e in edges if e.src == o.id]
            ends = [(e.dst, e.distance, self.graph.op(e.dst).cycles) for _, e in out]
            crosses = [self.cross_of[k] for k, _ in out if k in self.cross_of]
            later = [z3.If(self.cross_of[k], 1, 0) for k, e in out if k in self.cross_of and e.distance > 0]
            ring = depth(o.id, ends) + z3.Sum([*later, z3.IntVal(0, self.ctx)])
            terms.append(o.channel_bytes * z3.If(z3.Or(crosses), ring, 0))
        self.add(z3.Sum(terms) <= room)

    def _depth(self, v: str, uses: list[tuple[str, int, int]]) -> z3.ArithRef | int:
        """Slots for the copies of `v` live at once, each live until the
        latest of its `uses` (reader, distance, cycles after its issue)."""
        t, ii, fixed = self.t, self.ii, self.fixed
        if fixed is not None:
            end = max([fixed[v] + 1] + [fixed[dst] + k * ii + h for dst, k, h in uses])
            return max(1, -(-(end - fixed[v]) // ii))
        d = self.int("depth")
        self.add(d >= 1, *[t[dst] + k * ii + h - t[v] <= d * ii for dst, k, h in uses])
        return d

    def tmem_columns(self) -> None:
        """Tensor-memory columns within `tmem_columns`, counted as the CP-SAT
        model counts them (`joint_cpsat._Model.tmem_columns`, the rule of
        `lifetimes.tmem_columns`); skipped where even the most they could
        take fits."""
        z3, g, w = self.z3, self.graph, self.w
        if not g.tmem_columns:
            return
        edges = list(enumerate(g.edges))
        zero = z3.IntVal(0, self.ctx)

        def crosses(v: str) -> z3.BoolRef:
            out = [self.cross_of[k] for k, e in edges if e.src == v and k in self.cross_of]
            return z3.Or([*out, z3.BoolVal(False, self.ctx)])

        far = max((e.distance for e in g.edges), default=0)
        top = ceil((self.length + far * self.ii + max(o.cycles for o in self.ops)) / self.ii)
        most = g.tmem_fixed + sum(o.tmem_held for o in self.ops)
        most += sum(o.tmem_ring * (top + len(g.edges)) for o in self.ops)
        most += sum(o.tmem_scratch for o in self.ops)
        if most <= g.tmem_columns:
            return
        terms: list = [z3.IntVal(g.tmem_fixed, self.ctx)]
        for o in self.ops:
            cross = crosses(o.id)
            if o.tmem_held:
                terms.append(z3.If(cross, 0, o.tmem_held))
            if not o.tmem_ring:
                continue
            out = [(k, e) for k, e in edges if e.src == o.id]
            ends = [(e.dst, e.distance, g.op(e.dst).cycles) for _, e in out]
            later = [z3.If(self.cross_of[k], 1, 0) for k, e in out if k in self.cross_of and e.distance > 0]
            ring = self._depth(o.id, ends) + z3.Sum([*later, zero])
            own = cross
            if o.tmem_in_place:
                a = o.tmem_in_place
                readers = sorted({e.dst for _, e in out})
                ok = z3.And([z3.Or(w[r] == w[o.id], w[r] == w[a]) for r in readers] + [crosses(a)])
                own = z3.And(cross, z3.Not(ok))
            terms.append(o.tmem_ring * z3.If(own, ring, 0))
        scratch = [o for o in self.ops if o.tmem_scratch]
        for x in range(self.config.warp_groups):
            mine = [(o.tmem_scratch, z3.And(w[o.id] == x, z3.Not(crosses(o.id)))) for o in scratch]
            if not mine:
                continue
            widest = self.int("scratch")
            self.add(widest >= 0, *[z3.Implies(on, widest >= n) for n, on in mine])
            terms.append(widest)
        self.add(z3.Sum(terms) <= g.tmem_columns)

    def _bound(self, values: list[str], mem: str | None) -> int:
        """Most bytes (registers, for mem None) the values can hold at once:
        a lifetime is below L + distance*II, so at most that many IIs of
        copies overlap."""
        total = 0
        for v in values:
            longest = max([1] + [self.length - 1 + d * self.ii + h for _, d, h in self.users[v]])
            total += self._size(v, mem) * ceil(longest / self.ii)
        return total

    def _size(self, v: str, mem: str | None) -> int:
        op = self.graph.op(v)
        return op.regs if mem is None else op.footprint.get(mem, 0)

    def straight_line_liveness(self) -> None:
        """Memories and registers on Q*, at every issue of a weighted copy
        from cycle S*II on. Before it, every value leaving the loop is still
        within its true lifetime (its outside user would issue at S*II or
        later), so Q* holds a subset of the steady state's live values and
        its constraints are implied; likewise when no value leaves."""
        z3, t, ii, S = self.z3, self.t, self.ii, self.copies
        mems, regs = self._weighted()

        cache: dict[tuple[str, int, str, int], z3.BoolRef | bool] = {}
        fixed = self.fixed
        times = fixed if fixed is not None else t  # plain numbers when fixed

        def live(v: str, i: int, o: str, j: int) -> z3.BoolRef | bool:
            """Copy (v, i) live when copy (o, j) issues."""
            key = (v, i, o, j)
            if key not in cache:
                at, start = times[o] + j * ii, times[v] + i * ii
                outs = [(dst, i + d, h) for dst, d, h in self.users[v]]
                if (v, i) == (o, j):
                    cache[key] = True
                elif any(k >= S for _, k, _ in outs):
                    cache[key] = start <= at
                elif fixed is not None:
                    ends = [start + 1] + [fixed[d] + k * ii + h for d, k, h in outs]
                    cache[key] = start <= at and any(at < x for x in ends)
                else:
                    ends = [at < start + 1] + [at < t[dst] + k * ii + h for dst, k, h in outs]
                    cache[key] = z3.And(start <= at, z3.Or(ends))
            return cache[key]

        def constraint(o: str, j: int, terms: list, cap: z3.ArithRef | int) -> None:
            """Within `cap` if copy (o, j) issues at S*II or later."""
            terms = [x for x in terms if x is not False] + [z3.IntVal(0, self.ctx)]
            if fixed is None:
                self.add(z3.Implies(t[o] + j * ii >= S * ii, z3.Sum(terms) <= cap))
            elif fixed[o] + j * ii >= S * ii:
                self.add(z3.Sum(terms) <= cap)

        def weight(cond: z3.BoolRef | bool, size: int) -> z3.ArithRef | int | bool:
            """size when `cond` holds (False: never)."""
            if isinstance(cond, bool):
                return size if cond else False
            return z3.If(cond, size, 0)

        def late_values(values: list[str]) -> list[tuple[str, int]]:
            """Copies that may still be live at S*II or later."""
            out = []
            for v in values:
                for i in range(S):
                    outs = [
                        (self.length - self.graph.op(dst).cycles + (i + d) * ii + h, i + d)
                        for dst, d, h in self.users[v]
                    ]
                    reach = max([i * ii + self.length] + [e for e, _ in outs])
                    if reach > S * ii or any(k >= S for _, k in outs):
                        out.append((v, i))
            return out

        def checkpoints(values: list[str]) -> list[tuple[str, int]]:
            """Issues of copies at S*II or later, where values leaving the loop may outlive their users."""
            if not any(d >= 1 for v in values for _, d, _ in self.users[v]):
                return []
            last = {o: self.length - self.graph.op(o).cycles for o in values}  # latest issue
            return [(o, j) for o in values for j in range(S) if j * ii + last[o] >= S * ii]

        for mem, vs in mems.items():
            cap = self.graph.memories[mem]
            if mem in self.graph.rings or S * sum(self._size(v, mem) for v in vs) <= cap:
                continue
            candidates = late_values(vs)
            for o, j in checkpoints(vs):
                constraint(o, j, [weight(live(v, i, o, j), self._size(v, mem)) for v, i in candidates], cap)
        # Registers: a warp's sum peaks at the issue of a value it holds, so
        # each checkpoint bounds the warp of its own op.
        limits = [self.config.limit(x) for x in range(self.config.warp_groups)]
        if S * sum(self._size(v, None) for v in regs) <= min(limits, default=0):
            return
        candidates = late_values(regs)
        for o, j in checkpoints(regs):
            own = self.w[o]
            cap = limits[-1] if len(set(limits)) == 1 else self._warp_limit(own, limits)
            terms = []
            for v, i in candidates:
                alive = live(v, i, o, j)
                if alive is not False:
                    same = self.w[v] == own
                    terms.append(weight(same if alive is True else z3.And(same, alive), self._size(v, None)))
            constraint(o, j, terms, cap)

    def _warp_limit(self, warp: z3.ArithRef, limits: list[int]) -> z3.ArithRef:
        """The register budget of the warp numbered by `warp`, as a term."""
        term = self.z3.IntVal(limits[-1], self.ctx)
        for x in range(len(limits) - 2, -1, -1):
            term = self.z3.If(warp == x, limits[x], term)
        return term

    def blocking(self) -> None:
        """Nothing else of its warp executes when a blocking op issues, or
        during an op's stall."""
        z3, ii, w = self.z3, self.ii, self.w
        for v in [o for o in self.ops if o.stall]:
            for o in self.ops:
                if o.id == v.id:
                    continue
                if self.fixed is not None:
                    gap = (self.fixed[v.id] - self.fixed[o.id]) % ii
                    if o.cycles >= ii or v.stall >= ii or gap < o.cycles or (ii - gap) % ii < v.stall:
                        self.add(w[o.id] != w[v.id])
                    continue
                if o.cycles >= ii or v.stall >= ii:
                    self.add(w[o.id] != w[v.id])
                    continue
                apart = z3.And(
                    self.offset((o.id, 0), (v.id, 0)) >= o.cycles, self.offset((v.id, 0), (o.id, 0)) >= v.stall
                )
                self.add(z3.Implies(w[o.id] == w[v.id], apart))
        single = [
            (u, [o for o in self.ops if u in o.units()]) for u, cap in sorted(self.graph.capacities.items()) if cap == 1
        ]
        for v in [o.id for o in self.ops]:
            if not self.blocks[v]:
                continue
            must = z3.Or(self.blocks[v])
            # Redundant but strong: the rows of a one-instance unit never
            # overlap, so those of ops sharing v's warp leave v a free
            # instant only if they total less than II.
            for unit, users in single if self.fixed is None else []:  # fixed times decide it directly
                mates = [
                    (o.id, min(ii, sum(n for _, n, _ in segments(o.rrt).get(unit, [])))) for o in users if o.id != v
                ]
                if sum(n for _, n in mates) >= ii:
                    busy = z3.Sum([z3.If(w[o] == w[v], n, 0) for o, n in mates])
                    self.add(z3.Implies(must, busy <= ii - 1))
            for o in self.ops:
                if o.id == v:
                    continue
                if self.fixed is not None:
                    running = o.cycles >= ii or (self.fixed[v] - self.fixed[o.id]) % ii < o.cycles
                    if running:
                        self.add(z3.Not(z3.And(must, w[o.id] == w[v])))
                    continue
                running = self.true() if o.cycles >= ii else self.offset((o.id, 0), (v, 0)) < o.cycles
                self.add(z3.Implies(z3.And(must, w[o.id] == w[v]), z3.Not(running)))


def _undominated(rows: list[list[int]]) -> list[list[int]]:
    """The distinct rows no other row bounds from above entry by entry, in
    first-seen order: a sum over a dominated row is implied by the other's."""
    distinct = list(dict.fromkeys(map(tuple, rows)))
    return [
        list(r)
        for r in distinct
        if not any(o != r and all(a <= b for a, b in zip(r, o, strict=True)) for o in distinct)
    ]
