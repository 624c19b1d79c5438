"""JupyterHub for a school on one machine: each student logs in and lands on mineedu's start page.

    python -m pip install "mineedu[app]" "jupyterhub>=6,<7"
    npm install -g configurable-http-proxy
    jupyterhub -f jupyterhub_config.py

mineedu is installed in the Python that runs each student's server (here the
hub's own; on Kubernetes the single-user image: docs/serving.md). Voilà is a
server extension of that server, so a student's lessons are at
``/user/NAME/voila/render/index.ipynb``, where they land after logging in.
Add the school's authenticator (its accounts) and spawner; the defaults are
the machine's own accounts (PAM) and a server per account. ``tests/hub``
runs this file as it is, with test users on top (a shared-password
authenticator, servers as the test's user).
"""

import os
import sys

from mineedu.lab import QUIET_LAB
from mineedu.launch import DENIED_EXTENSIONS, find_notebooks

c = get_config()  # type: ignore[name-defined]  # noqa: F821

lessons = find_notebooks()  # the lessons the installed package carries
if lessons is None:
    raise SystemExit("mineedu's lessons were not found: pip install 'mineedu[app]' in the Python that runs this hub")

c.JupyterHub.bind_url = os.environ.get("MINEEDU_HUB_URL", "http://:8000")
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]  # each student's server in this Python, which has mineedu
c.Spawner.notebook_dir = str(lessons)  # Voilà renders from here: the lessons, read-only in an installed package
c.Spawner.default_url = "/voila/render/index.ipynb"  # where a student lands
c.Spawner.args = [
    # a closed tab leaves its kernel (Voilà's shutdown beacon is refused): kernels with no page, idle 10 minutes, are shut down
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",  # a page still open is a student thinking: its kernel stays
    # only the widget extensions on a page (not plotly's 4.8 MB renderer where plotly is installed for something else)
    *(f"--VoilaConfiguration.extension_denylist={x}" for x in DENIED_EXTENSIONS),
    *QUIET_LAB,  # the students' JupyterLab fetches nothing from outside (no news feed, no update check)
]


def lab_url(spawner):
    """The student's own JupyterLab (``/user/NAME``): the start page links each game to its exploration notebook there."""
    return spawner.server.base_url.rstrip("/") if spawner.server else ""


c.Spawner.environment = {"MINEEDU_LAB_URL": lab_url}
if os.environ.get("MINEEDU_STORE"):  # the class tables, shared by every student's server (a PostgreSQL URL)
    c.Spawner.environment["MINEEDU_STORE"] = os.environ["MINEEDU_STORE"]

# the servers of students who left are stopped by the hub itself after an hour (pip install jupyterhub-idle-culler):
# c.JupyterHub.services = [{"name": "idle-culler", "command": ["python3", "-m", "jupyterhub_idle_culler", "--timeout=3600"]}]
# c.JupyterHub.load_roles = [{"name": "idle-culler", "services": ["idle-culler"],
#                             "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}]
