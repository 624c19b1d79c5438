"""Render the exploration notebooks from their one bilingual source, then run them to store their outputs.

    .venv/bin/python tools/explore_notebooks.py                 # every source, both languages
    .venv/bin/python tools/explore_notebooks.py gold_mine       # one source
    .venv/bin/python tools/explore_notebooks.py --check         # exit 1 if a checked-in notebook drifted

Each notebook has one source, ``notebooks/explore/src/<name>.py``, in the
"percent" format editors know (``# %%`` starts a code cell, ``# %% [markdown]``
a text cell whose lines start with ``# ``), holding both languages side by side:

* a cell header may carry ``lang="fr"`` or ``lang="en"``: that cell belongs to
  one language only, and it must be followed at once by its twin in the other
  language (``fr`` first), so no text exists in one language alone;
* inside a code cell, a line ``#fr: …`` followed by ``#en: …`` is a comment in each
  language (rendered ``# …``), and ``#fr> …`` followed by ``#en> …`` is a line of
  code in each language (``LANG = "fr"``); both keep the line's indentation.

It renders to ``notebooks/explore/fr/<name>.ipynb`` and
``notebooks/explore/en/<name>.ipynb``, which are executed (outputs stored
without widget state, so nbval compares them as it compares the lessons).
``tests/explore`` checks that the checked-in notebooks are exactly what their
sources render, every code cell executed, so the two languages never drift.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
EXPLORE = ROOT / "notebooks" / "explore"
SOURCES = EXPLORE / "src"
LANGS = ("fr", "en")
KERNEL = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
          "language_info": {"name": "python"}}

_HEADER = re.compile(r'^# %%(?P<md> \[markdown\])?(?: lang="(?P<lang>[a-z]+)")?\s*$')
_LINE = re.compile(r"^(?P<indent>\s*)#(?P<lang>fr|en)(?P<kind>[:>]) ?(?P<text>.*)$")


class SourceError(ValueError):
    """A source that does not follow the format (named by file and line)."""


@dataclass(frozen=True)
class Cell:
    """One cell of a source: ``markdown`` or ``code``, for one language or both (``lang=None``)."""

    kind: str
    lang: str | None
    lines: tuple[str, ...]
    line: int  # where its header is in the source (1-based)


def parse(text: str, name: str = "<source>") -> list[Cell]:
    """The cells of a source, checked: language cells and lines come in fr/en pairs.

    >>> cells = parse('# %% [markdown] lang="fr"\\n# Bonjour\\n# %% [markdown] lang="en"\\n# Hello\\n'
    ...               '# %%\\n#fr: le paquet\\n#en: the deck\\nx = 1\\n')
    >>> [(c.kind, c.lang) for c in cells], cells[2].lines
    ([('markdown', 'fr'), ('markdown', 'en'), ('code', None)], ('#fr: le paquet', '#en: the deck', 'x = 1'))
    """
    cells: list[Cell] = []
    header: tuple[str, str | None, int] | None = None
    body: list[str] = []

    def close() -> None:
        if header is None:
            if any(line.strip() for line in body):
                raise SourceError(f"{name}:1: text before the first '# %%' cell marker")
            return
        kind, lang, at = header
        lines = list(body)
        while lines and not lines[-1].strip():
            lines.pop()
        if kind == "markdown":
            bad = [i for i, ln in enumerate(lines) if ln and not (ln == "#" or ln.startswith("# "))]
            if bad:
                raise SourceError(f"{name}:{at + 1 + bad[0]}: a markdown line must start with '# '")
            lines = [ln[2:] for ln in lines]
        if not any(ln.strip() for ln in lines):
            raise SourceError(f"{name}:{at}: empty cell")
        cells.append(Cell(kind, lang, tuple(lines), at))

    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.startswith("# %%"):
            m = _HEADER.match(raw)
            if m is None:
                raise SourceError(f"{name}:{number}: bad cell marker {raw!r} (expected '# %%', "
                                  "'# %% [markdown]', optionally followed by lang=\"fr\" or lang=\"en\")")
            if m["lang"] is not None and m["lang"] not in LANGS:
                raise SourceError(f"{name}:{number}: unknown language {m['lang']!r} (fr or en)")
            close()
            header, body = ("markdown" if m["md"] else "code", m["lang"], number), []
        else:
            body.append(raw)
    close()
    _check_pairs(cells, name)
    return cells


def _check_pairs(cells: list[Cell], name: str) -> None:
    """Every French cell or line is followed at once by its English twin (and only there)."""
    for i, c in enumerate(cells):
        if c.lang == "fr":
            twin = cells[i + 1] if i + 1 < len(cells) else None
            if twin is None or twin.lang != "en" or twin.kind != c.kind:
                raise SourceError(f"{name}:{c.line}: a lang=\"fr\" {c.kind} cell must be followed by its lang=\"en\" twin")
        elif c.lang == "en" and (i == 0 or cells[i - 1].lang != "fr"):
            raise SourceError(f"{name}:{c.line}: a lang=\"en\" cell must follow its lang=\"fr\" twin")
        for j, ln in enumerate(c.lines if c.kind == "code" else ()):
            m = _LINE.match(ln)
            if m is None:
                continue
            at = c.line + 1 + j
            if m["lang"] == "fr":
                nxt = _LINE.match(c.lines[j + 1]) if j + 1 < len(c.lines) else None
                if nxt is None or nxt["lang"] != "en" or nxt["kind"] != m["kind"] or nxt["indent"] != m["indent"]:
                    raise SourceError(f"{name}:{at}: '#fr{m['kind']}' must be followed by its '#en{m['kind']}' twin "
                                      "at the same indentation")
            else:
                prev = _LINE.match(c.lines[j - 1]) if j else None
                if prev is None or prev["lang"] != "fr" or prev["kind"] != m["kind"]:
                    raise SourceError(f"{name}:{at}: '#en{m['kind']}' must follow its '#fr{m['kind']}' twin")


def _lines_for(lines: tuple[str, ...], lang: str) -> list[str]:
    out = []
    for ln in lines:
        m = _LINE.match(ln)
        if m is None:
            out.append(ln)
        elif m["lang"] == lang:
            out.append(m["indent"] + ("# " + m["text"] if m["kind"] == ":" else m["text"]))
    return out


def render_cells(cells: list[Cell], lang: str) -> list[nbformat.NotebookNode]:
    """The notebook cells of one language (no outputs), with stable ids."""
    out = []
    for c in cells:
        if c.lang not in (None, lang):
            continue
        source = "\n".join(_lines_for(c.lines, lang) if c.kind == "code" else c.lines)
        cell = nbformat.v4.new_markdown_cell(source) if c.kind == "markdown" else nbformat.v4.new_code_cell(source)
        cell.id = f"{lang}-{len(out) + 1:02d}"
        out.append(cell)
    return out


def render(source: Path, lang: str) -> nbformat.NotebookNode:
    """The notebook ``source`` renders to in ``lang``, before it is run."""
    nb = nbformat.v4.new_notebook(metadata={
        **KERNEL,
        "mineedu": {"source": f"../src/{source.name}", "lang": lang,
                    "note": "generated by tools/explore_notebooks.py from the source: edit the source, not this file"},
    })
    nb.cells = render_cells(parse(source.read_text(encoding="utf-8"), str(source.relative_to(ROOT))), lang)
    return nb


def target(source: Path, lang: str) -> Path:
    return EXPLORE / lang / f"{source.stem}.ipynb"


def sources(names: list[str] | None = None) -> list[Path]:
    """The sources named (every source if none), in a fixed order."""
    found = sorted(SOURCES.glob("*.py"))
    if not names:
        return found
    by_name = {p.stem: p for p in found}
    missing = [n for n in names if n not in by_name]
    if missing:
        raise SystemExit(f"no source named {', '.join(missing)} in {SOURCES.relative_to(ROOT)} "
                         f"(known: {', '.join(by_name)})")
    return [by_name[n] for n in names]


def comparable(nb: nbformat.NotebookNode) -> list[tuple[str, str, str]]:
    """What must not drift between a source and a notebook: each cell's id, type and text."""
    return [(c.get("id", ""), c.cell_type, c.source) for c in nb.cells]


