"""Call a twillc kernel from PyTorch: `twillc.runtime.load("k.so")`.

`twillc k.tile -o k.so` builds the generated CUDA into a shared library
whose exported `twillc_signature()` returns the kernel's signature as JSON
(`twillc/lowering/cuda/signature.py`: arguments, dtypes, shapes over the sizes,
which tensors are outputs, the grid). `load` reads it and returns a
`Kernel`: a callable on torch tensors that checks every argument's dtype,
shape, strides and device before any launch (an `ArgumentError` naming the
argument and what was expected), allocates the outputs the caller does not
pass, launches on the current CUDA stream, and goes through a
`torch.library` custom op (`torch.ops.twillc.<kernel>_<digest>`, with a
fake implementation giving the outputs' shapes) so that it traces under
`torch.compile`. docs/runtime.md is the user's page.

Standard library and torch only (torch imported when a kernel is loaded):
nothing here needs xDSL or the compiler.
"""

from __future__ import annotations

import ast
import ctypes
import hashlib
import json
import operator
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

SCHEMA = "twillc-signature/1"

TORCH_DTYPES = {
    "f16": "float16",
    "bf16": "bfloat16",
    "f32": "float32",
    "f8e4m3": "float8_e4m3fn",
    "f8e5m2": "float8_e5m2",
    "i32": "int32",
    "i16": "int16",
    "i8": "int8",
    "u32": "uint32",
    "u16": "uint16",
    "u8": "uint8",
    "i1": "bool",
}
"""The `.tile` element types as torch dtype names."""

ALIGN = 16
"""Bytes a tensor's first element is aligned to: TMA's tensor maps need 16."""

LAUNCH_ERRORS = {
    -1: "a tensor map could not be built (cuTensorMapEncodeTiled is not available)",
    -2: "a tensor map could not be built (a tensor's address, extent or row pitch is not one TMA accepts)",
    -3: "the kernel launch failed (cudaGetLastError after the launch)",
}


class ArgumentError(ValueError):
    """An argument the kernel cannot take: wrong count, dtype, shape, strides or device."""


class LoadError(OSError):
    """A file that is not a shared library built by twillc."""


def signature_of(path: str | Path) -> dict[str, Any]:
    """The signature JSON embedded in a shared library built by `twillc -o
    k.so` (its `twillc_signature()`); LoadError when there is none."""
    lib = _open(Path(path))
    return _read_signature(lib, Path(path))


def _open(path: Path) -> ctypes.CDLL:
    if not path.is_file():
        raise LoadError(f"{path}: no such file")
    try:
        return ctypes.CDLL(str(path.resolve()))
    except OSError as e:
        raise LoadError(f"{path}: cannot load the shared library: {e}") from None


def _read_signature(lib: ctypes.CDLL, path: Path) -> dict[str, Any]:
    try:
        fn = lib.twillc_signature
    except AttributeError:
        raise LoadError(f"{path}: no twillc_signature(): not a kernel built by `twillc k.tile -o k.so`") from None
    fn.restype = ctypes.c_char_p
    fn.argtypes = []
    sig = json.loads(fn().decode("utf-8"))
    if sig.get("schema") != SCHEMA:
        raise LoadError(f"{path}: signature schema {sig.get('schema')!r}, this twillc reads {SCHEMA!r}")
    return sig


# =============================================================================
# The grid: the stores' tile coordinates as integer expressions of bid and the sizes
# =============================================================================
def _tdiv(a: Any, b: Any) -> Any:
    """C's integer division (truncating), on ints or int64 tensors."""
    import torch

    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        if (b == 0).any() if isinstance(b, torch.Tensor) else b == 0:
            raise ZeroDivisionError
        return torch.div(a, b, rounding_mode="trunc")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _tmod(a: Any, b: Any) -> Any:
    return a - _tdiv(a, b) * b


def _max(a: Any, b: Any) -> Any:
    import torch

    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        return torch.maximum(torch.as_tensor(a), torch.as_tensor(b))
    return max(a, b)


def _min(a: Any, b: Any) -> Any:
    import torch

    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        return torch.minimum(torch.as_tensor(a), torch.as_tensor(b))
    return min(a, b)


_BINARY: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: _tdiv,
    ast.Mod: _tmod,
}
_CALLS = {"max": _max, "min": _min}


