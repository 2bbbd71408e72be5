"""Reading word lists: any UTF-8 list, one word a line, however messy.

Both the dictionary builder (Debian lists, ENABLE2K) and custom lists that a
teacher supplies go through :func:`read_word_list`, so they are filtered and
folded the same way. Bad lines never raise: each is skipped and counted under
a reason in a :class:`WordListReport`. Only a file that cannot be read at all
raises :class:`WordListError`, which a command line turns into one line.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from games.engine.folding import fold, is_playable

# Longer than any real word: a line this long is binary junk or a sentence.
MAX_LINE_CHARS = 64
_EXAMPLES_PER_REASON = 3

# Skip reasons, in the order a line is checked.
EMPTY = "empty line"
TOO_LONG = "line too long"
NOT_UTF8 = "not UTF-8"
DIGIT = "digit"
APOSTROPHE = "apostrophe"
HYPHEN = "hyphen"
SPACE = "space or tab"
ALL_CAPS = "all capitals (abbreviation)"
MIXED_CASE = "mixed case"
CAPITALISED = "capitalised (proper noun)"
OTHER_CHARS = "other characters"
LENGTH = "not 3-16 letters"
DUPLICATE = "duplicate"

# ASCII and typographic apostrophes, modifier letter apostrophe, grave, acute.
_APOSTROPHES = frozenset("'\u2019\u02bc`\u00b4")
# Hyphen-minus, hyphen, non-breaking hyphen, en and em dash.
_HYPHENS = frozenset("-\u2010\u2011\u2013\u2014")

CapitalisedPolicy = Callable[[str], bool]


class WordListError(Exception):
    """A word list that cannot be read at all (missing, unreadable, a folder)."""


@dataclass
class WordListReport:
    """What happened to each line of a word list."""

    lines: int = 0
    accepted: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)
    bom: bool = False

    def skip(self, reason: str, line: str) -> None:
        self.skipped[reason] += 1
        shown = self.examples.setdefault(reason, [])
        if len(shown) < _EXAMPLES_PER_REASON:
            shown.append(line[:30])

    def summary(self) -> str:
        """One line per outcome, for the builder's output."""
        parts = [f"{self.lines} lines, {self.accepted} accepted"]
        for reason, count in sorted(self.skipped.items(), key=lambda item: (-item[1], item[0])):
            examples = ", ".join(repr(text) for text in self.examples.get(reason, []))
            parts.append(f"  skipped {count}: {reason} (e.g. {examples})")
        return "\n".join(parts)


@dataclass
class WordList:
    """Folded playable words, each with its display forms, plus the report."""

    forms: dict[str, tuple[str, ...]]
    report: WordListReport

    def words(self) -> list[str]:
        """The folded words, sorted."""
        return sorted(self.forms)


def reject_capitalised(word: str) -> bool:
    """The default policy: a capitalised entry is a proper noun."""
    return False


def keep_capitalised(word: str) -> bool:
    """Keep every capitalised entry (German custom lists: nouns are capitalised)."""
    return True


def read_word_list(
    source: str | os.PathLike[str] | Iterable[str | bytes],
    *,
    capitalised: CapitalisedPolicy = reject_capitalised,
    lang: str | None = None,
) -> WordList:
    """Read a word list from a path, or from lines (``str`` or ``bytes``).

    ``capitalised`` decides which capitalised entries (``Haus``) are common
    nouns to keep; by default none is. Raises :class:`WordListError` when a
    path cannot be read.
    """
    if isinstance(source, str | os.PathLike):
        lines: Iterable[str | bytes] = _read_lines(Path(source))
    else:
        lines = source
    return parse_lines(lines, capitalised=capitalised, lang=lang)


def _read_lines(path: Path) -> list[bytes]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise WordListError(f"cannot read word list {path}: {exc.strerror or exc}") from exc
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the final newline ends the last line, it does not start one
    return lines


def parse_lines(
    lines: Iterable[str | bytes],
    *,
    capitalised: CapitalisedPolicy = reject_capitalised,
    lang: str | None = None,
) -> WordList:
    """Filter and fold lines (``lang``: folded with that language's alphabet)."""
    report = WordListReport()
    found: dict[str, set[str]] = {}
    for raw in lines:
        report.lines += 1
        text = _decode(raw, report)
        if text is None:
            continue
        folded, reason = classify(text, capitalised, lang)
        if reason is not None:
            report.skip(reason, text)
            continue
        displays = found.setdefault(folded, set())
        if text in displays:
            report.skip(DUPLICATE, text)
            continue
        displays.add(text)
        report.accepted += 1
    forms = {word: tuple(sorted(displays)) for word, displays in sorted(found.items())}
    return WordList(forms=forms, report=report)


def _decode(raw: str | bytes, report: WordListReport) -> str | None:
    """Decode and strip one line; ``None`` (and a counted skip) when unusable."""
    if isinstance(raw, bytes):
        if len(raw) > 4 * MAX_LINE_CHARS:
            report.skip(TOO_LONG, raw[:30].decode("utf-8", "replace"))
            return None
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            report.skip(NOT_UTF8, raw[:30].decode("utf-8", "replace"))
            return None
    if raw.startswith("\ufeff"):
        report.bom = True
        raw = raw[1:]
    text = raw.strip()
    if not text:
        report.skip(EMPTY, raw)
        return None
    if len(text) > MAX_LINE_CHARS:
        report.skip(TOO_LONG, text)
        return None
    return text


def classify(
    text: str, capitalised: CapitalisedPolicy = reject_capitalised, lang: str | None = None
) -> tuple[str, None] | tuple[None, str]:
    """Return ``(folded, None)`` for a playable entry, else ``(None, reason)``."""
    reason = _shape_problem(text)
    if reason is not None:
        return None, reason
    folded = fold(text, lang)
    if folded is None:
        return None, OTHER_CHARS
    if not is_playable(folded):
        return None, LENGTH
    # Asked last, so the policy (German nouns) only judges playable entries.
    if text[0].isupper() and not capitalised(text):
        return None, CAPITALISED
    return folded, None


def _shape_problem(text: str) -> str | None:
    """The reason an entry is not a plain lowercase or capitalised word, if any."""
    if any(ch.isdigit() for ch in text):
        return DIGIT
    if any(ch in _APOSTROPHES for ch in text):
        return APOSTROPHE
    if any(ch in _HYPHENS for ch in text):
        return HYPHEN
    if any(ch.isspace() for ch in text):
        return SPACE
    if len(text) > 1 and text.isupper():
        return ALL_CAPS
    if any(ch.isupper() for ch in text[1:]):
        return MIXED_CASE
    return None
