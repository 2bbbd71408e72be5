"""One right spelling: which of its spellings a word shows (games/engine/build/display.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.engine.build import builder
from games.engine.build.display import shown_spellings, written_in
from games.engine.build.spelling import Collected
from games.engine.lexicon import load_lexicon
from games.engine.wordinfo import Spelling

FREQUENCIES = {
    "es": {"río": 5.1, "rio": 4.43, "rió": 3.44, "esta": 6.36, "está": 6.22, "sera": 4.39},
    "fr": {"acte": 4.79, "acté": 2.92, "des": 7.15, "dès": 5.43, "dés": 4.05, "vie": 5.89},
    "pt": {"país": 5.64, "pais": 5.25, "casa": 5.99, "casá": 2.33},
}
FREQUENCIES["es"] |= {"será": 5.56}


def zipf(word: str, lang: str) -> float:
    return FREQUENCIES.get(lang, {}).get(word, 0.0)


def spellings(*displays_and_lemmas) -> list[Spelling]:
    return [Spelling(display, tuple(lemmas)) for display, *lemmas in displays_and_lemmas]


def shown(lang, folded, *rows, is_noun=lambda display: False):
    return shown_spellings(lang, folded, spellings(*rows), zipf, is_noun)


def test_a_second_spelling_shows_only_when_it_is_an_everyday_word():
    kept = shown("fr", "acte", ("acte", "acte"), ("acté", "acter"), ("actè", "acter"))
    assert kept == [Spelling("acte", ("acte", "acter"))]  # acter's meaning still found
    kept = shown("fr", "des", ("des", "de"), ("dès", "dès"), ("dés", "dé"))
    assert [s.display for s in kept] == ["des", "dès", "dés"]
    assert [s.display for s in shown("pt", "casa", ("casa", "casa"), ("casá", "casar"))] == ["casa"]


def test_a_bare_spelling_made_frequent_by_typing_without_accents_is_not_shown():
    """Spanish rio and sera are río and será typed without accents; Portuguese pais
    (parents) is a word of its own, nearly as frequent as país."""
    kept = shown("es", "rio", ("río", "río", "reír"), ("rio", "riar"), ("rió", "reír"))
    assert [s.display for s in kept] == ["río", "rió"]
    assert [s.display for s in shown("es", "sera", ("será", "ser"), ("sera", "sera"))] == ["será"]
    assert [s.display for s in shown("es", "esta", ("esta", "este"), ("está", "estar"))] == [
        "esta",
        "está",
    ]
    assert [s.display for s in shown("pt", "pais", ("país", "país"), ("pais", "pai"))] == [
        "país",
        "pais",
    ]


def test_a_spelling_with_letters_the_language_does_not_write_is_never_shown():
    assert not written_in("fr", "viᵉ") and written_in("fr", "œuvre") and written_in("es", "año")
    assert not written_in("es", "façade")
    kept = shown("fr", "vie", ("vie", "vie"), ("viᵉ", "viᵉ"))
    assert [s.display for s in kept] == ["vie"]


def test_german_verbs_before_their_nominalisation_and_nouns_before_a_verb_form():
    def listed(display):
        return display in {"Gehen", "Weg", "Reise"}

    kept = shown("de", "gehen", ("Gehen", "Gehen"), ("gehen", "gehen"), is_noun=listed)
    assert [s.display for s in kept] == ["gehen", "Gehen"]
    kept = shown("de", "laufen", ("Laufen", "Laufen"), ("laufen", "laufen"), is_noun=listed)
    assert [s.display for s in kept] == ["laufen"]  # no noun of its own in Ding
    kept = shown("de", "weg", ("Weg", "Weg"), ("weg", "weg"), is_noun=listed)
    assert [s.display for s in kept] == ["Weg", "weg"]
    kept = shown("de", "reise", ("Reise", "Reise"), ("reise", "reisen"), is_noun=listed)
    assert kept == [Spelling("Reise", ("Reise", "reisen"))]


def test_a_noun_the_spelling_dictionary_lacks_is_written_as_ding_lists_it():
    collected = Collected("de")
    collected.add("eile", "eile", "eilen", speller=True)
    collected.add("eilt", "eilt", "eilen", speller=True)
    collected.add("gute", "gute", "gut", speller=True)
    collected.nouns = SimpleNamespace(headwords={"Eile", "Eilt", "Gute"})
    notes = builder._add_listed_nouns(collected)
    assert collected.forms["eile"] == {"eile": {"eilen"}, "Eile": {"Eile"}}
    assert "Gute" not in collected.forms["gute"]  # an adjective's form, not a verb's
    assert "nouns from Ding beside verb forms: 2" in notes[0]


@pytest.mark.parametrize(
    ("lang", "word", "expected"),
    [
        ("fr", "acte", ("acte",)),
        ("fr", "date", ("date", "daté")),
        ("es", "rae", ("rae",)),
        ("es", "aire", ("aire",)),
        ("pt", "dia", ("dia",)),
        ("pt", "pao", ("pão",)),
        ("de", "gehen", ("gehen", "Gehen")),
        ("de", "abreise", ("Abreise",)),  # a noun Ding lists beside verb forms
    ],
)
def test_the_built_words_show_one_right_spelling(lang, word, expected):
    assert load_lexicon(lang).display_forms(word) == expected
