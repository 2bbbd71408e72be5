"""Who a browser is when it plays at home: a nickname in a class, or an anonymous device.

No account: a pupil who comes through a class's homework link picks a roster
name, types a nickname, or takes the one the game gives, as the class's rule
says (``games.nicknames.nickname_for_room``: the same rule as joining the
class's room), and the browser's session remembers it for that class
("You are playing as Ana"; "not me" forgets it). The nickname's key is the pupil's
identity in the class's homework and boards of the day, as it is in the
class's leaderboards. Someone who opens the board of the day on their own is
their browser.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.translation import gettext

from games.models import Room
from games.nicknames import NicknameRule, nickname_for_room, nickname_key, offer_nickname

SESSION_KEY = "lettergrid_pupils"  # {class room id: nickname}
DEVICE_PREFIX = "device:"


@dataclass(frozen=True)
class Pupil:
    """Who plays: ``key`` ranks them (one counted attempt per board), ``nickname`` is
    what the pages show, ``class_room`` the class they came through (or None)."""

    key: str
    nickname: str
    class_room: Room | None = None

    @classmethod
    def in_class(cls, class_room: Room, nickname: object) -> Pupil:
        """A pupil of ``class_room``; raises NicknameError for a nickname the class's
        rule refuses (the roster's spelling for a roster name)."""
        name = nickname_for_room(
            nickname, rule=class_room.nicknames, roster=class_room.roster_names
        )
        return cls(key=nickname_key(name), nickname=name, class_room=class_room)

    @classmethod
    def device(cls, browser: str) -> Pupil:
        """An anonymous player: this browser (shown as "You")."""
        return cls(key=DEVICE_PREFIX + browser, nickname=gettext("You"))


def remembered(request: HttpRequest, class_room: Room) -> Pupil | None:
    """The pupil this browser said it was in ``class_room``, if it still passes the rules."""
    nickname = request.session.get(SESSION_KEY, {}).get(str(class_room.pk))
    if not nickname:
        return None
    try:
        return Pupil.in_class(class_room, nickname)
    except ValueError:  # the rules grew since: ask again
        return None


def remember(request: HttpRequest, pupil: Pupil) -> None:
    known = dict(request.session.get(SESSION_KEY, {}))
    known[str(pupil.class_room.pk)] = pupil.nickname
    request.session[SESSION_KEY] = known


def forget(request: HttpRequest, class_room: Room) -> None:
    known = dict(request.session.get(SESSION_KEY, {}))
    known.pop(str(class_room.pk), None)
    request.session[SESSION_KEY] = known


def offered(class_room: Room) -> str:
    """A nickname to offer in a class whose game gives them (else ""): none its lessons
    or its homework has seen, so that it is nobody else's."""
    if class_room.nicknames != NicknameRule.GENERATED:
        return ""
    from games.homework.models import Attempt

    taken = set(class_room.players.values_list("nickname_key", flat=True))
    taken |= set(Attempt.objects.filter(class_room=class_room).values_list("pupil", flat=True))
    return offer_nickname(class_room.language, taken=taken)
