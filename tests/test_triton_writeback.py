"""Triton 3.9 compiles twillc's write-back (`-o k.ttgir`) to a cubin, no GPU
needed: on sm_100 its warp specialization builds twillc's partitions, on
sm_90 twillc's stages drive its pipeliner; `twillc.triton` puts twillc's
schedule inside Triton's own compilation. The loops are the project's Triton
kernels (tests/triton_kernels/: GEMM, attention forward and backward, causal,
column statistics, int4 / int8 weights, persistent GEMM), scheduled once
(tests/data/triton/*.mlir) so that the checks do not depend on a time-limited
search. The real-kernel corpus's write-backs are checked on both targets by
tests/test_triton_corpus.py (where TWILLC_TRITON_CORPUS holds the corpus) and
measured by `bench/triton_loops.py --corpus --writeback`
(bench/results/triton-writeback.md)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

triton = pytest.importorskip("triton")
if triton.__version__ != "3.9.0":
    pytest.skip("the write-back targets triton==3.9.0", allow_module_level=True)

from twillc.driver import main  # noqa: E402
from twillc.triton import SHARED_MEMORY_LIMIT as SMEM_LIMIT  # noqa: E402

DATA = Path(__file__).parent / "data" / "triton"
KERNELS = Path(__file__).parent / "triton_kernels"

pytestmark = [pytest.mark.filterwarnings("ignore::UserWarning")]


def write_back(name: str, tmp_path: Path) -> Path:
    out = tmp_path / f"{name}.ttgir"
    err = io.StringIO()
    assert main([str(DATA / f"{name}.mlir"), "--passes", "", "-o", str(out)], stdout=io.StringIO(), stderr=err) == 0, (
        err.getvalue()
    )
    return out


def regions(ttgir: str) -> list[str]:
    from twillc.triton import ws_regions

    return ws_regions(ttgir)


# The project's kernels, each scheduled once per target (tests/data/triton/NAME-TARGET.mlir), and how many
# partitions twillc's schedule has on B200 (0: one warp group, stages only).
# The causal forward's five partitions compile but take 297,800 bytes of shared memory on B200 (Triton 3.9
# gives each value crossing partitions a buffer of its own): over the limit, the launch would fail.
OVER_SHARED_MEMORY = {"causal-b200"}
PROJECT = {
    "matmul": 2,  # masked pointer loads: a load partition, the MMA's
    "attn_fwd": 3,
    "attn_bwd_dkdv": 3,
    "attn_bwd_dq": 3,
    "causal": 5,
    "columns": 2,
    "w4a16": 0,
    "w8a16": 2,
    "persistent": 2,
    "int8_mm": 0,  # int8 x int8 into i32 (tests/triton_kernels/int8_mm.py)
    "awq": 0,  # int4 widened by tl.interleave, shifted by AWQ's packed order (int_interleave.py::awq_interleave)
    "rmsnorm_row_masked": 2,  # two loops, both warp-specialized, the second without results (multiloop.py)
    "weighted_column_sums": 2,  # a masked rank-1 load of a slice layout read in another partition (row_scalars.py)
    # a scalar load in the compute partition, which Triton's pipeliner copies as a tensor<1x!tt.ptr>: not a tile load
    "rows_times_row_scale": 2,
}


@pytest.mark.parametrize("target", ["h100", "b200"])
@pytest.mark.parametrize("name", sorted(PROJECT))
def test_project_kernel_compiles_with_twillcs_schedule(name: str, target: str, tmp_path: Path) -> None:
    """Each project kernel's write-back compiles to a cubin with Triton 3.9
    and Triton keeps twillc's schedule: on sm_90 its stages drive Triton's
    pipeliner (the final TTGIR is not the one the loop gives with every op in
    stage 0); on sm_100 each region of Triton's `ttg.warp_specialize` holds the
    ops twillc wrote in that partition, each partition's loop twillc's stages."""
    from twillc.triton import check_writeback

    check = check_writeback(str(write_back(f"{name}-{target}", tmp_path)), target)
    assert check.compiles, check.error
    assert check.stages > 1 and check.stages_kept, check.summary()
    assert check.partitions == (PROJECT[name] if target == "b200" else 0), check.summary()
    if check.partitions:
        assert check.partitions_kept, check.summary()
    assert check.shared > 0 and check.fits == (f"{name}-{target}" not in OVER_SHARED_MEMORY), check.summary()


def test_masked_loads_cross_partitions_as_select(tmp_path: Path) -> None:
    """The GEMM's masked pointer loads stay in twillc's load warp group on
    sm_100, written as a load with its mask and a select of its `other`
    (Triton 3.9's InsertAref cannot pass a `tt.load`, or the `local_alloc` of
    one, to another partition: cpasync-across-partitions.ttgir)."""
    text = write_back("matmul-b200", tmp_path).read_text()
    loads = re.findall(r"(%twillc_load\d+) = tt\.load %\w+, (%\w+) \{[^}]*ttg\.partition = array<i32: 0>\}", text)
    assert len(loads) == 2
    for loaded, mask in loads:
        assert re.search(rf"= arith\.select {mask}, {loaded}, %\w+ \{{[^}}]*ttg\.partition = array<i32: 0>\}}", text)
    assert re.search(r"ttng\.tc_gen5_mma [^\n]*ttg\.partition = array<i32: 1>", text)
    h100 = write_back("matmul-h100", tmp_path).read_text()  # one warp group: the loads as written
    assert "twillc_load" not in h100 and "arith.select" not in h100


def test_masked_loads_without_other_select_zero(tmp_path: Path) -> None:
    """`tl.load(p, mask=m)` (no `other`): the select picks a zero constant of
    the load's type in the masked lanes, and Triton's warp specialization
    passes it to the MMA's partition (the GEMM's schedule, its loads' `other`
    dropped from the TTGIR it carries)."""
    from triton._C.libtriton import ir, passes

    from twillc.frontend.triton_module import triton_context

    mlir = (DATA / "matmul-b200.mlir").read_text()
    dropped = mlir.replace("tt.load %a_ptrs_60, %a_67, %cst ", "tt.load %a_ptrs_60, %a_67 ")
    dropped = dropped.replace("tt.load %b_ptrs_61, %b_71, %cst_0 ", "tt.load %b_ptrs_61, %b_71 ")
    assert dropped.count("tt.load %") == mlir.count("tt.load %") and dropped != mlir
    (tmp_path / "nother-b200.mlir").write_text(dropped)
    out = tmp_path / "nother.ttgir"
    assert main([str(tmp_path / "nother-b200.mlir"), "--passes", "", "-o", str(out)], io.StringIO(), io.StringIO()) == 0
    text = out.read_text()
    zeros = re.findall(
        r"(%twillc_zero\d+) = arith\.constant \{[^}]*ttg\.partition = array<i32: 0>\} dense<0\.0+e\+00>", text
    )
    assert len(zeros) == 2 and all(re.search(rf"arith\.select %\w+, %twillc_load\d+, {z} ", text) for z in zeros)
    ctx = triton_context()
    mod = ir.parse_mlir_module(str(out), ctx)
    pm = ir.pass_manager(ctx)
    passes.ttgpuir.add_warp_specialize(pm, 3)
    pm.run(mod, "warp-specialize")  # InsertAref takes it (a tt.load across partitions aborts)
    assert mod.str().count("ttg.warp_specialize(") == 1


def test_attention_b200_partitions_are_twillcs(tmp_path: Path) -> None:
    from twillc.triton import compile_writeback

    path = write_back("attn_fwd-b200", tmp_path)
    text = path.read_text()
    loop = re.search(r"\} \{tt\.scheduled_max_stage[^\n]*", text).group(0)
    # twillc's three warp groups, numbered as Triton numbers them: the softmax
    # (default, 0), the MMAs (1), the TMA loads (2).
    assert "ttg.partition = array<i32: 0, 1, 2>" in loop
    assert "ttg.partition.stages = [0 : i32, 1 : i32, 0 : i32]" in loop
    assert re.search(r"tt\.descriptor_load [^\n]*ttg\.partition = array<i32: 2>", text)
    assert re.search(r"ttng\.tc_gen5_mma [^\n]*ttg\.partition = array<i32: 1>", text)
    assert re.search(r"math\.exp2 [^\n]*ttg\.partition = array<i32: 0>", text)
    # Triton's warp specialization alone: each partition's loop keeps twillc's
    # stages and clusters (the last stage twillc's, not Triton's own).
    from triton._C.libtriton import ir, passes

    from twillc.frontend.triton_module import triton_context

    ctx = triton_context()
    mod = ir.parse_mlir_module(str(path), ctx)
    pm = ir.pass_manager(ctx)
    passes.ttgpuir.add_warp_specialize(pm, 3)
    pm.run(mod, "warp-specialize")
    ws = mod.str()
    last = re.search(r"tt\.scheduled_max_stage = (\d+)", loop).group(1)
    assert ws.count("nvws.warp_group") == 0 and ws.count("ttg.warp_specialize(") == 1
    assert re.findall(r"tt\.scheduled_max_stage = (\d+)", ws) == [last] * 3
    clusters = {int(c) for c in re.findall(r"loop\.cluster = (\d+)", text)}
    assert {int(c) for c in re.findall(r"loop\.cluster = (\d+)", ws)} <= clusters
    kernel, after = compile_writeback(str(path), "b200")
    assert kernel.asm["cubin"] and kernel.metadata.shared <= SMEM_LIMIT
    assert after.count("ttg.warp_specialize(") == 1
    default, mma, load = regions(after)
    assert "math.exp2" in default and "tc_gen5_mma" not in default
    assert "tc_gen5_mma" in mma and "math.exp2" not in mma
    assert "async_tma_copy_global_to_local" in load and "tc_gen5_mma" not in load
    assert kernel.metadata.num_warps > 8 and "setmaxnreg" in kernel.asm["ptx"]


def test_gemm_b200_partitions_are_twillcs(tmp_path: Path) -> None:
    """A GEMM with TMA loads (Meta's pre-modulo TTGIR): twillc's load and MMA
    warp groups become Triton's partitions 2 and 1 (no other partition: Triton
    numbers an MMA partition from 1) and its warp specialization builds them."""
    from twillc.triton import compile_writeback

    out = tmp_path / "gemm.ttgir"
    src = Path(__file__).parent / "data" / "benchmarks" / "meta-ddg" / "case1_simple_gemm" / "pre_modulo.ttgir"
    assert main([str(src), "-o", str(out)], stdout=io.StringIO(), stderr=io.StringIO()) == 0
    assert re.search(r"ttng\.tc_gen5_mma [^\n]*ttg\.partition = array<i32: 1>", out.read_text())
    kernel, after = compile_writeback(str(out), "b200")
    assert kernel.asm["cubin"] and kernel.metadata.shared <= SMEM_LIMIT and "setmaxnreg" in kernel.asm["ptx"]
    parts = regions(after)
    assert len(parts) == 3  # the default warps, then the two partitions
    assert any("tc_gen5_mma" in r and "async_tma_copy_global_to_local" not in r for r in parts[1:])
    assert any("async_tma_copy_global_to_local" in r and "tc_gen5_mma" not in r for r in parts[1:])


@pytest.mark.parametrize(("name", "kept"), [("attn_fwd-h100", False), ("matmul-h100", True)])
def test_stages_drive_the_pipeliner(name: str, kept: bool, tmp_path: Path) -> None:
    """sm_90 (no partitions in Triton 3.9): stages and clusters only. Triton's
    own `assign-latencies` / `schedule-loops` overwrite them where they find
    a load to pipeline (a different cubin: the write-back enters after them),
    and keep them where they find none (the masked pointer loads on sm_90)."""
    from twillc.triton import compile_writeback

    path = write_back(name, tmp_path)
    text = path.read_text()
    assert "loop.stage" in text and "loop.cluster" in text
    assert "ttg.partition" not in text and "tt.warp_specialize" not in text
    target = name.split("-")[1]
    kernel, after = compile_writeback(str(path), target)
    assert kernel.asm["cubin"] and kernel.metadata.shared <= SMEM_LIMIT
    own, _ = compile_writeback(str(path), target, triton_schedule=True)
    assert (own.asm["cubin"] == kernel.asm["cubin"]) == kept


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("cpasync-across-partitions", "UNREACHABLE"),
        ("tmem-two-partitions", "Assertion"),
        ("tmem-token-in-partition", "'scf.for' op using value defined outside the region"),
        ("reduce-clone-partitions", "partition ids in attr ttg.partition does not contain partition ids of all child"),
        ("reduce-scalar-carried", "operation destroyed but still has uses"),
        ("mask-across-partitions", "verifyInvariants"),
        ("tmem-fresh-accumulator", "forOp.getResult(tokIdx).use_empty()"),
    ],
)
def test_triton_bugs_reproduce(name: str, says: str) -> None:
    """Triton 3.9 fails on these forms (docs/interop.md): twillc writes others
    for the first two, the next two are schedules of the project's kernels
    (the causal band loop, a five-partition attention forward) Triton cannot
    compile, the others are reduced from corpus kernels' schedules Triton
    fails on (tests/test_triton_corpus.py's TRITON_FAILS). Without the partitions each compiles (`twillc.triton`'s
    fallback). When a Triton release fixes one, this test says so."""
    from twillc.triton import check_writeback

    check = check_writeback(str(DATA / f"{name}.ttgir"), "b200")
    assert not check.compiles and says in check.error, check.summary()
    assert check.stages_only_compiles  # what twillc.triton falls back to: twillc's stages, no partitions


@pytest.mark.parametrize("target", ["h100", "b200"])
def test_every_loop_of_a_two_pass_kernel_is_written_back(target: str, tmp_path: Path) -> None:
    """A kernel with two loops (tests/triton_kernels/multiloop.py's online
    softmax, scheduled once per loop: softmax_online-TARGET.mlir): each scf.for
    gets its own loop's stages, and Triton compiles the result to a cubin."""
    from twillc.frontend.triton_module import parse_ttgir
    from twillc.triton import compile_writeback

    path = write_back(f"softmax_online-{target}", tmp_path)
    text = path.read_text()
    tm = parse_ttgir(text, str(path))  # kept: its ops' handles live in its context
    loops = [op for op in tm.ops if op.name == "scf.for"]
    assert len(loops) == 2
    for loop in loops:
        staged = [o for o in loop.blocks[0].ops if o.handle.get_int_attr("loop.stage") is not None]
        assert staged and loop.int_attr("tt.scheduled_max_stage") is not None
    kernel, _ = compile_writeback(str(path), target)
    assert kernel.asm["cubin"] and kernel.metadata.shared <= SMEM_LIMIT


