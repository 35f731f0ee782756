"""`gaus-schedule{ii=.. horizon=.. time-limit=.. seed=.. device=cpu|cuda iterations=.. rounds=..}`:
differentiable modulo scheduling (GauS) of the loop, for graphs too large
for the exact schedulers. The result is re-checked like every schedule."""

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
class GausSchedulePass(ModulePass):
    """GauS modulo scheduling of the loop."""

    name = "gaus-schedule"

    ii: int = 0
    """II to schedule at (0: the smallest from max(ResMII, RecMII) that legalizes)."""

    horizon: int = 0
    """Steps of the start-time distributions (0: derived from the ASAP schedule)."""

    time_limit: int | float = 60.0
    """Seconds for the whole search."""

    seed: int = 0
    """Seed of the initial perturbation; the same seed gives the same schedule."""

    device: str = "cpu"
    """Torch device: cpu or cuda."""

    iterations: int = 300
    """Optimization steps per round at each II."""

    rounds: int = 3
    """Rounds at each II, each re-centred on the best legal schedule so far."""

    def schedule_graph(self, graph: DependenceGraph) -> Schedule:
        from twillc.scheduling.gaus import gaus_modulo_schedule
        from twillc.scheduling.progress import terminal_progress

        return gaus_modulo_schedule(
            graph,
            ii=self.ii or None,
            horizon=self.horizon or None,
            time_limit=self.time_limit,
            seed=self.seed,
            device=self.device,
            iterations=self.iterations,
            rounds=self.rounds,
            progress=terminal_progress("gaus-schedule"),
        )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.scheduling.gaus import GausFailure

        loop = find_loop(op)
        if self.device not in ("cpu", "cuda"):
            raise located_error(loop, f"gaus-schedule: device must be cpu or cuda, got '{self.device}'")
        graph, ops = graph_from_loop(loop, module_machine(op), kernel_name(op))
        try:
            schedule = self.schedule_graph(graph)
        except GausFailure as e:
            raise located_error(loop, f"gaus-schedule: {e}") from None
        except ImportError:
            raise located_error(loop, "gaus-schedule needs PyTorch: pip install 'twillc[gaus]'") from None
        write_schedule(loop, ops, schedule)
        VerifySchedulePass().apply(ctx, op)
