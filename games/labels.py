"""The names of the engine's languages, levels and dice, in the interface language.

The engine (``games.engine``) stays free of Django: its English names are
translated here, on the display side. Every value is lazy, so a module-level
mapping follows the language of each request or socket.
"""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

LANGUAGE_NAMES = {
    "en": _("English"),
    "fr": _("French"),
    "es": _("Spanish"),
    "de": _("German"),
    "it": _("Italian"),
    "pt": _("Portuguese"),
}

# A team is named by its number, in the language of the page that shows it: a French
# page says "Rouge" whichever language the teacher's page spoke when the team was made.
TEAM_NAMES = (_("Red"), _("Blue"), _("Green"), _("Gold"), _("Purple"), _("Orange"))


def team_name(number: int) -> str:
    """Team ``number``'s name (1 is Red) in the active interface language."""
    return str(TEAM_NAMES[number - 1]) if 1 <= number <= len(TEAM_NAMES) else str(number)


LEVEL_NAMES = {
    1: _("Common words only"),
    2: _("Everyday words"),
    3: _("Advanced"),
    4: _("The whole list"),
}

# What teachers read; where a set comes from, and how sure that is, is in
# games/engine/dice.py and docs, not in the settings.
DICE_LABELS = {
    "en-classic": _("English 4×4, 1976 dice"),
    "en-new": _("English 4×4, 1987 dice"),
    "en-big": _("English 5×5, 1979 dice"),
    "en-deluxe": _("English 5×5, 1993 dice"),
    "en-superbig": _("English 6×6 dice"),
    "fr-classic": _("French 4×4 dice"),
    "en-big-2012": _("English 5×5, 2012 dice"),
    "fr-big": _("French 5×5 dice"),
}

LANGUAGE_CHOICES = list(LANGUAGE_NAMES.items())


def language_choices() -> list[tuple[str, str]]:
    """The game languages, for model fields: a callable, which migrations record by name,
    so that adding a language (games/engine/languages.py) needs no migration."""
    return LANGUAGE_CHOICES


LEVEL_CHOICES = list(LEVEL_NAMES.items())


def dice_label(name: str, fallback: str) -> str:
    """A dice set's name for people; the engine's English label for one not listed here."""
    return DICE_LABELS.get(name, fallback)


def _minutes(count: int) -> str:
    return ngettext("%(count)d minute", "%(count)d minutes", count) % {"count": count}


def _letters(count: int) -> str:
    return ngettext("%(count)d letter", "%(count)d letters", count) % {"count": count}


# Lazy, for choices built once at import and shown in each request's language.
minutes = lazy(_minutes, str)
letters = lazy(_letters, str)
