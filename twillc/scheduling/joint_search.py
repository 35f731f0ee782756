"""Twill's joint software pipelining + warp specialization: Algorithm 1's
search over II and length around the Z3 query of `joint_z3`.

Algorithm 1 (Twill section 5) raises II from the modulo schedule's optimum
and, at each II, tries lengths with the stage count S of the shortest
modulo schedule. Here, beyond the paper, `extra_stages` more stage counts
are tried before an II is declared infeasible. A query at length S*II with
S copies decides a stage count exactly (lengths are monotone within one),
and a binary search then finds the shortest length.

The search is anytime: first the modulo schedule's own issue times with
only the warps free (a quick query) at growing IIs, then bisected, give a
schedule; the shortest modulo schedule's times first (the caller's, then
the search's own at that II where they differ), then, when values may
cross warps, those of one whose every crossable edge carries the spill delay
(any warp assignment then meets the cross-warp delays), then one padded by
the barrier hand-off alone when a large tile's crossing costs more. Then full queries
run II upward from the proven lower bound to that II, to find a smaller one
or refute every II below it.

Who decides. Queries at fixed issue times (the seeds, and the warps of
the schedule returned) go to Z3 (`joint_z3`); queries with times and
warps both free go to the engine, CP-SAT (`joint_cpsat`, the default) or
Z3: the same problem, decided faster by CP-SAT's cumulative reasoning
(`bench/joint_engines.py`), and checked against each other and brute
force in the tests.

Which warps. A satisfying assignment is one of many; at the issue times of
the schedule returned, Z3's optimizer picks the one with the fewest edges
carrying a value across warps (each a shared-memory or tensor-memory ring
and a barrier round trip), then the fewest one-thread ops (TMA, tcgen05.mma)
on whole warp groups.

Always an answer. Before any query, what no II can fix is refuted at once
(`_structurally_infeasible`): among others, loop-carried accumulators keep
their registers live at every cycle on their warps (`always_live`), and a
value that fits no warp beside them, wherever they go, rules out every
schedule. When the modulo schedule's own times do not admit warps at
once, `joint_heuristic` builds a first schedule (checked by
`checker_ws`, in well under 2 s on loops of up to ~40 ops) before any
other query; the seeds are then scanned only below its II, full queries
bisect between the proven bound and the best II (schedule first: a smaller
II soon), and the upward scan from the bound proves what it can. On the
time limit the best schedule so far comes back (`solver=heuristic` when
nothing beat the heuristic's; its warps those with the fewest crossings at
its times, if time is left), with its bound and the IIs left open; when
the caller refuses it (`refuse`: the emitted kernel's shared memory, which
the model does not count), the least II among the other schedules found
that the caller takes. `on_first` tells the caller when the first legal
schedule is known (`--timing` prints it). Every
call is cut at the search's deadline, so the search ends within its limit
(plus the last call's cleanup and, on a loaded machine, the heuristic's
own time).

Reproducible. Every query is limited by work, not wall time: CP-SAT's
deterministic time, Z3's resource limit (`rlimit`), both constants
(`QUERY_WORK`, independent of the time limit and of the time left), with
room on the wall clock (`WALL_SLACK`); the heuristic counts probes and
search nodes. CP-SAT runs single-threaded with a fixed seed. So a search
that ends before its time limit gives the same schedule on an idle or a
loaded machine, and with any larger limit. What stays load-dependent: a
search cut by its time limit (how far it got), and a call whose wall
allowance runs out before its work limit (a machine over `WALL_SLACK`
times slower than its work limit assumes).

What the result claims. `status` is OPTIMAL when every II below the one
returned has no modulo schedule at all (proven by CP-SAT) or is refuted at
every length by `joint_relaxation` (tried first at each II, unless
`relaxation` is off), so no stage count could help; `lower_bound` is the
largest II so proven. `complete` is
True when every II below the one returned was refuted for every stage
count up to the bound tried (see `note`); stage counts past that bound are
never covered, so a smaller II with more stages stays possible unless the
status is OPTIMAL.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace

from twillc.scheduling.graph import DependenceGraph, Schedule, Status
from twillc.scheduling.joint_heuristic import first_joint_schedule, pad_crossings
from twillc.scheduling.joint_query import Answer
from twillc.scheduling.joint_roles import canonical_warps, warp_roles
from twillc.scheduling.joint_z3 import joint_schedule_at
from twillc.scheduling.memory_bound import area_lower_bound
from twillc.scheduling.progress import Progress, SolverLimit
from twillc.scheduling.warp_config import WarpConfig

__all__ = [
    "Outclassed",
    "SolverLimit",
    "WarpConfig",
    "canonical_warps",
    "joint_schedule",
    "joint_schedule_at",
    "warp_roles",
]

QUERY_WORK = 15.0
"""Work per query (CP-SAT deterministic seconds, Z3 steps / `Z3_STEPS_PER_SECOND`):
what the 120 s default of the past gave each query as wall time."""
WALL_SLACK = 4.0
"""Wall-clock seconds a query may take per second of work it is given."""
OUTCLASS_WORK = 1.0
"""CP-SAT work per II for `beat`'s refutations (the relaxation refutes the
IIs below a kernel's reach in well under it)."""
ENGINES = ("cp-sat", "z3")
"""What decides a full query (issue times and warps both free)."""
Found = tuple[dict[str, int], dict[str, int]]
"""Issue cycles and warps of a satisfying assignment."""


