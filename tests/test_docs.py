"""The documentation site (docs/, mkdocs.yml) cannot drift from the code:
every `tile` example of the language reference parses and verifies, the
pass list is the registry's, and no module cites a file outside the
repository."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGUAGE = ROOT / "docs" / "language.md"
FENCE = re.compile(r"^```tile\n(.*?)^```", re.S | re.M)


def _tile_blocks(page: Path = LANGUAGE) -> list[tuple[int, str]]:
    text = page.read_text()
    return [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in FENCE.finditer(text)]


def _all_tile_blocks() -> list[tuple[str, str]]:
    return [
        (f"{page.name}:{line}", source)
        for page in sorted((ROOT / "docs").glob("*.md"))
        for line, source in _tile_blocks(page)
    ]


def test_language_reference_has_examples() -> None:
    """The reference holds an example per form: at least one per section."""
    assert len(_tile_blocks()) >= 12


@pytest.mark.parametrize("where,source", _all_tile_blocks(), ids=lambda v: v if ".md:" in v else "")
def test_documented_tile_example_parses(where: str, source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ```tile block of the documentation (the language reference's
    example for every form, and the other pages') is a whole file the front
    end accepts: parsed, lowered to the `tile` dialect and verified."""
    from twillc.frontend import parse_tile

    monkeypatch.chdir(ROOT)  # a `target "path.toml"` is read from the working directory
    module = parse_tile(source, f"docs/{where}")
    assert module.ops.first is not None


def test_language_reference_covers_the_grammar() -> None:
    """Every keyword, builtin and operator the grammar and the IR generator
    accept appears in some example of the reference."""
    code = "\n".join(source for _, source in _tile_blocks())
    words = (
        "target kernel const for in step carry store load mma .T exp( exp2( log( log2( rsqrt( max( min( rowmax( "
        "rowsum( cast< zeros() full( iota_rows( iota_cols( where( bid inf 1e-3 ; // # += .. "
        "<= >= == != < > & | unit cycles latency regs variable_latency smem tmem blocking stall"
    ).split()
    missing = [w for w in words if w not in code]
    assert not missing, missing
    for dtype in ("f16", "f32"):
        assert dtype in code
    assert re.search(r"target \"[^\"]+\.toml\"", code)
    assert re.search(r"\w+: f32[,)]", code)  # a scalar argument


def _passes_hook():
    spec = importlib.util.spec_from_file_location("docs_passes_hook", ROOT / "docs" / "hooks" / "passes.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pass_page_is_the_registry() -> None:
    """docs/passes.md lists every registered pass with its options, as
    `python docs/hooks/passes.py` writes it."""
    from twillc.cli.passes import get_all_passes

    hook = _passes_hook()
    text = (ROOT / "docs" / "passes.md").read_text()
    assert hook.is_current(text), "docs/passes.md is stale: run `python docs/hooks/passes.py`"
    for name in get_all_passes():
        assert f"| `{name}` |" in text


def test_pass_page_check_fails_on_a_stale_page() -> None:
    hook = _passes_hook()
    text = (ROOT / "docs" / "passes.md").read_text()
    assert not hook.is_current(text.replace("| `cse` |", "| `cse-old` |"))


def test_no_module_cites_a_file_outside_the_repository() -> None:
    """Docstrings and comments cite the documentation pages, never the design
    notes or the shared folder beside the repository."""
    outside = re.compile(r"design\.md|tile-language\.md|\.\./shared|shared/(docs|reference|benchmarks|seeds)")
    suffixes = {".py", ".lark", ".toml", ".test", ".tile", ".cfg", ".md", ".cuh"}
    hits = []
    for folder in ("twillc", "bench", "tests"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in suffixes or not path.is_file():
                continue
            if path == Path(__file__).resolve() or "results" in path.parts:
                continue
            for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if outside.search(line):
                    hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not hits, "\n".join(hits)


def test_readme_is_a_front_page() -> None:
    """The README fits on two screens, starts with the two commands, and
    every page it links to exists (the site's own links are checked by
    `mkdocs build --strict`)."""
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 200
    first = text.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert first[0].startswith("pip install -e . && twillc examples/")
    assert first[1].startswith("pip install -e '.[test]' && ")
    links = re.findall(r"\]\((docs/[^)#]+)", text)
    assert links
    assert not [link for link in links if not (ROOT / link).is_file()]
