"""Drawing a recorded search as a game tree with matplotlib, as textbooks draw it.

``draw_search(search, step)`` draws the tree of a ``Search`` (``gamesolver.trace``) after
``step`` steps of its replay (``gamesolver.stepper``): one layer per move, Max's nodes blue
up-triangles and Min's vermilion down-triangles (the boards' palette); beside each node its
window ``[α, β]``, its name and its value; nodes not searched yet hollow, pruned ones grey and
dashed, the current one ringed in green.

The layout is a tidy layered one (``layout``): leaves evenly spaced, each parent centred over
its children in the order of the moves. networkx's layered layouts do neither, and its tidy
one needs graphviz, which ``pip`` cannot install. The labels have one size, legible on a
projector (``FONT``): a wide tree gets a wide figure that scrolls, never smaller labels.
Figures are ``TreeFigure``s, made without pyplot (no global state, safe in widget callbacks).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Literal

from matplotlib.figure import Figure

from gamesolver.stepper import Snapshot, Stepper, View, number, window_text
from gamesolver.trace import Search
from gamesolver.widgets.board import PALETTE, Palette

MAX_PRUNED_NODES = 300
"""Pruned subtrees are drawn in full while the drawing has at most this many nodes."""

DPI = 100
"""Pixels per inch of the PNG; JupyterLab shows it one pixel per CSS pixel (``TreeFigure``)."""

FONT = 12.0
"""The size of the windows, values and title, in points: 16.7 px at ``DPI``."""

SMALL_FONT = 10.5
"""The size of the names on the nodes and of the players' column, in points: 14.6 px."""

FIT_WIDTH = 8.4
"""The width, in inches at ``DPI``, of JupyterLab's output area on a 1280-px-wide screen with the
file browser open (848 px): a figure takes the most readable label style that fits it."""

Status = Literal["future", "open", "returned", "pruned"]
"""How a node is drawn at a step: not searched yet, on the call stack, returned, pruned."""


@dataclass
class DrawNode:
    """A node of the drawn tree: a recorded call, or a node the search never called."""

    state: Hashable
    player: Hashable
    depth: int
    call: int | None
    """The recorded call (``None`` for a node that was never called)."""
    cut_by: int | None
    """For a never-called node: the call that pruned it (the nearest called ancestor)."""
    children: list[int] = field(default_factory=list)
    """Indices in the list of ``DrawNode``; ``parent`` likewise."""
    parent: int | None = None
    x: float = 0.0


class TreeFigure(Figure):
    """A matplotlib figure of a search tree that shows itself in any notebook, as a PNG at its
    own size (``unconfined``: JupyterLab scrolls a wide tree), with a short, stable repr."""

    description = "a search tree"

    def _repr_png_(self) -> tuple[bytes, dict[str, bool]]:
        return png(self), {"unconfined": True}

    def __repr__(self) -> str:
        return f"<TreeFigure: {self.description}>"


