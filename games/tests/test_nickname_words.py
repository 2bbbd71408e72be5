"""The two-word nicknames a class can give its students: safe, grammatical, enough of them."""

from __future__ import annotations

import random

import pytest

from games.engine.blocklist import blocked_words
from games.engine.folding import fold
from games.engine.languages import LANGUAGES
from games.nicknames import (
    NICKNAME_MAX_LENGTH,
    NicknameError,
    clean_nickname,
    nickname_key,
    offer_nickname,
)
from games.nicknames.words import WORDS, names, spelling


def test_there_are_lists_for_the_six_game_languages():
    assert set(WORDS) == set(LANGUAGES)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_name_passes_the_nickname_rules_and_fits(language):
    made = names(language)
    assert len(made) >= 800  # a class never runs out
    assert len(set(map(nickname_key, made))) == len(made)
    for name in made:
        assert len(name) <= NICKNAME_MAX_LENGTH, name
        assert clean_nickname(name) == name  # no rude word, hatred or reserved name


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_word_of_the_lists_is_a_blocked_word_of_any_language(language):
    blocked = {fold(word) or word for lang in LANGUAGES for word in blocked_words(lang)}
    entries = WORDS[language]
    words = [w.partition(":")[0] for w in entries.animals.split()]
    words += [form for entry in entries.adjectives.split() for form in entry.split("/")]
    assert [w for w in words if fold(w) in blocked] == []


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", {"Brave Otter", "Clever Fox"}),
        ("fr", {"Loutre Courageuse", "Renard Rusé", "Chouette Joyeuse"}),
        ("es", {"Nutria Valiente", "Lobo Astuto", "Ardilla Curiosa"}),
        ("de", {"Mutiger Otter", "Kluge Eule", "Flinkes Pony"}),
        ("it", {"Lontra Coraggiosa", "Lupo Astuto", "Volpe Curiosa"}),
        ("pt", {"Lontra Corajosa", "Lobo Astuto", "Raposa Curiosa"}),
    ],
)
def test_adjectives_agree_with_their_animal(language, expected):
    assert expected <= set(names(language))


def test_agreement_is_never_wrong_where_it_shows():
    assert "Renard Rusée" not in names("fr") and "Loutre Courageux" not in names("fr")
    assert "Mutige Otter" not in names("de") and "Kluger Eule" not in names("de")


def test_an_offered_name_is_in_the_class_language_and_not_taken():
    rng = random.Random(7)
    taken = {nickname_key(name) for name in names("fr")[:-1]}  # all but one
    offered = offer_nickname("fr", taken=taken, rng=rng)
    assert offered == names("fr")[-1]
    everything = {nickname_key(name) for name in names("de")}
    crowded = offer_nickname("de", taken=everything, rng=rng)
    assert crowded.rsplit(" ", 1)[1].isdigit() and nickname_key(crowded) not in everything
    assert spelling(crowded) == crowded


def test_a_given_name_is_recognised_however_it_comes_back():
    assert spelling("mutiger otter") == "Mutiger Otter"
    assert spelling("Brave Otter 3") == "Brave Otter 3"
    assert spelling("Brave Fuck") is None
    assert spelling("Zoé") is None


def test_a_name_nobody_could_give_is_not_offered():
    with pytest.raises(KeyError):
        offer_nickname("xx")
    with pytest.raises(NicknameError):
        clean_nickname("Brave Hitler")
