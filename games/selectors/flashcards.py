"""Flashcards of a round's words: a pupil's missed words or all of them, a class's most missed.

A flashcard file is what Anki ("Import", fields separated by tabs) and
Quizlet ("Import", between term and definition: tab) read: one card per
line, ``term<TAB>meaning``, UTF-8, no header. The term is the word as the
language writes it (mangeons, Häuser); the meaning is the one the results
page shows (games/selectors/glosses.py: the teacher's translation first). A
word no source explains makes no card: a card without a back teaches
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from games import selectors
from games.dealing import display
from games.models import Round, RoundPlayer
from games.selectors.glosses import round_glosses

CLASS_CARDS = 50  # the class's most missed words: a deck for one lesson


@dataclass(frozen=True)
class Card:
    term: str
    meaning: str


def student_cards(
    game_round: Round, member: RoundPlayer | None, *, missed_only: bool, language: str | None
) -> list[Card]:
    """The round's words (those ``member`` did not find, with ``missed_only``), shortest
    first, each with its meaning in ``language``."""
    summary = selectors.results(game_round, member)
    words = [w for w in summary["words"] if not (missed_only and w in summary["mine"])]
    return _cards(game_round, sorted(words, key=lambda w: (len(w), w)), language)


def class_cards(game_round: Round, *, language: str | None, limit: int = CLASS_CARDS) -> list[Card]:
    """The words nobody in the class found (no team, in a team round), the shortest (the
    easiest to learn) first: a word someone found is not one the class missed."""
    summary = selectors.results(game_round, None)
    finders = summary["finders"]
    ranked = sorted((w for w in summary["words"] if not finders.get(w)), key=lambda w: (len(w), w))
    glosses = round_glosses(game_round, language, ranked)
    chosen = [w for w in ranked if glosses.get(w)][:limit]
    return [Card(display(game_round.language, w), glosses[w]) for w in chosen]


def _cards(game_round: Round, words: list[str], language: str | None) -> list[Card]:
    glosses = round_glosses(game_round, language, words)
    return [Card(display(game_round.language, w), glosses[w]) for w in words if glosses.get(w)]


def cards_text(cards: list[Card]) -> str:
    """One ``term<TAB>meaning`` line per card (tabs and line breaks inside become spaces)."""
    return "".join(f"{_field(card.term)}\t{_field(card.meaning)}\n" for card in cards)


def flashcard_response(cards: list[Card], filename: str):
    """The cards as a download: ``<filename>.txt``, tab-separated, UTF-8."""
    from django.http import HttpResponse

    response = HttpResponse(cards_text(cards), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.txt"'
    return response


def _field(text: str) -> str:
    return " ".join(text.replace("\t", " ").split())