class Outclassed(Exception):
    """Every II from `lower` to `beat` is refuted at every length: the loop
    cannot match the schedule the caller has (`joint_schedule`'s `beat`)."""

    def __init__(self, lower: int, beat: int) -> None:
        super().__init__(f"II={lower}..{beat} refuted at every length" if lower <= beat else f"bound {lower}")
        self.lower, self.beat = lower, beat


def _structurally_infeasible(graph: DependenceGraph, config: WarpConfig) -> str:
    """Reasons no II can help: an op that fits no warp it may use."""
    if not 0 <= config.vl_warp < config.warp_groups:
        return f"the variable-latency warp {config.vl_warp} is not among the {config.warp_groups} warps"
    if config.warp_groups < 2 and any(not o.variable_latency for o in graph.ops):
        return "fixed-latency ops cannot go on the variable-latency warp, and there is no other"
    for o in graph.ops:
        allowed = config.allowed_warps(o)
        if not allowed:
            return (
                f"op {o.id} runs on {config.threads_needed(o)} threads and no warp it may use has that many "
                f"(threads per warp: {', '.join(str(config.threads_of(w)) for w in range(config.warp_groups))})"
            )
        if config.reg_limits and all(o.regs > config.limit(w) for w in allowed):
            best = max(config.limit(w) for w in allowed)
            # (joint-schedule reports a kernel's such value at its expression, with what
            # twillc can do about it, before calling the search: this is a graph input's.)
            held = f", its budget less the {config.reg_base} left to ptxas" if config.reg_base else ""
            return (
                f"op {o.id} keeps {o.regs} registers per thread live, more than any warp it may use "
                f"allows ({best}{held})"
            )
        for mem, size in sorted(o.footprint.items()):
            if size > graph.memories.get(mem, size):
                return f"op {o.id} needs {size} B of {mem}, more than its capacity {graph.memories[mem]} B"
    for unit in sorted(config.one_warp_units):
        users = [o for o in graph.ops if unit in o.units()]
        common = set(range(config.warp_groups))
        for o in users:
            common &= set(config.allowed_warps(o))
        if users and not common:
            return f"the {unit} ops must share one warp, and no warp may run all of them"
    return _pinned_registers(graph, config)


PINNED_NODES = 20000
"""Assignments of the always-live values tried before `_pinned_registers` gives up (no claim)."""


def always_live(graph: DependenceGraph) -> list[str]:
    """The values live at every cycle whatever the schedule: read by an op
    `d` >= 1 iterations later that issues, within an iteration, no earlier
    than the value's producer (itself, or after it along edges of distance
    0), so the value lives at least d * II cycles (a loop-carried
    accumulator). Each keeps its registers on its warp throughout."""
    after: dict[str, set[str]] = {o.id: {o.id} for o in graph.ops}
    succ: dict[str, list[str]] = {o.id: [] for o in graph.ops}
    for e in graph.edges:
        if e.distance == 0:
            succ[e.src].append(e.dst)
    for v in after:
        stack = [v]
        while stack:
            for w in succ[stack.pop()]:
                if w not in after[v]:
                    after[v].add(w)
                    stack.append(w)
    return sorted({e.src for e in graph.edges if e.distance >= 1 and e.dst in after[e.src]})


