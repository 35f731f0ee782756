"""The loop structure of a Triton kernel: which `scf.for` loops the TTGIR
importer turns into `tile.for` loops, and what runs between and after them.

A kernel's loops to schedule are its innermost `scf.for` loops (no loop
inside them). One is the single-loop kernel the importer always read; several
are *sequential loops* (a two-pass norm, an online softmax and its
normalization, a decode's store loop) when they sit one after another in one
block: the importer makes one `tile.for` each, in that order, the form the
`.tile` front end gives a kernel with several loops
(`twillc/transforms/loop_segments.py` then splits it into one segment per
loop, each scheduled on its own). Loops around that block (a persistent
kernel's tile loop holding several loops) are the CTA's work items, as for
one loop; a tile loop around one main loop is a persistent kernel
(`twillc/frontend/ttgir_persistent.py`).

Refused, located at the loop: a loop inside another loop of the sequence's
block (a nest, not a sequence), and a loop in another block than the others
(in an outer loop the others are not in): the tile IR has loops run one
after another.

A kernel whose function has several blocks (an early return, `if y ==
ignore: <loop>; return`, is a `cf.cond_br` to two blocks, one ending in
`tt.return`) is a tree of *conditional regions* (`branch_blocks`): each block
runs under the conjunction of the branch conditions on its path from the
entry, a condition uniform across the CTA. Its loops are imported in block
order, each under its block's guard (`TtgirImporter.guarded_trips`: the trip
count is `guard ? n : 0`, so a loop of a branch not taken runs zero times),
and the stores of a guarded block outside its loops form a region of their
own (`ttgir_regions.store_region`: a loop of `guard ? 1 : 0` trips). Blocks
that join again (`cf.br`), branches with block arguments and other
terminators are refused at the terminator. A kernel-level `scf.if` holding a
loop or a store (`if flag: for ...`, `if pid == 0: tl.store(...)`) is the
same: its then-block runs under the condition, its else-block under its
negation (`region_blocks`, `kernel_block`).

Between two loops and after the last one, the importer of a kernel with
several loops keeps the stores (`stores_between`: the block's `tt.store` /
`tt.descriptor_store`, with what they read imported on demand); an op
there that holds a store in a region of its own (`if i_v == 0:
tl.store(...)`: an `scf.if`) is refused at that op: the tile IR has no
conditional store.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from twillc.diagnostics import UserError
from twillc.frontend.triton_module import TBlock, TOp, TritonModule

STORES = ("tt.store", "tt.descriptor_store")

ErrorAt = Callable[[TOp, str], UserError]

Guard = tuple[tuple[int, bool], ...]
"""A block's condition: the branch conditions (value ids) on its path from the
entry, each with whether it holds there."""


def store_value_at(op: TOp, type_of: Callable[[int], str]) -> int:
    """The position of a `tt.descriptor_store`'s stored tile among its
    operands (Triton 3.9: the descriptor, the tile, then the offsets)."""
    return next((i for i, o in enumerate(op.operands) if i and type_of(o).startswith("tensor<")), len(op.operands) - 1)


def innermost_loops(tm: TritonModule) -> list[TOp]:
    """The kernel's `scf.for` loops with no `scf.for` inside, in program order."""
    loops = [op for op in tm.ops if op.name == "scf.for"]
    return [op for op in loops if not any(o.name == "scf.for" for o in op.walk() if o is not op)]


def block_of(op: TOp) -> TBlock | None:
    """The block of `op`'s parent that holds it."""
    if op.parent is None:
        return None
    return next((b for b in op.parent.blocks if any(o is op for o in b.ops)), None)


def kernel_block(op: TOp) -> TBlock | None:
    """The block `op` runs in at kernel level: its own, or, under kernel-level
    conditions (`scf.if`, no loop between), the block holding the outermost
    of them."""
    block = block_of(op)
    parent = op.parent
    while parent is not None and parent.name == "scf.if":
        block = block_of(parent)
        parent = parent.parent
    return block


def holds_effects(op: TOp) -> bool:
    """An `scf.if` holding a loop or a store: a conditional region."""
    return op.name == "scf.if" and any(o.name == "scf.for" or o.name in STORES for o in op.walk() if o is not op)


