"""Twill's joint software pipelining + warp specialization (section 4) in Z3.

Encoding. Integer issue times (QF_LIA) rather than the paper's boolean
time-indexed variables: after cost normalization an II is still tens to
hundreds of cycles, and a boolean per (op, copy, cycle) grows with it while
integer difference constraints do not. The straight-line program runs S
copies of the loop body, copy i of op v at t_v + i*II, over T = L + (S-1)*II
cycles. Every constraint family of the paper is stated on the steady state,
which holds every op once (the prologue and epilogue see subsets of it):

- uniqueness / consistency: one t_v per op, copies at fixed offsets;
- completion: t_v + cycles(v) <= L, so every copy ends by T;
- dependences: t_v + distance*II >= t_u + delay;
- unit capacity: occupancy folded modulo II (residue r_v = t_v mod II)
  within each unit's capacity;
- memory capacity (smem, tmem) and the register limit of each warp, with
  liveness inside the solver: the value of v lives from t_v to its last
  user's issue, max over users w of t_w + distance*II (at least one cycle);
  at a residue the live copies are floor(lifetime / II) plus one where the
  residue falls in the remainder; a sum of such counts peaks at the issue
  residue of some value, so the limits are checked at every op's residue;
- warp uniqueness: one warp per op, the same for every copy;
- variable latency: variable-latency ops are exactly those on W_vl;
- cross-warp communication: a consumer on another warp than its producer
  issues spill_cost(u) cycles later (values from variable-latency ops
  arrive through shared memory and their own barrier); with communication
  forbidden, such edges must stay on one warp;
- blocking synchronisation: an op with a blocking incoming edge (an MMA
  result read back), or receiving a value from another warp, issues only
  when no other op of its warp is executing.

Algorithm 1 (Twill section 5) drives it: II from the modulo schedule's
optimum upward; at each II the shortest modulo length L gives the stage
count S = ceil(L/II); lengths grow monotonically in feasibility within a
stage count, so one query at L = S*II decides the stage count and a binary
search finds the shortest L. Beyond the paper, `extra_stages` more stage
counts are tried before an II is declared infeasible.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from math import ceil

from twillc.graph import DependenceGraph, Schedule, Status, WarpRole

Progress = Callable[[dict[str, object]], None]


class SolverLimit(Exception):
    """The time limit ran out before any joint schedule was found."""


@dataclass(frozen=True)
class WarpConfig:
    warp_groups: int
    """Number of warps (warp groups) W."""
    vl_warp: int = 0
    """The warp that runs the variable-latency ops (W_vl)."""
    reg_limits: tuple[int, ...] = ()
    """Registers per thread of each warp (its setmaxnreg budget)."""
    allow_cross_warp: bool = True
    """Whether values may cross warps (at the producer's spill cost)."""

    def limit(self, w: int) -> int:
        return self.reg_limits[w] if w < len(self.reg_limits) else 1 << 30


def _crossing_allowed_free(graph: DependenceGraph, src: str) -> bool:
    """Values of variable-latency ops arrive through shared memory with
    their own completion barrier: not a register hand-off between warps."""
    return graph.op(src).variable_latency


def joint_schedule_at(
    graph: DependenceGraph,
    config: WarpConfig,
    ii: int,
    length: int,
    stages: int | None = None,
    time_limit: float = 60.0,
    seed: int = 0,
    fixed_cycles: dict[str, int] | None = None,
) -> tuple[dict[str, int], dict[str, int]] | None | str:
    """One query at fixed II and L: (cycles, warps), None (UNSAT), or
    'unknown' (time limit). With `fixed_cycles` only warps are chosen."""
    import z3

    ops = list(graph.ops)
    if any(o.cycles > length for o in ops):
        return None
    W = config.warp_groups
    ctx = z3.Context()
    s = z3.SolverFor("QF_LIA", ctx=ctx)
    s.set("random_seed", seed)
    s.set("timeout", max(1, int(time_limit * 1000)))

    def Int(name: str) -> z3.ArithRef:
        return z3.Int(name, ctx)

    t = {o.id: Int(f"t_{o.id}") for o in ops}
    r = {o.id: Int(f"r_{o.id}") for o in ops}
    k = {o.id: Int(f"k_{o.id}") for o in ops}
    w = {o.id: Int(f"w_{o.id}") for o in ops}
    for o in ops:
        s.add(t[o.id] >= 0, t[o.id] + o.cycles <= length)  # completion
        s.add(t[o.id] == ii * k[o.id] + r[o.id], r[o.id] >= 0, r[o.id] < ii)
        s.add(w[o.id] >= 0, w[o.id] < W)  # warp uniqueness
        if fixed_cycles is not None:
            s.add(t[o.id] == fixed_cycles[o.id])
        if o.variable_latency:  # variable latency <=> W_vl
            s.add(w[o.id] == config.vl_warp)
        else:
            s.add(w[o.id] != config.vl_warp)

    # Symmetry: warps with the same budget are interchangeable, so number
    # them in the order their first op appears (value precedence).
    free = [x for x in range(W) if x != config.vl_warp]
    if free == list(range(free[0], free[0] + len(free))) if free else False:
        if len({config.limit(x) for x in free}) == 1:
            seen_max = None
            for o in ops:
                if o.variable_latency:
                    continue
                if seen_max is None:
                    s.add(w[o.id] == free[0])
                    seen_max = w[o.id]
                else:
                    s.add(w[o.id] <= seen_max + 1)
                    nxt = z3.Int(f"maxw_{o.id}", ctx)
                    s.add(nxt == z3.If(w[o.id] > seen_max, w[o.id], seen_max))
                    seen_max = nxt

    def circ_offset(a: str, b: str) -> z3.ArithRef:
        """(r_b - r_a) mod II as a term, with one fresh wrap flag."""
        wrap = z3.Bool(f"wrap_{a}_{b}", ctx)
        off = r[b] - r[a] + z3.If(wrap, ii, 0)
        s.add(off >= 0, off < ii)
        return off

    offsets: dict[tuple[str, str], z3.ArithRef] = {}

    def offset(a: str, b: str) -> z3.ArithRef:
        if (a, b) not in offsets:
            offsets[(a, b)] = circ_offset(a, b)
        return offsets[(a, b)]

    # Dependences, cross-warp delay and communication.
    blocking_in: dict[str, list[z3.BoolRef]] = {o.id: [] for o in ops}
    for e in graph.edges:
        base = t[e.dst] + e.distance * ii >= t[e.src] + e.delay
        s.add(base)
        if e.src == e.dst or _crossing_allowed_free(graph, e.src):
            if e.blocking:
                blocking_in[e.dst].append(z3.BoolVal(True, ctx))
            continue
        cross = w[e.src] != w[e.dst]
        if not config.allow_cross_warp:
            s.add(z3.Not(cross))
        else:
            spill = graph.op(e.src).spill_cost
            s.add(z3.Implies(cross, t[e.dst] + e.distance * ii >= t[e.src] + e.delay + spill))
        blocking_in[e.dst].append(z3.BoolVal(True, ctx) if e.blocking else cross)

    # Units: folded occupancy within capacity. The folded load peaks at
    # the issue residue of some op, so counting there is exact.
    by_unit: dict[str, list[tuple[str, int, int]]] = {}
    for o in ops:
        for unit in sorted(o.units()):
            rows = sum(1 for row in o.rrt if dict(row).get(unit, 0))
            count = max(dict(row).get(unit, 0) for row in o.rrt)
            by_unit.setdefault(unit, []).append((o.id, rows, count))
    for unit, users in sorted(by_unit.items()):
        cap = graph.capacities[unit]
        if sum(q * ceil(n / ii) for _, n, q in users) <= cap:
            continue
        if cap == 1:
            if len(users) > 1 and any(n >= ii for _, n, _ in users):
                return None
            for i, (a, na, _) in enumerate(users):
                for b, nb, _ in users[i + 1 :]:
                    d = offset(a, b)  # [r_a, r_a+na) and [r_b, r_b+nb) must not meet
                    s.add(d >= na, ii - d >= nb)
            continue
        for a, _, _ in users:
            terms = []
            for b, nb, qb in users:
                wraps, part = divmod(nb, ii)
                inside = z3.BoolVal(b == a and part > 0, ctx) if b == a else offset(b, a) < part
                terms.append(qb * wraps + z3.If(inside, qb, 0))
            s.add(z3.Sum(terms) <= cap)

    # Liveness: lifetime of each value, as copies live at a residue.
    users_of: dict[str, list[tuple[str, int]]] = {o.id: [] for o in ops}
    for e in graph.edges:
        users_of[e.src].append((e.dst, e.distance))
    end = {}
    for o in ops:
        e_v = Int(f"end_{o.id}")
        s.add(e_v >= t[o.id] + 1)
        for dst, dist in users_of[o.id]:
            s.add(e_v >= t[dst] + dist * ii)
        if users_of[o.id]:
            s.add(z3.Or([e_v == t[dst] + dist * ii for dst, dist in users_of[o.id]] + [e_v == t[o.id] + 1]))
        else:
            s.add(e_v == t[o.id] + 1)
        end[o.id] = e_v
    full = {}
    rest = {}
    for o in ops:
        q = Int(f"full_{o.id}")
        rem = Int(f"rem_{o.id}")
        s.add(end[o.id] - t[o.id] == ii * q + rem, rem >= 0, rem < ii, q >= 0)
        full[o.id], rest[o.id] = q, rem

    def live_copies(v: str, at: str) -> z3.ArithRef:
        """Copies of v's value live at the issue residue of `at`: with
        lifetime q*II + rem, q, plus one where the offset from t_v is < rem."""
        inside = rest[v] > 0 if v == at else offset(v, at) < rest[v]
        return full[v] + z3.If(inside, 1, 0)

    checkpoints = [o.id for o in ops]
    for mem, cap in sorted(graph.memories.items()):
        users = [o.id for o in ops if o.footprint.get(mem, 0)]
        if users and sum(graph.op(v).footprint[mem] for v in users) * ceil(length / ii + 1) > cap:
            for at in checkpoints:
                s.add(z3.Sum([graph.op(v).footprint[mem] * live_copies(v, at) for v in users]) <= cap)
    reg_users = [o.id for o in ops if o.regs]
    if reg_users and config.reg_limits:
        for at in checkpoints:
            for warp in range(W):
                s.add(
                    z3.Sum([z3.If(w[v] == warp, graph.op(v).regs * live_copies(v, at), 0) for v in reg_users])
                    <= config.limit(warp)
                )

    # Blocking: nothing else of the warp executes when a blocking op issues.
    single = {u: [o for o in ops if u in o.units()] for u, cap in graph.capacities.items() if cap == 1}
    for v in [o.id for o in ops]:
        if not blocking_in[v]:
            continue
        must_block = z3.Or(blocking_in[v])
        # Redundant but strong: ops of a one-instance unit never overlap, so
        # those sharing v's warp leave v a free instant only if their total
        # occupancy is below II.
        for users in single.values():
            mates = [o for o in users if o.id != v]
            if sum(min(o.cycles, ii) for o in mates) >= ii:
                busy_sum = z3.Sum([z3.If(w[o.id] == w[v], min(o.cycles, ii), 0) for o in mates])
                s.add(z3.Implies(must_block, busy_sum <= ii - 1))
        for o in ops:
            if o.id == v:
                continue
            busy = z3.BoolVal(True, ctx) if o.cycles >= ii else offset(o.id, v) < o.cycles
            s.add(z3.Implies(z3.And(must_block, w[o.id] == w[v]), z3.Not(busy)))

    verdict = s.check()
    if verdict == z3.unsat:
        return None
    if verdict != z3.sat:
        return "unknown"
    model = s.model()
    cycles = {o.id: model.eval(t[o.id]).as_long() for o in ops}
    warps = {o.id: model.eval(w[o.id]).as_long() for o in ops}
    return cycles, warps


def _structurally_infeasible(graph: DependenceGraph, config: WarpConfig) -> str:
    """Reasons no II can help: an op that fits no warp it may use."""
    if not 0 <= config.vl_warp < config.warp_groups:
        return f"the variable-latency warp {config.vl_warp} is not among the {config.warp_groups} warps"
    if (
        config.warp_groups < 2
        and any(not o.variable_latency for o in graph.ops)
        and any(o.variable_latency for o in graph.ops)
    ):
        return "variable-latency and other ops need separate warps, but there is one warp"
    for o in graph.ops:
        allowed = (
            [config.vl_warp] if o.variable_latency else [w for w in range(config.warp_groups) if w != config.vl_warp]
        )
        if config.reg_limits and allowed and all(o.regs > config.limit(w) for w in allowed):
            best = max(config.limit(w) for w in allowed)
            return (
                f"op {o.id} keeps {o.regs} registers per thread live, more than any warp it may use "
                f"allows ({best}): sub-tile it or raise the budget"
            )
    return ""


def warp_roles(graph: DependenceGraph, config: WarpConfig, warps: dict[str, int]) -> tuple[WarpRole, ...]:
    """Names for the warps from what they run: `producer` (W_vl), `mma`
    (tensor-core ops only), `softmax` (special-function ops), `correction`
    (ALU ops only), `consumer` (tensor core with other work), `idle`."""
    roles = []
    counters: dict[str, int] = {}
    for wid in range(config.warp_groups):
        units = {u for o in graph.ops if warps[o.id] == wid for u in o.units()}
        if wid == config.vl_warp:
            base = "producer" if units else "idle"
        elif not units:
            base = "idle"
        elif units == {"tc"}:
            base = "mma"
        elif "tc" in units:
            base = "consumer"
        elif "sfu" in units:
            base = "softmax"
        else:
            base = "correction"
        roles.append(base)
        counters[base] = counters.get(base, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for wid, base in enumerate(roles):
        name = base
        if counters[base] > 1 and base not in ("idle",):
            name = f"{base}{seen.get(base, 0)}"
            seen[base] = seen.get(base, 0) + 1
        out.append(WarpRole(wid, name, config.limit(wid) if wid < len(config.reg_limits) else 0))
    return tuple(out)


def joint_schedule(
    graph: DependenceGraph,
    config: WarpConfig,
    *,
    time_limit: float = 120.0,
    max_ii: int | None = None,
    extra_stages: int = 1,
    progress: Progress | None = None,
    seed: int = 0,
) -> Schedule:
    """Algorithm 1 with a completeness report (see the module docstring).

    Anytime order: (1) at each II the modulo schedule's own times with only
    the warps free, a quick query, scanned upward with growing steps and then
    bisected, gives a first joint schedule; (2) the remaining time runs the
    full queries, II ascending from the modulo optimum, S from ceil(L/II) to
    ceil(L/II) + extra_stages, to find a smaller II or prove there is none."""
    from twillc.solvers.modulo_cpsat import modulo_at, modulo_schedule

    start = time.monotonic()

    def left() -> float:
        return time_limit - (time.monotonic() - start)

    modulo = modulo_schedule(graph, time_limit=max(left() / 2, 1.0), max_ii=max_ii, seed=seed)
    if modulo.ii is None:
        note = f"no modulo schedule: {modulo.note}"
        return Schedule(None, {}, 0, Status.INFEASIBLE, modulo.lower_bound, modulo.complete, solver="z3", note=note)
    structural = _structurally_infeasible(graph, config)
    if structural:
        return Schedule(None, {}, 0, Status.INFEASIBLE, modulo.lower_bound, True, solver="z3", note=structural)
    # Past a sequential II (every op and delay back to back) a larger II
    # relaxes nothing: stop there.
    if max_ii is None:
        out_delay = {o.id: o.latency for o in graph.ops}
        for e in graph.edges:
            out_delay[e.src] = max(out_delay[e.src], e.delay)
        max_ii = sum(max(o.cycles, out_delay[o.id] + o.spill_cost) for o in graph.ops) + 1
    lower = modulo.lower_bound
    query_limit, probe_limit = max(1.0, time_limit / 8), max(0.5, time_limit / 40)
    bases: dict[int, Schedule | None] = {modulo.ii: modulo}

    def base(ii: int) -> Schedule | None:
        if ii not in bases:
            bases[ii] = modulo_at(graph, ii, max(min(left() / 4, query_limit), 0.2), seed)
        return bases[ii]

    def report(ii: int, stages: int, length: int) -> None:
        if progress:
            progress(
                {"ii": ii, "stages": stages, "length": length, "bound": lower, "elapsed": time.monotonic() - start}
            )

    def with_fixed_times(ii: int) -> tuple[dict[str, int], dict[str, int]] | None:
        b = base(ii)
        if b is None or left() <= 0:
            return None
        report(ii, b.stages, b.length)
        res = joint_schedule_at(
            graph, config, ii, b.length, b.stages, min(max(left(), 0.1), query_limit), seed, dict(b.cycles)
        )
        return res if isinstance(res, tuple) else None

    best: tuple[int, tuple[dict[str, int], dict[str, int]]] | None = None
    found = with_fixed_times(modulo.ii)
    if found is not None:
        best = (modulo.ii, found)
    else:  # scan upward with growing steps, then bisect
        fail, step, probe = modulo.ii, 1, modulo.ii + 1
        while probe <= max_ii and left() > 0:
            found = with_fixed_times(probe)
            if found is not None:
                best = (probe, found)
                break
            fail, probe, step = probe, probe + step, step * 2
        while best is not None and best[0] - fail > 1 and left() > 0:
            mid = (best[0] + fail) // 2
            found = with_fixed_times(mid)
            if found is not None:
                best = (mid, found)
            else:
                fail = mid

    # Full queries below the best II found: prove it, or find better.
    refuted: list[str] = []
    complete = modulo.status == Status.OPTIMAL
    top_ii = best[0] if best is not None else max_ii + 1
    ii = modulo.ii
    while ii < top_ii:
        if left() <= 0:
            complete = False
            refuted.append(f"II={ii}..{top_ii - 1} not searched (time limit)")
            break
        b = base(ii)
        if b is None:
            refuted.append(f"II={ii}: no modulo schedule found")
            complete = complete and bases.get(ii) is None
            ii += 1
            continue
        s0, tried, hit = b.stages, [], None
        for stages in range(s0, s0 + extra_stages + 1):
            top = stages * ii
            report(ii, stages, top)
            res = joint_schedule_at(graph, config, ii, top, stages, min(max(left(), 0.1), query_limit), seed)
            if res == "unknown":
                complete = False
                continue
            tried.append(stages)
            if isinstance(res, tuple):
                lo, hi, shortest = max(b.length, (stages - 1) * ii + 1), top, res
                while lo < hi and left() > 0:  # shortest length with this stage count
                    mid = (lo + hi) // 2
                    probe = joint_schedule_at(graph, config, ii, mid, stages, min(max(left(), 0.1), probe_limit), seed)
                    if isinstance(probe, tuple):
                        hi, shortest = mid, probe
                    else:
                        lo = mid + 1
                hit = shortest
                break
        if hit is not None:
            best = (ii, hit)
            break
        span = f"stages {s0}..{s0 + extra_stages}"
        refuted.append(f"II={ii} refuted for {span}" if len(tried) == extra_stages + 1 else f"II={ii} open")
        ii += 1

    if best is None:
        if left() <= 0:
            raise SolverLimit(f"time limit of {time_limit:g} s reached with no joint schedule; lower bound {lower}")
        note = "; ".join(refuted) + f"; no joint schedule with II <= {max_ii}"
        return Schedule(None, {}, 0, Status.INFEASIBLE, lower, False, solver="z3", note=note)
    ii, (cycles, warps) = best
    shift = min(cycles.values())
    cycles = {v: c - shift for v, c in cycles.items()}
    length = max(cycles[o.id] + o.cycles for o in graph.ops)
    optimal = complete and ii == lower
    note = _summarize(refuted) if refuted else f"II={ii} is the modulo-schedule optimum"
    if refuted and not optimal:
        note += f"; more than {extra_stages} extra stage(s) not tried"
    return Schedule(
        ii=ii,
        cycles={o.id: cycles[o.id] for o in graph.ops},
        length=length,
        status=Status.OPTIMAL if optimal else Status.FEASIBLE,
        lower_bound=ii if optimal else lower,
        complete=optimal,
        warps={o.id: warps[o.id] for o in graph.ops},
        roles=warp_roles(graph, config, warps),
        solver="z3",
        note=note,
    )


def _summarize(refuted: list[str]) -> str:
    """Runs of IIs refuted for the same stage range, written as ranges."""
    out: list[str] = []
    run: list[tuple[int, str]] = []

    def flush() -> None:
        if run:
            a, b, what = run[0][0], run[-1][0], run[0][1]
            out.append(f"II={a}{'..' + str(b) if b != a else ''} {what}")
            run.clear()

    for item in refuted:
        head, _, rest = item.partition(" ")
        if head.startswith("II=") and head[3:].isdigit():
            n = int(head[3:])
            if run and (run[-1][0] + 1 != n or run[-1][1] != rest):
                flush()
            run.append((n, rest))
        else:
            flush()
            out.append(item)
    flush()
    return "; ".join(out)
