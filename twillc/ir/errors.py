"""Errors located at an op's source position."""

from __future__ import annotations

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation

from twillc.diagnostics import Location, UserError


def op_location(op: Operation) -> Location:
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return Location(loc.filename.data, loc.line.data, loc.column.data)
    parent = op.parent_op()
    return op_location(parent) if parent is not None else Location("<input>", 0, 0)


def located_error(op: Operation, message: str) -> UserError:
    return UserError(op_location(op), message)
