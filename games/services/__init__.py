"""Every change to game state: rooms, players, rounds, words and rulings.

Views and consumers call these functions and nothing else writes game
state. Each takes keyword arguments, runs in a transaction, and broadcasts
what the room must hear once the transaction has committed, numbered with
the room's sequence so that a page notices a missed event and resyncs.

The modules: ``rooms`` (the next round's settings, teams, players),
``moderation`` (remove, ban, and letting back in), ``presence`` (who has a page
open), ``teams`` (shuffling and balancing a round's teams), ``rounds``
(dealing, the clock, the end, stored results), ``words`` (submissions, the
live scores, rulings), with ``broadcast`` and ``errors`` shared by them.
Callers import this package.
"""

from games.services.codes import room_new_code
from games.services.errors import (
    JoinRefused,
    ModerationRefused,
    RoomSettingsError,
    RoundRunning,
    RulingRefused,
    TeamFixed,
)
from games.services.moderation import player_ban, player_readmit, player_remove, player_unban
from games.services.presence import presence_enter, presence_leave, presence_touch
from games.services.rooms import (
    MAX_DURATION,
    MIN_DURATION,
    TEAM_NAMES,
    RoomSettings,
    announce_players,
    player_join,
    player_move,
    player_rename,
    players_event,
    room_create,
    room_delete,
    room_details_save,
    room_lock,
    room_show_top_only,
    round_enter,
    round_is_running,
    vocabulary_save,
)
from games.services.rounds import (
    Dealt,
    next_due,
    results_store,
    round_deal,
    round_extend,
    round_finish,
    round_finish_if_due,
    round_pause,
    round_resume,
    round_start,
    rounds_finish_due,
)
from games.services.teams import teams_balance, teams_shuffle
from games.services.words import (
    REASONS,
    WordResult,
    path_feedback,
    ruling_path,
    word_refusal,
    word_result_event,
    word_rule,
    word_submit,
)

__all__ = [
    "MAX_DURATION",
    "MIN_DURATION",
    "REASONS",
    "TEAM_NAMES",
    "Dealt",
    "JoinRefused",
    "ModerationRefused",
    "RoomSettings",
    "RoomSettingsError",
    "RoundRunning",
    "RulingRefused",
    "TeamFixed",
    "WordResult",
    "announce_players",
    "next_due",
    "path_feedback",
    "player_ban",
    "player_join",
    "player_move",
    "player_readmit",
    "player_remove",
    "player_rename",
    "player_unban",
    "players_event",
    "presence_enter",
    "presence_leave",
    "presence_touch",
    "results_store",
    "room_create",
    "room_delete",
    "room_details_save",
    "room_lock",
    "room_new_code",
    "room_show_top_only",
    "round_deal",
    "round_enter",
    "round_extend",
    "round_finish",
    "round_finish_if_due",
    "round_is_running",
    "round_pause",
    "round_resume",
    "round_start",
    "rounds_finish_due",
    "ruling_path",
    "teams_balance",
    "teams_shuffle",
    "vocabulary_save",
    "word_refusal",
    "word_result_event",
    "word_rule",
    "word_submit",
]
