"""Every text a board shows along real games follows its reader's typography.

The lessons' own texts are checked in ``test_lesson_content``; here, what the
game's parts write as a game goes on (the picture, the decision panel, the
status, the log's lines, the buttons' labels), for a spectator and for the seat
to move, in French and in English: no plain space before ``: ; ? ! %`` in French
(a no-break one, so the sign never starts a line), none missing after a word,
and none before ``: ; ! ?`` in English; decimals with a comma in French and a
point in English, thousands grouped the reader's way; no article doubled by a
text filled with a name that has its own. Texts joined in code (clauses with
semicolons) are where this slips.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import numpy as np
import pytest

from mineedu.core import CHANCE, fraction_text, make, play
from mineedu.core.hooks import Hooks
from mineedu.core.i18n import french
from mineedu.core.play import Event
from mineedu.ui import Board
from mineedu.ui.lesson import lesson
from tests.board_conformance import board_at, random_moves
from tests.ui.drive import widget_states

GAMES = {"coal_mine": 4, "dragon_cave": 3, "gold_mine": 4, "silver_gold": 3, "yukon": 3}
FR_GLUED = re.compile(r"[^\s\u00a0\u202f\d(\[«]([:;?!])(?=\s|$)")
"""A high sign straight after a word ("J1: ", "cartes; "): French wants a no-break space before it."""
EN_SPACED = re.compile(r"[\s\u00a0\u202f][:;?!]")
FR_DECIMAL_POINT = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
EN_DECIMAL_COMMA = re.compile(r"(?<![\d,])\d+,\d{1,2}(?!\d)")
EN_SPACED_THOUSANDS = re.compile(r"\d[\u00a0\u202f ]\d{3}(?!\d)")
FR_TWO_DETERMINERS = re.compile(r"\b(votre|vos|sa|son|ses|leur|leurs|mon|ma|mes|ton|ta|tes) (un|une|le|la|les)\b", re.I)
EN_TWO_DETERMINERS = re.compile(r"\b(your|their|his|her|my|its|the|a|an) (a|an|the)\b")
"""A text filled with an article it already had: "votre un Tuyauteur", "your a Miner"."""
CALCULATOR = re.compile(r"\d[eE][-+]?\d")
"""A calculator's power of ten ("8.57e-07"): a reader writes 8,57 × 10⁻⁷."""
HYPHEN_MINUS = re.compile(r"(?<![\w/-])-\d")
"""A hyphen for a minus sign ("-67/47", "≈ -1,43"): both languages write a negative number with − (U+2212)."""
PLACEHOLDER = re.compile(r"[\s\u00a0]\?(?=[),])")
"""A value not known to the viewer, written "?" in a list: "(Facile ?, Moyen 4)", not a question mark."""


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.out: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._skip += tag in ("style", "script")
        self.out += [v for k, v in attrs if k in ("title", "aria-label", "alt") and v]  # a tooltip, a screen reader's words

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.out.append(re.sub(r"[ \t\n]+", " ", data).strip())


def shown_texts(markup: str) -> list[str]:
    """The texts a reader sees or hears in HTML or SVG (no tags, no style sheets; tooltips and labels for
    screen readers); a card's short label left out."""
    parser = _Text()
    parser.feed(markup)
    parser.close()
    return [t for t in (PLACEHOLDER.sub("", x) for x in parser.out) if len(t) > 3]


def faults(markup: str, lang: str) -> list[str]:
    """The texts of ``markup`` that break ``lang``'s typography."""
    if lang == "fr":
        return [t for t in shown_texts(markup) if french(t) != t or FR_GLUED.search(t) or FR_DECIMAL_POINT.search(t)
                or FR_TWO_DETERMINERS.search(t) or CALCULATOR.search(t) or HYPHEN_MINUS.search(t)]
    return [t for t in shown_texts(markup) if EN_SPACED.search(t) or EN_DECIMAL_COMMA.search(t)
            or EN_SPACED_THOUSANDS.search(t) or EN_TWO_DETERMINERS.search(t) or CALCULATOR.search(t)
            or HYPHEN_MINUS.search(t)]


