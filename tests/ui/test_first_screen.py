"""``mineedu.ui.first_screen``: the static copy Voilà sends before the widgets, and the sections loaded later.

The copy is checked against the widgets it copies (the same SVG, status and
panel: nothing the widgets do not hold), the deferred sections against the
ipywidgets models they close and reopen. The browser side (the copy shown,
then replaced in place) is ``tests/browser/test_first_screen.py``.
"""

from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest
import traitlets

from mineedu.ui.first_screen import BOOT_SCRIPT, BOOT_STYLE, MIME, FirstScreen, _svg, _tree, static_view
from mineedu.ui.lesson import lesson
from mineedu.ui.page import PROJECTOR, PageMeta


@pytest.fixture
def page():
    return lesson("dragon_cave", seed=123_456)


def test_the_copy_of_the_board_holds_what_the_board_shows_and_nothing_hidden(page) -> None:
    board = page.game_board
    copy = static_view(board.widget)
    assert _svg(board.canvas.svg) in copy  # the very picture the canvas shows, for this viewer
    assert board.status.value in copy and board.panel.value in copy and board.log.value in copy
    assert html.escape(board.canvas.prompt) in copy
    assert "mineedu-dialog" not in copy and "mineedu-saved-text" not in copy  # hidden boxes are not copied
    assert copy.count("<svg") == 1
    root = re.search(r"<svg[^>]*>", copy)  # its size is the CSS's, as canvas.js does
    assert root and " width=" not in root.group(0) and " height=" not in root.group(0)


def test_a_covered_board_is_copied_without_its_picture(page) -> None:
    canvas = page.game_board.canvas
    canvas.cover, canvas.cover_button = "Passez l'écran à J2", "Je suis J2"
    copy = static_view(page.game_board.widget)
    assert "<svg" not in copy and "Passez l" in copy


def test_the_copy_of_the_header_has_the_title_the_switches_and_the_view(page) -> None:
    screen = FirstScreen(page)
    screen.apply_query("lang=en&view=projector")
    copy = static_view(page.header.widget)
    assert html.escape(page.spec.title["en"]) in copy
    assert ">English<" in copy and "mod-active" in copy
    assert 'aria-pressed="true"' in copy and ">Project<" in copy
    assert page.meta.view == PROJECTOR


def test_under_voila_the_output_is_the_copies_by_model_id(page, monkeypatch) -> None:
    screen = FirstScreen(page)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    assert set(screen._repr_mimebundle_()) == {"text/plain"}  # JupyterLab, nbval: a line of text
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    out = screen._repr_mimebundle_()
    assert set(out) == {MIME}  # nothing Voilà's front end would render a second time
    data = out[MIME]
    assert set(data["parts"]) == {page.header.widget.model_id, page.board.widget.model_id}
    assert data["lang"] == "fr" and data["body"] == ["mineedu-page"]
    assert ".mineedu-board" in data["css"] and "widget-html-content" in data["css"]


def test_the_narrow_picture_comes_too_when_the_game_draws_one(monkeypatch) -> None:
    page = lesson("yukon", seed=1)
    board = page.game_board
    narrow = board.game.render_svg(board.session.state, board.viewer(), board.lang, board.show_all, narrow=True)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    copy = FirstScreen(page).payload()["parts"][page.board.widget.model_id]
    if narrow == board.canvas.svg:
        assert "mineedu-first-narrow" not in copy
    else:
        assert _svg(narrow) in copy and "mineedu-first-narrow" in copy


def test_the_boot_cells_reach_the_page_as_they_are_written() -> None:
    """Voilà renders markdown cells with nbconvert's renderer, raw HTML kept (``escape=False``): the style and
    the script must come out unchanged (one HTML block each, whatever blank lines they hold)."""
    from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath

    for cell, tag in ((BOOT_STYLE, "style"), (BOOT_SCRIPT, "script")):
        assert cell.startswith(f'<{tag} class="mineedu-boot">') and cell.endswith(f"</{tag}>")
        renderer = IPythonRenderer(escape=False, attachments={}, anchor_link_text="¶")
        assert MarkdownWithMath(renderer=renderer).render(cell).strip() == cell
    assert MIME in BOOT_SCRIPT


