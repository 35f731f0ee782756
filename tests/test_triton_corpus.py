"""The real-kernel corpus (@triton.jit kernels taken from public repositories;
tests/triton_kernels/corpus/manifest.toml names each one's repository, path,
commit and licence, and the folder TWILLC_TRITON_CORPUS holds their code, which
is not in this repository): every kernel imports or is refused as the manifest
says, a refusal located in the kernel's own file. Import only (Triton to TTGIR,
TTGIR to tile IR: a few seconds for the corpus); bench/triton_loops.py --corpus
also schedules and compiles them. The write-back test schedules every kernel
that imports (each solver given WRITEBACK_TIME_LIMIT) and compiles what
`-o k.ttgir` writes with Triton 3.9 on both targets (a few minutes;
bench/results/triton-writeback.md)."""

from __future__ import annotations

import re
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

triton = pytest.importorskip("triton", reason="needs twillc[triton] (triton==3.9.0)")
if triton.__version__ != "3.9.0":
    pytest.skip(f"needs triton==3.9.0, found {triton.__version__}", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from triton_loops import CORPUS, MANIFEST, corpus_cases, corpus_import, corpus_schedule, writeback_check  # noqa: E402

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


# The schedule's solver passes in the write-back test: long enough for every kernel that schedules in the
# benchmark's 10 s, short enough for the test (the schedule's quality is not what it checks).
WRITEBACK_TIME_LIMIT = 5

# Where Triton 3.9 itself fails on the partitions twillc writes for a corpus kernel's sm_100 schedule (Triton's
# first error; bench/results/triton-writeback.md): `twillc.triton` then compiles twillc's stages without its
# partitions, which the test checks. A kernel listed here that compiles passes (Triton or the schedule changed).
TRITON_FAILS: dict[str, str | tuple[str, ...]] = {
    # a scalar reduction in partition 1 carried by the loop: tests/data/triton/reduce-scalar-carried.ttgir
    "liger_kl_div_fwd.py": "operation destroyed but still has uses",
    "fa_cross_entropy_fwd.py": "operation destroyed but still has uses",
    "liger_cross_entropy.py": "operation destroyed but still has uses",  # its online softmax's scalar sum
    # warp specialization on a tensor-memory accumulator's reads: a crash or an assertion, by schedule
    "fla_chunk_bwd_dv.py": ("A signal was caught", "cast<Ty>() argument of incompatible type"),
    # a fresh accumulator each K step, the MMA in the default partition: tests/data/triton/tmem-fresh-accumulator.ttgir
    "unsloth_w8a8_block_fp8_mm.py": "forOp.getResult(tokIdx).use_empty()",
    "unsloth_moe_grouped_gemm_dw.py": "Flags::MANUAL",
    # the MMAs' partition carries the TMEM token in an isolated region: tests/data/triton/tmem-token-in-partition.ttgir
    "fla_attn_bwd_dq.py": "'scf.yield' op using value defined outside the region",
    "lightllm_context_attention.py": "Insufficient registers",  # ptxas on Triton's partition budgets
    # an i1 mask passed across partitions: tests/data/triton/mask-across-partitions.ttgir (here the mask also
    # selects a value in a later stage, so twillc does not compute it again in the load's partition)
    "fla_attn_decode.py": "verifyInvariants",
}
IMPORTING = [c for c in CASES if c["expect"] == "imports"]


@pytest.mark.parametrize("target", ["h100", "b200"])
@pytest.mark.parametrize("case", IMPORTING, ids=[c["file"].removesuffix(".py") for c in IMPORTING])
def test_writeback_compiles_with_triton(case, target):
    """The schedule twillc writes back (`-o k.ttgir`) for a corpus kernel
    compiles with Triton 3.9 to a cubin: on sm_90 with twillc's stages
    driving Triton's pipeliner, on sm_100 with twillc's partitions built by
    Triton's warp specialization (each region holding the ops twillc put in
    it, each partition's loop twillc's stages), or where Triton itself fails
    on them (TRITON_FAILS), with twillc's stages alone."""
    import corpus as tile_corpus

    with tempfile.TemporaryDirectory() as tmp:
        mlir = Path(tmp) / "k.mlir"
        # the loop as written first (one variant: minutes less over the corpus), else the default pipeline's
        # variants (sub-tiled, steps split)
        one = f"variant-search{{parts=1 time-limit={WRITEBACK_TIME_LIMIT}}}"
        _, error = corpus_schedule(case, target, one, WRITEBACK_TIME_LIMIT, mlir)
        if error:
            passes = tile_corpus.default_passes(WRITEBACK_TIME_LIMIT)
            _, error = corpus_schedule(case, target, passes, WRITEBACK_TIME_LIMIT, mlir)
        if error:
            pytest.skip(f"no schedule to write back: {error[:300]}")
        check = writeback_check(mlir, target)
    if "has no loop" in check.get("error", ""):
        pytest.skip("a kernel with no loop: no schedule to write back (-o k.cu generates it)")
    if not check["compiles"] and target == "b200" and case["file"] in TRITON_FAILS:
        says = TRITON_FAILS[case["file"]]
        assert any(m in check["error"] for m in ((says,) if isinstance(says, str) else says)), check["error"]
        assert check.get("stages_only_compiles"), check.get("summary") or check["error"]
        pytest.xfail(f"Triton 3.9 fails on twillc's partitions: {check['error'][:200]}")
    assert check["compiles"], check.get("summary") or check["error"]
    assert check["stages_kept"], check["summary"]
    if target == "h100":
        assert check["partitions"] == 0, check["summary"]
    elif check["partitions"]:
        assert check["partitions_kept"], check["summary"]
