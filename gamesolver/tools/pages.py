"""The play pages: one small notebook per game, for students who want to play, not read code.

``make play GAME=Nim`` serves ``notebooks/play/Nim.ipynb`` with Voilà: the game's name, its rules
and the ``Play`` widget of the lecture, whose definitions one cell loads with ``load_notebook``
(the lecture's own board sits screens down, after the whole lecture has run). ``PAGES`` is the
single source of the pages; the command line (``python -m gamesolver.tools.pages --help``) lists
them, serves a page (``make play``) and writes them all again (after a change here or to a
lecture's ``Play(...)`` call). They are written without outputs and committed executed (``make
notebooks``); nbval runs each one and compares nothing (``IGNORE_OUTPUT``), so a lecture that no
longer defines what its page uses fails the tests.

``serve`` keeps its login (``Login``) from one start of ``make play`` to the next, so that a
student's open tab still works after a restart.
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import json
import os
import random
import secrets
import socket
import stat
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamesolver.errors import GameSolverError
from gamesolver.resources import NOTEBOOKS

if TYPE_CHECKING:
    from gamesolver.match import Chooser

LINE_LENGTH = 100
"""The project's line length (``[tool.ruff]`` in ``pyproject.toml``)."""
IGNORE_OUTPUT = "nbval-ignore-output"
"""The tag of the pages' code cell: nbval runs it and compares no output."""
PAGES_FOLDER = NOTEBOOKS / "play"
"""Where the pages live: ``notebooks/play/`` (the package is installed editable)."""
TEMPLATE = "gamesolver-play"
"""The pages' Voilà template in ``TEMPLATES``: Voilà's ``lab`` without web fonts, the board
beside the rules, a closed page's kernel shut down, a word when the server is gone."""
TEMPLATES = Path(__file__).resolve().parent / "share"
"""A Jupyter data folder (put first on ``JUPYTER_PATH`` for Voilà) holding ``TEMPLATE``."""
PORT = 8866
"""Voilà's port unless ``--port`` says otherwise (``make play PORT=...``)."""
EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "@voila-dashboards/widgets-manager8",
    "ipycanvas",
)
"""The JupyterLab extensions a page loads: the widgets and the canvas (by default Voilà loads
all, and nbgrader's and Notebook's fail in it)."""
LOGIN_FILE = "gamesolver-play-login.json"
"""The file of the play pages' login (``Login``) in Jupyter's runtime folder."""


class Computers:
    """A play page's choice of computers: ``menu``, toggle buttons with their names, and the
    chooser that asks the one chosen, at each of its moves (``Play``'s ``choose``, with its
    time per move). Connect Four offers UCT, which knows no heuristic, beside alpha-beta."""

    def __init__(self, computers: dict[str, Chooser]) -> None:
        import ipywidgets  # here, not at the top: ``list`` must start at once

        if not computers:
            raise ValueError("a choice of computers needs one at least")
        self.computers = dict(computers)
        self.menu = ipywidgets.ToggleButtons(
            options=list(self.computers), description="Computer:", style={"button_width": "auto"}
        )

    def __call__(self, state: Any, player: Any, rng: random.Random, budget: float = 1.0) -> Any:
        """The move of the computer chosen in ``menu``, within ``budget`` seconds."""
        return self.computers[self.menu.value](state, player, rng, budget=budget)


