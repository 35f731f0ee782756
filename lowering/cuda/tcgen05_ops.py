"""sm_100a: tcgen05.mma issued by one thread into tensor memory, channel slots
in tensor memory, and accumulators streamed out of tensor memory 32 columns
at a time after the loop."""

from __future__ import annotations

from xdsl.ir import BlockArgument, Operation, SSAValue

from dialects import tile
from lowering.cuda.index_expr import c_index
from lowering.cuda.tiles import (
    BINARY,
    UNARY,
    c_elt,
    clip_extents,
    clip_mask,
)
from twillc.transforms.memory_plan import chunk_carried


class Tcgen05Ops:
    """A part of the general emitter (`lowering.cuda.skeleton._Emitter`)."""

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
            dst = self._tmem_slot(res, f"kt % {d}")
            lines.append(f"tw_mbar_wait(&sm.{self.name(res)}_empty[kt % {d}], ((kt / {d}) & 1) ^ 1);  // a free slot")
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
        commit = [f"  tw_umma_commit(&sm.{self.name(res)}_full[kt % {d}]);"] if res in self.umma_direct else []
        lines += [
            f"// {self.name(op.acc) + ' +=' if res in self.acc_at else self.out(res) + ' ='} {self.name(op.lhs)} * "
            f"{self.name(op.rhs)}{'^T' if op.transpose_rhs else ''}"
            " (tcgen05.mma by one thread, D in tensor memory)",
            "if (tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
            "  tw_tcgen05_fence_after();",
            f"  {self._umma_fn(op)}{m}, {n}, {k}, {m * 128}, {b_rows * 128}, "
            f"{0 if op.transpose_rhs else 1}>({dst}, {self._smem_ref(op.lhs)}, {self._smem_ref(op.rhs)}, "
            f"{accumulate});",
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
                at = self._tmem_slot(v, f"kt % {self.depths[self.op_id[id(v.owner)]]}")
            else:
                at = f"tmem + {self.scratch_at[self._role]}"
            body += [f"  float {n}[32];", f"  twillc_tmem_load<32>({n}, {at} + c);"]
            self.names[v] = n
        expr: dict[SSAValue, str] = {}  # each element as one expression: no intermediate arrays
        for op in chain:
            res = op.results[0]
            at = [f"({expr[v]})" if v in expr else f"float({self._at(v, res)})" for v in op.operands]
            expr[res] = (UNARY if op.name in UNARY else BINARY)[op.name].format(*at)
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
                if y is not root.results[0] or not chunk_carried(self.loop, self.body.args[i + 1]):
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
                    "      float z[32];",
                    f"      for (int i = 0; i < 32; ++i) z[i] = {value};",
                    f"      for (int c = 0; c < {cols}; c += 32) "
                    f"twillc_tmem_store<32>(tmem + {self.acc_at[arg]} + c, z);",
                    "    }",
                ]
        return out

    def _umma_fn(self, op: tile.MmaOp) -> str:
        e = self._mma_elt(op)
        return "twillc_umma_ss<" if e.name == "f16" else f"twillc_umma_ss_t<{e.tag}, "

    def _tmem_slot(self, v: SSAValue, slot: str) -> str:
        """The tensor-memory address of slot `slot` of channel `v`'s ring."""
        if v in self.tmem_pending:
            return f"tmem + 0 /* {self.name(v)}: no tensor-memory columns allocated yet */"
        return f"tmem + {self.tmem_at[v]} + ({slot}) * {v.type.get_shape()[1]}"  # type: ignore[attr-defined]

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
        of f32: the 32 values added by `twillc_store_add_row`)."""
        rows, cols = store.value.type.get_shape()  # type: ignore[attr-defined]
        leaves = list(
            dict.fromkeys(
                v for op in chain for v in op.operands if v in self.acc_at and not isinstance(v, BlockArgument)
            )
        )
        saved = dict(self.names)
        body = []
        for v in leaves:
            n = f"{self.name(v)}_c"
            body += [f"      float {n}[32];", f"      twillc_tmem_load<32>({n}, tmem + {self.acc_at[v]} + c);"]
            self.names[v] = n
        expr: dict[SSAValue, str] = {}  # each element as one expression: no intermediate arrays
        for op in chain:
            r = op.results[0]
            at = [f"({expr[v]})" if v in expr else f"float({self._at(v, r)})" for v in op.operands]
            if isinstance(op, tile.CastOp):
                e = f"__half2float(__float2half({at[0]}))" if c_elt(r.type) == "__half" else at[0]  # type: ignore[arg-type]
            else:
                e = (UNARY if op.name in UNARY else BINARY)[op.name].format(*at)
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
                "      for (int i = 0; i < 32; ++i)",
                f"        if ({cond}) dst[c + i] = {final};",
            ]
        else:
            body += ["#pragma unroll", f"      for (int i = 0; i < 32; ++i) dst[c + i] = {final};"]
        in_rows = (
            [f"    const bool tw_in = ({r0}) * {rows} + threadIdx.x % 128 < {ext[0]};"]
            if ext and mask & 1 and not isinstance(store, tile.StoreAddOp)
            else []
        )
        return [
            f"    // {self.args[store.tensor]} from tensor memory, 32 columns at a time",
            "    tw_tcgen05_fence_after();",
            "    {",
            f"    {elt}* dst = {self.args[store.tensor]} + (size_t)(({r0}) * {rows} + threadIdx.x % 128) * {ld} + "
            f"({c0}) * {cols};",
            *in_rows,
            "#pragma unroll 1",  # unrolled, ptxas would hoist every chunk's tcgen05.ld: the whole row live
            f"    for (int c = 0; c < {cols}; c += 32) {{",
            *body,
            "    }",
            "    }",
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
            f"    float {self.name(v)}[{n}];  // from tensor memory",
            "    tw_tcgen05_fence_after();",
            f"    twillc_tmem_load<{n}>({self.name(v)}, tmem + {column});",
        ]
