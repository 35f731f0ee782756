"""The warps a joint SWP + WS schedule may use (Twill section 4.3): how many,
which one runs the variable-latency ops, their register budgets, and how
values cross between them. Shared by the solver and the independent checker
as plain input data."""

from __future__ import annotations

from dataclasses import dataclass

from twillc.scheduling.graph import DependenceGraph, Op


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
    threads: tuple[int, ...] = ()
    """Threads of each warp; a warp past the end of the tuple is a full
    warp group of `group_threads`."""
    group_threads: int = 128
    """Threads a tile op needs: it runs on all threads of a warp group."""
    one_thread_units: frozenset[str] = frozenset()
    """Units whose ops one thread issues, so they fit any warp (TMA,
    tcgen05.mma); an op using any other unit needs `group_threads`."""
    one_warp_units: frozenset[str] = frozenset()
    """Units whose ops all go on one warp (tcgen05.mma: one issuing thread
    orders the tensor pipe)."""
    reg_reserve: tuple[int, ...] = ()
    """Registers per thread of each warp's budget held back from the model's
    count: what ptxas was measured to need beyond it (the register check's
    `twill.reg_reserve`); the budget itself (setmaxnreg) stays `reg_limits`."""

    reg_base: int = 0
    """Registers per thread of every warp's budget held back for what ptxas
    needs beyond the model's values under a tight budget (addresses, loop
    indices, barrier phases: the target's `held_back_registers`)."""

    def limit(self, w: int) -> int:
        """Registers the model may count on warp `w`: its budget less its
        reserve and the per-warp base (unbounded past `reg_limits`)."""
        if w >= len(self.reg_limits):
            return 1 << 30
        reserve = self.reg_reserve[w] if w < len(self.reg_reserve) else 0
        return max(0, self.reg_limits[w] - reserve - self.reg_base)

    def threads_of(self, w: int) -> int:
        return self.threads[w] if w < len(self.threads) else self.group_threads

    def threads_needed(self, op: Op) -> int:
        """Threads `op` runs on: one for an op of one-thread units only,
        else a whole warp group."""
        units = op.units()
        return 1 if units and units <= self.one_thread_units else self.group_threads

    def allowed_warps(self, op: Op) -> list[int]:
        """Warps `op` may go on: W_vl exactly for variable-latency ops, and
        only warps with the threads it needs."""
        need = self.threads_needed(op)
        return [
            w
            for w in range(self.warp_groups)
            if (w == self.vl_warp) == op.variable_latency and self.threads_of(w) >= need
        ]

    def spill(self, graph: DependenceGraph, src: str) -> int:
        """Extra cycles before a consumer on another warp than `src` issues."""
        return self.cross_warp_delay if self.cross_warp_delay is not None else graph.op(src).spill_cost
