"""Fixtures for the browser tests: Debian's Chromium driven by Playwright, JupyterLab and Voilà.

Each worker starts one JupyterLab on 127.0.0.1 (a free port, a random token, private Jupyter
directories), and each test that uses it gets a folder and a workspace of its own there, its
kernels stopped after it: a fresh copy of ``notebooks/`` with the stored outputs stripped, so
that only what the kernel computes in this run can satisfy an assertion. ``make play`` runs
Voilà on a game's play page in ``notebooks/play/`` itself, as a student would (Voilà executes
the page afresh, and the page loads its lecture from ``notebooks/``), a server for each test. A
server is shut down after its test (Voilà) or its worker (JupyterLab) whatever happened (``POST
/api/shutdown`` or SIGTERM, then SIGTERM, then SIGKILL to its process group).

The browser is ``/usr/bin/chromium``, never a download. Without it the browser tests are
skipped with the command that installs it, except on CI (``CI=true``), where that is a failure.

``PlayWidget`` reads what the student sees: the pixels of the ``gamesolver.widgets.play.Play``
widget's canvas (``getImageData`` in the page), its status line (the HTML widget with the CSS class
``gamesolver-status``) and its notice (``gamesolver-notice``: why a click was refused), and
where its board, texts and buttons are on the screen. Screenshots go to ``artifacts/``: the
tests save the board after their moves, and a failing test saves the page as it was; the paths
are listed at the end of the run.

Nothing may be fetched from another host than 127.0.0.1 or localhost (the course promises to
work offline): the ``page`` fixture records every request of its browser context, and a test
whose page asked for anything else fails.
"""

from __future__ import annotations

import functools
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, Playwright

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LAB_SETTINGS = {
    # Start the notebook's kernel without the "Select Kernel" dialog ...
    ("notebook-extension", "tracker"): {"autoStartDefaultKernel": True},
    # ... and no "Would you like to get notified about Jupyter news?" toast.
    ("apputils-extension", "notification"): {"fetchNews": "false"},
}

SERVER_START = 60.0
"""Seconds for a server to answer (measured: about 3 s for JupyterLab on 2 cores)."""
SERVER_STOP = 20.0
"""Seconds for a server to stop after the shutdown request, then after SIGTERM."""
KERNEL_READY = 60_000
"""Milliseconds for JupyterLab to load and start the notebook's kernel (measured: 7 s)."""
STARTED = 30_000
"""Milliseconds for Run All Cells to start the first cell."""
RUN_ALL = 180_000
"""Milliseconds for every cell of a notebook to run (measured: 8 s for Tic-Tac-Toe)."""
MOVE = 30_000
"""Milliseconds for a click to be answered on the status line and the canvas."""
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/|^(data|blob|about):")
"""The requests a page may make: to the test's own servers, or none at all (data: URLs)."""
SCREENS = ((1366, 768), (1280, 720))
"""The screens every play page must fit, board, status line and buttons in view: the most
common laptop screen, and a projector's 720p."""


# -- the browser ----------------------------------------------------------------------------------


def _browser_missing(reason: str) -> NoReturn:
    """Skip the browser tests with one line saying how to fix it; on CI, fail instead."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's synchronous API, started once per worker."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _browser_missing("playwright is not installed: pip install -e '.[test]'")
    if not CHROMIUM.exists():
        _browser_missing(f"no Chromium at {CHROMIUM}: install it with `apt-get install chromium`")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's headless Chromium (``playwright install`` cannot download a browser here), one
    per worker; each test has a browser context of its own (``page``)."""
    chromium = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    yield chromium
    chromium.close()


