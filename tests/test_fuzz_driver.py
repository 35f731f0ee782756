"""The driver on hostile input: random bytes, random token sequences and
mutated examples end in success or a located error (exit 1), never a
traceback, a hang or a partial output file."""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twillc.driver import main

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.tile"))
TOKENS = (
    "target h100 kernel const store for in step carry load bid inf T mma exp exp2 log rowmax rowsum "
    "cast zeros full max min f16 f32 bf16 i8 x y N 0 1 128 0.5 1e-3 ( ) [ ] { } < > , : ; = + - * / .. . \n // # "
    "<= >= == != & | += where iota_rows iota_cols scale"  # the language extensions (docs/language.md)
).split(" ")
LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.MULTILINE)
"""Every error about a `.tile` input names its line and column."""


def run(source: bytes, passes: str = "") -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "k.tile"
        path.write_bytes(source)
        out = Path(tmp) / "k.mlir"
        err = io.StringIO()
        argv = [str(path), "-o", str(out)] + (["--passes", passes] if passes else [])
        code = main(argv, stdout=io.StringIO(), stderr=err)
        text = err.getvalue()
        assert "Traceback" not in text
        assert code in (0, 1), text
        if code == 1:
            assert LOCATED.search(text), text
            assert not out.exists()
        else:
            assert out.exists()
        assert [p.name for p in Path(tmp).iterdir() if p.name.startswith(".")] == []


@settings(max_examples=150, deadline=2000)
@given(st.binary(max_size=300))
def test_random_bytes(data: bytes) -> None:
    run(data)


@settings(max_examples=150, deadline=2000)
@given(st.lists(st.sampled_from(TOKENS), max_size=60))
def test_random_tokens(tokens: list[str]) -> None:
    run(" ".join(tokens).encode())


@settings(max_examples=120, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(EXAMPLES),
    st.lists(
        st.tuples(st.integers(0, 10_000), st.integers(0, 8), st.sampled_from(TOKENS + [""])),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_examples(example: Path, edits: list[tuple[int, int, str]]) -> None:
    text = example.read_text()
    for pos, cut, insert in edits:
        pos %= len(text) + 1
        text = text[:pos] + insert + text[pos + cut :]
    run(text.encode(), passes="annotate-costs")


# Grammar-aware programs: mostly well-formed, so IR generation and the
# verifier see them, with random names, types, shapes and nesting.
NAMES = st.sampled_from(["x", "y", "m", "s", "A", "C", "N", "bid", "j", "BM", "zz", "scale"])
TARGETS = st.sampled_from(["x", "y", "m", "s", "x", "y", "m", "s", "A", "N", "bid", "j", "BM"])
NUMBERS = st.sampled_from(["0", "1", "2", "64", "0.5", "1e-3", "inf", "-inf", "1", "2"])
DTYPES = st.sampled_from(["f16", "bf16", "f32", "f8e4m3", "f8e5m2", "i32", "i8"])
DIMS = st.sampled_from(["64", "128", "1", "BM", "64", "128", "BM", "N", "0"])
TYPES = st.builds(
    lambda dt, dims: f"{dt}[{', '.join(dims)}]",
    DTYPES,
    st.sampled_from([1, 2, 2, 2, 3]).flatmap(lambda rank: st.lists(DIMS, min_size=rank, max_size=rank)),
)
EXPRS = st.recursive(
    NAMES | NUMBERS,
    lambda sub: st.one_of(
        st.builds(
            lambda a, op, b: f"{a} {op} {b}",
            sub,
            st.sampled_from(["+", "-", "*", "/", "+", "-", "*", "/", "<", "<=", ">", ">=", "==", "!=", "&", "|"]),
            sub,
        ),
        st.builds(lambda a: f"-{a}", sub),
        st.builds(lambda a: f"({a})", sub),
        st.builds(lambda a: f"{a}.T", sub),
        st.builds(
            lambda f, args: f"{f}({', '.join(args)})",
            st.sampled_from(
                ["exp", "exp2", "log", "log2", "rsqrt", "rowmax", "rowsum", "max", "min", "mma", "nope"]
                + ["where", "iota_rows", "iota_cols"]
            ),
            st.lists(sub, max_size=3),
        ),
        st.builds(lambda dt, a: f"cast<{dt}>({a})", DTYPES, sub),
    ),
    max_leaves=12,
)
ATTRS = st.sampled_from(
    [
        "",
        "",
        " { cycles = 3 }",
        " { regs = 99999999999999999999 }",
        ' { unit = "alu", variable_latency = true }',
        " { bogus = 1 }",
    ]
)
STMTS = st.one_of(
    st.builds(lambda n, e, t, a: f"{n} = {e}{t}{a}", TARGETS, EXPRS, st.sampled_from(["", " : f32[64, 64]"]), ATTRS),
    st.builds(lambda n, t: f"{n} = load A[bid, 0] : {t}", TARGETS, TYPES),
    st.builds(lambda n, t: f"{n} = zeros() : {t}", TARGETS, TYPES),
    st.builds(lambda n, v, t: f"{n} = full({v}) : {t}", TARGETS, NUMBERS, TYPES),
    st.builds(lambda e, i, op: f"store C[{i}, 0] {op} {e}", EXPRS, EXPRS, st.sampled_from(["=", "=", "+="])),
    st.builds(lambda n, e: f"const {n} = {e}", NAMES, EXPRS),
)


@settings(max_examples=200, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(STMTS, max_size=6),
    st.lists(STMTS, max_size=6),
    st.lists(NAMES, max_size=3),
    st.booleans(),
)
def test_generated_programs(before: list[str], loop: list[str], carry: list[str], has_loop: bool) -> None:
    lines = ["target h100", "kernel k(A: f16[N, 128], C: f32[N, 128], scale: f32) {", "  const BM = 64"]
    lines += [f"  {s}" for s in before]
    if has_loop:
        lines.append(f"  for j in 0 .. N / BM carry ({', '.join(carry)}) {{")
        lines += [f"    {s}" for s in loop]
        lines.append("  }")
    lines.append("}")
    run("\n".join(lines).encode())


@settings(max_examples=40, deadline=10_000, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(["(", "-", "exp(", "max(x, ", "cast<f16>(", "mma(", "x + ", "x * "]), max_size=8),
    st.integers(1, 3000),
)
def test_deep_nesting(openers: list[str], depth: int) -> None:
    """Deeply nested or very long expressions end in a located error, never a RecursionError."""
    pattern = openers or ["("]
    text = "".join(pattern[i % len(pattern)] for i in range(depth)) + "x"
    closing = "".join(
        {"(": ")", "exp(": ")", "max(x, ": ")", "cast<f16>(": ")", "mma(": ", x)"}.get(o, "")
        for o in reversed([pattern[i % len(pattern)] for i in range(depth)])
    )
    run(f"target h100\nkernel k(A: f16[N, 128]) {{\n  x = zeros() : f32[64, 64]\n  y = {text}{closing}\n}}\n".encode())


def test_truncated_examples() -> None:
    for example in EXAMPLES:
        data = example.read_bytes()
        for cut in range(0, len(data), max(1, len(data) // 25)):
            run(data[:cut])
