"""``mineedu lab``: the exploration notebooks copied to a working folder, then JupyterLab there.

The notebooks come from the lessons folder (:func:`mineedu.launch.find_notebooks`:
the package's own copy once installed, ``notebooks/`` in a clone), in one
language, ``explore/<lang>/*.ipynb``. A copy is the student's from the moment
it is written: :func:`copy_notebooks` never overwrites one that was edited.
The folder keeps a small record (``.mineedu-lab.json``: what each copy held
when written), so that

* a notebook missing from the folder is copied;
* a copy still as it was written (or the same as this version's) is brought to
  this version, which loses nothing;
* an edited copy is kept as it is; when this version's notebook differs from
  the one that copy started from (a newer mineedu, the other language, or a file
  of the same name that mineedu did not write), this version is written beside
  it as ``<name>-<lang>-<version>.ipynb``, itself never overwritten once edited.

Each decision is reported, one line per notebook.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .core.i18n import DEFAULT_LANG, LANGS, Texts

RECORD = ".mineedu-lab.json"
DEFAULT_DIR = "mineedu-explore"
FIRST = "getting_started.ipynb"  # the notebook JupyterLab opens first
#: a classroom's JupyterLab fetches nothing from outside: no news feed, no update check
QUIET_LAB = ("--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate")

T = Texts({
    "copied": {"fr": "copié", "en": "copied"},
    "updated": {"fr": "mis à jour (non modifié depuis sa copie)", "en": "updated (not edited since it was copied)"},
    "same": {"fr": "déjà à jour", "en": "up to date"},
    "kept": {"fr": "gardé tel quel (vous l'avez modifié)", "en": "kept as it is (you edited it)"},
    "beside": {"fr": "gardé tel quel (vous l'avez modifié) ; cette version-ci est à côté : {other}",
               "en": "kept as it is (you edited it); this version is beside it: {other}"},
    "beside_kept": {"fr": "gardé tel quel (vous l'avez modifié), de même que {other}",
                    "en": "kept as it is (you edited it), and so is {other}"},
    "folder": {"fr": "mineedu : carnets d'exploration en français dans {dir}",
               "en": "mineedu: exploration notebooks in English in {dir}"},
    "none": {"fr": "aucun carnet d'exploration dans {root}", "en": "no exploration notebook in {root}"},
    "not_dir": {"fr": "{dir} existe et n'est pas un dossier", "en": "{dir} exists and is not a folder"},
})


class LabError(Exception):
    """The notebooks cannot be copied (no lessons folder, a file in the way); its text is for the user."""


@dataclass(frozen=True)
class Copied:
    """What :func:`copy_notebooks` did with one notebook: ``action`` is a key of :data:`T`."""

    name: str
    action: str
    other: str = ""  # the file written (or kept) beside an edited copy

    def describe(self, lang: str) -> str:
        return f"  {self.name}: {T(self.action, lang, other=self.other)}"


def default_lang() -> str:
    """The language of the user's locale (``$LC_ALL``, ``$LC_MESSAGES``, ``$LANG``) if it is French or English, else French."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return value[:2] if value[:2] in LANGS else DEFAULT_LANG
    return DEFAULT_LANG


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_record(folder: Path) -> dict[str, str]:
    """The record of what mineedu wrote in ``folder``; an unreadable one counts as none (every copy then counts as edited)."""
    try:
        files = json.loads((folder / RECORD).read_text(encoding="utf-8")).get("files", {})
    except (OSError, ValueError, AttributeError):
        return {}
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}


def copy_notebooks(source: Path, folder: Path, lang: str) -> list[Copied]:
    """Copy ``source/explore/<lang>/*.ipynb`` into ``folder`` (created if needed) by the rules above; what was done, by name."""
    shipped = sorted((source / "explore" / lang).glob("*.ipynb"))
    if not shipped:
        raise LabError(T("none", lang, root=source / "explore" / lang))
    if folder.exists() and not folder.is_dir():
        raise LabError(T("not_dir", lang, dir=folder))
    folder.mkdir(parents=True, exist_ok=True)
    record = _read_record(folder)
    done = []
    for src in shipped:
        data = src.read_bytes()
        new = _digest(data)
        done.append(_place(folder, src.name, data, new, record, lang))
    (folder / RECORD).write_text(json.dumps({"mineedu": __version__, "lang": lang, "files": record}, indent=1, sort_keys=True),
                                 encoding="utf-8")
    return done


def _place(folder: Path, name: str, data: bytes, new: str, record: dict[str, str], lang: str) -> Copied:
    """One notebook: write it as ``name`` if that loses nothing, else beside it (``record`` is updated)."""
    target = folder / name
    if not target.exists():
        target.write_bytes(data)
        record[name] = new
        return Copied(name, "copied")
    current = _digest(target.read_bytes())
    if current == new:
        record[name] = new
        return Copied(name, "same")
    if record.get(name) == current:  # as mineedu wrote it: nothing of the student's in it
        target.write_bytes(data)
        record[name] = new
        return Copied(name, "updated")
    if record.get(name) == new:  # edited, and this version is the one it was copied from
        return Copied(name, "kept")
    other = f"{Path(name).stem}-{lang}-{__version__}.ipynb"
    beside = folder / other
    if beside.exists() and _digest(beside.read_bytes()) not in (new, record.get(other)):
        return Copied(name, "beside_kept", other)
    beside.write_bytes(data)
    record[other] = new
    return Copied(name, "beside", other)


def lab_command(folder: Path, *, port: int | None = None, open_browser: bool = True) -> list[str]:
    """JupyterLab over ``folder``, opening the first notebook (as root it must be told ``--allow-root``)."""
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
           f"--LabApp.default_url=/lab/tree/{FIRST}" if (folder / FIRST).is_file() else "--LabApp.default_url=/lab",
           *QUIET_LAB]
    if port:
        cmd += [f"--ServerApp.port={port}", "--ServerApp.port_retries=0"]  # that port or none
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return cmd


def prepare(folder: str | None = None, lang: str | None = None) -> tuple[Path, str]:
    """The notebooks copied into ``folder`` (default ``./mineedu-explore``), each decision said on stderr;
    the folder and the language."""
    from .launch import NOTEBOOKS_ENV, find_notebooks

    lang = lang or default_lang()
    root = find_notebooks()
    if root is None:
        raise LabError(f"no lessons folder found: reinstall mineedu, or set {NOTEBOOKS_ENV}=/path/to/notebooks")
    target = Path(folder or DEFAULT_DIR).resolve()
    done = copy_notebooks(root, target, lang)
    print(T("folder", lang, dir=target), file=sys.stderr)
    for c in done:
        print(c.describe(lang), file=sys.stderr)
    return target, lang


def lab(folder: str | None = None, lang: str | None = None, *, port: int | None = None, open_browser: bool = True) -> int:
    """``mineedu lab``: :func:`prepare`, then JupyterLab there until interrupted; its exit status."""
    from .launch import stop

    target, _ = prepare(folder, lang)
    proc = subprocess.Popen(lab_command(target, port=port, open_browser=open_browser), cwd=target)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        return stop(proc)
