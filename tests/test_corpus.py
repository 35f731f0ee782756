"""The benchmark corpus (bench/corpus/*.tile, kernels written as users would)
cannot rot: every kernel parses and verifies, a few fast ones are scheduled
end to end, and the whole corpus through the default pipeline (slow: minutes
per kernel) runs only when TWILLC_CORPUS_FULL=1 is set (bench/corpus.py
measures it)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from twillc.driver import main

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "corpus"
KERNELS = sorted(p.stem for p in CORPUS.glob("*.tile"))

# Short limits keep the fast cases fast under load; each is proven optimal
# well within them.
FAST_PASSES = "annotate-costs,cost-normalize,modulo-schedule{time-limit=20},joint-schedule{time-limit=20},verify-schedule"
FAST = {
    # kernel: the status the default pipeline proves
    "gemm_128x128x64_h100": "optimal",
    "gemm_bf16_h100": "optimal",
    "layernorm_stats_h100": "optimal",
}

full_corpus = pytest.mark.skipif(
    os.environ.get("TWILLC_CORPUS_FULL") != "1",
    reason="the whole corpus through the default pipeline takes minutes per kernel: set TWILLC_CORPUS_FULL=1",
)


def test_corpus_has_the_kernels_issue_18_asks_for() -> None:
    assert len(KERNELS) >= 20
    targets = {re.search(r"^target (\w+)", (CORPUS / f"{k}.tile").read_text(), re.M).group(1) for k in KERNELS}
    assert targets == {"h100", "b200"}
    for family in ("attn_fwd_d64", "attn_fwd_d128", "attn_fwd_d256", "attn_bwd", "gemm_fp8", "row_lse"):
        assert any(k.startswith(family) for k in KERNELS), family


@pytest.mark.parametrize("kernel", KERNELS)
def test_corpus_kernel_starts_with_its_description(kernel: str) -> None:
    """Each file opens with a comment paragraph saying what it is and the shape chosen."""
    lines = (CORPUS / f"{kernel}.tile").read_text().splitlines()
    comment = lines[: next(i for i, line in enumerate(lines) if not line.startswith("//"))]
    assert len(comment) >= 2 and lines[len(comment)].startswith("target "), kernel


@pytest.mark.parametrize("kernel", KERNELS)
def test_corpus_kernel_parses_and_verifies(kernel: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`twillc k.tile` with no pass prints the verified `tile` IR."""
    assert main([str(CORPUS / f"{kernel}.tile")]) == 0
    out = capsys.readouterr().out
    assert "tile.for" in out and "tile.load" in out and "tile.store" in out, out


def schedule(kernel: str, tmp_path: Path, passes: str | None) -> dict[str, object]:
    out = tmp_path / f"{kernel}.json"
    args = [str(CORPUS / f"{kernel}.tile"), "-o", str(out)] + (["-p", passes] if passes else [])
    assert main(args) == 0
    doc = json.loads(out.read_text())
    assert doc["ii"] >= doc["lower_bound"] > 0
    return doc


@pytest.mark.parametrize("kernel", sorted(FAST))
def test_fast_corpus_kernel_is_scheduled_end_to_end(kernel: str, tmp_path: Path) -> None:
    doc = schedule(kernel, tmp_path, FAST_PASSES)
    assert doc["status"] == FAST[kernel]
    assert doc["ii"] == doc["lower_bound"]


@full_corpus
@pytest.mark.parametrize("kernel", KERNELS)
def test_corpus_kernel_is_scheduled_by_the_default_pipeline(kernel: str, tmp_path: Path) -> None:
    doc = schedule(kernel, tmp_path, None)
    assert doc["status"] in ("optimal", "feasible")
