"""twillc's II against Triton's own software pipeline, on the Triton tutorials'
loops, under one cost model (twillc's machine model).

For each kernel (tests/triton_kernels/: tutorial 03 matmul, 06 fused attention
forward and backward (dK/dV and dQ loops), 09 persistent matmul), Triton 3.9
compiles it to TTGIR twice:
  * before software pipelining (make_ttgir up to, not including,
    assign-latencies): twillc imports the innermost loop and runs its default
    pipeline (`twillc k.ttgir --emit json`): the II in machine cycles;
  * with Triton's own `assign-latencies{num-stages}` and `schedule-loops`: the
    same loop carries Triton's `loop.stage` / `loop.cluster`. twillc imports it
    (same mapping to tile ops), annotates and normalizes costs, and asks
    `pipeline_fit.schedule_in_pipeline` for the least II at which every tile
    op issues in the stage Triton gave it (warps free, the order within a
    stage, Triton's cluster, not imposed): the II Triton's stage assignment
    has under twillc's costs, in machine cycles.
Arguments are specialized as Triton's JIT does at a launch: pointers and
integers 16-divisible, unit strides constant (tutorial 03's stride_ak,
stride_bn, stride_cn = 1), without which Triton does not pipeline its loads.

With --corpus, the real-kernel corpus instead (kernels taken from public
repositories, in the folder TWILLC_TRITON_CORPUS names;
tests/triton_kernels/corpus/manifest.toml says where each comes from and how
to import it): per kernel, whether it imports (the located refusal otherwise),
schedules (the default pipeline, each solver given --time-limit), and
compiles (the CUDA from that schedule through nvcc for the target: no
TWILLC-HOLE, no spill, no ptxas warning), with the totals and the refusals by
cause; --out writes the table (bench/results/triton-corpus.md). With
--writeback, also what Triton 3.9 makes of the schedule written back (`-o
k.ttgir`, then `twillc.triton.check_writeback`): whether it compiles to a
cubin, keeps twillc's stages (sm_90: they drive its pipeliner) and, on
sm_100, builds twillc's partitions (each region of its `ttg.warp_specialize`
holding the ops twillc wrote there), or Triton's own error
(bench/results/triton-writeback.md).
--writeback alone does the same for the project's own kernels, from the
schedules tests/test_triton_writeback.py reads (tests/data/triton/*.mlir).
Usage: python bench/triton_loops.py [--target b200] [--num-stages 3] [--markdown]
       python bench/triton_loops.py --writeback
       python bench/triton_loops.py --corpus [--target h100] [--time-limit 10] [--only GLOB] [--writeback]
                                    [--no-nvcc] [--out FILE]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
os.environ.setdefault("TWILLC_NO_CACHE", "1")

KERNELS = ROOT / "tests" / "triton_kernels"
# The manifest is in the repository; the kernels' code is not (their authors'): a
# folder of the trimmed files, TWILLC_TRITON_CORPUS (tests/triton_kernels/corpus/manifest.toml).
MANIFEST = KERNELS / "corpus" / "manifest.toml"
CORPUS = Path(os.environ.get("TWILLC_TRITON_CORPUS", KERNELS / "corpus"))
CASES = [
    (
        "03 matmul",
        "matmul.py::matmul_kernel",
        "*fp16,*fp16,*fp16,i32,i32,i32,i32,i32,i32",
        "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,stride_ak=1,stride_bn=1,stride_cn=1",
        4,
    ),
    (
        "06 attention fwd",
        "attention.py::attn_fwd",
        "*fp16,*fp16,*fp16,*fp16,fp32,i32",
        "HEAD_DIM=128,BLOCK_M=128,BLOCK_N=128",
        8,
    ),
    (
        "06 attention bwd dK/dV",
        "attention.py::attn_bwd_dkdv",
        "*fp16,*fp16,*fp16,*fp16,*fp16,*fp16,*fp32,*fp32,i32",
        "HEAD_DIM=128,BLOCK_M1=32,BLOCK_N1=128",
        8,
    ),
    (
        "06 attention bwd dQ",
        "attention.py::attn_bwd_dq",
        "*fp16,*fp16,*fp16,*fp16,*fp16,*fp32,*fp32,i32",
        "HEAD_DIM=128,BLOCK_M2=128,BLOCK_N2=32",
        8,
    ),
    (
        "09 persistent matmul",
        "persistent.py::matmul_persistent",
        "*fp16,*fp16,*fp16,i32,i32,i32",
        "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,NUM_SMS=148",
        4,
    ),
]


def _ops_text(module) -> str:
    """The imported loop's tile ops; a kernel with several loops (or
    conditional regions), each loop's, separated by `|`."""
    from twillc.dialects import tile
    from twillc.transforms.ir_graph import find_loop
    from twillc.transforms.loop_segments import kernel_func, top_loops

    fn = kernel_func(module)
    loops = top_loops(fn) if fn is not None else []
    if len(loops) <= 1:
        loops = [find_loop(module)]
    texts = []
    for loop in loops:
        names = [op.name.removeprefix("tile.") for op in loop.body.block.ops if not isinstance(op, tile.YieldOp)]
        texts.append(" ".join(names))
    return " | ".join(texts)


