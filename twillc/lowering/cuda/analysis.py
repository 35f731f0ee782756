"""What the general emitter decides from the warp-specialized loop before it
prints: tensor-memory columns, which tiles stay in tensor memory or shared
memory, in-place accumulators, the software pipeline inside a role, and the
role of each op after the loop (read from the warp-specialized IR)."""

from __future__ import annotations

from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda.dtypes import Elt, elt
from twillc.lowering.cuda.tiles import BINARY, UNARY, column_tile
from twillc.transforms.common import located_error
from twillc.transforms.loop_handoff import initial_value
from twillc.transforms.memory_plan import (
    StagedTile,
    accumulates_in_place,
    carried_in_place,
    chunk_carried,
    in_smem,
    umma_a_t_shape,
    umma_shape,
)


class LoopAnalysis:
    """A part of the general emitter (`twillc.lowering.cuda.skeleton._Emitter`)."""

    def _plan_tmem(self, found: dict) -> None:
        """Tensor-memory columns as `plan-memory` wrote them (the one
        allocation rule, `twillc.transforms.memory_plan.plan_tmem`); which
        channels are not in shared memory is what `warp-specialize` wrote
        into the warp-specialized IR (by the same rule): the two must agree."""
        plan = self.program.plan.tmem  # type: ignore[union-attr]  (emit_cuda checks that there is one)
        self.tmem_at: dict[SSAValue, int] = plan.tmem_at  # channel value -> its ring's first column
        self.umma_direct: set[SSAValue] = plan.umma_direct  # channel values their MMA writes
        self.scratch_at: dict[int, int] = plan.scratch_at  # warp -> first column of its MMA accumulator
        self.acc_at: dict[SSAValue, int] = plan.acc_at  # carried accumulator (block arg, result, loop result)
        self.umma_in_place: set[SSAValue] = plan.in_place  # MMA results written in their accumulator's slot
        # Tiles the cost model keeps in tensor memory that cross roles with no
        # columns left for them (P is written over S, `TmemPlan.alias`, where
        # it can be): refused, or, asked for, their hand-over is a hole.
        self.tmem_pending: set[SSAValue] = plan.pending
        self.tmem_alias: dict[SSAValue, SSAValue] = plan.alias  # P -> the channel S whose slot it is written in
        # transposed register A -> the MMA reading it in its channel's shared-memory slot (MN-major)
        self.smem_operand: dict[SSAValue, tile.MmaOp] = plan.smem_operand
        if self.tmem_pending and self.hole_mode not in ("trap", "skeleton"):
            res = next(r for r in self.reg_channels if r in self.tmem_pending)
            taken = ", ".join(f"{self.name(v)} {c}" for v, c in plan.tmem_at.items())
            raise located_error(
                res.owner,  # type: ignore[arg-type]
                f"CUDA emission for {self.target.name}: '{self.name(res)}', a tile kept in tensor memory that "
                f"crosses roles, gets no tensor-memory columns (first columns taken: {taken}; {plan.columns} "
                f"allocated of {self.target.tmem_columns}): not generated "
                "(--cuda-holes=skeleton emits the kernel with its hand-over as a hole)",
            )
        self.tmem_cols = plan.columns
        self.umma_roles = {self.warp(op) for op in self.loop_ops if self._umma_shape(op) is not None}
        self.resident = plan.resident
        if plan.mma_columns > self.target.tmem_columns:
            cols = self.target.tmem_columns
            raise located_error(
                self.loop, f"CUDA emission: the MMAs need {plan.mma_columns} of {cols} tensor-memory columns"
            )
        for res in self.reg_channels:
            name = self.op_id[id(res.owner)]
            memory = "tmem" if plan.in_tmem(res) else "smem"
            if found[name].memory != memory:
                raise located_error(
                    self.program.ws,
                    f"CUDA emission: channel '{name}' is in {found[name].memory} in the warp-specialized IR, "
                    f"but the allocation rule puts it in {memory} (run warp-specialize again)",
                )
        for res in plan.in_place:
            op = res.owner
            mine, acc = self.op_id[id(op)], self.op_id[id(op.acc.owner)]  # type: ignore[attr-defined]
            if self.depths[mine] != self.depths[acc]:
                raise located_error(
                    self.program.ws,
                    f"CUDA emission: channel '{mine}' is written in place in the slots of '{acc}': "
                    f"their depths must be equal ({self.depths[mine]} and {self.depths[acc]})",
                )

    def _plan_chunks(self) -> None:
        """On sm_100a, the column-chunked updates (`twill.chunk_cols`) generated
        32 columns at a time in tensor memory (tcgen05.ld, the math, tcgen05.st),
        never whole in registers: each root, an update whose result is a carried
        tile kept in tensor memory (`memory_plan.chunk_carried`), with the chunked
        updates of its role and stage feeding only it (fused: computed per
        element, never stored) and its tiles in tensor memory: carried ones,
        results of this role's MMAs into its scratch columns that only the chain
        reads, and other roles' tiles in their tensor-memory channel slots. Any
        other chunked update is left to the general path (a hole)."""
        self.chunk_roots: dict[int, tuple[list[Operation], list[SSAValue]]] = {}  # id(root) -> (chain, leaves)
        self.chunk_fused: set[int] = set()  # ids of the chunked updates computed inside their root's loop
        self.chunk_scratch: set[SSAValue] = set()  # MMA results read only 32 columns at a time
        self.chunk_values: set[SSAValue] = set()  # values never held whole in registers
        if not self.target.has_tensor_memory:
            return
        stage = {id(op): self.cycles[self.op_id[id(op)]] // self.program.ii for op in self.loop_ops}
        for root in self.loop_ops:
            found = self._chunk_chain(root, stage)
            if found is None:
                continue
            chain, leaves = found
            self.chunk_roots[id(root)] = (chain, leaves)
            self.chunk_fused |= {id(op) for op in chain if op is not root}
            scratch = {v for v in leaves if v not in self.acc_at and v not in self.tmem_at}
            self.chunk_scratch |= scratch
            # The leaves in tensor memory are not: a role reads them there
            # (`_in_tmem`), but another role's tile in its channel slot is held
            # whole by the role computing it (a hole's or the math's array)
            # until it stores it to the slot, and a carried accumulator by a
            # role receiving it (`_received`).
            self.chunk_values |= {op.results[0] for op in chain if op is not root} | scratch

    def _chunk_chain(self, root: Operation, stage: dict[int, int]) -> tuple[list[Operation], list[SSAValue]] | None:
        """The chain of `root` (see `_plan_chunks`) in program order and its
        tensor-memory leaves, or None."""
        cols = root.attributes.get("twill.chunk_cols")
        if cols is None or root.results[0] not in self.acc_at or cols.value.data % 32:  # type: ignore[attr-defined]
            return None
        w = self.warp(root)
        chain: list[Operation] = []
        leaves: list[SSAValue] = []
        todo = [root]
        while todo:
            op = todo.pop()
            if op.name not in UNARY and op.name not in BINARY:
                return None
            chain.append(op)
            for x in op.operands:
                if not (isinstance(x.type, tile.TileType) and x.type.rank == 2) or column_tile(x):
                    continue  # row vectors (an [R, 1] tile's rows) and scalars: read per element
                if self._view(x) or self._loaded_row(x):
                    continue  # `v[None, :]` of a loaded vector, a loaded [1, C] row: read at the chunk's columns
                owner = x.owner
                if x in self.acc_at and chunk_carried(self.loop, x) and self._yielded(x) is not None:
                    if self.warp(self._yielded(x).owner) != w:  # type: ignore[union-attr,arg-type]
                        return None
                    leaves.append(x)
                elif x in self.tmem_at and x in self.reg_channels and self.warp(owner) != w:  # type: ignore[arg-type]
                    if x.type.get_shape() != root.results[0].type.get_shape():  # type: ignore[attr-defined]
                        return None
                    leaves.append(x)  # another role's tile in its tensor-memory slot, read there
                elif not isinstance(owner, Operation) or id(owner) not in self.op_id or self.warp(owner) != w:
                    return None
                elif x in self.reg_channels or stage[id(owner)] != stage[id(root)]:
                    return None
                elif "twill.chunk_cols" in owner.attributes and len(list(x.uses)) == 1:
                    todo.append(owner)
                elif (
                    self._umma_shape(owner) is not None
                    and x not in self.umma_direct
                    and owner.acc is None  # type: ignore[attr-defined]
                    and x.type.get_shape() == root.results[0].type.get_shape()  # type: ignore[attr-defined]
                ):
                    leaves.append(x)
                else:
                    return None
        members = {id(op) for op in chain}
        scratch = [v for v in dict.fromkeys(leaves) if v not in self.acc_at and v not in self.tmem_at]
        writers = [  # the role's MMAs into its scratch columns: one, or one would overwrite the other
            op
            for op in self.loop_ops
            if self.warp(op) == w
            and self._umma_shape(op) is not None
            and op.results[0] not in self.umma_direct
            and op.results[0] not in self.acc_at
        ]
        if len(scratch) > 1 or (scratch and len(writers) > 1):
            return None
        for v in scratch:
            if not all(id(u.operation) in members for u in v.uses):
                return None  # a scratch MMA result something else reads whole
        chain.sort(key=lambda op: self._order[id(op)])
        return chain, list(dict.fromkeys(leaves))

    def _reads(self, op: Operation) -> list[SSAValue]:
        """The values one op's code reads: a chunked update fused into its
        root's loop reads nothing itself, the root reads what its chain reads."""
        if id(op) in self.chunk_fused:
            return []
        if id(op) in self.chunk_roots:
            chain, _ = self.chunk_roots[id(op)]
            inner = {c.results[0] for c in chain}
            reads = [v for c in chain for v in c.operands if v not in inner]
        else:
            reads = list(op.operands)
        # a view (`v[None, :]` read in place, `_view`) reads its vector where it is: the vector's slot is
        # released after the view's last reader, not after the view
        views = [v.owner.input for v in reads if isinstance(v.owner, tile.ExpandDimsOp) and self._view(v)]  # type: ignore[attr-defined]
        return list(dict.fromkeys([*reads, *views]))

    def _acc_regions(self) -> dict[int, SSAValue]:
        """First column -> the block argument of each in-place accumulator."""
        return {c: v for v, c in self.acc_at.items() if isinstance(v, BlockArgument)}

    def _carried_in_place(self, op: Operation) -> bool:
        return carried_in_place(self.loop, op)

    def _rescaled_in_registers(self, mul: Operation, op: Operation) -> bool:
        """A rescaled accumulator (`memory_plan.rescaled_in_place`) whose
        rescale and MMA run on one role, in registers, and reach no other
        role, the MMA in a later stage than the rescale: one array there.
        With the MMA in a later stage, the role rescales iteration k + 1's
        accumulator after iteration k's MMA in the same trip, and the rescaled
        copy is the one crossing the trip's back edge; ptxas does not fold it
        into the wgmma's accumulator (FP8 forward, 128 rows a role: 444 B
        spilled at 240 registers with three arrays, none with one). In one
        stage the copies are adjacent and ptxas folds them (the H100
        forwards compile clean either way; in place, d256's second consumer
        spilled 48 B), so they are kept there."""
        values = [*(v for v in mul.operands if isinstance(v, BlockArgument)), mul.results[0], op.results[0]]
        stage = {o: self.cycles[self.op_id[id(o)]] // self.program.ii for o in (mul, op)}
        return (
            self.warp(mul) == self.warp(op)
            and stage[op] > stage[mul]
            and not any(v in self.reg_channels or v in self.acc_at or v in self.tmem_at for v in values)
        )

    def _accumulates_in_place(self, op: tile.MmaOp) -> bool:
        return accumulates_in_place(self.loop, op)

    def _umma_shape(self, op: Operation | None) -> tuple[int, int, int] | None:
        """(M, N, K) of an SS tcgen05.mma: both operands loaded, or A^T in its
        channel's shared-memory slot (`TmemPlan.smem_operand`); or None."""
        if isinstance(op, tile.MmaOp) and (self.smem_operand.get(op.lhs) is op or self._staged_a_t(op) is not None):
            return umma_a_t_shape(op, self.target)
        return umma_shape(op, self.target)

    def _staged_a_t(self, op: tile.MmaOp) -> StagedTile | None:
        """On sm_100a, the buffer where the role of `op` stages its transposed
        register A (`TmemPlan.staged`), or None."""
        if not self.target.has_tensor_memory or not op.transpose_lhs or self.program.plan is None:
            return None
        return next((st for st in self.program.plan.staged if st.operand == "a^T" and st.value is op.lhs), None)

    # -- the schedule's software pipeline inside one role -------------------
    def _pipelinable(self, w: int, mine: list[Operation], carried: list) -> bool:
        """Single buffers suffice when every register value of the role is
        dead, in schedule time, before the next iteration writes it: its uses
        span less than one II after it is written (or received)."""
        ii = self.program.ii
        cyc = {v: self.cycles[self.op_id[id(op)]] for op in mine for v in op.results}
        uses: dict[SSAValue, list[int]] = {}
        for op in mine:
            for v in op.operands:
                # a view, a number read where it is used: no instance of its own
                if not self._in_smem(v) and not self._view(v) and not isinstance(v.owner, tile.LoadScalarOp):
                    uses.setdefault(v, []).append(self.cycles[self.op_id[id(op)]])
        rotated = set()
        for v, at in uses.items():
            if max(at) - min(at) >= ii:
                return False  # three instances alive at once: not generated yet
            written = cyc.get(v, min(at))  # received values: at their first use
            if max(at) >= written + ii and not isinstance(v, BlockArgument):
                if v not in cyc or v in self.reg_channels or any(y is v for _, y in carried):
                    return False
                if max(at) >= written + 2 * ii:
                    return False  # three instances alive at once
                rotated.add(v)  # two instances: written to _next, handed over
        for group, y in self._carried_groups(carried):
            if len(group) == 1:
                continue  # the schedule's recurrence edge orders the hand-off before the next iteration's reads
            # `x = y` (two iterations back: no edge of the schedule): the
            # group's hand-off, after its last read and its value, comes
            # before the next iteration's first read
            reads = [self.cycles[self.op_id[id(op)]] for op in mine if any(v in group for v in self._reads(op))]
            at = max([*reads, self.cycles[self.op_id[id(y.owner)]]])
            if any(at - c >= ii for c in reads):
                return False
        self._rotated |= rotated
        return True

    def _read_outside(self) -> None:
        """Around the loop, as `warp-specialize` decided it (the `outside`
        entries of the warp-specialized IR): the role holding each loop result
        and each post-loop value, the role of each op after the loop, and the
        values crossing roles there (once, through shared memory)."""
        outside = self.program.outside
        self.post_role: dict[int, int] = {id(op): w for op, w in outside.post.items()}  # id(op) -> warp
        self.holder: dict[SSAValue, int] = dict(outside.live_out)
        self.holder |= {r: w for op, w in outside.post.items() for r in op.results}
        # value -> (the role holding it, the roles reading it)
        self.post_channels: dict[SSAValue, tuple[int, frozenset[int]]] = dict(outside.handoffs)

    def _yielded(self, v: SSAValue) -> SSAValue | None:
        """For a carried block argument, the in-loop value yielded for it."""
        if isinstance(v, BlockArgument) and v.block is self.body and v.index > 0:
            y = self.body.last_op.operands[v.index - 1]  # type: ignore[union-attr]
            if isinstance(y.owner, Operation) and id(y.owner) in self.op_id:
                return y
        return None

    def _carried_arg(self, v: SSAValue) -> bool:
        """Whether v is a carried value (the loop body's block argument)."""
        return isinstance(v, BlockArgument) and v.block is self.body and v.index > 0

    def _carried_groups(self, carried: list) -> list[tuple[list[SSAValue], SSAValue]]:
        """Each pair (arg, y) of `carried` whose y the loop computes, with the
        carried values that take arg's previous value (`x = arg`), theirs
        (`w = x`), and so on: [arg, x, w, ...] (nearest first) and y. Their
        hand-offs go together (`_events`): each copies the value the next
        one overwrites."""
        feeds: dict[SSAValue, list[SSAValue]] = {}  # carried b -> the carried values yielded as b
        for arg, y in carried:
            if y is not arg and self._carried_arg(y):
                feeds.setdefault(y, []).append(arg)
        groups = []
        for arg, y in carried:
            if self._carried_arg(y):  # unchanged, or taking another carried value's: in that one's group
                continue
            group = [arg]
            for a in group:  # breadth first: a value before those taking its previous value
                group += feeds.get(a, [])
            groups.append((group, y))
        return groups

    def _in_smem(self, v: SSAValue) -> bool:
        return in_smem(initial_value(self.loop, v) or v)

    def _view(self, v: SSAValue) -> bool:
        """A `tile.expand_dims` result its readers index in place, with no
        array of its own (`TileMath._expand_view`): `v[:, None]`, or
        `v[None, :]` of a vector in shared memory that no other role reads
        (one sent is a `[1, C]` array: `TileMath._expand_view`)."""
        op = v.owner
        if isinstance(op, tile.ExpandDimsOp) and op.axis.value.data == 0 and v in self.reg_channels:
            return not self._in_smem(op.input)  # sent: an array (a register vector's is not generated)
        return isinstance(op, tile.ExpandDimsOp) and (op.axis.value.data == 1 or self._in_smem(op.input))

    def _in_tmem(self, v: SSAValue, w: int) -> bool:
        """Whether role `w` reads `v` in place in tensor memory (never whole in
        registers): its carried accumulator, a channel slot its MMA writes, or
        one another role stored a register tile to."""
        return (
            self._acc_on(v, w)
            or self._tmem_channel(v, w)
            or (v in self.tmem_at and isinstance(v.owner, Operation) and id(v.owner) in self.ts_mmas)
            or self._tmem_received(v, w)
            or self._streams_to_slot(v, w)
        )

    def _sent_whole(self, v: SSAValue) -> bool:
        """A tile the cost model keeps in tensor memory that the role being
        emitted computes in registers and stores whole to its channel's slot
        (FA4's P, cast to f16 and written over S)."""
        return v in self.reg_channels and v in self.tmem_at and self.warp(v.owner) == self._role  # type: ignore[arg-type]

    def _acc_on(self, v: SSAValue, w: int) -> bool:
        """Whether `v` is a carried accumulator in tensor memory (`acc_at`) as
        role `w` sees it: not on a role that receives it from the role
        updating it (`_received`), which holds its copy in registers."""
        return v in self.acc_at and not self._received(v, w)

    def _received(self, v: SSAValue, w: int) -> bool:
        """A carried value role `w` reads that another role computes: each
        iteration receives the previous one's (`RoleCode._copy`) into the
        array of the block argument, declared on `w`, from the channel slot
        (tcgen05.ld from tensor memory, a hole where it has no columns, or a
        copy from shared memory)."""
        y = self._yielded(v)
        return y is not None and y in self.reg_channels and self.warp(y.owner) != w  # type: ignore[arg-type]

    def _read_in_place(self, v: SSAValue, w: int) -> bool:
        """A register tile from another role that one element-wise op of role
        `w` reads: read in its shared-memory slot, never copied to registers
        (sm_90a, where these channels live in shared memory; it keeps FA3's
        backward consumer, P next to dK, under its 240 registers); on
        sm_100a, a transposed A its MMA reads in its slot (`smem_operand`)."""
        mma = self.smem_operand.get(v)
        if mma is not None:
            return self.warp(mma) == w and self.warp(v.owner) != w  # type: ignore[arg-type]
        if not self.target.wgmma or v not in self.reg_channels or self.warp(v.owner) == w:  # type: ignore[arg-type]
            return False
        readers = {id(u.operation): u.operation for u in v.uses if id(u.operation) in self.op_id}
        mine = [op for op in readers.values() if self.warp(op) == w]
        if len(mine) != 1:
            return False
        op = mine[0]
        if isinstance(op, tile.MmaOp):  # a register A (P V): packed into its fragments from the slot
            return op.lhs is v and op.rhs is not v and not op.transpose_lhs and not self._in_smem(v)
        return op.name in UNARY or op.name in BINARY or isinstance(op, tile.CastOp)

    def _tmem_channel(self, v: SSAValue, w: int) -> bool:
        """A tensor-memory channel slot role `w` reads in place."""
        placed = v in self.tmem_at or v in self.tmem_pending
        return v in self.umma_direct or (placed and self.warp(v.owner) != w)  # type: ignore[arg-type]

    def _pre_smem(self, v: SSAValue) -> bool:
        v = initial_value(self.loop, v) or v  # a carried value the loop never assigns: its initial value
        return isinstance(v.owner, tile.LoadOp) and v.owner in self.pre_loads

    def _staged_early(self, x: SSAValue) -> bool:
        """A tile a transposed wgmma reads goes to shared memory as soon as its
        role computes it (FA3's dS): every MMA then reads it there, and its
        registers are free (one live instance, MMAs on the producing role)."""
        if x not in self.staged or x in self._rotated or id(x.owner) not in self.op_id:
            return False
        w = self.warp(x.owner)  # type: ignore[arg-type]
        return all(self.warp(u.operation) == w for u in x.uses if isinstance(u.operation, tile.MmaOp))

    def _sent_staged(self, x: SSAValue) -> bool:
        """A [64, K] 16-bit register tile that its role stages for a
        transposed wgmma (FA3 backward's dS) and that other roles read only as
        the A of a wgmma from shared memory (dQ = dS K): sent in its staged
        layout (`twillc_stage_acc`, TMA's 128B-swizzled boxes), so that the
        channel slot is the staging buffer, its role's transposed wgmma and
        the other roles' wgmmas (K-major A) read it there, and no role copies
        it into registers (FA3 writes dS to shared memory once for both)."""
        if not self.target.wgmma or x not in self.reg_channels or x not in self.staged or x in self._rotated:
            return False
        shape = x.type.get_shape()  # type: ignore[attr-defined]
        if elt(x.type).name not in ("f16", "bf16") or shape[0] != 64 or shape[1] % 64:
            return False
        w = self.warp(x.owner)  # type: ignore[arg-type]
        others = [u.operation for u in x.uses if id(u.operation) not in self.op_id or self.warp(u.operation) != w]
        return bool(others) and all(
            id(op) in self.op_id
            and isinstance(op, tile.MmaOp)
            and op.lhs is x
            and op.rhs is not x
            and not op.transpose_lhs
            and self._in_smem(op.rhs)
            and self._mma_elt(op) == elt(x.type)
            for op in others
        )

    def _fp8_staged_early(self, x: SSAValue) -> bool:
        """An FP8 register A (FA3 FP8's cast P) written to its staging buffer
        by the cast computing it, converted there, never held in registers:
        a cast of a register tile on the role of every MMA reading it, which
        nothing else reads, with one live instance (the next iteration's cast
        comes after this one's MMAs in the role's program order)."""
        op = x.owner
        if not isinstance(op, tile.CastOp) or id(op) not in self.op_id or x in self._rotated:
            return False
        if not any(st.operand == "a8" and st.value is x for st in self.staged_tiles):
            return False
        if self._in_smem(op.input) or x in self.reg_channels or not self._layout_ok(op.input):
            return False
        w = self.warp(op)
        return all(isinstance(u.operation, tile.MmaOp) and self.warp(u.operation) == w for u in x.uses)

    def _layout_ok(self, v: SSAValue) -> bool:
        t = v.type
        if self._in_smem(v) and isinstance(v.owner, tile.LoadOp):
            return True  # MMA operands
        if self._view(v):  # `x[:, None]`, `x[None, :]`: read in place, in its vector's layout
            return self._layout_ok(v.owner.input)  # type: ignore[union-attr]
        shape = t.get_shape()  # type: ignore[attr-defined]
        if self.target.spread_vector(t):  # a long rank-1 tile: thread t holds elements t + 128 k
            return True
        if self.target.row_layout:  # the tensor-memory row layout (fewer rows: threads past them hold padding)
            return shape[0] <= 128
        if shape[0] > 64:  # stacked m64 fragments, one per 64-row slab (a row vector: two rows per slab)
            return shape[0] % 64 == 0 and shape[0] <= 256 and (len(shape) == 1 or shape[1] % 64 == 0)
        # one m64 fragment (wgmma: n a multiple of 8); of fewer rows (no MMA takes them: the MMA emitters
        # ask for m % 64 == 0), the fragment's rows past the tile are padding (`elements_per_thread`)
        return len(shape) == 1 or shape[1] % 8 == 0

    # -- element types (f16 keeps the helpers' f16 forms) -------------------
    def _mma_elt(self, op: tile.MmaOp) -> Elt:
        """The element type of an MMA's shared-memory operands: one type, and
        FP8 B K-major (FP8 wgmma / tcgen05.mma here take no MN-major operand)."""
        ea, eb = elt(op.lhs.type), elt(op.rhs.type)
        if self._in_smem(op.lhs) and ea != eb:
            raise located_error(op, f"CUDA emission: MMA operands of one element type, got {ea.name} and {eb.name}")
        if eb.mma is None:
            raise located_error(op, f"CUDA emission: no MMA reads {eb.name} tiles: cast them to f16 or bf16 first")
        if (eb.fp8 or eb.int8) and not op.transpose_rhs:
            what = "an FP8" if eb.fp8 else "an integer"
            raise located_error(
                op,
                f"CUDA emission: {what} MMA reads B K-major: store B as [N, K] and write mma(a, b.T) "
                f"(an MN-major {eb.name} B would need a transpose in shared memory, not generated)",
            )
        return eb