def index_expr(text: str) -> Callable[[Mapping[str, Any]], Any]:
    """An index expression of the signature (`+ - * / %`, `max`, `min`,
    integers, `bid`, size names and integer scalar arguments; `/` and `%`
    truncate as in C) as a function of the names' values, ints or int64
    tensors."""

    def build(node: ast.AST) -> Callable[[Mapping[str, Any]], Any]:
        if isinstance(node, ast.Expression):
            return build(node.body)
        if isinstance(node, ast.Constant) and type(node.value) is int:
            value = node.value
            return lambda env: value
        if isinstance(node, ast.Name):
            name = node.id
            return lambda env: env[name]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = build(node.operand)
            return lambda env: -inner(env)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            fn, lhs, rhs = _BINARY[type(node.op)], build(node.left), build(node.right)
            return lambda env: fn(lhs(env), rhs(env))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _CALLS:
            fn2 = _CALLS[node.func.id]
            a, b = (build(x) for x in node.args)
            return lambda env: fn2(a(env), b(env))
        raise ValueError(f"index expression {text!r}: unsupported {ast.dump(node)}")

    return build(ast.parse(text, mode="eval"))


def grid_of(sig: Mapping[str, Any], sizes: Mapping[str, int]) -> int:
    """The blocks along x the kernel is launched with at `sizes`: those
    before the first block with a store as written (a group of parts) that
    starts past its tensor, of at most the most tiles a stored tensor has:
    the reference interpreter's rule on the kernel as written. A kernel with
    grid `extents` along y and z (its launcher launches those) is checked at
    every `bid_y` and `bid_z`."""
    import torch

    grid = sig["grid"]
    limit = max((index_expr(e)(sizes) for e in grid["max_blocks"]), default=0)
    ny, nz = (max(int(index_expr(e)(sizes)), 0) for e in grid.get("extents", ("1", "1")))
    if limit <= 0 or ny == 0 or nz == 0:
        return 0
    env: dict[str, Any] = {
        **sizes,
        "bid": torch.arange(limit, dtype=torch.int64)[:, None, None],
        "bid_y": torch.arange(ny, dtype=torch.int64)[None, :, None],
        "bid_z": torch.arange(nz, dtype=torch.int64)[None, None, :],
    }
    shapes = {a["name"]: a["shape"] for a in sig["args"] if a["kind"] == "tensor"}
    inside: dict[int, Any] = {}  # per store as written: some part of it starts inside its tensor
    for store in grid["stores"]:
        dims = [sizes[d] if isinstance(d, str) else d for d in shapes[store["tensor"]]]
        starts = torch.ones((limit, ny, nz), dtype=torch.bool)
        for text, tile, dim in zip(store["index"], store["tile"], dims, strict=True):
            starts &= torch.as_tensor(index_expr(text)(env)) * tile < dim
        g = store["group"]
        inside[g] = inside[g] | starts if g in inside else starts
    ok = torch.ones((limit, ny, nz), dtype=torch.bool)
    for starts in inside.values():
        ok &= starts
    ok = ok.all(dim=2).all(dim=1)
    bad = (~ok).nonzero()
    return int(bad[0].item()) if bad.numel() else limit


# =============================================================================
# The kernel
# =============================================================================
def _dims_text(shape: Sequence[int | str]) -> str:
    return ", ".join(str(d) for d in shape)


def _arg_text(a: Mapping[str, Any]) -> str:
    if a["kind"] == "tensor":
        return f"{a['name']}: {a['dtype']}[{_dims_text(a['shape'])}]"
    return f"{a['name']}: {a['dtype']}"


