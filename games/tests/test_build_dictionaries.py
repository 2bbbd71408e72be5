"""The build_dictionaries command, end to end on tiny fake Debian-style sources."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.engine.build import builder as dictionary_build
from games.engine.build import packages, reviews
from games.engine.build.levels import DESK_WORD_LEVEL
from games.engine.lexicon import WORDS_FILE, read_lexicon

ROOT = Path(__file__).resolve().parents[2]


def fake_package(sources: Path, package: str, files: dict[str, bytes], version: str) -> None:
    base = sources / package
    for relative, content in files.items():
        path = base / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    doc = base / "usr/share/doc" / package
    doc.mkdir(parents=True, exist_ok=True)
    (doc / "copyright").write_text(f"{package}: GPL-2+, fake for tests\n")
    # mtime=0: the gzip header must not depend on when the test ran.
    with gzip.GzipFile(doc / "changelog.Debian.gz", "wb", mtime=0) as log:
        log.write(f"{package} ({version}) unstable; urgency=low\n".encode())


FRENCH_AFF = """SET UTF-8
FLAG long
NEEDAFFIX ()
SFX S. Y 2
SFX S. 0 0 [^sxz]
SFX S. 0 s [^sxz]
SFX a1 Y 3
SFX a1 er er er
SFX a1 r ons er
SFX a1 er é er
PFX U. N 1
PFX U. 0 da .
"""
FRENCH_DIC = """8
maison/S.() po:nom
été/S.() po:nom
côte/S.() po:nom
manger/a1 po:v1
Paris po:npr
Laurent po:prn
paris po:nom
nihilo po:loc.adv
Pierre po:prn
pierre/S.() po:nom
Marc po:prn
marc po:nom
s/U. po:nom
m/U. po:nom
dam/S.() po:nom
"""


@pytest.fixture
def sources(tmp_path) -> Path:
    root = tmp_path / "sources"
    hunspell = "usr/share/hunspell/"
    fake_package(
        root,
        "hunspell-fr-comprehensive",
        {hunspell + "fr.aff": FRENCH_AFF.encode(), hunspell + "fr.dic": FRENCH_DIC.encode()},
        "1:7.0-1",
    )
    french = (
        b"\xef\xbb\xbf\xc3\xa9t\xc3\xa9\r\n"  # BOM + "été" + CRLF
        b"ete\r\nmaison\r\nchapeau\r\nchapeau\r\n\r\nlaurent\r\nTGV\r\naujourd'hui\r\n"
        b"porte-avion\r\nab\r\nqqn\r\n\xff\xfe\r\n" + b"z" * 300 + b"\r\nchat2\r\nnihilo\r\n"
    )
    fake_package(root, "wfrench", {"usr/share/dict/french": french}, "1.2.7-2")
    # mlconjug3's French tables (a PyPI wheel, unpacked the same way): manger's nous
    # form is a cell a school grammar teaches
    verbs = {"manger": {"root": "man", "template": "man:ger"}}
    model = {"man:ger": {"Indicatif": {"Présent": [[0, "ge"], [3, "geons"], [4, "gez"]]}}}
    tables = {"data/verbs-fr.json": verbs, "data/conjugation-fr.json": model}
    files = {path: json.dumps(table).encode() for path, table in tables.items()}
    fake_package(root, "mlconjug3", files, "4.0.1")
    german_aff = "SET UTF-8\nSFX E Y 1\nSFX E 0 e .\nSFX N Y 1\nSFX N 0 n .\n"
    german_dic = "5\nHaus/E\nBerlin\nStraße/N\nklein/E\nlaufen\n"
    fake_package(
        root,
        "hunspell-de-de",
        {hunspell + "de_DE.aff": german_aff.encode(), hunspell + "de_DE.dic": german_dic.encode()},
        "20161207-11",
    )
    german = "Haus\nHäuser\nBerlin\nKrankenhaus\nusw\nLaufen\nNASA\n".encode()
    fake_package(root, "wngerman", {"usr/share/dict/ngerman": german}, "20161207-11")
    ding = (
        "# fake\nHaus {n} | Häuser {pl} :: house | houses\nBerlin {n} [geogr.] :: Berlin\n"
        "Krankenhaus {n} :: hospital\n"
    )
    fake_package(root, "trans-de-en", {"usr/share/trans/de-en": ding.encode()}, "1.9-6")
    (root / "enable2k.txt").write_bytes(
        b"aa\r\ncafe\r\ncat\r\ncats\r\ntexas\r\nzyzzyva\r\nswim\r\nswum\r\n"
    )
    # The desk dictionaries have "Texas" only as a name: frequent, but not everyday.
    desk = dictionary_build.DESK_DICTIONARIES
    american = b"Texas\ncat\ncat's\ncats\nzyzzyva\n"
    fake_package(root, "wamerican", {desk["wamerican"]: american}, "2020.12.07-2")
    british = "Texas\ncafé\ncat\ncats\ncolour\nswim\n".encode()  # cafe only with its accent
    fake_package(root, "wbritish", {desk["wbritish"]: british}, "2020.12.07-2")
    wordnet = {f"usr/share/wordnet/{pos}.exc": b"" for pos in ("noun", "adj", "adv")}
    wordnet["usr/share/wordnet/verb.exc"] = b"swam swim\nswum swim\n"
    fake_package(root, "wordnet-base", wordnet, "1:3.0-38")
    return root


FREQUENT = {
    **{"été": 5.5, "maison": 5.0, "côte": 4.5, "chapeau": 4.6, "paris": 5.9, "manger": 4.8},
    **{"cat": 4.8, "cats": 4.0, "texas": 4.9, "cafe": 4.1, "colour": 4.5, "swim": 4.2},
    **{"pierre": 5.0, "pierres": 4.4, "marc": 5.0},
}


# Rarer in English text: pierres is French, so Pierre's family is a real one.
ENGLISH = {"pierres": 2.0}


def fake_zipf(word: str, lang: str) -> float:
    """wordfreq stands in: the build must not depend on its data in these tests."""
    if lang == "en" and word in ENGLISH:
        return ENGLISH[word]
    return FREQUENT.get(word, 2.5)


@pytest.fixture(autouse=True)
def no_wordfreq(monkeypatch):
    monkeypatch.setattr(dictionary_build, "FastZipf", lambda: fake_zipf)


@pytest.fixture(autouse=True)
def review_folder(monkeypatch, tmp_path) -> Path:
    """The fake builds read their own (empty) reviews, not the repository's."""
    folder = tmp_path / "reviews"
    folder.mkdir()
    monkeypatch.setattr(reviews, "REVIEWS_DIR", folder)
    return folder


