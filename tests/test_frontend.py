"""The `.tile` front end in-process: AST positions, op locations and names,
error messages with their positions and carets, depth limits, round trips."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from xdsl.dialects.builtin import DictionaryAttr, FileLineColLoc, IntegerAttr, ModuleOp, StringAttr, f16, f32
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.printer import Printer

from twillc.diagnostics import UserError
from twillc.dialects import tile
from twillc.frontend import ast, parse_tile
from twillc.frontend.parser import MAX_DEPTH, parse_ast
from twillc.ir.context import make_context

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.tile"))
CONTRACT = (ROOT / "tests" / "filecheck" / "inputs" / "contract.tile").read_text()
HEAD = "target h100\nkernel k(A: f16[N, 128], C: f32[N, 128]) {\n"


def body(*lines: str) -> str:
    """A kernel whose body statements start on line 3."""
    return HEAD + "".join(f"  {line}\n" for line in lines) + "}\n"


def error(text: str, filename: str = "t.tile") -> UserError:
    with pytest.raises(UserError) as info:
        parse_tile(text, filename)
    return info.value


def ops(module: ModuleOp, cls: type[Operation]) -> list[Operation]:
    return [op for op in module.walk() if isinstance(op, cls)]


def loc(op: Operation) -> tuple[int, int]:
    assert isinstance(op.location, FileLineColLoc)
    return op.location.line.data, op.location.column.data


# -- AST -----------------------------------------------------------------------


def test_ast_positions() -> None:
    m = parse_ast(body("x = zeros() : f32[64, 64]", 'm = max(x, rowmax(x)) { unit = "alu" }'), "t.tile")
    assert m.targets[0] == ast.Target(ast.Pos(1, 1), "h100", False)
    (k,) = m.kernels
    assert (k.name, k.pos, [p.name for p in k.params]) == ("k", ast.Pos(2, 1), ["A", "C"])
    assert k.params[0].type.dims == ("N", 128)
    assign = k.body[1]
    assert isinstance(assign, ast.Assign) and assign.pos == ast.Pos(4, 3)
    call = assign.value
    assert isinstance(call, ast.Call) and call.func == "max" and call.pos == ast.Pos(4, 7)
    assert call.args[1].pos == ast.Pos(4, 14)  # rowmax
    assert assign.attrs == (ast.AttrEntry(ast.Pos(4, 27), "unit", "alu"),)


def test_ast_binary_at_operator_and_target_path() -> None:
    m = parse_ast('target "m/x.toml"\nkernel k() {\n  y = a + b * c\n}', "t.tile")
    assert m.targets[0].is_path and m.targets[0].name == "m/x.toml"
    (stmt,) = m.kernels[0].body
    assert isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Binary)
    assert (stmt.value.op, stmt.value.pos) == ("+", ast.Pos(3, 9))
    assert isinstance(stmt.value.rhs, ast.Binary) and stmt.value.rhs.pos == ast.Pos(3, 13)


# -- IR --------------------------------------------------------------------------


def test_contract_example() -> None:
    m = parse_tile(CONTRACT, "attn.tile")
    assert m.attributes["twill.target"] == StringAttr("h100")
    (loop,) = ops(m, tile.ForOp)
    assert [r.name_hint for r in loop.results] == ["o", "m", "l"]
    assert [a.name_hint for a in loop.body.block.args] == ["j", "o", "m", "l"]
    (s,) = [op for op in ops(m, tile.MmaOp) if op.results[0].name_hint == "s"]
    assert s.transpose_rhs is not None and s.transpose_lhs is None
    assert s.results[0].type == tile.TileType([128, 128], f32)
    for op in m.walk():
        if op is not m:
            assert isinstance(op.location, FileLineColLoc), op.name
            assert op.location.filename.data == "attn.tile"


def test_op_locations_are_subexpressions() -> None:
    m = parse_tile(body("x = zeros() : f32[64, 64]", "m = max(x, rowmax(x))", "p = exp2(x - m)"), "t.tile")
    assert loc(ops(m, tile.RowMaxOp)[0]) == (4, 14)
    assert loc(ops(m, tile.MaxOp)[0]) == (4, 7)
    assert loc(ops(m, tile.SubOp)[0]) == (5, 14)
    assert loc(ops(m, tile.Exp2Op)[0]) == (5, 7)
    assert ops(m, tile.Exp2Op)[0].results[0].name_hint == "p"


def test_overrides_attribute() -> None:
    m = parse_tile(
        body(
            'x = zeros() : f32[64] { unit = "sfu", cycles = 3, latency = 4, regs = 8, variable_latency = true, '
            "blocking = false, smem = 1024, tmem = 0 }"
        ),
        "t.tile",
    )
    attr = ops(m, tile.ZerosOp)[0].attributes["twill.override"]
    assert isinstance(attr, DictionaryAttr)
    assert attr.data["unit"] == StringAttr("sfu")
    assert isinstance(attr.data["cycles"], IntegerAttr) and attr.data["cycles"].value.data == 3
    assert set(attr.data) == {"unit", "cycles", "latency", "regs", "variable_latency", "blocking", "smem", "tmem"}


def test_store_converts_and_broadcasts() -> None:
    m = parse_tile(body("o = zeros() : f32[64, 128]", "l = zeros() : f32[64]", "store A[bid, 0] = o / l"), "t.tile")
    (div,) = ops(m, tile.DivOp)
    assert div.results[0].type == ops(m, tile.ZerosOp)[0].results[0].type
    (cast,) = ops(m, tile.CastOp)
    assert str(cast.results[0].type) == "!tile.tile<64x128xf16>"
    assert len(ops(m, tile.StoreOp)) == 1


def test_one_column_tiles_broadcast_along_rows() -> None:
    """A per-row scale loaded as an [R, 1] tile combines with an [R, C] tile
    by repeating along each row (on either side), as a rank-1 [R] does."""
    m = parse_tile(
        body(
            "o = zeros() : f32[64, 128]",
            "s = zeros() : f32[64, 1]",
            "p = o * s",
            "q = s - o",
            "store C[bid, 0] = p + q",
        ),
        "t.tile",
    )
    for op in [*ops(m, tile.MulOp), *ops(m, tile.SubOp)]:
        assert str(op.results[0].type) == "!tile.tile<64x128xf32>"


def test_families_exported() -> None:
    assert tile.ELEMENTWISE_UNARY == (
        *(tile.ExpOp, tile.Exp2Op, tile.LogOp, tile.Log2Op, tile.RsqrtOp),
        *(tile.SqrtOp, tile.TanhOp, tile.SigmoidOp, tile.ErfOp, tile.Log1pOp, tile.AbsOp, tile.NegOp),
    )
    assert tile.ELEMENTWISE_BINARY == (tile.AddOp, tile.SubOp, tile.MulOp, tile.DivOp, tile.MaxOp, tile.MinOp)
    assert tile.REDUCTIONS == (tile.RowMaxOp, tile.RowSumOp)
    assert tile.COLUMN_REDUCTIONS == (tile.ColMaxOp, tile.ColSumOp)
    assert tile.TensorType(["N", 128], f16).get_dims() == ("N", 128)
    assert tile.TileType([128, 64], f16).get_shape() == (128, 64)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
@pytest.mark.parametrize("generic", [False, True])
def test_round_trip(example: Path, generic: bool) -> None:
    def show(module: ModuleOp) -> str:
        out = io.StringIO()
        Printer(stream=out, print_generic_format=generic, print_debuginfo=True).print_op(module)
        return out.getvalue()

    first = show(parse_tile(example.read_text(), example.name))
    again = Parser(make_context(), first, "rt.mlir").parse_module()
    again.verify()
    assert show(again) == first


# -- errors ----------------------------------------------------------------------

ERRORS = [
    (body("x = zeros() : f32[128]", "m = rowmax(x)"), 4, 7, "'rowmax' expects a rank-2 tile, got f32[128]"),
    (body("x = foo(1)"), 3, 7, "unknown builtin 'foo'"),
    (body("x = zeros() : f32[4]", "y = exp(x, x)"), 4, 7, "'exp' takes 1 argument(s), got 2"),
    (body("x = zeros() : f32[4]", "y = x + z"), 4, 11, "use of undefined name 'z'"),
    (body("x = load A[0, 0]"), 3, 7, "'load' needs a type annotation"),
    (body("x = zeros() : f32[4]", "y = exp(x) : f32[8]"), 4, 16, "does not match the inferred type f32[4]"),
    (body("x = zeros() : f32[4] { colour = 1 }"), 3, 26, "unknown attribute key 'colour'"),
    (body("x = zeros() : f32[4, 4]", "y = x.T"), 4, 7, "'.T' is only valid as an operand of 'mma'"),
    (body("x = zeros() : f32[8, 4]", "y = mma(x, x)"), 4, 14, "'mma' contraction dimensions differ: [8, 4] x [8, 4]"),
    (body("x = zeros() : f32[8, 4]", "l = zeros() : f32[2]", "y = x * l"), 5, 11, "shapes do not broadcast"),
    (
        body("x = zeros() : f32[4, 4]", "l = colsum(x)", "y = x * l"),
        5,
        11,
        "ambiguous broadcast axis: f32[4] holds a column reduction's value and meets a square f32[4, 4] tile",
    ),
    (body("x = zeros() : f32[8, 4]", "y = x[:, None]"), 4, 7, "'[:, None]' takes a rank-1 tile, got f32[8, 4]"),
    (body("x = zeros() : f32[8, 4]", "l = zeros() : f32[4, 1]", "y = x * l"), 5, 11, "shapes do not broadcast"),
    (body("x = zeros() : f32[8, 4]", "l = zeros() : f32[8, 2]", "y = l + x"), 5, 11, "shapes do not broadcast"),
    (body("for i in 0 .. N carry (o) {", "}"), 3, 26, "carried name 'o' must hold a tile before the loop"),
    (body("for i in 0 .. N {", "for j in 0 .. N {", "}", "}"), 4, 3, "loops cannot nest"),
    (body("x = zeros() : f32[4] { cycles = 99999999999999999999 }"), 3, 35, "integer literal too large"),
    (body("x = (1"), 3, 9, "expected ')', got a newline"),
    (body("x = zeros() : f32[4] $"), 3, 24, "unexpected character '$'"),
    ("target h100\n", 1, 12, "expected a 'kernel' definition"),
    ("target h100\nkernel k() {\n  x = zeros() : f32[4]\n", 3, 23, "end of file"),
    (body("x = zeros() : f32[4]", "y = x" + " + x" * 500), 4, 7, f"nested too deeply (more than {MAX_DEPTH} levels)"),
    (body("x = zeros() : f32[4]", "y = " + "-" * 500 + "x"), 4, 202, "nested too deeply"),
    (body("x = " + "(" * 100_000 + "1" + ")" * 100_000), 3, 262, "nested more than 256 levels deep"),
    ("\x00\x01\x02", 1, 1, "unexpected character '\\x00'"),
]


@pytest.mark.parametrize(("text", "line", "col", "message"), ERRORS, ids=[e[3][:40] for e in ERRORS])
def test_errors(text: str, line: int, col: int, message: str) -> None:
    e = error(text)
    assert (e.loc.filename, e.loc.line, e.loc.column) == ("t.tile", line, col), e.render()
    assert message in e.message, e.render()
    rendered = e.render()
    assert rendered.startswith(f"t.tile:{line}:{col}: error: ")
    assert "Traceback" not in rendered


def test_rendered_caret_matches_contract() -> None:
    text = CONTRACT.replace("m_new = max(m, rowmax(s))", "m_new = max(m, rowmax(m))")
    e = error(text, "attn.tile")
    lines = e.render().split("\n")
    assert lines[0].startswith("attn.tile:") and lines[0].endswith(
        "error: 'rowmax' expects a rank-2 tile, got f32[128]"
    )
    assert lines[1] == "    m_new = max(m, rowmax(m))"
    assert lines[2] == " " * lines[1].index("rowmax") + "^"


def test_depth_limit_leaves_stack_room() -> None:
    """Expressions just under the limit compile even when called from deep in the stack."""
    n = MAX_DEPTH - 12
    texts = [
        body("x = zeros() : f32[4, 4]", "y = " + "exp(" * n + "x" + ")" * n),
        body("x = zeros() : f32[4, 4]", "y = x" + " + x" * n),
        body("x = zeros() : f32[4, 4]", "y = " + "mma(" * n + "x" + ", x)" * n),
        body("x = zeros() : f32[64, 128]", "store C[" + "(" * n + "bid" + " * 2)" * n + ", 0] = x"),
    ]

    def deep(k: int, text: str) -> ModuleOp:
        return parse_tile(text, "t.tile") if k == 0 else deep(k - 1, text)

    for text in texts:
        deep(300, text)
