"""GauS: differentiable modulo scheduling with Gaussian start times (Cai et
al., arXiv 2602.20427), in PyTorch.

Each op's start X_i ~ N(mu_i, sigma_i^2) is discretized over the horizon
[0, D): P_i[d] = Phi((d + 0.5 - mu_i)/sigma_i) - Phi((d - 0.5 - mu_i)/sigma_i),
renormalized. With independent starts every term is an exact expectation
under these discrete distributions:

- dependence u -> v (delay a, distance k): E[relu(a - k*II + X_u - X_v)],
  from the cumulative mass and first moment of X_v (no D x D products);
- modulo resources: each op's mass folded onto II residues, spread over its
  occupancy (circular box sums), summed per unit: E[sum relu(use - cap)]
  is bounded below by relu(E[use] - cap), which is what is penalized;
- horizon: E[relu(X_i + cycles_i - D)].

The objective is a LogSumExp smooth maximum of mu_i + cycles_i (the length);
an augmented Lagrangian (multipliers and a growing penalty) drives the
violation terms to zero under Adam. Legalization rounds the means, repairs
dependences to a fixed point, places ops on a modulo reservation table, and
falls back to iterative modulo scheduling; the best legal schedule is kept
and the distributions are re-centred on it. No Python loop runs over ops or
edges inside an optimization step.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from twillc.scheduling.graph import DependenceGraph, Schedule, Status, schedule_length
from twillc.scheduling.ims import iterative_modulo_schedule
from twillc.scheduling.progress import Progress

WINDOW = 32
"""Times per op on large graphs: each op's distribution lives on WINDOW
steps around its mean instead of the whole horizon."""

EARLY_LEGALIZE = 50
"""Iteration of the first round at which a first legal schedule is taken."""

WINDOW_ABOVE = 500_000
"""Ops x horizon past which the windowed form is used (memory and time
per step then grow with the ops alone)."""


class GausFailure(Exception):
    """No legal schedule at the requested II."""


@dataclass
class _Tensors:
    """The graph as index arrays (built once)."""

    cycles: object
    src: object
    dst: object
    shift: object  # delay - distance * II
    seg_op: object
    seg_unit: object
    seg_offset: object
    seg_len: object
    seg_count: object
    seg_wraps: object
    caps: object
    units: list[str]


def _tensors(graph: DependenceGraph, ii: int, torch, device: str) -> _Tensors:
    from twillc.scheduling.reservations import segments

    index = {o.id: i for i, o in enumerate(graph.ops)}
    units = sorted(graph.capacities)
    unit_index = {u: k for k, u in enumerate(units)}
    seg = []
    for i, o in enumerate(graph.ops):
        for unit, runs in segments(o.rrt).items():
            for offset, length, count in runs:
                wraps, rest = divmod(length, ii)
                seg.append((i, unit_index[unit], offset % ii, rest, count, wraps))
    seg_arr = np.array(seg, dtype=np.int64).reshape(-1, 6)

    def t(a, dtype=torch.long):
        return torch.as_tensor(np.asarray(a), dtype=dtype, device=device)

    return _Tensors(
        cycles=t([o.cycles for o in graph.ops], torch.float64),
        src=t([index[e.src] for e in graph.edges]),
        dst=t([index[e.dst] for e in graph.edges]),
        shift=t([e.delay - e.distance * ii for e in graph.edges], torch.float64),
        seg_op=t(seg_arr[:, 0]),
        seg_unit=t(seg_arr[:, 1]),
        seg_offset=t(seg_arr[:, 2]),
        seg_len=t(seg_arr[:, 3]),
        seg_count=t(seg_arr[:, 4], torch.float64),
        seg_wraps=t(seg_arr[:, 5], torch.float64),
        caps=t([graph.capacities[u] for u in units], torch.float64),
        units=units,
    )


def step_probabilities(mu, sigma, horizon: int, torch, base=None):
    """P[i, j] for the times base_i + j, j in [0, horizon) (base 0: the whole
    horizon; else a window per op): normal mass on [t - 0.5, t + 0.5),
    renormalized over those times."""
    d = torch.arange(horizon + 1, dtype=mu.dtype, device=mu.device) - 0.5
    if base is not None:
        d = d[None, :] + base[:, None].to(mu.dtype)
    else:
        d = d[None, :]
    cdf = torch.special.ndtr((d - mu[:, None]) / sigma[:, None])
    p = cdf[:, 1:] - cdf[:, :-1]
    # The floor keeps d(p / sum)/d(sum) finite when a mean drifts far out.
    return p / p.sum(dim=1, keepdim=True).clamp_min(1e-30)


def dependence_violation(p, src, dst, shift, torch, base=None):
    """E[relu(shift + X_src - X_dst)] per edge, X independent with masses p
    over the times base + j (see step_probabilities)."""
    width = p.shape[1]
    steps = torch.arange(width, dtype=p.dtype, device=p.device)
    times = steps[None, :] + (base[:, None].to(p.dtype) if base is not None else 0)
    mass = torch.cumsum(p, dim=1)  # C[j] = P(X <= time j)
    moment = torch.cumsum(p * times, dim=1)  # M[j] = E[X; X <= time j]
    # For each value x of X_src: c = shift + x, E[relu(c - X_dst)] = c C[c-1] - M[c-1].
    src_times = times[src] if base is not None else times.expand(len(src), width)
    c = shift[:, None] + src_times  # edges x width
    at = c - 1 - (base[dst][:, None].to(p.dtype) if base is not None else 0)  # index into dst's times
    idx = at.clamp(-1, width - 1).long()
    take = idx.clamp_min(0)
    cm = torch.gather(mass[dst], 1, take)
    mm = torch.gather(moment[dst], 1, take)
    below = idx < 0
    inner = torch.where(below, torch.zeros_like(c), c * cm - mm)
    # Past dst's last time C = 1, M = E[X]: the formula extends linearly.
    over = at > (width - 1)
    mean = moment[dst, -1][:, None]
    inner = torch.where(over, c - mean, inner)
    return (p[src] * inner).sum(dim=1)


def folded_usage(p, tens: _Tensors, ii: int, torch, base=None):
    """Expected instances of each unit in use at each residue: units x II."""
    n, width = p.shape
    times = torch.arange(width, device=p.device)[None, :] + (base[:, None] if base is not None else 0)
    folded = torch.zeros(n, ii, dtype=p.dtype, device=p.device).scatter_add_(1, times.expand(n, width) % ii, p)
    twice = torch.cat([folded, folded], dim=1)
    csum = torch.nn.functional.pad(torch.cumsum(twice, dim=1), (1, 0))  # n x (2II + 1)
    r = torch.arange(ii, device=p.device)
    # Mass of starts s with (r - offset - s) mod II in [0, len): a circular box sum.
    hi = (r[None, :] - tens.seg_offset[:, None]) % ii + ii + 1
    lo = hi - tens.seg_len[:, None]
    rows = csum[tens.seg_op]
    box = torch.gather(rows, 1, hi) - torch.gather(rows, 1, lo)
    occ = tens.seg_count[:, None] * (box + tens.seg_wraps[:, None])
    usage = torch.zeros(len(tens.units), ii, dtype=p.dtype, device=p.device)
    usage.index_add_(0, tens.seg_unit, occ)
    return usage


def _pack_residues(
    graph: DependenceGraph, ii: int, t: np.ndarray, src, dst, w, rotate: int = 0
) -> dict[str, int] | None:
    """Legalize through residues: on every one-instance unit, its ops keep
    the circular order GauS gave them and are packed back to back from the
    first one's residue; then each op issues at the first time of its
    residue class that its dependences allow (a fixed point)."""
    from twillc.scheduling.checker import check_schedule

    ops = graph.ops
    residue = np.full(len(ops), -1, dtype=np.int64)
    for unit, cap in graph.capacities.items():
        users = [i for i, o in enumerate(ops) if unit in o.units()]
        if cap != 1 or not users:
            continue
        if any(residue[i] >= 0 or len(ops[i].units()) > 1 for i in users):
            return None
        if sum(ops[i].cycles for i in users) > ii:
            return None
        users.sort(key=lambda i: (int(t[i]) % ii, i))
        k = rotate % len(users)
        users = users[k:] + users[:k]
        r = int(t[users[0]]) % ii
        for i in users:
            residue[i] = r % ii
            r += ops[i].cycles
    fixed = residue >= 0
    cur = t.copy()
    for _ in range(4 * len(ops) + 4):
        low = cur.copy()
        np.maximum.at(low, dst, cur[src] + w)
        up = low + np.where(fixed, (residue - low) % ii, 0)
        if np.array_equal(up, cur):
            cycles = {o.id: int(cur[i]) for i, o in enumerate(ops)}
            base = min(cycles.values())
            cycles = {k: v - base for k, v in cycles.items()}
            trial = Schedule(ii, cycles, schedule_length(graph, cycles), Status.FEASIBLE, ii)
            return cycles if not check_schedule(graph, trial) else None
        cur = up
    return None


def _legalize(graph: DependenceGraph, ii: int, start: np.ndarray) -> dict[str, int] | None:
    """Round, repair dependences to a fixed point, then residues packed per
    one-instance unit, or a modulo reservation table in start order;
    iterative modulo scheduling when those fail."""
    from twillc.scheduling.checker import check_schedule
    from twillc.scheduling.ims import ims_all_pairs

    ops = graph.ops
    index = {o.id: i for i, o in enumerate(ops)}
    src = np.array([index[e.src] for e in graph.edges], dtype=np.int64)
    dst = np.array([index[e.dst] for e in graph.edges], dtype=np.int64)
    w = np.array([e.delay - e.distance * ii for e in graph.edges], dtype=np.int64)
    t = np.maximum(np.rint(start).astype(np.int64), 0)
    repaired = t.copy()
    for _ in range(len(ops) + 1):
        new = repaired.copy()
        np.maximum.at(new, dst, repaired[src] + w)
        if np.array_equal(new, repaired):
            break
        repaired = new
    # GauS's own order, the dependence-repaired one, then the same with the
    # ops of each unit rotated (another op first on the circle).
    for order in (t, repaired):
        for rotate in range(3):
            packed = _pack_residues(graph, ii, order, src, dst, w, rotate)
            if packed is not None:
                return packed

    def table_in_order(t: np.ndarray) -> dict[str, int] | None:
        """Dependence repair, then a modulo reservation table in start order."""
        for _ in range(4):
            for _ in range(len(ops) + 1):  # dependence repair
                new = t.copy()
                np.maximum.at(new, dst, t[src] + w)
                if np.array_equal(new, t):
                    break
                t = new
            else:
                return None
            table: dict[tuple[str, int], int] = {}
            placed = t.copy()
            for i in np.argsort(t, kind="stable"):
                o = ops[i]
                for s in range(int(t[i]), int(t[i]) + ii):
                    if all(
                        table.get((u, (s + c) % ii), 0) + q <= graph.capacities[u]
                        for c, row in enumerate(o.rrt)
                        for u, q in row
                    ):
                        for c, row in enumerate(o.rrt):
                            for u, q in row:
                                table[(u, (s + c) % ii)] = table.get((u, (s + c) % ii), 0) + q
                        placed[i] = s
                        break
                else:
                    return None
            cycles = {o.id: int(placed[i]) for i, o in enumerate(ops)}
            base = min(cycles.values())
            cycles = {k: v - base for k, v in cycles.items()}
            trial = Schedule(ii, cycles, schedule_length(graph, cycles), Status.FEASIBLE, ii)
            if not check_schedule(graph, trial):
                return cycles
            t = placed
        return None

    mrt = table_in_order(t)
    if mrt is not None:
        return mrt
    direct = iterative_modulo_schedule(graph, ii, np.asarray(start, dtype=np.float64))
    return direct if direct is not None else ims_all_pairs(graph, ii)


def gaus_modulo_schedule(
    graph: DependenceGraph,
    *,
    ii: int | None = None,
    horizon: int | None = None,
    time_limit: float = 60.0,
    seed: int = 0,
    device: str = "cpu",
    iterations: int = 300,
    rounds: int = 3,
    progress: Progress | None = None,
) -> Schedule:
    """A legal modulo schedule found by GauS at `ii` (default: the smallest
    II from max(ResMII, RecMII) upward at which legalization succeeds)."""
    import torch

    from twillc.scheduling.bounds import mii

    start_time = time.monotonic()
    lower = mii(graph)
    candidates = [ii] if ii is not None else range(lower, lower + 64)
    torch.manual_seed(seed)
    for target in candidates:
        if time.monotonic() - start_time > time_limit:
            break
        found = _at_ii(
            graph,
            target,
            horizon,
            time_limit - (time.monotonic() - start_time),
            seed,
            device,
            iterations,
            rounds,
            progress,
            torch,
        )
        if found is not None:
            cycles = {o.id: found[o.id] for o in graph.ops}
            optimal = target == lower
            return Schedule(
                ii=target,
                cycles=cycles,
                length=schedule_length(graph, cycles),
                status=Status.OPTIMAL if optimal else Status.FEASIBLE,
                lower_bound=lower,
                complete=optimal,
                solver="gaus",
                note="II meets max(ResMII, RecMII)" if optimal else f"II not proven minimal: lower bound {lower}",
            )
    where = f"at II = {ii}" if ii else f"at II from {lower} to {lower + 63}"
    raise GausFailure(f"no legal schedule found {where} in {time_limit:g} s")


def _at_ii(graph, ii, horizon, time_limit, seed, device, iterations, rounds, progress, torch) -> dict[str, int] | None:
    from twillc.scheduling.paths import longest_paths

    n = len(graph.ops)
    paths = longest_paths(graph, ii, [0])
    if paths is None:
        return None
    asap = paths[1].astype(np.float64)
    cycles_np = np.array([o.cycles for o in graph.ops], dtype=np.float64)
    depth = int((asap + cycles_np).max())
    D = horizon or max(depth + 2 * ii, 8)
    tens = _tensors(graph, ii, torch, device)
    windowed = n * D > WINDOW_ABOVE
    gen = torch.Generator(device="cpu").manual_seed(seed)
    mu = torch.tensor(asap, dtype=torch.float64, device=device)
    mu = mu + 0.1 * torch.rand(n, generator=gen, dtype=torch.float64).to(device)
    best: dict[str, int] | None = None
    best_len = None
    start = time.monotonic()

    def keep(legal: dict[str, int]) -> None:
        nonlocal best, best_len
        L = schedule_length(graph, legal)
        if progress:
            progress({"ii": ii, "legal": True, "length": L, "elapsed": time.monotonic() - start})
        if best_len is None or L < best_len:
            best, best_len = legal, L

    for _ in range(rounds):
        mu_p = mu.clone().requires_grad_(True)
        log_sigma = torch.full((n,), 0.0, dtype=torch.float64, device=device, requires_grad=True)
        opt = torch.optim.Adam([mu_p, log_sigma], lr=0.2)
        lam = torch.zeros(3, dtype=torch.float64, device=device)
        rho = 1.0
        for it in range(iterations):
            if time.monotonic() - start > time_limit:
                break
            sigma = torch.nn.functional.softplus(log_sigma) + 0.2
            if windowed:
                # Each op's mass on WINDOW times around its mean; sigma is
                # capped so the window holds all but a negligible tail.
                sigma = sigma.clamp_max(WINDOW / 8)
                base = torch.round(mu_p.detach()).long() - WINDOW // 2
                p = step_probabilities(mu_p, sigma, WINDOW, torch, base)
            else:
                base = None
                p = step_probabilities(mu_p, sigma, D, torch)
            dep = (
                dependence_violation(p, tens.src, tens.dst, tens.shift, torch, base).sum()
                if len(graph.edges)
                else mu_p.sum() * 0
            )
            res = torch.relu(folded_usage(p, tens, ii, torch, base) - tens.caps[:, None]).sum()
            hor = torch.relu(mu_p + tens.cycles - D).sum()
            viol = torch.stack([dep, res, hor])
            length = torch.logsumexp((mu_p + tens.cycles) / 2.0, dim=0) * 2.0
            loss = length / D + (lam * viol).sum() + rho / 2 * (viol**2).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            if best is None and it + 1 == EARLY_LEGALIZE and iterations > 2 * EARLY_LEGALIZE:
                # An early legal schedule, so a short budget still gets one.
                early = _legalize(graph, ii, mu_p.detach().cpu().numpy())
                if early is not None:
                    keep(early)
            if it % 25 == 24:
                with torch.no_grad():
                    lam = lam + rho * viol.detach()
                    rho = min(rho * 1.5, 1e4)
                if progress:
                    shown = {"violation": float(viol.detach().sum()), "length": float(length.detach())}
                    progress({"ii": ii, "iteration": it + 1, **shown})
        legal = _legalize(graph, ii, mu_p.detach().cpu().numpy())
        if legal is not None:
            keep(legal)
            # Re-centre the distributions on the legal schedule and go on.
            mu = torch.tensor([float(legal[o.id]) for o in graph.ops], dtype=torch.float64, device=device)
        if time.monotonic() - start > time_limit:
            break
    return best
