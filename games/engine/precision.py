"""What a class sees on dealt boards: the review sheet and the precision report.

Coverage (``dictionary_report``) says whether the game accepts what pupils
type; this says whether what it *shows* a class is right: no vulgar word, no
name or abbreviation at the easy levels, no spelling nobody writes, meanings a
teacher would sign (docs/content-review.md).

- :func:`review_sheet` deals boards the way rounds are dealt (a ``deal``
  callable: the web app passes games.dealing's) and lists every word they
  hold, most often dealt first, with what the class would see of it: its
  spellings, level, lemmas and meanings, and the verdict already given. That
  sheet is what a reviewer reads; their verdicts go to
  ``dictionaries/sources/reviews/<lang>.tsv``, which the build applies.
- :func:`precision_report` deals *other* boards (seeds the sheet never used)
  and counts, per 100 distinct words, what the verdicts (the review's, else
  an audit's: ``reviews/audit/<lang>.tsv``, judged on those fresh boards)
  class as objectionable, borderline, names, abbreviations, too rare, or
  spelled wrong; and the share of right meanings on a fresh sample of level
  1-2 words judged in ``reviews/audit/meanings-<lang>.tsv``.
"""

from __future__ import annotations

import hashlib
import heapq
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from games.engine.blocklist import blocked_words
from games.engine.build import reviews
from games.engine.build.reviews import Review, ReviewError, read_review
from games.engine.glosses import gloss, meaning
from games.engine.lexicon import load_lexicon

# (lang, level, size, seed) -> the folded words of the board dealt with that seed.
Deal = Callable[[str, int, int, int], Iterable[str]]

AUDIT = "audit"  # the audits' folder, inside the reviews' one
# The audit round: an audit's findings folded into the review make its boards and sample
# judged ones, so the next audit deals other boards and draws another sample (round 1,
# 2026-11-27, dealt from 1,000,000: docs/content-review.md).
AUDIT_ROUND = 10
# The sheet deals seeds 0, 1, ...; the report's fresh boards start here.
FRESH_SEEDS = AUDIT_ROUND * 1_000_000
CATEGORIES = {  # verdict -> what the report counts it as
    "vulgar": "objectionable",
    "slur": "objectionable",
    "mild": "borderline",
    "name": "names",
    "abbr": "abbreviations",
    "rare": "rare",
}
# Per 100 distinct level-2 words on fresh boards (issue 13's targets), and meanings.
TARGETS = {
    "objectionable": 0.0,
    "borderline": 0.2,
    "names": 0.3,
    "abbreviations": 0.3,
    "rare": 2.0,
    "spelling": 0.0,
}
MEANING_TARGETS = {"right": 90.0, "right_or_partly": 97.0, "vulgar": 0}
# Meanings into the interface languages added after English and French (issue 17): a
# 50-word sample per pair of the words shown a meaning in the reader's language.
PAIR_LANGUAGES = ("es", "de", "it", "pt")
PAIR_TARGETS = {"right": 85.0, "vulgar": 0}
MEANING_JUDGEMENTS = ("right", "partly", "wrong", "vulgar")


@dataclass(frozen=True)
class SheetRow:
    word: str
    boards: int
    level: int | None
    display: str
    lemmas: tuple[str, ...]
    meaning_en: str | None
    meaning_fr: str | None
    verdict: str

    def as_tsv(self) -> str:
        cells = (
            self.word,
            str(self.boards),
            str(self.level or "-"),
            self.display,
            ",".join(self.lemmas),
            self.meaning_en or "-",
            self.meaning_fr or "-",
            self.verdict or "-",
        )
        return "\t".join(cell.replace("\t", " ") for cell in cells)


SHEET_HEADER = "word\tboards\tlevel\tdisplay\tlemmas\tmeaning_en\tmeaning_fr\tverdict"


def dealt_words(
    deal: Deal, lang: str, level: int, size: int, boards: int, first_seed: int = 0
) -> Counter[str]:
    """On how many of ``boards`` boards (seeds ``first_seed``...) each word was dealt."""
    counts: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + boards):
        counts.update(set(deal(lang, level, size, seed)))
    return counts