_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()
_SAVED = pytest.StashKey[list[Path]]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item, so that fixtures can see a failure."""
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


def _failed(request: pytest.FixtureRequest) -> bool:
    reports = request.node.stash.get(_REPORTS, {})
    return any(report.failed for report in reports.values())


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """List the screenshots that the browser tests saved in this run."""
    saved = config.stash.get(_SAVED, [])
    if saved:
        terminalreporter.section("browser screenshots")
        for path in saved:
            terminalreporter.write_line(str(path.relative_to(ROOT)))


@dataclass
class Artifacts:
    """Saves screenshots of one test as ``artifacts/<test name>-<what>.png``."""

    test: str
    config: pytest.Config

    def path(self, what: str) -> Path:
        """Where the screenshot ``what`` of this test goes; the path is listed at the end."""
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{self.test}-{what}.png"
        self.config.stash.setdefault(_SAVED, []).append(path)
        print(f"screenshot: {path}")
        return path

    def save(self, page: Page, board: PlayWidget | None = None) -> None:
        """The board's canvas (if given) and the page as the browser window shows it."""
        if board is not None:
            board.canvas.screenshot(path=self.path("board"))
        page.screenshot(path=self.path("page"))


@pytest.fixture
def artifacts(request: pytest.FixtureRequest) -> Artifacts:
    """This test's screenshots; those of an earlier run of the test are removed first."""
    name = re.sub(r"[^\w.-]+", "-", request.node.name).strip("-")
    for old in ARTIFACTS.glob(f"{name}-*.png"):
        old.unlink()
    return Artifacts(name, request.config)


@pytest.fixture
def page(browser: Browser, artifacts: Artifacts, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser page; on failure, a screenshot of it and the browser's console.

    The test fails if the page requested anything from another host (``LOCAL``).
    """
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    remote: list[str] = []
    context.on("request", lambda sent: None if LOCAL.match(sent.url) else remote.append(sent.url))
    tab = context.new_page()
    console: list[str] = []
    tab.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    tab.on("pageerror", lambda error: console.append(f"page error: {error}"))
    yield tab
    try:
        if _failed(request):
            problems = [line for line in console if not line.startswith(("debug", "log"))]
            print("browser console (warnings and errors):", *problems[-40:], sep="\n  ")
            tab.screenshot(path=artifacts.path("failure"), full_page=True)
    finally:
        context.close()
    assert not remote, f"the page fetched from another host: {sorted(set(remote))}"


# -- the servers ----------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _request(url: str, token: str, method: str = "GET") -> int:
    request = urllib.request.Request(
        url, method=method, headers={"Authorization": f"token {token}"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        status: int = response.status
        return status


def _copy_notebooks(destination: Path) -> Path:
    """A copy of ``notebooks/`` as it is now, every notebook without outputs or widget state.

    The whole folder, since the game notebooks ``%run Solver.ipynb``. Without stripping, a stale
    output stored in the notebook could satisfy an assertion that the new run never met.
    """
    shutil.copytree(NOTEBOOKS, destination, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for path in destination.glob("*.ipynb"):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"] = []
                cell["execution_count"] = None
        notebook["metadata"].pop("widgets", None)
        path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return destination


def _server_env(home: Path) -> dict[str, str]:
    """The environment of a server: private Jupyter and IPython directories, no pytest traces."""
    env = dict(os.environ)
    for name in ("PYTEST_CURRENT_TEST", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
        env.pop(name, None)  # a kernel would inherit PYTEST_CURRENT_TEST; make its parent's jobs
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
        IPYTHONDIR=str(home / "ipython"),
    )
    return env


@dataclass
class Server:
    """A JupyterLab or Voilà server started by a fixture, with its log."""

    name: str
    process: subprocess.Popen[bytes]
    log_path: Path
    log: IO[bytes]
    base: str = ""
    token: str = ""
    served: Path = field(default_factory=Path)
    """The folder of the notebooks it serves."""

    def url(self, path: str) -> str:
        """``base/path?token=...``."""
        return f"{self.base}/{path.lstrip('/')}?token={self.token}"

    def log_text(self) -> str:
        """Everything the server wrote so far."""
        if not self.log.closed:
            self.log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def wait_ready(self, path: str, timeout: float = SERVER_START) -> None:
        """Wait until ``path`` answers 200, or fail with the server's log."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                if _request(f"{self.base}{path}", self.token) == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{self.name} did not start:\n{self.log_text()}")
            time.sleep(0.2)  # polling interval, not a wait for something to happen

    def stop(self, shutdown: Callable[[], object] | None = None) -> int:
        """Stop it (``shutdown()`` first if given, else SIGTERM), killing it as a last resort."""
        try:
            if self.process.poll() is None:
                try:
                    if shutdown is None:
                        raise OSError("no shutdown request for this server")
                    shutdown()
                    self.process.wait(timeout=SERVER_STOP)
                except (OSError, subprocess.TimeoutExpired):
                    self.process.send_signal(signal.SIGTERM)
                    try:
                        self.process.wait(timeout=SERVER_STOP)
                    except subprocess.TimeoutExpired:
                        os.killpg(self.process.pid, signal.SIGKILL)  # its own process group
                        self.process.wait()
        finally:
            self.log.close()
        return self.process.returncode


def _start(
    name: str, command: Sequence[str], home: Path, cwd: Path, env: dict[str, str] | None = None
) -> Server:
    log_path = home / f"{name}.log"
    log = log_path.open("wb")
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env or _server_env(home),
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: killed as a whole if all else fails
    )
    return Server(name, process, log_path, log)