def build(sources: Path, output: Path, *langs: str) -> str:
    args = [arg for lang in langs for arg in ("--lang", lang)]
    out = StringIO()
    call_command("build_dictionaries", *args, sources=sources, output=output, stdout=out)
    return out.getvalue()


def rows_of(output: Path, lang: str) -> dict[str, list[str]]:
    lines = (output / lang / WORDS_FILE).read_text("utf-8").splitlines()
    return {line.split("\t")[0]: line.split("\t")[1:] for line in lines}


def test_french_words_come_from_the_spelling_dictionary_with_their_lemmas(sources, tmp_path):
    output = tmp_path / "out"
    summary = build(sources, output, "fr")
    rows = rows_of(output, "fr")
    # level, zipf, display forms, lemmas
    assert rows["mangeons"][2:] == ["mangeons", "manger"]
    # rare in text (2.5: level 3), but the nous form of an everyday verb: manger's level
    assert rows["mangeons"][0] == "1" and rows["manger"][0] == "1"
    assert rows["ete"][2:] == ["été", "été"]
    assert rows["maison"][0] == "1" and rows["maisons"][2:] == ["maisons", "maison"]
    # the capitalised name Paris is dropped; the lower-case bets stay
    assert rows["paris"][2] == "paris"
    # today's list adds chapeau, which the spelling dictionary lacks: never everyday
    assert rows["chapeau"][0] == "3"
    lexicon = read_lexicon("fr", output / "fr")
    assert lexicon.level_of("pierre") == 1  # a stone, although Pierre is a name
    assert lexicon.level_of("laurent") is None  # a name in the spelling dictionary
    assert lexicon.level_of("nihilo") is None  # only in "ex nihilo"
    assert lexicon.level_of("qqn") is None  # no vowel: an abbreviation
    # da + s, the decasecond, is a symbol; dam, a word of its own too, stays
    assert lexicon.level_of("das") is None and lexicon.level_of("dam") is not None
    assert "a unit's symbol" in summary
    assert lexicon.lemmas("mange") == ("manger",)
    assert lexicon.display_forms("cotes") == ("côtes",)
    assert "not UTF-8" in summary and "duplicate" in summary and "no vowel" in summary
    licence = (output / "fr" / "LICENCE").read_text("utf-8")
    assert "wfrench: GPL-2+" in licence and "CC BY-SA 4.0" in licence and "LDNOOBW" in licence
    assert "`hunspell-fr-comprehensive` 1:7.0-1" in (output / "fr" / "SOURCE.md").read_text()


