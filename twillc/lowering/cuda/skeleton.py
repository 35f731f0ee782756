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
`twillc_hole_*` device function marked `TWILLC-HOLE` that traps when reached
(empty with `--cuda-holes=skeleton`).
A loop with a `twill.mask_split` tests each iteration copy's iteration
(`tw_unmasked(kt)`, defined once in the kernel): an unmasked one skips the
mask-only ops and copies each split select's true operand.
Each role runs the schedule's software pipeline: its copies in the
warp-specialized IR (prologue / kernel / epilogue, guarded by the trip
count) in schedule-time order; a value with two live instances is
written to `<name>_next` and handed over after the older one's last read; a
role needing three runs an iteration's ops in program order instead.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.tile_scalars import is_scalar_arith
from twillc.lowering.cuda.analysis import LoopAnalysis
from twillc.lowering.cuda.dtypes import elt
from twillc.lowering.cuda.frame import KernelFrame
from twillc.lowering.cuda.kernel_plan import iteration_expr
from twillc.lowering.cuda.preconditions import launched_warps
from twillc.lowering.cuda.roles import RoleCode
from twillc.lowering.cuda.stores import StoreCode
from twillc.lowering.cuda.tcgen05_ops import Tcgen05Ops
from twillc.lowering.cuda.tile_loop import ring_position
from twillc.lowering.cuda.tile_math import TileMath
from twillc.lowering.cuda.tiles import (
    CPP_KEYWORDS,
    MATH_HELPERS,
    narrow_rows,
)
from twillc.lowering.warp_program import Turn, WarpProgram
from twillc.transforms.common import module_machine
from twillc.transforms.memory_plan import elements_per_thread, is_mask, loop_ops, mask_words, rescaled_in_place

POST_LOOP_RESERVE = 32
"""Registers a role's code after the loop holds beside its tiles (addresses,
indices, counters): ptxas's own, no tile's."""

HOLE_MODES = ("refuse", "trap", "skeleton")
"""What the emitter does with a form it does not generate: `refuse` (the
default) stops with a located error at the op and writes nothing
(`twillc.lowering.cuda.preconditions.refuse_hole`); asked for explicitly, a hole:
a device function whose body is `__trap()` (`trap`: the kernel stops when it
reaches it) or empty (`skeleton`, for a person filling it in)."""


def emit_skeleton(program: WarpProgram, module: ModuleOp, source: str, holes: str = "refuse") -> tuple[str, list[str]]:
    """The kernel source and the holes it leaves (one line each)."""
    emitter = _Emitter(program, module, source)
    emitter.hole_mode = holes
    return emitter.run()


def emit_pieces(program: WarpProgram, module: ModuleOp, source: str, holes: str, launch_groups: int):  # -> _Emitter
    """One loop of a kernel with several loops, emitted as a kernel of its own
    (its pieces in `.pieces`, its budgets in `.regs`) with `launch_groups`
    warp groups launched: what `twillc.lowering.cuda.segments` runs in sequence."""
    emitter = _Emitter(program, module, source)
    emitter.hole_mode = holes
    emitter.launch_groups = launch_groups
    emitter.run()
    return emitter


