"""The web app's side of the content review: boards dealt exactly as rounds are.

games/engine/precision.py does the counting; this module gives it
games.dealing's deal (the round's board sources, the rules' minimum length,
poor boards dealt again, blocked words left out), and the plans the review
commands and their tests share.
"""

from __future__ import annotations

from collections import Counter

from games.dealing import deal, default_min_length
from games.engine import precision

# What the sheet deals (level, size, boards): 4x4 everyday boards, the game's default,
# and some 5x5 for their longer words; the report deals fresh 4x4 everyday boards.
SHEET_PLAN = ((2, 4, 2000), (2, 5, 500))
REPORT_PLAN = ((2, 4, 100),)
# Long enough that no seed's board depends on how busy the machine is.
TIME_BUDGET = 60.0


def dealt_words(lang: str, level: int, size: int, seed: int) -> list[str]:
    """The words of the board a round with these settings deals from ``seed``."""
    board = deal(
        language=lang,
        level=level,
        size=size,
        dice="",
        min_length=default_min_length(size),
        seed=seed,
        time_budget=TIME_BUDGET,
    )
    return list(board.solution)


def plan_counts(lang: str, plan, first_seed: int = 0) -> Counter[str]:
    """On how many boards of the plan each word was dealt."""
    counts: Counter[str] = Counter()
    for level, size, boards in plan:
        counts += precision.dealt_words(dealt_words, lang, level, size, boards, first_seed)
    return counts
