"""`-o k.cu` for loops beyond the GEMM class, sm_90a and sm_100a: the
warp-specialized kernel with complete data movement and synchronization,
the tile math where its layout is known, and marked holes for the rest.

- producer warp group: every TMA load (2-D f16 tiles in boxes of 64
  columns, rank-1 f32 rows by cp.async.bulk) into a ring per loaded value,
  `full` mbarrier with the transaction bytes, `empty` before refilling;
  loads before the loop into buffers of their own, once;
- each consumer warp group (setmaxnreg from the schedule) waits on the
  rings it reads (slot i mod depth, parity (i / depth) mod 2) at a value's
  first use, releases the slot after its last, receives register tiles
  another role produced through shared-memory rings (every thread its own
  elements) and sends the ones other roles read;
- on sm_90a, tile math in the wgmma accumulator layout of a 64-row warp
  group: wgmma from shared memory (m64, 64-column steps, descriptors into
  the 128B-swizzled boxes), element-wise ops with row-vector broadcasting,
  row reductions by quad shuffles, casts, register-A wgmma (P V), stores;
- on sm_100a, tensor memory allocated by warp 0 for the CTA: MMAs from
  shared memory as tcgen05.mma issued by one thread, writing a channel's
  slot (read there by the other role, released after its last use) or a
  carried accumulator that stays in tensor memory for the whole loop;
  other 128-row f32 tiles crossing roles through tensor memory while
  columns last; tile math on register tiles in the row layout (thread t
  holds row t);
every other op (transposed register operands, tiles the cost model keeps in
tensor memory read whole, the P V MMA with A in tensor memory) calls a
`twillc_hole_*` device function marked `TWILLC-HOLE`.
Each role runs the schedule's software pipeline: its copies of the
expanded program (prologue / kernel / epilogue, guarded by the trip count,
`twillc.expand`) in schedule-time order; a value with two live instances is
written to `<name>_next` and handed over after the older one's last read; a
role needing three runs an iteration's ops in program order instead.
"""

from __future__ import annotations

import re
import struct
from math import prod

from xdsl.dialects import arith
from xdsl.dialects.builtin import Float16Type, Float32Type, ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import BlockArgument, Operation, SSAValue

from dialects import tile
from lowering.cuda.dtypes import Elt, elt
from lowering.cuda.index_expr import c_index
from lowering.cuda.kernel_plan import iteration_expr, trip_count_expr
from lowering.cuda.prelude import DEVICE, DTYPES, DTYPES_HOST, HOST, include, launch_tail, make_tmap, setmaxnreg
from lowering.cuda.tcgen05 import DTYPES_TCGEN05, TCGEN05
from lowering.warp_program import WarpProgram
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import kernel_name

HOLE_MODES = ("trap", "skeleton")
"""What a hole's body does: `trap` (the default) stops the kernel with
`__trap()` when it is reached, so that a kernel with a hole never computes
garbage; `skeleton` leaves it empty, for a person filling it in."""


def emit_skeleton(program: WarpProgram, module: ModuleOp, source: str, holes: str = "trap") -> tuple[str, list[str]]:
    """The kernel source and the holes it leaves (one line each)."""
    emitter = _Emitter(program, module, source)
    emitter.hole_mode = holes
    return emitter.run()


def _elt(t: tile.TileType) -> str:
    return elt(t).cxx


def _nbytes(t: tile.TileType) -> int:
    return prod(t.get_shape()) * elt(t).size


