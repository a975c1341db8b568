"""The play pages (``gamesolver.tools.pages``) and ``make play`` without a browser.

The browser test (``tests/browser/test_browser_pages.py``) opens each page; nbval runs each one
against its lecture (``notebooks/play/`` is collected with the other notebooks). Here: the pages
on disk are the ones the module writes, the index links them, and ``make play`` lists the games
without ``GAME`` and refuses an unknown one.
"""

from __future__ import annotations

import json
import os
import random
import re
import socket
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gamesolver.notebook import load_notebook
from gamesolver.tools.pages import (
    EXTENSIONS,
    LOGIN_FILE,
    PAGES,
    PAGES_FOLDER,
    TEMPLATE,
    TEMPLATES,
    Computers,
    Login,
    PlayPage,
    main,
    notebook,
    page_of,
    voila_arguments,
    voila_environment,
)

ROOT = Path(__file__).resolve().parents[1]


def make_play(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``make play`` with ``arguments``, never (re)installing, with this interpreter's tools."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    command = ["make", "--no-print-directory", "-o", ".venv/.installed-stamp", "play"]
    command += [*arguments, f"BIN={Path(sys.executable).parent}"]
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_make_play_without_game_lists_the_games() -> None:
    """Exit 0, and every game on a line of its own with its summary."""
    done = make_play()
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for page in PAGES:
        assert any(line.split() == [page.game, *page.summary.split()] for line in lines), page.game
    assert "voila" not in done.stdout.lower()  # nothing was started


def test_make_play_with_an_unknown_game_says_so() -> None:
    """Exit 2, the unknown name, and the list of games."""
    done = make_play("GAME=Go")
    assert done.returncode == 2
    assert "there is no game 'Go'" in done.stderr
    assert all(page.game in done.stderr for page in PAGES)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``list`` as ``make play`` calls it."""
    assert main(["list"]) == 0
    assert "Checkers" in capsys.readouterr().out
    assert page_of("Nim") is PAGES[0]


@pytest.mark.parametrize("page", PAGES, ids=[page.game for page in PAGES])
def test_the_page_on_disk_is_the_generated_one(page: PlayPage) -> None:
    """The cells of ``notebooks/play/<game>.ipynb`` are what ``PAGES`` says: after a change in
    ``gamesolver/tools/pages.py``, run ``python -m gamesolver.tools.pages write``."""
    path = PAGES_FOLDER / f"{page.game}.ipynb"
    stored = json.loads(path.read_text(encoding="utf-8"))
    expected = notebook(page)
    sources = ["".join(cell["source"]) for cell in stored["cells"]]
    assert sources == [cell["source"] for cell in expected["cells"]], f"rewrite {path.name}"
    code = stored["cells"][1]
    assert code["metadata"]["tags"] == ["nbval-ignore-output"]  # nbval runs it, compares nothing
    assert code["execution_count"] is not None, "run make notebooks: pages are stored executed"
    assert (ROOT / "notebooks" / f"{page.game}.ipynb").exists(), "no lecture for the page"


def test_the_pages_are_all_generated() -> None:
    """No page in ``notebooks/play/`` that ``PAGES`` does not know (a game removed there)."""
    on_disk = sorted(path.stem for path in PAGES_FOLDER.glob("*.ipynb"))
    assert on_disk == sorted(page.game for page in PAGES)


def test_the_index_links_every_page() -> None:
    """``notebooks/Index.ipynb`` links ``play/<game>.ipynb`` for each game."""
    index = json.loads((ROOT / "notebooks" / "Index.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(cell["source"]) for cell in index["cells"])
    for page in PAGES:
        assert f"(play/{page.game}.ipynb)" in text


def test_the_widget_call_is_laid_out_as_ruff_formats_it() -> None:
    """One line when it fits in 100 characters, else the arguments indented."""
    lines = {page.game: page.widget() for page in PAGES}
    assert lines["Nim"] == [
        "Play(",
        "    table,",
        "    nim.NimBoard(nim.take, nim.other, keep_empty=True),",
        "    nim.computer_for(table),",
        "    human_first=False,",
        ")",
    ]
    assert lines["Chess"][0] == "Play(" and lines["Chess"][-1] == ")"
    assert all(len(line) <= 100 for widget in lines.values() for line in widget)


def test_the_nim_page_keeps_emptied_piles_in_place() -> None:
    """Nim is played ``on_the_table``, as in the lecture's *Play*: an emptied pile stays, as 0,
    its row on the board and its number in the texts (``nim`` itself drops it, renumbering the
    piles below). The page makes its ``table`` itself: the lecture's is in a demo cell, which
    ``load_notebook`` leaves out."""
    page = page_of("Nim")
    assert page.code().endswith(
        "\ntable = nim.on_the_table((1, 3, 5, 7))\n" + "\n".join(page.widget())
    )
    namespace: dict[str, Any] = {"nim": load_notebook(ROOT / "notebooks" / "Nim.ipynb")}
    for line in page.setup:
        exec(line.format(m="nim"), namespace)
    game, board, computer = (eval(a.format(m="nim"), namespace) for a in page.arguments[:3])
    assert board.keep_empty
    start = ((1, 3, 5, 7), "A")
    assert game.Start == start and ((0, 3, 5, 7), "B") in game.next_states(start, "A")
    _, answer = computer(((0, 3, 5, 7), "B"), "B", random.Random(0))
    assert len(answer[0]) == 4  # the computer's move keeps the empty pile 1 too


def test_serve_runs_voila_with_the_pages_template_and_the_kept_login(tmp_path: Path) -> None:
    """``make play`` runs ``python -m gamesolver.tools.pages serve``: Voilà on the page, on
    127.0.0.1 only, one kernel preheated, the pages' template (found on ``JUPYTER_PATH``), the
    extensions a page uses and no other (issue 33: nbgrader's and Notebook's failed in the
    console of every page), on its port or none, with the login cookie's name of the kept
    login (issue 28: a tab that knew an earlier server got "Forbidden" and no board); the
    token and the secret on no command line; Voilà options last."""
    page = page_of("Nim")
    login = Login.kept_in(tmp_path)
    first = voila_arguments(page, 8899, login)
    second = voila_arguments(page, 8899, login, ["--debug"])
    assert first[0] == str(PAGES_FOLDER / "Nim.ipynb")
    for option in (
        "--port=8899",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--preheat_kernel=True",
        f"--template={TEMPLATE}",
        f"--IdentityProvider.cookie_name={login.cookie_name}",
    ):
        assert option in first
    allowed = [o.split("=", 1)[1] for o in first if "extension_allowlist=" in o]
    assert allowed == list(EXTENSIONS) and "@jupyter/nbgrader" not in allowed
    assert not any(login.token in o or login.cookie_secret.hex() in o for o in first)
    assert second[-1] == "--debug"
    template = TEMPLATES / "voila" / "templates" / TEMPLATE
    assert json.loads((template / "conf.json").read_text(encoding="utf-8")) == {
        "base_template": "lab"
    }
    text = (template / "index.html.j2").read_text(encoding="utf-8")
    assert "https:" not in text and "<link" not in text  # no style sheet from the web
    env = voila_environment({"JUPYTER_PATH": "/x", "HOME": "/h"})
    assert env == {"JUPYTER_PATH": f"{TEMPLATES}{os.pathsep}/x", "HOME": "/h"}
    assert voila_environment({})["JUPYTER_PATH"] == str(TEMPLATES)


def test_the_login_is_kept_from_one_start_to_the_next(tmp_path: Path) -> None:
    """Issue 33, item 14: each start of ``make play`` made a new token and cookie secret, so a
    tab reloaded after a restart met Jupyter's "Password or token" page. The login is kept in
    a file that only its user may read, in a folder of its own (made 0700)."""
    folder = tmp_path / "runtime"
    login = Login.kept_in(folder)
    assert Login.kept_in(folder) == login  # the next start: the same URL, the same cookie
    assert re.fullmatch(r"[0-9a-f]{48}", login.token) and len(login.cookie_secret) == 32
    assert re.fullmatch(r"gamesolver-play-[0-9a-f]{16}", login.cookie_name)
    path = folder / LOGIN_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert [p.name for p in folder.iterdir()] == [LOGIN_FILE]  # no half-written file left

    path.chmod(0o644)  # others may have read the token: a new login
    renewed = Login.kept_in(folder)
    assert renewed != login and renewed.cookie_name != login.cookie_name
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and Login.kept_in(folder) == renewed
    for broken in ("not json", "{}", '{"token": "short", "cookie_secret": "00"}'):
        path.write_text(broken, encoding="utf-8")
        assert Login.kept_in(folder) not in (login, renewed)
    path.unlink()  # deleted: a new token, as docs/teaching.md says
    assert Login.kept_in(folder).token != renewed.token


def test_serve_on_a_port_in_use_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """Another port would be another URL (Voilà moved to the next free port, silently): the
    port taken is one line, exit 2, and no server starts."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "Nim", f"--port={port}"]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"make play: port {port} is in use") and error.count("\n") == 1


def test_serve_where_no_login_can_be_kept_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A runtime folder that cannot be one (a file): one line, exit 2, no traceback."""
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "a-file"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["serve", "Nim", f"--port={port}"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("make play: cannot keep its login in ") and error.count("\n") == 1


def test_serve_with_an_unknown_game_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "Go", "--port=1"]) == 2
    assert "there is no game 'Go'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["list", "--port=1"])  # options are Voilà's, for serve only


@pytest.mark.parametrize("where", ["/dev/null", "a-file", "a-file/pages"])
def test_write_where_no_folder_can_be_is_one_line(where: str, tmp_path: Path) -> None:
    """``write /dev/null`` (issue 33, item 13) gave a traceback: one line now, exit 2."""
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "gamesolver.tools.pages", "write", where],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(
        f"python -m gamesolver.tools.pages: cannot write the pages in {where}: "
    )
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_the_chess_page_promises_only_the_draws_the_game_knows() -> None:
    """The chess game's states are FEN strings, without the game's history: a position repeated
    five times does not end it. The page said that fivefold repetition draws."""
    lecture = load_notebook(ROOT / "notebooks" / "Chess.ipynb")
    state = lecture.Start
    for _ in range(5):
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            board = lecture.board_of(state)
            board.push_san(san)
            state = board.fen()
    assert not lecture.game.finished(state)
    page = page_of("Chess")
    rules = " ".join(page.rules.split())
    assert "repetition draw" not in rules and "fivefold" not in rules
    assert "A position repeated does not end the game" in rules
    assert "keeps no history" not in rules  # it gives the game so far to the computer
    assert "takes a position repeated for a draw" in rules


def test_the_connect_four_page_offers_a_computer_that_knows_no_heuristic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page's menu chooses between the lecture's alpha-beta and UCT (MCTS.ipynb), which
    plays random games to the end within the time per move, at each of the computer's moves."""
    page = page_of("Connect-Four")
    monkeypatch.chdir(PAGES_FOLDER)
    four = load_notebook("../Connect-Four.ipynb")
    namespace: dict[str, Any] = {"connect_four": four, "display": lambda *shown: None}
    for line in ["from gamesolver import load_notebook", *page.imports, *page.setup]:
        exec(line.format(m="connect_four"), namespace)
    computer = eval(page.arguments[2].format(m="connect_four"), namespace)
    assert list(computer.menu.options) == ["alpha-beta", "UCT, no heuristic"]
    state, player = four.game.parse("4455")
    moves = four.game.next_states(state, player)
    computer.menu.value = "UCT, no heuristic"
    value, after, stats = computer(state, player, random.Random(0), budget=0.05)
    assert value is None  # an average of playouts, which the page would say as a depth-0 estimate
    assert after in moves and stats.line == [after] and stats.exact is False
    assert stats.calls >= 1 and stats.depth == 0  # playouts; UCT deepens nothing
    computer.menu.value = "alpha-beta"
    _, after, stats = computer(state, player, random.Random(0), budget=0.05)
    assert after in moves and stats.depth >= 1  # iterative deepening's
    with pytest.raises(ValueError, match="one at least"):
        Computers({})
