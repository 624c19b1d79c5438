"""My Gold Mine at a board, and the lesson built around it (needs ``ipywidgets``).

* :class:`GoldMineBoard` — the playable board: the track picture (``svg.render``),
  explore / take-an-exit-card buttons, the exit card's options and swap targets
  as buttons, bots playing visibly with a short "what and why" log, undo, the
  new-game dialog (3–6 seats, human or bot), round scoring, the final podium,
  "show all" for hidden cards, and the live odds panel (from :mod:`.odds`, for
  the displayed state).
* :func:`lesson` — the whole notebook page: one language switch, the rules in
  brief, the board, predict → simulate → exact, the bot tournament, exercises.

>>> b = GoldMineBoard(players=4, seats=[None, "random", "random", "random"], seed=1)
>>> [btn.description for btn in b.buttons if btn.layout.display != "none"]
['Explorer : piocher une carte Exploration', 'Sortie : piocher une carte Sortie']
>>> b.odds_figures()["p_dragon_next"]
'8/58'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as W
import numpy as np

from mineedu.core import CHANCE, Texts, make
from mineedu.core.i18n import format_number
from mineedu.core.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS
from mineedu.ui import Board
from mineedu.ui.lesson import BilingualHTML, Exercise, Language, Part, as_fraction_text
from mineedu.ui.session import Event

from . import odds
from .cards import exit_card_name
from .rules import BURNED, DRAGON, EXPLORE_KINDS, LADDER
from .svg import kind_name, render

T = Texts(
    {
        "p": {"fr": "J{p}", "en": "P{p}"},
        "drew": {"fr": "{who} pioche : {card}", "en": "{who} draws: {card}"},
        "chose": {"fr": "{who} : {what}", "en": "{who}: {what}"},
        "why": {"fr": " — {why}", "en": " — {why}"},
        "your_turn": {"fr": "À vous, J{p} ({colour}) : explorer ou sortir ?", "en": "Your turn, P{p} ({colour}): explore or exit?"},
        "your_option": {"fr": "À vous, J{p} : carte Sortie « {name} » ({card}), choisissez une option.", "en": "Your turn, P{p}: exit card \"{name}\" ({card}), choose one option."},
        "exit_card": {"fr": "carte Sortie « {name} »", "en": "exit card \"{name}\""},
        "watching": {"fr": "Vous êtes hors de la mine : les robots finissent la manche.", "en": "You are out of the mine: the bots finish the round."},
        "round_done": {"fr": "Manche {r} : décompte", "en": "Round {r}: scoring"},
        "col_player": {"fr": "Joueur", "en": "Player"},
        "col_gold": {"fr": "Or mis à l'abri", "en": "Gold banked"},
        "col_rung": {"fr": "Échelon", "en": "Rung"},
        "col_tokens": {"fr": "Pépites gagnées", "en": "Tokens won"},
        "burned": {"fr": "grillé", "en": "burned"},
        "round_winner": {"fr": "Gagnant de la manche : {w}", "en": "Round winner: {w}"},
        "nobody": {"fr": "personne", "en": "nobody"},
        "podium": {"fr": "Podium final", "en": "Final podium"},
        "place": {"fr": "{k}ᵉ", "en": "#{k}"},
        "points": {"fr": "{s} points (pépites + or de la dernière manche)", "en": "{s} points (tokens + last round's gold)"},
        # odds panel
        "o_next": {"fr": "P(prochaine carte = dragon)", "en": "P(next card is a dragon)"},
        "o_reach": {"fr": "P(Dragobert atteint la case {q} de J{p} en k cartes)", "en": "P(Dragobert reaches P{p}'s card {q} within k cards)"},
        "o_out": {"fr": "J{p} n'est plus dans la mine.", "en": "P{p} is no longer inside the mine."},
        "o_gold": {"fr": "Or attendu si J{p} explore maintenant", "en": "Expected gold if P{p} explores now"},
        "o_deck": {"fr": "Cartes Exploration non vues : {n} dont {d} dragons", "en": "Unseen exploration cards: {n}, {d} of them dragons"},
        "o_empty": {"fr": "plus de carte Exploration", "en": "no exploration card left"},
        "o_exact": {"fr": "exacte", "en": "exact"},
    }
)

REACH_K = (1, 2, 3, 5)
BOT_CHOICES = ("random", "threshold:0.1", "threshold:0.15", "threshold:0.2", "threshold:0.3", "cautious", "greedy")

class GoldMineBoard(Board):
    """The playable My Gold Mine board (3–6 seats)."""

    seat_range = (3, 6)

    def __init__(
        self,
        players: int = 4,
        seats: Sequence[str | None] | None = None,
        seed: int = 0,
        lang: str = "fr",
        config: Any = None,
    ) -> None:
        game = make("gold_mine", players, config)
        self.bot_choices = [s for s in BOT_CHOICES if s.partition(":")[0] in game.bots]
        if seats is None:
            bot = "threshold:0.15" if "threshold:0.15" in self.bot_choices else "random"
            seats = [None] + [bot] * (players - 1)
        super().__init__(game, seats, seed, lang)

    # --- names ---------------------------------------------------------------
    def who(self, seat: int, lang: str) -> str:
        return T("p", lang, p=seat + 1)

    def describe_event(self, event: Event, lang: str) -> str:
        if event.player == CHANCE:
            drawer = event.before.turn
            if event.action in EXPLORE_KINDS:
                card = kind_name(event.action, lang)
            else:  # an exit card: its options in words, not its code
                card = T("exit_card", lang, name=exit_card_name(str(event.action), lang))
            return T("drew", lang, who=self.who(drawer, lang), card=card)
        text = T("chose", lang, who=self.who(event.player, lang), what=self.describe_action(event.action, lang))
        bot = self.session.bots[event.player]
        why = getattr(bot, "why", None)
        if why is not None:
            try:
                reason = why(event.before.observation(event.player), event.action, lang)
            except Exception:
                reason = None
            if reason:
                text += T("why", lang, why=reason)
        return text

    # --- picture, status, odds ---------------------------------------------------
    def picture(self) -> str:
        return render(self.session.state, player=self.viewer(), lang=self.lang, show_all=self.show_all)

    def status_html(self, lang: str) -> str:
        s = self.session
        state = s.state
        parts = []
        p = s.human_to_move()
        if p is not None:
            colour = PLAYER_COLOUR_NAMES[lang][p % len(PLAYER_COLOURS)]
            key = "your_option" if state.phase == "option" else "your_turn"
            name = exit_card_name(str(state.card), lang) if key == "your_option" else ""
            parts.append(f"<p><b>{html.escape(T(key, lang, p=p + 1, colour=colour, card=state.card, name=name))}</b></p>")
        elif not state.is_terminal():
            parts.append(f"<p>{T('watching', lang)}</p>")
        if state.results:
            parts.append(self.round_table(state.results[-1], lang))
        if state.is_terminal():
            parts.append(self.podium_html(lang))
        return "".join(parts)

    def round_table(self, result: Any, lang: str) -> str:
        rows = []
        for i in range(len(result.gold)):
            rung = str(result.rungs[i]) if result.rungs[i] else T("burned", lang)
            rows.append(
                f"<tr><td style='color:{PLAYER_COLOURS[i]}'>●</td><td>{self.who(i, lang)}</td><td>{result.gold[i]}</td>"
                f"<td>{rung}</td><td>{result.awarded[i]}</td></tr>"
            )
        w = self.who(result.winner, lang) if result.winner is not None else T("nobody", lang)
        head = "".join(f"<th>{T(k, lang)}</th>" for k in ("col_player", "col_gold", "col_rung", "col_tokens"))
        return (
            f"<div class='mineedu-round-result' data-round='{result.round}'><b>{T('round_done', lang, r=result.round)}</b>"
            f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>{T('round_winner', lang, w=w)}</div>"
        )

    def podium_html(self, lang: str) -> str:
        state = self.session.state
        scores = state.scores()
        items = []
        for k, place in enumerate(state.podium(), 1):
            names = ", ".join(self.who(p, lang) for p in place)
            items.append(f"<li>{T('place', lang, k=k)} {names} — {T('points', lang, s=int(scores[place[0]]))}</li>")
        return f"<div class='mineedu-podium'><b>{T('podium', lang)}</b><ol style='list-style:none'>{''.join(items)}</ol></div>"

    def odds_figures(self) -> dict[str, Any]:
        """The odds panel's numbers for the displayed state (exact, as strings)."""
        state = self.session.state
        p = self.viewer()
        if p is None:
            p = state.turn
        d, n = odds.dragon_fraction(state)
        fig: dict[str, Any] = {
            "player": p,
            "cards_left": n,
            "dragons_left": d,
            "p_dragon_next": f"{d}/{n}" if n else "0",
            "p_dragon_next_float": float(odds.p_dragon_next(state)),
            "expected_gold": as_fraction_text(odds.expected_gold_next(state)),
            "reach": None,
        }
        pos = state.positions[p]
        if pos not in (LADDER, BURNED):
            fig["position"] = pos
            fig["reach"] = {k: as_fraction_text(odds.p_dragon_reaches(state, pos, k)) for k in REACH_K}
        return fig

    def odds_html(self, lang: str) -> str:
        f = self.odds_figures()
        p = f["player"] + 1
        rows = [f"<p>{T('o_deck', lang, n=f['cards_left'], d=f['dragons_left'])}</p>"]
        if f["cards_left"]:
            rows.append(
                f"<p>{T('o_next', lang)} = <b class='odds-next'>{f['p_dragon_next']}</b> ≈ "
                f"<span class='odds-next-pct'>{html.escape(format_number(f['p_dragon_next_float'], lang, percent=True))}</span></p>"
            )
        else:
            rows.append(f"<p>{T('o_empty', lang)}</p>")
        if f["reach"] is None:
            rows.append(f"<p>{T('o_out', lang, p=p)}</p>")
        else:
            cell = "style='padding:1px 10px;text-align:right'"
            head = "".join(f"<th {cell}>{h}</th>" for h in ("k", T("o_exact", lang), "≈"))
            cells = "".join(
                f"<tr><td {cell}>{k}</td><td {cell} class='odds-reach' data-k='{k}'>{v}</td>"
                f"<td {cell} class='odds-reach-pct'>{html.escape(format_number(Fraction(v), lang, percent=True))}</td></tr>"
                for k, v in f["reach"].items()
            )
            rows.append(f"<p>{T('o_reach', lang, p=p, q=f['position'])}</p>"
                        f"<table class='odds-reach-table'><tr>{head}</tr>{cells}</table>")
        g = Fraction(f["expected_gold"])
        rows.append(f"<p>{T('o_gold', lang, p=p)} = <b class='odds-gold'>{f['expected_gold']}</b> ≈ "
                    f"<span class='odds-gold-approx'>{format_number(g, lang, 3)}</span></p>")
        return "".join(rows)


