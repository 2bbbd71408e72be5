"""Nickname rules: what a student may call themselves in a room.

No contact details, no words the classroom blocklists refuse in any of the
six game languages, no names of whoever runs the room (Teacher, Admin, Host
and their translations), however they are disguised (games/engine/blocklist.py).
"""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext

from games.engine.blocklist import nickname_problem
from games.models import NICKNAME_MAX_LENGTH

# Students are a nickname, nothing more: no contact details on the projector.
EMAIL = re.compile(r"\S+@\S+\.\S+")
URL = re.compile(r"(https?:|www\.|\b[\w-]+\.(com|org|net|fr|de|es|it|pt|uk|io|ly)\b)", re.I)
PHONE = re.compile(r"(\+?\d[\d\s().-]{6,}\d)")


class NicknameError(ValueError):
    """A nickname that cannot be used, with a message for the student."""


def clean_nickname(raw: object) -> str:
    """Trim and normalise a nickname, or raise NicknameError saying why not.

    Inner runs of spaces collapse to one; control and formatting characters
    (including right-to-left overrides and zero-width joiners used to fake
    another player's name) are refused. The result is shown as text, never
    as HTML, so angle brackets are harmless and allowed.
    """
    if not isinstance(raw, str):
        raise NicknameError(gettext("Type a nickname."))
    text = unicodedata.normalize("NFC", " ".join(raw.split()))
    if not text:
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
    # The classroom blocklists of all six languages, and the names of whoever
    # runs the room (games/engine/blocklist.py says how look-alikes are undone).
    problem = nickname_problem(text)
    if problem == "reserved":
        raise NicknameError(
            gettext(
                "Names like Teacher, Admin or Host are kept out of nicknames, so that nobody "
                "can pass for the person running the room: pick another."
            )
        )
    if problem == "blocked":
        raise NicknameError(gettext("That nickname is not allowed in class: pick another."))
    return text


def nickname_taken() -> str:
    """The message for a nickname another player of the room already has."""
    return gettext("Someone in this room already has that nickname: pick another.")


def nickname_key(nickname: str) -> str:
    """The form two nicknames are compared in: "Ann" and "ANN" are the same player name."""
    return nickname.casefold()
