"""Word-list reading: every kind of bad input is skipped and counted, never a crash."""

from __future__ import annotations

import pytest

from games.engine import wordlist
from games.engine.wordlist import WordListError, keep_capitalised, parse_lines, read_word_list


def test_messy_file_is_read_with_every_skip_reported(tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes(
        b"\xef\xbb\xbfchat\r\n"  # BOM and CRLF: still "chat"
        b"\r\n"  # empty
        b"chat\n"  # duplicate
        b"\xe9t\xe9\n"  # Latin-1 bytes: not UTF-8
        b"Paris\n"  # capitalised: proper noun
        b"NASA\n"  # abbreviation
        b"McDonald\n"  # mixed case
        b"abc123\n"  # digits
        b"aujourd'hui\n"
        b"abat-jour\n"
        b"ice cream\n"
        b"ab\n"  # too short
        + "mêr\n".encode()
        + "мир\n".encode()  # Cyrillic
        + b"x" * 5000
        + b"\n"
        + "été".encode()
        + b"\nete"  # no final newline
    )
    result = read_word_list(path)
    assert result.forms == {"chat": ("chat",), "ete": ("ete", "été"), "mer": ("mêr",)}
    report = result.report
    assert report.bom
    assert report.lines == 17
    assert report.accepted == 4
    assert report.skipped == {
        wordlist.EMPTY: 1,
        wordlist.DUPLICATE: 1,
        wordlist.NOT_UTF8: 1,
        wordlist.CAPITALISED: 1,
        wordlist.ALL_CAPS: 1,
        wordlist.MIXED_CASE: 1,
        wordlist.DIGIT: 1,
        wordlist.APOSTROPHE: 1,
        wordlist.HYPHEN: 1,
        wordlist.SPACE: 1,
        wordlist.LENGTH: 1,
        wordlist.OTHER_CHARS: 1,
        wordlist.TOO_LONG: 1,
    }
    assert sum(report.skipped.values()) + report.accepted == report.lines
    assert "skipped 1: not UTF-8" in report.summary()


def test_lines_may_be_str_or_bytes_and_mixed_case_folds_together():
    result = parse_lines(["Été", "été", b"ETE", "ete"], capitalised=keep_capitalised)
    # "ETE" is an abbreviation; the capitalised one is kept by this policy.
    assert result.forms == {"ete": ("ete", "Été", "été")}
    assert result.report.skipped[wordlist.ALL_CAPS] == 1


def test_capitalised_policy_decides_per_word():
    result = parse_lines(["Haus", "Berlin", "klein"], capitalised=lambda word: word == "Haus")
    assert result.words() == ["haus", "klein"]
    assert result.forms["haus"] == ("Haus",)


def test_overlong_text_line_is_skipped():
    result = parse_lines(["a" * 65, "abc"])
    assert result.words() == ["abc"]
    assert result.report.skipped == {wordlist.TOO_LONG: 1}


@pytest.mark.parametrize("make_path", [lambda tmp: tmp / "missing.txt", lambda tmp: tmp])
def test_unreadable_file_raises_one_clear_error(tmp_path, make_path):
    with pytest.raises(WordListError, match="cannot read word list"):
        read_word_list(make_path(tmp_path))


def test_empty_file_gives_an_empty_list(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    result = read_word_list(path)
    assert result.forms == {}
    assert result.report.lines == 0
