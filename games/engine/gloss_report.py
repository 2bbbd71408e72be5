"""How many of the game's words have a meaning: ``manage.py gloss_report``.

Per game language and interface language (all six): the share of level 1-2
words (all of them) and of level 3-4 words (an even sample: Italian and
Portuguese have over a million) that :func:`games.engine.glosses.meaning`
explains in the reader's own language (an English meaning shown for want of
one counts apart, as ``english_only``), and the share of the words on 200
dealt boards (4x4, level 2, the game's default source, seeds 0-199) that it
does. Each pair also lists the
most frequent level 1 words it misses, for the review in docs/glosses.md.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from games.engine.dice import default_source, make_board
from games.engine.glosses import INTERFACE_LANGUAGES, meaning, tables_for
from games.engine.languages import LANGUAGES, check_language
from games.engine.lexicon import load_lexicon
from games.engine.solver import solve

BOARDS = 200
BOARD_SIZE = 4
BOARD_LEVEL = 2
SAMPLE = 2000  # level 3-4 words sampled evenly
MISSING_SHOWN = 20


@dataclass
class Share:
    words: int = 0
    glossed: int = 0

    @property
    def share(self) -> float:
        return round(100 * self.glossed / self.words, 1) if self.words else 0.0

    def add(self, has_gloss: bool) -> None:
        self.words += 1
        self.glossed += has_gloss


@dataclass
class PairReport:
    lang: str
    interface: str
    tables: list[str]
    level_1_2: Share = field(default_factory=Share)
    level_3_4: Share = field(default_factory=Share)
    boards: Share = field(default_factory=Share)
    english_only: Share = field(default_factory=Share)  # level 1-2 words read in English
    missing_level_1: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        document = asdict(self)
        for key in ("level_1_2", "level_3_4", "boards", "english_only"):
            document[key]["share"] = getattr(self, key).share
        return document

    def as_text(self) -> str:
        return (
            f"{self.lang} -> {self.interface} ({', '.join(self.tables)}): "
            f"level 1-2 {self.level_1_2.share}% of {self.level_1_2.words}; "
            f"level 3-4 {self.level_3_4.share}% of {self.level_3_4.words} sampled; "
            f"{BOARDS} boards {self.boards.share}% of {self.boards.words} words"
            + (
                f"; level 1-2 in English only {self.english_only.share}%"
                if self.english_only.glossed
                else ""
            )
            + "\n"
            f"  level 1 words without a meaning: {', '.join(self.missing_level_1) or '-'}"
        )


def pair_report(lang: str, interface: str) -> PairReport:
    """The coverage of one game language read in one interface language."""
    check_language(lang)
    lexicon = load_lexicon(lang)
    report = PairReport(lang, interface, [f"{name}.tsv" for name in tables_for(lang, interface)])
    known: dict[str, str | None] = {}  # word -> the language of its meaning

    def written_in(word: str) -> str | None:
        if word not in known:
            found = meaning(word, lang, interface)
            known[word] = found.language if found else None
        return known[word]

    def has(word: str) -> bool:
        return written_in(word) == interface

    for word in lexicon.words(2):
        found = has(word)
        report.level_1_2.add(found)
        report.english_only.add(not found and written_in(word) is not None)
        if not found and len(report.missing_level_1) < MISSING_SHOWN and lexicon.contains(word, 1):
            report.missing_level_1.append(" / ".join(lexicon.display_forms(word)))
    for word in _sample(lexicon):
        report.level_3_4.add(has(word))
    source = default_source(lang, BOARD_SIZE)
    root = lexicon.root(BOARD_LEVEL)
    for seed in range(BOARDS):
        for word in solve(make_board(source, BOARD_SIZE, seed), root).words:
            report.boards.add(has(word))
    return report


def _sample(lexicon) -> list[str]:
    """An even sample of the words of levels 3 and 4 (not at level 2)."""
    harder = [w for w in lexicon.words(4) if not lexicon.contains(w, 2)]
    step = max(1, len(harder) // SAMPLE)
    return harder[::step][:SAMPLE]


def report(langs: list[str] | None = None) -> list[PairReport]:
    return [
        pair_report(lang, interface)
        for lang in (langs or list(LANGUAGES))
        for interface in INTERFACE_LANGUAGES
    ]


def as_json(reports: list[PairReport]) -> str:
    return json.dumps([r.as_dict() for r in reports], ensure_ascii=False)
