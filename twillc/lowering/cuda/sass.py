"""What the machine code of a generated kernel does in each role's loop: the
SASS (`cuobjdump -sass` of the cubin nvcc makes) of each warp group's code
alone (`ptxas.role_variant`, capped: its own `setmaxnreg`, the kernel's
launch bounds), its main loop found as the innermost backward branch that
holds tensor-core or TMA instructions, and the instructions counted there.

These are the static checks a kernel gets without a GPU: an expert reads
the loop's HGMMA / UTC*MMA count (is each K step one instruction or four?),
its barrier waits per iteration, and any local-memory traffic (LDL / STL: a
spill or a stack array). `bench/sass.py` prints them per example;
nothing here decides anything.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from twillc.lowering.cuda.ptxas import PtxasError, nvcc_path, role_blocks, role_variant
from twillc.target.arch import target_for

_LINE = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(@!?U?P[0-9T]\s+)?([A-Z][A-Z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*([^;]*);")
_ROLE_NAME = re.compile(r"^\s*if \(wg == (\d+)\) \{[ \t]*(?://[ \t]*(\S.*)|\n\s*//[ \t]*([^:\n]+))", re.M)

MMA_OPCODES = ("HGMMA", "QGMMA", "IGMMA", "HMMA", "IMMA")
"""wgmma (f16 / bf16, FP8, 8-bit integer) and mma.sync; tcgen05.mma is UTC*MMA."""


@dataclass(frozen=True)
class Instruction:
    address: int
    guard: str
    opcode: str
    """The full opcode with its modifiers, e.g. `HGMMA.64x256x16.F32`."""
    operands: str

    @property
    def base(self) -> str:
        return self.opcode.split(".")[0]

    @property
    def branch_target(self) -> int | None:
        if self.base != "BRA":
            return None
        m = re.search(r"0x([0-9a-f]+)", self.operands)
        return int(m.group(1), 16) if m else None


@dataclass(frozen=True)
class LoopMix:
    """The instructions of one loop body (static counts: what one iteration issues)."""

    start: int
    end: int
    """The loop's first and last instruction addresses (its blocks need not be contiguous)."""
    instructions: int
    mma: int
    mma_shapes: tuple[str, ...]
    """Each distinct MMA opcode in the loop (`HGMMA.64x256x16.F32`), sorted."""
    tma_loads: int
    tma_stores: int
    waits: int
    """mbarrier waits (`SYNCS.PHASECHK`)."""
    arrives: int
    """mbarrier arrivals (`SYNCS.ARRIVE`)."""
    barriers: int
    """`BAR.SYNC` / `BAR.ARV` / `BAR.RED`: named-barrier turns (or `__syncthreads`)."""
    local: int
    """LDL / STL in the loop."""
    commits: int = 0
    """tcgen05.commit (`UTCBAR`; `UTCBAR.2CTA.MULTICAST`: a CTA pair's, arriving in both CTAs)."""
    commit_forms: tuple[str, ...] = ()
    """Each distinct commit opcode in the loop, sorted."""


@dataclass(frozen=True)
class RoleSass:
    """One warp group's code alone: its main loop's mix and its local-memory traffic."""

    wg: int
    name: str
    loop: LoopMix | None
    local: int
    """LDL / STL anywhere in the role's code."""


def cuobjdump_path() -> str | None:
    """`cuobjdump` on PATH, else the one Triton's NVIDIA backend ships (found without importing Triton)."""
    found = shutil.which("cuobjdump")
    if found:
        return found
    spec = importlib.util.find_spec("triton")
    if spec is None or not spec.submodule_search_locations:
        return None
    bundled = Path(next(iter(spec.submodule_search_locations))) / "backends" / "nvidia" / "bin" / "cuobjdump"
    return str(bundled) if bundled.is_file() else None


def parse_sass(text: str) -> list[Instruction]:
    """The instructions of `cuobjdump -sass` output, in address order."""
    out = []
    for m in _LINE.finditer(text):
        out.append(Instruction(int(m.group(1), 16), (m.group(2) or "").strip(), m.group(3), m.group(4).strip()))
    return out


