"""Progress of long solves on stderr (current II, bound, elapsed), shown only
when stderr is a terminal so logs and tests stay clean."""

from __future__ import annotations

import sys
from collections.abc import Callable

Progress = Callable[[dict[str, object]], None]


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
