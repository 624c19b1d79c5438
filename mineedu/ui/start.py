"""The start page (``notebooks/index.ipynb``): every lesson with a picture and one line.

>>> page = start_page()
>>> print(page.summary())
Lessons: gold_mine (ready); dragon_cave, yukon, silver_gold, coal_mine (coming)
"""

from __future__ import annotations

import base64
import functools
import html
from typing import Any

import ipywidgets as W
import numpy as np

from mineedu.core import CHANCE, Texts, game_class, make, sample_outcome

from .lesson import BilingualHTML, Language, Part

T = Texts(
    {
        "title": {"fr": "Mines et probabilités", "en": "Mines and probability"},
        "intro": {
            "fr": "Cinq jeux de société de mine, cinq leçons de probabilités : jouez, prédisez, simulez, puis calculez la valeur exacte.",
            "en": "Five mining board games, five probability lessons: play, predict, simulate, then compute the exact value.",
        },
        "open": {"fr": "Ouvrir la leçon", "en": "Open the lesson"},
        "coming": {"fr": "bientôt", "en": "coming soon"},
        "gold_mine": {"fr": "Stop ou encore face au dragon : la probabilité qu'un dragon sorte, sans remise.", "en": "Push your luck against the dragon: the chance a dragon comes up, drawing without replacement."},
        "dragon_cave": {"fr": "Plonger ou remonter : espérance par profondeur et course contre le dragon.", "en": "Dive or turn back: expected value by depth and the race against the dragon."},
        "yukon": {"fr": "Le dé « 1 = relance » : loi exacte par convolution.", "en": "The \"1 = roll again\" die: its exact distribution by convolution."},
        "silver_gold": {"fr": "Compter les placements d'une forme avec rotations et symétries.", "en": "Counting placements of a shape with rotations and mirror images."},
        "coal_mine": {"fr": "Tirages hypergéométriques et choix simultanés cachés.", "en": "Hypergeometric draws and hidden simultaneous choices."},
    }
)

LESSONS = (
    ("gold_mine", "My Gold Mine", "gold_mine.ipynb"),
    ("dragon_cave", "Au fin fond de la grotte du dragon", None),
    ("yukon", "Gold am Yukon", None),
    ("silver_gold", "Silver & Gold", None),
    ("coal_mine", "Mine", None),
)

ICON_COLOURS = {"gold_mine": "#E69F00", "dragon_cave": "#D55E00", "yukon": "#56B4E9", "silver_gold": "#999999", "coal_mine": "#444444"}
THUMB_SIZE = (200, 120)  # the box every picture is scaled into (aspect ratio kept)
THUMB_PLAYERS = 4
THUMB_SEED = 1


def icon(name: str) -> str:
    """A stand-in picture of a lesson (the mine's entrance in the game's colour), used
    only if a game cannot draw itself."""
    c = ICON_COLOURS.get(name, "#888")
    w, h = THUMB_SIZE
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 72 56" role="img">'
        f'<rect x="1" y="1" width="70" height="54" rx="6" fill="#fbfaf6" stroke="#555"/>'
        f'<path d="M14 50 V26 A22 18 0 0 1 58 26 V50 Z" fill="#3b2f26"/>'
        f'<circle cx="36" cy="36" r="7" fill="{c}"/></svg>'
    )


def first_position(name: str, seed: int = THUMB_SEED) -> Any:
    """A fresh game of ``name`` as it looks when play starts: the initial state, then
    chance (the deal, a first card) with a fixed seed until someone has to choose."""
    cls = game_class(name)
    game = make(name, players=min(max(THUMB_PLAYERS, cls.min_players), cls.max_players))
    state = game.initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(game.max_moves()):
        if state.current_player() != CHANCE:
            break
        state = state.apply(sample_outcome(state.chance_outcomes(), rng))
    return state


@functools.cache
def thumbnail(name: str, lang: str = "fr") -> str:
    """A small picture of a game, drawn by the game's own renderer (cached: the start
    page pays for each picture once per kernel, and preheated kernels draw it in advance).

    An ``<img>`` with the SVG as a ``data:`` URI, scaled into :data:`THUMB_SIZE`; the
    stand-in :func:`icon` if the game cannot draw itself.
    """
    w, h = THUMB_SIZE
    try:
        state = first_position(name)
        svg = state.game.render_svg(state, None, lang)
    except Exception:
        return icon(name)
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = html.escape({n: t for n, t, _ in LESSONS}.get(name, name), quote=True)
    return (
        f'<img class="mineedu-thumb" src="data:image/svg+xml;base64,{data}" width="{w}" height="{h}" alt="{alt}" '
        f'style="object-fit:contain;background:#fbfaf6;border:1px solid #bbb;border-radius:6px;padding:3px;flex:none">'
    )


def _page(lang: str) -> str:
    rows = []
    for name, title, link in LESSONS:
        if link:
            action = f"<a class='mineedu-lesson-link' href='{link}'><b>{T('open', lang)}</b></a>"
        else:
            action = f"<i>({T('coming', lang)})</i>"
        rows.append(
            f"<div class='mineedu-lesson' data-game='{name}' style='display:flex;gap:12px;align-items:center;margin:8px 0'>"
            f"{thumbnail(name, lang)}<div><b>{title}</b> — {T(name, lang)}<br>{action}</div></div>"
        )
    return f"<h2>{T('title', lang)}</h2><p>{T('intro', lang)}</p>" + "".join(rows)


def start_page(lang: str = "fr") -> Part:
    """The start page as one displayable part (language switch + the lessons)."""
    language = Language(lang)
    body = BilingualHTML(_page, language)
    ready = [n for n, _, link in LESSONS if link]
    coming = [n for n, _, link in LESSONS if not link]
    return Part(
        W.VBox([language.switch, body.widget]),
        lambda: f"Lessons: {', '.join(ready)} (ready); {', '.join(coming)} (coming)",
    )
