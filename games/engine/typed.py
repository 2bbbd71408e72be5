"""What a pupil's typed word may stand for: the plain fold, and German umlauts typed as two letters.

German keyboards are not everywhere: ``muede``, ``gruen`` and ``Maedchen`` are
the standard way to write müde, grün and Mädchen without them (as ``ss`` is
for ``ß``, which folding already handles). The board shows ``U`` for ``ü``,
so ``muede`` must score as müde, on the path M-U-D-E.

:func:`typed_words` gives the folded words to try, in order: the plain fold
first (``feuer`` is a word as typed), then each reading of ``ae``/``oe``/``ue``
as ``ä``/``ö``/``ü`` that is a word whose display form has the umlaut just
there (``muede`` -> ``mude``, shown "müde"; ``aktuell`` reads no umlaut).
"""

from __future__ import annotations

from itertools import product

from games.engine.folding import fold
from games.engine.lexicon import Lexicon

_DIGRAPHS = {"ae": "a", "oe": "o", "ue": "u"}
_SPELL_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
MAX_DIGRAPHS = 6  # 64 readings at most


def typed_words(text: str, lexicon: Lexicon) -> tuple[str, ...]:
    """The folded words ``text`` may mean in ``lexicon``'s language, best first.

    Empty when ``text`` folds to nothing playable (digits, other scripts).
    The game takes the first one that its round's solution holds.
    """
    folded = fold(text, lexicon.lang)
    if not folded:
        return ()
    if lexicon.lang != "de":
        return (folded,)
    words = [folded]
    for reading in umlaut_readings(folded):
        if lexicon.contains(reading) and _spelled_so(lexicon, reading, folded):
            words.append(reading)
    return tuple(words)


def umlaut_readings(folded: str) -> list[str]:
    """Every way of reading some of the ``ae``/``oe``/``ue`` of a word as one letter."""
    parts: list[list[str]] = []
    i = 0
    while i < len(folded):
        pair = folded[i : i + 2]
        if pair in _DIGRAPHS:
            parts.append([pair, _DIGRAPHS[pair]])
            i += 2
        else:
            parts.append([folded[i]])
            i += 1
    if sum(len(options) > 1 for options in parts) > MAX_DIGRAPHS:
        return []
    readings = ["".join(choice) for choice in product(*parts)]
    return [reading for reading in readings if reading != folded]


def _spelled_so(lexicon: Lexicon, reading: str, typed: str) -> bool:
    """Whether a display form of ``reading``, umlauts spelled out, is what was typed."""
    return any(
        fold(display.translate(_SPELL_OUT), "de") == typed
        for display in lexicon.display_forms(reading)
    )
