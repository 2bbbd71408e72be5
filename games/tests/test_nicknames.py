"""Nicknames a projector can show: each rule, the names it must refuse and those it must not.

Pure rules (games.nicknames), no database: the rooms that apply them are in
accounts/tests/test_class_nicknames.py, the generated names in test_nickname_words.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from games.nicknames import (
    NicknameError,
    NicknameRule,
    clean_nickname,
    clean_roster_name,
    nickname_for_room,
    nickname_key,
)
from games.nicknames.reading import looks_like, readings
from games.nicknames.screening import BLOCKED, HATE, RESERVED, problem


def refused(nickname: str) -> str | None:
    return problem(nickname)


# --- one test per rule: each disguise of a word is undone ------------------------------


@pytest.mark.parametrize(
    ("nickname", "reads"),
    [
        ("fսck", "fuck"),  # Armenian seh: UTS #39 skeleton
        ("һitler", "hitler"),  # Cyrillic shha
        ("fυck", "fuck"),  # Greek upsilon
        ("НІТLЕR", "hitler"),  # Cyrillic capitals, Latin L and R: one word
        ("ʜɪᴛʟᴇʀ", "hitler"),  # small capitals: a style, read by the character's name
        ("🅽🅰🆉🅸", "nazi"),  # negative squared letters
        ("ｆｕｃｋ", "fuck"),  # fullwidth (NFKC)
        ("𝐟𝐮𝐜𝐤", "fuck"),  # mathematical bold (NFKC)
    ],
)
def test_look_alike_letters_of_other_scripts_read_as_latin(nickname, reads):
    assert readings(nickname)[0].joined == reads


def test_the_armenian_fsuck_of_the_issue_is_refused():
    assert looks_like("ս") == "u"
    assert refused("fսck") == BLOCKED
    assert refused("Fսck Off") == BLOCKED


@pytest.mark.parametrize("nickname", ["fuuuck", "FUUUUUCK", "fuuck", "biiiitch", "shiiiit"])
def test_repeated_letters_are_collapsed(nickname):
    assert refused(nickname) == BLOCKED


@pytest.mark.parametrize("nickname", ["f.u.c.k", "f u c k", "f_u_c_k", "f-u-c-k", "F*U*C*K"])
def test_separators_between_letters_are_removed(nickname):
    assert refused(nickname) == BLOCKED


@pytest.mark.parametrize(
    "nickname", ["f\u200bu\u200bck", "fu\u00adck", "f\u2060uck", "fu\u034fck", "f\u3164uck"]
)
def test_invisible_characters_are_removed_when_reading(nickname):
    assert readings(nickname)[0].joined == "fuck"
    assert refused(nickname) == BLOCKED


@pytest.mark.parametrize("nickname", ["b1tch", "$hit", "5h1t", "sh!t", "n4z1", "h1tl3r", "wh0r3"])
def test_leetspeak_digits_and_signs_are_read_as_letters(nickname):
    assert refused(nickname) is not None


def test_accents_and_marks_are_dropped_when_reading():
    assert refused("fück") == BLOCKED
    assert refused("f̸u̸c̸k̸") == BLOCKED  # combining strokes ("zalgo")


def test_camel_case_and_a_small_l_among_capitals_are_read_as_written():
    assert readings("FuckFace")[0].words == ("fuck", "face")
    assert refused("HlTLER") == HATE  # a small l that shows as a capital I


@pytest.mark.parametrize(
    "nickname",
    [
        "hitler",
        "Hitler",
        "Adolf Hitler",
        "ilovehitler",
        "HitlerFan",
        "nazi",
        "Nazis",
        "N.A.Z.I",
        "Sieg Heil",
        "Himmler",
        "Goebbels",
        "Mussolini",
        "Stalin",
        "white power",
        "KKK",
        "Ku Klux Klan",
        "Auschwitz",
        "Combat 18",
        "kys",
    ],
)
def test_hate_figures_groups_and_slogans_are_refused(nickname):
    assert refused(nickname) == HATE


@pytest.mark.parametrize("nickname", ["Tom88", "Léa_88", "88", "1488", "14/88", "14 88", "HH 88"])
def test_hate_number_codes_are_refused(nickname):
    assert refused(nickname) == HATE


@pytest.mark.parametrize("nickname", ["卍", "Léa 卐", "ᛋᛋ", "ϟϟ Tom"])
def test_hate_symbols_are_refused(nickname):
    assert refused(nickname) == HATE


@pytest.mark.parametrize(
    "nickname",
    ["Connard", "Puta madre", "Schwuchtel", "xxniggerxx", "dumbfaggot", "Arschloch", "Sexy Léa"],
)
def test_blocked_words_of_every_game_language_are_refused(nickname):
    assert refused(nickname) == BLOCKED


@pytest.mark.parametrize(
    "nickname", ["Teacher", "ＴＥＡＣＨＥＲ", "Tеacher", "T3acher", "MrTeacher", "Profesora"]
)
def test_reserved_names_are_refused_however_written(nickname):
    assert refused(nickname) == RESERVED


# --- and what must pass -------------------------------------------------------------


@pytest.mark.parametrize(
    "nickname",
    [
        "Scunthorpe",  # cunt inside
        "Cassandra",  # ass inside
        "Peacock",  # cock inside
        "Spicy",  # spic inside
        "Spicy Sam",
        "Hancock",
        "Dickens",
        "Essex",
        "Therapist",  # rapist inside
        "América",  # marica inside
        "Annegret",  # negre inside
        "Kristalina",  # stalin inside
        "Nazim",  # nazi inside
        "Nazlı",  # nazi with an l that reads as i
        "Adolfo",
        "Phúc",
        "Léa 2",
        "Tom 14",  # an age
        "Léa 1988",  # a year
        "Lyon 69",
        "Mia_B",
        "xXx_Léa_xXx",
        "Zoé ❤️",
        "Moose",  # de möse, with one o
        "Bitte",  # fr bite, with one t
        "Jodi",  # es jodí
        "Xana",  # pt xana
        "Bella Ciao",
    ],
)
def test_innocent_nicknames_pass(nickname):
    assert refused(nickname) is None, nickname
    assert clean_nickname(nickname)


# Names that are a rude word in one of the six languages, refused when typed: a teacher
# writes a real one on the class roster (roster names pass no word filter).
REFUSED_FIRST_NAMES = {"Adolf", "Con", "Dick", "Romano"}  # fr romano: a slur on the Roma
# Columns of gender-guesser's nam_dict.txt (frequency 1-D per country): Great Britain,
# Ireland, U.S.A., Italy, Portugal, Spain, France, Belgium, Germany, Austria,
# Switzerland, and Turkey, Arabia/Persia, India/Sri Lanka, Vietnam (names common in
# those countries' classes too).
NAME_COLUMNS = (30, 31, 32, 33, 35, 36, 37, 38, 42, 43, 44, 76, 77, 80, 83)


def common_first_names(at_least: int) -> list[str]:
    import gender_guesser  # a test and build-time dependency (requirements-dev.txt)

    path = Path(gender_guesser.__file__).parent / "data" / "nam_dict.txt"
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line[:1] in "#=" or len(line) < 31:
            continue
        counts = [line[column] for column in NAME_COLUMNS if column < len(line)]
        if max((int(c, 16) for c in counts if c.strip()), default=0) >= at_least:
            names.append(line.split()[1].replace("+", "-"))
    return names


def test_common_first_names_of_the_six_languages_countries_pass():
    names = common_first_names(at_least=3)
    assert len(names) > 5000
    refused_names = {name for name in names if refused(name) is not None}
    assert refused_names == REFUSED_FIRST_NAMES


def test_a_roster_name_passes_no_word_filter():
    assert clean_roster_name("Dick") == "Dick"
    with pytest.raises(NicknameError):
        clean_nickname("Dick")
    with pytest.raises(NicknameError, match="characters or fewer"):
        clean_roster_name("x" * 21)  # the rules of form still hold


# --- the messages, in the page's language ----------------------------------------------


@pytest.mark.parametrize(
    ("nickname", "english", "french"),
    [
        ("hitler", "hatred", "haine"),
        ("fսck", "not allowed in class", "interdit en classe"),
        ("Teacher", "Names like Teacher", "Professeur"),
        ("\u200b", "Type a nickname", "Tape un pseudo"),
    ],
)
def test_a_refused_nickname_says_why_in_the_page_language(nickname, english, french):
    for language, expected in (("en", english), ("fr", french)):
        with translation.override(language), pytest.raises(NicknameError) as error:
            clean_nickname(nickname)
        assert expected in str(error.value), (language, str(error.value))


# --- names compared without case, accents or look-alikes -------------------------------


def test_names_are_compared_without_case_accents_or_look_alike_letters():
    assert nickname_key("Chloé") == nickname_key("chloe") == nickname_key("CHLOE")
    assert nickname_key("Сhloé") == nickname_key("Chloe")  # a Cyrillic С
    assert nickname_key("  Ann   Marie ") == nickname_key("ann marie")
    assert nickname_key("Ann 2") != nickname_key("Ann 3")
    # Latin letters that UTS #39 calls confusable are still two names.
    assert nickname_key("Clara") != nickname_key("Dara")
    assert nickname_key("Amie") != nickname_key("Arnie")


def test_a_roster_name_typed_any_way_is_the_roster_spelling():
    roster = ["Chloé", "Ann"]
    assert nickname_for_room("chloe", rule=NicknameRule.TYPED, roster=roster) == "Chloé"
    assert nickname_for_room("CHLOÉ", rule=NicknameRule.ROSTER, roster=roster) == "Chloé"
    assert nickname_for_room("Zoé", rule=NicknameRule.TYPED, roster=roster) == "Zoé"


def test_a_roster_class_takes_only_roster_names():
    with pytest.raises(NicknameError, match="Tap your name in the list"):
        nickname_for_room("Zoé", rule=NicknameRule.ROSTER, roster=["Ann"])


def test_a_class_that_gives_nicknames_takes_only_given_ones():
    given = nickname_for_room("brave otter", rule=NicknameRule.GENERATED, roster=[])
    assert given == "Brave Otter"
    assert nickname_for_room("Loutre Courageuse", rule=NicknameRule.GENERATED, roster=[])
    with pytest.raises(NicknameError, match="the game gives you a nickname"):
        nickname_for_room("Zoé", rule=NicknameRule.GENERATED, roster=[])


def test_a_typed_name_in_an_open_class_passes_the_word_filter():
    with pytest.raises(NicknameError, match="not allowed in class"):
        nickname_for_room("fսck", rule=NicknameRule.TYPED, roster=["Ann"])
