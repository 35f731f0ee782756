"""Stores (plain and `+=`, clipped at the tensor's extent) and the tile
math after the loop (chains fused into the value they feed), in the wgmma
accumulator layout (sm_90a) or the tensor-memory row layout (sm_100a)."""

from __future__ import annotations

from xdsl.dialects.builtin import Float16Type
from xdsl.ir import Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.tile_scalars import is_scalar_arith
from twillc.lowering.cuda.dtypes import elt
from twillc.lowering.cuda.index_expr import c_index
from twillc.lowering.cuda.lowerings import lowering_of
from twillc.lowering.cuda.tile_loop import staged_store_issue, staged_store_wait, store_boxes
from twillc.lowering.cuda.tile_math import plus
from twillc.lowering.cuda.tiles import BINARY, UNARY, c_elt, clip_extents, clip_mask
from twillc.transforms.common import located_error


def clip(op: tile.StoreOp | tile.StoreAddOp) -> tuple[str, str]:
    """A store helper's CLIP template argument and its extents arguments, for
    a store of `op`'s tile into its tensor: (", 1", ", N, 64") where the tile
    may run past the tensor's rows (bit 1) or columns (bit 2: a runtime size,
    or a constant extent that is not a multiple of the tile's), else ("",
    ""): a fixed-size store whose tiles all lie inside the tensor is
    unchecked. A row vector's CLIP is a bool (", true")."""
    t = op.value.type
    ext = clip_extents(op.tensor.type, t.get_shape())  # type: ignore[attr-defined]
    if not ext:
        return ("", "")
    mask = "true" if t.rank == 1 else str(clip_mask(op.tensor.type, t.get_shape()))  # type: ignore[attr-defined]
    return (f", {mask}", "".join(f", {e}" for e in ext))


def short_clip(op: tile.StoreOp | tile.StoreAddOp, r0: str) -> tuple[str, str]:
    """`clip` for a tile of R < 64 rows on sm_90a (an m64 fragment whose rows
    past R are padding) or R < 128 on sm_100a (the threads past R hold
    padding): the rows are always clipped, at the tile's last row (and the
    tensor's, where it may end inside the tile)."""
    t = op.value.type
    shape = t.get_shape()  # type: ignore[attr-defined]
    mask = clip_mask(op.tensor.type, shape)
    dims = [str(d) for d in op.tensor.type.get_dims()[: len(shape)]]  # type: ignore[attr-defined]
    end = f"({r0}) * {shape[0]} + {shape[0]}"
    rows = f"min({dims[0]}, {end})" if mask & 1 else end
    if t.rank == 1:  # type: ignore[attr-defined]
        return (", true", f", {rows}")
    return (f", {mask | 1}", f", {rows}, {dims[1] if mask & 2 else 0}")


