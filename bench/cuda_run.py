"""Build a twillc-generated kernel into a shared library with nvcc and call
its host launcher (`extern "C" int <kernel>_launch(...)`) through ctypes
with torch tensors. Used by bench/gpu.py on both sides: `--build` here
(`build`, `signature`), `--run` on the device (`launcher`, `timed`), where
only the standard library and torch are needed.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

LAUNCHER = re.compile(r'extern "C" int (\w+)\(([^)]*)\)')


def signature(cu_text: str) -> tuple[str, list[tuple[str, str]]]:
    """The host launcher's name and its parameters as (C type, name), read
    from the generated source; ValueError when it has none."""
    found = LAUNCHER.search(cu_text)
    if found is None:
        raise ValueError('the generated CUDA has no extern "C" launcher')
    name, params = found.groups()
    kinds = [tuple(p.strip().rsplit(" ", 1)) for p in params.split(",") if p.strip()]
    return name, [(kind.strip(), pname.strip("*& ")) for kind, pname in kinds]


def param_role(ctype: str, pname: str) -> str:
    """How a launcher parameter is passed: 'stream', 'pointer', 'float' or 'int'."""
    if pname == "stream" or "Stream" in ctype:
        return "stream"
    if ctype.endswith("*"):
        return "pointer"
    if ctype in ("float", "double"):
        return "float"
    return "int"


def build(cu: Path, so: Path, arch_flags: Sequence[str], timeout: float = 600.0) -> str:
    """nvcc `cu` into the shared library `so` with the target's flags
    (`Target.nvcc_flags`), stripped; the ptxas report (-Xptxas -v) is
    returned. CalledProcessError on failure."""
    if shutil.which("nvcc") is None:
        raise FileNotFoundError("nvcc is not installed")
    cmd = ["nvcc", *arch_flags, "-O3", "-shared", "-Xcompiler", "-fPIC", "-Xlinker", "-s"]
    cmd += ["-Xptxas", "-v", str(cu), "-o", str(so)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    if proc.returncode != 0:
        raise subprocess.CalledProcessError(proc.returncode, cmd, proc.stdout, proc.stderr)
    return proc.stderr


def spill_bytes(ptxas_report: str) -> int:
    """The most spill-store bytes of any function in a ptxas -v report."""
    found = [int(x) for x in re.findall(r"(\d+) bytes spill stores", ptxas_report)]
    return max(found, default=0)


def launcher(so: Path, name: str, params: Sequence[Sequence[str]]) -> Callable[[Mapping[str, object]], None]:
    """The launcher `name` in `so` as a function of its arguments by name:
    tensors for pointers, numbers for the rest; the stream is torch's."""
    import torch

    fn = getattr(ctypes.CDLL(str(so.resolve())), name)
    roles = [param_role(ctype, pname) for ctype, pname in params]
    ctypes_of = {"stream": ctypes.c_void_p, "pointer": ctypes.c_void_p, "float": ctypes.c_float, "int": ctypes.c_int}
    fn.argtypes = [ctypes_of[r] for r in roles]
    fn.restype = ctypes.c_int

    def launch(values: Mapping[str, object]) -> None:
        args: list[object] = []
        for role, (_, pname) in zip(roles, params, strict=True):
            if role == "stream":
                args.append(torch.cuda.current_stream().cuda_stream)
            elif role == "pointer":
                args.append(values[pname].data_ptr())  # type: ignore[attr-defined]
            elif role == "float":
                args.append(float(values[pname]))  # type: ignore[arg-type]
            else:
                args.append(int(values[pname]))  # type: ignore[call-overload]
        if (rc := fn(*args)) != 0:
            raise RuntimeError(f"{name} returned {rc}")

    return launch


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