# --- the lesson ------------------------------------------------------------------

L = Texts(
    {
        "title": {"fr": "My Gold Mine : stop ou encore face au dragon", "en": "My Gold Mine: push your luck against the dragon"},
        "rules": {
            "fr": "<p>Chaque joueur est un mineur dans la mine (sur le chariot, case 4). À votre tour : "
            "<b>explorer</b> (piocher une carte Exploration : pépite = 1 or ; lanterne = 1 or et un pas vers la sortie ; "
            "yeux = 2 or et un pas vers le dragon ; <b>dragon</b> = Dragobert avance d'une case et grille les mineurs qui s'y trouvent) "
            "ou <b>sortir</b> (piocher une carte Sortie : avancer vers l'échelle, faire avancer tout le monde, échanger sa place…). "
            "Sur l'échelle, votre or est à l'abri ; grillé, vous perdez l'or de la manche. Trois manches : 3/2/1 pépites aux meilleurs "
            "des manches 1 et 2, puis l'or de la manche 3 s'ajoute aux pépites.</p>"
            "<p>Le paquet Exploration compte 58 cartes dont 8 dragons. Chaque carte piochée est visible par son effet : "
            "on peut donc toujours calculer la probabilité exacte que la prochaine carte soit un dragon.</p>",
            "en": "<p>Each player is a miner inside the mine (on the cart, card 4). On your turn: "
            "<b>explore</b> (draw an exploration card: nugget = 1 gold; lantern = 1 gold and one step toward the exit; "
            "eyes = 2 gold and one step toward the dragon; <b>dragon</b> = Dragobert moves one card closer and burns the miners there) "
            "or <b>exit</b> (draw an exit card: move toward the ladder, move everyone, swap places…). "
            "On the ladder your gold is safe; burned, you lose the round's gold. Three rounds: 3/2/1 tokens to the best of "
            "rounds 1 and 2, then round 3's gold adds to the tokens.</p>"
            "<p>The exploration deck has 58 cards, 8 of them dragons. Every card drawn shows by its effect: "
            "so the exact chance that the next card is a dragon can always be computed.</p>",
        },
        "start_picture": {"fr": "Le plateau au début d'une manche (la partie se joue plus bas) :", "en": "The board at the start of a round (the game is played below):"},
        "play": {"fr": "Jouer", "en": "Play"},
        "predict": {"fr": "Prédire → simuler → calculer", "en": "Predict → simulate → compute"},
        "predict_q": {
            "fr": "Au début d'une manche, quelle est la probabilité qu'au moins un dragon sorte dans les <b>k</b> premières cartes Exploration ? Notez votre estimation, puis simulez.",
            "en": "At the start of a round, what is the chance that at least one dragon comes up in the first <b>k</b> exploration cards? Write down your guess, then simulate.",
        },
        "k": {"fr": "k cartes", "en": "k cards"},
        "guess": {"fr": "Mon estimation", "en": "My guess"},
        "trials": {"fr": "Essais", "en": "Trials"},
        "simulate": {"fr": "Simuler", "en": "Simulate"},
        "sim_result": {
            "fr": "Simulé : {hits} manches sur {n} avec au moins un dragon dans les {k} premières cartes = {freq}. "
            "Exact (loi hypergéométrique) : 1 − C(50 ; {k})/C(58 ; {k}) = {exact} ≈ {x}.",
            "en": "Simulated: {hits} of {n} rounds had at least one dragon in the first {k} cards = {freq}. "
            "Exact (hypergeometric): 1 − C(50,{k})/C(58,{k}) = {exact} ≈ {x}.",
        },
        "your_guess": {"fr": "Votre estimation : {g}.", "en": "Your guess: {g}."},
        "chart_x": {"fr": "nombre d'essais", "en": "number of trials"},
        "chart_y": {"fr": "fréquence simulée", "en": "simulated frequency"},
        "chart_exact": {"fr": "valeur exacte", "en": "exact value"},
        "tournament": {"fr": "Quel seuil de risque gagne le plus souvent ?", "en": "Which risk threshold wins most often?"},
        "tournament_q": {
            "fr": "Chaque robot « seuil s » explore tant que P(dragon à la prochaine carte) est sous s, puis sort. Cinq robots jouent l'un contre l'autre, les places tournent.",
            "en": "Each \"threshold s\" bot explores while P(dragon next) is below s, then exits. Five bots play each other, seats rotate.",
        },
        "games": {"fr": "Parties", "en": "Games"},
        "run": {"fr": "Lancer le tournoi", "en": "Run the tournament"},
        "win_rate": {"fr": "taux de victoire", "en": "win rate"},
        "threshold": {"fr": "seuil", "en": "threshold"},
        "pct_unit": {"fr": "\u00a0%", "en": "%"},
        "t_hover": {"fr": "seuil %{x} : %{y:.1f}\u00a0% des parties<extra></extra>", "en": "threshold %{x}: %{y:.1f}% of games<extra></extra>"},
        "t_result": {"fr": "Le seuil {best} gagne le plus souvent ({w} des parties, sur {g} parties).", "en": "Threshold {best} wins most often ({w} of games, over {g} games)."},
        "no_threshold": {"fr": "Ce jeu n'a pas encore de robot « threshold ».", "en": "This game has no \"threshold\" bot yet."},
        "exercises": {"fr": "Exercices", "en": "Exercises"},
        "ex1": {"fr": "1. Au début d'une manche, quelle est la probabilité que la première carte Exploration soit un dragon ?", "en": "1. At the start of a round, what is the chance that the first exploration card is a dragon?"},
        "ex2": {"fr": "2. Quelle est la probabilité que les deux premières cartes Exploration ne soient pas des dragons ?", "en": "2. What is the chance that neither of the first two exploration cards is a dragon?"},
        "ex3": {"fr": "3. Combien d'or rapporte en moyenne la première carte Exploration (un dragon ne rapporte rien) ?", "en": "3. How much gold does the first exploration card bring on average (a dragon brings none)?"},
        "bad_trials": {"fr": "Nombre d'essais refusé : {v} (entre {lo} et {hi}).", "en": "Number of trials refused: {v} (between {lo} and {hi})."},
        "bad_k": {"fr": "k refusé : {v} (entre 1 et {hi}).", "en": "k refused: {v} (between 1 and {hi})."},
        "bad_games": {"fr": "Nombre de parties refusé : {v} (entre {lo} et {hi}).", "en": "Number of games refused: {v} (between {lo} and {hi})."},
    }
)

