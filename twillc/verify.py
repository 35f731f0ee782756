"""IR verification that reports the failing op's source location."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import VerifyException

from twillc.transforms.common import located_error


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
