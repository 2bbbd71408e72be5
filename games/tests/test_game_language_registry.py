"""Every game language has every piece it needs.

A game language is one record (games/engine/languages.py, ``GameLanguage``) that the
tables of the board dealer, the folding, the display and the builds are made from; the
pieces a record cannot hold (a translated name, build rules, data files) would fail
silently when missing. This test names each one, so the suite fails until a new
language has them all.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.utils.choices import CallableChoiceIterator

from games.engine import dice, folding
from games.engine.build import blocklists, borrowed, display, spelling
from games.engine.build import glosses as gloss_build
from games.engine.languages import GAME_LANGUAGES, LANGUAGES
from games.labels import LANGUAGE_NAMES
from games.models import Room, Round
from games.nicknames.words import WORDS

ROOT = Path(settings.BASE_DIR)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_game_language_has_every_piece(lang):
    missing = [
        name
        for name, present in {
            "folding.ALPHABETS": lang in folding.ALPHABETS,
            "dice: its letters' source": f"{lang}-freq" in dice.board_sources(),
            "dice.SOURCE_NUMBERS (share codes)": f"{lang}-freq" in dice.SOURCE_NUMBERS,
            "labels.LANGUAGE_NAMES": lang in LANGUAGE_NAMES,
            "Room.language choices": lang in dict(Room._meta.get_field("language").choices),
            "nickname words": lang in WORDS,
            "reserved nicknames (the record's reserved_names)": bool(
                next(r for r in GAME_LANGUAGES if r.code == lang).reserved_names
            ),
            "build: blocklist plurals": lang in blocklists._PLURALS,
            "build: display letters": lang in display.LETTERS,
            "build: spelling sources": lang == "en" or lang in spelling.SPELLING_SOURCES,
            "build: borrowed-word countries": lang == "en" or lang in borrowed.COUNTRIES,
            "glosses: dictionary code": lang in gloss_build.THREE_LETTER,
            "blocklist file": (ROOT / f"dictionaries/sources/blocklists/{lang}.txt").is_file(),
            "word review": (ROOT / f"dictionaries/sources/reviews/{lang}.tsv").is_file(),
            "word data": (ROOT / f"dictionaries/{lang}/words.dawg").is_file(),
            "glossary folder": (ROOT / f"dictionaries/{lang}/glosses/LICENCE").is_file(),
        }.items()
        if not present
    ]
    assert not missing, f"{lang} lacks: {', '.join(missing)}"


def test_each_record_is_well_formed_and_takes_a_share_code_number_of_its_own():
    from games.engine.languages import GAME_LANGUAGES

    numbers = [language.board_source for language in GAME_LANGUAGES]
    assert len(set(numbers)) == len(numbers)
    assert sorted(dice.SOURCE_NUMBERS.values()) == list(range(len(dice.SOURCE_NUMBERS)))
    for language in GAME_LANGUAGES:  # what a record must hold to be well formed
        assert not set(language.accents) & set(language.alphabet), language.code
        assert len(language.dictionary_code) == 3, language.code
    # A model field's choices are read through a callable: no migration per language.
    for model in (Room, Round):
        field = model._meta.get_field("language")
        assert isinstance(field.choices, CallableChoiceIterator), model
        assert [code for code, _name in field.choices] == list(LANGUAGES)


def test_a_records_reserved_names_are_refused_as_nicknames():
    """What whoever runs a room is called, in each language's record, is refused."""
    from games.nicknames.screening import RESERVED, problem

    for language in GAME_LANGUAGES:
        for name in language.reserved_names:
            assert problem(name.capitalize()) == RESERVED, (language.code, name)


def test_the_kubernetes_config_preloads_every_game_language():
    config = (ROOT / "deploy/kubernetes/config.yaml").read_text(encoding="utf-8")
    line = next(line for line in config.splitlines() if "PRELOAD_LANGUAGES:" in line)
    assert line.split(":", 1)[1].strip().split(",") == list(LANGUAGES)


def test_every_game_language_is_glossed_into_every_interface_language_but_its_own():
    from games.engine.glosses import INTERFACE_LANGUAGES, tables_for

    for lang in LANGUAGES:
        for interface in INTERFACE_LANGUAGES:
            tables = tables_for(lang, interface)
            assert tables, (lang, interface)
            if lang not in (interface, "en") and interface != "en":
                assert tables == (interface, "en")  # its own, then English saying so
