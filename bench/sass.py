"""Static checks of the generated kernels that cost no device time: per
example, ptxas's resource use (registers, spill bytes, serialized-wgmma
warnings) and, role by role, the SASS of the role's main loop
(`twillc.lowering.cuda.sass`): its instructions, its tensor-core
instructions and their shapes (HGMMA on sm_90a, UTC*MMA on sm_100a), TMA
loads and stores, mbarrier waits and arrivals, named barriers, and LDL / STL
anywhere in the role. Counts are static: what one iteration's code holds
(an mbarrier wait counts its fast path and ptxas's retry path).

    python bench/sass.py [--only GLOB] [--narrow] [--out bench/results/sass.md]

`--narrow` adds, per sm_90a example, the same kernel compiled with
-DTW_WGMMA_NARROW (one m64n64 wgmma per 64 columns, as before the wide
form), so that the two can be read side by side (and timed against each
other on a lent device).
"""

from __future__ import annotations

import argparse
import datetime
import fnmatch
import platform
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from twillc.driver import main as twillc  # noqa: E402
from twillc.lowering.cuda.ptxas import PtxasError, run_ptxas  # noqa: E402
from twillc.lowering.cuda.sass import role_sass  # noqa: E402

ARCH = {"h100": "sm_90a", "b200": "sm_100a"}


def examples(only: str | None) -> list[Path]:
    found = sorted((ROOT / "examples").glob("*.tile"))
    return [p for p in found if only is None or fnmatch.fnmatch(p.stem, only)]


def arch_of(path: Path) -> str | None:
    return next((a for t, a in ARCH.items() if t in path.stem), None)


def rows_for(name: str, code: str, arch: str) -> list[str]:
    try:
        whole = run_ptxas(code, arch)
        roles = role_sass(code, arch)
    except PtxasError as err:
        return [f"| {name} | {arch} | {str(err).splitlines()[0][:100]} | | | | | | | | |"]
    out = []
    for n, r in enumerate(roles):
        head = f"| {name} | {arch} | {whole.summary()}" if n == 0 else "| | |"
        loop = r.loop
        if loop is None:
            out.append(f"{head} | {r.wg} {r.name} | no loop | | | | | | {r.local} |")
            continue
        shapes = ", ".join(s.replace(".F32", "") for s in loop.mma_shapes) or "-"
        out.append(
            f"{head} | {r.wg} {r.name} | {loop.instructions} | {loop.mma} ({shapes}) | {loop.tma_loads} / "
            f"{loop.tma_stores} | {loop.waits} / {loop.arrives} | {loop.barriers} | {loop.local} | {r.local} |"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="examples whose name matches this glob")
    ap.add_argument("--narrow", action="store_true", help="also sm_90a kernels with -DTW_WGMMA_NARROW")
    ap.add_argument("--out", type=Path, help="write the markdown table here")
    args = ap.parse_args(argv)
    lines = [
        f"Measured {datetime.date.today()} on {platform.machine()} with no GPU (nvcc 13, cuobjdump), each "
        "example's default pipeline (`twillc EXAMPLE -o k.cu`); counts are static, per loop iteration.",
        "",
        "| kernel | arch | ptxas (whole kernel) | role | loop instructions | MMA (shapes) | TMA loads / stores "
        "| waits / arrives | named barriers | LDL/STL in loop | LDL/STL in role |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    with tempfile.TemporaryDirectory(prefix="twillc-sass-") as tmp:
        for path in examples(args.only):
            arch = arch_of(path)
            if arch is None:
                continue
            cu = Path(tmp) / f"{path.stem}.cu"
            if twillc([str(path), "-o", str(cu)]) != 0:
                lines.append(f"| {path.stem} | {arch} | not emitted | | | | | | | | |")
                continue
            code = cu.read_text()
            lines += rows_for(path.stem, code, arch)
            if args.narrow and arch == "sm_90a":
                lines += rows_for(f"{path.stem} (m64n64)", "#define TW_WGMMA_NARROW\n" + code, arch)
            print(f"{path.stem}: done", file=sys.stderr)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
