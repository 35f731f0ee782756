"""Hypothesis profiles. The suite runs derandomized by default, so CI and
every rerun draw the same examples (same input, same output); `pytest
--hypothesis-profile=explore` draws fresh random ones."""

import os
from pathlib import Path

# One BLAS and OpenMP thread per process (the simulator's numpy, GauS's
# PyTorch): their tiles are small, the suite already runs a process per core,
# and idle pool threads spin. Set before numpy or torch is imported.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import pytest  # noqa: E402 - after the thread counts above
from hypothesis import settings  # noqa: E402

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("repeatable")


@pytest.fixture(autouse=True)
def _no_schedule_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes a user's schedule cache (a test of the cache
    turns it on with a folder of its own)."""
    monkeypatch.setenv("TWILLC_NO_CACHE", "1")


SUITE_CACHE = Path(__file__).resolve().parent / "filecheck" / "Output" / "schedule-cache"
"""The lit run's schedule cache (tests/filecheck/lit.cfg empties it when the
suite loads), keyed by the input's path and bytes, the pipeline and the
compiler's sources."""


@pytest.fixture
def suite_schedule_cache(monkeypatch: pytest.MonkeyPatch) -> Path:
    """A test that compiles a lit case's kernel as that case does (`twillc
    k.tile -o k.cu`) to check what the lit case does not (nvcc) reads the
    search the lit run paid for it, re-checked by verify-schedule; run alone,
    it searches and stores. The search itself is the lit case's to check."""
    monkeypatch.setenv("TWILLC_NO_CACHE", "0")
    monkeypatch.setenv("TWILLC_CACHE_DIR", str(SUITE_CACHE))
    return SUITE_CACHE


@pytest.fixture(autouse=True)
def _no_ptxas_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test's `-o k.cu` compiles the kernel with ptxas (seconds each): a
    test of the register check turns it on."""
    monkeypatch.setenv("TWILLC_NO_PTXAS_CHECK", "1")
