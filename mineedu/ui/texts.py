"""Every text the shared board widgets show, in French and English."""

from __future__ import annotations

from mineedu.core import Texts

T = Texts(
    {
        # messages for refused input (a hostile or stale client included)
        "seats_count": {"fr": "Il faut {n} places, pas {k}.", "en": "There must be {n} seats, not {k}."},
        "bad_seed": {"fr": "La graine doit être un nombre entier, pas {seed}.", "en": "The seed must be a whole number, not {seed}."},
        "bad_seat": {"fr": "La place {seat} n'existe pas.", "en": "Seat {seat} does not exist."},
        "game_over": {"fr": "La partie est finie : lancez une nouvelle partie.", "en": "The game is over: start a new game."},
        "bot_seat": {"fr": "La place {seat} est jouée par un robot : ce n'est pas à vous de jouer pour lui.", "en": "Seat {seat} is played by a bot: you cannot move for it."},
        "not_your_turn": {"fr": "Ce n'est pas le tour de la place {seat}.", "en": "It is not seat {seat}'s turn."},
        "bad_index": {"fr": "Le choix {index} n'existe pas ici (il y a {k} choix possibles).", "en": "Choice {index} does not exist here (there are {k} possible choices)."},
        "no_human_turn": {"fr": "Aucun joueur humain ne doit jouer maintenant.", "en": "No human player has to move now."},
        "illegal": {"fr": "Coup interdit : {rule}", "en": "Illegal move: {rule}"},
        "nothing_to_undo": {"fr": "Rien à annuler.", "en": "Nothing to undo."},
        "stale": {"fr": "Ce bouton ne correspond plus à la position affichée : choisissez à nouveau.", "en": "This button no longer matches the position shown: choose again."},
        "bad_value": {"fr": "Valeur refusée pour « {what} » : {value} (attendu : {expected}).", "en": "Value refused for \"{what}\": {value} (expected: {expected})."},
        "bad_saved": {"fr": "Partie sauvegardée illisible : {error}", "en": "Cannot read the saved game: {error}"},
        "loaded": {"fr": "Partie chargée.", "en": "Game loaded."},
        "error": {"fr": "Erreur : {error}", "en": "Error: {error}"},
        # labels
        "lang": {"fr": "Langue", "en": "Language"},
        "undo": {"fr": "↶ Annuler mon coup", "en": "↶ Undo my move"},
        "new_game": {"fr": "Nouvelle partie…", "en": "New game…"},
        "start": {"fr": "Commencer", "en": "Start"},
        "players": {"fr": "Joueurs", "en": "Players"},
        "seat": {"fr": "Place {i}", "en": "Seat {i}"},
        "human": {"fr": "humain", "en": "human"},
        "seed": {"fr": "Graine", "en": "Seed"},
        "show_all": {"fr": "Tout montrer (cartes cachées)", "en": "Show all (hidden cards)"},
        "your_turn": {"fr": "À vous de jouer, place {seat} ({colour}).", "en": "Your turn, seat {seat} ({colour})."},
        "waiting": {"fr": "En attente…", "en": "Waiting…"},
        "over": {"fr": "Partie terminée.", "en": "Game over."},
        "log": {"fr": "Journal", "en": "Log"},
        "odds": {"fr": "Probabilités exactes", "en": "Exact odds"},
        "export": {"fr": "Exporter", "en": "Export"},
        "import": {"fr": "Importer", "en": "Import"},
        "saved_label": {"fr": "Sauvegarder / charger…", "en": "Save / load…"},
        "chance": {"fr": "Hasard", "en": "Chance"},
        "bot_name": {"fr": "robot {spec}", "en": "bot {spec}"},
        "bad_event": {"fr": "Message refusé : {what}.", "en": "Message refused: {what}."},
        "pass_screen": {"fr": "Passez l'écran à {who} ({colour}). {who}, cliquez quand vous êtes seul·e à regarder.", "en": "Pass the screen to {who} ({colour}). {who}, click when only you can see it."},
        "ready": {"fr": "Je suis {who} : montrer mon jeu", "en": "I am {who}: show my game"},
        "back": {"fr": "← Revenir (Échap)", "en": "← Back (Esc)"},
        "turn_of": {"fr": "À vous, {who} ({colour}).", "en": "Your turn, {who} ({colour})."},
        "bot_thinks": {"fr": "{who} ({bot}) joue…", "en": "{who} ({bot}) is playing…"},
        "chance_moves": {"fr": "Le hasard joue…", "en": "Chance is moving…"},
        "winner_is": {"fr": "Partie terminée. Gagnant : {who}.", "en": "Game over. Winner: {who}."},
        "winners_are": {"fr": "Partie terminée. Gagnants ex æquo : {who}.", "en": "Game over. Shared win: {who}."},
        "scores": {"fr": "Scores : {s}", "en": "Scores: {s}"},
        "finish_bots": {"fr": "Les robots jouent tout de suite", "en": "Bots play at once"},
        "variant": {"fr": "Variante", "en": "Variant"},
        "exported": {"fr": "La partie est dans la boîte ci-dessus : copiez ce texte pour la garder.", "en": "The game is in the box above: copy the text to keep it."},
        "more_events": {"fr": "… {n} coups plus tôt", "en": "… {n} earlier moves"},
        "teacher_only": {"fr": "Réservé à l'enseignant·e.", "en": "For the teacher only."},
    }
)
