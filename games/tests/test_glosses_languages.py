"""Meanings in the four interface languages added after English and French (issue 17):
each new pair's tables, the English fallback that says so, the vulgar-sense rule in
every table, and a flashcard file for a Spanish reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games.engine.blocklist import blocked_words
from games.engine.folding import fold
from games.engine.glosses import gloss_table, meaning, tables_for
from games.engine.languages import LANGUAGES
from games.selectors.glosses import shown_meaning
from games.tests.conftest import HOST, make_room
from games.tests.test_glosses_pages import ANN, as_browser, french_round, parse_cards

ROOT = Path(__file__).resolve().parents[2]
NEW_READERS = ("es", "de", "it", "pt")
# One everyday word per game language and the word its meaning must hold per reader.
KNOWN = {
    ("en", "house"): {"es": "casa", "de": "Haus", "it": "casa", "pt": "casa"},
    ("fr", "maison"): {"es": "casa", "de": "Haus", "it": "casa", "pt": "casa"},
    ("es", "perro"): {"de": "Hund", "it": "cane", "pt": "cão"},
    ("de", "Hund"): {"es": "perro", "it": "cane", "pt": "cão"},
    ("it", "cane"): {"es": "perro", "de": "Hund", "pt": "cão"},
    ("pt", "cão"): {"es": "perro", "de": "Hund", "it": "cane"},
    ("en", "water"): {"es": "agua", "de": "Wasser", "it": "acqua", "pt": "água"},
}


@pytest.mark.parametrize(
    ("lang", "word", "reader", "expected"),
    [
        (lang, word, reader, text)
        for (lang, word), by in KNOWN.items()
        for reader, text in by.items()
    ],
)
def test_a_known_word_reads_its_meaning_in_each_new_language(lang, word, reader, expected):
    found = meaning(word, lang, reader)
    assert found is not None and found.language == reader
    assert expected in re.split(r"[,;:] *", found.text), found.text


def test_a_word_without_a_meaning_in_the_readers_language_reads_english_saying_so():
    # A Spanish word on a Spanish page: no open source defines Spanish in Spanish.
    assert tables_for("es", "es") == ("en",)
    found = meaning("perro", "es", "es")
    assert found.language == "en" and "dog" in found.text
    assert shown_meaning("perro", "es", "es") == f"en inglés: {found.text}"
    assert shown_meaning("perro", "es", "de") == meaning("perro", "es", "de").text
    # English and French pages stay as they were: French words defined in French.
    assert shown_meaning("mangeons", "fr", "fr").startswith("manger: ")
    with translation.override("de"):
        assert shown_meaning("Hund", "de", "de").startswith("auf Englisch: ")


@pytest.mark.parametrize("reader", NEW_READERS)
def test_an_english_form_read_through_a_base_in_english_is_translated_through_it(reader):
    """lowers reads "lower: to move down" in English, so "lower: ..." in every language
    (not the adjective "abatido"); surprised has a meaning of its own ("feeling
    surprise") and keeps its own translation. (lowered and lowering carry a reviewer's
    meaning for German readers, the verb's alone: reviews/en.tsv.)"""
    assert meaning("lowers", "en", "en").text.startswith("lower: ")
    assert gloss_table("en", reader).find("lower")
    assert (
        meaning("lowers", "en", reader).text == f"lower: {gloss_table('en', reader).find('lower')}"
    )
    assert meaning("lowered", "en", reader).text.startswith("lower: ")
    assert meaning("curtains", "en", reader).text.startswith("curtain: ")
    assert not meaning("surprised", "en", "en").text.startswith("surprise: ")
    assert not meaning("surprised", "en", reader).text.startswith("surprise: ")
    # bedding has a meaning of its own in English (a review's): not the irregular "bed"
    assert not meaning("bedding", "en", "en").text.startswith("bed: ")
    assert meaning("bedding", "en", reader).text == gloss_table("en", reader).find("bedding")


def test_a_german_adjective_in_bar_reads_its_adjective_not_the_verb():
    for reader in ("en", *NEW_READERS):
        if reader != "de":
            assert meaning("sichtbarer", "de", reader).text.startswith("sichtbar: ")
    assert meaning("eigentliche", "de", "en").text.startswith("eigentlich: ")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_meaning_in_a_new_language_holds_one_of_its_blocked_words(lang):
    """The vulgar-sense rule in every new table: baiser never reads "follar"."""
    for reader in NEW_READERS:
        if reader == lang:
            continue
        blocked = blocked_words(reader)
        table = ROOT / "dictionaries" / lang / "glosses" / f"{reader}.tsv"
        found = []
        for line in table.read_text(encoding="utf-8").splitlines():
            lemma, text = line.split("\t")
            words = {fold(token, reader) for token in re.findall(r"[^\W\d_]+", text)}
            if words & blocked:
                found.append((lemma, text))
        assert not found, (reader, found[:10])


@pytest.mark.django_db
def test_a_spanish_pupil_downloads_flashcards_in_spanish(client):
    room = make_room(mode="versus", host=HOST)
    game_round = french_round(room, finds={ANN: ["chat"]})
    url = reverse("games:flashcards", kwargs={"code": room.code, "number": game_round.number})
    cards = dict(parse_cards(as_browser(client, ANN, "es").get(url + "?words=all")))
    assert "gato" in cards["chat"]
    assert "comer" in cards["manger"]
    assert not any("to eat" in text for text in cards.values())
