"""The GPU suite (bench/gpu.py) without a GPU: its float64 reference against
the numpy reference interpreter and against closed forms, the sizes it
plans, the launcher signatures it reads, the comparison that decides "correct",
the table, `--build` on one kernel (with nvcc) and the whole `--run` driver
on the CPU with a fake launcher."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import cuda_run  # noqa: E402
import gpu  # noqa: E402
import gpu_ref  # noqa: E402

from twillc.frontend import parse_tile  # noqa: E402
from twillc.lowering.simulate import reference  # noqa: E402


@cache
def _module(rel: str):  # type: ignore[no-untyped-def]
    return parse_tile((ROOT / rel).read_text(), rel)


def _program(rel: str) -> dict:
    return gpu.serialize(_module(rel))


def _lazy_tensors(program: dict, sizes: dict[str, int], seed: int) -> dict:
    """The numpy reference's inputs (a fixed function of each element's
    coordinates) as whole tensors, and its scalars."""
    out: dict = {}
    for i, a in enumerate(program["args"]):
        if a["kind"] == "scalar":
            out[a["name"]] = float(np.float32(0.0625 * (1 + (seed + 3 * i) % 7)))
            continue
        dims = [sizes[d] if isinstance(d, str) else d for d in a["shape"]]
        rows = np.arange(dims[0])[:, None] if len(dims) == 2 else np.arange(dims[0])
        cols = np.arange(dims[1])[None, :] if len(dims) == 2 else np.zeros_like(rows)
        vals = 0.5 * reference._lazy(seed * 131 + i, rows, cols)
        dt = gpu_ref.torch_dtype(a["dtype"])
        out[a["name"]] = torch.from_numpy(np.broadcast_to(vals, dims).astype(np.float32)).to(dt)
    return out


KERNELS = [
    "examples/gemm_h100.tile",
    "examples/gemm_persistent_h100.tile",
    "examples/attn_fwd_h100.tile",
    "examples/attn_causal_h100.tile",
    "examples/attn_bwd_h100.tile",
    "bench/corpus/layernorm_stats_h100.tile",
    "bench/corpus/linear_bias_silu_h100.tile",
]


@pytest.mark.parametrize("rel", KERNELS, ids=lambda r: Path(r).stem)
def test_reference_agrees_with_the_numpy_interpreter(rel: str) -> None:
    """Block by block, the stores of the torch float64 reference equal the
    numpy reference interpreter's (float32, f16 rounding) on its inputs."""
    program = _program(rel)
    plan = gpu_ref.plan_sizes(program, [2], full_blocks=1, full_size=1)[0]
    sizes, blocks, trips = plan.sizes, plan.blocks, plan.trips
    tensors = _lazy_tensors(program, sizes, seed=0)
    run = gpu_ref.Interpreter(program, sizes, torch.arange(blocks), tensors).execute()
    names = [a["name"] for a in program["args"]]
    compared = 0
    for bid in range(blocks):
        stores, _ = reference.run_reference(_module(rel), trips, bid=bid, sizes=sizes, seed=0)
        for (arg, idx, shape), tile in stores.items():
            out = run.outputs[names[arg]]
            dims = [sizes[d] if isinstance(d, str) else d for d in program["args"][arg]["shape"]]
            got = out.values.view(*dims)
            region = got[tuple(slice(i * s, (i + 1) * s) for i, s in zip(idx, shape, strict=True))]
            want = torch.from_numpy(np.asarray(tile, np.float64))
            if out.racy.view(*dims)[tuple(slice(i * s, (i + 1) * s) for i, s in zip(idx, shape, strict=True))].any():
                continue
            scale = want.abs().max().item() or 1.0
            assert (region - want).abs().max().item() / scale < 2e-2, (rel, bid, names[arg], idx)
            compared += 1
    assert compared


