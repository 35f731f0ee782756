"""Hypothesis profiles. The suite runs derandomized by default, so CI and
every rerun draw the same examples (same input, same output); `pytest
--hypothesis-profile=explore` draws fresh random ones."""

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("repeatable")


@pytest.fixture(autouse=True)
def _no_schedule_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes a user's schedule cache (a test of the cache
    turns it on with a folder of its own)."""
    monkeypatch.setenv("TWILLC_NO_CACHE", "1")


@pytest.fixture(autouse=True)
def _no_ptxas_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test's `-o k.cu` compiles the kernel with ptxas (seconds each): a
    test of the register check turns it on."""
    monkeypatch.setenv("TWILLC_NO_PTXAS_CHECK", "1")