class StoreCode:
    """A part of the general emitter (`twillc.lowering.cuda.skeleton._Emitter`)."""

    def _tmem_element(self, v: SSAValue) -> str:
        """The element type an accumulator in tensor memory is held in: that
        of the MMA's D, through the casts converted as they read it (an f32
        accumulator stored as `cast<f16>(acc)` is still f32 words there)."""
        while isinstance(v.owner, tile.CastOp) and self.acc_at.get(v.owner.input) == self.acc_at.get(v):
            v = v.owner.input
        return elt(v.type).name

    def _store(self, op: tile.StoreOp | tile.StoreAddOp, indent: str, iv: SSAValue | None) -> list[str]:
        """A store from the register layout, each thread its elements; `store
        += x` (tile.store_add) adds them to memory instead, on sm_90a from the
        register layout (`_store_add`: this emitter stores from registers, not
        through TMA, so there is no shared-memory tile for a TMA reduce)."""
        if self.persistent and iv is None:  # after the main loop of a tile: through shared memory, by TMA
            return self._staged_store(op, indent)
        if isinstance(op, tile.StoreAddOp):
            return self._store_add(op, indent, iv)
        t = op.value.type
        assert isinstance(t, tile.TileType)
        tensor = self.args[op.tensor]
        into = elt(op.tensor.type).name
        if into in ("i8", "i32") and elt(t).name != into:
            raise located_error(
                op, f"CUDA emission: a store converting {elt(t).name} to {into} is not generated (rounding, saturation)"
            )
        if self.target.row_layout and t.rank == 2 and t.get_shape()[0] <= 128 and not self._in_smem(op.value):
            rows, cols = t.get_shape()
            r0, c0 = (c_index(i, iv, self.iteration) for i in op.indices)
            ld = op.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
            on, lim = short_clip(op, r0) if rows < 128 else clip(op)  # fewer rows: the threads past them padding
            if self._acc_on(op.value, self._role):  # straight from tensor memory, 32 columns at a time
                # an MMA accumulating in f16: its D unpacked, in the low 16 bits of each column
                args = f"32{on or ', 0'}, __half" if self._tmem_element(op.value) == "f16" else f"32{on}"
                # Not unrolled: ptxas would hoist every chunk's tcgen05.ld and
                # hold the whole row, past a small role's setmaxnreg budget.
                return [
                    f"{indent}tw_tcgen05_fence_after();",
                    "#pragma unroll 1",
                    f"{indent}for (int c = 0; c < {cols}; c += 32)",
                    f"{indent}  twillc_store_tmem_row<{args}>({self._operand(op.value)} + c, {tensor}, "
                    f"({r0}) * {rows}, ({c0}) * {cols} + c, {ld}{lim});",
                ]
            if self._in_tmem(op.value, self._role):
                return self._hole(op, [], [self._operand(op.value)], indent)
            return [
                f"{indent}twillc_store_row<{cols}{on}>({self._operand(op.value)}, {tensor}, ({r0}) * {rows}, "
                f"({c0}) * {cols}, {ld}{lim});"
            ]
        rows_ok = t.get_shape()[0] <= 128 if self.target.row_layout else self._layout_ok(op.value)
        short = t.get_shape()[0] < (128 if self.target.row_layout else 64) and rows_ok and not self._in_smem(op.value)
        if self.target.spread_vector(t) and not self._in_smem(op.value):
            # a long rank-1 tile spread over the threads: element t + 128 k from thread t
            (r0,) = (c_index(i, iv) for i in op.indices)
            self._helpers.add("store_rows")
            n = t.get_shape()[0]
            on, lim = clip(op)
            return [f"{indent}twillc_store_spread<{n}{on}>({self._operand(op.value)}, {tensor}, ({r0}) * {n}{lim});"]
        if t.rank == 1 and not self._in_smem(op.value) and rows_ok:
            # a row vector from the thread's rows (one lane of each quad on sm_90a), slab by slab
            (r0,) = (c_index(i, iv) for i in op.indices)
            self._helpers.add("store_rows")
            fn = "twillc_store_rows_t" if self.target.row_layout else "twillc_store_rows"
            v, rows = self._operand(op.value), t.get_shape()[0]
            on, lim = short_clip(op, r0) if short else clip(op)
            fn += f"<{on[2:]}>" if on else ""
            return [
                f"{indent}{fn}({plus(v, 2 * s)}, {tensor}, {plus(f'({r0}) * {rows}', 64 * s)}{lim});"
                for s in range(self._slabs(op.value))
            ]
        copy: list[str] = []
        value = self._operand(op.value)
        if (
            self.target.wgmma
            and t.rank == 2
            and self._in_smem(op.value)
            and isinstance(t.element_type, Float16Type)
            and t.get_shape()[0] in (64, 128)
            and t.get_shape()[1] % 64 == 0
        ):
            # a loaded tile: its elements in the accumulator layout first
            n = self._n(t)  # the wgmma accumulator layout
            value = f"{self.name(op.value)}_r"
            copy = [
                f"{indent}__half {value}[{n}];",
                f"{indent}for (int i = 0; i < {n}; ++i) {value}[i] = __float2half({self._smem_at(op.value, 'i')});",
            ]
        elif short:  # fewer than 64 rows: the m64 fragment's, clipped at the tile's last row
            r0, c0 = (c_index(i, iv, self.iteration) for i in op.indices)
            ld = op.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
            rows, cols = t.get_shape()
            on, lim = short_clip(op, r0)
            if cols % 64:
                self._helpers.add("store_acc8")
            fn = "twillc_store_acc8" if cols % 64 else "twillc_store_acc"
            return [f"{indent}{fn}<{cols}{on}>({value}, {tensor}, ({r0}) * {rows}, ({c0}) * {cols}, {ld}{lim});"]
        elif t.rank == 2 and t.get_shape()[0] == 64 and t.get_shape()[1] % 64 and t.get_shape()[1] % 8 == 0:
            r0, c0 = (c_index(i, iv) for i in op.indices)
            ld = op.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
            self._helpers.add("store_acc8")
            cols = t.get_shape()[1]
            on, lim = clip(op)
            return [
                f"{indent}twillc_store_acc8<{cols}{on}>({value}, {tensor}, ({r0}) * 64, ({c0}) * {cols}, {ld}{lim});"
            ]
        elif t.rank != 2 or t.get_shape()[0] % 64 or t.get_shape()[1] % 64 or self._in_smem(op.value):
            # not in the accumulator layout (a swizzled shared-memory tile, other shapes)
            return self._hole(op, [], [self._operand(op.value)], indent)
        rows, cols = t.get_shape()
        r0, c0 = (c_index(i, iv, self.iteration) for i in op.indices)
        ld = op.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
        on, lim = clip(op)
        return copy + [  # each m64 half of the rows from its accumulator fragment
            f"{indent}twillc_store_acc<{cols}{on}>({value} + {h * cols // 2}, {tensor}, ({r0}) * {rows} + {h * 64}, "
            f"({c0}) * {cols}, {ld}{lim});".replace(" + 0,", ",")
            for h in range(rows // 64)
        ]

    def _staged_store(self, op: tile.StoreOp | tile.StoreAddOp, indent: str) -> list[str]:
        """A tile's store in the persistent kernel's epilogue (sm_90a): wait
        until this warp group's previous tile's TMA store has read its part
        of the epilogue buffer (that store ran under this tile's main loop),
        stage the wgmma fragment there in 128B-swizzled 64 x 64 boxes, and
        issue the TMA stores (committed, not waited: they run under the next
        tile's main loop; the tensor map clips a partial last tile). Other
        stores after a persistent main loop are refused where they are written."""
        t = op.value.type
        at = self._epilogue_offsets().get(id(op))
        why = ""
        if isinstance(op, tile.StoreAddOp):
            why = "a 'store +=' (a TMA reduce-add is not generated)"
        elif at is None:
            why = "a store of a value not computed from the main loop's results"
        elif not self.target.wgmma or self.target.row_layout:
            why = f"a store on {self.arch} (the general persistent path stages wgmma fragments, sm_90a)"
        elif t.rank != 2 or t.get_shape()[0] % 64 or t.get_shape()[1] % 64 or self._in_smem(op.value):  # type: ignore[attr-defined]
            why = f"a store of a {'x'.join(map(str, t.get_shape()))} tile not in the wgmma layout of 64-row slabs"  # type: ignore[attr-defined]
        elif elt(op.tensor.type).size != 2:
            why = f"a store into {elt(op.tensor.type).name} (the TMA-store epilogue stages 16-bit elements)"
        if why:
            raise located_error(op, f"CUDA emission: the persistent tile loop's epilogue: {why} is not generated")
        rows, cols = t.get_shape()  # type: ignore[attr-defined]
        r0, c0 = (c_index(i, None, self.iteration) for i in op.indices)
        tensor, cxx = self.args[op.tensor], elt(op.tensor.type).cxx
        value = self._operand(op.value)
        out = staged_store_wait(indent, self._group)
        boxes: list[str] = []
        for h in range(rows // 64):  # each m64 slab: its fragment into cols / 64 boxes of 8 KB
            buf = f"sm.epi + {at + h * 64 * cols * 2}"
            out.append(f"{indent}twillc_acc_to_smem<{cols}, {cxx}>({plus(value, h * cols // 2)}, {buf});")
            row = f"({r0}) * {rows}" + (f" + {h * 64}" if h else "")
            boxes += store_boxes(f"tmap_{tensor}_store", buf, cols, f"({c0}) * {cols}", row)
        return out + staged_store_issue(indent, self._group, boxes)

    def _fused_chains(self, w: int, after: list[Operation], taken: set[int]) -> dict[int, list[Operation]]:
        """After the loop, the element-wise ops of role `w` computing a stored
        register tile (`z / (1 + exp(-z))`): root op id -> the ops, computed
        element by element in one expression, so that no intermediate tile is
        whole in registers beside the others (ptxas keeps separate loops apart,
        and spills). Only chains that read one of their values twice, casts
        to f16 / f32."""
        mine = {id(op) for op in after if self.post_role.get(id(op)) == w and id(op) not in taken}

        def fusable(op: Operation) -> bool:
            if id(op) not in mine or any(r in self.post_channels for r in op.results):
                return False
            if isinstance(op, tile.CastOp):
                return c_elt(op.results[0].type) in ("__half", "float")  # type: ignore[arg-type]
            return op.name in UNARY or op.name in BINARY

        out: dict[int, list[Operation]] = {}
        for store in after:
            if not isinstance(store, tile.StoreOp) or id(store) not in mine:
                continue
            root = store.value.owner
            if not isinstance(root, Operation) or not fusable(root) or root.results[0].type.rank != 2:  # type: ignore[attr-defined]
                continue
            if not all(isinstance(u.operation, tile.StoreOp) for u in root.results[0].uses):
                continue
            chain, todo = [root], list(root.operands)
            while todo:
                v = todo.pop()
                op = v.owner
                if (
                    isinstance(op, Operation)
                    and op not in chain
                    and fusable(op)
                    and isinstance(v.type, tile.TileType)
                    and v.type.get_shape() == root.results[0].type.get_shape()  # type: ignore[attr-defined]
                ):
                    chain.append(op)
                    todo += op.operands
            while True:  # only ops all of whose readers are in the chain, reached from the root through it
                members = {id(op) for op in chain}
                kept = [op for op in chain if op is root or all(id(u.operation) in members for u in op.results[0].uses)]
                reached, todo_ops = {id(root)}, [root]
                while todo_ops:
                    for v in todo_ops.pop().operands:
                        op = v.owner
                        if isinstance(op, Operation) and op in kept and id(op) not in reached:
                            reached.add(id(op))
                            todo_ops.append(op)
                kept = [op for op in kept if id(op) in reached]
                if len(kept) == len(chain):
                    break
                chain = kept
            # Separate loops keep two whole tiles live only where the chain
            # reads a value of its own twice (`z` above); a path of ops frees
            # each element as the next op reads it, and stays as it is.
            twice = any(sum(1 for c in chain for v in c.operands if v is op.results[0]) > 1 for op in chain)
            if len(chain) > 1 and twice and id(root) not in out:
                out[id(root)] = sorted(chain, key=after.index)
        return out

    def _fused_post(self, root: Operation, chain: list[Operation]) -> list[str]:
        """The root of a fused chain (`_fused_chains`): its array, each element
        one expression of the chain's leaves."""
        r = root.results[0]
        expr: dict[SSAValue, str] = {}
        for op in chain:
            res = op.results[0]
            at = [f"({expr[v]})" if v in expr else f"float({self._at(v, r)})" for v in op.operands]
            if isinstance(op, tile.CastOp):
                e = at[0] if op is root or c_elt(res.type) == "float" else f"__half2float(__float2half({at[0]}))"  # type: ignore[arg-type]
            else:
                e = (UNARY if op.name in UNARY else BINARY)[op.name].format(*at)
            expr[res] = e
        final = expr[r]
        if c_elt(r.type) == "__half":  # type: ignore[arg-type]
            final = f"__float2half({final})"
        n = self._n(r.type)  # type: ignore[arg-type]
        return [
            f"    {c_elt(r.type)} {self.name(r)}[{n}];",  # type: ignore[arg-type]
            "#pragma unroll",  # a long expression: unrolled only when asked, the array then in registers
            f"    for (int i = 0; i < {n}; ++i) {self.name(r)}[i] = {final};",
        ]

    def _store_add(self, op: tile.StoreAddOp, indent: str, iv: SSAValue | None) -> list[str]:
        """`store T[...] += x` where the store stores from registers: the
        thread's elements added by `red.global.add` (`twillc_red_add.cuh`),
        vectorized where the addresses are aligned (f32, a constant row
        stride): from the wgmma accumulator layout (pairs, 8 bytes), where the
        store is `twillc_store_acc`; on sm_100a a 128-row tile from the row
        layout or from tensor memory (quads, 16 bytes)."""
        t = op.value.type
        assert isinstance(t, tile.TileType)
        shape = t.get_shape()
        ld = op.tensor.type.get_dims()[1] if t.rank == 2 else 1  # type: ignore[attr-defined]
        f32_ld = elt(t).name == "f32" and isinstance(ld, int)
        tensor = self.args[op.tensor]
        if self.target.has_tensor_memory and t.rank == 2 and shape[0] == 128 and shape[1] % 32 == 0:
            streamed = self._in_tmem(op.value, self._role) and op.value not in self.acc_at  # a channel slot
            if not self._in_smem(op.value) and not streamed:
                rows, cols = shape
                r0, c0 = (c_index(i, iv, self.iteration) for i in op.indices)
                quads = "true" if f32_ld and ld % 4 == 0 else "false"  # col0 = c0 * cols: a multiple of 32
                self._helpers |= {"red_add", "store_add_row"}
                on, lim = clip(op)
                at = f"{tensor}, ({r0}) * {rows}, ({c0}) * {cols}, {ld}{lim}"
                if self._acc_on(op.value, self._role):  # straight from tensor memory, 32 columns at a time
                    return [
                        f"{indent}tw_tcgen05_fence_after();",
                        f"{indent}twillc_store_add_tmem_row<{cols}, {quads}{on}>({self._operand(op.value)}, {at});",
                    ]
                return [f"{indent}twillc_store_add_row<{cols}, {quads}{on}>({self._operand(op.value)}, {at});"]
        elif t.rank == 2 and not self._in_smem(op.value) and shape[0] % 64 == 0 and shape[1] % 64 == 0:
            rows, cols = shape
            r0, c0 = (c_index(i, iv, self.iteration) for i in op.indices)
            self._helpers |= {"red_add", "store_add_acc"}
            value = self._operand(op.value)
            pairs = "true" if f32_ld and ld % 2 == 0 else "false"  # col0 and the fragment's columns are even
            on, lim = clip(op)
            return [  # each m64 slab of the rows from its accumulator fragment
                f"{indent}twillc_store_add_acc<{cols}, {pairs}{on}>({plus(value, h * cols // 2)}, {tensor}, "
                f"({r0}) * {rows}{f' + {h * 64}' if h else ''}, ({c0}) * {cols}, {ld}{lim});"
                for h in range(rows // 64)
            ]
        what = "a reduce-add store ('store ... +=') of this tile"
        return self._hole(op, [], [self._operand(op.value)], indent, what)

    def _post(self, op: Operation) -> list[str]:
        if isinstance(op, tile.StoreOp | tile.StoreAddOp):
            return self._store(op, "    ", None)
        if (
            isinstance(op, tile.CastOp)
            and op.input in self.acc_at
            and all(isinstance(u.operation, tile.StoreOp) for u in op.result.uses)
        ):  # an accumulator in tensor memory cast for its stores: converted as they read it
            self.acc_at[op.result] = self.acc_at[op.input]
            return []
        if is_scalar_arith(op) or isinstance(op, tile.SizeOp | tile.BlockIdOp | tile.LoadOp):
            return []  # a load after the loop is issued with those before it
        if isinstance(op, tile.AllReductionOp | tile.StoreScalarOp):  # numbers: their lowerings (lowerings.py)
            lower = lowering_of(self.target, type(op))
            code = lower(self, op) if lower is not None else None
            if code is not None:
                return [line[2:] for line in code]
            tiles = [self._operand(v) for v in op.operands if isinstance(v.type, tile.TileType)]
            return self._hole(op, [], tiles, "    ")
        if isinstance(op, tile.ExpandDimsOp) and self._view(op.result):  # no array (`_expand_view`)
            view = self._math(op)
            if view is not None:
                return [line[2:] for line in view]
        outs = [self.name(r) for r in op.results]
        decl = [
            f"    {c_elt(r.type)} {self.name(r)}[{self._n(r.type)}];"
            for r in op.results
            if isinstance(r.type, tile.TileType)
        ]  # type: ignore[attr-defined]
        math = self._math(op)
        if math is not None:
            return decl + [line[2:] for line in math]
        # a tile loaded before or after the loop is read in its shared-memory buffer (no register array)
        ins = [
            self._smem_ref(v) if self._pre_smem(v) else self.name(v)
            for v in op.operands
            if isinstance(v.type, tile.TileType)
        ]
        return decl + self._hole(op, outs, ins, "    ")
