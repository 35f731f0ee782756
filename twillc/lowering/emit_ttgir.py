"""The schedule of a loop imported from Triton TTGIR, written back on that
TTGIR in the attributes Triton 3.9's own passes read, printed by Triton and
parsed back by it (`-o k.ttgir`; docs/interop.md).

A kernel with several loops (one segment each, `twillc.transforms.loop_segments`)
has each loop's schedule written on its own `scf.for` (the `twill.triton` of
its `tile.for`), one loop after another on the same text.

On each op of the loop body (`tritongpu-pipeline` reads them through
`CoarseSchedule::deSerialize`):
  loop.stage    = cycle // II                                       (i32)
  loop.cluster  = dense rank of the op's cycle among the distinct
                  cycles of its stage (issue order within the stage) (i32)
On the loop: tt.scheduled_max_stage = the last stage.

On sm_100 with two warp groups or more in a kernel of 4k warps
(`tritongpu-automatic-warp-specialization` takes the partitions of a loop
whose ops carry them, in no other kernel), also:
  ttg.partition = array<i32: p>    on every op in the loop, nested ones and
                                   scf.yield included
and on the loop `ttg.partition`, `ttg.partition.outputs`,
`ttg.partition.stages`, `ttg.warp_specialize.tag` (the loop's place among the kernel's loops), `tt.warp_specialize`,
in the forms Triton's PartitionScheduling writes and InsertAref can lower
(`_triton_partition_forms`, `_number_partitions`; a masked pointer load read
in another partition is written as a load and a select, `_split_masked_loads`).
sm_90: stages and
clusters only (Triton 3.9 warp-specializes no sm_90 loop).

A Triton op that became a tile op takes that op's cycle and warp (the
earliest and all warps when a split loop gave it several); one folded into a
tile op (a `ttg.local_alloc` after its load, a `tmem_load` of an accumulator)
takes that op's; index arithmetic takes the earliest of the ops that use it,
else the latest of the ops it uses, else stage 0 / cluster 0 and every
partition; `scf.yield` every partition.

The bindings set attributes only on ops with results; an op without results
(`scf.yield`, a store) gets its attributes in the printed text, before its
` : ` (after the name for `scf.yield`, whose attributes come first). Array
attributes go in as string placeholders and are replaced in the text. The
result must parse back in Triton, or it is an internal error.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, StringAttr

from twillc.diagnostics import InternalError

if TYPE_CHECKING:
    from twillc.frontend.triton_module import TOp, TritonModule

_PLACEHOLDER = re.compile(r'"twillc\.raw:([^"]*)"')


def _raw(text: str) -> str:
    return f"twillc.raw:{text}"


def schedule_by_triton_op(module: ModuleOp) -> tuple[int, dict[int, tuple[int, set[int]]], int]:
    """(II, Triton op index -> (earliest cycle, warps), the loop's Triton index)."""
    from twillc.dialects.twill import ScheduleAttr
    from twillc.transforms.common import located_error
    from twillc.transforms.ir_graph import find_loop

    loop = find_loop(module)
    sched = loop.attributes.get("twill.schedule")
    if not isinstance(sched, ScheduleAttr):
        raise located_error(loop, "-o .ttgir needs a scheduled loop: run a scheduling pass")
    ii = int(sched.ii.data)
    out: dict[int, tuple[int, set[int]]] = {}
    for op in loop.body.block.ops:
        origin = op.attributes.get("twill.triton")
        cycle = op.attributes.get("twill.cycle")
        if not isinstance(origin, ArrayAttr) or not isinstance(cycle, IntegerAttr):
            continue
        warp = op.attributes.get("twill.warp")
        warps = {int(warp.value.data)} if isinstance(warp, IntegerAttr) else set()
        for idx in origin.data:
            assert isinstance(idx, IntegerAttr)
            i = int(idx.value.data)
            c, w = out.get(i, (int(cycle.value.data), set()))
            out[i] = (min(c, int(cycle.value.data)), w | warps)
    own = loop.attributes.get("twill.triton")  # the scf.for the loop was imported from
    index = own.data[0] if isinstance(own, ArrayAttr) and own.data else module.attributes.get("twill.ttgir_loop")
    assert isinstance(index, IntegerAttr)
    return ii, out, int(index.value.data)


def emit_ttgir(module: ModuleOp, source: str = "<input>") -> str:
    from twillc.frontend.triton_module import parse_ttgir
    from twillc.transforms.loop_segments import segments

    text_attr = module.attributes.get("twill.ttgir")
    if not isinstance(text_attr, StringAttr):
        from twillc.transforms.common import located_error
        from twillc.transforms.ir_graph import find_loop

        raise located_error(find_loop(module), "-o .ttgir needs a loop imported from Triton (a .ttgir or .py input)")
    text = text_attr.data
    # A kernel with several loops: each loop's schedule on its scf.for, the last
    # loop first (a loop's split masked loads add ops, which renumbers the ops
    # after them, never those before).
    parts = segments(module) or [module]
    for tag, part in reversed(list(enumerate(parts))):
        text = _emit_loop(part, parse_ttgir(text, source), source, tag)
    return _explicit_yields(text, source)


def _emit_loop(module: ModuleOp, tm: TritonModule, source: str, tag: int = 0) -> str:
    """The TTGIR `tm` with the schedule of `module`'s loop written on its scf.for
    (`tag`: the loop's `ttg.warp_specialize.tag`, its place among the kernel's
    loops: Triton's warp specialization gathers a loop's partitions by tag, and
    two loops sharing one are taken for one)."""
    ii, mapped, loop_index = schedule_by_triton_op(module)
    loop = tm.ops[loop_index]
    if loop.name == "tt.func":  # a straight-line kernel imported as a loop of one trip (ttgir_regions)
        from twillc.transforms.common import located_error
        from twillc.transforms.ir_graph import find_loop

        raise located_error(
            find_loop(module),
            "-o .ttgir: the kernel has no loop (imported as a region of one trip): Triton's software pipeline has "
            "no loop to take twillc's stages, there is nothing to write back; -o k.cu generates it",
        )
    if loop.name in ("tt.store", "tt.descriptor_store"):  # a conditional region of stores: no scf.for to pipeline
        return tm.text
    if loop.name != "scf.for":
        raise InternalError(f"op {loop_index} of the TTGIR is {loop.name}, not the imported scf.for")
    body = loop.blocks[0].ops
    top_of: dict[int, TOp] = {}  # every op in the body -> the body op holding it
    for top in body:
        for o in top.walk():
            top_of[o.index] = top
    users: dict[int, list[TOp]] = {}
    for top in body:
        for o in top.walk():
            for v in o.operands:
                d = tm.defs.get(v)
                if d is not None and d.index in top_of and top_of[d.index] is not top:
                    users.setdefault(top_of[d.index].index, []).append(top)
    # Each body op's cycle and warps: its own, else its users', else its operands'.
    timing: dict[int, tuple[int, set[int]]] = {}
    for top in body:
        own = [mapped[o.index] for o in top.walk() if o.index in mapped]
        if own:
            timing[top.index] = (min(c for c, _ in own), set().union(*(w for _, w in own)))
    sm100 = _capability(tm.text) >= 100
    if sm100:
        _triton_partition_forms(body, timing, tm, users)
    _propagate_index_ops(body, timing, tm, top_of, users)
    all_warps = sorted(set().union(*(w for _, w in timing.values()))) if timing and sm100 else []
    kinds = {w: _partition_kind(body, timing, w) for w in all_warps}
    for w in all_warps:
        if _carries_tmem_token(body, timing, w, ii):
            kinds[w] = "mma-tmem"
    partition = _number_partitions(all_warps, kinds)
    # Stages only: one warp group, sm_90 (Triton 3.9 takes no partitions there), or a kernel whose warps are not
    # whole warp groups (Triton 3.9 warp-specializes only kernels of 4k warps, "num_warps to be a multiple of 4").
    if len(partition) < 2 or _num_warps(tm.text) % 4:
        partition = {}
    stage_of = {i: c // ii for i, (c, _) in timing.items()}
    clusters: dict[int, int] = {}
    for s in set(stage_of.values()):
        cycles = sorted({timing[i][0] for i in timing if stage_of[i] == s})
        for i in timing:
            if stage_of[i] == s:
                clusters[i] = cycles.index(timing[i][0])
    everyone = sorted(partition.values())

    def parts_of(top: TOp) -> list[int]:
        if not partition or top.index not in timing or not timing[top.index][1]:
            return everyone
        return sorted(partition[w] for w in timing[top.index][1])

    attrs: dict[int, dict[str, str]] = {}  # op index -> name -> attribute text
    for top in body:
        parts = parts_of(top) if top.name != "scf.yield" else everyone
        for o in top.walk():
            a = attrs.setdefault(o.index, {})
            if everyone:
                a["ttg.partition"] = _array(parts)
        if top.name != "scf.yield":
            attrs[top.index]["loop.stage"] = f"{stage_of.get(top.index, 0)} : i32"
            attrs[top.index]["loop.cluster"] = f"{clusters.get(top.index, 0)} : i32"
        if everyone and top.blocks and top.results:  # a region op (tt.reduce): its results' partitions
            attrs[top.index]["ttg.partition.outputs"] = "[" + ", ".join(_array(parts) for _ in top.results) + "]"
    la = attrs.setdefault(loop.index, {})
    la["tt.scheduled_max_stage"] = f"{max(stage_of.values(), default=0)} : i32"
    if everyone:
        # As Triton's PartitionScheduling serializes them: stage 1 for a partition holding an MMA, else 0.
        stages = [0] * (max(everyone) + 1)
        for w, p in partition.items():
            stages[p] = 1 if kinds[w] in ("mma", "mma-tmem") else 0
        la["ttg.partition.stages"] = "[" + ", ".join(f"{s} : i32" for s in stages) + "]"
        la["ttg.warp_specialize.tag"] = f"{tag} : i32"
        la["ttg.partition"] = _array(everyone)
        outputs = _loop_output_partitions(loop, tm, body, parts_of, everyone)
        if outputs:
            la["ttg.partition.outputs"] = "[" + ", ".join(_array(o) for o in outputs) + "]"
        la["tt.warp_specialize"] = "unit"
    split = [top for top in body if _masked_pointer_load(top) and _read_elsewhere(top, parts_of, users)]
    text = _write(tm, attrs, source)
    return _split_masked_loads(text, tm, split, source) if split else text


_VIEW_PREFIXES = ("ttg.memdesc_", "ttng.tmem_subslice")
_REGISTER_VIEWS = ("tt.expand_dims", "tt.broadcast", "ttg.convert_layout")
_MMA_OPS = ("ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled")
_LOAD_OPS = ("tt.descriptor_load", "tt.descriptor_gather")
_STORE_OPS = ("tt.descriptor_store", "tt.descriptor_scatter")


def _num_warps(text: str) -> int:
    m = re.search(r'"ttg\.num-warps" = (\d+)', text)
    return int(m.group(1)) if m else 4


def _capability(text: str) -> int:
    m = re.search(r'ttg\.target = "cuda:(\d+)"', text)
    return int(m.group(1)) if m else 0


def _triton_partition_forms(
    body: list[TOp], timing: dict[int, tuple[int, set[int]]], tm: TritonModule, users: dict[int, list[TOp]]
) -> None:
    """Move the ops Triton 3.9's warp specialization cannot take where twillc's
    schedule put them (a value crossing partitions in a form `nvws-insert-aref`
    has no case for) to the partition that uses them, in place:

    - a shared-memory view (`ttg.memdesc_trans`, ...) is in its users' partitions
      (InsertAref passes a `local_alloc`'s buffer, not a view of it), and so is
      a register view (`tt.expand_dims`, `tt.broadcast`, `ttg.convert_layout`):
      the value crossing partitions is then the smaller one (a row vector, not
      its [R, C] broadcast), as Triton's own `view_consumer` rule places them;
    - `ttng.tmem_load` (an MMA's result read from tensor memory) is in its
      earliest user's partition, `ttng.tmem_store` and `ttng.tmem_alloc` of a
      register value in the partition that computes the value;
    - a masked pointer `tt.load` (and the `ttg.local_alloc` of it) stays in
      twillc's warp group; `_split_masked_loads` then writes it as a load and a
      select of its `other`, the form InsertAref passes to another partition;
    - an unmasked pointer `tt.load` and the `ttg.local_alloc` of it are in the
      partitions of the alloc's users: InsertAref has no case for a `tt.load`
      (or the `local_alloc` of one) read in another partition
      (`llvm_unreachable("cpasync not supported yet")`,
      tests/data/triton/cpasync-across-partitions.ttgir), and a select on an
      all-true mask is folded before it."""

    def users_timing(top: TOp) -> tuple[int, set[int]] | None:
        known = [timing[u.index] for u in users.get(top.index, []) if u.index in timing and u.name != "scf.yield"]
        if not known:
            return None
        return min(c for c, _ in known), set().union(*(w for _, w in known))

    def retime(top: TOp, found: tuple[int, set[int]] | None) -> None:
        """The op's warps from `found` (its cycle too, where it had none)."""
        if found is None or not found[1]:
            return
        cycle = timing[top.index][0] if top.index in timing else found[0]
        timing[top.index] = (cycle, set(found[1]))

    for _ in range(len(body)):  # views of views, loads of loads: to a fixed point
        before = {i: set(w) for i, (_, w) in timing.items()}
        for top in reversed(body):
            if top.name.startswith(_VIEW_PREFIXES) or top.name in _REGISTER_VIEWS:
                retime(top, users_timing(top))
            elif top.name == "ttng.tmem_load":
                found = users_timing(top)
                if found is not None:  # one partition: the earliest user's
                    first = min((timing[u.index] for u in users.get(top.index, []) if u.index in timing), key=_first)
                    retime(top, (found[0], {min(first[1])}))
            elif top.name == "ttng.tmem_store" and len(top.operands) > 2:  # (buffer, token, value, pred)
                d = tm.defs.get(top.operands[2])
                if d is not None and d.index in timing:
                    retime(top, (timing[d.index][0], {min(timing[d.index][1])}))
            elif top.name == "ttng.tmem_alloc" and top.operands:
                d = tm.defs.get(top.operands[0])
                if d is not None:
                    retime(top, timing.get(d.index))
            elif top.name == "tt.load" and not _masked_pointer_load(top):
                allocs = [u for u in users.get(top.index, []) if u.name == "ttg.local_alloc"]
                found = [t for t in (users_timing(a) for a in allocs or [top]) if t is not None]
                if found:
                    target = (min(c for c, _ in found), set().union(*(w for _, w in found)))
                    for op in [top, *allocs]:
                        retime(op, target)
        if before == {i: w for i, (_, w) in timing.items()}:
            break
    # A tensor-memory buffer is read and written by its MMA's partition and at
    # most one other (Triton merges two that share one, and cannot when both
    # are given: an assertion, tests/data/triton/tmem-two-partitions.ttgir).
    by_buffer: dict[int, list[TOp]] = {}
    for top in body:
        if top.name in ("ttng.tmem_load", "ttng.tmem_store") and top.index in timing:
            buffer = top.operands[0]
            by_buffer.setdefault(buffer, []).append(top)
    for ops in by_buffer.values():
        first = min((timing[t.index] for t in ops), key=_first)
        for t in ops:
            timing[t.index] = (timing[t.index][0], {min(first[1])})


def _masked_pointer_load(top: TOp) -> bool:
    """A `tt.load` of a block of pointers with a mask (`tl.load(p, mask=m)`)."""
    return top.name == "tt.load" and len(top.operands) >= 2 and top.result_types[0].startswith("tensor<")


def _read_elsewhere(load: TOp, parts_of, users: dict[int, list[TOp]]) -> bool:
    """Whether a partition other than the load's reads what it loads: a user
    of the loaded value, or of the `local_alloc` (and its views) of it in the
    load's own partitions."""
    mine = parts_of(load)
    todo, seen = [load], set()
    while todo:
        op = todo.pop()
        for u in users.get(op.index, []):
            if u.index in seen or u.name == "scf.yield":
                continue
            seen.add(u.index)
            if parts_of(u) != mine:
                return True
            if u.name == "ttg.local_alloc" or u.name.startswith(_VIEW_PREFIXES):
                todo.append(u)
    return False


_LOAD_LINE = re.compile(
    r"^(?P<indent> *)(?P<name>%[\w.$-]+) = tt\.load (?P<ptr>%[\w.$#-]+), (?P<mask>%[\w.$#-]+)"
    r"(?:, (?P<other>%[\w.$#-]+))?(?P<rest>.*)$"
)


# A tensor of pointers' type: its shape, its element type, its layout (brackets nested: `#ttg.slice<{...}>`).
_POINTER_TENSOR = re.compile(r" : (tensor<(?:\d+x)+)!tt\.ptr<([^<>]+)>(, .*?)?>(?= loc\(|$)")


def _split_masked_loads(text: str, tm: TritonModule, loads: list[TOp], source: str) -> str:
    """Each masked pointer load read in another partition written as Triton
    3.9's InsertAref can pass it there: `tt.load` with its mask only, then
    `arith.select mask, loaded, other` (a zero constant where the load had no
    `other`), all three with the load's attributes. InsertAref stores a value
    computed in registers to the partitions' shared buffer (the load's
    partition executes `ld.global` and `st.shared`); a `tt.load` itself, or the
    `local_alloc` of one, it cannot pass (`cpasync not supported yet`)."""
    from twillc.frontend.triton_module import op_positions, parse_ttgir

    positions = op_positions(tm.ops, text)
    prefix = "twillc_"
    while f"%{prefix}" in text:  # names of the new values no value of the kernel has
        prefix += "_"
    edits: list[tuple[int, int, str]] = []
    for n, load in enumerate(loads):
        at = positions[load.index]
        if at is None:
            raise InternalError("cannot find a masked tt.load in the printed TTGIR")
        start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
        m = _LOAD_LINE.match(text[start:end])
        types = _POINTER_TENSOR.search(m.group("rest")) if m else None
        if m is None or types is None:
            raise InternalError(f"cannot read the masked tt.load: {text[start:end].strip()}")
        rest = m.group("rest")
        brace = rest.find(" {")
        attrs = rest[brace + 1 : _brace_end(rest, brace + 1) + 1] if brace >= 0 and rest.find(" : ") > brace else "{}"
        loc = re.search(r" loc\(.*\)$", rest)
        tail = loc.group(0) if loc else ""
        shape, elem, layout = types.group(1), types.group(2), types.group(3) or ""
        value, mask_type = f"{shape}{elem}{layout}>", f"{shape}i1{layout}>"
        indent, name, loaded = m.group("indent"), m.group("name"), f"%{prefix}load{n}"
        lines = [f"{indent}{loaded} = tt.load {m.group('ptr')}, {m.group('mask')}{rest}"]
        other = m.group("other")
        if other is None:
            other = f"%{prefix}zero{n}"
            zero = "0" if re.fullmatch(r"i\d+", elem) else "0.000000e+00"
            lines.append(f"{indent}{other} = arith.constant {attrs} dense<{zero}> : {value}{tail}")
        lines.append(
            f"{indent}{name} = arith.select {m.group('mask')}, {loaded}, {other} {attrs} : {mask_type}, {value}{tail}"
        )
        edits.append((start, end, "\n".join(lines)))
    for start, end, piece in sorted(edits, reverse=True):
        text = text[:start] + piece + text[end:]
    try:
        parse_ttgir(text, source)
    except Exception as e:  # noqa: BLE001 - whatever Triton says, it is twillc's fault
        raise InternalError(f"Triton 3.9 does not parse the split masked loads back: {e}") from None
    return text


def _brace_end(text: str, at: int) -> int:
    """The offset of the `}` closing the `{` at `at`."""
    depth = 0
    for i in range(at, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return i
    raise InternalError(f"unbalanced braces in {text!r}")


def _first(t: tuple[int, set[int]]) -> tuple[int, int]:
    return t[0], min(t[1], default=0)


def _propagate_index_ops(
    body: list[TOp],
    timing: dict[int, tuple[int, set[int]]],
    tm: TritonModule,
    top_of: dict[int, TOp],
    users: dict[int, list[TOp]],
) -> None:
    """Index arithmetic: the earliest of its users' cycles and every user's
    warps (computed again in each partition that reads it, as Triton's own
    partitioning places such ops: an index or a mask passed from one
    partition to another would go through shared memory, which Triton 3.9
    cannot do for an i1 mask), else the latest of its operands'."""
    for top in reversed(body):
        if top.index in timing or top.name == "scf.yield":
            continue
        known = [timing[u.index] for u in users.get(top.index, []) if u.index in timing]
        if known:
            timing[top.index] = (min(c for c, _ in known), set().union(*(w for _, w in known)))
    for top in body:
        if top.index in timing or top.name == "scf.yield":
            continue
        known = []
        for v in (v for o in top.walk() for v in o.operands):
            d = tm.defs.get(v)
            if d is not None and d.index in top_of and top_of[d.index].index in timing:
                known.append(timing[top_of[d.index].index])
        if known:
            last = max(c for c, _ in known)
            timing[top.index] = (last, set().union(*(w for c, w in known if c == last)))


def _partition_kind(body: list[TOp], timing: dict[int, tuple[int, set[int]]], warp: int) -> str:
    """What Triton's PartitionScheduling calls a partition of these ops: a
    store, an MMA or a load partition (in that precedence), else 'other'."""
    names = {o.name for top in body if top.index in timing and warp in timing[top.index][1] for o in top.walk()}
    for kind, ops in (("store", _STORE_OPS), ("mma", _MMA_OPS), ("load", _LOAD_OPS)):
        if names & set(ops):
            return kind
    return "other"


def _carries_tmem_token(body: list[TOp], timing: dict[int, tuple[int, set[int]]], warp: int, ii: int) -> bool:
    """Whether this warp group alone issues an MMA and reads or writes its
    accumulator in the loop (`tmem_load` / `tmem_store`, no other partition
    touching the buffer), its MMAs and tensor-memory ops all in one stage:
    Triton 3.9's pipeliner
    then leaves its partition's loop as it is, the loop carries the buffer's
    async token, and `RemoveTMEMTokens` replaces that token by a placeholder
    made at the function's entry, which an isolated partition region cannot
    use ("'scf.yield' op using value defined outside the region",
    tests/data/triton/tmem-token-in-partition.ttgir). Only the default
    partition (0), whose region is not isolated, can hold it. (Where the
    warp group's MMAs span stages, the pipeliner lowers the token away and
    Triton keeps the group where twillc numbers it.)"""
    tensor_memory = (*_MMA_OPS, "ttng.tmem_load", "ttng.tmem_store", "ttng.tmem_alloc")
    mine = {
        timing[t.index][0] // ii
        for t in body
        if t.name in tensor_memory and t.index in timing and warp in timing[t.index][1]
    }
    if len(mine) != 1:
        return False
    on: dict[int, list[TOp]] = {}
    for top in body:
        if top.name in _MMA_OPS or top.name in ("ttng.tmem_load", "ttng.tmem_store"):
            on.setdefault(top.operands[2 if top.name in _MMA_OPS else 0], []).append(top)
    for ops in on.values():
        if any(o.name in _MMA_OPS for o in ops) and any(o.name not in _MMA_OPS for o in ops):
            if all(o.index in timing and timing[o.index][1] == {warp} for o in ops):
                return True
    return False


def _number_partitions(warps: list[int], kinds: dict[int, str]) -> dict[int, int]:
    """twillc's warp groups numbered as Triton 3.9's `assignPartitionIds`
    numbers partitions, so that it keeps the numbers: a warp group whose loop
    carries a tensor-memory token first (`_carries_tmem_token`: 0, the default
    partition, runs in the kernel's own warps), then the others, then stores,
    then MMAs and loads, never 0 for another MMA or a load partition; by warp
    within a kind."""
    out: dict[int, int] = {}
    idx = 0
    for kind in ("mma-tmem", "other", "store", "mma", "load"):
        if kind == "mma" and idx == 0:
            idx = 1
        for w in warps:
            if kinds[w] == kind:
                out[w] = idx
                idx += 1
    return out


def _loop_output_partitions(
    loop: TOp, tm: TritonModule, body: list[TOp], parts_of, everyone: list[int]
) -> list[list[int]]:
    """Each loop result's partitions as Triton's PartitionScheduling derives
    them: a value, its producer's in the body; a token, its iter arg's users'."""
    block = loop.blocks[0]
    yield_op = body[-1]
    out: list[list[int]] = []
    for k, _ in enumerate(loop.result_types):
        parts: set[int] = set()
        if "!ttg.async.token" in block.arg_types[k + 1]:
            arg = block.args[k + 1]
            for top in body:
                if top.name != "scf.yield" and any(arg in o.operands for o in top.walk()):
                    parts |= set(parts_of(top))
        elif k < len(yield_op.operands):
            d = tm.defs.get(yield_op.operands[k])
            top = next((t for t in body if d is not None and any(o is d for o in t.walk())), None)
            if top is not None:
                parts = set(parts_of(top))
        out.append(sorted(parts) if parts else everyone)
    return out


def _closing_brace(text: str, at: int) -> re.Match[str]:
    """The `}` that closes the region of the op printed at `at`."""
    start = text.rfind("\n", 0, at) + 1
    indent = at - start - len(text[start:at].lstrip())
    closing = re.compile(rf"^ {{{indent}}}\}}", re.M).search(text, at)
    if closing is None:
        raise InternalError("cannot find the end of the loop in the printed TTGIR")
    return closing


def _explicit_yields(text: str, source: str) -> str:
    """Each warp-specialized loop without results (whose `scf.yield` Triton
    leaves implicit, unprinted, and reprinting drops its attributes) given an
    explicit `scf.yield` in every partition of the loop, its last op: Triton's
    partition scheduling reads the yield's `ttg.partition` and aborts on a
    yield without one ("dyn_cast on a non-existent value")."""
    from twillc.frontend.triton_module import op_positions, parse_ttgir

    tm = parse_ttgir(text, source)
    positions = op_positions(tm.ops, text)
    edits: list[tuple[int, str]] = []
    for op in tm.ops:
        if op.name != "scf.yield" or op.operands or positions[op.index] is not None or op.parent is None:
            continue
        at = positions[op.parent.index]
        if op.parent.name != "scf.for" or at is None:
            continue
        closing = _closing_brace(text, at)
        attrs = re.match(r" \{[^\n]*?\bttg\.partition = (array<i32[^>]*>)", text[closing.end() :])
        if attrs is None or "tt.warp_specialize" not in text[closing.end() : text.find("\n", closing.end())]:
            continue
        indent = closing.end() - closing.start() - 1
        edits.append((closing.start(), " " * (indent + 2) + f"scf.yield {{ttg.partition = {attrs.group(1)}}}\n"))
    for at, piece in sorted(edits, reverse=True):
        text = text[:at] + piece + text[at:]
    if edits:
        try:
            parse_ttgir(text, source)
        except Exception as e:  # noqa: BLE001 - whatever Triton says, it is twillc's fault
            raise InternalError(f"Triton 3.9 does not parse the loops' explicit scf.yield back: {e}") from None
    return text


def _after_region(text: str, at: int, dict_text: str) -> tuple[int, str]:
    """Where a region op's attribute dictionary goes: after the `}` that closes
    its region (merged into a dictionary already there)."""
    brace = _closing_brace(text, at).end()
    if text.startswith(" {", brace):
        return brace + 2, dict_text[1:-1] + ", "
    return brace, " " + dict_text


def _array(values: list[int]) -> str:
    return "array<i32" + (": " + ", ".join(str(v) for v in values) if values else "") + ">"


def _write(tm, attrs: dict[int, dict[str, str]], source: str) -> str:
    """Set the attributes, print with Triton, check that Triton parses it back."""
    from triton._C.libtriton import ir

    from twillc.frontend.triton_module import op_positions, parse_ttgir

    builder = ir.builder(tm.context)
    textual: dict[int, dict[str, str]] = {}
    for index, named in attrs.items():
        op = tm.ops[index]
        if not named:  # nothing to set (a yield on sm_90; one a loop without results leaves unprinted)
            continue
        if not op.results:
            textual[index] = named
            continue
        value = op.handle.get_result(0)  # type: ignore[attr-defined]
        for name, text in named.items():
            m = re.fullmatch(r"(-?\d+) : i32", text)
            if m:
                value.set_attr(name, builder.get_int32_attr(int(m.group(1))))
            elif text == "unit":
                value.set_attr(name, builder.get_unit_attr())
            else:
                value.set_attr(name, builder.get_string_attr(_raw(text)))
    text = tm.module.str()  # type: ignore[attr-defined]
    if textual:
        positions = op_positions(tm.ops, text)
        edits: list[tuple[int, str]] = []
        for index, named in textual.items():
            at = positions[index]
            op = tm.ops[index]
            if at is None and op.name == "scf.yield" and not op.operands:
                continue  # a loop without results: its yield is implicit, not printed (`_explicit_yields`)
            if at is None:
                raise InternalError(f"cannot find {tm.ops[index].name} in the printed TTGIR")
            dict_text = "{" + ", ".join(n if v == "unit" else f"{n} = {v}" for n, v in named.items()) + "}"
            end = text.find("\n", at)
            line = text[at:end]
            if op.blocks:  # a region op: its attributes follow the closing brace
                edits.append(_after_region(text, at, dict_text))
            elif op.name == "scf.yield":
                insert = at + len("scf.yield")
                edits.append((insert, " " + dict_text))
            else:
                colon = line.find(" : ")
                insert = at + (colon if colon >= 0 else line.rfind(" loc("))
                edits.append((insert, " " + dict_text))
        for at, piece in sorted(edits, reverse=True):
            text = text[:at] + piece + text[at:]
    text = _PLACEHOLDER.sub(lambda m: m.group(1), text)
    if not text.endswith("\n"):
        text += "\n"
    try:
        parse_ttgir(text, source)
    except Exception as e:  # noqa: BLE001 - whatever Triton says, it is twillc's fault
        raise InternalError(f"Triton 3.9 does not parse the annotated TTGIR back: {e}") from None
    return text
