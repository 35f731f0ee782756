"""Helpers shared by twillc's passes: the target machine of a module and
errors located at an op's source position."""

from __future__ import annotations

from xdsl.dialects.builtin import FileLineColLoc, ModuleOp, StringAttr
from xdsl.ir import Operation

from twillc.diagnostics import Location, UserError
from twillc.target.machine import Machine, load_machine

DEFAULT_TARGET = "h100"


def op_location(op: Operation) -> Location:
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return Location(loc.filename.data, loc.line.data, loc.column.data)
    parent = op.parent_op()
    return op_location(parent) if parent is not None else Location("<input>", 0, 0)


def located_error(op: Operation, message: str) -> UserError:
    return UserError(op_location(op), message)


def module_machine(module: ModuleOp) -> Machine:
    """The machine named by the module's `twill.target` (set by the `.tile`
    `target` line or `--target`), h100 when there is none."""
    target = module.attributes.get("twill.target")
    spec = target.data if isinstance(target, StringAttr) else DEFAULT_TARGET
    return load_machine(spec, op_location(module))
