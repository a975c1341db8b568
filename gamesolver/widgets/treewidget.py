"""Stepping through a recorded search in JupyterLab: the tree at each step, and in words.

``SearchPlayer(search)`` shows a ``Search`` (``gamesolver.trace``) one step at a time: buttons
and a step slider, the step in words (``gamesolver.stepper``) and the tree at that step
(``gamesolver.widgets.treeplot``). ``TreeExplorer(algorithms)`` adds the tree to search: a small
random one, or one typed in as a nested list, exam style; input that is not a tree gets a
message, never a traceback. Displayed, each widget comes after a picture of itself, for a
notebook stored with its outputs, as a board does.
"""

from __future__ import annotations

import base64
import html
import struct
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets

from gamesolver.errors import error_text
from gamesolver.game import Value
from gamesolver.stepper import Stepper, View, number
from gamesolver.trace import Search, record
from gamesolver.trees import (
    Tree,
    TreeError,
    children,
    height,
    is_leaf,
    parse_tree,
    random_tree,
    size,
    tree_game,
)
from gamesolver.widgets.board import PALETTE, picture_html, picture_side, show_with_picture
from gamesolver.widgets.treeplot import draw_search, png

MAX_NODES = 160
"""The largest tree the explorer draws (a bigger one gets a message instead)."""
MAX_HEIGHT = 6
"""The deepest tree the explorer draws, in moves."""
TREE_PICTURE_TEXT = "[a picture of the tree]"
TREE_PICTURE_NOTE = "A picture of the tree as it was: run the notebook to step through it."
EXAMPLE = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
"""The typed-in tree the explorer offers first: the exam classic (AIMA's Figure 5.2)."""


class SearchPlayer(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Step through a recorded search: Previous, Next, a step slider, the tree at that step."""

    def __init__(self, search: Search, view: View = "max", step: int = 0) -> None:
        """Show ``search`` at ``step`` (default: before the first call); ``view`` as in
        ``Stepper``: values and windows from Max's side, or from the player to move."""
        self.previous_button = ipywidgets.Button(description="◀ Previous", tooltip="One step back")
        self.next_button = ipywidgets.Button(description="Next ▶", tooltip="One step forward")
        self.slider = ipywidgets.IntSlider(
            min=0, max=0, value=0, description="step", continuous_update=True
        )
        self.text = ipywidgets.HTML()
        self.text.add_class("gamesolver-status")
        # At its own size (labels for a projector): a wide tree scrolls instead of shrinking.
        self.image = ipywidgets.Image(
            format="png", layout=ipywidgets.Layout(max_width="none", flex="none")
        )
        self.picture_box = ipywidgets.Box(
            [self.image], layout=ipywidgets.Layout(overflow="auto", width="100%")
        )
        super().__init__(
            children=[
                ipywidgets.HBox([self.previous_button, self.slider, self.next_button]),
                self.text,
                self.picture_box,
            ]
        )
        self.add_class("gamesolver-board")  # its picture hides once it is live (BOARD_STYLE)
        self.view: View = view
        self._pictures: dict[int, bytes] = {}
        self.stepper = Stepper(search, view)
        self.previous_button.on_click(lambda _button: self.go(self.slider.value - 1))
        self.next_button.on_click(lambda _button: self.go(self.slider.value + 1))
        self.slider.observe(lambda _change: self._show(), names="value")
        self.show_search(search, step)

    @property
    def search(self) -> Search:
        """The search being shown."""
        return self.stepper.search

    @property
    def step(self) -> int:
        """The step shown (0: before the first call)."""
        return int(self.slider.value)

    def show_search(self, search: Search, step: int = 0) -> None:
        """Show another search, from ``step``."""
        self.stepper = Stepper(search, self.view)
        self._pictures.clear()
        with self.slider.hold_trait_notifications():
            self.slider.max = len(self.stepper)
            self.slider.value = max(0, min(step, len(self.stepper)))
        self._show()

    def go(self, step: int) -> None:
        """Show ``step`` (kept between 0 and the last step)."""
        self.slider.value = max(0, min(step, len(self.stepper)))

    def description(self, step: int | None = None) -> str:
        """The text shown at ``step`` (default: the current one): the step, then the values
        returned so far."""
        step = self.step if step is None else step
        values = self.stepper.called_values(step)
        returned = ", ".join(f"{name} = {number(value)}" for name, value in values)
        return f"{self.stepper.step(step)}\nreturned so far: {returned or 'nothing'}"

    def picture(self, step: int) -> bytes:
        """The tree at ``step`` as PNG bytes (remembered: stepping back is instant)."""
        if step not in self._pictures:
            figure = draw_search(self.search, step, self.view)
            self._pictures[step] = png(figure)
        return self._pictures[step]

    def picture_html(self, words: str | None = None) -> str:
        """The widget as it looks now, as HTML: the tree at the step shown (its PNG in an SVG
        of its size) and beside it ``words`` (default: the step in words)."""
        png = self.picture(self.step)
        width, height = struct.unpack(">II", png[16:24])  # the PNG's IHDR chunk
        data = base64.b64encode(png).decode()
        image = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><image width="{width}" height="{height}" '
            f'href="data:image/png;base64,{data}"/></svg>'
        )
        text = self.description() if words is None else words
        lines = [(html.escape(line), "") for line in text.split("\n")]
        return picture_html(image, picture_side(lines, TREE_PICTURE_NOTE))

    def _ipython_display_(self) -> None:
        show_with_picture(self, self.picture_html(), TREE_PICTURE_TEXT)

    def _show(self) -> None:
        step = self.step
        self.previous_button.disabled = step == 0
        self.next_button.disabled = step == len(self.stepper)
        first, second = (html.escape(line) for line in self.description(step).split("\n"))
        self.text.value = f"<b>{first}</b><br>{second}"
        self.image.value = self.picture(step)

    def __repr__(self) -> str:
        """Short and stable: nbval compares it."""
        search = self.search
        return (
            f"SearchPlayer({search.algorithm} on {search.game.name!r}, {len(self.stepper)} steps)"
        )


