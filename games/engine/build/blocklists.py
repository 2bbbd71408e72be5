"""The classroom blocklists: curated lists of lemmas, spelled out into every form.

Each language's list is ``dictionaries/sources/blocklists/<lang>.txt``, one
entry a line: ``slur`` (always blocked, and refused inside nicknames),
``vulgar`` (blocked), ``allow`` (an entry of the open LDNOOBW list, in
``dictionaries/sources/ldnoobw/``, kept playable on purpose: an everyday
sense, a medical or a child's word), with the reason, or ``keep`` (a word
that is also a form of a blocked lemma but mostly something innocent). Every one-word LDNOOBW
entry of the language must be reviewed there, or be a form of a blocked
lemma: the build notes the ones that are not.

A blocked entry blocks every word the spelling dictionary spells out from the
same lemma (putain, putains; ficken, fickt, gefickt), and the entry itself.
The result is ``dictionaries/<lang>/blocked.txt``: ``folded<TAB>category``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from games.engine.folding import fold
from games.engine.wordinfo import Spelling

SOURCES_DIR = Path(__file__).resolve().parents[3] / "dictionaries" / "sources"
CURATED_DIR = SOURCES_DIR / "blocklists"
LDNOOBW_DIR = SOURCES_DIR / "ldnoobw"
CATEGORIES = ("slur", "vulgar", "allow", "keep")
BLOCKING = ("slur", "vulgar")
KEEP = "keep"  # a word never blocked although a form of a blocked lemma

LICENCE_TEXT = """\
Blocklist ({lang}): dictionaries/sources/blocklists/{lang}.txt, reviewed for
Lettergrid from the "List of Dirty, Naughty, Obscene, and Otherwise Bad
Words" (LDNOOBW, npm package naughty-words 1.2.0, file {lang}.json, copied in
dictionaries/sources/ldnoobw/ with its licence), with additions. LDNOOBW is
licensed under the Creative Commons Attribution 4.0 International licence
(CC BY 4.0, https://creativecommons.org/licenses/by/4.0/): the list was
adapted (entries kept, dropped or added, forms generated from the spelling
dictionary's lemmas); blocked.txt is shared under the same licence.
"""


@dataclass(frozen=True)
class Entry:
    category: str
    word: str
    why: str = ""


class BlocklistError(ValueError):
    """A curated list that cannot be read at all."""


def read_curated(lang: str, folder: Path | None = None) -> tuple[list[Entry], list[str]]:
    """The entries of a curated list (in ``folder``, default :data:`CURATED_DIR`), and a
    message for each junk line (skipped)."""
    path = (folder or CURATED_DIR) / f"{lang}.txt"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise BlocklistError(f"cannot read blocklist {path}: {exc}") from exc
    entries, problems = [], []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) < 2 or parts[0] not in CATEGORIES or not parts[1].strip():
            problems.append(f"{path.name}:{number}: not 'category<TAB>word': {line[:40]!r}")
            continue
        entries.append(Entry(parts[0], parts[1].strip(), "\t".join(parts[2:]).strip()))
    return entries, problems


def build_blocklist(
    lang: str,
    spellings: dict[str, list[Spelling]],
    notes: list[str],
    bases: dict[str, set[str]] | None = None,
    reviewed: list[tuple[str, str]] = (),
    kept: frozenset[str] = frozenset(),
) -> dict[str, str]:
    """Folded word -> ``slur`` or ``vulgar``, every form of every blocked lemma.

    ``bases`` maps a prefixed lemma to the stems the spelling dictionary made
    it of (ungefickt -> gefickt): the forms of a prefixed lemma are forms of
    its base too, so a prefix does not unblock a word. ``reviewed`` are the
    ``(category, word)`` a content review blocked (games/engine/build/reviews.py):
    entries like the curated ones; ``kept`` are the folded words it read as innocent,
    spared like the curated ``keep`` entries.
    """
    entries, problems = read_curated(lang)
    entries += [Entry(category, word, "content review") for category, word in reviewed]
    notes.extend(problems)
    bases = bases or {}

    def roots(lemma: str) -> set[str]:
        return {lemma.lower(), *(base.lower() for base in bases.get(lemma, ()))}

    by_lemma: dict[str, set[str]] = {}
    for word, shown in spellings.items():
        for spelling in shown:
            for lemma in (*spelling.lemmas, spelling.display):
                for root in roots(lemma):
                    by_lemma.setdefault(root, set()).add(word)
    blocked: dict[str, str] = {}
    blocked_lemmas = {e.word.lower() for e in entries if e.category in BLOCKING}
    keep = {fold(e.word, lang) for e in entries if e.category == KEEP} | set(kept)
    for entry in sorted(entries, key=lambda e: e.category != "slur"):  # slurs win
        if entry.category not in BLOCKING:
            continue
        # Every form of it whichever lemma the word data also gives the form (a form
        # is blocked when any of its lemmas is: Arschlöcher, zoccole), and the regular
        # plurals of the entry the word data knows under another lemma; "keep" spares
        # a mostly innocent homograph (tringle, a curtain rod, is also tringler's).
        forms = by_lemma.get(entry.word.lower(), set()) | {
            word
            for word in map(lambda form: fold(form, lang), inflections(lang, entry.word))
            if word in spellings
        }
        for word in sorted(forms):
            if word in keep:
                notes.append(f"kept {word!r}: marked keep, although a form of {entry.word!r}")
            else:
                blocked.setdefault(word, entry.category)
        own = fold(entry.word, lang)
        if own and own not in keep:  # the entry itself, unless kept (fr baiser, the noun)
            blocked[own] = "slur" if entry.category == "slur" else blocked.get(own, "vulgar")
    for word in sorted(blocked):
        others = {
            lemma
            for spelling in spellings.get(word, ())
            for lemma in spelling.lemmas
            if not roots(lemma) & blocked_lemmas
        }
        if others:
            notes.append(f"blocked {word!r}, also a form of {', '.join(sorted(others))}")
    notes.extend(_unreviewed(lang, entries, blocked))
    return blocked


# The regular plurals (and German's dative plural) of a noun or adjective, by language:
# (ending to replace, endings instead). Over-generating is harmless: a string counts
# only when the word data has it.
_PLURALS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "en": (("", ("s", "es")), ("y", ("ies",))),
    "fr": (("", ("s", "x", "e", "es")), ("al", ("aux",))),
    "es": (("", ("s", "es")), ("z", ("ces",))),
    "pt": (("", ("s", "es")), ("ão", ("ões", "ães", "ãos")), ("m", ("ns",)), ("l", ("is",))),
    "it": (("a", ("e",)), ("o", ("i",)), ("e", ("i",)), ("co", ("chi",)), ("ca", ("che",))),
    "de": (("", ("e", "en", "n", "er", "s", "es", "ern", "ens")),),
}
_UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "au": "äu"}


def inflections(lang: str, word: str) -> set[str]:
    """The regular plurals of ``word`` (German: with and without an umlaut: Arsch,
    Ärsche; Arschloch, Arschlöcher, Arschlöchern)."""
    stems = {word}
    if lang == "de":
        stems |= _umlauted(word)
    found = set()
    for stem in stems:
        for ending, replacements in _PLURALS[lang]:
            if stem.endswith(ending):
                base = stem[: len(stem) - len(ending)]
                found.update(base + replacement for replacement in replacements)
    return found - {word}


def _umlauted(word: str) -> set[str]:
    """German plurals umlaut the last full vowel of the stem (Loch: Löcher; Haus: Häuser)."""
    lower = word.lower()
    for index in range(len(lower) - 1, -1, -1):
        for plain in ("au", "a", "o", "u"):
            after_a = plain in "ou" and lower[index - 1 : index] == "a"  # au is one vowel
            if lower.startswith(plain, index) and not after_a:
                umlaut = _UMLAUT[plain]
                if word[index].isupper():
                    umlaut = umlaut[0].upper() + umlaut[1:]
                return {word[:index] + umlaut + word[index + len(plain) :]}
    return set()


def _unreviewed(lang: str, entries: list[Entry], blocked: dict[str, str]) -> list[str]:
    path = LDNOOBW_DIR / f"{lang}.json"
    if not path.is_file():
        return []
    listed = {e.word.lower() for e in entries}
    missing = []
    for word in json.loads(path.read_text(encoding="utf-8")):
        if " " in word or word.lower() in listed:
            continue
        folded = fold(word, lang)
        if folded is not None and folded not in blocked:  # None: no game word (pousse-crotte)
            missing.append(word)
    return [f"LDNOOBW entries not reviewed: {', '.join(missing)}"] if missing else []


def licence(lang: str) -> str:
    return LICENCE_TEXT.format(lang=lang)
