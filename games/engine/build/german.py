"""Telling German common nouns (playable) from proper names (not), at build time.

``wngerman`` writes both capitalised: "Haus" and "Berlin" look alike. Its
sister package ``hunspell-de-de`` does not separate them either (Auto/Smij
and Deutschland/Smij carry the same affix flags). So the evidence is:

1. the Ding German-English dictionary (Debian ``trans-de-en``) lists the word,
   or its singular or plural, as a noun with a gender ({m} {f} {n} {pl}) in an
   entry not marked [geogr.];
2. hunspell-de-de gives the stem a plural-making flag (E, P, N, R, p, F):
   proper names take no plural;
3. the word is a nominalised verb or adjective (its lowercase form, or that
   form less a genitive -s, is in wngerman: "Laufen", "Alte");
4. a derived form of a known noun: -in/-innen, -chen/-chens;
5. a compound whose head is a known noun (or ends in a noun suffix such as
   -ung, -heit) and whose first part is a word, or the first part of a
   compound noun that the dictionaries list: "Freiraum", "Kontrollchef";
6. a long word ending in a noun suffix (-ung, -heit, -keit, -schaft, ...).

A word with none of these, or one Ding marks only as geography, is taken for
a name and dropped. docs/dictionaries.md gives the measured error rates.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

_DING_NOUN = re.compile(r"\b([A-ZÄÖÜ][a-zäöüß]+) \{(m|f|n|pl)\}")
# Singular + genitive/dative/plural endings; over-generating is harmless because
# a form only matters when wngerman itself lists it.
_SINGULAR_ENDINGS = ("", "s", "es", "n", "en", "e", "ns")
_HUNSPELL_ENDINGS = ("", "s", "es", "n", "en", "e", "er", "ern", "ns", "nen")
# E, P, N, p, F make plurals; R (-er) makes inhabitants (London -> Londoner), not plurals.
_PLURAL_FLAGS = frozenset("EPNpF")
_NOUN_SUFFIXES = (
    "ung",
    "ungen",
    "heit",
    "heiten",
    "keit",
    "keiten",
    "schaft",
    "schaften",
    "ismus",
    "ität",
    "itäten",
    "tion",
    "tionen",
    "erin",
    "erinnen",
)
_DERIVED_ENDINGS = ("in", "innen", "chen", "chens")
_UMLAUTS = str.maketrans("äöü", "aou")
_PLACE_HEADS = (
    "burg",
    "berg",
    "dorf",
    "hausen",
    "heim",
    "stadt",
    "feld",
    "furt",
    "kirchen",
    "brück",
)


class GermanNouns:
    """A predicate: is this capitalised wngerman entry a common noun?

    ``counts`` tallies the evidence used ("ding", "hunspell", ...; "name"
    for the dropped), filled in as the builder asks.
    """

    def __init__(self, entries: Iterable[str], hunspell_dic: Path, ding: Path) -> None:
        self.entries = set(entries)
        self.lowercase = {word for word in self.entries if word[:1].islower()}
        self.noun_forms, self.geography, self.headwords = _read_ding(ding)
        self.noun_forms |= _read_hunspell_plurals(hunspell_dic)
        self.modifiers = _compound_modifiers(self.noun_forms)
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, list[str]] = {}

    def __call__(self, word: str) -> bool:
        evidence = self.evidence(word)
        label = evidence or "name"
        self.counts[label] += 1
        shown = self.examples.setdefault(label, [])
        if len(shown) < 8:
            shown.append(word)
        return evidence is not None

    def evidence(self, word: str) -> str | None:
        """Why ``word`` is a common noun, or ``None`` for a proper name."""
        if word in self.geography:
            return None
        if word in self.noun_forms:
            return "dictionary noun"
        lower = word.lower()
        # A nominalised verb or adjective (Laufen, Alte, Gutes): not "Klaus" of klausen.
        nominal = lower.endswith(("en", "ern", "eln", "e", "es", "er", "em"))
        if nominal and (lower in self.lowercase or lower.removesuffix("s") in self.lowercase):
            return "nominalised"
        if self._is_derived(word):
            return "derived"
        if self._is_compound(word):
            return "compound"
        if len(word) >= 7 and word.endswith(_NOUN_SUFFIXES):
            return "noun suffix"
        return None

    def _is_derived(self, word: str) -> bool:
        for ending in _DERIVED_ENDINGS:
            if word.endswith(ending):
                stem = word[: -len(ending)]
                candidates = (stem, stem.translate(_UMLAUTS), stem.removesuffix("e"))
                if any(candidate in self.noun_forms for candidate in candidates):
                    return True
        return False

    def _is_compound(self, word: str) -> bool:
        for split in range(3, len(word) - 2):
            head = word[split:].capitalize()
            # Place names are built like compounds (Ham-burg, Frank-furt): a
            # place-like head makes no compound noun; a bare suffix ("Sung" of
            # Samsung) is no head.
            if head.lower().startswith(_PLACE_HEADS):
                continue
            if head in self.noun_forms or (len(head) >= 6 and head.endswith(_NOUN_SUFFIXES)):
                first = word[:split]
                parts = (first, first[:-1]) if first.endswith("s") else (first,)
                if any(self._is_word(part) for part in parts):
                    return True
        return False

    def _is_word(self, part: str, bound_ok: bool = True) -> bool:
        if len(part) < 3:
            return False
        if part.lower() in self.lowercase or (bound_ok and part in self.modifiers):
            return True
        return part in self.entries and part not in self.geography


def _read_ding(path: Path) -> tuple[set[str], set[str], set[str]]:
    """Noun forms from Ding's German side, the words it knows only as places, and its
    nouns as it writes them (singulars with a gender)."""
    forms: set[str] = set()
    places: set[str] = set()
    nouns: set[str] = set()
    headwords: set[str] = set()
    with path.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            for part in line.split(" :: ")[0].split("|"):
                is_place = "[geogr.]" in part
                for match in _DING_NOUN.finditer(part):
                    word, gender = match.groups()
                    if is_place:
                        places.add(word)
                        continue
                    nouns.add(word)
                    if gender != "pl":
                        headwords.add(word)
                    endings = ("", "n") if gender == "pl" else _SINGULAR_ENDINGS
                    forms.update(word + ending for ending in endings)
    places -= nouns
    places |= {place + "s" for place in places}
    return forms - places, places, headwords - places


def _compound_modifiers(nouns: set[str]) -> set[str]:
    """First parts of the dictionary's own compounds ("Kriminal" of "Kriminalfall").

    Many first parts are no word on their own (Kriminal-, Kontroll-, Mindest-),
    so a compound's first part counts when the dictionaries use it elsewhere.
    """
    heads: dict[str, set[str]] = {}
    for noun in nouns:
        for split in range(3, len(noun) - 2):
            if noun[split:].capitalize() in nouns:
                heads.setdefault(noun[:split], set()).add(noun[split : split + 3])
    # Two different heads at least (told apart by their first three letters, so
    # that "Burger", "Burgers" count once): "Ham" of "Hamburger" alone would
    # make "Hamburg" a noun.
    return {first for first, starts in heads.items() if len(starts) >= 2}


def _read_hunspell_plurals(path: Path) -> set[str]:
    """Forms of the capitalised hunspell stems that have a plural flag."""
    forms: set[str] = set()
    with path.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            stem, _, flags = line.strip().partition("/")
            if stem[:1].isupper() and _PLURAL_FLAGS.intersection(flags):
                forms.update(stem + ending for ending in _HUNSPELL_ENDINGS)
    return forms