def test_each_warp_specialized_loop_its_own_tag_and_yield(tmp_path: Path) -> None:
    """Two warp-specialized loops in one kernel (multiloop.py's row RMSNorm,
    rmsnorm_row_masked-b200.mlir): each loop its own `ttg.warp_specialize.tag`
    (Triton takes two loops with one tag for one and aborts), and the second
    loop, which has no results, an explicit `scf.yield` in its partitions
    (Triton leaves it implicit, and its partition scheduling aborts on a
    yield without `ttg.partition`). Triton builds one `ttg.warp_specialize`
    per loop, each with twillc's partitions."""
    import re

    from twillc.triton import check_writeback

    path = write_back("rmsnorm_row_masked-b200", tmp_path)
    text = path.read_text()
    assert re.findall(r"ttg\.warp_specialize\.tag = (\d+)", text) == ["0", "1"]
    assert len(re.findall(r"^\s*scf\.yield \{ttg\.partition = array<i32: 0, 1>\}$", text, re.M)) == 1
    check = check_writeback(str(path), "b200")
    assert check.compiles and check.partitions == 2 and check.partitions_kept, check.summary()


@pytest.mark.parametrize("cap", [90, 100])
def test_hook_compiles_with_twillcs_schedule(cap: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    import twillc.triton as tt
    from twillc.frontend.triton_module import load_jit_function

    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path))  # Triton compiles, rather than reading an earlier run
    fn = load_jit_function(str(KERNELS / "matmul.py"), "matmul_kernel")
    sig = {n: "*fp16" if n.endswith("_ptr") else "i32" for n in fn.arg_names}
    sig.update(BLOCK_M="constexpr", BLOCK_N="constexpr", BLOCK_K="constexpr")
    consts = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}

    def build():
        return triton.compile(ASTSource(fn, sig, consts), target=GPUTarget("cuda", cap, 32))

    own = build()
    tt.install(passes="annotate-costs,cost-normalize,modulo-schedule{time-limit=10},joint-schedule{time-limit=10}")
    try:
        hooked = build()
        again = build()  # Triton's cache, keyed with twillc's key: not scheduled again
        hook = tt._installed
        assert hook is not None and len(hook.cache) == 1 and not hook.refused
    finally:
        tt.uninstall()
    assert hooked.metadata.twillc and not getattr(own.metadata, "twillc", False)
    assert hooked.hash != own.hash and again.hash == hooked.hash
    assert hooked.asm["cubin"] and hooked.asm["ttgir"] != own.asm["ttgir"]
    written = next(iter(hook.cache.values()))
    assert "loop.stage" in written and "loop.cluster" in written


