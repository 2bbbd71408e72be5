"""Reads about rooms: finding one, who runs it, its players and who is in a round."""

from __future__ import annotations

from games.models import Player, Room, Round, RoundPlayer


def room_by_code(code: str) -> Room | None:
    return Room.objects.filter(code=code.strip().upper()).first()


def current_round(room: Room) -> Round | None:
    """The room's latest round, without its words (``verdicts.round_words`` has them)."""
    return room.rounds.defer("solution").order_by("-number").first()


def is_host(room: Room, browser: str | None, user=None) -> bool:
    """The browser that runs the room, or its owner (the class's teacher) from any
    browser they log in on: logging out empties the session that held the browser id."""
    if browser is not None and browser == room.host_browser:
        return True
    return is_owner(room, user)


def is_owner(room: Room, user) -> bool:
    return room.owner_id is not None and getattr(user, "pk", None) == room.owner_id


def can_rule(room: Room, user) -> bool:
    """Word rulings belong to the room's owner, logged in: not to a solo player ruling on
    their own words, nor to a pupil who opened a room for classmates."""
    return bool(getattr(user, "is_authenticated", False)) and is_owner(room, user)


def player_for(room: Room, browser: str | None) -> Player | None:
    if not browser:
        return None
    return room.players.filter(browser=browser, removed=False).first()


def round_player(game_round: Round, player: Player | None) -> RoundPlayer | None:
    """``player`` in ``game_round`` (with their team), if they are in it."""
    if player is None:
        return None
    return (
        RoundPlayer.objects.select_related("team").filter(round=game_round, player=player).first()
    )


def players_in(game_round: Round) -> list[dict]:
    """The round's players still in the room, with the team each plays for in it."""
    rows = (
        RoundPlayer.objects.filter(round=game_round, player__removed=False)
        .select_related("player", "team")
        .order_by("joined_at", "pk")
    )
    return [
        {
            "id": row.player_id,
            "nickname": row.player.nickname,
            "team": row.team.number if row.team else None,
        }
        for row in rows
    ]


def round_teams(game_round: Round) -> list[dict]:
    """The teams a team round is played in (none otherwise)."""
    if not game_round.team_count:
        return []
    teams = game_round.room.teams.filter(number__lte=game_round.team_count)
    return [{"number": team.number, "name": team.name} for team in teams]