def _report_server(request: pytest.FixtureRequest, server: Server) -> None:
    if _failed(request):
        print(f"--- {server.name} log (last 60 lines) ---")
        print("\n".join(server.log_text().splitlines()[-60:]))


@pytest.fixture(scope="session")
def _lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One JupyterLab on 127.0.0.1 for all the tests of a worker (``jupyterlab``), serving a
    folder in which each test gets its own copy of ``notebooks/``.

    Started once instead of once a test: a start and a shutdown cost 4-10 s on 2 busy cores,
    and 19 tests open JupyterLab. Shut down at the end of the session, its kernels with it.
    """
    base = tmp_path_factory.mktemp("lab")
    home = base / "jupyter"
    for (extension, plugin), value in LAB_SETTINGS.items():
        settings = home / "lab-settings" / "@jupyterlab" / extension
        settings.mkdir(parents=True, exist_ok=True)
        (settings / f"{plugin}.jupyterlab-settings").write_text(json.dumps(value))
    root = base / "served"
    root.mkdir()
    port, token = _free_port(), secrets.token_hex(16)
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        f"--IdentityProvider.token={token}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    server = _start("jupyterlab", command, home, root)
    server.base, server.token, server.served = f"http://127.0.0.1:{port}", token, root
    try:
        server.wait_ready("/api/status")
        yield server
    finally:
        # The shutdown request stops the kernels too; it answers before the server exits.
        server.stop(lambda: _request(f"{server.base}/api/shutdown", token, method="POST"))


def _api(server: Server, path: str, method: str = "GET") -> Any:
    """The JSON answer of JupyterLab's REST API at ``/api/<path>`` (``None`` if empty)."""
    request = urllib.request.Request(
        f"{server.base}/api/{path}",
        method=method,
        headers={"Authorization": f"token {server.token}"},
    )
    with urllib.request.urlopen(request, timeout=SERVER_STOP) as response:
        body = response.read()
    return json.loads(body) if body else None


def _shut_down_kernels(server: Server) -> None:
    """Close every session and stop every kernel of ``server``: the next test starts from a
    server that runs nothing, as a fresh one would."""
    for session in _api(server, "sessions"):
        _api(server, f"sessions/{session['id']}", method="DELETE")
    for kernel in _api(server, "kernels"):
        _api(server, f"kernels/{kernel['id']}", method="DELETE")


@pytest.fixture
def jupyterlab(_lab_server: Server, request: pytest.FixtureRequest) -> Iterator[JupyterLab]:
    """JupyterLab on 127.0.0.1 serving a fresh, output-free copy of ``notebooks/`` to this test.

    The server is the worker's (``_lab_server``); the test has a folder of its own in it (a
    copy made now, as with a server of its own) and a workspace of its own, so that no tab of
    an earlier test reopens. Its kernels are stopped after it.
    """
    server = _lab_server
    if server.process.poll() is not None:
        raise RuntimeError(f"JupyterLab has stopped:\n{server.log_text()}")
    name = f"{len(list(server.served.iterdir())):03d}"
    served = _copy_notebooks(server.served / name)
    try:
        yield JupyterLab(server, served, workspace=f"test-{name}")
    finally:
        try:
            _report_server(request, server)
        finally:
            _shut_down_kernels(server)