def disassemble(code: str, arch: str, timeout: float = 300) -> list[Instruction]:
    """Compile `code` for `arch` to a cubin and read its SASS."""
    nvcc, dump = nvcc_path(), cuobjdump_path()
    if nvcc is None or dump is None:
        raise PtxasError("nvcc and cuobjdump are needed to read SASS")
    with tempfile.TemporaryDirectory(prefix="twillc-sass-") as tmp:
        cu, cubin = Path(tmp) / "kernel.cu", Path(tmp) / "kernel.cubin"
        cu.write_text(code)
        try:
            proc = subprocess.run(
                [nvcc, *target_for(arch).nvcc_flags, "-cubin", str(cu), "-o", str(cubin)],
                capture_output=True,
                text=True,
                timeout=timeout,
            )
            if proc.returncode != 0:
                raise PtxasError(f"nvcc failed on the generated kernel:\n{proc.stderr.strip()}")
            sass = subprocess.run([dump, "-sass", str(cubin)], capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise PtxasError(f"nvcc or cuobjdump ran past {timeout:g} s") from None
    if sass.returncode != 0:
        raise PtxasError(f"cuobjdump failed: {sass.stderr.strip()}")
    return parse_sass(sass.stdout)


def is_mma(ins: Instruction) -> bool:
    return ins.base in MMA_OPCODES or (ins.base.startswith("UTC") and ins.base.endswith("MMA"))


def mix(body: list[Instruction]) -> LoopMix:
    ops = [i.opcode for i in body]
    return LoopMix(
        start=min(i.address for i in body),
        end=max(i.address for i in body),
        instructions=len(body),
        mma=sum(is_mma(i) for i in body),
        mma_shapes=tuple(sorted({i.opcode for i in body if is_mma(i)})),
        tma_loads=sum(i.base == "UTMALDG" for i in body),
        tma_stores=sum(i.base == "UTMASTG" for i in body),
        waits=sum(o.startswith("SYNCS.PHASECHK") for o in ops),
        arrives=sum(o.startswith("SYNCS.ARRIVE") for o in ops),
        barriers=sum(i.base == "BAR" for i in body),
        local=sum(i.base in ("LDL", "STL") for i in body),
        commits=sum(i.base == "UTCBAR" for i in body),
        commit_forms=tuple(sorted({i.opcode for i in body if i.base == "UTCBAR"})),
    )


def _blocks(instrs: list[Instruction]) -> tuple[list[list[Instruction]], list[list[int]]]:
    """Basic blocks in address order and each one's successors."""
    at = {i.address: n for n, i in enumerate(instrs)}
    leaders = {0}
    for n, i in enumerate(instrs):
        if i.base in ("BRA", "EXIT", "RET", "BRX", "JMP"):
            leaders.add(n + 1)
            if (t := i.branch_target) is not None and t in at:
                leaders.add(at[t])
    cuts = sorted(x for x in leaders if x < len(instrs))
    blocks = [instrs[a:b] for a, b in zip(cuts, [*cuts[1:], len(instrs)], strict=True)]
    first = {b[0].address: n for n, b in enumerate(blocks)}
    succs: list[list[int]] = []
    for n, b in enumerate(blocks):
        last, out = b[-1], []
        ends = last.base in ("BRA", "EXIT", "RET", "BRX", "JMP")
        if (t := last.branch_target) is not None and t in first:
            out.append(first[t])
        # conditional: a guard, or a predicate operand before the target (`BRA.U !UP0, 0x470`)
        conditional = last.guard not in ("", "@PT") or (last.base == "BRA" and "," in last.operands)
        if (not ends or conditional) and n + 1 < len(blocks):
            out.append(n + 1)
        succs.append(out)
    return blocks, succs


def natural_loops(instrs: list[Instruction]) -> list[list[Instruction]]:
    """Each natural loop's instructions: per header, the blocks of its back
    edges (u -> h with h dominating u). A branch into a loop from outside
    (ptxas's retry path of an mbarrier wait, placed after the kernel's code
    and jumping back in) is no back edge, and its block joins the loop it
    returns into."""
    if not instrs:
        return []
    blocks, succs = _blocks(instrs)
    preds: list[list[int]] = [[] for _ in blocks]
    for u, out in enumerate(succs):
        for v in out:
            preds[v].append(u)
    everything = set(range(len(blocks)))
    dom = [everything.copy() for _ in blocks]
    dom[0] = {0}
    changed = True
    while changed:
        changed = False
        for n in range(1, len(blocks)):
            new = set.intersection(*(dom[p] for p in preds[n])) if preds[n] else set()
            new = new | {n}
            if new != dom[n]:
                dom[n], changed = new, True
    bodies: dict[int, set[int]] = {}
    for u, out in enumerate(succs):
        for h in out:
            if h in dom[u]:
                body = bodies.setdefault(h, {h})
                stack = [u]
                while stack:
                    x = stack.pop()
                    if x not in body:
                        body.add(x)
                        stack.extend(preds[x])
    return [[i for n in sorted(body) for i in blocks[n]] for _, body in sorted(bodies.items())]


def main_loop(instrs: list[Instruction]) -> LoopMix | None:
    """The innermost loop holding MMA or TMA instructions (of those, the one
    with the most); None when no loop holds any."""
    work = []
    for body in natural_loops(instrs):
        m = mix(body)
        if m.mma + m.tma_loads + m.tma_stores:
            work.append(({i.address for i in body}, m))
    inner = [m for addrs, m in work if not any(other < addrs for other, _ in work)]
    return max(inner, key=lambda m: (m.mma + m.tma_loads + m.tma_stores, m.instructions)) if inner else None


def role_names(code: str) -> dict[int, str]:
    """Each role block's name: the comment the emitter writes after `if (wg == k) {`
    or, failing that, on the block's first line (`// producer: ...`)."""
    return {int(m.group(1)): (m.group(2) or m.group(3)).strip() for m in _ROLE_NAME.finditer(code)}


def role_sass(code: str, arch: str) -> list[RoleSass]:
    """Each warp group's code alone: its main loop's mix and its LDL / STL."""
    names = role_names(code)
    out = []
    for wg in role_blocks(code):
        instrs = disassemble(role_variant(code, wg, capped=True), arch)
        out.append(RoleSass(wg, names.get(wg, ""), main_loop(instrs), sum(i.base in ("LDL", "STL") for i in instrs)))
    return out