def twillc_ii(text: str) -> dict:
    """The default pipeline on the pre-pipelining TTGIR: twillc's JSON report."""
    from twillc.driver import main

    with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
        f.write(text)
    out, err = io.StringIO(), io.StringIO()
    try:
        rc = main([f.name, "--emit", "json", "--no-cache"], out, err)
    finally:
        os.unlink(f.name)
    if rc != 0:
        raise RuntimeError(err.getvalue().strip())
    return json.loads(out.getvalue())


def triton_ii(tm, target: str, time_limit: float) -> tuple[int | None, list[int], str]:
    """(II in machine cycles of Triton's stage assignment under twillc's costs,
    the tile ops' stages, a note)."""
    import argparse as ap

    from xdsl.dialects.builtin import ArrayAttr, IntegerAttr

    from twillc.cli.compile import run_passes
    from twillc.frontend.ttgir import import_ttgir
    from twillc.scheduling.bounds import mii
    from twillc.scheduling.pipeline_fit import schedule_in_pipeline
    from twillc.transforms.common import module_machine
    from twillc.transforms.cycles import cycles_per_unit
    from twillc.transforms.ir_graph import find_loop, graph_from_loop, kernel_name
    from twillc.transforms.joint_schedule import JointSchedulePass

    module = import_ttgir(tm, target)
    args = ap.Namespace(timing=False, print_ir_after_all=False, print_debuginfo=False)
    run_passes(module, "annotate-costs,cost-normalize", args, sys.stderr)
    machine = module_machine(module)
    loop = find_loop(module)
    graph, ops = graph_from_loop(loop, machine, kernel_name(module))
    stage_of: dict[str, int] = {}
    for key, op in ops.items():
        origin = op.attributes.get("twill.triton")
        assert isinstance(origin, ArrayAttr)
        stages = []
        for idx in origin.data:
            assert isinstance(idx, IntegerAttr)
            s = tm.ops[int(idx.value.data)].int_attr("loop.stage")
            if s is not None:
                stages.append(s)
        stage_of[key] = min(stages) if stages else 0
    n = max(stage_of.values(), default=0) + 1
    config = JointSchedulePass().config(machine)
    fit = schedule_in_pipeline(graph, config, stage_of, {}, n, mii(graph), time_limit=time_limit)
    stages = [stage_of[k] for k in ops]
    if fit.ii is None:
        return None, stages, fit.note or "no II"
    scale = cycles_per_unit(loop)
    return round(fit.ii * scale), stages, fit.status.value


def run(target: str, num_stages: int, time_limit: float) -> list[dict]:
    from twillc.diagnostics import UserError
    from twillc.frontend.triton_module import (
        compile_to_ttgir,
        load_jit_function,
        parse_constexprs,
        read_module,
        signature_of,
    )
    from twillc.frontend.ttgir import import_ttgir

    rows = []
    for label, spec, sig, consts, warps in CASES:
        path, _, name = spec.partition("::")
        fn = load_jit_function(str(KERNELS / path), name)
        cx = parse_constexprs([consts])
        signature = signature_of(fn, sig, cx)
        row: dict = {"kernel": label, "source": f"tests/triton_kernels/{spec}"}
        start = time.perf_counter()
        mod, ctx = compile_to_ttgir(fn, signature, cx, target, warps)
        text = mod.str()
        tm = read_module(mod, ctx, text, f"{name}.ttgir")
        try:
            row["ops"] = _ops_text(import_ttgir(tm, target))
        except UserError as e:
            row["ops"] = "not imported: " + f"{Path(e.loc.filename).name}:{e.loc.line}:{e.loc.column}: {e.message}"
            rows.append(row)
            continue
        report = twillc_ii(text)
        row["twillc_ii"] = report["ii_cycles"]
        row["twillc_status"] = report["status"]
        row["twillc_stages"] = report["stages"]
        row["lower_bound"] = report["lower_bound_cycles"]
        mod2, ctx2 = compile_to_ttgir(fn, signature, cx, target, warps, schedule_stages=num_stages)
        tm2 = read_module(mod2, ctx2, mod2.str(), f"{name}.scheduled.ttgir")
        ii, stages, note = triton_ii(tm2, target, time_limit)
        row["triton_ii"] = ii
        row["triton_stages"] = max(stages, default=0) + 1
        row["triton_stage_of_ops"] = stages
        row["triton_fit"] = note
        row["seconds"] = round(time.perf_counter() - start, 1)
        rows.append(row)
    return rows