def test_reference_gemm_is_a_matmul() -> None:
    program = _program("examples/gemm_h100.tile")
    sizes = {"M": 256, "N": 512, "K": 192}
    blocks, trips, _ = gpu_ref.grid(program, sizes)
    assert (blocks, trips) == (4, 3)
    a = (torch.rand(256, 192) - 0.5).half()
    b = (torch.rand(192, 512) - 0.5).half()
    c = torch.full((256, 512), float("nan")).half()
    run = gpu_ref.Interpreter(program, sizes, torch.arange(blocks), {"A": a, "B": b, "C": c}).execute()
    want = (a.double() @ b.double()).half().double()
    assert torch.equal(run.outputs["C"].values.view(256, 512), want)
    assert run.flops == 2 * 256 * 512 * 192
    assert bool((run.outputs["C"].writer >= 0).all()) and not bool(run.outputs["C"].racy.any())


def test_reference_int8_weights_gemm() -> None:
    """gemm_w8a16_h100: Y = X (W S)^T with i8 weights (the numpy
    interpreter holds i8 as float32, so brute force here)."""
    program = _program("bench/corpus/gemm_w8a16_h100.tile")
    sizes = {"M": 128, "N": 256, "K": 128}
    blocks, trips, _ = gpu_ref.grid(program, sizes)
    assert (blocks, trips) == (2, 2)
    tensors = gpu.make_tensors(program, sizes, "cpu", torch.Generator().manual_seed(3))
    assert tensors["W"].dtype == torch.int8 and int(tensors["W"].abs().max()) > 1
    run = gpu_ref.Interpreter(program, sizes, torch.arange(blocks), dict(tensors)).execute()
    wf = (tensors["W"].double().half().double() * tensors["S"].double()[:, None]).half().double()
    want = (tensors["X"].double() @ wf.T).half().double()
    assert (run.outputs["Y"].values.view(128, 256) - want).abs().max().item() <= 1e-2


def test_reference_causal_attention_is_softmax() -> None:
    """attn_causal_h100 at N = 256: O = softmax2(scale Q K^T, causal) V,
    brute force, to f16 rounding of P (the program's cast)."""
    program = _program("examples/attn_causal_h100.tile")
    n, d = 256, 128
    blocks, trips, _ = gpu_ref.grid(program, {"N": n})
    assert (blocks, trips) == (2, 2)
    q, k, v = ((torch.rand(n, d) - 0.5).half() for _ in range(3))
    o = torch.full((n, d), float("nan")).half()
    scale = 0.1
    run = gpu_ref.Interpreter(program, {"N": n}, torch.arange(blocks), {"Q": q, "K": k, "V": v, "O": o, "scale": scale})
    got = run.execute().outputs["O"].values.view(n, d)
    s = (q.double() @ k.double().T) * scale
    s = s.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), -math.inf)
    p = torch.exp2(s - s.amax(dim=1, keepdim=True))
    want = (p @ v.double()) / p.sum(dim=1, keepdim=True)
    assert (got - want).abs().max().item() < 2e-3


