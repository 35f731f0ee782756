"""The scheduling problem as a plain value: a dependence graph over ops with
resource reservation tables, and the schedules solvers return for it.

Nothing here imports xDSL or a solver, so solvers, the checker and benchmarks
work on graphs built from IR, read from GraphML / GML, or generated in tests.
Conventions follow docs/architecture.md ("The scheduling problem") and
docs/outputs.md ("The JSON schema").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

# One row per cycle of an op's execution from its issue: the units it holds
# that cycle and how many instances, sorted by unit name.
RRTRow = tuple[tuple[str, int], ...]
RRT = tuple[RRTRow, ...]


def uniform_rrt(unit: str | None, cycles: int, count: int = 1, stall: int = 0) -> RRT:
    """An op holding `count` instances of `unit` for each of `cycles` cycles
    but the first `stall` (no unit: an op that reserves nothing but still
    lasts `cycles`)."""
    row: RRTRow = ((unit, count),) if unit else ()
    return tuple(row if k >= stall else () for k in range(max(cycles, 1)))


def super_node_graph(
    graph: DependenceGraph,
    lengths: Mapping[str, int],
    heads: Mapping[str, int] | None = None,
    units: tuple[str, ...] = ("mainloop",),
) -> DependenceGraph:
    """An outer loop's graph in the super-node model (Meta's outer loops,
    `twillc.io.meta_ddg`, and the persistent kernel's, `nest-schedule`):
    each super-node (op id -> its inner loop's length in `lengths`) is one op
    of that length holding each of `units` (capacity 1 unless the graph
    gives one) from cycle `heads[id]` (default 0) to its end, and its
    outgoing edges wait for all of it."""
    heads = heads or {}

    def held(op_id: str) -> RRT:
        row: RRTRow = tuple((u, 1) for u in units)
        return tuple(row if k >= heads.get(op_id, 0) else () for k in range(max(lengths[op_id], 1)))

    ops = tuple(replace(o, rrt=held(o.id), latency=lengths[o.id]) if o.id in lengths else o for o in graph.ops)
    edges = tuple(replace(e, delay=lengths[e.src]) if e.src in lengths else e for e in graph.edges)
    return DependenceGraph(
        name=graph.name,
        ops=ops,
        edges=edges,
        capacities={**graph.capacities, **{u: graph.capacities.get(u, 1) for u in units}},
        target=graph.target,
    )


@dataclass(frozen=True)
class Op:
    """One tile-level operation (a node of G)."""

    id: str
    rrt: RRT
    """Units held per cycle from issue; len(rrt) is the op's occupancy."""
    latency: int = 1
    """Cycles until its result may be used (default delay of outgoing SSA edges)."""
    loc: str | None = None
    """`file:line:col` of the source statement, if any."""
    kind: str = ""
    """What the op is (e.g. `tile.mma`), for display only."""
    regs: int = 0
    """Registers per thread its result keeps live."""
    footprint: Mapping[str, int] = field(default_factory=dict)
    """Bytes of each memory (`smem`, `tmem`) its result occupies while live."""
    variable_latency: bool = False
    """Runs for an unknown time (TMA): must go on the variable-latency warp."""
    spill_cost: int = 0
    """Cycles to hand its result to another warp (smem + mbarrier round trip)."""
    stall: int = 0
    """Leading cycles during which its warp executes nothing else (a blocking
    tensor-memory read: tcgen05.ld then tcgen05.wait::ld)."""
    reads_while_running: bool = False
    """Reads its operands until it completes (an asynchronous MMA: wgmma's
    register A fragments stay untouchable until wgmma.wait_group)."""
    channel_bytes: int = 0
    """Bytes of one slot of the shared-memory ring (`CHANNEL_MEMORY`) its
    value takes when it crosses warps (a register tile's channel, as the
    CUDA emitter allocates it); 0 when it takes none there (a load has its
    ring already, a tensor-memory value crosses where it lies)."""
    tmem_ring: int = 0
    """Tensor-memory columns of one slot of the ring its value takes when it
    crosses warps (a tile the kernel must keep in tensor memory: an MMA
    result, FA4's rescaled O), 0 when it takes none there
    (`lifetimes.tmem_columns`)."""
    tmem_in_place: str = ""
    """The op whose ring's slots this op's value is written in when both
    cross warps and every reader of it runs on its warp or that op's (FA4's
    O, accumulated in the slot its rescale came over in): then its ring
    takes no columns of its own."""
    tmem_scratch: int = 0
    """Columns of the scratch accumulator an MMA writes on its warp when its
    value does not cross warps: each warp's is as wide as its widest."""
    tmem_held: int = 0
    """Columns the value holds for the whole loop when it does not cross
    warps (FA4's O rescaled and accumulated on one warp)."""

    @property
    def cycles(self) -> int:
        return len(self.rrt)

    def units(self) -> set[str]:
        return {u for row in self.rrt for u, _ in row}


@dataclass(frozen=True)
class Edge:
    """Instance of `dst` in iteration i issues >= `delay` cycles after the
    instance of `src` in iteration i - `distance`."""

    src: str
    dst: str
    delay: int
    distance: int = 0
    blocking: bool = False
    """`dst` must block (wait on a barrier) before `src`'s result is usable."""
    in_place: bool = False
    """`dst` updates `src`'s value where it lies (an MMA's accumulator), so
    the two never need room at once."""


def held_after_issue(graph: DependenceGraph, edge: Edge) -> int:
    """Cycles after `edge.dst` issues that `edge.src`'s value stays live for
    it: until the reader completes when the value sits in a shared-memory
    ring slot the reader releases (a variable-latency op's) or the reader
    reads its operands while it runs (an MMA), unless the reader updates the
    value in place; otherwise the value is consumed at its reader's issue."""
    if edge.in_place:
        return 0
    reader = graph.op(edge.dst)
    if graph.op(edge.src).variable_latency or reader.reads_while_running:
        return reader.cycles
    return 0


CHANNEL_MEMORY = "smem"
"""The ring memory through which register values cross warps."""


@dataclass(frozen=True)
class DependenceGraph:
    name: str
    ops: tuple[Op, ...]
    edges: tuple[Edge, ...]
    capacities: Mapping[str, int]
    """Instances of each functional unit."""
    memories: Mapping[str, int] = field(default_factory=dict)
    """Capacity in bytes of each memory (`smem`, `tmem`)."""
    target: str = ""
    rings: frozenset[str] = frozenset()
    """Memories whose values each get a ring of their own (one slot per copy
    live at once, as the CUDA emitter allocates shared memory): the slots
    of all rings must fit, not only the copies live at one cycle."""

    channel_room: int = 0
    """Bytes of `CHANNEL_MEMORY` beyond its capacity in `memories` that the
    rings of crossing values (`Op.channel_bytes`) may also take: the part of
    the machine's reserve kept for small channels. A channel's ring has a
    slot per copy of the value live at once (`lifetimes.buffer_depths`) and
    one more per edge crossing to a later iteration (`channel_depth`)."""

    tmem_columns: int = 0
    """Tensor-memory columns of the machine (512 on sm_100a; 0: not
    counted): the columns the kernel allocates for a schedule
    (`lifetimes.tmem_columns`: the carried accumulators' `tmem_fixed`, a
    ring per tensor-memory value crossing warps, the scratch accumulators)
    must fit. Columns are never reused in time: a ring-memory of its own."""

    tmem_fixed: int = 0
    """Tensor-memory columns held whatever the schedule: the accumulators
    that stay there for the whole loop."""

    joined: tuple[tuple[str, ...], ...] = ()
    """Groups of ops whose values the loop yields and the code after the
    loop combines (SwiGLU's gate and up accumulators of one part): on one
    warp group they need no hand-off after the loop. The joint search's
    warp choice prefers them together, after every other objective."""

    def __post_init__(self) -> None:
        ids = [o.id for o in self.ops]
        if len(set(ids)) != len(ids):
            raise ValueError(f"duplicate op ids in graph {self.name!r}")
        known = set(ids)
        for e in self.edges:
            if e.src not in known or e.dst not in known:
                raise ValueError(f"edge {e.src}->{e.dst} names an unknown op")
            if e.delay < 0 or e.distance < 0:
                raise ValueError(f"edge {e.src}->{e.dst} has a negative delay or distance")
        for group in self.joined:
            if not set(group) <= known:
                raise ValueError(f"joined group {group} names an unknown op")
        for o in self.ops:
            if o.tmem_in_place and o.tmem_in_place not in known:
                raise ValueError(f"op {o.id!r} is written in place in unknown op {o.tmem_in_place!r}")
            if not 0 <= o.stall <= o.cycles:
                raise ValueError(f"op {o.id!r} stalls {o.stall} cycles, outside its {o.cycles}")
            for u in o.units():
                if u not in self.capacities:
                    raise ValueError(f"op {o.id!r} uses unit {u!r} the machine does not have")

    def op(self, op_id: str) -> Op:
        return self._index()[op_id]

    def _index(self) -> dict[str, Op]:
        # Cached on the frozen instance without breaking equality.
        idx = self.__dict__.get("_idx")
        if idx is None:
            idx = {o.id: o for o in self.ops}
            object.__setattr__(self, "_idx", idx)
        return idx


class Status(StrEnum):
    OPTIMAL = "optimal"
    """Proven: no schedule with a smaller II exists."""
    FEASIBLE = "feasible"
    """Legal, but a smaller II was not ruled out (limit reached)."""
    INFEASIBLE = "infeasible"
    """Proven: no legal schedule within the searched range."""


@dataclass(frozen=True)
class WarpRole:
    id: int
    role: str
    """`producer`, `mma`, `consumer0`, `correction`, ..."""
    regs: int
    """Registers per thread (setmaxnreg value) for this warp group."""


@dataclass(frozen=True)
class Schedule:
    """A modulo schedule (ii set) or an acyclic one (ii None)."""

    ii: int | None
    cycles: Mapping[str, int]
    """Issue cycle of each op (iteration 0), all >= 0."""
    length: int
    """L: see `schedule_length`."""
    status: Status
    lower_bound: int
    """Proven lower bound on ii (on the objective, for an acyclic problem)."""
    complete: bool = True
    """Whether the search behind `status` covered every candidate it had to."""
    warps: Mapping[str, int] | None = None
    """Warp (group) of each op, once warp specialization ran."""
    roles: tuple[WarpRole, ...] = ()
    objective: tuple[str, float] | None = None
    solver: str = ""
    note: str = ""

    @property
    def stages(self) -> int:
        if not self.ii or not self.cycles:
            return 1
        return max(1, -(-self.length // self.ii))


def schedule_length(graph: DependenceGraph, cycles: Mapping[str, int]) -> int:
    """L = max over ops of (issue + occupancy): the cycle at which the last op
    of one iteration has finished, counted from the iteration's start at 0."""
    return max((cycles[o.id] + o.cycles for o in graph.ops), default=0)
