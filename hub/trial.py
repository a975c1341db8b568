"""The trial hub of a class: its users, their course and the exchange; start it, stop it.

`make hub` runs `setup` then `start` (docs/deploy.md). `setup` makes, in the run folder
(hub/run/ unless --run says otherwise):

- the accounts: an instructor and three students (`gs-instructor`, `gs-student1..3`, or another
  --prefix), system users made with `useradd` when this runs as root (the hub then starts each
  server as its user, with JupyterHub's LocalProcessSpawner), else folders under run/home/ (the
  SimpleLocalProcessSpawner: every server runs as the user who started the hub, a trial only);
- one shared password for them all (run/password, JupyterHub's DummyAuthenticator: a trial
  setup, never a production one);
- nbgrader's exchange, run/exchange/, writable by every user;
- the instructor's course folder, ~/course: the course's nbgrader configuration with the
  students' copies that `make release` built (course/source, course/release, the gradebook);
- each user's Jupyter configuration (~/.jupyter): the exchange and the course's id for nbgrader;
  the instructor's names the course folder and its configuration (the Formgrader reads it); a
  student's turns off the Formgrader and the assignment creator;
- a token for the service `course-test` (run/service-token), which drives the hub's REST API.

`start` runs JupyterHub in the foreground (Ctrl-C stops it and every server it started); `stop`
asks a hub started in the background to stop, waits for it and its proxy, and fails if a
process of the run folder's users is still alive.
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
COURSE = REPO / "course"
STUDENTS = 3


def names(prefix: str) -> tuple[str, list[str]]:
    """The instructor's user name and the students'."""
    return f"{prefix}instructor", [f"{prefix}student{k}" for k in range(1, STUDENTS + 1)]


def is_root() -> bool:
    return os.geteuid() == 0


def home_of(user: str, run: Path) -> Path:
    """A system user's home (as root), else the user's folder in the run folder."""
    return Path(pwd.getpwnam(user).pw_dir) if is_root() else run / "home" / user


def own(path: Path, user: str) -> None:
    """Give ``path`` and everything under it to ``user`` (as root; otherwise it is ours)."""
    if not is_root():
        return
    entry = pwd.getpwnam(user)
    for root, dirs, files in os.walk(path):
        for name in [root, *(os.path.join(root, d) for d in dirs)]:
            os.chown(name, entry.pw_uid, entry.pw_gid)
        for name in files:
            os.chown(os.path.join(root, name), entry.pw_uid, entry.pw_gid)


def make_user(user: str, run: Path, fresh: bool) -> Path:
    """The user's account (as root) and an empty home if ``fresh``; its home."""
    if is_root():
        try:
            pwd.getpwnam(user)
        except KeyError:
            subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", user], check=True)
    home = home_of(user, run)
    if fresh and home.exists():
        for child in home.iterdir():
            shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
    home.mkdir(parents=True, exist_ok=True)
    home.chmod(0o700)  # a student's work is theirs alone
    news = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    write(news / "notification.jupyterlab-settings", json.dumps({"fetchNews": "false"}))
    return home


def cannot_run(user: str, python: Path, code: str = "import gamesolver") -> str | None:
    """Why ``user`` cannot run ``code`` with ``python``, the course's environment, or None if
    they can (as root; otherwise every server runs as us). Every user's server runs
    jupyterhub-singleuser from hub/venv and imports the course from the repository, so a folder
    on the way closed to other users (mode 0700: /root, or what mktemp -d makes) stops every
    server from starting; the hub would only answer 500. This names the folder instead."""
    if not is_root():
        return None
    command = ["runuser", "-u", user, "--", "env", "-i", "HOME=/", str(python), "-c", code]
    done = subprocess.run(command, cwd="/", capture_output=True, text=True, check=False)
    if done.returncode == 0:
        return None
    folders = {*python.parents, REPO, *REPO.parents}
    closed = sorted(str(f) for f in folders if f.is_dir() and not f.stat().st_mode & 0o001)
    said = (done.stderr.strip().splitlines() or ["no message"])[-1]
    return (
        f"{user} cannot run {python} -c {code!r} ({said}): every user's server runs the course "
        f"from {REPO}. Folders closed to other users: {', '.join(closed) or 'none'}. Clone the "
        "repository where every user can read it (e.g. under /srv), or open them: chmod o+x."
    )


def write(path: Path, text: str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)


def nbgrader_config(exchange: Path, extra: str = "") -> str:
    return (
        "# Written by hub/trial.py setup: the trial hub's nbgrader exchange and course.\n"
        "c = get_config()  # noqa: F821\n"
        f"c.Exchange.root = {str(exchange)!r}\n"
        'c.CourseDirectory.course_id = "gamesolver"\n' + extra
    )


STUDENT_SERVER = {
    "ServerApp": {
        "jpserver_extensions": {
            "nbgrader.server_extensions.formgrader": False,
        }
    }
}
"""A student's server: no Formgrader (the course's solutions and gradebook are not theirs)."""

STUDENT_LAB = {
    "disabledExtensions": {
        "@jupyter/nbgrader:formgrader": True,
        "@jupyter/nbgrader:create-assignment": True,
    }
}
"""A student's JupyterLab: the Assignments tab, without the instructor's panels."""


