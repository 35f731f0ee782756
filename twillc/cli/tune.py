"""`twillc tune k.tile`: a tile-shape search.

The kernel's `const BM = ...`, `const BN = ...`, `const BK = ...` (those its
text declares with an integer literal, or any const named by `--values`) are
varied over candidate values; every expression using a const (grid and index
expressions, `HM = BM / 2`, loop bounds) scales with it, since loads index
in tile units. Each variant is refused before any search when a load's tile
would not divide a constant dimension of its tensor, or an MMA breaks the
target's instruction shapes (the machine model's `[mma]`: on h100 M a
multiple of 64, N a multiple of 8 up to 256, K a multiple of 16 for 16-bit
and 32 for 8-bit operands); otherwise it
is scheduled by the default pipeline (the one `twillc k.tile -o k.json`
runs, whatever passes it holds) with a short time limit per variant, which
refuses what does not fit the machine's shared memory, tensor memory and
registers. Stages are not a language constant: the schedule chooses them,
and the table shows how many it chose.

Variants are ranked by modelled throughput per CTA: the work of one
iteration (MMA flops from the tile shapes, or for a loop without MMA the
bytes it loads) over its II in machine cycles: the normalized II times the
scale cost-normalize recorded, never below the loop's resource bound in
raw cycles (the busiest unit's cycles per iteration), since rounding the
costs can put the scaled II a little under it. The scaled II carries the
normalization's rounding (under 1 % on the large costs that decide the II
of the shipped kernels), so throughputs within 2 % of the best tie, and ties (two
shapes both tensor-core bound) go to the higher arithmetic intensity (flops
per byte loaded): the model charges a load only the TMA unit's time, not
the L2 / HBM traffic that larger tiles save. Each row says what bounds it: the unit
busiest over the II (tensor core, TMA, SFU, ALU) and how busy, or the
reason it was refused (registers, shared memory, ...).
"""

from __future__ import annotations

import argparse
import math
import re
import time
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import IO

from twillc.diagnostics import InternalError, Location, UsageError, UserError

TUNED = ("BM", "BN", "BK")
CANDIDATES: dict[str, tuple[int, ...]] = {
    "BM": (64, 128, 192, 256),
    "BN": (64, 80, 96, 128, 176, 192, 256),
    "BK": (32, 64, 128),
}
"""Values tried for a const unless `--values` names others: m64 multiples for
the rows, the column counts FA3, FA4 and CUTLASS use, the usual k-steps."""

UNIT_NAMES = {"tc": "tensor core", "tma": "TMA", "sfu": "SFU", "alu": "ALU"}
CONST_LINE = r"^(?P<head>[ \t]*const[ \t]+{name}[ \t]*=[ \t]*)(?P<value>\d+)(?P<tail>[ \t]*(?://.*|#.*)?)$"


@dataclass
class Variant:
    values: dict[str, int]
    status: str = "refused"
    reason: str = ""
    ii: int | None = None
    ii_cycles: int | None = None
    bound_cycles: int | None = None
    stages: int | None = None
    work: int = 0
    work_unit: str = "flop"
    loaded: int = 0
    busy: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def throughput(self) -> float:
        return self.work / self.ii_cycles if self.ii_cycles else 0.0

    @property
    def intensity(self) -> float:
        return self.work / self.loaded if self.loaded and self.work_unit == "flop" else 0.0

    @property
    def scheduled(self) -> bool:
        return self.ii_cycles is not None

    def bound(self) -> str:
        if not self.scheduled:
            return self.reason
        unit, share = max(sorted(self.busy.items()), key=lambda kv: kv[1], default=("-", 0.0))
        name = UNIT_NAMES.get(unit, unit)
        gap = (
            f"; not proven: II >= {self.bound_cycles} cycles"
            if self.status != "optimal" and self.bound_cycles is not None and self.bound_cycles < (self.ii_cycles or 0)
            else ""
        )
        if share >= 0.9:
            return f"{name} ({share:.0%} busy{gap})"
        return f"latency / dependences ({name} {share:.0%} busy{gap})"

    def shape(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.values.items())


