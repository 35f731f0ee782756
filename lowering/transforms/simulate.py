"""`simulate{trips=1,2,7 interleavings=50 seed=0}`: runs the warp-specialized
program (`lowering.simulate.warp_sim`) for each trip count under that many
interleavings, against the reference interpreter of the loop; a deadlock, a
stall (a wait the schedule's cycles cannot meet), an overwritten or stale
slot, or a result that differs is an internal error (exit 3) naming it. The
module is left as it is."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from lowering.simulate.warp_sim import simulate
from lowering.warp_program import read_warp_program
from twillc.diagnostics import InternalError


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
        prog = read_warp_program(op)
        s = prog.stages
        trips = sorted(set(self.trips) if self.trips else {0, 1, 2, max(s - 1, 0), s, s + 1, 37})
        rep = simulate(op, prog, trips, self.interleavings, self.seed)
        if rep.findings:
            raise InternalError(f"simulate: {rep.findings[0]}")
