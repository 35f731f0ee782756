"""Which independent check applies to a loop's schedule: the modulo checker,
plus the warp-assignment checker once warp specialization ran."""

from __future__ import annotations

from xdsl.dialects.builtin import DictionaryAttr, IntegerAttr

from dialects import tile
from twillc.scheduling.graph import DependenceGraph, Schedule
from twillc.target.machine import Machine


def check_any(graph: DependenceGraph, schedule: Schedule, loop: tile.ForOp, machine: Machine) -> list[str]:
    from twillc.scheduling.checker import check_schedule

    if schedule.warps is None:
        return check_schedule(graph, schedule)
    from twillc.scheduling.checker_ws import check_joint
    from twillc.target.machine import machine_warp_config

    options = loop.attributes.get("twill.warp_options")
    opts = options.data if isinstance(options, DictionaryAttr) else {}

    def opt(key: str, default: int) -> int:
        v = opts.get(key)
        return int(v.value.data) if isinstance(v, IntegerAttr) else default

    regs = tuple(r.regs for r in sorted(schedule.roles, key=lambda r: r.id))
    config = machine_warp_config(machine, len(schedule.roles), regs, bool(opt("cross_warp", 1)), opt("vl_warp", 0))
    return check_joint(graph, schedule, config)
