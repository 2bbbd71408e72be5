"""Display forms and lemmas on disk: the edit encoding and the in-place graph walk."""

from __future__ import annotations

import pytest

from games.engine import dawg
from games.engine.wordinfo import (
    Spelling,
    WordInfo,
    apply_display_edit,
    apply_edit,
    display_edit,
    edit,
    encode,
)

WORDS = {
    "cote": [
        Spelling("côté", ("côté",)),
        Spelling("côte", ("côte",)),
        Spelling("coté", ("coter",)),
        Spelling("cote", ("cote", "coter")),
    ],
    "hauser": [Spelling("Häuser", ("Haus",))],
    "zeit": [Spelling("Zeit", ("Zeit",)), Spelling("zeit", ("zeit",))],
    "strasse": [Spelling("Straße", ("Straße",))],
    "sommes": [Spelling("sommes", ("être", "somme"))],
    "chat": [Spelling("chat", ("chat",))],
    "anos": [Spelling("años", ("año",))],
}


@pytest.fixture
def info(tmp_path):
    strings = sorted(text for word, shown in WORDS.items() for text in encode(word, shown))
    path = tmp_path / "forms.dawg"
    path.write_bytes(dawg.build_graph([strings]).to_bytes())
    return WordInfo(path)


@pytest.mark.parametrize(
    ("source", "target"), [("cote", "côté"), ("hauser", "häuser"), ("sommes", "être"), ("a", "a")]
)
def test_an_edit_turns_one_word_into_the_other(source, target):
    assert apply_edit(source, edit(source, target)) == target


def test_display_edits_keep_capitals():
    assert display_edit("zeit", "Zeit") == "^0"
    assert apply_display_edit("strasse", display_edit("strasse", "Straße")) == "Straße"


def test_every_word_reads_back_in_order_with_its_lemmas(info):
    for word, shown in WORDS.items():
        assert info.spellings(word) == tuple(shown), word


def test_a_word_spelled_as_itself_costs_nothing_and_reads_as_itself(info):
    assert encode("chat", WORDS["chat"]) == []
    assert info.spellings("chien") == (Spelling("chien", ("chien",)),)


def test_a_bad_file_is_a_clear_error(tmp_path):
    path = tmp_path / "forms.dawg"
    path.write_bytes(b"not a graph")
    with pytest.raises(dawg.GraphFormatError, match="bad magic"):
        WordInfo(path).spellings("chat")
