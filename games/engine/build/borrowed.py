"""Frequencies that are not the word's own: English text and people's names.

wordfreq counts strings, not senses. Two kinds of strings get an easy level
they do not deserve in a language other than English:

- **English words in the corpus**: "man", "about" in French text, "can",
  "data" in Spanish text are mostly English (quotes, titles, code-switching);
  the spelling dictionaries list them all the same (a larva, a dog, a form of
  datar, or simply as borrowings). A word far more frequent in English than
  in the language itself goes to "advanced", or to the whole list when the
  gap is wide.
- **First names**: "juan", "maría", "pedro" are Spanish words (a soldier, a
  biscuit, ...) that hunspell lists in lower case, but their frequency is the
  name's. A word goes to "advanced" when it is a first name given in the
  language's countries (Jörg Michael's list of first names, nam_dict.txt,
  read from the gender-guesser package at build time) and it is nearly as
  frequent in English text as in its own language (a name travels; a word
  does not).

- **Names in the spelling dictionaries**: a form that is far more frequent
  than its own dictionary form while a source also writes it capitalised has
  the name's frequency, not the form's: Portuguese ceará (cear, to dine:
  Ceará, the state), French paris (bets: Paris), Spanish parís (parir:
  París). Nor does a word count as everyday when the language's other
  spelling dictionary knows it only as a name (VERO lists lisboa, japão and
  guilherme in lower case for its derivations; the European dictionary tags
  them as names).

Both only for a word that towers over the other forms of its lemmas (by 0.7
Zipf for English, 1.5 for a name): canes and the forms of datar, juanes and
marías are far rarer, while nationalen, legale, prudente and the forms of
désirer and lucir are not (national, legal, prudent, désire and lucía are
words of their language, whatever English does with them). ``COMMON_WORDS`` lists the names that are
  everyday words all the same (clara, rose, gloria, wolf). This is for a
  native speaker to review (docs/dictionaries.md).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from games.engine.languages import GAME_LANGUAGES

ENGLISH_LEAD = 1.0  # Zipf: this much more frequent in English -> advanced
ENGLISH_ONLY = 2.0  # ... this much -> the whole list only
NAME_SHARE = 1.5  # a name: at most this much less frequent in English than at home
# How far above every other form of its lemmas a word must be for its frequency
# to be suspect: an English word (national: nationalen is as frequent, German),
# a name (juanes and marías are rare).
ENGLISH_FAMILY_GAP = 0.7
NAME_FAMILY_GAP = 1.5
# A form this much more frequent than its dictionary form, which a source also
# writes capitalised, owes its frequency to the name (ceará 4.6, cear 1.9).
NAME_LEAD = 1.0
ADVANCED, WHOLE_LIST = 3, 4

# nam_dict.txt's country columns (its header) for each language's countries.
COUNTRY_COLUMNS = {"IT": 32, "PT": 34, "ES": 35, "FR": 36, "BE": 37, "DE": 41, "AT": 42, "CH": 43}
COUNTRIES = {
    language.code: language.name_countries for language in GAME_LANGUAGES if language.name_countries
}
FREQUENCIES = "123456789ABCD"

# Everyday words of the language that English text or a first name would otherwise
# push out of the easy levels (folded; reviewed by hand from dictionary_report).
COMMON_WORDS: dict[str, frozenset[str]] = {
    "es": frozenset(
        [
            "alba",
            "albino",
            "augusta",
            "aurora",
            "benigno",
            "celeste",
            "clara",
            "clemente",
            "diana",
            "dora",
            "esmeralda",
            "ester",
            "flora",
            "gloria",
            "has",  # tú has (haber): hunspell lists it as a word of its own
            "helio",
            "jacinto",
            "lino",
            "marco",
            "marina",
            "pinto",
            "rosa",
            "sabina",
            "salvador",
            "sauces",  # willows
            "sol",
            "luna",
            "paz",
            "angel",
            "victoria",
            "lima",
        ]
    ),
    "fr": frozenset(
        [
            "addition",  # the bill, a sum: not the English word
            "case",  # a square, a box
            "cars",  # coaches
            "charlotte",
            "claire",
            "constance",
            "constant",
            "gloria",
            "iris",
            "jade",
            "madeleine",
            "marc",
            "marguerite",
            "marine",
            "martial",
            "noel",
            "pascal",
            "prudence",
            "roman",
            "rose",
            "rosette",
            "victoire",
        ]
    ),
    "de": frozenset(
        [
            "august",
            "flora",
            "gloria",
            "iris",
            "kai",
            "linde",
            "lore",
            "mark",
            "not",  # die Not, need: English "not" makes it look borrowed
            "see",
            "all",
            "her",
            "roman",
            "rosa",
            "rose",
            "viola",
            "wolf",
        ]
    ),
    "it": frozenset(
        [
            "angelica",
            "barbara",
            "bruno",
            "celeste",
            "erica",
            "flora",
            "gloria",
            "iris",
            "lana",
            "ben",
            "monte",
            "otto",
            "marina",
            "meta",  # metà, half
            "rosa",
            "rose",
            "serena",
            "stella",
            "toni",
            "veronica",
            "viola",
        ]
    ),
    "pt": frozenset(
        [
            "for",  # se for (ser, ir)
            "franco",
            "marco",  # also março
            "marina",
            "norma",
            "reno",
            "rosa",
            # Months and seasons: European Portuguese wrote them capitalised
            # until 1990, and its spelling dictionary tags them as names still.
            "janeiro",
            "fevereiro",
            "abril",
            "maio",
            "junho",
            "julho",
            "agosto",
            "setembro",
            "outubro",
            "novembro",
            "dezembro",
            "primavera",
            "primaveras",
            "verao",
            "veroes",
            "outono",
            "outonos",
            "inverno",
            "invernos",
            # Words the European dictionary has only as a name (Bacon, Van...).
            "apocalipse",
            "bacon",
            "campus",
            "eucaristia",
            "hall",
            "internet",
            "messias",
            "paulista",
            "pelourinho",
            "time",  # a team, in Brazil
            "van",
        ]
    ),
}


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")


def names_file() -> Path:
    import gender_guesser  # build-time only (requirements-dev.txt)

    return Path(gender_guesser.__file__).parent / "data" / "nam_dict.txt"


@cache
def first_names(lang: str, path: Path | None = None) -> frozenset[str]:
    """Folded first names given in ``lang``'s countries (any frequency in the list)."""
    columns = [COUNTRY_COLUMNS[country] for country in COUNTRIES.get(lang, ())]
    names: set[str] = set()
    text = (path or names_file()).read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("#") or len(line) < 44 or line[29] == "+":
            continue
        name = line[3:29].strip()
        if name and " " not in name and any(line[c] in FREQUENCIES for c in columns):
            names.add(_fold(name))
    return frozenset(names)


