"""Every text the class server itself shows a student (pages it refuses, the page guard), in French and English.

The guard's texts reach the page inside the template (``resources.mineedu``), so
they live here, checked complete like every other table of texts.
"""

from __future__ import annotations

from mineedu.core import Texts

T = Texts(
    {
        "title_full": {"fr": "La classe est complète", "en": "The class is full"},
        "full": {
            "fr": "La classe est complète : attendez un instant, la page réessaie toute seule dans {s} secondes.",
            "en": "The class is full: wait a moment, the page tries again by itself in {s} seconds.",
        },
        "title_busy": {"fr": "Trop de pages ouvertes", "en": "Too many pages opened"},
        "busy": {
            "fr": "Vous avez ouvert beaucoup de pages en peu de temps : attendez un instant, "
                  "la page réessaie toute seule dans {s} secondes.",
            "en": "You opened many pages in a short time: wait a moment, the page tries again by itself in {s} seconds.",
        },
        "reload": {"fr": "Recharger la page", "en": "Reload the page"},
        "incomplete": {
            "fr": "Cette page n'a pas pu s'afficher en entier (le serveur est peut-être très chargé).",
            "en": "This page could not be shown completely (the server may be very busy).",
        },
        "failed": {
            "fr": "Une partie de cette page n'a pas pu être calculée.",
            "en": "Part of this page could not be computed.",
        },
        "retrying": {
            "fr": "Le serveur était trop occupé pour préparer cette page : elle se recharge toute seule.",
            "en": "The server was too busy to prepare this page: it reloads by itself.",
        },
        "stopped": {
            "fr": "Cette page s'est arrêtée : son calcul sur le serveur a pris fin (onglet inactif trop longtemps, "
                  "ou serveur redémarré). Rechargez-la pour reprendre une partie neuve.",
            "en": "This page has stopped: its computation on the server has ended (the tab was idle too long, "
                  "or the server restarted). Reload it to start a fresh game.",
        },
        "title_token": {"fr": "Le code de la classe", "en": "The class code"},
        "token": {
            "fr": "Cette page demande le code de la classe : ouvrez le lien (ou scannez le QR code) que montre "
                  "l'enseignant·e, ou tapez le code ici.",
            "en": "This page needs the class code: open the link (or scan the QR code) your teacher shows, "
                  "or type the code here.",
        },
        "token_wrong": {"fr": "Ce code n'est pas le bon : vérifiez-le.", "en": "That is not the right code: check it."},
        "token_label": {"fr": "Code de la classe", "en": "Class code"},
        "enter": {"fr": "Entrer", "en": "Enter"},
        "join": {"fr": "Rejoindre la classe", "en": "Join the class"},
        "join_hint": {
            "fr": "Scannez le code ou tapez l'adresse dans le navigateur de votre appareil.",
            "en": "Scan the code or type the address in your device's browser.",
        },
        "title_teacher": {"fr": "Page de l'enseignant·e", "en": "The teacher's page"},
        "teacher": {
            "fr": "Cette page est pour l'enseignant·e : elle s'ouvre avec le lien de l'enseignant·e, "
                  "pas avec celui de la classe.",
            "en": "This page is for the teacher: it opens with the teacher's link, not with the class link.",
        },
        "no_qr": {
            "fr": "(installez « segno » pour afficher un QR code ici)",
            "en": "(install \"segno\" to show a QR code here)",
        },
    }
)

GUARD_KEYS = ("reload", "incomplete", "failed", "retrying", "stopped")


def guard_texts() -> dict[str, dict[str, str]]:
    """The page guard's texts, ``{key: {"fr", "en"}}`` (sent inside each lesson page)."""
    return {key: dict(T.table[key]) for key in GUARD_KEYS}
