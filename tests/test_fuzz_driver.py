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
    "cast zeros full max min f16 f32 bf16 i8 x y N 0 1 128 0.5 1e-3 ( ) [ ] { } < > , : ; = + - * / .. . \n // #"
).split(" ")
LOCATED = re.compile(r"^\S+:\d+:\d+: error: |^\S+: error: ", re.MULTILINE)


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


def test_truncated_examples() -> None:
    for example in EXAMPLES:
        data = example.read_bytes()
        for cut in range(0, len(data), max(1, len(data) // 25)):
            run(data[:cut])
