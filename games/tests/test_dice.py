"""Dice sets, letter-frequency boards and reproducible rolls."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.engine.dice import (
    FREQUENCY_WEIGHTS,
    board_sources,
    default_source,
    dice_sets,
    get_source,
    letter_weights,
    make_board,
    parse_die,
)
from games.engine.generator import match_dice


def test_dice_sets_have_short_names_and_the_right_sizes():
    sizes = {name: dice_set.size for name, dice_set in dice_sets().items()}
    assert sizes == {
        "en-classic": 4,
        "en-new": 4,
        "en-big": 5,
        "en-deluxe": 5,
        "en-superbig": 6,
        "fr-classic": 4,
        "en-big-2012": 5,
        "fr-big": 5,
    }


def test_labels_are_product_neutral_and_weak_sources_say_so():
    for dice_set in dice_sets().values():
        assert "boggle" not in dice_set.label.lower()
        if not dice_set.verified:
            assert "unverified" in dice_set.label
    assert dice_sets()["en-new"].label == "English 4x4, 1987 dice"


def test_q_face_means_qu():
    assert parse_die("HIMNQU") == ("H", "I", "M", "N", "Qu", "U")
    assert any("Qu" in die for die in dice_sets()["fr-classic"].dice)


def test_multi_letter_and_blank_faces_are_parsed():
    assert parse_die("[An,Er,He,In,Qu,Th]") == ("An", "Er", "He", "In", "Qu", "Th")
    assert parse_die("[E,I,O,blank,blank,blank]") == ("E", "I", "O", "", "", "")
    faces = Counter(face for die in dice_sets()["en-superbig"].dice for face in die)
    assert faces[""] == 3
    assert faces["Th"] == 1


def test_bad_die_raises_value_error():
    with pytest.raises(ValueError, match="six faces"):
        parse_die("ABC")


def test_roll_is_reproducible_from_the_seed():
    assert make_board("en-new", seed=42) == make_board("en-new", seed=42)
    assert make_board("en-new", seed=42) != make_board("en-new", seed=43)


def test_roll_uses_every_die_once():
    dice = dice_sets()["en-superbig"].dice
    for seed in range(20):
        board = make_board("en-superbig", seed=seed)
        assert match_dice(list(board.cells), dice, random.Random(0)) is not None


def test_rolls_do_not_touch_the_global_random(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("global random used")

    for name in ("random", "choice", "choices", "shuffle", "randrange"):
        monkeypatch.setattr(random, name, forbidden)
    for name in board_sources():
        make_board(name, seed=1)


def test_frequency_boards_follow_the_language_letters():
    counts = Counter()
    for seed in range(100):
        counts.update(make_board("de-freq", 5, seed=seed).cells)
    assert counts["E"] > counts["N"] > counts["K"] > counts["Qu"]
    assert "Q" not in counts  # q is drawn as Qu


def test_frequency_weights_choice_is_documented_in_one_place():
    assert FREQUENCY_WEIGHTS in ("token", "type")
    weights = letter_weights("fr")
    assert len(weights.faces) == 26 and weights.cumulative[-1] > 99
    assert weights.splits == ()  # only Spanish draws a letter beyond A-Z


def test_letter_sources_make_every_size():
    for size in (4, 5, 6):
        board = make_board("es-freq", size, seed=3)
        assert (board.rows, board.cols) == (size, size)


def test_dice_refuse_a_size_they_do_not_roll():
    with pytest.raises(ValueError, match="4x4"):
        make_board("en-new", 5, seed=1)


def test_unknown_source_lists_the_names():
    with pytest.raises(ValueError, match="en-new"):
        get_source("nope")


def test_default_source_is_dice_where_verified_and_letters_elsewhere():
    assert default_source("en", 4).name == "en-new"
    assert default_source("en", 5).name == "en-big"
    assert default_source("en", 6).name == "en-superbig"
    assert default_source("fr", 4).name == "fr-classic"
    assert default_source("fr", 5).name == "fr-freq"
    assert default_source("de", 4).name == "de-freq"


def test_make_board_needs_a_seed():
    with pytest.raises(ValueError, match="seed"):
        make_board("en-new")