TRIALS = (100, 20000)
GAMES = (10, 300)
K_MAX = 10
THRESHOLDS = ("0.05", "0.1", "0.15", "0.2", "0.3")


def threshold_text(t: str, lang: str) -> str:
    """A threshold such as ``"0.15"`` written the reader's way (``0,15`` in French)."""
    return format_number(float(t), lang, len(t.partition(".")[2]))


def _whole(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def start_deck(players: int = 4) -> tuple[int, ...]:
    """The exploration counts at the start of a round, from the rules."""
    return tuple(make("gold_mine", players).initial_state().explore)


def exact_dragon_within(k: int, deck: tuple[int, ...] | None = None) -> Fraction:
    """P(at least one dragon among the first ``k`` exploration cards), exact."""
    deck = deck or start_deck()
    return 1 - odds.dragons_in_next(deck, k).get(0, Fraction(0))


def simulate_dragon_within(k: int, trials: int, rng: np.random.Generator, deck: tuple[int, ...] | None = None,
                           progress: Any = None, chunk: int = 2000) -> np.ndarray:
    """``trials`` shuffles of the deck: 1 where a dragon is among the first ``k`` cards.

    Each trial is a uniformly random order of the deck (the rules' draws without
    replacement); a card is a dragon if its index is below the dragon count.
    """
    deck = deck or start_deck()
    n, d = sum(deck), deck[DRAGON]
    out = np.empty(trials, dtype=np.int8)
    done = 0
    while done < trials:
        m = min(chunk, trials - done)
        first = np.argsort(rng.random((m, n)), axis=1)[:, :k]
        out[done:done + m] = (first < d).any(axis=1)
        done += m
        if progress is not None:
            progress(done)
    return out


PLOTLY_SEPARATORS = {"fr": ",\u00a0", "en": ".,"}  # decimal mark, then thousands


def show_figure(out: W.Output, fig: Any, language: Language) -> None:
    """Put a plotly figure into an ``Output`` widget as static HTML.

    No ``FigureWidget`` (seconds in the kernel and a 5 MB bundle on every page)
    and no plotly extension on the page: plotly.js travels with the first chart
    a page draws (the ``Language`` object is one per page), later charts reuse it.
    """
    first = not getattr(language, "plotly_sent", False)
    fig.update_layout(separators=PLOTLY_SEPARATORS.get(language.lang, ".,"))  # axes and hover: 0,25 in French
    html_text = fig.to_html(full_html=False, include_plotlyjs=first, config={"displaylogo": False, "responsive": True})
    language.plotly_sent = True  # type: ignore[attr-defined]
    out.outputs = ({"output_type": "display_data", "data": {"text/html": html_text, "text/plain": "<plotly figure>"}, "metadata": {}},)


class PredictSection:
    """Predict → simulate → exact: a guess, a simulation with progress, a convergence chart."""

    def __init__(self, language: Language, seed: int = 2024) -> None:
        self.language = language
        self.seed = seed
        self.runs = 0
        self.k = W.IntSlider(value=3, min=1, max=K_MAX)
        self.guess = W.Text(layout=W.Layout(width="16em"), style={"description_width": "initial"})
        self.trials = W.IntSlider(value=2000, min=TRIALS[0], max=TRIALS[1], step=100)
        self.button = W.Button(button_style="primary")
        self.button.add_class("mineedu-simulate")
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="16em"))
        self.result = W.HTML()
        self.result.add_class("mineedu-sim-result")
        self.chart = W.Output()
        self.question = BilingualHTML(lambda lang: f"<h3>{L('predict', lang)}</h3><p>{L('predict_q', lang)}</p>", language)
        self.last: dict[str, Any] | None = None
        self._message: tuple[str, dict[str, Any]] | None = None
        self.button.on_click(lambda _b: self.run(self.k.value, self.trials.value))
        self.widget = W.VBox([self.question.widget, W.HBox([self.k, self.guess]), W.HBox([self.trials, self.button, self.progress]), self.result, self.chart])
        language.register(self.render)

    def run(self, k: Any, trials: Any) -> dict[str, Any] | None:
        """Check the values (a client may send anything), simulate, compare with the exact value."""
        if not _whole(k, 1, K_MAX):
            self._message = ("bad_k", {"v": repr(k), "hi": K_MAX})
        elif not _whole(trials, *TRIALS):
            self._message = ("bad_trials", {"v": repr(trials), "lo": TRIALS[0], "hi": TRIALS[1]})
        else:
            self._message = None
        if self._message:
            self.render(self.language.lang)
            return None
        self.runs += 1
        rng = np.random.default_rng([self.seed, self.runs])
        self.progress.max, self.progress.value = trials, 0
        hits = simulate_dragon_within(k, trials, rng, progress=lambda d: setattr(self.progress, "value", d))
        exact = exact_dragon_within(k)
        self.last = {"k": k, "trials": trials, "hits": int(hits.sum()), "exact": exact,
                     "running": np.cumsum(hits) / np.arange(1, trials + 1)}
        self.render(self.language.lang)
        self.draw_chart(self.language.lang)
        return self.last

    def render(self, lang: str) -> None:
        self.k.description = L("k", lang)
        self.guess.description = L("guess", lang)
        self.trials.description = L("trials", lang)
        self.button.description = L("simulate", lang)
        if self._message:
            key, fmt = self._message
            self.result.value = f"<div role='alert' style='color:#B00020'>{html.escape(L(key, lang, **fmt))}</div>"
            return
        if self.last is None:
            self.result.value = ""
            return
        r = self.last
        text = L("sim_result", lang, hits=r["hits"], n=r["trials"], k=r["k"], freq=format_number(r["hits"] / r["trials"], lang, 4),
                 exact=as_fraction_text(r["exact"]), x=format_number(r["exact"], lang, 4))
        if self.guess.value.strip():
            text += " " + L("your_guess", lang, g=self.guess.value.strip()[:20])
        self.result.value = f"<p>{html.escape(text)}</p>"
        if self.chart.outputs:
            self.draw_chart(lang)

    def draw_chart(self, lang: str) -> None:
        """The running frequency against the exact value (plotly, made only when asked for)."""
        import plotly.graph_objects as go

        r = self.last
        assert r is not None
        n = r["trials"]
        xs = np.unique(np.geomspace(1, n, num=min(n, 150)).astype(int))
        fig = go.Figure()
        fig.add_scatter(x=xs, y=r["running"][xs - 1], mode="lines", name=L("chart_y", lang))
        fig.add_scatter(x=[1, n], y=[float(r["exact"])] * 2, mode="lines", name=L("chart_exact", lang), line={"dash": "dash"})
        fig.update_layout(xaxis={"title": L("chart_x", lang), "type": "log"}, yaxis={"title": L("chart_y", lang), "range": [0, 1]},
                          height=320, margin={"l": 50, "r": 10, "t": 10, "b": 40})
        show_figure(self.chart, fig, self.language)


