"""Write the lesson notebooks from one template, then run them to store their outputs.

    .venv/bin/python tools/make_notebooks.py            # every lesson the registry knows, and the start page
    .venv/bin/python tools/make_notebooks.py gold_mine  # one lesson

Each lesson notebook is the same six cells (the lesson layer does the rest):
build the page while the kernel is preheated, read the page's address when a
student arrives, then display the parts. Outputs are stored without widget
state, so nbval compares the parts' text summaries.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

LESSON_CELLS = (
    "# {title}\n# Built before a student arrives (a preheated kernel), shown once they do.\n"
    "from mineedu.ui.lesson import lesson\nfrom mineedu.ui.page import query\n\npage = lesson(\"{name}\")",
    "# The page's address: ?lang=en opens it in English\npage.apply_query(query())",
    "# Titre, notes pour l'enseignant·e, règles / title, teacher notes, rules\npage.header",
    "# Jouer / Play\npage.board",
    "# Prédire, simuler, calculer / Predict, simulate, compute\npage.predict",
    "# Tournoi / Tournament\npage.tournament",
    "# Exercices / Exercises\npage.exercises",
)
START_CELLS = (
    "# Mines et probabilités / Mines and probability: the start page\n"
    "from mineedu.ui.page import query\nfrom mineedu.ui.start import apply_query, start_page\n\npage = start_page()",
    "apply_query(page, query())\npage",
)
KERNEL = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
          "language_info": {"name": "python"}}


def write(path: Path, cells: tuple[str, ...], **fmt: str) -> None:
    nb = nbformat.v4.new_notebook(metadata=KERNEL)
    nb.cells = [nbformat.v4.new_code_cell(c.format(**fmt) if fmt else c) for c in cells]
    nbformat.write(nb, path)
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.store_widget_state=False", "--ExecutePreprocessor.timeout=600", str(path)],
                   check=True, cwd=NOTEBOOKS)
    print(f"wrote {path.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    from mineedu.core import game_class, game_names
    from mineedu.ui.lesson import lesson_spec

    names = argv or [*game_names(), "index"]
    for name in names:
        if name == "index":
            write(NOTEBOOKS / "index.ipynb", START_CELLS)
            continue
        spec = lesson_spec(name)
        if spec is None:
            continue
        write(NOTEBOOKS / spec.notebook, LESSON_CELLS, name=name, title=game_class(name).title["fr"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
