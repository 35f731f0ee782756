"""`sub-tile{parts=2}`: split the rows of a chain of tiles into `parts`
independent chains (data partitioning), so that the parts can live on
different warp groups, as FA3 / FA4 / CUTLASS split a 128-row tile into two
halves. The result is plain `tile` IR, what an expert writes by hand
(`examples/attn_fwd_h100.tile` is `examples/attn_fwd_h100_natural.tile`
split in two).

Which dimensions split together is a dimension analysis over the kernel's
`tile` IR, not a pattern: every dimension of every tile value is a node of a
union-find, and each op unifies the dimensions it ties:

- `mma`: result rows ~ lhs rows, result columns ~ rhs columns, lhs columns ~
  rhs rows (the contraction), accumulator ~ result; a transposed operand
  swaps its two dimensions;
- element-wise ops and casts (comparisons, `&` / `|` and `where` too):
  operand dims ~ result dims; a row vector broadcast over a rank-2 tile
  ties its one dim to the rows;
- `rowmax` / `rowsum`: result dim ~ input rows (the input's columns are reduced);
- `allsum` / `allmax` (a tile to one number) tie nothing: each part reduces
  its own rows, and the parts' numbers are combined (`+`, `max`, part 0
  first) into the one number the kernel reads (an RMSNorm backward's
  `sum(m * x)` over a row of 4096 columns, in parts of 1024);
- the loop: carried initial value ~ block argument ~ yielded value ~ result.

Loads, stores, `zeros`, `full` and index tiles are where a class starts
and ends: a split load reads the part `p` of `n` at tile index `n * i + p`
(a load's indices count tiles of its own shape) with a tile of rows / n; a
split index tile along its own dimension (`iota_rows` cut in rows) is the
part's index tile plus the part's offset, `p * rows / n`.

A split is refused, as a variant that does not exist, when it would cut an
MMA's contraction dimension or a row reduction's reduced dimension, when the
rows do not divide in `parts`, or when the parts' MMA rows are not what the
target's MMA instruction works on (multiples of m64 on sm_90a; the 128-row
tensor-memory block of one CTA on sm_100a). Values that do not carry the
split dimension (K, V, B tiles) stay shared by the parts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp, i32
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass

from twillc.dialects import tile
from twillc.dialects.tile_scalars import AllMaxOp, AllReductionOp
from twillc.target.machine import Machine
from twillc.transforms.common import located_error, module_machine

Dim = tuple[SSAValue, int]


def mma_row_facts(machine: Machine) -> tuple[int, int]:
    """(row unit of a part, largest rows of one MMA op, 0 for none) on
    `machine`, from its MMA instruction shapes (`[mma]`): a part's rows are a
    multiple of the instruction's; where accumulators live in tensor memory a
    part fills the 128 lanes one CTA's tcgen05.mma writes (the emitter holds
    a 128-row tile, one row per thread)."""
    unit = machine.mma.row_multiple
    if machine.accumulator_in_tmem:
        unit = max(unit, machine.mma.max_rows or unit)
    return unit, machine.mma.max_rows or 0


class _Classes:
    """Union-find over tile dimensions."""

    def __init__(self) -> None:
        self.parent: dict[Dim, Dim] = {}

    def find(self, d: Dim) -> Dim:
        self.parent.setdefault(d, d)
        root = d
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[d] != root:
            self.parent[d], d = root, self.parent[d]
        return root

    def union(self, a: Dim, b: Dim) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra


def _shape(value: SSAValue) -> tuple[int, ...]:
    ty = value.type
    return ty.get_shape() if isinstance(ty, tile.TileType) else ()


def _dims(value: SSAValue) -> list[Dim]:
    return [(value, k) for k in range(len(_shape(value)))]


def _mma_dims(op: tile.MmaOp) -> tuple[Dim, Dim, Dim, Dim]:
    """(lhs rows, lhs contraction, rhs contraction, rhs columns)."""
    lr, lk = ((op.lhs, 1), (op.lhs, 0)) if op.transpose_lhs else ((op.lhs, 0), (op.lhs, 1))
    rk, rn = ((op.rhs, 1), (op.rhs, 0)) if op.transpose_rhs else ((op.rhs, 0), (op.rhs, 1))
    return lr, lk, rk, rn


@dataclass
class DimAnalysis:
    """The dimension classes of a kernel and the dims that must not be cut."""

    classes: _Classes = field(default_factory=_Classes)
    contractions: list[tuple[Dim, Operation]] = field(default_factory=list)
    reduced: list[tuple[Dim, Operation]] = field(default_factory=list)
    mmas: list[tile.MmaOp] = field(default_factory=list)
    opaque: list[Operation] = field(default_factory=list)
    """Ops with tile values this analysis does not know: nothing through them splits."""

    def same(self, a: Dim, b: Dim) -> bool:
        return self.classes.find(a) == self.classes.find(b)


SOURCES = (tile.LoadOp, tile.ZerosOp, tile.FullOp, tile.IotaOp)
ELEMENTWISE = (tile.BinaryOp, tile.CmpOp, tile.LogicOp, tile.SelectOp)
"""Element-wise ops with broadcasting: same-rank operands tie every dim to
the result's, a row vector its one dim to the rows."""


