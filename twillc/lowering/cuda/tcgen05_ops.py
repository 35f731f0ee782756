"""sm_100a: tcgen05.mma issued by one thread into tensor memory, channel slots
in tensor memory, and accumulators streamed out of tensor memory 32 columns
at a time after the loop."""

from __future__ import annotations

from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda.dtypes import elt
from twillc.lowering.cuda.index_expr import c_index
from twillc.lowering.cuda.tile_loop import staged_store_issue, staged_store_wait, store_boxes
from twillc.lowering.cuda.tiles import (
    BINARY,
    UNARY,
    c_elt,
    clip_extents,
    clip_mask,
)
from twillc.transforms.common import located_error
from twillc.transforms.memory_plan import chunk_carried, epilogue_stores, is_mask, rescaled_in_tmem, tmem_tile

NARROW_BUDGET = 64
"""Registers below which a role streams a tile out of tensor memory after the
loop 16 columns at a time (32 values and the addresses do not fit)."""
STAGING_BUDGET = 32
"""Registers below which a role staging a tile from tensor memory in a
persistent kernel's epilogue (setmaxnreg's least, 24: the MMA issuer's warp
group holding attention's O) reads 8 columns at a time: beside the staging's
shared-memory addresses and the tile loop's state, 16 spill there."""


TMEM_X16 = ("twillc_tmem_load_x16", "twillc_tmem_store_x16")
"""tcgen05.ld / st of 16 columns (a role with few registers)."""

REDUCTIONS = {"tile.rowmax": ("-INFINITY", "{a} = fmaxf({a}, {x});"), "tile.rowsum": ("0.f", "{a} += {x};")}
"""Row reductions of a tile read in tensor memory: the initial value and the
step, per thread (its row), over 32-column chunks."""


