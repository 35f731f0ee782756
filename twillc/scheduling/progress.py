"""What every long solve shares: its progress callback (current II, bound,
elapsed; shown on stderr only when stderr is a terminal, so logs and tests
stay clean) and the exception it raises when its time limit runs out."""

from __future__ import annotations

import sys
from collections.abc import Callable

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