class TournamentSection:
    """Threshold bots against each other: which threshold wins most often?"""

    def __init__(self, language: Language, seed: int = 7) -> None:
        self.language = language
        self.seed = seed
        self.games = W.IntSlider(value=60, min=GAMES[0], max=GAMES[1], step=10)
        self.button = W.Button(button_style="primary")
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="16em"))
        self.result = W.HTML()
        self.result.add_class("mineedu-tournament")
        self.chart = W.Output()
        self.intro = BilingualHTML(lambda lang: f"<h3>{L('tournament', lang)}</h3><p>{L('tournament_q', lang)}</p>", language)
        self.last: dict[str, Any] | None = None
        self._message: tuple[str, dict[str, Any]] | None = None
        self.button.on_click(lambda _b: self.run(self.games.value))
        self.widget = W.VBox([self.intro.widget, W.HBox([self.games, self.button, self.progress]), self.result, self.chart])
        language.register(self.render)

    def run(self, games: Any) -> dict[str, Any] | None:
        from mineedu.core import tournament

        game = make("gold_mine", len(THRESHOLDS))
        if "threshold" not in game.bots:
            self._message = ("no_threshold", {})
        elif not _whole(games, *GAMES):
            self._message = ("bad_games", {"v": repr(games), "lo": GAMES[0], "hi": GAMES[1]})
        else:
            self._message = None
        if self._message:
            self.render(self.language.lang)
            return None
        self.progress.max, self.progress.value = games, 0
        specs = [f"threshold:{t}" for t in THRESHOLDS]
        self.last = tournament(game, specs, games, self.seed, progress=lambda g: setattr(self.progress, "value", g))
        self.render(self.language.lang)
        return self.last

    def win_rates(self) -> list[tuple[str, float]]:
        assert self.last is not None
        return [(row["bot"].partition(":")[2], row["win"]["mean"]) for row in self.last["bots"]]

    def render(self, lang: str) -> None:
        self.games.description = L("games", lang)
        self.button.description = L("run", lang)
        if self._message:
            key, fmt = self._message
            self.result.value = f"<div role='alert' style='color:#B00020'>{html.escape(L(key, lang, **fmt))}</div>"
            return
        if self.last is None:
            self.result.value = ""
            return
        rates = [(threshold_text(t, lang), r) for t, r in self.win_rates()]
        w = max(r for _, r in rates)
        best = " = ".join(t for t, r in rates if r == w)  # a tie names every best threshold
        text = L("t_result", lang, best=best, w=format_number(w, lang, 0, percent=True), g=self.last["games"])
        self.result.value = f"<p>{html.escape(text)}</p>"
        import plotly.graph_objects as go

        fig = go.Figure(go.Bar(x=[t for t, _ in rates], y=[100 * r for _, r in rates], hovertemplate=L("t_hover", lang)))
        fig.update_layout(xaxis={"title": L("threshold", lang), "type": "category"},
                          yaxis={"title": L("win_rate", lang), "ticksuffix": L("pct_unit", lang), "rangemode": "tozero"},
                          height=300, margin={"l": 60, "r": 10, "t": 10, "b": 40})
        show_figure(self.chart, fig, self.language)