@pytest.fixture
def make_play(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[[str], Voila]]:
    """Runs ``make play GAME=...`` (Voilà) on a free port, at the URL that it prints.

    It serves the play page ``notebooks/play/<GAME>.ipynb`` itself, as for a student: Voilà
    runs the page afresh anyway. ``served`` is ``notebooks/``, the folder of the lecture that
    the page loads (``load_notebook(served / "Nim.ipynb")`` gives the test the same rules).
    The servers of one test share one runtime folder, as the starts of ``make play`` on one
    machine do: the login that ``make play`` keeps there lasts from one start to the next.
    """
    servers: list[Server] = []
    runtime = tmp_path / "runtime"

    def start(game: str, port: int | None = None) -> Voila:
        home = tmp_path / f"voila-{len(servers)}"
        home.mkdir()
        command = [
            "make",
            "--no-print-directory",
            "-o",
            ".venv/.installed-stamp",  # never (re)install from a test
            "play",
            f"GAME={game}",
            f"PORT={port or _free_port()}",
            f"BIN={Path(sys.executable).parent}",  # this interpreter's Voilà
        ]
        env = {**_server_env(home), "JUPYTER_RUNTIME_DIR": str(runtime)}
        server = _start("voila", command, home, ROOT, env)
        servers.append(server)
        url = _wait_for_url(server)
        server.base, server.token = url.split("/?token=")[0], url.split("token=")[1]
        server.served = NOTEBOOKS  # the lectures, which the play pages load
        server.wait_ready("/voila/static/favicon.ico")
        return Voila(server)

    yield start
    for server in servers:
        try:
            _report_server(request, server)
        finally:
            _stop_voila(server)


def _stop_voila(server: Server) -> int:
    """SIGTERM to make and Voilà, as Ctrl-C reaches both; Voilà stops its kernels."""
    return server.stop(functools.partial(os.killpg, server.process.pid, signal.SIGTERM))


def _wait_for_url(server: Server, timeout: float = SERVER_START) -> str:
    """The URL (with its token) that ``make play`` prints for the student."""
    deadline = time.monotonic() + timeout
    pattern = re.compile(r"^(http://127\.0\.0\.1:\d+/\?token=\w+)$", re.MULTILINE)
    while True:
        found = pattern.search(server.log_text())
        if found:
            return found[1]
        if server.process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"make play printed no URL:\n{server.log_text()}")
        time.sleep(0.2)  # polling interval


# -- what the student sees ------------------------------------------------------------------------

_READ_CELLS = """([canvas, rects, colors, minimum, tolerance]) => {
    const context = canvas.getContext('2d');
    return rects.map(([x, y, w, h]) => {
        const data = context.getImageData(x, y, w, h).data;
        const counts = colors.map(() => 0);
        for (let i = 0; i < data.length; i += 4) {
            colors.forEach(([r, g, b], k) => {
                if (Math.abs(data[i] - r) <= tolerance && Math.abs(data[i + 1] - g) <= tolerance
                    && Math.abs(data[i + 2] - b) <= tolerance) counts[k]++;
            });
        }
        const first = counts.findIndex((count) => count >= minimum);
        return first < 0 ? null : first;
    });
}"""
"""For each rectangle of the canvas: the index of the first colour that covers at least
``minimum`` of its pixels, or ``null``."""

_FINGERPRINTS = """([canvas, rects]) => {
    const context = canvas.getContext('2d');
    return rects.map(([x, y, w, h]) => {
        let hash = 2166136261;
        for (const byte of context.getImageData(x, y, w, h).data) {
            hash = Math.imul(hash ^ byte, 16777619) >>> 0;
        }
        return hash;
    });
}"""
"""For each rectangle of the canvas: an FNV-1a hash of its pixels."""

