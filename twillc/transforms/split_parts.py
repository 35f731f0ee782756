"""The parts of a loop split by `mask-split`, read from the IR: the kernel
without its split masks (`fold_split_masks`) and the unmasked iterations'
problem and schedule (`unmasked_part`). No solver: `verify-schedule` and the
emitters read the parts through this module."""

from __future__ import annotations

from dataclasses import replace

from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.ir import Operation

from twillc.dialects import tile
from twillc.dialects.tile_scalars import is_scalar_arith
from twillc.dialects.twill_split import UNMASKED_CYCLE, mask_split_of, split_selects
from twillc.scheduling.graph import DependenceGraph, Schedule, Status, WarpRole
from twillc.target.machine import Machine
from twillc.transforms.common import located_error
from twillc.transforms.ir_graph import costed_ops, find_loop, graph_from_loop, kernel_name, op_ids


def fold_split_masks(module: ModuleOp) -> None:
    """The kernel without its split masks: each `twill.split_mask` select
    replaced by its true operand, and what only fed them (in the loop or
    before it) removed."""
    loop = find_loop(module)
    dead: list[Operation] = []
    for select in split_selects(loop.body.block):
        select.result.replace_all_uses_with(select.on_true)
        dead.append(select)
    while dead:
        op = dead.pop()
        operands = [v.owner for v in op.operands if isinstance(v.owner, Operation)]
        op.detach()
        op.erase(safe_erase=False)
        for owner in operands:
            if owner.parent is not None and all(not r.uses for r in owner.results) and _pure(owner):
                dead.append(owner)


def _pure(op: Operation) -> bool:
    computes = op.dialect_name() == "tile" or is_scalar_arith(op)
    return op.results != () and not isinstance(op, tile.LoadOp | tile.ForOp) and computes


def unmasked_part(
    module: ModuleOp, machine: Machine, roles: tuple[WarpRole, ...] = ()
) -> tuple[DependenceGraph, Schedule] | None:
    """The unmasked iterations' problem and schedule as the IR states them:
    the loop with its split masks folded (on a copy), each op at its
    `twill.unmasked_cycle`, on its warp in the loop's schedule (whose
    `roles` it shares); None when the loop is not split. Each op keeps its id
    in the loop as written, so both parts name an op alike."""
    loop = find_loop(module)
    split = mask_split_of(loop)
    if split is None:
        return None
    copy = module.clone()
    original = dict(zip(copy.walk(), module.walk(), strict=True))
    fold_split_masks(copy)
    graph, copied = graph_from_loop(find_loop(copy), machine, kernel_name(copy))
    as_written = op_ids(costed_ops(loop))
    name = {k: as_written[original[o]] for k, o in copied.items()}
    graph = replace(
        graph,
        ops=tuple(
            replace(o, id=name[o.id], tmem_in_place=name[o.tmem_in_place] if o.tmem_in_place else "") for o in graph.ops
        ),
        edges=tuple(replace(e, src=name[e.src], dst=name[e.dst]) for e in graph.edges),
        # one tensor-memory plan serves both parts: the loop's as written (its columns checked there);
        # folded selects change what the unmasked graph writes in place, not the columns the kernel holds
        tmem_columns=0,
    )
    ops = {name[k]: o for k, o in copied.items()}
    cycles: dict[str, int] = {}
    warps: dict[str, int] = {}
    for k, o in ops.items():
        c, w = o.attributes.get(UNMASKED_CYCLE), o.attributes.get("twill.warp")
        if not isinstance(c, IntegerAttr):
            raise located_error(o, f"op '{k}' of a split loop has no {UNMASKED_CYCLE}")
        cycles[k] = int(c.value.data)
        if isinstance(w, IntegerAttr):
            warps[k] = int(w.value.data)
    u = split.unmasked
    schedule = Schedule(
        ii=u.ii.data,
        cycles=cycles,
        length=u.length.data,
        status=Status(u.status.data),
        lower_bound=u.lower_bound.data,
        warps=warps if len(warps) == len(ops) else None,
        roles=roles,
    )
    return graph, schedule
