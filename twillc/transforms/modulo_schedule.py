"""`modulo-schedule{time-limit=.. max-ii=..}`: exact modulo scheduling of the
loop with CP-SAT: the smallest II from max(ResMII, RecMII) upward, then the
shortest length, with a proof of optimality or the bound that remains."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name, write_schedule
from twillc.transforms.verify_schedule import VerifySchedulePass


@dataclass(frozen=True)
class ModuloSchedulePass(ModulePass):
    """Exact CP-SAT modulo scheduling of the loop."""

    name = "modulo-schedule"

    time_limit: int | float = 10.0
    """Seconds for the whole search; on the limit the best schedule and the
    bound are kept. Tile loops of up to ~40 ops take well under a second;
    the hardest CHStone graphs up to 35 s (`bench/chstone.py` gives 40)."""

    max_ii: int = 0
    """Largest II to try (0: no limit)."""

    seed: int = 0
    """CP-SAT random seed (runs are single-threaded and reproducible)."""

    def schedule_graph(self, graph: DependenceGraph) -> Schedule:
        from twillc.scheduling.modulo_cpsat import modulo_schedule
        from twillc.scheduling.progress import terminal_progress

        return modulo_schedule(
            graph,
            time_limit=self.time_limit,
            max_ii=self.max_ii or None,
            seed=self.seed,
            progress=terminal_progress("modulo-schedule"),
        )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.scheduling.modulo_cpsat import SolverLimit

        loop = find_loop(op)
        graph, ops = graph_from_loop(loop, module_machine(op), kernel_name(op))
        try:
            schedule = self.schedule_graph(graph)
        except SolverLimit as e:
            raise located_error(loop, f"modulo-schedule: {e}") from None
        if schedule.ii is None or not schedule.cycles:
            raise located_error(
                loop,
                f"modulo-schedule: no schedule with II <= {self.max_ii} (lower bound {schedule.lower_bound})",
            )
        write_schedule(loop, ops, schedule)
        # Never trusted: the independent checker re-verifies what was written.
        VerifySchedulePass().apply(ctx, op)
