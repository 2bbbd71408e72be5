"""What the ``solve``, ``board``, ``lookup`` and ``bench_solver`` commands do, without Django.

The management commands only read their options and turn ``ValueError``
into a one-line error with exit code 2; the work and the output formats are
here, so they are tested without a subprocess too.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass

from games.engine.board import Board, parse_board
from games.engine.dice import BoardSource, default_source, get_source, make_board
from games.engine.generator import generate_board
from games.engine.languages import LANGUAGES, check_language, level_from_name
from games.engine.scoring import score_word
from games.engine.solver import Solution, solve


def parse_count(
    name: str, text: str | int | None, *, minimum: int = 1, choices: Iterable[int] | None = None
) -> int | None:
    """An integer option (``None`` stays ``None``); ``ValueError`` naming the option."""
    if text is None:
        return None
    try:
        value = int(str(text).strip())
    except ValueError:
        raise ValueError(f"--{name} must be a whole number, not {text!r}") from None
    if choices is not None and value not in choices:
        raise ValueError(f"--{name} must be one of {', '.join(map(str, choices))}, not {value}")
    if value < minimum:
        raise ValueError(f"--{name} must be at least {minimum}, not {value}")
    return value


def dictionary_root(lang: str, level: str | int, words_file: str | None) -> dict:
    """The word graph to solve with: a built dictionary's level, or a custom list's words."""
    return dictionary(lang, words_file).root(level_from_name(level).number)


def dictionary(lang: str, words_file: str | None = None):
    """The built dictionary of ``lang``, or a custom list's (``ValueError`` if unreadable)."""
    from games.engine.lexicon import Lexicon, LexiconError, load_lexicon
    from games.engine.wordlist import WordListError

    check_language(lang)
    try:
        return Lexicon.from_word_list(words_file, lang) if words_file else load_lexicon(lang)
    except (LexiconError, WordListError) as exc:
        raise ValueError(str(exc)) from None


def lookup(
    words: list[str], lang: str, level: str | int = "all", gloss_language: str = "en"
) -> list[dict]:
    """Per typed word: ``{"word", "display", "valid", "level", "blocked", "lemma", "lemmas",
    "gloss", "gloss_language"}``.

    ``valid``: the word counts in the classroom game at ``level`` (blocklist
    applied); ``level``: the easiest level that has it (``None`` if none);
    ``lemma``: its dictionary form (the most frequent, when several); German
    ``muede`` is looked up as müde; ``gloss``: its meaning for a reader of
    ``gloss_language`` (any interface language; games/engine/glosses.py), ``None`` when no
    source has one; ``gloss_language``: the language that meaning is written in (English
    where nothing translates the word into the one asked for). ``ValueError`` for a bad
    language, level or gloss language.
    """
    from games.engine.blocklist import blocked_words
    from games.engine.glosses import check_interface, meaning
    from games.engine.typed import typed_words

    check_interface(gloss_language)
    number = level_from_name(level).number
    lexicon = dictionary(lang)
    if not words:
        raise ValueError("no word given (pass words to look up)")
    blocked = blocked_words(lang)
    rows = []
    for typed in words:
        candidates = typed_words(typed, lexicon)
        folded = next((w for w in candidates if lexicon.level_of(w) is not None), None)
        easiest = lexicon.level_of(folded) if folded else None
        is_blocked = folded in blocked if folded else bool(candidates and candidates[0] in blocked)
        found = meaning(folded, lang, gloss_language) if folded else None
        rows.append(
            {
                "word": typed,
                "display": " / ".join(lexicon.display_forms(folded)) if folded else None,
                "valid": easiest is not None and easiest <= number and not is_blocked,
                "level": easiest,
                "blocked": is_blocked,
                "lemma": lexicon.lemmas(folded)[0] if folded else None,
                "lemmas": list(lexicon.lemmas(folded)) if folded else [],
                "gloss": found.text if found else None,
                "gloss_language": found.language if found else None,
            }
        )
    return rows


def lookup_text(row: dict, gloss_language: str = "en") -> str:
    """One readable line of :func:`lookup` (asked for meanings in ``gloss_language``)."""
    if row["level"] is None:
        return f"{row['word']}: not in the dictionary; no meaning found"
    verdict = "counts" if row["valid"] else "does not count"
    why = " (blocked in class)" if row["blocked"] else ""
    lemmas = ", ".join(row["lemmas"])
    meaning = row.get("gloss") or "no meaning found"
    if row.get("gloss") and row["gloss_language"] != gloss_language:
        written, asked = LANGUAGES[row["gloss_language"]], LANGUAGES[gloss_language]
        meaning += f" (in {written}: none found in {asked})"
    return (
        f"{row['word']}: {row['display']}, {verdict} at this level{why}; "
        f"easiest level {row['level']}; lemma {lemmas}; meaning: {meaning}"
    )


