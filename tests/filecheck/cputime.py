"""`lit --param cpu-log=FILE` (lit.cfg): each case's CPU seconds, for finding what the suite spends.

A case's commands run in lit's worker (its internal shell) and in processes it
waits for; the `twillc` and `filecheck` it runs are forked by the warm server
(forkserver.py), which appends their own seconds to the same file. Each line
is `seconds source case`, source `local` (the worker and its children) or the
forked program's name: sum a case's lines for its total."""

from __future__ import annotations

import resource

import lit.formats


def _used() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


class CpuTimedShTest(lit.formats.ShTest):
    """ShTest that appends each case's local CPU seconds to `log` and tells the
    fork server (TWILLC_LIT_CPU_LOG / TWILLC_LIT_CPU_CASE) to log its children's."""

    def __init__(self, log: str) -> None:
        super().__init__()
        self.log = log

    def execute(self, test, litConfig):  # noqa: N803 - lit's signature
        name = test.getFullName().split(" :: ", 1)[-1]
        test.config.environment["TWILLC_LIT_CPU_LOG"] = self.log
        test.config.environment["TWILLC_LIT_CPU_CASE"] = name
        start = _used()
        try:
            return super().execute(test, litConfig)
        finally:
            with open(self.log, "a") as f:
                f.write(f"{_used() - start:.3f} local {name}\n")
