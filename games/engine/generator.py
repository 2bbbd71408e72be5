"""Boards that meet a teacher's constraints, within a bounded time.

``generate_board`` rolls (or draws) boards until one has at least
``min_words`` words, a longest word of at least ``min_longest`` letters and
every word of ``must_include``; it gives up after ``max_attempts`` boards or
``time_budget`` seconds and raises ``GenerationError`` naming the
constraint that failed and how close the best board came.

Words that must be on the board are planted on self-avoiding paths,
reusing a cell where it already holds the letter needed (so CAT and TEA may
share their T). With a dice set, planted cells get dice by bipartite
matching (each planted face must be a face of its own die); the other dice
are shuffled and rolled into the remaining cells. Letter sources draw the
remaining cells by frequency.

Every attempt gets its own seed from ``random.Random(seed)``, so a seed
gives the same board every time; a board without planted words is a plain
roll of its attempt's seed and keeps the short share code of a roll.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from games.engine.board import Board
from games.engine.dice import BoardSource, draw_letters, get_source, letter_weights, make_board
from games.engine.scoring import default_min_length
from games.engine.solver import Solution, fold_word, is_word, solve

# Enough for the strictest sensible request (4x4, 100+ words) while keeping
# an impossible one from hanging a web request.
MAX_ATTEMPTS = 2000
TIME_BUDGET = 1.5
PLANT_TRIES = 20
_PATH_STEPS = 2000  # per word per try: a self-avoiding walk search is exponential


class GenerationError(ValueError):
    """No board met the constraints within the budget; the message says which failed.

    ``best`` is the richest board tried (most words, then the longest word),
    or ``None`` when no board could be made at all (words that would not plant).
    """

    def __init__(self, message: str, best: Generated | None = None) -> None:
        super().__init__(message)
        self.best = best


@dataclass(frozen=True)
class Generated:
    """A board that met the constraints, its words, and how many boards were tried."""

    board: Board
    solution: Solution
    attempts: int


@dataclass(frozen=True)
class Constraints:
    """What a generated board must have. ``words`` are folded words to plant."""

    min_words: int = 0
    min_longest: int = 0
    words: tuple[str, ...] = ()

    def shortfall(self, solution: Solution) -> str | None:
        """The first constraint the solution misses, as text, or ``None``."""
        if len(solution) < self.min_words:
            return f"at least {self.min_words} words"
        if solution.longest < self.min_longest:
            return f"a word of at least {self.min_longest} letters"
        missing = [word for word in self.words if word not in solution]
        if missing:
            return f"the words {', '.join(missing)}"
        return None


def generate_board(
    source: str | BoardSource,
    root: dict,
    *,
    size: int | None = None,
    seed: int | None = None,
    min_words: int = 0,
    min_longest: int = 0,
    must_include: tuple[str, ...] | list[str] = (),
    min_length: int | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    time_budget: float = TIME_BUDGET,
) -> Generated:
    """A board from ``source`` meeting the constraints, solved against ``root``.

    Raises ``GenerationError`` (a ``ValueError``) when a constraint is
    impossible from the start (a word not in the dictionary, too long for
    the board, a letter no die has) or no attempt met it in the budget.
    """
    source = get_source(source) if isinstance(source, str) else source
    size = size or source.sizes[0]
    min_length = default_min_length(size) if min_length is None else min_length
    words = _checked_words(must_include, root, min_length, size, source)
    constraints = Constraints(min_words, min_longest, words)
    rng = random.Random(seed if seed is not None else random.SystemRandom().getrandbits(32))
    deadline = time.perf_counter() + time_budget
    best = None
    for attempt in range(1, max_attempts + 1):
        attempt_seed = rng.getrandbits(32)
        if words:
            board = plant_board(source, size, words, random.Random(attempt_seed))
        else:
            board = make_board(source, size, attempt_seed)
        if board is not None:
            solution = solve(board, root, min_length)
            if constraints.shortfall(solution) is None:
                return Generated(board, solution, attempt)
            best = _better(best, solution)
        if time.perf_counter() > deadline:
            break
    message = _failure(constraints, best, attempt, max_attempts, time_budget)
    raise GenerationError(message, None if best is None else Generated(best.board, best, attempt))


def _checked_words(words, root, min_length, size, source) -> tuple[str, ...]:
    """The words to plant, folded, or ``GenerationError`` if one can never be planted."""
    checked = []
    for typed in words:
        word = fold_word(typed, source.lang)
        if not word:
            raise GenerationError(f"cannot plant {typed!r}: not a word of the board's letters")
        if len(word) < min_length:
            raise GenerationError(f"cannot plant {word!r}: shorter than {min_length} letters")
        if not is_word(root, word):
            raise GenerationError(f"cannot plant {word!r}: not in the dictionary at this level")
        units = word_units(word)
        if units is None:
            raise GenerationError(f"cannot plant {word!r}: boards have the face Qu, not Q alone")
        if len(units) > size * size:
            raise GenerationError(f"cannot plant {word!r}: longer than a {size}x{size} board")
        missing = set(units) - _faces(source)
        if missing:
            raise GenerationError(
                f"cannot plant {word!r}: no die of {source.name} has {', '.join(sorted(missing))}"
            )
        if (
            source.dice_set is not None
            and match_dice(units, source.dice_set.dice, random.Random(0)) is None
        ):
            raise GenerationError(
                f"cannot plant {word!r}: {source.name} has too few dice with its letters"
            )
        if word not in checked:
            checked.append(word)
    return tuple(checked)


def word_units(word: str) -> list[str] | None:
    """The faces a folded word is laid out with: ``quiet`` -> Qu I E T; ``None`` for a lone q."""
    units = []
    index = 0
    while index < len(word):
        if word[index] == "q":
            if not word.startswith("qu", index):
                return None
            units.append("Qu")
            index += 2
        else:
            units.append(word[index].upper())
            index += 1
    return units


def _faces(source: BoardSource) -> set[str]:
    if source.dice_set is None:
        weights = letter_weights(source.lang)
        return set(weights.faces) | {other for _, other, _ in weights.splits}
    return {face for die in source.dice_set.dice for face in die}


def plant_board(
    source: BoardSource, size: int, words: tuple[str, ...], rng: random.Random
) -> Board | None:
    """A board with ``words`` laid on paths and the rest filled; ``None`` if this try failed."""
    for _ in range(PLANT_TRIES):
        cells = place_words(size, [word_units(word) for word in words], rng)
        if cells is None:
            continue
        board = _fill(source, size, cells, rng)
        if board is not None:
            return board
    return None


def place_words(size: int, words: list[list[str]], rng: random.Random) -> list[str | None] | None:
    """Cells (``None`` = still free) with each word laid on a self-avoiding path."""
    cells: list[str | None] = [None] * (size * size)
    neighbours = Board(size, size, ("A",) * (size * size)).neighbours
    for units in sorted(words, key=len, reverse=True):
        path = _find_path(units, cells, neighbours, rng)
        if path is None:
            return None
        for cell, unit in zip(path, units, strict=True):
            cells[cell] = unit
    return cells


def _find_path(units, cells, neighbours, rng) -> list[int] | None:
    """A random path for ``units`` over free cells or cells already holding the same face."""
    steps = [0]

    def options(candidates, unit, path):
        fits = [c for c in candidates if c not in path and cells[c] in (None, unit)]
        rng.shuffle(fits)
        # Shared letters first: they leave more room for the next words.
        fits.sort(key=lambda c: cells[c] is None)
        return fits

    def extend(path):
        if len(path) == len(units):
            return path
        steps[0] += 1
        if steps[0] > _PATH_STEPS:
            return None
        for cell in options(neighbours[path[-1]], units[len(path)], path):
            found = extend([*path, cell])
            if found:
                return found
        return None

    for start in options(range(len(cells)), units[0], []):
        found = extend([start])
        if found or steps[0] > _PATH_STEPS:
            return found
    return None


def _fill(
    source: BoardSource, size: int, cells: list[str | None], rng: random.Random
) -> Board | None:
    """Fill the free cells: roll the unused dice, or draw letters by frequency."""
    free = [index for index, cell in enumerate(cells) if cell is None]
    filled = list(cells)
    if source.dice_set is None:
        for index, face in zip(
            free, draw_letters(letter_weights(source.lang), len(free), rng), strict=True
        ):
            filled[index] = face
        return Board(size, size, tuple(filled))
    dice = source.dice_set.dice
    planted = [index for index, cell in enumerate(cells) if cell is not None]
    match = match_dice([cells[index] for index in planted], dice, rng)
    if match is None:
        return None
    spare = [die for number, die in enumerate(dice) if number not in set(match)]
    rng.shuffle(spare)
    for index, die in zip(free, spare, strict=True):
        filled[index] = rng.choice(die)
    return Board(size, size, tuple(filled))


def match_dice(faces: list[str], dice, rng: random.Random) -> list[int] | None:
    """For each face, a different die that has it (Kuhn's augmenting paths), or ``None``."""
    owner: dict[int, int] = {}  # die -> index in faces
    order = list(range(len(dice)))
    rng.shuffle(order)  # so equal dice are not always taken in the same order

    def assign(face_index: int, seen: set[int]) -> bool:
        for die in order:
            if die in seen or faces[face_index] not in dice[die]:
                continue
            seen.add(die)
            if die not in owner or assign(owner[die], seen):
                owner[die] = face_index
                return True
        return False

    for face_index in range(len(faces)):
        if not assign(face_index, set()):
            return None
    by_face = {face_index: die for die, face_index in owner.items()}
    return [by_face[index] for index in range(len(faces))]


def _better(best: Solution | None, solution: Solution) -> Solution:
    if best is None or (len(solution), solution.longest) > (len(best), best.longest):
        return solution
    return best


def _failure(
    constraints: Constraints, best: Solution | None, attempts: int, max_attempts: int, budget: float
) -> str:
    tried = f"{attempts} boards tried (budget {max_attempts} boards or {budget:g} s)"
    if best is None:
        return f"could not plant the words {', '.join(constraints.words)}: {tried}"
    wanted = constraints.shortfall(best)
    return (
        f"no board had {wanted}: {tried}; the best had {len(best)} words, "
        f"the longest {best.longest} letters"
    )
