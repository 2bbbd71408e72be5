"""A word's meaning for a learner, from the built glosses (real data, no database)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import gloss_report
from games.engine.glosses import gloss, tables_for

ROOT = Path(__file__).resolve().parents[2]


def test_an_inflected_french_form_is_explained_through_its_lemma():
    meaning = gloss("mangeons", "fr", "en")
    assert meaning.startswith("manger: ") and "to eat" in meaning


def test_a_lemma_shows_its_meaning_alone():
    assert gloss("manger", "fr", "en").startswith("to eat")
    assert "cat" in gloss("chat", "fr", "en").split(", ")


@pytest.mark.parametrize(
    ("word", "lang", "lemma", "meaning"),
    [
        ("Häuser", "de", "Haus", "house"),
        ("haeuser", "de", "Haus", "house"),  # typed without the umlaut
        ("Bäume", "de", "Baum", "tree"),
        ("anzunehmen", "de", "annehmen", "to assume"),  # a zu-infinitive
        ("comemos", "es", "comer", "to eat"),
        ("perros", "es", "perro", "dog"),
        ("mangiamo", "it", "mangiare", "eat"),
        ("casas", "pt", "casa", "house"),
        ("livres", "fr", "livre", "book"),
        # Italian forms the spelling dictionary keeps as stems of their own, read
        # through Morph-it!'s lemmas (it/glosses/exceptions.tsv)
        ("abbiamo", "it", None, "we have"),  # its own reviewed meaning: "we have (avere)"
        ("alberi", "it", "albero", "tree"),
        ("separando", "it", "separare", "to separate"),
        # A prefixed word's own meaning, not its base's (the spelling dictionaries
        # give bekannt, cero, confiança as the lemma: known, zero, confidence)
        ("unbekannte", "de", "unbekannt", "unknown"),
        ("acero", "es", None, "steel"),
        ("desconfiança", "pt", None, "mistrust"),
        # hunspell makes nichts of nicht: a word of its own, nothing, not "not"
        ("nichts", "de", None, "nothing"),
        # Common words no source translates, written by hand (core.tsv), among
        # them forms the word data keeps as their own lemma
        ("notizie", "it", "notizia", "news"),
        ("nostra", "it", "nostro", "our"),
        ("somos", "es", None, "we are"),
        ("eram", "pt", None, "they were"),
        ("cette", "fr", None, "this"),
        # A form more common than every lemma the word data gives it is a word of
        # its own: mai "never", not mao (a bird); premio "prize", not premiare
        ("mai", "it", None, "never"),
        ("premio", "it", None, "prize"),
        ("apartamento", "pt", None, "apartment"),
        # Italian lemmas only the second pivots translate, where two agree
        ("condividiamo", "it", "condividere", "to share"),
    ],
)
def test_words_of_every_language_read_in_english(word, lang, lemma, meaning):
    text = gloss(word, lang, "en")
    assert text is not None, word
    assert meaning in text
    if lemma:
        assert text.startswith(f"{lemma}: ")


def test_a_participle_kept_as_its_own_stem_leads_to_its_verb_too():
    # accaduto is also a noun ("what happened"), whose meaning comes first
    text = gloss("accaduto", "it", "en")
    assert text is not None
    assert "accadere: to happen" in text


@pytest.mark.parametrize(
    ("word", "lang", "meaning"),
    [
        ("perro", "es", "chien"),
        ("Hund", "de", "chien"),
        ("cane", "it", "chien"),
        ("houses", "en", "maison"),
    ],
)
def test_a_french_reader_gets_french(word, lang, meaning):
    assert meaning in gloss(word, lang, "fr")


def test_an_english_word_in_an_english_interface_is_defined_not_translated():
    assert gloss("dog", "en", "en").startswith("dog")  # a definition, not "chien"
    assert gloss("went", "en", "en").startswith("go: ")
    assert gloss("cats", "en", "en").startswith("cat: ")


def test_an_irregular_verb_form_means_its_verb_not_the_noun_spelled_alike():
    """sent is "send" (WordNet also has the Estonian coin), felt "feel" (not the fabric)."""
    assert gloss("sent", "en", "en").startswith("send: ")
    assert "kroon" not in gloss("sent", "en", "en")
    assert gloss("felt", "en", "fr").startswith("feel: ")
    assert gloss("felts", "en", "en").startswith("felt: ")  # a plural is the fabric's


@pytest.mark.parametrize(
    ("form", "base"),
    [("jetting", "jet"), ("hoped", "hope"), ("hoping", "hope"), ("doing", "do")],
)
def test_an_english_ed_or_ing_form_reads_its_bases_verb_sense(form, base):
    """jetting is "jet: to ...", not the airplane; doing is "do", not "doe" (a deer)."""
    meaning = gloss(form, "en", "en")
    assert meaning.startswith(f"{base}: to "), meaning


def test_an_ing_word_with_a_meaning_of_its_own_keeps_it():
    assert gloss("boring", "en", "en") == "not interesting"
    assert "marriage" in gloss("wedding", "en", "en")
    assert gloss("anxious", "en", "en") == "worried"  # not "anxious, worried"


@pytest.mark.parametrize(
    ("reader", "journalist"),
    [("en", "; reporter"), ("es", "reportero"), ("de", "Reporter"), ("fr", "journaliste")],
)
def test_a_french_conjugated_form_reads_its_verb_not_the_noun_spelled_alike(reader, journalist):
    """reportons is only the verb reporter (to postpone); the noun reporter, a journalist,
    shows on its own forms (reporters) alone."""
    assert journalist not in gloss("reportons", "fr", reader)
    assert gloss("reportons", "fr", reader).startswith("reporter: ")
    assert journalist in gloss("reporters", "fr", reader)


def test_a_french_participle_keeps_its_adjectives_sense():
    assert "salty" in gloss("salées", "fr", "en")  # salé, salty: an adjective too
    assert gloss("approprions", "fr", "en") == "approprier: to take (s'approprier)"


@pytest.mark.parametrize(
    ("reader", "sense", "nominal"),
    [
        ("en", "reporter", True),
        ("en", "to pass (time: s'écouler)", False),
        ("en", "se fier: to trust", False),
        ("fr", "journaliste", True),
        ("fr", "ne pas accepter", False),
        ("fr", "qui convient (approprié)", True),
        ("es", "reportero", True),
        ("es", "irse, salir", False),
        ("de", "Reporter", True),
        ("de", "treten auf", False),
        ("de", "zart", True),
        ("it", "giornalista", True),
        ("it", "ricordarsi", False),
        ("pt", "repórter", True),  # accented: no Portuguese infinitive
        ("pt", "se lembrar", False),
    ],
)
def test_a_sense_is_told_verb_or_not_in_each_readers_language(reader, sense, nominal):
    from games.engine.glosses import _nominal_sense

    assert _nominal_sense(sense, reader) is nominal


@pytest.mark.parametrize(
    ("word", "reader", "own", "derived_from"),
    [
        ("armações", "en", "armação: ", "armar"),  # a frame, not "to arm"
        ("elevadores", "es", "ascensor", "elevar"),  # lifts, not "to raise"
        ("adicionais", "en", "adicional", "adicionar"),  # not the archaic vós form
        ("comedor", "de", "Esszimmer", "comer"),
    ],
)
def test_a_derived_noun_reads_its_own_lemma_not_the_word_it_was_made_from(
    word, reader, own, derived_from
):
    lang = "es" if word == "comedor" else "pt"
    meaning = gloss(word, lang, reader)
    assert own in meaning and derived_from not in meaning, meaning


def test_a_word_that_is_also_a_verb_form_keeps_both_readings():
    assert "casar" in gloss("casa", "pt", "en")  # ele casa: not a derived noun


@pytest.mark.parametrize(
    ("word", "lang", "singular"),
    [
        ("armacoes", "pt", "armacao"),
        ("secoes", "pt", "secao"),  # not seco, dry
        ("vulneraveis", "pt", "vulneravel"),
        ("mentalidades", "pt", "mentalidade"),
        ("canciones", "es", "cancion"),
        ("ciudades", "es", "ciudad"),
        ("elevador", "pt", None),
    ],
)
def test_the_singular_of_a_derived_plural(word, lang, singular):
    from games.engine.glosses import _singular

    assert _singular(word, lang) == singular


def test_a_word_of_the_readers_own_language_reads_a_definition_or_nothing():
    """A French pupil playing French reads a French definition, never "manger: to eat";
    an English word in the English interface its English definition."""
    assert tables_for("fr", "fr") == ("fr",) and tables_for("en", "en") == ("en",)
    assert gloss("mangeons", "fr", "fr").startswith("manger: ")
    assert "to eat" not in gloss("mangeons", "fr", "fr")
    assert gloss("zzyzx", "fr", "fr") is None


def test_no_meaning_is_none_and_a_bad_interface_is_refused():
    assert gloss("xyzzyq", "fr", "en") is None
    assert gloss("", "en", "en") is None
    with pytest.raises(ValueError, match="interface language"):
        gloss("chat", "fr", "tlh")


def test_the_report_counts_a_pair_and_names_what_is_missing(monkeypatch):
    monkeypatch.setattr(gloss_report, "BOARDS", 5)
    monkeypatch.setattr(gloss_report, "SAMPLE", 200)
    report = gloss_report.pair_report("de", "en")
    document = report.as_dict()
    assert document["level_1_2"]["words"] > 20000
    assert document["level_1_2"]["share"] >= 90
    assert 0 < document["level_3_4"]["words"] <= 210
    assert document["boards"]["words"] > 20 and document["boards"]["share"] > 50
    assert document["tables"] == ["en.tsv"]
    assert all(gloss(word.split(" / ")[0], "de", "en") is None for word in report.missing_level_1)


def manage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_lookup_gives_the_gloss_and_says_plainly_when_there_is_none():
    found = manage("lookup", "mangeons", "xyzzyq", "--lang", "fr", "--json")
    assert found.returncode == 0, found.stderr
    mangeons, nothing = (json.loads(line) for line in found.stdout.splitlines())
    assert mangeons["gloss"].startswith("manger: ") and nothing["gloss"] is None
    text = manage("lookup", "houses", "zzzq", "--lang", "en", "--gloss-language", "fr")
    assert "maison" in text.stdout.splitlines()[0]
    assert "no meaning found" in text.stdout.splitlines()[1]
    bad = manage("lookup", "chat", "--lang", "fr", "--gloss-language", "tlh")
    assert bad.returncode == 2 and "interface language" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


def test_an_english_past_form_is_its_verbs_not_a_names_of_the_same_spelling():
    # WordNet's only "ate" is the goddess Ate: the pupil reads eat's meaning.
    assert gloss("ate", "en", "en").startswith("eat: ")


def test_a_lemma_outside_the_alphabet_does_not_break_the_meaning():
    # WordNet leads "comics" to "comic_strip" too, which folds to no game word: the
    # look-up skips it instead of failing the whole results page.
    assert gloss("comics", "en", "en")
