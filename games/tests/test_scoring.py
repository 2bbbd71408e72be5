"""Points per word and the minimum word length per board size."""

from __future__ import annotations

import pytest

from games.engine.scoring import SCORES, default_min_length, score_word, total_score


@pytest.mark.parametrize(
    ("letters", "points"), [(3, 1), (4, 1), (5, 2), (6, 3), (7, 5), (8, 11), (9, 11), (12, 11)]
)
def test_points_by_letters_on_4x4_and_5x5(letters, points):
    assert score_word("a" * letters, 4) == points
    assert score_word("a" * letters, 5) == points


def test_qu_counts_two_letters():
    assert score_word("squid", 4) == 2  # S-Qu-I-D is four cells but five letters


def test_nine_plus_letters_on_6x6_earn_two_per_letter_beyond_eight():
    assert score_word("a" * 8, 6) == 11
    assert score_word("a" * 9, 6) == 13
    assert score_word("a" * 10, 6) == 15
    assert score_word("a" * 16, 6) == 27


def test_short_words_earn_nothing():
    assert score_word("at", 4) == 0
    assert score_word("", 4) == 0


def test_default_min_length_is_3_on_4x4_and_4_on_larger():
    assert default_min_length(4) == 3
    assert default_min_length(5) == 4
    assert default_min_length(6) == 4


def test_total_score_adds_the_words():
    assert total_score(["cat", "quiet", "letters"], 4) == 1 + 2 + 5


def test_table_is_the_published_one():
    assert SCORES == {3: 1, 4: 1, 5: 2, 6: 3, 7: 5, 8: 11}