def analyze(func: FuncOp) -> DimAnalysis:
    an = DimAnalysis()
    uf = an.classes
    for op in func.walk():
        for r in op.results:
            for d in _dims(r):
                uf.find(d)
        if isinstance(op, tile.MmaOp):
            lr, lk, rk, rn = _mma_dims(op)
            uf.union((op.result, 0), lr)
            uf.union((op.result, 1), rn)
            uf.union(lk, rk)
            if op.acc is not None:
                uf.union((op.acc, 0), (op.result, 0))
                uf.union((op.acc, 1), (op.result, 1))
            an.contractions.append((lk, op))
            an.mmas.append(op)
        elif isinstance(op, tile.UnaryOp | tile.CastOp):
            for k in range(len(_shape(op.result))):
                uf.union((op.input, k), (op.result, k))
        elif isinstance(op, ELEMENTWISE):
            rank = len(_shape(op.results[0]))
            for operand in op.operands:
                shape = _shape(operand)
                if len(shape) == rank:
                    for k in range(rank):  # a dimension of one ([1, C], [R, 1]) broadcasts: not tied
                        if shape[k] == _shape(op.results[0])[k]:
                            uf.union((operand, k), (op.results[0], k))
                elif shape:  # a row vector broadcast along the rows' columns
                    uf.union((operand, 0), (op.results[0], 0))
        elif isinstance(op, tile.ReductionOp):
            uf.union((op.input, 0), (op.result, 0))
            an.reduced.append(((op.input, 1), op))
        elif isinstance(op, tile.ColumnReductionOp):  # the rows are reduced: they do not split
            uf.union((op.input, 1), (op.result, 0))
            an.reduced.append(((op.input, 0), op))
        elif isinstance(op, tile.ExpandDimsOp):  # [N] -> [1, N] (axis 0) or [N, 1] (axis 1)
            uf.union((op.input, 0), (op.result, 1 - op.axis.value.data))
        elif isinstance(op, tile.ForOp):
            block = op.body.block
            yielded = block.last_op.operands if isinstance(block.last_op, tile.YieldOp) else ()
            for k, init in enumerate(op.iter_args):
                tied = [init, block.args[k + 1], op.res[k]] + ([yielded[k]] if k < len(yielded) else [])
                for value in tied[1:]:
                    for a, b in zip(_dims(tied[0]), _dims(value), strict=False):
                        uf.union(a, b)
        elif isinstance(op, (*SOURCES, tile.StoreOp, tile.StoreAddOp, tile.YieldOp, AllReductionOp)):
            pass
        elif any(_shape(v) for v in (*op.operands, *op.results)):
            an.opaque.append(op)
    return an


def _name(value: SSAValue) -> str:
    return value.name_hint or (value.owner.name if isinstance(value.owner, Operation) else "value")


