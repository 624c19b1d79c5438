"""The start page (``notebooks/index.ipynb``): every registered game, its picture and its lesson.

The rows come from the registry: each game's picture is drawn by its own
renderer at its first decision, and its line and link come from the lesson
spec it declares (:class:`~mineedu.core.lesson.LessonSpec`); a game without a
lesson yet says "coming soon". The links carry the page's language.

>>> page = start_page()
>>> page.summary().startswith("Lessons: gold_mine, ")
True
"""

from __future__ import annotations

import base64
import functools
import html
import os
from typing import Any

import ipywidgets as W
import numpy as np

from mineedu.core import State, Texts, first_decision, game_class, game_names, make
from mineedu.core.lesson import LessonSpec, lesson_spec, words

from .lesson import BilingualHTML, Language, Part
from .page import PageMeta

T = Texts(
    {
        "title": {"fr": "Mines et probabilités", "en": "Mines and probability"},
        "intro": {
            "fr": "Cinq jeux de société de mine, cinq leçons de probabilités : "
                  "jouez, prédisez, simulez, puis calculez la valeur exacte.",
            "en": "Five mining board games, five probability lessons: play, predict, simulate, then compute the exact value.",
        },
        "open": {"fr": "Ouvrir la leçon", "en": "Open the lesson"},
        "coming": {"fr": "leçon bientôt", "en": "lesson coming soon"},
        "players": {"fr": "{lo} à {hi} joueurs", "en": "{lo} to {hi} players"},
        "explore": {"fr": "Explorer dans JupyterLab", "en": "Explore in JupyterLab"},
        "started": {"fr": "Premiers pas (carnet JupyterLab pour l'enseignant·e)",
                    "en": "Getting started (a JupyterLab notebook for the teacher)"},
    }
)

THUMB_SIZE = (220, 132)  # the box every picture is scaled into (aspect ratio kept)
THUMB_PLAYERS = 4
THUMB_SEED = 1


def icon() -> str:
    """A stand-in picture (the mine's entrance), used only if a game cannot draw itself."""
    w, h = THUMB_SIZE
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 72 56" role="img">'
        '<rect x="1" y="1" width="70" height="54" rx="6" fill="#fbfaf6" stroke="#555"/>'
        '<path d="M14 50 V26 A22 18 0 0 1 58 26 V50 Z" fill="#3b2f26"/><circle cx="36" cy="36" r="7" fill="#E69F00"/></svg>'
    )


def first_position(name: str, seed: int = THUMB_SEED) -> State:
    """A fresh game of ``name`` as it looks when play starts (chance sampled with a fixed seed)."""
    cls = game_class(name)
    game = make(name, players=min(max(THUMB_PLAYERS, cls.min_players), cls.max_players))
    return first_decision(game.initial_state(), np.random.default_rng(seed))


@functools.cache
def thumbnail(name: str, lang: str = "fr") -> str:
    """A small picture of a game by its own renderer, as an ``<img>`` (cached per kernel)."""
    w, h = THUMB_SIZE
    try:
        state = first_position(name)
        svg = state.game.render_svg(state, None, lang)
    except Exception:
        return icon()
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = html.escape(game_class(name).title.get(lang, name), quote=True)
    return (
        f'<img class="mineedu-thumb" src="data:image/svg+xml;base64,{data}" width="{w}" height="{h}" alt="{alt}" '
        f'style="object-fit:contain;background:#fbfaf6;border:1px solid #bbb;border-radius:6px;padding:3px;flex:none">'
    )


def lessons() -> list[tuple[str, LessonSpec | None]]:
    """Every registered game with its lesson spec (``None``: no lesson yet), lessons first."""
    rows = [(name, lesson_spec(name)) for name in game_names()]
    return sorted(rows, key=lambda r: (r[1] is None, GAME_ORDER.index(r[0]) if r[0] in GAME_ORDER else 99, r[0]))


GAME_ORDER = ("gold_mine", "dragon_cave", "yukon", "silver_gold", "coal_mine")
LAB_URL_ENV = "MINEEDU_LAB_URL"


def explore_link(name: str, lang: str) -> str | None:
    """Where the exploration notebook ``notebooks/explore/<lang>/<name>.ipynb`` opens in JupyterLab, if it is served.

    Opened in JupyterLab (no Voilà around the kernel), the start page links to it
    relative to itself (JupyterLab opens it in a tab); under Voilà, only when
    ``$MINEEDU_LAB_URL`` names a JupyterLab serving the same notebooks folder.
    ``None`` when there is no such notebook or no JupyterLab.
    """
    from mineedu.launch import find_notebooks

    root = find_notebooks()
    path = f"explore/{lang}/{name}.ipynb"
    if root is None or not (root / path).is_file():
        return None
    lab = os.environ.get(LAB_URL_ENV, "").strip().rstrip("/")
    if lab:
        return f"{lab}/lab/tree/{path}"
    if any(k.startswith("VOILA_") for k in os.environ):
        return None
    return path


def _explore(name: str, lang: str, key: str = "explore") -> str:
    link = explore_link(name, lang)
    if link is None:
        return ""
    return f"<a class='mineedu-explore-link' href='{html.escape(link, quote=True)}'>{T(key, lang)}</a>"


def _page(lang: str) -> str:
    rows = []
    for name, spec in lessons():
        cls = game_class(name)
        title = html.escape(cls.title.get(lang, name))
        who = T("players", lang, lo=cls.min_players, hi=cls.max_players)
        if spec is not None:
            line = words(spec.blurb, lang)
            action = f"<a class='mineedu-lesson-link' href='{spec.notebook}?lang={lang}'><b>{T('open', lang)}</b></a>"
        else:
            line, action = "", f"<i>({T('coming', lang)})</i>"
        explore = _explore(name, lang)
        if explore:
            action += " · " + explore
        rows.append(
            f"<div class='mineedu-lesson' data-game='{name}' "
            "style='display:flex;flex-wrap:wrap;gap:14px;align-items:center;margin:10px 0'>"
            f"{thumbnail(name, lang)}<div style='flex:1 1 16em'><b>{title}</b> ({who}) — {line}<br>{action}</div></div>"
        )
    started = _explore("getting_started", lang, "started")
    return f"<h1>{T('title', lang)}</h1><p>{T('intro', lang)}</p>" + (f"<p>{started}</p>" if started else "") + "".join(rows)


def start_page(lang: str = "fr") -> Part:
    """The start page as one displayable part (language switch + the lessons)."""
    language = Language(lang)
    meta = PageMeta(projectable=False)  # no board: no projector view
    language.register(lambda lg: meta.set(lg, T("title", lg)))
    body = BilingualHTML(_page, language)
    rows = lessons()
    ready = [n for n, s in rows if s is not None]
    coming = [n for n, s in rows if s is None]
    page = W.VBox([language.switch, meta, body.widget])
    page.add_class("mineedu-header")  # the language switch on the row a lesson's page gives its switches
    part = Part(
        page,
        lambda: f"Lessons: {', '.join(ready)} (ready)" + (f"; {', '.join(coming)} (coming)" if coming else ""),
    )
    part.language = language  # type: ignore[attr-defined]
    return part


def apply_query(part: Any, query: str) -> None:
    """``lang=en`` from the page's address."""
    from urllib.parse import parse_qs

    lang = parse_qs(query or "").get("lang", [""])[0]
    if lang:
        part.language.set(lang)
