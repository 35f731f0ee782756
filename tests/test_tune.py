"""twillc tune: const substitution, the timed default pipeline, ranking, and
the several-outputs / cache plumbing of the driver it shares."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from twillc.cli.passes import DEFAULT_PIPELINE
from twillc.cli.tune import Variant, _limited_pipeline, _rank, _split_top, _variant_text
from twillc.driver import main

ROOT = Path(__file__).resolve().parent.parent

KERNEL = """target h100
kernel k(A: f16[M, K], B: f16[K, N], C: f16[M, N]) {
  const BM = 128
  const BN = 256 // columns
  const BK = 64
  const HM = BM / 2
}
"""


def test_variant_text_changes_only_the_const_values() -> None:
    text = _variant_text(KERNEL, {"BM": 64, "BN": 176})
    assert "  const BM = 64\n" in text
    assert "  const BN = 176 // columns\n" in text
    assert "  const BK = 64\n" in text and "  const HM = BM / 2\n" in text
    # Lines and columns outside the const lines are untouched: errors stay located.
    assert text.count("\n") == KERNEL.count("\n")


def test_limited_pipeline_times_every_timed_pass_of_the_default_pipeline() -> None:
    spec = _limited_pipeline(7)
    names = [p.split("{")[0] for p in _split_top(spec)]
    assert names == [p.split("{")[0] for p in _split_top(DEFAULT_PIPELINE)]
    import dataclasses

    from twillc.cli.passes import get_all_passes

    passes = get_all_passes()
    for part in _split_top(spec):
        name = part.split("{")[0]
        timed = any(f.name == "time_limit" for f in dataclasses.fields(passes[name]()))
        assert ("time-limit=7" in part) == timed, part
    assert any("time-limit=7" in p for p in _split_top(spec))


def test_split_top_keeps_options_with_commas() -> None:
    assert _split_top("a{x=1,2},b,c{y=3}") == ["a{x=1,2}", "b", "c{y=3}"]


def _variant(bm: int, ii_cycles: int | None, work: int = 1000, loaded: int = 10) -> Variant:
    v = Variant({"BM": bm}, work=work, loaded=loaded)
    if ii_cycles is not None:
        v.ii, v.ii_cycles, v.status = ii_cycles, ii_cycles, "optimal"
    return v


def test_rank_throughput_then_intensity_within_one_percent() -> None:
    slow = _variant(64, 20)
    tied_low_intensity = _variant(128, 10, loaded=100)
    best = _variant(256, 10 * 1.005, loaded=10)  # 0.5 % slower: a tie, but 10x the intensity
    refused = _variant(32, None)
    ranked = _rank([refused, slow, tied_low_intensity, best])
    assert [v.values["BM"] for v in ranked] == [256, 128, 64, 32]


def test_bound_names_the_busiest_unit() -> None:
    v = _variant(64, 100)
    v.busy = {"tc": 0.99, "tma": 0.4}
    assert v.bound() == "tensor core (99% busy)"
    v.busy = {"tc": 0.5, "sfu": 0.6}
    assert v.bound() == "latency / dependences (SFU 60% busy)"


def test_tune_in_process_ranks_and_refuses(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        [
            "tune",
            str(ROOT / "examples" / "gemm_h100.tile"),
            "--values",
            "BM=64,128",
            "--values",
            "BN=256",
            "--values",
            "BK=64",
            "--time-limit",
            "5",
            "--cache-dir",
            str(tmp_path),
        ],
        out,
        err,
    )
    assert code == 0, err.getvalue()
    text = out.getvalue()
    assert "best: BM=128 BN=256 BK=64: 4096.0 flop/cycle per CTA, bound by tensor core" in text
    assert "instruction shape: mma 32x256x64" in text


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["-o", "k.json", "-o", "k.txt"], [("k.json", "json"), ("k.txt", "txt")]),
        (["-o", "k.json", "--emit", "txt"], [("k.json", "json"), (None, "txt")]),
        (["-o", "k.out", "--emit", "json"], [("k.out", "json")]),
        (["-o", "-", "--emit", "cu"], [(None, "cu")]),
        ([], [(None, "mlir")]),
    ],
)
def test_outputs_by_extension_and_emit(argv: list[str], expected: list[tuple[str | None, str]]) -> None:
    from twillc.driver import _outputs, _parser

    assert _outputs(_parser().parse_args(["k.tile", *argv])) == expected


def test_cache_key_depends_on_input_target_and_pipeline() -> None:
    from twillc.cli.cache import cache_key

    base = cache_key(b"kernel", "k.tile", None, "p")
    assert base == cache_key(b"kernel", "k.tile", None, "p")
    assert (
        len(
            {
                base,
                cache_key(b"kernel2", "k.tile", None, "p"),
                cache_key(b"kernel", "k.tile", "b200", "p"),
                cache_key(b"kernel", "k.tile", None, "q"),
                cache_key(b"kernel", "j.tile", None, "p"),
            }
        )
        == 5
    )


def test_cache_is_off_in_the_test_suite(monkeypatch: pytest.MonkeyPatch) -> None:
    from twillc.cli.cache import cache_disabled

    assert cache_disabled(False)  # conftest's autouse fixture
    monkeypatch.setenv("TWILLC_NO_CACHE", "0")
    assert not cache_disabled(False) and cache_disabled(True)
