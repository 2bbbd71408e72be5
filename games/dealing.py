"""The web app's door into the engine: dealing boards, a word's points and spelling.

Rounds store boards as text and solutions as JSON; this module turns round
settings into an engine board and its solution, and a folded word into its
points and the way its language writes it. The verdict on a submitted word is
``games.verdicts``. Services call it; it writes nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.utils.translation import gettext

from games.engine import blocklist
from games.engine import dice as engine_dice
from games.engine.board import parse_board
from games.engine.generator import GenerationError, generate_board
from games.engine.languages import LEVELS, check_language
from games.engine.lexicon import load_lexicon
from games.engine.scoring import default_min_length as engine_default_min_length
from games.engine.scoring import score_word
from games.engine.sharecode import board_code
from games.engine.solver import find_cell_path, solve
from games.labels import LANGUAGE_NAMES, dice_label

logger = logging.getLogger(__name__)


def blocked_words(language: str) -> frozenset[str]:
    """Vulgar words and slurs the classroom game never counts, every form of them
    (dictionaries/<lang>/blocked.txt, built from dictionaries/sources/blocklists/)."""
    return blocklist.blocked_words(language)


# A board this poor makes a dull round: deal again (within a time budget) below it.
MIN_WORDS_ON_BOARD = 15
DEAL_TIME_BUDGET = 0.5


@dataclass(frozen=True)
class Deal:
    board: str
    seed: int
    share_code: str
    solution: dict[str, list[list[int]]]
    max_score: int
    planted: tuple[str, ...] = ()


def default_min_length(size: int) -> int:
    return engine_default_min_length(size)


def check_settings(*, language: str, level: int, size: int, dice: str) -> None:
    """Raise ValueError with a message for the host when settings cannot make a board."""
    check_language(language)
    if level not in {lv.number for lv in LEVELS}:
        raise ValueError(gettext("Unknown level %(level)s.") % {"level": level})
    if size not in engine_dice.SIZES:
        raise ValueError(gettext("Boards are 4×4, 5×5 or 6×6."))
    source = _source(language, size, dice)
    if source.lang is not None and source.lang != language:
        raise ValueError(
            gettext("These dice are for %(dice_language)s rounds: this round is in %(language)s.")
            % {
                "dice_language": LANGUAGE_NAMES[source.lang],
                "language": LANGUAGE_NAMES[language],
            }
        )
    if size not in source.sizes:
        raise ValueError(
            gettext("%(dice)s cannot make a %(size)d×%(size)d board.")
            % {"dice": dice_label(source.name, source.label), "size": size}
        )


def dice_language(dice: str) -> str | None:
    """The language a dice set is for (None: any, or no such set)."""
    try:
        return engine_dice.get_source(dice).lang
    except (KeyError, ValueError):
        return None


def _source(language: str, size: int, dice: str):
    if dice:
        return engine_dice.get_source(dice)
    return engine_dice.default_source(language, size)


def deal(
    *,
    language: str,
    level: int,
    size: int,
    dice: str,
    min_length: int,
    seed: int,
    board: str | None = None,
    plant: tuple[str, ...] = (),
    time_budget: float = DEAL_TIME_BUDGET,
) -> Deal:
    """A board for these settings with every word on it; poor boards are dealt again.

    ``board`` (text format) deals that exact board instead: a shared board code,
    or a test that needs to know what is on the board. ``time_budget`` bounds the
    dealing again; a seed deals the same board whatever the machine's load only
    when the budget is never reached (the content review passes a long one).
    """
    root = load_lexicon(language).root(level)
    if board is not None:
        fixed = parse_board(board)
        solution = solve(fixed, root, min_length)
        return _deal_of(fixed, seed, solution, language)
    source = _source(language, size, dice)
    if plant:
        return _planted_deal(source, language, level, size, min_length, seed, plant)
    try:
        generated = generate_board(
            source,
            root,
            size=size,
            seed=seed,
            min_words=MIN_WORDS_ON_BOARD,
            min_length=min_length,
            time_budget=time_budget,
        )
    except GenerationError as exc:
        if exc.best is None:
            raise
        # A hard setting (common words, long minimum) can starve every board:
        # play the richest one found rather than a plain roll, and say so.
        generated = exc.best
        logger.warning(
            "deal: no board reached %d words (%s %s level %d, %dx%d, min length %d): %s; "
            "playing the best found, %d words",
            MIN_WORDS_ON_BOARD,
            language,
            source.name,
            level,
            size,
            size,
            min_length,
            exc,
            len(generated.solution),
        )
    return _deal_of(generated.board, seed, generated.solution, language)


def _planted_deal(source, language, level, size, min_length, seed, plant) -> Deal:
    """A board holding the vocabulary words ``plant`` (dropping the longest ones while
    they will not fit); they count in the round even when rarer than its level."""
    lexicon = load_lexicon(language)
    words = sorted(plant, key=len)  # the longest, hardest to fit, go first
    while words:
        try:
            generated = generate_board(
                source,
                lexicon.root(),
                size=size,
                seed=seed,
                must_include=words,
                min_length=min_length,
                time_budget=DEAL_TIME_BUDGET,
            )
            break
        except GenerationError:
            words.pop()
    else:
        return deal(
            language=language,
            level=level,
            size=size,
            dice=source.name,
            min_length=min_length,
            seed=seed,
        )
    board = generated.board
    solution = solve(board, lexicon.root(level), min_length)
    blocked = blocked_words(language)
    paths = {
        word: [list(cell) for cell in path]
        for word, path in solution.paths.items()
        if word not in blocked
    }
    for word in words:
        if word not in paths:
            cells = find_cell_path(board, word)
            paths[word] = [list(board.position(cell)) for cell in cells]
    return Deal(
        board=str(board),
        seed=board.seed if board.seed is not None else seed,
        share_code=board_code(board),
        solution=dict(sorted(paths.items())),
        max_score=sum(score_word(word, size) for word in paths),
        planted=tuple(words),
    )


def _deal_of(board, seed: int, solution, language: str) -> Deal:
    blocked = blocked_words(language)
    paths = {
        word: [list(cell) for cell in path]
        for word, path in solution.paths.items()
        if word not in blocked
    }
    return Deal(
        board=str(board),
        seed=board.seed if board.seed is not None else seed,
        share_code=board_code(board),
        solution=paths,
        max_score=sum(score_word(word, board.size) for word in paths),
    )


def word_path(board_text: str, word: str) -> list[list[int]] | None:
    """A path spelling ``word`` on a stored board, or None."""
    board = parse_board(board_text)
    found = find_cell_path(board, word)
    return None if found is None else [list(board.position(cell)) for cell in found]


def display(language: str, word: str) -> str:
    """How a folded word is written: ``ete`` -> "été", ``meme`` -> "même / mémé"."""
    return " / ".join(load_lexicon(language).display_forms(word))


def points(word: str, size: int) -> int:
    return score_word(word, size)
