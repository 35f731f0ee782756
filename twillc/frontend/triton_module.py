"""A Triton TTGIR module as the importer and the write-back read it, through
Triton's own Python bindings (`twillc[triton]`, pinned `triton==3.9.0`).

Triton is imported lazily, inside functions: twillc runs without it, and only
a `.ttgir` / `.py` input or a `.ttgir` output needs it.

The bindings give each op's name, operands, results and their types, blocks
and some attributes, and each result's location; they give no location of an
op without results and no way to set an attribute on one. Both come from the
printed text instead: ops print in pre-order, one op starting per line, so
the n-th op of a pre-order walk is the n-th match of its name in the text
(`locate` below, as `twillc.ir.verify.locate_ops` does for MLIR).
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field

from twillc.diagnostics import Location, UsageError, UserError

TRITON_VERSION = "3.9.0"
"""The Triton release whose TTGIR the importer reads (the `triton` extra pins it)."""


def triton_version() -> str | None:
    try:
        import triton
    except ImportError:
        return None
    return str(triton.__version__)


def require_triton(what: str) -> None:
    version = triton_version()
    if version is None:
        raise UsageError(f"{what} needs Triton: pip install 'twillc[triton]' (triton=={TRITON_VERSION})")
    if version != TRITON_VERSION:
        raise UsageError(f"{what} needs triton=={TRITON_VERSION}, found {version}")


def triton_context():
    from triton._C.libtriton import ir, nvidia

    ctx = ir.context()
    ir.load_dialects(ctx)
    nvidia.load_dialects(ctx)
    return ctx


@dataclass(eq=False)
class TBlock:
    args: list[int]
    arg_types: list[str]
    ops: list[TOp] = field(default_factory=list)


@dataclass(eq=False)
class TOp:
    index: int
    """Position in pre-order (the printed order), 0 = the module."""
    name: str
    operands: list[int]
    results: list[int]
    result_types: list[str]
    handle: object
    blocks: list[TBlock] = field(default_factory=list)
    parent: TOp | None = None
    loc: str = ""
    """The op's location as Triton prints it (`loc(...)`, aliases resolved), or ''."""
    text_pos: tuple[int, int] | None = None
    """(line, column) of the op's name in the module's text."""

    def walk(self) -> Iterator[TOp]:
        yield self
        for b in self.blocks:
            for op in b.ops:
                yield from op.walk()

    def int_attr(self, name: str) -> int | None:
        value = self.handle.get_int_attr(name)  # type: ignore[attr-defined]
        return None if value is None else int(value)


@dataclass(eq=False)
class TritonModule:
    module: object
    """The bindings' module (keeps the context alive with `context`)."""
    context: object
    text: str
    """The text the module was read from (or printed as)."""
    filename: str
    root: TOp
    ops: list[TOp]
    defs: dict[int, TOp]
    """The op defining each result value id."""
    arg_names: dict[int, str]
    """Block argument value id -> the name its location gives (function arguments)."""
    arg_types: dict[int, str]
    block_args: set[int]

    def location(self, op: TOp) -> Location:
        """Where the op comes from: the Python source when Triton recorded it,
        else the op's place in the TTGIR text."""
        found = _file_line_col(op.loc)
        if found is not None:
            return Location(*found)
        # An op without a source location of its own (a loop without results,
        # the function): the first op inside it that has one, else its place in the text.
        inner = next((_file_line_col(o.loc) for o in op.walk() if o is not op and _file_line_col(o.loc)), None)
        if inner is not None and op.blocks:
            return Location(*inner)
        if op.text_pos is not None:
            return Location(self.filename, *op.text_pos)
        parent = op.parent
        while parent is not None:
            if parent.text_pos is not None or _file_line_col(parent.loc):
                return self.location(parent)
            parent = parent.parent
        return Location(self.filename, 0, 0)


_FLC = re.compile(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)')


