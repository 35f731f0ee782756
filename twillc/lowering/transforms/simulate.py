"""`simulate{trips=1,2,7 interleavings=50 seed=0}`: runs the warp-specialized
program (`twillc.lowering.simulate.warp_sim`) for each trip count under that many
interleavings, against the reference interpreter of the loop; a deadlock, a
stall (a wait the schedule's cycles cannot meet), an overwritten or stale
slot, or a result that differs is an internal error (exit 3) naming it. On
success it prints its verdict on stderr, one line: the trip counts, the
interleavings each ran under, "equal to the reference". The module is left as
it is."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from twillc.diagnostics import InternalError
from twillc.dialects import tile
from twillc.lowering.simulate.reference import find_func, unsimulated_number
from twillc.lowering.simulate.warp_sim import NUMERIC_RUNS, simulate
from twillc.lowering.warp_program import read_warp_program
from twillc.transforms.common import located_error


@dataclass(frozen=True)
class SimulatePass(ModulePass):
    """Simulate the warp-specialized loop against the loop as written."""

    name = "simulate"

    trips: tuple[int, ...] = ()
    """Trip counts (default: 0, 1, 2, stages - 1, stages, stages + 1, 37)."""

    interleavings: int = 50
    """Interleavings per trip count (the adversarial ones first, then seeded random)."""

    seed: int = 0
    """The random interleavings' seed."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.transforms.loop_segments import segments

        parts = segments(op)
        if parts:  # several loops: run in order, against the function as written
            from twillc.lowering.simulate.warp_sim import simulate_segments

            progs = [read_warp_program(p) for p in parts]
            _refuse_numbers(progs)
            s = max(p.stages for p in progs)
            trips = sorted(set(self.trips) if self.trips else {0, 1, 2, max(s - 1, 0), s, s + 1, 37})
            rep = simulate_segments(op, parts, progs, trips, self.interleavings, self.seed)
            if rep.findings:
                raise InternalError(f"simulate: {rep.findings[0]}")
            print(verdict(trips, rep.runs, rep.grid_yz) + f" ({len(parts)} loops run in order)", file=sys.stderr)
            return
        prog = read_warp_program(op)
        _refuse_numbers([prog])
        s = prog.stages
        trips = sorted(set(self.trips) if self.trips else {0, 1, 2, max(s - 1, 0), s, s + 1, 37})
        rep = simulate(op, prog, trips, self.interleavings, self.seed)
        if rep.findings:
            raise InternalError(f"simulate: {rep.findings[0]}")
        print(verdict(trips, rep.runs, rep.grid_yz), file=sys.stderr)
        if tile.find_persistent(find_func(op)) is not None:
            self.persistent(op, prog)

    def persistent(self, op: ModuleOp, prog: object) -> None:
        """A persistent kernel also runs as its CTAs do: 2 CTAs walking their
        tiles (every size 320: 5 trips of 64, the last row and column of
        tiles partial) with the rings running on (`simulate_persistent`)."""
        from twillc.lowering.simulate.persistent_sim import simulate_persistent

        sizes = {o.sym.data: 320 for o in op.walk() if isinstance(o, tile.SizeOp)}
        rep = simulate_persistent(op, prog, sizes, 2, self.interleavings, self.seed)  # type: ignore[arg-type]
        if rep.findings:
            raise InternalError(f"simulate: persistent: {rep.findings[0]}")
        from twillc.lowering.simulate.persistent_sim import cluster_multicast
        from twillc.transforms.nest_attr import nest_alternate

        persistent = tile.find_persistent(find_func(op))
        alternate = persistent is not None and nest_alternate(persistent.attributes.get("twill.nest")) is not None
        turns = ", two consumers on alternate tiles taking turns at the tensor core in tile order" if alternate else ""
        multicast = cluster_multicast(persistent) if persistent is not None else None
        if multicast:
            turns = (
                f", one cluster of the 2 CTAs multicasting {', '.join(multicast)} (half the boxes from each, "
                "both CTAs' consumers releasing each slot)"
            )
        print(
            f"twillc: simulated: persistent, 2 CTAs walking their tiles at sizes "
            f"{', '.join(f'{k}={v}' for k, v in sorted(sizes.items()))}, the rings running on{turns}: equal to the "
            f"reference on every tile ({rep.runs} runs)",
            file=sys.stderr,
        )


def verdict(trips: list[int], runs: int, grid_yz: list[tuple[int, int]] | None = None) -> str:
    """The line a clean simulation prints: what ran, and that it matched
    (in a grid along y and z, each trip count in the blocks `grid_yz`)."""
    blocks = grid_yz if grid_yz and grid_yz != [(0, 0)] else []
    each = runs // (len(trips) * max(len(blocks), 1)) if trips else 0
    where = f" in blocks (bid_y, bid_z) {', '.join(map(str, blocks))}" if blocks else ""
    return (
        f"twillc: simulated: equal to the reference at trip counts {', '.join(map(str, trips))}{where}, "
        f"under {each} interleavings each ({runs} runs: the tile math compared in the first "
        f"{min(NUMERIC_RUNS, each)} of each, the rings' protocol checked in all)"
    )


def _refuse_numbers(progs: list) -> None:
    """A located error at a number the warp-specialized simulator cannot evaluate (`unsimulated_number`)."""
    for prog in progs:
        number = unsimulated_number(prog.loop)
        if number is not None:
            raise located_error(
                number,
                f"simulate: '{number.name}' computes a number from a reduction's result or a carried number, which the "
                "warp-specialized simulator does not evaluate yet (the reference interpreter does)",
            )
