"""The one scoring function: what a round's finds add up to, per player and per team.

Every surface asks here: the live scoreboard (the ``scores`` events), the
projector, the results page, the stored results that leaderboards, history
and CSV add up. The rules, in order:

1. A find counts if its word counts in the round now (``games.verdicts``:
   the dealt words after the teacher's rulings).
2. In team rounds a word counts once per team: the teammate who found it
   first is credited (two teammates may both have sent a word the dictionary
   refused, then a teacher allowed it).
3. Classic scoring: a word credited to more than one finder (player, or team
   in team rounds) scores nothing for any of them; it still counts as found.
4. A find is worth its ``points``: its length on the round's board, plus the
   planted bonus for a vocabulary word (fixed when the round was dealt).

The function is pure: give it the finds (as ``Claim``) and it returns lines.
A line depends only on its finder's finds and on other finders' finds of the
same words, so the live scoreboard scores a few finders from those finds
alone (``selectors.scores.lines_for``) and gets the lines the whole round
would give.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Claim:
    """A find as scoring sees it. ``order`` sorts finds by when they were made."""

    player: int
    team: int | None
    word: str
    points: int
    order: tuple = ()


@dataclass
class Line:
    """A finder's result: points, words that count (shared ones included), longest word."""

    points: int = 0
    words: int = 0
    longest: str = ""

    def add(self, word: str, points: int) -> None:
        self.points += points
        self.words += 1
        if len(word) > len(self.longest):
            self.longest = word


@dataclass(frozen=True)
class Scored:
    """One find's outcome: ``credited`` (it counts for its finder) and its ``points``."""

    claim: Claim
    credited: bool
    shared: bool
    points: int


@dataclass
class Scoreboard:
    players: dict[int, Line] = field(default_factory=dict)
    teams: dict[int, Line] = field(default_factory=dict)
    finds: list[Scored] = field(default_factory=list)

    @property
    def shared_words(self) -> set[str]:
        return {scored.claim.word for scored in self.finds if scored.shared}


def score(
    claims: Iterable[Claim],
    *,
    counts: Callable[[str], bool],
    teams: bool,
    classic: bool,
    players: Iterable[int] = (),
    team_ids: Iterable[int] = (),
) -> Scoreboard:
    """Score a round's finds. ``players`` and ``team_ids`` get a line even with no find."""
    board = Scoreboard(
        players={player: Line() for player in players}, teams={team: Line() for team in team_ids}
    )
    credited: dict[tuple, Claim] = {}
    finders: dict[str, set] = defaultdict(set)
    for claim in sorted(claims, key=lambda c: c.order):
        if not counts(claim.word):
            board.finds.append(Scored(claim, False, False, 0))
            continue
        finder = _finder(claim, teams)
        key = (finder, claim.word)
        if key in credited:  # a teammate found it first
            board.finds.append(Scored(claim, False, False, 0))
            continue
        credited[key] = claim
        finders[claim.word].add(finder)
    shared = {word for word, who in finders.items() if classic and len(who) > 1}
    for claim in credited.values():
        points = 0 if claim.word in shared else claim.points
        board.finds.append(Scored(claim, True, claim.word in shared, points))
        board.players.setdefault(claim.player, Line()).add(claim.word, points)
        if teams and claim.team is not None:
            board.teams.setdefault(claim.team, Line()).add(claim.word, points)
    board.finds.sort(key=lambda scored: scored.claim.order)
    return board


def _finder(claim: Claim, teams: bool) -> tuple:
    if teams and claim.team is not None:
        return ("team", claim.team)
    return ("player", claim.player)