@dataclass(frozen=True)
class PlayPage:
    """One game's play page: the lecture it loads, what the student reads, what it shows."""

    game: str
    """The lecture's file name without ``.ipynb`` (``make play GAME=...``), e.g. ``"Nim"``."""
    title: str
    """The page's heading."""
    summary: str
    """One line for ``make play``'s list of games."""
    rules: str
    """The rules in a few lines of markdown, with how to move on the board."""
    module: str
    """The Python name the page gives the lecture's definitions, e.g. ``"nim"``."""
    arguments: tuple[str, ...]
    """The arguments of the lecture's ``Play(...)`` call, its names qualified with the
    module's: ``{m}`` stands for ``module``."""
    imports: tuple[str, ...] = ()
    """``from ... import ...`` lines the page needs besides ``Play`` (a board of the package)."""
    setup: tuple[str, ...] = ()
    """Lines before the ``Play(...)`` call (``{m}`` as in ``arguments``): what the lecture
    defines in a demo cell, which ``load_notebook`` leaves out (Nim's ``table``)."""

    def code(self) -> str:
        """The page's one code cell: load the lecture's definitions, show the widget."""
        return "\n".join(
            [
                "from gamesolver import load_notebook, load_style",
                *sorted([*self.imports, "from gamesolver.widgets.play import Play"]),
                "",
                "display(load_style())",
                f'{self.module} = load_notebook("../{self.game}.ipynb")  # without the demos',
                *(line.format(m=self.module) for line in self.setup),
                *self.widget(),
            ]
        )

    def widget(self) -> list[str]:
        """The ``Play(...)`` call, laid out as ``ruff format`` would (the pages are linted):
        on one line if it fits, else its arguments on one line, else one argument a line."""
        arguments = [argument.format(m=self.module) for argument in self.arguments]
        one_line = f"Play({', '.join(arguments)})"
        if len(one_line) <= LINE_LENGTH:
            return [one_line]
        if len(", ".join(arguments)) + 4 <= LINE_LENGTH:
            return ["Play(", f"    {', '.join(arguments)}", ")"]
        return ["Play(", *(f"    {argument}," for argument in arguments), ")"]

    def markdown(self) -> str:
        """The page's heading and rules."""
        return f"# {self.title}\n\n{self.rules.strip()}"


