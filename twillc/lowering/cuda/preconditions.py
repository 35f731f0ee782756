"""The preconditions of CUDA emission that hold whatever a printer does with
the loop, checked in one place before either printer runs, each failure a
located error: the target architecture, the warp groups the kernel launches
(the loads' one warp group first, then the roles running the other ops, each
with a `twill.role` and together within the register file), every loop load
reaching its readers through a channel, every loop result read after the
loop held by a role or a value from before the loop, the tiles TMA can move,
and index expressions that C can compute. What depends on the printer's
layout (tile shapes an instruction takes, shared and tensor memory) is
checked where that layout is decided."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from twillc.dialects import tile
from twillc.dialects.tile import element_name
from twillc.dialects.tile_scalars import is_scalar_arith
from twillc.lowering.cuda.dtypes import ELTS, elt
from twillc.lowering.cuda.index_expr import c_index
from twillc.lowering.cuda.tiles import copied_rows, narrow_rows, nbytes, unsupported
from twillc.lowering.warp_program import WarpProgram, scalar_arguments
from twillc.target.arch import Target
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.cta_pair import pair_chosen
from twillc.transforms.loop_handoff import computed_for, initial_value
from twillc.transforms.memory_plan import in_smem, umma_shape


def refuse_hole(op: Operation, target: Target, what: str, mode: str) -> None:
    """A form the printer does not generate: a located error at its op, before
    any output is written; on sm_100a, with `--cuda-holes=trap` or
    `skeleton` asked for explicitly, a marked hole instead (sm_90a never
    leaves one)."""
    if target.refuses_holes or mode not in ("trap", "skeleton"):
        hint = "" if target.refuses_holes else " (--cuda-holes=skeleton emits the kernel with it as a marked hole)"
        raise located_error(op, f"CUDA emission for {target.name}: {what} is not generated{hint}")


def launched_warps(program: WarpProgram) -> list[int]:
    """The warp groups the kernel launches, in order: the one issuing the
    loop's TMA loads (warp 0 when it has none), then every other role that
    runs an op of the loop."""
    warp_of = program.warp_of
    loads = [name for name, op in program.ops.items() if isinstance(op, tile.LoadOp)]
    producer = warp_of[loads[0]] if loads else 0
    return [producer, *sorted({warp_of[name] for name in program.ops} - {producer})]


def check_scalar_arguments(module: ModuleOp) -> None:
    """A located error at a scalar kernel argument of a type with no C++
    type here: scalar arguments are passed by value (`twillc.lowering.cuda.dtypes`:
    f32 `float`, i32 `int`, f16 `__half`, ...). The other language
    extensions are generated, or refused where the op is, by the printer."""
    for arg in scalar_arguments(module):
        if element_name(arg.type) not in ELTS:
            what = f"the scalar argument '{arg.name_hint or arg.index}' of type {element_name(arg.type)}"
            raise located_error(arg.owner.parent_op(), f"CUDA emission: {what} is not generated")  # type: ignore[arg-type]


def check_emittable(program: WarpProgram, module: ModuleOp, holes: str = "refuse") -> None:
    check_scalar_arguments(module)
    machine = module_machine(module)
    loop = program.loop
    if not machine.target.emits_cuda:
        raise located_error(loop, f"CUDA emission for {machine.arch} is not generated yet")
    warp_of = program.warp_of
    loads = {name: op for name, op in program.ops.items() if isinstance(op, tile.LoadOp)}
    if len({warp_of[name] for name in loads}) > 1:
        raise located_error(program.ws, "CUDA emission: every TMA load must be on the one producer warp")
    groups = launched_warps(program)
    for name, op in program.ops.items():
        if warp_of[name] == groups[0] and name not in loads:
            raise located_error(
                op, f"CUDA emission: warp {groups[0]} issues the TMA loads and runs nothing else, but '{name}' is on it"
            )
    for name, op in loads.items():
        if name not in program.channels:
            raise located_error(op, "CUDA emission: a TMA load read on the producer role is not generated")
    budgets = {r.warp: r.regs for r in program.roles}
    for w in groups:
        if w not in budgets:
            raise located_error(program.ws, f"CUDA emission: warp group {w} has no twill.role")
    regs = [budgets[w] for w in groups]
    if 128 * sum(regs) > machine.target.register_file:
        raise located_error(program.ws, f"CUDA emission: register budgets {regs} exceed the register file")
    for v in (program.lb, program.ub, program.step):
        c_index(v, None)
    body = loop.body.block
    for op in program.outside.post:
        for v in op.operands:
            if v in loop.res and v not in program.outside.live_out and initial_value(loop, v) is None:
                source = computed_for(loop, list(loop.res).index(v))
                if source is not None and is_scalar_arith(source.owner):  # type: ignore[arg-type]
                    raise located_error(
                        op,
                        f"CUDA emission: carried number '{v.name_hint or 'result'}' read after the loop is computed "
                        f"in the loop by number arithmetic ('{source.owner.name}': an online softmax's running max "
                        "or sum), which no role holds after the loop: not generated",
                    )
                raise located_error(
                    op,
                    f"CUDA emission: carried '{v.name_hint or 'result'}' read after the loop takes another carried "
                    "value's previous value, which nothing in the loop computes (a cycle of carried values, or one "
                    "the loop never assigns): its value after the loop depends on the trip count and no role holds "
                    "it, not generated",
                )
    for op in module.walk():
        if isinstance(op, tile.LoadOp):
            _check_load(op, machine.target)
        if isinstance(op, tile.MmaOp) and machine.target.has_tensor_memory:
            plan = program.plan
            placed = plan is not None and (
                plan.tmem.smem_operand.get(op.lhs) is op
                or any(st.operand == "a^T" and st.value is op.lhs for st in plan.staged)
            )
            _check_tcgen05_mma(op, machine.target, holes, placed)
        if isinstance(op, tile.LoadOp | tile.StoreOp | tile.StoreAddOp):
            for i in op.indices:
                c_index(i, body.args[0] if op.parent_block() is body else None)


def _check_tcgen05_mma(op: tile.MmaOp, target: Target, holes: str, a_in_slot: bool) -> None:
    """On sm_100a an MMA of two loaded tiles is one tcgen05.mma from shared
    memory into tensor memory: A K-major ([M, K] rows, not `a.T`) and M =
    128, the lanes of the tensor-memory row layout; a transposed loaded A
    (MN-major: linear attention's h += K^T V) of f16 / bf16 [K, 128]
    (`umma_shape`). M = 64 (its tensor-memory layout is another) and other
    transposed A are not generated: refused before emission (or, asked
    for, a hole: `refuse_hole`); sm_90a's wgmma takes both. Nor is a
    transposed register A that plan-memory did not put in shared memory in
    the MMA's operand layout (`a_in_slot`: its channel's slot,
    `TmemPlan.smem_operand`, or its role's staging buffer, `TmemPlan.staged`;
    `memory_plan.umma_a_t_shape` gives the shapes generated: A^T of [K, 128]
    f16 or bf16, K a multiple of 64, B loaded, an f32 [128, N] result)."""
    what = unsupported(op, "'mma'")
    if element_name(op.result.type.element_type) == "f16" and (op.transpose_lhs or umma_shape(op, target) is None):  # type: ignore[attr-defined]
        refuse_hole(
            op,
            target,
            f"{what} accumulating in f16 other than from A and B in shared memory (tcgen05.mma kind::f16 into "
            "an f16 D: A K-major, 64 or 128 rows; accumulate in f32 and cast after the loop)",
            holes,
        )
    if op.transpose_lhs and not in_smem(op.lhs) and not a_in_slot:
        refuse_hole(
            op,
            target,
            f"{what} with a transposed register A other than an f16 / bf16 [K, 128] tile (K a multiple of 64) "
            "with a loaded B: tcgen05.mma reads A from tensor memory K-major only, and a transposed A from shared "
            "memory in its MN-major layout (twill.smem_operand, twill.staged)",
            holes,
        )
    if not (in_smem(op.lhs) and in_smem(op.rhs)):
        return  # a register or tensor-memory A: the tcgen05 lowerings decide
    rows = op.lhs.type.get_shape()[0]  # type: ignore[attr-defined]
    if op.transpose_lhs and umma_shape(op, target) is None:
        refuse_hole(
            op,
            target,
            f"{what} with a transposed loaded A other than an f16 / bf16 [K, 128] tile (tcgen05.mma reading A "
            "MN-major, M = 128)",
            holes,
        )
    elif not op.transpose_lhs and rows not in (64, 128) and not (rows == 256 and pair_chosen(op)):
        refuse_hole(
            op,
            target,
            f"{what}: a tcgen05.mma of {rows} rows (M = 64 or 128 only; 256 by a CTA pair: `cluster 2` on a "
            "persistent loop)",
            holes,
        )


def _check_load(op: tile.LoadOp, target: Target) -> None:
    """A tile TMA moves: 2-D boxes of 128 bytes a row (the 128B swizzle the
    MMAs read), or one unswizzled box of narrower rows that no MMA
    reads (`narrow_rows`: W8A16's [128, 64] int8 weights, converted in
    registers), or a rank-1 row by bulk copy (f32; on sm_90a f16 and bf16
    too, read by `twillc_row_of`, and i32, read by `twillc_row_int`); or one TMA cannot move, copied by the
    producer thread (`copied_rows`: a per-row scale [BM, 1])."""
    t = op.result.type
    assert isinstance(t, tile.TileType)
    if t.rank == 2:
        rows, cols = t.get_shape()
        e = elt(t)
        no_mma = not any(isinstance(u.operation, tile.MmaOp) for u in op.result.uses)
        narrow = no_mma and ((target.narrow_row_loads and narrow_rows(t)) or copied_rows(t))
        if (cols % e.box_cols and not narrow) or rows > 256:
            raise located_error(
                op,
                f"CUDA emission: 2-D TMA loads of tiles of <= 256 rows, columns a "
                f"multiple of a 128-byte box ({e.box_cols} of {e.name})",
            )
    elif elt(t).name not in target.row_load_types or nbytes(t) % 16:
        kinds = " or ".join(target.row_load_types).replace(" or ", ", ", len(target.row_load_types) - 2)
        raise located_error(op, f"CUDA emission: rank-1 loads of {kinds} rows, a multiple of 16 bytes")
