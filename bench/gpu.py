"""The GPU suite: every example and every sm_90a corpus kernel, built here,
checked and timed on a lent device in one command, one table.

    python bench/gpu.py --build [DIR]          # here: schedule, emit, nvcc; prints the plan
    python bench/gpu.py --run DIR [--out F]    # on the device: python3 + torch + DIR only
    python bench/gpu.py --run DIR --dry-run    # here: the whole driver on the CPU, a fake launcher

`--build` (default DIR: bench/gpu-build) runs twillc's default pipeline on
examples/*.tile and bench/corpus/*_h100.tile (the schedule cache makes a
second build quick), compiles each generated .cu with nvcc into
lib<kernel>.so for its architecture, and writes manifest.json: per kernel
the launcher's signature (read from the .cu), the program as written
(serialized for bench/gpu_ref.py, the float64 reference), the sizes of each
check (trip counts 1, 2, the schedule's stages, 37, and the full size), the
tolerance per output and the torch baseline it is timed against. sm_100a
kernels are built for sm_100a and listed as "built, no B200".

`--run` checks each kernel at each size on fresh random inputs, its plain
outputs poisoned with NaN first: every element the reference writes must be
written and within tolerance (max |error| / max |reference|), nothing else
written. Then it times the kernel at the full size (CUDA events, median) and
its baseline in the same run: torch.matmul (cuBLAS) for GEMMs, SDPA with the
cuDNN and the flash backends for attention forward and backward. Kernels run
in a worker process under a per-kernel timeout: a hang or a fault costs a
restart, not the table. The table goes to stdout, to --out (default
$OUT/gpu-DATE.md when $OUT is set) and to bench/results/gpu-DATE.md.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import math
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from cuda_run import NvccError, param_role, signature, spill_bytes, timed  # noqa: E402
from cuda_run import build as nvcc_build  # noqa: E402

DEFAULT_DIR = ROOT / "bench" / "gpu-build"
CARDS = {"sm_90a": "H100", "sm_100a": "B200"}  # for the table's "built, no B200"
DRY_RUN_ARCH = "sm_90a"  # the architecture --dry-run pretends to be
TOLERANCE = {"f16": 2e-2, "f32": 2e-2, "bf16": 4e-2, "f8e4m3": 0.2, "f8e5m2": 0.3, "i8": 0.0, "i32": 0.0}
TRIP_TARGETS = (1, 2, 37)
FULL_BLOCKS = 128  # the full size grows until the grid has this many CTAs (132 SMs on an H100)
REF_FLOPS_ALL = 2e10  # above this many MMA flops the float64 reference runs REF_SAMPLE CTAs, not all
REF_SAMPLE = 16
TIMED_ALSO: dict[str, tuple[int, ...]] = {
    "gemm_persistent_h100": (8192,),
    "gemm_persistent_pingpong_h100": (8192,),  # ping-pong consumers beside the cooperative kernel, same run
    "gemm_persistent_cluster_h100": (8192,),
    "gemm_persistent_b200": (8192,),
    "gemm_persistent_2cta_b200": (8192,),  # the CTA pair beside the one-CTA kernel, in the same run
}
"""Kernels timed at more full sizes than the suite's (every size at N, after
the default 4096): each a row of its own, `NAME@N`, checked (sampled) and
timed against its baseline at that size in the same run."""


def sources() -> list[Path]:
    """What the suite covers: the examples, then the sm_90a corpus."""
    return sorted((ROOT / "examples").glob("*.tile")) + sorted((ROOT / "bench" / "corpus").glob("*_h100.tile"))


# =============================================================================
# --build: the program as written, serialized for the reference
# =============================================================================
def serialize(module: Any) -> dict[str, Any]:
    """The kernel's function as JSON for gpu_ref.Interpreter: arguments,
    ops (values numbered), the loops with their bodies, and the tiles each
    tensor is loaded and stored in."""
    from xdsl.dialects.builtin import FloatAttr, IntegerAttr, UnitAttr

    from twillc.dialects import tile
    from twillc.dialects.tile_types import element_name

    func = next(op for op in module.walk() if op.name == "func.func")
    block = func.regions[0].block
    ids: dict[Any, int] = {}

    def vid(v: Any) -> int:
        if v not in ids:
            ids[v] = len(ids)
        return ids[v]

    args = []
    for a in block.args:
        vid(a)
        name = a.name_hint
        if isinstance(a.type, tile.TensorType):
            args.append(
                {
                    "name": name,
                    "kind": "tensor",
                    "dtype": element_name(a.type.element_type),
                    "shape": list(a.type.get_dims()),
                }
            )
        else:
            args.append({"name": name, "kind": "scalar", "dtype": element_name(a.type)})
    tensor_of = {v: a["name"] for v, a in zip(block.args, args, strict=True)}
    stores: list[dict[str, Any]] = []
    accesses: list[dict[str, Any]] = []

    def type_of(t: Any) -> dict[str, Any]:
        if isinstance(t, tile.TileType):
            return {"shape": list(t.get_shape()), "dtype": element_name(t.element_type)}
        return {"dtype": "index" if str(t) == "index" else element_name(t)}

    def ops_of(ops: Iterable[Any], in_loop: bool) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for op in ops:
            if op.name in ("func.return", "tile.yield"):
                continue
            if isinstance(op, tile.ForOp):
                body = op.body.block
                out.append(
                    {
                        "op": op.name,
                        "lb": vid(op.lb),
                        "ub": vid(op.ub),
                        "step": vid(op.step),
                        "init": [vid(v) for v in op.iter_args],
                        "iv": vid(body.args[0]),
                        "carried": [vid(v) for v in body.args[1:]],
                        "body": ops_of(body.ops, True),
                        "yield": [vid(v) for v in body.last_op.operands],
                        "res": [vid(r) for r in op.res],
                    }
                )
                continue
            d: dict[str, Any] = {"op": op.name, "args": [vid(v) for v in op.operands]}
            d["res"] = [vid(r) for r in op.results]
            if op.results:
                d["type"] = type_of(op.results[0].type)
                d["tile"] = isinstance(op.results[0].type, tile.TileType)
            if isinstance(op, tile.LoadOp | tile.StoreOp | tile.StoreAddOp):
                tensor = tensor_of[op.tensor]
                d["tensor"] = vid(op.tensor)
                if isinstance(op, tile.LoadOp):
                    d["args"] = [vid(v) for v in op.indices]
                    shape = list(op.result.type.get_shape())
                else:
                    d["args"] = [vid(op.value), *(vid(v) for v in op.indices)]
                    shape = list(op.value.type.get_shape())
                    d["shape"], d["dtype"], d["tile"] = shape, element_name(op.value.type.element_type), True
                    stores.append(
                        {"tensor": tensor, "shape": shape, "add": isinstance(op, tile.StoreAddOp), "in_loop": in_loop}
                    )
                accesses.append({"tensor": tensor, "shape": shape, "in_loop": in_loop})
            elif isinstance(op, tile.MmaOp):
                d["tl"], d["tr"] = bool(op.transpose_lhs), bool(op.transpose_rhs)
                lhs = op.lhs.type.get_shape()
                d["k"] = lhs[0] if op.transpose_lhs else lhs[1]
            elif op.name == "arith.constant":
                val = op.properties["value"] if "value" in op.properties else op.attributes.get("value")
                d["value"] = val.value.data if isinstance(val, IntegerAttr | FloatAttr) else str(val)
            elif isinstance(op, tile.FullOp):
                d["value"] = op.value.value.data
            elif isinstance(op, tile.SizeOp):
                d["sym"] = op.sym.data
            elif isinstance(op, tile.BlockIdOp) and op.grid_axis:
                d["axis"] = op.grid_axis
            elif op.name == "tile.iota":
                d["dim"] = op.dim.value.data  # type: ignore[attr-defined]
            elif op.name == "tile.cmp":
                d["pred"] = op.predicate.data  # type: ignore[attr-defined]
            for k, v in op.properties.items():
                if isinstance(v, UnitAttr) and k not in ("transpose_lhs", "transpose_rhs"):
                    d.setdefault("flags", []).append(k)
            out.append(d)
        return out

    ops = ops_of(block.ops, False)
    return {"name": func.sym_name.data, "args": args, "ops": ops, "stores": stores, "accesses": accesses}


def _walk(ops: Iterable[Mapping[str, Any]], in_loop: bool = False) -> Iterable[tuple[Mapping[str, Any], bool]]:
    for op in ops:
        yield op, in_loop
        if op["op"] == "tile.for":
            yield from _walk(op["body"], True)


def baseline_of(program: Mapping[str, Any], full: Mapping[str, Any]) -> dict[str, Any] | None:
    """The torch problem a kernel is timed against, read off its program:
    MMAs and no exponential in the loop is a GEMM (C[R, C] from the stored
    tile's tensor, K from the flops), a row max and an exponential an
    attention forward, four MMAs or more and an exponential a backward; its
    shape is the stored tensor's [N, d]; causal where the trip count
    depends on the block."""
    loop_ops = [op["op"] for op, inside in _walk(program["ops"]) if inside]
    mma = loop_ops.count("tile.mma")
    exp = any(o in ("tile.exp", "tile.exp2") for o in loop_ops)
    plain = [s for s in program["stores"] if not s["add"] and not s["in_loop"]]
    if not mma or not plain:
        return None
    arg = next(a for a in program["args"] if a["name"] == plain[0]["tensor"])
    if len(arg["shape"]) != 2:
        return None
    rows, cols = (int(full["sizes"][d]) if isinstance(d, str) else int(d) for d in arg["shape"])
    inputs = [a["dtype"] for a in program["args"] if a["kind"] == "tensor"]
    dtype = inputs[0] if inputs[0] in ("f16", "bf16") else "bf16"
    if not exp:
        k = full["flops"] // (2 * rows * cols) if full["flops"] else 0
        if k * 2 * rows * cols != full["flops"] or k == 0:
            return None
        return {"kind": "matmul", "m": rows, "n": cols, "k": k, "dtype": dtype}
    causal = bool(full.get("causal"))
    if "tile.rowmax" in loop_ops:
        return {"kind": "sdpa_fwd", "n": rows, "d": cols, "causal": causal, "dtype": dtype}
    if mma >= 4:
        return {"kind": "sdpa_bwd", "n": rows, "d": cols, "causal": causal, "dtype": dtype}
    return None


def baseline_flops(b: Mapping[str, Any]) -> int:
    """The baseline's MMA flops (causal: half the square)."""
    if b["kind"] == "matmul":
        return 2 * b["m"] * b["n"] * b["k"]
    per = 4 if b["kind"] == "sdpa_fwd" else 10
    flops = per * b["n"] * b["n"] * b["d"]
    return flops // 2 if b["causal"] else flops


def plan_entry(program: dict[str, Any], stages: int, full_size: int = 4096) -> dict[str, Any]:
    """The checks and the full size of a kernel (gpu_ref.plan_sizes), with
    the flops and the grid of each."""
    import gpu_ref
    import torch

    checks = []
    for p in gpu_ref.plan_sizes(program, [*TRIP_TARGETS[:2], stages, TRIP_TARGETS[2]], FULL_BLOCKS, full_size):
        run = gpu_ref.index_run(program, p.sizes, p.blocks)
        trips = run.trips if run.trips is not None else torch.zeros(1)
        checks.append(
            {
                "label": p.label,
                "sizes": p.sizes,
                "blocks": p.blocks,
                "trips": p.trips,
                "flops": run.flops,
                "causal": bool((trips != trips.max()).any()),
            }
        )
    return {"checks": checks}


def schedule_and_emit(src: Path, out: Path, timeout: float) -> tuple[bool, str]:
    """`twillc SRC -o NAME.cu -o NAME.json` from this tree (the schedule
    cache on): (ok, the error's last line)."""
    name = src.stem
    cmd = [sys.executable, "-m", "twillc.driver", str(src), "-o", str(out / f"{name}.cu")]
    cmd += ["-o", str(out / f"{name}.json")]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return False, f"twillc did not finish in {timeout:.0f} s"
    if proc.returncode != 0:
        lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
        return False, (lines[0] if lines else f"twillc exited {proc.returncode}").replace(str(ROOT) + "/", "")
    return True, ""


def build_one(src: Path, out: Path, timeout: float) -> dict[str, Any]:
    """Schedule, emit, serialize and plan one kernel (no nvcc yet)."""
    from twillc.frontend import parse_tile
    from twillc.target.machine import load_machine

    name = src.stem
    rel = str(src.relative_to(ROOT))
    entry: dict[str, Any] = {"name": name, "source": rel, "origin": "example" if "examples" in rel else "corpus"}
    text = src.read_text()
    try:
        module = parse_tile(text, rel)
    except Exception as e:  # noqa: BLE001 - a located UserError: reported as the kernel's status
        return {**entry, "status": "not built", "reason": str(e).splitlines()[0], "arch": ""}
    target = load_machine(str(module.attributes["twill.target"]).strip('"')).target
    entry["arch"], entry["nvcc_flags"] = target.name, list(target.nvcc_flags)
    entry["program"] = serialize(module)
    ok, why = schedule_and_emit(src, out, timeout)
    if not ok:
        return {**entry, "status": "not built", "reason": why}
    cu = (out / f"{name}.cu").read_text()
    sched = json.loads((out / f"{name}.json").read_text())
    (out / f"{name}.json").unlink()
    entry["cu"] = f"{name}.cu"
    entry["launcher"], entry["params"] = signature(cu)
    entry["holes"] = cu.count("// TWILLC-HOLE")
    entry["stages"] = int(sched.get("stages") or 1)
    entry["ii_cycles"] = sched.get("ii_cycles")
    entry["schedule"] = sched.get("status")
    entry.update(plan_entry(entry["program"], entry["stages"]))
    if entry["checks"] and entry["checks"][-1]["label"] == "full":
        full = entry["checks"][-1]
        entry["baseline"] = baseline_of(entry["program"], full)
    stored = {s["tensor"] for s in entry["program"]["stores"]}
    dtypes = {a["name"]: a["dtype"] for a in entry["program"]["args"]}
    entry["tolerance"] = {t: TOLERANCE.get(dtypes[t], 2e-2) for t in sorted(stored)}
    return entry


def also_timed(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The rows of a kernel at its `TIMED_ALSO` sizes: its library, one
    check at that full size, its baseline there."""
    rows = []
    for n in TIMED_ALSO.get(entry["name"], ()):
        if "program" not in entry or not entry.get("checks"):
            continue
        full = [c for c in plan_entry(entry["program"], entry["stages"], n)["checks"] if c["label"] == "full"]
        if full:
            rows.append(
                {
                    **entry,
                    "name": f"{entry['name']}@{n}",
                    "checks": full,
                    "baseline": baseline_of(entry["program"], full[0]),
                }
            )
    return rows


def compile_one(entry: dict[str, Any], out: Path) -> dict[str, Any]:
    """nvcc the emitted kernel into lib<name>.so for its architecture."""
    if "cu" not in entry:
        return entry
    so = out / f"lib{entry['name']}.so"
    try:
        report = nvcc_build(out / entry["cu"], so, entry["nvcc_flags"])
    except NvccError as e:
        lines = str(e).splitlines()
        return {**entry, "status": "not built", "reason": lines[-1].replace(str(out) + "/", "")}
    return {**entry, "lib": so.name, "spill_bytes": spill_bytes(report), "status": "built"}


def runnable(entry: Mapping[str, Any], arch: str = DRY_RUN_ARCH) -> str | None:
    """Why a device of `arch` does not run this entry (None: it does)."""
    if entry["status"] != "built":
        return entry["status"] + (f": {entry['reason']}" if entry.get("reason") else "")
    if entry["arch"] != arch:
        return f"built, no {CARDS.get(entry['arch'], entry['arch'])}"
    if entry.get("holes"):
        return f"{entry['holes']} TWILLC-HOLE(s): traps at run time"
    if not entry.get("checks"):
        return "no sizes give it a grid"
    return None


def describe(entry: Mapping[str, Any]) -> str:
    """One line of what --run does with a kernel."""
    why = runnable(entry)
    head = f"{entry['name']:28} {entry['arch'] or '-':8}"
    if why:
        return f"{head} {why}" if why.startswith(("built", "not built")) else f"{head} built, not run: {why}"
    checks = ", ".join(f"{c['label']} ({_sizes_text(c['sizes'])}, {c['blocks']} CTAs)" for c in entry["checks"])
    b = entry.get("baseline")
    vs = {"matmul": "torch.matmul", "sdpa_fwd": "SDPA fwd cuDNN + flash", "sdpa_bwd": "SDPA bwd cuDNN + flash"}
    timing = f"; timed vs {vs[b['kind']]}" if b else "; timed"
    return f"{entry['name']:28} {entry['arch']:8} check {checks}{timing}"


def _sizes_text(sizes: Mapping[str, int]) -> str:
    return " ".join(f"{k}={v}" for k, v in sizes.items()) or "fixed"


def build(out: Path, only: list[str] | None, jobs: int, timeout: float) -> int:
    """--build: every kernel into `out` with manifest.json; prints the plan."""
    sys.path.insert(0, str(ROOT))
    start = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if old.is_file() and (old.suffix in (".so", ".cu", ".json")):
            old.unlink()
    srcs = [s for s in sources() if not only or any(s.stem == o or Path(o).stem == s.stem for o in only)]
    entries = [build_one(s, out, timeout) for s in srcs]
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        entries = list(pool.map(lambda e: compile_one(e, out), entries))
    entries = [x for e in entries for x in (e, *also_timed(e))]
    manifest = {
        "built": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": _git_commit(),
        "nvcc": _nvcc_version(),
        "kernels": entries,
        "triton": build_triton(out, only),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    size = sum(f.stat().st_size for f in out.iterdir() if f.is_file())
    print(
        f"built {sum(e['status'].startswith('built') for e in entries)} of {len(entries)} kernels into {out} "
        f"({size / 2**20:.1f} MiB) in {time.perf_counter() - start:.0f} s; `--run {out}` on a device would run:"
    )
    for e in entries:
        print("  " + describe(e))
    for t in manifest["triton"]:
        print(f"  {t['name']} ({t['target']}): {t['status']}; Triton's own schedule against twillc's, timed")
    if shutil.which("nvcc") is None:
        print("nvcc is not installed here: nothing compiled")
    return 0


def _git_commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT, check=False
        ).stdout.strip()
    except OSError:
        return ""


def _nvcc_version() -> str:
    if shutil.which("nvcc") is None:
        return ""
    text = subprocess.run(["nvcc", "--version"], capture_output=True, text=True, check=False).stdout
    return next((ln.split("release ")[1].split(",")[0] for ln in text.splitlines() if "release" in ln), "")


# =============================================================================
# --run: one kernel, in the worker process
# =============================================================================
def make_tensors(program: Mapping[str, Any], sizes: Mapping[str, int], device: str, gen: Any) -> dict[str, Any]:
    """Fresh inputs: floats uniform in [-0.5, 0.5), ints in [-16, 16],
    float scalars in [0.05, 0.2), an integer scalar (an index) the size of
    its name, else the largest size; tensors the kernel stores with plain stores are
    poisoned (NaN, or the type's minimum); those it adds into start random."""
    import gpu_ref
    import torch

    plain = {s["tensor"] for s in program["stores"] if not s["add"]}
    out: dict[str, Any] = {}
    for a in program["args"]:
        if a["kind"] == "scalar" and a["dtype"] in ("i8", "i32"):  # an index: the size of its name, else the largest
            out[a["name"]] = int(sizes.get(a["name"], max(sizes.values(), default=64)))
            continue
        if a["kind"] == "scalar":
            out[a["name"]] = 0.05 + 0.15 * float(torch.rand((), generator=gen))
            continue
        shape = [int(sizes[d]) if isinstance(d, str) else int(d) for d in a["shape"]]
        dt = gpu_ref.torch_dtype(a["dtype"])
        if a["name"] in plain:
            if dt.is_floating_point:
                t = torch.full(shape, float("nan"), dtype=torch.float32).to(dt)
            else:
                t = torch.full(shape, torch.iinfo(dt).min, dtype=dt)
        elif dt.is_floating_point:
            t = (torch.rand(shape, generator=gen) - 0.5).to(dt)
        else:
            t = torch.randint(-16, 17, shape, generator=gen).to(dt)
        out[a["name"]] = t.to(device)
    return out


def compare(
    program: Mapping[str, Any], got: Mapping[str, Any], ref: Any, tol: Mapping[str, float], whole: bool = True
) -> dict[str, Any]:
    """Each stored tensor against the reference: the worst max |error| /
    max |ref| over the elements one CTA wrote, and what went wrong. With
    `whole` (the reference ran every CTA) an element written that the
    reference did not write is wrong too; without it (some CTAs ran) the
    tensors CTAs add into are not compared."""
    import torch

    worst, problems, racy = 0.0, [], 0
    for name, out in ref.outputs.items():
        g = got[name].to(torch.float64).reshape(-1).to(out.values.device)
        adds = any(s["add"] for s in program["stores"] if s["tensor"] == name)
        if adds and not whole:
            continue  # every CTA adds into it: a reference of some CTAs says nothing of its sums
        written = torch.ones_like(out.racy) if adds else out.writer >= 0
        checked = written & ~out.racy
        racy += int(out.racy.sum())
        missing = written & torch.isnan(g)
        if int(missing.sum()):
            problems.append(f"{name}: {int(missing.sum())} elements not written (or NaN)")
        if not adds and whole:
            stray = ~written & ~torch.isnan(g) & (g != torch.iinfo(torch.int64).min)
            if got[name].dtype.is_floating_point and int(stray.sum()):
                problems.append(f"{name}: {int(stray.sum())} elements written outside the reference's tiles")
        if int(checked.sum()):
            r = out.values[checked]
            diff = (g[checked] - r).abs()
            diff = torch.where(torch.isnan(diff), torch.full_like(diff, math.inf), diff)
            scale = r.abs().max().item() or 1.0
            err = diff.max().item() / scale
            worst = max(worst, err)
            if not err <= tol.get(name, 2e-2):
                problems.append(f"{name}: max error / max |ref| {err:.2e} > {tol.get(name, 2e-2):.0e}")
    return {"error": worst, "problems": problems, "racy": racy}


def runtime_launcher(kernel: Any) -> Callable[[Mapping[str, object]], None]:
    """The launch through twillc.runtime (the user's path): every argument
    by name, the outputs passed (poisoned) so that the check sees what the
    kernel writes; the grid the runtime derives must be the check's."""

    def launch(values: Mapping[str, object]) -> None:
        sizes = {s: int(values[s]) for s in kernel.signature["sizes"]}  # type: ignore[call-overload]
        if kernel.signature["grid"] is None:  # a persistent grid: the runtime's checks, the reference's grid
            kernel.launch(values, int(values["blocks"]))  # type: ignore[call-overload]
            return
        if kernel.grid(sizes) != values["blocks"]:
            raise AssertionError(f"twillc.runtime's grid {kernel.grid(sizes)} != the reference's {values['blocks']}")
        kernel(**{a["name"]: values[a["name"]] for a in kernel.args})

    return launch


def torch_forms_check(kernel: Any, entry: Mapping[str, Any], device: str, gen: Any) -> dict[str, Any]:
    """The kernel called as a user calls it, at the first check's sizes:
    `kernel(inputs)` with the outputs allocated by twillc.runtime, and the
    same under torch.compile (aot_eager: dynamo, the custom op's fake
    implementation, functionalization), each compared with the float64
    reference run in torch on the device."""
    import gpu_ref
    import torch

    program, check = entry["program"], entry["checks"][0]
    tensors = make_tensors(program, check["sizes"], device, gen)
    inputs = {k: (v.clone() if hasattr(v, "clone") else v) for k, v in tensors.items()}
    ref = gpu_ref.Interpreter(program, check["sizes"], torch.arange(check["blocks"]), inputs, device=device).execute()
    compiled = torch.compile(lambda **kw: kernel(**kw), backend="aot_eager", fullgraph=True)
    problems: list[str] = []
    worst = 0.0
    for label, fn in (("kernel(inputs)", kernel), ("torch.compile", compiled)):
        args = {n: (v.clone() if hasattr(v, "clone") else v) for n, v in tensors.items() if n not in kernel.outputs}
        outs = fn(**args)
        outs = outs if isinstance(outs, tuple) else (outs,)
        got = {**args, **dict(zip(kernel.outputs, outs, strict=True))}
        torch.cuda.synchronize()
        res = compare(program, got, ref, entry["tolerance"], whole=False)
        worst = max(worst, res["error"])
        problems += [f"{label}: {p}" for p in res["problems"]]
    return {"label": "torch.compile", "error": worst, "problems": problems, "racy": 0}


def fake_launcher(entry: Mapping[str, Any], device: str) -> Callable[[Mapping[str, object]], None]:
    """--dry-run's launcher: the reference itself, writing the kernel's
    outputs in their element types, as the kernel would. A kernel named in
    $TWILLC_GPU_FAKE_HANG (comma-separated) never returns: the watchdog's test."""
    import gpu_ref
    import torch

    program = entry["program"]
    hangs = entry["name"] in os.environ.get("TWILLC_GPU_FAKE_HANG", "").split(",")

    def launch(values: Mapping[str, object]) -> None:
        while hangs:
            time.sleep(1)
        sizes = {s: int(values[s]) for s in gpu_ref.symbols(program)}  # type: ignore[call-overload]
        tensors = {a["name"]: values[a["name"]] for a in program["args"]}
        run = gpu_ref.Interpreter(
            program,
            sizes,
            torch.arange(int(values["blocks"])),
            tensors,  # type: ignore[call-overload]
            device=device,
        ).execute()
        for name, out in run.outputs.items():
            t = values[name]
            wrote = (
                out.writer >= 0
                if not any(s["add"] and s["tensor"] == name for s in program["stores"])
                else torch.ones_like(out.racy)
            )
            flat = t.view(-1)  # type: ignore[attr-defined]
            flat[wrote] = out.values[wrote].to(torch.float32).to(flat.dtype)

    return launch


def check_kernel(entry: Mapping[str, Any], folder: Path, device: str, dry_run: bool, seed: int) -> dict[str, Any]:
    """Every check of one kernel, then its timing at the full size."""
    import gpu_ref
    import torch

    program = entry["program"]
    cuda = device == "cuda"
    kernel = None
    if dry_run:
        launch = fake_launcher(entry, device)
    else:
        import twillc.runtime

        kernel = twillc.runtime.load(folder / entry["lib"])
        launch = runtime_launcher(kernel)
    gen = torch.Generator().manual_seed(seed)
    results: list[dict[str, Any]] = []
    timing_values: dict[str, Any] | None = None
    for i, check in enumerate(entry["checks"]):
        if dry_run and (check["label"] == "full" or (check["trips"] > 4 and i > 0)):
            continue  # the CPU runs the small checks only
        sizes, blocks = check["sizes"], check["blocks"]
        tensors = make_tensors(program, sizes, device, gen)
        inputs = {k: (v.clone() if hasattr(v, "clone") else v) for k, v in tensors.items()}
        values = {**tensors, **sizes, "blocks": blocks}
        missing = [p for c, p in entry["params"] if param_role(c, p) != "stream" and p not in values]
        if missing:
            return {"status": "error", "detail": f"the launcher takes {', '.join(missing)}: no value for it"}
        launch(values)
        if cuda:
            torch.cuda.synchronize()
        bids = torch.arange(blocks)
        sampled = check["flops"] > REF_FLOPS_ALL and blocks > REF_SAMPLE
        if sampled:  # the float64 reference for some CTAs: first, last and evenly between
            bids = torch.linspace(0, blocks - 1, REF_SAMPLE).round().long().unique()
        ref = gpu_ref.Interpreter(program, sizes, bids, inputs, device=device).execute()
        result = compare(program, tensors, ref, entry["tolerance"], whole=not sampled)
        if sampled:
            result["sampled"] = f"{len(bids)} of {blocks} CTAs"
        results.append({"label": check["label"], **result})
        if check["label"] == "full":
            timing_values = values
        del ref
    if kernel is not None and entry["checks"] and kernel.signature["grid"] is not None:  # persistent: no user call
        results.append(torch_forms_check(kernel, entry, device, gen))
    ok = all(not r["problems"] for r in results)
    out: dict[str, Any] = {"status": "ok" if ok else "wrong", "checks": results}
    if not ok:
        return out
    full = next((c for c in entry["checks"] if c["label"] == "full"), None)
    if full is None:
        return out
    if timing_values is None:  # dry run: time the largest check done
        done = [c for c in entry["checks"] if any(r["label"] == c["label"] for r in results)]
        if not done:  # a row of the full size only (`TIMED_ALSO`): nothing the CPU runs
            return {**out, "detail": "dry run: its one check is the full size, not run on the CPU"}
        full = done[-1]
        timing_values = {**make_tensors(program, full["sizes"], device, gen), **full["sizes"], "blocks": full["blocks"]}
    ms = timed(lambda: launch(timing_values), cuda)  # type: ignore[arg-type]
    out.update({"ms": ms, "flops": full["flops"], "timed_at": _sizes_text(full["sizes"])})
    if entry.get("baseline"):
        b = dict(entry["baseline"])
        if dry_run:  # the baseline's code on the CPU, at the check's small size
            b = _shrunk(b, full)
        out["baselines"] = time_baselines(b, device, cuda)
        out["baseline_flops"] = baseline_flops(b)
    return out


def _shrunk(b: dict[str, Any], check: Mapping[str, Any]) -> dict[str, Any]:
    if b["kind"] == "matmul":
        return {**b, "m": 64, "n": 64, "k": 64}
    return {**b, "n": 128}


_BASELINE_CACHE: dict[str, dict[str, Any]] = {}


def time_baselines(b: Mapping[str, Any], device: str, cuda: bool) -> dict[str, Any]:
    """{backend: ms or the reason it did not run} for a baseline problem."""
    key = json.dumps(b, sort_keys=True)
    if key in _BASELINE_CACHE:
        return _BASELINE_CACHE[key]
    import gpu_ref
    import torch

    dt = gpu_ref.torch_dtype(b["dtype"])
    res: dict[str, Any] = {}
    if b["kind"] == "matmul":
        x = torch.randn(b["m"], b["k"], device=device).to(dt)
        y = torch.randn(b["k"], b["n"], device=device).to(dt)
        res["cuBLAS"] = timed(lambda: torch.matmul(x, y), cuda)
    else:
        from torch.nn.attention import SDPBackend, sdpa_kernel
        from torch.nn.functional import scaled_dot_product_attention as sdpa

        n, d = b["n"], b["d"]
        q, k, v, do = (torch.randn(1, 1, n, d, device=device).to(dt) for _ in range(4))
        for label, backend in (("cuDNN", SDPBackend.CUDNN_ATTENTION), ("flash", SDPBackend.FLASH_ATTENTION)):
            try:
                with sdpa_kernel(backend):
                    res[label] = timed(_sdpa_call(sdpa, b, q, k, v, do), cuda)
            except Exception as e:  # noqa: BLE001 - the backend refuses this problem or device
                res[label] = f"n/a: {str(e).splitlines()[0][:60]}"
    _BASELINE_CACHE[key] = res
    return res


def _sdpa_call(sdpa: Callable[..., Any], b: Mapping[str, Any], q: Any, k: Any, v: Any, do: Any) -> Callable[[], Any]:
    """One call of the baseline: SDPA forward, or its backward (dQ, dK, dV
    from dO of one forward kept for it)."""
    import torch

    if b["kind"] == "sdpa_fwd":
        return lambda: sdpa(q, k, v, is_causal=b["causal"])
    qg, kg, vg = (t.detach().requires_grad_() for t in (q, k, v))
    o = sdpa(qg, kg, vg, is_causal=b["causal"])
    return lambda: torch.autograd.grad(o, (qg, kg, vg), do, retain_graph=True)


def worker(folder: Path, dry_run: bool) -> int:
    """--worker: kernel names on stdin (one per line), a START / RESULT line
    per kernel on stdout. A CUDA error ends the process (its context is
    lost): the parent starts another for the rest."""
    import torch

    device = "cpu" if dry_run else "cuda"
    manifest = json.loads((folder / "manifest.json").read_text())
    entries = {e["name"]: e for e in manifest["kernels"]}
    name = torch.cuda.get_device_name() if device == "cuda" else "CPU (dry run: fake launcher)"
    print("DEVICE " + json.dumps({"name": name, "torch": torch.__version__}), flush=True)
    for i, line in enumerate(sys.stdin):
        kernel = line.strip()
        if not kernel:
            continue
        print(f"START {kernel}", flush=True)
        try:
            res = check_kernel(entries[kernel], folder, device, dry_run, seed=1000 + i)
        except Exception as e:  # noqa: BLE001 - the kernel's failure, reported in its row
            res = {"status": "error", "detail": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:200]}
            print("RESULT " + json.dumps({"kernel": kernel, **res}), flush=True)
            if device == "cuda" and ("CUDA" in str(e) or "cuda" in str(e) or "returned" in str(e)):
                return 3
            continue
        print("RESULT " + json.dumps({"kernel": kernel, **res}), flush=True)
    return 0


# =============================================================================
# --run: the driver and the table
# =============================================================================
def run_all(
    folder: Path, names: list[str], dry_run: bool, timeout: float, budget: float, log: Callable[[str], None] = print
) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Each kernel in a worker, restarted after a hang (killed at `timeout`
    seconds) or a fault; kernels left when `budget` seconds are spent are
    not run."""
    results: dict[str, dict[str, Any]] = {}
    device: dict[str, Any] = {}
    pending = list(names)
    start = time.monotonic()
    while pending:
        if time.monotonic() - start > budget:
            for n in pending:
                results[n] = {"status": "skipped", "detail": f"the run's {budget:.0f} s budget was spent"}
            break
        cmd = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--worker",
            str(folder),
            *(["--dry-run"] if dry_run else []),
        ]
        errors = tempfile.TemporaryFile(mode="w+")  # a file, not a pipe: a chatty worker never blocks on it
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert proc.stdin and proc.stdout
        proc.stdin.write("".join(n + "\n" for n in pending))
        proc.stdin.close()
        current, deadline = None, time.monotonic() + timeout + 60  # torch and CUDA start first
        progress = 0
        buf = ""
        while True:
            wait = deadline - time.monotonic()
            ready = select.select([proc.stdout], [], [], max(wait, 0))[0] if wait > 0 else []
            if not ready:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                if current:
                    results[current] = {"status": "hang", "detail": f"killed after {timeout:.0f} s"}
                    pending.remove(current)
                    log(f"{current}: killed after {timeout:.0f} s")
                elif progress:  # stopped for the budget between kernels
                    pass
                else:
                    for n in pending:
                        results[n] = {"status": "error", "detail": "the worker did not start"}
                    pending = []
                break
            chunk = os.read(proc.stdout.fileno(), 65536).decode()
            if not chunk:
                proc.wait()
                errors.seek(0)
                err = errors.read().strip().splitlines()
                if current:
                    detail = f"the worker died (exit {proc.returncode}): {err[-1] if err else ''}"[:200]
                    results[current] = {"status": "error", "detail": detail}
                    pending.remove(current)
                    log(f"{current}: {detail}")
                elif pending and not progress:
                    for n in pending:
                        results[n] = {"status": "error", "detail": f"the worker failed: {err[-1] if err else ''}"}
                    pending = []
                break
            buf += chunk
            while "\n" in buf:
                line, buf = buf.split("\n", 1)
                if line.startswith("DEVICE "):
                    device = json.loads(line[7:])
                elif line.startswith("START "):
                    current = line[6:]
                    deadline = time.monotonic() + timeout
                elif line.startswith("RESULT "):
                    progress += 1
                    res = json.loads(line[7:])
                    name = res.pop("kernel")
                    results[name] = res
                    if name in pending:
                        pending.remove(name)
                    log(f"{name}: {res['status']}" + (f" ({res.get('detail')})" if res.get("detail") else ""))
                    current = None
                    deadline = time.monotonic() + timeout
                    if time.monotonic() - start > budget and pending:
                        deadline = time.monotonic()  # stop this worker; the loop above skips the rest
        errors.close()
    return results, device


def _cell_ratio(res: Mapping[str, Any], backend: str) -> str:
    base = res.get("baselines", {}).get(backend)
    if base is None:
        return ""
    if isinstance(base, str):
        return base
    ours = res["flops"] / res["ms"] / 1e9
    theirs = res["baseline_flops"] / base / 1e9
    return f"{ours / theirs:.2f} ({_num(theirs)})"


def _num(x: float) -> str:
    """A throughput: whole numbers from 10 up, two significant digits below."""
    return f"{x:.0f}" if x >= 10 else f"{x:.2g}"


def format_table(
    manifest: Mapping[str, Any], results: Mapping[str, Mapping[str, Any]], device: Mapping[str, Any], date: str
) -> str:
    """The suite's markdown table: one row per kernel of the manifest."""
    lines = [
        f"# GPU suite, {date}",
        "",
        f"Device: {device.get('name', '?')}, torch {device.get('torch', '?')}; kernels built {manifest['built']} "
        f"from {manifest['commit'] or '?'} with nvcc {manifest['nvcc'] or '?'}.",
        "Correct: every check passed (trip counts listed; fresh random inputs, outputs poisoned with NaN; float64 "
        "reference of the program as written). Error: the worst max |error| / max |reference| over the checks. "
        "TFLOP/s: the program's MMA flops at the full size over the median time (CUDA events). A baseline cell is "
        "twillc's throughput over the baseline's, each counting its own MMA flops, with the baseline's TFLOP/s "
        "in parentheses.",
        "",
        "| kernel | arch | correct | error | checked (trip counts) | full size | ms | TFLOP/s "
        "| vs cuBLAS | vs SDPA cuDNN | vs SDPA flash | note |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for e in manifest["kernels"]:
        res = results.get(e["name"])
        name, arch = f"`{e['name']}`", e.get("arch") or "-"
        if res is None:
            reason = e.get("reason", "")
            reason = reason if len(reason) <= 160 else reason[:157] + "..."
            note = e["status"] + (f": {reason}" if reason else "")
            if e["status"] == "built":
                why = runnable(e, device.get("arch", DRY_RUN_ARCH)) or "not asked for"
                note = why if why.startswith("built") else f"not run: {why}"
            lines.append(f"| {name} | {arch} | - | | | | | | | | | {_md(note)} |")
            continue
        checks = res.get("checks", [])
        trips = ", ".join(_trip_label(e, c["label"]) for c in checks)
        err = max((c["error"] for c in checks), default=None)
        problems = [p for c in checks for p in c["problems"]]
        racy = max((c.get("racy", 0) for c in checks), default=0)
        notes = [res["detail"]] if res.get("detail") else []
        notes += problems[:2]
        sampled = [c["sampled"] for c in checks if c.get("sampled")]
        if sampled:
            notes.append(f"full-size reference for {sampled[-1]}")
        if racy:
            notes.append(f"{racy} elements written by several CTAs (plain stores) not compared")
        if e.get("spill_bytes"):
            notes.append(f"{e['spill_bytes']} B spilled")
        correct = {"ok": "y", "wrong": "n"}.get(res["status"], res["status"])
        ms = f"{res['ms']:.3f}" if "ms" in res else ""
        tflops = _num(res["flops"] / res["ms"] / 1e9) if "ms" in res and res["flops"] else ""
        full = res.get("timed_at", "")
        cells = [_cell_ratio(res, b) for b in ("cuBLAS", "cuDNN", "flash")]
        lines.append(
            f"| {name} | {arch} | {correct} | {'' if err is None else f'{err:.1e}'} | {trips} | {full} "
            f"| {ms} | {tflops} | {' | '.join(cells)} | {_md('; '.join(notes))} |"
        )
    return "\n".join(lines) + "\n"


def _trip_label(entry: Mapping[str, Any], label: str) -> str:
    if label != "full":
        return label.split()[0]
    full = next((c for c in entry.get("checks", []) if c["label"] == "full"), None)
    return f"{full['trips']} (full)" if full else "full"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def run(folder: Path, out: str | None, dry_run: bool, timeout: float, budget: float, only: list[str] | None) -> int:
    """--run: the suite on the device (or, --dry-run, on the CPU); the table."""
    manifest = json.loads((folder / "manifest.json").read_text())
    arch = DRY_RUN_ARCH
    if not dry_run:
        try:
            import torch
        except ImportError:
            print("torch is not installed: nothing run (the build is in " + str(folder) + ")")
            return 0
        if not torch.cuda.is_available():
            print(f"no CUDA device here: nothing run; the kernels of {folder} are ready for one")
            return 0
        arch = "sm_{}{}a".format(*torch.cuda.get_device_capability())
    names = [e["name"] for e in manifest["kernels"] if runnable(e, arch) is None and (not only or e["name"] in only)]
    results, device = run_all(folder, names, dry_run, timeout, budget)
    device["arch"] = arch
    date = datetime.date.today().isoformat()
    table = format_table(manifest, results, device, date)
    table += format_triton(run_triton(folder, arch, dry_run, timeout * 4))
    print(table)
    targets = [Path(out)] if out else []
    if not out and os.environ.get("OUT"):
        targets.append(Path(os.environ["OUT"]) / f"gpu-{date}.md")
    if not dry_run:
        targets.append(ROOT / "bench" / "results" / f"gpu-{date}.md")
    for t in targets:
        t.parent.mkdir(parents=True, exist_ok=True)
        t.write_text(table)
        t.with_suffix(".json").write_text(json.dumps({"device": device, "results": results}, indent=1) + "\n")
        print(f"wrote {t}")
    bad = [n for n, r in results.items() if r["status"] != "ok"]
    return 1 if bad else 0


# =============================================================================
# Triton: its own schedule against twillc's, the same kernel, the same run
# =============================================================================

# The project's Triton kernels (tests/triton_kernels/), each compiled twice by
# Triton 3.9 from the same TTGIR: with Triton's own `assign-latencies` /
# `schedule-loops`, and with twillc's write-back in their place
# (twillc.triton.compile_writeback; docs/interop.md).
TRITON_CASES: dict[str, dict[str, Any]] = {
    "triton-matmul": {
        "spec": "tests/triton_kernels/matmul.py::matmul_kernel",
        "signature": "*fp16,*fp16,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32",
        "constexpr": ["BLOCK_M=128,BLOCK_N=128,BLOCK_K=64"],
        "num_warps": 4,
        "size": 4096,
    },
    "triton-attn-fwd": {
        "spec": "tests/triton_kernels/attention.py::attn_fwd",
        "signature": "*fp16,*fp16,*fp16,*fp16,fp32,i32",
        "constexpr": ["HEAD_DIM=128,BLOCK_M=128,BLOCK_N=128"],
        "num_warps": 8,
        "size": 16384,
    },
}


def build_triton(out: Path, only: list[str] | None) -> list[dict[str, Any]]:
    """Each Triton case for H100 and B200: its TTGIR before software
    pipelining (`NAME-TARGET.ttgir`) and twillc's write-back of it
    (`NAME-TARGET.twillc.ttgir`, the default pipeline)."""
    entries = []
    folder = out / "triton"
    folder.mkdir(parents=True, exist_ok=True)
    for name, case in TRITON_CASES.items():
        if only and name not in only:
            continue
        for target in ("h100", "b200"):
            entry: dict[str, Any] = {"name": name, "target": target, **case}
            plain, written = folder / f"{name}-{target}.ttgir", folder / f"{name}-{target}.twillc.ttgir"
            spec = str(ROOT / case["spec"])
            argv = [spec, "--signature", case["signature"], "--target", target, "-o", str(written)]
            argv += [a for c in case["constexpr"] for a in ("--constexpr", c)] + ["--num-warps", str(case["num_warps"])]
            try:
                from twillc.driver import main as twillc_main
                from twillc.frontend.triton_module import ttgir_from_python

                tm = ttgir_from_python(spec, case["signature"], case["constexpr"], target, case["num_warps"])
                plain.write_text(tm.text)
                err = io.StringIO()
                ok = twillc_main(argv, stdout=io.StringIO(), stderr=err) == 0
                entry["status"] = (
                    "built" if ok else "twillc failed: " + (err.getvalue().strip().splitlines() or ["?"])[0]
                )
            except Exception as e:  # noqa: BLE001 - no Triton here, or twillc's error: the row says which
                entry["status"] = f"not built: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:200]
            entry["ttgir"], entry["written"] = plain.name, written.name
            entries.append(entry)
    return entries


def triton_worker(folder: Path, arch: str) -> int:
    """--triton-worker: time each built Triton case for this device's
    architecture, Triton's own schedule and twillc's, one JSON line each."""
    import torch
    import triton

    sys.path.insert(0, str(ROOT))
    from twillc.triton import compile_writeback

    target = {"sm_90a": "h100", "sm_100a": "b200"}.get(arch)
    manifest = json.loads((folder / "manifest.json").read_text())
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    for e in manifest.get("triton", []):
        if e["target"] != target or e["status"] != "built":
            continue
        res: dict[str, Any] = {"name": e["name"], "target": target}
        try:
            plain = str(folder / "triton" / e["ttgir"])
            own, _ = compile_writeback(plain, target, e["num_warps"], triton_schedule=True)
            mine, _ = compile_writeback(str(folder / "triton" / e["written"]), target, e["num_warps"])
            n = e["size"]
            gen = torch.Generator(device="cuda").manual_seed(7)
            if e["name"] == "triton-matmul":
                a, b = (torch.randn(n, n, device="cuda", dtype=torch.float16, generator=gen) for _ in range(2))
                ref = (a.float() @ b.float()).half()
                grid, flops = (n // 128, n // 128, 1), 2 * n**3
                head, tail = (a, b), (n, n, n, n, 1, n, 1, n, 1)
            else:
                q, k, v = (torch.randn(n, 128, device="cuda", dtype=torch.float16, generator=gen) for _ in range(3))
                ref = torch.nn.functional.scaled_dot_product_attention(q[None], k[None], v[None], scale=0.125)[0]
                grid, flops = (n // 128, 1, 1), 4 * n * n * 128
                head, tail = (q, k, v), (0.125, n)

            for label, kern in (("triton", own), ("twillc", mine)):
                c = torch.full_like(ref, float("nan"))
                full = (*head, c, *tail)
                kern[grid](*full)
                torch.cuda.synchronize()
                res[label + "_error"] = float((c.float() - ref.float()).abs().max() / ref.float().abs().max())
                ms = timed(lambda kern=kern, full=full, grid=grid: kern[grid](*full), True)
                res[label + "_ms"] = ms
                res[label + "_tflops"] = flops / ms / 1e9
                res[label + "_warps"] = kern.metadata.num_warps
            res["status"] = "ok"
        except Exception as ex:  # noqa: BLE001 - the case's failure, reported in its row
            res["status"] = f"error: {type(ex).__name__}: {str(ex).splitlines()[0] if str(ex) else ''}"[:200]
        print("TRITON " + json.dumps(res), flush=True)
    return 0


def run_triton(folder: Path, arch: str, dry_run: bool, timeout: float) -> list[dict[str, Any]]:
    """The Triton cases in a worker process (Triton 3.9 on the device, else skipped)."""
    cases = json.loads((folder / "manifest.json").read_text()).get("triton", [])
    if not cases:
        return []
    if dry_run:
        return [{"name": e["name"], "target": e["target"], "status": "not run (dry run)"} for e in cases]
    try:
        import triton
    except ImportError:
        return [{"name": e["name"], "target": e["target"], "status": "skipped: no Triton on the device"} for e in cases]
    if triton.__version__ != "3.9.0":
        why = f"skipped: Triton {triton.__version__} on the device, the write-back targets 3.9.0"
        return [{"name": e["name"], "target": e["target"], "status": why} for e in cases]
    cmd = [sys.executable, str(Path(__file__).resolve()), "--triton-worker", str(folder), "--arch", arch]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        out = done.stdout
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
    return [json.loads(line[7:]) for line in out.splitlines() if line.startswith("TRITON ")]


def format_triton(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    lines = [
        "",
        "## Triton 3.9: its own schedule against twillc's, the same kernel, the same run",
        "",
        "Each kernel compiled twice from the same TTGIR: Triton's `assign-latencies` / `schedule-loops`, or twillc's "
        "write-back in their place (docs/interop.md). Error: max |error| / max |reference| (torch, fp32 / SDPA).",
        "",
        "| kernel | target | Triton ms | Triton TFLOP/s | twillc ms | twillc TFLOP/s | twillc / Triton | warps "
        "(Triton, twillc) | errors | status |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if r.get("status") != "ok":
            lines.append(f"| {r['name']} | {r['target']} | | | | | | | | {_md(r['status'])} |")
            continue
        lines.append(
            f"| {r['name']} | {r['target']} | {r['triton_ms']:.3f} | {r['triton_tflops']:.0f} | {r['twillc_ms']:.3f} "
            f"| {r['twillc_tflops']:.0f} | {r['triton_ms'] / r['twillc_ms']:.2f}x | {r['triton_warps']}, "
            f"{r['twillc_warps']} | {r['triton_error']:.1e}, {r['twillc_error']:.1e} | ok |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--build", nargs="?", const=str(DEFAULT_DIR), metavar="DIR", help="build into DIR")
    mode.add_argument("--run", metavar="DIR", help="check and time the kernels built in DIR")
    mode.add_argument("--worker", metavar="DIR", help=argparse.SUPPRESS)
    mode.add_argument("--triton-worker", metavar="DIR", help=argparse.SUPPRESS)
    ap.add_argument("--arch", default=DRY_RUN_ARCH, help=argparse.SUPPRESS)
    ap.add_argument("--dry-run", action="store_true", help="--run on the CPU with a fake launcher")
    ap.add_argument("--only", nargs="*", help="kernel names (stems) to build or run")
    ap.add_argument("--jobs", type=int, default=2, help="nvcc processes at once (--build)")
    ap.add_argument("--twillc-timeout", type=float, default=300.0, help="seconds per kernel for twillc (--build)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per kernel before it is killed (--run)")
    ap.add_argument("--budget", type=float, default=400.0, help="seconds for the whole run (--run)")
    ap.add_argument("--out", help="also write the table here (default: $OUT/gpu-DATE.md when $OUT is set)")
    args = ap.parse_args(argv)
    if args.build:
        return build(Path(args.build), args.only, args.jobs, args.twillc_timeout)
    if args.worker:
        return worker(Path(args.worker), args.dry_run)
    if args.triton_worker:
        return triton_worker(Path(args.triton_worker), args.arch)
    return run(Path(args.run), args.out, args.dry_run, args.timeout, args.budget, args.only)


if __name__ == "__main__":
    sys.exit(main())