def _file_line_col(loc: str) -> tuple[str, int, int] | None:
    """The first file:line:col of a location, preferring one outside Triton's
    own library (`tl.zeros` is a call into triton/language: the user's line is
    the call site)."""
    found = [(m.group(1), int(m.group(2)), int(m.group(3))) for m in _FLC.finditer(loc)]
    mine = [f for f in found if "/triton/language/" not in f[0] and "/triton/runtime/" not in f[0]]
    return (mine or found or [None])[0]


def parse_ttgir(text: str, filename: str) -> TritonModule:
    """Read TTGIR text with Triton's parser; a text Triton rejects is a user error."""
    require_triton("a .ttgir input")
    from triton._C.libtriton import ir

    ctx = triton_context()
    with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False, encoding="utf-8") as f:
        f.write(text)
        path = f.name
    try:
        module, diagnostics = _parse_captured(ir, path, ctx)
    finally:
        os.unlink(path)
    if module is None:
        m = re.search(re.escape(path) + r'":(\d+):(\d+)\): error: (.*)', diagnostics)
        if m:
            raise UserError(Location(filename, int(m.group(1)), int(m.group(2))), m.group(3).strip(), text)
        raise UserError(Location(filename, 0, 0), "Triton 3.9 cannot parse this TTGIR", text)
    return read_module(module, ctx, text, filename)


def _parse_captured(ir, path: str, ctx) -> tuple[object | None, str]:
    """The module (None where Triton's parser rejects the file) and the
    diagnostics Triton's C++ wrote to stderr meanwhile (captured, not shown)."""
    import sys

    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as capture:
        os.dup2(capture.fileno(), 2)
        try:
            module = ir.parse_mlir_module(path, ctx)
        except Exception:  # noqa: BLE001 - the bindings raise RuntimeError on a parse error
            module = None
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        capture.seek(0)
        return module, capture.read().decode("utf-8", "replace")


def read_module(module, ctx, text: str, filename: str) -> TritonModule:
    """The op tree of a parsed module, with each op's location."""
    ops_post: list[object] = []
    module.walk(lambda op: ops_post.append(op))  # type: ignore[attr-defined]
    # Post-order: an op follows the ops of its regions. An op's children are the
    # pending ops whose block lies in one of its regions (by the region's identity:
    # ops of an enclosing block also precede it, and are not its children).
    pending: list[TOp] = []
    handles: dict[int, tuple[object, int | None]] = {}
    region_of: dict[int, int | None] = {}
    for h in ops_post:
        block = h.get_block()  # type: ignore[attr-defined]
        block_id = block.id() if block is not None else None
        results = [h.get_result(i) for i in range(h.get_num_results())]  # type: ignore[attr-defined]
        op = TOp(
            index=-1,
            name=h.get_name(),  # type: ignore[attr-defined]
            operands=[h.get_operand(i).id() for i in range(h.get_num_operands())],  # type: ignore[attr-defined]
            results=[r.id() for r in results],
            result_types=[str(r.get_type()) for r in results],
            handle=h,
            loc=str(results[0].get_loc()) if results else "",
        )
        handles[id(op)] = (block, block_id)
        parent_region = block.get_parent() if block is not None else None  # type: ignore[attr-defined]
        region_of[id(op)] = parent_region.id() if parent_region is not None else None
        if h.get_num_regions():  # type: ignore[attr-defined]
            mine = {h.get_region(i).id() for i in range(h.get_num_regions())}  # type: ignore[attr-defined]
            start = len(pending)
            while start > 0 and region_of[id(pending[start - 1])] in mine:
                start -= 1
            children, pending[start:] = pending[start:], []
            groups: dict[int | None, TBlock] = {}
            for c in children:
                cblock, cid = handles[id(c)]
                if cid not in groups:
                    n = cblock.get_num_arguments()  # type: ignore[union-attr]
                    args = [cblock.arg(i) for i in range(n)]  # type: ignore[union-attr]
                    groups[cid] = TBlock([a.id() for a in args], [str(a.get_type()) for a in args])
                    groups[cid].arg_names = [str(a.get_loc()) for a in args]  # type: ignore[attr-defined]
                groups[cid].ops.append(c)
                c.parent = op
            op.blocks = list(groups.values())
        pending.append(op)
    if len(pending) != 1:
        raise UserError(Location(filename, 0, 0), "expected one builtin.module", text)
    root = pending[0]
    ops = list(root.walk())
    for i, op in enumerate(ops):
        op.index = i
    defs = {r: op for op in ops for r in op.results}
    arg_names: dict[int, str] = {}
    arg_types: dict[int, str] = {}
    block_args: set[int] = set()
    for op in ops:
        for b in op.blocks:
            for a, t, loc in zip(b.args, b.arg_types, b.arg_names, strict=True):  # type: ignore[attr-defined]
                block_args.add(a)
                arg_types[a] = t
                m = re.match(r'loc\("([A-Za-z_$][\w$.]*)"(?:\(|\))', loc)
                if op.name == "tt.func" and m:
                    arg_names[a] = m.group(1)
    tm = TritonModule(module, ctx, text, filename, root, ops, defs, arg_names, arg_types, block_args)
    locate(tm, text)
    return tm