PT_BR_AFF = (
    "SET UTF-8\nSFX B Y 1\nSFX B 0 s .\n"
    "SFX c Y 3\nSFX c ar ará ar\nSFX c ar ou ar\nSFX c r 0 r\n"  # cear: ceará, ceou, cea
)
# VERO lists names in lower case for its derivations (lisboa, nuno), and janeiro.
PT_BR_DIC = "8\nlisboa/B\nnuno/B\nmundo/B\njaneiro/B\ncear/c\nparar/c\nser\nfoi\n"
PT_PT_AFF = "SET UTF-8\nSFX p Y 1\nSFX p 0 s .\n"
PT_PT_DIC = (
    "5\nLisboa\t[CAT=np]\nNuno\t[CAT=np]\nJaneiro\t[CAT=np]\nmundo/p\t[CAT=nc]\nMundo\t[CAT=np]\n"
)


def test_portuguese_names_lend_no_easy_level(sources, tmp_path, monkeypatch):
    """lisboa and nuno, which only the European dictionary calls names, and ceará,
    a form of cear (to dine) as frequent as the state Ceará, are not everyday
    words; mundo (a name too, but a lower-case noun in both) and janeiro (a
    month, which the European dictionary wrote capitalised until 1990) are."""
    hunspell = "usr/share/hunspell/"
    for package, name, aff, dic in [
        ("hunspell-pt-br", "pt_BR", PT_BR_AFF, PT_BR_DIC),
        ("hunspell-pt-pt", "pt_PT", PT_PT_AFF, PT_PT_DIC),
    ]:
        files = {hunspell + name + ".aff": aff.encode(), hunspell + name + ".dic": dic.encode()}
        fake_package(sources, package, files, "1:1.0-1")
    words = "Ceará\nLisboa\nmundo\nparará\nPará\n".encode()
    fake_package(sources, "wportuguese", {"usr/share/dict/portuguese": words}, "20220621-1")
    # mlconjug3's tables (a PyPI wheel, unpacked the same way): foi is a form of ser
    verbs = {"ser": {"root": "", "template": ":ser"}}
    model = {":ser": {"Indicativo": {"Pretérito perfeito": [[0, "fui"], [2, "foi"]]}}}
    data = {"data/verbs-pt.json": verbs, "data/conjugation-pt.json": model}
    files = {path: json.dumps(table).encode() for path, table in data.items()}
    fake_package(sources, "mlconjug3", files, "4.0.1")
    frequencies = {"lisboa": 4.9, "nuno": 4.1, "mundo": 5.6, "mundos": 3.9, "janeiro": 5.5}
    frequencies |= {"ceará": 4.6, "cear": 1.9, "ceou": 1.5, "para": 7.2, "parar": 4.6}
    frequencies |= {"ser": 6.2, "foi": 6.3}
    monkeypatch.setattr(dictionary_build, "FastZipf", lambda: lambda w, _: frequencies.get(w, 1.0))
    build(sources, tmp_path, "pt")
    lexicon = read_lexicon("pt", tmp_path / "pt")
    assert lexicon.level_of("lisboa") == lexicon.level_of("nuno") == 3
    assert lexicon.level_of("ceara") == 3 and lexicon.lemmas("ceara") == ("cear",)
    assert lexicon.level_of("mundo") == lexicon.level_of("janeiro") == 1
    # Pará is a state, but para (a form of parar, and the preposition's spelling)
    # is not written capitalised with the same accents: its frequency is its own.
    assert lexicon.level_of("para") == 1
    # an irregular form the dictionary lists as a stem is led to its verb
    assert set(lexicon.lemmas("foi")) == {"ser", "foi"}
    assert "mlconjug3" in (tmp_path / "pt" / "LICENCE").read_text("utf-8")


def test_rebuild_is_byte_identical(sources, tmp_path):
    build(sources, tmp_path / "one", "fr", "en")
    build(sources, tmp_path / "two", "fr", "en")
    for path in sorted((tmp_path / "one").rglob("*")):
        if path.is_file():
            twin = tmp_path / "two" / path.relative_to(tmp_path / "one")
            assert twin.read_bytes() == path.read_bytes(), path.name


def test_english_everyday_levels_need_a_lower_case_desk_dictionary_entry(sources, tmp_path):
    build(sources, tmp_path, "en")
    english = read_lexicon("en", tmp_path / "en")
    assert english.level_of("cat") == 1
    assert english.level_of("cafe") <= 2  # "café" in the desk dictionary counts for cafe
    # wordfreq rates "texas" as common as "cat" (the state), but it is no everyday word.
    assert english.level_of("texas") == DESK_WORD_LEVEL
    licence = (tmp_path / "en" / "LICENCE").read_text("utf-8")
    assert "wamerican" in licence and "wbritish" in licence
    assert "`wbritish` 2020.12.07-2" in (tmp_path / "en" / "SOURCE.md").read_text("utf-8")
    assert dictionary_build.packages_for(["en"])[:3] == ["wamerican", "wbritish", "wordnet-base"]


