"""Two relaxations of the joint SWP + WS problem at one II that hold for
every length at once: when either is infeasible, no joint schedule exists
at that II, however many stages Q* is given.

Both keep only the steady state of `joint_z3` (what Q* adds, completion
by L and the drain of values leaving its last copies, is dropped) and
state it on the circle of II cycles, over issue residues r_v in [0, II)
and warps:

- units, and per warp the exclusive windows (a stall, the issue of a
  blocking op) against the executions of the other ops;
- registers per warp and memories over lifetimes q*II + rem: q copies live
  at every residue, one more on the arc of rem cycles from r_v; ring
  memories get ceil(lifetime / II) slots. Use only grows with lifetimes,
  so lower bounds on lifetimes keep these relaxations.

They differ in the gaps of edges (t_dst + distance*II - t_src):

- by residues: each edge's gap is its least value congruent to the
  residues' difference and at least its delay (plus the spill when it
  crosses warps), independently of the others; around each recurrence the
  gaps sum to at most its distance times II. Small and quick both ways.
- by stages: t_v = r_v + k_v*II, so gaps are exact and consistent along
  paths; a lifetime counts up to the longest an edge's delay alone can
  force (ceil((delay + spill) / II) + 1 IIs, longer ones as that). Stages are
  bounded without losing a schedule: sorted, consecutive k_v need differ by
  at most B = max over edges of ceil((delay + spill) / II) + 1 + distance.
  Where they differ more, no edge runs from the upper ops to the lower (its
  gap would be negative), so moving the upper ops down to a difference of
  B keeps every delay and only shortens lifetimes.
"""

from __future__ import annotations

import time
from math import ceil

from twillc.scheduling.graph import DependenceGraph, held_after_issue
from twillc.scheduling.joint_cpsat import choose_warps, crossing, warp_literals, window_present, windows_of
from twillc.scheduling.modulo_model import within_capacity
from twillc.scheduling.reservations import segments
from twillc.scheduling.warp_config import WarpConfig

MAX_RECURRENCES = 200
"""Elementary cycles of the dependence graph stated at most (by residues)."""


def joint_relaxation_at(
    graph: DependenceGraph,
    config: WarpConfig,
    ii: int,
    time_limit: float = 60.0,
    seed: int = 0,
    work: float | None = None,
) -> str:
    """'infeasible' when no joint schedule exists at `ii` for any length,
    'feasible' when both relaxations hold (nothing is proven), 'unknown'
    when one is undecided at the limit. The one by residues first, with a
    quarter of the time; single-threaded, so the answer is reproducible.
    `work`: CP-SAT deterministic time for both (a quarter of it for the
    first), which makes the answer independent of the machine's load when
    it binds before the wall-clock limit."""
    from ortools.sat.python import cp_model

    if ii < 1:
        raise ValueError("II must be positive")
    if not 0 <= config.vl_warp < config.warp_groups:
        return "infeasible"
    if any(all(o.regs > config.limit(w) for w in config.allowed_warps(o)) for o in graph.ops):
        return "infeasible"
    deadline = time.monotonic() + time_limit
    verdict = "feasible"
    for by_stages in (False, True):
        left = deadline - time.monotonic()
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.01, left if by_stages else left / 4)
        if work is not None:
            solver.parameters.max_deterministic_time = max(0.01, work if by_stages else work / 4)
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed
        status = solver.solve(_Relaxation(graph, config, ii, by_stages).m)
        if status == cp_model.INFEASIBLE:
            return "infeasible"
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            verdict = "unknown"
    return verdict