def drift(source: Path, lang: str) -> str | None:
    """Why the checked-in notebook of ``source`` in ``lang`` is not what the source renders (``None``: it is)."""
    path = target(source, lang)
    if not path.is_file():
        return f"{path.relative_to(ROOT)} is missing"
    want, have = comparable(render(source, lang)), comparable(nbformat.read(path, as_version=4))
    if want == have:
        return None
    for i, (w, h) in enumerate(zip(want, have)):
        if w != h:
            return f"{path.relative_to(ROOT)}: cell {i + 1} ({h[0]}) differs from what its source renders"
    return f"{path.relative_to(ROOT)}: {len(have)} cells, its source renders {len(want)}"


def execute(path: Path) -> float:
    """Run a notebook in place (outputs stored, no widget state, no timing metadata); the seconds it took."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.store_widget_state=False", "--ExecutePreprocessor.record_timing=False",
                    "--ExecutePreprocessor.timeout=600", str(path)],
                   check=True, cwd=path.parent, capture_output=True)
    return time.perf_counter() - t0


def main(argv: list[str]) -> int:
    check = "--check" in argv
    names = [a for a in argv if a != "--check"]
    if check:
        problems = [d for s in sources(names) for lang in LANGS if (d := drift(s, lang))]
        for p in problems:
            print(p)
        return 1 if problems else 0
    for source in sources(names):
        for lang in LANGS:
            path = target(source, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(render(source, lang), path)
            seconds = execute(path)
            print(f"wrote {path.relative_to(ROOT)} (ran in {seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
