"""The whole-pipeline fuzzer (`bench/fuzz.py`) stays working: its generated
kernels are deterministic and valid (the front end accepts every one), its
mutated examples end in success or a located error, and a handful of each
runs the default pipeline, the simulator and code generation with no
failure (the full counts: `python bench/fuzz.py`, docs/simulation.md "Simulating the
lowered program")."""

from __future__ import annotations

import argparse
import importlib.util
import io
import sys
import tempfile
from pathlib import Path

from twillc.driver import main

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_fuzz", ROOT / "bench" / "fuzz.py")
fuzz = importlib.util.module_from_spec(_spec)
sys.modules["bench_fuzz"] = fuzz
_spec.loader.exec_module(fuzz)


def front_end(text: str) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "k.tile"
        path.write_text(text)
        err = io.StringIO()
        code = main([str(path), "-o", str(Path(tmp) / "k.mlir")], stdout=io.StringIO(), stderr=err)
        return code, err.getvalue()


def test_generator_is_deterministic_and_varied() -> None:
    kernels = [fuzz.generate(s) for s in range(40)]
    assert kernels == [fuzz.generate(s) for s in range(40)]
    text = "\n".join(kernels)
    for feature in ("target h100", "target b200", "mma(", ".T", "rowmax(", "rowsum(", "exp2(", "cast<", "where("):
        assert feature in text, feature
    for feature in ("iota_rows(", "iota_cols(", "+= ", "carry (", ": f32)", "bf16", "(bid + 1)"):
        assert feature in text, feature


def test_generated_kernels_are_valid() -> None:
    for seed in range(60):
        code, err = front_end(fuzz.generate(seed))
        assert code == 0, f"seed {seed}: {err}"


def test_mutated_examples_are_located() -> None:
    for seed in range(60):
        _, text = fuzz.mutate(seed)
        code, err = front_end(text)
        assert "Traceback" not in err
        assert code in (0, 1), err
        assert code == 0 or fuzz.LOCATED.search(err), err


def test_pipeline_smoke() -> None:
    args = argparse.Namespace(
        generated=3, mutated=3, seed=0, jobs=2, time_limit=0.5, limit=20.0, hard_timeout=120.0, nvcc_every=0, out=""
    )
    args.verbose, args.replay = False, None
    results = fuzz.run_all(args)
    assert len(results) == 6
    bad = [(r.name, r.cls, r.detail) for r in results if r.cls in fuzz.FAILURES]
    assert bad == []
    assert any(r.cls == "ok" for r in results)
