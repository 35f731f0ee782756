"""Tile math in registers: element-wise ops, reductions and casts in the wgmma
accumulator layout (sm_90a) or the tensor-memory row layout (sm_100a), wgmma
from shared memory and registers, loaded tiles read from their swizzled
boxes (stores and what runs after the loop: `twillc.lowering.cuda.stores`)."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import Float16Type, IntegerAttr
from xdsl.ir import BlockArgument, Operation, SSAValue

from twillc.dialects import tile
from twillc.lowering.cuda import scalars
from twillc.lowering.cuda.dtypes import Elt, elt
from twillc.lowering.cuda.index_expr import c_index
from twillc.lowering.cuda.lowerings import lowering_of
from twillc.lowering.cuda.tiles import (
    BINARY,
    INTEGER_BINARY,
    UNARY,
    c_elt,
    column_tile,
    copy_array,
    narrow_rows,
    scalar_literal,
)
from twillc.transforms.common import located_error
from twillc.transforms.index_remat import rematerialized
from twillc.transforms.memory_plan import StagedTile, elements_per_thread


def spread_element(index: str) -> str:
    """The element of a rank-1 tile spread over the warp group
    (`Target.spread_vector`) that the calling thread holds at `index`."""
    k = index if index.isidentifier() else f"({index})"
    return f"{k} * 128 + int(threadIdx.x % 128)"


def plus(base: str, offset: int) -> str:
    """`base + offset` as C (a pointer into a slab), `base` for offset 0."""
    return f"{base} + {offset}" if offset else base


class TileMath:
    """A part of the general emitter (`twillc.lowering.cuda.skeleton._Emitter`)."""

    _chunk_column: str | None = None
    """Inside a column-chunked update (`Tcgen05Ops._chunked_update`): the
    column of the chunk's element i (`c + i`), where a per-column operand is read."""

    def _init(self, init: SSAValue, name: str, t: tile.TileType) -> list[str]:
        op = init.owner
        n = self._n(t)
        if isinstance(op, tile.ZerosOp):
            return [f"    for (int i = 0; i < {n}; ++i) {name}[i] = {c_elt(t)}(0.f);"]
        if isinstance(op, tile.FullOp):
            value = float(op.value.value.data)  # type: ignore[attr-defined]
            c = "-INFINITY" if value == float("-inf") else ("INFINITY" if value == float("inf") else repr(value) + "f")
            return [f"    for (int i = 0; i < {n}; ++i) {name}[i] = {c};"]
        return self._hole(op, [name], [], "    ")  # type: ignore[arg-type]

    def _op(self, op: Operation) -> list[str]:
        if id(op) in self.chunk_fused:
            root = next(k for k, (chain, _) in self.chunk_roots.items() if op in chain)
            into = next(c for c in self.chunk_roots[root][0] if id(c) == root).results[0]
            what = f"{self.out(op.results[0])} = {op.name[5:]}"
            return [f"      // {what}: computed per element in {self.out(into)}'s chunks"]
        if id(op) in self.chunk_roots:
            return self._chunked_update(op)
        lower = lowering_of(self.target, type(op))  # one lowering per op class and target (lowerings.py)
        code = lower(self, op) if lower is not None else None
        if code is not None:
            return code
        # a result kept in tensor memory (a carried accumulator updated in
        # place, `acc_at`) is written there, as its readers and stores read it
        outs = [f"tmem + {self.acc_at[r]}" if r in self.acc_at else self.out(r) for r in op.results]
        tiles = [v for v in op.operands if isinstance(v.type, tile.TileType)]
        ins = [self._operand(v) for v in tiles if not rematerialized(v.owner)]  # type: ignore[arg-type]
        if len(ins) == len(tiles):
            return self._hole(op, outs, ins, "      ")
        # an index tile computed at each read has no array: the hole gets none
        held = iter(ins)
        names = [self.name(v) if rematerialized(v.owner) else next(held) for v in tiles]  # type: ignore[arg-type]
        what = f"{op.name.split('.')[-1]}({', '.join(names)})"
        nothing = "static_cast<const {}*>(nullptr)"
        held = iter(ins)
        ins = [nothing.format(c_elt(v.type)) if rematerialized(v.owner) else next(held) for v in tiles]  # type: ignore[arg-type]
        return self._hole(op, outs, ins, "      ", what)

    def _math(self, op: Operation) -> list[str] | None:
        """Tile math in the wgmma accumulator layout of a 64-row warp group,
        or None (a hole): element-wise ops with row-vector broadcasting, row
        reductions (quad shuffles), casts, and P V as a register-A wgmma."""
        if isinstance(op, tile.ExpandDimsOp):
            return self._expand_view(op)
        tiles = [v for v in [*op.operands, *op.results] if isinstance(v.type, tile.TileType)]
        if not all(self._layout_ok(v) for v in tiles):
            return None
        if any(not self._per_column_ok(v, r) for v in op.operands for r in op.results):
            return None
        if any((v in self.resident and not self._sent_whole(v)) or self._in_tmem(v, self._role) for v in tiles):
            return None  # streaming it through tensor memory is not generated yet
        if isinstance(op, tile.MmaOp):
            if not self.target.wgmma:
                return None
            if op.transpose_lhs:
                return self._wgmma_ts(op)
            if self._staged_early(op.lhs) and self._in_smem(op.rhs):
                return self._wgmma(op, f"sm.{self.name(op.lhs)}_t")
            if self._in_smem(op.lhs) and self._staged(op, "b") is not None:
                return self._wgmma_staged_b(op)
            if self._staged(op, "a8") is not None:
                return self._wgmma_fp8_staged(op)
            if self._sent_staged(op.lhs) and self.warp(op) != self.warp(op.lhs.owner):  # type: ignore[arg-type]
                return self._wgmma(op, self._channel_slot(op.lhs))  # A K-major in its channel slot
            return self._wgmma_rs(op)
        if isinstance(op, tile.CastOp) and self._in_smem(op.input) and self.target.wgmma:
            cast = self._cast_from_smem(op)
            if cast is not None:
                return cast
        if isinstance(op, tile.InterleaveOp):  # its operands read where they are (`_at`)
            return self._interleave(op)
        # a loaded [1, C] row met per column is read at each element's column (`_at`), not as a swizzled tile
        per_column = any(r.type.get_shape()[0] > 1 or self._replicated(r) for r in op.results)  # type: ignore[attr-defined]
        if any(
            self._in_smem(v)
            and len(v.type.get_shape()) == 2
            and not column_tile(v)  # type: ignore[attr-defined]
            and not (per_column and self._loaded_row(v))
            for v in tiles
        ):
            return self._math_smem(op)  # read from the swizzled boxes, element by element
        if isinstance(op, tile.ZerosOp | tile.FullOp):
            return ["  " + line for line in self._init(op.result, self.out(op.result), op.result.type)]  # type: ignore[arg-type]
        mask = self._mask_math(op)
        if mask is not None:
            return mask
        if op.name in INTEGER_BINARY:
            return self._integer_math(op, [self._at(v, op.results[0]) for v in op.operands])
        if op.name in UNARY or op.name in BINARY:
            r = op.results[0]
            cxx = c_elt(r.type)  # type: ignore[arg-type]
            half = cxx in ("__half", "__nv_bfloat16")
            # f16 / bf16 tiles: the math in f32 (no 16-bit operator is ambiguous), rounded once
            at = [f"float({self._at(v, r)})" if half else self._at(v, r) for v in op.operands]
            form = (UNARY if op.name in UNARY else BINARY)[op.name]
            if cxx in ("int", "unsigned", "int16_t", "uint16_t", "int8_t", "uint8_t") and op.name in (
                "tile.max",
                "tile.min",
            ):
                form = op.name[5:] + "({}, {})"  # CUDA's integer max / min, not fmaxf / fminf
            f = form.format(*at)
            f = f"{'__float2half' if cxx == '__half' else '__float2bfloat16'}({f})" if half else f
            return [f"      for (int i = 0; i < {self._n(r.type)}; ++i) {self.out(r)}[i] = {f};"]  # type: ignore[arg-type]
        if isinstance(op, tile.CastOp) and self._fp8_staged_early(op.results[0]):
            # FA3 FP8's P: converted as it is written to its staging buffer (no registers)
            r = op.results[0]
            st = next(s for s in self.staged_tiles if s.operand == "a8" and s.value is r)
            self._helpers.add("stage_fp8")
            return [
                f"      // {self.name(r)}: to shared memory as {elt(r.type).name}, the A of its FP8 wgmma",
                *self._stage_fp8(r, f"sm.{self._staged_buffer(st)}", self._operand(op.input)),
            ]
        if isinstance(op, tile.CastOp):
            r = op.results[0]
            src, dst = elt(op.input.type).name, elt(r.type).name
            if dst in ("i8", "i32") and src != dst:
                raise located_error(
                    op, f"CUDA emission: a cast to {dst} is not generated (its rounding and saturation are not defined)"
                )
            if src == "f16" or dst == "f16":
                conv = "__float2half" if c_elt(r.type) == "__half" else "__half2float"  # type: ignore[arg-type]
            else:
                conv = {"bf16": "__float2bfloat16", "f32": "float"}.get(dst, c_elt(r.type))  # type: ignore[arg-type]
                if dst == "bf16" and src == "f32" and r in self.staged:
                    conv = "tw_float2bf16"  # see twillc_dtypes.cuh: no spill staging FA3 backward's P and dS
                conv += "(float" if src != "f32" else ""
            if c_elt(op.input.type) == c_elt(r.type):  # type: ignore[arg-type]
                conv = ""
            n = self._n(r.type)
            close = ")" if conv.endswith("(float") else ""
            return [f"      for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {conv}({self._at(op.input, r)}){close};"]
        if op.name in ("tile.rowmax", "tile.rowsum"):
            a, r = op.operands[0], op.results[0]
            fn = "twillc_rowmax" if op.name == "tile.rowmax" else "twillc_rowsum"
            fn += "_t" if self.target.row_layout else ""
            cxx = c_elt(r.type)  # type: ignore[arg-type]
            if cxx == "float":
                return self._row_reduce(fn, self._n(a.type), self.out(r), self._operand(a), self._slabs(a), "      ")
            # a 16-bit result (Triton's tl.sum of a bf16 tile): reduced in f32, rounded once
            n = self._n(r.type)  # type: ignore[arg-type]
            red = self._row_reduce(fn, self._n(a.type), "tw_red", self._operand(a), self._slabs(a), "        ")
            return [
                f"      {{  // {self.name(r)} = {op.name[5:]}({self.name(a)}) in f32, then {elt(r.type).name}",
                f"        float tw_red[{n}];",
                *red,
                f"        for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {cxx}(tw_red[i]);",
                "      }",
            ]
        if isinstance(op, tile.ColumnReductionOp):
            return self._column_reduce(op, self._operand(op.input), "      ")
        return None

    def _integer_math(self, op: Operation, at: list[str]) -> list[str]:
        """A bit operation of integer tiles (`tile.shl`, `tile.shr`,
        `tile.bitand`, `tile.bitor`, `tile.rem`) on the thread's elements
        `at`: C's operators on the elements as `int` (`unsigned` for a u32
        tile; a u8 / u16 element widens to a non-negative int, so `>>` is
        logical on unsigned tiles, arithmetic on signed ones), the result
        converted back to the element type (an int8_t wraps, two's complement)."""
        r = op.results[0]
        cxx = c_elt(r.type)  # type: ignore[arg-type]
        word = "unsigned" if cxx == "unsigned" else "int"  # u8 / u16 widen to a non-negative int: `>>` logical
        f = BINARY[op.name].format(*(a if a.lstrip("-").isdigit() else f"{word}({a})" for a in at))
        return [f"      for (int i = 0; i < {self._n(r.type)}; ++i) {self.out(r)}[i] = {cxx}({f});"]  # type: ignore[arg-type]

    def _interleave(self, op: tile.InterleaveOp) -> list[str] | None:
        """`interleave(a, b)` of rank-2 register tiles in the wgmma
        accumulator layout: each thread writes its elements of `a` and `b`
        to their places in the result, row-major in a shared-memory scratch
        of the op's own, and reads its elements of the result back, the warp
        group synchronised between (and before, as the scratch is reused
        each iteration). Rows past a tile of fewer than 64 are padding."""
        a, b, r = op.lhs, op.rhs, op.result
        if a.type.rank != 2:  # type: ignore[attr-defined]
            return None
        if self.target.row_layout:
            return self._interleave_rows_t(op)
        rows, cols = a.type.get_shape()  # type: ignore[attr-defined]
        out_rows, out_cols = r.type.get_shape()
        cxx = c_elt(r.type)
        self._helpers.add("acc_index")
        scratch = f"tw_il_{self.name(r)}"
        if op.axis.value.data == 0:  # rows 2 i, 2 i + 1
            dst = (f"(2 * rr) * {out_cols} + cc", f"(2 * rr + 1) * {out_cols} + cc")
        else:  # columns 2 j, 2 j + 1
            dst = (f"rr * {out_cols} + 2 * cc", f"rr * {out_cols} + 2 * cc + 1")
        axis = "rows" if op.axis.value.data == 0 else "columns"
        # a one-row interleave of per-column rows (`_replicated`): every thread reads row 0 at its columns
        row = "0" if out_rows == 1 and self._replicated(r) else "rr"
        return [
            f"      {{  // {self.name(r)} = interleave({self.name(a)}, {self.name(b)}) along {axis}: via shared memory",
            f"        __shared__ {cxx} {scratch}[{out_rows * out_cols}];",
            f"        tw_named_bar_sync({self._group}, 128);",
            f"        for (int i = 0; i < {self._n(a.type)}; ++i) {{",  # type: ignore[arg-type]
            f"          const int rr = twillc_acc_row<{cols}>(i), cc = twillc_acc_col<{cols}>(i);",
            f"          if (rr < {rows}) {{",
            f"            {scratch}[{dst[0]}] = {self._at(a, a)};",
            f"            {scratch}[{dst[1]}] = {self._at(b, b)};",
            "          }",
            "        }",
            f"        tw_named_bar_sync({self._group}, 128);",
            f"        for (int i = 0; i < {self._n(r.type)}; ++i) {{",
            f"          const int rr = {'0' if row == '0' else f'twillc_acc_row<{out_cols}>(i)'};",
            f"          {self.out(r)}[i] = rr < {out_rows} ? {scratch}[rr * {out_cols} + "
            f"twillc_acc_col<{out_cols}>(i)] : {cxx}(0);",
            "        }",
            "      }",
        ]

    def _interleave_rows_t(self, op: tile.InterleaveOp) -> list[str] | None:
        """`interleave(a, b)` in the row layout (sm_100a: thread t holds row
        t): along columns within each thread's row; along rows through a
        shared-memory scratch of the op's own, thread t writing its rows 2t
        and 2t + 1 and reading row t (a result of at most 128 rows)."""
        a, b, r = op.lhs, op.rhs, op.result
        rows, cols = a.type.get_shape()  # type: ignore[attr-defined]
        out_rows, out_cols = r.type.get_shape()
        cxx = c_elt(r.type)
        name = f"{self.name(r)} = interleave({self.name(a)}, {self.name(b)})"
        if op.axis.value.data == 1:
            return [
                f"      // {name} along columns, within each thread's row",
                f"      for (int i = 0; i < {cols}; ++i) {{",
                f"        {self.out(r)}[2 * i] = {self._at(a, a)};",
                f"        {self.out(r)}[2 * i + 1] = {self._at(b, b)};",
                "      }",
            ]
        if out_rows > 128:
            return None
        scratch = f"tw_il_{self.name(r)}"
        return [
            f"      {{  // {name} along rows: via shared memory",
            f"        __shared__ {cxx} {scratch}[{out_rows * out_cols}];",
            "        const int rr = threadIdx.x % 128;",
            f"        tw_named_bar_sync({self._group}, 128);",
            f"        if (rr < {rows})",
            f"          for (int i = 0; i < {cols}; ++i) {{",
            f"            {scratch}[(2 * rr) * {cols} + i] = {self._at(a, a)};",
            f"            {scratch}[(2 * rr + 1) * {cols} + i] = {self._at(b, b)};",
            "          }",
            f"        tw_named_bar_sync({self._group}, 128);",
            f"        for (int i = 0; i < {out_cols}; ++i) {self.out(r)}[i] = {scratch}[rr * {out_cols} + i];",
            "      }",
        ]

    def _column_reduce(self, op: tile.ColumnReductionOp, x: str, indent: str) -> list[str] | None:
        """`colmax` / `colsum` of a register tile of f32 (`twillc_colreduce.cuh`):
        the result in the row-vector layout, the warps' partial columns
        combined through a shared-memory scratch of this op's own."""
        a, r = op.input, op.results[0]
        rows, cols = a.type.get_shape()  # type: ignore[attr-defined]
        if c_elt(a.type) != "float" or not self._layout_ok(r):  # type: ignore[arg-type]
            return None
        if self.target.row_layout and cols > 128:
            return None
        if not self.target.row_layout and (cols % 8 or (cols > 64 and cols % 64)):
            return None
        self._helpers.add("colreduce")
        fn = "twillc_colreduce_t" if self.target.row_layout else "twillc_colreduce"
        mx = "true" if isinstance(op, tile.ColMaxOp) else "false"
        scratch = f"tw_cols_{self.name(r)}"
        return [
            f"{indent}{{  // {self.name(r)} = {op.name[5:]}({self.name(a)}): partial columns through shared memory",
            f"{indent}  __shared__ float {scratch}[4 * {cols}];",
            f"{indent}  {fn}<{rows}, {cols}, {mx}>({self.out(r)}, {x}, {scratch}, {self._group});",
            f"{indent}}}",
        ]

    def _expand_view(self, op: tile.ExpandDimsOp) -> list[str] | None:
        """`v[:, None]` / `v[None, :]`: a view (`_view`) has no code, its
        readers index `v` (`_at`): per row as a row vector is; per column a
        vector in shared memory (a loaded one) at each element's column. A
        register vector per column (a column reduction's: its elements sit
        where a row vector's do, at the threads' rows) becomes a `[1, C]`
        tile every thread holds at its elements' columns, through a
        shared-memory scratch of the op's own (`twillc_vec_cols`). A loaded
        vector's `[None, :]` read on another role (sent through a channel) is
        that `[1, C]` array, each element read at its column; another view
        sent is not generated."""
        src, r = op.input, op.result
        spelled = "[None, :]" if op.axis.value.data == 0 else "[:, None]"
        if self._view(r):
            if r in self.reg_channels:  # sent to another role: a view has no array to send
                return None
            return [f"      // {self.name(r)} = {self.name(src)}{spelled}: read in place by its readers"]
        if op.axis.value.data == 0 and self._in_smem(src):  # sent: the [1, C] array the channel moves
            self._helpers.add("col")
            at = f"twillc_col_at<{c_elt(src.type)}>({self._smem_ref(src)}, {self._column_of(r)})"  # type: ignore[arg-type]
            return [f"      for (int i = 0; i < {self._n(r.type)}; ++i) {self.out(r)}[i] = {at};"]  # type: ignore[arg-type]
        cols = src.type.get_shape()[0]  # type: ignore[attr-defined]
        cxx = c_elt(src.type)  # type: ignore[arg-type]
        if (cxx != "float" and self.target.row_layout) or not self._layout_ok(src) or not self._layout_ok(r):
            return None
        if self.target.spread_vector(src.type) or self.target.spread_vector(r.type):
            return None  # a spread vector's columns: not generated
        if (self.target.row_layout and cols > 128) or (not self.target.row_layout and cols % 8):
            return None
        self._helpers.add("colreduce")
        fn = "twillc_vec_cols_t" if self.target.row_layout else "twillc_vec_cols"
        scratch = f"tw_cols_{self.name(r)}"
        return [
            f"      {{  // {self.name(r)} = {self.name(src)}{spelled}: each thread's columns, through shared memory",
            f"        __shared__ {cxx} {scratch}[{cols}];",
            f"        {fn}<{cols}>({self.out(r)}, {self._operand(src)}, {scratch}, {self._group});",
            "      }",
        ]

    def _all_reduce(self, op: tile.AllReductionOp) -> list[str] | None:
        """`sum(x)` / `max(x)` of a rank-1 f32 tile computed before the loop,
        in registers or in shared memory: each thread's elements combined,
        then the warp group's partials (`twillc_allreduce`); the number is a
        `float` of the role, read where it is used (`_scalar`). A row vector
        of the accumulator layout (a quad's four threads hold each row) starts
        its shuffles at lane distance 4; a spread one (`Target.spread_vector`)
        at 1. In the loop, or of another tile, None (not generated)."""
        x, r = op.input, op.result
        t = x.type
        if (op.parent_op() is self.loop and not self._in_order) or t.rank != 1 or self.target.row_layout:  # type: ignore[attr-defined]
            return None
        rows = t.get_shape()[0]  # type: ignore[attr-defined]
        spread = self.target.spread_vector(t)
        if not spread and (rows % 64 or not self._layout_ok(x)):
            return None
        mx = isinstance(op, tile.AllMaxOp)
        combine = "fmaxf(tw_part, {})" if mx else "tw_part + {}"
        at = self._at(x, x)
        at = at if c_elt(t) == "float" else f"float({at})"  # type: ignore[arg-type]
        self._helpers.add("allreduce")
        name = self.name(r)
        return [
            f"      float {name};",
            f"      {{  // {name} = {op.name[5:]}({self.name(x)}): the thread's elements, then the warp group's",
            f"        __shared__ float tw_all_{name}[4];",
            f"        float tw_part = {'-INFINITY' if mx else '0.f'};",
            f"        for (int i = 0; i < {self._n(t)}; ++i) tw_part = {combine.format(at)};",  # type: ignore[arg-type]
            f"        {name} = twillc_allreduce<{'true' if mx else 'false'}, {1 if spread else 4}>(tw_part, "
            f"tw_all_{name}, {self._group});",
            "      }",
        ]

    def _per_column_ok(self, v: SSAValue, r: SSAValue) -> bool:
        """Whether operand `v` of an op with result `r` is generated: a `[1, C]`
        tile meeting more rows is read per column, which only a vector's
        `[None, :]` (`_expand_view`), or math on those, holds in every thread."""
        if not (isinstance(v.type, tile.TileType) and isinstance(r.type, tile.TileType)):
            return True
        shape, out = v.type.get_shape(), r.type.get_shape()
        if len(shape) != 2 or shape[0] != 1 or len(out) != 2 or out[0] == 1 or shape[1] == 1:
            return True
        return self._replicated(v)

    def _replicated(self, v: SSAValue) -> bool:
        """A `[1, C]` value every thread holds at its elements' columns: a
        vector's `[None, :]`, a loaded one-row tile (`_loaded_row`), or
        element-wise math, comparisons and selects of those and scalars."""
        if self._loaded_row(v):
            return True
        op = v.owner
        if isinstance(op, tile.ExpandDimsOp):
            return op.axis.value.data == 0
        if isinstance(op, tile.UnaryOp | tile.BinaryOp | tile.CastOp | tile.CmpOp | tile.LogicOp | tile.SelectOp):
            return all(self._replicated(x) for x in op.operands if isinstance(x.type, tile.TileType))
        if isinstance(op, tile.InterleaveOp) and op.axis.value.data == 1:  # read back by every thread (`_interleave`)
            return all(self._replicated(x) for x in op.operands)
        return False

    def _loaded_row(self, v: SSAValue) -> bool:
        """A one-row `[1, C]` tile TMA loaded to shared memory (`x[None, :]`
        of a vector in memory, as Triton and Inductor load it): its boxes of
        128 bytes hold row 0 unswizzled one after another (the 128B swizzle
        moves no chunk of a box's row 0; narrower rows are one dense box), so
        element (0, c) is at c, as a loaded vector's."""
        t = v.type
        return (
            isinstance(t, tile.TileType)
            and t.rank == 2
            and t.get_shape()[0] == 1
            and t.get_shape()[1] > 1
            and (self._in_smem(v) and isinstance(v.owner, tile.LoadOp))
        )

    def _vector_row(self, r: SSAValue) -> str:
        """The index of element i of the calling thread's elements of rank-1
        tile `r`: the row it is held for (a row vector of the accumulator
        layout: rows t/32*16 + t%32/4 and + 8 of each 64-row slab; the row
        layout: the thread's row), or of a spread one (`spread_element`)."""
        if self.target.row_layout:
            return "int(threadIdx.x % 128)"
        if self.target.spread_vector(r.type):
            return spread_element("i")
        return "(i >> 1) * 64 + int(threadIdx.x % 128) / 32 * 16 + int(threadIdx.x % 32) / 4 + 8 * (i & 1)"

    def _column_of(self, r: SSAValue) -> str:
        """The column of element i of the calling thread's elements of `r`."""
        if self._chunk_column is not None:  # element i of a 32-column chunk
            return self._chunk_column
        if self.target.row_layout:
            return "i"
        self._helpers.add("acc_index")
        return f"twillc_acc_col<{r.type.get_shape()[1]}>(i)"  # type: ignore[attr-defined]

    def _slabs(self, v: SSAValue) -> int:
        """64-row slabs of a tile in the wgmma accumulator layout (sm_90a): a
        warp group holds a tile of more than 64 rows as one m64 fragment per
        slab, slab s at s * n / slabs of the thread's n elements (a row
        vector: elements 2s and 2s + 1)."""
        return self.target.slabs(v.type.get_shape()[0])  # type: ignore[attr-defined]

    def _row_reduce(self, fn: str, n: int, out: str, a: str, slabs: int, indent: str) -> list[str]:
        """A row reduction of a thread's n elements, slab by slab (each slab's
        two rows from its fragment)."""
        if slabs == 1:
            return [f"{indent}{fn}<{n}>({out}, {a});"]
        per = n // slabs
        return [f"{indent}{fn}<{per}>({plus(out, 2 * s)}, {plus(a, s * per)});" for s in range(slabs)]

    def _smem_at(self, v: SSAValue, index: str) -> str:
        """Element `index` of the calling thread, in the register layout, of a
        2-D f16 tile TMA loaded to shared memory (128B-swizzled boxes)."""
        rows, cols = v.type.get_shape()  # type: ignore[attr-defined]
        if self.target.row_layout and (not isinstance(v.type.element_type, Float16Type) or narrow_rows(v.type)):  # type: ignore[attr-defined]
            # f32, bf16, 8-bit: boxes of 128 / sizeof(T) columns (or dense narrow rows), padding past `rows`
            self._helpers.add("smem_row_at_t")
            pitch = f", {cols * elt(v.type).size}" if narrow_rows(v.type) else ""
            return f"twillc_smem_row_at_t<{rows}, {c_elt(v.type)}{pitch}>({self._smem_ref(v)}, {index})"  # type: ignore[arg-type]
        if self.target.row_layout and rows < 128:  # the threads past the tile's rows hold padding
            self._helpers.add("smem_row_at_rows")
            return f"twillc_smem_row_at_rows<{rows}>({self._smem_ref(v)}, {index})"
        if self.target.row_layout:
            self._helpers.add("smem_row_at")
            return f"twillc_smem_row_at<{rows}>({self._smem_ref(v)}, {index})"
        if rows < 64:  # one m64 fragment, its rows past the tile's padding
            self._helpers.add("smem_at_rows")
            return f"twillc_smem_at_rows<{rows}, {cols}, {c_elt(v.type)}>({self._smem_ref(v)}, {index})"  # type: ignore[arg-type]
        if narrow_rows(v.type):  # one unswizzled box of dense rows
            self._helpers.add("smem_at_t")
            pitch = cols * elt(v.type).size
            return f"twillc_smem_at_t<{rows}, {cols}, {c_elt(v.type)}, {pitch}>({self._smem_ref(v)}, {index})"  # type: ignore[arg-type]
        if not isinstance(v.type.element_type, Float16Type):  # type: ignore[attr-defined]
            # boxes of 128 / sizeof(T) columns (f32: 32), read as float
            self._helpers.add("smem_at_t")
            return f"twillc_smem_at_t<{rows}, {cols}, {c_elt(v.type)}>({self._smem_ref(v)}, {index})"  # type: ignore[arg-type]
        self._helpers.add("smem_at")
        return f"twillc_smem_at<{rows}, {cols}>({self._smem_ref(v)}, {index})"

    def _math_smem(self, op: Operation) -> list[str] | None:
        """Element-wise ops and casts that read a loaded 2-D tile in shared
        memory, and row reductions of one (through a register copy)."""
        loaded = [v for v in op.operands if self._in_smem(v) and len(v.type.get_shape()) == 2 and not column_tile(v)]  # type: ignore[attr-defined]
        rows = [v.type.get_shape()[0] for v in loaded]  # type: ignore[attr-defined]
        if self.target.wgmma and any(r > 64 and r != 128 for r in rows):  # fewer than 64: twillc_smem_at_rows
            return None
        # unrolled, so that the arrays stay in registers: NVVM leaves a loop of shared-memory reads rolled where
        # its cost model says so (sm_100a's reads of a tile not f16, `twillc_smem_row_at_t`; on sm_90a a role in
        # a kernel of several loops, whose functions NVVM sees larger), and a rolled loop's arrays go to local
        # memory (cross_entropy_h100: 512 B of it, and ptxas spilling 648 B around it)
        unroll = ["      #pragma unroll"]
        if op.name in INTEGER_BINARY:
            if op.results[0].type.get_shape() != loaded[0].type.get_shape():  # type: ignore[attr-defined]
                return None
            return [*unroll, *self._integer_math(op, [self._at(v, op.results[0]) for v in op.operands])]
        if op.name in UNARY or op.name in BINARY:
            r = op.results[0]
            if r.type.get_shape() != loaded[0].type.get_shape():  # type: ignore[attr-defined]
                return None
            f = UNARY[op.name] if op.name in UNARY else BINARY[op.name]
            f = f.format(*(f"float({self._at(v, r)})" for v in op.operands))
            f = f"__float2half({f})" if c_elt(r.type) == "__half" else f  # type: ignore[arg-type]
            return [*unroll, f"      for (int i = 0; i < {self._n(r.type)}; ++i) {self.out(r)}[i] = {f};"]  # type: ignore[arg-type]
        if isinstance(op, tile.CastOp):
            r = op.results[0]
            cxx = c_elt(r.type)  # type: ignore[arg-type]
            conv = {"__half": "__float2half", "__nv_bfloat16": "__float2bfloat16", "float": ""}.get(cxx, cxx)
            n = self._n(r.type)  # type: ignore[arg-type]
            return [*unroll, f"      for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {conv}({self._at(op.input, r)});"]
        if op.name in ("tile.rowmax", "tile.rowsum"):
            a, r = op.operands[0], op.results[0]
            n = self._n(a.type)  # type: ignore[arg-type]
            fn = "twillc_rowmax" if op.name == "tile.rowmax" else "twillc_rowsum"
            fn += "_t" if self.target.row_layout else ""
            return [
                "      {",
                f"        float x[{n}];",
                *("  " + line for line in unroll),
                f"        for (int i = 0; i < {n}; ++i) x[i] = {self._smem_at(a, 'i')};",
                *self._row_reduce(fn, n, self.out(r), "x", self._slabs(a), "        "),
                "      }",
            ]
        if isinstance(op, tile.ColumnReductionOp):
            a = op.operands[0]
            n = self._n(a.type)  # type: ignore[arg-type]
            reduce = self._column_reduce(op, "x", "        ")
            if reduce is None:
                return None
            return [
                "      {",
                f"        float x[{n}];",
                *("  " + line for line in unroll),
                f"        for (int i = 0; i < {n}; ++i) x[i] = {self._smem_at(a, 'i')};",
                *reduce,
                "      }",
            ]
        return None

    def _index(self, v: SSAValue, r: SSAValue) -> str:
        """The index, into the thread's elements of tile `v`, of element i of
        the thread's elements of the result `r`: a row vector broadcast along
        its row has element (i >> 1) & 1 of a thread's two (on sm_100a the
        thread's one)."""
        shape, out = v.type.get_shape(), r.type.get_shape()  # type: ignore[attr-defined]
        if len(shape) == 2 and shape[0] == 1 and len(out) == 2 and out[0] > 1 and shape[1] > 1:
            # a per-column [1, C] (replicated: `_replicated`): element i's column's value
            per = elements_per_thread(v.type, self.target)
            return "i" if self.target.row_layout or per >= elements_per_thread(r.type, self.target) else f"i % {per}"
        rows_only = len(v.type.get_shape()) == 1 or (column_tile(v) and r.type.get_shape()[1] > 1)  # type: ignore[attr-defined]
        broadcast = rows_only and len(r.type.get_shape()) == 2  # type: ignore[attr-defined]
        index = ("0" if self.target.row_layout else "(i >> 1) & 1") if broadcast else "i"
        if broadcast and self._slabs(r) > 1:  # the two rows of element i's slab
            index = f"(i / {elements_per_thread(r.type, self.target) // self._slabs(r)}) * 2 + ((i >> 1) & 1)"
        return index

    def _scalar(self, v: SSAValue) -> str:
        """A scalar operand as C: a number's literal, a scalar argument (a
        kernel parameter), an index (`bid * BM`, the loop variable of the
        iteration) converted to int, arithmetic of those."""
        if isinstance(v, BlockArgument) and v.owner is self.func.body.block:
            return self.args[v]
        if self._in_order and (
            (isinstance(v, BlockArgument) and v.owner is self.body and v.index > 0) or v.owner is self.loop
        ):
            return self.name(v)  # a number the loop carries: the role's variable (`scalars.number_role`)
        op = v.owner
        if isinstance(op, arith.IndexCastOp):
            index = c_index(op.input, self.iv, self.iteration)
            return f"int{index}" if index.startswith("(") else f"int({index})"  # c_index parenthesizes arithmetic
        if isinstance(op, arith.AddfOp | arith.SubfOp | arith.MulfOp | arith.DivfOp):
            sym = {arith.AddfOp: "+", arith.SubfOp: "-", arith.MulfOp: "*", arith.DivfOp: "/"}[type(op)]
            return f"({self._scalar(op.lhs)} {sym} {self._scalar(op.rhs)})"
        if isinstance(op, arith.NegfOp):
            return f"(-{self._scalar(op.operand)})"
        if isinstance(op, tile.AllReductionOp):  # a number of the role, computed before the loop (`_all_reduce`)
            return self.name(v)
        if isinstance(op, tile.LoadScalarOp):  # read where used (`twillc.lowering.cuda.scalars`)
            return scalars.loaded(op, self.args[op.tensor], lambda i: c_index(i, self.iv, self.iteration))
        if (expr := scalars.scalar_expr(op, self._scalar)) is not None:
            return expr
        if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):  # an integer tile's number
            return str(op.value.value.data)
        return scalar_literal(v)

    def _bit(self, c: SSAValue, r: SSAValue) -> str:
        """Element i of the `i1` tile `c` where the result is `r`: bit
        index % 32 of word index / 32 (`memory_plan.mask_words`)."""
        if rematerialized(c.owner):  # type: ignore[arg-type]  # a comparison of index tiles, computed here
            return f"uint32_t{self._mask_cond(c, r)}"
        index = self._index(c, r)
        k = "i" if index == "i" else f"({index})"
        return f"(({self._operand(c)}[{k} >> 5] >> ({k} & 31)) & 1u)"

    def _mask_math(self, op: Operation) -> list[str] | None:
        """Index tiles, comparisons, `&` / `|` and `where` element by element
        in the register layout (None for another op): an index tile is each
        element's row or column (`twillc_acc_row` / `twillc_acc_col` in the
        wgmma accumulator layout; on sm_100a the thread's row, the element's
        column); an `i1` result is packed 32 elements to a word."""
        if isinstance(op, tile.IotaOp):
            r = op.result
            n = elements_per_thread(r.type, self.target)
            if r.type.rank == 1:  # type: ignore[attr-defined]  # a vector of indices: each element's row
                return [f"      for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {self._vector_row(r)};"]
            rows, cols = r.type.get_shape()  # type: ignore[attr-defined]
            if self.target.row_layout:
                at = "int(threadIdx.x % 128)" if op.dim.value.data == 0 else "i"
            else:
                self._helpers.add("acc_index")
                at = f"twillc_acc_{'row' if op.dim.value.data == 0 else 'col'}<{cols}>(i)"
            return [f"      for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {at};"]
        if isinstance(op, tile.CmpOp | tile.AndOp | tile.OrOp):
            r = op.results[0]
            n, out = elements_per_thread(r.type, self.target), self.out(r)
            if isinstance(op, tile.CmpOp):
                sym = {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}[op.predicate.data]
                a, b = (self._at(v, r) for v in (op.lhs, op.rhs))
                if any(isinstance(v.type, tile.TileType) and c_elt(v.type) == "__half" for v in (op.lhs, op.rhs)):
                    a, b = f"float({a})", f"float({b})"
                bit = f"uint32_t({a} {sym} {b})"
            else:
                sym = "&" if isinstance(op, tile.AndOp) else "|"
                lhs, rhs = op.operands
                if lhs.type == rhs.type == r.type:  # word by word
                    a, b = self._operand(lhs), self._operand(rhs)
                    words = self._n(r.type)  # type: ignore[arg-type]
                    return [f"      for (int w = 0; w < {words}; ++w) {out}[w] = {a}[w] {sym} {b}[w];"]
                bit = f"({self._bit(lhs, r)} {sym} {self._bit(rhs, r)})"
            return [
                f"      for (int w = 0; w < {self._n(r.type)}; ++w) {out}[w] = 0u;",  # type: ignore[arg-type]
                f"      for (int i = 0; i < {n}; ++i) {out}[i >> 5] |= {bit} << (i & 31);",
            ]
        if isinstance(op, tile.SelectOp):
            r = op.result
            n = elements_per_thread(r.type, self.target)
            a, b = (self._at(v, r) for v in (op.on_true, op.on_false))
            conv = {"__half": "__float2half", "__nv_bfloat16": "__float2bfloat16"}.get(c_elt(r.type))  # type: ignore[arg-type]
            if conv is not None:  # a scalar: its f16 / bf16 value
                pairs = ((a, op.on_true), (b, op.on_false))
                a, b = (x if isinstance(v.type, tile.TileType) else f"{conv}({x})" for x, v in pairs)
            if id(op) in self.split_selects and self._split_on:
                # An unmasked iteration does not compute the mask: its true
                # operand (`||` evaluates no condition there). The mask's ops
                # are computed here, element by element, and held nowhere:
                # arrays written in masked iterations only would stay live
                # around the loop (1.3 KB of spill on the causal forward).
                return [
                    f"      {{  // {self.name(r)}: its true operand in an unmasked iteration",
                    "        const bool tw_um = tw_unmasked(kt);",
                    f"        for (int i = 0; i < {n}; ++i) "
                    f"{self.out(r)}[i] = (tw_um || {self._mask_cond(op.cond, r)}) ? {a} : {b};",
                    "      }",
                ]
            if not isinstance(op.cond.type, tile.TileType):  # one condition for the tile (a uniform i1)
                cond = c_index(op.cond, self.iv, self.iteration)
                return [f"      for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {cond} ? {a} : {b};"]
            return [f"      for (int i = 0; i < {n}; ++i) {self.out(r)}[i] = {self._bit(op.cond, r)} ? {a} : {b};"]
        return None

    def _mask_cond(self, v: SSAValue, r: SSAValue) -> str:
        """Element i of a split select's condition, or of a value it is
        computed from, as one C expression: the mask-only ops (index tiles,
        integer arithmetic, comparisons, `&`: what `mask_bounds` reads) and
        the index tiles `index-remat` marked by their element formula,
        anything else (a live-in, a scalar) as read."""
        op = v.owner
        formula = id(op) in self.mask_only or rematerialized(op)  # type: ignore[arg-type]
        if not (isinstance(op, Operation) and formula and isinstance(v.type, tile.TileType)):
            return self._at(v, r)  # a scalar (index arithmetic) is its expression
        if isinstance(op, tile.IotaOp):
            cols = op.result.type.get_shape()[1]  # type: ignore[attr-defined]
            if self.target.row_layout:
                return "int(threadIdx.x % 128)" if op.dim.value.data == 0 else "i"
            self._helpers.add("acc_index")
            return f"twillc_acc_{'row' if op.dim.value.data == 0 else 'col'}<{cols}>(i)"
        syms = {tile.AddOp: "+", tile.SubOp: "-", tile.MulOp: "*", tile.AndOp: "&&", tile.OrOp: "||"}
        if isinstance(op, tile.MinOp | tile.MaxOp) and rematerialized(op):  # integer: CUDA's int min / max
            return f"{op.name[5:]}({self._mask_cond(op.lhs, r)}, {self._mask_cond(op.rhs, r)})"
        if isinstance(op, tile.CmpOp):
            sym = {"lt": "<", "le": "<=", "gt": ">", "ge": ">=", "eq": "==", "ne": "!="}[op.predicate.data]
        elif type(op) in syms:
            sym = syms[type(op)]
        else:
            raise located_error(
                op, f"a split mask computed by '{op.name}': only index tiles, + - *, comparisons, & and |"
            )
        lhs, rhs = op.operands
        return f"({self._mask_cond(lhs, r)} {sym} {self._mask_cond(rhs, r)})"

    def _at(self, v: SSAValue, r: SSAValue) -> str:
        """Element i of `v` where the result is a tile `r`: row vectors are
        broadcast along their row (element (i >> 1) & 1 of a thread's two;
        on sm_100a the thread's one); a scalar is its literal."""
        if not isinstance(v.type, tile.TileType):
            return self._scalar(v)
        if rematerialized(v.owner):  # type: ignore[arg-type]  # an index tile computed here (`index-remat`)
            return self._mask_cond(v, r)
        if self._view(v):  # indexed in place (`_expand_view`)
            src = v.owner.input
            if v.owner.axis.value.data == 1:
                return self._at(src, r)  # per row, as the rank-1 vector it is
            self._helpers.add("col")
            return f"twillc_col_at<{c_elt(src.type)}>({self._smem_ref(src)}, {self._column_of(r)})"  # type: ignore[arg-type]
        if self._loaded_row(v) and (r.type.get_shape()[0] > 1 or self._replicated(r)):  # type: ignore[attr-defined]
            self._helpers.add("col")  # a loaded [1, C] row, read at each element's column (`_loaded_row`)
            return f"twillc_col_at<{c_elt(v.type)}>({self._smem_ref(v)}, {self._column_of(r)})"  # type: ignore[arg-type]
        if v.owner in self.program.outside.at_use:  # a cast of a tile in shared memory, converted where read
            return f"float({self._at(v.owner.operands[0], r)})"  # type: ignore[union-attr]
        index = self._index(v, r)
        if self._read_in_place(v, self._role):  # the element in its slot, addressed at each read
            return f"{self._operand(v)}[{index}]"
        if self._in_smem(v) and len(v.type.get_shape()) == 2 and not column_tile(v):  # type: ignore[attr-defined]
            # a loaded tile: the thread's elements of the swizzled TMA boxes
            return self._smem_at(v, index)
        if self._in_smem(v) and self.target.spread_vector(v.type):  # its elements t + 128 k, dense in the slot
            self._helpers.add("col")
            return f"twillc_col_at<{c_elt(v.type)}>({self._smem_ref(v)}, {spread_element(index)})"  # type: ignore[arg-type]
        if self._in_smem(v):  # a row vector (or an [R, 1] tile's dense rows) in shared memory: the thread's rows
            if self.target.row_layout:
                return f"twillc_row_t<{c_elt(v.type)}>({self._smem_ref(v)})"  # type: ignore[arg-type]
            e = elt(v.type)
            if e.name != "f32":  # a 16-bit row vector (W8A16's per-channel f16 scales), an integer one
                self._helpers.add("row_of")
                if e.cxx in ("int", "unsigned"):  # its bits, not a float
                    slab = f" + (({index}) >> 1) * {64 * e.size}" if self._slabs(v) > 1 else ""
                    half = f"({index}) & 1" if self._slabs(v) > 1 else index
                    return f"twillc_row_int<{e.cxx}>({self._smem_ref(v)}{slab}, {half})"
                if self._slabs(v) > 1:  # rows 64s.. of slab s = index / 2
                    slab = f"(({index}) >> 1) * {64 * e.size}"
                    return f"twillc_row_of<{e.cxx}>({self._smem_ref(v)} + {slab}, ({index}) & 1)"
                return f"twillc_row_of<{e.cxx}>({self._smem_ref(v)}, {index})"
            if self._slabs(v) > 1:  # rows 64s.. of slab s = index / 2
                return f"twillc_row({self._smem_ref(v)} + (({index}) >> 1) * 256, ({index}) & 1)"
            return f"twillc_row({self._smem_ref(v)}, {index})"
        return f"{self.name(v)}[{index}]"

    def _wgmma_rs(self, op: tile.MmaOp) -> list[str] | None:
        """acc (+)= A B with A a register tile (FA3's P V): the accumulator
        fragment of A's 16 columns kk*16.. is the A fragment of step kk."""
        if self._in_smem(op.lhs) or not self._in_smem(op.rhs) or op.transpose_lhs:
            return None
        if op.transpose_rhs and elt(op.rhs.type).name == "f16":
            return None
        self._f32_accumulator(op, "A from registers")
        m, k = op.lhs.type.get_shape()  # type: ignore[attr-defined]
        kb, n = op.rhs.type.get_shape()[::-1] if op.transpose_rhs else op.rhs.type.get_shape()  # type: ignore[attr-defined]
        if m % 64 or m > 256 or n % 64 or n > 256 or k % 16:
            return None
        e = elt(op.rhs.type)
        if e.name not in ("f16", "bf16"):
            raise located_error(op, f"CUDA emission: a wgmma with A from registers reads f16 or bf16, not {e.name}")
        res = self.out(op.result)
        out = []
        if op.acc is not None:
            out += copy_array(res, self.name(op.acc), m * n // 128, "      ")
        slabs = m // 64
        note = f": one m64 wgmma per 64-row slab, A's fragment {k // 2} per thread" if slabs > 1 else ""
        out.append(
            f"      // {res} {'+' if op.acc is not None else ''}= {self.name(op.lhs)} * {self.name(op.rhs)}"
            f" (wgmma, A from registers{note})"
        )
        accumulate = "1" if op.acc is not None else "0"
        for s in range(slabs):  # slab s: its rows' A fragment and accumulators
            out.append(
                f"      {self._rs_fn(op)}{n}, {k}, {kb * 128}{self._rs_trans(op)}>({plus(res, s * n // 2)}, "
                f"{plus(self._operand(op.lhs), s * k // 2)}, {self._smem_ref(op.rhs)}, {accumulate});"
            )
        return out

    def _f32_accumulator(self, op: tile.MmaOp, form: str) -> None:
        """A located refusal where an MMA of `form` accumulates in f16: the
        f16 accumulator (wgmma .f16.f16.f16) is generated with A and B in
        shared memory (`_wgmma`, `twillc_mma_k16_boxed`) only."""
        if elt(op.result.type).name == "f16":
            raise located_error(
                op,
                f"CUDA emission: an MMA accumulating in f16 with {form} is not generated (an f16 accumulator is "
                "generated with A and B in shared memory: accumulate in f32 and cast after the loop)",
            )

    def _wgmma_ts(self, op: tile.MmaOp) -> list[str] | None:
        """acc (+)= X^T B with X a [64, M] register tile (FA3's dV += P^T dO,
        dK += dS^T Q): X goes to shared memory, swizzled as TMA would write
        it, and the wgmma reads it transposed."""
        x = op.lhs
        if not self._in_smem(op.rhs):
            return None
        self._f32_accumulator(op, "A transposed")
        if self._in_smem(x):
            return self._wgmma_ts_loaded(op)
        k, m = x.type.get_shape()  # type: ignore[attr-defined]
        shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
        n = shape_b[0] if op.transpose_rhs else shape_b[1]
        if k != 64 or m % 64 or m > 128 or n % 64 or n > 256:
            return None
        res = self.out(op.result)
        out = []
        if op.acc is not None:
            out += copy_array(res, self.name(op.acc), m * n // 128, "      ")
        staged = self._channel_slot(x) if self._sent_staged(x) else f"sm.{self.name(x)}_t"
        if not self._staged_early(x) and not self._sent_staged(x):
            out.append(f"      {self._stage_fn(x)}{m}>({staged}, {self.name(x)}, {self._group});")
        return out + [
            f"      // {res} {'+' if op.acc is not None else ''}= {self.name(x)}^T * {self.name(op.rhs)}"
            f"{'^T' if op.transpose_rhs else ''} (wgmma, A staged through shared memory and read transposed)",
            f"      {self._ts_fn(op)}{m}, {n}, {0 if op.transpose_rhs else 1}, {shape_b[0] * 128}>({res}, "
            f"{staged}, {self._smem_ref(op.rhs)}, {'1' if op.acc is not None else '0'});",
        ]

    def _wgmma_ts_loaded(self, op: tile.MmaOp) -> list[str] | None:
        """acc (+)= X^T B with X a loaded [K, M] tile (linear attention's
        state update h += K^T V): TMA wrote X as a staged transposed A is
        written (128B-swizzled boxes of 64 columns, 128-byte rows), so the
        wgmma reads it in place, MN-major. twillc_mma_ts takes 64 rows of X
        a call: a [64, M] X (M <= 128) in one, a [K, 64] X in K / 64 calls,
        rows 64c.. of X and of B (MN-major: 8 KB into each box; K-major: box
        c) accumulating; any other K of k16 steps (a loop step split in
        rows) and M up to 256, twillc_mma_ts_k with the boxes' sizes."""
        x, b = op.lhs, op.rhs
        k, m = x.type.get_shape()  # type: ignore[attr-defined]
        shape_b = b.type.get_shape()  # type: ignore[attr-defined]
        n = shape_b[0] if op.transpose_rhs else shape_b[1]
        if k % 16 or m % 64 or m > 256 or n % 64 or n > 256:
            return None
        res = self.out(op.result)
        out = copy_array(res, self.name(op.acc), m * n // 128, "      ") if op.acc is not None else []
        out.append(
            f"      // {res} {'+' if op.acc is not None else ''}= {self.name(x)}^T * {self.name(b)}"
            f"{'^T' if op.transpose_rhs else ''} (wgmma, A read transposed from its TMA boxes)"
        )
        if k % 64 or m > 128 or (k > 64 and m > 64):  # any K of k16 steps: the boxes' sizes as arguments
            e = self._mma_elt(op)
            self._ts_fn(op)  # f16 or bf16, else a located error
            self._helpers.add(f"mma_ts_k_{e.name}")
            trans = 0 if op.transpose_rhs else 1
            accumulate = "1" if op.acc is not None else "0"
            return out + [
                f"      twillc_mma_ts_k_{e.name}<{m}, {n}, {k}, {trans}, {k * 128}, {shape_b[0] * 128}>({res}, "
                f"{self._smem_ref(x)}, {self._smem_ref(b)}, {accumulate});"
            ]
        fn = f"{self._ts_fn(op)}{m}, {n}, {0 if op.transpose_rhs else 1}, {shape_b[0] * 128}>"
        for c in range(k // 64):
            accumulate = "1" if op.acc is not None or c else "0"
            b_at = plus(self._smem_ref(b), c * (shape_b[0] * 128 if op.transpose_rhs else 8192))
            out.append(f"      {fn}({res}, {plus(self._smem_ref(x), c * 8192)}, {b_at}, {accumulate});")
        return out

    def _ss_fn(self, e: Elt) -> str:
        return "twillc_mma_k16_boxed<" if e.name == "f16" else f"twillc_mma_kstep_boxed<{e.tag}, "

    def _rs_fn(self, op: tile.MmaOp) -> str:
        e = elt(op.rhs.type)
        return "twillc_mma_rs<" if e.name == "f16" else f"twillc_mma_rs_t<{e.tag}, "

    def _rs_trans(self, op: tile.MmaOp) -> str:
        if elt(op.rhs.type).name == "f16":
            return ""
        return f", {0 if op.transpose_rhs else 1}"

    def _staged_elt(self, x: SSAValue) -> Elt:
        """The 16-bit type a register tile is staged as for a transposed
        wgmma: its own, else that of the B operand of its MMAs."""
        e = elt(x.type)
        if e.name in ("f16", "bf16"):
            return e
        for use in x.uses:
            if isinstance(use.operation, tile.MmaOp) and use.operation.lhs is x:
                return self._mma_elt(use.operation)
        return e

    def _stage_fn(self, x: SSAValue) -> str:
        e = self._staged_elt(x)
        if e.name not in ("f16", "bf16", "f32"):
            raise located_error(x.owner, f"CUDA emission: a transposed wgmma operand of {e.name} is not generated")  # type: ignore[arg-type]
        return "twillc_stage_acc<" if e.name != "bf16" else "twillc_stage_acc_t<TW_BF16, "

    def _ts_fn(self, op: tile.MmaOp) -> str:
        e = self._mma_elt(op)
        if e.name not in ("f16", "bf16"):
            raise located_error(op, f"CUDA emission: a transposed wgmma operand of {e.name} is not generated")
        return "twillc_mma_ts<" if e.name == "f16" else "twillc_mma_ts_t<TW_BF16, "

    def _cast_from_smem(self, op: tile.CastOp) -> list[str] | None:
        """`cast<T>(load ...)`: the thread's elements of the shared-memory tile
        (as TMA swizzled it) read into the accumulator layout, converted (an
        8-bit weight tile scaled in registers: W8A16)."""
        t, r = op.input.type, op.results[0]
        if t.rank != 2 or t.get_shape()[0] != 64 or t.get_shape()[1] % 64 or narrow_rows(t):  # type: ignore[attr-defined]
            return None  # other shapes element by element (_math_smem)
        cols = t.get_shape()[1]  # type: ignore[attr-defined]
        return [
            f"      twillc_load_acc<{cols}, {c_elt(t)}, {c_elt(r.type)}>({self.out(r)}, {self._smem_ref(op.input)});"  # type: ignore[arg-type]
        ]

    def _operand(self, v: SSAValue) -> str:
        if self._in_smem(v):
            return self._smem_ref(v)
        if self._acc_on(v, self._role):
            return f"tmem + {self.acc_at[v]}"
        if self._in_tmem(v, self._role):
            return self._tmem_slot(v)
        if self._read_in_place(v, self._role):
            slot = f"sm.{self.name(v)}[{self._slot('kt', self.depths[self.op_id[id(v.owner)]])}]"
            return f"twillc_mine<{c_elt(v.type)}>({slot}, {self._n(v.type)})"  # type: ignore[arg-type]
        return self.name(v)

    def _wgmma_staged_b(self, op: tile.MmaOp) -> list[str] | None:
        """acc (+)= A B with A loaded and B a register tile (W8A16's
        dequantized weights): B is written to its staging buffer
        (`memory_plan.staged_tiles`) as TMA would have loaded it, 128B-swizzled
        boxes of 64 columns ([N, K] K-major for mma(a, b.T), [K, N] MN-major
        for mma(a, b)), then read by the wgmma from shared memory."""
        b, e = op.rhs, self._mma_elt(op)
        rows, cols = b.type.get_shape()  # type: ignore[attr-defined]
        if e.name not in ("f16", "bf16"):
            raise located_error(op, f"CUDA emission: a register B staged for a wgmma of {e.name} is not generated")
        if rows % 64 or rows > 256 or cols % 64 or not self._layout_ok(b):
            return None
        self._helpers.add("stage_rows")
        staged = f"sm.{self._staged_buffer(self._staged(op, 'b'))}"  # type: ignore[arg-type]
        return [
            f"      // {self.name(b)} to shared memory as the wgmma's B ({e.name}, 128B-swizzled boxes of 64 columns)",
            f"      twillc_stage_rows<{e.tag}, {rows}, {cols}>({staged}, {self._operand(b)}, {self._group});",
            *self._wgmma(op, b_ref=staged),
        ]

    def _staged(self, op: tile.MmaOp, operand: str) -> StagedTile | None:
        """The staging buffer (`memory_plan.staged_tiles`) of `op`'s operand:
        per value ("a^T", "b", "a8") or per MMA ("b8^T")."""
        value = op.rhs if operand.startswith("b") else op.lhs
        for st in self.staged_tiles:
            if st.operand == operand and st.value is value and (st.mma is op or operand != "b8^T"):
                return st
        return None

    def _staged_buffer(self, st: StagedTile) -> str:
        """Its member of SharedStorage: `<value>_t` per value, `<result>_b8`
        per MMA."""
        if st.operand != "b8^T":
            return f"{self.name(st.value)}_t"
        return f"{self.name(st.mma.results[0])}_b8"

    def _wgmma_fp8_staged(self, op: tile.MmaOp) -> list[str] | None:
        """acc (+)= P V, FP8, P a register tile (FA3 FP8's cast P): FP8 wgmma
        reads A and B K-major from shared memory, so P is staged there as FP8
        (twillc_stage_acc_fp8) and a V loaded MN-major ([K, N], N contiguous)
        is transposed to K-major (twillc_stage_bt_fp8) by this role, each in
        its buffer of `memory_plan.staged_tiles`; then m64nNk32 steps read both."""
        e = elt(op.lhs.type)
        m, k = op.lhs.type.get_shape()  # type: ignore[attr-defined]
        shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
        n = shape_b[0] if op.transpose_rhs else shape_b[1]
        if elt(op.rhs.type) != e:
            got = f"{e.name} and {elt(op.rhs.type).name}"
            raise located_error(op, f"CUDA emission: MMA operands of one element type, got {got}")
        if m % 64 or m > 256 or k % 128 or n % 64 or n > 256:
            return None
        slabs = m // 64
        self._helpers.add("stage_fp8")
        a = f"sm.{self._staged_buffer(self._staged(op, 'a8'))}"  # type: ignore[arg-type]
        early = self._fp8_staged_early(op.lhs)
        readers = {self.warp(u.operation) for u in op.lhs.uses if isinstance(u.operation, tile.MmaOp)}
        if not early and len(readers) > 1:
            raise located_error(op, "CUDA emission: an FP8 register A read by MMAs on several roles is not generated")
        bt = self._staged(op, "b8^T")
        b = f"sm.{self._staged_buffer(bt)}" if bt is not None else self._smem_ref(op.rhs)
        acc = self.out(op.result)
        accumulate = "1" if op.acc is not None else "0"
        count = m * n // 128
        out = copy_array(acc, self.name(op.acc), count, "      ") if op.acc else []
        out += [
            f"      // {acc} {'+' if op.acc is not None else ''}= {self.name(op.lhs)} * {self.name(op.rhs)}"
            f"{'^T' if op.transpose_rhs else ''} (FP8 wgmma from shared memory: A staged"
            + (", B transposed to K-major" if bt is not None else "")
            + ("; one m64 wgmma per 64-row slab)" if slabs > 1 else ")"),
        ]
        if not early:  # else its role wrote it there as it computed it (the cast)
            out += self._stage_fp8(op.lhs, a, self._operand(op.lhs))
        if bt is not None:
            out.append(f"      twillc_stage_bt_fp8<{k}, {n}>({b}, {self._smem_ref(op.rhs)}, {self._group});")
        issue = [  # slab s: A's rows 64s.. (its own K-major boxes, k * 64 bytes on), its accumulators
            f"twillc_mma_kstep_boxed<{e.tag}, {n}, 0, 8192, {n * 128}>({plus(acc, s * n // 2)}, "
            f"{plus(a, s * k * 64)}, {b}, kk, ({accumulate} || kk > 0) ? 1 : 0);"
            for s in range(slabs)
        ]
        return out + [
            f"      for (int i = 0; i < {count}; ++i) tw_fence_operand({acc}[i]);",
            "      tw_wgmma_fence();",
            f"      for (int kk = 0; kk < {k // e.k_step}; ++kk)" + (" {" if slabs > 1 else ""),
            *(f"        {line}" for line in issue),
            *(["      }"] if slabs > 1 else []),
            "      tw_wgmma_commit();",
            "      tw_wgmma_wait<0>();",
            f"      for (int i = 0; i < {count}; ++i) tw_fence_operand({acc}[i]);",
        ]

    def _stage_fp8(self, x: SSAValue, buffer: str, src: str) -> list[str]:
        """A register tile `x` (FP8, from `src`: f32 or FP8 values) to its FP8
        staging buffer, K-major as TMA loads a [64, K] FP8 tile, one 64-row
        slab after another (slab s at s * K * 64 bytes: the A of its m64 wgmma)."""
        m, k = x.type.get_shape()  # type: ignore[attr-defined]
        fn = f"twillc_stage_acc_fp8<{elt(x.type).tag}, {k}>"
        slabs = range(m // 64)
        return [f"      {fn}({plus(buffer, s * k * 64)}, {plus(src, s * k // 2)}, {self._group});" for s in slabs]

    def _wgmma(self, op: tile.MmaOp, a_ref: str | None = None, b_ref: str | None = None) -> list[str]:
        """acc (+)= A B from shared memory (A at `a_ref`, B at `b_ref` when
        staged there); A of more than 64 rows: one m64 wgmma per 64-row slab."""
        staged = a_ref is not None
        a_ref = a_ref or self._smem_ref(op.lhs)
        b_ref = b_ref or self._smem_ref(op.rhs)
        m, k = op.lhs.type.get_shape()  # type: ignore[attr-defined]
        shape_b = op.rhs.type.get_shape()  # type: ignore[attr-defined]
        n = shape_b[0] if op.transpose_rhs else shape_b[1]
        e = self._mma_elt(op)
        if (
            m == 64
            and n % 64
            and n % 8 == 0
            and n <= 256
            and k % e.box_cols == 0
            and op.transpose_rhs
            and e.name == "f16"
            and elt(op.result.type).name == "f32"
        ):
            return self._wgmma_narrow(op, a_ref, n, k)
        slabs = m // 64
        if m % 64 or m > 256 or (slabs > 1 and staged) or n % 64 or n > 256 or k % e.box_cols:
            return self._hole(op, [self.out(op.result)], [a_ref, b_ref], "      ")
        acc = self.out(op.result)
        accumulate = "1" if op.acc is not None else "0"
        trans = 0 if op.transpose_rhs else 1
        b_rows = shape_b[0]
        count = m * n // 128
        start = copy_array(acc, self.name(op.acc), count, "      ") if op.acc else []
        issue = [  # slab s: A's rows 64s.. (8192 B into each swizzled box), its accumulators
            f"{self._ss_fn(e)}{n}, {trans}, {m * 128}, {b_rows * 128}>({plus(acc, s * n // 2)}, "
            f"{plus(a_ref, s * 8192)}, {b_ref}, kk, ({accumulate} || kk > 0) ? 1 : 0);"
            for s in range(slabs)
        ]
        slab_note = " one m64 wgmma per 64-row slab" if slabs > 1 else ""
        return start + [
            f"      // {acc} = {self.name(op.lhs)} * {self.name(op.rhs)}{'^T' if op.transpose_rhs else ''} (wgmma"
            + (f",{slab_note})" if slabs > 1 else ")"),
            f"      for (int i = 0; i < {count}; ++i) tw_fence_operand({acc}[i]);",
            "      tw_wgmma_fence();",
            f"      for (int kk = 0; kk < {k // e.k_step}; ++kk)" + (" {" if slabs > 1 else ""),
            *(f"        {line}" for line in issue),
            *(["      }"] if slabs > 1 else []),
            "      tw_wgmma_commit();",
            "      tw_wgmma_wait<0>();",
            f"      for (int i = 0; i < {count}; ++i) tw_fence_operand({acc}[i]);",
        ]

    def _wgmma_narrow(self, op: tile.MmaOp, a_ref: str, n: int, k: int) -> list[str]:
        """acc (+)= A B^T from shared memory with B K-major and N not a multiple
        of 64 (BN = 80: m64n64k16 steps, then one m64n{N % 64}k16)."""
        tail = n % 64
        self._helpers.add(f"wgmma_n{tail}")
        acc = self.out(op.result)
        accumulate = "1" if op.acc is not None else "0"
        b_rows = op.rhs.type.get_shape()[0]  # type: ignore[attr-defined]
        start = copy_array(acc, self.name(op.acc), n // 2, "      ") if op.acc else []
        return start + [
            f"      // {acc} = {self.name(op.lhs)} * {self.name(op.rhs)}^T (wgmma, n = {n})",
            f"      for (int i = 0; i < {n // 2}; ++i) tw_fence_operand({acc}[i]);",
            "      tw_wgmma_fence();",
            f"      for (int kk = 0; kk < {k // 16}; ++kk)",
            f"        twillc_mma_k16_kmajor<{n}, {64 * 128}, {b_rows * 128}>({acc}, "
            f"{a_ref}, {self._smem_ref(op.rhs)}, kk, ({accumulate} || kk > 0) ? 1 : 0);",
            "      tw_wgmma_commit();",
            "      tw_wgmma_wait<0>();",
            f"      for (int i = 0; i < {n // 2}; ++i) tw_fence_operand({acc}[i]);",
        ]

    def _channel_slot(self, v: SSAValue) -> str:
        """This iteration's slot of register-tile channel `v` in shared memory."""
        return f"sm.{self.name(v)}[{self._slot('kt', self.depths[self.op_id[id(v.owner)]])}]"

    def _smem_ref(self, v: SSAValue) -> str:
        if self._pre_smem(v):
            return f"sm.{self.name(v)}"
        d = self.depths[self.op_id[id(v.owner)]]
        return f"sm.{self.name(v)}[{self._slot('kt', d)}]"
