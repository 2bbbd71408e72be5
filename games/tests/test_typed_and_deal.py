"""German umlauts typed as two letters, and the deal's fallback to the best board found."""

from __future__ import annotations

import logging

import pytest

from games.dealing import MIN_WORDS_ON_BOARD, deal
from games.engine.board import parse_board
from games.engine.lexicon import load_lexicon
from games.engine.solver import find_cell_path
from games.engine.typed import typed_words, umlaut_readings


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("muede", "mude"),
        ("gruen", "grun"),
        ("Maedchen", "madchen"),
        ("Schluessel", "schlussel"),
        ("Strasse", "strasse"),
    ],
)
def test_german_umlauts_typed_as_two_letters_read_as_the_word(typed, expected):
    german = load_lexicon("de")
    words = typed_words(typed, german)
    assert expected in words
    assert german.contains(expected)


def test_a_word_that_is_a_word_as_typed_comes_first_and_reads_no_umlaut():
    german = load_lexicon("de")
    assert typed_words("Feuer", german)[0] == "feuer"
    assert typed_words("aktuell", german) == ("aktuell",)


def test_umlaut_readings_are_only_for_german():
    assert typed_words("muede", load_lexicon("fr")) == ("muede",)
    assert typed_words("l'eau", load_lexicon("fr")) == ()
    assert sorted(umlaut_readings("mueue")) == sorted(["mueu", "muue", "muu"])


def test_muede_is_played_on_the_path_of_mude():
    german = load_lexicon("de")
    board = parse_board("MUDE/XXXX/XXXX/XXXX")
    reading = typed_words("muede", german)[1]
    assert find_cell_path(board, reading) == [0, 1, 2, 3]


def test_a_starved_deal_plays_the_best_board_found_and_says_so(caplog):
    caplog.set_level(logging.WARNING, logger="games.dealing")
    counts = []
    for seed in range(4):
        dealt = deal(language="en", level=1, size=4, dice="", min_length=6, seed=seed)
        counts.append(len(dealt.solution))
    assert all(count > 0 for count in counts)
    assert any(count < MIN_WORDS_ON_BOARD for count in counts)
    assert "playing the best found" in caplog.text