def op_positions(ops: list[TOp], text: str) -> list[int | None]:
    """The character offset of each op's name in `text` (pre-order), None from
    the first op not found on."""
    out: list[int | None] = []
    pos = 0
    for op in ops:
        end = len(text)
        parent_at = out[op.parent.index] if op.parent is not None and op.parent.index < len(out) else None
        if op.name == "scf.yield" and not op.operands and parent_at is not None:
            # a yield without operands may be implicit (not printed): looked for in its own op's region only
            end = _closing_brace(text, parent_at)
        if op.name == "builtin.module":
            found = re.compile(r"^module\b", re.M).search(text, pos)
        else:
            found = re.compile(r'(?<![\w."#!])"?' + re.escape(op.name) + r'"?(?![\w.])').search(text, pos, end)
        if found is None:  # not printed where the walk puts it: this op unplaced, the rest still searched
            out.append(None)
            continue
        out.append(found.start())
        pos = found.end()
    return out


def locate(tm: TritonModule, text: str) -> None:
    """Each op's (line, column) in `text`, and the location of an op without
    results from the `loc(...)` that ends its line (aliases resolved)."""
    aliases = dict(re.findall(r"^(#loc\d*) = (loc\(.*\))\s*$", text, re.M))
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    import bisect

    for op, at in zip(tm.ops, op_positions(tm.ops, text), strict=True):
        if at is None:
            continue
        line = bisect.bisect_right(line_starts, at)
        start = line_starts[line - 1]
        head = text[start:at]
        col = len(head) - len(head.lstrip()) + 1
        op.text_pos = (line, col)
        if not op.loc:
            end = text.find("\n", _closing_brace(text, at) if op.blocks else at)
            rest = text[at : end if end >= 0 else len(text)].rsplit("\n", 1)[-1]
            m = re.search(r"loc\((#loc\d*)\)\s*$", rest)
            op.loc = _resolve(m.group(1), aliases) if m else ""