def chain_dim(func: FuncOp, an: DimAnalysis, chain: str, columns: bool = False) -> Dim | str:
    """The dimension whose class splits: the rows of the value named
    `chain`, else the rows of the largest MMA result (first in program
    order), else the rows of the first carried tile; or why there is none.
    With `columns`, the columns of the value named `chain` or of the largest
    MMA result."""
    axis = 1 if columns else 0
    if chain:
        for op in func.walk():
            for r in op.results:
                if r.name_hint == chain and len(_shape(r)) > axis:
                    return (r, axis)
        return f"no tile value{' of two dimensions' if columns else ''} is named '{chain}'"
    if an.mmas:
        best = max(an.mmas, key=lambda m: _shape(m.result)[0] * _shape(m.result)[1])
        return (best.result, axis)
    if columns:
        return "the kernel has no MMA whose columns could split"
    for op in func.walk():
        if isinstance(op, tile.ForOp):
            for arg in op.iter_args:
                if _shape(arg):
                    return (arg, 0)
    return "the kernel has no MMA and no carried tile whose rows could split"


def split_refusal(
    func: FuncOp, an: DimAnalysis, dim: Dim, parts: int, machine: Machine, columns: bool = False
) -> tuple[Operation, str] | None:
    """Why splitting `dim`'s class in `parts` is not a variant, with the op
    to locate it at, or None. With `columns` (the columns of an MMA's
    result split), an MMA whose contraction the class is sums its parts'
    products into one result (`mma(a1, b1, mma(a0, b0, acc))`) instead of
    refusing."""
    owner = dim[0].owner
    where: Operation = owner if isinstance(owner, Operation) else func
    size = _shape(dim[0])[dim[1]]
    what = f"the {'columns' if columns else 'rows'} of '{_name(dim[0])}'"
    if parts < 2:
        return where, f"sub-tile: parts must be >= 2, got {parts}"
    for d, op in an.contractions:
        if an.same(d, dim) and (not columns or any(an.same(r, dim) for r in _dims(op.results[0]))):
            return op, f"sub-tile: splitting {what} would cut the contraction dimension of this mma"
    for d, op in an.reduced:
        if an.same(d, dim):
            kind = "column" if isinstance(op, tile.ColumnReductionOp) else "row"
            return op, f"sub-tile: splitting {what} would cut the dimension this {kind} reduction reduces"
    for op in an.opaque:
        if any(an.same(d, dim) for v in (*op.operands, *op.results) for d in _dims(v)):
            return op, f"sub-tile: splitting {what} would go through '{op.name}', which sub-tile does not split"
    if size % parts:
        return where, f"sub-tile: {what} ({size}) do not divide in {parts} parts"
    unit, most = mma_row_facts(machine)
    shape = machine.mma
    for op in an.mmas:
        if columns and an.same((op.result, 1), dim):
            cols = _shape(op.result)[1] // parts
            if cols % shape.col_multiple or (shape.max_cols and cols > shape.max_cols):
                return op, (
                    f"sub-tile: {parts} parts leave this mma {cols} columns; the MMA instructions of "
                    f"'{machine.name}' ({machine.arch}) take multiples of {shape.col_multiple}"
                    + (f" up to {shape.max_cols}" if shape.max_cols else "")
                )
            continue
        if columns and an.same(_mma_dims(op)[1], dim):  # the contraction: the parts' products summed
            k = _shape(op.lhs)[0 if op.transpose_lhs else 1] // parts
            step = machine.mma.k_8bit if _shape_bits(op.lhs) == 8 else machine.mma.k_16bit
            if k % step:
                return op, (
                    f"sub-tile: {parts} parts leave this mma K = {k}; the MMA instructions of "
                    f"'{machine.name}' ({machine.arch}) take multiples of {step}"
                )
            continue
        if an.same((op.result, 1), dim):
            return op, f"sub-tile: splitting {what} would split the columns of this mma (sub-tile splits rows)"
        if not an.same((op.result, 0), dim):
            continue
        rows = _shape(op.result)[0] // parts
        if rows % unit or (most and rows > most):
            rule = f"exactly {unit}" if unit == most else f"multiples of {unit}" + (f" up to {most}" if most else "")
            return op, (
                f"sub-tile: {parts} parts leave this mma {rows} rows; the MMA instructions of "
                f"'{machine.name}' ({machine.arch}) take {rule} rows"
            )
    return None