def region_blocks(tm: TritonModule, loops: list[TOp], error: ErrorAt) -> list[tuple[TBlock, Guard]] | None:
    """The blocks to import as conditional regions, each with its guard: the
    function's blocks where it has several (`branch_blocks`), else the
    loops' kernel-level block where a condition there holds a loop or a
    store; None where the kernel has no conditional region."""
    branches = branch_blocks(tm, error)
    if branches is not None:
        return branches
    if loops:
        home = kernel_block(loops[-1])
    else:
        func_op = next((op for op in tm.ops if op.name == "tt.func"), None)
        home = func_op.blocks[0] if func_op is not None and func_op.blocks else None
    if home is None or not any(holds_effects(op) for op in home.ops):
        return None
    return [(home, ())]


def sequential_loops(tm: TritonModule, error: ErrorAt) -> list[TOp]:
    """The loops to import, in program order: the innermost loops, which must
    all run one after another in one block (see the module docstring)."""
    inner = innermost_loops(tm)
    if len(inner) <= 1:
        return inner
    home = kernel_block(inner[-1])
    func_op = next((op for op in tm.ops if op.name == "tt.func"), None)
    branches = func_op.blocks if func_op is not None and len(func_op.blocks) > 1 else []
    for loop in inner:
        if kernel_block(loop) is home or any(kernel_block(loop) is b for b in branches):
            continue
        last = tm.location(inner[-1])
        raise error(
            loop,
            f"a loop {_where(loop, inner[-1])}, not in one block with the kernel's last loop (at "
            f"{_short(last.filename)}:{last.line}): twillc imports loops that run one after another in one block "
            "(no loop under a condition, in an early return's branch or inside another loop)",
        )
    return inner


def stores_between(loop: TOp, following: TOp | None, error: ErrorAt) -> list[TOp]:
    """The stores after `loop` in its block, up to `following` (the next loop;
    None: to the block's end), in order. An op there holding a store in a
    region of its own is refused at that op."""
    block = block_of(loop)
    assert block is not None
    ops = block.ops
    start = next(i for i, o in enumerate(ops) if o is loop) + 1
    end = len(ops) if following is None else next(i for i, o in enumerate(ops) if o is following)
    out: list[TOp] = []
    for op in ops[start:end]:
        if op.name in STORES:
            out.append(op)
        elif op.blocks and any(o.name in STORES for o in op.walk()):
            where = "after the last loop" if following is None else "between loops"
            raise error(
                op,
                f"unsupported op '{op.name}' holding a store {where}: the tile IR has no conditional store (each "
                "store runs once per CTA)",
            )
    return out


def branch_blocks(tm: TritonModule, error: ErrorAt) -> list[tuple[TBlock, Guard]] | None:
    """The kernel function's blocks in order, each with its guard, where the
    function has several (an early return); None where it has one."""
    func_op = next((op for op in tm.ops if op.name == "tt.func"), None)
    if func_op is None or len(func_op.blocks) <= 1:
        return None
    guards: dict[int, Guard] = {0: ()}
    for k, block in enumerate(func_op.blocks):
        term = block.ops[-1]
        if k not in guards:
            raise error(block.ops[0], "a block of the kernel that no branch before it reaches")
        if term.name == "tt.return":
            continue
        targets = _successors(tm, term) if term.name == "cf.cond_br" else None
        if targets is None:
            raise error(
                term,
                f"unsupported op '{term.name}' ending a block of the kernel (twillc imports an early return's "
                "`cf.cond_br` to two blocks without arguments)",
            )
        for target, holds in zip(targets, (True, False), strict=True):
            if target in guards or target <= k or target >= len(func_op.blocks):
                raise error(term, "branches that join again: the kernel's blocks must form a tree (an early return)")
            guards[target] = (*guards[k], (term.operands[0], holds))
    return [(b, guards[k]) for k, b in enumerate(func_op.blocks)]


def _successors(tm: TritonModule, term: TOp) -> list[int] | None:
    """A `cf.cond_br`'s two successors as block positions (`^bbN` is the
    function's block N), read from its line of the TTGIR text; None where a
    successor takes arguments."""
    if term.text_pos is None:
        return None
    line = tm.text.splitlines()[term.text_pos[0] - 1]
    found = re.findall(r"\^bb(\d+)(\(?)", line)
    if len(found) != 2 or any(paren for _, paren in found):
        return None
    return [int(n) for n, _ in found]


def _where(loop: TOp, last: TOp) -> str:
    """Where `loop` is, against the kernel's last loop `last` (in another block)."""
    parent = loop.parent
    if parent is not None and parent.name == "scf.if":
        return "under a condition (scf.if)"
    if parent is not None and parent.name in ("scf.for", "scf.while"):
        return f"inside another loop ({parent.name})"
    return f"outside the {last.parent.name if last.parent is not None else 'region'} the last loop is in"


def _short(path: str) -> str:
    return path.rsplit("/", 1)[-1]