def _closing_brace(text: str, at: int) -> int:
    """The offset of the `}` closing the region that the op at `at` opens at
    the end of its first line (the op's last line carries its `loc(...)`;
    attribute dictionaries before it open and close on that line)."""
    end = text.find("\n", at)
    opening = text.rfind("{", at, end if end >= 0 else len(text))
    if opening < 0:
        return at
    depth = 0
    for i in range(opening, len(text)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
    return at


def _resolve(ref: str, aliases: dict[str, str], depth: int = 0) -> str:
    text = aliases.get(ref, "")
    if depth > 50 or _FLC.search(text):
        return text
    for inner in re.findall(r"#loc\d*", text):
        found = _resolve(inner, aliases, depth + 1)
        if _FLC.search(found):
            return found
    return text


CAPABILITIES = {"h100": 90, "b200": 100}
"""The compute capability Triton compiles for, by twillc target."""


def load_jit_function(path: str, name: str):  # -> triton.JITFunction
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(f"twillc_triton_{abs(hash(path))}", path)
    if spec is None or spec.loader is None:
        raise UserError(Location(path, 0, 0), "cannot load this Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # noqa: BLE001 - the user's file: any error is theirs
        raise UserError(Location(path, 0, 0), f"loading the file failed: {type(e).__name__}: {e}") from None
    fn = getattr(module, name, None)
    from triton.runtime.jit import JITFunction

    if not isinstance(fn, JITFunction):
        raise UserError(Location(path, 0, 0), f"'{name}' is not a @triton.jit function of this file")
    return fn


def split_top(text: str) -> list[str]:
    """`text` split at its commas outside brackets and quotes: Triton's types
    (`tensordesc<fp8e4nv[128, 128]>`) and constexpr values (`'a,b'`) keep theirs."""
    parts: list[str] = []
    depth, quote, start = 0, "", 0
    for i, c in enumerate(text):
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "<[({":
            depth += 1
        elif c in ">])}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _mapping(text: str, what: str) -> list[tuple[str, str]] | None:
    """A `{'a': '*fp16', ...}` written as Python writes a dict (Triton prints
    signatures and constants so): its items, or None if `text` is not one."""
    import ast

    if not text.strip().startswith("{"):
        return None
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as e:
        raise UsageError(f"{what}: cannot read '{text}' as a mapping: {e.msg}") from None
    if not isinstance(node, ast.Dict):
        raise UsageError(f"{what}: cannot read '{text}' as a mapping")
    out: list[tuple[str, str]] = []
    for k, v in zip(node.keys, node.values, strict=True):
        if not isinstance(k, ast.Constant) or not isinstance(k.value, str):
            raise UsageError(f"{what}: keys are argument names, got '{ast.unparse(k) if k else '**'}'")
        out.append((k.value, v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else ast.unparse(v)))
    return out


_DTYPES = {
    "float8e4nv": "float8e4nv", "fp8e4nv": "float8e4nv", "float8e5": "float8e5", "fp8e5": "float8e5",
    "bfloat16": "bfloat16", "bf16": "bfloat16", "float16": "float16", "fp16": "float16", "half": "float16",
    "float32": "float32", "fp32": "float32", "float64": "float64", "fp64": "float64",
    "int1": "int1", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
    "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
}  # fmt: skip


def constexpr_value(key: str, value: str) -> object:
    """A `--constexpr` value as a kernel takes it: a dtype (`tl.bfloat16`,
    `triton.language.float8e4nv`, `torch.float16`), a boolean, None, an int,
    a float, a quoted string, else the word itself as a string."""
    for prefix in ("tl.", "triton.language.", "torch."):
        if value.startswith(prefix) and value[len(prefix) :] in _DTYPES:
            import triton.language as tl

            return getattr(tl, _DTYPES[value[len(prefix) :]])
    if value.startswith(("tl.", "triton.language.", "torch.")):
        raise UsageError(f"--constexpr {key}: '{value}' is not a Triton dtype (tl.bfloat16, tl.float32, ...)")
    if value in ("True", "False", "true", "false"):
        return value.lower() == "true"
    if value == "None":
        return None
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    for cast in (int, float):
        try:
            return cast(value)
        except ValueError:
            continue
    return value


def parse_constexprs(items: list[str]) -> dict[str, object]:
    """`--constexpr` values: `NAME=VALUE` items separated by commas (outside
    quotes and brackets), or a `{'NAME': VALUE, ...}` mapping as Python writes one."""
    out: dict[str, object] = {}
    for item in items:
        pairs = _mapping(item, "--constexpr")
        if pairs is None:
            pairs = []
            for part in split_top(item):
                if "=" not in part:
                    raise UsageError(f"--constexpr expects NAME=VALUE, got '{part}'")
                key, value = (s.strip() for s in part.split("=", 1))
                pairs.append((key, value))
        for key, value in pairs:
            out[key] = constexpr_value(key, value)
    return out


_TYPE = re.compile(
    r"(\*k?)?(i1|i8|i16|i32|i64|u1|u8|u16|u32|u64|fp8e4nv|fp8e5|fp8e4b15|fp8e4b8|fp8e5b16|fp16|bf16|fp32|f32|fp64)"
)


def _check_type(name: str, ty: str) -> str:
    """A Triton signature type, as Triton spells it: `*fp16` (`*k` const),
    `i32`, `fp32`, `tensordesc<fp8e4nv[128, 128]>` (Triton 3.9's
    `tensordesc<dtype[block]>` with an optional layout), `constexpr`."""
    if ty == "constexpr" or _TYPE.fullmatch(ty):
        return ty
    m = re.fullmatch(r"tensordesc<(\w+)\[([\d,\s]+)\](,.*)?>", ty)
    if m and _TYPE.fullmatch(m.group(1)):
        return ty
    raise UsageError(
        f"--signature {name}: '{ty}' is not a Triton type (*fp16, *bf16, i32, fp32, tensordesc<bf16[64, 64]>, "
        "constexpr)"
    )


def signature_of(fn, spec: str | None, constexprs: dict[str, object]) -> dict[str, str]:
    """Each argument's Triton type. `--signature` is written as Triton writes
    one: named (`a=*fp16,M=i32`, or a `{'a': '*fp16', ...}` mapping) or the
    arguments in order (`*fp16,*fp16,i32`: the non-constexpr ones, or all of
    them with `constexpr` for each constexpr); commas inside `<...>` and
    `[...]` belong to a type. An argument typed `constexpr` takes its value
    from `--constexpr`."""
    names = list(fn.arg_names)
    for key in constexprs:
        if key not in names:
            raise UsageError(f"--constexpr {key}: '{fn.__name__}' has no argument '{key}'")
    declared = {names[i] for i in getattr(fn, "constexprs", [])}
    _take_defaults(fn, names, declared, constexprs)
    text = spec or ""
    mapping = _mapping(text, "--signature")
    items = [] if mapping is not None else split_top(text)
    named = [s for s in items if re.match(r"^[A-Za-z_]\w*\s*[=:]", s)]
    if named and len(named) != len(items):
        raise UsageError("--signature: name every argument (a=*fp16) or none (*fp16,i32,...)")
    sig: dict[str, str] = {}
    if mapping is not None or named:
        pairs = mapping or [tuple(p.strip() for p in re.split(r"[=:]", s, maxsplit=1)) for s in named]
        for key, ty in pairs:
            if key not in names:
                raise UsageError(f"--signature {key}: '{fn.__name__}' has no argument '{key}'")
            sig[key] = _check_type(key, ty)
    else:
        free = [n for n in names if n not in constexprs and n not in declared]
        if len(items) == len(names) and len(items) != len(free):
            sig = dict(zip(names, items, strict=True))
        elif len(items) == len(free):
            sig = dict(zip(free, items, strict=True))
        else:
            raise UsageError(
                f"--signature lists {len(items)} types; '{fn.__name__}' has {len(free)} non-constexpr arguments "
                f"({', '.join(free)})"
            )
        sig = {k: _check_type(k, v) for k, v in sig.items()}
    typed_constexpr = {n for n, t in sig.items() if t == "constexpr"}
    for n in names:
        if n in constexprs and n in sig and sig[n] != "constexpr":
            raise UsageError(f"--signature types {n} as {sig[n]}, and --constexpr gives it a value")
    _take_defaults(fn, names, typed_constexpr, constexprs)
    missing = [n for n in names if n not in constexprs and n not in sig]
    if missing:
        raise UsageError(f"--signature: no type for {', '.join(missing)}")
    return {n: "constexpr" if n in constexprs else sig[n] for n in names}


def _take_defaults(fn, names: list[str], wanted: set[str], constexprs: dict[str, object]) -> None:
    """Each constexpr in `wanted` without a `--constexpr` value takes the
    default the kernel's definition gives it; one without is a usage error."""
    import inspect

    params = inspect.signature(fn.fn).parameters
    unset = []
    for n in names:
        if n in wanted and n not in constexprs:
            default = params[n].default if n in params else inspect.Parameter.empty
            if default is inspect.Parameter.empty:
                unset.append(n)
            else:
                constexprs[n] = getattr(default, "value", default)  # a tl.constexpr default: its value
    if unset:
        raise UsageError(f"no value for constexpr {', '.join(unset)} of '{fn.__name__}' (--constexpr NAME=VALUE)")


def compile_to_ttgir(
    fn,
    signature: dict[str, str],
    constexprs: dict[str, object],
    target: str,
    num_warps: int = 4,
    schedule_stages: int | None = None,
) -> tuple[object, object]:
    """The kernel's TTGIR before software pipelining (module, context): Triton
    3.9's own `make_ttir`, then `make_ttgir`'s passes up to, not including,
    `tritongpu-assign-latencies` (on sm_90 also without `nvgpu-warp-specialization`,
    Meta's Hopper auto-WS, which runs before it). With `schedule_stages`, also
    Triton's own `assign-latencies{num-stages}` and `schedule-loops`: the
    `loop.stage` / `loop.cluster` Triton's pipeliner would lower. Pointer and
    integer arguments are taken 16-divisible, as the JIT specializes them."""
    from triton._C.libtriton import ir, passes
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource, make_backend

    cap = CAPABILITIES.get(target)
    if cap is None:
        raise UsageError(f"a Triton kernel compiles for --target h100 or b200, not '{target}'")
    gpu = GPUTarget("cuda", cap, 32)
    backend = make_backend(gpu)
    opts = backend.parse_options({"num_warps": num_warps, "num_stages": schedule_stages or 3})
    ctx = ir.context()
    ir.load_dialects(ctx)
    backend.load_dialects(ctx)
    # As Triton's JIT specializes a launch: pointers 16-byte aligned, integer
    # arguments multiples of 16 (what lets its pipeliner use async copies).
    aligned = {
        (i,): [["tt.divisibility", 16]]
        for i, n in enumerate(fn.arg_names)
        if signature.get(n, "constexpr").startswith(("*", "i32", "i64"))
    }
    src = ASTSource(fn, signature, constexprs, aligned)
    try:
        mod = src.make_ir(gpu, opts, backend.get_codegen_implementation(opts), backend.get_module_map(), ctx)
    except Exception as e:  # noqa: BLE001 - Triton's front end rejects the kernel: the user's error
        raise triton_error(fn, e) from None
    mod = _run_captured(fn, lambda: backend.make_ttir(mod, {}, opts, cap))
    mod = _unflattened(mod, ctx)
    pm = ir.pass_manager(ctx)
    add_head_passes(pm, cap, opts)
    if schedule_stages is not None:
        passes.ttgpuir.add_assign_latencies(pm, schedule_stages)
        passes.ttgpuir.add_schedule_loops(pm)
    _run_captured(fn, lambda: pm.run(mod, "make_ttgir"))
    return mod, ctx


_FLATTEN = re.compile(r"\{tt\.flatten\}|tt\.flatten, |, tt\.flatten\b")


def _unflattened(mod, ctx):  # -> triton ir.module
    """The TTIR without `tt.flatten` (`tl.range(..., flatten=True)`): the hint
    that makes Triton's `fuse-nested-loops` fuse a loop nest into one loop
    (the inner loop's first and last iterations under `scf.if`). The
    importer reads a nest as written, the outer loop around its main loop (a
    persistent kernel's tile loop: `twillc/frontend/ttgir_persistent.py`),
    and the write-back keeps that nest; the kernel computes the same."""
    text = mod.str()  # type: ignore[attr-defined]
    if "tt.flatten" not in text:
        return mod
    from triton._C.libtriton import ir

    with tempfile.NamedTemporaryFile("w", suffix=".ttir", delete=False, encoding="utf-8") as f:
        f.write(_FLATTEN.sub("", text))
        path = f.name
    try:
        return ir.parse_mlir_module(path, ctx)
    finally:
        os.unlink(path)


def add_head_passes(pm, cap: int, opts, hopper_warpspec: bool = False) -> None:
    """Triton 3.9's `make_ttgir` (backends/nvidia/compiler.py), in order, up to,
    not including, `tritongpu-assign-latencies`: the TTGIR twillc imports.
    `hopper_warpspec` adds Meta's sm_90 `nvgpu-warp-specialization`, which
    `make_ttgir` runs there just before it (a loop without its attributes
    passes through unchanged)."""
    from triton._C.libtriton import nvidia, passes

    passes.ttir.add_convert_to_ttgpuir(pm, f"cuda:{cap}", opts.num_warps, 32, opts.num_ctas)
    if getattr(opts, "clc", False):
        nvidia.passes.ttnvgpuir.add_to_clc(pm)
    passes.ttgpuir.add_coalesce(pm)
    passes.ttgpuir.add_f32_dot_tc(pm, cap // 10 >= 8)
    nvidia.passes.ttnvgpuir.add_assign_cga_layouts(pm)
    passes.ttgpuir.add_remove_layout_conversions(pm)
    nvidia.passes.ttnvgpuir.add_optimize_cta_locality(pm)
    passes.ttgpuir.add_remove_layout_conversions(pm)
    passes.ttgpuir.add_optimize_thread_locality(pm)
    passes.ttgpuir.add_accelerate_matmul(pm)
    nvidia.passes.ttnvgpuir.add_check_matmul_two_cta(pm)
    passes.ttgpuir.add_remove_layout_conversions(pm)
    passes.ttgpuir.add_optimize_dot_operands(pm, cap >= 80)
    nvidia.passes.ttnvgpuir.add_optimize_descriptor_encoding(pm)
    passes.ttir.add_loop_aware_cse(pm)
    passes.ttgpuir.add_fuse_nested_loops(pm)
    passes.common.add_canonicalizer(pm)
    passes.ttir.add_triton_licm(pm)
    if cap // 10 >= 10:
        passes.ttgpuir.add_optimize_accumulator_init(pm)
        passes.ttgpuir.add_hoist_tmem_alloc(pm, False)
        nvidia.passes.ttnvgpuir.add_promote_lhs_to_tmem(pm)
    else:
        passes.common.add_canonicalizer(pm)
        passes.ttgpuir.add_combine_tensor_select_and_if(pm)
        if hopper_warpspec:
            nvidia.passes.hopper.add_hopper_warpspec(pm, opts.num_stages, False)


def triton_error(fn, e: Exception) -> UserError:
    """Triton's front end rejected the kernel: its message whole, located in
    the user's file. A `CompilationError` points into the source of the
    function it was compiling (`src`, line 1 its `def`), the kernel or a
    helper it calls; its `__cause__` chain ends at the innermost one."""
    from triton.compiler.errors import CompilationError

    chain: list[BaseException] = []
    cur: BaseException | None = e
    while cur is not None and cur not in chain:
        chain.append(cur)
        cur = cur.__cause__ or cur.__context__
    located = [c for c in chain if isinstance(c, CompilationError) and hasattr(c.node, "lineno")]
    messages = [c.error_message for c in chain if isinstance(c, CompilationError) and c.error_message]
    if not messages:
        others = [c for c in chain if not isinstance(c, CompilationError)]
        messages = [f"{type(c).__name__}: {c}".strip() for c in others[:1]] or [type(e).__name__]
    message = "Triton: " + str(messages[-1]).strip()
    for err in reversed(located):  # the innermost that names a function of a file
        where = _source_position(fn, err.src, err.node)
        if where is not None:
            path, line, col, text = where
            return UserError(Location(path, line, col), message, text)
    return UserError(Location(fn.fn.__code__.co_filename, fn.starting_line_number, 1), message, _read_text(fn))


def _source_position(fn, src: str | None, node) -> tuple[str, int, int, str | None] | None:
    """(file, line, column, file text) of `node` in `src`, the source of `fn`
    or of a @triton.jit function `fn`'s module holds."""
    import inspect
    import sys

    from triton.runtime.jit import JITFunction

    if src is None:
        return None
    candidates = [fn]
    module = sys.modules.get(fn.fn.__module__)
    if module is not None:
        candidates += [v for v in vars(module).values() if isinstance(v, JITFunction) and v is not fn]
    for cand in candidates:
        if getattr(cand, "src", None) != src:
            continue
        try:
            lines, first = inspect.getsourcelines(cand.fn)
        except (OSError, TypeError):
            return None
        def_at = next((i for i, text in enumerate(lines) if re.match(r"\s*def\s", text)), 0)
        indent = len(lines[def_at]) - len(lines[def_at].lstrip())
        line = first + def_at + node.lineno - 1
        path = cand.fn.__code__.co_filename
        return path, line, node.col_offset + indent + 1, _read_text(cand)
    return None


def _read_text(fn) -> str | None:
    try:
        with open(fn.fn.__code__.co_filename, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None


_DIAGNOSTIC = re.compile(r'loc\("([^"]+)":(\d+):(\d+)\):\s*error:\s*(.*)|^(.+?):(\d+):(\d+):\s*error:\s*(.*)$', re.M)


def _run_captured(fn, step):
    """Run a Triton pass pipeline with its C++ diagnostics captured: a
    failure is a located error with the first diagnostic's message (Triton
    records the Python source location of each op)."""
    import sys

    sys.stderr.flush()
    saved = os.dup(2)
    failure: Exception | None = None
    result = None
    with tempfile.TemporaryFile() as capture:
        os.dup2(capture.fileno(), 2)
        try:
            result = step()
        except Exception as e:  # noqa: BLE001 - a pass failed: Triton wrote why to stderr
            failure = e
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        capture.seek(0)
        diagnostics = capture.read().decode("utf-8", "replace")
    if failure is None:
        if diagnostics:
            sys.stderr.write(diagnostics)
        return result
    m = _DIAGNOSTIC.search(diagnostics)
    if m is not None:
        path, line, col, msg = (m.group(1), m.group(2), m.group(3), m.group(4)) if m.group(1) else m.groups()[4:]
        text = None
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError:
            pass
        return_error = UserError(Location(path, int(line), int(col)), f"Triton: {msg.strip()}", text)
        raise return_error
    first = diagnostics.strip().splitlines()[:1] or [f"{type(failure).__name__}: {failure}"]
    raise UserError(
        Location(fn.fn.__code__.co_filename, fn.starting_line_number, 1), f"Triton: {first[0]}", _read_text(fn)
    )


def ttgir_from_python(
    spec: str, signature: str | None, constexprs: list[str], target: str, num_warps: int = 4
) -> TritonModule:
    """`kernel.py::fn` compiled to TTGIR before software pipelining, read back."""
    require_triton("a Triton kernel input (.py::fn)")
    path, _, name = spec.partition("::")
    if not name:
        raise UsageError(f"a Triton input is FILE.py::FUNCTION, got '{spec}'")
    if not os.path.exists(path):
        raise UserError(Location(path, 0, 0), "cannot read input: No such file or directory")
    fn = load_jit_function(path, name)
    consts = parse_constexprs(constexprs)
    mod, ctx = compile_to_ttgir(fn, signature_of(fn, signature, consts), consts, target, num_warps)
    text = mod.str()  # type: ignore[attr-defined]
    return read_module(mod, ctx, text, f"{path}::{name}.ttgir")