PAGES: tuple[PlayPage, ...] = (
    PlayPage(
        game="Nim",
        title="Nim",
        summary="four piles of matches; take from one pile, who takes the last match wins",
        rules="""
Four piles of 1, 3, 5 and 7 matches, one pile a row. On your turn take one or more matches
from **one** pile: click a match, and you take it and every match to its right. Whoever
takes the last match wins. The computer moves first here; it plays perfectly, but (1, 3, 5, 7)
is a lost start for the player to move.
""",
        module="nim",
        setup=("table = {m}.on_the_table((1, 3, 5, 7))",),  # an emptied pile keeps its row
        arguments=(
            "table",
            "{m}.NimBoard({m}.take, {m}.other, keep_empty=True)",
            "{m}.computer_for(table)",
            "human_first=False",
        ),
    ),
    PlayPage(
        game="Tic-Tac-Toe",
        title="Tic-Tac-Toe",
        summary="three in a row on 3 x 3; the computer never loses",
        rules="""
X and O take turns marking a free cell of the 3 × 3 grid; X moves first. Three marks in a
row, a column or a diagonal win; a full board without one is a draw. Click a free cell. The
computer plays perfectly; *Explain* makes it say why it moved where it did.

A cell is named (row, column), both counted from 0 at the top left, as the numbers around
the board show: (1, 1) is the centre.
""",
        module="tic_tac_toe",
        arguments=(
            "{m}.game",
            "{m}.ExplainingBoard()",
            "{m}.computer",
            "explain={m}.explain_move",
        ),
    ),
    PlayPage(
        game="Connect-Four",
        title="Connect Four",
        summary="four in a row on 7 x 6, discs dropped into columns",
        rules="""
Players take turns dropping a disc into one of the 7 columns; it falls to the lowest free
row of the 6. Four of your discs in a row (across, up or diagonally) win; a full board is a
draw. Click a column. The computer thinks for the *Time per move* beside the board;
*Explain* shows the line of play it expects.

Choose the computer above the board, at any move: *alpha-beta* searches ahead and judges
positions by an estimate of the lines of four; *UCT* knows no estimate: it plays random games
to the end (Monte Carlo tree search).

The columns are numbered 1 to 7 from the left, as above the board: "column 4" is the middle.
""",
        module="connect_four",
        imports=("from gamesolver.tools.pages import Computers",),
        setup=(
            'mcts = load_notebook("../MCTS.ipynb")  # UCT, without the demos',
            "uct = mcts.uct_player({m}.game)  # a computer that knows no heuristic",
            'computer = Computers({{"alpha-beta": {m}.computer, "UCT, no heuristic": uct}})',
            "display(computer.menu)",
        ),
        arguments=(
            "{m}.game",
            "{m}.ConnectFourBoard()",
            "computer",
            "explain=True",
            "budgets=(0.25, 0.5, 1, 2)",
            "budget=1",
        ),
    ),
    PlayPage(
        game="Tic-Tac-Toe-4x4",
        title="Tic-Tac-Toe on 4 × 4",
        summary="four in a row on 4 x 4 (10 lines); perfect play is a draw",
        rules="""
`x` and `o` take turns marking a free cell of the 4 × 4 board; `x` moves first. Four marks
in a row, a column or a diagonal win (10 lines); a full board without one is a draw. Click
a free cell. The computer thinks for the *Time per move* beside the board; *Explain* shows
the line of play it expects.

A cell is named (row, column), both counted from 0 at the top left, as the numbers around
the board show.
""",
        module="square",
        imports=("from gamesolver.widgets.cube_board import CubeBoard",),
        arguments=(
            "{m}.game",
            "CubeBoard({m}.game)",
            "{m}.computer_for({m}.game)",
            "explain=True",
            "budgets=(0.1, 0.5, 1)",
            "budget=0.5",
        ),
    ),
    PlayPage(
        game="Tic-Tac-Toe-3D",
        title="Tic-Tac-Toe in 3D: 4 × 4 × 4 (Qubic)",
        summary="four in a row in a 4 x 4 x 4 cube (76 lines), its layers side by side",
        rules="""
The cube's four layers are drawn side by side, layer 0 on the left. `x` and `o` take turns
marking a free cell of any layer; `x` moves first. Four in a row win, along any of the 76
lines: within a layer, or straight or diagonally through the four layers. Click a cell. The
computer thinks for the *Time per move* under the board.

A cell is named (layer, row, column), each counted from 0, as the board is labelled: layer 0
is the square on the left, row 0 the top row, column 0 the left column.
""",
        module="cube",
        imports=("from gamesolver.widgets.cube_board import CubeBoard",),
        arguments=(
            "{m}.game",
            "CubeBoard({m}.game)",
            "{m}.square.computer_for({m}.game)",
            "explain=True",
            "budgets=(0.25, 0.5, 1, 2)",
            "budget=0.5",
        ),
    ),
    PlayPage(
        game="Checkers",
        title="Checkers",
        summary="English draughts on 8 x 8: captures are compulsory, men crown on the far row",
        rules="""
English draughts: pieces move diagonally on the dark squares. A man steps one square forward,
a king forward or back. Jump an opponent's piece to capture it; a capture must be made when
one can, and a jump goes on while it can. A man that reaches the far row is crowned king
(a ring and a **K**). You lose when you cannot move. Red moves first. Your pieces start at
the bottom of the board. Click one of your pieces, then each square where it lands.

The dark squares are numbered 1 to 32 from red's side, as on the board: a move is written
with them, 11-15, and a capture 15x22.
""",
        module="checkers",
        imports=("from gamesolver.widgets.checkers_board import CheckersBoard",),
        setup=(
            'search = load_notebook("../Checkers-Search.ipynb")  # its search, without the demos',
        ),
        arguments=(
            "search.game",
            "CheckersBoard(search.legal_moves, search.coords)",
            "search.computer",
            "explain=True",
            "budgets=(0.1, 0.5, 1, 2)",
            "budget=0.5",
        ),
    ),
    PlayPage(
        game="Chess",
        title="Chess",
        summary="chess by its full rules (python-chess), against a compact engine",
        rules="""
Chess by the full rules; white, at the bottom, moves first. Click one of your pieces, then
its square: the squares it can reach get a blue dot. Castle by moving the king two squares; a
pawn on the last rank asks for its piece. Checkmate wins; stalemate, too little material
and the 75-move rule draw. A position repeated does not end the game; the computer, which
knows the game so far, takes a position repeated for a draw, and avoids one unless a draw
suits it. The computer thinks for the *Time per move* beside the board.
""",
        module="chess_lecture",
        setup=('engine = load_notebook("../Chess-Engine.ipynb")  # its engine, without the demos',),
        arguments=(
            "engine.game",
            "engine.ChessBoard()",
            "engine.computer",
            "explain=True",
            "budgets=(0.5, 1, 2, 5)",
            "budget=1",
        ),
    ),
)
"""The games with a play page, in the order of the lectures."""


