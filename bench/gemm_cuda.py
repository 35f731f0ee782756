"""The generated GEMM kernel on a GPU: C = A B (f16 in, f32 accumulate, f16
out) checked against torch at trip counts 1, 2, 3 (the ring's slots), 5 and
at 4096^3, then timed at 4096^3 against torch.matmul (cuBLAS) in the same
run. Needs torch with CUDA, an sm_90a GPU and nvcc (or a library built
elsewhere: --cu/--so); without them it says what is missing and exits 0.

    python bench/gemm_cuda.py [--size 4096] [--repeat 50] [--cu gemm.cu --so libgemm.so]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cuda_run import kernel_files, launcher, missing_gpu, print_timing, report, timed  # noqa: E402

BM, BN, BK = 128, 256, 64  # the example's CTA tile
CHECK_SHAPES = [(128, 256, 64), (256, 512, 128), (384, 256, 192), (128, 768, 320)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=4096)
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--cu", help="the generated kernel (default: generate it here)")
    ap.add_argument("--so", help="the kernel built into a shared library (default: build it here)")
    args = ap.parse_args()
    if why := missing_gpu("sm_90a"):
        print(why)
        return 0
    import torch

    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as tmp:
        cu, so = kernel_files("gemm_h100", Path(tmp), args.cu, args.so, "sm_90a")
        launch = launcher(cu, so)
        n = args.size
        failed = False
        for m, nn, k in [*CHECK_SHAPES, (n, n, n)]:
            a = torch.randn(m, k, dtype=torch.float16, device="cuda")
            b = torch.randn(k, nn, dtype=torch.float16, device="cuda")
            c = torch.full((m, nn), float("nan"), dtype=torch.float16, device="cuda")
            launch({"A": a, "B": b, "C": c, "M": m, "N": nn, "K": k, "blocks": (m // BM) * (nn // BN)})
            torch.cuda.synchronize()
            ref = a.float() @ b.float()
            failed |= report(f"M={m} N={nn} K={k} (trip count {k // BK})", c, ref, 1e-2)  # f16 output: 2^-11
        if failed:
            print("MISMATCH: the generated kernel does not compute C = A B")
            return 1
        c = torch.empty(n, n, dtype=torch.float16, device="cuda")
        values = {"A": a, "B": b, "C": c, "M": n, "N": n, "K": n, "blocks": (n // BM) * (n // BN)}
        t_ours = timed(lambda: launch(values), args.repeat)
        t_torch = timed(lambda: torch.matmul(a, b, out=c), args.repeat)
        problem = f"{n}x{n}x{n} f16 -> f32 accumulate -> f16"
        print_timing(problem, 2 * n**3, ("twillc gemm_h100", t_ours), ("torch.matmul (cuBLAS)", t_torch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
