"""Kernels with several loops (docs/language.md, "Several loops"): the
two-pass RMSNorm, softmax and cross-entropy examples and the three-pass
LayerNorm (sm_90a only) split into one segment
per loop as their fixed modules hold them (tests/data/multiloop, each
scheduled by the default pipeline with the register check, then lowered),
simulate equal to the function as written, and compile with nvcc with no
hole, no spill and no warning, on sm_90a and sm_100a."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from test_cuda import needs_nvcc, nvcc_log

from twillc.cli.compile import parse_module
from twillc.driver import main
from twillc.lowering.simulate.warp_sim import simulate_segments
from twillc.lowering.warp_program import read_warp_program
from twillc.transforms.loop_segments import kernel_func, segments, split_loops

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "multiloop"
EXAMPLES = ("rmsnorm", "softmax", "cross_entropy", "layernorm")
LOOPS = {"rmsnorm": 2, "softmax": 2, "cross_entropy": 2, "layernorm": 3}
MODULES = [(e, "h100") for e in EXAMPLES] + [(e, "b200") for e in EXAMPLES if e != "layernorm"]
ARCH = {"h100": "sm_90a", "b200": "sm_100a"}


def _read(path: Path):
    return parse_module(path.read_text(), str(path), ".mlir")


@pytest.mark.parametrize("example", EXAMPLES)
def test_example_splits_as_its_fixed_module(example: str) -> None:
    """Each loop a segment: the example as written splits into the segment
    functions (arguments, passed values) its fixed module was scheduled from."""
    path = ROOT / "examples" / f"{example}_h100.tile"
    module = parse_module(path.read_text(), str(path), ".tile")
    split_loops(module)
    fixed = _read(DATA / f"{example}_h100.mlir")
    got = [kernel_func(p) for p in segments(module)]
    want = [kernel_func(p) for p in segments(fixed)]
    assert len(got) == len(want) == LOOPS[example]
    for g, w in zip(got, want, strict=True):
        assert g is not None and w is not None
        assert g.sym_name == w.sym_name
        assert [a.name_hint for a in g.body.block.args] == [a.name_hint for a in w.body.block.args]
        assert g.function_type == w.function_type


@pytest.mark.parametrize(("example", "target"), MODULES)
def test_fixed_module_simulates_equal_to_the_function(example: str, target: str) -> None:
    module = _read(DATA / f"{example}_{target}.mlir")
    parts = segments(module)
    progs = [read_warp_program(p) for p in parts]
    rep = simulate_segments(module, parts, progs, [0, 1, 2, 5], interleavings=6)
    assert not rep.findings, rep.findings
    assert rep.runs == 4 * max(6, 2 * max(len(p.roles) for p in progs))


def _emit(path: Path, tmp_path: Path) -> Path:
    cu = tmp_path / "k.cu"
    err = io.StringIO()
    rc = main([str(path), "-o", str(cu), "--no-ptxas-check"], stderr=err)
    assert rc == 0, err.getvalue()
    return cu


@pytest.mark.parametrize(("example", "target"), MODULES)
def test_cuda_is_one_kernel_running_each_loop(example: str, target: str, tmp_path: Path) -> None:
    code = _emit(DATA / f"{example}_{target}.mlir", tmp_path).read_text()
    assert "TWILLC-HOLE" not in code
    n = LOOPS[example]
    assert f"kernel '{example}', target {ARCH[target]} (complete), {n} loops run one after another." in code
    assert len(re.findall(r"^__global__ ", code, re.M)) == 1
    for k in range(n):
        assert f"void twillc_{example}_loop{k}_enter(" in code
        assert f"void twillc_{example}_loop{k}_leave(" in code
    assert code.count('asm volatile("fence.proxy.async.global;\\n" ::: "memory");') == n - 1  # between loops
    again = _emit(DATA / f"{example}_{target}.mlir", tmp_path / "..").read_text()
    assert again == code  # byte-identical


@needs_nvcc
@pytest.mark.parametrize(("example", "target"), MODULES)
def test_cuda_compiles_clean(example: str, target: str, tmp_path: Path) -> None:
    """nvcc -Xptxas -v: no warning (no C7508 / C7510 / C7511 / C7512 either), no spill."""
    cu = _emit(DATA / f"{example}_{target}.mlir", tmp_path)
    log = nvcc_log(cu, ARCH[target], tmp_path)
    assert not re.search(r"C75\d\d", log), log
    assert "warning" not in log, log
    spills = re.findall(r"(\d+) bytes spill stores, (\d+) bytes spill loads", log)
    assert spills and all(s == ("0", "0") for s in spills), log


@pytest.mark.parametrize(("example", "target"), MODULES)
def test_role_variant_isolates_each_warp_groups_branch(example: str, target: str, tmp_path: Path) -> None:
    """The register check's per-role isolation (`ptxas.role_variant`) finds
    the warp groups of a kernel of several loops (`} else if (wg == k)`) and
    keeps only warp group k's branch: its roles of every loop, the others'
    conditions false."""
    from twillc.lowering.cuda.ptxas import role_blocks, role_variant

    code = _emit(DATA / f"{example}_{target}.mlir", tmp_path).read_text()
    groups = len(re.findall(r"^  (?:\} else )?if \(wg == \d+\) \{", code, re.M))
    assert role_blocks(code) == list(range(groups)) and groups > 1
    for k in range(groups):
        one = role_variant(code, k, capped=True)
        kept = re.findall(r"^  (?:\} else )?if \(wg == (\d+)\) \{", one, re.M)
        assert kept == [str(k)]
        assert len(re.findall(r"^  (?:\} else )?if \(false\) \{", one, re.M)) == groups - 1
        for n in range(LOOPS[example]):
            assert f"    twillc_{example}_loop{n}_enter(" in one.split(f"if (wg == {k}) {{")[1]


def test_shared_memory_reads_into_registers_are_unrolled(tmp_path: Path) -> None:
    """An element-wise op or a row reduction reading a loaded tile from shared
    memory into a register array is a loop under `#pragma unroll` on sm_90a as on
    sm_100a: NVVM left such loops rolled in cross_entropy_h100's roles of two
    loops in one kernel, their arrays went to local memory and ptxas spilled
    648 B around them (each loop's kernel alone clean)."""
    code = _emit(DATA / "cross_entropy_h100.mlir", tmp_path).read_text().splitlines()
    reads = [k for k, line in enumerate(code) if re.match(r"\s*for \(int i = 0; i < \d+; \+\+i\).*smem_at", line)]
    assert reads
    assert all(code[k - 1].strip() == "#pragma unroll" for k in reads)


@needs_nvcc
def test_whole_kernel_spill_names_the_warp_group_whose_roles_spill(tmp_path: Path) -> None:
    """A spill only the kernel of several loops has is reported with the warp
    groups whose branch alone (`role_variant`, capped) spills: here warp group
    1's second-loop role cut to 40 registers (`_check_whole`)."""
    from twillc.cli.ptxas_check import Built, _check_whole

    path = DATA / "cross_entropy_h100.mlir"
    code = _emit(path, tmp_path).read_text()
    role = code.index("void twillc_cross_entropy_loop1_role1(")
    cut = code[:role] + code[role:].replace("tw_setmaxnreg_inc<240>();", "tw_setmaxnreg_dec<40>();", 1)
    module = _read(path)
    err = io.StringIO()
    _check_whole(Built(module, module, cut, ()), err)
    assert "in the kernel of several loops" in err.getvalue()
    assert "warp group 1's roles alone: " in err.getvalue()
    assert "warp group 0's" not in err.getvalue() and "warp group 2's" not in err.getvalue()
    err = io.StringIO()
    _check_whole(Built(module, module, code, ()), err)
    assert not err.getvalue()
