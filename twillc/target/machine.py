"""Machine models: the per-SM facts costs are derived from, read from TOML.

`h100` and `b200` ship in `twillc/target/machines/`; a user's own file is named by
path (`target "my.toml"` or `--target my.toml`). Every number in a shipped
file has its source in the file's `[sources]` table.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from twillc.diagnostics import Location, UserError
from twillc.target.arch import Target, target_for

MACHINE_DIR = Path(__file__).parent / "machines"

ELEMENT_TYPES = ("f16", "bf16", "f32", "f8e4m3", "f8e5m2", "i32", "i16", "i8", "u32", "u16", "u8")
"""The `.tile` element type names (docs/language.md), as `[tma] reduce_add_types` writes them."""


@dataclass(frozen=True)
class MmaShape:
    """One MMA instruction's M x N x K (`[mma]` of a machine file; an absent
    key puts no limit): M a multiple of `row_multiple` up to `max_rows`
    (None: a warp group issues one instruction per `row_multiple` rows), N a
    multiple of `col_multiple` up to `max_cols`, K a multiple of the
    instruction's K for the input width."""

    row_multiple: int = 1
    max_rows: int | None = None
    col_multiple: int = 1
    max_cols: int | None = None
    k_16bit: int = 1
    k_8bit: int = 1


def _is_8bit(dtype: str) -> bool:
    return "f8" in dtype.lower() or dtype.lower() in ("i8", "u8")


