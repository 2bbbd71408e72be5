"""The command line, run as the external harness runs it: ``manage.py`` in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.board import parse_board
from games.engine.cli import solution_text
from games.engine.solver import solve
from games.tests.engine_helpers import assert_valid_path, make_root

REPO = Path(__file__).resolve().parents[2]
BEST = "PERS/LATG/SINE/TERS"


def manage(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


BAD_INPUT = [
    (["solve", "EEAL/MAR/SAIS/IKTG"], "different lengths"),
    (["solve", "eeal/maro/sais/iktg"], "uppercase"),
    (["solve", BEST, "--lang", "xx"], "unknown language"),
    (["solve", BEST, "--level", "7"], "unknown level"),
    (["solve", BEST, "--words", "/no/such/file.txt"], "cannot read"),
    (["solve", BEST, "--min-length", "three"], "--min-length"),
    (["solve", BEST, "--min-length", "0"], "--min-length"),
    (["board", "--size", "9"], "--size"),
    (["board", "--lang", "xx"], "unknown language"),
    (["board", "--dice", "en-new", "--size", "5"], "4x4"),
    (["board", "--from-code", "NOTACODE"], "share code"),
    (["bench_solver", "--size", "3"], "--size"),
    (["board", "--min-words", "many"], "--min-words"),
    (["board", "--min-words", "5", "--level", "9"], "unknown level"),
    (["lookup", "chat"], "--lang"),
    (["lookup", "--lang", "fr"], "no word"),
    (["lookup", "chat", "--lang", "xx"], "unknown language"),
    (["lookup", "chat", "--lang", "fr", "--level", "0"], "unknown level"),
    (["dictionary_report", "--lang", "xx"], "unknown language"),
    (["gloss_report", "--lang", "xx"], "unknown language"),
]


@pytest.fixture(scope="module")
def bad_input_runs():
    """Start every bad-input run at once: each pays Django's start-up, so run them together."""
    started = [
        subprocess.Popen(
            [sys.executable, "manage.py", *args],
            cwd=REPO,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for args, _ in BAD_INPUT
    ]
    runs = []
    for process in started:
        stdout, stderr = process.communicate(timeout=120)
        runs.append((process.returncode, stdout, stderr))
    return runs


def test_solve_json_has_words_score_and_paths():
    result = manage("solve", BEST, "--json")
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.splitlines()
    answer = json.loads(line)
    assert set(answer) == {"words", "score", "paths", "display"}
    assert set(answer["display"]) == set(answer["words"])
    assert answer["score"] == 3666  # ENABLE2K and the desk dictionaries' words
    assert answer["words"] == sorted(answer["words"])
    assert set(answer["paths"]) == set(answer["words"])
    board = parse_board(BEST)
    for word, path in answer["paths"].items():
        assert_valid_path(board, [tuple(step) for step in path], word)


def test_solve_reads_boards_from_stdin_one_json_line_each(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("été\ncat\ncats\nquit\nxylophone\n", encoding="utf-8")
    result = manage(
        "solve",
        "-",
        "--json",
        "--words",
        str(words),
        "--min-length",
        "3",
        stdin="CATS/XXXX/XXXX/XXXX\n\nQuIT./ETE./..../....\n",
    )
    assert result.returncode == 0, result.stderr
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["words"] == ["cat", "cats"]
    assert second["words"] == ["ete", "quit"]
    assert second["score"] == 2


def test_solve_prints_words_by_length_and_total():
    result = manage("solve", "CATS/XXXX/XXXX/XXXX", "--level", "all")
    assert result.returncode == 0
    assert "total:" in result.stdout
    assert "cats" in result.stdout


@pytest.mark.parametrize("case", range(len(BAD_INPUT)), ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_bad_input_is_one_line_on_stderr_and_exit_code_2(bad_input_runs, case):
    returncode, _, stderr = bad_input_runs[case]
    assert returncode == 2
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1
    assert BAD_INPUT[case][1] in lines[0]


def test_board_prints_one_reproducible_line():
    first = manage("board", "--seed", "7")
    assert first.returncode == 0
    assert first.stdout == manage("board", "--seed", "7").stdout
    (line,) = first.stdout.splitlines()
    board = parse_board(line)
    assert (board.rows, board.cols) == (4, 4)


@pytest.mark.parametrize(
    ("args", "size"),
    [(["--size", "5"], 5), (["--size", "6", "--lang", "de"], 6), (["--dice", "fr-classic"], 4)],
)
def test_board_sizes_languages_and_dice(args, size):
    result = manage("board", "--seed", "1", *args)
    assert result.returncode == 0, result.stderr
    assert parse_board(result.stdout.strip()).rows == size


def test_bench_solver_prints_the_five_figures():
    result = manage("bench_solver", "--count", "5", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert set(figures) == {"boards", "median_us", "p95_us", "load_ms", "rss_mb"}
    assert figures["boards"] == 5
    assert figures["load_ms"] > 0 and figures["rss_mb"] > 0


@pytest.mark.parametrize("command", ["bench_glosses", "bench_ranks", "bench_teacher_pages"])
def test_a_benchmark_on_an_unmigrated_database_says_to_migrate(command, tmp_path):
    """A fresh clone before ``migrate``: one line and exit 2, not a traceback."""
    result = subprocess.run(
        [sys.executable, "manage.py", command],
        cwd=REPO,
        env={**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert "run `manage.py migrate` first" in result.stderr
    assert "Traceback" not in result.stderr


def test_readable_report_groups_words_by_length():
    board = parse_board("CATS/XXXX/XXXX/XXXX")
    text = solution_text(solve(board, make_root(["cat", "cats"])))
    assert "4 letters (1 pt each): cats" in text
    assert text.endswith("total: 2 points")


def test_solve_json_shows_the_accented_spellings():
    result = manage("solve", "ETEA/SRUN/LOIE/TSAP", "--lang", "fr", "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["display"]["ete"] == "été"
    assert all(answer["display"][word] for word in answer["words"])


def test_board_deals_until_it_holds_enough_words_of_the_level():
    result = manage("board", "--lang", "fr", "--seed", "3", "--level", "2", "--min-words", "40")
    assert result.returncode == 0, result.stderr
    board = parse_board(result.stdout.strip())
    from games.engine.lexicon import load_lexicon

    assert len(solve(board, load_lexicon("fr").root(2))) >= 40
    again = manage("board", "--lang", "fr", "--seed", "3", "--level", "2", "--min-words", "40")
    assert again.stdout == result.stdout


def test_board_says_when_no_board_has_that_many_words():
    result = manage("board", "--seed", "1", "--level", "1", "--min-words", "400")
    assert result.returncode == 2
    assert "no board had at least 400 words" in result.stderr


def test_lookup_json_per_word():
    result = manage("lookup", "Été", "chevaux", "putain", "xyzzyq", "--lang", "fr", "--json")
    assert result.returncode == 0, result.stderr
    ete, chevaux, putain, nothing = (json.loads(line) for line in result.stdout.splitlines())
    assert ete["display"] == "été" and ete["valid"] and ete["level"] == 1
    assert chevaux["lemma"] == "cheval" and chevaux["valid"]
    assert putain["blocked"] and not putain["valid"] and putain["level"] is not None
    assert nothing == {
        "word": "xyzzyq",
        "display": None,
        "valid": False,
        "level": None,
        "blocked": False,
        "lemma": None,
        "lemmas": [],
        "gloss": None,
        "gloss_language": None,
    }


@pytest.mark.parametrize(
    ("lang", "word", "lemma"),
    # A prefix makes a word of its own: its lemma is not the base (cero, bekannt).
    [
        ("es", "acero", "acero"),
        ("de", "unbekannte", "unbekannt"),
        ("pt", "desconfiança", "desconfiança"),
    ],
)
def test_lookup_gives_a_prefixed_word_its_own_lemma(lang, word, lemma):
    result = manage("lookup", word, "--lang", lang, "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["lemma"] == lemma


def test_lookup_at_a_level_and_the_german_umlaut_typed_as_two_letters():
    result = manage("lookup", "muede", "Maedchen", "--lang", "de", "--level", "2", "--json")
    assert result.returncode == 0, result.stderr
    muede, maedchen = (json.loads(line) for line in result.stdout.splitlines())
    assert muede["display"] == "müde" and muede["valid"]
    assert maedchen["display"].startswith("Mädchen") and maedchen["lemma"] == "Mädchen"


def test_dictionary_report_json():
    result = manage("dictionary_report", "--lang", "es", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["lang"] == "es"
    assert set(report["levels"]) == {"1", "2", "3", "4"}
    assert report["levels"]["1"] < report["levels"]["4"]
    assert report["top2000"]["hardest"] >= 97.0
    assert report["top500"]["everyday"] >= 90.0
    assert report["graph"]["nodes"] > 0 and report["load_ms"] > 0
