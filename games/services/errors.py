"""Errors the services raise for a page or the host to show (each with its message)."""

from __future__ import annotations


class RoomSettingsError(ValueError):
    """Room settings that cannot be played, or a deal refused: nothing was changed."""


class RoundRunning(RoomSettingsError):
    """A new round was asked for while one is being played: nothing was changed."""


class JoinRefused(ValueError):
    """This browser may not join the room (locked, or removed by the host)."""


class TeamFixed(ValueError):
    """A player cannot change team in this round (they already played for theirs)."""


class RulingRefused(ValueError):
    """A word ruling that cannot be made (the round is running, the word is not there)."""


class ModerationRefused(ValueError):
    """A host's moderation that cannot be made (nobody to let back in, say): nothing
    changed. ``code`` is the ``error`` code the host's page gets."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
