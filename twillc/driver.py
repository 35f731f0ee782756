"""The `twillc` command line.

    twillc INPUT [-o OUT]... [--passes PIPELINE] [--target T] [--emit KIND]
    twillc tune INPUT [options]      (tile-shape search: twillc tune --help)

INPUT is a `.tile` kernel, twillc's own `.mlir`, `-` (MLIR on stdin), Triton
TTGIR (`.ttgir`) or a `@triton.jit` kernel (`kernel.py::fn --signature ...
--constexpr NAME=VALUE`, twillc[triton]), a modulo-scheduling instance
(`.graphml` with `--resources _RM.xml`), a GS-Schedule graph (`.gml`) or
Meta's modulo DDG (`.json`, schema `ddg-0.1`). Exit status: 0 success, 1
an error in the input or options (`file:line:col: error: ...`), 2 bad
usage, 3 an internal error.
The driver wires passes and emitters; it holds no scheduling logic.

Several outputs from one search: each `-o` names a file whose extension
gives its kind, and `--emit KIND` adds KIND on stdout; the pipeline runs
once and every file is written atomically, all of them only on success.
The scheduled module is cached (twillc/cli/cache.py) so that a later run
asking for another kind does not search again.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING

from twillc.cli.compile import (
    SEARCH_PASSES,
    ArgumentParser,
    parse_module,
    parse_triton_kernel,
    print_module,
    read_input,
    run_passes,
    schedule_cached,
)
from twillc.diagnostics import InternalError, Location, UsageError, UserError

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

    from twillc.cli.ptxas_check import Built

EMIT_KINDS = ("mlir", "json", "txt", "svg", "cu", "ptx", "ttgir", "schedule-graph")
EXTENSIONS = {
    ".mlir": "mlir",
    ".json": "json",
    ".txt": "txt",
    ".svg": "svg",
    ".cu": "cu",
    ".ptx": "ptx",
    ".ttgir": "ttgir",
    ".so": "so",
}
BINARY_KINDS = ("so",)
"""Output kinds that are files only (no --emit, no stdout): the shared library for twillc.runtime."""


def _parser() -> argparse.ArgumentParser:
    p = ArgumentParser(
        prog="twillc",
        description="Optimal software pipelining and warp specialization for tile-level GPU loops. "
        "'twillc tune INPUT' searches tile shapes (see twillc tune --help).",
        epilog="Outputs: each -o FILE has the kind of its extension; --emit KIND writes KIND on stdout "
        "(as does -o -); with neither, mlir on stdout. -o k.so builds the kernel's CUDA with nvcc into a shared "
        "library for twillc.runtime.load (a file only). One -o with an unknown extension takes --emit's kind. "
        "With no --passes, IR output alone runs no pass and every other output runs the default pipeline "
        "variant-search (the kernel as written and sub-tiled, each through annotate-costs,cost-normalize,"
        "modulo-schedule,joint-schedule,verify-schedule; 30 s in all) once for all outputs "
        "(IR output beside others is then the scheduled IR). The scheduled IR is cached "
        "(--cache-dir, else $TWILLC_CACHE_DIR, else $XDG_CACHE_HOME/twillc; --no-cache or "
        "TWILLC_NO_CACHE=1 to turn it off) and re-checked by verify-schedule when read back.",
    )
    p.add_argument("input", nargs="?", help="a .tile, .mlir, .graphml, .gml or ddg .json file, or - for MLIR on stdin")
    p.add_argument(
        "-o",
        "--output",
        action="append",
        help="write here (atomically, only on success) instead of stdout; repeat for several outputs of one search",
    )
    p.add_argument("-p", "--passes", help="pass pipeline, e.g. 'cost-normalize,modulo-schedule{time-limit=10}'")
    p.add_argument("--target", help="machine model: h100, b200 or a path to a .toml (overrides the file's)")
    p.add_argument("--emit", choices=EMIT_KINDS, help="output kind")
    p.add_argument("--resources", help="resource model (_RM.xml) for a .graphml input")
    p.add_argument(
        "--signature",
        help="a Triton input's argument types: '*fp16,*fp16,i32,...' (non-constexpr ones, in order) or 'a=*fp16,...'",
    )
    p.add_argument("--constexpr", action="append", default=[], help="a Triton input's constexpr: NAME=VALUE (repeat)")
    p.add_argument("--num-warps", type=int, default=4, help="a Triton input's num_warps (default 4)")
    p.add_argument(
        "--cuda-holes",
        choices=("refuse", "trap", "skeleton"),
        default="refuse",
        help="a form not generated on sm_100a: refuse (default: a located error, no output), or, asked for "
        "explicitly, a TWILLC-HOLE device function that traps at run time (trap) or is left empty (skeleton)",
    )
    p.add_argument(
        "--no-ptxas-check",
        action="store_true",
        help="with -o k.cu or k.ptx, do not compile the kernel with ptxas to check that no role spills "
        "(by default, where nvcc is installed, a spill or a C7508/C7510/C7511 warning tightens that role's "
        "register budget in the model, twill.reg_reserve, and schedules again; also TWILLC_NO_PTXAS_CHECK=1)",
    )
    p.add_argument("--cache-dir", help="schedule cache folder (default $TWILLC_CACHE_DIR, $XDG_CACHE_HOME/twillc)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the schedule cache")
    p.add_argument("--list-passes", action="store_true", help="list the available passes and exit")
    p.add_argument("--print-ir-after-all", action="store_true", help="print the IR to stderr after each pass")
    p.add_argument("--timing", action="store_true", help="print the wall time of each pass to stderr")
    p.add_argument("--print-debuginfo", action="store_true", help="print op locations as loc(...)")
    p.add_argument("--print-op-generic", action="store_true", help="print IR in the generic op form")
    p.add_argument("--version", action="version", version="twillc 0.1.0 (xdsl 0.74.0)")
    return p


def main(argv: Sequence[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    source: dict[str, str] = {}
    try:
        argv = list(argv) if argv is not None else sys.argv[1:]
        if argv[:1] == ["tune"]:
            from twillc.cli.tune import run_tune

            return run_tune(argv[1:], source, out, err)
        args = _parser().parse_args(argv)
        if args.list_passes:
            _list_passes(out)
            return 0
        if args.input is None:
            raise UsageError("the following arguments are required: input")
        _write_outputs(_compile(args, source, err), out)
        return 0
    except UsageError as e:
        print(f"twillc: error: {e}", file=err)
        print(
            "usage: twillc INPUT [-o OUT] [--passes PIPELINE] [--target T] [--emit KIND] (see --help)",
            file=err,
        )
        return 2
    except UserError as e:
        if e.source is None:
            e.source = source.get(e.loc.filename)
        print(e.render(), file=err)
        return 1
    except InternalError as e:
        print(f"twillc: internal error: {e}", file=err)
        return 3
    except KeyboardInterrupt:
        print("twillc: interrupted", file=err)
        return 130
    except RecursionError:
        print("twillc: error: input nested too deeply", file=err)
        return 1
    except Exception as e:  # noqa: BLE001 - the last line of defence: never a traceback
        if os.environ.get("TWILLC_DEBUG"):
            raise
        print(
            f"twillc: internal error: {type(e).__name__}: {e} (set TWILLC_DEBUG=1 for a traceback)",
            file=err,
        )
        return 3


def _list_passes(out: IO[str]) -> None:
    from twillc.cli.passes import PASS_SUMMARIES, get_all_passes

    for name in sorted(get_all_passes()):
        print(f"  {name:<18} {PASS_SUMMARIES.get(name, '')}", file=out)


def _outputs(args: argparse.Namespace) -> list[tuple[str | None, str]]:
    """(file or None for stdout, kind) of each output asked for."""
    named = args.output or []
    files = [o for o in named if o != "-"]
    if len(files) == 1 and args.emit and Path(files[0]).suffix not in EXTENSIONS and "-" not in named:
        return [(files[0], args.emit)]  # `-o out --emit KIND`: the file in the kind asked
    outputs: list[tuple[str | None, str]] = []
    for path in files:
        ext = Path(path).suffix
        if ext not in EXTENSIONS:
            known = ", ".join(sorted(EXTENSIONS))
            raise UsageError(f"cannot tell the output kind of '{path}' (known: {known}); use --emit")
        if any(path == p for p, _ in outputs):
            raise UsageError(f"'{path}' is named by -o twice")
        # Meta's schedule_graph.json (a ddg.json input's schedule for sched2tlx).
        outputs.append((path, "schedule-graph" if path.endswith("schedule_graph.json") else EXTENSIONS[ext]))
    if args.emit or "-" in named or not files:
        outputs.append((None, args.emit or "mlir"))
    return outputs


def _check_binary(outputs: list[tuple[str | None, str]], ext: str) -> None:
    """A shared library is built from a kernel's CUDA: only from a kernel input."""
    if not any(kind in BINARY_KINDS for _, kind in outputs):
        return
    if ext not in (".tile", ".mlir", ".ttgir", ".py"):
        raise UsageError(f"a shared library (-o k.so) is built from a kernel's CUDA: not from a {ext} input")