def markdown(rows: list[dict], target: str, num_stages: int) -> str:
    out = [
        f"| kernel ({target}) | loop imported (tile ops) | twillc II (cycles) | stages | "
        f"Triton num_stages={num_stages}: stages of the ops | its II under twillc's costs (cycles) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        if "twillc_ii" not in r:
            out.append(f"| {r['kernel']} | {r['ops']} | | | | |")
            continue
        tri = "none" if r["triton_ii"] is None else str(r["triton_ii"])
        out.append(
            f"| {r['kernel']} | {r['ops']} | {r['twillc_ii']} ({r['twillc_status']}) | {r['twillc_stages']} | "
            f"{r['triton_stage_of_ops']} | {tri} ({r['triton_fit']}) |"
        )
    return "\n".join(out)


def corpus_cases() -> list[dict]:
    """The corpus manifest's kernels, each with the twillc arguments that
    import it (`args`: input, --signature, --constexpr, --num-warps; the
    arguments the manifest's signature leaves out typed `others`, i32 unless
    given)."""
    import ast
    import tomllib

    from twillc.frontend.triton_module import split_top

    doc = tomllib.loads(MANIFEST.read_text())
    cases = []
    for k in doc["kernel"]:
        path = CORPUS / k["file"]
        tree = ast.parse(path.read_text())
        fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == k["function"])
        consts = {p.split("=", 1)[0].strip() for p in split_top(k.get("constexpr", ""))}
        named = {p.split("=", 1)[0].strip(): p.split("=", 1)[1].strip() for p in split_top(k.get("signature", ""))}
        sig = []
        for a in fn.args.args:
            annotation = ast.unparse(a.annotation) if a.annotation else ""
            if a.arg in consts or "constexpr" in annotation:
                continue
            sig.append(f"{a.arg}={named.get(a.arg, k.get('others', 'i32'))}")
        args = [f"{path}::{k['function']}", "--signature", ",".join(sig), "--num-warps", str(k.get("num_warps", 4))]
        if k.get("constexpr"):
            args += ["--constexpr", k["constexpr"]]
        cases.append({**k, "args": args})
    return cases


def corpus_import(case: dict, target: str) -> tuple[str, str]:
    """("imports", the loop's tile ops) or ("refused", the located error) in this process."""
    from twillc.diagnostics import UsageError, UserError
    from twillc.frontend.triton_module import ttgir_from_python
    from twillc.frontend.ttgir import import_ttgir

    args = case["args"]
    consts = [args[args.index("--constexpr") + 1]] if "--constexpr" in args else []
    warps = int(args[args.index("--num-warps") + 1])
    try:
        tm = ttgir_from_python(args[0], args[2], consts, target, warps)
        module = import_ttgir(tm, target)
    except UserError as e:
        where = f"{Path(e.loc.filename).name}:{e.loc.line}:{e.loc.column}"
        return "refused", f"{where}: {e.message.splitlines()[0]}"
    except UsageError as e:
        return "refused", f"usage: {e}"
    return "imports", _ops_text(module)


