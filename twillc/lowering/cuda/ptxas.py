"""What ptxas makes of a generated kernel (`nvcc -Xptxas -v`): its
registers, spill bytes and the warnings that say a wgmma was serialized for
lack of registers (C7508 / C7510 / C7511); and, role by role, the registers
each warp group's code needs when nothing caps them.

A role's need is measured on a copy of the kernel that keeps only that
role's `if (wg == k)` block, without its `setmaxnreg`, launched as one warp
group (`__launch_bounds__(128, 1)`: up to 255 registers): ptxas allocates
what the code asks for, and "Used N registers" is the role's count. The
driver's register check (`twillc.cli.ptxas_check`) and `bench/registers.py`
read these; nothing here decides anything.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from twillc.target.arch import target_for

SERIALIZED = ("C7508", "C7510", "C7511", "C7512")
"""ptxas warnings of a wgmma pipeline serialized (C7511: for lack of registers)."""

_ROLE = re.compile(r"^(\s*(?:\} else )?)if \(wg == (\d+)\) \{", re.M)
"""A role's block: `if (wg == k) {`, or `} else if (wg == k) {` in a kernel of several loops
(`twillc.lowering.cuda.segments`: one branch per warp group running its roles of every loop)."""
_SETMAXNREG = re.compile(r"^\s*tw_setmaxnreg_(?:inc|dec)<\d+>\(\);\n", re.M)
_LAUNCH = re.compile(r"__launch_bounds__\([^,()]+, 1\)")


@dataclass(frozen=True)
class PtxasReport:
    """ptxas's account of one compiled kernel."""

    registers: int
    spill_stores: int
    spill_loads: int
    stack: int
    warnings: tuple[str, ...]
    """Each C7508 / C7510 / C7511 warning line, as ptxas printed it."""

    @property
    def clean(self) -> bool:
        return not self.spill_stores and not self.spill_loads and not self.warnings

    def summary(self) -> str:
        words = [f"{self.registers} registers"]
        if self.spill_stores or self.spill_loads:
            words.append(f"{self.spill_stores} B spill stores, {self.spill_loads} B spill loads")
        codes = sorted({c for w in self.warnings for c in SERIALIZED if c in w})
        if codes:
            words.append(f"warning {', '.join(codes)}")
        return ", ".join(words)


class PtxasError(Exception):
    """nvcc rejected the code or did not answer."""


def nvcc_path() -> str | None:
    return shutil.which("nvcc")


def parse_ptxas(text: str) -> PtxasReport:
    """The report of `nvcc -Xptxas -v` output (one kernel: the largest
    counts over the entry functions it lists)."""
    regs = max((int(n) for n in re.findall(r"Used (\d+) registers", text)), default=0)
    frames = re.findall(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", text)
    stack = max((int(a) for a, _, _ in frames), default=0)
    stores = max((int(b) for _, b, _ in frames), default=0)
    loads = max((int(c) for _, _, c in frames), default=0)
    warnings = tuple(line.strip() for line in text.splitlines() if any(c in line for c in SERIALIZED))
    return PtxasReport(regs, stores, loads, stack, warnings)


def run_ptxas(code: str, arch: str, timeout: float = 300) -> PtxasReport:
    """Compile `code` for `arch` (device code only, a cubin thrown away: the
    report needs no host compile, a quarter of nvcc's time) and read ptxas's report."""
    nvcc = nvcc_path()
    if nvcc is None:
        raise PtxasError("nvcc is not on PATH")
    with tempfile.TemporaryDirectory(prefix="twillc-ptxas-") as tmp:
        cu = Path(tmp) / "kernel.cu"
        cu.write_text(code)
        cubin = str(Path(tmp) / "kernel.cubin")
        cmd = [nvcc, *target_for(arch).nvcc_flags, "-Xptxas", "-v", "-cubin", str(cu), "-o", cubin]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise PtxasError(f"nvcc ran past {timeout:g} s") from None
    if proc.returncode != 0:
        raise PtxasError(f"nvcc failed on the generated kernel:\n{proc.stderr.strip()}")
    return parse_ptxas(proc.stdout + proc.stderr)


def role_blocks(code: str) -> list[int]:
    """The warp-group indices of the kernel's role blocks (`if (wg == k)`,
    or `} else if (wg == k)` in a kernel of several loops)."""
    return sorted({int(m.group(2)) for m in _ROLE.finditer(code)})


def role_variant(code: str, wg: int, capped: bool = False) -> str:
    """The kernel with only warp group `wg`'s role blocks kept (the others'
    conditions made false; in a kernel of several loops its branch of the
    `else if` chain, its roles of every loop). Uncapped: no `setmaxnreg`, launched as one warp
    group, so that what ptxas allocates is the role's register need; capped:
    the role's own `setmaxnreg` and the kernel's launch bounds kept, so that
    a spill or a serialized wgmma in it is that role's."""

    def keep(m: re.Match[str]) -> str:
        return m.group(0) if int(m.group(2)) == wg else f"{m.group(1)}if (false) {{"

    code = _ROLE.sub(keep, code)
    if capped:
        return code
    code = _SETMAXNREG.sub("", code)
    return _LAUNCH.sub("__launch_bounds__(128, 1)", code)


def role_needs(
    code: str, arch: str, roles: list[int] | None = None, jobs: int = 0, capped: bool = False
) -> dict[int, PtxasReport]:
    """ptxas's report of each role's variant (`role_variant`), compiled in parallel."""
    roles = role_blocks(code) if roles is None else roles
    workers = jobs or min(len(roles), 4) or 1
    with ThreadPoolExecutor(max_workers=workers) as pool:
        reports = list(pool.map(lambda wg: run_ptxas(role_variant(code, wg, capped), arch), roles))
    return dict(zip(roles, reports, strict=True))


def role_min_budget(code: str, arch: str, wg: int, step: int = 8, least: int = 24, top: int = 256) -> int | None:
    """The fewest registers per thread (a multiple of `step`, setmaxnreg's)
    at which warp group `wg`'s code alone compiles with no spill and no
    serialized wgmma: its uncapped variant (`role_variant`) with the cap of
    `__maxnreg__`, by bisection, no fewer than `least` (setmaxnreg's
    smallest); None when it spills even at `top`."""
    free = run_ptxas(role_variant(code, wg), arch)
    if not free.clean:
        return None
    lo, hi = least // step - 1, -(-max(free.registers, least) // step)  # hi * step is clean; lo * step is not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        try:
            fits = role_at(code, arch, wg, mid * step).clean
        except PtxasError:  # C7602: too few registers for an instruction at all
            fits = False
        if fits:
            hi = mid
        else:
            lo = mid
    return min(hi * step, top)


def role_at(code: str, arch: str, wg: int, cap: int) -> PtxasReport:
    """ptxas's report of warp group `wg`'s code alone (`role_variant`) capped
    at `cap` registers per thread (`__maxnreg__`, at most 255)."""
    return run_ptxas(_LAUNCH.sub(f"__maxnreg__({min(cap, 255)})", role_variant(code, wg)), arch)


def role_deficit(code: str, arch: str, wg: int, budget: int, steps: tuple[int, ...] = (8, 16)) -> int | None:
    """How many registers past `budget` warp group `wg`'s code needs to
    compile clean alone: the first of `steps` that suffices, None when none
    does (then it needs more)."""
    for d in steps:
        try:
            if role_at(code, arch, wg, budget + d).clean:
                return d
        except PtxasError:
            continue
    return None
