"""The SASS of each role's main loop (twillc.lowering.cuda.sass): loops found
as natural loops of the control-flow graph, and the wide wgmma (one
instruction over 128-256 columns) in the generated GEMM's consumer loop."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from twillc.driver import main
from twillc.lowering.cuda.ptxas import role_variant
from twillc.lowering.cuda.sass import cuobjdump_path, disassemble, main_loop, parse_sass, role_sass

ROOT = Path(__file__).resolve().parent.parent

# A loop (0x10 .. 0x50) whose mbarrier wait retries in a block after the
# kernel's exit (0x80), jumping back into the loop; then an epilogue (0x60).
SASS = """
        /*0000*/                   MOV R1, c[0x0][0x28] ;
        /*0010*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR4], R2 ;
        /*0020*/              @!P0 BRA 0x80 ;
        /*0030*/                   HGMMA.64x256x16.F32 R24, gdesc[UR8].tnspB, R24 ;
        /*0040*/                   SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR5], RZ ;
        /*0050*/               @P1 BRA 0x10 ;
        /*0060*/                   STG.E [R2], R24 ;
        /*0070*/                   EXIT ;
        /*0080*/                   SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR4], R2 ;
        /*0090*/              @!P0 BRA 0x80 ;
        /*00a0*/                   BRA 0x30 ;
