"""`cluster{size=2}` on sm_100a: a CTA pair computing one 256-row output tile
with `tcgen05.mma.cta_group::2` (docs/codegen.md, "CTA pairs on sm_100a").

The two CTAs of a 2 x 1 cluster share the persistent loop's tile: CTA r of
the pair loads rows 128 r .. 128 r + 127 of the tile's A and half of its B
(columns N/2 r .. of a [K, N] B, rows of an [N, K] one); the even CTA, the
leader, issues each MMA for the pair (M = 256: each CTA's shared memory
holds its half of both operands at the same offsets), and each CTA's tensor
memory holds its 128 rows of the accumulator, which its own epilogue warp
group stores. Against two 128-row tiles on two SMs, each CTA reads half of
B's tile from L2 per iteration (`saving`).

The decision is `twill.cluster = {size = 2, cta_group = 2, multicast = [],
saving = bytes}` on `tile.persistent`; `nest-schedule` reads it (each CTA
holds half of each accumulator: two fit where one of the pair's tile would
not), the CUDA emitter only reads it. Taken where the source asks for it
(`tiles(...) persistent cluster 2`, or `cluster{size=2}`), never by the rule
(no L2 rate in the b200 model to weigh it by); refused, located, where the
kernel is not one MMA of a 256-row tile with N a multiple of 128 up to 256.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, ModuleOp, i64
from xdsl.ir import Operation

from twillc.dialects import tile
from twillc.transforms.common import located_error
from twillc.transforms.ir_graph import find_loop, kernel_name
from twillc.transforms.memory_plan import gemm_class

ATTR = "twill.cluster"
PAIR_ROWS = 256
"""The pair's tile rows: 128 in each CTA's tensor memory (its 128 lanes)."""
MAX_N = 256
"""tcgen05.mma's largest N; two accumulators of N f32 columns fill 512."""


def apply_pair(module: ModuleOp, persistent: tile.PersistentOp, size: int, anchor: Operation) -> None:
    """`twill.cluster` for the CTA pair where `size` is 2 (asked for); the
    rule (`size` 0) leaves an sm_100a kernel alone."""
    if size != 2:
        return
    check_pair(module, anchor)
    _, saving = _refusal(module)
    persistent.attributes[ATTR] = DictionaryAttr(
        {
            "size": IntegerAttr(2, i64),
            "cta_group": IntegerAttr(2, i64),
            "multicast": ArrayAttr([]),
            "saving": IntegerAttr(saving, i64),
        }
    )


def _module(op: Operation) -> ModuleOp | None:
    module: Operation | None = op
    while module is not None and not isinstance(module, ModuleOp):
        module = module.parent_op()
    return module


def pair_chosen(op: Operation) -> bool:
    """Whether the `cluster` pass chose a CTA pair for `op`'s module."""
    module = _module(op)
    if module is None:
        return False
    return cta_group(next((o for o in module.walk() if isinstance(o, tile.PersistentOp)), None)) == 2


def pair_share(op: Operation) -> int:
    """2 where `op`'s module asks for a CTA pair (`tiles(...) persistent
    cluster 2` on a tensor-memory target), else 1: each CTA then does half
    of each tile op of the pair's tile as written (its half of each load, of
    the MMA's rows, of the accumulator and its store), which annotate-costs,
    variant-search and the epilogue buffer count per CTA."""
    from twillc.transforms.common import module_machine

    module = _module(op)
    if module is None:
        return 1
    persistent = next((o for o in module.walk() if isinstance(o, tile.PersistentOp)), None)
    if persistent is None or persistent.cluster is None or persistent.cluster.value.data != 2:
        return 1
    return 2 if module_machine(module).target.has_tensor_memory else 1


def check_pair(module: ModuleOp, anchor: Operation) -> None:
    """A located error where the kernel cannot be computed by a CTA pair
    (before any search: variant-search asks it where the source asks for a
    pair, the `cluster` pass where it decides one)."""
    reason, _ = _refusal(module)
    if reason:
        raise located_error(anchor, f"cluster: a CTA pair is not generated for '{kernel_name(module)}': {reason}")


def cta_group(persistent: tile.PersistentOp | None) -> int:
    """2 where the `cluster` pass chose a CTA pair (`twill.cluster`'s
    `cta_group`), else 1."""
    attr = persistent.attributes.get(ATTR) if persistent is not None else None
    if isinstance(attr, DictionaryAttr) and isinstance(g := attr.data.get("cta_group"), IntegerAttr):
        return int(g.value.data)
    return 1


def _refusal(module: ModuleOp) -> tuple[str, int]:
    """Why the kernel is not computed by a CTA pair ('' when it is) and the
    L2 bytes each CTA saves per iteration (half of B's tile)."""
    from twillc.transforms.annotate_costs import _bytes as value_bytes

    loop = find_loop(module)
    if not gemm_class(loop):
        return "the main loop is not of the GEMM class (TMA loads feeding MMAs)", 0
    mmas = [o for o in loop.body.block.ops if isinstance(o, tile.MmaOp)]
    if len(mmas) != 1:
        return f"a CTA pair issues one tcgen05.mma a step (this loop has {len(mmas)} MMAs)", 0
    mma = mmas[0]
    rows, cols = (int(d) for d in mma.result.type.get_shape())  # type: ignore[attr-defined]
    if rows != PAIR_ROWS:
        return (
            f"tcgen05.mma.cta_group::2 computes a {PAIR_ROWS}-row tile, 128 rows in each CTA's tensor memory; the "
            f"accumulator is {rows}x{cols} (a 128-row tile takes one CTA: drop `cluster 2`)",
            0,
        )
    if cols % 128 or cols > MAX_N:
        return (
            f"each CTA holds N f32 columns of the accumulator in its tensor memory (512 columns, two accumulators "
            f"on alternate tiles) and half of B's N; N is a multiple of 128 up to {MAX_N}, the accumulator is "
            f"{rows}x{cols}",
            0,
        )
    rhs = mma.rhs.owner
    assert isinstance(rhs, tile.LoadOp)
    return "", value_bytes(rhs.result) // 2
