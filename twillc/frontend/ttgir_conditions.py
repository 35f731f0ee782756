"""Conditions (`scf.if`) in the body of a loop imported from Triton.

The tile IR's loop runs the same ops every iteration, so a condition there
has a tile form only when it does not vary: `branch_taken` decides, from
the loop's range alone, whether an `scf.if`'s condition holds in every
iteration or in none (Z3 over the integer scalars it is computed from: the
loop's induction variable `iv`, with `lb <= iv < ub` and `iv = lb + j *
step`; constants; `+ - * / %`, min, max, comparisons, `& | ^` of booleans;
anything else, a kernel argument or a value loaded from memory, an unknown
integer). Then the branch taken is the body's and the other is dead: a
guard such as `if min(BLOCK, n - t) > 0` inside `for t in range(0, n,
BLOCK)`. Integers are mathematical (Triton's i32 wrap-around is not
modelled: a guard against overflow is not proven). Otherwise `refusal`
says which kind of condition it is."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from twillc.frontend.triton_module import TOp, TritonModule

_ARITH = {
    "arith.addi": lambda a, b: a + b,
    "arith.subi": lambda a, b: a - b,
    "arith.muli": lambda a, b: a * b,
}
_CMP = {"slt": "<", "sle": "<=", "sgt": ">", "sge": ">=", "eq": "==", "ne": "!="}
_CASTS = ("arith.extsi", "arith.trunci", "arith.index_cast", "arith.extui")


class _Z3Scalars:
    """Triton integer and boolean scalars as Z3 terms."""

    def __init__(self, tm: TritonModule, loop: TOp) -> None:
        import z3

        self.z3 = z3
        self.tm = tm
        self.terms: dict[int, object] = {}
        self.iv = z3.Int("iv")
        self.terms[loop.blocks[0].args[0]] = self.iv

    def term(self, vid: int, depth: int = 0) -> object | None:
        z3 = self.z3
        if vid in self.terms:
            return self.terms[vid]
        d = self.tm.defs.get(vid)
        ty = self.tm.arg_types.get(vid, "") if d is None else d.result_types[d.results.index(vid)]
        if ty.startswith("tensor") or depth > 64:
            return None
        out: object | None = None
        if d is not None and d.name == "arith.constant" and (k := d.int_attr("value")) is not None:
            out = z3.BoolVal(bool(k)) if ty == "i1" else z3.IntVal(k)
        elif d is not None and d.name in (*_ARITH, "arith.divsi", "arith.remsi", "arith.minsi"):
            a, b = (self.term(o, depth + 1) for o in d.operands[:2])
            if a is None or b is None:
                return None
            if d.name in _ARITH:
                out = _ARITH[d.name](a, b)
            elif d.name == "arith.minsi":
                out = z3.If(a <= b, a, b)  # type: ignore[operator]
            else:  # C's truncating / and %, as Z3's are flooring: exact where both are non-negative
                q = z3.If((a >= 0) == (b > 0), a / b, -((-a) / b))  # type: ignore[operator]
                out = q if d.name == "arith.divsi" else a - b * q  # type: ignore[operator]
        elif d is not None and d.name == "arith.maxsi":
            a, b = (self.term(o, depth + 1) for o in d.operands[:2])
            out = None if a is None or b is None else z3.If(a >= b, a, b)  # type: ignore[operator]
        elif d is not None and d.name == "arith.cmpi":
            pred = _predicate(self.tm, d)
            a, b = (self.term(o, depth + 1) for o in d.operands[:2])
            if pred not in _CMP or a is None or b is None:
                return None
            out = {
                "<": lambda: a < b,  # type: ignore[operator]
                "<=": lambda: a <= b,  # type: ignore[operator]
                ">": lambda: a > b,  # type: ignore[operator]
                ">=": lambda: a >= b,  # type: ignore[operator]
                "==": lambda: a == b,
                "!=": lambda: a != b,
            }[_CMP[pred]]()
        elif d is not None and d.name in ("arith.andi", "arith.ori", "arith.xori") and ty == "i1":
            a, b = (self.term(o, depth + 1) for o in d.operands[:2])
            if a is None or b is None:
                return None
            out = {"arith.andi": z3.And, "arith.ori": z3.Or, "arith.xori": z3.Xor}[d.name](a, b)
        elif d is not None and d.name in _CASTS and len(d.operands) == 1:
            out = self.term(d.operands[0], depth + 1)
        else:  # an argument, a value loaded from memory, an op not modelled: any integer
            out = z3.Bool(f"v{vid}") if ty == "i1" else z3.Int(f"v{vid}")
        self.terms[vid] = out
        return out


def _predicate(tm: TritonModule, op: TOp) -> str | None:
    """`arith.cmpi`'s predicate, read from its line of the TTGIR text."""
    if op.text_pos is None:
        return None
    line = tm.text.splitlines()[op.text_pos[0] - 1]
    m = re.search(r"arith\.cmpi\s+(\w+)", line)
    return m.group(1) if m else None


def branch_taken(tm: TritonModule, loop: TOp, cond: int) -> bool | None:
    """True when the loop's range implies `cond` in every iteration, False
    when it implies its negation, else None."""
    scalars = _Z3Scalars(tm, loop)
    z3 = scalars.z3
    c = scalars.term(cond)
    if c is None:
        return None
    if len(loop.operands) < 3:  # a region of one trip (ttgir_regions): no range, the condition alone
        in_range = z3.BoolVal(True)
    else:
        lb, ub, step = (scalars.term(o) for o in loop.operands[:3])
        if lb is None or ub is None or step is None:
            return None
        iv, j = scalars.iv, z3.Int("j")
        in_range = z3.And(step > 0, j >= 0, iv == lb + j * step, iv < ub)  # type: ignore[operator]
    for holds in (True, False):
        solver = z3.Solver()
        solver.set("timeout", 2000)
        solver.add(in_range, z3.Not(c) if holds else c)
        if solver.check() == z3.unsat:
            return holds
    return None


def refusal(varies: bool, one_trip: bool = False, effect: TOp | None = None) -> str:
    """Why an `scf.if` in the loop's body has no tile form (`varies`: its
    condition depends on the loop's iteration; `one_trip`: the body is a
    kernel's with no loop; `effect`: the op in a branch that keeps it from
    being a select of both branches' values)."""
    if effect is not None and not one_trip:
        return (
            f"unsupported op 'scf.if' in the loop's body: its condition is not decided by the loop's range and a "
            f"branch has an effect ('{effect.name}'), so it is not a select of both branches' values; a tile loop "
            "runs the same ops every iteration: fold it into a mask (tl.where) or split the loop where it changes"
        )
    if one_trip:
        return (
            "unsupported op 'scf.if' in a kernel with no loop: its condition is not known before the kernel runs "
            "and the kernel's region (a loop of one trip) runs the same ops in every CTA; fold it into a mask "
            "(tl.where)"
        )
    if varies:
        return (
            "unsupported op 'scf.if' in the loop's body: its condition changes between iterations (uniform across "
            "the CTA, but the loop's range does not decide it) and a tile loop runs the same ops every iteration; "
            "fold it into a mask (tl.where) or split the loop where it changes"
        )
    return (
        "unsupported op 'scf.if' in the loop's body: its condition is the same in every iteration but not known "
        "before the kernel runs (it does not depend on the loop's variable); hoist it out of the loop, "
        "`if c: for ...`, so that the loop runs the same ops every iteration"
    )
