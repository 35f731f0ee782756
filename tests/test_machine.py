"""Machine models: shipped data with sources, selection by name or path, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from twillc.diagnostics import UserError
from twillc.target.machine import MACHINE_DIR, load_machine, shipped_targets


def test_shipped_targets() -> None:
    assert shipped_targets() == ["b200", "h100"]


@pytest.mark.parametrize("name", ["h100", "b200"])
def test_every_table_has_a_source(name: str) -> None:
    m = load_machine(name)
    covered = set(m.sources)
    for key in m.rates:
        assert f"rates.{key}" in covered, f"{name}: rates.{key} has no source"
    for key in ("sms", "clock_ghz", "units", "memory.smem", "memory.smem_reserved", "registers", "warps.groups"):
        assert key in covered, f"{name}: {key} has no source"


def test_derived_rates_match_design() -> None:
    h100, b200 = load_machine("h100"), load_machine("b200")
    flops = 2 * 128**3
    assert flops // h100.rates["tc_flops_f16"] == 1024
    assert flops // b200.rates["tc_flops_f16"] == 512
    assert 128 * 128 // h100.rates["sfu_ops"] == 1024 == 128 * 128 // b200.rates["sfu_ops"]
    assert h100.tmem == 0 and b200.tmem == 128 * 512 * 4
    assert b200.accumulator_in_tmem and b200.tmem_reads_block


def test_register_budgets_fit_the_register_file() -> None:
    for name in ("h100", "b200"):
        m = load_machine(name)
        for groups in (1, 2, 3, 4):
            limits = m.default_reg_limits(groups)
            assert len(limits) == groups
            assert sum(limits) <= m.regs_per_thread_total
            assert all(m.setmaxnreg_min <= r <= m.setmaxnreg_max and r % m.setmaxnreg_step == 0 for r in limits)
    assert load_machine("h100").default_reg_limits(3) == (24, 240, 240)


def test_load_by_path(tmp_path: Path) -> None:
    text = (MACHINE_DIR / "h100.toml").read_text().replace('name = "h100"', 'name = "mine"')
    path = tmp_path / "mine.toml"
    path.write_text(text)
    assert load_machine(str(path)).name == "mine"


def test_unknown_target() -> None:
    with pytest.raises(UserError, match="unknown target 'h200'.*shipped: b200, h100"):
        load_machine("h200")


def test_invalid_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text((MACHINE_DIR / "h100.toml").read_text().replace("sfu_ops = 16", "sfu_ops = -1"))
    with pytest.raises(UserError, match="rates.sfu_ops must be a non-negative integer"):
        load_machine(str(path))
    path.write_text("name = ")
    with pytest.raises(UserError, match="cannot read machine model"):
        load_machine(str(path))


def test_warp_threads_and_issuing_units() -> None:
    h100, b200 = load_machine("h100"), load_machine("b200")
    assert h100.threads_of(3) == (128, 128, 128) and h100.one_thread_units == {"tma"} and not h100.one_warp_units
    assert b200.threads_of(5) == (32, 32, 128, 128, 128) and b200.threads_of(6)[-1] == 128
    assert b200.one_thread_units == {"tma", "tc"} and b200.one_warp_units == {"tc"}
    for key in ("sync.one_thread_units", "sync.one_warp_units", "warps.threads"):
        assert key in b200.sources


def test_invalid_warp_threads(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    text = (MACHINE_DIR / "b200.toml").read_text()
    path.write_text(text.replace("threads = [32, 32, 128, 128, 128]", "threads = [32, 128]"))
    with pytest.raises(UserError, match="warps.threads must give one thread count per warp group"):
        load_machine(str(path))
    path.write_text(text.replace('one_warp_units = ["tc"]', 'one_warp_units = ["mma"]'))
    with pytest.raises(UserError, match="sync names the unit 'mma'"):
        load_machine(str(path))


def test_loop_shared_memory_excludes_preloaded_tiles_and_reserve() -> None:
    """The loop's graph gets the shared memory left once Q (two 128x128
    f16 tiles loaded before the loop and read in it) and the machine's
    reserve for barriers are taken; shared memory is a ring memory."""
    from graphs import example_module

    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop

    module = example_module("attn_fwd_b200", "annotate-costs")
    machine = module_machine(module)
    g, _ = graph_from_loop(find_loop(module), machine, "attn_fwd")
    assert machine.smem_reserved == 4096
    assert g.memories["smem"] == machine.smem - 2 * 128 * 128 * 2 - machine.smem_reserved
    assert g.memories["tmem"] == machine.tmem
    assert g.rings == frozenset({"smem"})
    assert {o.id: o.stall for o in g.ops if o.stall} == {"mul_1": 533, "mul_3": 533}
    # crossing delays by value: S in tensor memory (the hand-off alone), alpha (512 B) through shared memory
    assert {o.id: o.spill_cost for o in g.ops if o.id in ("s0", "alpha0")} == {"s0": 30, "alpha0": 38}


def test_instruction_shapes_are_machine_facts() -> None:
    """wgmma is m64 per warp group (N <= 256, a multiple of 8; k16, k32 for
    8-bit); one CTA's tcgen05.mma is M = 64 or 128 (N a multiple of 16 up
    to 256): a 256-row MMA on b200 is not one instruction."""
    h100, b200 = load_machine("h100"), load_machine("b200")
    assert (h100.mma.row_multiple, h100.mma.max_rows) == (64, None)
    assert (b200.mma.row_multiple, b200.mma.max_rows) == (64, 128)
    assert "mma" in h100.sources and "mma" in b200.sources
    assert h100.mma_shape_error(128, 256, 64, "f16") is None
    assert b200.mma_shape_error(128, 256, 128, "f8E4M3FN") is None
    assert "256 rows exceed the 128" in (b200.mma_shape_error(256, 128, 64, "f16") or "")
    assert "not a multiple of 64" in (h100.mma_shape_error(48, 128, 64, "f16") or "")
    assert "512 columns exceed the 256" in (h100.mma_shape_error(64, 512, 64, "f16") or "")
    assert "multiple of 16" in (b200.mma_shape_error(128, 72, 64, "f16") or "")
    assert "multiple of 32" in (b200.mma_shape_error(128, 128, 16, "f8E5M2") or "")


def test_invalid_mma_table(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    text = (MACHINE_DIR / "b200.toml").read_text()
    path.write_text(text.replace("max_rows = 128", "max_rows = 0"))
    with pytest.raises(UserError, match="mma.max_rows must be a positive integer"):
        load_machine(str(path))
    path.write_text(text.replace("max_rows = 128", "max_row = 128"))
    with pytest.raises(UserError, match="mma.max_row is not a known key"):
        load_machine(str(path))


def test_tensor_memory_chunk_width_is_a_machine_fact(tmp_path: Path) -> None:
    """b200 updates tensor-memory tiles 32 columns at a time (FA4's
    correction warps); h100 has no tensor memory (0: no chunking); a
    negative width is refused."""
    b200, h100 = load_machine("b200"), load_machine("h100")
    assert (b200.tmem_chunk_cols, h100.tmem_chunk_cols) == (32, 0)
    assert "memory.tmem_chunk_cols" in b200.sources
    path = tmp_path / "bad.toml"
    path.write_text((MACHINE_DIR / "b200.toml").read_text().replace("tmem_chunk_cols = 32", "tmem_chunk_cols = -32"))
    with pytest.raises(UserError, match="memory.tmem_chunk_cols must be >= 0"):
        load_machine(str(path))


def test_chunked_updates_read_while_running_in_place() -> None:
    """FA4's rescale `o * alpha` is a column-chunked update: it holds one
    chunk's registers and reads O while it runs, writing each chunk over O
    (in place: O and the rescaled O share their tensor-memory columns)."""
    from graphs import example_module

    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import find_loop, graph_from_loop

    module = example_module("attn_fwd_b200", "annotate-costs")
    g, ops = graph_from_loop(find_loop(module), module_machine(module), "attn_fwd")
    chunked = {k for k, op in ops.items() if "twill.chunk_cols" in op.attributes}
    assert chunked == {"mul_1", "mul_3"}
    assert all(g.op(k).reads_while_running and g.op(k).regs == 32 for k in chunked)
    into = [e for e in g.edges if e.dst in chunked and g.op(e.src).kind == "tile.mma"]
    assert into and all(e.in_place and e.distance == 1 for e in into)


def test_crossing_costs_bytes_and_the_hand_off() -> None:
    """A register tile crossing warp groups is stored to and loaded from a
    shared-memory slot (twice its bytes at rates.smem_bytes) behind the
    hand-off (latency.cross_warp); a tensor-memory value pays the hand-off
    alone. Both facts have a source."""
    for name in ("h100", "b200"):
        m = load_machine(name)
        assert (m.latency["cross_warp"], m.rates["smem_bytes"]) == (30, 128)
        for key in ("latency.cross_warp", "rates.smem_bytes"):
            assert key in m.sources
        assert m.cross_warp_cycles(65536, in_tmem=False) == 2 * 512 + 30
        assert m.cross_warp_cycles(1000, in_tmem=False) == 2 * 8 + 30  # whole clocks
        assert m.cross_warp_cycles(65536, in_tmem=True) == 30
        assert m.cross_warp_cycles(0, in_tmem=False) == 30
