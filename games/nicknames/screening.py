"""What a nickname may not say: rude words, hatred, and the name of whoever runs the room.

:func:`problem` reads a nickname as the class would (games/nicknames/reading.py)
and compares what it reads with three lists:

- **the classroom blocklists** of all six game languages (dictionaries/<lang>/
  blocked.txt, through games.engine.blocklist): a few unmistakable vulgar roots
  are refused inside any word (xxfuckxx; not "cunt": Scunthorpe), and a slur of
  five letters or more at the start or end of one (dumbfaggot; not in the middle:
  America holds marica, Annegret negre; a shorter slur only alone: Spicy);
- **hatred and harm** a school would not put on a projector: Nazi figures and
  symbols, their number codes (88, 1488, 14/88), hate groups, and words of
  abuse or self-harm (``HATE_WORDS``), and a few words the game may count but a
  name should not be (``NOT_A_NAME``: sexy);
- **reserved names** (Teacher, Admin, Host and their translations), so that
  nobody poses as the one running the room.

A listed word matches a word of the nickname, or all its letters run together
(f u c k), with any letter stretched (fuuuck, hiiitler). The longer hate words
and the vulgar roots also match inside a word (ilovehitler). Each list says how
an ambiguous word was decided.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import groupby

from games.engine.blocklist import SLUR, blocked_words, category
from games.engine.languages import GAME_LANGUAGES, LANGUAGES
from games.nicknames.reading import Reading, readings, word_reading

RESERVED = "reserved"
HATE = "hate"
BLOCKED = "blocked"

# Names of whoever runs a room, in every game language: each language's record holds its own.
RESERVED_NAMES = tuple(name for language in GAME_LANGUAGES for name in language.reserved_names)

# Vulgar roots that no innocent name contains, refused inside any word.
VULGAR_ROOTS = ("fuck", "nigg", "fotze", "merde", "putain", "cazzo", "caralho")
MIN_EDGE_SLUR = 5  # a shorter slur is refused as a word only (spic: Spicy)
MIN_BLOCKED = 3  # pt "cu" is a Vietnamese name, and two letters are hardly a word
# First names that are a blocked word of another language: es jodí, pt xana (also
# Alexandra's short name in Portugal), en fanny and roger (British slang; Fanny is a
# common French name), es pete (Río de la Plata slang). Dick and Con stay refused when typed: a
# teacher puts a real Dick or Con on the roster.
FIRST_NAMES = ("jodi", "xana", "fanny", "roger", "pete")
# Slurs refused as words but not at a name's edge: es chola ends Nichola(s).
NAME_EDGES = ("chola", "cholas")
# Words the game may count but a projector should not show as a name. Not "xxx":
# gamers' xXx_Name_xXx decoration.
NOT_A_NAME = ("sex", "sexy", "sexe", "sexo", "nude", "nudes", "cocaine", "cocaina", "kokain")

# Hatred and harm, in the six languages where they differ (folded). Refused as a
# word, or as the whole nickname run together (white power, sieg heil).
HATE_WORDS = (
    # Nazism and its figures. "adolf" alone: no child is named so now, and a projected
    # Adolf is always the one; Adolfo (es, it, pt) stays. Not "aryan": an Indian first
    # name. Not "franco", "reich" (rich), "hess": names and everyday words.
    *("nazi", "nazis", "neonazi", "neonazis", "nazisme", "nazismo", "nazismus", "hitler"),
    *("adolf", "heil", "siegheil", "fuhrer", "fuehrer", "himmler", "goebbels", "goering"),
    *("goring", "heydrich", "eichmann", "mengele", "gestapo", "waffenss", "auschwitz"),
    *("holocaust", "holocauste", "olocausto", "holocausto", "shoah", "zyklon", "swastika"),
    *("svastika", "svastica", "esvastica", "suastica", "hakenkreuz", "croixgammee"),
    # Fascists and dictators a school would not project. Not "lenin", "mao", "putin":
    # history lessons and politics, left to the teacher's rename.
    *("mussolini", "duce", "stalin", "polpot", "pinochet"),
    # Hate groups, their slogans and terror. Not "isis" (a goddess, a first name),
    # "osama" or "jihad" (first names).
    *("kkk", "kukluxklan", "whitepower", "whitepride", "wpww", "rahowa", "bloodandhonour"),
    *("bloodandhonor", "daesh", "daech", "alqaeda", "alqaida", "taliban", "binladen"),
    *("breivik", "terrorist", "terroriste", "terrorista", "terroristin", "genocide"),
    *("genocidio", "volkermord", "jihadist", "jihadiste", "jihadista", "dschihadist"),
    # Abuse and self-harm. Not "rapist" inside a word (therapist).
    *("pedo", "pedophile", "paedophile", "pedofilo", "pedofila", "pedofile", "padophiler"),
    *("rapist", "violeur", "violador", "stupratore", "estuprador", "vergewaltiger"),
    *("kys", "killyourself", "suicide", "suicidio", "selbstmord"),
)
# Hate words distinctive enough to be refused inside another word (ilovehitler).
# Not "stalin" (Kristalina), "nazi" (Nazim, Nazira), "rapist" (therapist).
HATE_INSIDE = (
    *("hitler", "himmler", "goebbels", "heydrich", "eichmann", "mengele", "auschwitz"),
    *("holocaust", "swastika", "hakenkreuz", "siegheil", "whitepower", "whitepride"),
    *("kukluxklan", "mussolini", "binladen", "killyourself", "pedophile"),
)
# Numbers of hate: 88 (HH, Heil Hitler) standing alone, and 14 (the "fourteen words")
# in 1488. 14 alone is an age; 1988 a year.
HATE_NUMBERS = re.compile(r"^88$|1488|8814")
# Symbols: swastikas (Han, Tibetan), the SS runes and the Odal rune.
HATE_SYMBOLS = ("卍", "卐", "࿕", "࿖", "࿗", "࿘", "ᛋᛋ", "ϟϟ", "ᛟ")
CODED = {("combat", "18")}  # Combat 18: a word and a number


def _runs(word: str) -> tuple[str, tuple[int, ...]]:
    """fuuuck -> ("fuck", (1, 3, 1, 1)): the letters once each, and how often each repeats."""
    pairs = [(letter, len(list(run))) for letter, run in groupby(word)]
    return "".join(p[0] for p in pairs), tuple(p[1] for p in pairs)


def _inside_pattern(word: str) -> str:
    # Each run of a letter at least as long as in the listed word: nigg is n+i+g{2,}.
    return "".join(f"{letter}{{{count},}}" for letter, count in zip(*_runs(word), strict=True))


@dataclass
class WordList:
    """Listed words as readings compare them (see the module's docstring)."""

    words: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)
    inside: re.Pattern | None = None  # anywhere in a word
    edges: re.Pattern | None = None  # at the start or the end of a word

    @classmethod
    def of(
        cls, words: Iterable[str], inside: Iterable[str] = (), edges: Iterable[str] = ()
    ) -> WordList:
        listed = cls()
        for word in words:
            letters, counts = _runs(word_reading(word))
            if letters:
                listed.words.setdefault(letters, []).append(counts)
        if patterns := _patterns(inside):
            listed.inside = re.compile(patterns)
        if patterns := _patterns(edges):
            listed.edges = re.compile(f"^(?:{patterns})|(?:{patterns})$")
        return listed

    def has(self, word: str) -> bool:
        """Whether ``word`` is a listed word, any of its letters stretched to three or more
        (fuuuck). A letter merely doubled is another word: moose is not möse, nor bitte
        bite (the vulgar roots still match a doubled letter inside: fuuck)."""
        letters, counts = _runs(word)
        return any(
            all(
                mine == theirs or mine >= max(theirs, 3)
                for mine, theirs in zip(counts, listed, strict=True)
            )
            for listed in self.words.get(letters, ())
        )

    def matches(self, reading: Reading) -> bool:
        joined = reading.joined
        if self.has(joined) or any(self.has(word) for word in reading.words):
            return True
        if self.inside is not None and self.inside.search(joined):
            return True
        return self.edges is not None and any(
            self.edges.search(word) for word in (*reading.words, joined)
        )


