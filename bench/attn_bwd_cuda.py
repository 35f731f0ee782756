"""The generated attention backward kernel (attn_bwd_h100, FA3-style, base 2,
no scaling) on a GPU, checked against torch: per K/V block of 128 rows it
loops over the query blocks and accumulates dK = dS^T Q and dV = P^T dO, and
writes dQ = dS K per query block (complete when one CTA covers all keys, N =
128). Then timed against torch's scaled_dot_product_attention backward
(flash backend, same single head, scale ln 2) in the same run. Needs torch
with CUDA, an sm_90a GPU and nvcc (or --dir with attn_bwd_h100.cu and
libattn_bwd_h100.so built elsewhere); otherwise it exits 0 saying why.

    python bench/attn_bwd_cuda.py [--seq 16384] [--repeat 20] [--dir prebuilt/]
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cuda_run import kernel_files, launcher, missing_gpu, prebuilt, print_timing, report, timed  # noqa: E402


def reference(q, k, v, do):  # type: ignore[no-untyped-def]
    """The loop's values in f32 from f16 inputs, with its f16 roundings of P and dS."""
    q, k, v, do = (t.float() for t in (q, k, v, do))
    s = q @ k.T
    lse = s.exp2().sum(dim=1).log2()
    p = (s - lse[:, None]).exp2()
    delta = (do * (p @ v)).sum(dim=1)
    ds = p * (do @ v.T - delta[:, None])
    p16, ds16 = p.half().float(), ds.half().float()
    return lse, delta, ds16 @ k, ds16.T @ q, p16.T @ do


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seq", type=int, default=16384, help="sequence length of the timed run (one head, d = 128)")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--dir", help="folder holding attn_bwd_h100.cu and libattn_bwd_h100.so built elsewhere")
    args = ap.parse_args()
    if why := missing_gpu("sm_90a"):
        print(why)
        return 0
    import torch

    torch.manual_seed(0)
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        bwd = launcher(*kernel_files("attn_bwd_h100", Path(tmp), *prebuilt(args.dir, "attn_bwd_h100"), "sm_90a"))

        def run(n: int):  # type: ignore[no-untyped-def]
            q, k, v, do = (torch.randn(n, 128, dtype=torch.float16, device="cuda") * s for s in (0.125, 1, 1, 1))
            lse, delta, dq_ref, dk_ref, dv_ref = reference(q, k, v, do)
            out = {
                "dQ": torch.full((n, 128), float("nan"), device="cuda"),
                "dK": torch.full((n, 128), float("nan"), dtype=torch.float16, device="cuda"),
                "dV": torch.full((n, 128), float("nan"), dtype=torch.float16, device="cuda"),
            }
            values = {"Q": q, "K": k, "V": v, "dO": do, "LSE": lse, "D": delta, **out, "N": n, "blocks": n // 128}
            return values, {"dQ": dq_ref, "dK": dk_ref, "dV": dv_ref}

        for n in [128, 256, 640, 2048]:
            values, refs = run(n)
            bwd(values)
            torch.cuda.synchronize()
            # every CTA writes its partial dQ: it is the whole dQ only with one CTA
            for name in ["dK", "dV"] + (["dQ"] if n == 128 else []):
                label = f"attn_bwd_h100 N={n} (trip count {n // 64}) {name}"
                failed |= report(label, values[name], refs[name], 2e-2)
        if failed:
            print("MISMATCH: the generated backward kernel does not compute its loop")
            return 1
        n = args.seq
        values, _ = run(n)
        t_ours = timed(lambda: bwd(values), args.repeat)
        q4, k4, v4 = (values[t].view(1, 1, n, 128).detach().requires_grad_() for t in ("Q", "K", "V"))
        sdpa = torch.nn.functional.scaled_dot_product_attention
        with torch.nn.attention.sdpa_kernel(torch.nn.attention.SDPBackend.FLASH_ATTENTION):
            o4 = sdpa(q4, k4, v4, scale=math.log(2))
            do4 = values["dO"].view(1, 1, n, 128)
            t_torch = timed(lambda: torch.autograd.grad(o4, (q4, k4, v4), do4, retain_graph=True), args.repeat)
        flops = 10 * n * n * 128  # S, dP, dV, dK, dQ: five n x n x 128 products
        ours, baseline = ("twillc attn_bwd_h100", t_ours), ("torch SDPA backward (flash)", t_torch)
        print_timing(f"one head, N = {n}, d = 128, f16", flops, ours, baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