def notebook(page: PlayPage) -> Any:
    """The page as an nbformat-4 notebook (a markdown cell, a code cell), without outputs.

    Cell ids are fixed, not random, so that writing the pages again changes nothing.
    """
    from nbformat import v4  # here, not at the top: ``list`` must start at once

    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    rules = v4.new_markdown_cell(page.markdown(), id="rules")  # type: ignore[no-untyped-call]
    board = v4.new_code_cell(  # type: ignore[no-untyped-call]
        page.code(), id="board", metadata={"tags": [IGNORE_OUTPUT]}
    )
    metadata = {"kernelspec": kernel, "language_info": {"name": "python"}}
    return v4.new_notebook(cells=[rules, board], metadata=metadata)  # type: ignore[no-untyped-call]


def write_pages(folder: Path, prog: str) -> list[Path]:
    """Write every page as ``folder/<game>.ipynb``, without outputs; the paths written. A
    ``PageError`` says why ``folder`` cannot be written (a file, ``/dev/null``, is said as such:
    its own error, "File exists", would not say what is wrong)."""
    import nbformat

    try:
        if folder.exists() and not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(folder))
        folder.mkdir(parents=True, exist_ok=True)
        written = [folder / f"{page.game}.ipynb" for page in PAGES]
        for page, path in zip(PAGES, written, strict=True):
            nbformat.write(notebook(page), path)  # type: ignore[no-untyped-call]
    except OSError as error:
        why = error.strerror or str(error)
        raise PageError(f"{prog}: cannot write the pages in {folder}: {why}") from None
    return written


@dataclass(frozen=True)
class Login:
    """The token of the play pages' URL and the secret that signs their login cookie, kept in
    a file only its user can read (``LOGIN_FILE``), so that a student's tab still works after
    ``make play`` starts again; delete the file for a new token."""

    token: str
    cookie_secret: bytes

    @property
    def cookie_name(self) -> str:
        """A name drawn from the secret: a cookie the server cannot read makes it clear that
        cookie, so a new secret needs a new name (issue 28)."""
        return f"gamesolver-play-{hashlib.sha256(self.cookie_secret).hexdigest()[:16]}"

    @classmethod
    def kept_in(cls, folder: Path) -> Login:
        """The login kept in ``folder / LOGIN_FILE``, made (mode 0600, the folder 0700 if it is
        new) when there is none, or when the file cannot be read as one or, on POSIX, others
        may read it (then its token may be known)."""
        path = folder / LOGIN_FILE
        try:
            private = os.name != "posix" or not stat.S_IMODE(path.stat().st_mode) & 0o077
            kept = json.loads(path.read_text(encoding="utf-8"))
            login = cls(str(kept["token"]), bytes.fromhex(kept["cookie_secret"]))
            if private and len(login.token) >= 32 and len(login.cookie_secret) >= 32:
                return login
        except (OSError, ValueError, KeyError, TypeError):
            pass
        login = cls(secrets.token_hex(24), secrets.token_bytes(32))
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        text = json.dumps({"token": login.token, "cookie_secret": login.cookie_secret.hex()})
        fresh = path.with_name(f".{LOGIN_FILE}.{secrets.token_hex(4)}")
        descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(fresh, path)  # whole or not at all, for a server started at the same time
        return login


def runtime_folder() -> Path:
    """Jupyter's runtime folder, where Jupyter keeps its own cookie secret."""
    from jupyter_core.paths import jupyter_runtime_dir

    return Path(jupyter_runtime_dir())


def voila_arguments(
    page: PlayPage, port: int, login: Login, options: Sequence[str] = ()
) -> list[str]:
    """Voilà's command line for ``page`` on ``127.0.0.1:port`` (the token and the cookie secret
    go to Voilà in this process, not on a command line); ``options`` (Voilà's) come last and
    win, e.g. ``--preheat_kernel=False``."""
    return [
        str(PAGES_FOLDER / f"{page.game}.ipynb"),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",  # the URL's port or none: another port is another URL
        "--preheat_kernel=True",
        "--pool_size=1",
        f"--template={TEMPLATE}",
        f"--IdentityProvider.cookie_name={login.cookie_name}",
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in EXTENSIONS),
        *options,
    ]


