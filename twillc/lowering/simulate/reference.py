"""A reference interpreter of the `tile` loop: numpy tile math for every op
of the language, on deterministic pseudo-random inputs of the kernel's
element types (docs/simulation.md).

Tensors are unbounded and lazy: element (r, c) of a tensor is a fixed
function of its name and coordinates, so loads of any tile shape agree with
each other. Stores (and `store +=`) land in a dictionary keyed by tensor and
tile coordinates. The loop runs `trips` iterations, j = lb + kt * step (the
trip count is the caller's, not the bound's); the mask split is ignored (the
loop as written). `Machine.apply` is the one place an op's semantics live:
the warp-program simulator calls it too."""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, IntegerType, ModuleOp, i1
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.dialects.tile_masks import AndOp, CmpOp, IotaOp, OrOp, SelectOp
from twillc.transforms.common import located_error
from twillc.transforms.index_remat import rematerialized
from twillc.transforms.loop_segments import PASS_PREFIX

CMPI = (operator.eq, operator.ne, *(operator.lt, operator.le, operator.gt, operator.ge) * 2)
"""`arith.cmpi`'s predicates in `arith.CmpiOp.predicate`'s order (signed, then unsigned)."""

LOGIC_I1 = {"arith.andi": operator.and_, "arith.ori": operator.or_, "arith.xori": operator.ne}
"""`&` / `|` / `^` of uniform conditions."""


def np_dtype(t) -> type:
    """The numpy type holding a tile element: f16 as float16 (its rounding
    emulated), i32 / i8 / i1 as int32 / int8 / bool (integer arithmetic
    wraps as on the GPU), everything else (f32, bf16, fp8) as float32."""
    name = str(t.element_type if isinstance(t, tile.TileType) else t)
    if "f16" in name and "bf16" not in name:
        return np.float16
    if name.endswith("i1") or name == "i1":
        return np.bool_
    for bits, signed, unsigned in ((8, np.int8, np.uint8), (16, np.int16, np.uint16), (32, np.int32, np.uint32)):
        if name.endswith(f"ui{bits}"):
            return unsigned
        if name.endswith(f"i{bits}") and bits != 32:
            return signed
    if "i32" in name or "index" in name or name.endswith("i64"):
        return np.int32
    return np.float32


