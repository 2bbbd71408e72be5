"""Folding: the accent table, and what is not a playable word."""

from __future__ import annotations

import pytest

from games.engine.folding import fold, fold_playable, is_playable


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("été", "ete"),
        ("Garçon", "garcon"),
        ("niño", "nino"),
        ("Müller", "muller"),
        ("Straße", "strasse"),
        ("STRASSE", "strasse"),
        ("cœur", "coeur"),
        ("Œuvre", "oeuvre"),
        ("exæquo", "exaequo"),
        ("Ærø", "aero"),
        ("città", "citta"),
        ("coração", "coracao"),
        ("ﬁn", "fin"),  # the fi ligature, decomposed by NFKD
        ("  haus ", "haus"),
    ],
)
def test_fold_removes_accents_and_case(text, folded):
    assert fold(text) == folded


@pytest.mark.parametrize("text", ["aujourd'hui", "abat-jour", "b2b", "ice cream", "", "мир", "ok!"])
def test_fold_rejects_what_is_not_a_to_z(text):
    assert fold(text) is None


def test_playable_length_is_3_to_16_letters():
    assert not is_playable("ab")
    assert is_playable("abc")
    assert is_playable("a" * 16)
    assert not is_playable("a" * 17)
    assert fold_playable("Été") == "ete"
    assert fold_playable("où") is None
    assert fold_playable("l'été") is None
