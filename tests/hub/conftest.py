"""The trial hub of `make hub`, started for the tests of tests/hub, and stopped after them.

These tests run in their own target, `make hub-test` (GAMESOLVER_HUB_TEST=1; CI runs it after
`make test`): elsewhere they are skipped. They need root, and fail without it: the hub starts
each user's server as a system user, so that nbgrader's exchange knows each student by name (a
hub whose servers all run as one user has one student). The hub runs from hub/venv (`make
hub-test` makes it) on ports of its own, with users of its own (`gst-instructor`,
`gst-student1..3`, their homes emptied first, removed after), so that a trial hub of `make
hub` may run beside it.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
HUB = ROOT / "hub"
HUB_PYTHON = HUB / "venv" / "bin" / "python"
PREFIX = "gst-"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The hub's tests: skipped unless `make hub-test` asks for them; asked for without root,
    they stop the run (a skip would pass it), since they make system users."""
    for item in items:
        if Path(str(item.fspath)).parent != Path(__file__).parent:
            continue
        item.add_marker(pytest.mark.hub)
        if os.environ.get("GAMESOLVER_HUB_TEST") != "1":
            item.add_marker(pytest.mark.skip(reason="make hub-test runs the hub's tests"))
        elif os.geteuid() != 0:
            raise pytest.UsageError("make hub-test makes system users (useradd): run it as root")


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive ports free on 127.0.0.1."""
    for first in range(8850, 9850, 10):
        try:
            for port in range(first, first + count):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
        except OSError:
            continue
        return first
    raise RuntimeError("no free ports")


def remove_users(prefix: str) -> str:
    """Remove the system users the hub's tests made (their names start with ``prefix``) and
    their homes, so that no account is left on the machine; what userdel said if it failed."""
    failed = []
    for user in sorted(e.pw_name for e in pwd.getpwall() if e.pw_name.startswith(prefix)):
        done = subprocess.run(["userdel", "--remove", user], capture_output=True, text=True)
        if done.returncode != 0:
            failed.append(f"{user}: {done.stderr.strip()}")
    return "\n".join(failed)


@dataclass
class Hub:
    """A running trial hub: its address, its service token, its run folder and users."""

    url: str
    token: str
    run: Path
    instructor: str
    students: list[str]

    def api(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        """A request to the hub (``/hub/api/...``) or a user's server (``/user/...``), as the
        service ``course-test``."""
        headers = {"Authorization": f"token {self.token}"}
        response = requests.request(method, self.url + path, headers=headers, timeout=300, **kwargs)
        response.raise_for_status()
        return response

    def start_server(self, user: str, timeout: float = 120) -> None:
        """Start the user's server and wait until the hub says it is ready."""
        self.api("POST", f"/hub/api/users/{user}/server")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            server = self.api("GET", f"/hub/api/users/{user}").json()["servers"].get("")
            if server and server["ready"]:
                return
            time.sleep(0.5)
        raise TimeoutError(f"{user}'s server did not start in {timeout} s")

    def home(self, user: str) -> Path:
        return Path(os.path.expanduser(f"~{user}"))

    def run_as(
        self, user: str, *command: str, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        """``command`` run as ``user`` (runuser) in the hub's environment, in ``cwd`` (the
        user's home unless given), as the user would in a terminal of the hub."""
        home = self.home(user)
        env = [
            "env",
            "-i",
            f"HOME={home}",
            f"USER={user}",
            f"LOGNAME={user}",
            "LANG=C.UTF-8",
            f"PATH={HUB_PYTHON.parent}:/usr/bin:/bin",
        ]
        return subprocess.run(
            ["runuser", "-u", user, "--", *env, *command],
            cwd=cwd or home,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=900,
            check=False,
        )


@pytest.fixture(scope="session")
def hub() -> Iterator[Hub]:
    """The trial hub, set up afresh (homes emptied, a new exchange), started, then stopped:
    after it, no process of its users, its proxy or itself may be left, nor its users."""
    if not HUB_PYTHON.exists() or not (HUB / "node_modules").exists():
        pytest.fail("the hub's environment is missing: make hub-test makes it")
    run = Path(tempfile.mkdtemp(prefix="gamesolver-hub-"))
    run.chmod(0o755)  # the users reach the exchange inside it
    port = free_ports(3)
    trial = [str(HUB_PYTHON), str(HUB / "trial.py")]
    where = ["--run", str(run)]
    done = subprocess.run(
        [*trial, "setup", *where, "--port", str(port), "--prefix", PREFIX, "--fresh"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        remove_users(PREFIX)
        shutil.rmtree(run)
    assert done.returncode == 0, done.stdout + done.stderr
    config = json.loads((run / "hub.json").read_text())
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    with (run / "hub.log").open("w") as log:
        process = subprocess.Popen(
            [*trial, "start", *where], stdout=log, stderr=subprocess.STDOUT, env=env
        )
    url = f"http://127.0.0.1:{port}"
    token = (run / "service-token").read_text().strip()
    running = Hub(url, token, run, config["instructor"], config["students"])
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                running.api("GET", "/hub/api/")
                break
            except requests.RequestException:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError((run / "hub.log").read_text()) from None
                time.sleep(0.3)
        yield running
    finally:
        stopped = subprocess.run([*trial, "stop", *where], capture_output=True, text=True)
        process.wait(timeout=60)
        left = subprocess.run(
            ["ps", "-o", "pid=,args=", "-u", ",".join([running.instructor, *running.students])],
            capture_output=True,
            text=True,
        ).stdout.strip()
        (ROOT / "artifacts").mkdir(exist_ok=True)
        shutil.copy(run / "hub.log", ROOT / "artifacts" / "hub.log")  # for a failure's reader
        shutil.rmtree(run)
        assert stopped.returncode == 0, stopped.stdout + stopped.stderr
        assert not left, left
        assert not (failed := remove_users(PREFIX)), failed