Algorithm = Callable[..., Value]


class TreeExplorer(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Search a small random tree or a typed-in one with a choice of algorithms, step by step."""

    def __init__(
        self,
        algorithms: Sequence[Algorithm],
        seed: int = 0,
        depth: int = 3,
        branching: tuple[int, int] = (2, 3),
        values: tuple[int, int] = (-9, 9),
        view: View = "max",
    ) -> None:
        """``algorithms``: the Solver's functions to choose from (the first is shown first);
        the other arguments set the random tree that is shown first."""
        if not algorithms:
            raise ValueError("TreeExplorer needs at least one algorithm")
        self.algorithms = {algorithm.__name__: algorithm for algorithm in algorithms}
        self.values = values
        inputs = self._inputs(seed, depth, branching)
        self.message = ipywidgets.HTML()
        self.status = ""
        """The message line as plain text: what is shown, or what is wrong with the input."""
        self.tree: Tree = random_tree(seed, depth, branching, values)
        self.source = "random"
        """Where the tree shown comes from: ``"random"`` or ``"typed"``."""
        self._description = self._random_description()
        self.player = SearchPlayer(record_tree(algorithms[0], self.tree), view)
        super().__init__(children=[*inputs, self.message, self.player])
        self._summarize(self.player.search)
        self.add_class("gamesolver-board")  # its picture hides once it is live (BOARD_STYLE)

    def _inputs(self, seed: int, depth: int, branching: tuple[int, int]) -> list[Any]:
        """The rows of the inputs, connected: the algorithm and the seed, the depth and the
        branching, the box for a tree and its button."""
        self.algorithm = ipywidgets.Dropdown(
            options=list(self.algorithms),
            value=next(iter(self.algorithms)),
            description="algorithm",
        )
        self.seed = ipywidgets.IntSlider(
            min=0, max=99, value=seed, description="seed", continuous_update=False
        )
        self.depth = ipywidgets.IntSlider(
            min=1, max=4, value=depth, description="depth", continuous_update=False
        )
        self.branching = ipywidgets.IntRangeSlider(
            min=1, max=4, value=branching, description="branching", continuous_update=False
        )
        self.typed = ipywidgets.Text(
            value="",
            placeholder=EXAMPLE,
            description="your tree",
            continuous_update=False,
            layout=ipywidgets.Layout(width="32em"),
        )
        self.use_typed = ipywidgets.Button(
            description="Search this tree",
            tooltip="Search the tree typed in the box",
            layout=ipywidgets.Layout(width="auto", flex="none"),  # never squeezed to "Search t"
        )
        for slider in (self.seed, self.depth, self.branching):
            slider.observe(lambda _change: self.show_random(), names="value")
        self.algorithm.observe(lambda _change: self._search(), names="value")
        self.typed.observe(lambda _change: self.show_typed(), names="value")
        self.use_typed.on_click(lambda _button: self.show_typed())
        return [
            ipywidgets.HBox([self.algorithm, self.seed]),
            ipywidgets.HBox([self.depth, self.branching]),
            # on a narrow screen (a slide) the button goes below the box, whole
            ipywidgets.HBox(
                [self.typed, self.use_typed], layout=ipywidgets.Layout(flex_flow="row wrap")
            ),
        ]

    def _ipython_display_(self) -> None:
        show_with_picture(self, self.player.picture_html(self.status), TREE_PICTURE_TEXT)

    def _random_description(self) -> str:
        low, high = self.branching.value
        return (
            f"random tree: seed {self.seed.value}, depth {self.depth.value}, "
            f"branching {low} to {high}"
        )

    def show_random(self) -> None:
        """Search the random tree that the sliders describe."""
        tree = random_tree(self.seed.value, self.depth.value, self.branching.value, self.values)
        self._use(tree, "random", self._random_description())

    def show_typed(self, text: str | None = None) -> None:
        """Search the tree typed in the box (``text`` is typed in first); bad input gets a
        message, and the tree shown stays the last good one."""
        if text is not None and text != self.typed.value:
            self.typed.value = text  # the box's observer comes back here
            return
        text = self.typed.value if self.typed.value.strip() else EXAMPLE
        try:
            tree = parse_tree(text)
        except TreeError as error:
            self._say(f"Not a tree: {error}.", error=True)
            return
        self._use(tree, "typed", "your tree")

    def _box_shows(self, tree: Tree) -> bool:
        """Whether the box holds ``tree`` (an empty box holds the example)."""
        text = self.typed.value if self.typed.value.strip() else EXAMPLE
        try:
            return _as_lists(parse_tree(text)) == _as_lists(tree)
        except TreeError:
            return False

    def _use(self, tree: Tree, source: str, description: str) -> None:
        nodes = size(tree)
        if nodes > MAX_NODES or height(tree) > MAX_HEIGHT:
            self._say(
                f"{description} has {nodes} nodes and {height(tree)} levels of moves: "
                f"too big to draw here (at most {MAX_NODES} nodes and {MAX_HEIGHT} levels).",
                error=True,
            )
            return
        if is_leaf(tree):
            self._say(f"{description} is a single leaf: there is nothing to search.", error=True)
            return
        self.tree, self.source, self._description = tree, source, description
        self._search()

    def _search(self) -> None:
        name = self.algorithm.value
        try:
            search = record_tree(self.algorithms[name], self.tree)
        except Exception as error:  # a student's algorithm: report, never a traceback
            self._say(f"{name} failed on this tree: {error_text(error)}", error=True)
            return
        self.player.show_search(search)
        self._summarize(search)

    def _summarize(self, search: Search) -> None:
        """Say what is shown; a typed tree that the box no longer holds (after a typing mistake)
        is called the last good one."""
        leaves = sum(1 for call in search.calls if search.kind(call.index) == "leaf")
        result = "?" if search.result is None else number(search.result)
        description = self._description
        if self.source == "typed" and not self._box_shows(self.tree):
            description = "your last good tree (not the text in the box)"
        self._say(
            f"{description}: {size(self.tree)} nodes. {search.algorithm} returns "
            f"{result} after {len(search.calls)} value calls ({leaves} of them at leaves)."
        )

    def _say(self, text: str, error: bool = False) -> None:
        self.status = text
        style = f' style="color:{PALETTE.players[1]}"' if error else ""
        self.message.value = f"<span{style}>{html.escape(text)}</span>"

    def __repr__(self) -> str:
        """Short and stable: nbval compares it."""
        return f"TreeExplorer({', '.join(self.algorithms)})"


def _as_lists(tree: Tree) -> Tree:
    """``tree`` with every inner node a list (a typed-in tree may use tuples)."""
    return tree if is_leaf(tree) else [_as_lists(child) for child in children(tree)]


def record_tree(algorithm: Algorithm, tree: Tree, **options: Any) -> Search:
    """Record ``algorithm`` on the game of ``tree``, Max to move at the root."""
    return record(algorithm, tree_game(tree), **options)
