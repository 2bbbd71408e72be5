"""Every change to game state: rooms, players, rounds and words.

Views and consumers call these functions and nothing else writes game
state. Each takes keyword arguments, runs in a transaction, and broadcasts
what the room must hear once the transaction has committed, numbered with
the room's sequence so that a page notices a missed event and resyncs.

The modules: ``rooms`` (settings, teams, players, moderation), ``rounds``
(dealing and the clock), ``words`` (submissions, finds, rulings), with
``broadcast`` and ``errors`` shared by them. Callers import this package.
"""

from games.services.errors import JoinRefused, RoomSettingsError
from games.services.rooms import (
    MAX_DURATION,
    MIN_DURATION,
    TEAM_NAMES,
    player_join,
    player_remove,
    player_rename,
    player_set_team,
    room_configure,
    room_create,
    room_host_move,
    room_lock,
    room_show_top_only,
    vocabulary_save,
)
from games.services.rounds import (
    apply_rulings,
    clock_payload,
    participation_record,
    round_create,
    round_extend,
    round_finish,
    round_finish_if_due,
    round_next,
    round_pause,
    round_resume,
    round_start,
    rounds_finish_due,
)
from games.services.words import (
    NETWORK_GRACE,
    REASONS,
    WordResult,
    find_event,
    path_feedback,
    word_result_event,
    word_rule,
    word_submit,
)

__all__ = [
    "MAX_DURATION",
    "MIN_DURATION",
    "NETWORK_GRACE",
    "REASONS",
    "TEAM_NAMES",
    "JoinRefused",
    "RoomSettingsError",
    "WordResult",
    "apply_rulings",
    "clock_payload",
    "find_event",
    "participation_record",
    "path_feedback",
    "player_join",
    "player_remove",
    "player_rename",
    "player_set_team",
    "room_configure",
    "room_create",
    "room_host_move",
    "room_lock",
    "room_show_top_only",
    "round_create",
    "round_extend",
    "round_finish",
    "round_finish_if_due",
    "round_next",
    "round_pause",
    "round_resume",
    "round_start",
    "rounds_finish_due",
    "vocabulary_save",
    "word_result_event",
    "word_rule",
    "word_submit",
]
