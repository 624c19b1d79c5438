"""The exploration notebooks: one bilingual source each, rendered to French and English, never drifting.

``tools/explore_notebooks.py`` renders ``notebooks/explore/src/<name>.py`` into
``notebooks/explore/{fr,en}/<name>.ipynb`` and runs them; nbval (``make test``)
then re-runs every checked-in notebook and compares its outputs. These tests
check what nbval cannot: that each checked-in notebook is exactly what its
source renders, that every code cell was run (nbval only compares cells with
stored outputs), and that each language writes its numbers its own way.
"""

from __future__ import annotations

import re

import nbformat
import pytest

from tools.explore_notebooks import EXPLORE, LANGS, SourceError, drift, parse, render_cells, sources, target

SOURCES = sources()
NOTEBOOKS = sorted(EXPLORE.glob("*/*.ipynb"))


def test_there_is_a_source_per_game_and_a_getting_started():
    import mineedu

    names = {s.stem for s in SOURCES}
    assert names >= {"getting_started", "gold_mine"}
    assert names <= {"getting_started", *mineedu.game_names()}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_checked_in_notebook_is_what_its_source_renders(source, lang):
    assert drift(source, lang) is None, "run: .venv/bin/python tools/explore_notebooks.py " + source.stem


def test_every_notebook_has_a_source():
    expected = {target(s, lang) for s in SOURCES for lang in LANGS}
    assert set(NOTEBOOKS) == expected


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_code_cell_was_run_without_error_and_no_widget_state(path):
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code
    for c in code:
        assert c.execution_count is not None, f"{path.name}: cell {c.id} was not run"
        assert c.outputs, f"{path.name}: cell {c.id} has no output for nbval to compare"
        assert not [o for o in c.outputs if o.output_type == "error"], f"{path.name}: cell {c.id} failed"
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), "run top to bottom, once"
    assert "widgets" not in nb.metadata, "widget state stored (store_widget_state=False)"
    assert nb.metadata["mineedu"]["lang"] == path.parent.name


LINE = 100  # characters: a code line JupyterLab shows whole beside its file browser on a 1280-pixel screen


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_code_lines_fit_a_laptop_screen(path):
    nb = nbformat.read(path, as_version=4)
    long = [ln for c in nb.cells if c.cell_type == "code" for ln in c.source.splitlines() if len(ln) > LINE]
    assert not long, long


def _texts(nb, kind):
    if kind == "markdown":
        return [c.source for c in nb.cells if c.cell_type == "markdown"]
    out = []
    for c in nb.cells:
        for o in c.get("outputs", []):
            out.append(o.get("text", "") if o.output_type == "stream" else o.get("data", {}).get("text/plain", ""))
    return out


WRONG_DECIMAL = {"fr": re.compile(r"\d\.\d+\s?%"), "en": re.compile(r"\d,\d+\s?%")}
OUTSIDE_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`", re.S)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_numbers_and_typography_in_the_notebooks_language(path):
    lang = path.parent.name
    nb = nbformat.read(path, as_version=4)
    for text in _texts(nb, "markdown") + _texts(nb, "outputs"):
        assert not WRONG_DECIMAL[lang].search(OUTSIDE_MATH.sub("", text)), f"{path.name}: {text[:200]!r}"
    if lang == "fr":
        for text in _texts(nb, "markdown"):
            prose = OUTSIDE_MATH.sub("", text)
            bad = re.findall(r".{0,20} [:;?!%»]", prose) + re.findall(r"« .{0,20}", prose)
            assert not bad, f"{path.name}: a no-break space is needed in {bad[:3]}"


# --- the source format ---------------------------------------------------------

def test_language_cells_and_lines_render_in_their_language_only():
    src = ('# %% [markdown] lang="fr"\n# # Titre\n# %% [markdown] lang="en"\n# # Title\n'
           '# %%\nimport math\n#fr: un commentaire\n#en: a comment\nfor k in range(2):\n'
           '    #fr> print("deux")\n    #en> print("two")\n# %% [markdown]\n# $x = 1$\n')
    cells = parse(src)
    fr, en = render_cells(cells, "fr"), render_cells(cells, "en")
    assert [c.source for c in fr] == ["# Titre", 'import math\n# un commentaire\nfor k in range(2):\n    print("deux")',
                                      "$x = 1$"]
    assert [c.source for c in en] == ["# Title", 'import math\n# a comment\nfor k in range(2):\n    print("two")', "$x = 1$"]
    assert [c.id for c in fr] == ["fr-01", "fr-02", "fr-03"]
    assert [c.cell_type for c in en] == ["markdown", "code", "markdown"]


@pytest.mark.parametrize("src, why", [
    ('# %% [markdown] lang="fr"\n# Bonjour\n# %%\nx = 1\n', "followed by its"),
    ('# %% [markdown] lang="en"\n# Hello\n', "must follow"),
    ('# %% [markdown] lang="fr"\n# Bonjour\n# %% lang="en"\nx = 1\n', "followed by its"),
    ('# %%\n#fr: seul\nx = 1\n', "'#fr:' must be followed"),
    ('# %%\n#fr: un\n#en> x = 1\n', "'#fr:' must be followed"),
    ('# %%\nx = 1\n#en: alone\n', "'#en:' must follow"),
    ('# %%\n#fr> a = 1\n    #en> a = 1\n', "same indentation"),
    ('# %% [markdown] lang="de"\n# Hallo\n', "unknown language"),
    ('# %% [code]\nx = 1\n', "bad cell marker"),
    ('# %% [markdown]\nnot a comment\n', "must start with '# '"),
    ('x = 1\n# %%\ny = 2\n', "before the first"),
    ('# %%\n\n# %%\ny = 2\n', "empty cell"),
])
def test_a_malformed_source_is_refused_with_its_line(src, why):
    with pytest.raises(SourceError, match=re.escape(why)) as err:
        parse(src, "demo.py")
    assert re.match(r"demo\.py:\d+: ", str(err.value))
