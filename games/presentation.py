"""What the results page shows, shaped for its template (reads only)."""

from __future__ import annotations

import json
from collections import defaultdict

from games import selectors, verdicts
from games.dealing import display, points
from games.engine.board import parse_board
from games.labels import LANGUAGE_NAMES, LEVEL_NAMES
from games.models import Player, Round, RoundPlayer, Scoring
from games.selectors.glosses import round_glosses


def results_context(
    game_round: Round, member: RoundPlayer | None, *, is_host: bool, can_rule: bool = False
) -> dict:
    """The results page: scoreboard, your words, every word by length with its path."""
    summary = selectors.results(game_round, member)
    words = summary["words"]
    board = parse_board(game_round.board)
    # A teacher who did not play sees what the class found.
    watching = member is None and is_host
    mine = set(summary["finders"]) if watching else summary["mine"]
    shared = summary["shared"]
    planted = game_round.planted
    # Meanings in the page's language (the teacher's translations first); a word the
    # player typed that the dictionary refused has none.
    glosses = round_glosses(game_round, words=words)
    standing = verdicts.effective_rulings(game_round.rulings.order_by("ruled_at", "pk"))
    on_team = member is not None and game_round.rules.teams and member.team_id is not None

    def entry(word: str) -> dict:
        finders = summary["finders"].get(word, [])
        return {
            "word": word,
            "display": display(game_round.language, word),
            # As the page's script reads it (data-path): [[row, col], ...]
            "path": json.dumps(words.get(word, ())),
            "points": points(word, game_round.size) + game_round.bonus * (word in planted),
            "found": word in mine,
            "shared_by": finders if word in shared else None,
            "finders": finders,
            "gloss": glosses.get(word),
        }

    # One entry per word, shared by every list that shows it (a 6x6 board's 700-odd
    # words are in two or three of them).
    entries = {word: entry(word) for word in {*words, *mine, *planted}}
    missed = set(words) - mine
    by_length: dict[int, list[str]] = defaultdict(list)
    for word in words:
        by_length[len(word)].append(word)
    longest_possible = max(by_length, default=0)
    my_length = max((len(word) for word in mine), default=0)
    table = summary["scoreboard"]
    board_score = summary["board"]
    # A team member's own share of the team's words (the first of the team to find each).
    own = (
        {
            s.claim.word
            for s in board_score.finds
            if s.credited and s.claim.player == member.player_id
        }
        if on_team
        else set()
    )
    own_line = board_score.players.get(member.player_id) if on_team else None
    return {
        "round": game_round,
        "language_name": LANGUAGE_NAMES[game_round.language],
        "level_name": LEVEL_NAMES[game_round.level],
        "room": game_round.room,
        "member": member,
        "is_host": is_host,
        "can_rule": can_rule,
        "watching": watching,
        "cells": [
            {"row": i // board.cols, "col": i % board.cols, "text": cell or "■", "blank": not cell}
            for i, cell in enumerate(board.cells)
        ],
        "cols": board.cols,
        "groups": [
            {"length": length, "words": [entries[word] for word in sorted(by_length[length])]}
            for length in sorted(by_length, reverse=True)
        ],
        "scoreboard": summary["scoreboard"],
        "is_teams": game_round.rules.teams,
        "on_team": on_team,
        "own_count": len(own),
        "own_points": own_line.points if own_line else 0,
        "told": _told(game_round, board_score, member, on_team, standing),
        "is_classic": game_round.scoring == Scoring.CLASSIC,
        "my_words": [entries[word] for word in sorted(mine, key=lambda w: (-len(w), w))],
        "my_points": summary["my_points"],
        "missed_count": len(missed),
        "share": (100 * len(mine) // len(words)) if words else 0,
        "longest_possible": [entries[w] for w in by_length.get(longest_possible, ())],
        # Every word of the player's longest length, not one of them.
        "longest_found": [entries[w] for w in sorted(mine) if len(w) == my_length and my_length],
        # 1 + those strictly ahead: players on equal points share a rank.
        "rank": 1 + sum(points > summary["my_points"] for _, points in table) if member else None,
        "ranked": len(table),
        # What to learn from: the words the player missed, the shortest (the easiest) first.
        "missed": [entries[w] for w in sorted(missed, key=lambda w: (len(w), w))] if member else [],
        "word_count": len(words),
        "planted": [
            {**entries[word], "display": info["display"], "translation": info["translation"]}
            for word, info in planted.items()
        ],
        "bonus": game_round.bonus,
        "rulings": _rulings(game_round, summary, words, standing) if can_rule else None,
        "page": {
            "socket": f"/ws/rooms/{game_round.room.code}/",
            "round": game_round.pk,
            "number": game_round.number,
            # word (folded) -> its meaning or null, for the word list's tap/hover
            "glosses": glosses,
        },
    }


def _told(
    game_round: Round, board, member: RoundPlayer | None, on_team: bool, standing: dict
) -> list[dict]:
    """The teacher's rulings on words the player (their team, in a team round) sent:
    what a pupil is told changed, rather than a word silently gone or come."""
    if member is None:
        return []
    sent = {
        s.claim.word
        for s in board.finds
        if (s.claim.team == member.team_id if on_team else s.claim.player == member.player_id)
    }
    return [
        {"display": display(game_round.language, word), "verdict": ruling.verdict}
        for word, ruling in sorted(standing.items())
        # A ruling carried from an earlier round was known as they played: nothing changed.
        if word in sent and not ruling.inherited
    ]


def _rulings(game_round: Round, summary: dict, words: dict, standing: dict) -> dict:
    """For the teacher: words to allow (spelled, refused), to disallow (counted), and the
    rulings of this round, each of which can be undone. One control per word: a word
    already ruled on is offered only its undo."""
    board = summary["board"]
    names = dict(
        Player.objects.filter(finds__round=game_round).values_list("pk", "nickname").distinct()
    )
    refused: dict[str, set[str]] = defaultdict(set)
    for scored in board.finds:
        if scored.claim.word not in words and scored.claim.word not in standing:
            refused[scored.claim.word].add(names.get(scored.claim.player, ""))
    language = game_round.language
    return {
        "refused": [
            (word, display(language, word), sorted(who)) for word, who in sorted(refused.items())
        ],
        "counted": [
            (word, display(language, word))
            for word in sorted(summary["finders"])
            if word in words and word not in standing
        ],
        "standing": [
            {
                "word": word,
                "display": display(language, word),
                "verdict": ruling.verdict,
                "inherited": ruling.inherited,
            }
            for word, ruling in sorted(standing.items())
        ],
    }
