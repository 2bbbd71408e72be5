"""Reading the glossaries' sources: FreeDict's dictd files and WordNet (build time only).

A FreeDict dictionary is a Debian package holding ``freedict-<pair>.index``
(headword, offset, length; numbers in base 64) and ``freedict-<pair>.dict.dz``
(dictzip, which the gzip module reads whole). Its entries come in three
shapes, depending on where the dictionary came from:

``tei``
    the small hand-made ones (fra-eng, spa-eng, eng-fra, ...): a header line
    ``headword /ipa/ <pos>``, then either one line of translations or senses
    numbered ``1. a, b``.
``wikdict``
    the ones imported from Wiktionary in 2022 (fra-deu, deu-fra, fra-spa, ...):
    numbered senses, each followed by a definition line in the *source*
    language, which is no translation and is skipped.
``ding``
    deu-eng and eng-deu (Ding 1.9): one sense per entry, the translations on
    the first body line (``food <n>, tucker <n> [Austr.]``), then examples,
    synonyms, "see:" and notes, which are skipped.

:func:`read_entries` gives every (headword, part of speech, translations)
with the translations cleaned: bracketed remarks and tags dropped, split on
commas and semicolons, in the dictionary's order.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_DIGITS = {letter: value for value, letter in enumerate(_BASE64)}
_HEADER = re.compile(r"^(?P<head>.*?)(?:\s+/[^/]*/)*\s*(?:<(?P<pos>[^>]*)>)?\s*$")
_NUMBERED = re.compile(r"^\s*(\d+)\.\s*(.*)$")
_TRAILING_NUMBER = re.compile(r"\s+\d+\.\s*$")
_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|<[^<>]*>|\{[^{}]*\}")
_SKIPPED_LINE = re.compile(r'^\s*(?:"|Synonyms?:|see:|Note:|Antonyms?:)')
MAX_TRANSLATION = 40  # letters: longer "translations" are explanations


@dataclass(frozen=True)
class Entry:
    """One entry of a bilingual dictionary: a headword's translations, best first."""

    headword: str
    pos: str  # "v", "n", "adj", ... or "" when the entry says nothing
    translations: tuple[str, ...]


def decode_number(text: str) -> int:
    """A dictd index number (base 64, most significant digit first)."""
    value = 0
    for letter in text:
        value = value * 64 + _DIGITS[letter]
    return value


def dictd_files(package_dir: Path) -> tuple[Path, Path]:
    """The ``.index`` and ``.dict.dz`` of an unpacked FreeDict package."""
    folder = package_dir / "usr/share/dictd"
    index = sorted(folder.glob("*.index"))
    body = sorted(folder.glob("*.dict.dz"))
    if not index or not body:
        raise FileNotFoundError(f"no dictd files in {folder}")
    return index[0], body[0]


def raw_entries(package_dir: Path) -> Iterator[tuple[str, str]]:
    """Every (headword, entry text) of a dictd dictionary, in index order."""
    index_path, body_path = dictd_files(package_dir)
    with gzip.open(body_path) as packed:
        body = packed.read()
    with index_path.open(encoding="utf-8") as index:
        for line in index:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 3 or fields[0].startswith("00database"):
                continue
            start, length = decode_number(fields[1]), decode_number(fields[2])
            yield fields[0], body[start : start + length].decode("utf-8", errors="replace")


def read_entries(package_dir: Path, style: str) -> Iterator[Entry]:
    """The entries of a FreeDict package read in ``style`` (``tei``, ``wikdict``, ``ding``)."""
    parse = {"tei": _parse_tei, "wikdict": _parse_wikdict, "ding": _parse_ding}[style]
    for _, text in raw_entries(package_dir):
        lines = text.splitlines()
        if not lines:
            continue
        header = _HEADER.match(lines[0].strip())
        headword = header.group("head").strip() if header else lines[0].strip()
        pos = _main_pos(header.group("pos") if header else None)
        translations = clean_translations(parse(lines[1:]))
        if headword and translations:
            yield Entry(headword, pos, translations)


def _main_pos(tags: str | None) -> str:
    """``"v, intr, trans"`` -> ``"v"``; ``"n, fem"`` -> ``"n"``; nothing -> ``""``."""
    for tag in (tags or "").split(","):
        tag = tag.strip()
        if tag in ("v", "n", "adj", "adv", "pron", "prep", "conj", "num", "art", "interj"):
            return tag
    return ""