@dataclass(frozen=True)
class NameEvidence:
    """What a language's sources say about names (games/engine/build/spelling.py)."""

    capitalised: frozenset[str] = frozenset()  # spellings a source also writes capitalised
    named_elsewhere: frozenset[str] = frozenset()  # folded words only a name in another dictionary


NO_NAMES = NameEvidence()


def level_limit(
    lang: str,
    word: str,
    display: str,
    own: float,
    family: float,
    zipf: Callable[[str, str], float],
    lemma: float | None = None,
    names: NameEvidence = NO_NAMES,
) -> int | None:
    """The easiest level ``word`` may have (None: no limit), given ``own``, its Zipf
    frequency in ``lang``, ``family``, the highest of the other forms of its lemmas,
    the frequencies of ``zipf`` in English, ``lemma``, the frequency of its dictionary
    form (None when it is one itself) and what the sources say about ``names``."""
    if lang == "en" or word in COMMON_WORDS.get(lang, ()):
        return None
    if word in names.named_elsewhere:
        return ADVANCED
    towers = own - family  # over the other forms of its lemmas
    if (
        lemma is not None
        and own - lemma >= NAME_LEAD
        and towers >= NAME_FAMILY_GAP
        and display.lower() in names.capitalised
    ):
        return ADVANCED
    english = max(zipf(display.lower(), "en"), zipf(word, "en"))
    if towers >= ENGLISH_FAMILY_GAP and english - own >= ENGLISH_ONLY:
        return WHOLE_LIST
    if towers >= ENGLISH_FAMILY_GAP and english - own >= ENGLISH_LEAD:
        return ADVANCED
    if towers >= NAME_FAMILY_GAP and word in first_names(lang) and english >= own - NAME_SHARE:
        return ADVANCED
    return None
