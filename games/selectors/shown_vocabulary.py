"""The unit's words a pupil is shown beside the board, when the round shows them."""

from __future__ import annotations

from games.models import Find, Round, RoundPlayer


def shown_vocabulary(game_round: Round, member: RoundPlayer | None) -> dict:
    """The round's planted words as a pupil's play page lists them (``shown`` false and
    no words unless the round was dealt to show them), each ticked once the pupil (their
    team, in a team round) has found it."""
    if not (game_round.show_vocabulary and game_round.planted):
        return {"round": game_round.pk, "shown": False, "words": []}
    found: set[str] = set()
    if member is not None:
        finds = Find.objects.filter(round=game_round, word__in=list(game_round.planted))
        if game_round.rules.teams and member.team_id is not None:
            finds = finds.filter(team_id=member.team_id)
        else:
            finds = finds.filter(player_id=member.player_id)
        found = set(finds.filter(accepted=True).values_list("word", flat=True))
    words = sorted(game_round.planted.items(), key=lambda item: item[1]["display"].casefold())
    return {
        "round": game_round.pk,
        "shown": True,
        "bonus": game_round.bonus,
        "words": [
            {
                "display": info["display"],
                "translation": info.get("translation") or "",
                "found": word in found,
            }
            for word, info in words
        ],
    }