def layout(
    search: Search, root: int | None = None, max_nodes: int = MAX_PRUNED_NODES
) -> list[DrawNode]:
    """The nodes of the search tree below call ``root`` (default: the last root), positioned.

    A call's children are the calls it made, in order, then the next states it pruned, in the
    game's order (the order in which the search would have tried them). Pruned subtrees are
    expanded with ``game.next_states`` while the drawing has at most ``max_nodes`` nodes.
    Leaves get ``x = 0, 1, 2, ...`` left to right, and each parent the middle of its first and
    last child; a node's layer is its ``depth``.
    """
    game = search.game
    start = search.roots[-1] if root is None else root
    nodes: list[DrawNode] = []
    budget = [max_nodes - sum(1 for _ in search.preorder(start))]

    def add(node: DrawNode, parent: int | None) -> int:
        node.parent = parent
        nodes.append(node)
        key = len(nodes) - 1
        if parent is not None:
            nodes[parent].children.append(key)
        return key

    def add_pruned(state: Hashable, player: Hashable, depth: int, cut_by: int, parent: int) -> None:
        key = add(DrawNode(state, player, depth, None, cut_by), parent)
        if game.finished(state):
            return
        below = list(game.next_states(state, player))
        if len(below) > budget[0]:
            return
        budget[0] -= len(below)
        for next_state in below:
            add_pruned(next_state, game.other(player), depth + 1, cut_by, key)

    def add_call(index: int, parent: int | None) -> None:
        call = search.calls[index]
        key = add(DrawNode(call.state, call.player, call.depth, index, None), parent)
        for child in call.children:
            add_call(child, key)
        for state in search.pruned(index):
            add_pruned(state, game.other(call.player), call.depth + 1, index, key)

    add_call(start, None)
    leaf = 0.0
    for key in _postorder(nodes, 0):
        node = nodes[key]
        if node.children:
            node.x = (nodes[node.children[0]].x + nodes[node.children[-1]].x) / 2
        else:
            node.x, leaf = leaf, leaf + 1
    return nodes


def _postorder(nodes: list[DrawNode], key: int) -> list[int]:
    """The keys below ``key``, each after its children, children left to right."""
    order: list[int] = []
    for child in nodes[key].children:
        order += _postorder(nodes, child)
    return [*order, key]


def status(node: DrawNode, snapshot: Snapshot) -> Status:
    """How ``node`` is drawn after the steps of ``snapshot``."""
    if node.call is None:
        return "pruned" if node.cut_by in snapshot.decided else "future"
    if node.call in snapshot.decided:
        return "returned"
    return "open" if node.call in snapshot.called else "future"


def _minus(text: str) -> str:
    """Typographic minus signs for figures (a hyphen is short on a projector)."""
    return text.replace("-", "\u2212")


@dataclass(frozen=True)
class _Style:
    """Where the labels go."""

    windows: bool
    below: bool
    """Whether the leaves' labels go below them (they have no edges there) instead of beside."""

    char = 0.62 * FONT / 72
    """The width of a character of a label, in inches (about; bold digits are the widest)."""
    half = 2.6 * FONT / 72 / 2
    """Half the width of a node's triangle, in inches (a name of two letters fits inside)."""

    def extent(self, labels: tuple[str, str, str], inside: bool, leaf: bool) -> tuple[float, float]:
        """How far a node's drawing reaches left and right of its centre, in inches."""
        window, name, value = labels
        if leaf and self.below:
            lines = [value, window] + ([] if inside else [name])
            reach = max(self.half, max(map(len, lines)) * self.char / 2)
            return reach, reach
        left_text = window if inside else f"{window} {name}".strip()
        left = self.half + (len(left_text) + 1) * self.char if left_text else self.half
        right = self.half + (len(value) + 1) * self.char if value else self.half
        return left, right


STYLES = [_Style(True, False), _Style(True, True), _Style(False, True)]
"""The label styles ``draw_search`` tries, most readable first: beside every node, then the
leaves' below them, then without windows (but the current node's). Each is narrower than the one
before."""


@dataclass(frozen=True)
class _Fit:
    """How a tree fits its figure: the label style that won and the sizes, in inches."""

    style: _Style
    inside: bool
    """Whether the names are short enough (two characters) to go on the nodes."""
    spacing: float
    """The distance between neighbouring leaves: the smallest at which no labels meet."""
    left: float
    """The left edge of the leftmost label, ``x = 0`` being the first leaf."""
    right: float
    """The right edge of the rightmost label (the players' column goes after it)."""
    width: float


