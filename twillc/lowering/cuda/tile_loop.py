"""The persistent tile loop's pieces shared by the CUDA printers: the loop
each role runs over its CTA's output tiles (`tile.persistent`: the tile
index `bid` from blockIdx.x in steps of gridDim.x, the grid min(SMs, tiles),
the grouped order written out in the IR as arithmetic on `bid`), a ring's
slot and phase counted across tiles (the ring runs on: no drain between
tiles), and the epilogue's TMA store of a tile staged in shared memory
(waited only before its buffer is staged again, so that it runs under the
next tile's main loop). The GEMM printer (`sm90`) and the general warp-
program printer (`skeleton`, `roles`, `stores`) use them."""

from __future__ import annotations

from twillc.lowering.cuda.sm90 import TILE_LOOP

RING_BASE = "tw_it"
"""A role's iterations of its previous tiles: the ring position of the tile's
iteration `kt` is `tw_it + kt` (declared outside the tile loop, advanced by
the tile's trip count at its end)."""

TILE_PARITY = "tw_tile_parity"
"""The phase of a barrier re-armed once per tile (the tiles loaded before
the main loop: FA's Q): the CTA's tiles so far, mod 2."""


def tile_loop(comment: str) -> str:
    """The outer loop's header: this CTA's tiles, `bid` each tile's linear index."""
    return f"{TILE_LOOP}  // {comment}"


def ring_position(it: str, persistent: bool) -> str:
    """The ring position of iteration `it` of this tile (`kt`, `kt - 1`):
    itself in a one-tile kernel, `tw_it + it` in the tile loop."""
    if not persistent:
        return it if it.isidentifier() else f"({it})"
    return f"({RING_BASE} + {it})" if it.isidentifier() else f"({RING_BASE} + ({it}))"


def tile_loop_state(indent: str) -> list[str]:
    """A role's counters outside the tile loop: its ring position and the tile's parity."""
    return [
        f"{indent}int {RING_BASE} = 0;  // iterations of this CTA's previous tiles: the ring runs on across tiles",
        f"{indent}uint32_t {TILE_PARITY} = 0;  // the tile's phase of the barriers re-armed once per tile",
    ]


def tile_loop_advance(indent: str, trips: str) -> list[str]:
    """The end of a tile: the ring position on by its trips, the parity flipped."""
    return [f"{indent}{RING_BASE} += {trips};", f"{indent}{TILE_PARITY} ^= 1u;"]


def staged_store_wait(indent: str, bar: int, later: int = 0) -> list[str]:
    """Before a warp group stages a tile into its epilogue buffer: its previous
    tile's TMA store has read the buffer (issued by thread 0 of the group,
    which waits; the named barrier holds the others). `later`: the group's
    stores committed after that one (it stages several tiles a tile, each in
    its own buffer: one fewer than those), left in flight."""
    return [
        f"{indent}if (threadIdx.x % 128 == 0) tw_tma_store_wait_read<{later}>();  // its last store read the buffer",
        f"{indent}tw_named_bar_sync({bar}, 128);",
    ]


def staged_store_issue(indent: str, bar: int, boxes: list[str]) -> list[str]:
    """After a warp group staged its tile (128B-swizzled 64 x 64 boxes,
    `twillc_acc_to_smem`): fence the shared-memory writes for the async proxy,
    sync the group, one thread issues each box's TMA store (`boxes`: the
    `tw_tma_store_2d(...)` calls) and commits them, not waited: the store runs
    under the next tile's main loop."""
    return [
        f"{indent}tw_fence_proxy_async_smem();  // st.shared visible to the TMA store",
        f"{indent}tw_named_bar_sync({bar}, 128);",
        f"{indent}if (threadIdx.x % 128 == 0) {{",
        f"{indent}  const int tw_bid = tw_opaque_tile(bid);  // the coordinates computed here, not held in the loop",
        f"{indent}  {{",
        f"{indent}    const int bid = tw_bid;",
        *(f"{indent}    {b}" for b in boxes),
        f"{indent}  }}",
        f"{indent}  tw_tma_store_commit();",
        f"{indent}}}",
    ]


def store_boxes(tmap: str, buf: str, cols: int, col0: str, row0: str) -> list[str]:
    """The TMA stores of one staged 64-row slab of `cols` 16-bit columns:
    one 64 x 64 box (8 KB) each, at (col0 + 64 j, row0)."""
    return [
        f"tw_tma_store_2d(&{tmap}, {buf} + {j * 8192}, {col0 if j == 0 else f'{col0} + {j * 64}'}, {row0});"
        for j in range(cols // 64)
    ]


def stores_drained(indent: str) -> str:
    """After the tile loop: the last tile's stores complete before the CTA exits."""
    return f"{indent}if (threadIdx.x % 128 == 0) tw_tma_store_wait<0>();  // the last tile's stores complete"