class _Emitter(LoopAnalysis, KernelFrame, RoleCode, TileMath, StoreCode, Tcgen05Ops):
    hole_mode = "refuse"  # see HOLE_MODES
    launch_groups = 0  # warp groups the kernel launches: its own, or more in a kernel with several loops

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
        self._alias: dict[SSAValue, SSAValue] = {}  # a value kept in another's array (a rescaled accumulator)
        self._helpers: set[str] = set()  # device helpers of EXTRA_HELPERS the kernel calls
        if any(op.name in MATH_HELPERS for op in module.walk()):  # tw_sqrt, tw_tanh, tw_sigmoid
            self._helpers.add("math")
        self.body = self.loop.body.block
        self.iv = self.body.args[0]
        self._group, self._role = 0, -1  # the role being emitted: its index and warp
        self._turn: Turn | None = None  # its turn at the tensor core (`twill.issue_order`), if it takes turns
        self._turns_off = ""  # why the roles do not take the schedule's turns (`twill.issue_order`), if so
        self._defer_copy = False  # the copy being emitted waits for its MMA at the MMA's first reader
        self._pending: dict[str, list[str]] = {}  # an MMA in flight: the lines waiting for it, by op
        self._in_order = False  # the role computes the loop's carried numbers (`scalars.number_role`)
        # twill.mask_split: the ops an unmasked iteration skips, the selects
        # it replaces by their true operand, and whether the role being
        # emitted applies the split (`RoleCode._split_applies`)
        split = program.split
        self.mask_only = {id(op) for op in split.mask_only} if split else set()
        self.split_selects = {id(op) for op in split.selects} if split else set()
        self._split_on = False
        # the persistent tile loop around the roles (`tile.persistent`, `twillc.lowering.cuda.tile_loop`)
        self.persistent = tile.find_persistent(self.func)

    def _ring(self, it: str) -> str:
        """The ring position of this tile's iteration `it` (its slot: mod the
        depth; its phase: the position / depth, mod 2), counted across the
        tiles of a persistent kernel (`tile_loop.ring_position`)."""
        return ring_position(it, self.persistent is not None)

    def _slot(self, it: str, depth: int) -> str:
        """The ring slot of this tile's iteration `it`."""
        return f"{self._ring(it)} % {depth}"

    def _phase(self, it: str, depth: int) -> str:
        """The phase (parity) of that slot's barriers at iteration `it`."""
        return f"({self._ring(it)} / {depth}) & 1"

    # -- naming -----------------------------------------------------------
    def name(self, value: SSAValue) -> str:
        if value not in self.names and value in self._alias:  # one array with another value's
            self.names[value] = self.name(self._alias[value])
        if value not in self.names:
            base = (value.name_hint or f"v{len(self.names)}").replace(".", "_")
            if base in CPP_KEYWORDS:
                base += "_"
            # a kernel parameter's name is taken too: a sub-tiled `s` (s0, s1) beside a scalar argument `s0`
            taken = set(self.names.values()) | set(self.args.values())
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
        accumulator layout; the words of its bits for an `i1` tile."""
        if is_mask(t):
            return mask_words(t, self.target)
        return elements_per_thread(t, self.target)

    def warp(self, op: Operation) -> int:
        return self.warp_of[self.op_id[id(op)]]

    # -- analysis ---------------------------------------------------------
    def _post_loop_budgets(self, after: list[Operation]) -> None:
        """A role's budget bounds its loop, not the tile math after it: a role
        whose work after the loop needs more (its largest register tile there,
        `elements_per_thread`, one 32-column chunk of a tensor-memory tile
        computed with its store, plus `POST_LOOP_RESERVE` for addresses and
        counters) keeps the launch register count, where the register file
        has room (roles the schedule left idle are not launched): a small MMA
        warp storing a tensor-memory accumulator."""
        entry = min(255, self.target.register_file // (128 * self.launch_groups)) // 8 * 8
        total = self.target.register_file // 128 - (self.launch_groups - len(self.groups)) * entry
        for g, w in enumerate(self.groups):
            chunked = {id(op) for chain in self._chunk_chains(w, after).values() for op in chain}
            need = 0
            for op in after:
                if self.post_role.get(id(op)) != w or isinstance(op, tile.LoadOp) or is_scalar_arith(op):
                    continue
                for v in [*op.results, *op.operands]:
                    if isinstance(v.type, tile.TileType) and not self._in_smem(v):
                        n = 32 if id(op) in chunked or v in self.acc_at else elements_per_thread(v.type, self.target)
                        need = max(need, n + POST_LOOP_RESERVE)
            if need > self.regs[g] and self.regs[g] < entry and sum(self.regs) - self.regs[g] + entry <= total:
                self.regs[g] = entry

    def run(self) -> tuple[str, list[str]]:
        self.arch = self.machine.arch  # its name, as the kernel's comments print it
        self.target = self.machine.target  # emit_cuda admits the targets that emit CUDA
        loop_index = list(self.func.body.block.ops).index(self.loop)
        before = list(self.func.body.block.ops)[:loop_index]
        after = list(self.func.body.block.ops)[loop_index + 1 :]
        # loads before or after the loop: issued once, before it
        self.pre_loads = [op for op in before + after if isinstance(op, tile.LoadOp)]
        self.loop_ops = loop_ops(self.loop)
        self.loads = [op for op in self.loop_ops if isinstance(op, tile.LoadOp)]
        # checked by twillc.lowering.cuda.preconditions before the printers run
        self.producer_warp, *consumers = launched_warps(self.program)
        self.groups = [self.producer_warp, *consumers]
        self.launch_groups = max(self.launch_groups, len(self.groups))
        regs = {r.warp: r.regs for r in self.program.roles}
        self.roles = {r.warp: r.name for r in self.program.roles}
        self.regs = [regs[w] for w in self.groups]
        found = self.program.channels
        # element types beyond f16 / f32, and casts of loaded tiles in
        # registers: their helpers (twillc_dtypes*.cuh) are pasted only then
        args = self.func.body.block.args
        self.other_types = (
            any(elt(a.type).name not in ("f16", "f32") for a in args)
            or any(elt(op.result.type).name != "f16" and op.result.type.rank == 2 for op in self.loads + self.pre_loads)
            or any(isinstance(op, tile.CastOp) and self._in_smem(op.input) for op in self.func.body.block.walk())
            or any(  # a register cast to bf16 or fp8 (`cast<f8e5m2>(p)` with f16 tensors): their C++ types
                isinstance(op, tile.CastOp) and elt(op.result.type).name not in ("f16", "f32", "i32", "i1")
                for op in self.func.body.block.walk()
            )
            or any(narrow_rows(op.result.type) for op in self.loads + self.pre_loads)  # tw_make_tmap_2d_rows
            or any(isinstance(op, tile.MmaOp) and not self._in_smem(op.rhs) for op in self.loop_ops)  # stage_rows
            or any(  # an MMA accumulating in f16: tcgen05.mma into an f16 D (twillc_umma_ss_t)
                isinstance(op, tile.MmaOp) and elt(op.result.type).name == "f16" for op in self.loop_ops
            )
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
                if self.target.wgmma and isinstance(op, tile.MmaOp) and op.transpose_lhs and not self._in_smem(op.lhs)
            )
        )
        # their staging buffers and those of register B operands, by the one rule
        self.staged_tiles = list(self.program.plan.staged)
        for op in self.loop_ops:  # a register accumulator updated in place: one array
            if self._carried_in_place(op) and op.results[0] not in self.reg_channels:
                self.names[op.results[0]] = self.name(op.acc)  # type: ignore[attr-defined]
            mul = rescaled_in_place(self.loop, op)
            if mul is not None and self._rescaled_in_registers(mul, op):  # o = mma(p, v, o * alpha): one array
                arg = next(v for v in mul.operands if isinstance(v, BlockArgument))
                self._alias[mul.results[0]] = self._alias[op.results[0]] = arg
        self._order = {id(op): k for k, op in enumerate(self.body.ops)}
        self._plan_chunks()
        self._read_outside()
        self._plan_streams()
        self._post_loop_budgets(after)
        out = self._emit(before, after)
        return out, self.holes
