"""A joint SWP + WS schedule fitted into a software pipeline already fixed
for another loop: the masked part of a loop split into unmasked and masked
iterations runs as one pipeline with the unmasked part, so every op the two
share keeps its stage (issue cycle // II) and its warp, and the masked
part's extra ops (the mask and its select) take any stage and the warp the
caller pins them to. Its II may be larger than the unmasked one's.

The query at one II is `joint_cpsat._Model` (dependences with the
cross-warp delay, units, exclusive windows, liveness, registers, memories,
channel rings) with the pins on top: an op pinned to stage s issues in
[s * II, (s + 1) * II), every op in [0, stages * II), and an op pinned to a
warp has that warp's literal only (no symmetry breaking between alike warps
then: pins may contradict it). An op may complete past stages * II, so the
model's length is stages * II - 1 + the longest op's cycles, and Q*, the
straight-line program of the query, has ceil(that / II) copies of the body.

The search. `start` = the largest of the caller's `lower_ii`, the graph's
modulo lower bound (`bounds.mii`: ResMII, RecMII) and the pins' own bound
(`pin_bound`: along an edge whose ends' stages are pinned, the most cycles
between them is (s_dst - s_src + distance + 1) * II - 1, which must reach
the edge's delay, plus the spill when the ends are pinned to different
warps). The query at `start` first; failing that, IIs start + 1, 2, 4, ...
up to `max_ii` until one admits a schedule (an answer soon), then every
II from `start` up to the best one, in order, to find a smaller one or
refute it. At the II returned, a second solve (same model, hinted with the
first answer) minimises the length L = max(issue + cycles).

Reproducible: every solve is single-threaded with a fixed seed and limited
by CP-SAT's deterministic time (`QUERY_WORK` per feasibility query, a fifth
of it for the length), with the wall clock as a backstop
(`WALL_SLACK` times the work, cut at the deadline); the same input gives
the same schedule on an idle or a loaded machine when the search ends
before its time limit.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from math import ceil

from twillc.scheduling.bounds import ZeroDistanceCycle, mii
from twillc.scheduling.graph import DependenceGraph, Schedule, Status
from twillc.scheduling.joint_query import query_copies
from twillc.scheduling.joint_roles import warp_roles
from twillc.scheduling.joint_search import QUERY_WORK, WALL_SLACK, _sequential_ii, _structurally_infeasible
from twillc.scheduling.progress import Progress
from twillc.scheduling.warp_config import WarpConfig

LENGTH_WORK = QUERY_WORK / 5
"""CP-SAT deterministic seconds for minimising the length at the II found."""

Found = tuple[dict[str, int], dict[str, int]]


def schedule_in_pipeline(
    graph: DependenceGraph,
    config: WarpConfig,
    stage_of: Mapping[str, int],
    warp_of: Mapping[str, int],
    stages: int,
    lower_ii: int,
    *,
    max_ii: int | None = None,
    time_limit: float = 10.0,
    seed: int = 0,
    progress: Progress | None = None,
) -> Schedule:
    """The joint schedule of the least II >= `lower_ii` (up to `max_ii`,
    default `lower_ii` + `_sequential_ii`) in which every op of `stage_of`
    issues in its stage, every op of `warp_of` runs on its warp and every op
    issues within the `stages` stages, with the shortest length found at
    that II. Cycles are not shifted: cycles[v] // ii == stage_of[v].

    `status`: OPTIMAL when no schedule with these pins has an II in
    [`lower_ii`, ii): those below the modulo bound or the pins' bound by
    that argument, every other one refuted by CP-SAT (`lower_ii` itself is
    the caller's claim, taken as given); `lower_bound` is the least II not
    so ruled out, at most ii. FEASIBLE (complete False) when some II below
    was left open (work or time limit). INFEASIBLE (ii None) when no II up
    to `max_ii` admits one: complete when every one was refuted, or when a
    pin contradicts the graph at every II (see `note`). The length is
    minimised within `LENGTH_WORK`; the note says when it is not proven
    shortest. ValueError when a pin names an unknown op, a stage outside
    [0, stages) or a warp outside the config."""
    fit = _Fit(graph, config, stage_of, warp_of, stages, lower_ii, max_ii, time_limit, seed)
    fit.progress = progress
    return fit.run()


def pin_bound(
    graph: DependenceGraph, config: WarpConfig, stage_of: Mapping[str, int], warp_of: Mapping[str, int], stages: int
) -> tuple[int, str]:
    """(the least II the pins admit along the edges alone, why no II does:
    "" when some may). An op's stage is its pin, else anywhere in [0,
    stages); along an edge the destination then issues at most
    (s_dst_max - s_src_min + distance + 1) * II - 1 cycles after the
    source, which must reach the delay (and the spill when both ends are
    pinned to different warps)."""
    least = 1
    for e in graph.edges:
        delay = e.delay
        ws, wd = warp_of.get(e.src), warp_of.get(e.dst)
        crosses = e.src != e.dst and not graph.op(e.src).variable_latency and None not in (ws, wd) and ws != wd
        if crosses and not config.allow_cross_warp:
            return least, f"edge {e.src}->{e.dst} joins ops pinned to warps {ws} and {wd}, and values may not cross"
        if crosses:
            delay += config.spill(graph, e.src)
        k = stage_of.get(e.dst, stages - 1) - stage_of.get(e.src, 0) + e.distance + 1
        if k <= 0:
            return least, (
                f"edge {e.src}->{e.dst} (distance {e.distance}) runs from stage {stage_of.get(e.src, 0)} "
                f"back to stage {stage_of.get(e.dst, stages - 1)}: no II meets it"
            )
        least = max(least, ceil((delay + 1) / k))
    return least, ""


def _pinned_warps_fit(graph: DependenceGraph, config: WarpConfig, warp_of: Mapping[str, int]) -> str:
    """Why the warp pins fit no II ("" when they may)."""
    for v, w in sorted(warp_of.items()):
        o = graph.op(v)
        if w not in config.allowed_warps(o):
            return f"op {v} is pinned to warp {w}, which it may not use (variable latency or threads)"
        if o.regs > config.limit(w):
            return f"op {v} keeps {o.regs} registers per thread live, more than its pinned warp {w} allows"
    for unit in sorted(config.one_warp_units):
        used = sorted({warp_of[o.id] for o in graph.ops if unit in o.units() and o.id in warp_of})
        if len(used) > 1:
            return f"the {unit} ops must share one warp but are pinned to warps {used}"
    return ""


class _Fit:
    """State of one `schedule_in_pipeline` search."""

    def __init__(
        self,
        graph: DependenceGraph,
        config: WarpConfig,
        stage_of: Mapping[str, int],
        warp_of: Mapping[str, int],
        stages: int,
        lower_ii: int,
        max_ii: int | None,
        time_limit: float,
        seed: int,
    ) -> None:
        known = {o.id for o in graph.ops}
        if stages < 1 or lower_ii < 1:
            raise ValueError(f"stages ({stages}) and the lower bound on II ({lower_ii}) must be positive")
        for v in sorted(set(stage_of) | set(warp_of)):
            if v not in known:
                raise ValueError(f"pin names unknown op {v!r}")
        for v, s in sorted(stage_of.items()):
            if not 0 <= s < stages:
                raise ValueError(f"op {v!r} pinned to stage {s}, outside [0, {stages})")
        for v, w in sorted(warp_of.items()):
            if not 0 <= w < config.warp_groups:
                raise ValueError(f"op {v!r} pinned to warp {w}, outside [0, {config.warp_groups})")
        self.graph, self.config, self.stages, self.seed = graph, config, stages, seed
        self.stage_of, self.warp_of = dict(stage_of), dict(warp_of)
        self.lower_ii = lower_ii
        self.max_ii = max_ii if max_ii is not None else lower_ii + _sequential_ii(graph)
        self.start_time, self.time_limit = time.monotonic(), time_limit
        self.outcome: dict[int, str] = {}
        """Per II queried: 'refuted', 'found', 'open' (work limit) or 'cut' (time limit)."""
        self.found: dict[int, Found] = {}
        self.models: dict[int, object] = {}
        """The model of each II found, for the length's solve."""
        self.bounds = (1, 1)
        """The modulo bound and the pins' bound on II."""
        self.progress: Progress | None = None
        """Told after each II's query (current II, its outcome, the bound, elapsed)."""

    def left(self) -> float:
        return self.time_limit - (time.monotonic() - self.start_time)

    def wall(self, work: float) -> float:
        return min(max(self.left(), 0.05), work * WALL_SLACK)

    def run(self) -> Schedule:
        g, cfg = self.graph, self.config
        if not g.ops:
            return Schedule(self.lower_ii, {}, 0, Status.OPTIMAL, self.lower_ii, warps={}, solver="cp-sat")
        try:
            modulo = mii(g)
        except ZeroDistanceCycle as e:
            return self.infeasible(self.lower_ii, str(e))
        reason = _structurally_infeasible(g, cfg) or _pinned_warps_fit(g, cfg, self.warp_of)
        pinned, why = pin_bound(g, cfg, self.stage_of, self.warp_of, self.stages)
        if reason or why:
            return self.infeasible(self.lower_ii, reason or why)
        start = max(self.lower_ii, modulo, pinned)
        self.bounds = (modulo, pinned)
        if start > self.max_ii:
            return self.infeasible(start, f"the lower bound {start} exceeds the largest II tried, {self.max_ii}")
        best = self.probe(start)
        step = 1
        while best is None and start < self.max_ii and self.left() > 0:  # start + 1, 2, 4, ..., max_ii
            ii = min(start + step, self.max_ii)
            best = self.probe(ii)
            if ii == self.max_ii:
                break
            step *= 2
        top = best if best is not None else self.max_ii + 1
        for ii in range(start + 1, top):
            if self.left() <= 0:
                break
            if self.probe(ii) is not None:
                top = best = ii
                break
        return self.result(start, best)

    def model(self, ii: int):
        """The joint model at `ii` with the pins, or None when refuted on its face."""
        from twillc.scheduling.joint_cpsat import _Model

        g = self.graph
        length = self.stages * ii - 1 + max(o.cycles for o in g.ops)
        copies = query_copies(g, self.config, ii, length, None)
        if copies is None:
            return None
        model = _Model(g, self.config, ii, length, copies, self.warp_of)
        for o in g.ops:
            s = self.stage_of.get(o.id)
            lo, hi = (s * ii, (s + 1) * ii - 1) if s is not None else (0, self.stages * ii - 1)
            model.m.add(model.t[o.id] >= lo)
            model.m.add(model.t[o.id] <= hi)
        return model

    def solver(self, work: float):
        from ortools.sat.python import cp_model

        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = self.wall(work)
        solver.parameters.max_deterministic_time = work
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = self.seed
        return solver

    def probe(self, ii: int) -> int | None:
        """Query `ii` (once): `ii` when a schedule exists, else None."""
        found = self._probe(ii)
        self.tell(ii)
        return found

    def _probe(self, ii: int) -> int | None:
        from ortools.sat.python import cp_model

        if ii in self.outcome:
            return ii if self.outcome[ii] == "found" else None
        if self.left() <= 0:
            return None
        model = self.model(ii)
        if model is None:
            self.outcome[ii] = "refuted"
            return None
        solver = self.solver(QUERY_WORK)
        status = solver.solve(model.m)
        if status == cp_model.INFEASIBLE:
            self.outcome[ii] = "refuted"
            return None
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            self.outcome[ii] = "open" if self.left() > 0 else "cut"
            return None
        self.outcome[ii] = "found"
        self.found[ii] = self.answer(solver, model)
        self.models[ii] = model
        return ii

    def tell(self, ii: int) -> None:
        if self.progress:
            elapsed = time.monotonic() - self.start_time
            bound = max(self.lower_ii, *self.bounds)
            self.progress({"ii": ii, "outcome": self.outcome.get(ii, "-"), "bound": bound, "elapsed": elapsed})

    def answer(self, solver, model) -> Found:
        cycles = {o.id: solver.value(model.t[o.id]) for o in self.graph.ops}
        warps = {o.id: next(w for w, x in model.x[o.id].items() if solver.boolean_value(x)) for o in self.graph.ops}
        return cycles, warps

    def shortest(self, ii: int) -> tuple[Found, bool]:
        """The schedule found at `ii` made as short as the work allows, and
        whether its length is proven shortest."""
        from ortools.sat.python import cp_model

        found, model = self.found[ii], self.models[ii]
        if self.left() <= 0:
            return found, False
        cycles, warps = found
        m, g = model.m, self.graph
        end = m.new_int_var(0, model.length, "length")
        m.add_max_equality(end, [model.t[o.id] + o.cycles for o in g.ops])
        m.add(end <= max(cycles[o.id] + o.cycles for o in g.ops))
        for o in g.ops:
            m.add_hint(model.t[o.id], cycles[o.id])
            for w, x in model.x[o.id].items():
                m.add_hint(x, w == warps[o.id])
        m.minimize(end)
        solver = self.solver(LENGTH_WORK)
        status = solver.solve(m)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return found, False
        return self.answer(solver, model), status == cp_model.OPTIMAL

    def infeasible(self, lower: int, note: str, complete: bool = True) -> Schedule:
        return Schedule(None, {}, 0, Status.INFEASIBLE, lower, complete, solver="cp-sat", note=note)

    def summary(self, start: int, top: int) -> str:
        """The IIs below `top` and what ruled each out, as ranges."""
        modulo, pinned = self.bounds
        parts = []
        if start > self.lower_ii:
            why = [f"modulo bound {modulo}"] if modulo == start else []
            why += [f"pins' bound {pinned}"] if pinned == start else []
            parts.append(f"II<{start} below the {' and '.join(why)}")
        runs: list[tuple[int, int, str]] = []
        for ii in range(start, top):
            text = {"refuted": "refuted under the pins", "open": "open (work limit)"}.get(
                self.outcome.get(ii, ""), "open (time limit)"
            )
            if runs and runs[-1][2] == text:
                runs[-1] = (runs[-1][0], ii, text)
            else:
                runs.append((ii, ii, text))
        parts += [f"II={a}{'..' + str(b) if b != a else ''} {text}" for a, b, text in runs]
        return "; ".join(parts)

    def result(self, start: int, best: int | None) -> Schedule:
        proven = start
        while self.outcome.get(proven) == "refuted":
            proven += 1
        if best is None:
            complete = proven > self.max_ii
            note = self.summary(start, self.max_ii + 1)
            return self.infeasible(proven, f"{note}; no schedule with II <= {self.max_ii}", complete)
        (cycles, warps), shortest = self.shortest(best)
        optimal = proven >= best
        note = self.summary(start, best) or f"II={best} is the lower bound"
        note += f"; length {'proven shortest' if shortest else 'not proven shortest'}"
        g = self.graph
        return Schedule(
            ii=best,
            cycles=cycles,
            length=max(cycles[o.id] + o.cycles for o in g.ops),
            status=Status.OPTIMAL if optimal else Status.FEASIBLE,
            lower_bound=min(proven, best),
            complete=optimal,
            warps=warps,
            roles=warp_roles(g, self.config, warps),
            solver="cp-sat",
            note=note,
        )
