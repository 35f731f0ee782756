"""The tensor-core ping-pong of two warp groups, replayed: each group runs its
MMA instances in schedule order with the emitted guards (evaluated as the C
the kernel holds), the named barriers modelled as CUDA's (a sync of 128
threads completes with one arrive of the other 128; a second arrive before
that sync would complete a generation without it). For every trip count it
must neither deadlock nor leave an arrive behind, and the tensor core must
see the MMAs in the schedule's order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lowering.cuda.pingpong import guards, plan_pingpong

FA3 = [("s0", 1, 328), ("o0", 1, 658), ("s1", 2, 108), ("o1", 2, 438)]  # attn_fwd_h100's MMAs, II 440


def c_true(expr: str, kt: int, trips: int) -> bool:
    return bool(eval(expr.replace("&&", " and ").replace("||", " or ").replace("true", "True"), {}, locals()))


def replay(mmas: list[tuple[str, int, int]], ii: int, trips: int) -> list[tuple[str, int]]:
    """The MMA instances in the order the tensor core gets them."""
    plan = plan_pingpong(mmas, ii)
    assert plan is not None
    cycles = {op: c for op, _, c in mmas}
    programs: dict[int, list[tuple]] = {}
    for w in plan.order:
        other = plan.order[1] if w == plan.order[0] else plan.order[0]
        actions: list[tuple] = [("arrive", plan.barrier[plan.first])] if w != plan.first and trips > 0 else []
        instances = sorted(((kt * ii + cycles[op], op, kt) for op, _ in plan.runs[w] for kt in range(trips)))
        for _, op, kt in instances:
            opens, closes = guards(plan, w, op)
            if c_true(opens, kt, trips):
                actions.append(("sync", plan.barrier[w]))
            actions.append(("issue", op, kt))
            if c_true(closes, kt, trips):
                actions.append(("arrive", plan.barrier[other]))
        programs[w] = actions
    pending = dict.fromkeys(plan.barrier.values(), 0)
    pc = dict.fromkeys(programs, 0)
    issued: list[tuple[str, int]] = []
    while any(pc[w] < len(programs[w]) for w in programs):
        progressed = False
        for w in sorted(programs):
            while pc[w] < len(programs[w]):
                action = programs[w][pc[w]]
                if action[0] == "sync":
                    if not pending[action[1]]:
                        break
                    pending[action[1]] -= 1
                elif action[0] == "arrive":
                    assert not pending[action[1]], "a second arrive before the sync"
                    pending[action[1]] += 1
                else:
                    issued.append(action[1:])
                pc[w] += 1
                progressed = True
        assert progressed, f"deadlock at trips={trips}"
    assert not any(pending.values()), "an arrive left behind"
    return issued


def schedule_order(mmas: list[tuple[str, int, int]], ii: int, trips: int) -> list[tuple[str, int]]:
    return [(op, kt) for _, op, kt in sorted((kt * ii + c, op, kt) for op, _, c in mmas for kt in range(trips))]


def test_fa3_forward_plan() -> None:
    plan = plan_pingpong(FA3, 440)
    assert plan is not None
    assert plan.runs == {1: (("o0", -1), ("s0", 0)), 2: (("o1", 0), ("s1", 1))}
    assert plan.first == 2  # consumer1's QK^T is the first tensor-core op
    for trips in range(12):
        assert replay(FA3, 440, trips) == schedule_order(FA3, 440, trips)


def test_interleaved_groups_get_no_pingpong() -> None:
    # s0, s1, o0, o1: neither group's MMAs are back to back in the II
    assert plan_pingpong([("s0", 1, 0), ("s1", 2, 10), ("o0", 1, 20), ("o1", 2, 30)], 40) is None
    assert plan_pingpong([("s0", 1, 0), ("o0", 1, 20)], 40) is None  # one group


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 4 * 20 - 1), min_size=1, max_size=3, unique=True),
    st.lists(st.integers(0, 4 * 20 - 1), min_size=1, max_size=3, unique=True),
)
def test_random_schedules_replay_in_order(a: list[int], b: list[int]) -> None:
    ii = 20
    mmas = [(f"a{i}", 1, c) for i, c in enumerate(a)] + [(f"b{i}", 2, c) for i, c in enumerate(b)]
    if len({c % ii for c in a + b}) < len(a + b) or plan_pingpong(mmas, ii) is None:
        return  # two MMAs at one modulo time, or runs that do not alternate: no ping-pong
    for trips in range(8):
        assert replay(mmas, ii, trips) == schedule_order(mmas, ii, trips)
