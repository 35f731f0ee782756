"""Helpers shared by twillc's passes: the target machine of a module, the
warps a joint schedule may use on it, and (from `twillc.ir.errors`) errors
located at an op's source position."""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, StringAttr
from xdsl.ir import Operation

from twillc.ir.errors import located_error, op_location
from twillc.scheduling.warp_config import WarpConfig
from twillc.target.machine import Machine, load_machine

__all__ = [
    "DEFAULT_TARGET",
    "REG_RESERVE",
    "located_error",
    "machine_warp_config",
    "module_machine",
    "op_location",
    "register_reserve",
    "set_register_reserve",
]

REG_RESERVE = "twill.reg_reserve"
"""Module attribute: per warp group, the registers per thread of its budget
the joint model leaves unused (what ptxas needed beyond the model's count
when the register check compiled an earlier schedule); absent: none."""

DEFAULT_TARGET = "h100"


def module_machine(module: ModuleOp) -> Machine:
    """The machine named by the module's `twill.target` (set by the `.tile`
    `target` line or `--target`), h100 when there is none."""
    target = module.attributes.get("twill.target")
    spec = target.data if isinstance(target, StringAttr) else DEFAULT_TARGET
    return load_machine(spec, op_location(module))


def machine_warp_config(
    machine: Machine,
    groups: int,
    regs: tuple[int, ...],
    cross_warp: bool,
    vl_warp: int = 0,
    reserve: tuple[int, ...] = (),
) -> WarpConfig:
    """The warps of a joint schedule on `machine`: the threads and
    one-thread / one-warp units are the machine's."""
    return WarpConfig(
        warp_groups=groups,
        vl_warp=vl_warp,
        reg_limits=regs,
        reg_reserve=reserve,
        reg_base=machine.target.held_back_registers,
        allow_cross_warp=cross_warp,
        threads=machine.threads_of(groups),
        group_threads=machine.threads_per_group,
        one_thread_units=machine.one_thread_units,
        one_warp_units=machine.one_warp_units,
    )


def register_reserve(op: Operation) -> tuple[int, ...]:
    """The `twill.reg_reserve` of the module holding `op` (empty when none)."""
    top: Operation | None = op
    while top is not None and not isinstance(top, ModuleOp):
        top = top.parent_op()
    attr = top.attributes.get(REG_RESERVE) if top is not None else None
    if not isinstance(attr, ArrayAttr):
        return ()
    return tuple(a.value.data for a in attr.data if isinstance(a, IntegerAttr))


def set_register_reserve(module: ModuleOp, reserve: tuple[int, ...]) -> None:
    """Write the register check's decision where the scheduler reads it."""
    if any(reserve):
        module.attributes[REG_RESERVE] = ArrayAttr([IntegerAttr(r, 32) for r in reserve])
    else:
        module.attributes.pop(REG_RESERVE, None)
