"""What splitting a masked loop buys, per KV block, on the masked examples.

For each kernel the default pipeline is run twice in the same run: with the
mask split (`mask-split`: the unmasked iterations scheduled as the kernel
without the mask, the masked ones fitted into that pipeline) and with
`variant-search{split=false}` (the mask applied in every iteration, the
baseline). Printed per kernel: the II in machine cycles of the unmasked part,
of the masked part, and of the loop masked in every iteration, and the
ratios baseline / unmasked part (what a block that needs no mask gains) and
masked part / baseline (what a block on the mask's edge pays for sharing the
unmasked pipeline). Usage: python bench/mask_split.py [--time-limit 30] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNELS = ["attn_causal_h100", "attn_tail_h100", "attn_window_h100", "attn_causal_b200"]


def schedule(example: str, passes: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "s.json"
        cmd = [sys.executable, "-m", "twillc.driver", f"examples/{example}.tile", "--passes", passes, "-o", str(out)]
        proc = subprocess.run([*cmd, "--no-cache"], capture_output=True, text=True, cwd=ROOT, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"{example}: twillc failed ({proc.returncode}):\n{proc.stderr}")
        return json.loads(out.read_text())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--time-limit", type=float, default=30.0)
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table (for docs/benchmarks.md)")
    args = ap.parse_args()
    head = ["kernel", "unmasked part", "masked part", "masked every iteration", "gain, unmasked", "cost, masked"]
    rows = []
    for name in KERNELS:
        split = schedule(name, f"variant-search{{time-limit={args.time_limit:g}}}")
        whole = schedule(name, f"variant-search{{split=false time-limit={args.time_limit:g}}}")
        parts = {p["part"]: p for p in split.get("parts", [])}  # type: ignore[union-attr]
        base = int(whole["ii_cycles"])  # type: ignore[arg-type]
        if "unmasked" not in parts:
            note = parts.get("whole", {}).get("note", "no split mask")
            rows.append([name, note, "", f"{base} ({whole['status']})", "", ""])
            continue
        u, m = parts["unmasked"], parts["masked"]
        rows.append(
            [
                name,
                f"{u['ii_cycles']} ({u['status']})",
                f"{m['ii_cycles']} ({m['status']})",
                f"{base} ({whole['status']})",
                f"{base / int(u['ii_cycles']):.2f}x",
                f"{int(m['ii_cycles']) / base:.2f}x",
            ]
        )
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]
        for r in [head, *rows]:
            print("  ".join(str(x).ljust(w) for x, w in zip(r, widths, strict=True)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
