"""The kernel around the roles: shared storage, mbarrier and tensor-memory set-
up, the host launcher, and holes (device functions for what is not
generated, trapping by default)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from xdsl.ir import Operation, SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda.device_helpers import SKELETON_HELPERS, extra_helper
from twillc.lowering.cuda.dtypes import elt
from twillc.lowering.cuda.index_expr import block_index_decls, c_index, grid_extents
from twillc.lowering.cuda.kernel_plan import trip_count_expr
from twillc.lowering.cuda.preconditions import refuse_hole
from twillc.lowering.cuda.prelude import DEVICE, DTYPES, DTYPES_HOST, HOST, HOST_ROWS, TensorMap, host_launcher
from twillc.lowering.cuda.sm90 import ACC_SMEM
from twillc.lowering.cuda.tcgen05 import DTYPES_TCGEN05, TCGEN05
from twillc.lowering.cuda.tiles import (
    c_elt,
    copied_rows,
    loc_text,
    narrow_rows,
    nbytes,
    round1k,
    unsupported,
)
from twillc.transforms.common import located_error
from twillc.transforms.ir_graph import kernel_name
from twillc.transforms.memory_plan import BARRIERS, epilogue_stores, slot_bytes, smem_parts, umma_pad_bytes
from twillc.transforms.nest_attr import describe_nest

SHARED_VIEW = (
    "  SharedStorage& sm = *reinterpret_cast<SharedStorage*>(",
    "      smem_raw + ((1024u - static_cast<uint32_t>(__cvta_generic_to_shared(smem_raw))) & 1023u));",
)
"""The kernel's shared storage, at the first 1024-byte boundary of its dynamic shared memory."""


@dataclass
class KernelPieces:
    """What the general emitter printed for one loop, kept apart so that a
    kernel with several loops (`twillc.lowering.cuda.segments`) can run them
    one after another: its namespace, threads, helpers, shared storage,
    parameters, body (each line indented for the kernel), trip count, host
    helpers and what the launcher takes."""

    ns: str
    threads: int
    helpers: list[str]
    smem: list[str]
    params: list[str]
    body: list[str]
    uses_bid: bool
    trips: str
    host: list[str]
    tensors: list
    loaded: list[str]
    sizes: list[str]
    scalars: list


