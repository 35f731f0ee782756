"""The warp-specialized program of a persistent kernel run as its CTAs run
it (`simulate_persistent`): each CTA walking its tiles with the rings
running on across them, ping-pong consumers taking turns, and 2-CTA
clusters run together with the TMA multicast between them
(docs/simulation.md). One interleaving of one tile is `warp_sim.WarpSim`'s."""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import ModuleOp

from twillc.dialects import tile
from twillc.lowering.simulate.reference import find_func, run_reference
from twillc.lowering.simulate.warp_sim import (
    NUMERIC_RUNS,
    Finding,
    NamedBarrier,
    Options,
    Pair,
    Report,
    WarpSim,
    _compare,
    _policies,
    interleave,
)
from twillc.lowering.warp_program import WarpProgram
from twillc.transforms.common import located_error


def simulate_persistent(
    module: ModuleOp,
    prog: WarpProgram,
    sizes: dict[str, int],
    grid: int,
    interleavings: int = 8,
    seed: int = 0,
    numeric_runs: int = NUMERIC_RUNS,
    ring_runs_on: bool = True,
    turns: bool = True,
    release: str = "cluster",
    exit_sync: bool = True,
) -> Report:
    """A persistent kernel (`tile.persistent`) on a grid of `grid` CTAs:
    each CTA runs the tiles blockIdx.x, + grid, ... one after another with
    its rings running on from one tile to the next (no drain: a role goes
    on into the next tile's copies as soon as its rings let it), under
    `interleavings` interleavings; every tile's stores compared with the
    reference interpreter's for that tile. `ring_runs_on=False` is a
    mutation for the tests: each tile counts its slots and phases from 0
    again while the barriers run on.

    Ping-pong consumers (`twill.nest`'s consumers = "alternate"): the
    consumer role runs on two warp groups, the CTA's tile k on the k % 2-th,
    each taking its turn at the tensor core on its named barrier around its
    tile's main loop as the generated code does (`_pingpong_chains`); the
    main loops must then hold the tensor core in tile order, one after
    another (else a `turn-order` finding). `turns=False` is a mutation for
    the tests: the consumers do not wait for their turns.

    A channel whose last slot of a tile the role holding the loop's result
    frees after the loop (`LiveOutOp.releases`: attention's O on sm_100a)
    is released there (`WarpSim.release_after_loop`), and the next tile's
    first-iteration readers of its carried value wait for that release.

    A 2 x 1 / 1 x 2 cluster with TMA multicast (`twill.cluster` on sm_90a,
    the `cluster` pass's decision): the grid's CTAs 2c and 2c + 1 run
    together as the cluster they are (`_run_cluster`); `release` ("no-remote",
    "own") and `exit_sync=False` are mutations for the tests (`Pair`)."""
    from twillc.lowering.simulate.reference import Machine

    rep = Report()
    persistent = tile.find_persistent(find_func(module))
    if persistent is None:
        raise located_error(prog.ws, "simulate_persistent: the kernel has no tile.persistent loop")
    if prog.plan is None:
        raise located_error(prog.ws, "simulate reads the memory plan: run plan-memory first")
    probe = Machine(find_func(module), 0, dict(sizes))
    n_tiles = int(probe.scalar(persistent.tiles_m, {})) * int(probe.scalar(persistent.tiles_n, {}))
    from twillc.transforms.nest_attr import nest_alternate

    alternate = nest_alternate(persistent.attributes.get("twill.nest")) is not None
    roles = [r.warp for r in prog.roles]
    multicast = cluster_multicast(persistent)
    if multicast is not None:
        if alternate:
            raise located_error(persistent, "simulate: ping-pong consumers in clusters of 2 CTAs are not generated")
        if grid % 2:
            raise located_error(persistent, f"simulate: clusters of 2 CTAs run on an even grid, got {grid} CTAs")
        return _simulate_clusters(
            module, prog, sizes, grid, n_tiles, interleavings, seed, numeric_runs, Pair(release), exit_sync, multicast
        )
    if alternate:
        roles.append(max(roles) + 1)  # the second consumer warp group
    refs: dict[int, tuple] = {}
    for cta in range(min(grid, n_tiles)):
        tiles = list(range(cta, n_tiles, grid))
        for i, (what, policy) in enumerate(_policies(roles, interleavings, seed + cta)):
            sims = _cta_sims(module, prog, sizes, tiles, i < numeric_runs, ring_runs_on)
            rep.runs += 1
            try:
                if alternate:
                    _run_pingpong(sims, policy, roles[-1], turns)
                else:
                    _run_tiles(sims, policy)
                for t, sim in zip(tiles, sims, strict=True):
                    results = sim.finish()
                    if sim.numeric:
                        if t not in refs:
                            refs[t] = run_reference(module, sim.trips, t, dict(sizes))
                        _compare(sim, results, refs[t])
            except Finding as f:
                rep.findings.append(f"CTA {cta} (tiles {tiles}), interleaving '{what}': {f}")
                return rep
    return rep