def voila_environment(environ: dict[str, str]) -> dict[str, str]:
    """``environ`` with ``TEMPLATES`` first on ``JUPYTER_PATH``, where Voilà finds templates."""
    paths = [str(TEMPLATES), *filter(None, environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    return {**environ, "JUPYTER_PATH": os.pathsep.join(paths)}


def port_taken(port: int) -> bool:
    """Whether something listens on ``127.0.0.1:port`` already (an earlier ``make play``)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Voilà binds it
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


class PageError(GameSolverError):
    """What keeps ``make play`` from serving or writing the pages, in one message (exit 2)."""


def games_text() -> str:
    """Every game with its summary, and how to play one: ``make play``'s answer without GAME."""
    width = max(len(page.game) for page in PAGES)
    lines = [f"  {page.game:<{width}}  {page.summary}" for page in PAGES]
    return "\n".join(["Games with a play page (make play GAME=<game>):", *lines])


def page_of(game: str) -> PlayPage:
    """The page of ``game`` (the lecture's file name without ``.ipynb``); ``PageError`` with the
    list of games if there is none."""
    page = next((page for page in PAGES if page.game == game), None)
    if page is None:
        raise PageError(f"make play: there is no game {game!r}.\n{games_text()}")
    return page


def serve(game: str, port: int, options: Sequence[str]) -> None:
    """Run Voilà serving ``game``'s page on ``port`` in this process (Ctrl-C stops it and its
    kernels), after checking what can be checked first: the game, a free port, a login that can
    be kept. Voilà prints the URL with its token, as it does for a token it made."""
    page = page_of(game)
    if port_taken(port):
        raise PageError(
            f"make play: port {port} is in use, by another make play? Stop it (Ctrl-C in its "
            "terminal), or choose another: make play PORT=..."
        )
    try:
        login = Login.kept_in(runtime_folder())
    except OSError as error:
        why = error.strerror or str(error)
        raise PageError(f"make play: cannot keep its login in {runtime_folder()}: {why}") from None
    print(
        f"Starting {page.game}: open the URL that Voila prints below. It stays the same when "
        f"make play starts again (its token is kept in {runtime_folder() / LOGIN_FILE})."
    )
    sys.stdout.flush()
    os.environ.update(voila_environment(dict(os.environ)))  # before Voilà looks for templates
    from jupyter_server.auth.identity import PasswordIdentityProvider
    from voila.app import Voila  # type: ignore[import-untyped]

    class KeptLogin(PasswordIdentityProvider):
        """Voilà prints a token whole only if it made it; this one is the student's to open."""

        token_generated = True

    app = Voila.instance(
        token=login.token, cookie_secret=login.cookie_secret, identity_provider_class=KeptLogin
    )
    app.initialize(voila_arguments(page, port, login, options))
    app.start()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's docstring); the exit status."""
    parser = argparse.ArgumentParser(prog="python -m gamesolver.tools.pages", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="every game with a play page, one line each")
    serving = commands.add_parser(
        "serve", help="serve GAME's page with Voila; other options go to Voila"
    )
    serving.add_argument("game", metavar="GAME")
    serving.add_argument("--port", type=int, default=PORT, help=f"default: {PORT}")
    writing = commands.add_parser(
        "write", help="write every page, without outputs (notebooks/play by default)"
    )
    writing.add_argument("folder", nargs="?", type=Path, default=PAGES_FOLDER)
    arguments, options = parser.parse_known_args(argv)
    if options and arguments.command != "serve":
        parser.error(f"unrecognized arguments: {' '.join(options)}")
    try:
        if arguments.command == "list":
            print(games_text())
        elif arguments.command == "serve":
            serve(arguments.game, arguments.port, options)
        else:
            for path in write_pages(arguments.folder, parser.prog):
                print(path)
    except PageError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