@dataclass(frozen=True)
class Machine:
    name: str
    description: str
    arch: str
    """CUDA architecture the emitters target (`sm_90a`, `sm_100a`)."""
    units: dict[str, int]
    """Functional unit -> instances per SM."""
    rates: dict[str, int]
    """Throughput per clock per SM: tc_flops_f16, tc_flops_f8, sfu_ops, alu_ops, tma_bytes,
    on tensor-memory machines tmem_load_bytes (tcgen05.ld into registers), and
    optionally alu_int_ops (32-bit integer, compare, select; default alu_ops)
    and tma_reduce_bytes (TMA reduce-add stores; absent: none)."""
    latency: dict[str, int]
    """Fixed latencies: tma_fixed, tc_fixed, sfu_fixed, alu_fixed, and
    cross_warp, the barrier hand-off of a value between warp groups (the
    part of `cross_warp_cycles` that does not grow with its bytes)."""
    smem: int
    smem_reserved: int
    """Shared memory kept out of the scheduler's hands: mbarriers and the
    small cross-warp channels (row statistics, the epilogue hand-off)."""
    tmem: int
    accumulator_in_tmem: bool
    tmem_reads_block: bool
    tmem_chunk_cols: int
    """Columns of a tensor-memory tile an element-wise update reads into
    registers at a time (tcgen05.ld chunks); 0: the whole tile at once."""
    mma: MmaShape
    """The shapes one MMA instruction of the target takes."""
    mma_result_wait_blocks: bool
    """Reading an MMA result (wgmma.wait / tcgen05 wait) stalls the reading warp."""
    regs_per_sm: int
    max_regs_per_thread: int
    setmaxnreg_min: int
    setmaxnreg_max: int
    setmaxnreg_step: int
    threads_per_group: int
    warp_groups: int
    warp_regs: tuple[int, ...]
    """Register budget of each default warp group (empty: derived)."""
    warp_threads: tuple[int, ...]
    """Threads of each default warp group (empty: `threads_per_group` each)."""
    one_thread_units: frozenset[str]
    """Units whose ops one thread issues (TMA; tcgen05.mma): any warp can run them."""
    one_warp_units: frozenset[str]
    """Units whose ops must all be issued from one warp."""
    sources: dict[str, str]
    path: str
    sms: int = 0
    """SMs of the device (the top-level `sms`; 0: not given): the `cluster`
    pass's L2 model shares `rates.l2_bytes` x sms among the CTAs running."""
    reduce_add_types: frozenset[str] = frozenset()
    """Element types (`.tile` names) a TMA reduce-add store adds (`[tma]
    reduce_add_types`); a reduce-add store needs `rates.tma_reduce_bytes` too."""

    @property
    def target(self) -> Target:
        """The architecture's `Target` (`twillc.target.arch`): what differs
        between the architectures is asked of it, never of `arch`."""
        return target_for(self.arch)

    def cross_warp_cycles(self, nbytes: int, in_tmem: bool) -> int:
        """Cycles from a value's producer finishing on one warp group to a
        consumer on another being able to read it, as twillc's CUDA emitter
        hands it over: a register tile is stored to a shared-memory channel
        slot, the slot's mbarrier is arrived on and waited for, and the
        consumer loads it (bytes twice at the shared-memory bandwidth,
        `rates.smem_bytes`, plus the hand-off, `latency.cross_warp`); a value
        in tensor memory stays where it is and only the hand-off is paid (its
        reader's tcgen05.ld is that reader's own cost)."""
        handoff = self.latency.get("cross_warp", 0)
        if in_tmem or nbytes <= 0:
            return handoff
        rate = self.rates.get("smem_bytes") or self.rates["tma_bytes"]
        return 2 * -(-nbytes // rate) + handoff

    def mma_shape_error(self, m: int, n: int, k: int, dtype: str) -> str | None:
        """Why an M x N x K MMA with `dtype` inputs is not one instruction of
        this target (None when it is): the sub-tiling splits larger ones."""
        s = self.mma
        k_step = s.k_8bit if _is_8bit(dtype) else s.k_16bit
        where = f"{self.arch} ({self.name})"
        if m % s.row_multiple:
            return f"{m} rows are not a multiple of {s.row_multiple}, the rows of one MMA instruction on {where}"
        if s.max_rows is not None and m > s.max_rows:
            return f"{m} rows exceed the {s.max_rows} of one MMA instruction of one CTA on {where}"
        if n % s.col_multiple:
            return f"{n} columns are not a multiple of {s.col_multiple}, as one MMA instruction on {where} needs"
        if s.max_cols is not None and n > s.max_cols:
            return f"{n} columns exceed the {s.max_cols} of one MMA instruction on {where}"
        if k % k_step:
            return f"K = {k} is not a multiple of {k_step}, the K of one {dtype} MMA instruction on {where}"
        return None

    @property
    def memories(self) -> dict[str, int]:
        return {m: cap for m, cap in (("smem", self.smem), ("tmem", self.tmem)) if cap > 0}

    @property
    def regs_per_thread_total(self) -> int:
        """Registers per thread summed over warp groups (setmaxnreg budgets add up to this)."""
        return self.regs_per_sm // self.threads_per_group

    def default_reg_limits(self, groups: int) -> tuple[int, ...]:
        """FA3/FA4-style split: the first group (producer) gets the minimum,
        the rest share what is left, rounded down to setmaxnreg's step."""
        if len(self.warp_regs) == groups:
            return self.warp_regs
        if groups <= 1:
            return (min(self.setmaxnreg_max, self.regs_per_thread_total),)
        rest = (self.regs_per_thread_total - self.setmaxnreg_min) // (groups - 1)
        rest = min(self.setmaxnreg_max, rest - rest % self.setmaxnreg_step)
        return (self.setmaxnreg_min,) + (rest,) * (groups - 1)

    def threads_of(self, groups: int) -> tuple[int, ...]:
        """Threads of each of `groups` warp groups: the machine's own list
        as far as it goes, full warp groups past it."""
        given = self.warp_threads[:groups]
        return given + (self.threads_per_group,) * (groups - len(given))


def shipped_targets() -> list[str]:
    return sorted(p.stem for p in MACHINE_DIR.glob("*.toml"))


def load_machine(spec: str, where: Location | None = None, source: str | None = None) -> Machine:
    """A shipped target by name (`h100`) or a TOML file by path.

    `where`/`source` locate errors (the `target` line of a .tile file)."""
    loc = where or Location(spec, 0, 0)
    path = MACHINE_DIR / f"{spec}.toml"
    if not (spec.isidentifier() and path.is_file()):
        path = Path(spec)
        if spec.isidentifier() or not path.is_file():
            known = ", ".join(shipped_targets())
            raise UserError(
                loc,
                f"unknown target '{spec}' (shipped: {known}; or a path to a machine .toml)",
                source,
            )
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise UserError(loc, f"cannot read machine model '{spec}': {e}", source) from None
    try:
        return _from_toml(data, str(path))
    except (KeyError, TypeError, ValueError) as e:
        raise UserError(loc, f"invalid machine model '{spec}': {e}", source) from None


def _int_table(data: dict[str, Any], key: str) -> dict[str, int]:
    table = data[key]
    if not isinstance(table, dict):
        raise TypeError(f"[{key}] must be a table")
    for k, v in table.items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{key}.{k} must be a non-negative integer, got {v!r}")
    return dict(table)


def _mma_shape(table: dict[str, Any]) -> MmaShape:
    if not isinstance(table, dict):
        raise TypeError("[mma] must be a table")
    known = {"row_multiple", "max_rows", "col_multiple", "max_cols", "k_16bit", "k_8bit"}
    for key, value in table.items():
        if key not in known:
            raise ValueError(f"mma.{key} is not a known key (known: {', '.join(sorted(known))})")
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"mma.{key} must be a positive integer, got {value!r}")
    return MmaShape(**table)