class _Relaxation:
    """The constraint families, one method each, on one CP-SAT model."""

    def __init__(self, graph: DependenceGraph, config: WarpConfig, ii: int, by_stages: bool) -> None:
        from ortools.sat.python import cp_model

        m = self.m = cp_model.CpModel()
        self.graph, self.config, self.ii, self.by_stages = graph, config, ii, by_stages
        self.ops = list(graph.ops)
        self.r = {o.id: m.new_int_var(0, ii - 1, f"r_{o.id}") for o in self.ops}
        step = max([1] + [-(-(e.delay + config.spill(graph, e.src)) // ii) + 1 + e.distance for e in graph.edges])
        self.cap = ii * (max([0] + [-(-(e.delay + config.spill(graph, e.src)) // ii) for e in graph.edges]) + 1)
        """Lifetimes by stages count up to this."""
        last = step * (len(self.ops) - 1)
        self.k = {o.id: m.new_int_var(0, last, f"k_{o.id}") for o in self.ops}
        longest = max([0] + [o.cycles for o in self.ops])
        self.span = ii * (last + max([0] + [e.distance for e in graph.edges]) + 1) + longest
        """More than any lifetime by stages."""
        self.x = warp_literals(m, graph, config)
        self.blocked: dict[str, object] = {}
        """Per op that may block at its issue: True, or the literal saying it does."""
        self.gap: list[tuple[object, int]] = []
        """Per edge, its gap (a lower bound by residues, exact by stages) and
        the most it counts for in a lifetime."""
        self.warps()
        self.dependences()
        if not by_stages:
            self.recurrences()
        self.units()
        self.exclusive()
        self.liveness()

    def warps(self) -> None:
        choose_warps(self.m, self.graph, self.config, self.x)

    def dependences(self) -> None:
        """Each edge's delay, plus the spill when it crosses warps (which
        also makes its consumer block)."""
        m, r, ii, cfg = self.m, self.r, self.ii, self.config
        for e in self.graph.edges:
            least: object = e.delay
            spill = 0
            same = crossing(m, self.graph, cfg, self.x, e, self.blocked)
            if same is not None and cfg.allow_cross_warp:
                spill = cfg.spill(self.graph, e.src)
                least = e.delay + spill - spill * same
            offset = r[e.dst] - r[e.src] + e.distance * ii
            if self.by_stages:
                gap = offset + ii * (self.k[e.dst] - self.k[e.src])
                m.add(gap >= least)
                self.gap.append((gap, self.cap))
                continue
            top = e.delay + spill + ii - 1
            gap = m.new_int_var(e.delay, top, "")
            lo, hi = e.delay - (ii - 1) - e.distance * ii, top + (ii - 1) - e.distance * ii
            wraps = m.new_int_var(lo // ii, -(-hi // ii), "")
            m.add(gap == offset + ii * wraps)
            m.add(gap >= least)
            m.add(gap <= least + ii - 1)
            self.gap.append((gap, top))

    def recurrences(self) -> None:
        """Around each elementary cycle the true gaps sum to its distance
        times II, and the least gaps to at most that."""
        import networkx as nx

        between: dict[tuple[str, str], list[int]] = {}
        for i, e in enumerate(self.graph.edges):
            between.setdefault((e.src, e.dst), []).append(i)
        digraph = nx.DiGraph(list(between))
        for n, cycle in enumerate(nx.simple_cycles(digraph)):
            if n >= MAX_RECURRENCES:
                break
            hops = list(zip(cycle, cycle[1:] + cycle[:1], strict=True))
            # Parallel edges: one constraint per choice of edge at each hop.
            choices: list[list[int]] = [[]]
            for hop in hops:
                choices = [c + [i] for c in choices for i in between[hop]][:64]
            for choice in choices:
                distance = sum(self.graph.edges[i].distance for i in choice)
                self.m.add(sum(self.gap[i][0] for i in choice) <= distance * self.ii)

    def _arcs(self, start: object, size: object, present: object = True) -> list[object]:
        """The circular arc [start, start + size), size <= II, as intervals at
        start and start - II: two arcs meet on the circle iff some pair of
        these meet on the line."""
        m, ii = self.m, self.ii
        out = []
        for shift in (0, -ii):
            if isinstance(size, int):
                if present is True:
                    out.append(m.new_fixed_size_interval_var(start + shift, size, ""))
                else:
                    out.append(m.new_optional_fixed_size_interval_var(start + shift, size, present, ""))
                continue
            end = m.new_int_var(-ii, 2 * ii, "")
            m.add(end == start + shift + size)
            if present is True:
                out.append(m.new_interval_var(start + shift, size, end, ""))
            else:
                out.append(m.new_optional_interval_var(start + shift, size, end, present, ""))
        return out

    def units(self) -> None:
        """Each unit's reservation runs, folded onto the circle."""
        m, r, ii = self.m, self.r, self.ii
        for unit, cap in sorted(self.graph.capacities.items()):
            runs = [(o.id, off, n, q) for o in self.ops for off, n, q in segments(o.rrt).get(unit, [])]
            if sum(q * ceil(n / ii) for _, _, n, q in runs) <= cap:
                continue
            intervals, demands, reserved = [], [], 0
            for v, off, n, q in runs:
                wraps, rest = divmod(n, ii)
                reserved += wraps * q  # a run of II cycles or more holds q at every residue
                if rest:
                    s = m.new_int_var(0, ii - 1, "")
                    m.add_modulo_equality(s, r[v] + off, ii)
                    intervals += self._arcs(s, rest)
                    demands += [q, q]
            if reserved > cap or (reserved == cap and intervals):
                m.add_bool_or([])
            elif intervals:
                within_capacity(m, intervals, demands, cap - reserved)

    def exclusive(self) -> None:
        """Per warp, nothing else executes in an op's window (a stall, the
        issue of a blocking op): windows demand all but one of a capacity
        that executions alone never fill."""
        m, r, ii = self.m, self.r, self.ii
        windows = windows_of(self.graph, self.blocked)
        for w in range(self.config.warp_groups):
            on = [o for o in self.ops if w in self.x[o.id]]
            wins = []
            for o in on:
                if not windows[o.id]:
                    continue
                wins.append((o, window_present(m, o, self.x[o.id][w], self.blocked), min(windows[o.id], ii)))
            if not wins:
                continue
            execs = {o.id: self._arcs(r[o.id], o.cycles, self.x[o.id][w]) for o in on if o.cycles < ii}
            full = 2 * len(execs) + 1
            shared: list[tuple[object, int]] = [(iv, 1) for ivs in execs.values() for iv in ivs]
            for v, present, win in wins:
                for o in on:  # an op always executing, or a window over the whole II
                    if o.id != v.id and (o.cycles >= ii or win >= ii):
                        m.add_bool_or([present.Not(), self.x[o.id][w].Not()])
                if win >= ii:
                    continue
                spans = self._arcs(r[v.id], win, present)
                if v.cycles < ii:
                    shared += [(iv, full) for iv in spans]
                else:  # its own copies overlap: its window against the others alone
                    others = [iv for o, ivs in execs.items() if o != v.id for iv in ivs]
                    m.add_cumulative(others + spans, [1] * len(others) + [full] * len(spans), full)
            m.add_cumulative([iv for iv, _ in shared], [d for _, d in shared], full + 1)

    def liveness(self) -> None:
        """Registers per warp and memories over the steady state's copies."""
        m, r, ii = self.m, self.r, self.ii
        users: dict[str, list[tuple[int, int]]] = {o.id: [] for o in self.ops}
        for i, e in enumerate(self.graph.edges):
            users[e.src].append((i, held_after_issue(self.graph, e)))
        weighted = [o for o in self.ops if o.regs or any(o.footprint.values())]
        life, full, rest, most = {}, {}, {}, {}
        for o in weighted:
            top = most[o.id] = max([1] + [self.gap[i][1] + h for i, h in users[o.id]])
            ends = [1] + [self.gap[i][0] + h for i, h in users[o.id]]
            life[o.id] = m.new_int_var(1, top, f"life_{o.id}")
            if self.by_stages:  # the lifetime or the cap, whichever is less
                exact = m.new_int_var(1, self.span, "")
                m.add_max_equality(exact, ends)
                m.add_min_equality(life[o.id], [exact, top])
            else:
                m.add_max_equality(life[o.id], ends)
            full[o.id] = m.new_int_var(0, top // ii, "")
            rest[o.id] = m.new_int_var(0, ii - 1, "")
            m.add(life[o.id] == ii * full[o.id] + rest[o.id])

        def copies(o, weight: int, present: object) -> list[tuple[object, object]]:
            """(interval, demand): q copies all around, one more on the arc."""
            around = self._arcs(0, ii, present)[0]
            return [(around, weight * full[o.id])] + [(iv, weight) for iv in self._arcs(r[o.id], rest[o.id], present)]

        for mem, cap in sorted(self.graph.memories.items()):
            holders = [o for o in weighted if o.footprint.get(mem, 0)]
            if not holders:
                continue
            if mem in self.graph.rings:  # a slot per copy live at once, in every ring
                slots = []
                for o in holders:
                    depth = m.new_int_var(1, -(-most[o.id] // ii), "")
                    m.add(life[o.id] <= depth * ii)
                    slots.append(o.footprint[mem] * depth)
                m.add(sum(slots) <= cap)
                continue
            items = [item for o in holders for item in copies(o, o.footprint[mem], True)]
            m.add_cumulative([iv for iv, _ in items], [q for _, q in items], cap)
        if not self.config.reg_limits:
            return
        for w in range(self.config.warp_groups):
            items = [
                item for o in weighted if o.regs and w in self.x[o.id] for item in copies(o, o.regs, self.x[o.id][w])
            ]
            if items:
                m.add_cumulative([iv for iv, _ in items], [q for _, q in items], self.config.limit(w))
