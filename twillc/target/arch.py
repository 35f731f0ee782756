"""Targets as objects: what differs between the architectures twillc generates
CUDA for, asked of the target rather than of its name.

A machine model (`machine.Machine`, a `.toml`) names its architecture
(`arch = "sm_90a"`); `Machine.target` is the `Target` for it. Every pass,
emitter and check asks the target (`target.has_tensor_memory`,
`target.elements_per_thread(t)`, `target.nvcc_flags`) and never compares its
name: the differences between Hopper and Blackwell live here, in `Sm90a`
and `Sm100a`, and only here (tests/test_target.py checks that no other
module compares an architecture's name).

- MMA forms: `Sm90a` issues wgmma from a warp group, its accumulator in
  registers (m64 fragments, a register A for P V, staged shared-memory
  operands for the forms wgmma does not read from registers); `Sm100a`
  issues tcgen05.mma from one thread, its accumulator in tensor memory.
- Accumulator layouts (`elements_per_thread`): the wgmma fragment (a
  [64k, N] tile: 64k * N / 128 elements a thread, a row vector two values
  per 64-row slab) or, on `Sm100a`, the tensor-memory row layout (thread t
  holds row t of a 128-row tile).
- Tensor memory: `Sm100a` has 512 columns of 128 lanes.
- Barriers and slot release: on `Sm90a` a GEMM-class loop keeps one wgmma
  batch in flight and releases a ring slot one iteration late
  (`gemm_release`); on `Sm100a` tcgen05.commit arrives on a slot's barrier.
- The register file, the nvcc flags, the rank-1 loads TMA's bulk copy does.
An architecture with no code generator (a user's machine file naming
another) is a plain `Target`: schedules are made from its machine model
alone and CUDA emission refuses it.
"""

from __future__ import annotations

from functools import cache
from math import prod
from typing import Any

FRAGMENT_ROWS = 256
"""The most rows of a register tile in either layout (four m64 slabs of
wgmma fragments; the 128 lanes of the row layout): a rank-1 tile within
them may be the row vector of one (`Target.elements_per_thread`)."""


