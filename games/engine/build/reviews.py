"""Reviewed verdicts on words, applied by the build (build time only).

Frequency and the spelling dictionaries decide most of what a class sees, but
not all of it: wordfreq counts strings, not senses, so a name, a brand, an
abbreviation or a vulgar word can pass for an everyday word. The words the
boards deal most often are therefore read by a reviewer, and what they decide
is kept in ``dictionaries/sources/reviews/<lang>.tsv`` (docs/content-review.md):

    # comments and blank lines are skipped
    word<TAB>verdict[<TAB>key=value ...]

``word`` is the folded word as boards and solutions hold it (``cagada``,
``strasse``). One line per word; the verdicts:

=========  ==================================================================
keep       right as the game shows it, at its level
vulgar     never counts in class (a blocklist entry: every form of it as a
slur       lemma too); ``slur`` is also refused inside nicknames
mild       borderline for twelve-year-olds (sexy, drunk): not at levels 1-2
name       a name, place or brand that is also a word: not at levels 1-2
abbr       an abbreviation or a string nobody writes as a word: level 4 only
rare       too rare for its level: not at levels 1-2
level      the level given by ``level=N`` (a textbook form made easier, say)
=========  ==================================================================

Optional fields on any line: ``level=N`` (overrides the verdict's level),
``display=a,b`` (the spellings shown, in order; each must fold to the word),
``lemma=a,b`` (the dictionary forms its meaning is read through: these and no other),
``en=...``, ``fr=...``, ``es=...``, ``de=...``, ``it=...``, ``pt=...`` (the
meaning shown to a reader of that language, replacing the built one:
games/engine/build/glosses.py) and ``note=...`` (why, for people).

A malformed line stops the build with the file and line number.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from boggleweb.interface_languages import CODES as INTERFACE_CODES
from games.engine.folding import fold
from games.engine.languages import ALL_LEVELS, LEVELS
from games.engine.wordinfo import Spelling

REVIEWS_DIR = Path(__file__).resolve().parents[3] / "dictionaries" / "sources" / "reviews"

# Verdict -> the easiest level it allows (None: the word's own level).
VERDICT_LEVELS: dict[str, int | None] = {
    "keep": None,
    "vulgar": None,
    "slur": None,
    "mild": 3,
    "name": 3,
    "rare": 3,
    "abbr": ALL_LEVELS,
    "level": None,
}
BLOCKING = ("slur", "vulgar")
# The languages a reviewed meaning may be written in: every interface language.
MEANING_LANGUAGES: tuple[str, ...] = INTERFACE_CODES
FIELDS = ("level", "display", "lemma", *MEANING_LANGUAGES, "note")
# A lemma's reviewed meaning may be written in any interface language (en=, fr=, es=,
# de=, it=, pt=): the Spanish table of a French lemma reads its es= (issue 17).
LEMMA_LANGUAGES = MEANING_LANGUAGES
_LEVEL_NUMBERS = {level.number for level in LEVELS}


class ReviewError(ValueError):
    """A review file that cannot be applied: its path and line say where."""


@dataclass(frozen=True)
class Verdict:
    word: str
    verdict: str
    level: int | None = None
    display: tuple[str, ...] = ()
    lemmas: tuple[str, ...] = ()
    meanings: dict[str, str] = field(default_factory=dict)
    note: str = ""
    line: int = 0

    @property
    def blocks(self) -> bool:
        return self.verdict in BLOCKING

    def level_limit(self) -> int | None:
        """The level this verdict sets, or the easiest it allows (see the table above)."""
        return self.level if self.level is not None else VERDICT_LEVELS[self.verdict]


@dataclass
class Review:
    """One language's verdicts, by folded word."""

    lang: str
    verdicts: dict[str, Verdict]
    path: Path | None = None

    def blocked_entries(self) -> list[tuple[str, str]]:
        """``(category, display form)`` of every word the review blocks, as blocklist entries."""
        entries = []
        for verdict in self.verdicts.values():
            if verdict.blocks:
                entries.append((verdict.verdict, (verdict.display or (verdict.word,))[0]))
        return entries

    def kept_words(self) -> frozenset[str]:
        """The words a reviewer read as innocent: never blocked as another lemma's form
        (fr bande beside the slang bander, it tetti beside tette, de fressen)."""
        return frozenset(
            word for word, verdict in self.verdicts.items() if verdict.verdict == "keep"
        )

    def apply_levels(
        self, levels: dict[str, tuple[int, float]], notes: list[str]
    ) -> dict[str, tuple[int, float]]:
        """``levels`` with every verdict's level applied (a new dict)."""
        result = dict(levels)
        for word, verdict in sorted(self.verdicts.items()):
            if word not in result:
                notes.append(f"review: {word!r} ({verdict.verdict}) is not a word of the build")
                continue
            level, zipf = result[word]
            if verdict.level is not None:
                result[word] = (verdict.level, zipf)
            elif (limit := verdict.level_limit()) is not None:
                result[word] = (max(level, limit), zipf)
        return result

    def forms_follow(
        self, levels: dict[str, tuple[int, float]], spellings: dict[str, list[Spelling]]
    ) -> tuple[dict[str, tuple[int, float]], int]:
        """A form every lemma of which the review judged rare, a name, mild or an
        abbreviation is no easier than its lemmas (meas of mear, arsi of ardere), unless
        the review judged the form itself; a new dict, and how many moved."""
        caps = {
            word: limit
            for word, verdict in self.verdicts.items()
            if verdict.verdict in ("rare", "name", "mild", "abbr")
            and (limit := verdict.level_limit()) is not None
        }
        result, moved = dict(levels), 0
        for word, shown in spellings.items():
            if word in self.verdicts or word not in result:
                continue
            lemmas = {fold(lemma, self.lang) for s in shown for lemma in s.lemmas}
            lemmas.discard(word)
            if lemmas and all(lemma in caps for lemma in lemmas):
                cap = min(caps[lemma] for lemma in lemmas)
                level, zipf = result[word]
                if level < cap:
                    result[word] = (cap, zipf)
                    moved += 1
        return result, moved

    def apply_spellings(self, spellings: dict[str, list[Spelling]]) -> dict[str, list[Spelling]]:
        """``spellings`` with the reviewed display forms and lemmas (a new dict)."""
        result = dict(spellings)
        for word, verdict in self.verdicts.items():
            if word not in result or not (verdict.display or verdict.lemmas):
                continue
            shown = result[word]
            if verdict.display:
                by_display = {s.display: s for s in shown}
                shown = [by_display.get(d, Spelling(d, (d,))) for d in verdict.display]
            if verdict.lemmas:
                shown = [_lemmas_only(s, verdict.lemmas) for s in shown]
            result[word] = shown
        return result

    def meanings(self, interface_lang: str) -> dict[str, str]:
        """Folded word -> the reviewed meaning in ``interface_lang``."""
        return {
            word: verdict.meanings[interface_lang]
            for word, verdict in sorted(self.verdicts.items())
            if interface_lang in verdict.meanings and not verdict.blocks
        }