def _parser() -> argparse.ArgumentParser:
    from twillc.cli.compile import ArgumentParser

    p = ArgumentParser(
        prog="twillc tune",
        description="Tile-shape search: schedule the kernel for each value of its BM / BN / BK consts "
        "and rank the variants by modelled throughput per CTA (work per iteration / II in machine cycles).",
    )
    p.add_argument("input", help="a .tile kernel")
    p.add_argument("--target", help="machine model: h100, b200 or a path to a .toml (overrides the file's)")
    p.add_argument(
        "--values",
        action="append",
        default=[],
        metavar="NAME=V1,V2,...",
        help="the values to try for const NAME (repeatable); default for BM: 64,128,192,256, "
        "BN: 64,80,96,128,176,192,256, BK: 32,64,128",
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=10.0,
        help="seconds for each timed pass of the default pipeline, per variant (default 10)",
    )
    p.add_argument("--cache-dir", help="schedule cache folder (as for twillc)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the schedule cache")
    return p


def run_tune(argv: list[str], source: dict[str, str], out: IO[str], err: IO[str]) -> int:
    args = _parser().parse_args(argv)
    if Path(args.input).suffix != ".tile":
        raise UsageError("twillc tune takes a .tile kernel")
    if args.time_limit <= 0:
        raise UsageError(f"--time-limit must be positive, got {args.time_limit:g}")
    from twillc.cli.compile import read_input

    text = read_input(args.input, source)
    grid = _grid(text, args)
    variants = [
        _run_variant(text, dict(zip(grid, values, strict=True)), args, err) for values in product(*grid.values())
    ]
    _report(variants, grid, args, out)
    return 0


def _grid(text: str, args: argparse.Namespace) -> dict[str, tuple[int, ...]]:
    """Each tuned const and the values to try, in the order the kernel declares them."""
    asked: dict[str, tuple[int, ...]] = {}
    for spec in args.values:
        name, eq, values = spec.partition("=")
        try:
            parsed = tuple(int(v) for v in values.split(",") if v.strip())
        except ValueError:
            parsed = ()
        if not eq or not name.strip() or not parsed or any(v <= 0 for v in parsed):
            raise UsageError(f"--values expects NAME=V1,V2,... with positive integers, got '{spec}'")
        asked[name.strip()] = tuple(dict.fromkeys(parsed))
    found: dict[str, tuple[int, int]] = {}  # name -> (line, its value)
    for name in sorted(set(TUNED) | set(asked)):
        matches = list(re.finditer(CONST_LINE.format(name=re.escape(name)), text, re.MULTILINE))
        if len(matches) > 1:
            line = text.count("\n", 0, matches[1].start()) + 1
            raise UserError(Location(args.input, line, 1), f"const '{name}' is declared twice", text)
        if matches:
            found[name] = (text.count("\n", 0, matches[0].start()) + 1, int(matches[0].group("value")))
        elif name in asked:
            raise UserError(
                Location(args.input, 1, 1),
                f"--values names '{name}', which the kernel does not declare as 'const {name} = <integer>'",
                text,
            )
    if not found:
        raise UserError(
            Location(args.input, 1, 1),
            "nothing to tune: the kernel declares none of BM, BN, BK as 'const NAME = <integer>' "
            "(name other consts with --values)",
            text,
        )
    order = sorted(found, key=lambda n: found[n][0])
    return {n: asked.get(n, CANDIDATES.get(n, (found[n][1],))) for n in order}


def _variant_text(text: str, values: dict[str, int]) -> str:
    for name, value in values.items():
        text = re.sub(
            CONST_LINE.format(name=re.escape(name)),
            lambda m, v=value: f"{m.group('head')}{v}{m.group('tail')}",
            text,
            count=1,
            flags=re.MULTILINE,
        )
    return text


