"""What the general emitter decides from the warp-specialized loop before it
prints: tensor-memory columns, which tiles stay in tensor memory or shared
memory, in-place accumulators, the software pipeline inside a role, and the
role of each op after the loop (read from the warp-specialized IR)."""

from __future__ import annotations

from xdsl.ir import BlockArgument, Operation, SSAValue

from dialects import tile
from lowering.cuda.dtypes import Elt, elt
from lowering.cuda.tiles import (
    BINARY,
    TMEM_COLUMNS,
    UNARY,
    tmem_tile,
)
from twillc.transforms.common import located_error


class LoopAnalysis:
    """A part of the general emitter (`lowering.cuda.skeleton._Emitter`)."""

    def _plan_tmem(self, found: dict) -> None:
        """Tensor-memory columns on sm_100a: the ring of each channel whose
        value an MMA writes (`tmem` in the warp-specialized IR: the MMA writes
        the slot itself), an accumulator per role for its other MMAs, then,
        while columns last, the rings of the other 128-row f32 register tiles
        crossing roles (FA4 hands P over in tensor memory)."""
        self.tmem_at: dict[SSAValue, int] = {}  # channel value -> its ring's first column
        self.umma_direct: set[SSAValue] = set()  # channel values their MMA writes
        self.scratch_at: dict[int, int] = {}  # warp -> first column of its MMA accumulator
        self.acc_at: dict[SSAValue, int] = {}  # a carried accumulator (its block argument, MMA result, loop result)
        self.tmem_cols = 0
        self.tmem_pending: set[SSAValue] = set()
        self.umma_in_place: set[SSAValue] = set()  # MMA results written in their accumulator's slot
        self.umma_roles = {self.warp(op) for op in self.loop_ops if self._umma_shape(op) is not None}
        self.resident = self._tmem_resident()
        if self.arch != "sm_100a":
            return
        used = 0
        for res in self.reg_channels:
            if self._umma_shape(res.owner) is not None and found[self.op_id[id(res.owner)]].memory == "tmem":
                self.tmem_at[res] = used
                self.umma_direct.add(res)
                used += res.type.get_shape()[1] * self.depths[self.op_id[id(res.owner)]]  # type: ignore[attr-defined]
        for op in self.loop_ops:
            if (shape := self._umma_shape(op)) is not None and self._accumulates_in_place(op):
                i = op.acc.index - 1  # type: ignore[union-attr]
                for v in (op.acc, op.result, self.loop.res[i]):
                    self.acc_at[v] = used  # type: ignore[index]
                used += shape[1]
        scratch: dict[int, int] = {}
        for op in self.loop_ops:
            if (shape := self._umma_shape(op)) is not None and op.results[0] not in self.umma_direct | set(self.acc_at):
                scratch[self.warp(op)] = max(scratch.get(self.warp(op), 0), shape[1])
        for w, cols in sorted(scratch.items()):
            self.scratch_at[w], used = used, used + cols
        if used > TMEM_COLUMNS:
            raise located_error(
                self.loop, f"CUDA emission: the MMAs need {used} of {TMEM_COLUMNS} tensor-memory columns"
            )
        for res in self.reg_channels:
            t, d = res.type, self.depths[self.op_id[id(res.owner)]]
            if res in self.tmem_at or not tmem_tile(t) or used + t.get_shape()[1] * d > TMEM_COLUMNS:  # type: ignore[attr-defined]
                continue
            if isinstance(res.owner, tile.MmaOp) and res.owner.acc in self.reg_channels:
                continue  # written in place in its accumulator's slot (below) when that one has columns
            self.tmem_at[res], used = used, used + t.get_shape()[1] * d  # type: ignore[attr-defined]
        for res in self.reg_channels:
            # An MMA accumulating onto a tile another role handed it in tensor
            # memory (FA4's O, rescaled by another role) writes its
            # result in place, in that slot, and hands it back from there.
            op = res.owner
            if res not in self.tmem_at and isinstance(op, tile.MmaOp) and op.acc in self.tmem_at:
                self.tmem_at[res] = self.tmem_at[op.acc]
                self.umma_in_place.add(res)
                mine, acc = self.op_id[id(op)], self.op_id[id(op.acc.owner)]
                if self.depths[mine] != self.depths[acc]:
                    raise located_error(
                        self.program.ws,
                        f"CUDA emission: channel '{mine}' is written in place in the slots of '{acc}': "
                        f"their depths must be equal ({self.depths[mine]} and {self.depths[acc]})",
                    )
        # Tiles the cost model keeps in tensor memory that cross roles with no
        # columns left for them (FA4 puts P over S's columns: that needs
        # liveness-based reuse): synchronized, their hand-over is a hole.
        self.tmem_pending = {r for r in self.reg_channels if r in self.resident and r not in self.tmem_at}
        self.tmem_cols = 1 << max(5, (used - 1).bit_length()) if used else 0  # a power of two, at least 32

    def _tmem_resident(self) -> set[SSAValue]:
        """On sm_100a, the 2-D tiles the cost model keeps in tensor memory, never
        whole in a thread's registers: MMA results (and the carried values they
        become), values feeding only MMA accumulators or A operands."""
        if self.arch != "sm_100a":
            return set()
        from twillc.transforms.annotate_costs import tmem_role as _tmem_role

        out = set()
        for op in self.loop_ops:
            if isinstance(op, tile.MmaOp) or (op.results and _tmem_role(op) is not None):
                out |= {r for r in op.results if isinstance(r.type, tile.TileType) and r.type.rank == 2}
        for i, y in enumerate(self.body.last_op.operands):  # type: ignore[union-attr]
            if y in out:
                out |= {self.body.args[i + 1], self.loop.res[i]}
        return out

    def _acc_regions(self) -> dict[int, SSAValue]:
        """First column -> the block argument of each in-place accumulator."""
        return {c: v for v, c in self.acc_at.items() if isinstance(v, BlockArgument)}

    def _carried_in_place(self, op: Operation) -> bool:
        """A GEMM-style carried accumulator, `acc = mma(a, b, acc)`, read by
        nothing else in the loop: the MMA may update it in place."""
        arg = op.acc if isinstance(op, tile.MmaOp) else None
        if not (isinstance(arg, BlockArgument) and arg.block is self.body and arg.index > 0):
            return False
        yielded = self.body.last_op.operands[arg.index - 1]  # type: ignore[union-attr]
        return (
            yielded is op.results[0]
            and all(u.operation is op for u in arg.uses)
            and all(isinstance(u.operation, tile.YieldOp) for u in op.results[0].uses)
        )

    def _accumulates_in_place(self, op: tile.MmaOp) -> bool:
        """A carried accumulator from zeros that stays in tensor memory for the
        whole loop, the MMA accumulating there (the first k-step overwrites)."""
        return self._carried_in_place(op) and isinstance(self.loop.iter_args[op.acc.index - 1].owner, tile.ZerosOp)  # type: ignore[union-attr]

    def _umma_shape(self, op: Operation | None) -> tuple[int, int, int] | None:
        """(M, N, K) of an MMA that tcgen05 issues from shared memory (both
        operands loaded, A not transposed, M = 128, f32 result), or None."""
        if self.arch != "sm_100a" or not isinstance(op, tile.MmaOp):
            return None
        if not (self._in_smem(op.lhs) and self._in_smem(op.rhs)) or op.transpose_lhs:
            return None
        m, k = op.lhs.type.get_shape()  # type: ignore[attr-defined]
        shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
        n = shape_b[0] if op.transpose_rhs else shape_b[1]
        if m != 128 or n % 32 or n > 256 or k % elt(op.lhs.type).box_cols or not tmem_tile(op.result.type):
            return None
        return m, n, k

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
                if not self._in_smem(v):
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

    def _in_smem(self, v: SSAValue) -> bool:
        return isinstance(v.owner, tile.LoadOp)

    def _in_tmem(self, v: SSAValue, w: int) -> bool:
        """Whether role `w` reads `v` in place in its tensor-memory channel slot
        (never whole in registers): a slot its MMA writes, or one another role
        stored a register tile to."""
        return v in self.acc_at or self._tmem_channel(v, w)

    def _read_in_place(self, v: SSAValue, w: int) -> bool:
        """A register tile from another role that one element-wise op of role
        `w` reads: read in its shared-memory slot, never copied to registers
        (sm_90a, where these channels live in shared memory; it keeps FA3's
        backward consumer, P next to dK, under its 240 registers)."""
        if self.arch != "sm_90a" or v not in self.reg_channels or self.warp(v.owner) == w:  # type: ignore[arg-type]
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
        return isinstance(v.owner, tile.LoadOp) and v.owner in self.pre_loads

    def _staged_early(self, x: SSAValue) -> bool:
        """A tile a transposed wgmma reads goes to shared memory as soon as its
        role computes it (FA3's dS): every MMA then reads it there, and its
        registers are free (one live instance, MMAs on the producing role)."""
        if x not in self.staged or x in self._rotated or id(x.owner) not in self.op_id:
            return False
        w = self.warp(x.owner)  # type: ignore[arg-type]
        return all(self.warp(u.operation) == w for u in x.uses if isinstance(u.operation, tile.MmaOp))

    def _layout_ok(self, v: SSAValue) -> bool:
        t = v.type
        if self._in_smem(v) and isinstance(v.owner, tile.LoadOp):
            return True  # MMA operands
        shape = t.get_shape()  # type: ignore[attr-defined]
        if self.arch == "sm_100a":  # the tensor-memory row layout
            return shape[0] == 128
        if shape[0] > 64:  # stacked m64 fragments, one per 64-row slab (a row vector: two rows per slab)
            return shape[0] % 64 == 0 and shape[0] <= 256 and (len(shape) == 1 or shape[1] % 64 == 0)
        return shape[0] == 64 and (len(shape) == 1 or shape[1] % 8 == 0)  # wgmma: n a multiple of 8

    # -- element types (f16 keeps the helpers' f16 forms) -------------------
    def _mma_elt(self, op: tile.MmaOp) -> Elt:
        """The element type of an MMA's shared-memory operands: one type, and
        FP8 B K-major (FP8 wgmma / tcgen05.mma here take no MN-major operand)."""
        ea, eb = elt(op.lhs.type), elt(op.rhs.type)
        if self._in_smem(op.lhs) and ea != eb:
            raise located_error(op, f"CUDA emission: MMA operands of one element type, got {ea.name} and {eb.name}")
        if eb.mma is None:
            raise located_error(op, f"CUDA emission: no MMA reads {eb.name} tiles: cast them to f16 or bf16 first")
        if eb.fp8 and not op.transpose_rhs:
            raise located_error(
                op,
                "CUDA emission: an FP8 MMA reads B K-major: store B as [N, K] and write mma(a, b.T) "
                "(an MN-major FP8 B would need a transpose in shared memory, not generated)",
            )
        return eb