def test_racing_plain_stores_are_marked() -> None:
    """attn_bwd_h100 writes dQ with a plain store from every CTA: with two
    CTAs every dQ element is a race; with one, none is."""
    program = _program("examples/attn_bwd_h100.tile")
    for n, racy in ((128, False), (256, True)):
        tensors = gpu.make_tensors(program, {"N": n}, "cpu", torch.Generator().manual_seed(0))
        run = gpu_ref.Interpreter(program, {"N": n}, torch.arange(n // 128), tensors).execute()
        assert bool(run.outputs["dQ"].racy.all()) is racy
        assert not bool(run.outputs["dK"].racy.any())


def test_plan_sizes_trip_counts_and_full_size() -> None:
    gemm = gpu_ref.plan_sizes(_program("examples/gemm_h100.tile"), [1, 2, 2, 37])
    assert [(p.label, p.trips) for p in gemm] == [("1 trip", 1), ("2 trips", 2), ("37 trips", 37), ("full", 64)]
    assert gemm[0].sizes == {"M": 128, "K": 64, "N": 256} and gemm[0].blocks == 1
    assert gemm[-1].sizes == {"M": 4096, "K": 4096, "N": 4096} and gemm[-1].blocks == 512
    attn = gpu_ref.plan_sizes(_program("examples/attn_fwd_h100.tile"), [1, 2, 3, 37])
    assert [(p.trips, p.sizes["N"], p.blocks) for p in attn] == [
        (1, 256, 2),
        (2, 512, 4),
        (3, 768, 6),
        (37, 9472, 74),
        (64, 16384, 128),
    ]
    tail = gpu_ref.plan_sizes(_program("examples/attn_tail_h100.tile"), [1, 2])
    assert [(p.trips, p.sizes["N"]) for p in tail[:2]] == [(1, 128), (2, 256)]  # N not a multiple of BN = 176
    fixed = gpu_ref.plan_sizes(_program("bench/corpus/layernorm_stats_h100.tile"), [1, 2, 37])
    assert [p.trips for p in fixed] == [16, 16] and fixed[-1].blocks == 128


def test_baseline_read_off_the_program() -> None:
    def base(rel: str) -> dict | None:
        program = _program(rel)
        return gpu.baseline_of(program, gpu.plan_entry(program, 2)["checks"][-1])

    assert base("examples/gemm_h100.tile") == {"kind": "matmul", "m": 4096, "n": 4096, "k": 4096, "dtype": "f16"}
    assert base("examples/attn_fwd_h100.tile") == {
        "kind": "sdpa_fwd",
        "n": 16384,
        "d": 128,
        "causal": False,
        "dtype": "f16",
    }
    assert base("examples/attn_causal_h100.tile")["causal"] is True  # type: ignore[index]
    assert base("examples/attn_bwd_h100.tile")["kind"] == "sdpa_bwd"  # type: ignore[index]
    assert base("bench/corpus/layernorm_stats_h100.tile") is None
    assert gpu.baseline_flops({"kind": "sdpa_bwd", "n": 1024, "d": 64, "causal": True}) == 5 * 1024 * 1024 * 64


@pytest.mark.parametrize(
    ("name", "tiles"), [("gemm_persistent_h100", 64 * 32), ("gemm_persistent_pingpong_h100", 64 * 64)]
)
def test_persistent_gemm_timed_at_4096_and_8192(name: str, tiles: int) -> None:
    """The persistent GEMMs (bf16; cooperative 128x256 tiles, ping-pong
    128x128) are timed against torch.matmul at 4096^3 (the suite's full size)
    and, in a row of their own, at 8192^3."""
    program = _program(f"examples/{name}.tile")
    entry = {"name": name, "program": program, "stages": 2, **gpu.plan_entry(program, 2)}
    full = entry["checks"][-1]
    assert full["label"] == "full" and full["sizes"] == {"M": 4096, "K": 4096, "N": 4096}
    assert gpu.baseline_of(program, full) == {"kind": "matmul", "m": 4096, "n": 4096, "k": 4096, "dtype": "bf16"}
    (row,) = gpu.also_timed(entry)
    assert row["name"] == f"{name}@8192" and [c["label"] for c in row["checks"]] == ["full"]
    assert row["checks"][0]["blocks"] == tiles  # the tiles: the launcher clamps the grid to the SMs
    assert row["baseline"] == {"kind": "matmul", "m": 8192, "n": 8192, "k": 8192, "dtype": "bf16"}


def test_launcher_signature_read_from_the_source() -> None:
    cu = (
        'static int x;\nextern "C" int twillc_attn_launch(void* Q, const __half* K, int N, float scale, int blocks, '
        "cudaStream_t stream) {\n"
    )
    name, params = cuda_run.signature(cu)
    assert name == "twillc_attn_launch"
    assert [cuda_run.param_role(c, p) for c, p in params] == ["pointer", "pointer", "int", "float", "int", "stream"]
    assert [p for _, p in params] == ["Q", "K", "N", "scale", "blocks", "stream"]
    with pytest.raises(ValueError):
        cuda_run.signature("int main() {}")
    assert (
        cuda_run.spill_bytes(
            "ptxas info    : Used 168 registers, 8 bytes spill stores, 8 bytes spill loads\n0 bytes spill stores"
        )
        == 8
    )


def test_compare_finds_unwritten_wrong_and_stray_elements() -> None:
    program = _program("examples/gemm_h100.tile")
    sizes = {"M": 128, "N": 512, "K": 64}
    tensors = gpu.make_tensors(program, sizes, "cpu", torch.Generator().manual_seed(1))
    assert bool(torch.isnan(tensors["C"].float()).all())  # poisoned
    run = gpu_ref.Interpreter(program, sizes, torch.arange(1), dict(tensors)).execute()  # one of two CTAs
    good = tensors["C"].clone().view(-1)
    wrote = run.outputs["C"].writer >= 0
    good[wrote] = run.outputs["C"].values[wrote].half()
    tol = {"C": 2e-2}
    assert gpu.compare(program, {"C": good}, run, tol)["problems"] == []
    wrong = good.clone()
    wrong[wrote.nonzero()[0]] += 1.0
    assert "max error" in gpu.compare(program, {"C": wrong}, run, tol)["problems"][0]
    hole = good.clone()
    hole[wrote.nonzero()[5]] = float("nan")
    assert "not written" in gpu.compare(program, {"C": hole}, run, tol)["problems"][0]
    stray = good.clone()
    stray[(~wrote).nonzero()[0]] = 1.0
    assert "outside" in gpu.compare(program, {"C": stray}, run, tol)["problems"][0]
    assert gpu.compare(program, {"C": stray}, run, tol, whole=False)["problems"] == []  # some CTAs ran


MANIFEST = {
    "built": "2026-11-27 12:00 UTC",
    "commit": "abc1234",
    "nvcc": "13.0",
    "kernels": [
        {
            "name": "gemm_h100",
            "arch": "sm_90a",
            "status": "built",
            "holes": 0,
            "checks": [{"label": "1 trip", "trips": 1}, {"label": "full", "trips": 64}],
        },
        {"name": "attn_fwd_b200", "arch": "sm_100a", "status": "built", "holes": 0, "checks": [{"label": "full"}]},
        {"name": "attn_bwd_d64_h100", "arch": "sm_90a", "status": "not built", "reason": "x.tile:3:1: error: a | b"},
    ],
}


def test_table_rows() -> None:
    results = {
        "gemm_h100": {
            "status": "ok",
            "ms": 0.25,
            "flops": 2 * 4096**3,
            "timed_at": "M=4096 K=4096 N=4096",
            "checks": [
                {"label": "1 trip", "error": 3e-4, "problems": [], "racy": 0},
                {"label": "full", "error": 4e-4, "problems": [], "racy": 0},
            ],
            "baselines": {"cuBLAS": 0.18},
            "baseline_flops": 2 * 4096**3,
        }
    }
    device = {"name": "NVIDIA H100 80GB HBM3", "torch": "2.11.0", "arch": "sm_90a"}
    table = gpu.format_table(MANIFEST, results, device, "2026-11-27")
    rows = [ln for ln in table.splitlines() if ln.startswith("| `")]
    assert rows[0] == (
        "| `gemm_h100` | sm_90a | y | 4.0e-04 | 1, 64 (full) | M=4096 K=4096 N=4096 | 0.250 | 550 "
        "| 0.72 (764) |  |  |  |"
    )
    assert rows[1] == "| `attn_fwd_b200` | sm_100a | - | | | | | | | | | built, no B200 |"
    assert rows[2].endswith("| not built: x.tile:3:1: error: a \\| b |")
    assert "NVIDIA H100 80GB HBM3" in table and all(row.count("|") - row.count("\\|") == 13 for row in rows)


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not installed")
def test_build_one_kernel_and_dry_run(tmp_path: Path) -> None:
    """`--build` on the GEMM example: the library, the manifest with the
    launcher read from the .cu, and the plan printed; then `--run
    --dry-run` over that folder runs the whole driver on the CPU."""
    out = tmp_path / "build"
    proc = subprocess.run(
        [sys.executable, "bench/gpu.py", "--build", str(out), "--only", "gemm_h100"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    (entry,) = manifest["kernels"]
    assert entry["status"] == "built" and (out / entry["lib"]).is_file()
    assert entry["launcher"] == "twillc_gemm_launch" and ["int", "blocks"] in entry["params"]
    assert [c["trips"] for c in entry["checks"]][-1] == 64 and entry["baseline"]["kind"] == "matmul"
    assert "gemm_h100" in proc.stdout and "timed vs torch.matmul" in proc.stdout
    if not torch.cuda.is_available():  # without a device `--run` says so and exits 0
        proc = subprocess.run(
            [sys.executable, "bench/gpu.py", "--run", str(out)], cwd=ROOT, capture_output=True, text=True, check=False
        )
        assert proc.returncode == 0 and "no CUDA device here: nothing run" in proc.stdout
    table = tmp_path / "table.md"
    proc = subprocess.run(
        [sys.executable, "bench/gpu.py", "--run", str(out), "--dry-run", "--out", str(table)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    row = next(ln for ln in table.read_text().splitlines() if ln.startswith("| `gemm_h100`"))
    assert row.startswith("| `gemm_h100` | sm_90a | y |")
    cublas = row.split(" | ")[8]  # the fake's throughput against torch.matmul on the CPU: a ratio and a rate
    assert cublas[0].isdigit() and "(" in cublas


def test_dry_run_reports_a_wrong_kernel_and_a_hang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver with a fake launcher on the CPU: a kernel whose output is
    off is 'n', one that never returns is killed and reported, the others
    still get their rows."""
    entries = []
    for rel in ("bench/corpus/layernorm_stats_h100.tile",):
        program = _program(rel)
        entry = {
            "name": Path(rel).stem,
            "arch": "sm_90a",
            "status": "built",
            "holes": 0,
            "program": program,
            "params": [],
            "launcher": "",
            "stages": 2,
            **gpu.plan_entry(program, 2),
        }
        entry["tolerance"] = {s["tensor"]: 2e-2 for s in program["stores"]}
        entry["baseline"] = gpu.baseline_of(program, entry["checks"][-1])
        entries.append(entry)
    hang = {**entries[0], "name": "hangs"}
    wrong = {**entries[0], "name": "wrong", "tolerance": {"Mean": -1.0, "Rstd": -1.0}}  # nothing can pass
    manifest = {**MANIFEST, "kernels": [*entries, hang, wrong]}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    monkeypatch.setenv("TWILLC_GPU_FAKE_HANG", "hangs")
    results, device = gpu.run_all(
        tmp_path, ["hangs", "layernorm_stats_h100", "wrong"], True, 10.0, 300.0, log=lambda _: None
    )
    assert device["name"].startswith("CPU")
    assert results["hangs"]["status"] == "hang"
    assert results["layernorm_stats_h100"]["status"] == "ok"
    assert results["wrong"]["status"] == "wrong"
    table = gpu.format_table(manifest, results, device, "2026-11-27")
    assert "| `wrong` | sm_90a | n |" in table and "| `hangs` | sm_90a | hang |" in table


def test_triton_case_built_and_listed(tmp_path: Path) -> None:
    """`--build` prepares the Triton case (the TTGIR before pipelining and
    twillc's write-back, both targets) that `--run` times on a device with
    Triton 3.9: Triton's own schedule against twillc's, the same kernel."""
    pytest.importorskip("triton")
    out = tmp_path / "build"
    proc = subprocess.run(
        [sys.executable, "bench/gpu.py", "--build", str(out), "--only", "triton-matmul"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    cases = json.loads((out / "manifest.json").read_text())["triton"]
    assert [(c["name"], c["target"], c["status"]) for c in cases] == [
        ("triton-matmul", "h100", "built"),
        ("triton-matmul", "b200", "built"),
    ]
    for c in cases:
        assert "scf.for" in (out / "triton" / c["ttgir"]).read_text()
        assert "loop.stage" in (out / "triton" / c["written"]).read_text()
    assert "triton-matmul (b200): built; Triton's own schedule against twillc's, timed" in proc.stdout
    table = tmp_path / "table.md"
    proc = subprocess.run(
        [sys.executable, "bench/gpu.py", "--run", str(out), "--dry-run", "--out", str(table)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert "| triton-matmul | h100 | | | | | | | | not run (dry run) |" in table.read_text(), proc.stdout