class Kernel:
    """A loaded kernel: call it with its inputs (positionally or by name, in
    the `.tile` order less the outputs) and, optionally, its outputs by name;
    returns the outputs (one tensor, or a tuple in argument order)."""

    def __init__(self, path: Path, lib: ctypes.CDLL, sig: dict[str, Any], digest: str) -> None:
        import torch

        self.path = path
        self.signature = sig
        self.name = sig["kernel"]
        self.args = sig["args"]
        self.tensors = [a for a in self.args if a["kind"] == "tensor"]
        self.outputs = [a["name"] for a in self.tensors if a["role"] == "out"]
        self.inputs = [a["name"] for a in self.args if a.get("role") != "out"]
        self._dtype = {a["name"]: getattr(torch, TORCH_DTYPES[a["dtype"]]) for a in self.tensors}
        self._launch = self._launcher(lib)
        self._grids: dict[tuple[int, ...], int] = {}
        self.op_name = f"{self.name}_{digest}"
        self._lib = torch.library.Library("twillc", "FRAGMENT")
        self._register()

    def __repr__(self) -> str:
        ins = ", ".join(_arg_text(a) for a in self.args if a.get("role") != "out")
        outs = ", ".join(_arg_text(a) for a in self.args if a.get("role") == "out")
        return f"<twillc kernel {self.name}({ins}) -> ({outs}) from {self.path}>"

    # -- the launcher ---------------------------------------------------------------
    def _launcher(self, lib: ctypes.CDLL) -> Callable[[Mapping[str, Any], int, int], None]:
        from twillc.runtime.build import param_role

        fn = getattr(lib, self.signature["launcher"])
        params = [(ctype, name) for ctype, name in self.signature["params"]]
        roles = [param_role(ctype, name) for ctype, name in params]
        ctypes_of = {"stream": ctypes.c_void_p, "pointer": ctypes.c_void_p, "float": ctypes.c_float}
        fn.argtypes = [ctypes_of.get(r, ctypes.c_int) for r in roles]
        fn.restype = ctypes.c_int

        def launch(values: Mapping[str, Any], blocks: int, stream: int) -> None:  # values: arguments and sizes
            args: list[Any] = []
            for role, (_, name) in zip(roles, params, strict=True):
                if role == "stream":
                    args.append(stream)
                elif name == "blocks":
                    args.append(blocks)
                elif role == "pointer":
                    args.append(values[name].data_ptr())
                else:
                    args.append(float(values[name]) if role == "float" else int(values[name]))
            if (rc := fn(*args)) != 0:
                raise RuntimeError(f"{self.name}: {LAUNCH_ERRORS.get(rc, f'the launcher returned {rc}')}")

        return launch

    def grid(self, sizes: Mapping[str, int]) -> int:
        """The blocks launched at these sizes and integer scalar arguments
        (`grid_of`, cached per their values)."""
        if self.signature["grid"] is None:
            raise ArgumentError(
                f"{self.name}: every store is inside the loop (a persistent grid): twillc.runtime does not derive "
                "its grid; launch it with kernel.launch(arguments by name, blocks)"
            )
        names = [*self.signature["sizes"], *(a["name"] for a in self.args if _index_scalar(a))]
        key = tuple(int(sizes[s]) for s in names)
        if key not in self._grids:
            try:
                self._grids[key] = grid_of(self.signature, sizes)
            except ZeroDivisionError:
                raise ArgumentError(
                    f"{self.name}: at sizes {_sizes_text(sizes)} the kernel's block indexing divides by zero "
                    "(a size smaller than the tile the kernel divides it by)"
                ) from None
        return self._grids[key]

    # -- checks -----------------------------------------------------------------------
    def bind(self, args: Sequence[Any], kwargs: Mapping[str, Any]) -> dict[str, Any]:
        """The arguments by name (positional ones are the inputs in order)."""
        if len(args) > len(self.inputs):
            raise ArgumentError(
                f"{self.name}: takes {len(self.inputs)} inputs ({', '.join(self.inputs)}), got {len(args)}"
            )
        values = dict(zip(self.inputs, args, strict=False))
        for name, v in kwargs.items():
            if name not in {a["name"] for a in self.args}:
                raise ArgumentError(f"{self.name}: no argument named {name!r} ({self._call_text()})")
            if name in values:
                raise ArgumentError(f"{self.name}: argument {name!r} given twice")
            values[name] = v
        missing = [n for n in self.inputs if n not in values]
        if missing:
            raise ArgumentError(f"{self.name}: missing {', '.join(missing)} ({self._call_text()})")
        return values

    def _call_text(self) -> str:
        outs = ", ".join(f"{o}=None" for o in self.outputs)
        return f"call as {self.name}({', '.join([*self.inputs, *([outs] if outs else [])])})"

    def check(self, values: Mapping[str, Any]) -> dict[str, int]:
        """Every argument checked against the signature (dtype, shape,
        contiguity, then device); returns the sizes."""
        import torch

        sizes: dict[str, int] = {}
        setter: dict[str, str] = {}
        for a in self.args:
            name = a["name"]
            if name not in values:
                continue  # an output the runtime allocates
            v = values[name]
            if a["kind"] == "scalar":
                if isinstance(v, torch.Tensor) or not isinstance(v, int | float) or isinstance(v, bool):
                    raise ArgumentError(f"{self.name}: {name} is a scalar ({a['dtype']}), got {type(v).__name__}")
                if a["dtype"].startswith("i") and not isinstance(v, int):
                    raise ArgumentError(f"{self.name}: {name} is an integer ({a['dtype']}), got {v!r}")
                continue
            want = f"{a['dtype']}[{_dims_text(a['shape'])}]"
            if not isinstance(v, torch.Tensor):
                raise ArgumentError(f"{self.name}: {name} must be a torch.Tensor ({want}), got {type(v).__name__}")
            if v.dtype != self._dtype[name]:
                raise ArgumentError(
                    f"{self.name}: {name} has dtype {v.dtype}, expected {self._dtype[name]} ({name}: {want})"
                )
            shape = a["shape"]
            if v.dim() != len(shape):
                raise ArgumentError(
                    f"{self.name}: {name} has {v.dim()} dimensions {list(v.shape)}, "
                    f"expected {len(shape)} ({name}: {want})"
                )
            for axis, (d, n) in enumerate(zip(shape, v.shape, strict=True)):
                n = int(n)
                if isinstance(d, int) and n != d:
                    raise ArgumentError(
                        f"{self.name}: {name} has shape {list(v.shape)}: dimension {axis} must be {d} ({name}: {want})"
                    )
                if isinstance(d, str):
                    if d in sizes and sizes[d] != n:
                        raise ArgumentError(
                            f"{self.name}: {name} has shape {list(v.shape)}: dimension {axis} is {d}, which "
                            f"{setter[d]} sets to {sizes[d]} ({name}: {want})"
                        )
                    if n > 2**31 - 1:
                        raise ArgumentError(f"{self.name}: {name}'s {d} = {n} does not fit the launcher's int")
                    sizes.setdefault(d, n)
                    setter.setdefault(d, f"{name}'s dimension {axis}")
            if not v.is_contiguous():
                raise ArgumentError(
                    f"{self.name}: {name} is not contiguous (strides {list(v.stride())}): the kernel reads "
                    f"row-major {want}; pass {name}.contiguous()"
                )
        device = None
        for a in self.tensors:
            if a["name"] not in values:
                continue
            v = values[a["name"]]
            if v.device.type != "cuda":
                raise ArgumentError(
                    f"{self.name}: {a['name']} is on {v.device}; the kernel runs on a CUDA device "
                    f"(the {self.signature['target']} kernel): pass {a['name']}.cuda()"
                )
            if device is not None and v.device != device:
                raise ArgumentError(f"{self.name}: {a['name']} is on {v.device}, the other tensors on {device}")
            device = v.device
        if device is None:
            raise ArgumentError(f"{self.name}: no tensor argument gives the device")
        return sizes

    def check_alignment(self, values: Mapping[str, Any]) -> None:
        """Each tensor's first element 16-byte aligned, as TMA needs (checked
        at launch: under torch.compile the addresses are not traced)."""
        for a in self.tensors:
            v = values[a["name"]]
            if v.data_ptr() % ALIGN:
                raise ArgumentError(
                    f"{self.name}: {a['name']} starts at an address not {ALIGN}-byte aligned (storage offset "
                    f"{v.storage_offset()} elements), as TMA needs; pass {a['name']}.clone()"
                )

    def output_shape(self, name: str, sizes: Mapping[str, int]) -> list[int]:
        a = next(a for a in self.tensors if a["name"] == name)
        return [sizes[d] if isinstance(d, str) else d for d in a["shape"]]

    # -- the custom ops ---------------------------------------------------------------
    def _schema(self, with_outputs: bool) -> str:
        params, alias = [], 0
        for a in self.args:
            if a["kind"] == "scalar":
                params.append(f"{'int' if a['dtype'].startswith('i') else 'float'} {a['name']}")
            elif a["role"] == "in":
                params.append(f"Tensor {a['name']}")
            elif a["role"] == "inout" or with_outputs:
                params.append(f"Tensor({_alias(alias)}!) {a['name']}")
                alias += 1
        n = 0 if with_outputs else len(self.outputs)
        returns = "()" if n == 0 else "Tensor" if n == 1 else f"({', '.join(['Tensor'] * n)})"
        return f"({', '.join(params)}) -> {returns}"

    def _register(self) -> None:
        import torch

        order = [a["name"] for a in self.args if a.get("role") != "out"]
        everything = [a["name"] for a in self.args]

        def run(values: dict[str, Any]) -> None:
            sizes = self.check(values)  # again: the op may be called directly, not through __call__
            self.check_alignment(values)
            blocks = self.grid({**sizes, **{a["name"]: values[a["name"]] for a in self.args if _index_scalar(a)}})
            if blocks == 0:
                return
            device = values[self.tensors[0]["name"]].device
            with torch.cuda.device(device):
                self._launch({**values, **sizes}, blocks, torch.cuda.current_stream(device).cuda_stream)

        def functional(*args: Any) -> Any:
            values = dict(zip(order, args, strict=True))
            sizes = self._sizes_of(values)
            device = values[next(a["name"] for a in self.tensors if a["name"] in values)].device
            outs = [torch.empty(self.output_shape(o, sizes), dtype=self._dtype[o], device=device) for o in self.outputs]
            values.update(zip(self.outputs, outs, strict=True))
            run(values)
            return _returned(outs)

        def fake(*args: Any) -> Any:
            values = dict(zip(order, args, strict=True))
            sizes = self._sizes_of(values)
            first = values[next(a["name"] for a in self.tensors if a["name"] in values)]
            outs = [first.new_empty(self.output_shape(o, sizes), dtype=self._dtype[o]) for o in self.outputs]
            return _returned(outs)

        def with_outputs(*args: Any) -> None:
            run(dict(zip(everything, args, strict=True)))

        def with_outputs_fake(*args: Any) -> None:
            return None

        for suffix, schema, impl, fake_impl in (
            ("", self._schema(False), functional, fake),
            ("_out", self._schema(True), with_outputs, with_outputs_fake),
        ):
            name = self.op_name + suffix
            self._lib.define(name + schema)
            self._lib.impl(name, impl, "CUDA")
            torch.library.register_fake(f"twillc::{name}", fake_impl, lib=self._lib)
        self.op = getattr(torch.ops.twillc, self.op_name)
        self.op_out = getattr(torch.ops.twillc, self.op_name + "_out")
        self._order, self._everything = order, everything

    def _sizes_of(self, values: Mapping[str, Any]) -> dict[str, int]:
        sizes: dict[str, int] = {}
        for a in self.tensors:
            if a["name"] in values:
                for d, n in zip(a["shape"], values[a["name"]].shape, strict=True):
                    if isinstance(d, str):
                        sizes.setdefault(d, n)
        return sizes

    def launch(self, values: Mapping[str, Any], blocks: int) -> None:
        """Launch at a grid the caller chooses (a persistent kernel, whose grid
        the signature leaves open): every argument by name, checked as a call
        is, on the current CUDA stream."""
        import torch

        sizes = self.check({a["name"]: values[a["name"]] for a in self.args})
        self.check_alignment(values)
        device = values[self.tensors[0]["name"]].device
        with torch.cuda.device(device):
            self._launch({**values, **sizes}, blocks, torch.cuda.current_stream(device).cuda_stream)

    # -- the call -----------------------------------------------------------------------
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        values = self.bind(args, kwargs)
        self.check(values)
        given = [o for o in self.outputs if o in values]
        if given and len(given) != len(self.outputs):
            left = [o for o in self.outputs if o not in values]
            raise ArgumentError(f"{self.name}: pass every output or none (missing {', '.join(left)})")
        if given:
            self.op_out(*(values[n] for n in self._everything))
            return _returned([values[o] for o in self.outputs])
        return self.op(*(values[n] for n in self._order))


