"""Each warp role's code: the producer's TMA loads, a consumer's copies of the
pipeline (prologue / kernel / epilogue, trip-count guards) with their waits,
sends, releases and hand-offs, and the ops after the loop."""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda import scalars
from twillc.lowering.cuda.dtypes import elt
from twillc.lowering.cuda.index_expr import c_index
from twillc.lowering.cuda.kernel_plan import trip_count_expr
from twillc.lowering.cuda.prelude import setmaxnreg
from twillc.lowering.cuda.tile_loop import (
    RING_BASE,
    TILE_PARITY,
    stores_drained,
    tile_loop,
    tile_loop_advance,
    tile_loop_state,
)
from twillc.lowering.cuda.tiles import (
    c_elt,
    clip_extents,
    copied_rows,
    copy_array,
    narrow_rows,
    nbytes,
    with_iteration,
)
from twillc.lowering.warp_program import Role, RoleCopy
from twillc.transforms.common import located_error
from twillc.transforms.index_remat import rematerialized
from twillc.transforms.loop_handoff import computed_for, initial_value
from twillc.transforms.memory_plan import tmem_tile


class RoleCode:
    """A part of the general emitter (`twillc.lowering.cuda.skeleton._Emitter`)."""

    def _tma(self, op: tile.LoadOp, dst: str, bar: str, iv: str | None) -> list[str]:
        t = op.result.type
        assert isinstance(t, tile.TileType)
        idx = [c_index(i, self.iv if iv else None, self.iteration) for i in op.indices]
        tensor = self.args[op.tensor]
        if t.rank == 1:
            (n,) = t.get_shape()
            if self._clip_1d(op):  # the bytes before the tensor's end (tw_bulk_bytes_1d: 0 to n * size)
                return [f"      tw_bulk_load_1d_clip({dst}, {tensor} + ({idx[0]}) * {n}, {self._tx(op, iv)}, {bar});"]
            return [f"      tw_bulk_load_1d({dst}, {tensor} + ({idx[0]}) * {n}, {nbytes(t)}, {bar});"]
        if copied_rows(t):  # copied by the producer thread (_tail), no TMA
            return []
        rows, cols = t.get_shape()
        box = cols if narrow_rows(t) else elt(t).box_cols  # narrower rows: one unswizzled box
        lines = []
        for j in range(cols // box):
            lines.append(
                f"      tw_tma_load_2d({dst} + {j * rows * 128}, &tmap_{tensor}, {bar}, "
                f"({idx[1]}) * {cols} + {j * box}, ({idx[0]}) * {rows});"
            )
        return lines

    def _clip_1d(self, op: tile.LoadOp) -> list[str] | None:
        """The extent of a rank-1 load's tensor where its tile may run past
        it (a runtime size, or a constant that is not a multiple of the
        tile's): the bulk copy is clamped there, the rest written by the
        producer (`tw_bulk_tail_1d`)."""
        t = op.result.type
        return clip_extents(op.tensor.type, t.get_shape()) if t.rank == 1 else None  # type: ignore[attr-defined]

    def _tx(self, op: tile.LoadOp, iv: str | None) -> str:
        """The bytes the load's barrier expects: the tile's, or a clamped
        rank-1 copy's (C)."""
        if copied_rows(op.result.type):
            return "0"  # written by the producer thread before its arrive
        ext = self._clip_1d(op)
        if not ext:
            return str(nbytes(op.result.type))
        (n,) = op.result.type.get_shape()
        (i,) = (c_index(i, self.iv if iv else None, self.iteration) for i in op.indices)
        return f"tw_bulk_bytes_1d<{c_elt(op.result.type)}>(({i}) * {n}, {n}, {ext[0]})"

    def _tail(self, op: tile.LoadOp, dst: str, iv: str | None) -> list[str]:
        """A clamped rank-1 load's elements past its copy, or a tile TMA
        cannot move (`copied_rows`) element by element, zero past the
        tensor's extents, before the arrive."""
        t = op.result.type
        if copied_rows(t):
            rows, cols = t.get_shape()  # type: ignore[attr-defined]
            r, c = (c_index(i, self.iv if iv else None, self.iteration) for i in op.indices)
            m, n = op.tensor.type.get_dims()  # type: ignore[attr-defined]
            self._helpers.add("copy_rows")
            return [
                f"      twillc_copy_rows<{rows}, {cols}>({dst}, {self.args[op.tensor]}, ({r}) * {rows}, "
                f"({c}) * {cols}, {n}, {m}, {n});"
            ]
        ext = self._clip_1d(op)
        if not ext:
            return []
        (n,) = op.result.type.get_shape()
        (i,) = (c_index(i, self.iv if iv else None, self.iteration) for i in op.indices)
        return [f"      tw_bulk_tail_1d({dst}, {self.args[op.tensor]}, ({i}) * {n}, {n}, {ext[0]});"]

    def _producer(self) -> list[str]:
        out = [
            f"  if (wg == 0) {{  // {self.roles.get(self.producer_warp, 'producer')}",
            f"    {setmaxnreg(self.regs[0], self.launch_groups)}",
            "    if (tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
        ]
        head, out = out, []
        if self.pre_loads and self.persistent:  # this tile's: once the consumers released the last tile's
            out.append(
                f"      tw_mbar_wait(&sm.pre_empty, {TILE_PARITY} ^ 1u);  // the last tile's read by the consumers"
            )
        if self.pre_loads:
            for op in self.pre_loads:
                out += self._tail(op, f"sm.{self.name(op.result)}", None)
            total = sum(
                nbytes(op.result.type)
                for op in self.pre_loads
                if not self._clip_1d(op) and not copied_rows(op.result.type)
            )
            clamped = [self._tx(op, None) for op in self.pre_loads if self._clip_1d(op)]
            total = " + ".join(([str(total)] if total or not clamped else []) + clamped)
            out.append(f"      tw_mbar_arrive_expect_tx(&sm.pre_full, {total});")
            for op in self.pre_loads:
                out += self._tma(op, f"sm.{self.name(op.result)}", "&sm.pre_full", None)
        out.append("      for (int kt = 0; kt < trips; ++kt) {")
        for op in self.loads:
            n, d = self.name(op.result), self.depths[self.op_id[id(op)]]
            out += [
                f"      // {n}: ring slot {self._slot('kt', d)}, refilled once its readers released it",
                f"      tw_mbar_wait(&sm.{n}_empty[{self._slot('kt', d)}], ({self._phase('kt', d)}) ^ 1);",
                *self._tail(op, f"sm.{n}[{self._slot('kt', d)}]", "kt"),
                f"      tw_mbar_arrive_expect_tx(&sm.{n}_full[{self._slot('kt', d)}], {self._tx(op, 'kt')});",
            ]
            out += self._tma(op, f"sm.{n}[{self._slot('kt', d)}]", f"&sm.{n}_full[{self._slot('kt', d)}]", "kt")
        out += ["      }"]
        if self.persistent:  # the ring runs on into the next tile's loads: no drain
            out = [
                *tile_loop_state("      "),
                "      " + tile_loop("the ring runs on across tiles: no drain between them"),
                f"        const int trips = {trip_count_expr(self.program)};",
                *("  " + line if not line.startswith("#") else line for line in out),
                *tile_loop_advance("        ", "trips"),
                "      }",
            ]
        return [*head, *out, "    }", "  }"]

    def _pre_parity(self) -> str:
        """The phase of `pre_full` the consumers wait for: 0 (loaded once), or
        in the tile loop the tile's parity (re-armed once per tile)."""
        return TILE_PARITY if self.persistent else "0"

    def _in_tile_loop(self, g: int, body: list[str], release_at: int) -> list[str]:
        """A consumer's code (after its setmaxnreg) in the tile loop: its
        tiles declared and initialized per tile, the ring positions across
        tiles, the tiles loaded before the loop released (`pre_empty`) at
        line `release_at` (after the main loop, or after the last reader
        after it), its stores' TMA stores drained once after the loop."""
        names = ", ".join(self.name(op.result) for op in self.pre_loads)
        release = [f"    tw_mbar_arrive(&sm.pre_empty);  // this tile's {names} read: the next tile's may load"]
        inner = body[:release_at] + (release if self.pre_loads else []) + body[release_at:]
        return [
            *tile_loop_state("    "),
            "    " + tile_loop("each tile: prologue, main loop, epilogue; the ring's phases run on"),
            f"      const int trips = {trip_count_expr(self.program)};",
            *("  " + line if not line.startswith("#") else line for line in inner),
            *tile_loop_advance("      ", "trips"),
            "    }",
            stores_drained("    "),
        ]

    def _consumer(self, g: int, w: int, before: list[Operation], after: list[Operation]) -> list[str]:
        out = [
            f"  if (wg == {g}) {{  // {self.roles.get(w, 'consumer')}",
            f"    {setmaxnreg(self.regs[g], self.launch_groups)}",
        ]
        self._group, self._role = g, w
        self._split_on = self._split_applies(w)
        if self.split_selects and not self._split_on and any(self.warp(op) == w for op in self._split_ops()):
            out.append("    // mask split not applied here: a split select is a hole, so every iteration runs the mask")
        if w in self.umma_roles:
            out.append("    uint32_t mma_phase = 0;  // parity of this role's next MMA completion")
        mine = [op for op in self.loop_ops if self.warp(op) == w and not isinstance(op, tile.LoadOp)]
        if self._split_on:  # the mask is computed element by element inside its selects (`_mask_cond`)
            mine = [op for op in mine if id(op) not in self.mask_only]
        regs: dict[SSAValue, tile.TileType] = {}
        for op in mine:
            for v in [*op.operands, *op.results]:
                if (
                    isinstance(v.type, tile.TileType)
                    and not self._in_smem(v)
                    and not self._in_tmem(v, w)
                    and not self._read_in_place(v, w)
                    and v not in self.chunk_values
                    and not self._cast_sent(v)
                    and v.owner not in self.program.outside.at_use
                    and not rematerialized(v.owner)  # an index tile computed at each read (`index-remat`)
                    and not self._view(v)  # indexed in place (`TileMath._expand_view`)
                    and not (self._split_on and id(v.owner) in self.mask_only)
                ):
                    regs[v] = v.type
        # carried values start from their pre-loop definitions
        pairs = [(self.body.args[i + 1], y) for i, y in enumerate(self.body.last_op.operands)]  # type: ignore[union-attr]
        # a pair this role neither reads (the argument) nor produces (the
        # yielded value) is another role's: only received values of it here
        carried = [
            (arg, y)
            for arg, y in pairs
            if (y is arg or not self._carried_arg(y)) and y in regs and (arg in regs or y.owner in mine)
        ]
        carried += self._chained(w, mine, pairs, carried, regs)
        for arg, _ in carried:
            regs.setdefault(arg, arg.type)  # type: ignore[arg-type]
        # the loop's carried numbers, on the role computing them: its iterations in program order
        on_role = [op for op in self.loop_ops if not isinstance(op, tile.LoadOp)]
        self._in_order = scalars.number_role(self.loop, on_role, self.warp) == w
        numbers = scalars.carried_numbers(self.loop) if self._in_order else []
        pipelined = not self._in_order and self._pipelinable(w, mine, carried)  # values with two live instances
        self._declared = declared = set()
        for v, t in regs.items():
            if self._fp8_staged_early(v):
                continue  # written to shared memory as it is computed
            if self.name(v) not in declared:  # an accumulator updated in place is one array
                declared.add(self.name(v))
                # in the tile loop, every array zeroed per tile: one written on some path after a read
                # (an MMA's "+f" accumulator, a value a guarded pipeline copy reads) would otherwise be
                # live around the tile loop, through the epilogue (ptxas drops the dead zeroing)
                init = " = {}" if self.persistent else ""
                out.append(f"    {c_elt(t)} {self.name(v)}[{self._n(t)}]{init};")
        for i, init in enumerate(self.loop.iter_args):
            arg = self.body.args[i + 1]
            if arg in regs:
                out += self._init(init, self.name(arg), regs[arg])
        out += self._chunk_init(w)
        # values computed before the loop that this role reads (in it or after
        # it), computed here: the live-ins warp-specialize put on this role
        live_in = [op for op in before if w in self.program.outside.live_in.get(op, ())]
        pre_ops = [op for op in live_in if op not in self.program.outside.at_use]  # the others: where read (`_at`)
        for op in pre_ops:  # their arrays
            for r in op.results:
                if r not in regs and isinstance(r.type, tile.TileType) and not self._view(r):
                    regs[r] = r.type  # type: ignore[assignment]
                    out.append(f"    {c_elt(r.type)} {self.name(r)}[{self._n(r.type)}];")
        if live_in and any(self._pre_smem(v) for op in live_in for v in op.operands):
            out.append(f"    tw_mbar_wait(&sm.pre_full, {self._pre_parity()});")
        for op in pre_ops:
            out += [line[2:] if line.startswith("      ") else line for line in self._op(op)]
        if any(self._pre_smem(v) for op in mine for v in op.operands) and not (
            live_in and any(self._pre_smem(v) for op in live_in for v in op.operands)
        ):
            out.append(f"    tw_mbar_wait(&sm.pre_full, {self._pre_parity()});")
        for arg, _, init in numbers:
            out.append(f"    float {self.name(arg)} = {self._scalar(init)};  // a number the loop carries")
        for v in sorted(self._rotated & set(regs), key=self.name):
            out.append(f"    {c_elt(v.type)} {self.out(v)}[{self._n(v.type)}];  // its next instance")
        rank = self._time_rank if pipelined else self._program_rank
        events = self._events(w, mine, carried, rank)
        self._turn = turn = None if self._turns_off else self.program.turn_of(w)
        if self._turns_off:
            out.append(f"    // twill.issue_order not followed: {self._turns_off}")
        if turn is not None and not pipelined:  # the turns are the schedule's order: every role's or none
            self._turns_off = f"role '{turn.role}' runs its ops in program order, not the schedule's"
            self._turn = turn = None
        if turn is not None and turn.before_first:  # the first turn is the first role's
            first = self.program.turns[0]
            out.append(f"    tw_named_bar_arrive({first.bar}, {turn.threads});  // {first.role} takes the first turn")
        if pipelined:
            out += self._pipelined(w, mine, events)
        else:
            out.append("    // program order: the schedule's stage offsets inside this role need double buffers")
            out.append("    for (int kt = 0; kt < trips; ++kt) {")
            for op in mine:
                out += self._copy(op, w, events, "      ")
            if numbers:  # the carried numbers' next values, assigned once every op of the iteration has read them
                out += [f"      const float tw_next_{self.name(arg)} = {self._scalar(y)};" for arg, y, _ in numbers]
                out += [f"      {self.name(arg)} = tw_next_{self.name(arg)};" for arg, _, _ in numbers]
            out.append("    }")
        assert not self._pending, f"an MMA's wait never placed: {sorted(self._pending)}"
        if turn is not None and turn.first:  # the last turn's hand-over: every turn barrier back at zero
            out.append(f"    tw_named_bar_sync({turn.bar}, {turn.threads});  // the last turn handed over")
        self._turn = None
        # after the loop: the ops on this role's carried results
        for arg, _, _ in numbers:  # after the loop a carried number is its variable
            self.names[self.loop.res[arg.index - 1]] = self.name(arg)  # type: ignore[attr-defined]
        for i, res in enumerate(self.loop.res):
            if self.holder.get(res) == w:  # after the loop a result is its carried array
                self.names[res] = self.name(self.body.args[i + 1])
            elif (init := initial_value(self.loop, res)) is not None:  # never assigned: its initial value,
                self.names[res] = self.name(init)  # computed here if an op here reads it (a live-in)
        main_end = len(out)
        out += self._after_loop(w, after)
        out += self._released_after_loop(w)
        if self.persistent:
            reads_pre = any(self._pre_smem(v) for op in after if self.post_role.get(id(op)) == w for v in op.operands)
            # the MMA completions' parity runs on across tiles, as the barrier's phases do
            head = next((i + 1 for i, line in enumerate(out[:4]) if "uint32_t mma_phase" in line), 2)
            out = out[:head] + self._in_tile_loop(g, out[head:], (len(out) if reads_pre else main_end) - head)
        out.append("  }")
        return out

    def _released_after_loop(self, w: int) -> list[str]:
        """In the tile loop, on the role holding a result whose channel
        `twill.live_out ... releases` names (attention's O on sm_100a, read in
        the loop as the previous iteration's value): the tile's last slot of
        the channel freed once the ops after the loop have read it, for each
        of its readers (the next tile's first write of the channel, and its
        readers' first iteration, wait for it)."""
        if not self.persistent:
            return []
        out = []
        for src, role in self.program.outside.releases:
            if role != w:
                continue
            res = self.ids[src].results[0]
            n, d = self.name(res), self.depths[src]
            readers = len(self.reg_channels[res][1])
            fence = ["      tw_tcgen05_fence_before();"] if self.target.has_tensor_memory else []
            out += [
                f"    if (trips > 0) {{  // {n}'s last slot of this tile, read after the loop: free it",
                *fence,
                *[f"      tw_mbar_arrive(&sm.{n}_empty[({RING_BASE} + trips - 1) % {d}]);"] * readers,
                "    }",
            ]
        return out

    def _chained(self, w: int, mine: list[Operation], pairs: list, carried: list, regs: dict) -> list:
        """The pairs (x, y) of carried values the loop yields as another
        carried value's previous one (`x = y`) that role `w` carries: x read
        here or held here after the loop, and those such an x takes its
        value from. The chain ends at a value this role computes and
        carries in registers; any other is not generated (a located error)."""
        yielded = dict(pairs)
        kept = {arg for arg, _ in carried}
        results = dict(zip(yielded, self.loop.res, strict=True))
        todo = [
            arg
            for arg, y in pairs
            if y is not arg and self._carried_arg(y) and (arg in regs or self.holder.get(results[arg]) == w)
        ]
        out: list = []
        for arg in todo:  # grows as the chains are followed
            if any(a is arg for a, _ in out):
                continue
            y = yielded[arg]
            end = computed_for(self.loop, arg.index - 1)  # type: ignore[attr-defined]
            if end is None or not isinstance(end.owner, Operation) or end.owner not in mine:
                why = (
                    "nothing in the loop computes it (carried unchanged, or a cycle of carried values)"
                    if end is None or not isinstance(end.owner, Operation) or id(end.owner) not in self.op_id
                    else f"warp {self.warp(end.owner)} computes it, not warp {w} that carries '{self.name(arg)}'"
                )
                raise located_error(
                    self.loop,
                    f"CUDA emission: carried '{self.name(arg)}' takes carried '{self.name(y)}''s previous value, "
                    f"but {why}: not generated",
                )
            out.append((arg, y))
            if self._carried_arg(yielded[y]):
                todo.append(y)
            elif y not in kept:
                raise located_error(
                    self.loop,
                    f"CUDA emission: carried '{self.name(arg)}' takes carried '{self.name(y)}''s previous value, "
                    f"which is not in registers on warp {w}: not generated",
                )
        return out

    def _after_loop(self, w: int, after: list[Operation]) -> list[str]:
        """Role `w`'s ops after the loop, in program order: a value another
        role reads is sent once it is computed (a loop result at once), one
        from another role received before its first use; an accumulator
        still in tensor memory is read into registers for the tile math."""
        out: list[str] = self._final_waits(w)
        channels = list(self.post_channels)

        def send(v: SSAValue) -> None:
            if v in self.post_channels and self.post_channels[v][0] == w:
                k, n = channels.index(v), self.name(v)
                if self.persistent:  # the buffer is the last tile's until its readers are done with it
                    out.append(f"    tw_mbar_wait(&sm.post{k}_empty, {TILE_PARITY} ^ 1u);  // the last tile's read")
                out.extend(
                    [f"    twillc_send(sm.post{k}, {n}, sizeof({n}));", f"    tw_mbar_arrive(&sm.post{k}_full);"]
                )

        for v in channels:
            if v in self.loop.res:
                self._to_registers(v, out)
                send(v)
        received: set[SSAValue] = set()
        waited = False
        chains = self._chunk_chains(w, after)
        in_chain = {id(c) for chain in chains.values() for c in chain}
        fused = self._fused_chains(w, after, in_chain)
        inside = {id(c) for chain in fused.values() for c in chain if id(c) not in fused}
        for op in after:
            if self.post_role.get(id(op)) != w:
                continue
            for v in op.operands:
                if v in self.post_channels and w in self.post_channels[v][1] and v not in received:
                    received.add(v)
                    k = channels.index(v)
                    n, t = self.name(v), v.type
                    if n not in self._declared:  # else the loop's array of the value (its carried one), now free
                        self._declared.add(n)
                        out.append(f"    {c_elt(t)} {n}[{self._n(t)}];  // from another role")  # type: ignore[arg-type]
                    out += [
                        f"    tw_mbar_wait(&sm.post{k}_full, {self._pre_parity()});",
                        f"    twillc_recv({n}, sm.post{k}, sizeof({n}));",
                    ]
                    if self.persistent:
                        out.append(f"    tw_mbar_arrive(&sm.post{k}_empty);  // the next tile's may be sent")
                elif self._pre_smem(v) and not waited:
                    waited = True
                    parity = self._pre_parity()
                    out.append(f"    tw_mbar_wait(&sm.pre_full, {parity});  // the tiles loaded before the loop")
                elif self._cast_for_store(op) or any(id(op) in {id(c) for c in ch} for ch in chains.values()):
                    continue  # stored from tensor memory, converted on the way
                elif not isinstance(op, tile.StoreOp | tile.StoreAddOp):
                    self._to_registers(v, out)
            if self._cast_for_store(op):
                self.acc_at[op.results[0]] = self.acc_at[op.operands[0]]
                continue
            if id(op) in chains:
                out += self._chunked_store(op, chains[id(op)])  # type: ignore[arg-type]
                continue
            if id(op) in in_chain:
                continue  # computed 32 columns at a time with the store it feeds
            if id(op) in inside:
                continue  # computed element by element in the expression of the value it feeds
            out += self._fused_post(op, fused[id(op)]) if id(op) in fused else self._post(op)
            for r in op.results:
                send(r)
        return out

    def _receive(self, v: SSAValue, into: str, slot: str, parity: str, ind: str) -> list[str]:
        """Wait for channel `v`'s slot, copy it into the array `into`, release it."""
        n = self.name(v)
        out = [f"{ind}tw_mbar_wait(&sm.{n}_full[{slot}], {parity});"]
        if v in self.tmem_at:
            if v in self.tmem_alias or not tmem_tile(v.type):
                raise located_error(v.owner, f"CUDA emission: '{n}' read whole from tensor memory is not generated")  # type: ignore[arg-type]
            out += [
                f"{ind}tw_tcgen05_fence_after();",
                f"{ind}twillc_tmem_load<{self._n(v.type)}>({into}, {self._tmem_slot(v, slot.rsplit(' % ', 1)[0])});",  # type: ignore[arg-type]
                f"{ind}tw_tcgen05_fence_before();",
            ]
        elif v in self.tmem_pending:  # no tensor-memory columns and no shared-memory ring: a hole, as its send
            out += self._hole(v.owner, [into], [], ind, f"{n} from tensor memory of another role")  # type: ignore[arg-type]
        else:
            out.append(f"{ind}twillc_recv({into}, sm.{n}[{slot}], sizeof({into}));")
        return [*out, f"{ind}tw_mbar_arrive(&sm.{n}_empty[{slot}]);"]

    def _program_rank(self, op: Operation) -> tuple[int, int]:
        return (0, self._order[id(op)])

    def _time_rank(self, op: Operation) -> tuple[int, int]:
        return (self.cycles[self.op_id[id(op)]], self._order[id(op)])

    def _events(self, w: int, mine: list[Operation], carried: list, rank) -> dict:
        """Per op: the values to wait for before it (their first use in the
        iteration), the TMA slots to release after it (their last use), the
        carried values to hand to the next iteration after it."""
        first: dict[SSAValue, Operation] = {}
        last: dict[SSAValue, Operation] = {}
        for op in sorted(mine, key=rank):
            for v in self._reads(op):
                first.setdefault(v, op)
                last[v] = op
        handoff: dict[int, list[tuple[str, str, int]]] = {}  # op -> (to, from, elements) copies after it
        # carried unchanged (`carry (m)` with no assignment to `m`): nothing to
        # hand over; `x = y` of carried values: x takes y's value before y
        # takes its next one, once neither is read in the iteration any more
        yielded = dict(carried)
        for group, y in self._carried_groups(carried):
            points = [last[a] for a in group if a in last]
            points.append(y.owner)
            at = handoff.setdefault(id(max(points, key=rank)), [])
            for arg in reversed(group):
                at.append((self.name(arg), self.name(yielded[arg]), self._n(arg.type)))
        first_handoff: dict[int, list[tuple[str, str, int]]] = {}
        for v in self._rotated & set(last):
            # v_next holds the next instance once written; it becomes v after
            # the current instance's last read, before the next one's first;
            # the first instance, which has no predecessor, right away.
            copy = (self.name(v), self.out(v), self._n(v.type))
            handoff.setdefault(id(last[v]), []).append(copy)
            first_handoff.setdefault(id(v.owner), []).append(copy)
        return {"first": first, "last": last, "handoff": handoff, "first_handoff": first_handoff}

    def _copy(self, op: Operation, w: int, events: dict, ind: str) -> list[str]:
        """One op of iteration `kt` with its waits, sends, releases and hand-offs."""
        reads = self._reads(op)
        out: list[str] = []
        for name in [n for n in self._pending if self.ids[n].results[0] in reads]:  # an MMA in flight until here
            out += self._pending.pop(name)
        out += self._copy_body(op, w, events, ind)
        name = self.op_id.get(id(op))
        if self._defer_copy and self._turn is not None and name in self._turn.overlap:
            at = max(i for i, line in enumerate(out) if "tw_wgmma_commit();" in line)
            at += 1 if at + 1 < len(out) and "tw_named_bar_arrive(" in out[at + 1] else 0
            self._pending[name] = out[at + 1 :]
            return [*out[: at + 1], f"{ind}// {self.name(op.results[0])} in flight: waited for before its first reader"]
        return out

    def _deferred(self, copies: tuple[RoleCopy, ...], ids: dict) -> set[RoleCopy]:
        """The copies of a phase whose MMA is waited for at its first reader
        (`Turn.overlap`): that reader a later copy of the phase, of the same
        iteration, and not the next one."""
        turn = self._turn
        if turn is None or not turn.overlap:
            return set()
        mine = [c for c in copies if c.op in ids]
        out = set()
        for i, c in enumerate(mine):
            if c.op not in turn.overlap:
                continue
            res = ids[c.op].results[0]
            at = next((k for k in range(i + 1, len(mine)) if res in self._reads(ids[mine[k].op])), None)
            if at is not None and at > i + 1 and (mine[at].stage, mine[at].step) == (c.stage, c.step):
                out.add(c)
        return out

    def _copy_body(self, op: Operation, w: int, events: dict, ind: str) -> list[str]:
        out: list[str] = []
        for v in dict.fromkeys(self._reads(op)):
            if events["first"].get(v) is not op:
                continue
            if isinstance(v.owner, tile.LoadOp) and v.owner in self.loads:
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out.append(f"{ind}tw_mbar_wait(&sm.{n}_full[{self._slot('kt', d)}], {self._phase('kt', d)});")
            elif self._tmem_received(v, w):  # read in the previous iteration's slot, released after its last use
                y = self._yielded(v)
                assert y is not None
                n, d = self.name(y), self.depths[self.op_id[id(y.owner)]]
                out += [
                    f"{ind}if (kt > 0) {{  // {self.name(v)}: {n} of the previous iteration, in its slot",
                    f"{ind}  tw_mbar_wait(&sm.{n}_full[{self._slot('kt - 1', d)}], {self._phase('kt - 1', d)});",
                    f"{ind}  tw_tcgen05_fence_after();",
                    f"{ind}}}",
                ]
                if self.persistent and self.op_id[id(y.owner)] in dict(self.program.outside.releases):
                    # its first iteration writes the storage the previous tile's result is read from after the
                    # loop: that read's release of the previous tile's last slot (`twill.live_out ... releases`)
                    out[-1:] = [
                        f"{ind}}} else if ({RING_BASE} > 0) {{  // the previous tile's {n}, read after its loop",
                        f"{ind}  tw_mbar_wait(&sm.{n}_empty[({RING_BASE} - 1) % {d}], (({RING_BASE} - 1) / {d}) & 1);",
                        f"{ind}  tw_tcgen05_fence_after();",
                        f"{ind}}}",
                    ]
            elif self._received(v, w):
                y = self._yielded(v)
                assert y is not None
                n, d = self.name(y), self.depths[self.op_id[id(y.owner)]]
                out += [f"{ind}if (kt > 0) {{  // {self.name(v)}: {n} of the previous iteration, from another role"]
                out += self._receive(
                    y, self.name(v), f"{self._slot('kt - 1', d)}", f"{self._phase('kt - 1', d)}", ind + "  "
                )
                out += [f"{ind}}}"]
            elif v in self.reg_channels and self.warp(v.owner) != w:  # type: ignore[arg-type]
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out.append(f"{ind}// {n} from another role")
                if self._read_in_place(v, w):  # read in its slot by the one op, released after it
                    out.append(f"{ind}tw_mbar_wait(&sm.{n}_full[{self._slot('kt', d)}], {self._phase('kt', d)});")
                elif self._tmem_channel(v, w):  # read in place, released after its last use
                    out += [
                        f"{ind}tw_mbar_wait(&sm.{n}_full[{self._slot('kt', d)}], {self._phase('kt', d)});",
                        f"{ind}tw_tcgen05_fence_after();",
                    ]
                else:
                    out += self._receive(v, n, f"{self._slot('kt', d)}", f"{self._phase('kt', d)}", ind)
        streamed = [r for r in op.results if self._streams_to_slot(r, w)]
        for res in streamed:  # computed in its slot: free before the op writes it
            n, d = self.name(res), self.depths[self.op_id[id(op)]]
            out.append(
                f"{ind}tw_mbar_wait(&sm.{n}_empty[{self._slot('kt', d)}], ({self._phase('kt', d)}) ^ 1);"
                f"  // {n} to other roles"
            )
        code = [ind + (line[6:] if line.startswith("      ") else line.lstrip()) for line in self._op(op)]
        out += self._turn_sync(op, ind) + self._turn_arrive(op, ind, code)
        for res in op.results:
            if self._staged_early(res):
                m = res.type.get_shape()[1]  # type: ignore[attr-defined]
                out.append(f"{ind}{self._stage_fn(res)}{m}>(sm.{self.name(res)}_t, {self.name(res)}, {self._group});")
        for res in op.results:
            if res in streamed:
                slot = self._slot("kt", self.depths[self.op_id[id(op)]])
                out.append(f"{ind}tw_mbar_arrive(&sm.{self.name(res)}_full[{slot}]);")
            elif res in self.reg_channels and res not in self.umma_direct:  # an MMA sends its own
                n, d = self.name(res), self.depths[self.op_id[id(op)]]
                out.append(
                    f"{ind}tw_mbar_wait(&sm.{n}_empty[{self._slot('kt', d)}], ({self._phase('kt', d)}) ^ 1);"
                    f"  // {n} to other roles"
                )
                # an accumulator kept in tensor memory (`acc_at`) is read there, not from an array
                src = f"tmem + {self.acc_at[res]}" if res in self.acc_at else self.out(res)
                if res in self.tmem_pending:
                    out += self._hole(op, [], [src], ind, f"{n} to tensor memory for another role")
                elif res in self.umma_in_place:
                    out.append(f"{ind}tw_tcgen05_fence_before();  // the MMA wrote {n} in its slot")
                elif res in self.tmem_at and res in self.acc_at:  # tensor memory to its slot, 32 columns at a time
                    cols = res.type.get_shape()[1]  # type: ignore[attr-defined]
                    out += [
                        f"{ind}tw_tcgen05_fence_after();",
                        "#pragma unroll 1",
                        f"{ind}for (int c = 0; c < {cols}; c += 32) {{",
                        f"{ind}  float x[32];",
                        f"{ind}  twillc_tmem_load<32>(x, {src} + c);",
                        f"{ind}  twillc_tmem_store<32>({self._tmem_slot(res)} + c, x);",
                        f"{ind}}}",
                        f"{ind}tw_tcgen05_fence_before();",
                    ]
                elif res in self.tmem_at:
                    if tmem_tile(res.type):
                        store = f"twillc_tmem_store<{self._n(res.type)}>({self._tmem_slot(res)}, {self.out(res)});"  # type: ignore[arg-type]
                    else:  # 16-bit, packed in pairs; a cast's input converted on the way (`_cast_sent`)
                        src = self.name(op.operands[0]) if self._cast_sent(res) else self.out(res)
                        k = res.type.get_shape()[1]  # type: ignore[attr-defined]
                        store = f"twillc_tmem_store_h<{k}, {c_elt(res.type)}>({self._tmem_slot(res)}, {src});"  # type: ignore[arg-type]
                    out += [
                        f"{ind}{store}",
                        f"{ind}tw_tcgen05_fence_before();",
                    ]
                elif self._sent_staged(res):  # in the layout its wgmmas read: the slot is its staging buffer
                    m = res.type.get_shape()[1]  # type: ignore[attr-defined]
                    slot = self._slot("kt", d)
                    out.append(f"{ind}{self._stage_fn(res)}{m}>(sm.{n}[{slot}], {self.out(res)}, {self._group});")
                elif res in self.smem_operand:  # the MMA's MN-major A, 128B-swizzled, fenced for tcgen05
                    src = self.name(op.operands[0]) if self._cast_sent(res) else self.out(res)
                    k = res.type.get_shape()[1]  # type: ignore[attr-defined]
                    self._helpers.add("umma_at")
                    out.append(
                        f"{ind}twillc_store_operand_mn<{k}, {c_elt(res.type)}>(sm.{n}[{self._slot('kt', d)}], {src});"  # type: ignore[arg-type]
                    )
                else:
                    out.append(f"{ind}twillc_send(sm.{n}[{self._slot('kt', d)}], {self.out(res)}, sizeof({n}));")
                out.append(f"{ind}tw_mbar_arrive(&sm.{n}_full[{self._slot('kt', d)}]);")
        for v in dict.fromkeys(self._reads(op)):
            if events["last"].get(v) is op and isinstance(v.owner, tile.LoadOp) and v.owner in self.loads:
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out.append(f"{ind}tw_mbar_arrive(&sm.{n}_empty[{self._slot('kt', d)}]);  // release after the last use")
            elif events["last"].get(v) is op and self._read_in_place(v, w):
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out.append(f"{ind}tw_mbar_arrive(&sm.{n}_empty[{self._slot('kt', d)}]);  // release")
            elif events["last"].get(v) is op and self._tmem_received(v, w):
                y = self._yielded(v)
                n, d = self.name(y), self.depths[self.op_id[id(y.owner)]]  # type: ignore[union-attr,arg-type]
                out += [
                    f"{ind}tw_tcgen05_fence_before();",
                    f"{ind}if (kt > 0) tw_mbar_arrive(&sm.{n}_empty[{self._slot('kt - 1', d)}]);  // release",
                ]
            elif events["last"].get(v) is op and self._tmem_channel(v, w) and self.warp(v.owner) != w:  # type: ignore[arg-type]
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out += [
                    f"{ind}tw_tcgen05_fence_before();",
                    f"{ind}tw_mbar_arrive(&sm.{n}_empty[{self._slot('kt', d)}]);  // release",
                ]
        for dst, src, n in events["first_handoff"].get(id(op), ()):
            out.append(f"{ind}if (kt == 0) for (int i = 0; i < {n}; ++i) {dst}[i] = {src}[i];")
        for dst, src, n in events["handoff"].get(id(op), ()):  # the next iteration reads what this one wrote
            out += copy_array(dst, src, n, ind)
        return out

    def _turn_name(self, op: Operation) -> str | None:
        """The op's name when it is an op of its role's turn at the tensor core."""
        turn = self._turn
        name = self.op_id.get(id(op))
        return name if turn is not None and name in turn.ops else None

    def _turn_sync(self, op: Operation, ind: str) -> list[str]:
        """Before the first op of the role's turn that runs: its named
        barrier (`twill.issue_order`); iteration kt's copy is the first when
        none of the turn's earlier ops (iterations kt + d) runs."""
        name = self._turn_name(op)
        if name is None:
            return []
        t = self._turn
        cond = _none_runs(t.syncs_before(name))
        if cond == "false":
            return []
        sync = f"tw_named_bar_sync({t.bar}, {t.threads});  // {t.role}'s turn at the tensor core"
        return [f"{ind}{sync}" if cond == "true" else f"{ind}if ({cond}) {sync}"]

    def _turn_arrive(self, op: Operation, ind: str, code: list[str]) -> list[str]:
        """The op's code, and after the last op of the turn that runs (once
        its wgmma batch is committed, before its wait) the next role's
        named barrier: that role may issue now."""
        name = self._turn_name(op)
        if name is None:
            return code
        t = self._turn
        cond = _none_runs(t.arrives_after(name))
        if cond == "false":
            return code
        arrive = f"tw_named_bar_arrive({t.next}, {t.threads});  // the next role's turn"
        at = max((i for i, line in enumerate(code) if "tw_wgmma_commit();" in line), default=len(code) - 1)
        pad = code[at][: len(code[at]) - len(code[at].lstrip())] if code else ind
        line = f"{pad}{arrive}" if cond == "true" else f"{pad}if ({cond}) {arrive}"
        return [*code[: at + 1], line, *code[at + 1 :]]

    def _split_ops(self) -> list[Operation]:
        """The loop's split selects and mask-only ops that a role runs."""
        return [op for op in self.loop_ops if id(op) in self.split_selects or id(op) in self.mask_only]

    def _split_applies(self, w: int) -> bool:
        """Whether role `w` skips its mask-only ops in unmasked iterations:
        when it runs split selects and generates each of them (a select left
        as a hole computes it as written, from the mask, which then runs in
        every iteration: the unmasked ones' mask is all true, so the result
        is the same). The split's ops are all on one role (read_warp_program)."""
        selects = [op for op in self.loop_ops if id(op) in self.split_selects and self.warp(op) == w]
        return bool(selects) and all(self._math(op) is not None for op in selects)

    def unmasked_predicate(self) -> list[str]:
        """`tw_unmasked(kt)`: whether iteration kt (j = lb + kt * step) is
        unmasked, every `alpha * j + offset >= 0` of the mask split (its
        offsets are values from before the loop, computed once)."""
        split = self.program.split
        assert split is not None
        j = self.iteration
        offsets = [f"  const int tw_off{k} = {c_index(v, None)};" for k, v in enumerate(split.offsets)]
        terms = " && ".join(f"{a} * {j} + tw_off{k} >= 0" for k, a in enumerate(split.alphas))
        return [
            f"  // twill.mask_split: iteration kt (j = {j}) is unmasked when {terms}: there the split selects",
            "  // yield their true operand and the ops only their conditions read do not run",
            *offsets,
            f"  const auto tw_unmasked = [=](int kt) -> bool {{ return {terms}; }};",
        ]

    def _pipelined(self, w: int, mine: list[Operation], events: dict) -> list[str]:
        role = next(r for r in self.program.roles if r.warp == w)
        ids = {self.op_id[id(op)]: op for op in mine}
        s = self.program.stages
        out = [f"    // the schedule's software pipeline: {s} stages, prologue / kernel / epilogue"]
        if self.target.drain_by_trips:
            return out + self._pipelined_by_trips(w, role, ids, events)
        deferred = self._deferred(role.prologue, ids)
        for c in role.prologue:
            if c.op in ids:
                self._defer_copy = c in deferred
                out += self._guarded(ids[c.op], w, events, str(c.step - c.stage), f"prologue step {c.step}", c)
        out += self._kernel_loop(w, role, ids, events, "")
        epilogue: list[str] = []
        deferred = self._deferred(role.epilogue, ids)
        for c in role.epilogue:
            if c.op in ids:
                self._defer_copy = c in deferred
                at = f"drain {'+' if c.step >= c.stage else '-'} {abs(c.step - c.stage)}"
                epilogue += self._guarded(ids[c.op], w, events, at, f"epilogue step {c.step}", c)
        self._defer_copy = False
        if epilogue:
            out.append(f"    const int drain = trips > {s - 1} ? trips : {s - 1};")
        return out + epilogue

    def _kernel_loop(self, w: int, role: Role, ids: dict, events: dict, pad: str) -> list[str]:
        """The pipeline's steady state: every stage's copy, iteration k + (stages - 1 - stage)."""
        s = self.program.stages
        out = [f"{pad}    for (int k = 0; k < trips - {s - 1}; ++k) {{"]
        deferred = self._deferred(role.kernel, ids)
        for c in role.kernel:
            if c.op in ids:
                self._defer_copy = c in deferred
                out.append(f"{pad}      {{  // {c.op} stage {c.stage}")
                out += with_iteration(f"k + {s - 1 - c.stage}", self._copy(ids[c.op], w, events, f"{pad}        "))
                out.append(f"{pad}      }}")
        self._defer_copy = False
        out.append(f"{pad}    }}")
        return out

    def _pipelined_by_trips(self, w: int, role: Role, ids: dict, events: dict) -> list[str]:
        """The pipeline printed per trip count (`Target.drain_by_trips`): for
        `trips >= stages - 1` every prologue and epilogue copy runs (the
        epilogue's iteration `trips - (stage - step)`); for each smaller
        count `t`, straight-line, the prologue's copies of iterations below
        `t` and the epilogue's (drained from `stages - 1`) that are, the
        kernel loop running no iteration there. Each copy is its own scope."""
        s = self.program.stages

        def scoped(c: RoleCopy, at: str, where: str) -> list[str]:
            body = with_iteration(at, self._copy(ids[c.op], w, events, "        "))
            return [f"      {{  // {where}: {c.op} stage {c.stage}", *body, "      }"]

        out = [f"    if (trips >= {s - 1}) {{  // every prologue and epilogue copy runs"]
        for c in role.prologue:
            if c.op in ids:
                out += scoped(c, str(c.step - c.stage), f"prologue step {c.step}")
        out += self._kernel_loop(w, role, ids, events, "  ")
        for c in role.epilogue:
            if c.op in ids:
                out += scoped(c, f"trips - {c.stage - c.step}", f"epilogue step {c.step}")
        for t in range(s - 2, 0, -1):
            out.append(f"    }} else if (trips == {t}) {{  // the copies of iterations below {t}, straight-line")
            for c in role.prologue:
                if c.op in ids and c.step - c.stage < t:
                    out += scoped(c, str(c.step - c.stage), f"prologue step {c.step}")
            for c in role.epilogue:
                if c.op in ids and s - 1 + c.step - c.stage < t:
                    out += scoped(c, str(s - 1 + c.step - c.stage), f"epilogue step {c.step}")
        out.append("    }")
        return out

    def _guarded(self, op: Operation, w: int, events: dict, at: str, where: str, c) -> list[str]:
        """A prologue or epilogue copy: it runs iteration `at` when that is
        below the trip count."""
        head = [f"    if ({at} < trips) {{  // {where}: {c.op} stage {c.stage}"]
        return head + with_iteration(at, self._copy(op, w, events, "      ")) + ["    }"]


def _none_runs(deltas: list[int]) -> str:
    """The C++ condition, in iteration kt of a copy that runs (0 <= kt <
    trips), that no iteration kt + d runs: "true", "false" or the test."""
    if 0 in deltas:
        return "false"
    terms = [f"kt < {-d}" if d < 0 else f"kt + {d} >= trips" for d in sorted(set(deltas))]
    return " && ".join(terms) if terms else "true"