class Tcgen05Ops:
    """A part of the general emitter (`twillc.lowering.cuda.skeleton._Emitter`)."""

    def _umma(self, op: tile.MmaOp) -> list[str]:
        """An MMA from shared memory on sm_100a: one thread issues tcgen05.mma
        into tensor memory (a channel's slot, read there by another role, or
        the role's accumulator, read back into registers); the role waits for
        its completion before its loads' slots are released."""
        m, n, k = self._umma_shape(op)  # type: ignore[misc]
        res, g = op.result, self._group
        b_rows = op.rhs.type.get_shape()[0]  # type: ignore[attr-defined]
        lines = []
        accumulate = "1" if op.acc is not None else "0"
        if res in self.umma_direct:
            d = self.depths[self.op_id[id(op)]]
            dst = self._tmem_slot(res)
            lines.append(
                f"tw_mbar_wait(&sm.{self.name(res)}_empty[{self._slot('kt', d)}], ({self._phase('kt', d)}) ^ 1);"
                "  // a free slot"
            )
        elif res in self.acc_at:
            dst, accumulate = f"tmem + {self.acc_at[res]}", "kt > 0"  # from zeros: the first k-step overwrites
        else:
            dst = f"tmem + {self.scratch_at[self.warp(op)]}"
        if op.acc is not None and res not in self.acc_at:
            lines += [
                f"twillc_tmem_store<{n}>({dst}, {self.name(op.acc)});",
                "tw_tcgen05_fence_before();",
                f"tw_named_bar_sync({g}, 128);  // the accumulator is in place",
            ]
        commit = (
            [f"  tw_umma_commit(&sm.{self.name(res)}_full[{self._slot('kt', d)}]);"] if res in self.umma_direct else []
        )
        b_mn = 0 if op.transpose_rhs else 1
        b_ref = self._smem_ref(op.rhs) if self._in_smem(op.rhs) else None
        if b_ref is None and (sb := self._staged(op, "b")) is not None:  # a register B: staged, as TMA would load it
            self._helpers.add("umma_at")
            b_ref, b_rows = f"sm.{self._staged_buffer(sb)}", 128  # boxes of 128 rows (padding past B's)
            rows, cols = op.rhs.type.get_shape()  # type: ignore[attr-defined]
            lines += [
                f"twillc_store_operand_mn<{cols}, {c_elt(op.rhs.type)}>({b_ref}, {self._operand(op.rhs)});"  # type: ignore[arg-type]
                f"  // {self.name(op.rhs)} ([{rows}, {cols}]) to shared memory as the MMA's B",
                f"tw_named_bar_sync({g}, 128);  // every row staged before the MMA reads them",
            ]
        st = self._staged_a_t(op)
        a_ref = self._smem_ref(op.lhs) if st is None else f"sm.{self._staged_buffer(st)}"
        if op.transpose_lhs:  # A^T, MN-major in its channel's slot (`smem_operand`) or staged: boxes of K rows
            self._helpers.add("umma_at")
            bf16 = ", 1" if elt(op.lhs.type).name == "bf16" else ""
            call = f"twillc_umma_ss_at<{m}, {n}, {k}, {k * 128}, {b_rows * 128}, {b_mn}{bf16}>"
            if st is not None:  # this role's rows to the buffer, every row there before one thread issues
                cast = op.lhs.owner
                src = self.name(cast.input) if self._cast_sent(op.lhs) else self.name(op.lhs)  # type: ignore[union-attr]
                lines += [
                    f"twillc_store_operand_mn<{op.lhs.type.get_shape()[1]}, {c_elt(op.lhs.type)}>({a_ref}, {src});"  # type: ignore[attr-defined, arg-type]
                    f"  // {self.name(op.lhs)}^T: MN-major A",
                    f"tw_named_bar_sync({g}, 128);  // every row staged before the MMA reads them",
                ]
        else:
            a_box = op.lhs.type.get_shape()[0] * 128  # type: ignore[attr-defined]  # 64 rows: M = 128, padding rows
            call = f"{self._umma_fn(op)}{m}, {n}, {k}, {a_box}, {b_rows * 128}, {b_mn}{self._umma_d16(op)}>"
        lines += [
            f"// {self.name(op.acc) + ' +=' if res in self.acc_at else self.out(res) + ' ='} {self.name(op.lhs)}"
            f"{'^T' if op.transpose_lhs else ''} * {self.name(op.rhs)}{'^T' if op.transpose_rhs else ''}"
            f" (tcgen05.mma by one thread{', A MN-major in its slot' if op.transpose_lhs else ''}, "
            "D in tensor memory)",
            "if (tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
            "  tw_tcgen05_fence_after();",
            f"  {call}({dst}, {a_ref}, {b_ref}, {accumulate});",
            *commit,
            f"  tw_umma_commit(&sm.mma_done[{g}]);",
            "}",
            "__syncwarp();",
            f"tw_mbar_wait(&sm.mma_done[{g}], mma_phase);  // complete: its operands may be released",
            "mma_phase ^= 1u;",
        ]
        if res not in self.umma_direct and res not in self.acc_at and res not in self.chunk_scratch:
            lines += [
                "tw_tcgen05_fence_after();",
                f"twillc_tmem_load<{n}>({self.out(res)}, {dst});",
                "tw_tcgen05_fence_before();",
                f"tw_named_bar_sync({g}, 128);  // every row read before the next MMA writes it",
            ]
        return ["      " + line for line in lines]

    def _chunked_update(self, root: Operation) -> list[str]:
        """A column-chunked update and the updates fused into it
        (`_plan_chunks`), 32 columns at a time: each thread reads its row's
        chunk of every tensor-memory tile of the chain (tcgen05.ld
        32x32b.x32, waited on), computes the root's chunk element by element
        and writes it over the carried tile's chunk (tcgen05.st, waited on);
        one chunk of each in registers. The role's MMA may write its scratch
        columns again once every row has been read."""
        chain, leaves = self.chunk_roots[id(root)]
        r = root.results[0]
        cols = r.type.get_shape()[1]  # type: ignore[attr-defined]
        dst = f"tmem + {self.acc_at[r]}"
        saved = dict(self.names)
        body: list[str] = []
        for v in leaves:
            n = f"{self.name(v)}_c"
            if v in self.acc_at:
                at = f"tmem + {self.acc_at[v]}"
            elif v in self.tmem_at:  # another role's, in its channel slot (waited for and released around)
                at = self._tmem_slot(v)
            else:
                at = f"tmem + {self.scratch_at[self._role]}"
            body += [f"  {c_elt(v.type)} {n}[32];", f"  twillc_tmem_load<32>({n}, {at} + c);"]  # type: ignore[arg-type]
            self.names[v] = n
        expr: dict[SSAValue, str] = {}  # each element as one expression: no intermediate arrays
        self._chunk_column = "c + i"  # a per-column operand ([1, C]) read at the chunk element's column
        for op in chain:
            res = op.results[0]
            at = [f"({expr[v]})" if v in expr else f"float({self._at(v, res)})" for v in op.operands]
            expr[res] = self._form(op).format(*at)
        self._chunk_column = None
        self.names = saved
        out_c = f"{self.name(r)}_c"
        body += [
            f"  float {out_c}[32];",
            "  #pragma unroll",
            f"  for (int i = 0; i < 32; ++i) {out_c}[i] = {expr[r]};",
            f"  twillc_tmem_store<32>({dst} + c, {out_c});",
        ]
        shown: dict[SSAValue, str] = {}
        for op in chain:
            args = ", ".join(
                shown.get(v, self.name(v) if isinstance(v.type, tile.TileType) else "x") for v in op.operands
            )
            shown[op.results[0]] = f"{op.name[5:]}({args})"
        fused = shown[r]
        lines = [
            f"// {self.out(r)} = {fused} in tensor memory, 32 of {cols} columns at a time "
            "(tcgen05.ld, the math, tcgen05.st: one chunk in registers)",
            "tw_tcgen05_fence_after();",
            "#pragma unroll 1  // one chunk live at a time",
            f"for (int c = 0; c < {cols}; c += 32) {{",
            *body,
            "}",
        ]
        if any(v in self.chunk_scratch for v in leaves):
            lines += [
                "tw_tcgen05_fence_before();",
                f"tw_named_bar_sync({self._group}, 128);  // every row read before the next MMA writes it",
            ]
        return ["      " + line for line in lines]

    def _chunk_init(self, w: int) -> list[str]:
        """Before the loop, the initial value of each carried tile a chunked
        update of role `w` keeps in tensor memory (`chunk_carried`: a chain's
        root, or an update left as a hole that writes it there), written there
        32 columns at a time (zeros() / full(x)); another definition is a hole."""
        out: list[str] = []
        for root in self.loop_ops:
            if self.warp(root) != w or not root.results or root.results[0] not in self.acc_at:
                continue
            for i, y in enumerate(self.body.last_op.operands):  # type: ignore[union-attr]
                arg = self.body.args[i + 1]
                if y is not root.results[0] or not (chunk_carried(self.loop, arg) or self._rescaled(arg)):
                    continue
                arg, init = self.body.args[i + 1], self.loop.iter_args[i]
                cols = arg.type.get_shape()[1]  # type: ignore[attr-defined]
                op = init.owner
                if isinstance(op, tile.ZerosOp):
                    value = "0.f"
                elif isinstance(op, tile.FullOp):
                    x = float(op.value.value.data)  # type: ignore[attr-defined]
                    value = "-INFINITY" if x == float("-inf") else ("INFINITY" if x == float("inf") else repr(x) + "f")
                else:
                    out += self._hole(op, [], [], "    ", f"{self.name(arg)} to tensor memory before the loop")  # type: ignore[arg-type]
                    continue
                out += [
                    f"    {{  // {self.name(arg)}: its initial value in tensor memory, 32 columns at a time",
                    f"      {c_elt(arg.type)} z[32];",  # type: ignore[arg-type]  # f16: an MMA accumulating in f16
                    f"      for (int i = 0; i < 32; ++i) z[i] = {value};",
                    f"      for (int c = 0; c < {cols}; c += 32) "
                    f"twillc_tmem_store<32>(tmem + {self.acc_at[arg]} + c, z);",
                    "    }",
                ]
        return out

    def _form(self, op: Operation) -> str:
        """The C form of an element-wise op streamed out of tensor memory: a
        division by a row vector or a scalar (FA4's O / l) multiplies by its
        reciprocal (`__frcp_rn`, computed once per row: IEEE division's slow
        path spills a role of 40 registers), within 1.5 ulp of the quotient."""
        d = op.operands[1] if op.name == "tile.div" else None
        if d is not None and not (isinstance(d.type, tile.TileType) and d.type.rank == 2):
            return "{} * __frcp_rn({})"
        return (UNARY if op.name in UNARY else BINARY)[op.name]

    def _rescaled(self, arg: SSAValue) -> bool:
        """FA4's O on one role, in its columns for the whole loop (`rescaled_in_tmem`)."""
        channels = {v: (0, "") for v in self.reg_channels}
        return arg in self.acc_at and rescaled_in_tmem(self.loop, arg, channels, self.target) is not None

    def _umma_fn(self, op: tile.MmaOp) -> str:
        e = self._mma_elt(op)
        if elt(op.result.type).name == "f16":  # kind::f16 into an f16 D (`_umma_d16`)
            return f"twillc_umma_ss_t<{e.tag}, "
        return "twillc_umma_ss<" if e.name == "f16" else f"twillc_umma_ss_t<{e.tag}, "

    def _umma_d16(self, op: tile.MmaOp) -> str:
        """The template argument that asks twillc_umma_ss_t for an f16 D (an
        MMA accumulating in f16), else nothing."""
        return ", 1" if elt(op.result.type).name == "f16" else ""

    def _tmem_slot(self, v: SSAValue, it: str = "kt") -> str:
        """The tensor-memory address of channel `v`'s slot for iteration `it`:
        P aliased over S (`TmemPlan.alias`) is in the first columns of S's slot
        for the same iteration."""
        if v in self.tmem_pending:  # only a skeleton's hole names it (`--cuda-holes=skeleton`)
            return f"tmem + 0 /* {self.name(v)}: no tensor-memory columns */"
        s = self.tmem_alias.get(v, v)
        d = self.depths[self.op_id[id(s.owner)]]
        return f"tmem + {self.tmem_at[s]} + ({it} % {d}) * {s.type.get_shape()[1]}"  # type: ignore[attr-defined]

    # -- FA4's forms: tiles read in tensor memory 32 columns at a time, P in
    # tensor memory, the TS MMA ------------------------------------------------
    def _plan_streams(self) -> None:
        """On sm_100a, after the tensor-memory plan: the MMAs whose A is in
        tensor memory (`_ts_shape`), and the loop results whose value stays in
        its channel's slot (FA4's O): after the loop they are read in the slot
        of the last iteration, 32 columns at a time (`acc_at` of the result)."""
        self.ts_mmas: set[int] = set()
        self.final_slot: dict[SSAValue, SSAValue] = {}  # loop result -> the channel value in its last slot
        if not self.target.has_tensor_memory:
            return
        self.ts_mmas = {id(op) for op in self.loop_ops if self._ts_shape(op) is not None}
        self.umma_roles |= {self.warp(op) for op in self.loop_ops if id(op) in self.ts_mmas}
        for i, res in enumerate(self.loop.res):
            y = self._yielded(self.body.args[i + 1])
            if y is None or y not in self.tmem_at or y in self.acc_at or y in self.tmem_alias or not tmem_tile(y.type):
                continue
            d = self.depths[self.op_id[id(y.owner)]]
            cols = y.type.get_shape()[1]  # type: ignore[attr-defined]
            self.acc_at[res] = (
                f"{self.tmem_at[y]} + ({self._slot('trips - 1', d)}) * {cols}" if d > 1 else self.tmem_at[y]
            )  # type: ignore[assignment]
            self.final_slot[res] = y

    def _final_waits(self, w: int) -> list[str]:
        """Before role `w` reads a loop result in its channel's last slot
        (`final_slot`) that another role computed: the wait for that slot."""
        out = []
        for res, y in self.final_slot.items():
            if self.holder.get(res) == w and self.warp(y.owner) != w:  # type: ignore[arg-type]
                n, d = self.name(y), self.depths[self.op_id[id(y.owner)]]
                out += [
                    f"    if (trips > 0) tw_mbar_wait(&sm.{n}_full[{self._slot('trips - 1', d)}], "
                    f"{self._phase('trips - 1', d)});",
                    "    tw_tcgen05_fence_after();",
                ]
        return out

    def _ts_shape(self, op: Operation) -> tuple[int, int, int] | None:
        """(M, N, K) of an MMA issued by tcgen05 with A in tensor memory (FA4's
        P V: P in its channel's columns, B loaded, f16 or bf16) accumulating in
        place in its accumulator's slot (`TmemPlan.in_place`), or None."""
        if not self.target.has_tensor_memory or not isinstance(op, tile.MmaOp) or op.transpose_lhs:
            return None
        a, res = op.lhs, op.result
        if a not in self.tmem_at or self._in_smem(a) or not self._in_smem(op.rhs):
            return None
        if elt(a.type).name not in ("f16", "bf16") or elt(op.rhs.type).name != elt(a.type).name:
            return None
        m, k = a.type.get_shape()  # type: ignore[attr-defined]
        n = res.type.get_shape()[1]  # type: ignore[attr-defined]
        in_place = res in self.umma_in_place or (res in self.acc_at and self.acc_at.get(op.acc) == self.acc_at[res])  # type: ignore[arg-type]
        if m != 128 or k % 64 or n % 16 or n > 256 or not tmem_tile(res.type) or not in_place:
            return None
        return m, n, k

    def _umma_ts(self, op: tile.MmaOp) -> list[str]:
        """D (+)= A B by one thread's tcgen05.mma with A in tensor memory
        (`twillc_umma_ts`), D in place in the accumulator's slot, which its
        role waited for: the role waits for the MMA's completion before it
        releases A's and B's slots."""
        m, n, k = self._ts_shape(op)  # type: ignore[misc]
        res, g = op.result, self._group
        b_rows = op.rhs.type.get_shape()[0]  # type: ignore[attr-defined]
        bf16 = ", 1" if elt(op.lhs.type).name == "bf16" else ""
        lines = [
            f"// {self.out(res)} = {self.name(op.lhs)} * {self.name(op.rhs)}{'^T' if op.transpose_rhs else ''} + "
            f"{self.name(op.acc)} (tcgen05.mma by one thread, A in tensor memory, D in the accumulator's slot)",  # type: ignore[arg-type]
            "if (tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
            "  tw_tcgen05_fence_after();",
            f"  twillc_umma_ts<{m}, {n}, {k}, {b_rows * 128}, {0 if op.transpose_rhs else 1}{bf16}>("
            f"{self._tmem_dst(res)}, {self._tmem_slot(op.lhs)}, {self._smem_ref(op.rhs)}, 1);",
            f"  tw_umma_commit(&sm.mma_done[{g}]);",
            "}",
            "__syncwarp();",
            f"tw_mbar_wait(&sm.mma_done[{g}], mma_phase);  // complete: its operands may be released",
            "mma_phase ^= 1u;",
        ]
        return ["      " + line for line in lines]

    def _tmem_dst(self, res: SSAValue) -> str:
        """Where a TS MMA writes: its accumulator's columns (`acc_at`) or,
        written in place, its channel's slot."""
        return f"tmem + {self.acc_at[res]}" if res in self.acc_at else self._tmem_slot(res)

    def _tmem_addr(self, v: SSAValue, w: int) -> str | None:
        """Where role `w` reads the [128, N] f32 tile `v` in tensor memory (its
        accumulator's columns, another role's channel slot, the previous
        iteration's slot of a carried value it receives), or None."""
        if not isinstance(v.type, tile.TileType) or v.type.rank != 2 or not tmem_tile(v.type):
            return None
        if v in self.acc_at and self._acc_on(v, w):
            return f"tmem + {self.acc_at[v]}"
        if v in self.tmem_at and v not in self.tmem_alias and self._tmem_channel(v, w):
            return self._tmem_slot(v)
        if self._tmem_received(v, w):
            return self._tmem_slot(self._yielded(v), "(kt - 1)")  # type: ignore[arg-type]
        return None

    def _streamable(self, op: Operation) -> bool:
        """An op `_tmem_math` computes chunk by chunk: element-wise, a cast, a
        row reduction, on [128, N] tiles of one shape (no mask, no loaded tile)."""
        if op.name not in UNARY and op.name not in BINARY and op.name not in REDUCTIONS:
            if not isinstance(op, tile.CastOp):
                return False
        tiles = [v for v in op.operands if isinstance(v.type, tile.TileType) and v.type.rank == 2]
        if not tiles or len(op.results) != 1 or not isinstance(op.results[0].type, tile.TileType):
            return False
        shape = tiles[0].type.get_shape()  # type: ignore[attr-defined]
        if shape[0] != 128 or shape[1] % 32:
            return False
        if any(v.type.get_shape() != shape or self._in_smem(v) or is_mask(v.type) for v in tiles):  # type: ignore[attr-defined]
            return False
        r = op.results[0].type
        return op.name in REDUCTIONS or r.get_shape() == shape  # type: ignore[attr-defined]

    def _initial(self, arg: SSAValue) -> str | None:
        """A carried value's initial element as C when it is zeros() or full(x)."""
        init = self.loop.iter_args[arg.index - 1].owner  # type: ignore[attr-defined]
        if isinstance(init, tile.ZerosOp):
            return "0.f"
        if isinstance(init, tile.FullOp):
            x = float(init.value.value.data)  # type: ignore[attr-defined]
            return "-INFINITY" if x == float("-inf") else ("INFINITY" if x == float("inf") else repr(x) + "f")
        return None

    def _cast_sent(self, v: SSAValue) -> bool:
        """A cast to 16 bits of a register tile whose result only crosses to
        another role in tensor memory (FA4's P = cast<f16>(p) written over
        S) or in shared memory as an MMA's MN-major A (the backward's P^T,
        `smem_operand`): converted as it is stored (`twillc_tmem_store_h`,
        `twillc_store_operand_mn`), never held whole in registers beside its
        input."""
        op = v.owner
        if isinstance(op, tile.CastOp) and v not in self.reg_channels and self._cast_staged(v):
            return True
        return (
            isinstance(op, tile.CastOp)
            and (v in self.tmem_at or v in self.smem_operand)
            and not tmem_tile(v.type)
            and v in self.reg_channels
            and id(op) in self.op_id
            and tmem_tile(op.input.type)
            and self._tmem_addr(op.input, self.warp(op)) is None
            and not self._in_smem(op.input)
        )

    def _cast_staged(self, v: SSAValue) -> bool:
        """A cast to 16 bits of a register tile that only MMAs of its role read
        as their transposed A, staged by the first (`TmemPlan.staged`): the
        staging converts its input, the cast is never held in registers."""
        op = v.owner
        if not isinstance(op, tile.CastOp) or id(op) not in self.op_id or v in self._rotated:
            return False
        w = self.warp(op)
        mmas = [u.operation for u in v.uses]
        return (
            tmem_tile(op.input.type)
            and op.input not in self._rotated
            and not self._in_smem(op.input)
            and self._tmem_addr(op.input, w) is None
            and all(isinstance(m, tile.MmaOp) and self.warp(m) == w and self._staged_a_t(m) for m in mmas)
        )

    def _tmem_received(self, v: SSAValue, w: int) -> bool:
        """A carried value role `w` receives from another role through a
        tensor-memory channel (FA4's O, rescaled by the correction role) and
        reads only in ops `_tmem_math` streams: read in the slot of the
        previous iteration (the first iteration: its initial value), never
        copied whole to registers."""
        if not self.target.has_tensor_memory or not self._received(v, w):
            return False
        y = self._yielded(v)
        if y not in self.tmem_at or y in self.tmem_alias or not tmem_tile(y.type) or self._initial(v) is None:  # type: ignore[union-attr]
            return False
        readers = [u.operation for u in v.uses if id(u.operation) in self.op_id and self.warp(u.operation) == w]
        return bool(readers) and all(self._streamable(o) for o in readers)

    def _streams_to_slot(self, r: SSAValue, w: int) -> bool:
        """A [128, N] f32 tile role `w` hands to another role in a tensor-memory
        slot, computed there 32 columns at a time by `_tmem_math` (FA4's O *
        alpha): its slot is waited for before the op, never held in registers."""
        op = r.owner
        if not (r in self.tmem_at and r not in self.tmem_alias and r in self.reg_channels and tmem_tile(r.type)):
            return False
        if not isinstance(op, Operation) or id(op) not in self.op_id or self.warp(op) != w or r in self.acc_at:
            return False
        return self._streamable(op) and any(self._tmem_addr(v, w) for v in op.operands)

    def _tmem_math(self, op: Operation) -> list[str] | None:
        """On sm_100a, an element-wise op, cast or row reduction reading a tile
        in tensor memory (`_tmem_addr`), 32 columns at a time: each chunk by
        tcgen05.ld 32x32b.x32 (thread t: row t), the math per element, the
        result to registers (a register tile: the loop unrolled, so each
        element has its register), to tensor memory (tcgen05.st: a carried
        accumulator there, a channel slot, `_streams_to_slot`) or folded into
        the thread's row value (rowmax, rowsum); no whole tile read in
        tensor memory is held in registers. None when the op reads none."""
        if not self.target.has_tensor_memory or not self._streamable(op):
            return None
        w = self._role
        tiles = list(dict.fromkeys(v for v in op.operands if isinstance(v.type, tile.TileType) and v.type.rank == 2))
        at = {v: self._tmem_addr(v, w) for v in tiles}
        if not any(at.values()):
            return None
        r = op.results[0]
        cols = tiles[0].type.get_shape()[1]  # type: ignore[attr-defined]
        reduce = REDUCTIONS.get(op.name)
        if r in self.acc_at and self._acc_on(r, w):
            dst: str | None = f"tmem + {self.acc_at[r]}"
        elif self._streams_to_slot(r, w):
            dst = self._tmem_slot(r)
        else:
            dst = None
        whole = (dst is None and not reduce) or any(at[v] is None for v in tiles)  # register elements c + i
        # to tensor memory or a row value: 16 columns at a time, in and out (FA4's
        # correction rescales O beside the softmax's P in registers: 32 spill)
        cw = 32 if whole else 16
        load, store = ("twillc_tmem_load<32>", "twillc_tmem_store<32>") if cw == 32 else TMEM_X16
        saved = dict(self.names)
        body: list[str] = []
        for v in tiles:
            n = self.name(v)
            if at[v] is None:  # a register tile: its elements c + i
                self.names[v] = f"({n} + c)"
                continue
            body.append(f"  {c_elt(v.type)} {n}_c[{cw}];")  # type: ignore[arg-type]
            if self._tmem_received(v, w):  # the first iteration: the initial value
                body += [
                    f"  if (kt > 0) {load}({n}_c, {at[v]} + c);",
                    f"  else for (int i = 0; i < {cw}; ++i) {n}_c[i] = {self._initial(v)};",
                ]
            else:
                body.append(f"  {load}({n}_c, {at[v]} + c);")
            self.names[v] = f"{n}_c"
        if isinstance(op, tile.CastOp) or reduce:
            x = f"float({self._at(op.operands[0], op.operands[0])})"
        else:
            x = self._form(op).format(*[f"float({self._at(v, r)})" for v in op.operands])
        self.names = saved
        out = self.out(r)
        if reduce:
            init, step = reduce
            pre = [f"float {out}_a = {init};"]
            body += ["  #pragma unroll", f"  for (int i = 0; i < {cw}; ++i) {step.format(a=out + '_a', x=x)}"]
            post = [f"{out}[0] = {out}_a;"]
        elif dst is not None:
            pre, post = [], ["tw_tcgen05_fence_before();"]
            body += [
                f"  float tw_out[{cw}];",
                "  #pragma unroll",
                f"  for (int i = 0; i < {cw}; ++i) tw_out[i] = {x};",
                f"  {store}({dst} + c, tw_out);",
            ]
        else:
            pre, post = [], []
            e = c_elt(r.type)  # type: ignore[arg-type]
            val = f"__float2half({x})" if e == "__half" else (x if e == "float" else f"{e}({x})")
            body += ["  #pragma unroll", f"  for (int i = 0; i < 32; ++i) {out}[c + i] = {val};"]
        args = ", ".join(self.name(v) if isinstance(v.type, tile.TileType) else "x" for v in op.operands)
        where = dst if dst is not None else ("its row value" if reduce else "registers")
        lines = [
            f"// {out} = {op.name[5:]}({args}): tensor memory read {cw} of {cols} columns at a time "
            f"(tcgen05.ld), the result to {where}",
            "tw_tcgen05_fence_after();",
            *pre,
            "#pragma unroll" if whole else "#pragma unroll 1  // one chunk live at a time",
            f"for (int c = 0; c < {cols}; c += {cw}) {{",
            *body,
            "}",
            *post,
        ]
        return ["      " + line for line in lines]

    def _chunk_chains(self, w: int, after: list[Operation]) -> dict[int, list[Operation]]:
        """On sm_100a, the stores after the loop of element-wise math on
        accumulators in tensor memory (`cast<f16>(acc * 0.5)`): store id ->
        the ops computing its value, which run 32 columns at a time with the
        store, so that no whole [128, N] tile is in registers."""
        if not self.target.has_tensor_memory:
            return {}
        mine = {id(op) for op in after if self.post_role.get(id(op)) == w}
        out: dict[int, list[Operation]] = {}
        for store in after:
            if not isinstance(store, tile.StoreOp | tile.StoreAddOp) or id(store) not in mine:
                continue
            f32 = c_elt(store.value.type) == "float"  # type: ignore[arg-type]
            if store.value in self.acc_at or (isinstance(store, tile.StoreAddOp) and not f32):
                continue
            shape = store.value.type.get_shape()  # type: ignore[attr-defined]
            if len(shape) != 2 or shape[0] != 128 or shape[1] % 32:
                continue
            chain: list[Operation] = []
            leaves: list[SSAValue] = []
            ok = True
            todo = [store.value]
            seen: set[SSAValue] = set()
            while todo and ok:
                v = todo.pop()
                if v in seen:
                    continue
                seen.add(v)
                if v in self.acc_at and not isinstance(v, BlockArgument):
                    leaves.append(v)
                    continue
                op = v.owner
                ok = (
                    isinstance(op, Operation)
                    and id(op) in mine
                    and (op.name in UNARY or op.name in BINARY or isinstance(op, tile.CastOp))
                    and v not in self.post_channels
                )
                if ok:
                    chain.append(op)  # type: ignore[arg-type]
                    for x in op.operands:  # type: ignore[union-attr]
                        if isinstance(x.type, tile.TileType) and x.type.rank == 2:
                            ok = ok and x.type.get_shape() == shape
                            todo.append(x)
            # A value the chain reads twice (`z / (1 + exp(-z))`) is computed
            # in each of its expressions; one read outside the chain needs it whole.
            users = {id(op) for op in chain} | {id(store)}
            ok = ok and all(id(u.operation) in users for op in chain for u in op.results[0].uses)
            if ok and leaves and chain and not (len(chain) == 1 and self._cast_for_store(chain[0])):
                out[id(store)] = sorted(chain, key=after.index)
        return out

    def _chunked_store(self, store: tile.StoreOp | tile.StoreAddOp, chain: list[Operation]) -> list[str]:
        """A store after the loop with the element-wise ops computing its value
        from accumulators in tensor memory, 32 columns at a time (`store +=`
        of f32: the 32 values added by `twillc_store_add_row`); 16 at a time on
        a role with fewer than `NARROW_BUDGET` registers (FA4's MMA warp
        storing O / l after the loop)."""
        rows, cols = store.value.type.get_shape()  # type: ignore[attr-defined]
        cw = 16 if self.regs[self._group] < NARROW_BUDGET and not isinstance(store, tile.StoreAddOp) else 32
        if self.persistent is not None and self.regs[self._group] < STAGING_BUDGET and cw == 16:
            cw = 8
        load = {32: "twillc_tmem_load<32>", 16: "twillc_tmem_load_x16", 8: "twillc_tmem_load_x8"}[cw]
        leaves = list(
            dict.fromkeys(
                v for op in chain for v in op.operands if v in self.acc_at and not isinstance(v, BlockArgument)
            )
        )
        saved = dict(self.names)
        body = []
        for v in leaves:
            n = f"{self.name(v)}_c"
            body += [f"      {c_elt(v.type)} {n}[{cw}];", f"      {load}({n}, tmem + {self.acc_at[v]} + c);"]  # type: ignore[arg-type]
            self.names[v] = n
        expr: dict[SSAValue, str] = {}  # each element as one expression: no intermediate arrays
        for op in chain:
            r = op.results[0]
            at = [f"({expr[v]})" if v in expr else f"float({self._at(v, r)})" for v in op.operands]
            if isinstance(op, tile.CastOp):
                e = f"__half2float(__float2half({at[0]}))" if c_elt(r.type) == "__half" else at[0]  # type: ignore[arg-type]
            else:
                e = self._form(op).format(*at)
            expr[r] = e
        self.names = saved
        r0, c0 = (c_index(i, None) for i in store.indices)
        ld = store.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
        elt = c_elt(store.tensor.type)  # type: ignore[arg-type]  # the stored type (bf16, f8: converted by T(float))
        final = expr[store.value]
        if final.startswith("__half2float(__float2half(") and elt == "__half":
            final = final[len("__half2float(") : -1]  # rounded once, by the store
        else:
            final = f"{elt}({final})"
        if self.persistent is not None and not isinstance(store, tile.StoreAddOp):
            return self._staged_chunked_store(store, body, expr[store.value], cw)
        ext = clip_extents(store.tensor.type, (rows, cols))  # rows / columns past the tensor's: not written
        mask = clip_mask(store.tensor.type, (rows, cols))
        if isinstance(store, tile.StoreAddOp):
            quads = "true" if isinstance(ld, int) and ld % 4 == 0 else "false"  # each row's runs 16-byte aligned
            self._helpers |= {"red_add", "store_add_row"}
            # dst: the thread's row; the extents relative to dst's row and chunk
            lim = (
                f", {mask}>(x, dst + c, 0, 0, 0, {ext[0]} - ({r0}) * {rows}, {ext[1]} - ({c0}) * {cols} - c)"
                if ext
                else ">(x, dst + c, 0, 0, 0)"
            )
            body += [
                "      float x[32];",
                "#pragma unroll",
                f"      for (int i = 0; i < 32; ++i) x[i] = {expr[store.value]};",
                f"      twillc_store_add_row<32, {quads}{lim};",
            ]
        elif ext:  # every thread runs the chunk's tcgen05.ld (a warp collective); only the stores are clipped
            cond = " && ".join(
                (["tw_in"] if mask & 1 else []) + ([f"({c0}) * {cols} + c + i < {ext[1]}"] if mask & 2 else [])
            )
            body += [
                "#pragma unroll",
                f"      for (int i = 0; i < {cw}; ++i)",
                f"        if ({cond}) dst[c + i] = {final};",
            ]
        else:
            body += ["#pragma unroll", f"      for (int i = 0; i < {cw}; ++i) dst[c + i] = {final};"]
        in_rows = (
            [f"    const bool tw_in = ({r0}) * {rows} + threadIdx.x % 128 < {ext[0]};"]
            if ext and mask & 1 and not isinstance(store, tile.StoreAddOp)
            else []
        )
        return [
            f"    // {self.args[store.tensor]} from tensor memory, {cw} columns at a time",
            "    tw_tcgen05_fence_after();",
            "    {",
            f"    {elt}* dst = {self.args[store.tensor]} + (size_t)(({r0}) * {rows} + threadIdx.x % 128) * {ld} + "
            f"({c0}) * {cols};",
            *in_rows,
            "#pragma unroll 1",  # unrolled, ptxas would hoist every chunk's tcgen05.ld: the whole row live
            f"    for (int c = 0; c < {cols}; c += {cw}) {{",
            *body,
            "    }",
            "    }",
        ]

    def _staged_chunked_store(self, store: tile.StoreOp, body: list[str], value: str, cw: int) -> list[str]:
        """`_chunked_store` in the persistent kernel's epilogue: each chunk of
        the thread's row staged in the store's part of the epilogue buffer
        (`twillc_row_to_smem`: 128B-swizzled 64 x 64 boxes), waited only until
        this warp group's previous tile's TMA store has read it, then the TMA
        stores issued and committed, not waited (they run under the next
        tile's main loop; the tensor map clips a partial last tile)."""
        rows, cols = store.value.type.get_shape()  # type: ignore[attr-defined]
        cxx = elt(store.tensor.type).cxx
        if id(store) not in self._epilogue_offsets():
            raise located_error(
                store,
                "CUDA emission: the persistent tile loop's epilogue: a store of a value not computed from the "
                "main loop's results is not generated",
            )
        if rows != 128 or cols % 64 or elt(store.tensor.type).size != 2:
            raise located_error(
                store,
                f"CUDA emission: the persistent tile loop's epilogue: a store of a {rows}x{cols} "
                f"{elt(store.tensor.type).name} tile from tensor memory (staged: 128 rows, 64-column boxes of "
                "16-bit elements) is not generated",
            )
        at = self._epilogue_offsets()[id(store)]
        staged = [st for _, st, _ in epilogue_stores(self.loop)]
        if value.startswith("__half2float(__float2half(") and cxx == "__half":
            value = value[len("__half2float(__float2half(") : -2]  # rounded once, by the staging
        r0, c0 = (c_index(i, None) for i in store.indices)
        buf = f"sm.epi + {at}"
        boxes = [
            box
            for h in range(2)  # each 64-row slab: cols / 64 boxes of 8 KB
            for box in store_boxes(
                f"tmap_{self.args[store.tensor]}_store",
                f"{buf} + {h * cols // 64 * 8192}" if h else buf,
                cols,
                f"({c0}) * {cols}",
                f"({r0}) * {rows}" + (" + 64" if h else ""),
            )
        ]
        return [
            f"    // {self.args[store.tensor]} from tensor memory, {cw} columns at a time, staged for its TMA store",
            *staged_store_wait("    ", self._group, sum(self.post_role.get(id(st)) == self._role for st in staged) - 1),
            "    tw_tcgen05_fence_after();",
            "#pragma unroll 1",  # unrolled, ptxas would hoist every chunk's tcgen05.ld: the whole row live
            f"    for (int c = 0; c < {cols}; c += {cw}) {{",
            *body,
            f"      float x[{cw}];",
            "#pragma unroll",
            f"      for (int i = 0; i < {cw}; ++i) x[i] = {value};",
            f"      twillc_row_to_smem<{cols}, {cw}, {cxx}>(x, c, {buf});",
            "    }",
            *staged_store_issue("    ", self._group, boxes),
        ]

    def _cast_for_store(self, op: Operation) -> bool:
        """A cast of an accumulator in tensor memory (sm_100a) that is only
        stored, to a tensor of the cast's element type: the store converts
        each 32-column chunk it reads (no whole tile in registers)."""
        if not isinstance(op, tile.CastOp) or op.input not in self.acc_at or isinstance(op.input, BlockArgument):
            return False
        uses = list(op.results[0].uses)
        return all(
            isinstance(u.operation, tile.StoreOp)
            and u.operation.value is op.results[0]
            and u.operation.tensor.type.element_type == op.results[0].type.element_type  # type: ignore[attr-defined]
            and self.post_role.get(id(u.operation)) == self.post_role.get(id(op))
            for u in uses
        )

    def _to_registers(self, v: SSAValue, out: list[str]) -> None:
        """A loop result held in tensor memory (sm_100a: an accumulator that
        stayed there) read into registers, the row layout, once."""
        if v not in self.acc_at or isinstance(v, BlockArgument):
            return
        column = self.acc_at.pop(v)
        self.resident.discard(v)
        n = self._n(v.type)  # type: ignore[arg-type]
        self.names[v] = f"{self.name(v)}_r"
        out += [
            f"    {c_elt(v.type)} {self.name(v)}[{n}];  // from tensor memory",  # type: ignore[arg-type]
            "    tw_tcgen05_fence_after();",
            f"    twillc_tmem_load<{n}>({self.name(v)}, tmem + {column});",
        ]