def _compile(args: argparse.Namespace, source: dict[str, str], err: IO[str]) -> list[tuple[str | None, str | bytes]]:
    """Each output's (file or None, text), from one run of the pipeline."""
    outputs = _outputs(args)
    kinds = list(dict.fromkeys(kind for _, kind in outputs))
    ext = Path(args.input).suffix if args.input != "-" else ".mlir"
    if "::" in args.input and args.input.split("::")[0].endswith(".py"):
        ext = ".py"
    _check_binary(outputs, ext)
    if ext in (".graphml", ".gml"):
        from twillc.cli.graph_job import run_graph_job

        if len(outputs) > 1:
            raise UsageError("a graph input writes one output")
        args.output = outputs[0][0]
        return [(outputs[0][0], run_graph_job(args, kinds[0], err))]
    if ext == ".json":  # Meta's modulo DDG (schema ddg-0.1)
        from twillc.cli.ddg_job import run_ddg_job

        if len(outputs) > 1:
            raise UsageError("a ddg.json input writes one output")
        return [(outputs[0][0], run_ddg_job(args, kinds[0], err, source))]
    if "schedule-graph" in kinds:
        raise UsageError("schedule-graph output needs a ddg.json input (Meta's schema ddg-0.1)")
    if args.resources:
        raise UsageError("--resources applies to .graphml inputs only")
    if ext not in (".tile", ".mlir", ".ttgir", ".py"):
        raise UsageError(
            f"unknown input kind '{ext or args.input}' (expected .tile, .mlir, .ttgir, FILE.py::FUNCTION, "
            ".graphml, .gml, a ddg .json or -)"
        )
    if ext == ".py":
        module, text = parse_triton_kernel(args, source)
    else:
        text = read_input(args.input, source)
        module = parse_module(text, args.input, ext)
    if args.target:
        from xdsl.dialects.builtin import StringAttr

        from twillc.target.machine import load_machine

        load_machine(args.target, Location("--target", 0, 0))
        module.attributes["twill.target"] = StringAttr(args.target)
    texts: dict[str, str | bytes] = {}
    lowered = [k for k in kinds if k in ("cu", "ptx", "so")]
    check = bool(lowered) and not args.no_ptxas_check and os.environ.get("TWILLC_NO_PTXAS_CHECK", "") in ("", "0")
    pristine = module.clone() if check else None
    if args.passes is not None or kinds == ["mlir"]:
        spec = args.passes or ""

        def build(m: ModuleOp) -> Built:
            run_passes(m, spec, args, err)
            return _lowered(m, m, lowered, args)

        searched = any(p.split("{")[0].strip() in SEARCH_PASSES for p in spec.split(","))
    else:
        from twillc.cli.passes import default_pipeline

        searched = any(p in SEARCH_PASSES for p in default_pipeline(module, "json").split(","))

        def build(m: ModuleOp) -> Built:
            m = schedule_cached(m, default_pipeline(m, "json"), text, args, source, err)
            scheduled = m.clone() if lowered else m  # the schedule's outputs before lowering changes it
            if lowered:  # the rest of the pipeline: the schedule was just verified
                rest = [p for p in default_pipeline(m, "cu").split(",") if p and p != "verify-schedule"]
                run_passes(m, ",".join(rest), args, err)
            return _lowered(scheduled, m, lowered, args)

    built = build(module)
    if check and segments(built.lowered):  # several loops: each loop's kernel checked on its own
        from twillc.cli.ptxas_check import check_segment_registers

        def build_one(m: ModuleOp) -> Built:  # one loop's segment, rescheduled (not the whole kernel's cache entry)
            from twillc.cli.passes import default_pipeline

            run_passes(m, args.passes or default_pipeline(m, "json"), args, err)
            scheduled = m.clone()
            if args.passes is None:
                rest = [p for p in default_pipeline(m, "cu").split(",") if p and p != "verify-schedule"]
                run_passes(m, ",".join(rest), args, err)
            return _lowered(scheduled, m, ["cu"], args)

        def assemble(scheduled: ModuleOp, lowered_module: ModuleOp) -> Built:
            return _lowered(scheduled, lowered_module, lowered, args)

        built = check_segment_registers(pristine if searched else None, built, build_one, assemble, err)
    elif check:
        from twillc.cli.ptxas_check import check_registers

        built = check_registers(pristine if searched else None, built, build, err)
    for note in built.notes:  # e.g. the holes of a CUDA skeleton
        print(note, file=err)
    if lowered:
        texts["cu"] = built.cuda
    for kind in sorted(kinds, key=lambda k: k in ("ptx", "so")):  # PTX and .so from the CUDA emitted once
        if kind not in texts:
            source_module = built.lowered if kind in lowered else built.scheduled
            texts[kind] = _emit(source_module, kind, args, err, built.cuda if lowered else None)
    return [(path, texts[kind]) for path, kind in outputs]