def _fit(
    stepper: Stepper,
    nodes: list[DrawNode],
    windows: bool,
    replay: bool,
    extra: tuple[float, float],
    name_of: Callable[[Hashable], str],
) -> _Fit:
    """The first style of ``STYLES`` whose figure fits ``FIT_WIDTH``, else the narrowest (the
    last). ``replay``: the current node's window shows in every style; ``extra``: the width of
    the players' column and of the title."""
    layers: dict[int, list[int]] = {}
    for key, node in enumerate(nodes):
        layers.setdefault(node.depth, []).append(key)  # left to right: nodes come in preorder
    with_windows = [_labels(stepper, node, None, windows, name_of) for node in nodes]
    for style in STYLES:
        widest = [
            _labels(stepper, node, None, windows and style.windows, name_of) for node in nodes
        ]
        inside = all(len(name) <= 2 for _, name, _ in widest)  # short names go on the node
        reach = [
            style.extent(labels, inside, not node.children)
            for labels, node in zip(widest, nodes, strict=True)
        ]
        spacing = max(
            [
                (reach[a][1] + reach[b][0] + 1.5 * _Style.char) / (nodes[b].x - nodes[a].x)
                for keys in layers.values()
                for a, b in pairwise(keys)
            ],
            default=1.0,
        )
        edge = reach
        if replay and windows and not style.windows:
            edge = [
                _Style(True, style.below).extent(labels, inside, not node.children)
                for labels, node in zip(with_windows, nodes, strict=True)
            ]
        left = min(node.x * spacing - edge[key][0] for key, node in enumerate(nodes))
        right = max(node.x * spacing + edge[key][1] for key, node in enumerate(nodes))
        width = max(right - left + extra[0], extra[1])
        if width <= FIT_WIDTH:
            break
    return _Fit(style, inside, spacing, left, right, width)


def draw_search(
    search: Search,
    step: int | None = None,
    view: View = "max",
    title: str | None = None,
    windows: bool = True,
    label: Callable[[Hashable], str] | None = None,
    palette: Palette = PALETTE,
) -> TreeFigure:
    """The search tree of ``search`` after ``step`` steps (default: all; with a ``step``, its
    node is ringed), as a figure.

    ``view``: values and windows from Max's side (``"max"``, as textbooks write them) or from
    the player to move (``"mover"``, as negamax computes them); ``title`` goes above the tree;
    ``windows=False`` leaves out the windows; ``label(state)`` names a node (default: the
    game's ``text``). The layout is the same at every step, so a replay does not jump.
    """
    stepper = Stepper(search, view)
    snapshot = stepper.snapshot(len(stepper) if step is None else step)
    nodes = layout(search, snapshot.root)
    name_of = search.game.text if label is None else label
    root_depth = nodes[0].depth
    levels = max(node.depth for node in nodes) - root_depth + 1
    players = [_player_at(nodes, depth + root_depth) for depth in range(levels)]
    level_text = max(len(f"{player}'s move") for player in players)
    level_width = (level_text + 3) * _Style.char * SMALL_FONT / FONT + 0.2
    title_width = (len(title) * _Style.char + 0.4) if title else 0.0
    fit = _fit(stepper, nodes, windows, step is not None, (level_width, title_width), name_of)
    height = _height(fit, levels, windows and (fit.style.windows or step is not None), title)
    figure = TreeFigure(figsize=(fit.width, height), dpi=DPI)
    figure.description = (
        f"{search.algorithm} on {search.game.name!r}, {len(nodes)} nodes, "
        f"step {snapshot.step} of {len(stepper)}"
    )
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_axis_off()
    # Data units are inches, x from the left edge of the labels, y down from the root.
    x_start = fit.left - 0.1
    axes.set_xlim(x_start, x_start + fit.width)
    top = 0.4 + (0.45 if title else 0)
    axes.set_ylim(top - height, top)
    show_windows = windows and fit.style.windows
    replay = step is not None
    painter = _Painter(axes, fit, palette, stepper, snapshot, windows, replay, root_depth)
    for node in nodes:
        labels = _labels(stepper, node, snapshot, show_windows, name_of)
        parent = None if node.parent is None else nodes[node.parent]
        painter.node(node, parent, labels, search.game.Players[0])
    painter.players(players)
    if title:
        axes.text(x_start + 0.1, top - 0.3, title, ha="left", va="center", fontsize=FONT)
    return figure


