"""The one verdict on a word: does it count in this round, and if not, why?

Typed words, traced paths and the live green/red hint all ask here, and so
does scoring: a round's words are its dealt ``solution`` (the dictionary's
words at its level, blocklist applied, plus planted vocabulary) changed by
its word rulings (the latest ruling on a word decides it; ``undo`` gives the
dictionary its say again).

Nothing here writes. The dealt solution of a round never changes, so each
process reads it once; its rulings are read fresh once the round has ended
(that is when teachers rule).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from games.dealing import blocked_words
from games.engine import dawg
from games.engine.board import Board, parse_board, path_problem
from games.engine.lexicon import load_lexicon
from games.engine.solver import find_cell_path
from games.engine.typed import typed_words

Path = tuple[tuple[int, int], ...]


@functools.lru_cache(maxsize=512)
def round_solution(round_id: int) -> Mapping[str, Path]:
    """Every word a round was dealt with, with its path: read once per process.

    One shared copy of tuples per process: each socket holding its own parsed
    copy made 300 players carry ~300k objects that every full garbage
    collection walked (130-150 ms pauses under load).
    """
    from games.models import Round

    stored = Round.objects.values_list("solution", flat=True).get(pk=round_id)
    return {word: tuple(tuple(cell) for cell in path) for word, path in stored.items()}


@functools.lru_cache(maxsize=256)
def board_of(text: str) -> Board:
    return parse_board(text)


@dataclass(frozen=True)
class RoundWords:
    """The words that count in a round: its dealt solution after its rulings."""

    solution: Mapping[str, Path]
    allowed: Mapping[str, Path]  # ruled in (with where they are spelled)
    disallowed: frozenset[str]  # ruled out

    def counts(self, word: str) -> bool:
        return word in self.allowed or (word in self.solution and word not in self.disallowed)

    def path(self, word: str) -> Path | None:
        return self.allowed.get(word) or self.solution.get(word)

    def countable(self) -> dict[str, Path]:
        """Every word that counts, sorted, with its path."""
        words = {w: p for w, p in self.solution.items() if w not in self.disallowed}
        words.update(self.allowed)
        return dict(sorted(words.items()))


EMPTY_RULINGS: tuple = ()


def effective_rulings(rulings) -> dict[str, object]:
    """The latest ruling per word (rulings in the order they were made); ``undo`` drops it."""
    latest: dict[str, object] = {}
    for ruling in rulings:
        if ruling.verdict == "undo":
            latest.pop(ruling.word, None)
        else:
            latest[ruling.word] = ruling
    return latest


def round_words(round, rulings=None) -> RoundWords:
    """A round's words after its rulings (``rulings``: the round's rows, if already read)."""
    solution = round_solution(round.pk)
    if rulings is None:
        rulings = _rulings_of(round)
    allowed, disallowed = {}, set()
    for word, ruling in effective_rulings(rulings).items():
        if ruling.verdict == "allow":
            path = ruling.path or solution.get(word)
            if path is not None:
                allowed[word] = tuple(tuple(cell) for cell in path)
        else:
            disallowed.add(word)
    return RoundWords(solution, allowed, frozenset(disallowed))


def _rulings_of(round):
    # Rulings are made once a round has ended (and copied in when it is dealt),
    # so while it runs they cannot change: read them once per process.
    if round.finished_at is None:
        return _running_rulings(round.pk)
    return list(round.rulings.all())


@functools.lru_cache(maxsize=512)
def _running_rulings(round_id: int) -> tuple:
    from games.models import WordRuling

    return tuple(WordRuling.objects.filter(round_id=round_id).order_by("ruled_at", "pk"))


def clear_caches() -> None:
    """For tests, whose databases reuse round ids; a real one never does."""
    round_solution.cache_clear()
    _running_rulings.cache_clear()


@dataclass(frozen=True)
class Verdict:
    """What a submitted word is worth: ``reason`` is ``accepted`` or why not."""

    accepted: bool
    reason: str
    word: str
    path: list[list[int]] | None = None

    @property
    def keep_for_teacher(self) -> bool:
        """Spelled on the board but not counted: kept so a teacher may allow it."""
        return self.reason == "not_a_word" and self.path is not None


def judge(round, words: RoundWords, *, word: str | None = None, path=None) -> Verdict:
    """The verdict on a typed ``word`` or a traced ``path`` in ``round``.

    Reasons in order: a path that is not a path (``bad_path``), ``too_short``,
    ``accepted``, ``not_allowed`` (blocklist or a teacher's ruling),
    ``not_on_board``, ``not_a_word`` (spelled on the board, not in the
    round's dictionary).
    """
    board = board_of(round.board)
    if path is not None:
        cells = [tuple(cell) for cell in path]
        if path_problem(board, cells) is not None:
            return Verdict(False, "bad_path", "")
        folded = board.spell(cells)
        cells = [list(cell) for cell in cells]
    else:
        # The spellings the typed text may stand for in the round's language (Spanish
        # keeps ñ; German reads "muede" as müde): the first that counts, else the plain one.
        candidates = typed_words(word or "", load_lexicon(round.language))
        if not candidates:
            return Verdict(False, "not_a_word", (word or "")[:40])
        folded = next((c for c in candidates if words.counts(c)), candidates[0])
        cells = None
    if len(folded) < round.min_length:
        return Verdict(False, "too_short", folded)
    if words.counts(folded):
        return Verdict(True, "accepted", folded, cells or [list(c) for c in words.path(folded)])
    if folded in words.disallowed or folded in blocked_words(round.language):
        return Verdict(False, "not_allowed", folded)
    if cells is None:
        found = find_cell_path(board, folded)
        if found is None:
            return Verdict(False, "not_on_board", folded)
        cells = [list(board.position(cell)) for cell in found]
    return Verdict(False, "not_a_word", folded, cells)


@dataclass(frozen=True)
class Hint:
    """The live green/red feedback on the tiles traced so far."""

    ok: bool  # the letters so far can still become a word that counts
    reason: str | None  # None when ok; else why not (docs/protocol.md)
    letters: str
    is_word: bool  # sending the path now would be accepted (unless already found)


def hint(round, words: RoundWords, path) -> Hint:
    """Green while the traced letters can still lead to a word of the round, with the
    same verdict as sending them: planted and allowed words count, blocked ones never
    show as words."""
    board = board_of(round.board)
    cells = [tuple(cell) for cell in path]
    problem = path_problem(board, cells)
    if problem is not None:
        return Hint(False, problem, "", False)
    letters = board.spell(cells)
    is_word = len(letters) >= round.min_length and words.counts(letters)
    ok = is_word or _can_grow(round, words, letters)
    return Hint(ok, None if ok else "no_such_word", letters, is_word)


def _can_grow(round, words: RoundWords, letters: str) -> bool:
    """Some longer word of the round starts with ``letters``: a word of the level's
    dictionary, or one that counts here without being in it (planted, allowed)."""
    node = dawg.walk(load_lexicon(round.language).root(round.level), letters)
    if node is not None and dawg.child_letters(node):
        return True
    extras = (*round.planted, *words.allowed)
    return any(len(w) > len(letters) and w.startswith(letters) for w in extras)
