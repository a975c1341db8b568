"""Charts of search statistics: value calls per algorithm and game, and calls against depth.

Each chart returns the ``Figure`` it drew with ``pyplot`` (end the cell with ``;`` to show it
once). Counts span orders of magnitude (minimax half a million calls, alpha-beta with memory a
few hundred), so the axes of counts are logarithmic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch

Count = float
"""A number of value calls or of tree nodes (an ``int`` is a ``float`` here)."""

LineStyle = str | tuple[float, tuple[float, ...]]
"""A matplotlib line style: a name such as ``"--"``, or ``(offset, (on, off, ...))``."""

REFERENCE_STYLES: list[LineStyle] = ["--", ":", "-.", (0, (5, 2, 1, 2, 1, 2))]
"""Line styles of the reference curves, in turn; they are drawn in grey, the searches in colour."""

LEVEL_STYLES: list[LineStyle] = ["-", (0, (1, 1.5))]
"""Line styles of constant reference levels (light grey), in turn."""


def effective_branching(calls: Count, depth: int) -> float:
    """The branching factor b of a uniform tree with ``calls`` nodes at ``depth``: calls^(1/depth).

    A search that makes ``calls`` value calls did as much work as the full tree of that
    branching factor: about 9 for minimax with 9 moves a position, 3 for perfect alpha-beta.
    """
    if depth < 1:
        raise ValueError(f"the depth must be at least 1, not {depth}")
    if calls < 1:
        raise ValueError(f"a search makes at least one call, not {calls}")
    return float(calls ** (1 / depth))


def calls_bars(
    calls: Mapping[str, Mapping[str, Count | None]],
    algorithms: Sequence[str] | None = None,
    *,
    title: str = "",
    ylabel: str = "value calls (log scale)",
    figsize: tuple[float, float] = (11, 4.6),
) -> Figure:
    """A grouped bar chart on a log scale: one group per game, one bar per algorithm in it.

    ``calls[game][algorithm]`` is the number of value calls. Each algorithm has its own slot in
    every group and its own colour, from dark to light in the order of ``algorithms`` (default:
    the order in which they first appear). A count of ``None`` (a search not run) fills its
    slot with grey hatching, "not run" in the legend; a missing one leaves a gap.
    """
    games = list(calls)
    if algorithms is None:
        algorithms = list(dict.fromkeys(name for row in calls.values() for name in row))
    if not algorithms:
        raise ValueError("nothing to draw: no algorithms")
    unknown = {name for row in calls.values() for name in row} - set(algorithms)
    if unknown:
        raise ValueError(f"counts for algorithms not in the list: {sorted(unknown)}")
    fig, ax = plt.subplots(figsize=figsize)
    _bars(ax, calls, algorithms)
    ax.set_yscale("log")
    ax.set_xticks(range(len(games)), games)
    ax.set_xlim(-0.5, len(games) - 0.5)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="y", which="major", color="0.88")
    ax.set_axisbelow(True)
    handles, labels = ax.get_legend_handles_labels()
    if any(count is None for row in calls.values() for count in row.values()):
        handles.append(Patch(label="not run", **NOT_RUN))
        labels.append("not run")
    tick_size = _tick_size(ax)
    ax.legend(
        handles,
        labels,
        loc="upper left",
        bbox_to_anchor=(1.01, 1),
        fontsize=tick_size,
        frameon=False,
    )
    fig.tight_layout()
    return fig


NOT_RUN: dict[str, Any] = {"hatch": "////", "facecolor": "none", "edgecolor": "0.6", "linewidth": 0}
"""The grey hatching of a search that was not run, in its slot and in the legend."""


def _bars(
    ax: Axes, calls: Mapping[str, Mapping[str, Count | None]], algorithms: Sequence[str]
) -> None:
    """The bars of ``calls_bars``: each algorithm in its slot of every game's group, in its
    colour; a count of ``None`` hatched (``NOT_RUN``), a count missing left out."""
    width = 0.84 / len(algorithms)
    colours = plt.get_cmap("viridis")
    for number, algorithm in enumerate(algorithms):
        xs, heights = [], []
        for group, game in enumerate(calls):
            x = group - 0.42 + width * (number + 0.5)
            if algorithm not in calls[game]:
                continue
            count = calls[game][algorithm]
            if count is None:  # the whole height of the slot, in axes coordinates
                ax.fill_between(
                    [x - width / 2, x + width / 2],
                    0,
                    1,
                    transform=ax.get_xaxis_transform(),
                    **NOT_RUN,
                )
            else:
                xs.append(x)
                heights.append(count)
        colour = colours(number / max(1, len(algorithms) - 1) * 0.92)
        ax.bar(xs, heights, width, label=algorithm, color=colour, edgecolor="white", linewidth=0.4)


def _tick_size(ax: Axes) -> float:
    """The size of the tick labels: a legend as large can be read as far away as the axes."""
    return float(ax.get_xticklabels()[0].get_fontsize())


def _curves(
    ax: Axes,
    depths: Sequence[int],
    searches: Mapping[str, Sequence[Count]],
    references: Mapping[str, Sequence[Count]] | None,
    measure: Callable[[Count, int], float],
) -> None:
    """``measure(count, depth)`` of each curve against depth: the references dashed in grey,
    then the searches in colour with markers (the same colour in every chart)."""
    references = {} if references is None else references
    for name, values in {**searches, **references}.items():
        if len(values) != len(depths):
            raise ValueError(f"{name!r} has {len(values)} values for {len(depths)} depths")
    for number, (name, values) in enumerate(references.items()):
        style = REFERENCE_STYLES[number % len(REFERENCE_STYLES)]
        ys = [measure(c, d) for c, d in zip(values, depths, strict=True)]
        ax.plot(depths, ys, linestyle=style, color="0.45", linewidth=1.3, label=name)
    for name, values in searches.items():
        ys = [measure(c, d) for c, d in zip(values, depths, strict=True)]
        ax.plot(depths, ys, marker="o", markersize=4, linewidth=1.8, label=name)
    ax.set_xticks(list(depths))
    ax.set_xlabel("depth d")
    ax.grid(which="major", color="0.9")


def calls_by_depth(
    depths: Sequence[int],
    searches: Mapping[str, Sequence[Count]],
    references: Mapping[str, Sequence[Count]] | None = None,
    *,
    title: str = "",
    ylabel: str = "value calls (log scale)",
    figsize: tuple[float, float] = (9, 5),
) -> Figure:
    """Value calls against search depth, on a log scale: searches in colour, references in grey.

    ``searches[name][i]`` is what the search called ``name`` did at ``depths[i]``, drawn as a
    solid line with markers; ``references`` (tree sizes, formulas) are dashed grey lines. On a
    log scale a tree that grows by a factor b per level is a straight line of slope log b.
    """
    fig, ax = plt.subplots(figsize=figsize)
    _curves(ax, depths, searches, references, lambda count, _depth: count)
    ax.set_yscale("log")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="upper left", fontsize=_tick_size(ax), frameon=False)
    fig.tight_layout()
    return fig


def branching_by_depth(
    depths: Sequence[int],
    searches: Mapping[str, Sequence[Count]],
    references: Mapping[str, Sequence[Count]] | None = None,
    levels: Mapping[str, float] | None = None,
    *,
    title: str = "",
    figsize: tuple[float, float] = (9, 4.2),
) -> Figure:
    """The effective branching factor calls^(1/depth) against depth (see ``effective_branching``).

    ``searches`` and ``references`` are as for ``calls_by_depth``, and drawn the same way;
    ``levels`` are constant branching factors (e.g. ``b = 9`` and its square root), drawn as
    light grey horizontal lines.
    """
    fig, ax = plt.subplots(figsize=figsize, layout="constrained")
    for number, (name, level) in enumerate((levels or {}).items()):
        style = LEVEL_STYLES[number % len(LEVEL_STYLES)]
        ax.axhline(level, linestyle=style, color="0.7", linewidth=1.2, label=name)
    _curves(ax, depths, searches, references, effective_branching)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("effective branching calls^(1/d)")
    ax.set_title(title)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=_tick_size(ax), frameon=False)
    return fig