def _height(fit: _Fit, levels: int, window_below: bool, title: str | None) -> float:
    """The figure's height in inches: ``levels`` layers, the leaves' labels under the last one
    in a style that puts them there (the value, then the window if ``window_below``, and a
    long name), the title."""
    lines_below = 1 + int(window_below) + int(not fit.inside)
    below = (0.3 + 1.2 * lines_below) * FONT / 72 if fit.style.below else 0.0
    return (levels - 1) * LAYER + 0.7 + below + (0.45 if title else 0)


LAYER = 0.85 + 0.02 * FONT
"""The height of a layer of the tree, in inches."""
MARKER = 2.6 * FONT
"""The size of a node's triangle, in points."""


@dataclass(frozen=True)
class _Painter:
    """Draws the nodes of one tree on ``axes``: an edge up to the parent, the triangle (ringed
    if it is the current step's), the name, the window and the value."""

    axes: Any
    fit: _Fit
    palette: Palette
    stepper: Stepper
    snapshot: Snapshot
    windows: bool
    replay: bool
    """Whether the current step's node is ringed (a ``step`` was given)."""
    root_depth: int
    """The depth of the tree's root, drawn at ``y = 0``; each layer ``LAYER`` lower."""

    def node(
        self,
        node: DrawNode,
        parent: DrawNode | None,
        labels: tuple[str, str, str],
        first: Hashable,
    ) -> None:
        """Draw ``node`` (its ``labels``: window, name, value); ``first`` is Max, the first
        player, who has the up-triangles in blue."""
        palette, snapshot = self.palette, self.snapshot
        style_of = status(node, snapshot)
        searched = style_of in ("open", "returned")
        x, y = node.x * self.fit.spacing, -(node.depth - self.root_depth) * LAYER
        if parent is not None:
            self.axes.plot(
                [parent.x * self.fit.spacing, x],
                [y + LAYER, y],
                color=palette.grid if searched else palette.label,
                linewidth=1.8 if searched else 1.0,
                linestyle="--" if style_of == "pruned" else "-",
                alpha=1.0 if searched else 0.45,
                zorder=1,
            )
        who = 0 if node.player == first else 1
        current = self.replay and node.call is not None and node.call == snapshot.current
        self._triangle(x, y, who, style_of, current)
        window, name, value = labels
        if current and not window and self.windows and node.call is not None:
            call_window = self.stepper.window(node.call)
            window = _minus(window_text(call_window)) if call_window is not None else ""
        faint = palette.label if style_of == "pruned" else palette.players[who]
        if self.fit.inside:
            half = _Style.half * 0.3
            body = y - half if who == 0 else y + half  # the triangle's wide part
            self.axes.text(
                x,
                body,
                name,
                ha="center",
                va="center",
                fontsize=SMALL_FONT,
                fontweight="bold",
                color=palette.background if searched else faint,
                zorder=4,
            )
        self._texts(x, y, (window, name, value), searched, current, leaf=not node.children)

    def players(self, players: list[Hashable]) -> None:
        """The player to move, right of every layer ("Max's move")."""
        for depth, player in enumerate(players):
            self.axes.text(
                self.fit.right + 2 * _Style.char,
                -depth * LAYER,
                f"{player}'s move",
                ha="left",
                va="center",
                fontsize=SMALL_FONT,
                color=self.palette.label,
            )

    def _triangle(self, x: float, y: float, who: int, style_of: Status, current: bool) -> None:
        """The node's triangle: Max's up, Min's down, hollow if not searched, grey if pruned;
        ringed in the highlight colour if it is the ``current`` step's."""
        palette = self.palette
        shape = "^" if who == 0 else "v"
        searched = style_of in ("open", "returned")
        faint = palette.label if style_of == "pruned" else palette.players[who]
        if current:
            self.axes.plot(
                x,
                y,
                shape,
                markersize=MARKER * 1.6,
                markerfacecolor="none",
                markeredgecolor=palette.highlight,
                markeredgewidth=3.5,
                zorder=2,
            )
        self.axes.plot(
            x,
            y,
            shape,
            markersize=MARKER,
            markerfacecolor=palette.players[who] if searched else palette.background,
            markeredgecolor=palette.grid if searched else faint,
            markeredgewidth=1.2,
            alpha=0.6 if style_of == "pruned" else 1.0,
            zorder=3,
        )

    def _texts(
        self,
        x: float,
        y: float,
        labels: tuple[str, str, str],
        searched: bool,
        current: bool,
        leaf: bool,
    ) -> None:
        """The window (and a long name) left of the node, its value right of it; a leaf's
        below it in the styles that put them there."""
        palette, half, char = self.palette, _Style.half, _Style.char
        window, name, value = labels
        grey = palette.label
        box = {"facecolor": palette.background, "edgecolor": "none", "pad": 0.5}
        window_style: dict[str, Any] = {
            "color": palette.highlight if current else (palette.ink if searched else grey),
            "fontweight": "bold" if current else "normal",
            "bbox": box,
            "zorder": 5 if current else 4,
        }
        value_style: dict[str, Any] = {
            "fontsize": FONT,
            "fontweight": "bold" if searched else "normal",
            "color": palette.ink if searched else grey,
            "bbox": box,
            "zorder": 4,
        }
        if self.fit.style.below and leaf:
            under = y - 1.5 * half  # clear of the ring of the current node
            self.axes.text(x, under, value, ha="center", va="top", **value_style)
            lines = [line for line in (window, "" if self.fit.inside else name) if line]
            if lines:
                self.axes.text(
                    x,
                    under - FONT * 1.25 / 72,
                    "\n".join(lines),
                    ha="center",
                    va="top",
                    fontsize=FONT,
                    linespacing=1.1,
                    **window_style,
                )
            return
        left_text = window if self.fit.inside else f"{window} {name}".strip()
        self.axes.text(
            x - half - char / 2,
            y,
            left_text,
            ha="right",
            va="center",
            fontsize=FONT,
            **window_style,
        )
        self.axes.text(x + half + char / 2, y, value, ha="left", va="center", **value_style)


