"""The compile steps the command line wires, shared by `twillc` and
`twillc tune`: read an input, parse it, run a pass pipeline, and schedule
through the cache (twillc/cli/cache.py)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import IO

from twillc.diagnostics import InternalError, Location, UsageError, UserError

SEARCH_PASSES = ("variant-search", "modulo-schedule", "joint-schedule", "gaus-schedule")


class ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def read_input(path: str, source: dict[str, str]) -> str:
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


def parse_triton_kernel(args: argparse.Namespace, source: dict[str, str]):  # -> (ModuleOp, str)
    """A `kernel.py::fn` input: its TTGIR before software pipelining (Triton
    3.9), imported; returns the module and the TTGIR text (the cache's key)."""
    from twillc.frontend.triton_module import ttgir_from_python
    from twillc.frontend.ttgir import import_ttgir

    if not args.target:
        raise UsageError("a Triton kernel input needs --target h100 or b200")
    path = args.input.split("::")[0]
    read_input(path, source)
    tm = ttgir_from_python(args.input, args.signature, args.constexpr, args.target, args.num_warps)
    source[tm.filename] = tm.text
    return import_ttgir(tm, args.target), tm.text


def parse_module(text: str, filename: str, ext: str):  # -> ModuleOp
    if ext == ".ttgir":
        from twillc.frontend.triton_module import parse_ttgir
        from twillc.frontend.ttgir import import_ttgir

        return import_ttgir(parse_ttgir(text, filename), None)
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


def run_passes(module, spec: str, args: argparse.Namespace, err: IO[str]) -> None:
    if not spec.strip():
        return
    from xdsl.passes import PassPipeline
    from xdsl.printer import Printer
    from xdsl.utils.exceptions import ArgSpecParseError

    from twillc.cli.passes import get_all_passes
    from twillc.ir.context import make_context
    from twillc.ir.verify import verify_located

    try:
        pipeline = PassPipeline.parse_spec(get_all_passes(), spec)
    except (Exception, ArgSpecParseError) as e:  # both usage errors; ArgSpecParseError is a BaseException
        raise UsageError(f"invalid pass pipeline '{spec}': {str(e).strip()}") from None
    from twillc.scheduling.progress import take_milestones
    from twillc.transforms.loop_segments import needs_split, segments, split_loops

    ctx = make_context()
    if needs_split(module):  # several loops: one single-loop kernel (segment) each, scheduled on its own
        split_loops(module)
    for p in pipeline.passes:
        take_milestones()
        start, since, cpu = time.perf_counter(), time.monotonic(), time.process_time()
        parts = segments(module)
        if parts and p.name != "simulate":  # each segment's loop is scheduled and lowered on its own
            for part in parts:
                p.apply(ctx, part)
        else:
            p.apply(ctx, module)
        verify_located(module)
        if args.timing:
            print(f"twillc: {p.name:<18} {time.perf_counter() - start:8.3f} s", file=err)
            # When the searches inside the pass reached a milestone (a first schedule).
            for m in take_milestones():
                print(f"twillc:   {m.what} at {m.at - since:.3f} s (CPU {m.cpu - cpu:.3f} s)", file=err)
        if args.print_ir_after_all:
            print(f"// -----// IR after {p.name} //----- //", file=err)
            Printer(stream=err, print_debuginfo=args.print_debuginfo).print_op(module)
            print(file=err)


def schedule_cached(module, spec: str, text: str, args: argparse.Namespace, source: dict[str, str], err: IO[str]):
    """The module after the scheduling pipeline `spec`: read from the cache
    when it holds this search (and re-checked by verify-schedule), else run
    and stored. Returns the scheduled module (-> ModuleOp)."""
    from twillc.cli import cache

    searches = any(p.split("{")[0].strip() in SEARCH_PASSES for p in spec.split(","))
    if not searches or cache.cache_disabled(args.no_cache) or args.print_ir_after_all:
        run_passes(module, spec, args, err)
        return module
    from twillc.cli.passes import default_pipeline

    directory = cache.cache_dir(args.cache_dir)
    reserve = module.attributes.get("twill.reg_reserve")  # the register check's decision is part of the search
    key = cache.cache_key(text.encode("utf-8"), args.input, args.target, spec + (f" {reserve}" if reserve else ""))
    entry = cache.read_entry(directory, key)
    if entry is not None:
        where = str(directory / f"{key}.mlir")
        try:
            cached = parse_module(entry, where, ".mlir")
        except UserError:
            cached = None  # unreadable: searched again and replaced below
        if cached is not None:
            source[where] = entry
            if args.timing:
                print(f"twillc: schedule read from the cache ({where})", file=err)
            try:
                run_passes(cached, default_pipeline(cached, "json"), args, err)  # verify-schedule
                return cached
            except (UserError, InternalError) as e:  # a damaged entry: searched again, never trusted
                why = " ".join((e.message if isinstance(e, UserError) else str(e)).split())
                print(f"twillc: warning: cached schedule {where} rejected ({why}); searching again", file=err)
    run_passes(module, spec, args, err)
    cache.write_entry(directory, key, print_module(module, debuginfo=True, generic=False))
    return module


def print_module(module, debuginfo: bool, generic: bool) -> str:
    import io

    from xdsl.printer import Printer

    buf = io.StringIO()
    Printer(stream=buf, print_debuginfo=debuginfo, print_generic_format=generic).print_op(module)
    return buf.getvalue() + "\n"
