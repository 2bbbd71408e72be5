"""Reads of game state: what a page or a socket is shown. Nothing here writes.

``rooms`` (finding a room, its host and owner, who is in a round), ``scores``
(a round's scores through the one scoring function), ``rounds`` (the
socket's snapshot, the results page's summary), ``highlights`` (the end of a
round on the projector: podium, longest word, best word nobody found). The
words of a round and the verdict on a word are ``games.verdicts``; the clock
is ``games.clock``.
"""

from games.selectors.highlights import Highlights, round_highlights
from games.selectors.rooms import (
    PRESENCE_STALE,
    can_rule,
    current_round,
    is_host,
    is_in_room,
    is_owner,
    last_seen,
    player_for,
    players_in,
    present_players,
    removed_player_for,
    removed_players,
    room_by_code,
    room_by_id,
    room_by_replaced_code,
    round_player,
    round_teams,
    with_fresh_clock,
)
from games.selectors.rounds import my_finds, results, round_info, snapshot
from games.selectors.scores import lines_for, rows, scoreboard, team_numbers

__all__ = [
    "PRESENCE_STALE",
    "Highlights",
    "can_rule",
    "current_round",
    "is_host",
    "is_in_room",
    "is_owner",
    "last_seen",
    "lines_for",
    "my_finds",
    "player_for",
    "players_in",
    "present_players",
    "removed_player_for",
    "removed_players",
    "results",
    "room_by_code",
    "room_by_id",
    "room_by_replaced_code",
    "round_highlights",
    "round_info",
    "round_player",
    "round_teams",
    "rows",
    "scoreboard",
    "snapshot",
    "team_numbers",
    "with_fresh_clock",
]