def _pinned_registers(graph: DependenceGraph, config: WarpConfig) -> str:
    """Why no warp assignment fits the registers whatever the II: the
    always-live values (`always_live`) hold their registers on their warps
    at every cycle, and every other value is live for at least a cycle
    beside them, so it needs a warp whose budget has room for it on top of
    the always-live values there. "" when some placement of the always-live
    values leaves every op a warp, or when too many placements to try."""
    if not config.reg_limits:
        return ""
    pinned = [graph.op(v) for v in always_live(graph) if graph.op(v).regs]
    if not pinned:
        return ""
    pinned.sort(key=lambda o: -o.regs)
    ids = {o.id for o in pinned}
    others = sorted((o for o in graph.ops if o.regs and o.id not in ids), key=lambda o: -o.regs)
    load = [0] * config.warp_groups
    nodes = [PINNED_NODES]
    stuck: set[str] = set()

    def place(k: int) -> bool:
        """Whether the always-live values from the k-th on can be placed so
        that every other op fits somewhere."""
        nodes[0] -= 1
        if nodes[0] < 0:
            return True  # gave up: no claim
        if k == len(pinned):
            for o in others:
                if all(o.regs + load[w] > config.limit(w) for w in config.allowed_warps(o)):
                    stuck.add(o.id)
                    return False
            return True
        o = pinned[k]
        for w in config.allowed_warps(o):
            if load[w] + o.regs <= config.limit(w):
                load[w] += o.regs
                ok = place(k + 1)
                load[w] -= o.regs
                if ok:
                    return True
        return False

    if place(0):
        return ""
    names = ", ".join(f"{o.id} ({o.regs})" for o in pinned)
    budgets = ", ".join(str(config.limit(w)) for w in range(config.warp_groups))
    if config.reg_base:
        budgets += f", each budget less the {config.reg_base} left to ptxas"
    what = ", ".join(f"{v} ({graph.op(v).regs})" for v in sorted(stuck))
    what = f"{what} then fits no warp beside them" if stuck else "they do not fit together"
    return (
        f"the values of {names} stay live through every iteration (registers per thread), each on its warp; "
        f"wherever they go, {what} (registers per warp group: {budgets}): sub-tile the loop or raise the budgets"
    )


def _sequential_ii(graph: DependenceGraph) -> int:
    """An II past which the search stops: every op and every delay back to back."""
    out_delay = {o.id: o.latency for o in graph.ops}
    for e in graph.edges:
        out_delay[e.src] = max(out_delay[e.src], e.delay)
    return sum(max(o.cycles, out_delay[o.id] + o.spill_cost) for o in graph.ops) + 1


