"""The real-kernel corpus (@triton.jit kernels taken from public repositories;
tests/triton_kernels/corpus/manifest.toml names each one's repository, path,
commit and licence, and the folder TWILLC_TRITON_CORPUS holds their code, which
is not in this repository): every kernel imports or is refused as the manifest
says, a refusal located in the kernel's own file. Import only (Triton to TTGIR,
TTGIR to tile IR: a few seconds for the corpus); bench/triton_loops.py --corpus
also schedules and compiles them."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

triton = pytest.importorskip("triton", reason="needs twillc[triton] (triton==3.9.0)")
if triton.__version__ != "3.9.0":
    pytest.skip(f"needs triton==3.9.0, found {triton.__version__}", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from triton_loops import CORPUS, MANIFEST, corpus_cases, corpus_import  # noqa: E402

if not all((CORPUS / k["file"]).is_file() for k in tomllib.loads(MANIFEST.read_text())["kernel"]):
    pytest.skip(f"the corpus' kernels are not in {CORPUS} (set TWILLC_TRITON_CORPUS)", allow_module_level=True)

CASES = corpus_cases()


@pytest.fixture(autouse=True)
def _fp_fusion(monkeypatch):
    monkeypatch.setenv("TRITON_DEFAULT_FP_FUSION", "1")


def test_corpus_is_real_and_large_enough():
    assert len(CASES) >= 20
    for case in CASES:
        head = (CORPUS / case["file"]).read_text().splitlines()[:4]
        assert case["repository"].startswith("https://github.com/") and head[0].endswith(case["repository"])
        assert re.fullmatch(r"[0-9a-f]{40}", case["commit"]) and case["commit"] in head[2], case["file"]
        assert any(lic in case["licence"] for lic in ("MIT", "Apache-2.0", "BSD")), case["file"]


@pytest.mark.parametrize("case", CASES, ids=[c["file"].removesuffix(".py") for c in CASES])
def test_imports_or_refuses_as_the_manifest_says(case):
    status, detail = corpus_import(case, "h100")
    if case["expect"] == "imports":
        assert status == "imports", detail
        assert "load" in detail.split(), detail
        return
    assert status == "refused", f"imports now ({detail}): update the manifest's expect"
    where, _, message = detail.partition(": ")
    at = case["at"] if ".py:" in case["at"] else f"{case['file']}:{case['at']}"  # in a helper's file, or the kernel's
    assert where == at, detail
    assert message.startswith(case["expect"]), detail