_RECORD_STATUS = """(widget) => {
    const lines = Array.from(widget.querySelectorAll('.gamesolver-status, .gamesolver-notice'));
    if (widget.gamesolverObserver) widget.gamesolverObserver.disconnect();
    const seen = [];
    for (const line of lines) {
        const text = line.textContent;
        if (text) seen.push(text);
    }
    widget.gamesolverObserver = new MutationObserver((records) => {
        for (const record of records) {
            const text = Array.from(record.addedNodes, (node) => node.textContent).join('');
            if (text) seen.push(text);
        }
    });
    for (const line of lines) {
        const content = line.querySelector('.widget-html-content') || line;
        widget.gamesolverObserver.observe(content, {childList: true});
    }
    widget.gamesolverSeen = seen;
}"""
"""Records the texts of the status line and the notice and every later one, in the order they
were shown (``widget.gamesolverSeen``).

Each text counts, even one replaced within a millisecond: the observer gets the nodes that each
update added, not only the text of the moment.
"""

_STATUS_SEEN = """([widget, patterns]) => {
    const found = [];
    for (const text of widget.gamesolverSeen) {
        if (found.length < patterns.length && new RegExp(patterns[found.length]).test(text)) {
            found.push(text);
        }
    }
    return found.length === patterns.length ? found : null;
}"""
"""The recorded texts that match ``patterns`` one after the other, or ``null``."""

Rect = tuple[int, int, int, int]
"""``(x, y, width, height)`` in canvas pixels."""


def rgb(color: str) -> tuple[int, int, int]:
    """``"#0072b2"`` -> ``(0, 114, 178)``."""
    red, green, blue = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return red, green, blue


