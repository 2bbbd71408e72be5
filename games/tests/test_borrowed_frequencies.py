"""Levels are not lent by English text or by first names (games/engine/build/borrowed.py)."""

from __future__ import annotations

import pytest

from games.engine.build import borrowed

# Zipf frequencies as wordfreq gives them (rounded), by (word, language).
ZIPF = {
    ("can", "es"): 4.13, ("can", "en"): 6.68,
    ("data", "es"): 4.34, ("data", "en"): 5.43,
    ("national", "de"): 4.35, ("national", "en"): 5.21,
    ("juan", "es"): 5.33, ("juan", "en"): 4.12,
    ("maría", "es"): 5.07, ("maría", "en"): 3.05, ("maria", "en"): 4.52,
    ("paz", "es"): 5.1, ("paz", "en"): 2.9,
    ("rosa", "es"): 4.6, ("rosa", "en"): 4.1,
    ("tengo", "es"): 5.9, ("tengo", "en"): 2.1,
}  # fmt: skip


def zipf(word, lang):
    return ZIPF.get((word, lang), 0.0)


@pytest.mark.parametrize(
    ("lang", "word", "display", "family", "limit"),
    [
        ("es", "can", "can", 2.86, borrowed.WHOLE_LIST),  # English, far ahead; canes rare
        ("es", "data", "data", 3.23, borrowed.ADVANCED),  # datan, datado: rarer
        ("es", "data", "data", 4.0, None),  # had datar's forms been as frequent: Spanish
        ("de", "national", "national", 4.47, None),  # nationale, nationalen: German too
        ("es", "juan", "juan", 3.1, borrowed.ADVANCED),  # a name, travelling
        ("es", "juan", "juan", 4.5, None),  # had juanes been frequent: a word
        ("es", "maria", "maría", 3.19, borrowed.ADVANCED),  # looked up unaccented in English
        ("es", "paz", "paz", 0.0, None),  # a name in Spanish, a word everywhere else
        ("es", "rosa", "rosa", 3.0, None),  # a name and an everyday word: kept
        ("es", "tengo", "tengo", 5.5, None),
        ("en", "juan", "juan", 0.0, None),  # English is its own yardstick
    ],
)
def test_borrowed_frequencies_cap_the_level(lang, word, display, family, limit):
    own = zipf(display.lower(), lang)
    assert borrowed.level_limit(lang, word, display, own, family, zipf) == limit


def test_first_names_come_from_the_countries_of_the_language():
    spanish, french = borrowed.first_names("es"), borrowed.first_names("fr")
    assert {"juan", "maria", "pedro", "jose"} <= spanish
    assert "napoleon" in french  # read as UTF-8: Napoléon's columns line up
    assert "juan" not in borrowed.first_names("de")


def test_a_headword_lends_its_frequency_to_no_other_form():
    """data is the noun data (datas: rare) and a form of datar, whose dato is frequent
    because it is a noun of its own: dato does not make data a Spanish word of level 1;
    has, a form of haber, keeps the level the other forms of haber give it."""
    from games.engine.build.levels import assign_levels
    from games.engine.wordinfo import Spelling

    frequencies = {**ZIPF, ("dato", "es"): 4.33, ("datas", "es"): 1.84, ("dato", "en"): 2.4}

    def lookup(word, lang):
        return frequencies.get((word, lang), 0.0)

    spellings = {
        "data": [Spelling("data", ("data", "datar"))],
        "datas": [Spelling("datas", ("data", "datar"))],
        "dato": [Spelling("dato", ("dato", "datar"))],
    }
    frequencies.update({("has", "es"): 4.5, ("has", "en"): 6.4, ("han", "es"): 5.6})
    frequencies.update({("ha", "es"): 5.9, ("ha", "en"): 4.6, ("haber", "es"): 5.2})
    spellings["has"] = [Spelling("has", ("haber", "ha"))]
    spellings["han"] = [Spelling("han", ("haber",))]
    spellings["ha"] = [Spelling("ha", ("haber", "ha"))]
    spellings["haber"] = [Spelling("haber", ("haber",))]
    levels = assign_levels(spellings, "es", lookup, lambda word: True)
    assert levels["data"][0] == borrowed.ADVANCED
    assert levels["dato"][0] < borrowed.ADVANCED  # a Spanish word, whatever data does
    assert levels["has"][0] < borrowed.ADVANCED  # tú has: han is as Spanish as it gets


def test_a_form_nearly_as_frequent_in_english_lends_its_family_nothing():
    """man (a grub) and mans: mans is frequent in French for Le Mans, and about as
    frequent in English, so it does not make man a French word of level 1."""
    from games.engine.build.levels import assign_levels
    from games.engine.wordinfo import Spelling

    frequencies = {("man", "fr"): 4.45, ("man", "en"): 5.82, ("mans", "fr"): 3.89}
    frequencies[("mans", "en")] = 3.68

    def lookup(word, lang):
        return frequencies.get((word, lang), 0.0)

    spellings = {"man": [Spelling("man", ("man",))], "mans": [Spelling("mans", ("man",))]}
    assert assign_levels(spellings, "fr", lookup, lambda word: True)["man"][0] == 3


NAMES = borrowed.NameEvidence(
    capitalised=frozenset({"ceará", "paris", "mundo", "vida"}),
    named_elsewhere=frozenset({"lisboa", "janeiro"}),
)


@pytest.mark.parametrize(
    ("lang", "word", "display", "own", "family", "lemma", "limit"),
    [
        # ceará (cear, to dine) far above cear and its other forms: the state's frequency
        ("pt", "ceara", "ceará", 4.6, 1.5, 1.9, borrowed.ADVANCED),
        ("pt", "ceara", "ceara", 4.6, 1.5, 1.9, None),  # unaccented: no name is written so
        ("fr", "paris", "paris", 5.7, 0.0, 4.1, borrowed.ADVANCED),  # bets, or the city
        ("pt", "mundo", "mundo", 5.6, 3.9, None, None),  # a dictionary form: its own
        # vida (of vid, says hunspell), but vidas is frequent too: a word's family
        ("es", "vida", "vida", 6.0, 4.8, 3.0, None),
        ("pt", "lisboa", "lisboa", 4.9, 0.0, None, borrowed.ADVANCED),  # a name elsewhere
        ("pt", "janeiro", "janeiro", 5.5, 0.0, None, None),  # ... but a month
        ("en", "paris", "paris", 5.7, 0.0, 4.1, None),
    ],
)
def test_a_name_lends_a_form_no_easy_level(lang, word, display, own, family, lemma, limit):
    assert borrowed.level_limit(lang, word, display, own, family, zipf, lemma, NAMES) == limit