def _index_scalar(a: Mapping[str, Any]) -> bool:
    """Whether argument `a` is an integer scalar, which the grid's index
    expressions may name (docs/language.md: an integer scalar argument is an
    index)."""
    return bool(a["kind"] == "scalar" and a["dtype"].startswith("i"))


def _returned(outs: list[Any]) -> Any:
    """What a call returns: None (the kernel only updates tensors passed in), the output, or a tuple."""
    return None if not outs else outs[0] if len(outs) == 1 else tuple(outs)


def _alias(i: int) -> str:
    """The i-th alias set of a mutated tensor in a schema: a .. z, aa .. zz, ..."""
    return "abcdefghijklmnopqrstuvwxyz"[i % 26] * (1 + i // 26)


def _sizes_text(sizes: Mapping[str, int]) -> str:
    return " ".join(f"{k}={v}" for k, v in sizes.items())


_LOADED: dict[str, Kernel] = {}


def load(path: str | Path) -> Kernel:
    """The kernel in a shared library built by `twillc k.tile -o k.so`, as a
    callable on torch tensors (see `Kernel`). Loading the same file's bytes
    again returns the same kernel (its custom op is registered once)."""
    path = Path(path)
    lib = _open(path)
    sig = _read_signature(lib, path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    if digest not in _LOADED:
        _LOADED[digest] = Kernel(path, lib, sig, digest)
    return _LOADED[digest]


__all__ = ["ArgumentError", "Kernel", "LoadError", "grid_of", "index_expr", "load", "signature_of"]