class PlayWidget:
    """A ``gamesolver.widgets.play.Play`` widget in the page: its canvas, status line and notice.

    Pixels are read in the page with ``getImageData`` on the ``<canvas>`` that the student sees;
    coordinates are canvas pixels, as the board's ``center`` and ``cell`` give them.
    """

    def __init__(self, page: Page, widget: Locator) -> None:
        """``widget``: the widget's box, whose children are the canvas and the column of its
        buttons and texts (a ``Watch`` has the canvas and the status line among its own)."""
        self.page = page
        self.widget = widget
        self.canvas = widget.locator(":scope > canvas")
        self.status_line = widget.locator(".gamesolver-status").first
        self.notice_line = widget.locator(".gamesolver-notice").first
        self.explanation_line = widget.locator(".gamesolver-explanation").first

    def wait_shown(self, status: re.Pattern[str], timeout: float = RUN_ALL) -> str:
        """Wait for the canvas and for a status line that matches ``status``; returns the text."""
        from playwright.sync_api import expect

        self.canvas.wait_for(state="visible", timeout=timeout)
        expect(self.status_line).to_have_text(status, timeout=timeout)
        return self.status()

    def size(self) -> tuple[int, int]:
        """The canvas size in canvas pixels (its ``width`` and ``height`` attributes)."""
        width, height = self.canvas.evaluate("(canvas) => [canvas.width, canvas.height]")
        return width, height

    def status(self) -> str:
        """The status line's text now."""
        return (self.status_line.text_content() or "").strip()

    def notice(self) -> str:
        """The notice's text now: why the last click was refused (empty if it was not)."""
        return (self.notice_line.text_content() or "").strip()

    def explanation(self) -> str:
        """The explanation's text now, its lines as shown (empty without one)."""
        return self.explanation_line.inner_text().strip()

    def layout(self) -> dict[str, list[float]]:
        """Where the board, the status line and the buttons are on the screen, in CSS pixels
        of the viewport: ``{"board": [top, bottom, left, right], "status": ..., "buttons":
        [...] (around all of them), "button 1": ..., "button 2": ...}``."""
        found: dict[str, list[float]] = self.widget.evaluate(_LAYOUT)
        return found

    def assert_in_view(self) -> dict[str, list[float]]:
        """The board, the status line and every button within the window, the page unscrolled;
        returns ``layout()``."""
        where = self.layout()
        size = self.page.viewport_size
        assert size is not None
        scrolled = self.page.evaluate(
            "() => [window.scrollY, document.querySelector('#rendered_cells')?.scrollTop || 0]"
        )
        assert scrolled == [0, 0], f"the page is scrolled: {scrolled}"
        for name, (top, bottom, left, right) in where.items():
            assert 0 <= top < bottom <= size["height"], (
                f"{name} is not in view at {size['width']} x {size['height']}: {where}"
            )
            assert 0 <= left < right <= size["width"], (
                f"{name} is cut at the side at {size['width']} x {size['height']}: {where}"
            )
        return where

    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel ``(x, y)``, scaled to the canvas's size on the page."""
        box = self.canvas.bounding_box()
        assert box is not None, "the canvas is not displayed"
        width, height = self.size()
        self.canvas.click(position={"x": x * box["width"] / width, "y": y * box["height"] / height})

    def dblclick(self, x: float, y: float) -> None:
        """A double click at canvas pixel ``(x, y)``, as ``click``."""
        box = self.canvas.bounding_box()
        assert box is not None, "the canvas is not displayed"
        width, height = self.size()
        position = {"x": x * box["width"] / width, "y": y * box["height"] / height}
        self.canvas.dblclick(position=position)

    def _evaluate(self, function: str, *args: Any) -> Any:
        """``function([canvas, *args])`` in the page, for the functions above."""
        call = f"(canvas, args) => ({function})([canvas, ...args])"
        return self.canvas.evaluate(call, list(args))

    def fingerprints(self, rects: Sequence[Rect]) -> list[int]:
        """A hash of the pixels of each rectangle: equal iff (almost surely) unchanged."""
        hashes: list[int] = self._evaluate(_FINGERPRINTS, list(rects))
        return hashes

    def read(
        self,
        rects: Sequence[Rect],
        colors: dict[str, str],
        minimum: int = 100,
        tolerance: int = 8,
    ) -> list[str | None]:
        """For each rectangle: the first name in ``colors`` whose colour covers at least
        ``minimum`` of its pixels (each channel within ``tolerance``), or ``None``.

        ``colors`` maps names to ``"#rrggbb"``, e.g. ``{"X": blue, "O": vermilion, "": board}``:
        a cell with an X reads ``"X"``, an empty cell ``""``, a blank canvas ``None``.
        """
        names = list(colors)
        found = self._evaluate(
            _READ_CELLS, list(rects), [rgb(colors[n]) for n in names], minimum, tolerance
        )
        return [None if index is None else names[index] for index in found]

    def wait_read(
        self,
        rects: Sequence[Rect],
        colors: dict[str, str],
        expected: Sequence[str | None],
        minimum: int = 100,
        tolerance: int = 8,
        timeout: float = MOVE,
    ) -> None:
        """Wait until ``read(rects, colors)`` is ``expected``: drawing arrives asynchronously."""
        names = list(colors)
        wanted = [None if name is None else names.index(name) for name in expected]
        function = f"""([wanted, ...args]) =>
            JSON.stringify(({_READ_CELLS})(args)) === JSON.stringify(wanted)"""
        canvas = self.canvas.element_handle()
        colours = [rgb(colors[name]) for name in names]
        try:
            self.page.wait_for_function(
                function,
                arg=[wanted, canvas, list(rects), colours, minimum, tolerance],
                timeout=timeout,
                polling=100,
            )
        except Exception as error:
            now = self.read(rects, colors, minimum, tolerance)
            raise AssertionError(
                f"the canvas never showed {list(expected)}; it shows {now}"
            ) from error

    def record_status(self) -> None:
        """From now on, remember every text that the status line and the notice show (and the
        ones they show now)."""
        self.widget.evaluate(_RECORD_STATUS)

    def wait_for_status(self, *patterns: re.Pattern[str], timeout: float = MOVE) -> list[str]:
        """Wait until the status line and the notice have shown texts matching ``patterns``,
        in that order.

        Counts from the last ``record_status()``; returns the texts that matched, one for each
        pattern (a text may be shown so briefly that polling the text now would miss it).
        """
        widget = self.widget.element_handle()
        sources = [pattern.pattern for pattern in patterns]
        try:
            handle = self.page.wait_for_function(
                _STATUS_SEEN, arg=[widget, sources], timeout=timeout, polling=100
            )
        except Exception as error:
            seen = self.widget.evaluate("(widget) => widget.gamesolverSeen")
            raise AssertionError(
                f"the status line never showed {sources}; it showed {seen}"
            ) from error
        texts: list[str] = handle.json_value()
        return texts


