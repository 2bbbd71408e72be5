"""The build_dictionaries command, end to end on tiny fake Debian-style sources."""

from __future__ import annotations

import gzip
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.engine import dawg
from games.engine.build import builder as dictionary_build
from games.engine.lexicon import GRAPH_FILE, WORDS_FILE

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


@pytest.fixture
def sources(tmp_path) -> Path:
    root = tmp_path / "sources"
    french = (
        b"\xef\xbb\xbf\xc3\xa9t\xc3\xa9\r\n"  # BOM + "été" + CRLF
        b"ete\r\nmaison\r\nmaison\r\n\r\nParis\r\nTGV\r\naujourd'hui\r\n"
        b"porte-avion\r\nab\r\n\xff\xfe\r\n" + b"z" * 300 + b"\r\nchat2\r\nc\xc3\xb4te\r\n"
    )
    fake_package(root, "wfrench", {"usr/share/dict/french": french}, "1.2.7-2")
    german = "Haus\nHäuser\nBerlin\nStraße\nklein\nlaufen\nLaufen\nNASA\n".encode()
    fake_package(root, "wngerman", {"usr/share/dict/ngerman": german}, "20161207-11")
    hunspell = "3\nHaus/Tpmij\nBerlin/Sm\nStraße/Pm\n".encode()
    fake_package(root, "hunspell-de-de", {dictionary_build.HUNSPELL_DIC: hunspell}, "20161207-11")
    ding = "# fake\nHaus {n} | Häuser {pl} :: house | houses\nBerlin {n} [geogr.] :: Berlin\n"
    fake_package(root, "trans-de-en", {dictionary_build.DING_FILE: ding.encode()}, "1.9-6")
    (root / "enable2k.txt").write_bytes(b"aa\r\ncafe\r\ncat\r\ncats\r\ntexas\r\nzyzzyva\r\n")
    # The desk dictionaries have "Texas" only as a name: frequent, but not everyday.
    desk = dictionary_build.DESK_DICTIONARIES
    american = b"Texas\ncat\ncat's\ncats\nzyzzyva\n"
    fake_package(root, "wamerican", {desk["wamerican"]: american}, "2020.12.07-2")
    british = "Texas\ncafé\ncat\ncats\n".encode()  # cafe only with its accent
    fake_package(root, "wbritish", {desk["wbritish"]: british}, "2020.12.07-2")
    return root


def build(sources: Path, output: Path, *langs: str) -> str:
    args = [arg for lang in langs for arg in ("--lang", lang)]
    out = StringIO()
    call_command("build_dictionaries", *args, sources=sources, output=output, stdout=out)
    return out.getvalue()


def test_french_build_from_messy_source(sources, tmp_path):
    output = tmp_path / "out"
    summary = build(sources, output, "fr")
    rows = (output / "fr" / WORDS_FILE).read_text("utf-8").splitlines()
    words = [row.split("\t") for row in rows]
    assert [(w[0], w[1], w[3]) for w in words] == [
        ("cote", "1", "côte"),
        ("ete", "1", "ete,été"),
        ("maison", "1", "maison"),
    ]
    roots = dawg.Graph.from_bytes((output / "fr" / GRAPH_FILE).read_bytes()).to_nodes()
    assert list(dawg.iter_words(roots[3])) == ["cote", "ete", "maison"]
    assert "fr: 3 words" in summary
    assert "not UTF-8" in summary and "duplicate" in summary
    licence = (output / "fr" / "LICENCE").read_text("utf-8")
    assert "wfrench: GPL-2+" in licence and "CC BY-SA 4.0" in licence
    assert "`wfrench` 1.2.7-2" in (output / "fr" / "SOURCE.md").read_text("utf-8")


def test_rebuild_is_byte_identical(sources, tmp_path):
    build(sources, tmp_path / "one", "fr", "en")
    build(sources, tmp_path / "two", "fr", "en")
    for path in sorted((tmp_path / "one").rglob("*")):
        if path.is_file():
            twin = tmp_path / "two" / path.relative_to(tmp_path / "one")
            assert twin.read_bytes() == path.read_bytes(), path.name


def test_english_everyday_levels_need_a_lower_case_desk_dictionary_entry(sources, tmp_path):
    build(sources, tmp_path, "en")
    rows = {
        row.split("\t")[0]: (int(row.split("\t")[1]), float(row.split("\t")[2]))
        for row in (tmp_path / "en" / WORDS_FILE).read_text("utf-8").splitlines()
    }
    assert rows["cat"][0] == 1
    assert rows["cafe"][0] <= 2  # "café" in the desk dictionary counts for cafe
    # wordfreq rates "texas" as common as "cat" (the state), but it is no everyday word.
    assert rows["texas"][1] >= 4 and rows["texas"][0] == dictionary_build.DESK_WORD_LEVEL
    licence = (tmp_path / "en" / "LICENCE").read_text("utf-8")
    assert "wamerican" in licence and "wbritish" in licence
    assert "`wbritish` 2020.12.07-2" in (tmp_path / "en" / "SOURCE.md").read_text("utf-8")
    assert dictionary_build.packages_for(["en"]) == ["wamerican", "wbritish"]


def test_german_build_keeps_nouns_and_drops_names(sources, tmp_path):
    build(sources, tmp_path, "de")
    rows = {
        row.split("\t")[0]: row.split("\t")[3]
        for row in (tmp_path / "de" / WORDS_FILE).read_text("utf-8").splitlines()
    }
    assert rows == {
        "haus": "Haus",
        "hauser": "Häuser",
        "strasse": "Straße",
        "klein": "klein",
        "laufen": "Laufen,laufen",
    }
    source_md = (tmp_path / "de" / "SOURCE.md").read_text("utf-8")
    assert "| capitalised (German): dropped | 1 |" in source_md
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
    monkeypatch.setattr(dictionary_build.shutil, "which", lambda tool: f"/usr/bin/{tool}")

    def failing_run(cmd, **kwargs):
        return subprocess.CompletedProcess(cmd, 100, "", "E: Unable to locate package wfrench\n")

    with pytest.raises(dictionary_build.SourceMissing, match="Unable to locate package"):
        dictionary_build.fetch_packages(["wfrench"], tmp_path, run=failing_run)