def segments(module: ModuleOp) -> list[ModuleOp]:
    from twillc.transforms.loop_segments import segments as found

    return found(module)


def _lowered(scheduled: ModuleOp, module: ModuleOp, lowered: list[str], args: argparse.Namespace) -> Built:
    """One compile's modules and, when CUDA or PTX is asked for, its CUDA and notes."""
    from twillc.cli.ptxas_check import Built

    if not lowered:
        return Built(scheduled, module, "", ())
    from twillc.lowering.targets import emit_scheduled

    notes: list[str] = []
    code = emit_scheduled(module, "cu", args.input, notes, args.cuda_holes)
    return Built(scheduled, module, code, tuple(notes))


def _emit(module, kind: str, args: argparse.Namespace, err: IO[str], cuda: str | None = None) -> str | bytes:
    """Output `kind` of the module; the PTX and the shared library from
    `cuda` when the CUDA of the same run was already emitted (its hole notes
    printed once)."""
    if kind == "mlir":
        return print_module(module, args.print_debuginfo, args.print_op_generic)
    if kind == "ttgir":
        from twillc.lowering.emit_ttgir import emit_ttgir

        return emit_ttgir(module, args.input)
    if kind == "ptx" and cuda is not None:
        from twillc.lowering.cuda import emit_ptx

        return emit_ptx(module, cuda)
    if kind == "so" and cuda is not None:
        from twillc.lowering.cuda import emit_shared_library

        return emit_shared_library(module, cuda)
    from twillc.lowering.targets import emit_scheduled

    notes: list[str] = []
    text = emit_scheduled(module, kind, args.input, notes, args.cuda_holes)
    for note in notes:  # e.g. the holes of a CUDA skeleton
        print(note, file=err)
    return text