def shown(lang: str, word: str) -> str:
    """The word as the game writes it (games.dealing.display's form)."""
    return " / ".join(load_lexicon(lang).display_forms(word))


def review_sheet(counts: Counter[str], lang: str, review: Review | None = None) -> list[SheetRow]:
    """One row per dealt word, the most often dealt first."""
    review = review or read_review(lang)
    lexicon = load_lexicon(lang)
    rows = []
    for word, boards in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        verdict = review.verdicts.get(word)
        rows.append(
            SheetRow(
                word=word,
                boards=boards,
                level=lexicon.level_of(word),
                display=shown(lang, word),
                lemmas=lexicon.lemmas(word),
                meaning_en=gloss(word, lang, "en"),
                meaning_fr=gloss(word, lang, "fr"),
                verdict=verdict.verdict if verdict else "",
            )
        )
    return rows


def audit_dir() -> Path:
    return reviews.REVIEWS_DIR / AUDIT


LEMMA_SHEET_HEADER = "lemma\twords\texamples\tmeaning_en\tmeaning_fr\tverdict"


def lemma_sheet(lang: str, level: int = 2, review: dict | None = None) -> list[str]:
    """The lemmas the words of ``level`` are explained through (the first each word's
    meaning reads), the lemma of the most words first, with its meanings in the tables:
    ``lemma, words, examples, meaning_en, meaning_fr, verdict`` rows for a reviewer of
    meanings (their fixes go to ``reviews/lemmas-<lang>.tsv``)."""
    from games.engine.glosses import gloss_table, lemma_candidates

    review = review or reviews.read_lemma_review(lang)
    words: dict[str, list[str]] = {}
    for word in load_lexicon(lang).words(level):
        pairs, _ = lemma_candidates(word, lang)
        if pairs:
            words.setdefault(pairs[0][1], []).append(pairs[0][0])
    rows = []
    for lemma, forms in sorted(words.items(), key=lambda item: (-len(item[1]), item[0])):
        examples = ", ".join(sorted(forms, key=lambda form: (len(form), form))[:3])
        if lang == "en":  # no lemma table: what the word itself reads (its base's, maybe)
            meanings = [gloss(lemma, lang, name) or "-" for name in ("en", "fr")]
        else:
            meanings = [gloss_table(lang, name).find(lemma) or "-" for name in ("en", "fr")]
        judged = "fixed" if lemma in review else "-"
        cells = (lemma, str(len(forms)), examples, *meanings, judged)
        rows.append("\t".join(cell.replace("\t", " ") for cell in cells))
    return rows


def read_audit(lang: str, folder: Path | None = None) -> Review:
    """The verdicts an audit gave words of fresh boards (same format as a review)."""
    return read_review(lang, folder or audit_dir())


def precision_report(
    counts: Counter[str], lang: str, review: Review | None = None, audit: Review | None = None
) -> dict:
    """Per 100 distinct dealt words: what the verdicts class as a defect (see the module
    docstring). A word nobody judged is listed under ``unjudged``."""
    review = review or read_review(lang)
    audit = audit or read_audit(lang)
    blocked = blocked_words(lang)
    found: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    unjudged = []
    for word in sorted(counts):
        verdict = review.verdicts.get(word) or audit.verdicts.get(word)
        if verdict is None:
            unjudged.append(word)
            continue
        kinds = []
        if word in blocked:
            kinds.append("dealt although blocked")
        elif verdict.verdict in CATEGORIES:
            kinds.append(CATEGORIES[verdict.verdict])
        if verdict.display and shown(lang, word) != " / ".join(verdict.display):
            kinds.append("spelling")
        for kind in kinds:
            found[kind] += 1
            examples.setdefault(kind, []).append(word)
    distinct = len(counts)
    per_100 = {
        kind: round(100 * found[kind] / distinct, 2) if distinct else 0.0 for kind in TARGETS
    }
    return {
        "lang": lang,
        "distinct_words": distinct,
        "judged": distinct - len(unjudged),
        "per_100_words": per_100,
        "targets": TARGETS,
        "met": all(per_100[kind] <= target for kind, target in TARGETS.items())
        and not found["dealt although blocked"]
        and not unjudged,
        "examples": {kind: words[:20] for kind, words in sorted(examples.items())},
        "unjudged": unjudged,
    }


