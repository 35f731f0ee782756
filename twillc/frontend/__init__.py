"""The `.tile` front end: Lark (LALR) grammar -> AST with locations -> `tile` IR."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from twillc.diagnostics import error_at


def parse_tile(text: str, filename: str) -> ModuleOp:
    """A verified module for `text`, or a `UserError` located in it."""
    from twillc.frontend.irgen import IRGen
    from twillc.frontend.parser import parse_ast
    from twillc.ir.verify import verify_located

    try:
        module = IRGen(parse_ast(text, filename), filename, text).generate()
    except RecursionError:  # a backstop: parse_ast bounds the nesting depth
        raise error_at(filename, 1, 1, "input nested too deeply", text) from None
    verify_located(module)
    return module