_LAYOUT = """(widget) => {
    const box = (element) => {
        const rect = element.getBoundingClientRect();
        return [rect.top, rect.bottom, rect.left, rect.right];
    };
    const found = {
        board: box(widget.querySelector(':scope > canvas')),
        status: box(widget.querySelector('.gamesolver-status')),
    };
    const buttons = Array.from(
        widget.querySelectorAll('.gamesolver-controls button, .gamesolver-controls select'));
    buttons.forEach((button, i) => { found[`button ${i + 1}`] = box(button); });
    const all = buttons.map(box);
    found.buttons = [Math.min(...all.map((b) => b[0])), Math.max(...all.map((b) => b[1])),
                     Math.min(...all.map((b) => b[2])), Math.max(...all.map((b) => b[3]))];
    return found;
}"""
"""The boxes of a ``Play`` widget's board, status line and buttons (``PlayWidget.layout``)."""


def find_play_widget(page: Page) -> PlayWidget:
    """The page's first ``Play`` widget: the box with the CSS class ``gamesolver-play``.

    A board displayed on its own earlier in a notebook is a canvas too, without a status line.
    """
    return PlayWidget(page, page.locator(".gamesolver-play").first)


_CELLS = """() => {
    const prompts = Array.from(
        document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt'),
        (prompt) => prompt.textContent.trim());
    const errors = Array.from(document.querySelectorAll('.jp-Notebook '
        + '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'),
        (output) => output.textContent);
    return {
        code: prompts.length,
        running: prompts.filter((prompt) => prompt.includes('*')).length,
        ran: prompts.filter((prompt) => /^\\[\\d+\\]:$/.test(prompt)).length,
        errors,
    };
}"""
"""The code cells of the notebook in the page: how many, queued or running (``[*]``), run
(``[n]``), and the text of the error (and other stderr) outputs."""


