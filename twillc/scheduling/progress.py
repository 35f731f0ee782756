"""What every long solve shares: its progress callback (current II, bound,
elapsed; shown on stderr only when stderr is a terminal, so logs and tests
stay clean), the exception it raises when its time limit runs out, and its
milestones (when the first legal schedule came), which `--timing` prints
and no output ever holds (outputs stay byte-identical from run to run)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

Progress = Callable[[dict[str, object]], None]
"""A solver's progress report: called with a few named values."""


class SolverLimit(Exception):
    """The time limit ran out before any schedule was found."""

    def __init__(self, message: str, lower_bound: int):
        super().__init__(message)
        self.lower_bound = lower_bound


def terminal_progress(label: str) -> Progress | None:
    """A callback that rewrites one status line, or None off a terminal."""
    if not sys.stderr.isatty():
        return None
    from rich.console import Console

    console = Console(stderr=True)

    def report(info: dict[str, object]) -> None:
        fields = "  ".join(
            f"{k}={v:.1f}s" if k == "elapsed" and isinstance(v, float) else f"{k}={v}" for k, v in info.items()
        )
        console.print(f"[dim]{label}[/dim] {fields}", end="\r", highlight=False, soft_wrap=True)

    return report


@dataclass(frozen=True)
class Milestone:
    """A moment of a search worth telling under `--timing`."""

    what: str
    """What happened, prefixed by the scopes it happened in (a variant)."""
    at: float
    """`time.monotonic()` when it happened."""
    cpu: float
    """`time.process_time()` when it happened (what an idle core would
    have taken, on a loaded machine)."""


_milestones: list[Milestone] = []
_scopes: list[str] = []


def milestone(what: str, at: tuple[float, float] | None = None) -> None:
    """Record that `what` happened: now, or at `at` (`time.monotonic()`,
    `time.process_time()`)."""
    when = (time.monotonic(), time.process_time()) if at is None else at
    _milestones.append(Milestone(": ".join([*_scopes, what]), *when))


@contextmanager
def milestone_scope(label: str) -> Iterator[None]:
    """Milestones recorded inside are prefixed with `label`."""
    _scopes.append(label)
    try:
        yield
    finally:
        _scopes.pop()


def take_milestones() -> list[Milestone]:
    """The milestones recorded since the last call, oldest first."""
    out = list(_milestones)
    _milestones.clear()
    return out