def _labels(
    stepper: Stepper,
    node: DrawNode,
    snapshot: Snapshot | None,
    windows: bool,
    name_of: Callable[[Hashable], str],
) -> tuple[str, str, str]:
    """The window (left), the name and the value (right) of ``node`` at ``snapshot``.

    Without a snapshot: the widest labels the node ever gets (the window of its call, its
    returned value or a leaf's utility, whichever is longer).
    """
    game = stepper.search.game
    name = name_of(node.state)
    window = ""
    if node.call is not None and windows and (snapshot is None or node.call in snapshot.called):
        call_window = stepper.window(node.call)
        window = window_text(call_window) if call_window is not None else ""
    values = []
    if node.call is not None and (snapshot is None or node.call in snapshot.returned):
        result = stepper.value(node.call)
        if result is not None:
            values.append(number(result))
    if game.finished(node.state) and (snapshot is None or not values):
        side = game.Players[0] if stepper.view == "max" else node.player
        values.append(number(game.utility(node.state, side)))
    value = max(values, key=len, default="")
    return _minus(window), name, _minus(value)


def _player_at(nodes: list[DrawNode], depth: int) -> Hashable:
    """The player to move at ``depth`` (all nodes of a layer have the same)."""
    return next(node.player for node in nodes if node.depth == depth)


def png(figure: Figure, dpi: int = DPI) -> bytes:
    """``figure`` as PNG bytes, the same bytes every time (no date or version in the file)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()
