"""The meanings shown with a round's words: the teacher's translation first, else the engine's.

A teacher who planted a unit's vocabulary wrote what each word means for
their class (``Round.planted``: ``{word: {display, translation}}``), and the
room's vocabulary lists of the round's language may hold more; either wins
over the dictionaries' gloss (games/engine/glosses.py), which is in the
reader's interface language (the request's active language).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import translation
from django.utils.translation import gettext as _

from games import verdicts
from games.engine.glosses import INTERFACE_LANGUAGES, meaning
from games.models import Round, VocabularyEntry


def interface_language(language: str | None = None) -> str:
    """The interface language to gloss in: ``language`` or the active one (English when
    the interface does not speak it)."""
    code = (language or translation.get_language() or "en").split("-")[0].lower()
    return code if code in INTERFACE_LANGUAGES else "en"


def vocabulary_translations(room_id: int, language: str) -> dict[str, str]:
    """Folded word -> the translation the room's vocabulary lists of ``language`` give it
    (the newest list wins)."""
    found: dict[str, str] = {}
    entries = VocabularyEntry.objects.filter(
        vocabulary__room_id=room_id, vocabulary__language=language
    ).exclude(translation="")
    for word, text in entries.order_by("vocabulary__created_at", "pk").values_list(
        "word", "translation"
    ):
        found[word] = text
    return found


def teacher_translations(game_round: Round) -> dict[str, str]:
    """Folded word -> the teacher's own translation: the words planted in the round, then
    the room's vocabulary lists of the round's language."""
    found = vocabulary_translations(game_round.room_id, game_round.language)
    for word, info in (game_round.planted or {}).items():
        if info.get("translation"):
            found[word] = info["translation"]
    return found


def round_glosses(
    game_round: Round, language: str | None = None, words: Iterable[str] | None = None
) -> dict[str, str | None]:
    """Each of the round's words (folded) -> its meaning for the reader, or None.

    ``words`` defaults to every word the round's board holds that counts;
    ``language`` to the request's active language.
    """
    interface = interface_language(language)
    if words is None:
        words = verdicts.round_words(game_round).countable()
    teacher = teacher_translations(game_round)
    return {
        word: teacher.get(word) or shown_meaning(word, game_round.language, interface)
        for word in sorted(set(words))
    }


def shown_meaning(word: str, lang: str, interface: str) -> str | None:
    """The engine's meaning of ``word`` for a reader of ``interface``; one written in
    English because no source translates the word into the reader's language says so."""
    found = meaning(word, lang, interface)
    if found is None:
        return None
    if found.language != interface:
        with translation.override(interface):
            return _("in English: %(meaning)s") % {"meaning": found.text}
    return found.text