def _from_toml(data: dict[str, Any], path: str) -> Machine:
    mem, regs, warps = data["memory"], data["registers"], data["warps"]
    rates = _int_table(data, "rates")
    for needed in ("tc_flops_f16", "sfu_ops", "alu_ops", "tma_bytes"):
        if rates.get(needed, 0) <= 0:
            raise ValueError(f"rates.{needed} must be a positive integer")
    units = _int_table(data, "units")
    for needed in ("tc", "sfu", "alu", "tma"):
        if units.get(needed, 0) <= 0:
            raise ValueError(f"units.{needed} must be a positive integer")
    machine = Machine(
        name=str(data["name"]),
        description=str(data.get("description", "")),
        arch=str(data["arch"]),
        units=units,
        rates=rates,
        latency=_int_table(data, "latency"),
        smem=int(mem["smem"]),
        smem_reserved=int(mem.get("smem_reserved", 0)),
        tmem=int(mem.get("tmem", 0)),
        accumulator_in_tmem=bool(mem.get("accumulator_in_tmem", False)),
        tmem_reads_block=bool(mem.get("tmem_reads_block", False)),
        tmem_chunk_cols=int(mem.get("tmem_chunk_cols", 0)),
        mma=_mma_shape(data.get("mma", {})),
        mma_result_wait_blocks=bool(data.get("sync", {}).get("mma_result_wait_blocks", False)),
        regs_per_sm=int(regs["per_sm"]),
        max_regs_per_thread=int(regs["max_per_thread"]),
        setmaxnreg_min=int(regs["setmaxnreg_min"]),
        setmaxnreg_max=int(regs["setmaxnreg_max"]),
        setmaxnreg_step=int(regs["setmaxnreg_step"]),
        threads_per_group=int(regs["threads_per_group"]),
        warp_groups=int(warps["groups"]),
        warp_regs=tuple(int(r) for r in warps.get("regs", ())),
        warp_threads=tuple(int(n) for n in warps.get("threads", ())),
        one_thread_units=frozenset(str(u) for u in data.get("sync", {}).get("one_thread_units", ())),
        one_warp_units=frozenset(str(u) for u in data.get("sync", {}).get("one_warp_units", ())),
        reduce_add_types=frozenset(str(t) for t in data.get("tma", {}).get("reduce_add_types", ())),
        sources={str(k): str(v) for k, v in data.get("sources", {}).items()},
        path=path,
        sms=int(data.get("sms", 0)),
    )
    if machine.tmem_chunk_cols < 0:
        raise ValueError("memory.tmem_chunk_cols must be >= 0")
    if machine.warp_groups < 1 or machine.threads_per_group < 1:
        raise ValueError("warps.groups and registers.threads_per_group must be >= 1")
    if machine.warp_regs and len(machine.warp_regs) != machine.warp_groups:
        raise ValueError("warps.regs must give one budget per warp group")
    if machine.warp_threads and len(machine.warp_threads) != machine.warp_groups:
        raise ValueError("warps.threads must give one thread count per warp group")
    if any(not 1 <= n <= machine.threads_per_group for n in machine.warp_threads):
        raise ValueError(f"warps.threads must lie in [1, {machine.threads_per_group}]")
    for u in sorted(machine.one_thread_units | machine.one_warp_units):
        if u not in units:
            raise ValueError(f"sync names the unit {u!r}, which [units] does not have")
    unknown = sorted(machine.reduce_add_types - set(ELEMENT_TYPES))
    if unknown:
        raise ValueError(f"tma.reduce_add_types names {unknown}, not element types ({', '.join(ELEMENT_TYPES)})")
    if sum(machine.warp_regs) > machine.regs_per_thread_total:
        raise ValueError(f"warps.regs sum to more than {machine.regs_per_thread_total} registers per thread")
    return machine
