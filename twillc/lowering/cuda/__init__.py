"""CUDA C++ and PTX output (`-o k.cu`, `-o k.ptx`)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp

from twillc.dialects import tile
from twillc.transforms.common import located_error, module_machine
from twillc.transforms.ir_graph import find_loop


def emit_cuda(module: ModuleOp, source: str, notes: list[str] | None = None, holes: str = "refuse") -> str:
    """The kernel and host launcher for the module's target architecture,
    from its warp-specialized loop (`twillc.lowering.warp_program`) and its memory
    plan (`plan-memory`): a loop whose plan releases slots one iteration
    late (sm_90a's GEMM class) by the GEMM printer (twillc/lowering/cuda/sm90.py),
    every other loop (a GEMM with a scalar argument or a mask split included) by the
    general emitter. A form it does not generate is a located error
    (`holes="refuse"`, the default); asked for explicitly, a hole appended
    to `notes` that traps at run time (`"trap"`) or is left empty
    (`"skeleton"`). The code ends with its signature for
    `twillc.runtime` (`twillc.lowering.cuda.signature`)."""
    from twillc.lowering.cuda.kernel_plan import plan_sm90
    from twillc.lowering.cuda.names import mangle_arguments, unmangle_signature
    from twillc.lowering.cuda.preconditions import check_emittable
    from twillc.lowering.cuda.signature import kernel_signature, signature_source
    from twillc.lowering.cuda.skeleton import emit_skeleton
    from twillc.lowering.cuda.sm90 import emit_sm90
    from twillc.lowering.warp_program import read_warp_program
    from twillc.transforms.loop_segments import segments
    from twillc.transforms.nest_attr import CONSUMERS, EPILOGUE_WG, HOLDER, nest_epilogue

    module = module.clone()  # its arguments under C++ names (`twillc.lowering.cuda.names`)
    back = mangle_arguments(module)
    persistent = next((op for op in module.walk() if isinstance(op, tile.PersistentOp)), None)
    parts = segments(module)
    if parts and persistent is not None:
        raise located_error(
            persistent,
            "CUDA emission: a persistent tile loop around several main loops is not generated "
            "(write it without 'tiles(...) persistent': one CTA per tile)",
        )
    if parts:  # several loops: one kernel running them in order (twillc.lowering.cuda.segments)
        from twillc.lowering.cuda.segments import emit_segments

        code = emit_segments(module, parts, source, holes)
        signature = kernel_signature(module, code, module_machine(module).target.name)
        return code + signature_source(unmangle_signature(signature, back))
    program = read_warp_program(module)
    if program.plan is None:
        raise located_error(program.ws, "code generation reads the memory plan: run plan-memory first")
    check_emittable(program, module, holes)
    nest = persistent.attributes.get("twill.nest") if persistent is not None else None
    # where nest-schedule put each tile's epilogue (where it does not say: sm_100a's epilogue warp group)
    epilogue = nest_epilogue(nest, EPILOGUE_WG if module_machine(module).target.has_tensor_memory else CONSUMERS)
    if program.plan.deferred_release:  # plan-memory's choice: the GEMM class's printer
        code = emit_sm90(plan_sm90(program, module), source)
    elif persistent is not None and epilogue == EPILOGUE_WG:
        from twillc.lowering.cuda.tcgen05_persistent import emit_tcgen05_persistent, plan_tcgen05_persistent

        code = emit_tcgen05_persistent(plan_tcgen05_persistent(program, module), source)
    elif persistent is not None and epilogue in (CONSUMERS, HOLDER):
        # the general warp program in the tile loop (twillc.lowering.cuda.tile_loop): each consumer its epilogue
        # (sm_90a), or the role holding the result in tensor memory (sm_100a attention)
        code, left = emit_skeleton(program, module, source, holes)
        if notes is not None:
            notes += left
    elif persistent is not None:
        raise located_error(
            persistent,
            "CUDA emission: a persistent tile loop is generated for the sm_90a GEMM class (TMA loads feeding wgmma, "
            f"accumulators stored after the loop); not yet for this kernel on {module_machine(module).target.name} "
            "(write it without 'tiles(...) persistent': one CTA per tile)",
        )
    else:
        code, left = emit_skeleton(program, module, source, holes)
        if notes is not None:
            notes += left
    signature = kernel_signature(module, code, module_machine(module).target.name)
    return code + signature_source(unmangle_signature(signature, back))


def emit_ptx(module: ModuleOp, code: str) -> str:
    """PTX of the generated kernel: nvcc -ptx on the CUDA source (the PTX is
    what nvcc itself lowers the inline-asm idioms to)."""
    machine = module_machine(module)
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        raise located_error(find_loop(module), "PTX output needs nvcc on PATH (the .cu output does not)")
    with tempfile.TemporaryDirectory() as tmp:
        cu, ptx = Path(tmp) / "kernel.cu", Path(tmp) / "kernel.ptx"
        cu.write_text(code)
        cmd = [nvcc, *machine.target.nvcc_flags, "-ptx", str(cu), "-o", str(ptx)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            raise located_error(find_loop(module), f"nvcc failed on the generated kernel:\n{proc.stderr.strip()}")
        return ptx.read_text()


def emit_shared_library(module: ModuleOp, code: str) -> bytes:
    """The kernel built into a shared library (`-o k.so`): nvcc on the CUDA
    source, which ends with its signature, for `twillc.runtime.load`."""
    from twillc.runtime.build import NvccError, build_shared

    machine = module_machine(module)
    with tempfile.TemporaryDirectory(prefix="twillc-so-") as tmp:
        cu, so = Path(tmp) / "kernel.cu", Path(tmp) / "kernel.so"
        cu.write_text(code)
        try:
            build_shared(cu, so, machine.target.nvcc_flags)
        except NvccError as e:
            raise located_error(find_loop(module), f"the .so output: {str(e).replace(tmp + '/', '')}") from None
        return so.read_bytes()