class Target:
    """An architecture twillc schedules for but generates no CUDA for."""

    emits_cuda = False
    """Whether `-o k.cu` generates this target's kernels."""
    wgmma = False
    """MMAs are wgmma, issued by a warp group with the accumulator in
    registers (m64 fragments; A from registers or shared memory, B from
    shared memory)."""
    has_tensor_memory = False
    """MMAs are tcgen05.mma, issued by one thread into tensor memory."""
    tmem_columns = 0
    """32-bit columns of tensor memory (128 lanes each) per SM."""
    row_layout = False
    """A register tile of 128 rows is held one row per thread (the
    tensor-memory layout tcgen05.ld gives), not as wgmma fragments."""
    gemm_release = False
    """A loop of the GEMM class (`memory_plan.gemm_class`) is printed with one
    shared ring for its loads, each slot released one iteration late (one
    wgmma batch in flight)."""
    drain_by_trips = False
    """The software pipeline's prologue and epilogue are printed once per
    small trip count: unguarded for `trips >= stages - 1`, and for each
    smaller count straight-line with only the copies that run (not each copy
    guarded by `iteration < trips`, whose skipped path keeps the arrays of
    another iteration live beside the ones written: ptxas cannot tell the
    guards agree)."""
    refuses_holes = False
    """Tile math not generated is a located error here, never a hole."""
    narrow_row_loads = False
    """TMA loads one unswizzled box of rows narrower than 128 bytes that no
    MMA reads (W8A16's int8 weights, converted in registers)."""
    row_load_types: tuple[str, ...] = ("f32",)
    """Element types of the rank-1 rows a bulk copy loads."""
    register_file = 65536
    """32-bit registers per SM, shared by the CTA's 128-thread warp groups."""
    role_registers = 0
    """Registers per thread ptxas gives a warp group holding tiles beyond
    the tiles themselves when its budget has room: addresses, loop indices,
    barrier phases, the thread's fragment coordinates. Fitted on ptxas's
    least clean budgets (`bench/registers.py`, tests/data/registers/ptxas.json):
    the register model's per-role base (`lifetimes.register_need`)."""
    held_back_registers = 0
    """Registers per thread of every budget the joint schedule leaves to
    ptxas beyond the model's values (`WarpConfig.reg_base`): what ptxas still
    needs beyond the tiles when the budget is tight, addresses and indices
    rematerialized (at most `role_registers`)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):  # a name compared: ask the target instead (module docstring)
            raise TypeError(f"compare a target's properties, not its name ({self.name!r} == {other!r})")
        return self is other

    __hash__ = object.__hash__

    @property
    def nvcc_flags(self) -> tuple[str, ...]:
        """nvcc's `-gencode` for this target (its arch-specific features: `a`)."""
        return ("-gencode", f"arch=compute_{self.name[3:]},code={self.name}")

    def elements_per_thread(self, t: Any) -> int:
        """Elements each of a warp group's 128 threads holds of a register
        tile: the wgmma accumulator layout (a [64k, N] tile 64k * N / 128, a
        row vector [R] two values per 64-row slab: R / 32; a tile of fewer than
        64 rows as one m64 fragment, its rows past the tile padding; a longer
        rank-1 tile spread over the threads, `spread_vector`); on a
        row-layout target a 128-row tile's row per thread (`row_layout`; of
        fewer rows, the threads past them hold padding). A rank-1 tile longer
        than any register tile's rows (`FRAGMENT_ROWS`: the rows of no
        fragment, so the row vector of none) is a flat vector, its elements
        spread over the 128 threads: a norm's row of 4096 columns is 32 per
        thread, not the 128 of a row vector's two values per 64-row slab."""
        shape = t.get_shape()
        if self.row_layout and shape[0] <= 128:
            return shape[1] if len(shape) == 2 else 1
        if self.spread_vector(t) or (len(shape) == 1 and shape[0] > FRAGMENT_ROWS):
            return -(-shape[0] // 128)
        if self.wgmma and shape[0] < 64:
            return shape[1] // 2 if len(shape) == 2 else 2
        return max(1, prod(shape) // 128) if len(shape) == 2 else max(1, shape[0] // 32)

    def spread_vector(self, t: Any) -> bool:
        """A rank-1 tile longer than the row-vector layout holds (more than
        256 elements, a multiple of 128: a chunk of a vocabulary or hidden
        dimension, met only by other such vectors, scalars and reductions):
        spread over the warp group, thread t holding elements t + 128 k,
        R / 128 of them (not sm_90a's row vector's R / 32, each element held
        by the four threads of a quad, nor sm_100a's row layout, one element
        a thread): on both targets, as the layout does not depend on the MMA."""
        shape = t.get_shape()
        return len(shape) == 1 and shape[0] > 256 and shape[0] % 128 == 0

    def slabs(self, rows: int) -> int:
        """m64 fragments a warp group holds a tile of `rows` rows as (one per
        64-row slab in the wgmma layout; 1 in the row layout)."""
        return max(1, rows // 64) if self.wgmma else 1


class Sm90a(Target):
    """Hopper (H100): wgmma from warp groups, accumulators in registers."""

    emits_cuda = True
    wgmma = True
    gemm_release = True
    refuses_holes = True  # complete there: what is not generated is refused
    narrow_row_loads = True
    row_load_types = ("f32", "f16", "bf16", "i32")
    role_registers = 32
    """The median over the fixed sm_90a roles of ptxas's least clean budget
    less the model's tiles: a GEMM's 128 accumulator registers compile clean
    at 160, not 152 (154 taken uncapped)."""
    held_back_registers = 16
    """FA3's backward consumers hold 224 registers of tiles in the model and
    compile clean at 224 to 240: under pressure ptxas needs no more than 16
    beyond the model's values there, and every fixed sm_90a role with at
    most 224 of values compiles clean at 240 (the two that do not spill for
    a received copy or a loop-invariant tile, which `register_need` counts)."""

    def __init__(self) -> None:
        super().__init__("sm_90a")


class Sm100a(Target):
    """Blackwell (B200): tcgen05.mma from one thread into tensor memory."""

    emits_cuda = True
    has_tensor_memory = True
    tmem_columns = 512
    row_layout = True
    drain_by_trips = True
    narrow_row_loads = True  # read by twillc_smem_row_at_t with the rows' pitch
    row_load_types = ("f32", "f16", "bf16")  # a thread's row: twillc_row_t<T>; a column: twillc_col_at<T>
    # role_registers, held_back_registers: 0, not calibrated. ptxas's least
    # clean budgets of the sm_100a roles (bench/results/registers.md) stray
    # from the tiles alone by -99 to +183: a softmax role streams its
    # tensor-memory tiles a 32-column chunk at a time (131 counted, 32
    # needed), a consumer holds tiles the cost model puts in tensor memory
    # (1 counted, 216 needed); no constant per role fits those.

    def __init__(self) -> None:
        super().__init__("sm_100a")


TARGETS: dict[str, Target] = {t.name: t for t in (Sm90a(), Sm100a())}
"""The targets twillc generates CUDA for, by architecture name."""


@cache
def target_for(arch: str) -> Target:
    """The target of a machine model's `arch` (a plain `Target` when twillc
    has no code generator for it)."""
    return TARGETS.get(arch) or Target(arch)
