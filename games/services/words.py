"""Words: checking a submission, recording a find, a teacher's rulings, the replies."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import dealing, selectors
from games.models import (
    Find,
    Player,
    RefusedWord,
    Room,
    Round,
    WordRuling,
)
from games.services.broadcast import broadcast
from games.services.errors import RoomSettingsError
from games.services.rounds import round_finish

# A word that left the page before the bell may arrive a little after it.
NETWORK_GRACE = timedelta(seconds=1)


@dataclass(frozen=True)
class WordResult:
    """What became of a submitted word. ``reason`` is a code from REASONS when refused."""

    accepted: bool
    reason: str
    word: str
    path: list[list[int]] | None = None
    points: int = 0
    find: Find | None = None
    all_found: bool = False  # the player (or their team) has found every word


# Lazy: each player reads them in the language of their own connection.
REASONS = {
    "accepted": _("Accepted."),
    "too_short": _("Too short."),
    "not_a_word": _("Not in the dictionary."),
    "not_on_board": _("Not on the board."),
    "not_allowed": _("That word is not played here."),
    "bad_path": _("Those tiles do not make a path."),
    "already_found": _("You already found it."),
    "team_already_found": _("Your team already found it."),
    "time_up": _("Time is up."),
    "paused": _("The clock is paused."),
    "not_started": _("The round has not started yet."),
    "wrong_round": _("That word was for another round."),
}


def word_submit(
    *,
    round: Round,
    player: Player,
    round_id: int,
    word: str | None = None,
    path: list[tuple[int, int]] | None = None,
    now: datetime | None = None,
) -> WordResult:
    """Check a typed word or a tapped path and record it when it scores."""
    now = now or timezone.now()
    if round_id != round.pk:
        return WordResult(False, "wrong_round", word or "")
    if round.started_at is None:
        return WordResult(False, "not_started", word or "")
    if round.finished_at is not None or now > round.ends_at + NETWORK_GRACE:
        return WordResult(False, "time_up", word or "")
    if round.paused_at is not None:
        return WordResult(False, "paused", word or "")
    solution = selectors.round_solution(round.pk)
    check = dealing.check(round=round, solution=solution, word=word, path=path)
    if not check.accepted:
        if check.reason == "not_a_word" and check.path:
            _remember_refusal(round=round, player=player, word=check.word, path=check.path)
        return WordResult(False, check.reason, check.word, check.path)
    return _record_find(round=round, player=player, word=check.word, path=check.path, now=now)


def _record_find(
    *, round: Round, player: Player, word: str, path: list[list[int]], now: datetime
) -> WordResult:
    team = player.team if round.mode == Room.Mode.TEAMS else None
    points = dealing.points(word, round.room.size) + (round.bonus if word in round.planted else 0)
    try:
        with transaction.atomic():
            # The caller's round may be a cached copy: the clock is read fresh.
            clock = Round.objects.values("finished_at", "paused_at", "ends_at").get(pk=round.pk)
            if clock["finished_at"] is not None or now > clock["ends_at"] + NETWORK_GRACE:
                return WordResult(False, "time_up", word, path)
            if clock["paused_at"] is not None:
                return WordResult(False, "paused", word, path)
            find = Find.objects.create(
                round=round, player=player, team=team, word=word, path=path, points=points
            )
            broadcast(round.room, find_event(find, player))
    except IntegrityError:
        reason = "team_already_found" if team is not None else "already_found"
        if team is not None and round.finds.filter(team=team, word=word, player=player).exists():
            reason = "already_found"
        return WordResult(False, reason, word, path)
    mine = round.finds.filter(team=team) if team is not None else round.finds.filter(player=player)
    all_found = mine.count() >= round.word_count
    if all_found and round.mode == Room.Mode.SOLO:
        round_finish(round=round, now=now)  # nothing left to find: the round is over
    return WordResult(True, "accepted", word, path, points, find, all_found)


def _remember_refusal(*, round: Round, player: Player, word: str, path: list) -> None:
    """Keep a word spelled on the board but unknown to the dictionary, for the teacher."""
    try:
        with transaction.atomic():
            RefusedWord.objects.get_or_create(
                round=round, player=player, word=word, defaults={"path": path}
            )
    except IntegrityError:
        pass  # the same player sent it twice at the same moment


@transaction.atomic
def word_rule(*, round: Round, word: str, allowed: bool) -> int:
    """A teacher allows a refused word or disallows an accepted one, for this round and
    the room's later rounds; this round's scores are recomputed. Returns the finds changed."""
    game_round = Round.objects.select_for_update().get(pk=round.pk)
    WordRuling.objects.update_or_create(
        room_id=game_round.room_id, word=word, defaults={"allowed": allowed}
    )
    if allowed:
        changed = _allow(game_round, word)
    else:
        changed, _ = game_round.finds.filter(word=word).delete()
        game_round.solution.pop(word, None)
    game_round.word_count = len(game_round.solution)
    game_round.save(update_fields=["solution", "word_count"])
    selectors.round_solution.cache_clear()
    broadcast(
        game_round.room,
        {"type": "ruling", "round": game_round.pk, "word": word, "allowed": allowed},
    )
    round.refresh_from_db()
    return changed


def _allow(game_round: Round, word: str) -> int:
    path = game_round.solution.get(word) or dealing.word_path(game_round.board, word)
    if path is None:
        raise RoomSettingsError(gettext("%(word)s is not on this board.") % {"word": word})
    game_round.solution[word] = path
    points = dealing.points(word, game_round.room.size)
    made = 0
    for refusal in game_round.refused_words.select_related("player__team"):
        if refusal.word != word:
            continue
        team = refusal.player.team if game_round.mode == Room.Mode.TEAMS else None
        try:
            with transaction.atomic():
                Find.objects.create(
                    round=game_round,
                    player=refusal.player,
                    team=team,
                    word=word,
                    path=refusal.path,
                    points=points,
                )
                made += 1
        except IntegrityError:
            pass  # a teammate's refusal of the same word already scored for the team
    game_round.refused_words.filter(word=word).delete()
    return made


def find_event(find: Find, player: Player) -> dict:
    """Broadcast to the room: teammates show the word, everyone updates scores."""
    return {
        "type": "find",
        "round": find.round_id,
        "player": player.pk,
        "nickname": player.nickname,
        "team": find.team_id,
        "team_name": find.team.name if find.team else None,
        "word": find.word,
        "display": dealing.display(find.round.language, find.word),
        "path": find.path,
        "points": find.points,
    }


def word_result_event(result: WordResult, game_round: Round) -> dict:
    """The reply to the player who sent the word (the room hears ``find`` instead)."""
    return {
        "type": "word_result",
        "round": game_round.pk,
        "accepted": result.accepted,
        "reason": result.reason,
        "message": str(REASONS[result.reason]),
        "word": result.word,
        # As the language writes it ("ÂNE: you already found it"), refused or not.
        "display": dealing.display(game_round.language, result.word) if result.word else "",
        "path": result.path,
        "points": result.points,
        "all_found": result.all_found,
    }


def path_feedback(*, round: Round, round_id: int, path: list[tuple[int, int]]) -> dict:
    """Green or red for the tiles dragged so far: still the start of some word?"""
    if round_id != round.pk:
        return {
            "type": "path_status",
            "round": round_id,
            "path": path,
            "ok": False,
            "reason": "wrong_round",
            "is_word": False,
        }
    status = dealing.path_status(round=round, path=path)
    return {"type": "path_status", "round": round.pk, "path": [list(c) for c in path], **status}
