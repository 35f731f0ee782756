"""`twill.issue_order`: the warp roles' turns at a unit several roles issue
to, as `issue-order` derived them from the joint schedule
(twillc/lowering/transforms/issue_order.py); the CUDA printer and the
simulator read it, neither decides it again. Registered with the other ops
in `twillc.dialects.twill`; it follows the loop's `twill.warp_specialize`.

```mlir
twill.issue_order unit "tc" {
  twill.turn "consumer1" warp 2 bar 3 ops ["o1", "s1"] iters [0 : i64, 1 : i64] overlap []
  twill.turn "consumer0" warp 1 bar 4 ops ["o0", "mma"] iters [-1 : i64, 0 : i64] overlap ["mma"]
}
```

Each `twill.turn` is one role's run of issues at the unit in one II: its
ops in issue order, and each op's iteration in turn `j` (`j + iters[i]`).
The roles take their turns in the order of the entries, the first entry
first, round and round (ping-pong with two): a role waits on its named
barrier `bar` (`bar.sync bar, 128 * roles`) before the first op of its turn
that runs, and after the last op of its turn that runs (once its issue is
committed) arrives on the next entry's barrier (`bar.arrive`). The entry
before the first arrives on the first's barrier once, before the loop.

`overlap`: the MMAs (from shared memory, read on their role alone) that the
schedule issues before ops that do not read them, its first reader later
in the same stage: the role commits the MMA, runs those ops while it is in
flight, and waits for it before its first reader (FA3's intra-warpgroup
overlap: S = Q K^T of the next block in flight during softmax work)."""

from __future__ import annotations

from xdsl.dialects.builtin import I64, ArrayAttr, IntegerAttr, StringAttr, i64
from xdsl.ir import Block, Operation, Region
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, region_def, traits_def
from xdsl.traits import NoTerminator
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class TurnOp(IRDLOperation):
    """One role's turn at the unit (module docstring)."""

    name = "twill.turn"
    role = prop_def(StringAttr)
    warp = prop_def(IntegerAttr[I64])
    bar = prop_def(IntegerAttr[I64])
    ops = prop_def(ArrayAttr[StringAttr])
    iters = prop_def(ArrayAttr[IntegerAttr[I64]])
    overlap = prop_def(ArrayAttr[StringAttr])
    assembly_format = "$role `warp` $warp `bar` $bar `ops` $ops `iters` $iters `overlap` $overlap attr-dict"

    def __init__(self, role: str, warp: int, bar: int, ops: list[str], iters: list[int], overlap: list[str]) -> None:
        super().__init__(
            properties={
                "role": StringAttr(role),
                "warp": IntegerAttr(warp, i64),
                "bar": IntegerAttr(bar, i64),
                "ops": ArrayAttr([StringAttr(o) for o in ops]),
                "iters": ArrayAttr([IntegerAttr(i, i64) for i in iters]),
                "overlap": ArrayAttr([StringAttr(o) for o in overlap]),
            }
        )

    def verify_(self) -> None:
        if not self.ops.data:
            raise VerifyException(f"turn of '{self.role.data}': no ops")
        if len(self.ops.data) != len(self.iters.data):
            raise VerifyException(f"turn of '{self.role.data}': one iteration offset per op")
        if not 0 < self.bar.value.data < 16:
            raise VerifyException(f"turn of '{self.role.data}': named barrier {self.bar.value.data} is not 1..15")


@irdl_op_definition
class IssueOrderOp(IRDLOperation):
    """The turns of the warp-specialized loop before it (module docstring)."""

    name = "twill.issue_order"
    unit = prop_def(StringAttr)
    entries = region_def()
    assembly_format = "`unit` $unit $entries attr-dict"
    traits = traits_def(NoTerminator())

    def __init__(self, unit: str, turns: list[Operation]) -> None:
        super().__init__(properties={"unit": StringAttr(unit)}, regions=[Region(Block(turns)) if turns else Region()])

    def turn_ops(self) -> list[TurnOp]:
        return [op for block in self.entries.blocks for op in block.ops if isinstance(op, TurnOp)]

    def verify_(self) -> None:
        if len(self.entries.blocks) > 1:
            raise VerifyException("issue_order holds at most one block")
        for op in (op for block in self.entries.blocks for op in block.ops):
            if not isinstance(op, TurnOp):
                raise VerifyException(f"issue_order holds only turns, found '{op.name}'")
        turns = self.turn_ops()
        if len(turns) == 1:
            raise VerifyException("issue_order: one role takes no turns (two or more)")
        for what, key in (("warp", lambda t: t.warp.value.data), ("barrier", lambda t: t.bar.value.data)):
            seen = [key(t) for t in turns]
            if len(set(seen)) != len(seen):
                raise VerifyException(f"issue_order: a {what} takes two turns")
