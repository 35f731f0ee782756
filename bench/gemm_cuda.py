"""The generated GEMM kernel on a GPU: C = A B at 4096^3 (f16 in, f32
accumulate, f16 out), checked against torch and timed against torch.matmul
(cuBLAS) in the same run. Needs nvcc, torch with CUDA and an sm_90a GPU;
without them it says what is missing and exits 0.

    python bench/gemm_cuda.py [--size 4096] [--repeat 50]
"""

from __future__ import annotations

import argparse
import ctypes
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=4096)
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    try:
        import torch
    except ImportError:
        print("torch is not installed: nothing measured")
        return 0
    if shutil.which("nvcc") is None or not torch.cuda.is_available():
        print("no nvcc or no CUDA GPU here: nothing measured")
        return 0
    if torch.cuda.get_device_capability() != (9, 0):
        print(f"the kernel is sm_90a; this GPU is sm_{''.join(map(str, torch.cuda.get_device_capability()))}")
        return 0
    sys.path.insert(0, str(ROOT))
    from twillc.driver import main as twillc

    with tempfile.TemporaryDirectory() as tmp:
        cu, lib = Path(tmp) / "gemm.cu", Path(tmp) / "libgemm.so"
        if twillc([str(ROOT / "examples" / "gemm_h100.tile"), "-o", str(cu)]) != 0:
            return 1
        build = ["nvcc", "-gencode", "arch=compute_90a,code=sm_90a", "-O3", "-shared", "-Xcompiler", "-fPIC"]
        subprocess.run([*build, str(cu), "-o", str(lib)], check=True)
        code = cu.read_text()
        name, params = re.search(r'extern "C" int (\w+)\(([^)]*)\)', code).groups()  # type: ignore[union-attr]
        launch = getattr(ctypes.CDLL(str(lib)), name)
        n = args.size
        a = torch.randn(n, n, dtype=torch.float16, device="cuda")
        b = torch.randn(n, n, dtype=torch.float16, device="cuda")
        c = torch.empty(n, n, dtype=torch.float16, device="cuda")
        values: dict[str, object] = {"A": a.data_ptr(), "B": b.data_ptr(), "C": c.data_ptr(), "M": n, "N": n, "K": n}
        values["blocks"] = (n // 128) * (n // 256)  # the example's CTA tile is 128 x 256
        call, types = [], []
        for p in params.split(","):
            kind, pname = p.strip().rsplit(" ", 1)
            if pname == "stream":
                call.append(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream))
                types.append(ctypes.c_void_p)
            elif kind.endswith("*"):
                call.append(ctypes.c_void_p(values[pname]))  # type: ignore[arg-type]
                types.append(ctypes.c_void_p)
            else:
                call.append(ctypes.c_int(values[pname]))  # type: ignore[arg-type]
                types.append(ctypes.c_int)
        launch.argtypes, launch.restype = types, ctypes.c_int

        def ours() -> None:
            if launch(*call) != 0:
                raise RuntimeError("launch failed")

        ours()
        torch.cuda.synchronize()
        ref = a.float() @ b.float()
        err = ((c.float() - ref).abs().max() / ref.abs().max()).item()
        print(f"max relative error vs torch (f32 reference): {err:.2e}")
        if err > 1e-2:
            print("MISMATCH: the generated kernel does not compute C = A B")
            return 1

        def timed(fn) -> float:
            for _ in range(5):
                fn()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(args.repeat):
                fn()
            end.record()
            torch.cuda.synchronize()
            return start.elapsed_time(end) / args.repeat

        t_ours = timed(ours)
        t_torch = timed(lambda: torch.matmul(a, b, out=c))
        flops = 2 * n**3
        print("| kernel | ms | TFLOP/s |\n|---|---|---|")
        print(f"| twillc gemm_h100 | {t_ours:.3f} | {flops / t_ours / 1e9:.0f} |")
        print(f"| torch.matmul (cuBLAS) | {t_torch:.3f} | {flops / t_torch / 1e9:.0f} |")
        print(f"twillc / cuBLAS throughput: {t_torch / t_ours:.2f}  ({torch.cuda.get_device_name()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
