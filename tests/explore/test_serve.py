"""mineedu serve preheats the lessons, not the exploration notebooks (JupyterLab's, run on demand).

Voilà preheats every notebook it finds below its root (``rglob``) unless its
kernel manager's ``preheat_denylist`` matches: the exploration notebooks must
match it, or a server would start a kernel per exploration notebook.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from traitlets import List
from traitlets.config import Configurable
from traitlets.config.loader import KVArgParseConfigLoader
from voila.voila_kernel_manager import voila_kernel_manager_factory

from mineedu.launch import find_notebooks, voila_args


def _denylist(cls: type) -> list[str]:
    """``preheat_denylist`` as Voilà's kernel manager reads it from ``mineedu serve``'s command line."""
    assert isinstance(cls.class_traits()["preheat_denylist"], List)
    probe = type("VoilaKernelManager", (Configurable,), {"preheat_denylist": List([], config=True)})
    args = [a for a in voila_args(Path("/srv/notebooks"), 9000) if a.startswith("--VoilaKernelManager.preheat_denylist")]
    return list(probe(config=KVArgParseConfigLoader(args).load_config()).preheat_denylist)


def test_exploration_notebooks_are_not_preheated_and_lessons_are():
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    cls = voila_kernel_manager_factory(AsyncMappingKernelManager, preheat_kernel=True, default_pool_size=1)
    me = SimpleNamespace(preheat_denylist=_denylist(cls))
    assert me.preheat_denylist == ["explore/"]
    root = find_notebooks()
    assert root is not None
    notebooks = [p.relative_to(root) for p in root.rglob("*.ipynb")]
    explore = [p for p in notebooks if p.parts[0] == "explore"]
    lessons = [p for p in notebooks if p.parts[0] != "explore"]
    assert explore and lessons
    assert not [p for p in explore if cls._notebook_filter(me, p)]
    assert all(cls._notebook_filter(me, p) for p in lessons)
