"""The benchmark corpus (bench/corpus/*.tile, kernels written as users would)
cannot rot: every kernel parses and verifies, a few fast ones are scheduled
end to end, and the whole corpus through the default pipeline (slow: minutes
per kernel) runs only when TWILLC_CORPUS_FULL=1 is set (bench/corpus.py
measures it)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from test_cuda import NVCC, check_compiles

from twillc.cli.passes import DEFAULT_PIPELINE
from twillc.driver import main

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from corpus import first_schedule_seconds  # noqa: E402

CORPUS = ROOT / "bench" / "corpus"
KERNELS = sorted(p.stem for p in CORPUS.glob("*.tile"))

# Fast kernels scheduled end to end, with the status the default pipeline
# proves, the architecture of their CUDA (generated with no hole) and
# whether this test compiles it (nvcc takes tens of seconds a kernel: one per
# architecture here, all of them in bench/corpus.py). Short solver limits
# keep them fast under load; each is proven well within them.
FAST = {
    "gemm_64x256x64_h100": ("optimal", "sm_90a", False),
    "layernorm_stats_h100": ("optimal", "sm_90a", True),
    "gemm_bf16_b200": ("optimal", "sm_100a", False),
    "gemm_fp8_b200": ("optimal", "sm_100a", True),
}
FAST_LIMIT = 20

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


def default_passes(limit: int) -> str:
    """The default pipeline, each solver pass limited to `limit` seconds."""
    return ",".join(
        f"{p}{{time-limit={limit}}}" if p in ("modulo-schedule", "joint-schedule") else p
        for p in DEFAULT_PIPELINE.split(",")
    )


@pytest.mark.parametrize("kernel", sorted(FAST))
def test_fast_corpus_kernel_is_scheduled_end_to_end(
    kernel: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The default pipeline proves the schedule; the CUDA of that schedule
    (from the printed module, the search paid once) has no hole and, where
    FAST says so, compiles with nvcc for the kernel's architecture, no spill,
    no warning, within the register budgets."""
    status, arch, compile_it = FAST[kernel]
    mlir, out, cu = (tmp_path / f"{kernel}.{ext}" for ext in ("mlir", "json", "cu"))
    capsys.readouterr()
    passes = default_passes(FAST_LIMIT)
    assert main([str(CORPUS / f"{kernel}.tile"), "-p", passes, "--emit", "mlir", "--timing", "-o", str(mlir)]) == 0
    # bench/corpus.py's "first (s)": when --timing says the first legal schedule came.
    first = first_schedule_seconds(capsys.readouterr().err)
    assert first and float(first) >= 0
    assert main([str(mlir), "-o", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["status"] == status and doc["ii"] == doc["lower_bound"] > 0, doc["status"]
    capsys.readouterr()
    assert main([str(mlir), "-o", str(cu)]) == 0
    assert "TWILLC-HOLE" not in capsys.readouterr().err
    if compile_it and NVCC is not None:
        check_compiles(cu, arch, tmp_path)


@full_corpus
@pytest.mark.parametrize("kernel", KERNELS)
def test_corpus_kernel_is_scheduled_by_the_default_pipeline(kernel: str, tmp_path: Path) -> None:
    out = tmp_path / f"{kernel}.json"
    assert main([str(CORPUS / f"{kernel}.tile"), "-o", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["status"] in ("optimal", "feasible") and doc["ii"] >= doc["lower_bound"] > 0