def test_the_check_sees_a_fault_in_either_language() -> None:
    assert faults("<p>J1 recrute 3 cartes; J2 recrute 4 cartes</p>", "fr")
    assert faults("<text>Manche 2 : J1</text>", "fr")
    assert faults("<b>Round 2 : P1</b>", "en") and faults("<td title='P = 1/3 ; exact'>33 %</td>", "fr")
    assert faults("<p>P = 0.25</p>", "fr") and faults("<p>P = 0,25</p>", "en") and faults("<p>10\u202f000 trials</p>", "en")
    assert not faults("<p>J1 recrute 3 cartes\u00a0; J2 (Facile ?, Moyen 4), 10\u202f000 essais, P = 0,25</p>"
                      "<style>a: b;</style>", "fr")
    assert not faults("<p>10,000 trials, P = 0.25</p>", "en")
    assert faults("<p>votre un Tuyauteur</p>", "fr") and faults("<p>your a Miner</p>", "en")
    assert not faults("<p>l'un le plus proche, un des 5 emplacements</p>", "fr")
    assert faults("<p>plus de 12 : 8,57e-07</p>", "fr") and faults("<p>more than 12: 8.57e-07</p>", "en")
    assert not faults("<p>plus de 12\u00a0: 8,57\u202f×\u202f10⁻⁷</p>", "fr")
    assert not faults("<p>more than 12: 8.57\u202f×\u202f10⁻⁷</p>", "en")
    assert faults("<p>La valeur exacte est -67/47 ≈ -1,4255.</p>", "fr") and faults("<p>change: -1.43 gold</p>", "en")
    assert not faults("<p>La valeur exacte est \u221267/47 ≈ \u22121,4255, de J1-2 à 3-4.</p>", "fr")


