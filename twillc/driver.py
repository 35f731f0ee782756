"""The `twillc` command line.

    twillc INPUT [-o OUT]... [--passes PIPELINE] [--target T] [--emit KIND]
    twillc tune INPUT [options]      (tile-shape search: twillc tune --help)

INPUT is a `.tile` kernel, twillc's own `.mlir`, `-` (MLIR on stdin), a
modulo-scheduling instance (`.graphml` with `--resources _RM.xml`) or a
GS-Schedule graph (`.gml`). Exit status: 0 success, 1 an error in the input
or options (`file:line:col: error: ...`), 2 bad usage, 3 an internal error.
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
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from twillc.diagnostics import InternalError, Location, UsageError, UserError

EMIT_KINDS = ("mlir", "json", "txt", "svg", "cu", "ptx")
EXTENSIONS = {".mlir": "mlir", ".json": "json", ".txt": "txt", ".svg": "svg", ".cu": "cu", ".ptx": "ptx"}


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    p = _ArgumentParser(
        prog="twillc",
        description="Optimal software pipelining and warp specialization for tile-level GPU loops. "
        "'twillc tune INPUT' searches tile shapes (see twillc tune --help).",
        epilog="Outputs: each -o FILE has the kind of its extension; --emit KIND writes KIND on stdout "
        "(as does -o -); with neither, mlir on stdout. One -o with an unknown extension takes --emit's kind. "
        "With no --passes, IR output alone runs no pass and every other output runs the default pipeline "
        "(annotate-costs,cost-normalize,modulo-schedule,joint-schedule,verify-schedule) once for all "
        "outputs (IR output beside others is then the scheduled IR). The scheduled IR is cached "
        "(--cache-dir, else $TWILLC_CACHE_DIR, else $XDG_CACHE_HOME/twillc; --no-cache or "
        "TWILLC_NO_CACHE=1 to turn it off) and re-checked by verify-schedule when read back.",
    )
    p.add_argument("input", nargs="?", help="a .tile, .mlir, .graphml or .gml file, or - for MLIR on stdin")
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
        "--cuda-holes",
        choices=("trap", "skeleton"),
        default="trap",
        help="what the body of a TWILLC-HOLE device function (tile math not generated yet, sm_100a) does: "
        "trap (default: __trap() at run time, the kernel never computes garbage) or skeleton (left empty, to fill in)",
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
        outputs.append((path, EXTENSIONS[ext]))
    if args.emit or "-" in named or not files:
        outputs.append((None, args.emit or "mlir"))
    return outputs


def _read_input(path: str, source: dict[str, str]) -> str:
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as e:
        raise UserError(Location(path, 0, 0), f"cannot read input: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        head = data[: e.start]
        line = head.count(b"\n") + 1
        col = len(head) - (head.rfind(b"\n") + 1) + 1
        raise UserError(Location(path, line, col), f"invalid UTF-8 byte 0x{data[e.start]:02x}") from None
    source[path] = text
    return text


def _compile(args: argparse.Namespace, source: dict[str, str], err: IO[str]) -> list[tuple[str | None, str]]:
    """Each output's (file or None, text), from one run of the pipeline."""
    outputs = _outputs(args)
    kinds = list(dict.fromkeys(kind for _, kind in outputs))
    ext = Path(args.input).suffix if args.input != "-" else ".mlir"
    if ext in (".graphml", ".gml"):
        from twillc.cli.graph_job import run_graph_job

        if len(outputs) > 1:
            raise UsageError("a graph input writes one output")
        args.output = outputs[0][0]
        return [(outputs[0][0], run_graph_job(args, kinds[0], err))]
    if args.resources:
        raise UsageError("--resources applies to .graphml inputs only")
    if ext not in (".tile", ".mlir"):
        raise UsageError(f"unknown input kind '{ext or args.input}' (expected .tile, .mlir, .graphml, .gml or -)")
    text = _read_input(args.input, source)
    module = _parse(text, args.input, ext)
    if args.target:
        from xdsl.dialects.builtin import StringAttr

        from twillc.target.machine import load_machine

        load_machine(args.target, Location("--target", 0, 0))
        module.attributes["twill.target"] = StringAttr(args.target)
    texts: dict[str, str] = {}
    if args.passes is not None or kinds == ["mlir"]:
        _run_passes(module, args.passes or "", args, err)
    else:
        from twillc.cli.passes import default_pipeline

        module = _schedule(module, default_pipeline(module, "json"), text, args, source, err)
        lowered = [k for k in kinds if k in ("cu", "ptx")]
        for kind in kinds:  # the scheduled module's outputs before lowering changes it
            if kind not in lowered:
                texts[kind] = _emit(module, kind, args, err)
        if lowered:  # the rest of the pipeline: the schedule was just verified
            rest = [p for p in default_pipeline(module, "cu").split(",") if p and p != "verify-schedule"]
            _run_passes(module, ",".join(rest), args, err)
    for kind in kinds:
        if kind not in texts:
            texts[kind] = _emit(module, kind, args, err)
    return [(path, texts[kind]) for path, kind in outputs]


