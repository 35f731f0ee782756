"""The Triton TTGIR front end and the schedule write-back (twillc[triton]).

Skipped where triton==3.9.0 is not installed; CI installs `.[test]`, which
includes it (docs/interop.md, "Triton")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

triton = pytest.importorskip("triton", reason="needs twillc[triton] (triton==3.9.0)")
if triton.__version__ != "3.9.0":
    pytest.skip(f"needs triton==3.9.0, found {triton.__version__}", allow_module_level=True)

from twillc.diagnostics import UserError  # noqa: E402
from twillc.frontend.triton_module import parse_ttgir, ttgir_from_python  # noqa: E402
from twillc.frontend.ttgir import import_ttgir  # noqa: E402

ROOT = Path(__file__).resolve().parent
KERNELS = ROOT / "triton_kernels"
META = ROOT / "data" / "benchmarks" / "meta-ddg"
DATA_TRITON = ROOT / "data" / "triton"
ATTN_SIG = "*fp16,*fp16,*fp16,*fp16,fp32,i32"
ATTN_CONST = ["HEAD_DIM=128,BLOCK_M=128,BLOCK_N=128"]


@pytest.fixture(autouse=True)
def _fp_fusion(monkeypatch):
    monkeypatch.setenv("TRITON_DEFAULT_FP_FUSION", "1")


def loop_ops(module):
    from twillc.dialects import tile
    from twillc.transforms.ir_graph import find_loop

    return [op for op in find_loop(module).body.block.ops if not isinstance(op, tile.YieldOp)]


def test_attention_forward_ops_and_locations():
    tm = ttgir_from_python(str(KERNELS / "attention.py") + "::attn_fwd", ATTN_SIG, ATTN_CONST, "b200", 8)
    module = import_ttgir(tm, "b200")
    ops = loop_ops(module)
    names = [op.name.removeprefix("tile.") for op in ops]
    assert names[:3] == ["load", "mma", "rowmax"]
    assert names.count("mma") == 2 and names.count("exp2") == 2 and names.count("load") == 2
    src = (KERNELS / "attention.py").read_text().splitlines()
    for op in ops:  # every op points at its Python line, at a column inside it
        loc = op.location
        assert loc.filename.data.endswith("attention.py")
        line = src[loc.line.data - 1]
        assert 0 < loc.column.data <= len(line)
    first = ops[0].location
    assert "desc_k.load" in src[first.line.data - 1]


def test_every_tile_op_names_its_triton_ops():
    tm = parse_ttgir((META / "case3_FA" / "fa_fwd_nows_pre_modulo.ttgir").read_text(), "fa.ttgir")
    module = import_ttgir(tm, None)
    loop_index = module.attributes["twill.ttgir_loop"].value.data
    assert tm.ops[loop_index].name == "scf.for"
    for op in loop_ops(module):
        origin = [int(a.value.data) for a in op.attributes["twill.triton"].data]
        first = tm.ops[origin[0]]
        assert first.parent is not None
        expected = {
            "tile.load": ("tt.descriptor_load",),
            "tile.mma": ("ttng.tc_gen5_mma",),
            "tile.rowmax": ("tt.reduce",),
            "tile.rowsum": ("tt.reduce",),
            "tile.exp2": ("math.exp2",),
            "tile.cast": ("arith.truncf",),
        }.get(op.name)
        if expected:
            assert first.name in expected, (op.name, first.name)


def test_unsupported_op_is_located():
    with pytest.raises(UserError) as e:
        import_ttgir(parse_ttgir((META / "case4_FA_bwd" / "fa_bwd_nows_pre_modulo.ttgir").read_text(), "b.ttgir"), None)
    assert (e.value.loc.line, e.value.loc.column) == (101, 7)
    assert "unsupported op 'tt.descriptor_reduce'" in e.value.message


def test_unparsable_ttgir_is_located():
    with pytest.raises(UserError) as e:
        parse_ttgir("module {\n  tt.func @f() {\n    tt.bogus\n  }\n}\n", "bad.ttgir")
    assert str(e.value.loc) == "bad.ttgir:3:5"


def test_ops_found_past_a_loop_whose_yield_is_implicit():
    """A loop without results prints no `scf.yield`; the op positions the
    write-back edits by (`op_positions`) look for that yield in its own
    loop only, not in the next loop's, so every op after it is still found
    where it is printed (an early-return kernel whose first loop stores,
    then an online-softmax loop, failed with "cannot find tt.store")."""
    from twillc.frontend.triton_module import op_positions

    text = (DATA_TRITON / "mask-across-partitions.ttgir").read_text()
    loop = text[text.index("    scf.for") : text.index("    tt.return")]
    carried = (
        "    %r = scf.for %j = %c0_i32 to %n step %c512_i32 iter_args(%a = %c0_i32) -> (i32)  : i32 {\n"
        "      %b = arith.addi %a, %j : i32\n"
        "      scf.yield %b : i32\n"
        "    }\n"
        "    tt.store %y, %zero_s : !tt.ptr<f32>\n"
    )
    zero = "%zero_s = arith.constant 0.0 : f32\n    %c0_i32 = "
    text = text.replace(loop, loop + carried).replace("%c0_i32 = ", zero)
    tm = parse_ttgir(text, "two-loops.ttgir")
    printed = tm.module.str()
    at = op_positions(tm.ops, printed)
    yields = [o for o in tm.ops if o.name == "scf.yield"]
    assert at[yields[0].index] is None and at[yields[1].index] is not None  # the first implicit, the second printed
    assert all(at[o.index] is not None for o in tm.ops if o.name != "scf.yield")
    store = [o for o in tm.ops if o.name == "tt.store"][-1]
    assert printed[at[store.index] :].startswith("tt.store ") and at[store.index] > at[yields[1].index]


def test_write_back_matches_the_schedule(tmp_path):
    """loop.stage is each tile op's cycle // II, clusters are dense issue ranks
    within a stage, and Triton parses the output back."""
    from twillc.driver import main

    out = tmp_path / "k.ttgir"
    src = META / "case1_simple_gemm" / "pre_modulo.ttgir"
    mlir = tmp_path / "k.mlir"
    assert main([str(src), "-o", str(out), "-o", str(mlir), "--no-cache"]) == 0
    text = out.read_text()
    parse_ttgir(text, "k.ttgir")  # Triton reads it back
    sched = re.search(r"#twill\.schedule<ii = (\d+)", mlir.read_text())
    assert sched
    ii = int(sched.group(1))
    cycles = [int(c) for c in re.findall(r"twill\.cycle = (\d+)", mlir.read_text())]
    mma_cycle = max(cycles)
    mma_line = next(line for line in text.splitlines() if "ttng.tc_gen5_mma" in line and "scf.for" not in line)
    stage = int(re.search(r"loop\.stage = (\d+)", mma_line).group(1))
    assert stage == mma_cycle // ii
    stages = [int(s) for s in re.findall(r"loop\.stage = (\d+)", text)]
    clusters = {}
    for line in text.splitlines():
        m = re.search(r"loop\.cluster = (\d+) : i32, loop\.stage = (\d+)", line)
        if m:
            clusters.setdefault(int(m.group(2)), set()).add(int(m.group(1)))
    for used in clusters.values():
        assert used == set(range(len(used)))  # dense
    assert f"tt.scheduled_max_stage = {max(stages)} : i32" in text


CAUSAL_SIG = "*fp16,*fp16,*fp16,*fp16,fp32,i32"


def test_causal_mask_imports_as_tile_mask_ops_that_mask_split_reads():
    """`offs_m[:, None] >= start_n + offs_n[None, :]` is iota_rows + bid * BM
    >= iota_cols + j * BN: mask_bounds reads its bound on j."""
    from twillc.dialects import tile
    from twillc.transforms.ir_graph import find_loop
    from twillc.transforms.mask_bounds import select_bounds

    tm = ttgir_from_python(
        str(KERNELS / "causal.py") + "::attn_fwd_causal", CAUSAL_SIG, ["HEAD_DIM=128,BLOCK_M=128,BLOCK_N=64"], "h100", 8
    )
    module = import_ttgir(tm, "h100")
    names = [op.name for op in loop_ops(module)]
    for name in ("tile.iota", "tile.cmp", "tile.select"):
        assert names.count(name) == 1, names
    (sel, bounds), *_ = select_bounds(find_loop(module)).items()
    assert isinstance(sel, tile.SelectOp)
    assert [b.alpha for b in bounds] == [-64]  # -64 * j + 128 * bid - 63 >= 0
    assert bounds[0].offset.const == -63
    assert [c for _, c in bounds[0].offset.terms] == [128]


def test_causal_write_back_parses(tmp_path):
    from twillc.driver import main

    out = tmp_path / "k.ttgir"
    src = str(KERNELS / "causal.py") + "::attn_fwd_causal"
    args = ["--signature", CAUSAL_SIG, "--constexpr", "HEAD_DIM=128,BLOCK_M=128,BLOCK_N=128", "--target", "h100"]
    assert main([src, *args, "-o", str(out), "--no-cache"]) == 0  # the default pipeline: the loop split
    parse_ttgir(out.read_text(), "k.ttgir")
    assert re.search(r"arith\.select .*loop\.stage = \d+ : i32", out.read_text())


def test_mask_of_unsupported_index_arithmetic_is_located(tmp_path):
    """An index tensor scaled (`offs * 2`) has no iota + offset form: located at the op."""
    src = tmp_path / "k.py"
    text = (KERNELS / "causal.py").read_text().replace("(start_n + offs_n[None, :])", "(start_n + offs_n[None, :] * 2)")
    src.write_text(text)
    with pytest.raises(UserError) as e:
        import_ttgir(
            ttgir_from_python(
                str(src) + "::attn_fwd_causal", CAUSAL_SIG, ["HEAD_DIM=128,BLOCK_M=128,BLOCK_N=64"], "h100", 8
            ),
            "h100",
        )
    assert "in a mask" in e.value.message
    assert e.value.loc.line == 39


def test_signature_and_constexpr_as_triton_writes_them():
    import triton.language as tl

    from twillc.diagnostics import UsageError
    from twillc.frontend.triton_module import load_jit_function, parse_constexprs, signature_of, split_top

    assert split_top("a=tensordesc<fp8e4nv[128, 128]>,b=*fp16, M=i32") == [
        "a=tensordesc<fp8e4nv[128, 128]>",
        "b=*fp16",
        "M=i32",
    ]
    consts = parse_constexprs(["BM=128,scale=0.5,OUT=tl.bfloat16,MODE='a,b',FLAG=True,NONE=None,WORD=mean"])
    assert consts == {
        "BM": 128,
        "scale": 0.5,
        "OUT": tl.bfloat16,
        "MODE": "a,b",
        "FLAG": True,
        "NONE": None,
        "WORD": "mean",
    }
    assert parse_constexprs(["{'B': 64, 'OUT': 'tl.float16'}"]) == {"B": 64, "OUT": tl.float16}
    fn = load_jit_function(str(KERNELS / "importer.py"), "decayed_sum")
    expected = {"x_ptr": "*fp32", "y_ptr": "*bf16", "decay": "fp32", "n": "i32", "B": "constexpr", "OUT": "constexpr"}
    for spec in (
        "*fp32,*bf16,fp32,i32",  # the non-constexpr arguments in order
        "*fp32,*bf16,fp32,i32,constexpr,constexpr",  # every argument, as Triton lists them
        "x_ptr=*fp32,y_ptr=*bf16,decay=fp32,n=i32",
        "{'x_ptr': '*fp32', 'y_ptr': '*bf16', 'decay': 'fp32', 'n': 'i32', 'B': 'constexpr'}",
    ):
        consts = {"B": 128}
        assert signature_of(fn, spec, consts) == expected, spec
        assert consts["OUT"] == tl.float32  # the kernel's default
    with pytest.raises(UsageError, match="'\\*fp8' is not a Triton type"):
        signature_of(fn, "*fp8,*bf16,fp32,i32", {"B": 128})
    with pytest.raises(UsageError, match="no value for constexpr B"):
        signature_of(fn, "*fp32,*bf16,fp32,i32", {})