def test_english_takes_british_spellings_and_taught_irregular_forms(sources, tmp_path):
    """colour, which ENABLE2K lacks, comes from the British desk dictionary; swum, rare in
    text, counts at swim's level because WordNet lists it as swim's form."""
    build(sources, tmp_path, "en")
    english = read_lexicon("en", tmp_path / "en")
    assert english.level_of("colour") == 1
    assert english.level_of("swum") == english.level_of("swim") == 1


def test_german_build_keeps_nouns_and_drops_names(sources, tmp_path):
    build(sources, tmp_path, "de")
    rows = {word: row[2] for word, row in rows_of(tmp_path, "de").items()}
    assert rows == {
        "haus": "Haus",
        "hause": "Hause",
        "hauser": "Häuser",
        "klein": "klein",
        "kleine": "kleine",
        "krankenhaus": "Krankenhaus",
        "laufen": "laufen",  # the verb; Laufen (the noun) is the same word, shown once
        "strasse": "Straße",
        "strassen": "Straßen",
    }
    lexicon = read_lexicon("de", tmp_path / "de")
    assert lexicon.level_of("berlin") is None and lexicon.level_of("usw") is None
    source_md = (tmp_path / "de" / "SOURCE.md").read_text("utf-8")
    assert "capitalised (German): name" in source_md
    assert "trans-de-en" in (tmp_path / "de" / "LICENCE").read_text("utf-8")


def test_missing_source_is_one_line_and_exit_code_2(tmp_path):
    with pytest.raises(CommandError, match="missing source") as error:
        build(tmp_path, tmp_path / "out", "it")
    assert error.value.returncode == 2
    command = [sys.executable, "manage.py", "build_dictionaries", "--lang", "es"]
    command += ["--sources", str(tmp_path / "nowhere"), "--output", str(tmp_path / "out")]
    done = subprocess.run(
        command,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "does not exist" in done.stderr


def test_fetch_reports_a_failed_download(tmp_path, monkeypatch):

    def failing_run(cmd, **kwargs):
        return subprocess.CompletedProcess(cmd, 100, "", "E: Unable to locate package wfrench\n")

    monkeypatch.setattr(packages.shutil, "which", lambda tool: f"/usr/bin/{tool}")
    with pytest.raises(dictionary_build.SourceMissing, match="Unable to locate package"):
        dictionary_build.fetch_packages(["wfrench"], tmp_path, run=failing_run)


def test_a_review_moves_names_blocks_words_and_fixes_spellings(sources, tmp_path, review_folder):
    """The reviewed verdicts reach the built files: a name out of the easy levels, a
    vulgar word (and its forms) blocked, a display form fixed."""
    (review_folder / "fr.tsv").write_text(
        "# reviewed for the test\n"
        "marc\tname\n"
        "manger\tvulgar\tnote=not really: a form test\n"
        "cote\tkeep\tdisplay=côte\n"
        "inconnu\trare\n",
        encoding="utf-8",
    )
    output = tmp_path / "out"
    summary = build(sources, output, "fr")
    lexicon = read_lexicon("fr", output / "fr")
    assert lexicon.level_of("marc") == 3
    blocked = (output / "fr" / "blocked.txt").read_text("utf-8").splitlines()
    assert {"manger\tvulgar", "mangeons\tvulgar"} <= set(blocked)
    assert lexicon.display_forms("cote") == ("côte",)
    assert "review: 'inconnu' (rare) is not a word of the build" in summary


def test_a_malformed_review_stops_the_build_with_its_line(sources, tmp_path, review_folder):
    (review_folder / "fr.tsv").write_text("marc\tname\nmaison\tlovely\n", encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            _BUILD_WITH_REVIEWS,
            str(sources),
            str(tmp_path / "out"),
            str(review_folder),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert f"{review_folder / 'fr.tsv'}:2:" in line and "second column" in line


_BUILD_WITH_REVIEWS = """
import sys
from pathlib import Path
import django, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "boggleweb.settings")
django.setup()
from games.engine.build import reviews
reviews.REVIEWS_DIR = Path(sys.argv[3])
from django.core.management import execute_from_command_line
execute_from_command_line(["manage.py", "build_dictionaries", "--lang", "fr",
                           "--sources", sys.argv[1], "--output", sys.argv[2]])
"""
