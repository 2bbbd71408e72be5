"""Where boards come from: dice sets and letter-frequency draws.

A *board source* makes a board from a size and a ``random.Random``:

- a dice set (``en-new``, ``fr-classic``, ...) shuffles its dice over the
  grid and rolls each one; the faces come from ``data/dice_sets.json``;
- ``<lang>-freq`` draws each cell's letter in proportion to how often that
  letter occurs in the language (``data/letter_frequencies.json``); Spanish
  boards have ``Ñ`` too (see :func:`letter_weights`);
- ``uniform`` draws every letter A-Z with the same chance (a baseline: it
  makes much poorer boards, which the tests and docs measure).

Every source has a fixed number, used by the share code (``SOURCE_NUMBERS``):
a new source takes the next free one; none is ever renumbered.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from pathlib import Path
from typing import NamedTuple

from games.engine.board import BLANK, Board
from games.engine.languages import GAME_LANGUAGES, LANGUAGES

DATA_DIR = Path(__file__).resolve().parent / "data"
SIZES = (4, 5, 6)
ALPHABET = "abcdefghijklmnopqrstuvwxyz"

# Type weights (letters of dictionary entries) rather than token weights
# (letters of running text): measured with the built dictionaries over 200
# seeded boards, type-weighted boards hold 2-21% more words in every language,
# at every size and level tried (docs/engine.md). Changing this changes every
# frequency board, so old share codes would rebuild different boards.
FREQUENCY_WEIGHTS = "type"


@dataclass(frozen=True)
class DiceSet:
    """A published set of letter dice (faces as board cells: ``"A"``, ``"Qu"``, ``""``)."""

    name: str
    label: str
    lang: str
    size: int
    dice: tuple[tuple[str, ...], ...]
    data_key: str
    verified: bool


@dataclass(frozen=True)
class BoardSource:
    """A named way of making boards: a dice set, frequency letters or uniform letters."""

    name: str
    label: str
    lang: str | None
    sizes: tuple[int, ...]
    dice_set: DiceSet | None = None

    def make(self, size: int, rng: random.Random) -> tuple[str, ...]:
        """The cells of a ``size`` x ``size`` board drawn with ``rng``."""
        if size not in self.sizes:
            raise ValueError(
                f"{self.name} makes {_sizes_text(self.sizes)} boards, not {size}x{size}"
            )
        if self.dice_set is not None:
            return roll_dice(self.dice_set.dice, rng)
        return draw_letters(letter_weights(self.lang), size * size, rng)


# (name, key in dice_sets.json, language, label, verified)
_DICE = (
    ("en-classic", "en_classic_1976_1986", "en", "English 4x4, 1976 dice", True),
    ("en-new", "en_new_1987_2008", "en", "English 4x4, 1987 dice", True),
    ("en-big", "en_big_boggle_1979", "en", "English 5x5, 1979 dice", True),
    ("en-deluxe", "en_boggle_master_1993_deluxe_1997", "en", "English 5x5, 1993 dice", True),
    ("en-superbig", "en_super_big_boggle_6x6", "en", "English 6x6 dice", True),
    ("fr-classic", "fr_boggle_4x4", "fr", "French 4x4 dice", True),
    (
        "en-big-2012",
        "en_big_boggle_2011_12_reissue_SINGLE_SOURCE",
        "en",
        "English 5x5, 2012 dice (single source, unverified)",
        False,
    ),
    (
        "fr-big",
        "fr_baggle_5x5_UNVERIFIED_ORIGIN",
        "fr",
        "French 5x5 dice (origin unverified)",
        False,
    ),
)
_FREQUENCY_LANGS = tuple(LANGUAGES)  # every game language has its letters
# Every board source's number, for share codes: a stored code names its source by
# this number, so a number never changes and is never reused (games/tests/
# test_sharecode.py pins them). A new dice set or language takes the next free one;
# share codes have five bits for it (0-31).
SOURCE_NUMBERS: dict[str, int] = {
    "en-classic": 0,
    "en-new": 1,
    "en-big": 2,
    "en-deluxe": 3,
    "en-superbig": 4,
    "fr-classic": 5,
    "en-big-2012": 6,
    "fr-big": 7,
    "uniform": 14,
    # each game language's letters by frequency: its record's number (languages.py)
    **{f"{language.code}-freq": language.board_source for language in GAME_LANGUAGES},
}
_SOURCE_ORDER = (
    *(name for name, *_ in _DICE),
    *(f"{lang}-freq" for lang in _FREQUENCY_LANGS),
    "uniform",
)
_BY_NUMBER = {number: name for name, number in SOURCE_NUMBERS.items()}
# The dice a language uses by default at each size; frequency letters elsewhere.
_DEFAULT_DICE = {
    ("en", 4): "en-new",
    ("en", 5): "en-big",
    ("en", 6): "en-superbig",
    ("fr", 4): "fr-classic",
}


def parse_face(face: str) -> str:
    """One printed face as a board cell: ``"Q"`` -> ``"Qu"``, ``"blank"`` -> ``""``."""
    if face.lower() == "blank":
        return BLANK
    face = face.strip().capitalize()
    return "Qu" if face == "Q" else face


def parse_die(text: str) -> tuple[str, ...]:
    """A die as written in the data: ``"AACIOT"`` or ``"[An,Er,He,In,Qu,Th]"``."""
    faces = text.strip("[]").split(",") if text.startswith("[") else list(text)
    if len(faces) != 6:
        raise ValueError(f"a die has six faces: {text!r}")
    return tuple(parse_face(face) for face in faces)


@cache
def dice_sets() -> dict[str, DiceSet]:
    """Every dice set, by short name (read once from ``data/dice_sets.json``)."""
    data = json.loads((DATA_DIR / "dice_sets.json").read_text(encoding="utf-8"))
    sets = {}
    for name, key, lang, label, verified in _DICE:
        dice = tuple(parse_die(die) for die in data[key]["faces"])
        side = round(len(dice) ** 0.5)
        if side * side != len(dice):
            raise ValueError(f"{key}: {len(dice)} dice do not make a square board")
        sets[name] = DiceSet(name, label, lang, side, dice, key, verified)
    return sets


@cache
def board_sources() -> dict[str, BoardSource]:
    """Every board source by name (dice sets, then each language's letters)."""
    sources = {}
    sets = dice_sets()
    for name in _SOURCE_ORDER:
        if name in sets:
            dice_set = sets[name]
            sources[name] = BoardSource(
                name, dice_set.label, dice_set.lang, (dice_set.size,), dice_set
            )
        elif name == "uniform":
            sources[name] = BoardSource(name, "Uniform letters (baseline)", None, SIZES)
        else:
            lang = name.split("-")[0]
            sources[name] = BoardSource(
                name, f"{LANGUAGES[lang]} letters by frequency", lang, SIZES
            )
    return sources


def source_number(name: str) -> int:
    """The stable number of a source (for share codes: ``SOURCE_NUMBERS``)."""
    return SOURCE_NUMBERS[get_source(name).name]


def source_by_number(number: int) -> BoardSource:
    """The source with that stable number; ``ValueError`` if none."""
    if number not in _BY_NUMBER:
        raise ValueError(f"no board source number {number}")
    return board_sources()[_BY_NUMBER[number]]


def get_source(name: str) -> BoardSource:
    """A source by name; ``ValueError`` listing the names if unknown."""
    try:
        return board_sources()[name]
    except KeyError:
        raise ValueError(
            f"unknown dice {name!r}; choose one of {', '.join(_SOURCE_ORDER)}"
        ) from None


def default_source(lang: str, size: int) -> BoardSource:
    """The language's dice at that size if it has verified ones, else its frequency letters."""
    return get_source(_DEFAULT_DICE.get((lang, size), f"{lang}-freq"))


def roll_dice(dice: tuple[tuple[str, ...], ...], rng: random.Random) -> tuple[str, ...]:
    """Shuffle the dice over the cells, then roll each: the cells row by row."""
    order = list(dice)
    rng.shuffle(order)
    return tuple(rng.choice(die) for die in order)


class LetterWeights(NamedTuple):
    """Faces and cumulative weights to draw them with, and the faces split after the draw.

    ``splits`` maps a face to ``(other face, share)``: a drawn face becomes the
    other one with that probability (Spanish N -> Ñ, below).
    """

    faces: tuple[str, ...]
    cumulative: tuple[float, ...]
    splits: tuple[tuple[str, str, float], ...] = ()


@cache
def letter_weights(lang: str | None, kind: str = FREQUENCY_WEIGHTS) -> LetterWeights:
    """The faces and cumulative weights to draw letters with (``lang=None``: uniform).

    ``kind`` is ``"token"`` or ``"type"`` (see ``FREQUENCY_WEIGHTS``). The
    letter q is drawn as the face ``Qu``, as on the dice.

    Spanish: the percentages fold ñ into n, so an N drawn becomes Ñ with the
    share of ñ among n and ñ (``enye_share_of_n``, measured on the built
    dictionary and on wordfreq: docs/dictionaries.md). Drawing N first and
    splitting it after keeps every other cell of a seed's board as it was
    before Ñ had a face of its own, so old share codes rebuild nearly the
    same board; the chances are those of drawing from 27 letters.
    """
    faces = tuple("Qu" if letter == "q" else letter.upper() for letter in ALPHABET)
    if lang is None:
        return LetterWeights(faces, tuple(accumulate([1.0] * len(ALPHABET))))
    data = json.loads((DATA_DIR / "letter_frequencies.json").read_text(encoding="utf-8"))
    try:
        percent = data[lang][f"{kind}_letter_pct"]
    except KeyError:
        raise ValueError(f"no {kind} letter frequencies for language {lang!r}") from None
    cumulative = tuple(accumulate(percent.get(letter, 0.0) for letter in ALPHABET))
    splits = tuple(
        ("N", "Ñ", float(share[kind])) for share in [data[lang].get("enye_share_of_n")] if share
    )
    return LetterWeights(faces, cumulative, splits)


def draw_letters(weights: LetterWeights, count: int, rng: random.Random) -> tuple[str, ...]:
    """``count`` faces drawn independently with the given cumulative weights."""
    faces = rng.choices(weights.faces, cum_weights=weights.cumulative, k=count)
    for face, other, share in weights.splits:
        faces = [other if drawn == face and rng.random() < share else drawn for drawn in faces]
    return tuple(faces)


def make_board(
    source: str | BoardSource,
    size: int | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
) -> Board:
    """A board from a source, reproducible from ``seed`` (``random.Random(seed)``).

    ``size`` defaults to the dice set's size (4 for letter sources). The
    board remembers its source and seed so its share code can be short.
    """
    if isinstance(source, str):
        source = get_source(source)
    if size is None:
        size = source.sizes[0]
    if rng is None:
        if seed is None:
            raise ValueError("give a seed (or a random.Random) so the board can be rebuilt")
        rng = random.Random(seed)
    return Board(size, size, source.make(size, rng), source=source.name, seed=seed)


def _sizes_text(sizes: tuple[int, ...]) -> str:
    return " or ".join(f"{size}x{size}" for size in sizes)
