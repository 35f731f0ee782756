"""Triton 3.9 compiles twillc's write-back (`-o k.ttgir`) to a cubin, no GPU
needed: on sm_100 its warp specialization builds twillc's partitions, on
sm_90 twillc's stages drive its pipeliner; `twillc.triton` puts twillc's
schedule inside Triton's own compilation. The loops are the project's Triton
GEMM and attention (tests/triton_kernels/), scheduled once
(tests/data/triton/*.mlir) so that the checks do not depend on a time-limited
search."""

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

DATA = Path(__file__).parent / "data" / "triton"
KERNELS = Path(__file__).parent / "triton_kernels"
SMEM_LIMIT = 232448  # bytes of shared memory a block may use on H100 and B200

pytestmark = [pytest.mark.filterwarnings("ignore::UserWarning")]


def write_back(name: str, tmp_path: Path) -> Path:
    out = tmp_path / f"{name}.ttgir"
    err = io.StringIO()
    assert main([str(DATA / f"{name}.mlir"), "--passes", "", "-o", str(out)], stdout=io.StringIO(), stderr=err) == 0, (
        err.getvalue()
    )
    return out


def regions(ttgir: str) -> list[str]:
    """The text of each region of the kernel's `ttg.warp_specialize`: default, partition0, ..."""
    at = ttgir.index("ttg.warp_specialize(")
    marks = [m.start() for m in re.finditer(r"\n\s*(default \{|partition\d+\()", ttgir[at:])]
    return [ttgir[at + a : at + b] for a, b in zip(marks, [*marks[1:], len(ttgir) - at], strict=True)]


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


@pytest.mark.parametrize(("name", "kept"), [("attn_fwd-h100", False), ("matmul-h100", True), ("matmul-b200", False)])
def test_stages_drive_the_pipeliner(name: str, kept: bool, tmp_path: Path) -> None:
    """sm_90 (no partitions in Triton 3.9) and a loop Triton cannot split
    (the GEMM's pointer loads on sm_100): stages and clusters only. Triton's
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


@pytest.mark.parametrize("name", ["cpasync-across-partitions", "tmem-two-partitions"])
def test_triton_bugs_reproduce(name: str, tmp_path: Path) -> None:
    """Triton 3.9 crashes on these forms (docs/interop.md); twillc writes
    others. When a Triton release fixes one, this test says so."""
    from twillc.triton import compile_writeback

    with pytest.raises(RuntimeError):
        compile_writeback(str(DATA / f"{name}.ttgir"), "b200")


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


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