def meaning_sample(
    lang: str,
    size: int = 50,
    seed: int = AUDIT_ROUND,
    review: Review | None = None,
    interface: str | None = None,
) -> list[str]:
    """``size`` level 1-2 words the review has not judged, drawn at random: those whose
    seeded hash is smallest, so a rebuild that adds or removes a few words leaves the
    rest of the sample, and its judgements, as they were. With ``interface``: only words
    shown a meaning written in that language (a pair's precision, not its coverage)."""
    review = review or read_review(lang)
    lexicon = load_lexicon(lang)
    blocked = blocked_words(lang)
    words = [w for w in lexicon.words(2) if w not in review.verdicts and w not in blocked]

    def rank(word: str) -> bytes:
        return hashlib.blake2b(f"{seed}:{word}".encode(), digest_size=8).digest()

    if interface is None:
        return sorted(heapq.nsmallest(size, words, key=rank))
    chosen = []
    for word in sorted(words, key=rank):
        found = meaning(word, lang, interface)
        if found and found.language == interface:
            chosen.append(word)
            if len(chosen) == size:
                break
    return sorted(chosen)


@dataclass(frozen=True)
class MeaningJudgement:
    word: str
    judgement: str
    meaning: str  # the text judged: a different meaning now makes the judgement stale


def read_meaning_audit(
    lang: str, folder: Path | None = None, interface: str = "en"
) -> dict[str, MeaningJudgement]:
    """``meanings-<lang>.tsv`` (English readers; ``meanings-<lang>-<interface>.tsv`` for
    another): ``word<TAB>right|partly|wrong|vulgar<TAB>meaning judged``."""
    name = f"meanings-{lang}.tsv" if interface == "en" else f"meanings-{lang}-{interface}.tsv"
    path = (folder or audit_dir()) / name
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return {}
    judged = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[1] not in MEANING_JUDGEMENTS:
            raise ReviewError(
                f"{path}:{number}: not 'word<TAB>{'|'.join(MEANING_JUDGEMENTS)}<TAB>meaning'"
            )
        judged[parts[0]] = MeaningJudgement(parts[0], parts[1], parts[2])
    return judged


def meaning_report(
    lang: str, sample: list[str], judged: dict[str, MeaningJudgement], interface: str = "en"
) -> dict:
    """The share of right meanings (for a reader of ``interface``) among the sample's
    judged words."""
    counts: Counter[str] = Counter()
    stale, unjudged = [], []
    for word in sample:
        judgement = judged.get(word)
        shown = gloss(word, lang, interface) or "-"
        if judgement is None:
            unjudged.append(word)
        elif judgement.meaning != shown:
            stale.append(word)
        else:
            counts[judgement.judgement] += 1
    total = sum(counts.values())

    def share(*kinds: str) -> float:
        return round(100 * sum(counts[k] for k in kinds) / total, 1) if total else 0.0

    result = {
        "lang": lang,
        "interface": interface,
        "sample": len(sample),
        "judged": total,
        "right": share("right"),
        "right_or_partly": share("right", "partly"),
        "vulgar": counts["vulgar"],
        "stale": stale,
        "unjudged": unjudged,
    }
    targets = MEANING_TARGETS if interface in ("en", "fr") else PAIR_TARGETS
    result["met"] = (
        not stale
        and not unjudged
        and all(
            result[kind] == target if kind == "vulgar" else result[kind] >= target
            for kind, target in targets.items()
        )
    )
    return result


def pair_report(lang: str, interface: str) -> dict:
    """The meanings of ``lang``'s words read in a newer interface language, rated."""
    sample = meaning_sample(lang, interface=interface)
    return meaning_report(lang, sample, read_meaning_audit(lang, interface=interface), interface)
