"""Nickname rules: what a student may be called in a room, in one place.

The join page, the host's rename, a class's roster and homework all call these:

- :func:`clean_nickname` a nickname a student typed: trimmed, and refused with
  a message in the page's language (:class:`NicknameError`) when it is empty,
  too long, invisible, contact details, or says something a projector must not
  show (rude words, hatred, the room's staff: games/nicknames/screening.py,
  however disguised: games/nicknames/reading.py);
- :func:`clean_roster_name` a name on a teacher's roster: the same form, and no
  word filter, since the teacher knows their students (a real Dick or Xana);
- :func:`nickname_key` the form two names are compared in, unique in a room:
  without case, accents or look-alike letters (chloe is Chloé);
- :func:`nickname_for_room` a class's rule applied to a typed or tapped name:
  the roster's own spelling when it is a roster name, only roster names in a
  roster class, only offered names in a class that gives them;
- :func:`offer_nickname` a two-word nickname in the class's language for a
  class that wants no typed names (games/nicknames/words.py).
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.nicknames import screening, words
from games.nicknames.reading import name_form

NICKNAME_MAX_LENGTH = 20
NICKNAME_KEY_MAX_LENGTH = NICKNAME_MAX_LENGTH * 3

# Students are a nickname, nothing more: no contact details on the projector.
EMAIL = re.compile(r"\S+@\S+\.\S+")
URL = re.compile(r"(https?:|www\.|\b[\w-]+\.(com|org|net|fr|de|es|it|pt|uk|io|ly)\b)", re.I)
PHONE = re.compile(r"(\+?\d[\d\s().-]{6,}\d)")


class NicknameRule(models.TextChoices):
    """How the students of a class get their nickname."""

    TYPED = "typed", _("Students type a nickname")
    ROSTER = "roster", _("Students pick their name from the roster")
    GENERATED = "generated", _("The game gives each student a nickname")


class NicknameError(ValueError):
    """A nickname that cannot be used, with a message for the student."""


def _form(raw: object) -> str:
    """The rules of form every name follows: text, 1 to 20 visible characters, no
    control or formatting characters (right-to-left overrides, zero-width joiners
    used to fake another player's name), no contact details. Inner runs of spaces
    collapse to one. The result is shown as text, never as HTML, so angle brackets
    are harmless and allowed."""
    if not isinstance(raw, str):
        raise NicknameError(gettext("Type a nickname."))
    text = unicodedata.normalize("NFC", " ".join(raw.split()))
    if not text or not name_form(text):
        raise NicknameError(gettext("Type a nickname."))
    if len(text) > NICKNAME_MAX_LENGTH:
        raise NicknameError(
            gettext("Keep your nickname to %(count)d characters or fewer.")
            % {"count": NICKNAME_MAX_LENGTH}
        )
    if any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn"} for ch in text):
        raise NicknameError(gettext("Use letters, numbers and ordinary symbols only."))
    if EMAIL.search(text) or URL.search(text) or PHONE.search(text):
        raise NicknameError(
            gettext("No email addresses, phone numbers or web addresses: just a nickname.")
        )
    return text


def clean_nickname(raw: object) -> str:
    """A nickname a student typed, trimmed and normalised; NicknameError says why not."""
    text = _form(raw)
    problem = screening.problem(text)
    if problem == screening.RESERVED:
        raise NicknameError(
            gettext(
                "Names like Teacher, Admin or Host are kept out of nicknames, so that nobody "
                "can pass for the person running the room: pick another."
            )
        )
    if problem == screening.HATE:
        raise NicknameError(
            gettext(
                "Names, symbols and codes of hatred or harm (Hitler, Nazi, 88…) are not "
                "allowed in class: pick another nickname."
            )
        )
    if problem == screening.BLOCKED:
        raise NicknameError(
            gettext("That nickname has a word that is not allowed in class: pick another.")
        )
    return text


def clean_roster_name(raw: object) -> str:
    """A name on a teacher's roster: the rules of form, no word filter."""
    return _form(raw)


def nickname_taken() -> str:
    """The message for a nickname another player of the room already has."""
    return gettext("Someone in this room already has that nickname: pick another.")


def nickname_key(nickname: str) -> str:
    """The form two nicknames are compared in: "Chloé", "chloe", "CHLOE" and "Сhloe"
    (a Cyrillic С) are the same player name; "Ann 2" and "Ann 3" are not."""
    return name_form(nickname)[:NICKNAME_KEY_MAX_LENGTH]


def nickname_for_room(raw: object, *, rule: str, roster: Iterable[str]) -> str:
    """The nickname a student gets for ``raw`` in a room with ``rule`` and ``roster``.

    A name the roster has, however typed (chloe for Chloé), is the roster's
    spelling. Otherwise a roster class refuses it, a class that gives nicknames
    takes only one of those (any language, any case), and a typed name must pass
    :func:`clean_nickname`. Raises NicknameError with the student's message.
    """
    text = _form(raw)
    key = nickname_key(text)
    for name in roster:
        if nickname_key(name) == key:
            return name
    if rule == NicknameRule.ROSTER:
        raise NicknameError(
            gettext("Tap your name in the list. Not on it? Ask your teacher to add you.")
        )
    if rule == NicknameRule.GENERATED:
        offered = words.spelling(text)
        if offered is None:
            raise NicknameError(
                gettext(
                    "In this class the game gives you a nickname: take the one offered, "
                    "or ask for another."
                )
            )
        return offered
    return clean_nickname(text)


def offer_nickname(
    language: str, *, taken: Iterable[str] = (), rng: random.Random | None = None
) -> str:
    """A two-word nickname in ``language`` (Brave Otter, Loutre Courageuse, Mutiger
    Otter) whose key is none of the ``taken`` keys."""
    return words.pick(language, taken=set(taken), key=nickname_key, rng=rng)
