"""Write the lesson notebooks from one template, then run them to store their outputs.

    .venv/bin/python tools/make_notebooks.py            # every lesson the registry knows, and the start page
    .venv/bin/python tools/make_notebooks.py gold_mine  # one lesson

Each lesson notebook is the same cells (the lesson layer does the rest): build
the page while the kernel is preheated, read the page's address when a student
arrives, display the header and the board, then their first screen (a static
copy Voilà sends before its front end loads, mineedu/ui/first_screen.py, with
its two bootstrap markdown cells), then the sections below the board, whose
models load once the board is live. Outputs are stored without widget state,
so nbval compares the parts' text summaries.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT))


def lesson_cells() -> tuple[tuple[str, str], ...]:
    """``(cell type, source)`` of a lesson notebook, ``{title}`` and ``{name}`` to fill."""
    from mineedu.ui.first_screen import BOOT_SCRIPT, BOOT_STYLE

    def md(source: str) -> str:
        return source.replace("{", "{{").replace("}", "}}")

    return (
        ("code", "# {title}\n# Built before a student arrives (a preheated kernel), shown once they do.\n"
                 "from mineedu.ui.first_screen import FirstScreen\nfrom mineedu.ui.lesson import lesson\n"
                 "from mineedu.ui.page import query\n\npage = lesson(\"{name}\")\nscreen = FirstScreen(page)"),
        ("markdown", md(BOOT_STYLE)),
        ("code", "# The page's address: ?lang=en opens it in English, ?view=projector in the projector view\n"
                 "screen.apply_query(query())"),
        ("code", "# Titre, notes pour l'enseignant·e, règles / title, teacher notes, rules\npage.header"),
        ("code", "# Jouer / Play\npage.board"),
        ("code", "# The first screen: the title, the board's picture and its odds before the widgets load\nscreen"),
        ("markdown", md(BOOT_SCRIPT)),
        ("code", "# Prédire, simuler, calculer / Predict, simulate, compute (loaded once the board is live)\n"
                 "screen.later(page.predict)"),
        ("code", "# Tournoi / Tournament\nscreen.later(page.tournament)"),
        ("code", "# Exercices / Exercises\nscreen.later(page.exercises)"),
    )


START_CELLS = (
    ("code", "# Mines et probabilités / Mines and probability: the start page\n"
             "from mineedu.ui.page import query\nfrom mineedu.ui.start import apply_query, start_page\n\npage = start_page()"),
    ("code", "apply_query(page, query())\npage"),
)
KERNEL = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
          "language_info": {"name": "python"}}


def notebook(cells: tuple[tuple[str, str], ...], **fmt: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook(metadata=KERNEL)
    make = {"code": nbformat.v4.new_code_cell, "markdown": nbformat.v4.new_markdown_cell}
    nb.cells = [make[kind](source.format(**fmt) if fmt else source) for kind, source in cells]
    return nb


def write(path: Path, cells: tuple[tuple[str, str], ...], **fmt: str) -> None:
    nbformat.write(notebook(cells, **fmt), path)
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.store_widget_state=False", "--ExecutePreprocessor.timeout=600", str(path)],
                   check=True, cwd=NOTEBOOKS)
    print(f"wrote {path.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    from mineedu.core import game_class, game_names
    from mineedu.core.lesson import lesson_spec

    names = argv or [*game_names(), "index"]
    for name in names:
        if name == "index":
            write(NOTEBOOKS / "index.ipynb", START_CELLS)
            continue
        spec = lesson_spec(name)
        if spec is None:
            continue
        write(NOTEBOOKS / spec.notebook, lesson_cells(), name=name, title=game_class(name).title["fr"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