"""


def test_main_loop_is_the_natural_loop_not_the_span_of_a_retry_branch() -> None:
    loop = main_loop(parse_sass(SASS))
    assert loop is not None
    assert (loop.mma, loop.mma_shapes, loop.waits, loop.arrives) == (1, ("HGMMA.64x256x16.F32",), 2, 1)
    # the retry block joins the loop; the epilogue's STG (0x60) between them does not
    assert loop.instructions == 8


needs_tools = pytest.mark.skipif(
    shutil.which("nvcc") is None or cuobjdump_path() is None, reason="nvcc and cuobjdump are needed to read SASS"
)


@needs_tools
def test_gemm_consumer_loop_issues_one_wide_wgmma_per_k_step(tmp_path: Path) -> None:
    cu = tmp_path / "gemm.cu"
    assert main([str(ROOT / "tests" / "filecheck" / "inputs" / "gemm-warp-specialized.mlir"), "-o", str(cu)]) == 0
    code = cu.read_text()
    roles = {r.name: r for r in role_sass(code, "sm_90a")}
    assert all(r.local == 0 for r in roles.values())
    producer = roles["producer"].loop
    assert producer is not None and producer.tma_loads > 0 and producer.mma == 0
    consumers = [r for name, r in roles.items() if name != "producer"]
    assert consumers
    for r in consumers:
        assert r.loop is not None and r.loop.mma_shapes == ("HGMMA.64x256x16.F32",), r
        assert r.loop.mma == 4  # BK = 64: four k16 steps, one instruction each
    # The m64n64 form (-DTW_WGMMA_NARROW) issues four per k16 step over the same 256 columns.
    wg = consumers[0].wg
    narrow = main_loop(disassemble(role_variant("#define TW_WGMMA_NARROW\n" + code, wg, capped=True), "sm_90a"))
    assert narrow is not None and narrow.mma_shapes == ("HGMMA.64x64x16.F32",) and narrow.mma == 16


@needs_tools
def test_persistent_b200_roles_in_sass(tmp_path: Path) -> None:
    """The sm_100a persistent GEMM's three roles, each its own tile loop:
    the producer's 5 TMA loads per k-step, the MMA issuer's 4 UTCHMMA per
    k-step (BK = 64 in k16 steps), the epilogue's 8 TMA stores (2 x 4 boxes
    of 64 x 64) with one arrive (the accumulator handed back) per tile; no
    local memory. Found through `BRA.U !UP0` (a conditional branch on a
    uniform predicate operand, not a guard)."""
    cu = tmp_path / "gemm.cu"
    assert main([str(ROOT / "tests" / "data" / "simulate" / "gemm_persistent_b200.mlir"), "-o", str(cu)]) == 0
    roles = {r.name: r for r in role_sass(cu.read_text(), "sm_100a")}
    assert set(roles) == {"producer", "mma", "epilogue"} and all(r.local == 0 for r in roles.values())
    producer, mma, epilogue = roles["producer"].loop, roles["mma"].loop, roles["epilogue"].loop
    assert producer is not None and (producer.tma_loads, producer.mma) == (5, 0)
    assert mma is not None and (mma.mma, mma.mma_shapes) == (4, ("UTCHMMA",))
    assert epilogue is not None and (epilogue.tma_stores, epilogue.arrives, epilogue.mma) == (8, 1, 0)


@needs_tools
def test_cta_pair_b200_roles_in_sass(tmp_path: Path) -> None:
    """The CTA pair's persistent GEMM on sm_100a (examples/gemm_persistent_2cta_b200.tile,
    its fixed module): the producer's 3 TMA loads a k-step in their 2-CTA
    form (A's 128 rows, B's two 64-column boxes of its half, completing on
    the leader's barrier); the MMA issuer's 4 UTCHMMA.2CTA a k-step (M = 256
    over the pair, BK = 64 in k16 steps) and one multicast 2-CTA commit (the
    slot freed in both CTAs); the epilogue's 8 TMA stores of its 128 rows
    and one arrive; cluster barriers at start and exit; no local memory."""
    cu = tmp_path / "gemm.cu"
    assert main([str(ROOT / "tests" / "data" / "simulate" / "gemm_persistent_2cta_b200.mlir"), "-o", str(cu)]) == 0
    code = cu.read_text()
    roles = {r.name: r for r in role_sass(code, "sm_100a")}
    assert set(roles) == {"producer", "mma", "epilogue"} and all(r.local == 0 for r in roles.values())
    producer, mma, epilogue = roles["producer"].loop, roles["mma"].loop, roles["epilogue"].loop
    assert producer is not None and (producer.tma_loads, producer.mma) == (3, 0)
    assert mma is not None and (mma.mma, mma.mma_shapes) == (4, ("UTCHMMA.2CTA",))
    assert (mma.commits, mma.commit_forms) == (1, ("UTCBAR.2CTA.MULTICAST",))
    assert epilogue is not None and (epilogue.tma_stores, epilogue.arrives, epilogue.mma) == (8, 1, 0)
    ops = [i.opcode for i in disassemble(code, "sm_100a")]
    assert ops.count("UTMALDG.2D.2CTA") == 3 and "UTMALDG.2D" not in ops
    assert ops.count("UTCBAR.2CTA.MULTICAST") == 2 and ops.count("UCGABAR_ARV") >= 2


def test_a_branch_on_a_uniform_predicate_operand_is_conditional() -> None:
    """`BRA.U !UP0, 0x40` falls through when the predicate fails: the loop
    around it (0x10 .. 0x40) is found, its header dominating its latch
    through both ways."""
    sass = """
        /*0000*/                   MOV R1, c[0x0][0x28] ;
        /*0010*/                   UTMASTG.2D [UR4], [UR8] ;
        /*0020*/                   BRA.U !UP0, 0x40 ;
        /*0030*/                   NOP ;
        /*0040*/               @P1 BRA 0x10 ;
        /*0050*/                   EXIT ;
"""
    loop = main_loop(parse_sass(sass))
    assert loop is not None and (loop.start, loop.end, loop.instructions, loop.tma_stores) == (0x10, 0x40, 4, 1)


@needs_tools
def test_clustered_gemm_roles_in_sass(tmp_path: Path) -> None:
    """The persistent GEMM in 2 x 1 clusters (examples/gemm_persistent_cluster_h100.tile,
    its fixed module): the producer's loop issues A's 2 TMA loads and B's 4
    boxes as multicast loads (each CTA 2 of them at run time), one mbarrier
    wait and one arrive; each consumer's 4 HGMMA.64x256x16 per k-step; the
    cluster barriers at start and exit; no local memory."""
    cu = tmp_path / "gemm.cu"
    fixed = ROOT / "tests" / "data" / "simulate" / "gemm_persistent_cluster_h100.mlir"
    assert main([str(fixed), "-o", str(cu)]) == 0
    code = cu.read_text()
    roles = {r.name: r for r in role_sass(code, "sm_90a")}
    assert all(r.local == 0 for r in roles.values())
    producer = roles["producer"].loop
    assert producer is not None and (producer.tma_loads, producer.mma, producer.waits, producer.arrives) == (6, 0, 1, 1)
    loads = [i.opcode for i in disassemble(code, "sm_90a") if i.opcode.startswith("UTMALDG")]
    assert loads.count("UTMALDG.2D.MULTICAST") == 4 and loads.count("UTMALDG.2D") == 2
    for name in ("mma0", "mma1"):
        loop = roles[name].loop
        assert loop is not None and (loop.mma, loop.mma_shapes) == (4, ("HGMMA.64x256x16.F32.BF16",))
    ops = [i.opcode for i in disassemble(code, "sm_90a")]
    assert ops.count("UCGABAR_ARV") == 2 and ops.count("UCGABAR_WAIT") == 2


@needs_tools
def test_pingpong_gemm_roles_in_sass(tmp_path: Path) -> None:
    """The ping-pong persistent GEMM (examples/gemm_persistent_pingpong_h100.tile,
    its fixed module): the producer's loop issues A's box and B's 2 boxes with
    one mbarrier wait and one arrive; each consumer's loop 8
    HGMMA.64x128x16 per k-step (2 slabs x 4 k16 steps of its 128x128 tile), no
    named barrier inside it; the turns around the loops (consumer 0 on barrier
    3, consumer 1 on 4, 256 threads: its turn and the last hand-over each;
    consumer 1's first-turn hand-over and both hand-overs after the loop);
    each consumer's 4 TMA stores; no local memory."""
    cu = tmp_path / "gemm.cu"
    assert main([str(ROOT / "tests" / "data" / "simulate" / "gemm_persistent_pingpong_h100.mlir"), "-o", str(cu)]) == 0
    code = cu.read_text()
    roles = {r.name: r for r in role_sass(code, "sm_90a")}
    assert set(roles) == {"producer", "mma (even tiles)", "mma (odd tiles)"}
    assert all(r.local == 0 for r in roles.values())
    producer = roles["producer"].loop
    assert producer is not None and (producer.tma_loads, producer.mma, producer.waits, producer.arrives) == (3, 0, 1, 1)
    for name in ("mma (even tiles)", "mma (odd tiles)"):
        loop = roles[name].loop
        assert loop is not None and (loop.mma, loop.mma_shapes) == (8, ("HGMMA.64x128x16.F32.BF16",))
        assert (loop.waits, loop.arrives, loop.barriers, loop.local) == (1, 1, 0, 0)
    ops = disassemble(code, "sm_90a")
    bars = [f"{i.opcode} {i.operands}" for i in ops if i.base == "BAR"]
    sync = "BAR.SYNC.DEFER_BLOCKING"
    assert bars.count(f"{sync} 0x3, 0x100") == 2 and bars.count(f"{sync} 0x4, 0x100") == 2
    assert bars.count("BAR.ARV 0x3, 0x100") == 2 and bars.count("BAR.ARV 0x4, 0x100") == 1
    assert [i.opcode for i in ops].count("UTMASTG.2D") == 8