class JupyterLab:
    """The JupyterLab of the ``jupyterlab`` fixture, and how a student runs a notebook there."""

    def __init__(self, server: Server, served: Path, workspace: str) -> None:
        """``server``: the running JupyterLab; ``served``: this test's copy of ``notebooks/``,
        a folder in the server's root; ``workspace``: the name of this test's workspace."""
        self.server = server
        self.served = served
        self.workspace = workspace

    def url(self, notebook: str) -> str:
        """The address that opens ``notebook`` of ``served`` in this test's workspace."""
        path = self.served.relative_to(self.server.served) / notebook
        return self.server.url(f"lab/workspaces/{self.workspace}/tree/{path.as_posix()}")

    def run_all(self, page: Page, notebook: str) -> None:
        """Open ``notebook``, wait for its kernel, Run All Cells, wait until every cell ran.

        Fails with the traceback shown in the notebook if a cell raised.
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        from playwright.sync_api import expect

        page.goto(self.url(notebook))
        # The kernel is ready only when the status bar says so; the toolbar's execution
        # indicator reads "idle" earlier, and Run All then runs nothing.
        expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=KERNEL_READY)
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        try:
            page.wait_for_function(
                f"() => {{ const cells = ({_CELLS})(); return cells.running + cells.ran > 0; }}",
                timeout=STARTED,
                polling=100,
            )
        except PlaywrightTimeout:
            raise AssertionError(f"Run All Cells ran nothing in {notebook}") from None
        # Done when no cell is queued or running ([*]) and either every code cell has its
        # execution count or Run All stopped at an error (the cells after it stay [ ]).
        done = f"""() => {{
            const cells = ({_CELLS})();
            return cells.running === 0 && (cells.ran === cells.code || cells.errors.length > 0)
                ? cells : null;
        }}"""
        try:
            cells = page.wait_for_function(done, timeout=RUN_ALL, polling=250).json_value()
        except PlaywrightTimeout:
            cells = page.evaluate(_CELLS)
            raise AssertionError(f"{notebook} still running: {cells}") from None
        assert cells["ran"] == cells["code"], (
            f"Run All stopped at an error in {notebook}: {cells['ran']} of {cells['code']} code "
            "cells ran\n" + "\n".join(cells["errors"])
        )

    def open_as_stored(self, page: Page, notebook: str) -> None:
        """Open ``notebook`` as ``make lab`` does: with its stored outputs, and trusted, alone.

        The served copy has no outputs (see ``_copy_notebooks``); this one is put back as it is
        in the repository, for a test of what a student sees before running anything.

        Alone: ``?reset`` clears the workspace, which would otherwise reopen the page's earlier
        notebooks (a JupyterLab workspace lasts across page loads) and show the last of them in
        front for a second or two, its outputs drawing, before this one opens. A test looking
        for this notebook's outputs in the tab in front could then take hold of the earlier
        notebook's and see them hidden when this tab came to the front (test_browser_stored.py
        failed so on Chess after Tic-Tac-Toe, once in four runs). Returns once this notebook is
        the only tab.
        """
        from playwright.sync_api import expect

        served = self.served / notebook
        shutil.copy(NOTEBOOKS / notebook, served)
        home = self.server.served.parent / "jupyter"  # the server's private Jupyter directories
        subprocess.run(
            [sys.executable, "-m", "jupyter", "trust", str(served)],
            env=_server_env(home),
            check=True,
            capture_output=True,
        )
        page.goto(self.url(notebook) + "&reset")
        tabs = page.locator("#jp-main-dock-panel .lm-TabBar-tab .lm-TabBar-tabLabel")
        expect(tabs).to_have_text([notebook], timeout=KERNEL_READY)

    def play_widget(self, page: Page) -> PlayWidget:
        """The notebook's first ``Play`` widget (after ``run_all``)."""
        return find_play_widget(page)


class Voila:
    """A game notebook served by ``make play`` (Voilà): the student sees outputs, no code."""

    def __init__(self, server: Server) -> None:
        """``server``: the running Voilà."""
        self.server = server

    @property
    def port(self) -> int:
        """The port it serves on."""
        return int(self.server.base.rsplit(":", 1)[1])

    def stop(self) -> None:
        """Stop it as Ctrl-C does (the fixture stops it too, if still running)."""
        _stop_voila(self.server)

    def kernel(self, kernel_id: str) -> int:
        """The status of ``GET /api/kernels/<kernel_id>``: 200 while the kernel runs, 404 once
        it is shut down."""
        try:
            return _request(self.server.url(f"api/kernels/{kernel_id}"), self.server.token)
        except urllib.error.HTTPError as error:
            return error.code

    def open(self, page: Page) -> PlayWidget:
        """Open the app; Voilà runs every cell before the page shows the widgets."""
        page.goto(self.server.url("/"))
        return find_play_widget(page)

    def wait_preheated(self, timeout: float = SERVER_START) -> None:
        """Wait until Voilà has a preheated kernel (the page already run) for the next visitor.

        ``make play`` keeps one (``--preheat_kernel=True``): a student who opens the URL a few
        seconds after it is printed, or reloads the page, gets the board without waiting for
        a kernel to start and run the page.
        """
        deadline = time.monotonic() + timeout
        while True:
            log = self.server.log_text()  # filled at start and after each page that used one
            if log.count("Kernel pool of") > log.count("Using pre-heated kernel"):
                return
            if self.server.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Voilà preheated no kernel:\n{self.server.log_text()}")
            time.sleep(0.1)  # polling interval