def _trunc_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Integer division truncating towards zero, as C's `/` (and Triton's `arith.divsi`)."""
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def _lazy(seed: int, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    x = (rows.astype(np.int64) * 7919 + cols.astype(np.int64) * 104729 + seed * 15485863) % 2147483647
    x = (x * 48271) % 2147483647
    return (x / 2147483647.0 - 0.5).astype(np.float32)


@dataclass
class Machine:
    """What both interpreters share: the inputs, the index arithmetic, the
    ops' semantics, and the stores."""

    func: Operation
    bid: int = 0
    sizes: dict[str, int] = field(default_factory=dict)
    default_size: int = 4096
    seed: int = 0
    stores: dict[tuple, np.ndarray] = field(default_factory=dict)
    passed: dict[str, np.ndarray] = field(default_factory=dict)
    """What a loop of several stores for a later one (`tw_pass_*` tensors,
    `twillc.transforms.loop_segments`), by tensor name, element by element
    (NaN where nothing was stored): what a load of such a tensor reads,
    whatever tiles the loops' sub-tiling cut it into."""
    block_yz: tuple[int, int] = (0, 0)
    """The block's index along the grid's y and z axes (`bid_y`, `bid_z`)."""

    def __post_init__(self) -> None:
        self.args: dict[SSAValue, object] = {}
        block: Block = self.func.regions[0].block
        for i, a in enumerate(block.args):
            if isinstance(a.type, tile.TensorType):
                self.args[a] = ("tensor", i, a.type)
            elif isinstance(a.type, IntegerType):  # an integer scalar argument (an index): a size's value
                self.args[a] = int(self.sizes.get(a.name_hint or "", self.default_size))
            else:  # a scalar argument
                self.args[a] = np.float32(0.0625 * (1 + (self.seed + 3 * i) % 7))
        self.block = block

    def where(self) -> str:
        """The block's index as the messages name it: `bid`, or `(bid, bid_y, bid_z)`."""
        return str(self.bid) if self.block_yz == (0, 0) else str((self.bid, *self.block_yz))

    def grid_blocks(self) -> list[tuple[int, int]]:
        """The blocks along y and z a simulation runs for each block along x:
        the first and the last along each axis the kernel reads (its
        `tile.block_id`'s extent at these sizes), just (0, 0) where it reads none."""
        along: list[list[int]] = [[0], [0]]
        for op in self.func.walk():
            if isinstance(op, tile.BlockIdOp) and op.extent is not None:
                n = int(self.scalar(op.extent, {}))  # type: ignore[call-overload]
                along[op.grid_axis - 1] = sorted({0, n - 1}) if n > 0 else []
        return [(y, z) for y in along[0] for z in along[1]]

    # -- index and scalar values ------------------------------------------
    def scalar(self, v: SSAValue, env: dict[SSAValue, object]):
        if v in env:
            return env[v]
        if v in self.args:
            return self.args[v]
        op = v.owner
        assert isinstance(op, Operation), f"unbound value {v}"
        name = op.name
        if isinstance(op, tile.BlockIdOp):
            return self.bid if op.grid_axis == 0 else self.block_yz[op.grid_axis - 1]
        if isinstance(op, tile.SizeOp):
            return self.sizes.get(op.sym.data, self.default_size)
        if name == "arith.constant":
            val = op.properties["value"] if "value" in op.properties else op.attributes.get("value")
            if isinstance(val, IntegerAttr):
                return bool(val.value.data) if val.type == i1 else int(val.value.data)
            assert isinstance(val, FloatAttr)
            return np.float32(val.value.data)
        if isinstance(op, tile.LoadScalarOp):  # read where it is used, as the CUDA does
            return self.load_scalar(op, [int(self.scalar(i, env)) for i in op.indices])
        xs = [self.scalar(o, env) for o in op.operands]
        if name == "arith.index_cast":
            return int(xs[0])
        if name in SCALAR_FLOAT:
            with np.errstate(all="ignore"):
                return np.float32(SCALAR_FLOAT[name](*[np.float32(x) for x in xs]))
        ops = {
            "arith.addi": lambda a, b: a + b,
            "arith.subi": lambda a, b: a - b,
            "arith.muli": lambda a, b: a * b,
            "arith.divui": lambda a, b: a // b,
            "arith.divsi": lambda a, b: int(a / b),
            "arith.floordivsi": lambda a, b: a // b,
            "arith.ceildivsi": lambda a, b: -(-a // b),
            "arith.ceildivui": lambda a, b: -(-a // b),
            "arith.remui": lambda a, b: a % b,
            "arith.remsi": lambda a, b: int(math.fmod(a, b)),
            "arith.shli": lambda a, b: a << b,
            "arith.shrsi": lambda a, b: a >> b,
            "arith.maxsi": max,
            "arith.minsi": min,
            "arith.maxui": max,
            "arith.minui": min,
            "arith.addf": lambda a, b: np.float32(a + b),
            "arith.mulf": lambda a, b: np.float32(a * b),
        }
        if isinstance(op, arith.SelectOp):  # a branch's trip count, `guard ? n : 0`
            return xs[1] if xs[0] else xs[2]
        if isinstance(op, arith.CmpiOp):  # a uniform condition
            return bool(CMPI[op.predicate.value.data](xs[0], xs[1]))
        if name in LOGIC_I1 and op.results[0].type == i1:
            return bool(LOGIC_I1[name](xs[0], xs[1]))
        if name in ops:
            if ("div" in name or "rem" in name) and xs[1] == 0:  # the kernel's own: undefined on the GPU too
                raise located_error(
                    op, f"simulate: this index expression divides by zero in block {self.where()} (sizes {self.sizes})"
                )
            return ops[name](*xs)
        raise NotImplementedError(f"simulate: no semantics for scalar op '{name}'")

    # -- memory ------------------------------------------------------------
    def _tensor(self, v: SSAValue) -> tuple[int, tile.TensorType]:
        kind = self.args.get(v)
        assert isinstance(kind, tuple), "a load or store of a value that is not a tensor argument"
        return kind[1], kind[2]

    def load(self, op: tile.LoadOp, idx: list[int]) -> np.ndarray:
        seed, tt = self._tensor(op.tensor)
        if (op.tensor.name_hint or "").startswith(PASS_PREFIX):
            got = self._passed_tile(op.tensor.name_hint, op.result.type.get_shape(), idx)  # type: ignore[arg-type]
            return got.astype(np_dtype(op.result.type))
        t = op.result.type
        shape = t.get_shape()
        if len(shape) == 1:
            rows = idx[0] * shape[0] + np.arange(shape[0])
            vals = _lazy(self.seed * 131 + seed, rows, np.zeros_like(rows))
        else:
            rows = idx[0] * shape[0] + np.arange(shape[0])[:, None]
            cols = idx[1] * shape[1] + np.arange(shape[1])[None, :]
            vals = _lazy(self.seed * 131 + seed, rows, cols)
        dt = np_dtype(t)
        if np.issubdtype(dt, np.integer):  # integers spread over the type's range (i8: -128..127)
            bits = min(8 * np.dtype(dt).itemsize, 16)
            ints = np.floor((vals.astype(np.float64) + 0.5) * 2.0**bits).astype(np.int64) - 2 ** (bits - 1)
            return np.clip(ints, -(2 ** (bits - 1)), 2 ** (bits - 1) - 1).astype(dt)
        return (0.5 * vals).astype(dt)

    def load_scalar(self, op: tile.LoadScalarOp, idx: list[int]):
        """One element, as the tile loads of the tensor read it (`_lazy` at its row and column); a
        number an earlier loop passed, as it stored it."""
        if (op.tensor.name_hint or "").startswith(PASS_PREFIX):
            return np.float32(self._passed_tile(op.tensor.name_hint, (1,), idx)[0])
        seed, _ = self._tensor(op.tensor)
        rows = np.asarray([idx[0]])
        cols = np.asarray([idx[1] if len(idx) > 1 else 0])
        val = _lazy(self.seed * 131 + seed, rows, cols)[0]
        if isinstance(op.result.type, IntegerType):  # an index read from memory: small, not negative
            return int(np.floor(val * 8.0))
        return np.float32(0.5 * val)

    def _passed_tile(self, name: str, shape: tuple[int, ...], idx: list[int], value: np.ndarray | None = None):
        """Read (value None) or write the tile at `idx` of passed tensor `name`."""
        rows = slice(idx[0] * shape[0], (idx[0] + 1) * shape[0])
        cols = slice(idx[1] * shape[1], (idx[1] + 1) * shape[1]) if len(shape) == 2 else slice(0, 1)
        need = (rows.stop, cols.stop)
        have = self.passed.get(name, np.full((0, 0), np.nan, np.float64))
        if have.shape[0] < need[0] or have.shape[1] < need[1]:
            grown = np.full((max(have.shape[0], need[0]), max(have.shape[1], need[1])), np.nan, np.float64)
            grown[: have.shape[0], : have.shape[1]] = have
            self.passed[name] = have = grown
        if value is not None:
            have[rows, cols] = value.reshape(shape[0], -1)
            return None
        return have[rows, cols].reshape(shape)

    def store(self, op: Operation, value: np.ndarray, idx: list[int]) -> None:
        seed, _ = self._tensor(op.tensor)
        name = op.tensor.name_hint or ""  # type: ignore[attr-defined]
        if name.startswith(PASS_PREFIX):  # a value passed to a later loop, not the kernel's output
            self._passed_tile(name, value.shape, idx, value)
            return
        key = (seed, tuple(idx), value.shape)
        if isinstance(op, tile.StoreAddOp):
            self.stores[key] = self.stores.get(key, np.zeros_like(value)) + value
        else:
            self.stores[key] = value.copy()

    # -- tile math ---------------------------------------------------------
    def apply(self, op: Operation, xs: list, idx: list[int] | None = None) -> list:
        """The results of `op` on operand values `xs` (tiles as numpy
        arrays, scalars as numbers); loads and stores take their tile
        coordinates `idx`."""
        t = op.results[0].type if op.results else None
        dt = np_dtype(t) if t is not None else None
        if isinstance(op, tile.LoadOp):
            assert idx is not None
            return [self.load(op, idx)]
        if isinstance(op, tile.LoadScalarOp):  # element `idx` of the tensor a tile load reads there too
            assert idx is not None
            return [self.load_scalar(op, idx)]
        if isinstance(op, tile.StoreScalarOp):
            assert idx is not None
            if (op.tensor.name_hint or "").startswith(PASS_PREFIX):  # a number passed to a later loop
                self._passed_tile(op.tensor.name_hint, (1,), idx, np.asarray([xs[0]]))
                return []
            seed, _ = self._tensor(op.tensor)
            self.stores[(seed, tuple(idx), ())] = np.asarray(xs[0])
            return []
        if isinstance(op, tile.AllReductionOp):
            x = np.asarray(xs[0], np.float32)
            return [np.float32(x.max() if isinstance(op, tile.AllMaxOp) else x.sum())]
        if isinstance(op, tile.StoreOp | tile.StoreAddOp):
            assert idx is not None
            self.store(op, np.asarray(xs[0]), idx)
            return []
        if isinstance(op, tile.MmaOp) and np.issubdtype(dt, np.integer):  # int8 x int8, exact in i32 (wrapping)
            a, b = np.asarray(xs[0], np.int64), np.asarray(xs[1], np.int64)
            a = a.T if op.transpose_lhs else a
            b = b.T if op.transpose_rhs else b
            r = a @ b + (np.asarray(xs[2], np.int64) if op.acc is not None else 0)
            return [np.asarray(r).astype(dt)]
        if isinstance(op, tile.MmaOp):
            a = np.asarray(xs[0], np.float32)
            b = np.asarray(xs[1], np.float32)
            a = a.T if op.transpose_lhs else a
            b = b.T if op.transpose_rhs else b
            r = a @ b
            if op.acc is not None:
                r = r + np.asarray(xs[2], np.float32)
            return [r.astype(dt)]
        if isinstance(op, tile.ZerosOp):
            return [np.zeros(t.get_shape(), dt)]
        if isinstance(op, tile.FullOp):
            return [np.full(t.get_shape(), op.value.value.data, dt)]
        if isinstance(op, IotaOp) and len(t.get_shape()) == 1:  # a vector's element indices
            return [np.arange(t.get_shape()[0]).astype(dt)]
        if isinstance(op, IotaOp):
            shape = t.get_shape()
            d = op.dim.value.data
            axis = np.arange(shape[d]).reshape([-1 if k == d else 1 for k in range(len(shape))])
            return [np.broadcast_to(axis, shape).astype(dt)]
        if isinstance(op, tile.CastOp):
            x = np.asarray(xs[0])
            if np.issubdtype(x.dtype, np.integer) and np.issubdtype(dt, np.integer):
                return [x.astype(dt)]  # a width or signedness change wraps (two's complement), as C's
            return [x.astype(np.float32 if not np.issubdtype(dt, np.integer) else np.float64).astype(dt)]
        if isinstance(op, tile.InterleaveOp):
            axis = op.axis.value.data
            pair = np.stack([np.asarray(xs[0]), np.asarray(xs[1])], axis=axis + 1)
            shape = list(pair.shape[: axis + 1]) + list(pair.shape[axis + 2 :])
            shape[axis] *= 2
            return [pair.reshape(shape).astype(dt)]
        if isinstance(op, tile.ReductionOp):
            x = np.asarray(xs[0], np.float32)
            return [(x.max(axis=1) if isinstance(op, tile.RowMaxOp) else x.sum(axis=1)).astype(dt)]
        if isinstance(op, tile.ColumnReductionOp):
            x = np.asarray(xs[0], np.float32)
            return [(x.max(axis=0) if isinstance(op, tile.ColMaxOp) else x.sum(axis=0)).astype(dt)]
        if isinstance(op, tile.ExpandDimsOp):
            return [np.expand_dims(np.asarray(xs[0]), op.axis.value.data).astype(dt)]
        if isinstance(op, tile.UnaryOp):
            x = np.asarray(xs[0], np.float32)
            with np.errstate(all="ignore"):
                f = {
                    tile.ExpOp: np.exp,
                    tile.Exp2Op: np.exp2,
                    tile.LogOp: np.log,
                    tile.Log2Op: np.log2,
                    tile.RsqrtOp: lambda v: 1 / np.sqrt(v),
                    tile.SqrtOp: np.sqrt,
                    tile.TanhOp: np.tanh,
                    tile.SigmoidOp: lambda v: 1 / (1 + np.exp(-v)),
                    tile.ErfOp: _erf,
                    tile.Log1pOp: np.log1p,
                    tile.AbsOp: np.abs,
                    tile.NegOp: np.negative,
                }[type(op)]
                return [f(x).astype(dt)]
        shape = t.get_shape() if isinstance(t, tile.TileType) else ()
        ys = [_broadcast(x, shape) for x in xs]
        with np.errstate(all="ignore"):
            if isinstance(op, tile.IntegerBinaryOp):  # in the element type, wrapping (two's complement)
                a, b = (np.asarray(y).astype(dt) for y in ys)
                g = {
                    tile.ShlOp: np.left_shift,
                    tile.ShrOp: np.right_shift,  # arithmetic on a signed dtype, logical on an unsigned one
                    tile.BitAndOp: np.bitwise_and,
                    tile.BitOrOp: np.bitwise_or,
                    tile.RemOp: np.fmod,  # truncating, as C's `%`
                }[type(op)]
                return [np.asarray(g(a, b)).astype(dt)]
            if isinstance(op, tile.BinaryOp):
                wide = np.int64 if np.issubdtype(dt, np.integer) else np.float32
                a, b = (np.asarray(y).astype(wide) for y in ys)
                f = {
                    tile.AddOp: np.add,
                    tile.SubOp: np.subtract,
                    tile.MulOp: np.multiply,
                    tile.DivOp: _trunc_div if np.issubdtype(dt, np.integer) else np.divide,
                    tile.MaxOp: np.maximum,
                    tile.MinOp: np.minimum,
                }[type(op)]
                return [np.asarray(f(a, b)).astype(dt)]
            if isinstance(op, CmpOp):
                f = {
                    "lt": np.less,
                    "le": np.less_equal,
                    "gt": np.greater,
                    "ge": np.greater_equal,
                    "eq": np.equal,
                    "ne": np.not_equal,
                }[op.predicate.data]
                return [np.asarray(f(ys[0], ys[1]))]
            if isinstance(op, AndOp | OrOp):
                f = np.logical_and if isinstance(op, AndOp) else np.logical_or
                return [np.asarray(f(ys[0], ys[1]))]
            if isinstance(op, SelectOp):
                return [np.where(ys[0], ys[1], ys[2]).astype(dt)]
        raise NotImplementedError(f"simulate: no semantics for '{op.name}'")

    # -- the function around the loop ------------------------------------------
    def operands(self, op: Operation, env: dict[SSAValue, object], j: int | None = None) -> tuple[list, list[int]]:
        """An op outside the loop's operand values and tile coordinates."""
        if isinstance(op, tile.LoadOp | tile.StoreOp | tile.StoreAddOp | tile.LoadScalarOp | tile.StoreScalarOp):
            idx = [int(self.scalar(i, env)) for i in op.indices]
            xs = [self.value(op.value, env)] if not isinstance(op, tile.LoadOp | tile.LoadScalarOp) else []
            return xs, idx
        return [self.value(v, env) for v in op.operands], []

    def value(self, v: SSAValue, env: dict[SSAValue, object]):
        if v in env:
            return env[v]
        if isinstance(v.type, tile.TileType):
            raise KeyError(f"tile value {v.name_hint or v} read before it is computed")
        return self.scalar(v, env)

    def before_and_after(self, loop: tile.ForOp) -> tuple[list[Operation], list[Operation]]:
        ops = list(self.block.ops)
        i = ops.index(loop)
        return ops[:i], ops[i + 1 :]

    def run_outside(self, ops: list[Operation], env: dict[SSAValue, object]) -> None:
        for op in ops:
            if op.dialect_name() != "tile" or isinstance(op, tile.BlockIdOp | tile.SizeOp):
                continue  # twill ops, index arithmetic (evaluated on demand), func.return
            xs, idx = self.operands(op, env)
            for r, x in zip(op.results, self.apply(op, xs, idx), strict=True):
                env[r] = x


def find_func(module: ModuleOp) -> Operation:
    for op in module.walk():
        if op.name == "func.func":
            return op
    raise ValueError("simulate: the module has no func.func")


def loop_of(func: Operation) -> tile.ForOp:
    for op in func.regions[0].block.ops:
        if isinstance(op, tile.ForOp):
            return op
    raise ValueError("simulate: the function has no tile.for")


def body_operand(m: Machine, v: SSAValue, loop: tile.ForOp, env: dict, j: int, local: dict[SSAValue, object]) -> object:
    """A loop op's operand that is not a value of the loop's costed ops:
    the induction variable, index arithmetic inside the loop, or a value from
    before it."""
    body = loop.body.block
    if isinstance(v, BlockArgument) and v.block is body and v.index == 0:
        return j
    if v in local:
        return local[v]
    if rematerialized(v.owner) and v not in env:  # type: ignore[arg-type]  # an index tile computed at each read
        op = v.owner
        xs = [body_operand(m, x, loop, env, j, local) for x in op.operands]  # type: ignore[union-attr]
        return m.apply(op, xs)[0]  # type: ignore[arg-type]
    if isinstance(v.type, tile.TileType):
        return m.value(v, env)
    inner = dict(env)
    inner.update(local)  # the iteration's loaded and reduced numbers
    inner[body.args[0]] = j
    return m.scalar(v, inner)


def run_reference(
    module: ModuleOp,
    trips: int,
    bid: int = 0,
    sizes: dict[str, int] | None = None,
    seed: int = 0,
    block_yz: tuple[int, int] = (0, 0),
):
    """The function run as written in block (`bid`, *`block_yz`*), each loop
    for `trips` iterations (a kernel with several loops runs them in order):
    the stores (tensor, tile coordinates, shape) -> tile, and the last loop's
    results."""
    func = find_func(module)
    m = Machine(func, bid, dict(sizes or {}), seed=seed, block_yz=block_yz)
    env: dict[SSAValue, object] = {}
    carried: list = []
    outside: list[Operation] = []
    for op in m.block.ops:
        if not isinstance(op, tile.ForOp):
            outside.append(op)
            continue
        m.run_outside(outside, env)
        outside = []
        carried = run_loop(m, op, env, trips)
    m.run_outside(outside, env)
    return m.stores, carried


def run_loop(m: Machine, loop: tile.ForOp, env: dict[SSAValue, object], trips: int) -> list:
    """One loop run for `trips` iterations; its results bound in `env`."""
    body = loop.body.block
    carried = [m.value(v, env) for v in loop.iter_args]
    lb, step = int(m.scalar(loop.lb, env)), int(m.scalar(loop.step, env))
    for kt in range(trips):
        j = lb + kt * step
        local: dict[SSAValue, object] = dict(zip(body.args[1:], carried, strict=True))
        for op in body.ops:
            if isinstance(op, tile.YieldOp):
                carried = [local[v] if v in local else body_operand(m, v, loop, env, j, local) for v in op.operands]
                continue
            if op.dialect_name() != "tile":
                continue
            xs, idx = loop_operands(m, op, loop, env, j, local)
            for r, x in zip(op.results, m.apply(op, xs, idx), strict=True):
                local[r] = x
    for r, x in zip(loop.res, carried, strict=True):
        env[r] = x
    return carried


def loop_operands(m: Machine, op: Operation, loop: tile.ForOp, env: dict, j: int, local: dict):
    """A loop op's operand values (`local` holds the values of this
    iteration and the carried ones) and, for a load or store, its tile
    coordinates."""
    if isinstance(op, tile.LoadOp | tile.StoreOp | tile.StoreAddOp | tile.LoadScalarOp | tile.StoreScalarOp):
        idx = [int(body_operand(m, i, loop, env, j, local)) for i in op.indices]
        loads = tile.LoadOp | tile.LoadScalarOp
        xs = [] if isinstance(op, loads) else [body_operand(m, op.value, loop, env, j, local)]
        return xs, idx
    return [body_operand(m, v, loop, env, j, local) for v in op.operands], None


SCALAR_FLOAT = {
    "arith.subf": lambda a, b: a - b,
    "arith.divf": lambda a, b: a / b,
    "arith.maxnumf": max,
    "arith.maximumf": max,
    "arith.minnumf": min,
    "arith.minimumf": min,
    "arith.negf": lambda a: -a,
    "arith.sitofp": lambda a: a,
    "arith.extf": lambda a: a,
    "arith.truncf": lambda a: a,
    "math.exp": np.exp,
    "math.exp2": np.exp2,
    "math.log": np.log,
    "math.log2": np.log2,
    "math.rsqrt": lambda a: 1 / np.sqrt(a),
    "math.sqrt": np.sqrt,
    "math.tanh": np.tanh,
    "math.erf": math.erf,
    "math.log1p": np.log1p,
    "math.absf": abs,
}
"""Scalar float ops (a loaded or reduced number, a scalar argument) and their values."""

_erf = np.vectorize(math.erf, otypes=[np.float64])
"""The error function elementwise (numpy has none; math.erf per element)."""


def _broadcast(x, shape: tuple[int, ...]):
    """A rank-1 tile against a rank-2 result repeats along each row (a
    per-column value is `[1, C]` in the IR, which numpy broadcasts down the
    columns as it is)."""
    if isinstance(x, np.ndarray) and x.ndim == 1 and len(shape) == 2:
        return x[:, None]
    return x


def unsimulated_number(loop: tile.ForOp) -> Operation | None:
    """The first op of the loop body computing a number (not an index, not a
    tile) from a reduction's result or from a number the loop carries
    (`best = max(best, max(x))`): the warp-specialized simulator runs each
    costed op on its warp and evaluates scalar arithmetic where it is read,
    which needs the numbers it reads to be a scalar argument's, a constant's
    or one read from memory (`tile.load_scalar`, read where used)."""
    body = loop.body.block

    def computed(v: SSAValue) -> bool:
        if isinstance(v, BlockArgument):
            return v.block is body and v.index >= 1
        owner = v.owner
        if isinstance(owner, tile.LoadScalarOp) or not isinstance(owner, Operation) or owner.parent_block() is not body:
            return False
        return owner.dialect_name() == "tile" or any(computed(o) for o in owner.operands)

    for op in body.ops:
        if op.dialect_name() in ("arith", "math") and op.results and not isinstance(op.results[0].type, IndexType):
            if any(computed(o) for o in op.operands):
                return op
    return None
