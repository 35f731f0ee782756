"""Integer tiles in CUDA on sm_90a and sm_100a, from fixed warp-specialized
modules (tests/data/simulate/; tests/data/int_tiles/ for the sm_100a
interleaves), printed from tests/data/int_tiles/*.tile by `--passes
'annotate-costs,cost-normalize,joint-schedule{time-limit=30},pipeline-expand,
warp-specialize'` (test_simulate.py simulates those of tests/data/simulate/
against the reference interpreter): a W4A16 GEMM whose int4 pairs are
interleaved into consecutive K rows (`tile.interleave` through shared
memory), one of GPTQ's layout (int32 words loaded by TMA and read as
integers, each row shifted by a tile of amounts), and an int8 x int8 GEMM
into i32 (wgmma .s32.s8.s8); on sm_100a the int8 GEMM (tcgen05.mma kind::i8
into an s32 tensor-memory accumulator) and interleaves in the row layout.
Each is generated completely and compiles with nvcc: no hole, no warning,
no spill, within its register budgets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_cuda import check_compiles, needs_nvcc

from twillc.driver import main

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "simulate"

FORMS = {
    "gemm_w4a16_join_h100": r"__shared__ __half tw_il_\w+\[16384\];",
    "gemm_w4a16_gptq_h100": (
        r"int\(int\(twillc_smem_at_t<64, 128, int>\(sm\.w\[kt % \d\], i\)\) >> int\(shifts\[i\]\)\)"
    ),
    "gemm_int8_h100": r"twillc_mma_kstep_boxed<TW_S8, 128, 0, 16384, 16384>\(acc,",
    "gemm_int8_b200": (
        r"twillc_umma_ss_t<TW_S8, 128, 128, 128, 16384, 16384, 0>\(tmem \+ 0,.*\n(.*\n)*.*int acc\w*\[128\];"
    ),
    "unpack_interleave_b200": r"__shared__ int8_t tw_il_\w+\[16384\];(.*\n)*.*\[2 \* i \+ 1\] = ",
}


@needs_nvcc
@pytest.mark.parametrize("kernel", sorted(FORMS))
def test_integer_tiles_compile(kernel: str, tmp_path: Path) -> None:
    cu = tmp_path / f"{kernel}.cu"
    mlir = DATA / f"{kernel}.mlir"
    assert (
        main([str(mlir if mlir.exists() else ROOT / "tests" / "data" / "int_tiles" / f"{kernel}.mlir"), "-o", str(cu)])
        == 0
    )
    text = cu.read_text()
    assert "(complete)" in text.splitlines()[0] and "TWILLC-HOLE" not in text.split("#include", 1)[1]
    assert re.search(FORMS[kernel], text), kernel
    check_compiles(cu, "sm_100a" if kernel.endswith("b200") else "sm_90a", tmp_path)