def _parse_tei(lines: list[str]) -> list[str]:
    found = []
    for line in lines:
        numbered = _NUMBERED.match(line)
        text = numbered.group(2) if numbered else line
        if text.strip() and not _SKIPPED_LINE.match(text):
            found.append(text)
    return found


def _parse_wikdict(lines: list[str]) -> list[str]:
    """Numbered senses are translations; the first line is one when nothing is numbered;
    every other line is a definition in the source language."""
    found = []
    for position, line in enumerate(lines):
        numbered = _NUMBERED.match(line)
        if numbered:
            found.append(_TRAILING_NUMBER.sub("", " " + numbered.group(2)).strip())
        elif position == 0 and line.strip():
            found.append(_TRAILING_NUMBER.sub("", " " + line).strip())
    return found


def _parse_ding(lines: list[str]) -> list[str]:
    for line in lines:
        if line.strip() and not _SKIPPED_LINE.match(line):
            return [line]
    return []


def clean_translations(texts: list[str]) -> tuple[str, ...]:
    """Remarks and tags dropped, split on commas and semicolons, short ones kept, no repeats;
    a single letter is no translation (Ding's "ice, E, ice cream")."""
    found: dict[str, None] = {}
    for text in texts:
        bare = text
        for _ in range(3):  # nested brackets
            bare = _BRACKETS.sub(" ", bare)
        for part in re.split(r"[,;]", bare):
            term = " ".join(part.split()).strip(" .:!?'\"/")
            if 1 < len(term) <= MAX_TRANSLATION and any(c.isalpha() for c in term):
                found.setdefault(term, None)
    return tuple(found)


# WordNet ----------------------------------------------------------------------

WORDNET_POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}


@dataclass(frozen=True)
class Definition:
    """A WordNet lemma's most used sense: its part of speech, definition and tag count."""

    lemma: str
    pos: str
    text: str
    uses: int


def wordnet_definitions(folder: Path) -> dict[str, list[Definition]]:
    """Per single-word lemma, its most used sense of each part of speech: the
    first of WordNet's index (most used first), leaving out the senses whose
    synset writes the word capitalised only, which are names (ate: the goddess
    Ate, whose meaning would hide eat's; eta: ETA before the Greek letter)."""
    found: dict[str, list[Definition]] = {}
    for pos_name, pos in WORDNET_POS.items():
        synsets = _wordnet_synsets(folder / f"data.{pos_name}")
        with (folder / f"index.{pos_name}").open(encoding="utf-8") as index:
            for line in index:
                if line.startswith(" "):
                    continue
                fields = line.split()
                lemma = fields[0]
                if "_" in lemma:
                    continue
                pointer_count = int(fields[3])
                tagged = int(fields[5 + pointer_count])
                offsets = fields[6 + pointer_count :]
                text = next(
                    (
                        synsets[offset][1]
                        for offset in offsets
                        if offset in synsets and lemma in synsets[offset][0]
                    ),
                    None,
                )
                if text:
                    found.setdefault(lemma, []).append(Definition(lemma, pos, text, tagged))
    return found


def _wordnet_synsets(path: Path) -> dict[str, tuple[list[str], str]]:
    """Synset offset -> its words as written (Ate, eta; an adjective's ``(a)`` mark
    taken off) and its definition (the gloss before any example)."""
    synsets = {}
    with path.open(encoding="utf-8") as data:
        for line in data:
            if line.startswith(" "):
                continue
            fields = line.split(" ", 4)
            offset, count, rest = fields[0], int(fields[3], 16), fields[4].split()
            words = [re.sub(r"\(\w+\)$", "", rest[2 * i]) for i in range(count)]
            _, _, gloss = line.partition("| ")
            definition = gloss.split(";")[0].strip().strip('"').strip()
            # "; "examples"" follow the definition; a bare ";" inside it is rare
            synsets[offset] = (words, definition)
    return synsets


def wordnet_exceptions(folder: Path) -> dict[str, list[str]]:
    """Irregular forms -> base forms (``went`` -> go, ``mice`` -> mouse), from ``.exc`` files."""
    found: dict[str, list[str]] = {}
    for pos_name in WORDNET_POS:
        with (folder / f"{pos_name}.exc").open(encoding="utf-8") as exc:
            for line in exc:
                words = line.split()
                if len(words) >= 2 and "_" not in words[0]:
                    for base in words[1:]:
                        found.setdefault(words[0], [])
                        if base not in found[words[0]]:
                            found[words[0]].append(base)
    return found
