"""Words: taking a submission, the replies and scoreboard it makes, a teacher's rulings."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import clock, dealing, protocol, selectors, verdicts
from games.models import Find, Player, Round, RoundPlayer, WordRuling
from games.services.broadcast import broadcast, next_seq
from games.services.errors import RulingRefused
from games.services.rooms import round_enter
from games.services.rounds import results_store, round_finish


@dataclass(frozen=True)
class WordResult:
    """What became of a submitted word. ``reason`` is a code from REASONS when refused."""

    accepted: bool
    reason: str
    word: str
    path: list[list[int]] | None = None
    points: int = 0
    all_found: bool = False  # the player (or their team) has found every word
    shared: bool = False  # classic scoring: someone else found it too, it scores nothing


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
    member: RoundPlayer | None = None,
) -> WordResult:
    """Check a typed word or a traced path and record it: a find when it counts, a
    refusal kept for the teacher when it is spelled on the board but not a word.

    ``member``: the player in this round, if the caller has it (a socket keeps
    it); otherwise it is read, and the player enters the round."""
    now = now or timezone.now()
    refused = _out_of_play(round, round_id, word, now)
    if refused is not None:  # before the round's words: a finished round's are a query
        return refused
    words = verdicts.round_words(round)
    verdict = _judge(round, words, word, path)
    if isinstance(verdict, WordResult):
        return verdict
    if member is None or member.round_id != round.pk or member.player_id != player.pk:
        member = round_enter(round=round, player=player)
    return _record(round, member, words, verdict, now)


def word_refusal(
    *,
    round: Round,
    words: verdicts.RoundWords,
    round_id: int,
    word: str | None = None,
    path: list[tuple[int, int]] | None = None,
) -> WordResult | None:
    """The answer to a word that is refused with nothing to record (another round's, out
    of time, not spelled on the board...), judged on the round and its words as the
    caller holds them, without a query; None when the word must go to ``word_submit``
    (it counts, or it is kept for the teacher), which judges it the same way.

    Most words a class sends are refused: a socket answers them at once, without a
    worker thread (games.consumers)."""
    refused = _out_of_play(round, round_id, word, timezone.now())
    verdict = refused or _judge(round, words, word, path)
    return verdict if isinstance(verdict, WordResult) else None


def _out_of_play(round, round_id, word, now) -> WordResult | None:
    if round_id != round.pk:
        return WordResult(False, "wrong_round", word or "")
    refusal = clock.refusal(round, now)
    if refusal is not None:
        return WordResult(False, refusal, word or "")
    return None


def _judge(round, words, word, path) -> WordResult | verdicts.Verdict:
    """A refusal with nothing to record, or the verdict to record."""
    verdict = verdicts.judge(round, words, word=word, path=path)
    if not verdict.accepted and not verdict.keep_for_teacher:
        return WordResult(False, verdict.reason, verdict.word, verdict.path)
    return verdict


def _record(
    game_round: Round,
    member: RoundPlayer,
    words: verdicts.RoundWords,
    verdict: verdicts.Verdict,
    now: datetime,
) -> WordResult:
    team = member.team_id if game_round.rules.teams else None
    word, path = verdict.word, verdict.path
    points = dealing.points(word, game_round.size) + (
        game_round.bonus if word in game_round.planted else 0
    )
    try:
        with transaction.atomic():
            # The caller's round may be a cached copy: the clock is read fresh.
            fresh = selectors.with_fresh_clock(game_round)
            refusal = clock.refusal(fresh, now)
            if refusal is not None:
                return WordResult(False, refusal, word, path)
            _find_insert(
                round=game_round.pk,
                player=member.player_id,
                team=team,
                word=word,
                path=path,
                points=points,
                accepted=verdict.accepted,
                found_at=now,
            )
            if not verdict.accepted:
                return WordResult(False, verdict.reason, word, path)
            board = _announce(game_round, words, member, team, word, path, points)
            if fresh.finished_at is not None:  # a word in the grace after the bell
                results_store(round=fresh)
    except IntegrityError:
        if not verdict.accepted:  # sent twice: still not a word
            return WordResult(False, verdict.reason, word, path)
        mine = game_round.finds.filter(player_id=member.player_id, word=word).exists()
        reason = "already_found" if team is None or mine else "team_already_found"
        return WordResult(False, reason, word, path)
    line = board.teams.get(team) if team is not None else board.players.get(member.player_id)
    all_found = line is not None and line.words >= game_round.word_count > 0
    if all_found and game_round.rules.ends_when_all_found:
        round_finish(round=game_round, now=now)  # nothing left to find: the round is over
    shared = word in board.shared_words
    return WordResult(True, "accepted", word, path, 0 if shared else points, all_found, shared)


def _find_insert(**values) -> None:
    """``Find.objects.create(**values)`` (foreign keys by id) in one SQL statement,
    each value made ready by the model's own field: the one write of every word that
    counts, where building the model and the query cost five times the CPU of the
    statement (docs/PERFORMANCE.md)."""
    fields = [Find._meta.get_field(name) for name in values]
    row = [
        field.get_db_prep_save(value, connection)
        for field, value in zip(fields, values.values(), strict=True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(tuple(values)), row)


@functools.cache
def _insert_sql(names: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(Find._meta.get_field(name).column) for name in names)
    marks = ", ".join(["%s"] * len(names))
    return f"INSERT INTO {quote(Find._meta.db_table)} ({columns}) VALUES ({marks})"


def _announce(game_round, words, member, team, word, path, points):
    """Tell the room the scores this find changed (and the finder's team the word).

    The room's event number is taken first: it locks the room's row, so the
    lines computed next see every find made before this one."""
    seq = next_seq(game_round.room)
    board = selectors.lines_for(game_round, words, player=member.player_id, team=team, word=word)
    if team is not None and set(board.teams) == {team}:  # the finder's team alone
        numbers = {team: member.team.number}
    else:
        numbers = selectors.team_numbers(game_round)
    rows = selectors.rows(game_round, board, numbers)
    shown = dealing.display(game_round.language, word)
    is_shared = word in board.shared_words  # classic scoring: it scores for nobody now
    find = shared = None
    if team is not None:
        find = {
            "word": word,
            "display": shown,
            "path": path,
            "points": 0 if is_shared else points,
            "shared": is_shared,
            "player": member.player_id,
            "nickname": member.player.nickname,
        }
    if is_shared:  # its finders' pages show it at 0, and say why their score dropped
        claims = [s.claim for s in board.finds if s.credited and s.claim.word == word]
        shared = {
            "word": word,
            "display": shown,
            "players": sorted({claim.player for claim in claims}),
            "teams": sorted({numbers[c.team] for c in claims if c.team in numbers}),
        }
    number = member.team.number if team is not None else None
    event = protocol.scores(round=game_round.pk, rows=rows, find=find, shared=shared)
    broadcast(game_round.room, event, team=number, seq=seq)
    return board


def word_result_event(result: WordResult, game_round: Round) -> dict:
    """The reply to the player who sent the word (the room hears ``scores``)."""
    return protocol.word_result(
        round=game_round.pk,
        accepted=result.accepted,
        reason=result.reason,
        message=str(REASONS[result.reason]),
        word=result.word,
        # As the language writes it ("ÂNE: you already found it"), refused or not.
        display=dealing.display(game_round.language, result.word) if result.word else "",
        path=result.path,
        points=result.points,
        shared=result.shared,
        all_found=result.all_found,
    )


def path_feedback(
    *,
    round: Round,
    round_id: int,
    path: list[tuple[int, int]],
    words: verdicts.RoundWords | None = None,
) -> dict:
    """Green or red for the tiles traced so far, with the verdict sending them would get.
    Nothing about the board before the start or during a pause. ``words``: the round's,
    if the caller holds them (then no query)."""
    cells = [list(cell) for cell in path]
    refusal = "wrong_round" if round_id != round.pk else clock.refusal(round)
    if refusal is not None:
        return protocol.path_status(
            round=round_id, path=cells, ok=False, reason=refusal, letters="", is_word=False
        )
    hint = verdicts.hint(round, words or verdicts.round_words(round), path)
    return protocol.path_status(
        round=round.pk,
        path=cells,
        ok=hint.ok,
        reason=hint.reason,
        letters=hint.letters,
        is_word=hint.is_word,
    )


@transaction.atomic
def word_rule(*, round: Round, word: str, verdict: str, user=None) -> WordRuling:
    """A teacher allows a word (refused or not), disallows one, or undoes their last
    ruling on it, in a round that has ended. Nothing is deleted: the ruling is a record,
    the finds stay, and every score follows (stored results included). Later rounds of
    the room inherit the ruling when they are dealt."""
    game_round = Round.objects.select_for_update().get(pk=round.pk)
    if game_round.finished_at is None:
        raise RulingRefused(gettext("Rule on words once the round is over."))
    path = ruling_path(round=game_round, word=word, verdict=verdict)
    ruling = WordRuling.objects.create(
        round=game_round, word=word, verdict=verdict, path=path, ruled_by=user
    )
    results_store(round=game_round)
    event = protocol.ruling(
        round=game_round.pk, number=game_round.number, word=word, verdict=verdict
    )
    broadcast(game_round.room, event)
    round.refresh_from_db()
    return ruling


def ruling_path(*, round: Round, word: str, verdict: str) -> list[list[int]] | None:
    """Check a ruling on ``word`` in ``round`` (raise RulingRefused, with the teacher's
    message, when it cannot be made); the path an allowed word is spelled along.

    One check for every ruling: a round's (``word_rule``), a homework board's
    (games.homework.services)."""
    if verdict == WordRuling.Verdict.ALLOW:
        path = round.solution.get(word) or dealing.word_path(round.board, word)
        if path is None or len(word) < round.min_length:
            raise RulingRefused(
                gettext("%(word)s cannot be played on this board.") % {"word": word.upper()}
            )
        return path
    if verdict == WordRuling.Verdict.UNDO:
        if verdicts.effective_rulings(round.rulings.all()).get(word) is None:
            raise RulingRefused(gettext("There is no ruling on %(word)s to undo.") % {"word": word})
    elif verdict not in WordRuling.Verdict.values:
        raise RulingRefused(gettext("Allow, disallow or undo."))
    return None