def _patterns(words: Iterable[str]) -> str:
    return "|".join(sorted({_inside_pattern(word_reading(w)) for w in words if word_reading(w)}))


@functools.cache
def _lists() -> dict[str, WordList]:
    blocked: set[str] = set()
    slurs: set[str] = set()
    for lang in LANGUAGES:
        for word in blocked_words(lang):
            if len(word) >= MIN_BLOCKED and word not in FIRST_NAMES:
                blocked.add(word)
            if (
                category(lang, word) == SLUR
                and len(word) >= MIN_EDGE_SLUR
                and word not in NAME_EDGES
            ):
                slurs.add(word)
    return {
        RESERVED: WordList.of(RESERVED_NAMES),
        HATE: WordList.of(HATE_WORDS, inside=HATE_INSIDE),
        BLOCKED: WordList.of([*blocked, *NOT_A_NAME], inside=VULGAR_ROOTS, edges=slurs),
    }


def problem(text: str) -> str | None:
    """``"reserved"``, ``"hate"``, ``"blocked"`` or ``None`` (nothing to say against it)."""
    if any(symbol in unicodedata.normalize("NFKC", text) for symbol in HATE_SYMBOLS):
        return HATE
    lists = _lists()
    found = readings(text)
    numbers = found[0].numbers
    if any(HATE_NUMBERS.search(number) for number in numbers):
        return HATE
    if any((word, number) in CODED for word in found[0].words for number in numbers):
        return HATE
    for kind in (RESERVED, HATE, BLOCKED):
        if any(lists[kind].matches(reading) for reading in found):
            return kind
    return None
