"""The classroom blocklists as built (the nickname filter that reads them: test_nicknames.py)."""

from __future__ import annotations

import pytest

from games.engine.blocklist import blocked_words, category
from games.engine.build.blocklists import read_curated
from games.engine.languages import LANGUAGES
from games.engine.lexicon import load_lexicon


@pytest.mark.parametrize(
    ("lang", "lemma", "forms"),
    [
        ("fr", "putain", ["putain", "putains"]),
        ("fr", "enculer", ["encule", "enculaient", "enculerons"]),
        ("es", "joder", ["joder", "jodido", "jodemos"]),
        # ungefickt: un- makes a word of its own, still a form of a blocked verb
        ("de", "ficken", ["ficken", "fickt", "gefickt", "fickte", "ungefickt"]),
        ("it", "cazzo", ["cazzo", "cazzi"]),
        ("pt", "foder", ["foder", "fodemos", "fodia"]),
    ],
)
def test_every_form_of_a_blocked_lemma_is_blocked(lang, lemma, forms):
    blocked = blocked_words(lang)
    for form in forms:
        assert form in blocked, (lemma, form)
        assert load_lexicon(lang).contains(form), form  # a real word of the game


@pytest.mark.parametrize(
    ("lang", "word"),
    [("es", "cono"), ("de", "schwanz"), ("it", "scopare"), ("fr", "baiser"), ("pt", "comer")],
)
def test_ambiguous_everyday_words_are_not_blocked(lang, word):
    assert word not in blocked_words(lang)
    assert load_lexicon(lang).contains(word)


@pytest.mark.parametrize(
    ("lang", "word"),
    [("es", "sudaca"), ("pt", "veado"), ("pt", "paneleiro"), ("it", "frocio"), ("fr", "pede")],
)
def test_slurs_of_any_country_of_the_language_are_blocked_as_slurs(lang, word):
    assert category(lang, word) == "slur"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_curated_lists_read_without_junk(lang):
    entries, problems = read_curated(lang)
    assert problems == []
    assert any(entry.category == "slur" for entry in entries)
