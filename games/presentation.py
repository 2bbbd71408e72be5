"""What the results page shows, shaped for its template (reads only)."""

from __future__ import annotations

from games import selectors
from games.engine.board import parse_board
from games.engine.lexicon import load_lexicon
from games.engine.scoring import score_word
from games.models import Player, Room, Round


def results_context(
    game_round: Round, player: Player | None, *, is_host: bool, can_rule: bool = False
) -> dict:
    """The results page: scoreboard, your words, every word by length with its path."""
    summary = selectors.results(game_round, player)
    lexicon = load_lexicon(game_round.language)
    board = parse_board(game_round.board)
    # A teacher who did not play sees what the class found.
    watching = player is None and is_host
    mine = set(summary["finders"]) if watching else set(summary["mine"])
    shared = summary["shared_words"]
    size = game_round.room.size

    def entry(word: str) -> dict:
        return {
            "word": word,
            "display": " / ".join(lexicon.display_forms(word)),
            "path": game_round.solution.get(word),
            "points": score_word(word, size),
            "found": word in mine,
            "shared_by": shared.get(word),
            "finders": summary["finders"].get(word, []),
        }

    groups = [
        {"length": length, "words": [entry(word) for word in words]}
        for length, words in summary["words_by_length"]
    ]
    return {
        "round": game_round,
        "level_name": selectors.LEVEL_NAMES[game_round.level],
        "room": game_round.room,
        "player": player,
        "is_host": is_host,
        "can_rule": can_rule,
        "watching": watching,
        "cells": [
            {"row": i // board.cols, "col": i % board.cols, "text": cell or "■", "blank": not cell}
            for i, cell in enumerate(board.cells)
        ],
        "cols": board.cols,
        "groups": groups,
        "scoreboard": summary["scoreboard"],
        "is_teams": game_round.mode == Room.Mode.TEAMS,
        "is_classic": game_round.scoring == Room.Scoring.CLASSIC,
        "my_words": [entry(word) for word in sorted(mine, key=lambda w: (-len(w), w))],
        "my_points": summary["my_points"],
        "missed_count": len(summary["missed"]),
        "share": summary["share"],
        "longest_possible": [entry(w) for w in sorted(summary["longest_possible"])],
        "longest_found": entry(summary["longest_found"]) if summary["longest_found"] else None,
        "word_count": len(game_round.solution),
        "planted": [
            {**entry(word), "display": info["display"], "translation": info["translation"]}
            for word, info in game_round.planted.items()
        ],
        "bonus": game_round.bonus,
        "refused": sorted(
            {(r.word, r.player.nickname) for r in game_round.refused_words.select_related("player")}
        ),
        # (folded word, how the language writes it) for the teacher's "Disallow" list.
        "found_words": [
            (word, " / ".join(lexicon.display_forms(word))) for word in sorted(summary["finders"])
        ],
        "socket": f"/ws/rooms/{game_round.room.code}/",
    }
