"""Errors the services raise for a page or the host to show."""

from __future__ import annotations


class RoomSettingsError(ValueError):
    """Room settings that cannot be played, with a message for the host."""


class JoinRefused(ValueError):
    """This browser may not join the room (locked, or removed by the host)."""