def _shape_bits(value: SSAValue) -> int:
    """Bits of a tile's element type."""
    from twillc.transforms.annotate_costs import element_bytes

    return 8 * element_bytes(value.type.element_type)  # type: ignore[attr-defined]


def oversized_mma(func: FuncOp, machine: Machine) -> tuple[Operation, str] | None:
    """An MMA with more rows than one MMA op of the target may have (it must be split)."""
    _, most = mma_row_facts(machine)
    for op in func.walk():
        if isinstance(op, tile.MmaOp) and most and _shape(op.result)[0] > most:
            return op, (
                f"this mma has {_shape(op.result)[0]} rows, more than one MMA of '{machine.name}' "
                f"({machine.arch}) computes ({most}): it must be sub-tiled"
            )
    return None


def kernel_func(module: ModuleOp) -> FuncOp:
    funcs = [op for op in module.walk() if isinstance(op, FuncOp)]
    if not funcs:
        raise located_error(module, "sub-tile: the module has no kernel function")
    return funcs[0]


def _part_name(hint: str | None, p: int) -> str | None:
    """`s` -> `s0`, `m_new` -> `m0_new`, `q1` -> `q1_0`: the examples' style."""
    if not hint:
        return None
    head, sep, rest = hint.partition("_")
    head = f"{head}_{p}" if head[-1:].isdigit() else f"{head}{p}"
    return head + sep + rest


