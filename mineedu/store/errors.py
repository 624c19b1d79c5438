"""The class store's errors, each worded in French and English (``error.text(lang)``).

Every error a teacher or a student can meet through the store is a
:class:`StoreError` (or one of its two kinds, :class:`UnknownTable` and
:class:`SeatRefused`): a page shows ``error.text(lang)``; ``str(error)`` is the
English text, for logs and the command line.
"""

from __future__ import annotations

from mineedu.core import MineeduError, Texts

STORE_TEXTS = Texts({
    "unreachable": {"fr": "le registre de la classe est injoignable : {error}",
                    "en": "the class store cannot be reached: {error}"},
    "gone": {"fr": "le registre de la classe a disparu ({path} a été supprimé ou remplacé) : "
                   "relancez le serveur de la classe",
             "en": "the class store went away ({path} was removed or replaced): restart the class server"},
    "busy": {"fr": "le registre de la classe est trop occupé, réessayez dans un instant : {error}",
             "en": "the class store is too busy, try again in a moment: {error}"},
    "failed": {"fr": "le registre de la classe a refusé l'opération : {error}",
               "en": "the class store refused the operation: {error}"},
    "bad_url": {"fr": "adresse de registre non reconnue : {url!r} (attendu sqlite:///chemin.db ou postgresql://…)",
                "en": "unknown store address {url!r} (expected sqlite:///path.db or postgresql://...)"},
    "no_driver": {"fr": "PostgreSQL demande le module psycopg : pip install 'psycopg[binary]'",
                  "en": "PostgreSQL needs the psycopg module: pip install 'psycopg[binary]'"},
    "newer": {"fr": "ce registre a le format {found}, plus récent que celui que connaît ce mineedu ({known}) : "
                    "mettez mineedu à jour",
              "en": "this store has format {found}, newer than this mineedu knows ({known}): update mineedu"},
    "unknown_table": {"fr": "aucune table n'a le code {code}", "en": "no table has the code {code}"},
    "bad_ticket": {"fr": "ce ticket ne donne aucune place à la table {code} : rejoignez-la à nouveau",
                   "en": "this ticket holds no seat at table {code}: join it again"},
    "full": {"fr": "la table {code} est complète : toutes les places sont prises",
             "en": "table {code} is full: every seat is taken"},
    "finished": {"fr": "la partie de la table {code} est terminée", "en": "the game at table {code} is over"},
    "bad_name": {"fr": "donnez un prénom (1 à {limit} caractères)", "en": "give a first name (1 to {limit} characters)"},
    "bad_seat": {"fr": "la table {code} n'a pas de place {seat} qu'un joueur ou un robot puisse prendre",
                 "en": "table {code} has no seat {seat} a player or a bot can take"},
    "bad_table": {"fr": "table impossible : {error}", "en": "cannot create this table: {error}"},
    "bad_action": {"fr": "coup impossible à enregistrer : {error}", "en": "cannot store this move: {error}"},
    "move_gap": {"fr": "le coup {number} ne suit pas les {count} coups de la table {code}",
                 "en": "move {number} does not follow the {count} moves of table {code}"},
    "corrupt_log": {"fr": "les coups de la table {code} ne se rejouent pas : {error}",
                    "en": "the moves of table {code} do not replay: {error}"},
    "bad_record": {"fr": "résultat refusé ({kind}) : {error}", "en": "result refused ({kind}): {error}"},
    "unknown_student": {"fr": "cet élève n'est pas (ou plus) dans le registre de la classe",
                        "en": "this student is not (or no longer) in the class store"},
})
"""The words of every store error, by key."""


class StoreError(MineeduError):
    """The class store cannot do what was asked; ``text(lang)`` says why in French or English.

    >>> e = StoreError("unreachable", error="connection refused")
    >>> str(e)
    'the class store cannot be reached: connection refused'
    >>> e.text("fr")
    'le registre de la classe est injoignable\\xa0: connection refused'
    """

    def __init__(self, key: str, **fmt: object) -> None:
        self.key = key
        self.fmt = fmt
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The error in ``lang`` (``"fr"`` or ``"en"``)."""
        return STORE_TEXTS(self.key, lang, **self.fmt)


class UnknownTable(StoreError):
    """No table has this code."""

    def __init__(self, code: str) -> None:
        super().__init__("unknown_table", code=code)


class SeatRefused(StoreError):
    """A seat ticket that holds no seat at this table (forged, released, another table's), or a full table."""