def read_boards(arguments: list[str], stdin: Iterable[str]) -> list[Board]:
    """The boards named on the command line, ``-`` meaning one per line of ``stdin``."""
    texts = []
    for argument in arguments:
        if argument == "-":
            texts.extend(line.strip() for line in stdin if line.strip())
        else:
            texts.append(argument)
    if not texts:
        raise ValueError("no board given (pass boards like EEAL/MARO/SAIS/IKTG, or - for stdin)")
    return [parse_board(text) for text in texts]


def solution_json(solution: Solution, lexicon=None) -> str:
    """One line: ``{"words": [...], "score": n, "paths": {"word": [[row, col], ...]},
    "display": {"word": "shown"}}`` (display only with a ``lexicon``: the
    accented spellings, most frequent first, joined by " / " as the game shows them)."""
    paths = {word: [list(step) for step in path] for word, path in solution.paths.items()}
    document = {"words": solution.words, "score": solution.score, "paths": paths}
    if lexicon is not None:
        document["display"] = {
            word: " / ".join(lexicon.display_forms(word)) for word in solution.words
        }
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


def solution_text(solution: Solution) -> str:
    """A readable report: the board, the words by length (longest first), the total."""
    size = solution.board.size
    lines = [f"{solution.board}  ({len(solution)} words, {solution.score} points)"]
    by_length: dict[int, list[str]] = {}
    for word in solution.words:
        by_length.setdefault(len(word), []).append(word)
    for length in sorted(by_length, reverse=True):
        points = score_word("x" * length, size)
        lines.append(f"  {length} letters ({points} pt each): {' '.join(by_length[length])}")
    lines.append(f"  total: {solution.score} points")
    return "\n".join(lines)


def choose_source(lang: str, size: int | None, dice: str | None) -> tuple[BoardSource, int]:
    """The board source and size for the ``board`` command's options."""
    check_language(lang)
    if dice in (None, "freq"):
        size = size or 4
        source = get_source(f"{lang}-freq") if dice == "freq" else default_source(lang, size)
        return source, size
    source = get_source(dice)
    size = size or source.sizes[0]
    if size not in source.sizes:
        raise ValueError(
            f"--dice {dice} rolls {source.sizes[0]}x{source.sizes[0]} boards, not {size}x{size}"
        )
    return source, size


def new_board(
    source: BoardSource,
    size: int,
    seed: int | None,
    *,
    root=None,
    min_words: int | None = None,
) -> Board:
    """A board rolled with ``seed`` (a fresh random seed when ``None``); with
    ``min_words``, the first of the seed's boards that holds that many words of
    ``root`` (``ValueError`` naming the best board found when none does)."""
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    if not min_words:
        return make_board(source, size, seed)
    return generate_board(source, root, size=size, seed=seed, min_words=min_words).board


@dataclass(frozen=True)
class BenchResult:
    """Per-board timings (microseconds) and the dictionary's cost."""

    boards: int
    median_us: float
    p95_us: float
    load_ms: float
    rss_mb: float

    def as_json(self) -> str:
        return json.dumps(
            {
                "boards": self.boards,
                "median_us": round(self.median_us, 1),
                "p95_us": round(self.p95_us, 1),
                "load_ms": round(self.load_ms, 1),
                "rss_mb": round(self.rss_mb, 1),
            }
        )

    def as_text(self) -> str:
        return (
            f"{self.boards} boards: median {self.median_us:.0f} us, p95 {self.p95_us:.0f} us; "
            f"dictionary load {self.load_ms:.0f} ms; resident memory {self.rss_mb:.0f} MB"
        )


def bench(
    lang: str,
    size: int,
    count: int,
    seed: int,
    words_file: str | None = None,
    min_words: int | None = None,
) -> BenchResult:
    """Time the cold dictionary load, then ``count`` seeded boards per language.

    ``lang="all"`` loads the six built dictionaries. With ``min_words`` the
    timing is of ``generate_board`` asking for that many words, not of one solve.
    """
    langs = list(LANGUAGES) if lang == "all" else [check_language(lang)]
    start = time.perf_counter()
    roots = {code: dictionary_root(code, "all", words_file) for code in langs}
    load_ms = (time.perf_counter() - start) * 1000
    rss_mb = resident_mb()
    times = []
    for code, root in roots.items():
        source = default_source(code, size)
        for offset in range(count):
            times.append(_time_one(source, size, seed + offset, root, min_words))
    times.sort()
    return BenchResult(
        len(times),
        statistics.median(times) * 1e6,
        times[min(len(times) - 1, int(0.95 * len(times)))] * 1e6,
        load_ms,
        rss_mb,
    )


def _time_one(source, size, seed, root, min_words) -> float:
    if min_words is None:
        board = make_board(source, size, seed)
        start = time.perf_counter()
        solve(board, root)
    else:
        start = time.perf_counter()
        generate_board(source, root, size=size, seed=seed, min_words=min_words)
    return time.perf_counter() - start


def resident_mb() -> float:
    """This process's resident memory (VmRSS), in MB."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")
