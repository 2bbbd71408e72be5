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
        ("pt", "ira", ("irá", "ira")),  # not irã: only Irã (Iran) is written so
        ("es", "eso", ("eso",)),  # éso was never written
        ("es", "pie", ("pie",)),  # nor pié, since 2010
        ("es", "ese", ("ese",)),  # a demonstrative pronoun takes no accent (RAE 2010)
        ("es", "esta", ("esta", "está")),
        ("de", "gehen", ("gehen", "Gehen")),
        ("de", "abreise", ("Abreise", "abreise")),  # a noun Ding lists, then abreisen's form
    ],
)
def test_the_built_words_show_one_right_spelling(lang, word, expected):
    assert load_lexicon(lang).display_forms(word) == expected


def test_a_taught_form_of_an_everyday_verb_is_shown_whatever_its_frequency():
    """CANTARA on a board is cantara (imperfect subjunctive) or cantará (the future, taught
    in the first years): both are shown, as both are taught; a rare tense's spelling is
    not (the future subjunctive, abarcáremos; the voseo, abastecés)."""
    taught_forms = {"cantara", "cantará", "abarcaremos", "abasteces", "designo", "designò"}

    def taught(spelling):
        return spelling.display in taught_forms

    def shown_taught(lang, folded, *rows):
        return [
            s.display for s in shown_spellings(lang, folded, spellings(*rows), zipf, taught=taught)
        ]

    assert shown_taught("es", "cantara", ("cantara", "cantar"), ("cantará", "cantar")) == [
        "cantara",
        "cantará",
    ]
    assert shown_taught("it", "designo", ("designò", "designare"), ("designo", "designare")) == [
        "designò",
        "designo",
    ]
    # Nothing common first: the taught form leads, the untaught rare tense is not shown.
    assert shown_taught(
        "es", "abarcaremos", ("abarcáremos", "abarcar"), ("abarcaremos", "abarcar")
    ) == ["abarcaremos"]
    assert shown_taught(
        "es", "abasteces", ("abastecés", "abastecer"), ("abasteces", "abastecer")
    ) == ["abasteces"]
    # Not taught, not common: one spelling, as before.
    assert shown_taught("pt", "casa", ("casa", "casa"), ("casá", "casar")) == ["casa"]


def test_german_shows_an_everyday_verbs_form_and_a_nouns_dative_plural_beside_a_twin():
    """STRICHEN is Strichen (Strich) or strichen (streichen's past); GRUNDEN is gründen or
    Gründen, the dative of Gründe, a plural Ding lists."""
    from games.engine.build.textbook import taught_verb_form

    frequencies = {"streichen": 4.0, "schweben": 2.1}
    taught = taught_verb_form(
        "de",
        lambda word, lang: frequencies.get(word, 0.0),
        principal={"streichen": {"strich"}, "schweben": set()},
    )
    assert taught(Spelling("strichen", ("streichen",)))
    assert not taught(Spelling("schwebe", ("schweben",)))  # not an everyday verb
    assert not taught(Spelling("Strichen", ("Strich",)))  # a noun is no verb form
    kept = shown_spellings(
        "de",
        "strichen",
        spellings(("Strichen", "Strich"), ("strichen", "streichen")),
        zipf,
        is_noun=lambda display: display == "Striche",
        taught=taught,
    )
    # neither is common (Zipf < 3): the taught form first, the noun's dative beside it
    assert [s.display for s in kept] == ["strichen", "Strichen"]
    kept = shown(
        "de",
        "grunden",
        ("gründen", "gründen"),
        ("Gründen", "Gründen"),
        is_noun=lambda display: display == "Gründe",
    )
    assert [s.display for s in kept] == ["gründen", "Gründen"]
