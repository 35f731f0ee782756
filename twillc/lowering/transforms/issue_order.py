"""`issue-order`: the warp roles' turns at the tensor core, read off the
joint schedule and written as `twill.issue_order` after the loop's
`twill.warp_specialize` (twillc/dialects/twill_turns.py). Run by
`warp-specialize` as its last step, and as a pass of its own.

On sm_90a two (or more) consumer warp groups issue wgmma to one tensor
core. The schedule places each MMA at a cycle of the II; when every role's
MMAs form one run on the unit's circle of II cycles (no other role's MMA
between them), the roles take turns in the order of their runs: FA3's
ping-pong, one warp group's softmax under the other's GEMMs. A run's ops
are numbered from its first: the op at `at` of stage `stage` issues in turn
`j` for iteration `j - stage (+ 1 when it is past the circle's end)`. The
turns of all roles interleave strictly (the CUDA printer's named barriers
and the simulator both rely on it) when every role takes as many turns as
the others for any trip count (equal spreads of those offsets) and the
roles' first turns fall within one II; otherwise, when the unit has one
role, when a role issuing MMAs runs nothing else (a GEMM's consumers have
nothing to hide under another's turn) and on sm_100a (one thread issues
tcgen05.mma), nothing is written and the roles' issue is ordered by their
data alone.

Each turn also lists the MMAs its role issues before ops that do not read
them, waiting for each before its first reader (`overlap`, FA3's
intra-warpgroup overlap), from the order of the role's kernel copies."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from twillc.dialects import tile
from twillc.dialects.twill import region_ops
from twillc.dialects.twill_turns import IssueOrderOp, TurnOp
from twillc.lowering.warp_program import find_issue_order, find_memory_plan, find_warp_specialize
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import cost_of, costed_ops, find_loop, op_ids

UNIT = "tc"
"""The unit whose issue the turns order: the tensor core (wgmma)."""


@dataclass(frozen=True)
class _Issue:
    op: str
    warp: int
    stage: int
    at: int


def derive_turns(ii: int, roles: list[tuple[str, int, list[_Issue]]]) -> list[tuple[str, int, list[str], list[int]]]:
    """The turns of `roles` ((name, warp, its kernel copies at the unit)),
    first turn first, as (role, warp, ops, iteration offsets); empty when
    the schedule does not make the roles take turns (module docstring)."""
    issues = sorted((c for _, _, cs in roles for c in cs), key=lambda c: (c.at, c.warp, c.op))
    warps = {c.warp for c in issues}
    if len(warps) < 2:
        return []
    runs: list[list[_Issue]] = []
    for c in issues:
        if runs and runs[-1][0].warp == c.warp:
            runs[-1].append(c)
        else:
            runs.append([c])
    if len(runs) > 1 and runs[0][0].warp == runs[-1][0].warp:  # the circle's last run goes on into its first
        runs[0] = runs.pop() + runs[0]
    if len(runs) != len(warps):  # a role issues in two runs per II: no turns
        return []
    name_of = {w: n for n, w, _ in roles}
    turns = []
    for run in runs:
        first = run[0]
        offsets = [-c.stage + (1 if c.at < first.at else 0) for c in run]
        start = -max(offsets) * ii + first.at  # the schedule's cycle of the role's first turn
        turns.append((start, max(offsets) - min(offsets), first.warp, run, offsets))
    if len({spread for _, spread, *_ in turns}) != 1:  # roles taking different numbers of turns
        return []
    turns.sort(key=lambda t: t[0])
    if turns[-1][0] - turns[0][0] >= ii:  # a role's first turn an II after another's
        return []
    return [(name_of[w], w, [c.op for c in run], offsets) for _, _, w, run, offsets in turns]


def overlapped(kernel: list[_Issue], mmas: set[str], ops: dict, loop: tile.ForOp) -> list[str]:
    """The role's MMAs (its kernel copies in issue order) that the schedule
    issues before ops not reading them: from shared memory (both operands
    loaded, no register A the role would have to keep), read on this role
    alone and not carried, their first reader later in the same stage and
    not right after them."""
    name_of = {id(o): n for n, o in ops.items()}
    at = {c.op: i for i, c in enumerate(kernel)}
    out = []
    for i, c in enumerate(kernel):
        op = ops[c.op]
        if c.op not in mmas or not all(isinstance(v.owner, tile.LoadOp) for v in (op.lhs, op.rhs)):
            continue
        users = [u.operation for u in op.results[0].uses]
        names = [name_of.get(id(u)) for u in users]
        if any(n is None or n not in at for n in names) or any(u is loop.body.block.last_op for u in users):
            continue  # read after the loop, by the yield, or by another role
        first = min(at[n] for n in names) if names else None  # type: ignore[index]
        if first is not None and first > i + 1 and kernel[first].stage == c.stage:
            out.append(c.op)
    return out


@dataclass(frozen=True)
class IssueOrderPass(ModulePass):
    """Write the warp roles' turns at the tensor core (`twill.issue_order`)."""

    name = "issue-order"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        write_issue_order(op)


def write_issue_order(module: ModuleOp) -> None:
    """Derive the turns of the module's warp-specialized loop and write (or
    replace, or remove) its `twill.issue_order`."""
    loop = find_loop(module)
    ws = find_warp_specialize(loop)
    if ws is None:
        raise located_error(loop, "issue-order reads the warp-specialized loop: run warp-specialize first")
    target = module_machine(module).target
    ops = {name: op for op, name in op_ids(costed_ops(loop)).items()}
    mmas = {n for n, o in ops.items() if isinstance(o, tile.MmaOp) and cost_of(o).unit.data == UNIT}
    roles = []
    kernels = {}
    for role in ws.role_ops():
        w = role.warp.value.data
        copies = [_Issue(c.op.data, w, c.stage.value.data, c.at.value.data) for c in region_ops(role.kernel)]  # type: ignore[attr-defined]
        kernels[w] = copies
        roles.append((role.role.data, w, [c for c in copies if c.op in mmas]))
    # a role issuing MMAs alone has nothing to hide under another's turn (a GEMM's consumers: their
    # order is the unit's, barriers would only add waits); nor does the GEMM printer read turns
    plan = find_memory_plan(loop)
    hides = all(
        any(c.op not in mmas and not isinstance(ops[c.op], tile.LoadOp) for c in kernels[w]) for _, w, cs in roles if cs
    )
    gemm_printer = plan is not None and plan.release.data == "deferred"
    turns = [] if target.has_tensor_memory or gemm_printer or not hides else derive_turns(ws.ii.value.data, roles)
    groups = len(ws.role_ops())
    # the turns' named barriers follow the warp groups' own (ids 1 .. groups - 1; 0 is __syncthreads'), of 16
    if turns and groups + len(turns) > 16:
        turns = []
    entries = [
        TurnOp(name, w, groups + k, ops_, iters, overlapped(kernels[w], mmas, ops, loop))
        for k, (name, w, ops_, iters) in enumerate(turns)
    ]
    old = find_issue_order(loop)
    if not entries:
        if old is not None:
            old.detach()
            old.erase()
        return
    result = IssueOrderOp(UNIT, entries)
    if old is not None:
        Rewriter.replace_op(old, result)
    else:
        Rewriter.insert_op(result, InsertPoint.after(find_memory_plan(loop) or ws))
