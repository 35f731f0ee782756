"""Hypothesis profiles. The suite runs derandomized by default, so CI and
every rerun draw the same examples (same input, same output); `pytest
--hypothesis-profile=explore` draws fresh random ones."""

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("repeatable")
