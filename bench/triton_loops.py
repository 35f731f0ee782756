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
Usage: python bench/triton_loops.py [--target b200] [--num-stages 3] [--markdown]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
os.environ.setdefault("TWILLC_NO_CACHE", "1")

KERNELS = ROOT / "tests" / "triton_kernels"
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
    from twillc.dialects import tile
    from twillc.transforms.ir_graph import find_loop

    loop = find_loop(module)
    names = [op.name.removeprefix("tile.") for op in loop.body.block.ops if not isinstance(op, tile.YieldOp)]
    return " ".join(names)


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


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--target", default="b200", choices=("h100", "b200"))
    p.add_argument("--num-stages", type=int, default=3)
    p.add_argument("--time-limit", type=float, default=30.0)
    p.add_argument("--markdown", action="store_true")
    a = p.parse_args()
    rows = run(a.target, a.num_stages, a.time_limit)
    print(markdown(rows, a.target, a.num_stages) if a.markdown else json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
