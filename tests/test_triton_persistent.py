"""A Triton persistent kernel's tile loop imported as twillc's persistent tile
loop (`tile.persistent`; twillc/frontend/ttgir_persistent.py, docs/interop.md
"Persistent kernels"): the tile coordinates the imported IR computes for each
tile id are Triton's, for every tile id of grids with a partial last group,
checked against Triton itself (its interpreter running the kernels' own
coordinate helper) and against the TTGIR's arithmetic; the write-back keeps
the tile loop and compiles with Triton 3.9."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

triton = pytest.importorskip("triton")

from twillc.dialects import tile  # noqa: E402
from twillc.driver import main  # noqa: E402
from twillc.frontend.triton_module import ttgir_from_python  # noqa: E402
from twillc.frontend.ttgir import import_ttgir  # noqa: E402
from twillc.frontend.ttgir_persistent import grouped_coords  # noqa: E402
from twillc.lowering.simulate.reference import Machine, find_func  # noqa: E402

pytestmark = [pytest.mark.filterwarnings("ignore::UserWarning")]

KERNELS = Path(__file__).parent / "triton_kernels"
DATA = Path(__file__).parent / "data" / "triton"
SIG = "a_ptr=*fp16,b_ptr=*fp16,c_ptr=*fp16,M=i32,N=i32,K=i32"
GRIDS = [(5, 3), (4, 4), (1, 3), (7, 2), (3, 1)]
"""Rows x columns of 128 x 128 tiles: with GROUP_M 2, a partial last group where the rows are odd."""


def _imported(fn: str, consts: str, sig: str = SIG):
    tm = ttgir_from_python(f"{KERNELS / 'persistent.py'}::{fn}", sig, [consts], "h100")
    return find_func(import_ttgir(tm, "h100"))


def _coords(func, tiles_m: int, tiles_n: int) -> list[dict[str, tuple[int, ...]]]:
    """Per tile id: the tile indices of each load and store of the imported
    IR (the loads' M and N tile indices), evaluated by the
    reference interpreter at sizes of tiles_m x tiles_n tiles (the last row
    and column partial)."""
    sizes = {"M": 128 * tiles_m - 3, "N": 128 * tiles_n - 5, "K": 256}
    persistent = tile.find_persistent(func)
    assert persistent is not None
    probe = Machine(func, 0, sizes)
    assert (probe.scalar(persistent.tiles_m, {}), probe.scalar(persistent.tiles_n, {})) == (tiles_m, tiles_n)
    out = []
    for t in range(tiles_m * tiles_n):
        m = Machine(func, t, sizes)
        got: dict[str, tuple[int, ...]] = {}
        for op in func.walk():
            if isinstance(op, tile.StoreOp):
                got["C"] = tuple(int(m.scalar(i, {})) for i in op.indices)
            elif isinstance(op, tile.LoadOp):  # A's index along M, B's along N ([N, K] or [K, N])
                dims = op.tensor.type.get_dims()  # type: ignore[attr-defined]
                at = dims.index("M" if op.tensor.name_hint == "a_ptr" else "N")
                got[op.tensor.name_hint or ""] = (int(m.scalar(op.indices[at], {})),)
        out.append(got)
    return out


def _triton_interpreted(tiles_m: int, tiles_n: int, group: int) -> list[tuple[int, int]]:
    """Triton's own coordinates of each tile id: the kernels' `_grouped_tile`
    helper run by Triton's interpreter (TRITON_INTERPRET=1, CPU), in a
    process of its own (the interpreter is chosen when a kernel is defined)."""
    script = f"""
import json, sys
sys.path.insert(0, {str(KERNELS)!r})
import torch, triton, triton.language as tl
import persistent

@triton.jit
def probe(out, num_pid_m, num_pid_n, GROUP_M: tl.constexpr):
    t = tl.program_id(0)
    pid_m, pid_n = persistent._grouped_tile(t, num_pid_m, num_pid_n, GROUP_M)
    tl.store(out + 2 * t, pid_m)
    tl.store(out + 2 * t + 1, pid_n)

n = {tiles_m * tiles_n}
out = torch.zeros(2 * n, dtype=torch.int32)
probe[(n,)](out, {tiles_m}, {tiles_n}, {group})
print(json.dumps(out.view(-1, 2).tolist()))
"""
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return [tuple(p) for p in json.loads(done.stdout.strip().splitlines()[-1])]


def test_grouped_order_is_tritons_for_every_tile_id() -> None:
    """`matmul_persistent_grouped` (GROUP_M = 2, flatten=True, the epilogue's
    tile counter): `tile.persistent` of the two tile counts, group 2, and for
    every tile id the A / B loads and the C store at Triton's own (pid_m,
    pid_n), as Triton's interpreter computes them, the partial last group
    (one row of tiles where the rows are odd) included."""
    func = _imported("matmul_persistent_grouped", "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=2,NUM_SMS=132")
    persistent = tile.find_persistent(func)
    assert persistent is not None and persistent.group.value.data == 2
    for tiles_m, tiles_n in GRIDS:
        triton_order = _triton_interpreted(tiles_m, tiles_n, 2)
        assert triton_order == [grouped_coords(t, tiles_m, tiles_n, 2) for t in range(tiles_m * tiles_n)]
        for t, got in enumerate(_coords(func, tiles_m, tiles_n)):
            pid_m, pid_n = triton_order[t]
            assert got == {"a_ptr": (pid_m,), "b_ptr": (pid_n,), "C": (pid_m, pid_n)}, (tiles_m, tiles_n, t)
        assert sorted(triton_order) == [(i, j) for i in range(tiles_m) for j in range(tiles_n)]


def test_grouped_order_differs_from_tile_languages_in_the_last_group() -> None:
    """Why the coordinates are Triton's arithmetic, not `.tile`'s grouped
    order rebuilt from the group: in a partial last group Triton's row is
    `first + tile_id % rows`, `.tile`'s `first + (tile_id % (group *
    columns)) % rows`. At 7 x 2 tiles in groups of 4 (a last group of 3
    rows) the first group (tiles 0..7) agrees and every tile of the last
    differs: importing the group alone would move those tiles."""

    def tile_order(t: int, tm: int, tn: int, g: int) -> tuple[int, int]:  # irgen.py's `tiles(...) persistent group g`
        width = g * tn
        first = t // width * g
        rows = max(min(tm - first, g), 1)
        return first + t % width % rows, t % width // rows

    differ = [t for t in range(7 * 2) if grouped_coords(t, 7, 2, 4) != tile_order(t, 7, 2, 4)]
    assert differ == list(range(8, 14))


@pytest.mark.parametrize("fn", ["matmul_persistent", "matmul_persistent_pointers"])
def test_row_major_order(fn: str) -> None:
    """Row-major tiles (tile_id // num_pid_n, tile_id % num_pid_n), with
    tensor descriptors or pointers (B [K, N] there, its column the tile's):
    group 1, and each tile id's loads and store at that row and column."""
    sig = SIG + (",stride_am=i32,stride_bk=i32,stride_cm=i32" if "pointers" in fn else "")
    func = _imported(fn, "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,NUM_SMS=132", sig)
    persistent = tile.find_persistent(func)
    assert persistent is not None and persistent.group.value.data == 1
    for tiles_m, tiles_n in GRIDS:
        for t, got in enumerate(_coords(func, tiles_m, tiles_n)):
            pid_m, pid_n = t // tiles_n, t % tiles_n
            assert got == {"a_ptr": (pid_m,), "b_ptr": (pid_n,), "C": (pid_m, pid_n)}


@pytest.mark.skipif(triton.__version__ != "3.9.0", reason="the write-back targets triton==3.9.0")
@pytest.mark.parametrize("target", ["h100", "b200"])
@pytest.mark.parametrize("name", ["persistent-grouped-{}-ws", "persistent-pointers-{}"])
def test_writeback_keeps_the_tile_loop_and_compiles(name: str, target: str, tmp_path: Path) -> None:
    """The scheduled persistent kernels (tests/data/triton/: the grouped
    descriptor kernel warp-specialized, the pointer kernel scheduled) written
    back: the tile loop is still there around the main loop, which carries
    twillc's stages, and Triton 3.9 compiles it to a cubin."""
    from twillc.triton import check_writeback

    out = tmp_path / "k.ttgir"
    err = io.StringIO()
    src = DATA / f"{name.format(target)}.mlir"
    assert main([str(src), "--passes", "", "-o", str(out)], stdout=io.StringIO(), stderr=err) == 0, err.getvalue()
    text = out.read_text()
    assert text.count("scf.for") == 2 and "tt.get_program_id x" in text
    assert "tt.flatten" not in text and "loop.stage" in text
    check = check_writeback(str(out), target)
    assert check.compiles, check.error
    assert check.stages > 1 and check.stages_kept, check.summary()
