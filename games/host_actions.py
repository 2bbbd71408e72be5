"""The host's controls from the room socket, each one service call.

The consumer hands over a parsed host message; errors the services raise
come back as ``ClientError`` with a code and a message for the host's page.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import protocol, services
from games.models import Player, Team
from games.nicknames import NicknameError
from games.protocol import ClientError


def perform(*, room, game_round, message) -> None:
    """Carry out one host message on ``room`` and its current round ``game_round``."""
    try:
        _dispatch(room, game_round, message)
    except services.RoundRunning as error:
        raise ClientError("round_running", str(error)) from None
    except services.RoomSettingsError as error:
        raise ClientError("bad_settings", str(error)) from None
    except NicknameError as error:
        raise ClientError("bad_nickname", str(error)) from None
    except services.ModerationRefused as error:
        raise ClientError(error.code, str(error)) from None
    except services.TeamFixed as error:
        raise ClientError("team_fixed", str(error)) from None
    except (Player.DoesNotExist, Team.DoesNotExist):
        raise ClientError("no_such_player", _("No such player or team in this room.")) from None


def _dispatch(room, game_round, message) -> None:
    if isinstance(message, protocol.StartRound):
        services.round_start(round=game_round)
    elif isinstance(message, protocol.EndRound):
        if game_round.started_at is not None:
            services.round_finish(round=game_round)
    elif isinstance(message, protocol.NextRound):
        services.round_deal(room=room)
    else:
        ACTIONS[message.action](room, game_round, message)


ACTIONS = {
    "pause": lambda room, game_round, m: services.round_pause(round=game_round),
    "resume": lambda room, game_round, m: services.round_resume(round=game_round),
    "extend": lambda room, game_round, m: services.round_extend(
        round=game_round, seconds=m.seconds
    ),
    "lock": lambda room, game_round, m: services.room_lock(room=room, locked=m.on),
    "top_only": lambda room, game_round, m: services.room_show_top_only(room=room, top_only=m.on),
    "remove": lambda room, game_round, m: services.player_remove(room=room, player_id=m.player),
    "ban": lambda room, game_round, m: services.player_ban(room=room, player_id=m.player),
    "readmit": lambda room, game_round, m: services.player_readmit(room=room, player_id=m.player),
    "unban": lambda room, game_round, m: services.player_unban(room=room, player_id=m.player),
    "move": lambda room, game_round, m: services.player_move(
        room=room, player_id=m.player, team_number=m.team
    ),
    "shuffle_teams": lambda room, game_round, m: services.teams_shuffle(room=room),
    "balance_teams": lambda room, game_round, m: services.teams_balance(room=room),
    "rename": lambda room, game_round, m: services.player_rename(
        room=room, player_id=m.player, nickname=m.nickname
    ),
}
