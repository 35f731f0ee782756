"""`-o k.svg`: a Gantt chart (matplotlib) of the pipelined loop run for
`stages + 1` iterations: the prologue while the pipeline fills, the steady
state, the epilogue while it drains. One row per warp role (an op copy from
issue to completion) and one per unit instance (the cycles it is held);
colour by iteration. Same schedule, same bytes: fixed hash salt, no date.
The time axis is in the schedule's units (normalized units after
cost-normalize, which the axis label converts to machine cycles); the title
gives the II in both.
"""

from __future__ import annotations

import io

from twillc.scheduling.graph import DependenceGraph, Schedule


def gantt_svg(
    graph: DependenceGraph,
    schedule: Schedule,
    kernel: str,
    target: str,
    cycles_per_unit: float | None = None,
    part: str = "",
) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = gantt_figure(graph, schedule, kernel, target, cycles_per_unit, part)
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "twillc", "svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": "twillc"})
    plt.close(fig)
    return buf.getvalue()


def gantt_figure(
    graph: DependenceGraph,
    schedule: Schedule,
    kernel: str,
    target: str,
    cycles_per_unit: float | None = None,
    part: str = "",
):  # -> Figure
    """`cycles_per_unit`: machine cycles per unit of the schedule, None when
    its costs were not normalized (its units are cycles). `part`: which part
    of a split loop the chart shows (named in the title)."""
    import matplotlib.pyplot as plt

    ii = schedule.ii or max(schedule.length, 1)
    stages = max(schedule.stages, 1)
    iterations = stages + 1
    end = (iterations - 1) * ii + schedule.length
    rows: list[str] = []
    bars: dict[str, list[tuple[int, int, int, str]]] = {}  # row -> (start, width, iteration, label)
    if schedule.warps is not None:
        roles = {r.id: r.role for r in schedule.roles}
        for w in sorted(set(schedule.warps.values())):
            name = f"warp {w} ({roles.get(w, 'warp')})"
            rows.append(name)
            for op in graph.ops:
                if schedule.warps[op.id] == w:
                    for i in range(iterations):
                        start = schedule.cycles[op.id] + i * ii
                        bars.setdefault(name, []).append((start, max(op.cycles, 1), i, op.id))
    for unit, cap in sorted(graph.capacities.items()):
        lanes = [f"{unit}" if cap == 1 else f"{unit} #{k}" for k in range(cap)]
        rows += lanes
        busy: list[dict[int, str]] = [{} for _ in lanes]
        for i in range(iterations):
            for op in graph.ops:
                for c, row in enumerate(op.rrt):
                    for u, count in row:
                        if u != unit:
                            continue
                        t = schedule.cycles[op.id] + i * ii + c
                        for _ in range(count):
                            lane = next((k for k in range(cap) if t not in busy[k]), 0)
                            busy[lane][t] = op.id
                            bars.setdefault(lanes[lane], []).append((t, 1, i, op.id))

    fig, ax = plt.subplots(figsize=(12, 0.45 * len(rows) + 1.6))
    colours = plt.get_cmap("tab10")
    prologue, epilogue = (stages - 1) * ii, iterations * ii
    ax.axvspan(0, prologue, color="0.93", zorder=0)
    ax.axvspan(epilogue, max(end, epilogue), color="0.93", zorder=0)
    for name, at in (("prologue", prologue / 2), ("steady state", (prologue + epilogue) / 2)):
        ax.text(at, len(rows) - 0.35, name, ha="center", va="bottom", fontsize=8)
    if end > epilogue:
        ax.text((epilogue + end) / 2, len(rows) - 0.35, "epilogue", ha="center", va="bottom", fontsize=8)
    for y, name in enumerate(reversed(rows)):
        segments = _merge(bars.get(name, []))
        for start, width, it, label in segments:
            ax.broken_barh([(start, width)], (y - 0.4, 0.8), facecolors=colours(it % 10), edgecolor="white", lw=0.3)
            if width >= end / 40:
                ax.text(start + width / 2, y, label, ha="center", va="center", fontsize=6, color="white")
    ax.set_yticks(range(len(rows)), list(reversed(rows)), fontsize=8)
    ax.set_xlim(0, max(end, 1))
    ax.set_ylim(-0.6, len(rows) + 0.2)
    if cycles_per_unit is None:
        ax.set_xlabel("machine cycle")
        ii_text = f"II {schedule.ii} cycles"
    else:
        ax.set_xlabel(f"normalized unit (1 unit = {cycles_per_unit:.4g} machine cycles)")
        ii_text = f"II {schedule.ii} units = {round(schedule.ii * cycles_per_unit)} cycles"
    which = f" ({part})" if part else ""
    ax.set_title(
        f"{kernel} on {target}{which}: {ii_text}, {stages} stages, {iterations} iterations (colour = iteration)",
        fontsize=9,
    )
    fig.tight_layout()
    return fig


def _merge(bars: list[tuple[int, int, int, str]]) -> list[tuple[int, int, int, str]]:
    """Adjacent one-cycle bars of the same op copy as one bar."""
    out: list[tuple[int, int, int, str]] = []
    for start, width, it, label in sorted(bars):
        if out and out[-1][2] == it and out[-1][3] == label and out[-1][0] + out[-1][1] == start:
            s, w, _, _ = out[-1]
            out[-1] = (s, w + width, it, label)
        else:
            out.append((start, width, it, label))
    return out
