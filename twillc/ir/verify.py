"""IR verification that reports the failing op's source location."""

from __future__ import annotations

import re

from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnknownLoc
from xdsl.utils.exceptions import VerifyException

from twillc.ir.errors import located_error


def verify_located(module: ModuleOp) -> None:
    """Verify every op; the first failure becomes a `file:line:col: error:`
    at that op (xDSL's own message carries no source position)."""
    try:
        module.verify()
        return
    except VerifyException:
        pass
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            raise located_error(op, f"'{op.name}' {e}") from None
    module.verify()  # a failure not attributable to one op: let it surface


def locate_ops(module: ModuleOp, text: str, filename: str) -> None:
    """Give ops parsed from MLIR text without `loc(...)` the line of their
    text, so errors about them point into the file. Ops print in walk
    order, so each is found after the previous one."""
    pos = 0
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    for op in module.walk():
        if op is module:
            continue
        found = re.compile(r'(?<![\w."])"?' + re.escape(op.name) + r'"?(?![\w.])').search(text, pos)
        if found is None:
            return
        pos = found.end()
        if isinstance(op.location, UnknownLoc):
            import bisect

            line = bisect.bisect_right(line_starts, found.start())
            start = line_starts[line - 1]
            col = len(text[start : found.start()]) - len(text[start : found.start()].lstrip()) + 1
            op.location = FileLineColLoc(StringAttr(filename), IntAttr(line), IntAttr(col))
