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


def test_a_section_waits_closed_from_the_start_then_opens_with_the_same_models_once_the_board_is_live(page) -> None:
    """The sections' models are closed when the first screen is made (a preheated kernel, before any
    visitor): ``later`` in the visitor's time only shows the empty box."""
    ids = {id(x): x.model_id for x in _tree(page.predict.widget)}
    screen = FirstScreen(page)
    kept = {id(x) for root in (page.header.widget, page.board.widget) for x in _tree(root)}  # the first screen's
    section = list(_tree(page.predict.widget))
    closed = [x for x in section if x.comm is None]
    assert closed and all(id(x) not in kept for x in closed)
    assert all(x.comm is not None for x in section if id(x) in kept)  # shared with the first screen: left open
    shown = screen.later(page.predict)
    assert screen.later(page.predict) is shown  # one box per section, however often it is asked for
    assert shown.summary() == page.predict.summary()
    assert shown.widget.children == ()
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


def test_the_board_s_hidden_parts_wait_closed_and_come_back_first_once_the_board_is_live(page) -> None:
    board = page.game_board
    folded = (board.dialog, board.saved_box, board.table.join_box, board.review.widget, board.show_all_box,
              board.lang_switch)
    assert all(w.layout.display == "none" for w in folded)
    parents = {id(w): next(b for root in (page.header.widget, board.widget) for b in _tree(root)
                           if w in getattr(b, "children", ())) for w in folded}
    before = {id(p): p.children for p in parents.values()}
    ids = {id(x): x.model_id for w in folded for x in _tree(w)}
    screen = FirstScreen(page)
    screen.apply_query("")
    section = screen.later(page.predict)
    assert all(w not in parents[id(w)].children for w in folded)  # out of their boxes...
    shown = {id(x) for root in (page.header.widget, board.widget) for x in _tree(root)}
    inner = [x for w in folded for x in _tree(w) if id(x) not in shown]
    assert len(inner) >= 50 and all(x.comm is None for x in inner)  # ...and the browser will not load them yet
    assert "mineedu-dialog" not in static_view(board.widget)
    board.canvas.client_width = 900  # live: the board's parts first, then the sections one by one
    assert all(p.children == before[id(p)] for p in parents.values())
    assert all(x.comm is not None and x.model_id == ids[id(x)] for x in inner)
    assert section.widget.children == (page.predict.widget,)
    board.new_toggle.value = True  # and they work: the new game's dialog opens
    assert board.dialog.layout.display is None


def test_a_part_shown_by_the_address_comes_back_at_once(page) -> None:
    """``?table=CODE`` shows the table's join box (asking a name), ``?teacher=1`` the teacher's switch:
    each is back in its box, with its models, before the board is live."""
    screen = FirstScreen(page)
    board = page.game_board
    box = board.table.join_box
    assert box not in board.table.widget.children
    box.layout.display = None  # what a table asked about by the address shows
    assert box in board.table.widget.children and all(x.comm is not None for x in _tree(box))
    screen.apply_query("teacher=1")
    assert board.show_all_box.layout.display is None
    assert board.show_all_box.comm is not None and board.show_all_box.layout.comm is not None
    side = next(b for b in _tree(board.widget) if board.show_all_box in getattr(b, "children", ()))
    assert side.children[-1] is board.show_all_box and "mineedu-show-all" in static_view(board.widget)
    assert not screen.live and board.dialog.comm is None  # the others still wait