def writeback_check(mlir: Path, target: str) -> dict:
    """twillc's write-back of a scheduled module (`-o k.ttgir`) compiled by
    Triton 3.9 (`twillc.triton.check_writeback`, in a process of its own:
    Triton's assertions abort). The check's fields, or {"error": why}."""
    import subprocess

    import corpus as tile_corpus

    ttgir = mlir.with_suffix(".ttgir")
    _, rc, err = tile_corpus.twillc([str(mlir), "--passes", "", "-o", str(ttgir)], 300)
    if rc != 0:
        return {"compiles": False, "error": "write-back: " + tile_corpus.first_error(err)}
    code = (
        "import dataclasses, json, sys; from twillc.triton import check_writeback; "
        f"c = check_writeback({str(ttgir)!r}, {target!r}); "
        "print(json.dumps({**dataclasses.asdict(c), 'summary': c.summary(), 'fits': c.fits}))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        return {"compiles": False, "error": f"Triton aborted: {tile_corpus.first_error(proc.stderr)}"}
    return json.loads(lines[-1])


def corpus_schedule(case: dict, target: str, passes: str, time_limit: float, mlir: Path) -> tuple[float, str]:
    """Import and schedule a corpus kernel (`passes`, each solver given
    `time_limit`) into the scheduled module `mlir`: (seconds, "") or
    (seconds, the first error, the temporary folder's name left out)."""
    import corpus as tile_corpus

    cmd = [*case["args"], "--target", target, "-p", passes, "--emit", "mlir", "-o", str(mlir)]
    seconds, rc, err = tile_corpus.twillc(cmd, 3 * time_limit + 120)
    return seconds, "" if rc == 0 else tile_corpus.first_error(err).replace(str(mlir.parent) + "/", "")


def run_corpus(target: str, time_limit: float, only: str | None, use_nvcc: bool, writeback: bool = False) -> list[dict]:
    import fnmatch

    import corpus as tile_corpus  # bench/corpus.py: its twillc runner and nvcc check

    passes = tile_corpus.default_passes(time_limit)
    rows = []
    for case in corpus_cases():
        if only and not fnmatch.fnmatch(case["file"], only):
            continue
        row = {"kernel": case["name"], "file": case["file"], "imports": False, "schedules": False, "compiles": False}
        rows.append(row)
        status, detail = corpus_import(case, target)
        row["detail"] = detail
        if status != "imports":
            continue
        row["imports"] = True
        with tempfile.TemporaryDirectory() as tmp_name:
            tmp = Path(tmp_name)
            mlir = tmp / "k.mlir"
            row["seconds"], error = corpus_schedule(case, target, passes, time_limit, mlir)
            if error:
                row["detail"] = "schedule: " + error
                continue
            row["schedules"] = True
            if writeback:
                row["writeback"] = writeback_check(mlir, target)
            cu = tmp / "k.cu"
            _, rc, err = tile_corpus.twillc([str(mlir), "-o", str(cu)], 300)
            if rc != 0:
                row["detail"] = "cuda: " + tile_corpus.first_error(err).replace(str(tmp) + "/", "")
                continue
            holes = err.count("TWILLC-HOLE")  # as bench/corpus.py counts them: the notes twillc prints
            verdict, log = "no nvcc", ""
            if use_nvcc:
                verdict, log = tile_corpus.nvcc_check(cu, tile_corpus.ARCH[target], tmp)
            row["compiles"] = verdict == "ok" and holes == 0
            first = next((ln.split("error: ", 1)[-1].strip() for ln in log.splitlines() if "error" in ln), "")
            row["detail"] = "ok" if row["compiles"] else f"nvcc {verdict}{': ' + first if first else ''}, {holes} holes"
    return rows


def refusal_cause(detail: str) -> str:
    """A refusal's cause: its message without the location and the kernel's names."""
    text = re.sub(r"^[^ ]+:\d+:\d+: ", "", detail)
    text = re.sub(r" \(at [^)]*\)", "", text)  # where the kernel's other loop is
    if text.startswith("a loop "):  # not in sequence with the kernel's loops: where it is
        return text.split(":")[0]
    text = re.sub(r"'[A-Za-z_]\w*' (is read|reads)", r"\1", text)
    if "an integer tensor is index arithmetic" in text:
        return "an integer tensor as an operand (an integer tile is an int8 load and its shifts and masks)"
    if text.startswith("'tt.load' of one"):
        return "a scalar load (one number, not a block)"
    m = re.match(r"(unsupported op '[^']+'(?: [^(:]*)?)", text)
    return (m.group(1) if m else text).strip()[:110]


def corpus_markdown(rows: list[dict], target: str, time_limit: float) -> str:
    n = len(rows)
    tot = {k: sum(r[k] for r in rows) for k in ("imports", "schedules", "compiles")}
    yes = {True: "yes", False: "no"}
    out = [
        f"Real-kernel corpus on {target} ({n} kernels; solver passes "
        f"time-limit={time_limit:g} s): **{tot['imports']}/{n} import, {tot['schedules']}/{n} schedule, "
        f"{tot['compiles']}/{n} compile** (nvcc, no hole, no spill, no ptxas warning).",
        "",
        "| kernel | file | imports | schedules | compiles | refusal or result |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    writeback = any("writeback" in r for r in rows)
    if writeback:
        out[0] += " " + writeback_totals(rows, target)
        out[2] += " write-back with Triton 3.9 |"
        out[3] += " --- |"
    for r in rows:
        detail = r["detail"].replace("|", "\\|")
        line = (
            f"| {r['kernel']} | {r['file']} | {yes[r['imports']]} | {yes[r['schedules']]} | "
            f"{yes[r['compiles']]} | {detail} |"
        )
        if writeback:
            w = r.get("writeback")
            line += " " + (w.get("summary") or "fails: " + w["error"] if w else "").replace("|", "\\|") + " |"
        out.append(line)
    causes: dict[str, int] = {}
    for r in rows:
        if not r["imports"]:
            c = refusal_cause(r["detail"])
            causes[c] = causes.get(c, 0) + 1
    if causes:
        out += ["", "Refusals by cause:", ""]
        out += [f"- {c}: {k}" for c, k in sorted(causes.items(), key=lambda x: (-x[1], x[0]))]
    return "\n".join(out) + "\n"


def project_writeback() -> str:
    """The project kernels' fixed schedules (tests/data/triton/NAME-TARGET.mlir)
    written back and compiled by Triton 3.9: a markdown table."""
    out = [
        "| kernel | H100 (sm_90a) | B200 (sm_100a) |",
        "| --- | --- | --- |",
    ]
    data = ROOT / "tests" / "data" / "triton"
    names = sorted({f.stem.rsplit("-", 1)[0] for f in data.glob("*-h100.mlir")})
    for name in names:
        cells = []
        for target in ("h100", "b200"):
            with tempfile.TemporaryDirectory() as tmp:
                mlir = Path(tmp) / "k.mlir"
                mlir.write_text((data / f"{name}-{target}.mlir").read_text())
                check = writeback_check(mlir, target)
            cells.append((check.get("summary") or "fails: " + check["error"]).replace("|", "\\|"))
        out.append(f"| {name} | {cells[0]} | {cells[1]} |")
    return "\n".join(out) + "\n"


def writeback_totals(rows: list[dict], target: str) -> str:
    """The write-back's totals over the kernels that schedule."""
    checks = [r["writeback"] for r in rows if "writeback" in r]
    n = len(checks)
    compiles = [c for c in checks if c.get("compiles")]
    fits = sum(bool(c.get("fits")) for c in compiles)
    stages = sum(bool(c.get("stages_kept")) for c in compiles)
    text = (
        f"Write-back (`-o k.ttgir`) compiled by Triton 3.9 for {target}: **{len(compiles)}/{n} compile** to a cubin "
        f"({fits} within shared memory), twillc's stages kept in {stages}"
    )
    split = [c for c in compiles if c.get("partitions")]
    if target == "b200":
        kept = sum(bool(c.get("partitions_kept")) for c in split)
        written = sum(1 for c in checks if c.get("partitions"))
        text += f"; twillc's partitions written in {written}, built and kept by Triton in {kept}"
    return text + "."


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--target", default=None, choices=("h100", "b200"))
    p.add_argument("--num-stages", type=int, default=3)
    p.add_argument("--time-limit", type=float, default=None)
    p.add_argument("--markdown", action="store_true")
    p.add_argument("--corpus", action="store_true", help="the real-kernel corpus: imports / schedules / compiles")
    p.add_argument("--only", default=None, help="with --corpus: the kernels whose file matches this glob")
    p.add_argument("--no-nvcc", action="store_true")
    p.add_argument("--out", default=None, help="with --corpus: write the markdown table here")
    p.add_argument(
        "--writeback", action="store_true", help="with --corpus: compile the schedule written back with Triton 3.9"
    )
    a = p.parse_args()
    if a.corpus:
        sys.path.insert(0, str(ROOT / "bench"))
        target, limit = a.target or "h100", a.time_limit if a.time_limit is not None else 10.0
        rows = run_corpus(target, limit, a.only, not a.no_nvcc, a.writeback)
        text = corpus_markdown(rows, target, limit)
        if a.out:
            Path(a.out).write_text(text)
        print(text if a.markdown or a.out else json.dumps(rows, indent=1))
        return
    if a.writeback:
        sys.path.insert(0, str(ROOT / "bench"))
        text = project_writeback()
        if a.out:
            Path(a.out).write_text(text)
        print(text)
        return
    target, limit = a.target or "b200", a.time_limit if a.time_limit is not None else 30.0
    rows = run(target, a.num_stages, limit)
    print(markdown(rows, target, a.num_stages) if a.markdown else json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