class _Rewriter:
    """Rebuilds the kernel body with every op touching the split class
    replaced by one op per part."""

    def __init__(self, an: DimAnalysis, dim: Dim, parts: int, func: FuncOp):
        self.an, self.dim, self.n, self.func = an, dim, parts, func
        self.single: dict[SSAValue, SSAValue] = {}
        self.split: dict[SSAValue, list[SSAValue]] = {}
        self.consts: dict[int, SSAValue] = {}
        self.const_ops: list[Operation] = []
        self.partial: dict[SSAValue, list[SSAValue]] = {}
        """An `allsum` / `allmax` of a split tile: each part's number, combined by `combine`."""

    def cut(self, value: SSAValue) -> list[int]:
        return [k for k, d in enumerate(_dims(value)) if self.an.same(d, self.dim)]

    def part_type(self, value: SSAValue) -> tile.TileType:
        ty = value.type
        assert isinstance(ty, tile.TileType)
        shape = [s // self.n if k in self.cut(value) else s for k, s in enumerate(ty.get_shape())]
        return tile.TileType(shape, ty.element_type)

    def const(self, v: int) -> SSAValue:
        if v not in self.consts:
            op = arith.ConstantOp(IntegerAttr(v, IndexType()))
            self.const_ops.append(op)
            self.consts[v] = op.result
        return self.consts[v]

    def get(self, value: SSAValue, p: int) -> SSAValue:
        if value in self.split:
            return self.split[value][p]
        return self.single.get(value, value)

    def is_split(self, op: Operation) -> bool:
        return any(self.cut(v) for v in (*op.operands, *op.results))

    def index(self, idx: SSAValue, p: int, out: list[Operation]) -> SSAValue:
        mul = arith.MuliOp(self.const(self.n), self.get(idx, 0))
        out.append(mul)
        if p == 0:
            return mul.result
        add = arith.AddiOp(mul.result, self.const(p))
        out.append(add)
        return add.result

    def clone_part(self, op: Operation, p: int, out: list[Operation]) -> None:
        operands = [self.get(v, p) for v in op.operands]
        if isinstance(op, tile.LoadOp | tile.StoreOp | tile.StoreAddOp):
            first = 1 if isinstance(op, tile.LoadOp) else 2
            src = op.result if isinstance(op, tile.LoadOp) else op.value
            for k in self.cut(src):
                operands[first + k] = self.index(op.operands[first + k], p, out)
        if isinstance(op, tile.MmaOp) and not self.cut(op.result):  # a cut contraction: the parts' products summed
            done = self.partial.get(op.result)
            acc = done[-1] if done else (self.get(op.acc, p) if op.acc is not None else None)
            mma = tile.MmaOp(
                operands[0], operands[1], acc, op.result.type, bool(op.transpose_lhs), bool(op.transpose_rhs)
            )
            mma.attributes.update(op.attributes)
            mma.location = op.location
            out.append(mma)
            mma.result.name_hint = _part_name(op.result.name_hint, p)
            self.partial.setdefault(op.result, []).append(mma.result)
            return
        new = type(op).create(
            operands=operands,
            result_types=[self.part_type(r) if self.cut(r) else r.type for r in op.results],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            location=op.location,
        )
        out.append(new)
        results = list(new.results)
        if isinstance(op, tile.IotaOp) and p and op.dim.value.data in self.cut(op.result):
            # The part's indices along the cut dimension start at its offset.
            part = self.part_type(op.result)
            offset = arith.ConstantOp(IntegerAttr(p * part.get_shape()[op.dim.value.data], i32))
            shifted = tile.AddOp(new.results[0], offset.result, part)
            offset.location = shifted.location = op.location
            out += [offset, shifted]
            results = [shifted.result]
        if isinstance(op, AllReductionOp):  # the part's number; `combine` makes the kernel's
            results[0].name_hint = _part_name(op.result.name_hint, p)
            self.partial.setdefault(op.result, []).append(results[0])
            return
        for old, r in zip(op.results, results, strict=True):
            r.name_hint = _part_name(old.name_hint, p) if self.cut(old) else old.name_hint
            if self.cut(old):
                self.split.setdefault(old, []).append(r)
            else:
                self.single[old] = r

    def summed(self, op: Operation) -> bool:
        """Whether `op` reads split values into one result: an `allsum` /
        `allmax` of a split tile, an MMA whose contraction is cut."""
        if isinstance(op, tile.MmaOp):
            return not self.cut(op.result) and self.is_split(op)
        return isinstance(op, AllReductionOp) and self.is_split(op)

    def combine(self, op: Operation, out: list[Operation]) -> None:
        """The kernel's value from the parts' (`allsum`: their sum, `allmax`:
        their maximum, folded from part 0 on; an MMA: the last of its chain,
        each part's product added to the one before)."""
        if isinstance(op, tile.MmaOp):
            last = self.partial.pop(op.result)[-1]
            last.name_hint = op.result.name_hint
            self.single[op.result] = last
            return
        kind = arith.MaximumfOp if isinstance(op, AllMaxOp) else arith.AddfOp
        acc, *rest = self.partial.pop(op.result)
        for v in rest:
            new = kind(acc, v)
            new.location = op.location
            out.append(new)
            acc = new.result
        acc.name_hint = op.result.name_hint
        self.single[op.result] = acc

    def clone_one(self, op: Operation, out: list[Operation]) -> None:
        new = op.clone(value_mapper=dict(self.single))
        for old, r in zip(op.results, new.results, strict=True):
            self.single[old] = r
        out.append(new)

    def rewrite_loop(self, loop: tile.ForOp, out: list[Operation]) -> None:
        block = loop.body.block
        carried = list(range(len(loop.iter_args)))
        order = [(k, 0) for k in carried if not self.cut(loop.iter_args[k])] + [
            (k, p) for p in range(self.n) for k in carried if self.cut(loop.iter_args[k])
        ]
        inits = [self.get(loop.iter_args[k], p) for k, p in order]
        new_block = Block(arg_types=[IndexType(), *(v.type for v in inits)])
        iv = new_block.args[0]
        iv.name_hint = block.args[0].name_hint
        self.single[block.args[0]] = iv
        for (k, p), arg in zip(order, new_block.args[1:], strict=True):
            old = block.args[k + 1]
            if self.cut(old):
                arg.name_hint = _part_name(old.name_hint, p)
                self.split.setdefault(old, []).append(arg)
            else:
                arg.name_hint = old.name_hint
                self.single[old] = arg
        body: list[Operation] = []
        ops = list(block.ops)
        self.rewrite_ops(ops[:-1], body, part_major=True)
        yielded = ops[-1]
        assert isinstance(yielded, tile.YieldOp)
        body.append(tile.YieldOp(*(self.get(yielded.values[k], p) for k, p in order)))
        for op in body:
            new_block.add_op(op)
        new = tile.ForOp(self.get(loop.lb, 0), self.get(loop.ub, 0), self.get(loop.step, 0), inits, new_block)
        new.attributes.update(loop.attributes)
        new.location = loop.location
        for (k, p), r in zip(order, new.res, strict=True):
            old = loop.res[k]
            if self.cut(old):
                r.name_hint = _part_name(old.name_hint, p)
                self.split.setdefault(old, []).append(r)
            else:
                r.name_hint = old.name_hint
                self.single[old] = r
        out.append(new)

    def rewrite_ops(self, ops: Iterable[Operation], out: list[Operation], part_major: bool) -> None:
        """Clone `ops` in order; a run of consecutive split ops is written
        part after part (one chain per part, as in the examples) when
        `part_major`, else op after op."""
        run: list[Operation] = []

        def flush() -> None:
            if part_major:
                for p in range(self.n):
                    for o in run:
                        self.clone_part(o, p, out)
            else:
                for o in run:
                    for p in range(self.n):
                        self.clone_part(o, p, out)
            run.clear()

        for op in ops:
            if isinstance(op, tile.ForOp):
                flush()
                self.rewrite_loop(op, out)
            elif self.summed(op):
                run.append(op)  # every part's share before the kernel's value is read
                flush()
                self.combine(op, out)
            elif self.is_split(op):
                run.append(op)
            else:
                flush()
                self.clone_one(op, out)
        flush()


def sub_tile(module: ModuleOp, parts: int, chain: str = "", columns: bool = False) -> None:
    """Split `module`'s kernel in `parts` along the chain's rows (its
    columns with `columns`), or raise the located reason the split does not
    exist."""
    machine = module_machine(module)
    func = kernel_func(module)
    reason = sub_tile_refusal(module, parts, chain, machine, columns)
    if reason is not None:
        raise located_error(*reason)
    an = analyze(func)
    dim = chain_dim(func, an, chain, columns)
    assert not isinstance(dim, str)
    rw = _Rewriter(an, dim, parts, func)
    block = func.body.block
    old = list(block.ops)
    loop_at = next((i for i, op in enumerate(old) if isinstance(op, tile.ForOp)), len(old))
    out: list[Operation] = []
    # Before the loop op after op (q0, q1, o0, o1, ...), the loop body and
    # after it part after part: the order of the hand-split examples.
    rw.rewrite_ops(old[:loop_at], out, part_major=False)
    rw.rewrite_ops(old[loop_at:], out, part_major=True)
    for op in reversed(old):
        block.erase_op(op, safe_erase=False)
    for op in rw.const_ops + out:
        block.add_op(op)


def sub_tile_refusal(
    module: ModuleOp, parts: int, chain: str, machine: Machine, columns: bool = False
) -> tuple[Operation, str] | None:
    """Why `parts` parts along `chain` (its columns with `columns`) is no variant of `module`, or None."""
    func = kernel_func(module)
    if any("twill.cost" in op.attributes for op in func.walk()):
        return func, "sub-tile: the kernel is already costed: run sub-tile before annotate-costs"
    an = analyze(func)
    dim = chain_dim(func, an, chain, columns)
    if isinstance(dim, str):
        return func, f"sub-tile: {dim}"
    return split_refusal(func, an, dim, parts, machine, columns)


@dataclass(frozen=True)
class SubTilePass(ModulePass):
    """Split a chain's rows into `parts` independent chains."""

    name = "sub-tile"

    parts: int = 2
    """Parts to split the rows into (1: leave the kernel as it is)."""

    chain: str = ""
    """The value whose rows split (default: the rows of the largest MMA result)."""

    loop_parts: int = 1
    """Split the loop's steps in this many consecutive iterations first (1: leave them)."""

    columns: bool = False
    """Split the chain's columns instead (default: the columns of the largest
    MMA result; an MMA whose contraction they are sums its parts' products):
    a decode's [16, 512] accumulator, whose 16 rows one m64 MMA fragment pads
    to 64, held as two [16, 256] halves."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.loop_parts != 1:
            loop_rows_split(op, self.loop_parts)
        if self.parts == 1:
            return
        sub_tile(op, self.parts, self.chain, self.columns)


# ---------------------------------------------------------------------------
# The loop's steps split: the rows a step reads, in consecutive iterations


def _is_const(value: SSAValue, v: int) -> bool:
    owner = value.owner
    return isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr) and owner.value.value.data == v


def _loop_of(func: FuncOp) -> tile.ForOp | None:
    return next((op for op in func.walk() if isinstance(op, tile.ForOp)), None)


def _accumulated(op: tile.MmaOp, loop: tile.ForOp) -> bool:
    """Whether `op` adds into a carried accumulator: its accumulator is the
    loop's carried value and its result is what the loop carries on, so the
    sum over a step's rows is a sum over consecutive iterations as well."""
    block = loop.body.block
    yielded = block.last_op
    if op.acc is None or not isinstance(yielded, tile.YieldOp):
        return False
    for k, arg in enumerate(block.args[1:]):
        if op.acc is arg and k < len(yielded.values) and yielded.values[k] is op.result:
            return True
    return False


def loop_rows_refusal(func: FuncOp, parts: int, machine: Machine) -> tuple[Operation, str] | None:
    """Why the loop's steps do not split in `parts` consecutive iterations, or None.

    A step of the loop reads and writes the tiles its index selects along
    their rows (`load Q[i, 0] : f16[BM, d]`); with `parts` times as many
    iterations over tiles of BM / parts rows, every value of those rows is
    computed the same way, row block after row block, as long as nothing
    mixes rows of a step: no row reduction over them, no MMA contracting
    them except into an accumulator the loop carries (the sum goes on over
    the next iterations), no value from outside the loop or carried that
    has them, and no other use of the index. The parts' MMAs must be MMA
    instruction shapes of the target."""
    loop = _loop_of(func)
    if loop is None:
        return func, "sub-tile: the kernel has no loop"
    what = f"the loop's steps in {parts}"
    if parts < 2:
        return loop, f"sub-tile: loop parts must be >= 2, got {parts}"
    if not _is_const(loop.step, 1):
        return loop, f"sub-tile: {what}: the loop's step is not 1"
    iv = loop.body.block.args[0]
    an = analyze(func)
    rows: list[Dim] = []
    uses = [(op, k) for op in loop.body.walk() for k, v in enumerate(op.operands) if v is iv]  # program order
    for op, k in uses:
        if isinstance(op, tile.LoadOp | tile.StoreOp | tile.StoreAddOp):
            first = 1 if isinstance(op, tile.LoadOp) else 2
            value = op.result if isinstance(op, tile.LoadOp) else op.value
            if k == first:
                rows.append((value, 0))
                continue
        return op, f"sub-tile: {what}: the loop's index is used here other than as the row index of a tile"
    if not rows:
        return loop, f"sub-tile: {what}: no tile of the loop has rows the loop's index selects"
    for d in rows[1:]:
        an.classes.union(rows[0], d)
    dim = rows[0]

    def cut(value: SSAValue) -> bool:
        return any(an.same(d, dim) for d in _dims(value))

    outside = [v for v in (*loop.iter_args, *loop.body.block.args[1:], *loop.res) if cut(v)]
    if outside:
        return loop, f"sub-tile: {what}: the carried value '{_name(outside[0])}' has the rows of a step"
    for op in func.walk():
        if op.parent_op() is not loop and not isinstance(op, tile.ForOp | FuncOp) and any(cut(r) for r in op.results):
            return op, f"sub-tile: {what}: this value outside the loop has the rows of a step"
    for d, op in an.reduced:
        if an.same(d, dim):
            kind = "column" if isinstance(op, tile.ColumnReductionOp) else "row"
            return op, f"sub-tile: {what} would cut the dimension this {kind} reduction reduces"
    for op in an.opaque:
        if any(cut(v) for v in (*op.operands, *op.results)):
            return op, f"sub-tile: {what} would go through '{op.name}', which sub-tile does not split"
    for op in an.mmas:
        lr, lk, _, rn = _mma_dims(op)
        if an.same(lk, dim) and not _accumulated(op, loop):
            return op, f"sub-tile: {what} would cut the contraction of this mma, whose sum the loop does not carry"
        shape = [_shape(lr[0])[lr[1]], _shape(rn[0])[rn[1]], _shape(lk[0])[lk[1]]]
        for k, d in enumerate((lr, rn, lk)):
            if an.same(d, dim):
                if shape[k] % parts:
                    return op, f"sub-tile: {what}: this mma's {shape[k]} do not divide in {parts}"
                shape[k] //= parts
        unit, most = mma_row_facts(machine)
        if an.same(lr, dim) and (shape[0] % unit or (most and shape[0] > most)):
            rows = f"exactly {unit}" if unit == most else f"multiples of {unit}"
            return op, (
                f"sub-tile: {what} leave this mma {shape[0]} rows; the MMA instructions of "
                f"'{machine.name}' ({machine.arch}) take {rows} rows"
            )
        lhs = op.lhs.type
        assert isinstance(lhs, tile.TileType)
        problem = machine.mma_shape_error(shape[0], shape[1], shape[2], str(lhs.element_type))
        if problem is not None:
            return op, f"sub-tile: {what}: {problem}"
    for op in loop.body.block.ops:
        for v in (*op.operands, *op.results):
            if cut(v) and _shape(v)[0] % parts:
                return op, f"sub-tile: {what}: the {_shape(v)[0]} rows of '{_name(v)}' do not divide in {parts}"
    return None


def loop_rows_split(module: ModuleOp, parts: int) -> None:
    """Split the loop's steps in `parts` consecutive iterations (the tiles a
    step selects by the loop's index, and every value of their rows, get
    rows / parts; the trip count is multiplied by `parts`), or raise the
    located reason it does not exist."""
    machine = module_machine(module)
    func = kernel_func(module)
    if any("twill.cost" in op.attributes for op in func.walk()):
        raise located_error(func, "sub-tile: the kernel is already costed: run sub-tile before annotate-costs")
    reason = loop_rows_refusal(func, parts, machine)
    if reason is not None:
        raise located_error(*reason)
    loop = _loop_of(func)
    assert loop is not None
    an = analyze(func)
    block = loop.body.block
    iv = block.args[0]
    dims = [
        (u.operation.results[0] if isinstance(u.operation, tile.LoadOp) else u.operation.operands[0], 0)
        for u in iv.uses
    ]
    for d in dims[1:]:
        an.classes.union(dims[0], d)
    rw = _Rewriter(an, dims[0], parts, func)
    # Outside the loop nothing changes but its bounds: n * lb .. n * ub.
    n = arith.ConstantOp(IntegerAttr(parts, IndexType()))
    bounds: list[Operation] = [n]
    lb = loop.lb
    if not _is_const(lb, 0):
        mul = arith.MuliOp(lb, n.result)
        bounds.append(mul)
        lb = mul.result
    ub = arith.MuliOp(loop.ub, n.result)
    bounds.append(ub)
    for op in bounds:
        op.location = loop.location
    new_block = Block(arg_types=[a.type for a in block.args])
    for old, arg in zip(block.args, new_block.args, strict=True):
        arg.name_hint = old.name_hint
        rw.single[old] = arg
    for op in block.ops:
        if rw.is_split(op):
            new = type(op).create(
                operands=[rw.get(v, 0) for v in op.operands],
                result_types=[rw.part_type(r) if rw.cut(r) else r.type for r in op.results],
                properties=dict(op.properties),
                attributes=dict(op.attributes),
                location=op.location,
            )
            for old, r in zip(op.results, new.results, strict=True):
                r.name_hint = old.name_hint
                rw.single[old] = r
            new_block.add_op(new)
        else:
            cloned: list[Operation] = []
            rw.clone_one(op, cloned)
            new_block.add_op(cloned[0])
    new_loop = tile.ForOp(lb, ub.result, loop.step, list(loop.iter_args), new_block)
    new_loop.attributes.update(loop.attributes)
    new_loop.location = loop.location
    for old, r in zip(loop.res, new_loop.res, strict=True):
        r.name_hint = old.name_hint
        old.replace_all_uses_with(r)
    parent = loop.parent_block()
    assert parent is not None
    for op in bounds:
        parent.insert_op_before(op, loop)
    parent.insert_op_before(new_loop, loop)
    parent.erase_op(loop)
