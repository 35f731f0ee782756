"""Run a twillc-generated kernel from torch: generate the .cu (or take one made
elsewhere), build it into a shared library with nvcc, and call its host
launcher (`extern "C" int <kernel>_launch(...)`) through ctypes with torch
tensors. Shared by bench/gemm_cuda.py and bench/attn_cuda.py.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCH_FLAGS = {
    "sm_90a": ["-gencode", "arch=compute_90a,code=sm_90a"],
    "sm_100a": ["-gencode", "arch=compute_100a,code=sm_100a"],
}


def missing_gpu(arch: str) -> str | None:
    """Why the kernel cannot run here, or None when it can."""
    try:
        import torch
    except ImportError:
        return "torch is not installed: nothing measured"
    if not torch.cuda.is_available():
        return "no CUDA GPU here: nothing measured"
    major, minor = torch.cuda.get_device_capability()
    if f"sm_{major}{minor}a" != arch:
        return f"the kernel is {arch}; this GPU is sm_{major}{minor}: nothing measured"
    return None


def generate(example: str, cu: Path) -> None:
    """`twillc examples/<example>.tile -o <cu>` in this process."""
    sys.path.insert(0, str(ROOT))
    from twillc.driver import main as twillc

    if twillc([str(ROOT / "examples" / f"{example}.tile"), "-o", str(cu)]) != 0:
        raise SystemExit(f"twillc failed on {example}")


def build(cu: Path, so: Path, arch: str) -> None:
    if shutil.which("nvcc") is None:
        raise SystemExit("nvcc is not installed")
    cmd = ["nvcc", *ARCH_FLAGS[arch], "-O3", "-shared", "-Xcompiler", "-fPIC", str(cu), "-o", str(so)]
    subprocess.run(cmd, check=True)


def launcher(cu: Path, so: Path) -> Callable[[Mapping[str, object]], None]:
    """The launcher of `cu` (built into `so`) as a function of its arguments by
    name: tensors for pointers, ints for sizes; the stream is torch's."""
    import torch

    name, params = re.search(r'extern "C" int (\w+)\(([^)]*)\)', cu.read_text()).groups()  # type: ignore[union-attr]
    fn = getattr(ctypes.CDLL(str(so.resolve())), name)
    kinds = [p.strip().rsplit(" ", 1) for p in params.split(",")]
    pointer = [kind.endswith("*") or pname == "stream" for kind, pname in kinds]
    fn.argtypes = [ctypes.c_void_p if is_pointer else ctypes.c_int for is_pointer in pointer]
    fn.restype = ctypes.c_int

    def launch(values: Mapping[str, object]) -> None:
        args: list[object] = []
        for kind, pname in kinds:
            if pname == "stream":
                args.append(torch.cuda.current_stream().cuda_stream)
            elif kind.endswith("*"):
                args.append(values[pname].data_ptr())  # type: ignore[attr-defined]
            else:
                args.append(int(values[pname]))  # type: ignore[call-overload]
        if (rc := fn(*args)) != 0:
            raise RuntimeError(f"{name} returned {rc}")

    return launch


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Mean milliseconds per call over `repeat` calls after 5 warm-ups (CUDA events)."""
    import torch

    for _ in range(5):
        fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(repeat):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / repeat


def prebuilt(directory: str | None, example: str) -> tuple[str | None, str | None]:
    """<example>.cu and lib<example>.so in `directory`, built elsewhere (or None, None)."""
    if directory is None:
        return None, None
    return str(Path(directory) / f"{example}.cu"), str(Path(directory) / f"lib{example}.so")


def report(label: str, got, ref, tol: float) -> bool:  # type: ignore[no-untyped-def]
    """Print the max error relative to the largest reference value; True on a mismatch."""
    err = ((got.float() - ref).abs().max() / ref.abs().max()).item()
    print(f"{label}: max error / max |ref| = {err:.2e} {'ok' if err <= tol else 'MISMATCH'}")
    return err > tol


def print_timing(problem: str, flops: int, ours: tuple[str, float], baseline: tuple[str, float]) -> None:
    """The markdown table of both kernels' times (ms) and the throughput ratio."""
    import datetime

    import torch

    print(f"\n{datetime.date.today()}, {torch.cuda.get_device_name()}, {problem}\n")
    print("| kernel | ms | TFLOP/s |\n|---|---|---|")
    for name, ms in (ours, baseline):
        print(f"| {name} | {ms:.3f} | {flops / ms / 1e9:.0f} |")
    print(f"\ntwillc / {baseline[0]} throughput: {baseline[1] / ours[1]:.2f}")


def kernel_files(example: str, tmp: Path, cu: str | None, so: str | None, arch: str) -> tuple[Path, Path]:
    """The kernel's .cu and built .so: given (made on another machine), or made here."""
    cu_path = Path(cu) if cu else tmp / f"{example}.cu"
    if not cu:
        generate(example, cu_path)
    so_path = Path(so) if so else tmp / f"lib{example}.so"
    if not so:
        build(cu_path, so_path, arch)
    return cu_path, so_path