class _Search:
    """State of one run of Algorithm 1 (see the module docstring)."""

    def __init__(
        self,
        graph: DependenceGraph,
        config: WarpConfig,
        time_limit: float,
        seed: int,
        progress: Progress | None,
        engine: str = "cp-sat",
        relaxation: bool = True,
        on_first: Callable[[int, str], None] | None = None,
    ) -> None:
        self.graph, self.config, self.seed, self.progress = graph, config, seed, progress
        self.engine, self.relaxation = engine, relaxation
        self.on_first = on_first
        """Told once, at once, the II and finder of the first legal schedule."""
        self.first_told = False
        self.found: dict[int, tuple[Found, str]] = {}
        """Every schedule found, by II, with what found it (the first at
        each II): what `accept` may fall back on."""
        self.start, self.time_limit = time.monotonic(), time_limit
        self.query_limit = QUERY_WORK
        """Work (solver-deterministic seconds) per query: a constant, never
        the time left, so that an answer depends neither on the machine's
        load nor on the time limit (see `wall`)."""
        self.bases: dict[int, tuple[str, Schedule | None]] = {}
        self.seeds: dict[int, Schedule] = {}
        """Modulo schedules known without a proof of minimal length."""
        self.answers: dict[tuple[int, int], tuple[Answer, str]] = {}
        self.unshortened: dict[int, tuple[int, int, Found]] = {}
        """IIs whose full-query schedule is not yet at its shortest length:
        its stage count and the least length it may have (see `finish`)."""
        self.lower = 1
        self.reserve = 0.0
        """Wall-clock seconds a query leaves to what follows it (`at_bound`)."""
        self.beat: int | None = None
        """The largest II that could serve the caller (`joint_schedule`'s `beat`)."""
        self.by_area: list[tuple[int, str]] | None = None
        """The IIs the memories' area refutes above the modulo bound, with the
        memory (`area_bound`), once known."""

    def left(self) -> float:
        return self.time_limit - (time.monotonic() - self.start)

    def keep(self, ii: int, found: Found, by: str) -> None:
        """Remember a schedule found at `ii` (the first one at each II)."""
        self.found.setdefault(ii, (found, by))

    def tell_first(self, ii: int, by: str) -> None:
        """The first legal schedule is known: tell `on_first`, once."""
        if self.on_first is not None and not self.first_told:
            self.first_told = True
            self.on_first(ii, by)

    def budget(self, cap: float) -> float:
        """Wall-clock seconds for a call limited by wall time alone."""
        return min(max(self.left(), 0.05), cap)

    def wall(self, work: float) -> float:
        """Wall-clock seconds for a query given `work` seconds of solver work
        (CP-SAT deterministic time, Z3 steps): room for a loaded machine, so
        that the work limit binds first and the answer is reproducible, cut
        at the search's deadline."""
        return min(max(self.left() - self.reserve, 0.05), work * WALL_SLACK)

    def base(self, ii: int) -> tuple[str, Schedule | None]:
        """The shortest modulo schedule at `ii` and how sure that is:
        'optimal' (length proven), 'feasible', 'infeasible' (proven) or
        'unknown'."""
        if ii not in self.bases:
            self.bases[ii] = self.shortest_modulo(self.graph, ii)
        return self.bases[ii]

    def shortest_modulo(self, graph: DependenceGraph, ii: int) -> tuple[str, Schedule | None]:
        from twillc.scheduling.graph import schedule_length
        from twillc.scheduling.modulo_cpsat import solve_at

        work = self.query_limit / 2
        res = solve_at(graph, ii, self.wall(work), self.seed, minimise_length=True, work=work)
        if res.cycles is None:
            return res.status, None
        cyc = {o.id: res.cycles[o.id] for o in graph.ops}
        return res.status, Schedule(ii, cyc, schedule_length(graph, cyc), Status.FEASIBLE, ii, solver="cp-sat")

    def query(
        self,
        ii: int,
        length: int,
        stages: int,
        cap: float,
        fixed: dict[str, int] | None = None,
        fewest_crossings: bool = False,
    ) -> Answer:
        if fixed is None and self.engine == "cp-sat":
            from twillc.scheduling.joint_cpsat import joint_cpsat_at

            res = joint_cpsat_at(self.graph, self.config, ii, length, stages, self.wall(cap), self.seed, cap)
        else:
            res = joint_schedule_at(
                self.graph, self.config, ii, length, stages, self.wall(cap), self.seed, fixed, fewest_crossings, cap
            )
        if self.progress:
            verdict = "sat" if isinstance(res, tuple) else "unsat" if res is None else "unknown"
            self.progress(
                {
                    "ii": ii,
                    "length": length,
                    "stages": stages,
                    "fixed_times": fixed is not None,
                    "bound": self.lower,
                    "elapsed": time.monotonic() - self.start,
                    "result": verdict,
                }
            )
        return res

    def padded(self, ii: int, barrier_only: bool = False) -> tuple[DependenceGraph, Schedule | None]:
        """The graph with every edge that may cross warps lengthened by its
        spill delay, so that any warp assignment meets the cross-warp delays
        (`barrier_only`: by at most the barrier hand-off, so that assignments
        crossing only small values meet them), and its shortest modulo
        schedule at `ii`."""
        padded = pad_crossings(self.graph, self.config, barrier_only)
        return padded, self.shortest_modulo(padded, ii)[1]

    def short_lived(self, graph: DependenceGraph, first: Schedule | None) -> Schedule | None:
        """Among the schedules as short as `first`, one with short lifetimes:
        fewer registers and buffers live at once leave more warp assignments."""
        from twillc.scheduling.modulo_cpsat import solve_at

        if first is None or first.ii is None:
            return None
        budget = self.budget(self.query_limit / 2)
        res = solve_at(graph, first.ii, budget, self.seed, False, hint=dict(first.cycles), fixed_length=first.length)
        if res.cycles is None or max(res.cycles[o.id] + o.cycles for o in graph.ops) != first.length:
            return None
        return replace(first, cycles={o.id: res.cycles[o.id] for o in graph.ops})

    def seed_schedules(self, ii: int) -> Iterator[Schedule | None]:
        """Modulo schedules whose issue times may admit warps, made lazily:
        the shortest; when values may cross warps, a padded one with short
        lifetimes (fewer values live at once leave more warp assignments),
        then the padded one it came from; then the same padded by the barrier
        hand-off alone, when some crossing costs more (a large register
        tile's bytes stretch the first padding past the IIs that matter).
        When the caller's modulo schedule seeds `ii`, the search's own
        shortest one at `ii` follows it where its times differ: the two are
        solved with different objectives, and one may admit warps where the
        other does not (a quick query that spares the padded seeds and the
        full query at the bound)."""
        given = self.seeds.get(ii)
        yield given or self.base(ii)[1]
        if given is not None:
            own = self.base(ii)[1]
            if own is not None and dict(own.cycles) != dict(given.cycles):
                yield own
        if self.config.allow_cross_warp:
            graph, first = self.padded(ii)
            yield self.short_lived(graph, first)
            yield first
            barrier, cheap = self.padded(ii, barrier_only=True)
            if barrier.edges != graph.edges:
                yield self.short_lived(barrier, cheap)
                yield cheap

    def with_modulo_times(self, ii: int, seeds: slice = slice(None)) -> Answer:
        """Warps only, on the issue times of the first seed schedule that
        admits them, those with the fewest crossings (Z3's optimizer costs
        about what a plain query does here, and spares a second query).
        `seeds`: which of `seed_schedules` to try (all by default)."""
        from itertools import islice

        found: Answer = None
        for b in islice(self.seed_schedules(ii), seeds.start, seeds.stop):
            if self.left() <= 0:
                break
            if b is not None:
                found = self.query(ii, b.length, b.stages, self.query_limit, dict(b.cycles), fewest_crossings=True)
                if isinstance(found, tuple):
                    break
        return found

    def first(
        self, start: int, max_ii: int, extra_stages: int, heuristic: Callable[[], tuple[int, Found] | None]
    ) -> tuple[tuple[int, Found], str] | None:
        """A first schedule and what found it: the modulo schedule's times
        (when they admit warps, the answer, found in well under a second;
        after the first seed, the refutations against `beat`); else, at the
        modulo bound, the full query at the fewest stages (`at_bound`: met,
        the answer); else `heuristic`'s schedule (`joint_heuristic`) reported at once,
        then modulo times scanned upward with growing steps up to its II,
        then bisected; else, when no seed admits warps, full queries the
        same way from `max_ii` down (a register budget can rule out every
        seed's issue times while other times fit), each II's queries ahead
        of its relaxation."""
        # The shortest modulo schedule's times; then, below a rival's reach,
        # the refutations; then the other seeds (short lifetimes: fewer
        # registers); then the bound by full queries.
        found = self.with_modulo_times(start, slice(0, 1))
        if not isinstance(found, tuple) and self.beat is not None:
            self.outclass(self.beat, extra_stages)
        if not isinstance(found, tuple):
            found = self.with_modulo_times(start, slice(1, None))
        if isinstance(found, tuple):
            self.keep(start, found, "z3")
            self.tell_first(start, "z3")
            return (start, found), "z3"
        if start == self.lower and self.left() > 0:
            at_bound = self.at_bound(start, extra_stages)
            if at_bound is not None:
                self.keep(start, at_bound, self.engine)
                self.tell_first(start, self.engine)
                return (start, self.fewest_crossings(start, at_bound)), self.engine
        known = heuristic()
        if known is not None:
            self.keep(*known, "heuristic")
            self.tell_first(known[0], "heuristic")
            if self.progress:
                now = time.monotonic() - self.start
                self.progress({"ii": known[0], "heuristic": True, "bound": self.lower, "elapsed": now})
        # The seeds scan from the memories' area bound: no II it refutes
        # admits warps at any issue times (`memory_bound`).
        scan = self.area_bound(known[0]) if known is not None else start
        seeded = self.first_on_seeds(scan, max_ii if known is None else min(max_ii, known[0]), tried=scan == start)
        if seeded is not None:
            self.tell_first(seeded[0], "z3")
            return seeded, "z3"
        if known is not None:
            return known, "heuristic"
        if self.left() <= 0:
            return None
        # Without an answer here there is none: this query gets four
        # queries' work.
        res, _ = self.at(max_ii, extra_stages, refute_first=False, cap=4 * self.query_limit)
        if not isinstance(res, tuple):
            return None
        self.keep(max_ii, res, self.engine)
        self.tell_first(max_ii, self.engine)
        best = self.bisect(
            (max_ii, res), start - 1, lambda ii: self.at(ii, extra_stages, refute_first=False)[0], self.engine
        )
        return (best[0], self.fewest_crossings(*best)), self.engine

    def area_bound(self, top: int) -> int:
        """The least II from the proven bound below `top` that the memories'
        area (`memory_bound`) does not refute, `top` when it refutes all;
        the bound raised to it, the refutations remembered (solved once)."""
        if self.by_area is None:
            self.lower, self.by_area = area_lower_bound(self.graph, self.lower, top)
        return self.lower

    def outclass(self, beat: int, extra_stages: int) -> None:
        """Raise Outclassed when every II from the bound up to `beat` is
        refuted at every length: no modulo schedule, or the relaxation with
        `OUTCLASS_WORK` (cheap where it refutes; a II it does not refute ends
        the attempt). The refutations are remembered for the search."""
        for ii in range(self.lower, beat + 1):
            if self.left() <= 0:
                return
            status, _ = self.base(ii)
            if status == "infeasible":
                self.answers[(ii, extra_stages)] = (None, "modulo")
            elif self.relaxation and self.refuted_at_every_length(ii, OUTCLASS_WORK):
                self.answers[(ii, extra_stages)] = (None, "every")
            else:
                return
        raise Outclassed(self.lower, beat)

    def at_bound(self, ii: int, extra_stages: int) -> Found | None:
        """A schedule at the proven lower bound `ii` by the full query `at`
        asks first (the fewest stages a schedule may have), given a fifth of
        a query's work, or None: a bound met needs no heuristic, seed scan,
        bisection or proof after it (the examples' kernels at the tensor
        core's bound). Only a schedule is remembered: a refutation of one
        stage count proves less than `at`'s."""
        status, b = self.base(ii)
        if status == "infeasible" or b is None:
            return None
        stages = b.stages if status == "optimal" else 1
        self.reserve = self.left() / 2  # the heuristic's, on a short time limit
        try:
            res = self.query(ii, stages * ii, stages, self.query_limit / 5)
        finally:
            self.reserve = 0.0
        if not isinstance(res, tuple):
            return None
        self.unshortened[ii] = (stages, max(b.length, (stages - 1) * ii + 1), res)
        self.answers[(ii, extra_stages)] = (res, "")
        return res

    def first_on_seeds(self, start: int, max_ii: int, tried: bool = False) -> tuple[int, Found] | None:
        """A schedule on a seed's issue times: scanned upward with growing
        steps, then bisected. `tried`: `start` is known to fail."""
        found = None if tried else self.with_modulo_times(start)
        if isinstance(found, tuple):
            self.keep(start, found, "z3")
            return start, found
        fail, step, probe = start, 1, start + 1
        best: tuple[int, Found] | None = None
        while probe <= max_ii and self.left() > 0:
            found = self.with_modulo_times(probe)
            if isinstance(found, tuple):
                best = (probe, found)
                self.keep(probe, found, "z3")
                self.tell_first(probe, "z3")
                break
            fail, probe, step = probe, probe + step, step * 2
        return None if best is None else self.bisect(best, fail, self.with_modulo_times, "z3")

    def improve(self, best: tuple[int, Found], lower: int, extra_stages: int) -> tuple[tuple[int, Found], bool]:
        """Anytime: full queries bisecting between the proven lower bound and
        the best II so far, schedule-first (a smaller II soon, the proofs
        after); whether a full query improved on `best`."""
        found = self.bisect(best, lower - 1, lambda ii: self.at(ii, extra_stages, refute_first=False)[0], self.engine)
        if found[0] == best[0]:
            return best, False
        return (found[0], self.fewest_crossings(*found)), True

    def bisect(self, best: tuple[int, Found], fail: int, probe: Callable[[int], Answer], by: str) -> tuple[int, Found]:
        """The least II above `fail` where `probe` finds a schedule, by
        bisection down from `best` (what is found when time runs out);
        `by`: what `probe` asks."""
        while best[0] - fail > 1 and self.left() > 0:
            mid = (best[0] + fail) // 2
            found = probe(mid)
            if isinstance(found, tuple):
                self.keep(mid, found, by)
                best = (mid, found)
            else:
                fail = mid
        return best

    def at(self, ii: int, extra_stages: int, refute_first: bool = True, cap: float | None = None) -> tuple[Answer, str]:
        """Full queries at one II: a schedule, or None with how far it is
        refuted ('modulo' when no modulo schedule exists; 'S' when every
        stage count up to S is refuted), or 'unknown' with what stays open.
        Remembered: the search for a first schedule may have asked already.
        `refute_first`: try the circular relaxation before the queries (it
        refutes an II fastest) rather than after them (a schedule is wanted).
        `cap`: seconds per query (default: the search's per-query limit)."""
        if (ii, extra_stages) not in self.answers:
            self.answers[(ii, extra_stages)] = self.decide(ii, extra_stages, refute_first, cap or self.query_limit)
        return self.answers[(ii, extra_stages)]

    def decide(self, ii: int, extra_stages: int, refute_first: bool, cap: float) -> tuple[Answer, str]:
        status, b = self.base(ii)
        if status == "infeasible":
            return None, "modulo"
        if refute_first and self.relaxation and self.refuted_at_every_length(ii):
            return None, "every"
        verdict = self.by_stages(ii, extra_stages, status, b, cap)
        found = isinstance(verdict[0], tuple)
        if not refute_first and not found and self.relaxation and self.refuted_at_every_length(ii):
            return None, "every"
        return verdict

    def by_stages(self, ii: int, extra_stages: int, status: str, b: Schedule | None, cap: float) -> tuple[Answer, str]:
        """Full queries from the fewest stages a schedule may have upward."""
        if b is None:
            return "unknown", "no modulo schedule found in time"
        # Below the shortest modulo length no schedule exists, if proven.
        first = b.stages if status == "optimal" else 1
        top = b.stages + extra_stages
        for stages in range(first, top + 1):
            res = self.query(ii, stages * ii, stages, cap)
            if res == "unknown":
                return "unknown", f"stages {stages}..{top} undecided"
            if isinstance(res, tuple):
                # Its length is minimised only if this II is the one returned
                # (`finish`): a bisection passes through many IIs that are not.
                self.unshortened[ii] = (stages, max(b.length, (stages - 1) * ii + 1), res)
                return res, ""
        return None, str(top)

    def refuted_at_every_length(self, ii: int, work: float | None = None) -> bool:
        """Whether `joint_relaxation` proves `ii` infeasible whatever the
        length and stage count. `work`: its CP-SAT work, bound by the time
        left alone (no wall allowance: the same answer on a loaded machine);
        default a query's, with the usual allowance."""
        from twillc.scheduling.joint_relaxation import joint_relaxation_at

        wall = self.wall(self.query_limit) if work is None else max(self.left() - self.reserve, 0.05)
        work = work or self.query_limit
        verdict = joint_relaxation_at(self.graph, self.config, ii, wall, self.seed, work)
        if self.progress:
            self.progress(
                {
                    "ii": ii,
                    "relaxation": True,
                    "bound": self.lower,
                    "elapsed": time.monotonic() - self.start,
                    "result": {"infeasible": "unsat", "feasible": "sat"}.get(verdict, verdict),
                }
            )
        return verdict == "infeasible"

    def finish(self, ii: int, found: Found) -> Found:
        """`found` at its shortest length when a full query found it (once
        per II: the same queries as minimising it when it was found)."""
        if ii not in self.unshortened or self.unshortened[ii][2] is not found:
            return found
        stages, lo, _ = self.unshortened.pop(ii)
        shortest = self.shortest(ii, stages, found, lo)
        for key, (answer, how) in self.answers.items():
            if answer is found:
                self.answers[key] = (shortest, how)
        if ii in self.found and self.found[ii][0] is found:
            self.found[ii] = (shortest, self.found[ii][1])
        return shortest

    def fewest_crossings(self, ii: int, found: Found) -> Found:
        """At the issue times found, the warps with the fewest edges that
        carry a value across warps (each costs a shared-memory ring and a
        barrier round trip), then the fewest ops on warp groups that need
        one thread (a TMA load or an MMA belongs on a single warp)."""
        found = self.finish(ii, found)
        cycles, _ = found
        shift = min(cycles.values())
        fixed = {v: c - shift for v, c in cycles.items()}
        length = max(fixed[o.id] + o.cycles for o in self.graph.ops)
        best = self.query(ii, length, -(-length // ii), self.query_limit, fixed, fewest_crossings=True)
        return best if isinstance(best, tuple) else found

    def shortest(self, ii: int, stages: int, found: Found, lo: int) -> Found:
        """Binary search for the shortest length with `stages` stages, its
        least possible length `lo` (the shortest modulo schedule's, often
        met) tried first."""
        hi = stages * ii
        if lo < hi and self.left() > 0:
            probe = self.query(ii, lo, stages, self.query_limit / 5)
            if isinstance(probe, tuple):
                return probe
            lo += 1
        while lo < hi and self.left() > 0:
            mid = (lo + hi) // 2
            probe = self.query(ii, mid, stages, self.query_limit / 5)
            if isinstance(probe, tuple):
                hi, found = mid, probe
            else:
                lo = mid + 1
        return found


def joint_schedule(
    graph: DependenceGraph,
    config: WarpConfig,
    *,
    time_limit: float = 60.0,
    max_ii: int | None = None,
    extra_stages: int = 1,
    progress: Progress | None = None,
    seed: int = 0,
    modulo: Schedule | None = None,
    engine: str = "cp-sat",
    relaxation: bool = True,
    on_first: Callable[[int, str], None] | None = None,
    refuse: Callable[[Schedule], str] | None = None,
    beat: int | None = None,
) -> Schedule:
    """Algorithm 1 with a completeness report (see the module docstring).
    `modulo`: the loop's modulo schedule when already known (else solved
    here); its II and lower bound start the search. `engine`: what decides
    the full queries, `cp-sat` (`joint_cpsat`) or `z3` (`joint_z3`);
    queries at fixed issue times always go to Z3. `on_first`: called once
    with the II of the first legal schedule and what found it, as soon as it
    is known (the time to a first answer, for `--timing`). `refuse`: why
    the caller cannot use a schedule beyond the model (the emitted kernel's
    shared memory), "" when it can; when it refuses the best schedule, the
    least II among the other schedules found that it takes comes back
    instead (feasible), else the best. `beat`: the largest II that serves
    the caller (another variant of the kernel is as fast at any larger
    one); unless the modulo schedule's own times admit warps, the IIs up
    to it are tried for refutation first, and Outclassed is raised when
    every one is refuted at every length. Raises SolverLimit when the time
    runs out before any schedule."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r} (one of {', '.join(ENGINES)})")
    from twillc.scheduling.modulo_cpsat import modulo_schedule

    search = _Search(graph, config, time_limit, seed, progress, engine, relaxation, on_first)
    search.beat = beat
    if modulo is None or (max_ii is not None and modulo.ii is not None and modulo.ii > max_ii):
        try:
            modulo = modulo_schedule(graph, time_limit=max(search.left() / 2, 1.0), max_ii=max_ii, seed=seed)
        except SolverLimit as e:
            raise SolverLimit(f"no modulo schedule in time: {e}", e.lower_bound) from None
    search.lower = modulo.lower_bound
    if beat is not None and modulo.lower_bound > beat:
        raise Outclassed(modulo.lower_bound, beat)
    if modulo.ii is None:
        note = f"no modulo schedule: {modulo.note}"
        return Schedule(None, {}, 0, Status.INFEASIBLE, modulo.lower_bound, modulo.complete, solver="z3", note=note)
    search.seeds[modulo.ii] = modulo
    structural = _structurally_infeasible(graph, config)
    if structural:
        return Schedule(None, {}, 0, Status.INFEASIBLE, modulo.lower_bound, True, solver="z3", note=structural)
    max_ii = max_ii if max_ii is not None else max(_sequential_ii(graph), modulo.ii)

    # Unless the modulo schedule's times admit warps at once, a first
    # schedule from the heuristic in well under a second, whatever the
    # exact search does with the time (deterministic: a fixed number of probes).
    first = search.first(
        modulo.ii,
        max_ii,
        extra_stages,
        lambda: first_joint_schedule(
            graph, config, modulo.lower_bound, max_ii, out_of_time=lambda: search.left() <= 0, refuse=refuse
        ),
    )
    # What found the schedule: Z3 on modulo issue times, the heuristic, else the engine.
    best, solver = first if first is not None else (None, "z3")
    # (II, 'modulo' | 'area' | last stage count refuted | 'open: ...')
    refuted: list[tuple[int, str]] = []
    lower = modulo.lower_bound
    if best is not None and best[0] > lower:
        # The memories' area (`memory_bound`) refutes IIs above the modulo
        # bound (known already when the seeds were scanned from it).
        lower = search.area_bound(best[0])
        refuted += [(ii, "area") for ii, _ in search.by_area or []]
    if best is not None and best[0] > lower:
        best, improved = search.improve(best, lower, extra_stages)
        solver = engine if improved else solver
    top_ii = best[0] if best is not None else max_ii + 1
    for ii in range(lower, top_ii):
        if search.left() <= 0:
            refuted.append((ii, f"open: II {ii}..{top_ii - 1} not settled (time limit)"))
            break
        res, how = search.at(ii, extra_stages)
        if isinstance(res, tuple):
            # Full queries leave the warps to their engine; those from the
            # seeds above already have the fewest crossings.
            best = (ii, search.fewest_crossings(ii, res))
            solver = engine
            search.keep(*best, engine)
            break
        refuted.append((ii, how if res is None else f"open: {how}"))
    if solver == "heuristic" and best is not None and search.left() > 0:
        # The heuristic's times kept, its warps those with the fewest crossings.
        best = (best[0], search.fewest_crossings(*best))

    if best is None:
        if search.left() <= 0:
            raise SolverLimit(
                f"time limit of {time_limit:g} s reached with no joint schedule; lower bound {modulo.lower_bound}",
                modulo.lower_bound,
            )
        note = _summarize(refuted) + f"; no joint schedule with II <= {max_ii}"
        complete = all(not how.startswith("open") for _, how in refuted)
        return Schedule(None, {}, 0, Status.INFEASIBLE, modulo.lower_bound, complete, solver=engine, note=note)
    result = _result(graph, config, modulo.lower_bound, best, refuted, solver)
    if refuse is None or not (why := refuse(result)):
        return result
    for ii in sorted(search.found):
        if ii > best[0]:
            found, by = search.found[ii]
            found = search.finish(ii, found)
            other = _result(graph, config, modulo.lower_bound, (ii, found), refuted, by)
            if not refuse(other):
                return replace(other, note=f"{other.note}; the schedule found at II {best[0]} refused: {why}")
    return result


def _result(
    graph: DependenceGraph,
    config: WarpConfig,
    lower: int,
    best: tuple[int, Found],
    refuted: list[tuple[int, str]],
    solver: str,
) -> Schedule:
    ii, (cycles, warps) = best
    warps = canonical_warps(graph, config, warps)
    below = [how for r, how in refuted if r < ii]
    proven = lower
    for r, how in sorted(refuted):
        if r == proven and how in ("modulo", "area", "every"):
            proven += 1
    optimal = proven >= ii
    complete = len(below) == ii - lower and all(not how.startswith("open") for how in below)
    shift = min(cycles.values())
    cycles = {o.id: cycles[o.id] - shift for o in graph.ops}
    note = _summarize(refuted) if refuted else f"II={ii} is the proven modulo lower bound"
    if not optimal and complete:
        note += "; more stages not tried"
    return Schedule(
        ii=ii,
        cycles=cycles,
        length=max(cycles[o.id] + o.cycles for o in graph.ops),
        status=Status.OPTIMAL if optimal else Status.FEASIBLE,
        lower_bound=min(proven, ii),
        complete=complete,
        warps={o.id: warps[o.id] for o in graph.ops},
        roles=warp_roles(graph, config, warps),
        solver=solver,
        note=note,
    )


def _summarize(refuted: list[tuple[int, str]]) -> str:
    """Runs of IIs with the same outcome, written as ranges."""

    def words(how: str) -> str:
        if how == "modulo":
            return "no modulo schedule (proven)"
        if how == "every":
            return "refuted at every length"
        if how == "area":
            return "refuted by the memories' area (every length)"
        if how.startswith("open"):
            return how
        return f"refuted for stages 1..{how}"

    runs: list[tuple[int, int, str]] = []
    for ii, how in refuted:
        text = words(how)
        if runs and runs[-1][2] == text and runs[-1][1] + 1 == ii:
            runs[-1] = (runs[-1][0], ii, text)
        else:
            runs.append((ii, ii, text))
    return "; ".join(f"II={a}{'..' + str(b) if b != a else ''} {text}" for a, b, text in runs)
