"""`twill.nest`, the persistent outer loop's schedule on `tile.persistent`
(written by `nest-schedule`), and its reading for the emitters (which
import no solver)."""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, StringAttr, i64
from xdsl.ir import Attribute

from twillc.scheduling.graph import Schedule

MAIN = "mainloop"
"""The super-node's id: the main loop of one tile."""

CONSUMERS = "consumers"
"""`twill.nest`'s epilogue: on each consumer warp group, after its main loop (sm_90a)."""

EPILOGUE_WG = "epilogue warp group"
"""`twill.nest`'s epilogue: a warp group of its own draining tensor memory (sm_100a, one MMA issuer role)."""

HOLDER = "warp group holding the result"
"""`twill.nest`'s epilogue: on the role holding the loop's result in tensor
memory (sm_100a with several consumer roles, attention: the MMA issuer's warp
group, where `warp-specialize` puts the ops after the loop), before that
role's next tile."""


def _int(a: Attribute) -> int:
    assert isinstance(a, IntegerAttr)
    return int(a.value.data)


def nest_attr(schedule: Schedule, facts: dict[str, object], proof: str) -> DictionaryAttr:
    """`twill.nest`: the outer loop's schedule, its model's facts and what its status proves."""
    return DictionaryAttr(
        {
            "ii": IntegerAttr(schedule.ii or 0, i64),
            "length": IntegerAttr(schedule.length, i64),
            "status": StringAttr(schedule.status.value),
            "lower_bound": IntegerAttr(schedule.lower_bound, i64),
            "trips": IntegerAttr(int(facts["trips"]), i64),  # type: ignore[call-overload]
            "head": IntegerAttr(int(facts["head"]), i64),  # type: ignore[call-overload]
            "acc_buffers": IntegerAttr(int(facts.get("acc_buffers", 1)), i64),  # type: ignore[call-overload]
            "acc_free_at": IntegerAttr(int(facts.get("acc_free_at", 0)), i64),  # type: ignore[call-overload]
            "granularity": IntegerAttr(int(facts.get("granularity", 1)), i64),  # type: ignore[call-overload]
            "epilogue": StringAttr(str(facts.get("epilogue", CONSUMERS))),
            "pre_buffers": IntegerAttr(int(facts.get("pre_buffers", 1)), i64),  # type: ignore[call-overload]
            "tiles": IntegerAttr(int(facts.get("tiles", 1)), i64),  # type: ignore[call-overload]
            "consumers": StringAttr(str(facts.get("consumers", "together"))),
            **(
                {"regs": ArrayAttr([IntegerAttr(r, i64) for r in facts["regs"]])}  # type: ignore[attr-defined]
                if "regs" in facts
                else {}
            ),
            "cycles": DictionaryAttr({k: IntegerAttr(v, i64) for k, v in sorted(schedule.cycles.items())}),
            "optimal_for": StringAttr(proof),
        }
    )


def nest_epilogue(attr: Attribute | None, default: str = CONSUMERS) -> str:
    """Where `nest-schedule` put each tile's epilogue (the tile math after the
    main loop, the staging into shared memory and the TMA store's issue):
    `CONSUMERS` (sm_90a: on the consumer warp group holding the accumulator,
    overlapping the next tile's main loop of the other consumers and the
    producer's loads), `EPILOGUE_WG` (sm_100a: an epilogue warp group
    draining tensor memory) or `HOLDER` (sm_100a: the warp group holding the
    result in tensor memory, before its next tile); `default` where the
    attribute does not say."""
    if not isinstance(attr, DictionaryAttr) or "epilogue" not in attr.data:
        return default
    value = attr.data["epilogue"]
    return value.data if isinstance(value, StringAttr) else default


def nest_pre_buffers(attr: Attribute | None) -> int:
    """The buffers of each tile loaded before the main loop (FA's Q): 1, the
    next tile's load waiting until this tile's consumers released it (its
    own `pre_empty` barrier, its phase the tile's parity)."""
    if not isinstance(attr, DictionaryAttr) or "pre_buffers" not in attr.data:
        return 1
    return _int(attr.data["pre_buffers"])


def nest_acc_buffers(attr: Attribute | None) -> int:
    """The accumulators `nest-schedule` gave each stored value (2: tile t + 1's
    MMAs into the other while tile t is drained; 1 where absent)."""
    if not isinstance(attr, DictionaryAttr) or "acc_buffers" not in attr.data:
        return 1
    return _int(attr.data["acc_buffers"])


def nest_alternate(attr: Attribute | None) -> tuple[int, ...] | None:
    """Ping-pong consumers (`consumers = "alternate"`): the warp groups'
    register budgets (producer, consumer, consumer); None for the other form."""
    if not isinstance(attr, DictionaryAttr) or attr.data.get("consumers") != StringAttr("alternate"):
        return None
    regs = attr.data.get("regs")
    assert isinstance(regs, ArrayAttr)
    return tuple(_int(r) for r in regs.data)


def describe_nest(attr: Attribute) -> str:
    """One line of `twill.nest` for the generated code's header."""
    if not isinstance(attr, DictionaryAttr):
        return "(unreadable twill.nest)"
    d = attr.data
    ii, status, trips, head = (_int(d["ii"]), d["status"], _int(d["trips"]), _int(d["head"]))
    status_text = status.data if isinstance(status, StringAttr) else "?"
    stages = {k: _int(v) // max(ii, 1) for k, v in d["cycles"].data.items()}  # type: ignore[attr-defined]
    if nest_alternate(attr) is not None:
        return (
            f"outer II {ii} cycles two tiles ({status_text}, T = {trips}, producer head start {head}); "
            "consumers alternate: tile t on consumer t % 2, turns at the tensor core"
        )
    later = sorted(k for k, s in stages.items() if k != MAIN and s > stages.get(MAIN, 0))
    over = f"; under the next tile's main loop: {', '.join(later)}" if later else ""
    bufs = nest_acc_buffers(attr)
    accs = f"; {bufs} accumulators on alternate tiles" if bufs > 1 else ""
    where = f"; epilogue on the {nest_epilogue(attr)}" if "epilogue" in d else ""
    return f"outer II {ii} cycles a tile ({status_text}, T = {trips}, producer head start {head}){over}{accs}{where}"
