"""The languages the interface speaks: the one list settings, the language switch,
`make messages` and the tests read.

These are the languages of the pages' words, not the game's languages (the words
on the boards: games/engine/languages.py); a word's meaning is written in the
page's language too (games/engine/glosses.py reads this list). Adding one:
a line below, then `make messages` creates `locale/<code>/LC_MESSAGES/django.po`
to translate (the suite fails until every string is), and compiles it.

Which language a request gets (Django's LocaleMiddleware, in this order): the
switch's ``django_language`` cookie when it names one of these; else the first
of the browser's ``Accept-Language`` that one of these serves, a regional
variant reaching its language (``pt-BR`` and ``pt-PT`` read ``pt``, ``de-AT``
reads ``de``); else ``settings.LANGUAGE_CODE``. A cookie naming anything else is
ignored. A string a catalogue lacks shows in ``LANGUAGE_CODE``'s language, or in
English, the language the interface is written in (``fallback_chain``).

Run as a script, it prints the codes of the catalogues (every language but
English, whose words are the source text), for the Makefile.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

SOURCE_LANGUAGE = "en"  # the language the code's strings are written in


@dataclass(frozen=True)
class InterfaceLanguage:
    code: str  # Django's language code, the cookie's value and the page's lang attribute
    name: str  # its own name, as the switch shows it to someone who reads it
    english_name: str
    plural_forms: str  # the gettext Plural-Forms header of its catalogue


INTERFACE_LANGUAGES: tuple[InterfaceLanguage, ...] = (
    InterfaceLanguage("en", "English", "English", "nplurals=2; plural=(n != 1);"),
    InterfaceLanguage("fr", "Français", "French", "nplurals=2; plural=(n > 1);"),
    InterfaceLanguage("es", "Español", "Spanish", "nplurals=2; plural=(n != 1);"),
    InterfaceLanguage("de", "Deutsch", "German", "nplurals=2; plural=(n != 1);"),
    InterfaceLanguage("it", "Italiano", "Italian", "nplurals=2; plural=(n != 1);"),
    # One Portuguese for Portugal and Brazil: written in words both read naturally.
    InterfaceLanguage("pt", "Português", "Portuguese", "nplurals=2; plural=(n != 1);"),
)

CODES: tuple[str, ...] = tuple(language.code for language in INTERFACE_LANGUAGES)
# The languages with a catalogue under locale/ (English is the source text).
CATALOGUES: tuple[str, ...] = tuple(code for code in CODES if code != SOURCE_LANGUAGE)


def by_code(code: str) -> InterfaceLanguage:
    """The language of ``code`` (``KeyError`` when the interface does not speak it)."""
    for language in INTERFACE_LANGUAGES:
        if language.code == code:
            return language
    raise KeyError(code)


def django_languages() -> list[tuple[str, str]]:
    """``settings.LANGUAGES``: each code with its own name."""
    return [(language.code, language.name) for language in INTERFACE_LANGUAGES]


def fallback_chain(code: str, default: str = SOURCE_LANGUAGE) -> tuple[str, ...]:
    """Where a string missing from ``code``'s catalogue is looked for next: the
    default language (``settings.LANGUAGE_CODE``), then the source text."""
    chain = [code]
    for step in (default, SOURCE_LANGUAGE):
        if step not in chain:
            chain.append(step)
    return tuple(chain)


def template_context(request) -> dict:
    """A context processor: the switch lists ``interface_languages`` by their own names
    (Django's ``get_available_languages`` would translate them: "English" is a
    game language's name too, "Englisch" on a German page)."""
    return {"interface_languages": INTERFACE_LANGUAGES}


if __name__ == "__main__":
    sys.stdout.write(" ".join(CATALOGUES) + "\n")