def _lemmas_only(spelling: Spelling, lemmas: tuple[str, ...]) -> Spelling:
    """The spelling read through the reviewed lemmas alone: the word data's others are
    what the review corrects (pt mar -> marcar, fr fous -> foutre, de sieht -> sieht)."""
    return replace(spelling, lemmas=lemmas)


def read_review(lang: str, folder: Path | None = None) -> Review:
    """The review of ``lang`` in ``folder`` (default :data:`REVIEWS_DIR`; empty when
    there is no file); raises :class:`ReviewError`."""
    path = (folder or REVIEWS_DIR) / f"{lang}.tsv"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Review(lang, {}, None)
    except (OSError, UnicodeDecodeError) as exc:
        raise ReviewError(f"{path}: cannot read: {exc}") from exc
    return parse_review(lang, text, path)


def parse_review(lang: str, text: str, path: Path) -> Review:
    verdicts: dict[str, Verdict] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        verdict = _parse_line(lang, line, path, number)
        if verdict.word in verdicts:
            first = verdicts[verdict.word].line
            raise ReviewError(f"{path}:{number}: {verdict.word!r} already judged on line {first}")
        verdicts[verdict.word] = verdict
    return Review(lang, verdicts, path)


def _parse_line(lang: str, line: str, path: Path, number: int) -> Verdict:
    def fail(message: str) -> ReviewError:
        return ReviewError(f"{path}:{number}: {message}: {line[:60]!r}")

    word, _, rest = line.partition("\t")
    parts = rest.split("\t") if rest else []
    if not word or fold(word, lang) != word:
        raise fail("the first column must be a folded word of the language")
    if not parts or parts[0] not in VERDICT_LEVELS:
        raise fail("the second column must be one of " + ", ".join(VERDICT_LEVELS))
    values: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in FIELDS or not value.strip():
            raise fail(f"{part[:30]!r} is not key=value with a key of {', '.join(FIELDS)}")
        if key in values:
            raise fail(f"{key} given twice")
        values[key] = value.strip()
    level = None
    if "level" in values:
        if not values["level"].isdigit() or int(values["level"]) not in _LEVEL_NUMBERS:
            raise fail("level= must be a level number, 1 to 4")
        level = int(values["level"])
    elif parts[0] == "level":
        raise fail("the verdict 'level' needs level=N")
    display = _listed(values.get("display", ""))
    if any(fold(shown, lang) != word for shown in display):
        raise fail("every display= spelling must fold to the word")
    return Verdict(
        word=word,
        verdict=parts[0],
        level=level,
        display=display,
        lemmas=_listed(values.get("lemma", "")),
        meanings={lang_: values[lang_] for lang_ in MEANING_LANGUAGES if lang_ in values},
        note=values.get("note", ""),
        line=number,
    )


def _listed(value: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in value.split(",") if item.strip())


def read_lemma_review(lang: str, folder: Path | None = None) -> dict[str, dict[str, str]]:
    """``reviews/lemmas-<lang>.tsv``: lemma -> {"en": ..., "fr": ...}, the meanings a
    reviewer wrote for lemmas (``lemma<TAB>en=...[<TAB>fr=...][<TAB>es=...]...
    [<TAB>note=...]``, any of :data:`LEMMA_LANGUAGES`), which replace the built ones
    (games/engine/build/glosses.py)."""
    path = (folder or REVIEWS_DIR) / f"lemmas-{lang}.tsv"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return {}
    found: dict[str, dict[str, str]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        lemma, *fields = line.split("\t")
        values = dict(field.partition("=")[::2] for field in fields)
        meanings = {k: v.strip() for k, v in values.items() if k in LEMMA_LANGUAGES and v.strip()}
        if not lemma or not meanings or set(values) - {*LEMMA_LANGUAGES, "note"} or lemma in found:
            raise ReviewError(f"{path}:{number}: not 'lemma<TAB>en=...[<TAB>fr=...]' once")
        found[lemma] = meanings
    return found
