"""The build step that puts the lessons in the wheel (the rest of the packaging is pyproject.toml).

The notebooks have one source each: ``notebooks/*.ipynb`` written by
``tools/make_notebooks.py`` and ``notebooks/explore/{fr,en}/*.ipynb`` rendered
by ``tools/explore_notebooks.py``. Building a wheel copies them into the
package as ``mineedu/notebooks/`` (where :func:`mineedu.launch.find_notebooks`
looks first), so an installed ``mineedu`` serves its lessons from any folder;
no copy of them is kept in the source tree. An editable install (``make
install``) copies nothing: it serves the clone's ``notebooks/`` as it is.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
#: what a wheel ships, relative to notebooks/ (tests/install checks the wheel holds every one of them)
SHIPPED = ("*.ipynb", "explore/fr/*.ipynb", "explore/en/*.ipynb")


def shipped_notebooks(root: Path = NOTEBOOKS) -> list[Path]:
    """The notebooks a wheel carries, relative to ``root``, sorted."""
    return sorted(p.relative_to(root) for pattern in SHIPPED for p in root.glob(pattern))


class build_py_with_notebooks(build_py):
    """``build_py``, then the notebooks copied to ``<build>/mineedu/notebooks/``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        found = shipped_notebooks()
        if not any(p.name == "index.ipynb" and p.parent == Path() for p in found):
            raise SystemExit(f"mineedu: no lessons to package: {NOTEBOOKS}/index.ipynb is missing")
        target = Path(self.build_lib) / "mineedu" / "notebooks"
        for rel in found:
            self.mkpath(str((target / rel).parent))
            self.copy_file(str(NOTEBOOKS / rel), str(target / rel))


setup(cmdclass={"build_py": build_py_with_notebooks})