class _Emitter:
    hole_mode = "trap"  # see HOLE_MODES

    def __init__(self, program: WarpProgram, module: ModuleOp, source: str) -> None:
        self.module = module
        self.source = source
        self.machine = module_machine(module)
        self.program = program
        self.loop = program.loop
        self.func = next(op for op in module.walk() if isinstance(op, FuncOp))
        self.ids = program.ops
        self.op_id = {id(op): k for k, op in self.ids.items()}
        self.warp_of = program.warp_of
        self.cycles = program.cycle
        self.depths = {name: ch.depth for name, ch in program.channels.items()}
        self.iteration = iteration_expr(program)
        self.names: dict[SSAValue, str] = {}
        self.args = {arg: arg.name_hint or f"arg{i}" for i, arg in enumerate(self.func.body.block.args)}
        self.holes: list[str] = []
        self.hole_defs: list[str] = []
        self._hole_of: dict[tuple[int, str], str] = {}
        self._rotated: set[SSAValue] = set()
        self._helpers: set[str] = set()  # device helpers of _EXTRA_HELPERS the kernel calls
        self.body = self.loop.body.block
        self.iv = self.body.args[0]
        self._group, self._role = 0, -1  # the role being emitted: its index and warp

    # -- naming -----------------------------------------------------------
    def name(self, value: SSAValue) -> str:
        if value not in self.names:
            base = (value.name_hint or f"v{len(self.names)}").replace(".", "_")
            if base in CPP_KEYWORDS:
                base += "_"
            taken = set(self.names.values())
            n, k = base, 1
            while n in taken:
                n, k = f"{base}_{k}", k + 1
            self.names[value] = n
        return self.names[value]

    def out(self, value: SSAValue) -> str:
        """The array an op writes its result to: a value whose next instance
        is produced while readers still need the current one is written to
        `<name>_next` and handed over once they are done (see `_events`)."""
        return f"{self.name(value)}_next" if value in self._rotated else self.name(value)

    def _n(self, t: tile.TileType) -> int:
        """Elements per thread of a register tile: the tensor-memory row layout
        on sm_100a (thread t holds row t of a 128-row tile), else the wgmma
        accumulator layout."""
        shape = t.get_shape()
        if self.arch == "sm_100a" and shape[0] == 128:
            return shape[1] if len(shape) == 2 else 1
        return _count(t)

    def warp(self, op: Operation) -> int:
        return self.warp_of[self.op_id[id(op)]]

    # -- analysis ---------------------------------------------------------
    def run(self) -> tuple[str, list[str]]:
        self.arch = self.machine.arch  # emit_cuda admits sm_90a and sm_100a
        loop_index = list(self.func.body.block.ops).index(self.loop)
        before = list(self.func.body.block.ops)[:loop_index]
        after = list(self.func.body.block.ops)[loop_index + 1 :]
        # loads before or after the loop: issued once, before it
        self.pre_loads = [op for op in before + after if isinstance(op, tile.LoadOp)]
        self.loop_ops = [
            op for op in self.body.ops if not isinstance(op, tile.YieldOp) and op.dialect_name() != "arith"
        ]
        self.loads = [op for op in self.loop_ops if isinstance(op, tile.LoadOp)]
        producer = {self.warp(op) for op in self.loads}
        if len(producer) > 1:
            raise located_error(self.loop, "CUDA emission: every TMA load must be on the one producer warp")
        self.producer_warp = next(iter(producer), 0)
        for op in self.loop_ops:
            if self.warp(op) == self.producer_warp and not isinstance(op, tile.LoadOp):
                raise located_error(
                    op,
                    f"CUDA emission: warp {self.producer_warp} issues the TMA loads and runs nothing else, "
                    f"but '{self.op_id[id(op)]}' is on it",
                )
        consumers = sorted({self.warp(op) for op in self.loop_ops} - {self.producer_warp})
        self.groups = [self.producer_warp, *consumers]
        regs = {r.warp: r.regs for r in self.program.roles}
        self.roles = {r.warp: r.name for r in self.program.roles}
        for w in self.groups:
            if w not in regs:
                raise located_error(self.program.ws, f"CUDA emission: warp group {w} has no twill.role")
        self.regs = [regs[w] for w in self.groups]
        for op in self.loads + self.pre_loads:
            self._check_load(op)
        for op in self.loads:
            if self.op_id[id(op)] not in self.program.channels:
                raise located_error(op, "CUDA emission: a TMA load read on the producer role is not generated")
        found = self.program.channels
        # element types beyond f16 / f32, and casts of loaded tiles in
        # registers: their helpers (twillc_dtypes*.cuh) are pasted only then
        args = self.func.body.block.args
        self.other_types = (
            any(elt(a.type).name not in ("f16", "f32") for a in args)
            or any(elt(op.result.type).name != "f16" and op.result.type.rank == 2 for op in self.loads + self.pre_loads)
            or any(isinstance(op, tile.CastOp) and self._in_smem(op.input) for op in self.loop_ops)
        )
        # Register values read on other roles (the channels, the loads aside).
        found = self.program.channels
        self.reg_channels: dict[SSAValue, tuple[int, list[int]]] = {}
        for op in self.loop_ops:  # in program order
            ch = found.get(self.op_id[id(op)])
            if ch is not None and not isinstance(op, tile.LoadOp):
                self.reg_channels[op.results[0]] = (ch.producer, list(ch.consumers))
        self._plan_tmem(found)
        # register tiles a transposed wgmma reads from shared memory (sm_90a)
        self.staged = list(
            dict.fromkeys(
                op.lhs
                for op in self.loop_ops
                if self.arch == "sm_90a"
                and isinstance(op, tile.MmaOp)
                and op.transpose_lhs
                and not self._in_smem(op.lhs)
            )
        )
        for op in self.loop_ops:  # a register accumulator updated in place: one array
            if self._carried_in_place(op) and op.results[0] not in self.reg_channels:
                self.names[op.results[0]] = self.name(op.acc)  # type: ignore[attr-defined]
        self._order = {id(op): k for k, op in enumerate(self.body.ops)}
        self._assign_post(after)
        out = self._emit(before, after)
        return out, self.holes

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
            if res in self.tmem_at or not _tmem_tile(t) or used + t.get_shape()[1] * d > TMEM_COLUMNS:  # type: ignore[attr-defined]
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
        if m != 128 or n % 32 or n > 256 or k % elt(op.lhs.type).box_cols or not _tmem_tile(op.result.type):
            return None
        return m, n, k

    def _check_load(self, op: tile.LoadOp) -> None:
        t = op.result.type
        assert isinstance(t, tile.TileType)
        if t.rank == 2:
            rows, cols = t.get_shape()
            e = elt(t)
            if e.name == "i32" or cols % e.box_cols or rows > 256:
                raise located_error(
                    op,
                    f"CUDA emission: 2-D TMA loads of f16, bf16, FP8, i8 or f32 tiles, <= 256 rows, columns a "
                    f"multiple of a 128-byte box ({e.box_cols} of {e.name})",
                )
        elif not isinstance(t.element_type, Float32Type) or _nbytes(t) % 16:
            raise located_error(op, "CUDA emission: rank-1 loads of f32 rows, a multiple of 16 bytes")

    # -- emission ---------------------------------------------------------
    def _emit(self, before: list[Operation], after: list[Operation]) -> str:
        k = kernel_name(self.module)
        ns = f"twillc_{k}"
        threads = 128 * len(self.groups)
        smem = ["struct SharedStorage {"]
        for op in self.loads:
            n, t = self.name(op.result), op.result.type
            d = self.depths[self.op_id[id(op)]]
            smem.append(f"  alignas(1024) uint8_t {n}[{d}][{_round1k(_nbytes(t))}];  // ring of {d}")
        for op in self.pre_loads:
            smem.append(f"  alignas(1024) uint8_t {self.name(op.result)}[{_round1k(_nbytes(op.result.type))}];")
        for res in self.reg_channels:
            d = self.depths[self.op_id[id(res.owner)]]
            if res in self.tmem_at or res in self.tmem_pending:
                continue  # its ring is in tensor memory
            smem.append(f"  alignas(16) uint8_t {self.name(res)}[{d}][{_nbytes(res.type)}];  // register tile channel")
        for x in self.staged:
            smem.append(f"  alignas(1024) uint8_t {self.name(x)}_t[{x.type.get_shape()[1] // 64 * 8192}];  // staged")  # type: ignore[attr-defined]
        for op in self.loads:
            d = self.depths[self.op_id[id(op)]]
            smem.append(f"  alignas(8) uint64_t {self.name(op.result)}_full[{d}], {self.name(op.result)}_empty[{d}];")
        for res in self.reg_channels:
            d = self.depths[self.op_id[id(res.owner)]]
            smem.append(f"  alignas(8) uint64_t {self.name(res)}_full[{d}], {self.name(res)}_empty[{d}];")
        for c, v in enumerate(self.post_channels):
            smem.append(f"  alignas(16) uint8_t post{c}[{_nbytes(v.type)}];  // once, after the loop")
            smem.append(f"  alignas(8) uint64_t post{c}_full;")
        if self.umma_roles:
            smem.append(f"  alignas(8) uint64_t mma_done[{len(self.groups)}];  // a role's MMAs complete")
        if self.tmem_cols:
            smem.append("  uint32_t tmem_base;  // tcgen05.alloc writes the tensor-memory address here")
        smem.append("  alignas(8) uint64_t pre_full;")
        smem.append("};")
        parts = {
            "rings of loaded tiles": sum(
                _round1k(_nbytes(op.result.type)) * self.depths[self.op_id[id(op)]] for op in self.loads
            ),
            "tiles loaded before or after the loop": sum(_round1k(_nbytes(op.result.type)) for op in self.pre_loads),
            "register-tile channels": sum(
                _nbytes(res.type) * self.depths[self.op_id[id(res.owner)]]
                for res in self.reg_channels
                if res not in self.tmem_at and res not in self.tmem_pending
            ),
            "channels after the loop": sum(_nbytes(v.type) for v in self.post_channels),
            "staged tiles": sum(x.type.get_shape()[1] // 64 * 8192 for x in self.staged),  # type: ignore[attr-defined]
        }
        total = sum(parts.values())
        if total + 2048 > self.machine.smem:
            what = ", ".join(f"{k} {v} B" for k, v in parts.items() if v)
            raise located_error(
                self.loop,
                f"CUDA emission: {total} B of rings and channels exceed shared memory "
                f"({self.machine.smem - 2048} B with 2048 B of barriers): {what}",
            )
        tensors = [(self.args[a], a.type) for a in self.func.body.block.args]
        loaded = sorted({self.args[op.tensor] for op in self.loads + self.pre_loads})
        params = []
        for name, t in tensors:
            if name in loaded and len(t.get_dims()) == 2:  # type: ignore[attr-defined]
                params.append(f"const __grid_constant__ CUtensorMap tmap_{name}")
            params.append(f"{_elt(t)}* __restrict__ {name}")  # type: ignore[arg-type]
        sizes = list(dict.fromkeys(d for _, t in tensors for d in t.get_dims() if isinstance(d, str)))  # type: ignore[attr-defined]
        params += [f"int {s}" for s in sizes]
        body = self._kernel_body(before, after)
        kind = f"skeleton, {len(self._hole_of)} holes" if self._hole_of else "complete"
        lines = [
            f"// Generated by twillc from {self.source}: kernel '{k}', target {self.arch} ({kind}).",
            f"// Schedule: II {self.program.ii}, {self.program.stages} stages; warp groups: "
            + ", ".join(f"{self.roles.get(w, 'warp')} ({r} regs)" for w, r in zip(self.groups, self.regs, strict=True)),
            "// Holes (tile math not generated yet), if any, are marked TWILLC-HOLE.",
            f"// Compile: nvcc -gencode arch=compute_{self.arch[3:]},code={self.arch} -c <this file>",
            DEVICE,
            _SKELETON_HELPERS,
            *([TCGEN05] if self.arch == "sm_100a" else []),
            *([DTYPES] if self.other_types else []),
            *([DTYPES_TCGEN05] if self.other_types and self.arch == "sm_100a" else []),
            *(_extra_helper(h) for h in sorted(self._helpers)),
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
            "  SharedStorage& sm = *reinterpret_cast<SharedStorage*>(",
            "      (reinterpret_cast<uintptr_t>(smem_raw) + 1023) & ~uintptr_t(1023));",
            "  const int wg = tw_warpgroup_idx();",
            *(["  const int bid = blockIdx.x;"] if re.search(r"\bbid\b", "\n".join(body)) else []),
            f"  const int trips = {trip_count_expr(self.program)};",
            *body,
            "}",
            DTYPES_HOST if self.other_types else HOST,
            self._launcher(ns, tensors, loaded, sizes),
        ]
        return "\n".join(lines) + "\n"

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
        if self.umma_roles:
            out.append(f"    for (int g = 0; g < {len(self.groups)}; ++g) tw_mbar_init(&sm.mma_done[g], 1);")
        out += ["    tw_mbar_init(&sm.pre_full, 1);", "    tw_fence_mbar_init();", "  }"]
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
        for g, w in enumerate(self.groups[1:], start=1):
            out += self._consumer(g, w, before, after)
        if self.tmem_cols:  # every role is done with tensor memory
            out += [
                "  tw_tcgen05_fence_before();",
                "  __syncthreads();",
                f"  if (threadIdx.x < 32) {{ tw_tcgen05_fence_after(); tw_tmem_dealloc(tmem, {self.tmem_cols}); }}",
            ]
        return out

    def _tma(self, op: tile.LoadOp, dst: str, bar: str, iv: str | None) -> list[str]:
        t = op.result.type
        assert isinstance(t, tile.TileType)
        idx = [c_index(i, self.iv if iv else None, self.iteration) for i in op.indices]
        tensor = self.args[op.tensor]
        if t.rank == 1:
            (n,) = t.get_shape()
            return [f"      tw_bulk_load_1d({dst}, {tensor} + ({idx[0]}) * {n}, {_nbytes(t)}, {bar});"]
        rows, cols = t.get_shape()
        box = elt(t).box_cols
        lines = []
        for j in range(cols // box):
            lines.append(
                f"      tw_tma_load_2d({dst} + {j * rows * 128}, &tmap_{tensor}, {bar}, "
                f"({idx[1]}) * {cols} + {j * box}, ({idx[0]}) * {rows});"
            )
        return lines

    def _producer(self) -> list[str]:
        out = [
            f"  if (wg == 0) {{  // {self.roles.get(self.producer_warp, 'producer')}",
            f"    {setmaxnreg(self.regs[0], len(self.groups))}",
            "    if (tw_warp_in_warpgroup() == 0 && tw_elect_one()) {",
        ]
        if self.pre_loads:
            total = sum(_nbytes(op.result.type) for op in self.pre_loads)
            out.append(f"      tw_mbar_arrive_expect_tx(&sm.pre_full, {total});")
            for op in self.pre_loads:
                out += self._tma(op, f"sm.{self.name(op.result)}", "&sm.pre_full", None)
        out.append("      for (int kt = 0; kt < trips; ++kt) {")
        for op in self.loads:
            n, d = self.name(op.result), self.depths[self.op_id[id(op)]]
            out += [
                f"      // {n}: ring slot kt % {d}, refilled once its readers released it",
                f"      tw_mbar_wait(&sm.{n}_empty[kt % {d}], ((kt / {d}) & 1) ^ 1);",
                f"      tw_mbar_arrive_expect_tx(&sm.{n}_full[kt % {d}], {_nbytes(op.result.type)});",
            ]
            out += self._tma(op, f"sm.{n}[kt % {d}]", f"&sm.{n}_full[kt % {d}]", "kt")
        out += ["      }", "    }", "  }"]
        return out

    def _consumer(self, g: int, w: int, before: list[Operation], after: list[Operation]) -> list[str]:
        out = [
            f"  if (wg == {g}) {{  // {self.roles.get(w, 'consumer')}",
            f"    {setmaxnreg(self.regs[g], len(self.groups))}",
        ]
        self._group, self._role = g, w
        if w in self.umma_roles:
            out.append("    uint32_t mma_phase = 0;  // parity of this role's next MMA completion")
        mine = [op for op in self.loop_ops if self.warp(op) == w and not isinstance(op, tile.LoadOp)]
        regs: dict[SSAValue, tile.TileType] = {}
        for op in mine:
            for v in [*op.operands, *op.results]:
                if (
                    isinstance(v.type, tile.TileType)
                    and not self._in_smem(v)
                    and not self._in_tmem(v, w)
                    and not self._read_in_place(v, w)
                ):
                    regs[v] = v.type
        # carried values start from their pre-loop definitions
        carried = [(self.body.args[i + 1], y) for i, y in enumerate(self.body.last_op.operands)]  # type: ignore[union-attr]
        carried = [(arg, y) for arg, y in carried if y in regs]
        for arg, _ in carried:
            regs.setdefault(arg, arg.type)  # type: ignore[arg-type]
        declared = set()
        for v, t in regs.items():
            if self.name(v) not in declared:  # an accumulator updated in place is one array
                declared.add(self.name(v))
                out.append(f"    {_elt(t)} {self.name(v)}[{self._n(t)}];")
        for i, init in enumerate(self.loop.iter_args):
            arg = self.body.args[i + 1]
            if arg in regs:
                out += self._init(init, self.name(arg), regs[arg])
        # values computed before the loop that this role reads in it
        inits = {init.owner for init in self.loop.iter_args}
        needed = {v for op in mine for v in op.operands if v in regs and not isinstance(v, BlockArgument)}
        # and those this role's ops after the loop read (an init among them included)
        post_needed = {
            v
            for op in after
            if self.post_role.get(id(op)) == w
            for v in op.operands
            if isinstance(v.type, tile.TileType) and v.owner in before and not self._in_smem(v)
        }
        needed |= post_needed
        for op in reversed(before):  # and what those are computed from
            if any(r in needed for r in op.results) and not isinstance(op, tile.LoadOp):
                needed |= {v for v in op.operands if isinstance(v.type, tile.TileType) and not self._in_smem(v)}
        pre_ops = [
            op
            for op in before
            if (op not in inits or any(r in post_needed for r in op.results))
            and not isinstance(op, tile.LoadOp)
            and any(r in needed for r in op.results)
        ]
        for op in pre_ops:  # their arrays
            for r in op.results:
                if r not in regs and isinstance(r.type, tile.TileType):
                    regs[r] = r.type  # type: ignore[assignment]
                    out.append(f"    {_elt(r.type)} {self.name(r)}[{self._n(r.type)}];")
        if pre_ops and any(self._pre_smem(v) for op in pre_ops for v in op.operands):
            out.append("    tw_mbar_wait(&sm.pre_full, 0);")
        for op in pre_ops:
            out += [line[2:] if line.startswith("      ") else line for line in self._op(op)]
        if any(self._pre_smem(v) for op in mine for v in op.operands) and not (
            pre_ops and any(self._pre_smem(v) for op in pre_ops for v in op.operands)
        ):
            out.append("    tw_mbar_wait(&sm.pre_full, 0);")
        pipelined = self._pipelinable(w, mine, carried)
        for v in sorted(self._rotated & set(regs), key=self.name):
            out.append(f"    {_elt(v.type)} {self.out(v)}[{self._n(v.type)}];  // its next instance")
        rank = self._time_rank if pipelined else self._program_rank
        events = self._events(w, mine, carried, rank)
        if pipelined:
            out += self._pipelined(w, mine, events)
        else:
            out.append("    // program order: the schedule's stage offsets inside this role need double buffers")
            out.append("    for (int kt = 0; kt < trips; ++kt) {")
            for op in mine:
                out += self._copy(op, w, events, "      ")
            out.append("    }")
        # after the loop: the ops on this role's carried results
        for i, res in enumerate(self.loop.res):
            if self.holder.get(res) == w:  # after the loop a result is its carried array
                self.names[res] = self.name(self.body.args[i + 1])
        out += self._after_loop(w, after)
        out.append("  }")
        return out

    def _after_loop(self, w: int, after: list[Operation]) -> list[str]:
        """Role `w`'s ops after the loop, in program order: a value another
        role reads is sent once it is computed (a loop result at once), one
        from another role received before its first use; an accumulator
        still in tensor memory is read into registers for the tile math."""
        out: list[str] = []
        channels = list(self.post_channels)

        def send(v: SSAValue) -> None:
            if v in self.post_channels and self.post_channels[v][0] == w:
                k, n = channels.index(v), self.name(v)
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
        for op in after:
            if self.post_role.get(id(op)) != w:
                continue
            for v in op.operands:
                if v in self.post_channels and w in self.post_channels[v][1] and v not in received:
                    received.add(v)
                    k = channels.index(v)
                    n, t = self.name(v), v.type
                    out += [
                        f"    {_elt(t)} {n}[{self._n(t)}];  // from another role",  # type: ignore[arg-type]
                        f"    tw_mbar_wait(&sm.post{k}_full, 0);",
                        f"    twillc_recv({n}, sm.post{k}, sizeof({n}));",
                    ]
                elif self._pre_smem(v) and not waited:
                    waited = True
                    out.append("    tw_mbar_wait(&sm.pre_full, 0);  // the tiles loaded before the loop")
                elif self._cast_for_store(op) or any(id(op) in {id(c) for c in ch} for ch in chains.values()):
                    continue  # stored from tensor memory, converted on the way
                elif not isinstance(op, tile.StoreOp):
                    self._to_registers(v, out)
            if self._cast_for_store(op):
                self.acc_at[op.results[0]] = self.acc_at[op.operands[0]]
                continue
            if id(op) in chains:
                out += self._chunked_store(op, chains[id(op)])  # type: ignore[arg-type]
                continue
            if id(op) in in_chain:
                continue  # computed 32 columns at a time with the store it feeds
            out += self._post(op)
            for r in op.results:
                send(r)
        return out

    def _chunk_chains(self, w: int, after: list[Operation]) -> dict[int, list[Operation]]:
        """On sm_100a, the stores after the loop of element-wise math on
        accumulators in tensor memory (`cast<f16>(acc * 0.5)`): store id ->
        the ops computing its value, which run 32 columns at a time with the
        store, so that no whole [128, N] tile is in registers."""
        if self.arch != "sm_100a":
            return {}
        mine = {id(op) for op in after if self.post_role.get(id(op)) == w}
        out: dict[int, list[Operation]] = {}
        for store in after:
            if not isinstance(store, tile.StoreOp) or id(store) not in mine or store.value in self.acc_at:
                continue
            shape = store.value.type.get_shape()  # type: ignore[attr-defined]
            if len(shape) != 2 or shape[0] != 128 or shape[1] % 32:
                continue
            chain: list[Operation] = []
            leaves: list[SSAValue] = []
            ok = True
            todo = [store.value]
            while todo and ok:
                v = todo.pop()
                if v in self.acc_at and not isinstance(v, BlockArgument):
                    leaves.append(v)
                    continue
                op = v.owner
                ok = (
                    isinstance(op, Operation)
                    and id(op) in mine
                    and (op.name in UNARY or op.name in BINARY or isinstance(op, tile.CastOp))
                    and len(list(v.uses)) == 1
                    and v not in self.post_channels
                )
                if ok:
                    chain.append(op)  # type: ignore[arg-type]
                    for x in op.operands:  # type: ignore[union-attr]
                        if isinstance(x.type, tile.TileType) and x.type.rank == 2:
                            ok = ok and x.type.get_shape() == shape
                            todo.append(x)
            if ok and leaves and chain and not (len(chain) == 1 and self._cast_for_store(chain[0])):
                out[id(store)] = sorted(chain, key=after.index)
        return out

    def _chunked_store(self, store: tile.StoreOp, chain: list[Operation]) -> list[str]:
        """A store after the loop with the element-wise ops computing its value
        from accumulators in tensor memory, 32 columns at a time."""
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
                e = f"__half2float(__float2half({at[0]}))" if _elt(r.type) == "__half" else at[0]  # type: ignore[arg-type]
            else:
                e = (UNARY if op.name in UNARY else BINARY)[op.name].format(*at)
            expr[r] = e
        self.names = saved
        r0, c0 = (c_index(i, None) for i in store.indices)
        ld = store.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
        elt = "__half" if isinstance(store.tensor.type.element_type, Float16Type) else "float"  # type: ignore[attr-defined]
        final = expr[store.value]
        if final.startswith("__half2float(__float2half(") and elt == "__half":
            final = final[len("__half2float(") : -1]  # rounded once, by the store
        else:
            final = f"{elt}({final})"
        body += ["#pragma unroll", f"      for (int i = 0; i < 32; ++i) dst[c + i] = {final};"]
        return [
            f"    // {self.args[store.tensor]} from tensor memory, 32 columns at a time",
            "    tw_tcgen05_fence_after();",
            "    {",
            f"    {elt}* dst = {self.args[store.tensor]} + (size_t)(({r0}) * {rows} + threadIdx.x % 128) * {ld} + "
            f"({c0}) * {cols};",
            "#pragma unroll",
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

    def _receive(self, v: SSAValue, into: str, slot: str, parity: str, ind: str) -> list[str]:
        """Wait for channel `v`'s slot, copy it into the array `into`, release it."""
        n = self.name(v)
        out = [f"{ind}tw_mbar_wait(&sm.{n}_full[{slot}], {parity});"]
        if v in self.tmem_at:
            out += [
                f"{ind}tw_tcgen05_fence_after();",
                f"{ind}twillc_tmem_load<{self._n(v.type)}>({into}, {self._tmem_slot(v, slot)});",  # type: ignore[arg-type]
                f"{ind}tw_tcgen05_fence_before();",
            ]
        else:
            out.append(f"{ind}twillc_recv({into}, sm.{n}[{slot}], sizeof({into}));")
        return [*out, f"{ind}tw_mbar_arrive(&sm.{n}_empty[{slot}]);"]

    def _tmem_slot(self, v: SSAValue, slot: str) -> str:
        """The tensor-memory address of slot `slot` of channel `v`'s ring."""
        if v in self.tmem_pending:
            return f"tmem + 0 /* {self.name(v)}: no tensor-memory columns allocated yet */"
        return f"tmem + {self.tmem_at[v]} + ({slot}) * {v.type.get_shape()[1]}"  # type: ignore[attr-defined]

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
            for v in op.operands:
                first.setdefault(v, op)
                last[v] = op
        handoff: dict[int, list[tuple[str, str, int]]] = {}  # op -> (to, from, elements) copies after it
        for arg, y in carried:
            points = [last[arg]] if arg in last else []
            points.append(y.owner)
            handoff.setdefault(id(max(points, key=rank)), []).append((self.name(arg), self.name(y), self._n(y.type)))
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
        out: list[str] = []
        for v in dict.fromkeys(op.operands):
            if events["first"].get(v) is not op:
                continue
            if isinstance(v.owner, tile.LoadOp) and v.owner in self.loads:
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out.append(f"{ind}tw_mbar_wait(&sm.{n}_full[kt % {d}], (kt / {d}) & 1);")
            elif (y := self._yielded(v)) is not None and y in self.reg_channels and self.warp(y.owner) != w:
                n, d = self.name(y), self.depths[self.op_id[id(y.owner)]]
                out += [f"{ind}if (kt > 0) {{  // {self.name(v)}: {n} of the previous iteration, from another role"]
                out += self._receive(y, self.name(v), f"(kt - 1) % {d}", f"((kt - 1) / {d}) & 1", ind + "  ")
                out += [f"{ind}}}"]
            elif v in self.reg_channels and self.warp(v.owner) != w:  # type: ignore[arg-type]
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out.append(f"{ind}// {n} from another role")
                if self._read_in_place(v, w):  # read in its slot by the one op, released after it
                    out.append(f"{ind}tw_mbar_wait(&sm.{n}_full[kt % {d}], (kt / {d}) & 1);")
                elif self._tmem_channel(v, w):  # read in place, released after its last use
                    out += [
                        f"{ind}tw_mbar_wait(&sm.{n}_full[kt % {d}], (kt / {d}) & 1);",
                        f"{ind}tw_tcgen05_fence_after();",
                    ]
                else:
                    out += self._receive(v, n, f"kt % {d}", f"(kt / {d}) & 1", ind)
        out += [ind + (line[6:] if line.startswith("      ") else line.lstrip()) for line in self._op(op)]
        for res in op.results:
            if self._staged_early(res):
                m = res.type.get_shape()[1]  # type: ignore[attr-defined]
                out.append(f"{ind}{self._stage_fn(res)}{m}>(sm.{self.name(res)}_t, {self.name(res)}, {self._group});")
        for res in op.results:
            if res in self.reg_channels and res not in self.umma_direct:  # an MMA sends its own
                n, d = self.name(res), self.depths[self.op_id[id(op)]]
                out.append(f"{ind}tw_mbar_wait(&sm.{n}_empty[kt % {d}], ((kt / {d}) & 1) ^ 1);  // {n} to other roles")
                if res in self.tmem_pending:
                    out += self._hole(op, [], [self.out(res)], ind, f"{n} to tensor memory for another role")
                elif res in self.umma_in_place:
                    out.append(f"{ind}tw_tcgen05_fence_before();  // the MMA wrote {n} in its slot")
                elif res in self.tmem_at:
                    out += [
                        f"{ind}twillc_tmem_store<{self._n(res.type)}>("
                        f"{self._tmem_slot(res, f'kt % {d}')}, {self.out(res)});",
                        f"{ind}tw_tcgen05_fence_before();",
                    ]
                else:
                    out.append(f"{ind}twillc_send(sm.{n}[kt % {d}], {self.out(res)}, sizeof({n}));")
                out.append(f"{ind}tw_mbar_arrive(&sm.{n}_full[kt % {d}]);")
        for v in dict.fromkeys(op.operands):
            if events["last"].get(v) is op and isinstance(v.owner, tile.LoadOp) and v.owner in self.loads:
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out.append(f"{ind}tw_mbar_arrive(&sm.{n}_empty[kt % {d}]);  // release after the last use")
            elif events["last"].get(v) is op and self._read_in_place(v, w):
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out.append(f"{ind}tw_mbar_arrive(&sm.{n}_empty[kt % {d}]);  // release")
            elif events["last"].get(v) is op and self._tmem_channel(v, w) and self.warp(v.owner) != w:  # type: ignore[arg-type]
                n, d = self.name(v), self.depths[self.op_id[id(v.owner)]]
                out += [
                    f"{ind}tw_tcgen05_fence_before();",
                    f"{ind}tw_mbar_arrive(&sm.{n}_empty[kt % {d}]);  // release",
                ]
        for dst, src, n in events["first_handoff"].get(id(op), ()):
            out.append(f"{ind}if (kt == 0) for (int i = 0; i < {n}; ++i) {dst}[i] = {src}[i];")
        for dst, src, n in events["handoff"].get(id(op), ()):  # the next iteration reads what this one wrote
            out += _copy_array(dst, src, n, ind)
        return out

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

    def _pipelined(self, w: int, mine: list[Operation], events: dict) -> list[str]:
        role = next(r for r in self.program.roles if r.warp == w)
        ids = {self.op_id[id(op)]: op for op in mine}
        s = self.program.stages
        out = [f"    // the schedule's software pipeline: {s} stages, prologue / kernel / epilogue"]
        for c in role.prologue:
            if c.op in ids:
                out += self._guarded(ids[c.op], w, events, str(c.step - c.stage), f"prologue step {c.step}", c)
        out.append(f"    for (int k = 0; k < trips - {s - 1}; ++k) {{")
        for c in role.kernel:
            if c.op in ids:
                out.append(f"      {{  // {c.op} stage {c.stage}")
                out += _with_iteration(f"k + {s - 1 - c.stage}", self._copy(ids[c.op], w, events, "        "))
                out.append("      }")
        out.append("    }")
        epilogue: list[str] = []
        for c in role.epilogue:
            if c.op in ids:
                at = f"drain {'+' if c.step >= c.stage else '-'} {abs(c.step - c.stage)}"
                epilogue += self._guarded(ids[c.op], w, events, at, f"epilogue step {c.step}", c)
        if epilogue:
            out.append(f"    const int drain = trips > {s - 1} ? trips : {s - 1};")
        return out + epilogue

    def _guarded(self, op: Operation, w: int, events: dict, at: str, where: str, c) -> list[str]:
        """A prologue or epilogue copy: it runs iteration `at` when that is
        below the trip count."""
        head = [f"    if ({at} < trips) {{  // {where}: {c.op} stage {c.stage}"]
        return head + _with_iteration(at, self._copy(op, w, events, "      ")) + ["    }"]

    def _assign_post(self, after: list[Operation]) -> None:
        """Each op after the loop runs on one role: the one holding its first
        operand (a loop result is held by the role yielding it); an op that
        reads no loop result (a loaded tile, a value from before the loop)
        on the role of its first reader, else on the first consumer role.
        Operands held by another role come over once through shared memory."""
        yielded = list(self.body.last_op.operands)  # type: ignore[union-attr]
        self.holder: dict[SSAValue, int] = {}
        for res, y in zip(self.loop.res, yielded, strict=True):
            if isinstance(y.owner, Operation) and id(y.owner) in self.op_id:
                self.holder[res] = self.warp(y.owner)
        self.post_role: dict[int, int] = {}  # id(op) -> warp
        free: list[Operation] = []
        for op in after:
            if op.dialect_name() != "tile" or isinstance(op, tile.SizeOp | tile.BlockIdOp | tile.LoadOp):
                continue  # indices, the return, and loads the producer issues before the loop
            held = [self.holder[v] for v in op.operands if v in self.holder]
            if not held:
                free.append(op)
                continue
            self.post_role[id(op)] = held[0]
            for r in op.results:
                self.holder[r] = held[0]
        for op in reversed(free):
            readers = [
                self.post_role[id(u.operation)] for r in op.results for u in r.uses if id(u.operation) in self.post_role
            ]
            self.post_role[id(op)] = readers[0] if readers else (self.groups[1:] or self.groups)[0]
            for r in op.results:
                self.holder[r] = self.post_role[id(op)]
        # value -> (the role holding it, the roles reading it)
        self.post_channels: dict[SSAValue, tuple[int, frozenset[int]]] = {}
        for op in after:
            role = self.post_role.get(id(op))
            for v in op.operands:
                if role is not None and v in self.holder and self.holder[v] != role and not self._in_smem(v):
                    src, readers = self.post_channels.get(v, (self.holder[v], frozenset()))
                    self.post_channels[v] = (src, readers | {role})

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
        return len(mine) == 1 and (mine[0].name in UNARY or mine[0].name in BINARY)

    def _tmem_channel(self, v: SSAValue, w: int) -> bool:
        """A tensor-memory channel slot role `w` reads in place."""
        placed = v in self.tmem_at or v in self.tmem_pending
        return v in self.umma_direct or (placed and self.warp(v.owner) != w)  # type: ignore[arg-type]

    def _pre_smem(self, v: SSAValue) -> bool:
        return isinstance(v.owner, tile.LoadOp) and v.owner in self.pre_loads

    def _smem_ref(self, v: SSAValue) -> str:
        if self._pre_smem(v):
            return f"sm.{self.name(v)}"
        d = self.depths[self.op_id[id(v.owner)]]
        return f"sm.{self.name(v)}[kt % {d}]"

    def _init(self, init: SSAValue, name: str, t: tile.TileType) -> list[str]:
        op = init.owner
        n = self._n(t)
        if isinstance(op, tile.ZerosOp):
            return [f"    for (int i = 0; i < {n}; ++i) {name}[i] = {_elt(t)}(0.f);"]
        if isinstance(op, tile.FullOp):
            value = float(op.value.value.data)  # type: ignore[attr-defined]
            c = "-INFINITY" if value == float("-inf") else ("INFINITY" if value == float("inf") else repr(value) + "f")
            return [f"    for (int i = 0; i < {n}; ++i) {name}[i] = {c};"]
        return self._hole(op, [name], [], "    ")  # type: ignore[arg-type]

    def _op(self, op: Operation) -> list[str]:
        if self._umma_shape(op) is not None:
            return self._umma(op)  # type: ignore[arg-type]
        wgmma = self.arch == "sm_90a"
        if (
            wgmma
            and isinstance(op, tile.MmaOp)
            and self._in_smem(op.lhs)
            and self._in_smem(op.rhs)
            and not op.transpose_lhs
        ):
            return self._wgmma(op)
        if isinstance(op, tile.StoreOp):
            return self._store(op, "      ", self.iv)
        math = self._math(op)
        if math is not None:
            return math
        outs = [self.out(r) for r in op.results]
        ins = [self._operand(v) for v in op.operands if isinstance(v.type, tile.TileType)]
        return self._hole(op, outs, ins, "      ")

    def _math(self, op: Operation) -> list[str] | None:
        """Tile math in the wgmma accumulator layout of a 64-row warp group,
        or None (a hole): element-wise ops with row-vector broadcasting, row
        reductions (quad shuffles), casts, and P V as a register-A wgmma."""
        tiles = [v for v in [*op.operands, *op.results] if isinstance(v.type, tile.TileType)]
        if not all(self._layout_ok(v) for v in tiles):
            return None
        if any(v in self.resident or self._in_tmem(v, self._role) for v in tiles):
            return None  # streaming it through tensor memory is not generated yet
        if isinstance(op, tile.MmaOp):
            if self.arch != "sm_90a":
                return None
            if op.transpose_lhs:
                return self._wgmma_ts(op)
            if self._staged_early(op.lhs) and self._in_smem(op.rhs):
                return self._wgmma(op, f"sm.{self.name(op.lhs)}_t")
            return self._wgmma_rs(op)
        if (
            self.arch == "sm_90a"
            and any(v.type.get_shape()[0] == 128 for v in tiles if not self._in_smem(v))
            and (  # type: ignore[attr-defined]
                op.name in ("tile.rowmax", "tile.rowsum") or any(v.type.rank == 1 for v in tiles)  # type: ignore[attr-defined]
            )
        ):
            return None  # row vectors of two stacked m64 halves are not generated yet
        if isinstance(op, tile.CastOp) and self._in_smem(op.input) and self.arch == "sm_90a":
            return self._cast_from_smem(op)
        if any(self._in_smem(v) and len(v.type.get_shape()) == 2 for v in tiles):  # type: ignore[attr-defined]
            return self._math_smem(op)  # read from the swizzled boxes, element by element
        if isinstance(op, tile.ZerosOp | tile.FullOp):
            return ["  " + line for line in self._init(op.result, self.out(op.result), op.result.type)]  # type: ignore[arg-type]
        if op.name in UNARY or op.name in BINARY:
            r = op.results[0]
            half = _elt(r.type) == "__half"  # type: ignore[arg-type]
            # f16 tiles: the math in f32 (no __half operator is ambiguous), rounded once
            at = [f"float({self._at(v, r)})" if half else self._at(v, r) for v in op.operands]
            f = (UNARY if op.name in UNARY else BINARY)[op.name].format(*at)
            f = f"__float2half({f})" if half else f
            return [f"      for (int i = 0; i < {self._n(r.type)}; ++i) {self.out(r)}[i] = {f};"]  # type: ignore[arg-type]
        if isinstance(op, tile.CastOp):
            r = op.results[0]
            src, dst = elt(op.input.type).name, elt(r.type).name
            if dst in ("i8", "i32") and src != dst:
                raise located_error(
                    op, f"CUDA emission: a cast to {dst} is not generated (its rounding and saturation are not defined)"
                )
            if src == "f16" or dst == "f16":
                conv = "__float2half" if _elt(r.type) == "__half" else "__half2float"  # type: ignore[arg-type]
            else:
                conv = {"bf16": "__float2bfloat16", "f32": "float"}.get(dst, _elt(r.type))  # type: ignore[arg-type]
                conv += "(float" if src != "f32" else ""
            if _elt(op.input.type) == _elt(r.type):  # type: ignore[arg-type]
                conv = ""
            n = self._n(r.type)
            close = ")" if conv.endswith("(float") else ""
            return [f"      for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {conv}({self.name(op.input)}[i]){close};"]
        if op.name in ("tile.rowmax", "tile.rowsum"):
            a, r = op.operands[0], op.results[0]
            fn = "twillc_rowmax" if op.name == "tile.rowmax" else "twillc_rowsum"
            fn += "_t" if self.arch == "sm_100a" else ""
            return [f"      {fn}<{self._n(a.type)}>({self.out(r)}, {self._operand(a)});"]
        return None

    def _smem_at(self, v: SSAValue, index: str) -> str:
        """Element `index` of the calling thread, in the register layout, of a
        2-D f16 tile TMA loaded to shared memory (128B-swizzled boxes)."""
        rows, cols = v.type.get_shape()  # type: ignore[attr-defined]
        if self.arch == "sm_100a":
            self._helpers.add("smem_row_at")
            return f"twillc_smem_row_at<{rows}>({self._smem_ref(v)}, {index})"
        self._helpers.add("smem_at")
        return f"twillc_smem_at<{rows}, {cols}>({self._smem_ref(v)}, {index})"

    def _math_smem(self, op: Operation) -> list[str] | None:
        """Element-wise ops and casts that read a loaded 2-D tile in shared
        memory, and row reductions of one (through a register copy)."""
        loaded = [v for v in op.operands if self._in_smem(v) and len(v.type.get_shape()) == 2]  # type: ignore[attr-defined]
        if any(not isinstance(v.type.element_type, Float16Type) for v in loaded):  # type: ignore[attr-defined]
            return None
        if self.arch == "sm_90a" and any(v.type.get_shape()[0] not in (64, 128) for v in loaded):  # type: ignore[attr-defined]
            return None
        if op.name in UNARY or op.name in BINARY:
            r = op.results[0]
            if r.type.get_shape() != loaded[0].type.get_shape():  # type: ignore[attr-defined]
                return None
            f = UNARY[op.name] if op.name in UNARY else BINARY[op.name]
            f = f.format(*(f"float({self._at(v, r)})" for v in op.operands))
            f = f"__float2half({f})" if _elt(r.type) == "__half" else f  # type: ignore[arg-type]
            return [f"      for (int i = 0; i < {self._n(r.type)}; ++i) {self.out(r)}[i] = {f};"]  # type: ignore[arg-type]
        if isinstance(op, tile.CastOp):
            r = op.results[0]
            conv = "__float2half" if _elt(r.type) == "__half" else ""  # type: ignore[arg-type]
            n = self._n(r.type)  # type: ignore[arg-type]
            return [f"      for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {conv}({self._at(op.input, r)});"]
        if op.name in ("tile.rowmax", "tile.rowsum"):
            a, r = op.operands[0], op.results[0]
            n = self._n(a.type)  # type: ignore[arg-type]
            fn = "twillc_rowmax" if op.name == "tile.rowmax" else "twillc_rowsum"
            fn += "_t" if self.arch == "sm_100a" else ""
            return [
                "      {",
                f"        float x[{n}];",
                f"        for (int i = 0; i < {n}; ++i) x[i] = {self._smem_at(a, 'i')};",
                f"        {fn}<{n}>({self.out(r)}, x);",
                "      }",
            ]
        return None

    def _layout_ok(self, v: SSAValue) -> bool:
        t = v.type
        if self._in_smem(v) and isinstance(v.owner, tile.LoadOp):
            return True  # MMA operands
        shape = t.get_shape()  # type: ignore[attr-defined]
        if self.arch == "sm_100a":  # the tensor-memory row layout
            return shape[0] == 128
        if len(shape) == 2 and shape[0] == 128:  # two stacked m64 accumulator fragments
            return shape[1] % 64 == 0
        return shape[0] == 64 and (len(shape) == 1 or shape[1] % 8 == 0)  # wgmma: n a multiple of 8

    def _at(self, v: SSAValue, r: SSAValue) -> str:
        """Element i of `v` where the result is a tile `r`: row vectors are
        broadcast along their row (element (i >> 1) & 1 of a thread's two;
        on sm_100a the thread's one); a scalar is its literal."""
        if not isinstance(v.type, tile.TileType):
            return _scalar(v)
        broadcast = len(v.type.get_shape()) == 1 and len(r.type.get_shape()) == 2  # type: ignore[attr-defined]
        index = ("0" if self.arch == "sm_100a" else "(i >> 1) & 1") if broadcast else "i"
        if self._read_in_place(v, self._role):  # the element in its slot, addressed at each read
            return f"{self._operand(v)}[{index}]"
        if self._in_smem(v) and len(v.type.get_shape()) == 2:  # type: ignore[attr-defined]
            # a loaded tile: the thread's elements of the swizzled TMA boxes
            return self._smem_at(v, index)
        if self._in_smem(v):  # a row vector loaded to shared memory: the thread's rows
            if self.arch == "sm_100a":
                return f"twillc_row_t({self._smem_ref(v)})"
            return f"twillc_row({self._smem_ref(v)}, {index})"
        return f"{self.name(v)}[{index}]"

    def _wgmma_rs(self, op: tile.MmaOp) -> list[str] | None:
        """acc (+)= A B with A a register tile (FA3's P V): the accumulator
        fragment of A's 16 columns kk*16.. is the A fragment of step kk."""
        if self._in_smem(op.lhs) or not self._in_smem(op.rhs) or op.transpose_lhs:
            return None
        if op.transpose_rhs and elt(op.rhs.type).name == "f16":
            return None
        m, k = op.lhs.type.get_shape()  # type: ignore[attr-defined]
        kb, n = op.rhs.type.get_shape()[::-1] if op.transpose_rhs else op.rhs.type.get_shape()  # type: ignore[attr-defined]
        if m != 64 or n % 64 or n > 256 or k % 16:
            return None
        e = elt(op.rhs.type)
        if e.name not in ("f16", "bf16"):
            raise located_error(op, f"CUDA emission: a wgmma with A from registers reads f16 or bf16, not {e.name}")
        res = self.out(op.result)
        out = []
        if op.acc is not None:
            out += _copy_array(res, self.name(op.acc), n // 2, "      ")
        out += [
            f"      // {res} {'+' if op.acc is not None else ''}= {self.name(op.lhs)} * {self.name(op.rhs)}"
            " (wgmma, A from registers)",
            f"      {self._rs_fn(op)}{n}, {k}, {kb * 128}{self._rs_trans(op)}>({res}, {self.name(op.lhs)}, "
            f"{self._smem_ref(op.rhs)}, {'1' if op.acc is not None else '0'});",
        ]
        return out

    def _wgmma_ts(self, op: tile.MmaOp) -> list[str] | None:
        """acc (+)= X^T B with X a [64, M] register tile (FA3's dV += P^T dO,
        dK += dS^T Q): X goes to shared memory, swizzled as TMA would write
        it, and the wgmma reads it transposed."""
        x = op.lhs
        if self._in_smem(x) or not self._in_smem(op.rhs):
            return None
        k, m = x.type.get_shape()  # type: ignore[attr-defined]
        shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
        n = shape_b[0] if op.transpose_rhs else shape_b[1]
        if k != 64 or m % 64 or m > 128 or n % 64 or n > 256:
            return None
        res = self.out(op.result)
        out = []
        if op.acc is not None:
            out += _copy_array(res, self.name(op.acc), m * n // 128, "      ")
        staged = f"sm.{self.name(x)}_t"
        if not self._staged_early(x):
            out.append(f"      {self._stage_fn(x)}{m}>({staged}, {self.name(x)}, {self._group});")
        return out + [
            f"      // {res} {'+' if op.acc is not None else ''}= {self.name(x)}^T * {self.name(op.rhs)}"
            f"{'^T' if op.transpose_rhs else ''} (wgmma, A staged through shared memory and read transposed)",
            f"      {self._ts_fn(op)}{m}, {n}, {0 if op.transpose_rhs else 1}, {shape_b[0] * 128}>({res}, "
            f"{staged}, {self._smem_ref(op.rhs)}, {'1' if op.acc is not None else '0'});",
        ]

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

    def _ss_fn(self, e: Elt) -> str:
        return "twillc_mma_k16_boxed<" if e.name == "f16" else f"twillc_mma_kstep_boxed<{e.tag}, "

    def _umma_fn(self, op: tile.MmaOp) -> str:
        e = self._mma_elt(op)
        return "twillc_umma_ss<" if e.name == "f16" else f"twillc_umma_ss_t<{e.tag}, "

    def _rs_fn(self, op: tile.MmaOp) -> str:
        e = elt(op.rhs.type)
        return "twillc_mma_rs<" if e.name == "f16" else f"twillc_mma_rs_t<{e.tag}, "

    def _rs_trans(self, op: tile.MmaOp) -> str:
        if elt(op.rhs.type).name == "f16":
            return ""
        return f", {0 if op.transpose_rhs else 1}"

    def _staged_elt(self, x: SSAValue) -> Elt:
        """The 16-bit type a register tile is staged as for a transposed
        wgmma: its own, else that of the B operand of its MMAs."""
        e = elt(x.type)
        if e.name in ("f16", "bf16"):
            return e
        for use in x.uses:
            if isinstance(use.operation, tile.MmaOp) and use.operation.lhs is x:
                return self._mma_elt(use.operation)
        return e

    def _stage_fn(self, x: SSAValue) -> str:
        e = self._staged_elt(x)
        if e.name not in ("f16", "bf16", "f32"):
            raise located_error(x.owner, f"CUDA emission: a transposed wgmma operand of {e.name} is not generated")  # type: ignore[arg-type]
        return "twillc_stage_acc<" if e.name != "bf16" else "twillc_stage_acc_t<TW_BF16, "

    def _ts_fn(self, op: tile.MmaOp) -> str:
        e = self._mma_elt(op)
        if e.name not in ("f16", "bf16"):
            raise located_error(op, f"CUDA emission: a transposed wgmma operand of {e.name} is not generated")
        return "twillc_mma_ts<" if e.name == "f16" else "twillc_mma_ts_t<TW_BF16, "

    def _cast_from_smem(self, op: tile.CastOp) -> list[str] | None:
        """`cast<T>(load ...)`: the thread's elements of the shared-memory tile
        (as TMA swizzled it) read into the accumulator layout, converted (an
        8-bit weight tile scaled in registers: W8A16)."""
        t, r = op.input.type, op.results[0]
        if t.rank != 2 or t.get_shape()[0] != 64 or t.get_shape()[1] % 64:  # type: ignore[attr-defined]
            return None
        cols = t.get_shape()[1]  # type: ignore[attr-defined]
        return [
            f"      twillc_load_acc<{cols}, {_elt(t)}, {_elt(r.type)}>({self.out(r)}, {self._smem_ref(op.input)});"  # type: ignore[arg-type]
        ]

    def _staged_early(self, x: SSAValue) -> bool:
        """A tile a transposed wgmma reads goes to shared memory as soon as its
        role computes it (FA3's dS): every MMA then reads it there, and its
        registers are free (one live instance, MMAs on the producing role)."""
        if x not in self.staged or x in self._rotated or id(x.owner) not in self.op_id:
            return False
        w = self.warp(x.owner)  # type: ignore[arg-type]
        return all(self.warp(u.operation) == w for u in x.uses if isinstance(u.operation, tile.MmaOp))

    def _operand(self, v: SSAValue) -> str:
        if self._in_smem(v):
            return self._smem_ref(v)
        if v in self.acc_at:
            return f"tmem + {self.acc_at[v]}"
        if self._in_tmem(v, self._role):
            return self._tmem_slot(v, f"kt % {self.depths[self.op_id[id(v.owner)]]}")
        if self._read_in_place(v, self._role):
            slot = f"sm.{self.name(v)}[kt % {self.depths[self.op_id[id(v.owner)]]}]"
            return f"twillc_mine<{_elt(v.type)}>({slot}, {self._n(v.type)})"  # type: ignore[arg-type]
        return self.name(v)

    def _wgmma(self, op: tile.MmaOp, a_ref: str | None = None) -> list[str]:
        """acc (+)= A B from shared memory (A at `a_ref` when staged there)."""
        a_ref = a_ref or self._smem_ref(op.lhs)
        m, k = op.lhs.type.get_shape()  # type: ignore[attr-defined]
        shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
        n = shape_b[0] if op.transpose_rhs else shape_b[1]
        e = self._mma_elt(op)
        if (
            m == 64
            and n % 64
            and n % 8 == 0
            and n <= 256
            and k % e.box_cols == 0
            and op.transpose_rhs
            and e.name == "f16"
        ):
            return self._wgmma_narrow(op, a_ref, n, k)
        if m != 64 or n % 64 or n > 256 or k % e.box_cols:
            return self._hole(op, [self.out(op.result)], [a_ref, self._smem_ref(op.rhs)], "      ")
        acc = self.out(op.result)
        accumulate = "1" if op.acc is not None else "0"
        trans = 0 if op.transpose_rhs else 1
        b_rows = shape_b[0]
        start = _copy_array(acc, self.name(op.acc), n // 2, "      ") if op.acc else []
        return start + [
            f"      // {acc} = {self.name(op.lhs)} * {self.name(op.rhs)}{'^T' if op.transpose_rhs else ''} (wgmma)",
            f"      for (int i = 0; i < {n // 2}; ++i) tw_fence_operand({acc}[i]);",
            "      tw_wgmma_fence();",
            f"      for (int kk = 0; kk < {k // e.k_step}; ++kk)",
            f"        {self._ss_fn(e)}{n}, {trans}, {m * 128}, {b_rows * 128}>({acc}, "
            f"{a_ref}, {self._smem_ref(op.rhs)}, kk, ({accumulate} || kk > 0) ? 1 : 0);",
            "      tw_wgmma_commit();",
            "      tw_wgmma_wait<0>();",
            f"      for (int i = 0; i < {n // 2}; ++i) tw_fence_operand({acc}[i]);",
        ]

    def _wgmma_narrow(self, op: tile.MmaOp, a_ref: str, n: int, k: int) -> list[str]:
        """acc (+)= A B^T from shared memory with B K-major and N not a multiple
        of 64 (BN = 80: m64n64k16 steps, then one m64n{N % 64}k16)."""
        tail = n % 64
        self._helpers.add(f"wgmma_n{tail}")
        acc = self.out(op.result)
        accumulate = "1" if op.acc is not None else "0"
        b_rows = op.rhs.type.get_shape()[0]  # type: ignore[attr-defined]
        start = _copy_array(acc, self.name(op.acc), n // 2, "      ") if op.acc else []
        return start + [
            f"      // {acc} = {self.name(op.lhs)} * {self.name(op.rhs)}^T (wgmma, n = {n})",
            f"      for (int i = 0; i < {n // 2}; ++i) tw_fence_operand({acc}[i]);",
            "      tw_wgmma_fence();",
            f"      for (int kk = 0; kk < {k // 16}; ++kk)",
            f"        twillc_mma_k16_kmajor<{n}, {64 * 128}, {b_rows * 128}>({acc}, "
            f"{a_ref}, {self._smem_ref(op.rhs)}, kk, ({accumulate} || kk > 0) ? 1 : 0);",
            "      tw_wgmma_commit();",
            "      tw_wgmma_wait<0>();",
            f"      for (int i = 0; i < {n // 2}; ++i) tw_fence_operand({acc}[i]);",
        ]

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
        if res not in self.umma_direct and res not in self.acc_at:
            lines += [
                "tw_tcgen05_fence_after();",
                f"twillc_tmem_load<{n}>({self.out(res)}, {dst});",
                "tw_tcgen05_fence_before();",
                f"tw_named_bar_sync({g}, 128);  // every row read before the next MMA writes it",
            ]
        return ["      " + line for line in lines]

    def _store(self, op: tile.StoreOp, indent: str, iv: SSAValue | None) -> list[str]:
        t = op.value.type
        assert isinstance(t, tile.TileType)
        tensor = self.args[op.tensor]
        into = elt(op.tensor.type).name
        if into in ("i8", "i32") and elt(t).name != into:
            raise located_error(
                op, f"CUDA emission: a store converting {elt(t).name} to {into} is not generated (rounding, saturation)"
            )
        if self.arch == "sm_100a" and t.rank == 2 and t.get_shape()[0] == 128 and not self._in_smem(op.value):
            rows, cols = t.get_shape()
            r0, c0 = (c_index(i, iv, self.iteration) for i in op.indices)
            ld = op.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
            if op.value in self.acc_at:  # straight from tensor memory, 32 columns at a time
                return [
                    f"{indent}tw_tcgen05_fence_after();",
                    f"{indent}twillc_store_tmem_row<{cols}>({self._operand(op.value)}, {tensor}, ({r0}) * {rows}, "
                    f"({c0}) * {cols}, {ld});",
                ]
            if self._in_tmem(op.value, self._role):
                return self._hole(op, [], [self._operand(op.value)], indent)
            return [
                f"{indent}twillc_store_row<{cols}>({self._operand(op.value)}, {tensor}, ({r0}) * {rows}, "
                f"({c0}) * {cols}, {ld});"
            ]
        if t.rank == 1 and not self._in_smem(op.value) and t.get_shape()[0] == (128 if self.arch == "sm_100a" else 64):
            # a row vector from the thread's rows (one lane of each quad on sm_90a)
            (r0,) = (c_index(i, iv) for i in op.indices)
            self._helpers.add("store_rows")
            fn = "twillc_store_rows_t" if self.arch == "sm_100a" else "twillc_store_rows"
            return [f"{indent}{fn}({self._operand(op.value)}, {tensor}, ({r0}) * {t.get_shape()[0]});"]
        copy: list[str] = []
        value = self._operand(op.value)
        if (
            self.arch == "sm_90a"
            and t.rank == 2
            and self._in_smem(op.value)
            and isinstance(t.element_type, Float16Type)
            and t.get_shape()[0] in (64, 128)
            and t.get_shape()[1] % 64 == 0
        ):
            # a loaded tile: its elements in the accumulator layout first
            n = _count(t)
            value = f"{self.name(op.value)}_r"
            copy = [
                f"{indent}__half {value}[{n}];",
                f"{indent}for (int i = 0; i < {n}; ++i) {value}[i] = __float2half({self._smem_at(op.value, 'i')});",
            ]
        elif t.rank == 2 and t.get_shape()[0] == 64 and t.get_shape()[1] % 64 and t.get_shape()[1] % 8 == 0:
            r0, c0 = (c_index(i, iv) for i in op.indices)
            ld = op.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
            self._helpers.add("store_acc8")
            cols = t.get_shape()[1]
            return [f"{indent}twillc_store_acc8<{cols}>({value}, {tensor}, ({r0}) * 64, ({c0}) * {cols}, {ld});"]
        elif t.rank != 2 or t.get_shape()[0] not in (64, 128) or t.get_shape()[1] % 64 or self._in_smem(op.value):
            # not in the accumulator layout (a swizzled shared-memory tile, other shapes)
            return self._hole(op, [], [self._operand(op.value)], indent)
        rows, cols = t.get_shape()
        r0, c0 = (c_index(i, iv, self.iteration) for i in op.indices)
        ld = op.tensor.type.get_dims()[1]  # type: ignore[attr-defined]
        return copy + [  # each m64 half of the rows from its accumulator fragment
            f"{indent}twillc_store_acc<{cols}>({value} + {h * cols // 2}, {tensor}, ({r0}) * {rows} + {h * 64}, "
            f"({c0}) * {cols}, {ld});".replace(" + 0,", ",")
            for h in range(rows // 64)
        ]

    def _post(self, op: Operation) -> list[str]:
        if isinstance(op, tile.StoreOp):
            return self._store(op, "    ", None)
        if (
            isinstance(op, tile.CastOp)
            and op.input in self.acc_at
            and all(isinstance(u.operation, tile.StoreOp) for u in op.result.uses)
        ):  # an accumulator in tensor memory cast for its stores: converted as they read it
            self.acc_at[op.result] = self.acc_at[op.input]
            return []
        if op.dialect_name() == "arith" or isinstance(op, tile.SizeOp | tile.BlockIdOp | tile.LoadOp):
            return []  # a load after the loop is issued with those before it
        outs = [self.name(r) for r in op.results]
        decl = [
            f"    {_elt(r.type)} {self.name(r)}[{self._n(r.type)}];"
            for r in op.results
            if isinstance(r.type, tile.TileType)
        ]  # type: ignore[attr-defined]
        math = self._math(op)
        if math is not None:
            return decl + [line[2:] for line in math]
        ins = [self.name(v) for v in op.operands if isinstance(v.type, tile.TileType)]
        return decl + self._hole(op, outs, ins, "    ")

    def _hole(self, op: Operation, outs: list[str], ins: list[str], indent: str, what: str = "") -> list[str]:
        """A device function left empty for `op` (or for `what` it needs)."""
        op_name = what or op.name.split(".")[-1]
        args = ", ".join(outs + ins)
        key = (id(op), what)
        if key in self._hole_of:  # another copy of the same op (prologue, kernel, epilogue)
            return [f"{indent}{self._hole_of[key]}({args});  // TWILLC-HOLE: {op_name}"]
        text = what or f"{op_name}({', '.join(ins)})"
        if self.arch == "sm_90a":  # complete there: what is not generated is refused, never a hole
            raise located_error(op, f"CUDA emission for sm_90a: {_unsupported(op, text)} is not generated")
        where = _loc(op, self.source)
        fn = f"twillc_hole_{len(self._hole_of)}"
        self._hole_of[key] = fn
        self.holes.append(f"{where}: note: TWILLC-HOLE {', '.join(outs) or '(store)'} = {text}")
        in_tmem = [a.startswith("tmem + ") for a in ins]  # a tensor-memory address, not an array
        params = [f"T{i}* out{i}" for i in range(len(outs))] + [
            f"uint32_t in{i}" if t else f"const U{i}* in{i}" for i, t in enumerate(in_tmem)
        ]
        tparams = [f"typename T{i}" for i in range(len(outs))] + [
            f"typename U{i}" for i, t in enumerate(in_tmem) if not t
        ]
        template = f"template <{', '.join(tparams)}>\n" if tparams else ""
        self.hole_defs += [
            f"// TWILLC-HOLE ({where}): {', '.join(outs) or 'store'} = {text} -- tile math not generated yet",
            f"{template}TW_DEV void {fn}({', '.join(params)}) {{{' __trap(); ' if self.hole_mode == 'trap' else ''}}}",
            "",
        ]
        return [f"{indent}{fn}({args});  // TWILLC-HOLE: {op_name}"]

    def _launcher(self, ns: str, tensors: list, loaded: list[str], sizes: list[str]) -> str:
        args = (
            [f"void* {name}" for name, _ in tensors]
            + [f"int {s}" for s in sizes]
            + ["int blocks", "cudaStream_t stream"]
        )
        out = [
            "// Host launcher: tensor maps for the 2-D TMA loads, then `blocks` CTAs.",
            f'extern "C" int {ns}_launch({", ".join(args)}) {{',
            f"  using namespace {ns};",
        ]
        call = []
        box_rows = {}
        for op in self.loads + self.pre_loads:
            t = op.result.type
            if t.rank == 2:  # type: ignore[attr-defined]
                box_rows.setdefault(self.args[op.tensor], t.get_shape()[0])  # type: ignore[attr-defined]
        for name, t in tensors:
            dims = t.get_dims()
            if name in box_rows:
                make = make_tmap(elt(t).name, name, name, dims[0], dims[1], box_rows[name], not self.other_types)
                out += [f"  CUtensorMap tmap_{name};", f"  if (int e = {make})", "    return e;"]
                call.append(f"tmap_{name}")
            call.append(f"static_cast<{_elt(t)}*>({name})")
        call += sizes
        out += launch_tail(ns, call)
        return "\n".join(out)


UNARY = {
    "tile.exp": "__expf({})",
    "tile.exp2": "exp2f({})",
    "tile.log": "__logf({})",
    "tile.log2": "__log2f({})",
    "tile.rsqrt": "rsqrtf({})",
    "tile.neg": "-({})",
}
BINARY = {
    "tile.add": "{} + {}",
    "tile.sub": "{} - {}",
    "tile.mul": "{} * {}",
    "tile.div": "{} / {}",
    "tile.max": "fmaxf({}, {})",
    "tile.min": "fminf({}, {})",
}

CPP_KEYWORDS = frozenset(
    "alignas alignof asm auto bool break case catch char class const constexpr continue default delete do double "
    "else enum explicit extern false float for friend goto if inline int long mutable namespace new operator "
    "private protected public register return short signed sizeof static struct switch template this throw true "
    "try typedef typename union unsigned using virtual void volatile while".split()
)
"""Value names that need a suffix in the generated C++ (`do` = dO's tile)."""


def _copy_array(dst: str, src: str, n: int, indent: str) -> list[str]:
    """`dst = src` element by element; nothing where they are one array."""
    return [] if dst == src else [f"{indent}for (int i = 0; i < {n}; ++i) {dst}[i] = {src}[i];"]


def _with_iteration(at: str, body: list[str]) -> list[str]:
    """A pipeline copy's body, preceded by its iteration `kt` where it uses one."""
    if not any(re.search(r"\bkt\b", line) for line in body):
        return body
    indent = body[0][: len(body[0]) - len(body[0].lstrip())] if body else ""
    return [f"{indent}const int kt = {at};", *body]


TMEM_COLUMNS = 512  # 128 lanes x 512 columns of 32 bits per SM (sm_100)


def _tmem_tile(t) -> bool:
    """A [128, N] f32 tile: one thread's row in 128 tensor-memory lanes."""
    shape = t.get_shape()
    return len(shape) == 2 and shape[0] == 128 and shape[1] % 32 == 0 and isinstance(t.element_type, Float32Type)


def _count(t) -> int:
    """Elements per thread of a register tile in the wgmma accumulator layout
    (a warp group holds 64 rows: thread t has rows t/32*16 + t%32/4 and +8): a
    [64, N] tile N / 2, a row vector [R] R / 32 (two per 64 rows)."""
    shape = t.get_shape()
    return max(1, prod(shape) // 128) if len(shape) == 2 else max(1, shape[0] // 32)


def _scalar(v: SSAValue) -> str:
    """A scalar operand (a number in the source: an `arith.constant`) as a
    C++ float literal."""
    owner = v.owner
    value = float(owner.value.value.data) if isinstance(owner, arith.ConstantOp) else None  # type: ignore[attr-defined]
    if value is None:
        raise located_error(
            owner.parent_op() if isinstance(v, BlockArgument) else owner,
            "CUDA emission: a scalar operand must be a number",
        )  # type: ignore[arg-type]
    if value != value:
        return "__int_as_float(0x7fc00000)"
    if value in (float("inf"), float("-inf")):
        return "INFINITY" if value > 0 else "(-INFINITY)"
    f32 = struct.unpack("f", struct.pack("f", value))[0]
    text = next(t for p in range(1, 18) if struct.unpack("f", struct.pack("f", float(t := f"{value:.{p}g}")))[0] == f32)
    return f"{text}f" if any(c in text for c in ".e") else f"{text}.0f"


def _unsupported(op: Operation, text: str) -> str:
    """What a refused op is, in the source's terms: its name and its tile types."""
    types = [
        f"{v.type.element_type}[{', '.join(map(str, v.type.get_shape()))}]"  # type: ignore[attr-defined]
        for v in [*op.operands, *op.results]
        if isinstance(v.type, tile.TileType)
    ]
    return f"'{op.name.split('.')[-1]}' on {', '.join(types)}" if types else text


def _round1k(n: int) -> int:
    return (n + 1023) // 1024 * 1024


def _loc(op: Operation, source: str) -> str:
    from twillc.transforms.common import op_location

    loc = op_location(op)
    return f"{loc.filename}:{loc.line}:{loc.column}"


_EXTRA_HELPERS = {
    "smem_at": r"""
// Element i of the calling thread, in the wgmma accumulator layout, of a
// [ROWS, N] f16 tile TMA wrote to shared memory as 128B-swizzled boxes of 64
// columns (ROWS = 64, or 128 as two stacked m64 halves of N / 2 elements).
template <int ROWS, int N>
TW_DEV float twillc_smem_at(const uint8_t* tile, int i) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int half = i / (N / 2), k = i % (N / 2), box = k / 32, g = (k % 32) / 4;
  const int r = half * 64 + warp * 16 + lane / 4 + 8 * ((k >> 1) & 1);
  const int cb = (g * 8 + (lane % 4) * 2 + (k & 1)) * 2;
  return __half2float(*reinterpret_cast<const __half*>(tile + box * ROWS * 128 + r * 128 +
                                                       (((cb >> 4) ^ (r & 7)) << 4) + (cb & 15)));
}""",
    "smem_row_at": r"""
// Element i (column i) of the calling thread's row of a [ROWS, N] f16 tile
// TMA wrote to shared memory as 128B-swizzled boxes of 64 columns.
template <int ROWS>
TW_DEV float twillc_smem_row_at(const uint8_t* tile, int i) {
  const int r = threadIdx.x % 128, box = i / 64, cb = (i % 64) * 2;
  return __half2float(*reinterpret_cast<const __half*>(tile + box * ROWS * 128 + r * 128 +
                                                       (((cb >> 4) ^ (r & 7)) << 4) + (cb & 15)));
}""",
    "store_acc8": r"""
// A [64, N] accumulator fragment (N a multiple of 8) to a row-major [rows, ld]
// matrix: 8-column groups of 4 values ((r, c..c+1), (r + 8, c..c+1)).
template <int N, typename S, typename T>
TW_DEV void twillc_store_acc8(const S* acc, T* out, int row0, int col0, int ld) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int r = row0 + warp * 16 + lane / 4;
#pragma unroll
  for (int g = 0; g < N / 8; ++g) {
    const int c = col0 + g * 8 + (lane % 4) * 2;
    const S* v = acc + g * 4;
    out[(size_t)r * ld + c] = T(float(v[0]));
    out[(size_t)r * ld + c + 1] = T(float(v[1]));
    out[(size_t)(r + 8) * ld + c] = T(float(v[2]));
    out[(size_t)(r + 8) * ld + c + 1] = T(float(v[3]));
  }
}""",
    "store_rows": r"""
// A [64] row vector in the accumulator layout (the thread's rows r and r + 8)
// to out[row0 ..]: one lane of each quad writes.
template <typename S, typename T>
TW_DEV void twillc_store_rows(const S* v, T* out, int row0) {
  const int t = threadIdx.x % 128;
  if (t % 4 == 0) {
    const int r = row0 + (t / 32) * 16 + (t % 32) / 4;
    out[r] = T(float(v[0]));
    out[r + 8] = T(float(v[1]));
  }
}
// A [128] row vector in the row layout (thread t holds row t) to out[row0 ..].
template <typename S, typename T>
TW_DEV void twillc_store_rows_t(const S* v, T* out, int row0) {
  out[row0 + threadIdx.x % 128] = T(float(v[0]));
}""",
}
"""Device helpers emitted only in the kernels that call them."""


def _extra_helper(name: str) -> str:
    """The device helper `name` of _EXTRA_HELPERS, or `wgmma_nN`: a wgmma
    m64nNk16 with both operands K-major in shared memory, and the wgmma over
    a [N', K] K-major B whose N' ends in those N columns."""
    if not name.startswith("wgmma_n"):
        return _EXTRA_HELPERS[name]
    n = int(name[len("wgmma_n") :])
    regs = ", ".join(f"%{i}" for i in range(n // 2))
    outs = ", ".join(f'"+f"(d[{i}])' for i in range(n // 2))
    return f"""
// wgmma m64n{n}k16, f32 += f16 * f16, A and B K-major in shared memory.
TW_DEV void tw_wgmma_m64n{n}k16_f32_f16_ss_k(float* d, uint64_t desc_a, uint64_t desc_b, int scale_d) {{
#if TW_SM90A
  asm volatile(
      "{{\\n\\t.reg .pred p;\\n\\t"
      "setp.ne.b32 p, %{n // 2 + 2}, 0;\\n\\t"
      "wgmma.mma_async.sync.aligned.m64n{n}k16.f32.f16.f16 "
      "{{{regs}}}, %{n // 2}, %{n // 2 + 1}, p, 1, 1, 0, 0;\\n\\t}}"
      : {outs}
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#endif
}}
// wgmma over [64, K] A and [N, K] K-major B in boxes of 64 columns (A_BOX /
// B_BOX bytes each): m64n64k16 per 64 rows of B, m64n{n}k16 for the last {n}.
template <int N, int A_BOX, int B_BOX>
TW_DEV void twillc_mma_k16_kmajor(float* acc, const uint8_t* a, const uint8_t* b, int kk, int scale_d) {{
  const uint8_t* ak = a + (kk / 4) * A_BOX + (kk % 4) * 32;
  const uint64_t da = tw_make_smem_desc(ak, 16, 1024, 1);
  const uint8_t* bk = b + (kk / 4) * B_BOX + (kk % 4) * 32;
#pragma unroll
  for (int j = 0; j < N / 64; ++j)
    tw_wgmma_m64n64k16_f32_f16_ss<0>(acc + j * 32, da, tw_make_smem_desc(bk + j * 64 * 128, 16, 1024, 1), scale_d);
  tw_wgmma_m64n{n}k16_f32_f16_ss_k(acc + (N / 64) * 32, da, tw_make_smem_desc(bk + (N / 64) * 64 * 128, 16, 1024, 1),
                               scale_d);
}}"""


_SKELETON_HELPERS = "\n" + include("twillc_skeleton.cuh")
