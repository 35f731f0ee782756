"""An interpreter of the warp-specialized program (`twill.warp_specialize`,
read by `read_warp_program` alone): each role a Python generator running its
prologue / kernel / epilogue copies as `twillc/lowering/cuda/roles.py` orders them,
channels as rings of `depth` slots with full / empty mbarriers, waits on
the parity the generated code uses (slot it % depth, full parity
(it / depth) & 1, empty parity that ^ 1), run under an interleaving
(docs/simulation.md).

Every arrival carries the schedule's cycle of the event (an op's issue
cycle, it * II + stage * II + at; a slot held by its readers is released
when the last of them ends, its issue plus its `twill.cost` cycles): a wait
whose phase completes later than the waiting copy's own cycle is a stall,
i.e. the program cannot run at the II its schedule was proven at (a ring
too shallow for its values' lifetimes).

Each slot holds (value name, iteration, tile): a reader checks it gets the
iteration it expects, a producer refilling a slot checks every consumer
released it. All roles blocked is a deadlock. At the end every op of every
iteration below the trip count must have run exactly once, and the stores
must equal the reference interpreter's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.lowering.simulate.reference import Machine, body_operand, find_func, loop_operands, run_reference
from twillc.lowering.warp_program import RoleCopy, WarpProgram, turn_applies
from twillc.transforms.common import located_error
from twillc.transforms.ir_graph import cost_of
from twillc.transforms.loop_handoff import carried_source


class Finding(Exception):
    """What the simulation found wrong: kind is deadlock, stall, overwrite,
    stale-read, unwritten-read, unavailable, misplaced, missing, duplicate, beyond-trips,
    turn-order (the tensor core's issues out of the schedule's order under `twill.issue_order`),
    after-exit (a cluster's CTA arrives on, or multicasts into, a peer that has exited) or mismatch."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind, self.message = kind, message


class Barrier:
    """An mbarrier: `count` arrivals complete a phase; a wait on parity P
    returns once the phase of parity P has completed, i.e. while the
    current phase's parity is not P (PTX `mbarrier.try_wait.parity`).
    `done_at`: the schedule's cycle at which the last phase completed (its
    latest arrival's), -1 before any."""

    __slots__ = ("count", "pending", "phase", "name", "latest", "done_at")

    def __init__(self, name: str, count: int) -> None:
        self.name, self.count, self.pending, self.phase = name, count, 0, 0
        self.latest = self.done_at = -1

    def arrive(self, at: int) -> None:
        self.pending += 1
        self.latest = max(self.latest, at)
        if self.pending >= self.count:
            self.pending, self.phase = 0, self.phase + 1
            self.done_at, self.latest = self.latest, -1

    def passed(self, parity: int) -> bool:
        return (self.phase & 1) != parity


class NamedBarrier:
    """A named barrier (`bar.sync` / `bar.arrive id, count`): `count`
    arrivals (one per warp group here) complete a generation; a sync
    arrives and returns once the generation it arrived in has completed.
    `passed(g)`: generation g has completed."""

    __slots__ = ("count", "pending", "generation", "name")

    def __init__(self, name: str, count: int) -> None:
        self.name, self.count, self.pending, self.generation = name, count, 0, 0

    def arrive(self) -> int:
        """Arrive; the generation arrived in."""
        g = self.generation
        self.pending += 1
        if self.pending >= self.count:
            self.pending, self.generation = 0, self.generation + 1
        return g

    def passed(self, generation: int) -> bool:
        return self.generation > generation


@dataclass
class Ring:
    name: str
    depth: int
    producer: int
    consumers: tuple[int, ...]
    holds: bool  # readers keep the slot until their last use (a loaded tile, tensor memory), else copy and release
    full: list[Barrier] = field(default_factory=list)
    empty: list[Barrier] = field(default_factory=list)
    slots: list = field(default_factory=list)  # (iteration, tile) or None
    released: list[set] = field(default_factory=list)  # the consumers of this CTA that released the slot
    # a 2-CTA cluster (`simulate_persistent`, `twill.cluster`): this CTA's rank, the channel's ring in the
    # other CTA, and the pair both belong to; a multicast channel's boxes (first and end column, the CTA
    # that issues the box when the pair shares the tile) and what each box of a slot holds (iteration, part)
    cta: int = 0
    peer: Ring | None = None
    pair: Pair | None = None
    boxes: tuple[tuple[int, int, int], ...] = ()
    parts: list[list] = field(default_factory=list)

    def __post_init__(self) -> None:
        d = max(self.depth, 0)
        self.full = [Barrier(f"{self.name}_full[{i}]", 1) for i in range(d)]
        self.empty = [Barrier(f"{self.name}_empty[{i}]", len(self.consumers)) for i in range(d)]
        self.slots = [None] * d
        self.released = [set() for _ in range(d)]

    def join(self, peer: Ring, cta: int, pair: Pair, boxes: tuple[tuple[int, int, int], ...]) -> None:
        """This CTA's ring of a 2-CTA cluster, `peer` the other CTA's. Every
        consumer's release arrives on both CTAs' empty barriers (half of its
        threads on each, `tw_mbar_arrive_cluster2`), so each counts both CTAs'
        consumers (`pair.release` "own": this CTA's alone, the mutation). A
        multicast channel (`boxes`): a slot's full barrier counts the
        producer's expect_tx and each box's bytes, wherever they come from."""
        self.peer, self.cta, self.pair, self.boxes = peer, cta, pair, boxes
        for b in self.empty:
            b.count = len(self.consumers) * (1 if pair.release == "own" else 2)
        for b in self.full:
            b.count = 1 + len(boxes)
        self.parts = [[None] * len(boxes) for _ in self.slots]

    def unreleased(self, slot: int) -> list[int]:
        """This CTA's consumers that have not released `slot`'s iteration."""
        return sorted(set(self.consumers) - self.released[slot])

    def land(self, who: str, slot: int, n: int, box: int, part: object, at: int) -> None:
        """Box `box` of iteration `n` (the rings' count) lands in `slot`,
        written by `who`: the slot's previous iteration must have been
        released by every consumer of this CTA (they read it), and this CTA
        must not have exited; the bytes complete on the slot's full barrier."""
        assert self.pair is not None
        if self.pair.exited[self.cta]:
            raise Finding("after-exit", f"{who} writes box {box} of '{self.name}' into CTA {self.cta}, which exited")
        old = self.slots[slot]
        if old is None or old[0] != n:
            missing = self.unreleased(slot)
            if old is not None and missing:
                raise Finding(
                    "overwrite",
                    f"{who} writes box {box} of '{self.name}' iteration {n} into slot {slot} of CTA {self.cta} "
                    f"before its warp(s) {missing} released iteration {old[0]}",
                )
            self.slots[slot], self.released[slot] = (n, None), set()
        self.parts[slot][box] = (n, part)
        self.full[slot].arrive(at)


@dataclass
class Pair:
    """The two CTAs of a 2 x 1 / 1 x 2 cluster (`twill.cluster`): which have
    exited, and how a consumer releases a slot: "cluster" (the emitter's:
    on both CTAs' empty barriers, each counting both CTAs' consumers), and
    the mutations for the tests, "no-remote" (on its own CTA's only, the
    barriers counting both CTAs'), "own" (on its own CTA's, counting its own
    consumers: a producer refills after its own consumers alone)."""

    release: str = "cluster"
    exited: list[bool] = field(default_factory=lambda: [False, False])


@dataclass(frozen=True)
class Options:
    """Mutations of the protocol the IR does not spell (the parity is
    derived from the depth): waits on these (channel, 'full' | 'empty')
    use the other parity."""

    flip: frozenset[tuple[str, str]] = frozenset()


def _policies(roles: list, n: int, seed: int, label=lambda w: f"warp {w}") -> list[tuple[str, object]]:
    """The interleavings: each role first (running as far ahead as its
    rings allow) and each role last (as late as possible), then seeded
    random ones up to `n`. `label`: a role as the names say it."""
    out: list[tuple[str, object]] = []
    for w in roles:
        out.append((f"{label(w)} first", [w, *[r for r in roles if r != w]]))
        out.append((f"{label(w)} last", [*[r for r in roles if r != w], w]))
    k = 0
    while len(out) < n:
        out.append((f"random seed {seed + k}", random.Random(seed * 7919 + k)))
        k += 1
    return out


class WarpSim:
    def __init__(
        self,
        module: ModuleOp,
        prog: WarpProgram,
        trips: int,
        bid: int,
        sizes: dict,
        options: Options,
        deferred_release: bool = False,
        passed: dict | None = None,
        block_yz: tuple[int, int] = (0, 0),
        rings: dict[str, Ring] | None = None,
        base: int = 0,
    ):
        """`rings` and `base`: a persistent CTA's later tile, whose rings run
        on from the tile before (its iteration `it` is the rings' `base + it`)."""
        self.prog, self.trips, self.options = prog, trips, options
        self.m = Machine(
            find_func(module), bid, dict(sizes), passed={} if passed is None else passed, block_yz=block_yz
        )
        self.loop = prog.loop
        self.body = self.loop.body.block
        before = list(self.m.block.ops)[: list(self.m.block.ops).index(self.loop)]
        self.env: dict[SSAValue, object] = {}
        self.m.run_outside(before, self.env)
        self.name_of = {id(op): n for n, op in prog.ops.items()}
        self.yielded = list(self.body.last_op.operands) if isinstance(self.body.last_op, tile.YieldOp) else []
        self.inits = [self.m.value(v, self.env) for v in self.loop.iter_args]
        self.lb = int(self.m.scalar(self.loop.lb, self.env))
        self.step = int(self.m.scalar(self.loop.step, self.env))
        self.skipped = {
            self.name_of[id(op)] for op in (prog.split.mask_only if prog.split else ()) if id(op) in self.name_of
        }
        self.runs = {c.op: r.warp for r in prog.roles for c in r.kernel}
        self.base = base
        self.rings = (
            rings
            if rings is not None
            else {
                n: Ring(
                    n, ch.depth, ch.producer, ch.consumers, isinstance(prog.ops[n], tile.LoadOp) or ch.memory == "tmem"
                )
                for n, ch in prog.channels.items()
            }
        )
        # the sm_90a GEMM printer releases a loaded tile's slot one iteration
        # later, once the next wgmma batch is issued (one batch in flight)
        self.deferred_release = deferred_release
        self.deferred: dict[tuple[int, str], tuple[int, int]] = {}  # (warp, ring) -> (iteration, cycle)
        self.clock = {r.warp: 0 for r in prog.roles}  # the schedule's cycle of each role's current copy
        self.busy = {n: cost_of(op).cycles.data for n, op in prog.ops.items()}
        self.read_end: dict[tuple[int, str, int], int] = {}
        self.done: dict[tuple[str, int], int] = {}
        self.vals: dict[int, dict[tuple[str, int], object]] = {r.warp: {} for r in prog.roles}
        self.reads_left: dict[tuple[int, str, int], int] = {}
        self.numeric = True
        # the roles' turns at the tensor core (`twill.issue_order`): their named barriers, and the MMAs
        # issued so far (the schedule's cycle, op, iteration), which must come in the schedule's order
        self.turn_bars = {t.bar: NamedBarrier(f"named barrier {t.bar}", len(prog.turns)) for t in prog.turns}
        self.turn_issues: list[tuple[int, str, int]] = []
        # a 2-CTA cluster (`simulate_persistent`): the other CTA's tile of the pair, and the tile count
        self.peer: WarpSim | None = None
        self.n_tiles = 0

    # -- what an op reads ----------------------------------------------------
    def source(self, v: SSAValue) -> tuple[str, int] | None:
        """(the loop op computing v, 0) or, for a carried value, (the op
        yielding it, 1: the previous iteration's); None for values from
        outside the loop's costed ops."""
        if self._carried(v):  # through carried values yielded as they came in (`x = y`): one more iteration each
            found = carried_source(self.loop, v.index - 1)  # type: ignore[attr-defined]
            if found is None:  # never assigned, or a cycle of carried values: never computed in the loop
                return None
            y, delta = found
            return (self.name_of[id(y.owner)], delta) if id(y.owner) in self.name_of else None
        return (self.name_of[id(v.owner)], 0) if id(v.owner) in self.name_of else None

    def _carried(self, v: SSAValue) -> bool:
        return isinstance(v, BlockArgument) and v.block is self.body and v.index >= 1

    def entering(self, v: SSAValue, it: int) -> object:
        """Carried value v entering iteration `it`, where no loop op of
        iteration `it - 1` or later computed it: its initial value, a value
        from before the loop yielded unchanged, or another carried value's."""
        while it > 0:
            y = self.yielded[v.index - 1]  # type: ignore[attr-defined]
            if not self._carried(y):
                return body_operand(self.m, y, self.loop, self.env, self.lb + (it - 1) * self.step, {})
            v, it = y, it - 1
        return self.inits[v.index - 1]  # type: ignore[attr-defined]

    def unmasked(self, j: int) -> bool:
        split = self.prog.split
        if split is None:
            return False
        return all(
            a * j + int(self.m.scalar(o, self.env)) >= 0 for a, o in zip(split.alphas, split.offsets, strict=True)
        )

    def readers(self, w: int, name: str, src_it: int) -> int:
        """How many of role w's op instances read iteration src_it of `name`."""
        n = 0
        for op_name, warp in self.runs.items():
            if warp != w:
                continue
            op = self.prog.ops[op_name]
            for delta in {
                d for v in op.operands if (s := self.source(v)) is not None and s[0] == name for d in (s[1],)
            }:
                it = src_it + delta
                if it < self.trips and not (op_name in self.skipped and self.unmasked(self.lb + it * self.step)):
                    n += 1
        return n

    # -- a role ----------------------------------------------------------------
    def role(self, w: int) -> Iterator:
        r = next(x for x in self.prog.roles if x.warp == w)
        s = self.prog.stages
        turn = self.prog.turn_of(w)
        if turn is not None and turn.before_first:  # the first turn handed to the first role
            self.turn_bars[self.prog.turns[0].bar].arrive()
        for c in r.prologue:
            it = c.step - c.stage
            if not c.guarded or it < self.trips:
                yield from self.run_copy(w, c, it)
        for k in range(self.trips - (s - 1)):
            for c in r.kernel:
                yield from self.run_copy(w, c, k + s - 1 - c.stage)
        drain = max(self.trips, s - 1)
        for c in r.epilogue:
            it = drain + c.step - c.stage
            if not c.guarded or it < self.trips:
                yield from self.run_copy(w, c, it)
        for (warp, name), (src_it, end) in sorted(self.deferred.items()):  # after the loop: the last batch
            if warp == w:
                yield from self.release(w, self.rings[name], src_it, end)
        if turn is not None and turn.first:  # the last turn's hand-over
            yield from self.named_sync(w, turn.bar, "the last turn's hand-over")

    def named_sync(self, w: int, bar_id: int, why: str) -> Iterator:
        bar = self.turn_bars[bar_id]
        g = bar.arrive()
        if not bar.passed(g):
            yield ("wait", bar, g, f"warp {w} waits {bar.name} for {why}")

    def turn_sync(self, w: int, name: str, it: int) -> Iterator:
        """Before an op of the role's turn: its named barrier when no
        earlier op of the turn ran (`Turn.syncs_before`), as the printer does."""
        turn = self.prog.turn_of(w)
        if turn is not None and name in turn.ops and turn_applies(turn.syncs_before(name), it, self.trips):
            yield from self.named_sync(w, turn.bar, f"its turn to issue '{name}' of iteration {it}")

    def turn_arrive(self, w: int, name: str, it: int, cycle: int) -> None:
        """After an op of the role's turn: recorded in the issue order, and
        the next role's barrier arrived on after the turn's last op that runs."""
        turn = self.prog.turn_of(w)
        if turn is None or name not in turn.ops:
            return
        self.turn_issues.append((cycle, name, it))
        if turn_applies(turn.arrives_after(name), it, self.trips):
            self.turn_bars[turn.next].arrive()

    def wait(self, w: int, bar: Barrier, parity: int, who: str) -> Iterator:
        if not bar.passed(parity):
            yield ("wait", bar, parity, who)
        if bar.done_at > self.clock[w]:
            raise Finding(
                "stall",
                f"{who} at cycle {self.clock[w]} of the schedule, but that phase completes at cycle {bar.done_at}: "
                f"the program cannot run at II {self.prog.ii}",
            )

    def release(self, w: int, ring: Ring, src_it: int, end: int) -> Iterator:
        slot = (self.base + src_it) % ring.depth
        ring.released[slot].add(w)
        self.arrive_empty(w, ring, slot, end)
        yield ("go",)

    def arrive_empty(self, w: int, ring: Ring, slot: int, at: int) -> None:
        """A consumer's arrival on the slot's empty barrier: in a cluster on
        both CTAs' (`Pair.release` "cluster", `tw_mbar_arrive_cluster2`)."""
        ring.empty[slot].arrive(at)
        if ring.peer is None or ring.pair is None or ring.pair.release != "cluster":
            return
        if ring.pair.exited[ring.peer.cta]:
            raise Finding(
                "after-exit",
                f"CTA {ring.cta}'s warp {w} releases slot {slot} of '{ring.name}' in CTA {ring.peer.cta}, which exited",
            )
        ring.peer.empty[slot].arrive(at)

    def shares(self, op: Operation, j: int) -> bool:
        """Whether the pair shares the multicast tile `op` loads at iteration
        `j` (the emitter's `mc`): both tiles of the pair exist, `(bid | 1) <
        n_tiles`, and the tile's coordinates are the same at the peer's tile."""
        if self.peer is None or (self.m.bid | 1) >= self.n_tiles:
            return False
        return self.coords(op, j) == self.peer.coords(op, j)

    def coords(self, op: Operation, j: int) -> list[int] | None:
        return loop_operands(self.m, op, self.loop, self.env, j, {})[1]

    def multicast(self, w: int, ring: Ring, op: Operation, it: int, value: object) -> Iterator:
        """The producer's copy of a multicast channel in a cluster: expect_tx
        on its own slot's full barrier for the whole tile; where the pair
        shares the tile, the boxes this CTA issues (`Ring.boxes`) land in
        both CTAs' slots, else every box in its own (each CTA its whole tile)."""
        assert ring.peer is not None
        n = self.base + it
        slot = n % ring.depth
        ring.full[slot].arrive(self.clock[w])
        shared = self.shares(op, self.lb + it * self.step)
        who = f"CTA {ring.cta}'s warp {w}"
        for b, (c0, c1, cta) in enumerate(ring.boxes):
            if shared and cta != ring.cta:
                continue
            part = None if value is None else np.asarray(value)[..., c0:c1]
            for dst in (ring, ring.peer) if shared else (ring,):
                dst.land(who, slot, n, b, part, self.clock[w])
        yield ("go",)

    def assemble(self, w: int, ring: Ring, slot: int, src_it: int) -> object:
        """A multicast slot's tile as its consumer reads it: every box of the
        iteration it expects (else a stale read), put side by side."""
        n = self.base + src_it
        for b, part in enumerate(ring.parts[slot]):
            if part is None or part[0] != n:
                held = "nothing" if part is None else f"iteration {part[0]}"
                raise Finding(
                    "stale-read",
                    f"CTA {ring.cta}'s warp {w} reads slot {slot} of '{ring.name}' for iteration {n}: box {b} "
                    f"holds {held}",
                )
        if not self.numeric:
            return None
        return np.concatenate([part[1] for part in ring.parts[slot]], axis=-1)

    def released_after_loop(self) -> dict[str, int]:
        """The channels whose last slot of a tile the role holding the loop's
        result frees after the loop (`LiveOutOp.releases`) -> that role."""
        return dict(self.prog.outside.releases)

    def wait_tile_release(self, w: int, src: str, name: str) -> Iterator:
        """A read of carried `src` entering the tile's first iteration, on a
        later tile of a persistent CTA, where the previous tile's last slot
        of `src` is freed after the loop (`LiveOutOp.releases`): the op
        writes the carried value's storage (O's columns in tensor memory), so
        it waits for that release (the epilogue's read of the previous tile)."""
        ring = self.rings.get(src)
        if self.base <= 0 or ring is None or w not in ring.consumers or src not in self.released_after_loop():
            return
        last = self.base - 1
        parity = (last // ring.depth) & 1
        yield from self.wait(
            w,
            ring.empty[last % ring.depth],
            parity,
            f"warp {w} waits {ring.empty[last % ring.depth].name} parity {parity} (the previous tile's '{src}' "
            f"read after the loop) for '{name}'",
        )

    def release_after_loop(self, w: int) -> Iterator:
        """After the tile's loop, on the role holding a result whose channel
        `LiveOutOp.releases` names: its read of the last iteration's slot
        frees it, for every consumer of the channel."""
        if self.trips <= 0:
            return
        for src, role in self.prog.outside.releases:
            if role != w:
                continue
            ring = self.rings[src]
            slot = (self.base + self.trips - 1) % ring.depth
            ring.released[slot] |= set(ring.consumers)
            for _ in ring.consumers:
                self.arrive_empty(w, ring, slot, self.clock[w])
            yield ("go",)

    def run_copy(self, w: int, copy: RoleCopy, it: int) -> Iterator:
        name = copy.op
        if it < 0 or it >= self.trips:
            raise Finding("beyond-trips", f"warp {w} runs '{name}' of iteration {it} (trip count {self.trips})")
        self.clock[w] = (self.base + it + copy.stage) * self.prog.ii + copy.at
        j = self.lb + it * self.step
        if name in self.skipped and self.unmasked(j):
            return
        op = self.prog.ops[name]
        mine = self.vals[w]
        local: dict[SSAValue, object] = {}
        releases: list[tuple[Ring, int]] = []
        folded = bool(self.prog.split and op in self.prog.split.selects and self.unmasked(j))
        # a folded select reads no condition; an operand read twice (`x * x`) is one read of its slot
        for v in dict.fromkeys(op.operands[1:] if folded else op.operands):
            s = self.source(v)
            if s is None:
                if self._carried(v):
                    local[v] = self.entering(v, it)
                continue
            src, delta = s
            src_it = it - delta
            if src_it < 0:
                yield from self.wait_tile_release(w, src, name)
                local[v] = self.entering(v, it)
                continue
            ring = self.rings.get(src)
            if self.runs.get(src) == w or ring is None or w not in ring.consumers or ring.producer == w:
                if (src, src_it) not in mine:
                    raise Finding(
                        "unavailable",
                        f"warp {w} runs '{name}' of iteration {it}, which reads '{src}' of iteration {src_it}: "
                        f"not computed on warp {w} and not received from a channel",
                    )
                local[v] = mine[(src, src_it)]
                continue
            key = (w, src, src_it)
            if key not in self.reads_left:  # the first read: wait for the slot, take it
                if ring.depth <= 0:
                    raise Finding("deadlock", f"channel '{src}' has depth {ring.depth}: no slot to wait on")
                slot = (self.base + src_it) % ring.depth
                parity = ((self.base + src_it) // ring.depth) & 1
                if (src, "full") in self.options.flip:
                    parity ^= 1
                yield from self.wait(
                    w, ring.full[slot], parity, f"warp {w} waits {ring.full[slot].name} parity {parity} for '{name}'"
                )
                got = ring.slots[slot]
                if got is None:
                    raise Finding("unwritten-read", f"warp {w} reads slot {slot} of '{src}' before it was written")
                if got[0] != self.base + src_it:
                    raise Finding(
                        "stale-read",
                        f"warp {w} reads slot {slot} of '{src}' for iteration {src_it} but it holds iteration {got[0]}",
                    )
                mine[(src, src_it)] = self.assemble(w, ring, slot, src_it) if ring.boxes else got[1]
                self.reads_left[key] = self.readers(w, src, src_it) if ring.holds else 1
                if not ring.holds:
                    releases.append((ring, src_it))
            elif ring.holds:
                slot = (self.base + src_it) % ring.depth
                got = ring.slots[slot]
                if got is None or got[0] != self.base + src_it:
                    raise Finding(
                        "overwrite",
                        f"warp {w} still reads '{src}' of iteration {src_it} in slot {slot}, "
                        f"now {'empty' if got is None else f'refilled with iteration {got[0]}'}",
                    )
            local[v] = mine[(src, src_it)]
            if ring.holds:
                self.read_end[key] = max(self.read_end.get(key, -1), self.clock[w] + self.busy[name])
                self.reads_left[key] -= 1
                if self.reads_left[key] == 0:
                    releases.append((ring, src_it))
        yield from self.turn_sync(w, name, it)
        # compute
        if self.numeric:
            if folded:  # the split select yields its true operand
                x = body_operand(self.m, op.operands[1], self.loop, self.env, j, local)
                shape = op.results[0].type.get_shape()  # type: ignore[attr-defined]
                outs = [np.array(np.broadcast_to(x, shape), dtype=np.asarray(x).dtype)]
            else:
                xs, idx = self.operands(op, j, local)
                outs = self.m.apply(op, xs, idx)
        else:
            outs = [None] * len(op.results)
        if op.results:
            mine[(name, it)] = outs[0]
        self.turn_arrive(w, name, it, self.clock[w])
        self.done[(name, it)] = self.done.get((name, it), 0) + 1
        if self.done[(name, it)] > 1:
            raise Finding("duplicate", f"'{name}' of iteration {it} runs twice (again on warp {w})")
        for ring, src_it in releases:  # after the last use, when it ends (copied out: now)
            end = self.read_end.pop((w, ring.name, src_it), self.clock[w])
            if self.deferred_release and isinstance(self.prog.ops[ring.name], tile.LoadOp):
                earlier = self.deferred.get((w, ring.name))
                self.deferred[(w, ring.name)] = (src_it, end)
                if earlier is None:
                    continue
                src_it, end = earlier[0], max(earlier[1], self.clock[w])
            yield from self.release(w, ring, src_it, end)
        ring = self.rings.get(name)
        if ring is not None and op.results:
            if ring.producer != w:
                raise Finding(
                    "misplaced", f"warp {w} computes '{name}', but its channel's barriers are warp {ring.producer}'s"
                )
            if ring.depth <= 0:
                raise Finding("deadlock", f"channel '{name}' has depth {ring.depth}: no slot to fill")
            slot = (self.base + it) % ring.depth
            parity = (((self.base + it) // ring.depth) & 1) ^ 1
            if (name, "empty") in self.options.flip:
                parity ^= 1
            yield from self.wait(
                w, ring.empty[slot], parity, f"warp {w} waits {ring.empty[slot].name} parity {parity} to send '{name}'"
            )
            if ring.boxes:  # a multicast channel in a cluster
                yield from self.multicast(w, ring, op, it, outs[0])
            else:
                yield from self.fill(w, ring, slot, it, outs[0])
        # registers: drop what no later copy reads (at most the stages' span back)
        mine.pop((name, it - self.prog.stages - 2), None)

    def fill(self, w: int, ring: Ring, slot: int, it: int, value: object) -> Iterator:
        """The producer writes iteration `it` of its channel into `slot`,
        which every consumer must have released, and arrives on its full barrier."""
        old, missing = ring.slots[slot], ring.unreleased(slot)
        if old is not None and missing:
            raise Finding(
                "overwrite",
                f"warp {w} refills slot {slot} of '{ring.name}' with iteration {it} before warp(s) {missing} "
                f"released iteration {old[0]}",
            )
        ring.slots[slot] = (self.base + it, value)
        ring.released[slot] = set()
        ring.full[slot].arrive(self.clock[w])
        yield ("go",)

    def operands(self, op: Operation, j: int, local: dict) -> tuple[list, list[int] | None]:
        return loop_operands(self.m, op, self.loop, self.env, j, local)

    # -- the interleaving ------------------------------------------------------
    def run(self, policy) -> None:
        interleave({r.warp: self.role(r.warp) for r in self.prog.roles}, policy)

    def finish(self) -> list:
        if self.turn_issues != sorted(self.turn_issues):
            at = next(i for i in range(1, len(self.turn_issues)) if self.turn_issues[i] < self.turn_issues[i - 1])
            (c0, n0, i0), (c1, n1, i1) = self.turn_issues[at - 1], self.turn_issues[at]
            raise Finding(
                "turn-order",
                f"'{n1}' of iteration {i1} (cycle {c1}) issued after '{n0}' of iteration {i0} (cycle {c0}): "
                "the tensor core's issue order is not the schedule's",
            )
        for name, op in self.prog.ops.items():
            if not op.results and not isinstance(op, tile.StoreOp | tile.StoreAddOp):
                continue
            for it in range(self.trips):
                if name in self.skipped and self.unmasked(self.lb + it * self.step):
                    continue
                if (name, it) not in self.done:
                    raise Finding("missing", f"'{name}' of iteration {it} never ran (trip count {self.trips})")
        return [self.inits[i] if self.trips == 0 else self.after(i, self.trips - 1) for i in range(len(self.yielded))]

    def after(self, i: int, it: int) -> object:
        """Carried value i after iteration `it`. A carried value the body
        yields unchanged (`carry (acc)` with no assignment to `acc`), or
        another carried value's previous one, is that value entering the
        iteration: its initial value in the first."""
        y = self.yielded[i]
        s = self.source(y)
        if self._carried(y) and (s is None or it - s[1] < 0):
            return self.entering(y, it)
        if self._carried(y):
            return self.vals[self.runs[s[0]]][(s[0], it - s[1])]
        if s is None:
            return body_operand(self.m, y, self.loop, self.env, self.lb + it * self.step, {})
        return self.vals[self.runs[s[0]]][(s[0], it)]


NUMERIC_RUNS = 2
"""Interleavings per trip count whose tile math `simulate` compares with the reference."""


@dataclass
class Report:
    runs: int = 0
    findings: list[str] = field(default_factory=list)
    grid_yz: list[tuple[int, int]] = field(default_factory=lambda: [(0, 0)])
    """The blocks along the grid's y and z axes each trip count ran in (`_blocks`)."""


def simulate(
    module: ModuleOp,
    prog: WarpProgram,
    trips: list[int],
    interleavings: int = 50,
    seed: int = 0,
    options: Options | None = None,
    sizes: dict | None = None,
    numeric_runs: int = NUMERIC_RUNS,
    stop_at_first: bool = True,
) -> Report:
    """Run the program for each trip count under `interleavings`
    interleavings: the first `numeric_runs` of them with the tile math
    compared against the reference, the others on the ring protocol alone
    (a run whose every read got the slot of the iteration it expects and
    that ran each op instance once computes what the numeric run computes)."""
    rep = Report()
    roles = [r.warp for r in prog.roles]
    if prog.plan is None:
        raise located_error(prog.ws, "simulate reads the memory plan: run plan-memory first")
    deferred = prog.plan.deferred_release  # the slot release plan-memory chose, which the printer follows
    runs = _blocks(module, trips, sizes)
    rep.grid_yz = list(dict.fromkeys(yz for _, yz in runs)) or [(0, 0)]
    for t, yz in runs:
        bid = max(t - 1, 0)
        sz = dict(sizes) if sizes else {}
        ref = None
        for i, (what, policy) in enumerate(_policies(roles, interleavings, seed)):
            sim = WarpSim(module, prog, t, bid, {**sz} or _sizes(module, t), options or Options(), deferred, None, yz)
            sim.numeric = i < numeric_runs
            rep.runs += 1
            try:
                sim.run(policy)
                results = sim.finish()
                if sim.numeric:
                    if ref is None:
                        ref = run_reference(module, t, bid, {**sz} or _sizes(module, t), block_yz=yz)
                    _compare(sim, results, ref)
            except Finding as f:
                rep.findings.append(f"trips={t}{_block_text(yz)}, interleaving '{what}': {f}")
                if stop_at_first:
                    return rep
    return rep


def _blocks(module: ModuleOp, trips: list[int], sizes: dict | None) -> list[tuple[int, tuple[int, int]]]:
    """(trips, block along y and z) for each run: each trip count in block
    `trips - 1` along x and, in a kernel reading `bid_y` / `bid_z`, the first
    and the last block along those axes (`Machine.grid_blocks`)."""
    out = []
    for t in trips:
        m = Machine(find_func(module), max(t - 1, 0), dict(sizes) if sizes else _sizes(module, t))
        out += [(t, yz) for yz in m.grid_blocks()]
    return out


def _block_text(yz: tuple[int, int]) -> str:
    return "" if yz == (0, 0) else f", block (bid_y, bid_z) = {yz}"


def _sizes(module: ModuleOp, trips: int) -> dict[str, int]:
    """Every runtime size 128 * trips - 64 (at least 320): the last
    iteration's tile runs past it, for the kernels masking a tensor's tail."""
    out = {}
    for op in module.walk():
        if isinstance(op, tile.SizeOp):
            out[op.sym.data] = max(128 * trips - 64, 320)
    return out


def _compare(sim: WarpSim, results: list, ref: tuple) -> None:
    _compare_stores(_run_after(sim, results), ref[0])


def _run_after(sim: WarpSim, results: list) -> dict:
    """The stores of the simulated loop's function: its ops after the loop run
    on the loop's results."""
    env = dict(sim.env)
    for r, x in zip(sim.loop.res, results, strict=True):
        env[r] = x
    after = list(sim.m.block.ops)[list(sim.m.block.ops).index(sim.loop) + 1 :]
    sim.m.run_outside(after, env)
    return sim.m.stores


def _compare_stores(got_stores: dict, stores: dict) -> None:
    if set(got_stores) != set(stores):
        raise Finding("mismatch", f"stores to {sorted(got_stores)} but the loop stores to {sorted(stores)}")
    for key, want in stores.items():
        got = got_stores[key]
        a, b = np.asarray(got, np.float64), np.asarray(want, np.float64)
        if a.shape != b.shape:
            raise Finding("mismatch", f"store {key[:2]}: {a.shape} elements stored, the loop stores {b.shape}")
        if not np.allclose(a, b, rtol=2e-2, atol=2e-2, equal_nan=True):
            bad = np.argwhere(~np.isclose(a, b, rtol=2e-2, atol=2e-2, equal_nan=True))[0]
            raise Finding(
                "mismatch",
                f"store {key[:2]}: element {tuple(int(x) for x in bad)} is {a[tuple(bad)]}, "
                f"the loop computes {b[tuple(bad)]}",
            )


def _elements(stores: dict) -> dict:
    """Stores element by element, (tensor, shape-free): one array per tensor,
    NaN where nothing was stored, so that a loop sub-tiled into row halves
    compares with the function as written storing whole tiles."""
    out: dict = {}
    for (tensor, idx, shape), value in stores.items():
        rows = slice(idx[0] * shape[0], (idx[0] + 1) * shape[0])
        cols = slice(idx[1] * shape[1], (idx[1] + 1) * shape[1]) if len(shape) == 2 else slice(0, 1)
        have = out.get((tensor, ()), np.full((0, 0), np.nan))
        if have.shape[0] < rows.stop or have.shape[1] < cols.stop:
            grown = np.full((max(have.shape[0], rows.stop), max(have.shape[1], cols.stop)), np.nan)
            grown[: have.shape[0], : have.shape[1]] = have
            have = grown
        have[rows, cols] = np.asarray(value, np.float64).reshape(shape[0], -1)
        out[(tensor, ())] = have
    return out


def simulate_segments(
    module: ModuleOp,
    parts: list[ModuleOp],
    progs: list[WarpProgram],
    trips: list[int],
    interleavings: int = 50,
    seed: int = 0,
    numeric_runs: int = NUMERIC_RUNS,
) -> Report:
    """A kernel with several loops (`twillc.transforms.loop_segments`): each
    loop's warp-specialized program run in order, every loop for each trip
    count, the values one loop passes to the next through its scratch
    tensors, under `interleavings` interleavings (the i-th of each loop's
    own list in the i-th run); the first `numeric_runs` compare the kernel's
    stores with the reference interpreter of the function as written."""
    rep = Report()
    for prog in progs:
        if prog.plan is None:
            raise located_error(prog.ws, "simulate reads the memory plan: run plan-memory first")
    pols = [_policies([r.warp for r in p.roles], interleavings, seed) for p in progs]
    runs = max(len(p) for p in pols)
    blocks = _blocks(module, trips, None)
    rep.grid_yz = list(dict.fromkeys(yz for _, yz in blocks)) or [(0, 0)]
    for t, yz in blocks:
        bid = max(t - 1, 0)
        sz = _sizes(module, t)
        ref = None
        for i in range(runs):
            passed: dict = {}
            stores: dict = {}
            numeric = i < numeric_runs
            what = " then ".join(f"loop {k}: {p[i % len(p)][0]}" for k, p in enumerate(pols))
            rep.runs += 1
            try:
                for k, (part, prog) in enumerate(zip(parts, progs, strict=True)):
                    deferred = prog.plan.deferred_release  # type: ignore[union-attr]
                    sim = WarpSim(part, prog, t, bid, sz, Options(), deferred, passed, yz)
                    sim.numeric = numeric
                    sim.run(pols[k][i % len(pols[k])][1])
                    results = sim.finish()
                    if numeric:
                        stores.update(_run_after(sim, results))
                if numeric:
                    if ref is None:
                        ref = run_reference(module, t, bid, sz, block_yz=yz)
                    _compare_stores(_elements(stores), _elements(ref[0]))
            except Finding as f:
                rep.findings.append(f"trips={t}{_block_text(yz)}, interleaving '{what}': {f}")
                return rep
    return rep


def interleave(gens: dict[int, Iterator], policy) -> None:
    """Run the roles' generators under the interleaving `policy` (a role
    order, or a seeded random choice among the runnable roles) until all
    end; every role blocked is a deadlock."""
    blocked: dict[int, tuple] = {}
    live = dict(gens)
    while live:
        runnable = [w for w in live if w not in blocked or blocked[w][1].passed(blocked[w][2])]
        if not runnable:
            waits = "; ".join(blocked[w][3] for w in sorted(blocked))
            raise Finding("deadlock", f"every role waits: {waits}")
        if isinstance(policy, random.Random):
            w = policy.choice(runnable)
        else:
            w = next(x for x in policy if x in runnable)
        blocked.pop(w, None)
        try:
            ev = next(live[w])
        except StopIteration:
            del live[w]
            continue
        if ev[0] == "wait":
            blocked[w] = ev
