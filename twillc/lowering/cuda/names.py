"""The kernel's arguments under C++ names: any name a kernel argument may
have in the tile language or in Triton (`do`, `sm`, `tmap_x`, `class`) is
legal for the user, but some are C++ keywords or declarations the generated
code makes itself (its shared-memory struct `sm`, warp group `wg`, the
launch's `blocks` and `stream`, the tensor maps `tmap_*`, helpers `tw_*`).
The emitter prints such an argument under a mangled name (`do_`, `sm_`,
`u_tmap_x`) and the signature (`twillc.lowering.cuda.signature`) maps it back,
so that `twillc.runtime` and the user see the kernel's own names."""

from __future__ import annotations

import re

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

from twillc.lowering.cuda.tiles import CPP_KEYWORDS

GENERATED_NAMES = frozenset("sm smem_raw smem wg bid bid_y bid_z trips tmem mma_phase kt blocks stream THREADS".split())
"""What the generated kernel and its launcher declare beside the kernel's
arguments (the shared-memory struct `sm`, the warp group `wg`, the launch's
`blocks` and `stream`, ...), and the prefixes of their tensor maps and helpers."""
GENERATED_PREFIXES = ("tmap_", "tw_", "twillc_")


def _reserved(name: str) -> bool:
    return name in GENERATED_NAMES or name in CPP_KEYWORDS or name.startswith(GENERATED_PREFIXES)


def mangle_arguments(module: ModuleOp) -> dict[str, str]:
    """Rename, in `module`, the function arguments whose names the generated
    C++ cannot take (`_reserved`): a prefix `u_` for a generated prefix, else
    a suffix `_`, repeated until the name is free. Returns each new name's
    original. Values passed between loops (`loop_segments`' scratch) keep
    theirs: the split names them."""
    from twillc.transforms.loop_segments import PASS_PREFIX, SEGMENT

    func = next(op for op in module.walk() if isinstance(op, FuncOp))
    args = func.body.block.args
    taken = {a.name_hint for a in args if a.name_hint}
    back: dict[str, str] = {}
    for arg in args:
        name = arg.name_hint or ""
        if not name or not _reserved(name) or (SEGMENT in module.attributes and name.startswith(PASS_PREFIX)):
            continue
        new = f"u_{name}" if name.startswith(GENERATED_PREFIXES) else f"{name}_"
        while new in taken or _reserved(new):
            new += "_"
        taken.add(new)
        arg.name_hint = new
        back[new] = name
    return back


def unmangle_signature(signature: dict[str, object], back: dict[str, str]) -> dict[str, object]:
    """The signature with the kernel's own argument names (`mangle_arguments`'
    map `back`): the arguments, the launcher's parameters, the stores'
    tensors and their index expressions."""
    if not back:
        return signature
    word = re.compile(r"\b(" + "|".join(map(re.escape, sorted(back, key=len, reverse=True))) + r")\b")

    def text(s: str) -> str:
        return word.sub(lambda m: back[m.group(1)], s)

    out = dict(signature)
    out["args"] = [{**a, "name": back.get(a["name"], a["name"])} for a in signature["args"]]  # type: ignore[union-attr]
    out["params"] = [[c, back.get(n, n)] for c, n in signature["params"]]  # type: ignore[union-attr]
    grid = signature.get("grid")
    if isinstance(grid, dict):
        stores = [
            {**s, "tensor": back.get(s["tensor"], s["tensor"]), "index": [text(i) for i in s["index"]]}
            for s in grid["stores"]
        ]
        out["grid"] = {**grid, "stores": stores, "max_blocks": [text(e) for e in grid["max_blocks"]]}
        if "extents" in grid:
            out["grid"]["extents"] = [text(e) for e in grid["extents"]]
    return out
