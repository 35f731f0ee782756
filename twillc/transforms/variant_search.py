"""`variant-search`: schedule the kernel as written and as `sub-tile` splits
it, and keep the variant with the best throughput.

The kernel's repeated pure expressions are first computed once (`cse`: a
`cast<f16>(ds)` written twice is one tile). The variants are: the kernel
unsplit (unless one of its MMAs has more rows than one MMA instruction of the
target computes: then it must be split; a persistent kernel asking for a CTA
pair on sm_100a, `cluster 2`, is scheduled only as written, its 256-row MMA
the pair's), and its rows split in n = 2, 3, ...
`max_parts` parts where `sub-tile` allows the split (contraction and reduced
dimensions kept whole, the parts' MMA rows what the target's instructions
take); each also with the loop's steps split in 2 .. `max_loop_parts`
consecutive iterations where the loop allows it (`sub-tile{loop-parts=n}`:
the rows a step loads by the loop's index, which no op of the step mixes
but an MMA adding into a carried accumulator, as FA3 takes 64-row query
blocks where a user writes 128). A loop split does a step's work in n
iterations: it ranks by n times its II. Registers, shared memory and tensor
memory decide in the scheduling itself: a variant whose loop does not fit is
refused there with its reason. Each variant runs annotate-costs,
cost-normalize, modulo-schedule, joint-schedule and verify-schedule (after
`index-remat`, its index tiles computed at each read); each
gets an equal share of what is left of `time_limit` (its modulo search at
most a third of the share), so the pass ends within the limit.

Every variant does the same work per iteration (one CTA's tile, however
split), so the best throughput is the least II in machine cycles: the
normalized II times the variant's own normalization scale (its raw cycles
over its normalized cycles), not the raw normalized II, which is not
comparable between variants. Ties go to the better status, then to fewer
parts; but IIs within one normalized unit of the least are one throughput
(each variant's rounding), and among them the variant whose loop results
need not cross warp groups after the loop wins (`epilogue_crossing_bytes`).
The winning module replaces the input; the loop records every variant tried
in `twill.variants`. When no variant schedules, the error of the
variant with the fewest parts is reported as that variant's pipeline reports
it, followed by the other variants' reasons.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from twillc.diagnostics import UserError
from twillc.dialects.twill import ScheduleAttr, VariantAttr
from twillc.dialects.twill_split import mask_split_of
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.cycles import cycles_per_unit
from twillc.transforms.ir_graph import find_loop, meeting_results

STATUS_RANK = {"optimal": 0, "feasible": 1}


def unit_cycles(v: Variant) -> int:
    """Machine cycles of one normalized unit of `v`'s II per step of the
    loop as written (the rounding of its `ii_cycles`)."""
    return -(-v.ii_cycles // max(v.ii, 1)) * v.loop_parts


def epilogue_crossing_bytes(module: ModuleOp) -> int:
    """Bytes of the scheduled loop's results that the code after the loop
    combines with results of another warp group: of each set of results that
    meet in an expression after the loop, all but the largest group's share
    cross (through shared memory, and are held beside the others'). 0 when
    the joint schedule placed no warps."""
    from twillc.dialects import tile
    from twillc.transforms.memory_plan import nbytes

    loop = find_loop(module)
    yielded = loop.body.block.last_op
    if yielded is None:
        return 0
    source: dict[SSAValue, tuple[int, int]] = {}  # a loop result -> (its warp group, its bytes)
    for result, value in zip(loop.results, yielded.operands, strict=False):
        warp = value.owner.attributes.get("twill.warp") if isinstance(value.owner, Operation) else None
        if isinstance(warp, IntegerAttr) and isinstance(result.type, tile.TileType):
            source[result] = (warp.value.data, nbytes(result.type))
    groups = [g & source.keys() for g in meeting_results(loop)]
    crossing = 0
    for group in groups:
        per_warp: dict[int, int] = {0: 0}
        for v in group:
            warp, size = source[v]
            per_warp[warp] = per_warp.get(warp, 0) + size
        crossing += sum(per_warp.values()) - max(per_warp.values())
    return crossing


@dataclass(frozen=True)
class Variant:
    parts: int
    module: ModuleOp | None
    ii: int = 0
    ii_cycles: int = 0
    lower_bound: int = 0
    status: str = "refused"
    note: str = ""
    error: UserError | None = None
    loop_parts: int = 1
    columns: bool = False
    """The parts are the columns of the largest MMA result (`sub-tile{columns}`)."""
    reach: int = 0
    """A `slower` variant: cycles a step that it takes more than a unit (of its own) beyond."""

    @property
    def step_cycles(self) -> int:
        """II in machine cycles for one step of the loop as written (its
        steps split in `loop_parts` iterations take `loop_parts` IIs)."""
        return self.ii_cycles * self.loop_parts


def _fastest(done: list[Variant]) -> Variant | None:
    """The least II per step of the loop as written; ties to the better
    status, then to the kernel closest to as written."""
    if not done:
        return None
    return min(done, key=lambda v: (v.step_cycles, STATUS_RANK.get(v.status, 2), v.loop_parts, v.parts))


@dataclass(frozen=True)
class VariantSearchPass(ModulePass):
    """Schedule the unsplit and sub-tiled variants of the kernel; keep the fastest."""

    name = "variant-search"

    parts: int = 0
    """0: search the variants; n >= 1: schedule only the kernel split in n (1: as written)."""

    max_parts: int = 4
    """The most parts the search tries."""

    chain: str = ""
    """The value whose rows split (default: the rows of the largest MMA result)."""

    loop_parts: int = 0
    """0: also try the loop's steps split in 2 .. `max_loop_parts` consecutive
    iterations (`sub-tile{loop-parts=n}`: a step's rows in n, the trip count
    times n), unless `parts` names one variant (then its loop as written);
    n >= 1: only the loop split in n (1: as written)."""

    max_loop_parts: int = 2
    """The most iterations the search splits a loop step into."""

    split: bool = True
    """Split a loop whose iterations differ only by a mask into its masked
    and unmasked iterations (`mask-split`); false: mask every iteration."""

    remat: bool = True
    """Compute index tiles and their comparisons at each read (`index-remat`);
    false: hold them as tiles, each an op of the schedule."""

    time_limit: int | float = 30.0
    """Seconds for the searches of all variants together: the pass ends
    within them (plus the last first schedule's ~2 s). 30 s is the plain
    pipeline's modulo-schedule 10 s + joint-schedule 20 s, so one variant is
    scheduled exactly as the plain pipeline schedules it."""

    def column_candidates(self, module: ModuleOp) -> tuple[list[int], list[Variant]]:
        """The column splits (`sub-tile{columns}`) to schedule when no row
        variant schedules, and those refused before scheduling."""
        from twillc.transforms.sub_tile import sub_tile_refusal

        machine = module_machine(module)
        keep: list[int] = []
        refused: list[Variant] = []
        counts = [self.parts] if self.parts else list(range(2, self.max_parts + 1))
        for n in [n for n in counts if n > 1]:
            reason = sub_tile_refusal(module, n, self.chain, machine, columns=True)
            if reason is None:
                keep.append(n)
            else:
                refused.append(Variant(n, None, note=reason[1], error=located_error(*reason), columns=True))
        return keep, refused

    def candidates(self, module: ModuleOp) -> tuple[list[tuple[int, int]], list[Variant]]:
        """The (loop parts, parts) to schedule, and the variants refused before
        scheduling. A loop whose steps do not split is one refused variant (its
        reason said when nothing schedules), not one per row split."""
        from twillc.dialects import tile
        from twillc.transforms.cta_pair import check_pair, pair_share
        from twillc.transforms.sub_tile import kernel_func, loop_rows_split, oversized_mma, sub_tile_refusal

        machine = module_machine(module)
        counts = [self.parts] if self.parts else list(range(1, self.max_parts + 1))
        if self.loop_parts:
            loops = [self.loop_parts]
        else:  # `parts=n` alone names one variant: its loop as written
            loops = [1] if self.parts else list(range(1, self.max_loop_parts + 1))
        if pair_share(module) == 2:  # refused before any search where no pair can compute it
            check_pair(module, next(o for o in module.walk() if isinstance(o, tile.PersistentOp)))
        if pair_share(module) == 2 and not (self.parts or self.loop_parts):
            # `cluster 2` on sm_100a: the tile as written is the CTA pair's (tcgen05.mma.cta_group::2, 256 rows)
            return [(1, 1)], []
        keep: list[tuple[int, int]] = []
        refused: list[Variant] = []
        for m in loops:
            split = module
            if m > 1:
                split = module.clone()
                try:
                    loop_rows_split(split, m)
                except UserError as e:
                    refused.append(Variant(1, None, note=e.message, error=e, loop_parts=m))
                    continue
            for n in counts:
                if n == 1:
                    reason = oversized_mma(kernel_func(split), machine)
                else:
                    reason = sub_tile_refusal(split, n, self.chain, machine)
                if reason is None:
                    keep.append((m, n))
                else:
                    refused.append(Variant(n, None, note=reason[1], error=located_error(*reason), loop_parts=m))
        return keep, refused

    def schedule(
        self,
        ctx: Context,
        module: ModuleOp,
        parts: int,
        limit: float,
        alone: bool,
        loop_parts: int = 1,
        rival: Variant | None = None,
        columns: bool = False,
    ) -> Variant:
        """The variant split in `parts` (and its loop in `loop_parts`),
        scheduled within `limit` seconds. `rival`: the fastest variant so
        far; the IIs at which this one could match it are tried for
        refutation first, and when all are refuted it is `slower`, not
        searched further."""
        from twillc.ir.verify import verify_located
        from twillc.transforms.annotate_costs import AnnotateCostsPass
        from twillc.transforms.cost_normalize import CostNormalizePass
        from twillc.transforms.index_remat import IndexRematPass
        from twillc.transforms.joint_schedule import JointSchedulePass, Outclassed
        from twillc.transforms.mask_split import MaskSplitPass, has_split_mask
        from twillc.transforms.modulo_schedule import ModuloSchedulePass
        from twillc.transforms.sub_tile import loop_rows_split, sub_tile
        from twillc.transforms.verify_schedule import VerifySchedulePass

        deadline = time.monotonic() + limit
        # Cycles per iteration of this variant within which it could be chosen over the rival.
        beat = -(-(rival.step_cycles + unit_cycles(rival)) // loop_parts) if rival is not None else 0
        try:
            if loop_parts > 1:
                loop_rows_split(module, loop_parts)
                verify_located(module)
            if parts > 1:
                sub_tile(module, parts, self.chain, columns)
                verify_located(module)
            if self.remat:  # index tiles computed at each read, not scheduled
                IndexRematPass().apply(ctx, module)
            if self.split and has_split_mask(module):  # the masked and unmasked iterations, one pipeline
                passes = [
                    MaskSplitPass(time_limit=max(deadline - time.monotonic(), 1.0), beat=beat),
                    VerifySchedulePass(),
                ]
            else:
                passes = [
                    AnnotateCostsPass(),
                    CostNormalizePass(),
                    ModuloSchedulePass() if alone else ModuloSchedulePass(time_limit=min(10.0, limit / 3)),
                    JointSchedulePass(time_limit=max(deadline - time.monotonic(), 0.5), beat=beat),
                    VerifySchedulePass(),
                ]
            for p in passes:
                p.apply(ctx, module)
                verify_located(module)
        except Outclassed as e:
            assert rival is not None
            what = "as written" if rival.parts == 1 else f"in {rival.parts} parts"
            if rival.loop_parts > 1:
                what += f", loop steps in {rival.loop_parts}"
            refuted = f"II={e.lower}..{e.top} refuted at every length" if e.lower <= e.top else f"bound {e.lower}"
            note = f"cannot match {rival.step_cycles} cycles a step ({what}): {refuted}"
            reach = rival.step_cycles + unit_cycles(rival)
            return Variant(
                parts,
                None,
                lower_bound=e.top + 1,
                status="slower",
                note=note,
                loop_parts=loop_parts,
                reach=reach,
                columns=columns,
            )
        except UserError as e:
            return Variant(
                parts, None, status="unscheduled", note=e.message, error=e, loop_parts=loop_parts, columns=columns
            )
        loop = find_loop(module)
        sched = loop.attributes["twill.schedule"]
        split = mask_split_of(loop)
        if split is not None:  # most iterations run the unmasked part: it ranks the variant
            sched = split.unmasked
        assert isinstance(sched, ScheduleAttr)
        scale = cycles_per_unit(loop)
        return Variant(
            parts,
            module,
            ii=sched.ii.data,
            ii_cycles=round(sched.ii.data * scale),
            lower_bound=sched.lower_bound.data,
            status=sched.status.data,
            loop_parts=loop_parts,
            columns=columns,
        )

    @staticmethod
    def _may_tie(slower: Variant, fastest: Variant) -> bool:
        """Whether `slower`, proven more than a unit of its own past `reach`
        cycles a step (its rival's, plus the rival's unit), might still be
        within a unit of `fastest`, whose unit may be larger than the rival's."""
        return fastest.step_cycles + unit_cycles(fastest) > slower.reach

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from twillc.scheduling.progress import milestone, milestone_scope
        from twillc.transforms.cse import eliminate_common_subexpressions
        from twillc.transforms.sub_tile import kernel_func

        if self.parts < 0 or self.max_parts < 1:
            raise located_error(op, "variant-search: parts must be >= 0 and max-parts >= 1")
        find_loop(op)  # a kernel with no loop: the usual located error
        if not any("twill.cost" in o.attributes for o in op.walk()):  # a costed module is scheduled as it stands
            eliminate_common_subexpressions(kernel_func(op))
        keep, refused = self.candidates(op)
        if not keep:
            first = min(refused, key=lambda v: (v.loop_parts, v.parts))
            assert first.error is not None
            raise first.error
        deadline = time.monotonic() + self.time_limit
        tried: list[Variant] = []
        # Most parts first: on the targets' warp groups the sub-tiled kernel
        # is usually the fastest, and each variant after the fastest so far
        # need only be searched at the IIs that could match it.
        keep.sort(key=lambda mn: (-mn[1], mn[0]))
        for i, (m, n) in enumerate(keep):
            left = max(deadline - time.monotonic(), 1.0)
            # One variant alone gets the whole limit, exactly as the plain pipeline.
            share = self.time_limit if len(keep) == 1 else left / (len(keep) - i)
            scope = "as written" if n == 1 else f"in {n} parts"
            rival = _fastest([v for v in tried if v.module is not None])
            with milestone_scope(scope if m == 1 else f"{scope}, loop steps in {m}"):
                tried.append(self.schedule(ctx, op.clone(), n, share, len(keep) == 1, m, rival))
                milestone(f"done ({tried[-1].status})")
        # A variant found slower than an earlier one, that a later one within a
        # larger unit's reach of it could still tie, is scheduled in full.
        final = _fastest([v for v in tried if v.module is not None])
        for i, v in enumerate(tried):
            if v.status == "slower" and final is not None and self._may_tie(v, final):
                left = max(deadline - time.monotonic(), 1.0)
                with milestone_scope("again"):
                    tried[i] = self.schedule(ctx, op.clone(), v.parts, left, False, v.loop_parts)
                    milestone(f"done ({tried[i].status})")
        done = [v for v in tried if v.module is not None]
        if not done:
            # No row variant fits: the columns of the largest MMA result in
            # parts (a decode's [16, 512] accumulator, whose 16 rows an m64
            # fragment pads to 64, as two [16, 256] halves on two warp groups).
            columns, refused_columns = self.column_candidates(op)
            refused += refused_columns
            for i, n in enumerate(columns):
                left = max(deadline - time.monotonic(), 1.0)
                with milestone_scope(f"in {n} column parts"):
                    tried.append(self.schedule(ctx, op.clone(), n, left / (len(columns) - i), False, columns=True))
                    milestone(f"done ({tried[-1].status})")
            done = [v for v in tried if v.module is not None]
        order = lambda v: (v.loop_parts, v.columns, v.parts)  # noqa: E731
        if not done:
            first = min(tried, key=order)
            assert first.error is not None
            # The splits refused before scheduling say why too (the user's next
            # step is there), each reason once.
            by_note: dict[tuple[int, bool, str], list[str]] = {}
            for v in sorted(tried + refused, key=order):
                if v is not first:
                    by_note.setdefault((v.loop_parts, v.columns, v.note), []).append(str(v.parts))
            others: list[str] = []
            for (m, cols, note), parts in by_note.items():
                rows = f"{'columns ' if cols else ''}sub-tiled in {', '.join(parts)}"
                if m > 1:
                    rows = f"loop steps in {m}" + ("" if parts == ["1"] else f", {rows}")
                others.append(f"{rows}: {note}")
            if not others:
                raise first.error
            raise UserError(first.error.loc, f"{first.error.message} ({'; '.join(others)})", first.error.source)
        # The least II per step of the loop as written; ties to the better
        # status, then to the kernel closest to as written.
        best = _fastest(done)
        assert best is not None
        # IIs one normalized unit apart are the same throughput, measured on
        # two scales (each variant's own rounding): among those, the one whose
        # loop results need not cross warp groups after the loop (a SwiGLU
        # expert's gate and up accumulators on two groups: 64 KB moved and
        # held beside the other after the loop) is the one an expert writes.
        even = [v for v in done if v.step_cycles - best.step_cycles <= max(unit_cycles(v), unit_cycles(best))]
        fastest = best
        best = min(even, key=lambda v: (epilogue_crossing_bytes(v.module), v is not fastest))  # type: ignore[arg-type]
        if best is not fastest:
            crossing = epilogue_crossing_bytes(fastest.module)  # type: ignore[arg-type]
            note = (
                f"within one unit of {fastest.step_cycles} cycles, whose loop results would cross warp groups "
                f"after the loop ({crossing} bytes)"
            )
            tried = [replace(v, note=note) if v is best else v for v in tried]
            best = next(
                v
                for v in tried
                if v.parts == best.parts and v.loop_parts == best.loop_parts and v.columns == best.columns
            )
        assert best.module is not None
        block = op.body.block
        for old in reversed(list(block.ops)):
            block.erase_op(old, safe_erase=False)
        for new in list(best.module.body.block.ops):
            new.detach()
            block.add_op(new)
        op.attributes.update(best.module.attributes)
        # The loop splits refused before scheduling are left out of the table
        # (the loops of most kernels do not split: the reason is said when no
        # variant schedules).
        table = sorted(tried + [v for v in refused if v.loop_parts == 1 and not v.columns], key=order)
        find_loop(op).attributes["twill.variants"] = ArrayAttr(
            [
                VariantAttr(
                    v.parts, v.ii, v.ii_cycles, v.lower_bound, v.status, v is best, v.note, v.loop_parts, v.columns
                )
                for v in table
            ]
        )
