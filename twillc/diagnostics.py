"""User-facing errors: `file:line:col: error: message`, the source line and a caret."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Location:
    filename: str
    line: int
    """1-based; 0 when the error concerns the whole file."""
    column: int
    """1-based."""

    def __str__(self) -> str:
        if self.line <= 0:
            return self.filename
        return f"{self.filename}:{self.line}:{self.column}"


MAX_SHOWN = 120
"""Longest source excerpt shown under a message."""


class UserError(Exception):
    """An error in the user's input or options: exit 1 with a located message.

    `source` (the file's text) lets the message show the offending line and a caret.
    """

    def __init__(self, loc: Location, message: str, source: str | None = None):
        super().__init__(message)
        self.loc = loc
        self.message = message
        self.source = source

    def render(self) -> str:
        text = f"{self.loc}: error: {self.message}"
        line = _source_line(self.source, self.loc.line)
        if line is not None:
            col = max(1, min(self.loc.column, len(line) + 1))
            if len(line) > MAX_SHOWN:
                # Show a window around the column of a very long line.
                start = max(0, col - 1 - MAX_SHOWN // 2)
                window = line[start : start + MAX_SHOWN]
                line = ("..." if start else "") + window + ("..." if start + MAX_SHOWN < len(line) else "")
                col = col - start + (3 if start else 0)
            # Keep tabs so the caret lines up under the offending character.
            pad = "".join(c if c == "\t" else " " for c in line[: col - 1])
            text += f"\n{line}\n{pad}^"
        return text

    def __str__(self) -> str:
        return self.render()


def _source_line(source: str | None, line: int) -> str | None:
    if source is None or line <= 0:
        return None
    lines = source.splitlines()
    if line > len(lines):
        return None
    return lines[line - 1]


def error_at(filename: str, line: int, column: int, message: str, source: str | None = None) -> UserError:
    return UserError(Location(filename, line, column), message, source)


class InternalError(Exception):
    """A bug in twillc, e.g. a schedule the independent checker rejects: the
    driver reports it (exit 3) instead of emitting anything."""


class UsageError(Exception):
    """Bad command-line usage (unknown option, pass or output kind): exit 2."""