def _limited_pipeline(limit: float) -> str:
    """The default pipeline, each pass with a `time_limit` field given `limit`."""
    import dataclasses

    from twillc.cli.passes import DEFAULT_PIPELINE, get_all_passes

    passes = get_all_passes()
    parts = []
    for part in _split_top(DEFAULT_PIPELINE):
        name = part.split("{")[0].strip()
        cls = passes[name]() if name in passes else None
        timed = cls is not None and any(f.name == "time_limit" for f in dataclasses.fields(cls))
        if timed and "time-limit=" not in part:
            option = f"time-limit={limit:g}"
            part = part[:-1] + f" {option}}}" if part.endswith("}") else f"{part}{{{option}}}"
        parts.append(part)
    return ",".join(parts)


def _split_top(spec: str) -> list[str]:
    """A pipeline spec's passes: its commas outside braces."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(spec):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(spec[start:i].strip())
            start = i + 1
    parts.append(spec[start:].strip())
    return [p for p in parts if p]


def _run_variant(text: str, values: dict[str, int], args: argparse.Namespace, err: IO[str]) -> Variant:
    from xdsl.dialects.builtin import StringAttr

    from twillc.cli.compile import schedule_cached
    from twillc.frontend import parse_tile
    from twillc.target.machine import load_machine
    from twillc.transforms.common import module_machine

    variant = Variant(values)
    start = time.perf_counter()
    vtext = _variant_text(text, values)
    try:
        module = parse_tile(vtext, args.input)
        if args.target:
            load_machine(args.target, Location("--target", 0, 0))
            module.attributes["twill.target"] = StringAttr(args.target)
        machine = module_machine(module)
        problem = _static_check(module, machine)
        if problem:
            variant.reason = problem
            return variant
        options = argparse.Namespace(
            no_cache=args.no_cache,
            cache_dir=args.cache_dir,
            print_ir_after_all=False,
            timing=False,
            input=args.input,
            target=args.target,
        )
        module = schedule_cached(module, _limited_pipeline(args.time_limit), vtext, options, {}, err)
        _measure(module, machine, variant)
    except UserError as e:
        variant.reason = _classify(e.message)
        if variant.reason.startswith("time limit"):
            variant.status = "no answer"
    except InternalError as e:
        variant.status, variant.reason = "error", f"internal error: {e}"
    finally:
        variant.seconds = time.perf_counter() - start
    return variant


def _static_check(module, machine) -> str:  # module: ModuleOp, machine: Machine
    """Why the variant cannot be the kernel it claims to be, before any search:
    a load's tile not dividing a constant tensor dimension, or an MMA shape
    no instruction of the machine has (rows beyond one instruction's are
    variant-search's to split). '' when it passes."""
    from twillc.dialects import tile

    for op in module.walk():
        if isinstance(op, tile.LoadOp):
            dims = op.tensor.type.get_dims()  # type: ignore[attr-defined]
            shape = op.result.type.get_shape()  # type: ignore[attr-defined]
            for d, s in zip(dims, shape, strict=True):
                if isinstance(d, int) and d % s:
                    return f"tile {'x'.join(map(str, shape))} does not divide tensor dim {d}"
        elif isinstance(op, tile.MmaOp):
            a, b = op.lhs.type, op.rhs.type
            m, k = a.get_shape()[::-1] if op.transpose_lhs else a.get_shape()  # type: ignore[attr-defined]
            n = (b.get_shape()[::-1] if op.transpose_rhs else b.get_shape())[1]  # type: ignore[attr-defined]
            rows = machine.mma.row_multiple if m % machine.mma.row_multiple == 0 else m
            problem = machine.mma_shape_error(rows, n, k, str(a.element_type))  # type: ignore[attr-defined]
            if problem:
                return f"instruction shape: mma {m}x{n}x{k}: {problem}"
    return ""


def _classify(message: str) -> str:
    """A refusal's first line, led by what it ran out of."""
    first = message.strip().splitlines()[0] if message.strip() else "refused"
    low = message.lower()
    for key, what in (
        ("tensor memory", "tensor memory"),
        ("tensor-memory", "tensor memory"),
        ("register", "registers"),
        ("shared memory", "shared memory"),
        ("smem", "shared memory"),
        ("time limit", "time limit"),
    ):
        if key in low:
            return f"{what}: {first}"
    return first


def _measure(module, machine, variant: Variant) -> None:  # module: ModuleOp, machine: Machine
    from twillc.dialects import tile
    from twillc.dialects.twill import CostAttr, ScheduleAttr
    from twillc.transforms.annotate_costs import element_bytes
    from twillc.transforms.cycles import cycles_per_unit
    from twillc.transforms.ir_graph import find_loop

    loop = find_loop(module)
    sched = loop.attributes.get("twill.schedule")
    if not isinstance(sched, ScheduleAttr):
        raise InternalError("the default pipeline left the loop unscheduled")
    scale = cycles_per_unit(loop)
    variant.ii = sched.ii.data
    variant.stages = sched.stages.data
    variant.status = sched.status.data
    flops = loaded = 0
    busy: dict[str, float] = {}
    for op in loop.body.block.ops:
        if isinstance(op, tile.MmaOp):
            a, b = op.lhs.type, op.rhs.type
            m, k = a.get_shape()[::-1] if op.transpose_lhs else a.get_shape()  # type: ignore[attr-defined]
            n = (b.get_shape()[::-1] if op.transpose_rhs else b.get_shape())[1]  # type: ignore[attr-defined]
            flops += 2 * m * n * k
        elif isinstance(op, tile.LoadOp):
            t = op.result.type
            count = 1
            for d in t.get_shape():  # type: ignore[attr-defined]
                count *= d
            loaded += count * element_bytes(t.element_type)  # type: ignore[attr-defined]
        raw = op.attributes.get("twill.raw_cost", op.attributes.get("twill.cost"))
        if isinstance(raw, CostAttr):
            unit = raw.unit.data
            held = raw.cycles.data - raw.stall.data  # a stall holds no unit: the op waits, then works
            busy[unit] = busy.get(unit, 0.0) + held / max(machine.units.get(unit, 1), 1)
    variant.work, variant.work_unit = (flops, "flop") if flops else (loaded, "B")
    variant.loaded = loaded
    resource = math.ceil(max(busy.values(), default=0.0))  # a bound in raw cycles, whatever the rounding
    variant.ii_cycles = max(round(variant.ii * scale), resource)
    variant.bound_cycles = max(round(sched.lower_bound.data * scale), resource)
    variant.busy = {u: c / variant.ii_cycles for u, c in busy.items()} if variant.ii_cycles else {}


TIE = 0.02
"""Throughputs this close (relative) rank as equal: the scaled II's
rounding. (The normalization's recorded max_ratio_error is no measure of it:
that is the worst ratio over all pairs of costs, small ones included.)"""


def _tolerance(variants: list[Variant]) -> float:
    return TIE


def _rank(variants: list[Variant]) -> list[Variant]:
    """Best first: scheduled before refused; throughput in steps of the
    tolerance below the best one's; then arithmetic intensity; then more
    work per iteration (per-iteration barrier hand-offs, which the model
    does not charge, amortized over more); then proven before not; then the
    grid's order (a stable sort)."""
    top = max((v.throughput for v in variants), default=0.0) or 1.0
    tol = _tolerance(variants)

    def key(v: Variant) -> tuple[int, int, float, int, int]:
        proven = 0 if v.status == "optimal" else 1
        return (0 if v.scheduled else 1, _step(v, top, tol), -v.intensity, -v.work, proven)

    return sorted(variants, key=key)


def _step(v: Variant, top: float, tol: float) -> int:
    """How many steps of `tol` x the best throughput `top` below it `v` is (0: a tie with it)."""
    return int((top - v.throughput) / (top * tol))


def _report(variants: list[Variant], grid: dict[str, tuple[int, ...]], args: argparse.Namespace, out: IO[str]) -> None:
    ranked = _rank(variants)
    names = list(grid)
    unit = next((v.work_unit for v in ranked if v.scheduled), "flop")
    lines = [
        f"tune {Path(args.input).name}: {len(variants)} variants of "
        + ", ".join(f"{n} in {{{','.join(map(str, grid[n]))}}}" for n in names)
        + f"; default pipeline, time limit {args.time_limit:g} s per timed pass",
        f"throughput = {'MMA flops' if unit == 'flop' else 'bytes loaded'} per iteration / II in machine cycles "
        "(per CTA); II units are the schedule's normalized units, II cyc = II x the normalization's scale, "
        "at least the busiest unit's cycles per iteration",
        "",
    ]
    head = "  ".join(f"{n:>4}" for n in names)
    lines.append(
        f"rank  {head}  {'status':<9} {'II':>5} {'II cyc':>7} {'stages':>6} "
        f"{unit + '/iter':>12} {unit + '/cyc':>9} {'flop/B':>7} {'time':>6}  bound"
    )
    for rank, v in enumerate(ranked, 1):
        cells = "  ".join(f"{v.values[n]:>4}" for n in names)
        if v.scheduled:
            lines.append(
                f"{rank:>4}  {cells}  {v.status:<9} {v.ii:>5} {v.ii_cycles:>7} {v.stages:>6} "
                f"{v.work:>12} {v.throughput:>9.1f} {f'{v.intensity:.1f}' if v.intensity else '-':>7} "
                f"{v.seconds:>5.1f}s  {v.bound()}"
            )
        else:
            lines.append(
                f"{rank:>4}  {cells}  {v.status:<9} {'-':>5} {'-':>7} {'-':>6} {'-':>12} {'-':>9} {'-':>7} "
                f"{v.seconds:>5.1f}s  {v.bound()}"
            )
    lines.append("")
    best = ranked[0] if ranked and ranked[0].scheduled else None
    if best is None:
        lines.append("no variant scheduled: see the bound column for why each was refused")
    else:
        lines.append(f"best: {best.shape()}: {best.throughput:.1f} {unit}/cycle per CTA, bound by {best.bound()}")
        top, tol = max(v.throughput for v in ranked), _tolerance(ranked)
        tied = [v for v in ranked[1:] if v.scheduled and _step(v, top, tol) == 0]
        if tied:
            why = (
                f"the higher arithmetic intensity ({best.intensity:.1f} flop/B loaded), then the more work per "
                "iteration wins: less L2 / HBM traffic per flop and fewer barrier hand-offs, which the model "
                "does not charge"
                if best.intensity
                else "the more work per iteration wins: fewer barrier hand-offs, which the model does not charge"
            )
            lines.append(
                f"  ties (within {tol:.1%}) with {', '.join(v.shape() for v in tied[:3])}"
                + (f" and {len(tied) - 3} more" if len(tied) > 3 else "")
                + f"; {why}"
            )
        runner = next((v for v in ranked[1 + len(tied) :] if v.scheduled), None)
        if runner is not None:
            lines.append(f"  next: {runner.shape()}: {runner.throughput:.1f} {unit}/cycle, bound by {runner.bound()}")
    refused = sum(1 for v in variants if not v.scheduled and v.status != "no answer")
    if refused:
        lines.append(f"  {refused} variant(s) refused")
    unanswered = sum(1 for v in variants if v.status == "no answer")
    if unanswered:
        lines.append(f"  {unanswered} variant(s) with no schedule within the time limit")
    out.write("\n".join(lines) + "\n")