SEARCH_PASSES = ("modulo-schedule", "joint-schedule", "gaus-schedule")


def _schedule(module, spec: str, text: str, args: argparse.Namespace, source: dict[str, str], err: IO[str]):
    """The module after the scheduling pipeline `spec`: read from the cache
    when it holds this search (and re-checked by verify-schedule), else run
    and stored. Returns the scheduled module (-> ModuleOp)."""
    from twillc.cli import cache

    searches = any(p.split("{")[0].strip() in SEARCH_PASSES for p in spec.split(","))
    if not searches or cache.cache_disabled(args.no_cache) or args.print_ir_after_all:
        _run_passes(module, spec, args, err)
        return module
    from twillc.cli.passes import default_pipeline

    directory = cache.cache_dir(args.cache_dir)
    key = cache.cache_key(text.encode("utf-8"), args.input, args.target, spec)
    entry = cache.read_entry(directory, key)
    if entry is not None:
        where = str(directory / f"{key}.mlir")
        try:
            cached = _parse(entry, where, ".mlir")
        except UserError:
            cached = None  # unreadable: searched again and replaced below
        if cached is not None:
            source[where] = entry
            if args.timing:
                print(f"twillc: schedule read from the cache ({where})", file=err)
            try:
                _run_passes(cached, default_pipeline(cached, "json"), args, err)  # verify-schedule
                return cached
            except (UserError, InternalError) as e:  # a damaged entry: searched again, never trusted
                why = " ".join((e.message if isinstance(e, UserError) else str(e)).split())
                print(f"twillc: warning: cached schedule {where} rejected ({why}); searching again", file=err)
    _run_passes(module, spec, args, err)
    cache.write_entry(directory, key, _print_module(module, debuginfo=True, generic=False))
    return module


def _print_module(module, debuginfo: bool, generic: bool) -> str:
    import io

    from xdsl.printer import Printer

    buf = io.StringIO()
    Printer(stream=buf, print_debuginfo=debuginfo, print_generic_format=generic).print_op(module)
    return buf.getvalue() + "\n"


def _parse(text: str, filename: str, ext: str):  # -> ModuleOp
    if ext == ".tile":
        from twillc.frontend import parse_tile

        return parse_tile(text, filename)
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.parser import Parser
    from xdsl.utils.exceptions import ParseError, VerifyException

    from twillc.ir.context import make_context
    from twillc.ir.verify import locate_ops, verify_located

    parser = Parser(make_context(), text, filename)
    try:
        module = parser.parse_module()
    except ParseError as e:
        where = e.span.get_location()
        raise UserError(Location(filename, where.line, where.col), e.msg.strip(), text) from None
    except VerifyException as e:  # an attribute or type rejected while parsing
        where = parser._current_token.span.get_location()
        raise UserError(Location(filename, where.line, where.col), str(e), text) from None
    locate_ops(module, text, filename)
    if not isinstance(module, ModuleOp):
        raise UserError(Location(filename, 1, 1), "expected a builtin.module", text)
    verify_located(module)
    return module


def _run_passes(module, spec: str, args: argparse.Namespace, err: IO[str]) -> None:
    if not spec.strip():
        return
    from xdsl.passes import PassPipeline
    from xdsl.printer import Printer

    from twillc.cli.passes import get_all_passes
    from twillc.ir.context import make_context
    from twillc.ir.verify import verify_located

    try:
        pipeline = PassPipeline.parse_spec(get_all_passes(), spec)
    except Exception as e:  # ArgSpecParseError, ValueError: both are usage errors
        raise UsageError(f"invalid pass pipeline '{spec}': {str(e).strip()}") from None
    ctx = make_context()
    for p in pipeline.passes:
        start = time.perf_counter()
        p.apply(ctx, module)
        verify_located(module)
        if args.timing:
            print(f"twillc: {p.name:<18} {time.perf_counter() - start:8.3f} s", file=err)
        if args.print_ir_after_all:
            print(f"// -----// IR after {p.name} //----- //", file=err)
            Printer(stream=err, print_debuginfo=args.print_debuginfo).print_op(module)
            print(file=err)


def _emit(module, kind: str, args: argparse.Namespace, err: IO[str]) -> str:
    if kind == "mlir":
        return _print_module(module, args.print_debuginfo, args.print_op_generic)
    from lowering.targets import emit_scheduled

    notes: list[str] = []
    text = emit_scheduled(module, kind, args.input, notes, args.cuda_holes)
    for note in notes:  # e.g. the holes of a CUDA skeleton
        print(note, file=err)
    return text


def _write_outputs(outputs: list[tuple[str | None, str]], out: IO[str]) -> None:
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
            out.write(text)


if __name__ == "__main__":
    sys.exit(main())