def test_hook_falls_back_to_twillcs_stages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where Triton 3.9 fails on twillc's partitions (the causal band loop's
    B200 schedule, tmem-token-in-partition.ttgir), the hook compiles
    twillc's stages without them, and says so."""
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    import twillc.triton as tt
    from twillc.frontend.triton_module import load_jit_function

    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path))
    written = (DATA / "tmem-token-in-partition.ttgir").read_text()
    monkeypatch.setattr(tt._Hook, "schedule", lambda self, text, cap, opts: written)
    fn = load_jit_function(str(KERNELS / "causal.py"), "attn_fwd_on_band")
    sig = {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "Out": "*fp16", "sm_scale": "fp32", "N_CTX": "i32"}
    sig.update(HEAD_DIM="constexpr", BLOCK_M="constexpr", BLOCK_N="constexpr")
    consts = {"HEAD_DIM": 128, "BLOCK_M": 128, "BLOCK_N": 64}
    tt.install()
    try:
        with pytest.warns(UserWarning, match="twillc's stages without its partitions"):
            kernel = triton.compile(
                ASTSource(fn, sig, consts), target=GPUTarget("cuda", 100, 32), options={"num_warps": 8}
            )
    finally:
        tt.uninstall()
    assert kernel.metadata.twillc and not kernel.metadata.twillc_partitions and kernel.asm["cubin"]
    assert "ttg.warp_specialize(" not in kernel.asm["ttgir"]


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
