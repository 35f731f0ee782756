"""The warps a joint SWP + WS schedule may use (Twill section 4.3): how many,
which one runs the variable-latency ops, their register budgets, and how
values cross between them. Shared by the solver and the independent checker
as plain input data."""

from __future__ import annotations

from dataclasses import dataclass

from twillc.graph import DependenceGraph


@dataclass(frozen=True)
class WarpConfig:
    warp_groups: int
    """Number of warps (warp groups) W."""
    vl_warp: int = 0
    """The warp W_vl that runs exactly the variable-latency ops."""
    reg_limits: tuple[int, ...] = ()
    """Registers per thread of each warp (its setmaxnreg budget); a warp
    past the end of the tuple is unlimited."""
    allow_cross_warp: bool = True
    """Whether values may cross warps. Values of variable-latency ops are
    exempt: they arrive through shared memory with their own barrier."""
    cross_warp_delay: int | None = None
    """Cycles a value takes to reach another warp; None: each producer's
    `spill_cost`."""

    def limit(self, w: int) -> int:
        """Register budget of warp `w` (unbounded past `reg_limits`)."""
        return self.reg_limits[w] if w < len(self.reg_limits) else 1 << 30

    def spill(self, graph: DependenceGraph, src: str) -> int:
        """Extra cycles before a consumer on another warp than `src` issues."""
        return self.cross_warp_delay if self.cross_warp_delay is not None else graph.op(src).spill_cost