def bot_game(name: str, seed: int) -> tuple[Any, list[Event]]:
    """The game of ``name`` and the events of one game its first bot plays in every seat."""
    game = make(name, GAMES[name])
    assert game.hooks.bots
    bots = [game.make_bot(next(iter(game.hooks.bots))) for _ in range(GAMES[name])]
    return game, list(play(game.initial_state(), bots, np.random.default_rng(seed)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_text_of_a_board_along_a_game(name: str) -> None:
    found: dict[str, set[str]] = {}
    looked = 0
    for seed in (0, 1):
        game, events = bot_game(name, seed)
        hooks = game.hooks
        stride = max(1, len(events) // 15)
        for event in events[::stride] + events[-1:]:  # some 15 steps a game, and its end
            looked += 1
            _look(hooks, event, found)
    assert looked > 20
    assert not found, {where: sorted(texts)[:3] for where, texts in found.items()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_text_of_the_odds_a_game_prints(name: str) -> None:
    """``mineedu odds`` along a bot game: each cell of its tables (columns are two spaces or more apart)."""
    game, events = bot_game(name, 0)
    found: dict[str, set[str]] = {}
    states = [game.initial_state()] + [e.after for e in events[:: max(1, len(events) // 8)] if not e.after.is_terminal()]
    for state in states:
        report = game.odds_report(state)
        for lang in ("fr", "en"):
            cells = [c for line in game.format_odds(report, lang).splitlines() for c in re.split(r"\s{2,}", line.strip()) if c]
            for t in faults("".join(f"<p>{html.escape(c)}</p>" for c in cells), lang):
                found.setdefault(lang, set()).add(t)
    assert len(states) > 5
    assert not found, {lang: sorted(texts)[:3] for lang, texts in found.items()}


def _look(hooks: Hooks[Any], event: Event, found: dict[str, set[str]]) -> None:
    """Note in ``found`` what breaks the typography after ``event``, for a spectator and the seat that moved."""
    def note(where: str, markup: str, lang: str) -> None:
        for t in faults(markup, lang):
            found.setdefault(f"{where} ({lang})", set()).add(t)

    state = event.after
    for viewer in {None, event.player if event.player != CHANCE else 0}:
        view = state.observation(viewer)
        for lang in ("fr", "en"):
            for part in ("picture", "narrow_picture", "wide_picture", "panel", "status"):
                draw = getattr(hooks, part)
                if draw is not None:
                    note(part, draw(view, lang), lang)
            if hooks.describe_event is not None:
                note("log", html.escape(hooks.describe_event(event, viewer, lang)), lang)
    if hooks.action_label is not None and not state.is_terminal() and state.current_player() >= 0:
        for lang in ("fr", "en"):
            for action in state.legal_actions()[:20]:
                note("label", html.escape(hooks.action_label(action, lang)), lang)


TEXT_KEYS = {"description", "placeholder", "tooltip", "cover_button", "prompt"}
MARKUP_KEYS = {"value", "svg", "cover"}


def board_texts(states: list[tuple[str, dict[str, Any]]]) -> Iterator[tuple[str, str]]:
    """(where, markup) for every text a board's widgets send the browser: descriptions, labels, HTML values,
    the picture, the canvas's options and controls."""
    for name, state in states:
        for key, v in state.items():
            if key in TEXT_KEYS and isinstance(v, str):
                yield f"{name}.{key}", html.escape(v)
            elif key in MARKUP_KEYS and isinstance(v, str):
                yield f"{name}.{key}", v
            elif key in ("_options_labels", "tooltips") and isinstance(v, list):
                yield from ((f"{name}.{key}", html.escape(x)) for x in v if isinstance(x, str))
            elif isinstance(v, list):
                yield from ((f"{name}.{key}", html.escape(x["label"])) for x in v
                            if isinstance(x, dict) and isinstance(x.get("label"), str))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_text_a_board_sends_its_browser(name: str) -> None:
    """The whole board (the new-game dialog's variants, the buttons, the prompt, the controls), at
    positions of a random game, built in French and in English."""
    n = GAMES[name]
    game = make(name, n)
    positions = [moves for moves, _ in random_moves(game, 3)]
    found: dict[str, set[str]] = {}
    for moves in positions[:: max(1, len(positions) // 5)]:
        for lang in ("fr", "en"):
            board = board_at(game, moves, [None] * n, lang=lang)
            for where, markup in board_texts(widget_states(board.widget)):
                for t in faults(markup, lang):
                    found.setdefault(f"{where} ({lang})", set()).add(t)
    assert not found, {where: sorted(texts)[:3] for where, texts in found.items()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_text_of_a_lesson_after_its_buttons(name: str) -> None:
    """A lesson page in each language after a student used it all: predictions (one unreadable), the
    simulations, the exact values shown, a tournament (and a refused number of games), the exercises
    answered wrong, unreadably, out of range and right, their solutions opened."""
    for lang in ("fr", "en"):
        page = lesson(name, lang=lang, seed=7)
        for s in page.predict_sections:
            for kind, value in (("commit", "2" if s.spec.mean else "0.3"), ("simulate", None), ("reveal", None),
                                ("commit", "abc")):
                s.receive(kind, value)
        if page.tournament_section is not None:
            assert page.tournament_section.run(1) is None  # refused, said in an alert, then a real one
            assert page.tournament_section.run(20) is not None
        for e in page.exercise_list:
            for answer in ("0,5" if lang == "fr" else "0.5", "zzz", "2", fraction_text(e.spec.answer)):
                e.check(answer)  # as the reader writes numbers (the feedback repeats what was typed)
            e.solution_button.value = True
        states = [st for part in page.parts for st in widget_states(getattr(page, part).widget)]
        found = [f"{where} ({lang}): {t}" for where, markup in board_texts(states) for t in faults(markup, lang)]
        assert not found, found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_bot_a_board_seats_has_a_name_in_each_language(name: str) -> None:
    """A seat's menu, a status line and a tournament's chart name a bot in the reader's language: never its
    spec (Yukon's and Silver & Gold's read "robot nearest-claim" on a French page, My Gold Mine's bare
    "burn")."""
    game = make(name, GAMES[name])
    assert game.hooks.bots
    for spec in game.hooks.bots:
        fr, en = game.bot_name(spec, "fr"), game.bot_name(spec, "en")
        assert fr != spec and fr.strip("«» \u00a0") != spec and en, (spec, fr, en)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_text_of_the_decision_review(name: str) -> None:
    """"Review my decisions" after a whole game, in each language: three decisions, then the summary."""
    from tests.review.helpers import PLAYERS, seeded_game

    saved = seeded_game(name)
    for lang in ("fr", "en"):
        board = Board(saved.game, seats=[None] * PLAYERS[name], seed=saved.seed, lang=lang)
        board.receive("import", saved.dumps())
        panel = board.review
        panel.threaded, panel.rollouts = False, 4
        board.receive("review", "open")
        states = widget_states(panel.widget)
        for _ in range(3):
            board.receive("review", "next")
            states += widget_states(panel.widget)
        board.receive("review", "summary")
        states += widget_states(panel.widget)
        assert panel.open and "mineedu-review-summary-text" in json.dumps(states)
        found = [f"{where} ({lang}): {t}" for where, markup in board_texts(states) for t in faults(markup, lang)]
        assert not found, found
