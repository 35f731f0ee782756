"""`.tile` text -> AST, with syntax errors as `file:line:col: error:`."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.tree import Meta

from twillc.diagnostics import UserError, error_at
from twillc.frontend import ast

MAX_NESTING = 256
"""Deepest bracket nesting accepted."""

MAX_DEPTH = 200
"""Deepest parse tree accepted: the AST and the IR are built recursively, so
a chain like `-(-(-x))` or `x + x + ... + x` is bounded (it is a located
error, never a RecursionError)."""

MAX_INT = 2**63 - 1
"""Largest integer literal (i64)."""

TOKEN_NAMES = {
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "COMMA": "','",
    "COLON": "':'",
    "SEMICOLON": "';'",
    "EQUAL": "'='",
    "DOT": "'.'",
    "LESSTHAN": "'<'",
    "MORETHAN": "'>'",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "SLASH": "'/'",
    "PERCENT": "'%'",
    "SHL": "'<<'",
    "SHR": "'>>'",
    "RANGE": "'..'",
    "CMP": "a comparison",
    "AND": "'&'",
    "OR": "'|'",
    "ADD_ASSIGN": "'+='",
    "ELEMENT": "'<' element type '>'",
    "NAME": "a name",
    "INT": "an integer",
    "FLOAT": "a number",
    "INF": "'inf'",
    "NONE": "'None'",
    "STRING": "a string",
    "DTYPE": "an element type (f16, bf16, f32, f8e4m3, f8e5m2, i32, i16, i8, u32, u16, u8)",
    "_NL": "a newline",
    "$END": "end of file",
    "TARGET": "'target'",
    "KERNEL": "'kernel'",
    "CONST": "'const'",
    "LET": "'let'",
    "GRID": "'grid'",
    "STORE": "'store'",
    "FOR": "'for'",
    "IN": "'in'",
    "STEP": "'step'",
    "CARRY": "'carry'",
    "LOAD": "'load'",
}


def _friendly(name: str) -> str:
    return TOKEN_NAMES.get(name, f"'{name.lower()}'" if name.isalpha() else name)


@cache
def _parser() -> Lark:
    grammar = (Path(__file__).parent / "tile.lark").read_text()
    # cache=True keeps the LALR tables in a temp file named by the grammar's
    # hash and Lark's version: building them costs ~0.2 s per run.
    return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=True, cache=True)


def _pos(meta: Meta | Token) -> ast.Pos:
    return ast.Pos(meta.line, meta.column)  # type: ignore[union-attr]


def _int(tok: Token, filename: str, text: str) -> int:
    """An integer literal, or a located error when it does not fit in i64."""
    digits = tok.lstrip("0")
    if len(digits) > 19 or int(digits or "0") > MAX_INT:
        raise error_at(filename, tok.line or 1, tok.column or 1, f"integer literal too large (at most {MAX_INT})", text)
    return int(digits or "0")


@v_args(meta=True, inline=True)
class _ToAst(Transformer):  # type: ignore[type-arg]
    def __init__(self, filename: str, text: str):
        super().__init__()
        self.filename = filename
        self.text = text

    def _int(self, tok: Token) -> int:
        return _int(tok, self.filename, self.text)

    def start(self, meta: Meta, *items: ast.Target | ast.Kernel) -> ast.Module:
        items = tuple(i for i in items if i is not None)
        return ast.Module(
            targets=tuple(i for i in items if isinstance(i, ast.Target)),
            kernels=tuple(i for i in items if isinstance(i, ast.Kernel)),
            items=items,
        )

    def target(self, meta: Meta, tok: Token) -> ast.Target:
        if tok.type == "STRING":
            return ast.Target(_pos(meta), tok[1:-1], True)
        return ast.Target(_pos(meta), str(tok), False)

    def kernel(self, meta: Meta, name: Token, *rest: object) -> ast.Kernel:
        *params, body = rest
        return ast.Kernel(_pos(meta), str(name), tuple(p for p in params if p is not None), body)  # type: ignore[arg-type]

    def param(self, meta: Meta, name: Token, ty: ast.TypeRef) -> ast.Param:
        return ast.Param(_pos(meta), str(name), ty)

    def scalar_param(self, meta: Meta, name: Token, dtype: Token) -> ast.Param:
        return ast.Param(_pos(meta), str(name), ast.TypeRef(_pos(dtype), str(dtype), (), ()))

    def _type(self, meta: Meta, dtype: Token, *dims: Token) -> ast.TypeRef:
        values = tuple(self._int(d) if d.type == "INT" else str(d) for d in dims)
        return ast.TypeRef(_pos(meta), str(dtype), values, tuple(_pos(d) for d in dims))

    tensor_type = _type
    tile_type = _type

    def dim_int(self, meta: Meta, tok: Token) -> Token:
        return tok

    dim_name = dim_int

    def block(self, meta: Meta, *stmts: ast.Stmt) -> tuple[ast.Stmt, ...]:
        return tuple(s for s in stmts if s is not None)

    def const_stmt(self, meta: Meta, name: Token, value: ast.Expr) -> ast.Const:
        return ast.Const(_pos(meta), str(name), value)

    def let_stmt(self, meta: Meta, name: Token, value: ast.Expr) -> ast.Let:
        return ast.Let(_pos(meta), str(name), _pos(name), value)

    def grid_stmt(self, meta: Meta, axis: Token, value: ast.Expr) -> ast.Grid:
        return ast.Grid(_pos(meta), str(axis), _pos(axis), value)

    def assign(
        self, meta: Meta, name: Token, value: ast.Expr, ty: ast.TypeRef | None, attrs: tuple | None
    ) -> ast.Assign:
        return ast.Assign(_pos(meta), str(name), value, ty, attrs or ())

    def store(self, meta: Meta, tensor: Token, indices: tuple, value: ast.Expr, attrs: tuple | None) -> ast.Store:
        return ast.Store(_pos(meta), str(tensor), _pos(tensor), indices, value, attrs or ())

    def store_add(
        self, meta: Meta, tensor: Token, indices: tuple, _op: Token, value: ast.Expr, attrs: tuple | None
    ) -> ast.Store:
        return ast.Store(_pos(meta), str(tensor), _pos(tensor), indices, value, attrs or (), add=True)

    def for_stmt(
        self,
        meta: Meta,
        var: Token,
        lb: ast.Expr,
        _range: Token,
        ub: ast.Expr,
        step: ast.Expr | None,
        carry: tuple | None,
        body: tuple,
    ) -> ast.For:
        return ast.For(_pos(meta), str(var), lb, ub, step, carry or (), body)

    def tiles_stmt(
        self,
        meta: Meta,
        tm: Token,
        tn: Token,
        _tiles: Token,
        count_m: ast.Expr,
        count_n: ast.Expr,
        _persistent: Token,
        _group: Token | None,
        group: ast.Expr | None,
        _cluster: Token | None,
        cluster: ast.Expr | Token | None,
        body: tuple,
    ) -> ast.Tiles:
        tiles = ((str(tm), _pos(tm)), (str(tn), _pos(tn)))
        if isinstance(cluster, Token):  # `cluster 2x1` / `cluster 1x2`: the shape, checked by irgen
            shape = (str(cluster), _pos(cluster))
            return ast.Tiles(_pos(meta), tiles, (count_m, count_n), group, body, None, shape)
        return ast.Tiles(_pos(meta), tiles, (count_m, count_n), group, body, cluster)

    def if_stmt(self, meta: Meta, cond: ast.Expr, then: tuple, other: tuple | None) -> ast.If:
        return ast.If(_pos(meta), cond, then, other or ())

    def carry(self, meta: Meta, *names: Token) -> tuple[tuple[str, ast.Pos], ...]:
        return tuple((str(n), _pos(n)) for n in names if n is not None)

    def attrs(self, meta: Meta, *entries: ast.AttrEntry) -> tuple[ast.AttrEntry, ...]:
        return tuple(e for e in entries if e is not None)

    def attr(self, meta: Meta, key: Token, value: object) -> ast.AttrEntry:
        return ast.AttrEntry(_pos(key), str(key), value)  # type: ignore[arg-type]

    def attr_int(self, meta: Meta, tok: Token) -> int:
        return self._int(tok)

    def attr_neg_int(self, meta: Meta, tok: Token) -> int:
        return -self._int(tok)

    def attr_float(self, meta: Meta, tok: Token) -> float:
        return float(tok)

    def attr_string(self, meta: Meta, tok: Token) -> str:
        return tok[1:-1]

    def attr_name(self, meta: Meta, tok: Token) -> str | bool:
        return {"true": True, "false": False}.get(str(tok), str(tok))

    def index_list(self, meta: Meta, *exprs: ast.Expr) -> tuple[ast.Expr, ...]:
        return exprs

    def binary(self, meta: Meta, lhs: ast.Expr, op: Token, rhs: ast.Expr) -> ast.Binary:
        return ast.Binary(_pos(op), str(op), lhs, rhs)

    def neg(self, meta: Meta, op: Token, operand: ast.Expr) -> ast.Neg:
        return ast.Neg(_pos(meta), operand)

    def attribute(self, meta: Meta, value: ast.Expr, name: Token) -> ast.Attribute:
        return ast.Attribute(_pos(meta), value, str(name), _pos(name))

    def per_row(self, meta: Meta, value: ast.Expr, _none: Token) -> ast.Expand:
        return ast.Expand(_pos(meta), value, 1)

    def per_column(self, meta: Meta, value: ast.Expr, _none: Token) -> ast.Expand:
        return ast.Expand(_pos(meta), value, 0)

    def int_lit(self, meta: Meta, tok: Token) -> ast.Number:
        return ast.Number(_pos(meta), float(self._int(tok)), True)

    def float_lit(self, meta: Meta, tok: Token) -> ast.Number:
        return ast.Number(_pos(meta), float(tok), False)

    def inf_lit(self, meta: Meta, tok: Token) -> ast.Number:
        return ast.Number(_pos(meta), float("inf"), False)

    def name(self, meta: Meta, tok: Token) -> ast.Name:
        return ast.Name(_pos(meta), str(tok))

    def call(self, meta: Meta, func: Token, dtype: Token | None, *args: ast.Expr) -> ast.Call:
        return ast.Call(
            _pos(meta),
            str(func),
            str(dtype).strip("<> \t\f\r") if dtype else None,
            tuple(a for a in args if a is not None),
        )

    def load(self, meta: Meta, tensor: Token, indices: tuple, ty: ast.TypeRef | None) -> ast.Load:
        return ast.Load(_pos(meta), str(tensor), _pos(tensor), indices, ty)


def _check_nesting(text: str, filename: str) -> None:
    depth = 0
    line, col = 1, 0
    for ch in text:
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
        elif ch in "([{":
            depth += 1
            if depth > MAX_NESTING:
                raise error_at(filename, line, col, f"nested more than {MAX_NESTING} levels deep", text)
        elif ch in ")]}":
            depth = max(0, depth - 1)


def _syntax_message(e: UnexpectedInput, text: str) -> str:
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else ""
        shown = repr(ch)[1:-1] if ch.isprintable() else f"\\x{ord(ch):02x}" if ord(ch) < 256 else f"U+{ord(ch):04X}"
        return f"unexpected character '{shown}'"
    expected = sorted({_friendly(t) for t in (e.accepts or e.expected or set()) if not t.startswith("__")})  # type: ignore[attr-defined]
    if isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END"):
        got = "end of file"
    else:
        tok = e.token  # type: ignore[attr-defined]
        got = "newline" if tok.type == "_NL" else f"'{tok}'"
    if len(expected) == 1:
        return f"expected {expected[0]}, got {got if got != 'newline' else 'a newline'}"
    return f"unexpected {got}; expected one of: {', '.join(expected)}"


def _check_depth(tree: Tree, filename: str, text: str) -> None:  # type: ignore[type-arg]
    """A located error where the parse tree gets deeper than `MAX_DEPTH`
    (iterative: the check itself must not recurse)."""
    stack: list[tuple[Tree, int, tuple[int, int]]] = [(tree, 1, (1, 1))]  # type: ignore[type-arg]
    while stack:
        node, depth, where = stack.pop()
        if depth > MAX_DEPTH:  # at the start of the construct that goes too deep
            raise error_at(filename, *where, f"expression nested too deeply (more than {MAX_DEPTH} levels)", text)
        if not node.meta.empty:
            where = (node.meta.line, node.meta.column)
        stack.extend((c, depth + 1, where) for c in node.children if isinstance(c, Tree))


def parse_ast(text: str, filename: str) -> ast.Module:
    """The AST of `text`, or a `UserError` located in it."""
    _check_nesting(text, filename)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as e:
        line, col = e.line, e.column
        if line is None or line < 1:  # end of file: point just past the last character
            lines = text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
        raise error_at(filename, line, col, _syntax_message(e, text), text) from None
    _check_depth(tree, filename, text)
    try:
        return _ToAst(filename, text).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, UserError):
            raise e.orig_exc from None
        raise