class Lesson:
    """The whole My Gold Mine lesson page; each attribute is one part to display
    (a :class:`~mineedu.ui.lesson.Part`: the widget, plus a plain-text summary)."""

    def __init__(self, lang: str = "fr", seed: int | None = None, players: int = 4) -> None:
        if seed is None:  # a fresh deal for every page (each preheated kernel draws its own)
            seed = int(np.random.SeedSequence().entropy % 2**63)
        self.language = Language(lang)
        self.game_board = GoldMineBoard(players=players, seed=seed, lang=self.language.lang)
        self.game_board.lang_switch.layout.display = "none"  # the page's switch drives the board
        self.language.register(lambda lang: self.game_board.receive("lang", lang) if self.game_board.lang != lang else None)
        start = make("gold_mine", players).initial_state()
        picture = BilingualHTML(lambda lang: f"<p><i>{L('start_picture', lang)}</i></p>{render(start, lang=lang)}", self.language)
        intro = BilingualHTML(lambda lang: f"<h2>{L('title', lang)}</h2>{L('rules', lang)}", self.language)
        deck = start.explore
        self.header = Part(
            W.VBox([self.language.switch, intro.widget, picture.widget]),
            lambda: "My Gold Mine, rules in brief; exploration deck: "
            + ", ".join(f"{c} {k}" for k, c in zip(EXPLORE_KINDS, deck)),
        )
        self.board = Part(self.game_board.widget, self.board_summary)
        self.predict_section = PredictSection(self.language)
        self.predict = Part(
            self.predict_section.widget,
            lambda: "Predict, simulate, compute: P(at least one dragon in the first k cards) = "
            + "; ".join(f"k={k}: {as_fraction_text(exact_dragon_within(k, deck))}" for k in (1, 2, 3, 5)),
        )
        self.tournament_section = TournamentSection(self.language)
        self.tournament = Part(
            self.tournament_section.widget,
            lambda: f"Tournament of threshold bots {', '.join(THRESHOLDS)} (run on demand, seed {self.tournament_section.seed})",
        )
        first_two_clear = odds.dragons_in_next(deck, 2).get(0, Fraction(0))
        self.exercise_list = [
            Exercise({k: L("ex1", k) for k in ("fr", "en")}, odds.p_dragon_next(deck), self.language),
            Exercise({k: L("ex2", k) for k in ("fr", "en")}, first_two_clear, self.language),
            Exercise({k: L("ex3", k) for k in ("fr", "en")}, odds.expected_gold_next(start), self.language),
        ]
        ex_head = BilingualHTML(lambda lang: f"<h3>{L('exercises', lang)}</h3>", self.language)
        self.exercises = Part(
            W.VBox([ex_head.widget, *(e.widget for e in self.exercise_list)]),
            lambda: f"{len(self.exercise_list)} exercises, answers checked by the notebook",
        )

    def board_summary(self) -> str:
        b = self.game_board
        f = b.odds_figures()
        seats = ", ".join("human" if s is None else s for s in b.session.seats)
        return (
            f"My Gold Mine board: seats {seats}; P{f['player'] + 1} to move; "
            f"P(next card is a dragon) = {f['p_dragon_next']}; expected gold of exploring = {f['expected_gold']}"
        )


def lesson(lang: str = "fr", seed: int | None = None) -> Lesson:
    """The My Gold Mine lesson page (see :class:`Lesson`); no seed: a fresh deal."""
    return Lesson(lang, seed)
