"""The GPU suite's build and timing helpers. The build is twillc's own
(`twillc.runtime.build`: the nvcc flags of `twillc k.tile -o k.so`, the
launcher read from the source, the ptxas report); the launch is
`twillc.runtime.load` (bench/gpu.py). `timed` runs on the device, where
only the standard library and torch are needed.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # twillc.runtime from this tree, on a bare device
from twillc.runtime.build import NvccError, param_role, spill_bytes  # noqa: E402
from twillc.runtime.build import build_shared as build  # noqa: E402
from twillc.runtime.build import launcher_params as signature  # noqa: E402

__all__ = ["NvccError", "build", "param_role", "signature", "spill_bytes", "timed"]


def timed(fn: Callable[[], object], cuda: bool, warmup: int = 3, max_iters: int = 30, max_s: float = 1.0) -> float:
    """Median milliseconds per call after `warmup` calls: each call between
    two CUDA events (a host clock around a synchronized call on the CPU), at
    most `max_iters` calls and about `max_s` seconds."""
    import torch

    for _ in range(warmup):
        fn()
    if cuda:
        torch.cuda.synchronize()
    times: list[float] = []
    start_wall = time.perf_counter()
    while len(times) < max_iters and (not times or time.perf_counter() - start_wall < max_s):
        if cuda:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
        else:
            t0 = time.perf_counter()
            fn()
            times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)