def setup(run: Path, port: int, prefix: str, fresh: bool) -> None:
    """Everything the hub needs in ``run`` (see the module's docstring)."""
    if not (COURSE / "release").is_dir():
        print("building the students' copies (make release) ...", flush=True)
        subprocess.run([sys.executable, "-m", "gamesolver.tools.course", "release"], check=True)
    run.mkdir(parents=True, exist_ok=True)
    run.chmod(0o755)
    exchange = run / "exchange"
    if fresh and exchange.exists():
        shutil.rmtree(exchange)
    exchange.mkdir(exist_ok=True)
    exchange.chmod(0o777)
    for secret, make in [
        ("password", lambda: secrets.token_urlsafe(9)),
        ("service-token", lambda: secrets.token_hex(32)),
    ]:
        path = run / secret
        if not path.exists():
            write(path, make() + "\n", 0o600)
    instructor, students = names(prefix)
    write(
        run / "hub.json",
        json.dumps(
            {"port": port, "instructor": instructor, "students": students, "root": is_root()},
            indent=1,
        ),
    )
    home = make_user(instructor, run, fresh)
    course = home / "course"
    if not course.exists():
        course.mkdir()
        shutil.copy(COURSE / "nbgrader_config.py", course)
        for part in ["source", "release"]:
            shutil.copytree(COURSE / part, course / part)
        if (COURSE / "gradebook.db").exists():
            shutil.copy(COURSE / "gradebook.db", course)
    extra = (
        f"c.CourseDirectory.root = {str(course)!r}\n"
        f"load_subconfig({str(course / 'nbgrader_config.py')!r})  # noqa: F821\n"
        f"c.Exchange.root = {str(exchange)!r}  # after the course's own configuration\n"
    )
    write(home / ".jupyter" / "nbgrader_config.py", nbgrader_config(exchange, extra))
    own(home, instructor)
    for student in students:
        home = make_user(student, run, fresh)
        write(home / ".jupyter" / "nbgrader_config.py", nbgrader_config(exchange))
        write(home / ".jupyter" / "jupyter_server_config.json", json.dumps(STUDENT_SERVER))
        write(home / ".jupyter" / "labconfig" / "page_config.json", json.dumps(STUDENT_LAB))
        own(home, student)
    why = cannot_run(students[0], Path(sys.executable))
    if why is not None:
        raise SystemExit(why)
    password = (run / "password").read_text().strip()
    print(f"users: {instructor} (instructor), {', '.join(students)}; password: {password}")
    print(f"the hub: http://127.0.0.1:{port}/ (make hub-stop, or Ctrl-C, stops it)")


def hub_command(run: Path) -> list[str]:
    return [
        str(Path(sys.executable).parent / "jupyterhub"),
        "-f",
        str(HERE / "jupyterhub_config.py"),
    ]


def hub_environment(run: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    env["GAMESOLVER_HUB_RUN"] = str(run)
    return env


def start(run: Path) -> None:
    """JupyterHub in the foreground, in ``run`` (its database, cookie secret and logs)."""
    os.chdir(run)
    os.execve(hub_command(run)[0], hub_command(run), hub_environment(run))


def pid_in(path: Path) -> int | None:
    """The process id written in ``path``, if that process is alive."""
    try:
        pid = int(path.read_text().strip())
    except (OSError, ValueError):
        return None
    return pid if alive(pid) else None


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, ended but not yet reaped by its parent, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def leftovers(run: Path, pids: list[int]) -> list[str]:
    """The processes still alive of the run folder's users (as root), and of ``pids``."""
    config = json.loads((run / "hub.json").read_text())
    users = {config["instructor"], *config["students"]} if config["root"] else set()
    found = subprocess.run(
        ["ps", "-eo", "pid=,user:32=,args="], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    return [
        line
        for line in found
        if len(parts := line.split(None, 2)) == 3
        and (parts[1] in users or int(parts[0]) in pids)
        and alive(int(parts[0]))
    ]


def stop(run: Path, wait: float = 30.0) -> int:
    """SIGTERM to the hub: it stops every server it started and its proxy. 0 if nothing is
    left running, else 1 (the processes are printed)."""
    hub, proxy = pid_in(run / "jupyterhub.pid"), pid_in(run / "proxy.pid")
    if hub is not None:
        os.kill(hub, signal.SIGTERM)
        deadline = time.monotonic() + wait
        while alive(hub) and time.monotonic() < deadline:
            time.sleep(0.2)
        if alive(hub):
            os.kill(hub, signal.SIGKILL)
    if proxy is not None and alive(proxy):
        os.kill(proxy, signal.SIGTERM)
    time.sleep(0.5)
    pids = [pid for pid in (hub, proxy) if pid is not None]
    left = leftovers(run, pids) if (run / "hub.json").exists() else []
    for line in left:
        print("still running:", line)
    return 1 if left else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["setup", "start", "stop"])
    parser.add_argument("--run", type=Path, default=HERE / "run", help="the hub's state folder")
    parser.add_argument("--port", type=int, default=8800, help="the hub's port on 127.0.0.1")
    parser.add_argument("--prefix", default="gs-", help="the user names' prefix")
    parser.add_argument("--fresh", action="store_true", help="empty the homes and the exchange")
    args = parser.parse_args(argv)
    run = args.run.resolve()
    if args.action == "setup":
        setup(run, args.port, args.prefix, args.fresh)
    elif args.action == "start":
        start(run)
    else:
        return stop(run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