def _cta_sims(
    module: ModuleOp, prog: WarpProgram, sizes: dict[str, int], tiles: list[int], numeric: bool, ring_runs_on: bool
) -> list[WarpSim]:
    """A persistent CTA's tiles, one WarpSim each, their rings running on
    from one tile to the next (`ring_runs_on=False`: restarting, the mutation)."""
    assert prog.plan is not None
    sims: list[WarpSim] = []
    rings = None
    base = 0
    for t in tiles:
        sim = WarpSim(module, prog, 0, t, dict(sizes), Options(), prog.plan.deferred_release, rings=rings, base=base)
        sim.trips = int(sim.m.scalar(prog.loop.ub, sim.env)) - sim.lb
        sim.trips = max(-(-sim.trips // sim.step), 0)
        sim.numeric = numeric
        rings, base = sim.rings, (base + sim.trips if ring_runs_on else 0)
        sims.append(sim)
    return sims


def cluster_multicast(persistent: tile.PersistentOp) -> tuple[str, ...] | None:
    """The tensors a 2 x 1 / 1 x 2 cluster multicasts (`twill.cluster`, the
    `cluster` pass's decision), or None: no cluster, or a CTA pair computing
    one tile (`cta_group` 2, sm_100a), which runs here as one CTA."""
    from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, StringAttr

    from twillc.transforms.cta_pair import cta_group

    attr = persistent.attributes.get("twill.cluster")
    if not isinstance(attr, DictionaryAttr) or cta_group(persistent) != 1:
        return None
    size, tensors = attr.data.get("size"), attr.data.get("multicast")
    if not isinstance(size, IntegerAttr) or size.value.data != 2 or not isinstance(tensors, ArrayAttr):
        raise located_error(persistent, "simulate: 'twill.cluster' is {size = 2, multicast = [tensors], ...}")
    return tuple(t.data for t in tensors.data if isinstance(t, StringAttr))


def multicast_boxes(
    module: ModuleOp, prog: WarpProgram, tensors: tuple[str, ...]
) -> dict[str, tuple[tuple[int, int, int], ...]]:
    """Each multicast load's boxes (128-byte rows of columns: first and end
    column) and the CTA issuing each where the pair shares the tile: the
    boxes of all the multicast loads in the loop's order, CTA 0 the first
    half (rounded up), CTA 1 the rest, as the emitter splits them."""
    from twillc.transforms.annotate_costs import element_bytes

    func = find_func(module)
    names = {a: a.name_hint or f"arg{i}" for i, a in enumerate(func.regions[0].block.args)}
    name_of = {id(op): n for n, op in prog.ops.items()}
    loads = [
        op
        for op in prog.loop.body.block.ops
        if isinstance(op, tile.LoadOp) and names.get(op.tensor) in tensors and id(op) in name_of
    ]
    spans: list[tuple[str, int, int]] = []
    for op in loads:
        ty = op.result.type
        cols = int(ty.get_shape()[-1])  # type: ignore[attr-defined]
        width = max(128 // element_bytes(ty.element_type), 1)  # type: ignore[attr-defined]
        spans += [(name_of[id(op)], c, min(c + width, cols)) for c in range(0, cols, width)]
    half = (len(spans) + 1) // 2
    out: dict[str, tuple[tuple[int, int, int], ...]] = {}
    for g, (name, c0, c1) in enumerate(spans):
        out[name] = (*out.get(name, ()), (c0, c1, 0 if g < half else 1))
    return out


def _simulate_clusters(
    module: ModuleOp,
    prog: WarpProgram,
    sizes: dict[str, int],
    grid: int,
    n_tiles: int,
    interleavings: int,
    seed: int,
    numeric_runs: int,
    pair: Pair,
    exit_sync: bool,
    multicast: tuple[str, ...],
) -> Report:
    """`simulate_persistent` on 2-CTA clusters: cluster c's CTAs 2c and
    2c + 1 walk the pairs of tiles (bid, bid ^ 1) while `(bid & ~1) <
    n_tiles` (CTA 1's tile past the grid where the tile count is odd:
    computed, not stored, as the emitter's `bid < n_tiles` store guard);
    each CTA has its own rings and barriers (`Ring.join`), the multicast
    channels' boxes half from each CTA where the pair shares the tile
    (`WarpSim.multicast`). Every stored tile is compared with the reference."""
    rep = Report()
    boxes = multicast_boxes(module, prog, multicast)
    roles = [r.warp for r in prog.roles]
    keys = [(r, w) for r in (0, 1) for w in roles]
    refs: dict[int, tuple] = {}
    for c in range(grid // 2):
        if 2 * c >= n_tiles:
            break
        tiles = [[b for b in range(2 * c + r, n_tiles + 1, grid) if (b & ~1) < n_tiles] for r in (0, 1)]
        pols = _policies(keys, interleavings, seed + c, lambda k: f"CTA {k[0]}'s warp {k[1]}")
        for i, (what, policy) in enumerate(pols):
            ctas = [_cta_sims(module, prog, sizes, tiles[r], i < numeric_runs, True) for r in (0, 1)]
            run = Pair(pair.release)
            for name, ring in ctas[0][0].rings.items():
                peer = ctas[1][0].rings[name]
                ring.join(peer, 0, run, boxes.get(name, ()))
                peer.join(ring, 1, run, boxes.get(name, ()))
            for a, b in zip(ctas[0], ctas[1], strict=True):
                a.peer, b.peer = b, a
                a.n_tiles = b.n_tiles = n_tiles
            rep.runs += 1
            try:
                _run_cluster(ctas, policy, run, exit_sync)
                for r in (0, 1):
                    for t, sim in zip(tiles[r], ctas[r], strict=True):
                        results = sim.finish()
                        if sim.numeric and t < n_tiles:  # a tile past the grid: computed, not stored
                            if t not in refs:
                                refs[t] = run_reference(module, sim.trips, t, dict(sizes))
                            _compare(sim, results, refs[t])
            except Finding as f:
                where = f"cluster {c} (CTA 0: block {2 * c}, tiles {tiles[0]}; CTA 1: block {2 * c + 1}, "
                rep.findings.append(f"{where}tiles {tiles[1]}), interleaving '{what}': {f}")
                return rep
    return rep


def _run_cluster(ctas: list[list[WarpSim]], policy, pair: Pair, exit_sync: bool) -> None:
    """The two CTAs of a cluster, every role of each running its CTA's tiles
    in order under one interleaving, between the cluster barriers at start
    (every CTA's barriers initialized before a multicast or a remote
    arrive) and at exit (no CTA exits while its peer may still arrive on its
    barriers: `exit_sync=False` drops it, the mutation). A CTA has exited
    once all its roles ended (`Pair.exited`)."""
    roles = [r.warp for r in ctas[0][0].prog.roles]
    start = NamedBarrier("the cluster barrier at start", 2 * len(roles))
    end = NamedBarrier("the cluster barrier at exit", 2 * len(roles))
    left = [len(roles), len(roles)]

    def sync(bar: NamedBarrier, r: int, w: int) -> Iterator:
        g = bar.arrive()
        if not bar.passed(g):
            yield ("wait", bar, g, f"warp {w} waits {bar.name}")

    def chain(r: int, w: int) -> Iterator:
        yield from sync(start, r, w)
        for sim in ctas[r]:
            yield from sim.role(w)
            yield from sim.release_after_loop(w)
        if exit_sync:
            yield from sync(end, r, w)
        left[r] -= 1
        if left[r] == 0:
            pair.exited[r] = True

    def on_cta(r: int, w: int) -> Iterator:
        """The role's events and findings, said of CTA r."""
        try:
            for ev in chain(r, w):
                yield (*ev[:3], f"CTA {r}: {ev[3]}") if ev[0] == "wait" else ev
        except Finding as f:
            if f.message.startswith("CTA "):
                raise
            raise Finding(f.kind, f"CTA {r}: {f.message}") from None

    interleave({(r, w): on_cta(r, w) for r in (0, 1) for w in roles}, policy)


def _run_tiles(sims: list[WarpSim], policy) -> None:
    """Each role runs its copies of every tile in order (the generated code's
    tile loop); the interleaving picks among the roles as `WarpSim.run` does."""

    def chain(w: int) -> Iterator:
        for sim in sims:
            yield from sim.role(w)
            yield from sim.release_after_loop(w)

    interleave({r.warp: chain(r.warp) for r in sims[0].prog.roles}, policy)


def _run_pingpong(sims: list[WarpSim], policy, second: int, turns: bool) -> None:
    """The ping-pong CTA (`simulate_persistent`): the producer runs every
    tile in order; the consumer role's copies of tile k run on warp group
    `k % 2` (the role's own warp, or `second`), each tile's main loop between
    a sync on that consumer's turn barrier and an arrive on the other's
    (consumer 1 hands consumer 0 the first turn; after its tiles the
    consumer whose turn comes next takes it, as the generated code does).
    Every turn's start and end is logged in the order the interleaving runs
    them: tile k's main loop must end before tile k + 1's starts."""
    prog = sims[0].prog
    consumers = sorted({c for ring in sims[0].rings.values() for c in ring.consumers})
    if len(consumers) != 1:
        raise Finding("misplaced", f"ping-pong consumers take a main loop on one consumer role, not {consumers}")
    first = consumers[0]
    bars = [NamedBarrier(f"turn barrier of consumer {c}", 2) for c in range(2)]
    log: list[tuple[int, str]] = []

    def turn(c: int, k: int, sim: WarpSim) -> Iterator:
        if turns:
            g = bars[c].arrive()
            if not bars[c].passed(g):
                yield ("wait", bars[c], g, f"consumer {c} waits its turn for tile {k}")
        log.append((k, "start"))
        yield from sim.role(first)
        log.append((k, "end"))
        if turns:
            bars[1 - c].arrive()

    def consumer(c: int) -> Iterator:
        if c == 1 and turns:
            bars[0].arrive()  # consumer 0 takes the first turn
        for k in range(c, len(sims), 2):
            yield from turn(c, k, sims[k])
        if turns and len(sims) % 2 == c:  # the last turn handed over
            g = bars[c].arrive()
            if not bars[c].passed(g):
                yield ("wait", bars[c], g, f"consumer {c} takes the last turn handed over")

    def producer(w: int) -> Iterator:
        for sim in sims:
            yield from sim.role(w)

    gens: dict[int, Iterator] = {r.warp: producer(r.warp) for r in prog.roles if r.warp != first}
    gens[first], gens[second] = consumer(0), consumer(1)
    interleave(gens, policy)
    if turns and any(b.pending for b in bars):
        raise Finding("turn-order", "a turn barrier is left with an arrival no consumer matched")
    order = [k for k, _ in log]
    if order != [k for k in range(len(sims)) for _ in range(2)]:
        at = next(i for i, k in enumerate(order) if k != i // 2)
        raise Finding(
            "turn-order",
            f"the tensor core's turns ran {log[: at + 1]}: tile {log[at][0]}'s main loop is not between tile "
            f"{at // 2 - 1}'s end and tile {at // 2 + 1}'s start",
        )
