"""Mine (coal) in words, French and English: card and space names, actions, log lines.

:func:`action_label` words an action or a chance outcome for a button;
:func:`describe_event` words one move for the log *as one viewer may read it*:
a card dealt to someone else is "J2 reçoit 4 cartes", never which, and a card
laid face down says where, never what.

>>> card_name("foreman", "fr"), card_name("foreman", "en"), card_name("troll", "fr")
('Porion', 'Foreman', 'troll')
>>> coal_text(0, "fr"), points_text(0, "en"), points_text(1, "en")
('0 charbon', '0 points', '1 point')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mineedu.core import CHANCE, SEE_ALL, Event, State, Texts
from mineedu.core.i18n import count, join_clauses, join_words, player_name, round_name

from .rules import CoalMineState

NAMES = Texts({
    "event": {"fr": "Évènements", "en": "Events"},
    "raid": {"fr": "Abri des pilleurs", "en": "Raiders' shelter"},
    "tower": {"fr": "Tour de guet", "en": "Watchtower"},
    "mine": {"fr": "Mine", "en": "Mine"},
    "recruit": {"fr": "Recrutement", "en": "Recruitment"},
    "miner": {"fr": "Mineur", "en": "Miner"},
    "pipe": {"fr": "Tuyauteur", "en": "Pipe-miner"},
    "foreman": {"fr": "Porion", "en": "Foreman"},
    "chief": {"fr": "Chef porion", "en": "Chief"},
    "grisou": {"fr": "Grisou", "en": "Firedamp"},
    "strike": {"fr": "Grève", "en": "Strike"},
    "wagon": {"fr": "Wagonnet", "en": "Wagon"},
    "reinforcement": {"fr": "Renfort", "en": "Reinforcement"},
})
"""The five spaces and the default card kinds (D20)."""


def card_name(kind: str, lang: str) -> str:
    """A card kind's name; a teacher's own kinds keep the name they were given."""
    return NAMES(kind, lang) if kind in NAMES.table else kind


def space_name(space: str, lang: str) -> str:
    return NAMES(space, lang)


ARTICLES = Texts({
    "miner": {"fr": "un Mineur", "en": "a Miner"},
    "pipe": {"fr": "un Tuyauteur", "en": "a Pipe-miner"},
    "foreman": {"fr": "un Porion", "en": "a Foreman"},
    "chief": {"fr": "un Chef porion", "en": "a Chief"},
})
"""A job card with its article; other kinds read "a ... card" (see :func:`a_card`)."""

LABELS = Texts({
    "at_event": {"fr": "sur les Évènements", "en": "on Events"},
    "at_raid": {"fr": "dans l'Abri des pilleurs", "en": "in the Raiders' shelter"},
    "at_tower": {"fr": "sur la Tour de guet", "en": "on the Watchtower"},
    "at_mine": {"fr": "sur la Mine", "en": "on the Mine"},
    "at_recruit": {"fr": "sur le Recrutement", "en": "on Recruitment"},
    "a_card": {"fr": "une carte {name}", "en": "a {name} card"},
    "place": {"fr": "Poser {card} {at}", "en": "Put {card} {at}"},
    "raid": {"fr": "Envoyer {card} dans l'Abri des pilleurs contre J{t}",
             "en": "Send {card} to the Raiders' shelter against P{t}"},
    "discard": {"fr": "Défausser {card}", "en": "Discard {card}"},
    "pass": {"fr": "Passer : ne plus poser de carte cette manche", "en": "Pass: lay no more cards this round"},
    "draw": {"fr": "Pioche : {card}", "en": "Drawn: {card}"},
    "dummy_card": {"fr": "Le joueur fictif joue {card}", "en": "The dummy player plays {card}"},
    "dummy_discard": {"fr": "Le joueur fictif défausse {card}", "en": "The dummy player discards {card}"},
    "target": {"fr": "Le joueur fictif attaque J{t}", "en": "The dummy player raids P{t}"},
    "tiebreak": {"fr": "Le dé départage les ex æquo : J{t} gagne", "en": "The die breaks the tie: P{t} wins"},
    "die_card": {"fr": "Carte dé : mine max {m}, vente max {s}", "en": "Die card: mine up to {m}, sell up to {s}"},
})
"""The words of every action and chance outcome (:func:`action_label`)."""


def helmets_text(n: int, lang: str) -> str:
    return count(n, lang, "casque", "casques", "helmet", "helmets")


def coal_text(n: int, lang: str) -> str:
    return count(n, lang, "charbon", "charbons", "coal", "coal")


def cards_text(n: int, lang: str) -> str:
    return count(n, lang, "carte", "cartes", "card", "cards")


def points_text(n: int, lang: str) -> str:
    return count(n, lang, "point", "points", "point", "points")


def a_card(kind: str, lang: str, helmets: int = 0) -> str:
    """One card with its article, and its helmets when it has some.

    >>> a_card("foreman", "fr", 2), a_card("strike", "en"), a_card("miner", "en", 1)
    ('un Porion (2 casques)', 'a Strike card', 'a Miner (1 helmet)')
    """
    card = ARTICLES(kind, lang) if kind in ARTICLES.table else LABELS("a_card", lang, name=card_name(kind, lang))
    if helmets:
        card += f" ({helmets_text(helmets, lang)})"
    return card


def action_label(action: object, lang: str = "fr", helmets: Mapping[str, int] | None = None) -> str:
    """An action or a chance outcome of Mine in words; ``helmets``: each job kind's helmets
    (the registered hook is called without them: a board's words add them, knowing the game).

    >>> action_label(("place", "mine", "foreman"), "fr", {"foreman": 2})
    'Poser un Porion (2 casques) sur la Mine'
    >>> action_label(("place", "mine", "foreman"), "en")
    'Put a Foreman on the Mine'
    >>> action_label(("raid", "miner", 1), "en", {"miner": 1}), action_label(("die_card", 2, 5), "fr")
    ("Send a Miner (1 helmet) to the Raiders' shelter against P2", 'Carte dé\\xa0: mine max 2, vente max 5')
    """
    helmets = helmets or {}
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return str(action)
    tag, args = action[0], action[1:]

    def card(kind: object) -> str:
        return a_card(str(kind), lang, helmets.get(str(kind), 0))

    if tag == "place" and len(args) == 2 and f"at_{args[0]}" in LABELS.table:
        return LABELS("place", lang, card=card(args[1]), at=LABELS(f"at_{args[0]}", lang))
    if tag == "raid" and len(args) == 2 and isinstance(args[1], int):
        return LABELS("raid", lang, card=card(args[0]), t=args[1] + 1)
    if tag in ("discard", "draw", "dummy_card", "dummy_discard") and len(args) == 1:
        return LABELS(tag, lang, card=card(args[0]))
    if tag in ("target", "tiebreak") and len(args) == 1 and isinstance(args[0], int):
        return LABELS(tag, lang, t=args[0] + 1)
    if tag == "die_card" and len(args) == 2:
        return LABELS("die_card", lang, m=args[0], s=args[1])
    if tag == "pass" and not args:
        return LABELS("pass", lang)
    return " ".join(map(str, action))


# --- the log: one line per move, as one viewer may read it -------------------------------

LOG = Texts({
    "lays": {"fr": "{who} pose {card} {at}.", "en": "{who} puts {card} {at}."},
    "lays_hidden": {"fr": "{who} pose une carte face cachée {at}.", "en": "{who} lays a card face down {at}."},
    "raids": {"fr": "{who} envoie {card} dans l'Abri des pilleurs contre {t}.",
              "en": "{who} sends {card} to the Raiders' shelter against {t}."},
    "passes": {"fr": "{who} passe : plus de carte cette manche.", "en": "{who} passes: no more cards this round."},
    "discards": {"fr": "{who} défausse {card}, au-delà de la limite de main de {n} cartes.",
                 "en": "{who} discards {card}, over the hand limit of {n} cards."},
    "receives": {"fr": "{who} reçoit {card}.", "en": "{who} receives {card}."},
    "receives_n": {"fr": "{who} reçoit {cards}.", "en": "{who} receives {cards}."},
    "die_card": {"fr": "Carte dé tirée : mine max {m}, vente max {s} cette manche.",
                 "en": "Die card drawn: mine up to {m}, sell up to {s} this round."},
    "dummy_to_raid": {"fr": "{who} pose {card} dans l'Abri des pilleurs : sa cible est tirée au sort.",
                      "en": "{who} puts {card} in the Raiders' shelter: its target is drawn at random."},
    "dummy_target": {"fr": "Carte couleur tirée au sort : {who} vise {t}.",
                     "en": "Colour card drawn at random: {who} targets {t}."},
    "dummy_target_hidden": {"fr": "{who} tire une carte couleur au sort, face cachée.",
                            "en": "{who} draws a colour card at random, face down."},
    "dummy_discards": {"fr": "{who} défausse {card} au hasard, au-delà de la limite de main de {n} cartes.",
                       "en": "{who} discards {card} at random, over the hand limit of {n} cards."},
    "tiebreak": {"fr": "Égalité parfaite : le dé désigne {who}.", "en": "A perfect tie: the die picks {who}."},
    "resolution": {"fr": "Résolution :", "en": "Resolution:"},
    "resolution_of": {"fr": "Résolution de la manche {r} :", "en": "Resolution of round {r}:"},
    "nothing": {"fr": "rien ne se passe.", "en": "nothing happens."},
    "grisou": {"fr": "coup de grisou ×{g}, la Mine de {who} ne donne rien",
               "en": "firedamp ×{g}, no coal from the Mine of {who}"},
    "grisou_safe": {"fr": "coup de grisou ×{g}, toutes les Mines sont protégées",
                    "en": "firedamp ×{g}, every Mine is protected"},
    "raid_hit": {"fr": "{r} pille {t} et prend {coal} (attaque {a}, défense {d})",
                 "en": "{r} raids {t} and takes {coal} (attack {a}, defence {d})"},
    "raid_miss": {"fr": "{r} attaque {t} et se fait repousser (attaque {a}, défense {d})",
                  "en": "{r} attacks {t} and is driven back (attack {a}, defence {d})"},
    "raid_empty": {"fr": "{r} pille {t} mais ne trouve rien à prendre (attaque {a}, défense {d})",
                   "en": "{r} raids {t} but finds nothing left to take (attack {a}, defence {d})"},
    "sells": {"fr": "{who} vend {coal} (+{pts})", "en": "{who} sells {coal} (+{pts})"},
    "mines": {"fr": "{who} extrait {coal}", "en": "{who} mines {coal}"},
    "recruits": {"fr": "{who} recrute {cards}", "en": "{who} recruits {cards}"},
    "ends": {"fr": "{who} atteint {pts}, la partie est finie", "en": "{who} reaches {pts}, and the game ends"},
    "dummy": {"fr": "Joueur fictif", "en": "Dummy player"},
    "face_down": {"fr": "une carte face cachée", "en": "a card face down"},
})
"""The log's words (:func:`describe_event`)."""


def who(player: int, lang: str, dummy: int | None = None) -> str:
    """A seat as the log names it: ``J2``, or ``J3 (joueur fictif)`` for the dummy player."""
    name = player_name(player, lang)
    return f"{name} ({LOG('dummy', lang).lower()})" if player == dummy else name


def _sees(viewer: int | None, player: int) -> bool:
    return viewer in (SEE_ALL, player)


def _at(space: str, lang: str) -> str:
    return LABELS(f"at_{space}", lang)


def describe_event(event: Event, viewer: int | None, lang: str = "fr") -> str:
    """One move in words for ``viewer`` (a seat, ``None`` for a spectator, ``SEE_ALL``).

    Face-down cards say where they lie, never what they are; a card dealt to
    someone else is counted ("J2 reçoit 4 cartes", on the first card of the
    draw, then nothing), never named. The move that ends the placement also
    tells the resolution, which everyone sees. An empty text means no line.
    """
    before, after = event.before, event.after
    assert isinstance(before, CoalMineState) and isinstance(after, CoalMineState)
    g = before.game
    h, d = g.helmets, before.dummy_seat
    a, p = event.action, event.player

    def name(q: int) -> str:
        return who(q, lang, d)

    def card(kind: str) -> str:
        return a_card(kind, lang, h.get(kind, 0))

    tag = a[0]
    if p != CHANCE:
        if tag == "pass":
            line = LOG("passes", lang, who=name(p))
        elif tag == "discard":
            line = LOG("discards", lang, who=name(p), card=card(a[1]), n=g.config.hand_limit)
        elif tag == "raid":
            line = (LOG("raids", lang, who=name(p), card=card(a[1]), t=name(a[2])) if _sees(viewer, p)
                    else LOG("lays_hidden", lang, who=name(p), at=_at("raid", lang)))
        else:
            line = (LOG("lays", lang, who=name(p), card=card(a[2]), at=_at(a[1], lang)) if _sees(viewer, p)
                    else LOG("lays_hidden", lang, who=name(p), at=_at(a[1], lang)))
    else:
        line = _chance_line(before, a, viewer, lang)
    new = after.resolutions[len(before.resolutions):]  # a move may end a round, and more if no one can play
    for i, (r, entries) in enumerate(new):
        last = i == len(new) - 1
        head = LOG("resolution", lang) if len(new) == 1 else LOG("resolution_of", lang, r=r)
        told = resolution_text(g, entries, lang, after.points if last else None)
        line = (line + " " if line else "") + f"{head} {told}"
    return line


def _chance_line(before: CoalMineState, a: tuple[Any, ...], viewer: int | None, lang: str) -> str:
    g = before.game
    h, d, t = g.helmets, before.dummy_seat, before.turn
    tag = a[0]
    if tag == "draw":
        if _sees(viewer, t):
            return LOG("receives", lang, who=who(t, lang, d), card=a_card(a[1], lang, h.get(a[1], 0)))
        planned = next((e[2] for e in before.log if e[0] == "recruit" and e[1] == t), None)
        if before.to_draw[t] != planned:
            return ""  # not the first card of this draw: the count was given with the first
        n = min(before.to_draw[t], sum(before.deck) + sum(before.discard))
        return LOG("receives_n", lang, who=who(t, lang, d), cards=cards_text(n, lang))
    if tag == "die_card":
        return LOG("die_card", lang, m=a[1], s=a[2])
    if tag == "dummy_card":
        space = before.dummy_space(a[1])
        shown = viewer == SEE_ALL
        if space == "raid" and g.config.dummy_plan == "basic":
            card = a_card(a[1], lang, h.get(a[1], 0)) if shown else LOG("face_down", lang)
            return LOG("dummy_to_raid", lang, who=who(t, lang, d), card=card)
        if shown:
            return LOG("lays", lang, who=who(t, lang, d), card=a_card(a[1], lang, h.get(a[1], 0)), at=_at(space, lang))
        return LOG("lays_hidden", lang, who=who(t, lang, d), at=_at(space, lang))
    if tag == "target":
        if viewer == SEE_ALL:
            return LOG("dummy_target", lang, who=who(t, lang, d), t=who(a[1], lang, d))
        return LOG("dummy_target_hidden", lang, who=who(t, lang, d))
    if tag == "dummy_discard":
        return LOG("dummy_discards", lang, who=who(t, lang, d), card=a_card(a[1], lang, h.get(a[1], 0)),
                   n=g.config.hand_limit)
    if tag == "tiebreak":
        return LOG("tiebreak", lang, who=who(a[1], lang, d))
    return action_label(a, lang)  # pragma: no cover - every chance outcome is worded above


STEPS = ("grisou", "raid", "sell", "mine", "recruit")
"""The resolution's steps in the text's order (D21): events, raids, expedition, mine, recruitment."""


def resolution_steps(game: Any, entries: Sequence[tuple[Any, ...]], lang: str,
                     points: Sequence[int] | None = None) -> list[tuple[str, list[str]]]:
    """One resolution's entries (public: see ``CoalMineState.resolutions``) step by step, in the
    text's order: ``[(step, [phrases])]`` for each step of :data:`STEPS` (an empty list: nothing
    happened there); with ``points``, who reached the target ends the expedition."""
    d = game.num_players - 1 if game.config.dummy else None

    def name(q: int) -> str:
        return who(q, lang, d)

    steps: dict[str, list[str]] = {step: [] for step in STEPS}
    for entry in entries:
        tag = entry[0]
        if tag == "grisou":  # name the exposed players who had a Mine to lose (each has a "mine" entry)
            _, n, exposed = entry
            hit = [q for q in exposed if any(e[0] == "mine" and e[1] == q for e in entries)]
            steps[tag].append(LOG("grisou", lang, g=n, who=join_words([name(q) for q in hit], lang)) if hit
                              else LOG("grisou_safe", lang, g=n))
        elif tag == "raid":
            _, r, t, att, dfc, x = entry
            key = "raid_hit" if x else ("raid_miss" if dfc >= att else "raid_empty")
            steps[tag].append(LOG(key, lang, r=name(r), t=name(t), a=att, d=dfc, coal=coal_text(x, lang)))
        elif tag == "sell":
            steps[tag].append(LOG("sells", lang, who=name(entry[1]), coal=coal_text(entry[2], lang),
                                  pts=points_text(entry[2], lang)))
        elif tag == "mine":
            steps[tag].append(LOG("mines", lang, who=name(entry[1]), coal=coal_text(entry[2], lang)))
        elif tag == "recruit":
            steps[tag].append(LOG("recruits", lang, who=name(entry[1]), cards=cards_text(entry[2], lang)))
    for q, pts in enumerate(points or ()):
        if pts >= game.config.target_points:
            steps["sell"].append(LOG("ends", lang, who=name(q), pts=points_text(pts, lang)))
    return list(steps.items())


def resolution_text(game: Any, entries: Sequence[tuple[Any, ...]], lang: str, points: Sequence[int] | None = None) -> str:
    """One resolution in one sentence (:func:`resolution_steps` joined), for the log."""
    parts = [phrase for _, phrases in resolution_steps(game, entries, lang, points) for phrase in phrases]
    return join_clauses(parts, lang) + "." if parts else LOG("nothing", lang)


def reason_visible(event: Event, viewer: int | None) -> bool:
    """Whether ``viewer`` may read a bot's reason for ``event``: a reason for a card laid face
    down (or for passing) tells its kind, its target or what the bot's hand holds, so only the
    bot's own seat and the teacher's "show all" read it; a discard is public, so is its reason."""
    return viewer in (SEE_ALL, event.player) or event.action[0] == "discard"


def chapter(state: State, lang: str) -> str | None:
    """The log heading a state belongs to: its round ("Manche 2" / "Round 2")."""
    assert isinstance(state, CoalMineState)
    return round_name(state.round, lang)
