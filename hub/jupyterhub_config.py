"""The trial hub's JupyterHub configuration (`make hub`; hub/trial.py wrote the run folder).

A trial setup, on one machine: JupyterHub's DummyAuthenticator with one shared password for the
class's accounts, and local processes (each user's server runs as that system user when the hub
runs as root, else all as the hub's user). docs/deploy.md says what to use in production.
"""

import json
import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub's config loader defines it)

HERE = Path(__file__).resolve().parent
RUN = Path(os.environ.get("GAMESOLVER_HUB_RUN", HERE / "run")).resolve()
TRIAL = json.loads((RUN / "hub.json").read_text(encoding="utf-8"))
PORT = int(TRIAL["port"])
BIN = Path(sys.executable).parent  # the course's environment: the hub and every user's server

# On 127.0.0.1 only: the proxy at PORT, the hub's API and the proxy's API beside it.
c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = PORT + 1
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PORT + 2}"
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(RUN / "proxy.pid")
c.JupyterHub.pid_file = str(RUN / "jupyterhub.pid")
c.JupyterHub.db_url = f"sqlite:///{RUN / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(RUN / "jupyterhub_cookie_secret")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every user's server

# The class: an instructor (the hub's admin) and the students, one shared password (trial only).
users = {TRIAL["instructor"], *TRIAL["students"]}
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = (RUN / "password").read_text(encoding="utf-8").strip()
c.Authenticator.allowed_users = users
c.Authenticator.admin_users = {TRIAL["instructor"]}

# Each server: JupyterLab from the course's environment, in the user's home.
c.JupyterHub.spawner_class = "localprocess" if TRIAL["root"] else "simple"
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.environment = {"PATH": f"{BIN}:/usr/local/bin:/usr/bin:/bin"}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
if not TRIAL["root"]:
    c.SimpleLocalProcessSpawner.home_dir_template = str(RUN / "home" / "{username}")

# The service that drives the hub's REST API (tests/hub): it starts and stops the users'
# servers and calls them (nbgrader's Assignments handlers, the contents API).
c.JupyterHub.services = [
    {"name": "course-test", "api_token": (RUN / "service-token").read_text().strip()}
]
c.JupyterHub.load_roles = [
    {
        "name": "course-test",
        "scopes": ["admin:users", "admin:servers", "access:servers", "read:users"],
        "services": ["course-test"],
    }
]
