"""The xDSL context twillc parses and builds IR in: only the dialects it uses,
registered lazily so the driver starts fast."""

from __future__ import annotations

from xdsl.context import Context
from xdsl.ir import Dialect


def _tile() -> Dialect:
    from twillc.dialects.tile import Tile

    return Tile


def _twill() -> Dialect:
    from twillc.dialects.twill import Twill

    return Twill


def _builtin() -> Dialect:
    from xdsl.dialects.builtin import Builtin

    return Builtin


def _func() -> Dialect:
    from xdsl.dialects.func import Func

    return Func


def _arith() -> Dialect:
    from xdsl.dialects.arith import Arith

    return Arith


def _math() -> Dialect:
    from xdsl.dialects.math import Math

    return Math


DIALECTS = {"builtin": _builtin, "func": _func, "arith": _arith, "math": _math, "tile": _tile, "twill": _twill}


def make_context() -> Context:
    ctx = Context()
    for name, factory in DIALECTS.items():
        ctx.register_dialect(name, factory)
    return ctx