def test_a_section_waits_closed_then_opens_with_the_same_models_once_the_board_is_live(page) -> None:
    screen = FirstScreen(page)
    kept = {x.model_id for root in (page.header.widget, page.board.widget) for x in _tree(root)}
    ids = {id(x): x.model_id for x in _tree(page.predict.widget)}
    shown = screen.later(page.predict)
    assert shown.summary() == page.predict.summary()
    assert shown.widget.children == ()
    section = list(_tree(page.predict.widget))
    closed = [x for x in section if x.comm is None]
    assert closed and all(ids[id(x)] not in kept for x in closed)
    assert all(x.comm is not None for x in section if ids[id(x)] in kept)  # shared with the board: left open
    page.language.set("en")  # a student switches language before the section is there
    page.game_board.canvas.client_width = 900  # the board's picture is drawn: the browser says how wide
    assert screen.live and shown.widget.children == (page.predict.widget,)
    assert all(x.comm is not None and x.model_id == ids[id(x)] for x in section)
    heads = [x for x in section if isinstance(x, W.HTML) and "Predict" in x.value]
    assert heads, "the section was not redrawn in the language chosen while it waited"


def test_sections_displayed_after_the_board_is_live_open_at_once(page) -> None:
    screen = FirstScreen(page)
    page.game_board.canvas.client_width = 900
    shown = screen.later(page.exercises)
    assert shown.widget.children == (page.exercises.widget,)


def test_the_page_s_view_is_one_of_its_views() -> None:
    meta = PageMeta()
    with pytest.raises(traitlets.TraitError):
        meta.view = "<script>"
    meta.apply_query("view=nonsense")
    assert meta.view == ""
    meta.apply_query("lang=en&view=projector")
    assert meta.view == PROJECTOR
    meta.set("en", "A title")
    assert meta.switch["label"] == "Project"


def test_every_lesson_notebook_is_what_make_notebooks_writes() -> None:
    """The notebooks carry the boot cells' text: after a change to them, ``tools/make_notebooks.py`` writes them again."""
    import importlib.util
    from pathlib import Path

    import nbformat

    from mineedu.core import game_class, game_names
    from mineedu.ui.lesson import lesson_spec

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("make_notebooks", root / "tools" / "make_notebooks.py")
    assert spec and spec.loader
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    for name in game_names():
        lesson_ = lesson_spec(name)
        if lesson_ is None:
            continue
        stored = nbformat.read(root / "notebooks" / lesson_.notebook, as_version=4)
        written = make.notebook(make.lesson_cells(), name=name, title=game_class(name).title["fr"])
        assert [(c.cell_type, c.source) for c in stored.cells] == [(c.cell_type, c.source) for c in written.cells], name


def test_the_board_s_folded_parts_wait_closed_and_come_back_first_once_the_board_is_live(page) -> None:
    screen = FirstScreen(page)
    board = page.game_board
    folded = (board.dialog, board.saved_box, board.table.join_box)
    before = {id(box): box.children for box in folded}
    ids = {id(x): x.model_id for box in folded for k in box.children for x in _tree(k)}
    screen.apply_query("")
    section = screen.later(page.predict)
    assert all(box.children == () and box.comm is not None for box in folded)  # the boxes stay, empty
    shown = {id(x) for root in (page.header.widget, board.widget) for x in _tree(root)}
    inner = [x for box in folded for k in before[id(box)] for x in _tree(k) if id(x) not in shown]
    assert len(inner) >= 30 and all(x.comm is None for x in inner)  # the browser will not load them yet
    board.canvas.client_width = 900  # live: the board's parts first, then the sections one by one
    assert all(box.children == before[id(box)] for box in folded)
    assert all(x.comm is not None and x.model_id == ids[id(x)] for x in inner)
    assert section.widget.children == (page.predict.widget,)
    board.new_toggle.value = True  # and they work: the new game's dialog opens
    assert board.dialog.layout.display is None


def test_a_part_shown_by_the_address_is_not_folded(page) -> None:
    """``?table=CODE`` shows the table's join box (asking a name): it stays, with its models."""
    screen = FirstScreen(page)
    box = page.game_board.table.join_box
    box.layout.display = None  # what a table asked about by the address shows
    screen.fold_until_live()
    assert box.children and all(x.comm is not None for k in box.children for x in _tree(k))
