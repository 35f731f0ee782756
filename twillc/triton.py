"""twillc's schedule inside Triton's own compilation (Triton 3.9).

    import twillc.triton
    twillc.triton.install()        # every kernel[grid](...) compiled from now on
    kernel[grid](...)              # its innermost loop scheduled by twillc
    twillc.triton.uninstall()

`install` sets Triton's `knobs.runtime.add_stages_inspection_hook`: Triton
calls it when it builds a kernel's compilation stages, and twillc replaces the
`ttgir` stage (sm_90 and sm_100) by Triton's own `make_ttgir` split where
twillc's schedule goes in: the passes up to `tritongpu-assign-latencies`, then
twillc (`twillc k.ttgir -o k.ttgir`: the loop imported, scheduled, the
schedule written back as `loop.stage` / `loop.cluster` and, on sm_100,
`ttg.partition`), then the passes after `tritongpu-schedule-loops`. Triton
calls the hook with no arguments for a key that goes into its cache key, so a
kernel compiled with twillc's schedule is cached apart from Triton's own.
twillc's schedules are cached by the TTGIR text and the options (in memory and
in twillc's schedule cache). A kernel twillc cannot import (a located error)
compiles with Triton's own schedule, with a warning that says why.

`compile_writeback(path, target)` compiles a written-back `.ttgir` to a cubin
without a GPU (the passes after `schedule-loops`, then `triton.compile`);
`check_writeback(path, target)` says what Triton kept of twillc's schedule
(its stages, its partitions region by region) or why it failed.

Triton is imported inside functions: importing this module needs no Triton,
and `compile_writeback` needs nothing of twillc's but this module (the GPU
suite calls it on a device that has Triton and no xDSL).
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

CAPABILITIES = {"h100": 90, "b200": 100}
SHARED_MEMORY_LIMIT = 232448
"""Bytes of shared memory a block may use on H100 and B200 (227 KiB)."""


@dataclass
class _Hook:
    passes: str | None
    """A twillc pass pipeline (`--passes`), or None for the default."""
    cache: dict[str, str] = field(default_factory=dict)
    """(TTGIR text, options) -> the written-back TTGIR."""
    refused: dict[str, str] = field(default_factory=dict)
    """(TTGIR text, options) -> why twillc did not schedule it."""

    def key(self) -> str:
        from twillc.frontend.triton_module import TRITON_VERSION

        return f"twillc-{TRITON_VERSION}-{self.passes or 'default'}"

    def __call__(self, *args: Any) -> Any:
        if not args:  # compile(): a key for Triton's cache
            k = self.key()
            return k, hashlib.sha256(k.encode()).hexdigest()
        backend, stages, options, language, capability = args
        if getattr(language, "name", str(language)).upper() != "TRITON" or capability // 10 not in (9, 10):
            return None
        stages["ttgir"] = lambda src, metadata: self.make_ttgir(src, metadata, options, capability)
        return None

    def make_ttgir(self, mod: Any, metadata: dict, opts: Any, cap: int) -> Any:
        from triton._C.libtriton import ir

        from twillc.frontend.triton_module import add_head_passes

        if opts.maxnreg is not None:
            mod.set_attr("ttg.maxnreg", ir.builder(mod.context).get_int32_attr(opts.maxnreg))
        pm = ir.pass_manager(mod.context)
        pm.enable_debug()
        add_head_passes(pm, cap, opts, hopper_warpspec=True)
        pm.run(mod, "make_ttgir")
        text = mod.str()
        written = self.schedule(text, cap, opts)
        tries = [written, stages_only(written)] if written is not None and "ttg.partition" in written else [written]
        for attempt in tries if written is not None else []:
            try:
                mod = _parse(attempt, mod.context)
                pm = ir.pass_manager(mod.context)
                pm.enable_debug()
                add_tail_passes(pm, cap, opts)
                pm.run(mod, "make_ttgir")
                written = attempt
                break
            except RuntimeError as e:  # Triton rejects the form: twillc's stages alone, else Triton's own schedule
                fallback = "twillc's stages without its partitions" if attempt is not tries[-1] else "Triton's own"
                warnings.warn(f"twillc: Triton 3.9 did not compile twillc's schedule ({e}): {fallback}", stacklevel=2)
        else:
            written = None
        if written is None:
            from triton._C.libtriton import passes

            mod = _parse(text, mod.context)
            pm = ir.pass_manager(mod.context)
            pm.enable_debug()
            passes.ttgpuir.add_assign_latencies(pm, opts.num_stages)
            passes.ttgpuir.add_schedule_loops(pm)
            add_tail_passes(pm, cap, opts)
            pm.run(mod, "make_ttgir")
        metadata["tensordesc_meta"] = mod.get_tensordesc_metadata()
        metadata["twillc"] = written is not None
        metadata["twillc_partitions"] = written is not None and "ttg.partition" in written
        return mod

    def schedule(self, text: str, cap: int, opts: Any) -> str | None:
        key = hashlib.sha256(f"{self.key()}\n{cap}\n{opts.num_warps}\n{opts.num_stages}\n{text}".encode()).hexdigest()
        if key in self.cache:
            return self.cache[key]
        if key in self.refused:
            return None
        written, why = schedule_ttgir(text, cap, self.passes)
        if written is None:
            self.refused[key] = why
            warnings.warn(f"twillc: Triton's own schedule for this kernel: {why}", stacklevel=2)
            return None
        self.cache[key] = written
        return written


def schedule_ttgir(text: str, cap: int, passes: str | None = None) -> tuple[str | None, str]:
    """twillc's schedule of a TTGIR before software pipelining, written back
    (`twillc k.ttgir -o k.ttgir`): (the TTGIR, '') or (None, twillc's error)."""
    from twillc.driver import main

    target = {90: "h100", 100: "b200"}[cap // 10 * 10]
    with tempfile.TemporaryDirectory(prefix="twillc-triton-") as tmp:
        src, dst = os.path.join(tmp, "kernel.ttgir"), os.path.join(tmp, "kernel.out.ttgir")
        with open(src, "w") as f:
            f.write(text)
        argv = [src, "--target", target, "-o", dst]
        if passes:
            argv += ["--passes", passes]
        out, err = io.StringIO(), io.StringIO()
        if main(argv, stdout=out, stderr=err) != 0:
            return None, err.getvalue().strip().splitlines()[0] if err.getvalue().strip() else "twillc failed"
        with open(dst) as f:
            return f.read(), ""


def stages_only(ttgir: str) -> str:
    """A written-back TTGIR without its partitions (`ttg.partition*`,
    `tt.warp_specialize`): twillc's stages and clusters alone, what
    `twillc.triton` falls back to where Triton 3.9 fails on the partitions."""
    import re

    text = re.sub(r",? ?ttg\.partition\.(?:outputs|stages) = \[[^\]]*\]", "", ttgir)
    text = re.sub(r",? ?ttg\.partition = array<i32[^>]*>", "", text)
    text = re.sub(r",? ?ttg\.warp_specialize\.tag = \d+ : i32", "", text)
    text = re.sub(r",? ?\btt\.warp_specialize\b(?![.(])", "", text)
    return text.replace("{, ", "{").replace(" {}", "")


def _parse(text: str, context: Any) -> Any:
    from triton._C.libtriton import ir

    with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
        f.write(text)
    try:
        mod = ir.parse_mlir_module(f.name, context)
    finally:
        os.unlink(f.name)
    mod.context = context
    return mod


def add_tail_passes(pm, cap: int, opts) -> None:
    """The rest of Triton 3.9's `make_ttgir` after `tritongpu-schedule-loops`,
    in order: what turns a TTGIR whose loop carries `loop.stage` /
    `loop.cluster` (and, on sm_100, `ttg.partition`) into Triton's final TTGIR.
    twillc's write-back takes the place of `assign-latencies` and
    `schedule-loops`, which compute those attributes and would overwrite them."""
    from triton._C.libtriton import nvidia, passes

    if cap // 10 in (8, 9):
        passes.ttgpuir.add_pipeline(pm, opts.num_stages, False)
    elif cap // 10 >= 10:
        passes.ttgpuir.add_warp_specialize(pm, opts.num_stages)
        passes.ttgpuir.add_pipeline(pm, opts.num_stages, False)
        passes.ttgpuir.add_optimize_partition_warps(pm)
        passes.ttgpuir.add_combine_tensor_select_and_if(pm)
        passes.ttgpuir.add_hoist_tmem_alloc(pm, True)
        nvidia.passes.ttnvgpuir.add_remove_tmem_tokens(pm)
    passes.common.add_canonicalizer(pm)
    passes.ttir.add_loop_aware_cse(pm)
    if cap // 10 == 8:
        passes.ttgpuir.add_prefetch(pm)
    passes.ttgpuir.add_optimize_dot_operands(pm, cap >= 80)
    passes.ttgpuir.add_coalesce_async_copy(pm)
    nvidia.passes.ttnvgpuir.add_optimize_tmem_layouts(pm)
    nvidia.passes.ttnvgpuir.add_tmem_load_reduce(pm)
    if cap // 10 >= 9:
        nvidia.passes.ttnvgpuir.add_tma_lowering(pm)
    if cap // 10 >= 10:
        nvidia.passes.ttnvgpuir.add_lower_clc(pm)
    passes.ttgpuir.add_remove_layout_conversions(pm)
    nvidia.passes.ttnvgpuir.add_interleave_tmem(pm)
    passes.ttgpuir.add_reduce_data_duplication(pm)
    passes.ttgpuir.add_reorder_instructions(pm)
    passes.ttir.add_loop_aware_cse(pm)
    passes.common.add_symbol_dce(pm)
    nvidia.passes.ttnvgpuir.add_fence_insertion(pm, cap)
    nvidia.passes.ttnvgpuir.add_lower_mma(pm)
    nvidia.passes.ttnvgpuir.add_hoist_mbarrier_lifecycle(pm, cap)
    passes.common.add_sccp(pm)
    passes.common.add_cse(pm)
    passes.common.add_canonicalizer(pm)


_installed: _Hook | None = None


def install(passes: str | None = None) -> None:
    """Compile every Triton kernel from now on with twillc's schedule of its
    innermost loop (`passes`: a twillc pass pipeline, default: twillc's)."""
    global _installed
    from triton import knobs

    from twillc.frontend.triton_module import require_triton

    require_triton("twillc.triton")
    _installed = _Hook(passes)
    knobs.runtime.add_stages_inspection_hook = _installed


def uninstall() -> None:
    """Back to Triton's own schedule."""
    global _installed
    from triton import knobs

    if knobs.runtime.add_stages_inspection_hook is _installed:
        knobs.runtime.add_stages_inspection_hook = None
    _installed = None


def _tail_ttgir(path: str, target: str, num_warps: int | None, num_stages: int, triton_schedule: bool) -> tuple:
    """(Triton's final TTGIR of a written-back `.ttgir`, the GPU target)."""
    from triton._C.libtriton import ir
    from triton.backends.compiler import GPUTarget
    from triton.compiler import make_backend

    cap = CAPABILITIES[target]
    gpu = GPUTarget("cuda", cap, 32)
    backend = make_backend(gpu)
    ctx = ir.context()
    ir.load_dialects(ctx)
    backend.load_dialects(ctx)
    mod = ir.parse_mlir_module(path, ctx)
    mod.context = ctx
    warps = num_warps or int(mod.get_int_attr("ttg.num-warps"))
    opts = backend.parse_options({"num_warps": warps, "num_stages": num_stages})
    pm = ir.pass_manager(ctx)
    pm.enable_debug()
    if triton_schedule:
        from triton._C.libtriton import passes

        passes.ttgpuir.add_assign_latencies(pm, num_stages)
        passes.ttgpuir.add_schedule_loops(pm)
    add_tail_passes(pm, cap, opts)
    pm.run(mod, "make_ttgir")
    return mod.str(), gpu


def compile_writeback(
    path: str, target: str, num_warps: int | None = None, num_stages: int = 3, triton_schedule: bool = False
) -> Any:
    """A written-back `.ttgir` (`twillc ... -o k.ttgir`) compiled to a cubin by
    Triton 3.9 for `target` (h100 / b200), no GPU needed: the passes after
    `schedule-loops`, then `triton.compile` from the TTGIR. Returns
    (the CompiledKernel, the TTGIR after Triton's passes). `triton_schedule`:
    Triton's own `assign-latencies` and `schedule-loops` first (they overwrite
    twillc's `loop.stage` / `loop.cluster`): the same kernel, Triton's schedule."""
    import triton

    after, gpu = _tail_ttgir(path, target, num_warps, num_stages, triton_schedule)
    with tempfile.TemporaryDirectory(prefix="twillc-triton-") as tmp:
        out = os.path.join(tmp, "kernel.ttgir")
        with open(out, "w") as f:
            f.write(after)
        kernel = triton.compile(out, target=gpu, options={"num_stages": num_stages})
    return kernel, after


# What each op twillc places in a partition becomes in Triton's final TTGIR
# (the anchors `check_writeback` finds in the `ttg.warp_specialize` regions).
_ANCHORS = {
    "ttng.tc_gen5_mma": ("ttng.tc_gen5_mma",),
    "ttng.tc_gen5_mma_scaled": ("ttng.tc_gen5_mma_scaled",),
    "tt.descriptor_load": ("ttng.async_tma_copy_global_to_local",),
    "tt.descriptor_store": ("ttng.async_tma_copy_local_to_global",),
    "tt.load": ("tt.load", "ttg.async_copy_global_to_local"),
    "tt.store": ("tt.store",),
    "tt.reduce": ('"tt.reduce"', "tt.reduce"),
    "math.exp2": ("math.exp2",),
    "math.exp": ("math.exp",),
    "math.log": ("math.log",),
    "math.sqrt": ("math.sqrt",),
    "math.rsqrt": ("math.rsqrt",),
}


@dataclass
class WritebackCheck:
    """What Triton 3.9 made of a written-back `.ttgir` (`check_writeback`)."""

    target: str
    compiles: bool
    error: str = ""
    """Triton's first error line where it did not compile."""
    stages: int = 1
    """twillc's stages (`tt.scheduled_max_stage` + 1; a kernel with several
    loops: its loops' most)."""
    stages_kept: bool = False
    """Triton's pipeliner lowered twillc's stages: with partitions, each
    partition's loop keeps twillc's last stage after Triton's warp
    specialization; without, the final TTGIR differs from the one twillc's
    loop gives with every op in stage 0 (trivially true for one stage)."""
    partitions: int = 0
    """twillc's partitions written (`ttg.partition` of the loop; 0: stages only)."""
    regions: int = 0
    """Regions of the `ttg.warp_specialize` Triton built (default and partitions)."""
    partitions_kept: bool = False
    """Each region holds the ops twillc wrote in that partition (MMAs, loads,
    stores, reductions, exponentials: `_ANCHORS`) and no other partition's."""
    stages_only_compiles: bool = False
    """Where the write-back with partitions fails: whether the same TTGIR
    without them (`stages_only`, what `twillc.triton` falls back to) compiles."""
    num_warps: int = 0
    shared: int = 0
    """Bytes of shared memory the kernel takes (Triton compiles a kernel over
    the limit; its launch fails)."""

    @property
    def fits(self) -> bool:
        """Within the shared memory a block may use on H100 and B200."""
        return self.shared <= SHARED_MEMORY_LIMIT

    def summary(self) -> str:
        """One line: what compiled and what Triton kept."""
        if not self.compiles:
            fallback = "; twillc's stages without its partitions compile" if self.stages_only_compiles else ""
            return f"fails: {self.error}{fallback}"
        stages = f"{self.stages} stages {'kept' if self.stages_kept else 'NOT kept'}"
        if not self.fits:
            stages += f", {self.shared:,} B of shared memory (over {SHARED_MEMORY_LIMIT:,})"
        if not self.partitions:
            why = "Triton 3.9 takes none on sm_90" if self.target == "h100" else "one warp group"
            return f"cubin, {stages}, no partitions ({why})"
        kept = "kept" if self.partitions_kept else "NOT kept"
        return f"cubin, {stages}, {self.partitions} partitions {kept} ({self.regions} regions, {self.num_warps} warps)"


def ws_regions(ttgir: str) -> list[str]:
    """The text of each region of the kernel's `ttg.warp_specialize`s (one a
    warp-specialized loop, in the kernel's order), each in Triton's partition
    order: default, partition0, partition1, ..."""
    return [r for regions in _ws_ops_regions(ttgir) for r in regions]


def _ws_ops_regions(ttgir: str) -> list[list[str]]:
    """Each `ttg.warp_specialize` of the kernel: the text of its regions."""
    import re

    starts = [m.start() for m in re.finditer(r"ttg\.warp_specialize\(", ttgir)]
    ends = [*starts[1:], len(ttgir)][: len(starts)]
    return [_regions_from(ttgir, at, end) for at, end in zip(starts, ends, strict=True)]


def _regions_from(ttgir: str, at: int, end: int) -> list[str]:
    import re

    out = []
    for m in re.finditer(r"\n\s*(default \{|partition\d+\(.*\{)\s*\n", ttgir[at:end]):
        opening = at + m.end(1) - 1
        depth = 0
        for i in range(opening, len(ttgir)):
            depth += {"{": 1, "}": -1}.get(ttgir[i], 0)
            if depth == 0:
                out.append(ttgir[at + m.start(1) : i + 1])
                break
    return out


def _tensor_anchor(kind: str, line: str) -> bool:
    """Whether an anchor op's line counts: a pointer load or store of a
    tensor, any other anchor. A scalar one (`tt.load` of a `!tt.ptr<f32>`,
    which Triton's pipeliner copies as a `tensor<1x!tt.ptr<f32>>`) is not a
    tile's and is not counted on either side."""
    return kind not in ("tt.load", "tt.store") or (" tensor<" in line and "tensor<1x!tt.ptr" not in line)


def _ws_loops(text: str) -> list[tuple[list[int], str]]:
    """Each loop of a written-back TTGIR with twillc's partitions, in the
    kernel's order: (its partition ids, the text of its body)."""
    import re

    out = []
    after = 0
    for m in re.finditer(r"^( *)\} \{[^\n]*tt\.scheduled_max_stage[^\n]*", text, re.M):
        # the loop's header: the last line before its `}` with the same indentation holding an scf.for
        header = re.compile(rf"^{m.group(1)}(?:%[^\n]*= )?scf\.for ", re.M)
        heads = [h.start() for h in header.finditer(text[after : m.start()])]
        body = text[after + heads[-1] if heads else after : m.start()]
        after = m.end()
        ids = re.search(r"ttg\.partition = array<i32: ([\d, ]+)>", m.group(0))
        if ids and "tt.warp_specialize" in m.group(0):
            out.append(([int(i) for i in ids.group(1).split(",")], body))
    return out


def _anchors_written(loop: str) -> dict[str, set[int]]:
    """Anchor op -> the partitions twillc wrote it in (ops in one partition),
    in the body `loop` of a loop."""
    import re

    out: dict[str, set[int]] = {}
    for line in loop.splitlines():
        m = re.search(r"(?:= |^\s*)\"?([a-z_]+\.[a-z_0-9.]+)\"?[ (]", line)
        p = re.search(r"ttg\.partition = array<i32: (\d+)>", line)
        if m and p and m.group(1) in _ANCHORS:
            if _tensor_anchor(m.group(1), line):
                out.setdefault(m.group(1), set()).add(int(p.group(1)))
    reduces = re.findall(r'"tt\.reduce"[\s\S]*?\}\) \{[^}]*?ttg\.partition = array<i32: (\d+)>', loop)
    if reduces:
        out["tt.reduce"] = {int(r) for r in reduces}
    return out


def check_writeback(path: str, target: str, num_stages: int = 3) -> WritebackCheck:
    """Compile a written-back `.ttgir` with Triton 3.9 (`compile_writeback`)
    and say what Triton kept of twillc's schedule: the cubin, twillc's stages,
    and on sm_100 whether its `ttg.warp_specialize` has twillc's partitions,
    each region holding the ops twillc wrote in that partition."""
    import re

    with open(path) as f:
        text = f.read()
    lasts = {int(n) for n in re.findall(r"tt\.scheduled_max_stage = (\d+)", text)}  # each loop's last stage
    loops = _ws_loops(text)  # each warp-specialized loop: its partitions, its body
    check = WritebackCheck(target, False)
    check.stages = max(lasts, default=0) + 1
    check.partitions = max((len(ids) for ids, _ in loops), default=0)
    try:
        kernel, after = _stderr_kept(lambda: compile_writeback(path, target, num_stages=num_stages))
    except _TritonFailed as e:
        check.error = _first_error(e.diagnostics)
        if check.partitions:
            with tempfile.TemporaryDirectory(prefix="twillc-triton-") as tmp:
                plain = os.path.join(tmp, "kernel.ttgir")
                with open(plain, "w") as f:
                    f.write(stages_only(text))
                try:
                    kernel, _ = _stderr_kept(lambda: compile_writeback(plain, target, num_stages=num_stages))
                    check.stages_only_compiles = bool(kernel.asm.get("cubin"))
                except _TritonFailed:
                    pass
        return check
    check.compiles = bool(kernel.asm.get("cubin"))
    check.num_warps, check.shared = int(kernel.metadata.num_warps), int(kernel.metadata.shared)
    each = _ws_ops_regions(after)
    check.regions = max((len(regions) for regions in each), default=0)
    if check.partitions:
        # Each warp-specialized loop, in order, against the `ttg.warp_specialize` Triton built of it.
        check.partitions_kept = len(each) == len(loops)
        for (ids, body), regions in zip(loops, each, strict=False):
            written = _anchors_written(body)
            built = {
                kind: {
                    i
                    for i, r in enumerate(regions)
                    for line in r.splitlines()
                    if _tensor_anchor(kind, line)
                    and any(re.search(rf"(= |^\s*){re.escape(a)}\b", line) for a in _ANCHORS[kind])
                }
                for kind in written
            }
            # Triton builds a region for each partition number up to the last (the
            # default one too where twillc leaves 0 unused: an MMA is never 0).
            check.partitions_kept &= len(regions) == max(ids) + 1 and built == written
        stages = _partition_stages(path, target, num_stages)
        check.stages_kept = bool(stages) and set(stages) == lasts
    else:
        check.stages_kept = check.stages == 1 or _stage_zero_ttgir(text, target, num_stages) != after
    return check


class _TritonFailed(Exception):
    def __init__(self, diagnostics: str) -> None:
        super().__init__(diagnostics)
        self.diagnostics = diagnostics


def _stderr_kept(step: Callable[[], Any]) -> Any:
    """Run `step` with the process's stdout and stderr (where Triton's C++
    passes and ptxas write why they fail) captured: its result, or
    `_TritonFailed` with what was written and the exception's own message."""
    import sys

    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with tempfile.TemporaryFile() as capture:
        os.dup2(capture.fileno(), 1)
        os.dup2(capture.fileno(), 2)
        try:
            return step()
        except Exception as e:  # noqa: BLE001 - Triton failed: what it wrote is the finding
            sys.stdout.flush()
            capture.seek(0)
            raise _TritonFailed(capture.read().decode("utf-8", "replace") + "\n" + str(e)) from None
        finally:
            for fd, old in zip((1, 2), saved, strict=True):
                os.dup2(old, fd)
                os.close(old)


def _first_error(message: str) -> str:
    """The line that says why: an assertion, an unreachable, a fatal ptxas
    error, else the first `error:` (its message), else the last line."""
    lines = [ln.strip() for ln in message.splitlines() if ln.strip()]
    for keys in (("Assertion", "UNREACHABLE", "LLVM ERROR", "fatal"), ("error:",)):
        for ln in lines:
            if any(k in ln for k in keys):
                text = ln.split("error: ", 1)[-1] if "error: " in ln else ln
                if "Assertion" in text:
                    text = text[text.index("Assertion") :]
                return text[:200]
    return (lines[-1] if lines else "failed")[:200]


def _partition_stages(path: str, target: str, num_stages: int) -> list[int]:
    """After Triton's warp specialization alone: each loop's last stage."""
    import re

    from triton._C.libtriton import ir, passes
    from triton.backends.compiler import GPUTarget
    from triton.compiler import make_backend

    ctx = ir.context()
    ir.load_dialects(ctx)
    make_backend(GPUTarget("cuda", CAPABILITIES[target], 32)).load_dialects(ctx)
    mod = ir.parse_mlir_module(path, ctx)
    pm = ir.pass_manager(ctx)
    passes.ttgpuir.add_warp_specialize(pm, num_stages)
    pm.run(mod, "warp-specialize")
    return [int(s) for s in re.findall(r"tt\.scheduled_max_stage = (\d+)", mod.str())]


def _stage_zero_ttgir(text: str, target: str, num_stages: int) -> str:
    """Triton's final TTGIR of the same loop with every op in stage 0, cluster 0."""
    import re

    flat = re.sub(r"(loop\.stage|loop\.cluster|tt\.scheduled_max_stage) = \d+ : i32", r"\1 = 0 : i32", text)
    with tempfile.TemporaryDirectory(prefix="twillc-triton-") as tmp:
        path = os.path.join(tmp, "kernel.ttgir")
        with open(path, "w") as f:
            f.write(flat)
        return _tail_ttgir(path, target, None, num_stages, False)[0]
