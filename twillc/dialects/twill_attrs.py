"""The attributes of the `twill` dialect: what the scheduling passes write
on ops and loops (`#twill.cost`, `#twill.schedule`, `#twill.warp`,
`#twill.search`, `#twill.warp_options`), printed as `<key = value, ...>`.
Registered with the dialect's ops in `twillc.dialects.twill`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition, param_def
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

STATUSES = ("optimal", "feasible", "infeasible")


class KeyValueAttr(ParametrizedAttribute):
    """Base of attributes printed as `<key = value, ...>`.

    `FIELDS` lists (name, kind) in parameter order; kind is `int`, `ident`
    (a bare identifier such as `tc`), `flag` (printed as its name when set,
    left out when not) or `count` (an int left out when 0)."""

    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = ()

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: dict[str, Attribute] = {}
        with parser.in_angle_brackets():
            while True:
                key = parser.parse_identifier("expected a key")
                kind = dict(cls.FIELDS).get(key)
                if kind is None or key in values:
                    parser.raise_error(f"unexpected key '{key}' in {cls.name}")
                if kind == "flag":
                    values[key] = IntAttr(1)
                else:
                    parser.parse_punctuation("=")
                    if kind in ("int", "count"):
                        values[key] = IntAttr(parser.parse_integer(allow_negative=False))
                    else:
                        values[key] = StringAttr(parser.parse_identifier_or_str_literal())
                if parser.parse_optional_punctuation(",") is None:
                    break
        missing = [k for k, kind in cls.FIELDS if kind in ("int", "ident") and k not in values]
        if missing:
            parser.raise_error(f"{cls.name} is missing {', '.join(missing)}")
        return tuple(values.get(k, IntAttr(0)) for k, _ in cls.FIELDS)

    def print_parameters(self, printer: Printer) -> None:
        parts: list[str] = []
        for (key, kind), value in zip(self.FIELDS, self.parameters, strict=True):
            if kind == "flag":
                if isinstance(value, IntAttr) and value.data:
                    parts.append(key)
            elif kind == "count" and isinstance(value, IntAttr) and not value.data:
                continue
            elif isinstance(value, IntAttr):
                parts.append(f"{key} = {value.data}")
            elif isinstance(value, StringAttr):
                text = value.data
                parts.append(f"{key} = {text}" if text.isidentifier() else f'{key} = "{text}"')
        printer.print_string("<" + ", ".join(parts) + ">")


@irdl_attr_definition
class CostAttr(KeyValueAttr):
    """What one op costs on the target (from `annotate-costs`)."""

    name = "twill.cost"
    FIELDS = (
        ("unit", "ident"),
        ("cycles", "int"),
        ("latency", "int"),
        ("regs", "int"),
        ("smem", "int"),
        ("tmem", "int"),
        ("variable_latency", "flag"),
        ("blocking", "flag"),
        ("stall", "count"),
    )

    unit: StringAttr = param_def()
    cycles: IntAttr = param_def()
    latency: IntAttr = param_def()
    regs: IntAttr = param_def()
    smem: IntAttr = param_def()
    tmem: IntAttr = param_def()
    variable_latency: IntAttr = param_def()
    blocking: IntAttr = param_def()
    stall: IntAttr = param_def()
    """Leading cycles of `cycles` spent waiting (a blocking tensor-memory
    read), holding no unit, while its warp executes nothing else."""

    def __init__(
        self,
        unit: str,
        cycles: int,
        latency: int,
        regs: int = 0,
        smem: int = 0,
        tmem: int = 0,
        variable_latency: bool = False,
        blocking: bool = False,
        stall: int = 0,
    ):
        super().__init__(
            StringAttr(unit),
            IntAttr(cycles),
            IntAttr(latency),
            IntAttr(regs),
            IntAttr(smem),
            IntAttr(tmem),
            IntAttr(int(variable_latency)),
            IntAttr(int(blocking)),
            IntAttr(stall),
        )

    def verify(self) -> None:
        if self.cycles.data < 1:
            raise VerifyException("twill.cost cycles must be >= 1")
        if self.stall.data > self.cycles.data:
            raise VerifyException("twill.cost stall must not exceed cycles")


@irdl_attr_definition
class ScheduleAttr(KeyValueAttr):
    """The modulo schedule of a loop: II, length L, stages ceil(L/II), the
    proven lower bound on II and whether the II is proven optimal."""

    name = "twill.schedule"
    FIELDS = (
        ("ii", "int"),
        ("length", "int"),
        ("stages", "int"),
        ("lower_bound", "int"),
        ("status", "ident"),
    )

    ii: IntAttr = param_def()
    length: IntAttr = param_def()
    stages: IntAttr = param_def()
    lower_bound: IntAttr = param_def()
    status: StringAttr = param_def()

    def __init__(self, ii: int, length: int, stages: int, lower_bound: int, status: str):
        super().__init__(IntAttr(ii), IntAttr(length), IntAttr(stages), IntAttr(lower_bound), StringAttr(status))

    def verify(self) -> None:
        if self.status.data not in STATUSES:
            raise VerifyException(f"twill.schedule status must be one of {', '.join(STATUSES)}")
        if self.ii.data < 1 or self.stages.data < 1:
            raise VerifyException("twill.schedule ii and stages must be >= 1")


@irdl_attr_definition
class WarpAttr(KeyValueAttr):
    """One warp group of a warp-specialized loop: its index, role and
    register budget per thread (the setmaxnreg value)."""

    name = "twill.warp"
    FIELDS = (("id", "int"), ("role", "ident"), ("regs", "int"))

    id: IntAttr = param_def()
    role: StringAttr = param_def()
    regs: IntAttr = param_def()

    def __init__(self, id: int, role: str, regs: int):
        super().__init__(IntAttr(id), StringAttr(role), IntAttr(regs))


@irdl_attr_definition
class SearchAttr(KeyValueAttr):
    """How a loop's schedule was found: the solver, whether the search was
    complete (every smaller II refuted) and the solver's note,
    `#twill.search<solver = "cp-sat", complete, note = "II proven minimal">`."""

    name = "twill.search"
    FIELDS = (("solver", "ident"), ("complete", "flag"), ("note", "ident"))

    solver: StringAttr = param_def()
    complete: IntAttr = param_def()
    note: StringAttr = param_def()

    def __init__(self, solver: str, complete: bool, note: str):
        super().__init__(StringAttr(solver), IntAttr(int(complete)), StringAttr(note))

    def print_parameters(self, printer: Printer) -> None:
        # Solver and note are free text: printed as escaped string literals.
        printer.print_string("<solver = ")
        printer.print_string_literal(self.solver.data)
        printer.print_string(", complete, note = " if self.complete.data else ", note = ")
        printer.print_string_literal(self.note.data)
        printer.print_string(">")

    def summary(self) -> str:
        """The one-line account the text report prints."""
        text = f"solver={self.solver.data}; complete={'yes' if self.complete.data else 'no'}"
        return text + (f"; {self.note.data}" if self.note.data else "")


@irdl_attr_definition
class WarpOptionsAttr(KeyValueAttr):
    """The options of a joint schedule the checker needs again: the warp that
    runs the variable-latency ops and whether values may cross warps,
    `#twill.warp_options<vl_warp = 0, cross_warp>`."""

    name = "twill.warp_options"
    FIELDS = (("vl_warp", "int"), ("cross_warp", "flag"))

    vl_warp: IntAttr = param_def()
    cross_warp: IntAttr = param_def()

    def __init__(self, vl_warp: int, cross_warp: bool):
        super().__init__(IntAttr(vl_warp), IntAttr(int(cross_warp)))


@irdl_attr_definition
class VariantAttr(KeyValueAttr):
    """One variant `variant-search` scheduled: the kernel's rows split in
    `parts` (1: as written), the loop's steps split in `loop` consecutive
    iterations (left out when 1), `columns` when the parts are the columns
    of the largest MMA result (`sub-tile{columns}`) and not its rows, its
    II (normalized) and II in machine cycles (one iteration's: a step as written takes `loop` of them), its bound, its
    status (`optimal`, `feasible`, or `refused` / `unscheduled` / `slower`
    with the reason in `note`) and whether it was chosen,
    `#twill.variant<parts = 2, ii = 440, ii_cycles = 2270, lower_bound = 440, status = optimal, chosen>`."""

    name = "twill.variant"
    FIELDS = (
        ("parts", "int"),
        ("ii", "count"),
        ("ii_cycles", "count"),
        ("lower_bound", "count"),
        ("status", "ident"),
        ("chosen", "flag"),
        ("note", "ident"),
        ("loop", "count"),
        ("columns", "flag"),
    )

    parts: IntAttr = param_def()
    ii: IntAttr = param_def()
    ii_cycles: IntAttr = param_def()
    lower_bound: IntAttr = param_def()
    status: StringAttr = param_def()
    chosen: IntAttr = param_def()
    note: StringAttr = param_def()
    loop: IntAttr = param_def()
    columns: IntAttr = param_def()

    def __init__(
        self,
        parts: int,
        ii: int,
        ii_cycles: int,
        lower_bound: int,
        status: str,
        chosen: bool,
        note: str = "",
        loop: int = 1,
        columns: bool = False,
    ):
        super().__init__(
            IntAttr(parts),
            IntAttr(ii),
            IntAttr(ii_cycles),
            IntAttr(lower_bound),
            StringAttr(status),
            IntAttr(int(chosen)),
            StringAttr(note),
            IntAttr(0 if loop == 1 else loop),
            IntAttr(int(columns)),
        )

    @property
    def loop_parts(self) -> int:
        return self.loop.data or 1

    def print_parameters(self, printer: Printer) -> None:
        # The note is free text: printed as an escaped string literal.
        text = f"<parts = {self.parts.data}" + (", columns" if self.columns.data else "")
        text += f", loop = {self.loop.data}" if self.loop_parts > 1 else ""
        for key, value in (("ii", self.ii), ("ii_cycles", self.ii_cycles), ("lower_bound", self.lower_bound)):
            if value.data:
                text += f", {key} = {value.data}"
        text += f", status = {self.status.data}" + (", chosen" if self.chosen.data else "")
        printer.print_string(text + ", note = ")
        printer.print_string_literal(self.note.data)
        printer.print_string(">")

    def summary(self) -> str:
        """One line of the text report: `2 parts: II 440 (2270 cycles), optimal`."""
        what = "unsplit" if self.parts.data == 1 else f"{self.parts.data} parts"
        if self.columns.data:
            what += " (columns)"
        cycles = f"{self.ii_cycles.data} cycles"
        if self.loop_parts > 1:
            what += f", loop steps in {self.loop_parts}"
            cycles += f", {self.ii_cycles.data * self.loop_parts} a step as written"
        if not self.ii.data:
            return f"{what}: {self.status.data}: {self.note.data}"
        text = f"{what}: II {self.ii.data} ({cycles}), {self.status.data}" + (", chosen" if self.chosen.data else "")
        return text + (f" ({self.note.data})" if self.note.data else "")