class KernelFrame:
    """A part of the general emitter (`twillc.lowering.cuda.skeleton._Emitter`)."""

    def _channel_memory(self, res: SSAValue) -> str:
        """Where a register-tile channel's ring is, as the warp-specialized IR says."""
        return self.program.channels[self.op_id[id(res.owner)]].memory

    # -- emission ---------------------------------------------------------
    def _emit(self, before: list[Operation], after: list[Operation]) -> str:
        k = kernel_name(self.module)
        ns = f"twillc_{k}"
        threads = 128 * len(self.groups)
        smem = ["struct SharedStorage {"]
        for op in self.loads:
            n, t = self.name(op.result), op.result.type
            d = self.depths[self.op_id[id(op)]]
            smem.append(f"  alignas(1024) uint8_t {n}[{d}][{round1k(nbytes(t))}];  // ring of {d}")
        for op in self.pre_loads:
            smem.append(f"  alignas(1024) uint8_t {self.name(op.result)}[{round1k(nbytes(op.result.type))}];")
        for res in self.reg_channels:
            d = self.depths[self.op_id[id(res.owner)]]
            if self._channel_memory(res) == "tmem":
                continue  # its ring is in tensor memory
            slot = self._slot_bytes(res.type)
            if self._sent_staged(res):  # swizzled boxes a wgmma reads (slots of 1 KB multiples)
                smem.append(f"  alignas(1024) uint8_t {self.name(res)}[{d}][{slot}];  // register tile channel, staged")
                continue
            if res in self.smem_operand:  # an MMA operand: 128B-swizzled boxes, 1024-aligned
                smem.append(f"  alignas(1024) uint8_t {self.name(res)}[{d}][{slot}];  // an MMA's MN-major A")
                continue
            smem.append(f"  alignas(16) uint8_t {self.name(res)}[{d}][{slot}];  // register tile channel")
        for st in self.staged_tiles:
            smem.append(f"  alignas(1024) uint8_t {self._staged_buffer(st)}[{st.nbytes}];  // staged")
        for op in self.loads:
            d = self.depths[self.op_id[id(op)]]
            smem.append(f"  alignas(8) uint64_t {self.name(op.result)}_full[{d}], {self.name(op.result)}_empty[{d}];")
        for res in self.reg_channels:
            d = self.depths[self.op_id[id(res.owner)]]
            smem.append(f"  alignas(8) uint64_t {self.name(res)}_full[{d}], {self.name(res)}_empty[{d}];")
        for c, v in enumerate(self.post_channels):
            smem.append(f"  alignas(16) uint8_t post{c}[{self._slot_bytes(v.type)}];  // once, after the loop")
            smem.append(f"  alignas(8) uint64_t post{c}_full;")
            if self.persistent:  # sent once per tile: its readers free it for the next tile's
                smem.append(f"  alignas(8) uint64_t post{c}_empty;")
        if self.umma_roles:
            smem.append(f"  alignas(8) uint64_t mma_done[{len(self.groups)}];  // a role's MMAs complete")
        if self.tmem_cols:
            smem.append("  uint32_t tmem_base;  // tcgen05.alloc writes the tensor-memory address here")
        epi = self._epilogue_bytes()
        if epi:  # the persistent kernel's stores through shared memory (`tile_loop`)
            smem.append(f"  alignas(1024) uint8_t epi[{epi}];  // each staged tile in turn: the TMA stores' source")
        smem.append("  alignas(8) uint64_t pre_full;")
        if self.persistent and self.pre_loads:
            smem.append("  alignas(8) uint64_t pre_empty;  // consumers -> producer: this tile's pre-loop tiles read")
        pad = max((umma_pad_bytes(op, self.target) for op in self.loop_ops), default=0)
        if pad:
            smem.append(f"  alignas(16) uint8_t mma_pad[{pad}];  // read by an M = 64 tcgen05.mma as M = 128's rows")
        smem.append("};")
        parts = smem_parts(
            [(op.result.type, self.depths[self.op_id[id(op)]]) for op in self.loads],
            [op.result.type for op in self.pre_loads],
            [
                (res.type, self.depths[self.op_id[id(res.owner)]])
                for res in self.reg_channels
                if self._channel_memory(res) == "smem"
            ],
            [v.type for v in self.post_channels],
            [st.nbytes for st in self.staged_tiles],
            self.target,
        )
        total = sum(parts.values()) + pad + epi
        if total + BARRIERS > self.machine.smem:
            what = ", ".join(f"{k} {v} B" for k, v in parts.items() if v)
            raise located_error(
                self.loop,
                f"CUDA emission: {total} B of rings and channels exceed shared memory "
                f"({self.machine.smem - BARRIERS} B with {BARRIERS} B of barriers): {what}",
            )
        args = self.func.body.block.args
        tensors = [(self.args[a], a.type) for a in args if isinstance(a.type, tile.TensorType)]
        # scalar arguments (`scale: f32`): by value, after the tensors and sizes
        scalars = [(self.args[a], elt(a.type).cxx) for a in args if not isinstance(a.type, tile.TensorType)]
        tma = [op for op in self.loads + self.pre_loads if not copied_rows(op.result.type)]  # the rest copied
        loaded = sorted({self.args[op.tensor] for op in tma})
        params = []
        for name, t in tensors:
            if name in loaded and len(t.get_dims()) == 2:  # type: ignore[attr-defined]
                params.append(f"const __grid_constant__ CUtensorMap tmap_{name}")
            if name in self._tma_stored():  # stored by TMA from the epilogue buffer
                params.append(f"const __grid_constant__ CUtensorMap tmap_{name}_store")
            params.append(f"{c_elt(t)}* __restrict__ {name}")  # type: ignore[arg-type]
        sizes = list(dict.fromkeys(d for _, t in tensors for d in t.get_dims() if isinstance(d, str)))  # type: ignore[attr-defined]
        params += [f"int {s}" for s in sizes]
        params += [f"{cxx} {name}" for name, cxx in scalars]
        body = self._kernel_body(before, after)
        self.pieces = KernelPieces(
            ns=ns,
            threads=threads,
            helpers=self._helper_blocks(),
            smem=smem,
            params=params,
            body=body,
            uses_bid=bool(re.search(r"\bbid\b", "\n".join(body))),
            trips=trip_count_expr(self.program),
            host=self._host_blocks(),
            tensors=tensors,
            loaded=loaded,
            sizes=sizes,
            scalars=scalars,
        )
        kind = f"skeleton, {len(self._hole_of)} holes" if self._hole_of else "complete"
        lines = [
            f"// Generated by twillc from {self.source}: kernel '{k}', target {self.arch} ({kind}).",
            f"// Schedule: II {self.program.ii}, {self.program.stages} stages; warp groups: " + self.groups_text(),
            *self._persistent_header(),
            "// Holes (tile math not generated yet), if any, are marked TWILLC-HOLE.",
            f"// Compile: nvcc -gencode arch=compute_{self.arch[3:]},code={self.arch} -c <this file>",
            *self.pieces.helpers,
            f"namespace {ns} {{",
            f"constexpr int THREADS = {threads};",
            *smem,
            f"}}  // namespace {ns}",
            "",
        ]
        lines += self.hole_defs
        lines += [
            f"__global__ void __launch_bounds__({ns}::THREADS, 1)",
            f"{ns}_kernel(\n    " + ",\n    ".join(params) + ") {",
            f"  using namespace {ns};",
            f"  tw_require_{self.arch.replace('_', '')}();",
            "  extern __shared__ __align__(1024) uint8_t smem_raw[];",
            # offset from smem_raw, not an integer cast: ptxas keeps the shared window (ld/st.shared, 32-bit
            # addresses) for every access through sm, not generic ld/st with 64-bit addresses held in registers
            *SHARED_VIEW,
            "  const int wg = tw_warpgroup_idx();",
            *self._grid_decls(),
            *body,
            "}",
            *self.pieces.host,
            self._launcher(ns, tensors, loaded, sizes, scalars),
        ]
        return "\n".join(lines) + "\n"

    def _persistent_header(self) -> list[str]:
        """The header lines of a persistent kernel: its tile loop and the nest's schedule (`twill.nest`)."""
        if not self.persistent:
            return []
        nest = self.persistent.attributes.get("twill.nest")
        tmem = self.target.has_tensor_memory
        whose = "the epilogue of the role holding each result" if tmem else "each consumer's epilogue"
        return [
            f"// Persistent: {self._grid_decls()[0].split(' = ', 1)[1].split(';')[0]} output tiles, grid min(SMs, "
            f"tiles), grouped by {self.persistent.group.value.data} rows of tiles; {whose} "
            "through shared memory and a TMA store;",
            f"// nest: {describe_nest(nest) if nest is not None else '(not scheduled: run nest-schedule)'}",
        ]

    def _grid_decls(self) -> list[str]:
        """The block indices and the trip count, at the kernel's top; in the
        persistent kernel, the tile count (each role's tile loop declares
        `bid` and the tile's `trips`)."""
        if not self.persistent:
            return [*block_index_decls("\n".join(self.pieces.body)), f"  const int trips = {self.pieces.trips};"]
        tiles = f"({c_index(self.persistent.tiles_m, None)}) * ({c_index(self.persistent.tiles_n, None)})"
        return [f"  const int n_tiles = {tiles};  // the outer loop's output tiles"]

    def _epilogue_offsets(self) -> dict[int, int]:
        """Each store's staged tile in the epilogue buffer, by the store op's
        id (`memory_plan.epilogue_stores`, the bytes joint-schedule counted)."""
        if not self.persistent:
            return {}
        out, at = {}, 0
        for _, store, size in epilogue_stores(self.loop):
            out[id(store)] = at
            at += size
        return out

    def _epilogue_bytes(self) -> int:
        return sum(n for _, _, n in epilogue_stores(self.loop)) if self.persistent else 0

    def _tma_stored(self) -> list[str]:
        """The tensors the persistent kernel stores by TMA from the epilogue buffer."""
        if not self.persistent:
            return []
        return sorted({self.args[store.tensor] for _, store, _ in epilogue_stores(self.loop)})

    def groups_text(self) -> str:
        """The warp groups and their budgets, as the kernel's header comment prints them."""
        return ", ".join(f"{self.roles.get(w, 'warp')} ({r} regs)" for w, r in zip(self.groups, self.regs, strict=True))

    def _helper_blocks(self) -> list[str]:
        """The device helpers this kernel pastes, in order (each a block of text)."""
        return [
            DEVICE,
            SKELETON_HELPERS,
            *([TCGEN05] if self.target.has_tensor_memory else []),
            *([DTYPES] if self.other_types else []),
            *([DTYPES_TCGEN05] if self.other_types and self.target.has_tensor_memory else []),
            *(extra_helper(h) for h in sorted(self._helpers)),
            *([ACC_SMEM] if self.persistent else []),
        ]

    def _host_blocks(self) -> list[str]:
        """The host helpers this kernel's launcher calls."""
        return [
            DTYPES_HOST if self.other_types else HOST,
            *([HOST_ROWS] if any(narrow_rows(op.result.type) for op in self.loads + self.pre_loads) else []),
        ]

    def tensor_maps(self, tensors: list) -> list[TensorMap]:
        """The tensor maps of the kernel's 2-D TMA loads, one per loaded tensor."""
        box_rows, box_cols = {}, {}
        for op in self.loads + self.pre_loads:
            t = op.result.type
            if t.rank == 2 and not copied_rows(t):  # type: ignore[attr-defined]
                box_rows.setdefault(self.args[op.tensor], t.get_shape()[0])  # type: ignore[attr-defined]
                narrow = t.get_shape()[1] if narrow_rows(t) else 0  # type: ignore[attr-defined]
                if box_cols.setdefault(self.args[op.tensor], narrow) != narrow:
                    raise located_error(op, "CUDA emission: the loads of one tensor take boxes of one width")
        maps = []
        for name, t in tensors:
            if name in box_rows:
                rows, cols = t.get_dims()
                maps.append(TensorMap(name, name, elt(t).name, rows, cols, box_rows[name], box_cols[name]))
        return maps

    def _slot_bytes(self, t) -> int:
        """Bytes of a register tile's channel slot (memory_plan.slot_bytes)."""
        return slot_bytes(t, self.target)

    def _kernel_body(self, before: list[Operation], after: list[Operation]) -> list[str]:
        out = ["  if (threadIdx.x == 0) {"]
        for op in self.loads:
            n, d = self.name(op.result), self.depths[self.op_id[id(op)]]
            readers = {self.warp(u.operation) for u in op.result.uses if id(u.operation) in self.op_id}
            out.append(
                f"    for (int s = 0; s < {d}; ++s) {{ tw_mbar_init(&sm.{n}_full[s], 1); "
                f"tw_mbar_init(&sm.{n}_empty[s], {128 * len(readers)}); }}"
            )
        for res, (_, users) in self.reg_channels.items():
            n, d = self.name(res), self.depths[self.op_id[id(res.owner)]]
            arrivals = 1 if res in self.umma_direct else 128  # tcgen05.commit arrives once
            out.append(
                f"    for (int s = 0; s < {d}; ++s) {{ tw_mbar_init(&sm.{n}_full[s], {arrivals}); "
                f"tw_mbar_init(&sm.{n}_empty[s], {128 * len(users)}); }}"
            )
        out += [f"    tw_mbar_init(&sm.post{k}_full, 128);" for k in range(len(self.post_channels))]
        if self.persistent:
            out += [
                f"    tw_mbar_init(&sm.post{k}_empty, {128 * len(readers)});"
                for k, (_, readers) in enumerate(self.post_channels.values())
            ]
        if self.umma_roles:
            out.append(f"    for (int g = 0; g < {len(self.groups)}; ++g) tw_mbar_init(&sm.mma_done[g], 1);")
        out.append("    tw_mbar_init(&sm.pre_full, 1);")
        if self.persistent and self.pre_loads:  # every consumer thread releases them, once per tile
            out.append(f"    tw_mbar_init(&sm.pre_empty, {128 * (len(self.groups) - 1)});")
        out += ["    tw_fence_mbar_init();", "  }"]
        if self.tmem_cols:
            out += [
                f"  if (threadIdx.x < 32) tw_tmem_alloc(&sm.tmem_base, {self.tmem_cols});  // warp 0, for the CTA",
                "  tw_tcgen05_fence_before();",
                "  __syncthreads();",
                "  tw_tcgen05_fence_after();",
                "  const uint32_t tmem = sm.tmem_base;",
                "  // columns: "
                + ", ".join(
                    [f"{self.name(v)} {c}" for v, c in self.tmem_at.items()]
                    + [f"{self.name(v)} {c}" for c, v in sorted(self._acc_regions().items())]
                    + [f"{self.roles.get(w, 'role')} MMA {c}" for w, c in self.scratch_at.items()]
                ),
                "",
            ]
        else:
            out += ["  __syncthreads();", ""]
        out += self._producer()
        consumers = [self._consumer(g, w, before, after) for g, w in enumerate(self.groups[1:], start=1)]
        if self._turns_off and self.program.turns:  # a role cannot take its turns: none takes them
            consumers = [self._consumer(g, w, before, after) for g, w in enumerate(self.groups[1:], start=1)]
        if self.persistent:  # the roles exclusive for ptxas (an else chain): fewer registers live in the tile loops
            consumers = [["  else", *lines] for lines in consumers]
        out += [line for lines in consumers for line in lines]
        if any("tw_unmasked(" in line for line in out):  # defined where a role tests it (no unused lambda)
            out = self.unmasked_predicate() + out
        if self.tmem_cols:  # every role is done with tensor memory
            out += [
                "  tw_tcgen05_fence_before();",
                "  __syncthreads();",
                f"  if (threadIdx.x < 32) {{ tw_tcgen05_fence_after(); tw_tmem_dealloc(tmem, {self.tmem_cols}); }}",
            ]
        return out

    def _launcher(self, ns: str, tensors: list, loaded: list[str], sizes: list[str], scalars: list) -> str:
        maps, call = self.tensor_maps(tensors), []
        mapped = {m.name for m in maps}
        stored = self._tma_stored()
        for name, t in tensors:
            if name in mapped:
                call.append(f"tmap_{name}")
            if name in stored:
                call.append(f"tmap_{name}_store")
            call.append(f"static_cast<{c_elt(t)}*>({name})")
        # the epilogue's TMA stores: 64 x 64 boxes, 128B-swizzled, as twillc_acc_to_smem stages them
        maps += [TensorMap(f"{n}_store", n, elt(t).name, *t.get_dims(), 64) for n, t in tensors if n in stored]
        comment = ["// Host launcher: tensor maps for the 2-D TMA loads, then `blocks` CTAs."]
        params = [f"void* {name}" for name, _ in tensors] + [f"int {s}" for s in sizes]
        params += [f"{cxx} {name}" for name, cxx in scalars]
        call += sizes + [name for name, _ in scalars]
        if self.persistent:
            comment = ["// Host launcher: tensor maps for the 2-D TMA loads and stores, then min(SMs, blocks) CTAs."]
        return host_launcher(
            ns,
            comment,
            params,
            maps,
            call,
            not self.other_types,
            grid_extents(self.func),
            persistent=self.persistent is not None,
        )

    def _hole(self, op: Operation, outs: list[str], ins: list[str], indent: str, what: str = "") -> list[str]:
        """A device function left empty for `op` (or for `what` it needs)."""
        op_name = what or op.name.split(".")[-1]
        args = ", ".join(outs + ins)
        key = (id(op), what)
        if key in self._hole_of:  # another copy of the same op (prologue, kernel, epilogue)
            return [f"{indent}{self._hole_of[key]}({args});  // TWILLC-HOLE: {op_name}"]
        text = what or f"{op_name}({', '.join(ins)})"
        refuse_hole(op, self.target, unsupported(op, text), self.hole_mode)
        where = loc_text(op, self.source)
        fn = f"twillc_hole_{len(self._hole_of)}"
        self._hole_of[key] = fn
        self.holes.append(f"{where}: note: TWILLC-HOLE {', '.join(outs) or '(store)'} = {text}")
        in_tmem = [a.startswith("tmem + ") for a in ins]  # a tensor-memory address, not an array
        out_tmem = [a.startswith("tmem + ") for a in outs]
        params = [f"uint32_t out{i}" if t else f"T{i}* out{i}" for i, t in enumerate(out_tmem)] + [
            f"uint32_t in{i}" if t else f"const U{i}* in{i}" for i, t in enumerate(in_tmem)
        ]
        tparams = [f"typename T{i}" for i, t in enumerate(out_tmem) if not t] + [
            f"typename U{i}" for i, t in enumerate(in_tmem) if not t
        ]
        template = f"template <{', '.join(tparams)}>\n" if tparams else ""
        self.hole_defs += [
            f"// TWILLC-HOLE ({where}): {', '.join(outs) or 'store'} = {text} -- tile math not generated yet",
            f"{template}TW_DEV void {fn}({', '.join(params)}) {{{' __trap(); ' if self.hole_mode == 'trap' else ''}}}",
            "",
        ]
        return [f"{indent}{fn}({args});  // TWILLC-HOLE: {op_name}"]