def _write_outputs(outputs: list[tuple[str | None, str | bytes]], out: IO[str]) -> None:
    """Every file written to a temporary beside it first, then all renamed
    into place: none appears unless all could be written; stdout last."""
    umask = os.umask(0)
    os.umask(umask)
    staged: list[tuple[str, str]] = []
    try:
        for path, text in outputs:
            if path is None:
                continue
            target = Path(path)
            try:
                fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
            except OSError as e:
                raise UserError(Location(path, 0, 0), f"cannot write output: {e.strerror or e}") from None
            staged.append((tmp, path))
            try:
                if isinstance(text, bytes):  # a shared library: executable, as the linker makes it
                    with os.fdopen(fd, "wb") as fb:
                        fb.write(text)
                    os.chmod(tmp, 0o777 & ~umask)
                else:
                    with os.fdopen(fd, "w", encoding="utf-8") as f:
                        f.write(text)
                    os.chmod(tmp, 0o666 & ~umask)  # mkstemp creates 0600; outputs are ordinary files
            except OSError as e:
                raise UserError(Location(path, 0, 0), f"cannot write output: {e.strerror or e}") from None
        while staged:
            tmp, path = staged[0]
            try:
                os.replace(tmp, path)
            except OSError as e:
                raise UserError(Location(path, 0, 0), f"cannot write output: {e.strerror or e}") from None
            staged.pop(0)
    finally:
        for tmp, _ in staged:
            if os.path.exists(tmp):
                os.unlink(tmp)
    for path, text in outputs:
        if path is None:
            assert isinstance(text, str)  # binary kinds are files only (_outputs)
            out.write(text)


if __name__ == "__main__":
    sys.exit(main())
