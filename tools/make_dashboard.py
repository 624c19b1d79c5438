"""Write the teacher's dashboard notebook (``notebooks/dashboard.ipynb``), then run it to store its outputs.

    .venv/bin/python tools/make_dashboard.py

Two cells: build the page while the kernel is preheated, then read the page's
address when the teacher arrives (``?lang=en``, ``?lesson=yukon``), join the
class store and show the page (see :mod:`mineedu.ui.dashboard`). The lesson
notebooks have their own generator (``tools/make_notebooks.py``), whose
``write`` this one uses.
"""

from __future__ import annotations

from make_notebooks import NOTEBOOKS, write

CELLS = (
    "# Tableau de bord de la classe / The class dashboard: the teacher's page (opens with the teacher's link only)\n"
    "from mineedu.ui.dashboard import apply_query, dashboard\nfrom mineedu.ui.page import query\n\nboard = dashboard()",
    "apply_query(board, query())\nboard.page",
)


def main() -> int:
    write(NOTEBOOKS / "dashboard.ipynb", CELLS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
