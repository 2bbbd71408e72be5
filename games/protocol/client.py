"""Browser to server: ``parse_client_message`` turns a raw frame into one of the
dataclasses below, or raises ``ClientError`` with a code the page can show."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

MAX_FRAME_CHARS = 2_000  # far above any real message; a word is at most 40 letters
MAX_WORD_CHARS = 40
MAX_PATH_CELLS = 72  # a 6x6 board of two-letter faces


class ClientError(Exception):
    """A message the client got wrong: reported back, the connection stays open."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class SubmitWord:
    """A typed word, or a path of traced tiles (exactly one of the two)."""

    round_id: int
    word: str | None = None
    path: tuple[tuple[int, int], ...] | None = None


@dataclass(frozen=True)
class CheckPath:
    """The tiles traced so far, for the green/red feedback."""

    round_id: int
    path: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class StartRound:
    """The host starts the round waiting in the lobby."""


@dataclass(frozen=True)
class EndRound:
    """The host ends the running round now (a solo player who is done, say)."""


@dataclass(frozen=True)
class NextRound:
    """The host deals a new round with the room's settings ("play again")."""


@dataclass(frozen=True)
class HostAction:
    """A host's control: ``pause``, ``resume``, ``extend`` (``seconds``), ``rename``
    (``player``, ``nickname``), ``remove`` (``player``), ``move`` (``player``, ``team``),
    ``shuffle_teams``, ``balance_teams``, ``lock`` and ``top_only`` (``on``); ``readmit``,
    ``ban`` and ``unban`` (``player``)."""

    action: str
    player: int | None = None
    nickname: str | None = None
    seconds: int = 30
    on: bool = False
    team: int = 0


@dataclass(frozen=True)
class Resync:
    """The page asks for a full snapshot (it noticed a gap in sequence numbers)."""


ClientMessage = SubmitWord | CheckPath | StartRound | EndRound | NextRound | HostAction | Resync
HOST_MESSAGES = (StartRound, EndRound, NextRound, HostAction)
HOST_ACTIONS = frozenset(
    {
        "pause",
        "resume",
        "extend",
        "rename",
        "remove",
        "move",
        "shuffle_teams",
        "balance_teams",
        "lock",
        "top_only",
        "readmit",
        "ban",
        "unban",
    }
)
_SIMPLE = {"start": StartRound, "end": EndRound, "next_round": NextRound, "resync": Resync}


def parse_client_message(text: str | None, binary: bytes | None = None) -> ClientMessage:
    """Validate one frame from a browser; raise ClientError on anything malformed."""
    if binary is not None or text is None:
        raise ClientError("binary_frame", _("Messages must be JSON text."))
    if len(text) > MAX_FRAME_CHARS:
        raise ClientError("too_large", _("That message is far too long."))
    try:
        payload = json.loads(text)
    except (ValueError, RecursionError):
        raise ClientError("bad_json", _("That message is not valid JSON.")) from None
    if not isinstance(payload, dict):
        raise ClientError("bad_message", _("A message must be a JSON object with a type."))
    kind = payload.get("type")
    if not isinstance(kind, str):
        raise ClientError("bad_message", _("A message must be a JSON object with a type."))
    if kind == "submit":
        return _parse_submit(payload)
    if kind == "check_path":
        return CheckPath(round_id=_round_id(payload), path=_path(payload.get("path")))
    if kind in _SIMPLE:
        return _SIMPLE[kind]()
    if kind in HOST_ACTIONS:
        return _parse_host_action(kind, payload)
    raise ClientError("unknown_type", _("Unknown message type %(kind)r.") % {"kind": kind[:30]})


def _parse_submit(payload: dict[str, Any]) -> SubmitWord:
    round_id = _round_id(payload)
    word, path = payload.get("word"), payload.get("path")
    if (word is None) == (path is None):
        raise ClientError("bad_message", _("Send either a word or a path."))
    if word is not None:
        if not isinstance(word, str):
            raise ClientError("bad_field", _("The word must be text."))
        if len(word) > MAX_WORD_CHARS:
            raise ClientError("too_long", _("That is far too long to be a word on this board."))
        if any(not ch.isprintable() for ch in word):
            raise ClientError("bad_field", _("The word holds control characters."))
        return SubmitWord(round_id=round_id, word=word)
    return SubmitWord(round_id=round_id, path=_path(path))


def _parse_host_action(kind: str, payload: dict[str, Any]) -> HostAction:
    if kind in ("pause", "resume", "shuffle_teams", "balance_teams"):
        return HostAction(kind)
    if kind == "extend":
        seconds = payload.get("seconds", 30)
        if not _is_int(seconds) or not 5 <= seconds <= 600:
            raise ClientError("bad_field", _("Add between 5 seconds and 10 minutes."))
        return HostAction(kind, seconds=seconds)
    if kind in ("lock", "top_only"):
        on = payload.get("on")
        if not isinstance(on, bool):
            raise ClientError("bad_field", _("Say on: true or on: false."))
        return HostAction(kind, on=on)
    player = payload.get("player")
    if not _is_int(player):
        raise ClientError("bad_field", _("Name the player by their id."))
    nickname = payload.get("nickname")
    if kind == "rename" and not isinstance(nickname, str):
        raise ClientError("bad_field", _("The new nickname must be text."))
    team = payload.get("team", 0)
    if kind == "move" and (not _is_int(team) or team < 1):
        raise ClientError("bad_field", _("Name the team by its number."))
    return HostAction(kind, player=player, nickname=nickname, team=team)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _round_id(payload: dict[str, Any]) -> int:
    value = payload.get("round")
    if not _is_int(value) or value < 1:
        raise ClientError("bad_field", _("The message must name its round (a positive number)."))
    return value


def _path(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PATH_CELLS:
        raise ClientError("bad_field", _("A path is a list of [row, column] pairs."))
    cells = []
    for cell in value:
        if not isinstance(cell, list) or len(cell) != 2 or not all(_is_int(n) for n in cell):
            raise ClientError("bad_field", _("A path is a list of [row, column] pairs."))
        cells.append((cell[0], cell[1]))
    return tuple(cells)
