"""The persistent GEMM (`for tm, tn in tiles(...) persistent`,
examples/gemm_persistent_h100.tile and examples/gemm_persistent_b200.tile):
its warp-specialized program simulated
over several tiles per CTA with the rings running on and a partial last
tile, the grouped tile order, and the nest's schedule in the super-node
model (docs/scheduling.md, "Persistent kernels: the loop nest"); the
2 x 1 / 1 x 2 clustered GEMMs simulated as their clusters run, two CTAs
with the multicast between them, and the protocol's mutations reported
(docs/simulation.md)."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from xdsl.dialects.builtin import DictionaryAttr, IntegerAttr, StringAttr

from twillc.cli.compile import parse_module
from twillc.dialects import tile
from twillc.lowering.simulate.persistent_sim import cluster_multicast, multicast_boxes, simulate_persistent
from twillc.lowering.simulate.reference import Machine, find_func
from twillc.lowering.simulate.warp_sim import WarpSim
from twillc.lowering.transforms.plan_memory import write_memory_plan
from twillc.lowering.warp_program import find_memory_plan, read_warp_program
from twillc.transforms.ir_graph import find_loop

ROOT = Path(__file__).resolve().parent.parent
FIXED = ROOT / "tests" / "data" / "simulate" / "gemm_persistent_h100.mlir"
FIXED_B200 = ROOT / "tests" / "data" / "simulate" / "gemm_persistent_b200.mlir"
BOTH = pytest.mark.parametrize("path", [FIXED, FIXED_B200], ids=["sm90a", "sm100a"])
SIZES = {"M": 3 * 128 + 64, "N": 2 * 256 + 100, "K": 5 * 64}
"""4 x 3 tiles, the last row and column of tiles partial; 5 trips each."""


@cache
def _read(path: Path = FIXED):
    module = parse_module(path.read_text(), str(path), ".mlir")
    if find_memory_plan(find_loop(module)) is None:
        write_memory_plan(module)
    return module, read_warp_program(module)


def _coords(module, sizes: dict[str, int]) -> list[tuple[int, int]]:
    """(tm, tn) of each tile index, as the IR computes them."""
    func = find_func(module)
    persistent = tile.find_persistent(func)
    assert persistent is not None
    probe = Machine(func, 0, dict(sizes))
    count = int(probe.scalar(persistent.tiles_m, {})) * int(probe.scalar(persistent.tiles_n, {}))
    names = {op.results[0].name_hint: op.results[0] for op in func.walk() if op.results}
    out = []
    for bid in range(count):
        m = Machine(func, bid, dict(sizes))
        out.append((int(m.scalar(names["tm"], {})), int(m.scalar(names["tn"], {}))))
    return out


@BOTH
def test_several_tiles_per_cta_and_a_partial_last_tile_simulate_equal(path: Path) -> None:
    """4 CTAs over 12 tiles (3 each), the last row and column of tiles
    partial: every interleaving runs each role through its tiles with the
    rings running on, and every tile's stores equal the reference's (sm_90a:
    producer and two consumers; sm_100a: producer and the MMA issuer)."""
    module, prog = _read(path)
    rep = simulate_persistent(module, prog, SIZES, grid=4, interleavings=8)
    assert rep.findings == []
    assert rep.runs == 4 * 8  # per CTA: 8 interleavings (each role first and last, the rest random)


def test_cta_pair_program_simulates_equal_over_partial_tiles() -> None:
    """The CTA pair's module (examples/gemm_persistent_2cta_b200.tile,
    256 x 256 tiles): 3 CTAs over 2 x 3 tiles, the last row and column
    partial. The simulator runs the warp-specialized program of the pair's
    tile on one CTA (it does not model the cluster, a CTA's halves, the
    leader's barriers or the multicast commits: the lit and SASS checks
    cover those); every tile's stores equal the reference's."""
    module, prog = _read(ROOT / "tests" / "data" / "simulate" / "gemm_persistent_2cta_b200.mlir")
    rep = simulate_persistent(module, prog, {"M": 256 + 64, "N": 2 * 256 + 100, "K": 3 * 64}, grid=3, interleavings=4)
    assert rep.findings == []
    assert rep.runs == 3 * 4


@BOTH
def test_a_ring_restarting_at_each_tile_is_reported(path: Path) -> None:
    """The slots' count and phases must run on across tiles as the
    barriers do: restarting them at each tile is found (the consumer waits
    on a phase that completed a tile ago, or reads a stale slot)."""
    module, prog = _read(path)
    rep = simulate_persistent(module, prog, SIZES, grid=4, interleavings=2, numeric_runs=0, ring_runs_on=False)
    assert rep.findings
    assert any(k in rep.findings[0] for k in ("stale-read", "deadlock", "overwrite", "stall")), rep.findings[0]


@BOTH
@pytest.mark.parametrize("sizes", [SIZES, {"M": 20 * 128, "N": 3 * 256, "K": 64}])
def test_grouped_order_visits_every_tile_once(path: Path, sizes: dict[str, int]) -> None:
    """The tile index walks 8 rows of tiles down, then across: every tile
    once, the first 8 * tiles_n indices in the first 8 rows of tiles, column
    by column (consecutive CTAs share B's columns)."""
    module, _ = _read(path)
    coords = _coords(module, sizes)
    tiles_m, tiles_n = -(-sizes["M"] // 128), -(-sizes["N"] // 256)
    assert sorted(coords) == [(m, n) for m in range(tiles_m) for n in range(tiles_n)]
    rows = min(8, tiles_m)
    assert coords[: rows * tiles_n] == [(m, n) for n in range(tiles_n) for m in range(rows)]


def test_nest_schedule_in_the_super_node_model() -> None:
    """nest-schedule's result on the loop nest: the outer II is the main
    loop's length less the producer's head start, plus the staging of one
    accumulator (each on its own consumer warp group); the TMA stores run
    under the next tile's main loop; optimal, and it says for what."""
    module, _ = _read()
    persistent = tile.find_persistent(find_func(module))
    assert persistent is not None
    nest = persistent.attributes["twill.nest"]
    assert isinstance(nest, DictionaryAttr)
    d = nest.data

    def n(key: str) -> int:
        v = d[key]
        assert isinstance(v, IntegerAttr)
        return int(v.value.data)

    cycles = {k: int(v.value.data) for k, v in d["cycles"].data.items()}  # type: ignore[attr-defined]
    stage = cycles["store0"] - cycles["stage0"]  # a staging's length: its store follows it at once
    main = cycles["stage0"] - cycles["mainloop"]
    assert n("ii") == main - n("head") + stage
    assert cycles["store0"] > n("ii") and cycles["store1"] > n("ii")  # under the next tile's main loop
    status, proof = d["status"], d["optimal_for"]
    assert isinstance(status, StringAttr) and status.data == "optimal" and n("lower_bound") == n("ii")
    assert isinstance(proof, StringAttr) and proof.data.startswith("the super-node model: the main loop as one op")


def test_sm100a_nest_two_accumulators_hide_the_epilogue() -> None:
    """sm_100a: nest-schedule stages each accumulator out of tensor memory
    on the epilogue warp group, the main loop of tile t + B waiting for the
    staging of tile t; two 128x256 f32 accumulators fit (2 x 256 of 512
    columns), so B = 2 and the staging runs under the next tile's main loop:
    the outer II is the main loop's length less the producer's head start.
    One accumulator where two do not fit."""
    from twillc.transforms.nest_schedule import acc_buffers

    module, _ = _read(FIXED_B200)
    persistent = tile.find_persistent(find_func(module))
    assert persistent is not None
    d = persistent.attributes["twill.nest"].data  # type: ignore[attr-defined]
    cycles = {k: int(v.value.data) for k, v in d["cycles"].data.items()}
    ii, head, bufs = (int(d[k].value.data) for k in ("ii", "head", "acc_buffers"))
    assert bufs == 2
    assert ii == cycles["stage0"] - cycles["mainloop"] - head  # the staging hidden
    assert cycles["stage0"] + (cycles["store0"] - cycles["stage0"]) > ii  # under the next tile's main loop
    assert d["optimal_for"].data.startswith("the super-node model")
    assert "the main loop of tile t + 2 waiting for the staging of tile t" in d["optimal_for"].data
    loop = find_loop(module)
    acc = loop.body.block.last_op.operands[0]
    assert acc_buffers([acc], 2 * 128 * 256 * 4) == 2
    assert acc_buffers([acc], 2 * 128 * 256 * 4 - 1) == 1


def test_sm100a_emitter_reads_the_nest_accumulators() -> None:
    """The sm_100a printer allocates and alternates the accumulators
    twill.nest gives: 2 x 256 columns (tile t in t % 2), or one, where the
    MMA issuer waits for the epilogue's read of the last tile."""
    import dataclasses

    from twillc.lowering.cuda.tcgen05_persistent import emit_tcgen05_persistent, plan_tcgen05_persistent

    module, prog = _read(FIXED_B200)
    p = plan_tcgen05_persistent(prog, module)
    assert (p.mma.m, p.mma.n, p.acc_buffers, p.tmem_cols) == (128, 256, 2, 512)
    single = emit_tcgen05_persistent(dataclasses.replace(p, acc_buffers=1), "x.tile")
    assert "constexpr int ACC_BUFS = 1;" in single and "constexpr uint32_t TMEM_COLS = 256;" in single
    assert "tw_mbar_wait(&sm.acc_empty[acc.index], acc.phase);" in single


FIXED_1X2 = ROOT / "tests" / "data" / "simulate" / "gemm_persistent_cluster_a_h100.mlir"
"""examples/gemm_persistent_cluster_a_h100.tile: 256x128 tiles in 1 x 2 clusters sharing A."""
SIZES_1X2 = {"M": 3 * 256 + 64, "N": 2 * 128 + 100, "K": 5 * 64}
"""4 x 3 tiles, the last row and column partial; the odd column count padded to 4."""


def test_1x2_cluster_order_pairs_side_by_side_tiles() -> None:
    """The `cluster` pass's 1 x 2 order (the operand shared is A): tiles 2p
    and 2p + 1 are in the same row of tiles, side by side, so the pair
    reads the same A rows; every tile of the grid once, and with an odd
    column count the last column of pairs has a tile past the tensor."""
    module, _ = _read(FIXED_1X2)
    coords = _coords(module, SIZES_1X2)
    tiles_m, tiles_n = 4, 3
    assert len(coords) == tiles_m * 4  # the column count padded to whole pairs
    for p in range(0, len(coords), 2):
        (m0, n0), (m1, n1) = coords[p], coords[p + 1]
        assert m0 == m1 and n1 == n0 + 1
    inside = sorted(c for c in coords if c[1] < tiles_n)
    assert inside == [(m, n) for m in range(tiles_m) for n in range(tiles_n)]
    assert sorted(c for c in coords if c[1] >= tiles_n) == [(m, tiles_n) for m in range(tiles_m)]


def test_1x2_cluster_simulates_equal_over_several_tiles_and_partial_ones() -> None:
    """The 1 x 2 clustered kernel's warp-specialized program over 4 CTAs (2
    clusters) and 16 tile indices (4 each, the rings running on), the last
    row and column of tiles partial and a column of tiles past the tensor:
    each cluster's two CTAs run together, each with its own rings and
    barriers, A's four boxes of an iteration issued two by each CTA into
    both, every consumer releasing its slot on both CTAs' empty barriers, B
    loaded by each CTA alone; every tile's stores equal the reference's.
    A pair whose second tile is past the tensor still shares A (its rows
    exist), as the emitter's `mc` says."""
    module, prog = _read(FIXED_1X2)
    rep = simulate_persistent(module, prog, SIZES_1X2, grid=4, interleavings=8)
    assert rep.findings == []
    assert rep.runs == 2 * 12  # per cluster: each of the 6 roles (3 per CTA) first and last


FIXED_2X1 = ROOT / "tests" / "data" / "simulate" / "gemm_persistent_cluster_h100.mlir"
"""examples/gemm_persistent_cluster_h100.tile: 128x256 tiles in 2 x 1 clusters sharing B."""
SIZES_2X1 = {"M": 2 * 128 + 64, "N": 2 * 256 + 100, "K": 5 * 64}
"""3 x 3 tiles, the last row and column partial: 9, an odd count."""
CLUSTERS = pytest.mark.parametrize(
    ("path", "sizes"), [(FIXED_2X1, SIZES_2X1), (FIXED_1X2, SIZES_1X2)], ids=["2x1", "1x2"]
)


def test_2x1_cluster_simulates_equal_with_a_pair_missing_its_second_tile() -> None:
    """The 2 x 1 clustered kernel over 2 clusters and 9 tiles (the last row
    and column partial): CTAs 0 and 1 walk the pairs (0, 1), (4, 5), (8, 9),
    CTAs 2 and 3 the pairs (2, 3), (6, 7). Tile 9 is past the grid ((bid |
    1) < n_tiles fails): CTA 1 computes it, stores nothing, and both CTAs of
    that pair load their whole B tile themselves; tiles 2 and 3 are in
    different columns of tiles (the grouped order walks 3 rows), so that
    pair loads B apart too; the others share B, half its boxes from each CTA.
    Every stored tile equals the reference's."""
    module, prog = _read(FIXED_2X1)
    rep = simulate_persistent(module, prog, SIZES_2X1, grid=4, interleavings=8)
    assert rep.findings == []
    assert rep.runs == 2 * 12


def test_cluster_multicast_boxes_half_from_each_cta() -> None:
    """The multicast boxes (128 bytes of columns each) of all the shared
    loads in the loop's order, CTA 0 the first half, CTA 1 the rest, as the
    emitter's `_multicast_load` issues them: 2 x 1, B's 64x256 bf16 tile
    in 4 boxes, 2 from each; 1 x 2, A's four 64x64 tiles, a0 and a1 from
    CTA 0, a2 and a3 from CTA 1."""
    module, prog = _read(FIXED_2X1)
    persistent = tile.find_persistent(find_func(module))
    assert persistent is not None and cluster_multicast(persistent) == ("B",)
    assert multicast_boxes(module, prog, ("B",)) == {"b": ((0, 64, 0), (64, 128, 0), (128, 192, 1), (192, 256, 1))}
    module, prog = _read(FIXED_1X2)
    persistent = tile.find_persistent(find_func(module))
    assert persistent is not None and cluster_multicast(persistent) == ("A",)
    assert multicast_boxes(module, prog, ("A",)) == {
        "a0": ((0, 64, 0),),
        "a1": ((0, 64, 0),),
        "a2": ((0, 64, 1),),
        "a3": ((0, 64, 1),),
    }


def test_a_pair_sharing_where_it_must_not_is_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pair test matters: were every pair to share B (tile 8 with tile 9
    past the grid, tile 2 with tile 3 in another column), a CTA's tile
    would get half its B from the peer's tile, and its stores differ."""
    monkeypatch.setattr(WarpSim, "shares", lambda self, op, j: self.peer is not None)
    module, prog = _read(FIXED_2X1)
    rep = simulate_persistent(module, prog, SIZES_2X1, grid=4, interleavings=2)
    assert rep.findings and "mismatch" in rep.findings[0], rep.findings


@CLUSTERS
def test_a_consumer_not_releasing_the_peers_slot_deadlocks(path: Path, sizes: dict[str, int]) -> None:
    """Each CTA's empty barriers count both CTAs' consumers: a consumer that
    arrives on its own CTA's barrier only (no remote arrive) leaves every
    slot's barrier a release short, and both CTAs' producers wait forever."""
    module, prog = _read(path)
    rep = simulate_persistent(module, prog, sizes, grid=4, interleavings=2, numeric_runs=0, release="no-remote")
    assert rep.findings and "deadlock: every role waits" in rep.findings[0], rep.findings
    assert "CTA 0: warp 0 waits" in rep.findings[0] and "CTA 1: warp 0 waits" in rep.findings[0]


@CLUSTERS
def test_a_multicast_slot_refilled_after_its_own_consumers_alone_is_an_overwrite(
    path: Path, sizes: dict[str, int]
) -> None:
    """A producer that refills a multicast slot once its own CTA's consumers
    released it (empty barriers counting its own consumers) writes its half
    of the next tile into the peer's slot while the peer's consumers still
    read it: an overwrite (or the peer reads a box of another iteration)."""
    module, prog = _read(path)
    rep = simulate_persistent(module, prog, sizes, grid=4, interleavings=2, numeric_runs=0, release="own")
    assert rep.findings, "the refill after its own consumers alone went unnoticed"
    assert re.search(
        r"overwrite: CTA (\d)'s warp 0 writes box \d+ of '\w+' iteration \d+ into slot \d+ of CTA (?!\1)\d "
        r"before its warp\(s\)|stale-read: ",
        rep.findings[0],
    ), rep.findings[0]


@CLUSTERS
def test_a_cta_exiting_before_its_peer_is_reported(path: Path, sizes: dict[str, int]) -> None:
    """Without the cluster barrier at exit a CTA whose roles are done exits
    while its peer's consumers still release slots on its barriers."""
    module, prog = _read(path)
    rep = simulate_persistent(module, prog, sizes, grid=4, interleavings=2, numeric_runs=0, exit_sync=False)
    assert rep.findings and "after-exit: " in rep.findings[0] and "which exited" in rep.findings[0], rep.findings


def test_sm100a_nest_counts_the_main_loops_tensor_memory() -> None:
    """acc_buffers counts every tile the main loop's MMAs write, not only the
    stored accumulators: the GEMM's one 256-column accumulator leaves room
    for a second (2); attention's S0, S1, O0, O1 take all 512 columns, so its
    O is staged from a single copy (1), and the next tile needs it from its
    first write on: the rescale o * alpha of iteration 0 (acc_free_at)."""
    from twillc.transforms.common import module_machine
    from twillc.transforms.ir_graph import graph_from_loop, kernel_name, read_schedule
    from twillc.transforms.nest_schedule import _stores, acc_buffers, acc_first_write, tmem_columns

    gemm, _ = _read(FIXED_B200)
    assert tmem_columns(find_loop(gemm)) == 256
    path = ROOT / "tests" / "filecheck" / "inputs" / "attn-fwd-persistent-b200-sched.mlir"
    module = parse_module(path.read_text(), str(path), ".mlir")
    loop = find_loop(module)
    assert tmem_columns(loop) == 512
    stores = _stores(loop)
    assert len(stores) == 2  # o0 / l0 and o1 / l1, each cast and stored
    accs = [a for a, _ in stores]
    others = 512 * 128 * 4 - sum(128 * 128 * 4 for _ in accs)
    assert acc_buffers(accs, 512 * 128 * 4, others) == 1
    assert acc_buffers(accs, 512 * 128 * 4) == 2  # without the S tiles both O copies would fit
    _, ops = graph_from_loop(loop, module_machine(module), kernel_name(module))
    schedule = read_schedule(loop, ops)
    first = acc_first_write(loop, accs[0], schedule, ops, lambda u: u)
    rescale = next(op for op in loop.body.block.ops if op.name == "tile.mul" and op.results[0].type.rank == 2)
    assert first == int(rescale.attributes["twill.cycle"].value.data)  # type: ignore[attr-defined]


B200_ATTN = ROOT / "tests" / "data" / "simulate" / "attn_fwd_persistent_b200.mlir"
B200_ATTN_SIZES = {"N": 4 * 256 + 192}
"""5 tiles of 256 rows, the last partial (its second query tile half out of
the tensor); 9 trips each."""


def test_sm100a_persistent_attention_simulates_over_several_tiles() -> None:
    """The B200 persistent attention forward (examples/attn_fwd_persistent_b200.tile,
    warp-specialized and fixed in tests/data/simulate) simulated over 3 and
    2 tiles on 2 CTAs, the last tile partial: O crosses from the MMA role to
    the rescale role as the previous iteration's value, so no op of the loop
    reads its slot of a tile's last iteration; the epilogue's read of O
    after the loop frees it (`twill.live_out ... releases "o0"`), and the
    next tile's first rescale waits for that. Every tile's stores equal the
    reference's."""
    module, prog = _read(B200_ATTN)
    assert prog.outside.releases == (("o0", 1), ("o1", 1))
    rep = simulate_persistent(module, prog, B200_ATTN_SIZES, grid=2, interleavings=2)
    assert rep.findings == []


def test_sm100a_attention_nest_stages_on_the_warp_group_holding_o() -> None:
    """With several consumer roles (attention) the ops after the loop run on
    the role holding O (warp-specialize's placement: the MMA issuer's warp
    group), so nest-schedule stages O there: the staging holds that warp
    group as the main loop does and is not hidden under the next tile's main
    loop (outer II above the main loop's length less the head start); the
    emitter reads the decision and prints the general warp program's tile loop."""
    from twillc.lowering.cuda import emit_cuda
    from twillc.transforms.nest_attr import HOLDER, nest_epilogue

    module, _ = _read(B200_ATTN)
    persistent = tile.find_persistent(find_func(module))
    assert persistent is not None
    nest = persistent.attributes["twill.nest"]
    assert nest_epilogue(nest) == HOLDER
    d = nest.data  # type: ignore[attr-defined]
    cycles = {k: int(v.value.data) for k, v in d["cycles"].data.items()}
    ii, head = int(d["ii"].value.data), int(d["head"].value.data)
    assert ii > cycles["stage0"] - cycles["mainloop"] - head
    assert "by the warp group holding it" in d["optimal_for"].data
    code = emit_cuda(module, "x.tile")
    assert "twillc_row_to_smem<128, 8, __half>" in code and "const int tw_bid = tw_opaque_tile(bid);" in code


def test_sm100a_persistent_attention_roles_in_sass() -> None:
    """Each role of the B200 persistent attention alone (`sass.role_sass`):
    the producer's loop issues the K and V loads (2 boxes each), the MMA
    issuer's loop its four MMAs of K = 128 (32 UTCHMMA k16 steps) and no
    role reads or writes local memory, the epilogue in the tile loop
    included."""
    from twillc.lowering.cuda import emit_cuda
    from twillc.lowering.cuda.sass import cuobjdump_path, role_sass

    if cuobjdump_path() is None:
        pytest.skip("cuobjdump is needed to read SASS")
    module, _ = _read(B200_ATTN)
    roles = {r.name: r for r in role_sass(emit_cuda(module, "x.tile"), "sm_100a")}
    assert set(roles) == {"producer", "mma", "softmax0", "softmax1", "softmax2"}
    assert all(r.local == 0 for r in roles.values()), {n: r.local for n, r in roles.items()}
    producer, mma = roles["producer"].loop, roles["mma"].loop
    assert producer is not None and (producer.tma_loads, producer.mma) == (4, 0)
    assert mma is not None and (mma.mma, mma.mma_shapes, mma.tma_loads) == (32, ("UTCHMMA",), 0)


def test_sm100a_persistent_attention_without_the_release_deadlocks() -> None:
    """Without the release after the loop, O's last slot of the first tile
    stays taken and the MMA role waits on o0_empty at the next tile's first
    P V MMA: the simulator reports the deadlock."""
    module, prog = _read(B200_ATTN)
    prog = replace(prog, outside=replace(prog.outside, releases=()))
    rep = simulate_persistent(module, prog, B200_ATTN_SIZES, grid=2, interleavings=2)
    assert len(rep.findings) == 1
    assert "deadlock" in rep.findings[0] and "o0_empty" in rep.findings[0], rep.findings


PINGPONG = ROOT / "tests" / "data" / "simulate" / "gemm_persistent_pingpong_h100.mlir"
PINGPONG_SIZES = {"M": 3 * 128 + 64, "N": 2 * 128 + 100, "K": 5 * 64}
"""4 x 3 tiles of 128 x 128, the last row and column of tiles partial; 5 trips each."""


@pytest.mark.parametrize("grid", [4, 5])
def test_pingpong_consumers_simulate_equal_in_turn_order(grid: int) -> None:
    """The ping-pong GEMM (examples/gemm_persistent_pingpong_h100.tile,
    twill.nest's consumers = "alternate"): the consumer role on two warp
    groups, the CTA's tile k on the k % 2-th, each main loop in its turn on
    the named barriers; 12 tiles over 4 CTAs (3 each: the first consumer
    takes two) and over 5 (2 or 3 each), the last row and column of tiles
    partial. Every tile's stores equal the reference's, the main loops hold
    the tensor core in tile order, and every turn barrier's arrival is matched."""
    module, prog = _read(PINGPONG)
    rep = simulate_persistent(module, prog, PINGPONG_SIZES, grid=grid, interleavings=6)
    assert rep.findings == []
    assert rep.runs == grid * 6


def test_pingpong_without_turns_is_reported() -> None:
    """Consumers that do not wait for their turns run two tiles' main loops
    at once: the turn-order check finds it."""
    module, prog = _read(PINGPONG)
    rep = simulate_persistent(module, prog, PINGPONG_SIZES, grid=4, interleavings=6, numeric_runs=0, turns=False)
    assert rep.findings
    assert any("turn-order" in f for f in rep.findings), rep.findings


def test_nest_schedule_pingpong_halves_the_staging() -> None:
    """nest-schedule's two-tile model (consumers = "alternate"): each tile's
    main loop holds the tensor core from the producer's head start, so two
    tiles take twice the main loop's length less the head start, the staging
    hidden under the other consumer's main loop; below twice the outer II of
    the one consumer staging after each main loop (consumers=together)."""
    from twillc.transforms.nest_schedule import NestSchedulePass

    module, _ = _read(PINGPONG)
    d = tile.find_persistent(find_func(module)).attributes["twill.nest"].data  # type: ignore[union-attr]

    def n(data: dict, key: str) -> int:
        return int(data[key].value.data)

    assert d["consumers"] == StringAttr("alternate") and n(d, "tiles") == 2
    cycles = {k: int(v.value.data) for k, v in d["cycles"].data.items()}
    main = cycles["stage0_0"] - cycles["mainloop0"]
    assert n(d, "ii") == 2 * (main - n(d, "head"))
    together = parse_module(PINGPONG.read_text(), str(PINGPONG), ".mlir")
    NestSchedulePass(consumers="together").apply(None, together)  # type: ignore[arg-type]
    t = tile.find_persistent(find_func(together)).attributes["twill.nest"].data  # type: ignore[union-attr]
    assert t["consumers"] == StringAttr("together")
    assert n(d, "ii") < 2 * n(t, "ii")
