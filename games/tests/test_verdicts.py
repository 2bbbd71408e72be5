"""One verdict on a word: typed, traced and the live green/red hint always agree."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import dealing, selectors, services, verdicts
from games.engine import dawg
from games.engine.board import parse_board
from games.engine.lexicon import load_lexicon
from games.models import Round, WordRuling
from games.tests.conftest import ANN, make_room, start_round

pytestmark = pytest.mark.django_db
# S-H-I-T runs down the first column: a word of ENABLE2K, blocked in a classroom.
BOARD = "SHAT/HIER/IDEN/TSOL"
BLOCKED = "shit"
PLANTED = "eider"  # on the board, but not a common word


@pytest.fixture
def game_round():
    """A common-words round with a planted rare word, a word the teacher allowed and one
    they disallowed (copied in from an earlier round, as a class's later rounds get them)."""
    room = make_room(mode="versus", level=1, board=BOARD)
    earlier = selectors.current_round(room)
    start_round(earlier)
    services.round_finish(round=earlier)
    services.word_rule(round=earlier, word="hider", verdict="allow")
    services.word_rule(round=earlier, word="hide", verdict="disallow")
    dealt = services.round_deal(room=room, board=BOARD).round
    # As the deal plants a vocabulary word: on the board, in the round's words, rarer
    # than its level.
    path = dealing.word_path(BOARD, PLANTED)
    Round.objects.filter(pk=dealt.pk).update(
        planted={PLANTED: {"display": PLANTED, "translation": "a duck"}},
        bonus=2,
        solution={**dealt.solution, PLANTED: path},
        word_count=dealt.word_count + 1,
    )
    start_round(dealt)
    verdicts.clear_caches()
    return Round.objects.get(pk=dealt.pk)


def paths(size=4, longest=7):
    """Self-avoiding paths of neighbouring cells on a size x size board."""

    def extend(path):
        last = path[-1]
        steps = [
            (last[0] + dr, last[1] + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= last[0] + dr < size and 0 <= last[1] + dc < size
        ]
        return st.sampled_from(steps).map(lambda step: [*path, step])

    start = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)).map(lambda c: [c])
    return st.recursive(start, lambda inner: inner.flatmap(extend), max_leaves=longest).filter(
        lambda path: len(set(path)) == len(path)
    )


def test_the_rounds_words_follow_its_rulings_and_plants(game_round):
    words = verdicts.round_words(game_round)
    level = load_lexicon("en").root(1)
    assert not dawg.contains(level, "hider") and not dawg.contains(
        level, PLANTED
    )  # not a common word, counted by a ruling
    assert words.counts("hider") and not words.counts("hide")
    assert not words.counts(BLOCKED)
    assert game_round.rulings.filter(inherited=True).count() == 2
    assert game_round.word_count == len(words.countable())


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=paths())
def test_typed_traced_and_the_hint_give_the_same_answer(game_round, path):
    words = verdicts.round_words(game_round)
    cells = [list(cell) for cell in path]
    hint = verdicts.hint(game_round, words, cells)
    traced = verdicts.judge(game_round, words, path=cells)
    assert hint.reason is None or hint.reason == "no_such_word"
    assert traced.accepted == hint.is_word
    typed = verdicts.judge(game_round, words, word=hint.letters)
    assert typed.accepted == traced.accepted
    assert typed.reason == traced.reason or traced.reason == "bad_path"
    if not hint.ok:  # red: nothing that counts starts like this
        letters = hint.letters
        assert not any(w.startswith(letters) for w in words.countable())


def test_a_blocked_word_is_never_shown_as_a_word_and_planted_and_allowed_ones_are(game_round):
    words = verdicts.round_words(game_round)
    board = parse_board(game_round.board)
    down = [[0, 0], [1, 0], [2, 0], [3, 0]]
    assert board.spell([tuple(c) for c in down]) == BLOCKED
    hint = verdicts.hint(game_round, words, down)
    assert (hint.letters, hint.is_word) == (BLOCKED, False)
    assert verdicts.judge(game_round, words, path=down).reason == "not_allowed"
    assert verdicts.judge(game_round, words, word="SHIT").reason == "not_allowed"
    for word in (PLANTED, "hider"):
        path = [list(cell) for cell in words.path(word)]
        for end in range(1, len(path)):
            assert verdicts.hint(game_round, words, path[:end]).ok  # green all the way
        assert verdicts.hint(game_round, words, path).is_word
        assert verdicts.judge(game_round, words, path=path).accepted


def test_a_traced_word_the_hint_calls_red_is_still_answered_with_its_reason(game_round):
    ann = services.player_join(room=game_round.room, browser=ANN, nickname="Ann")
    words = verdicts.round_words(game_round)
    dead = [[3, 3], [2, 3]]  # L-N: starts nothing
    assert not verdicts.hint(game_round, words, dead).ok
    result = services.word_submit(
        round=game_round, player=ann, round_id=game_round.pk, path=[(3, 3), (2, 3)]
    )
    assert (result.accepted, result.reason) == (False, "too_short")
    planted = services.word_submit(
        round=game_round, player=ann, round_id=game_round.pk, word=PLANTED
    )
    assert (planted.accepted, planted.points, planted.reason) == (True, 2 + 2, "accepted")
    assert WordRuling.objects.filter(round=game_round, word="hide").exists()


@pytest.mark.parametrize(
    ("language", "board", "typed", "word", "shown"),
    [
        ("es", "AÑOS/TEMA/LUNA/CASA", "año", "año", "año"),  # ñ is a letter of its own
        ("es", "AÑOS/TEMA/LUNA/CASA", "AÑO", "año", "año"),
        ("de", "MUDE/HAUS/ZEIT/GRUN", "muede", "mude", "müde"),  # umlaut typed as ue
        ("de", "MUDE/HAUS/ZEIT/GRUN", "müde", "mude", "müde"),
    ],
)
def test_a_typed_word_is_read_in_the_rounds_language(language, board, typed, word, shown):
    room = make_room(mode="versus", language=language, level=4, board=board)
    game_round = selectors.current_round(room)
    start_round(game_round)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    result = services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=typed)
    assert (result.accepted, result.word) == (True, word)
    assert services.word_result_event(result, game_round)["display"] == shown


def test_in_spanish_ano_is_not_año():
    room = make_room(mode="versus", language="es", level=4, board="AÑOS/TEMA/LUNA/CASA")
    game_round = selectors.current_round(room)
    start_round(game_round)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    result = services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word="ano")
    assert (result.accepted, result.reason) == (False, "not_on_board")
