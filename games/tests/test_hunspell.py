"""The hunspell reader and affix expansion, on small dictionaries written here."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine.build.hunspell import AffixFileError, expand_dictionary, read_aff
from games.engine.build.spelling import Speller


def write(tmp_path: Path, aff: str, dic: str) -> tuple[Path, Path]:
    (tmp_path / "t.aff").write_text(aff, encoding="utf-8")
    (tmp_path / "t.dic").write_text(dic, encoding="utf-8")
    return tmp_path / "t.dic", tmp_path / "t.aff"


def forms(tmp_path, aff, dic, junk=None) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for form, _stem, is_junk, lemma in expand_dictionary(*write(tmp_path, aff, dic), junk):
        if not is_junk:
            found.setdefault(form, set()).add(lemma)
    return found


AFF = """SET UTF-8
NEEDAFFIX !
FORBIDDENWORD *
ONLYINCOMPOUND o
PFX R Y 1
PFX R 0 re .
SFX S Y 3
SFX S y ies [^aeiou]y
SFX S 0 s [aeiou]y
SFX S 0 s [^y]
SFX E N 1
SFX E 0 ed/T .
SFX T Y 1
SFX T 0 ly .
SFX A Y 1
SFX A 0 '
"""


def test_suffixes_apply_where_their_condition_matches(tmp_path):
    found = forms(tmp_path, AFF, "3\ncity/S\ncat/S\nplay/S\n")
    assert set(found) == {"city", "cities", "cat", "cats", "play", "plays"}
    assert found["cities"] == {"city"}


def test_prefix_and_suffix_combine_when_both_are_cross_products(tmp_path):
    assert set(forms(tmp_path, AFF, "1\nplay/RS\n")) == {"play", "plays", "replay", "replays"}


def test_a_prefixed_form_has_the_prefixed_word_as_its_lemma(tmp_path):
    # A prefix makes a new word (replay); a suffix only inflects it (replays).
    found = forms(tmp_path, AFF, "2\nplay/RS\nreplay/S\n")
    assert found == {
        "play": {"play"},
        "plays": {"play"},
        "replay": {"replay"},
        "replays": {"replay"},
    }
    # A prefix that strips letters: the lemma is made the same way.
    aff = "SET UTF-8\nPFX D Y 1\nPFX D a des a\nSFX S Y 1\nSFX S 0 s .\n"
    assert forms(tmp_path, aff, "1\namar/DS\n") == {
        "amar": {"amar"},
        "amars": {"amar"},
        "desmar": {"desmar"},
        "desmars": {"desmar"},
    }


def test_twofold_suffix_and_non_cross_product(tmp_path):
    found = forms(tmp_path, AFF, "1\nwant/ER\n")
    # E is no cross product: "rewanted" is not made; its continuation T is applied.
    assert set(found) == {"want", "wanted", "wantedly", "rewant"}


def test_needaffix_forbidden_and_only_in_compound(tmp_path):
    found = forms(tmp_path, AFF, "3\nbox/S!\nboxs/*\nfoo/So\n")
    # box needs an affix; its only form "boxs" is forbidden; foo is a compound part.
    assert found == {}


def test_long_flags_and_morphology(tmp_path):
    aff = "SET UTF-8\nFLAG long\nSFX S. Y 1\nSFX S. 0 s .\n"
    dic = "2\nchat/S. po:nom is:mas\nParis po:npr\n"
    dic_path, aff_path = write(tmp_path, aff, dic)
    rows = list(expand_dictionary(dic_path, aff_path))
    assert {(form, stem.morphology) for form, stem, _, _ in rows} == {
        ("chat", "po:nom is:mas"),
        ("chats", "po:nom is:mas"),
        ("Paris", "po:npr"),
    }


def test_unplayable_affixes_are_not_spelled_out(tmp_path):
    assert set(forms(tmp_path, AFF, "1\nlamp/A\n")) == {"lamp"}


def test_a_junk_rule_marks_forms_that_only_it_makes(tmp_path):
    aff = "SET UTF-8\nSFX V Y 2\nSFX V ar á ar\nSFX V ar a ar\n"
    dic = "2\namar/V\nestar/V\n"
    junk = forms(tmp_path, aff, dic, junk=lambda rule: rule.add == "á")
    assert set(junk) == {"amar", "ama", "estar", "esta"}


def test_a_broken_rule_is_an_error_naming_the_line(tmp_path):
    (tmp_path / "bad.aff").write_text("SFX S Y 1\nSFX S 0 s [abc\n", encoding="utf-8")
    with pytest.raises(AffixFileError, match=r"bad\.aff:2"):
        read_aff(tmp_path / "bad.aff")


def test_a_suffix_that_makes_a_new_word_makes_a_lemma_of_its_own(tmp_path):
    """Spanish -illo makes anillo (a ring) of ano: anillos is anillo's plural first,
    with the stem after it, whose meaning explains a diminutive that has none."""
    aff = "SET UTF-8\nSFX N Y 1\nSFX N o illo/S o\nSFX S Y 1\nSFX S 0 s .\n"
    dic, aff_path = write(tmp_path, aff, "1\nano/NS\n")
    found: dict[str, list[str]] = {}
    makes_word = lambda rule: rule.flag == "N"  # noqa: E731
    for form, _stem, _kind, lemma in expand_dictionary(dic, aff_path, None, None, makes_word):
        found.setdefault(form, []).append(lemma)
    assert found == {
        "ano": ["ano"],
        "anos": ["ano"],
        "anillo": ["anillo", "ano"],
        "anillos": ["anillo", "ano"],
    }


def test_a_suffix_that_inflects_as_it_makes_a_word_gives_the_new_words_dictionary_form(tmp_path):
    """German -bare, -barer (one rule each, igerman98's B) make forms of sichtbar: they are
    read through sichtbar, not through sichten and not through "sichtbarer" itself."""
    aff = "SET UTF-8\nSFX B Y 3\nSFX B en bar en\nSFX B en bare en\nSFX B en barer en\n"
    dic, aff_path = write(tmp_path, aff, "1\nsichten/B\n")
    speller = Speller("de", "", "", word_flags=frozenset("B"), citation_endings=("bar",))
    found: dict[str, list[str]] = {}
    rows = expand_dictionary(dic, aff_path, None, None, speller.makes_word, speller.citation)
    for form, _stem, _kind, lemma in rows:
        found.setdefault(form, []).append(lemma)
    assert found == {
        "sichten": ["sichten"],
        "sichtbar": ["sichtbar", "sichten"],
        "sichtbare": ["sichtbar", "sichten"],
        "sichtbarer": ["sichtbar", "sichten"],
    }
