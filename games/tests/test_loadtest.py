"""The load generator, run for a few seconds against a real server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e


def loadtest(live_daphne, daphne_env, *options) -> dict:
    arguments = ["--players", "6", "--room-size", "3", "--duration", "3", "--interval", "0.5"]
    result = subprocess.run(
        [sys.executable, "manage.py", "loadtest", "--url", live_daphne, *arguments, *options],
        cwd=ROOT,
        env=daphne_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_loadtest_plays_against_a_live_server_and_reports_json(live_daphne, daphne_env):
    report = loadtest(live_daphne, daphne_env, "--json")
    assert report["rooms"] == 2
    assert report["connect_failures"] == 0
    assert report["submitted"] >= 6 * 4
    assert report["answered"] == report["submitted"]
    assert report["lost_replies"] == report["lost_events"] == report["errors"] == 0
    assert 0 < report["round_trip_ms"]["p50"] <= report["round_trip_ms"]["p99"]
    assert report["started"] == 0  # the rounds were running before anyone connected


def test_loadtest_can_start_the_rounds_with_every_page_open(live_daphne, daphne_env):
    report = loadtest(live_daphne, daphne_env, "--json", "--start-with-pages-open")
    assert report["started"] == 6  # every player heard its host start the round
    assert 0 < report["start_ms"]["p50"] <= report["start_ms"]["p99"]
    assert report["answered"] == report["submitted"] >= 6 * 4
    assert report["lost_replies"] == report["lost_events"] == report["errors"] == 0


def test_loadtest_refuses_nonsense_with_one_line(daphne_env):
    result = subprocess.run(
        [sys.executable, "manage.py", "loadtest", "--players", "0"],
        cwd=ROOT,
        env=daphne_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "CommandError: --players must be 1-5000 and --room-size 1-100"
    ]


def test_loadtest_reports_the_server_cpu_per_word_when_given_its_pid(live_daphne, daphne_env):
    port = live_daphne.rsplit(":", 1)[1]
    pid = next(
        int(entry.name)
        for entry in Path("/proc").iterdir()
        if entry.name.isdigit()
        and b"daphne" in (cmdline := _cmdline(entry))
        and port.encode() in cmdline
    )
    report = loadtest(live_daphne, daphne_env, "--json", "--server-pid", str(pid))
    assert report["play_cpu_s"] > 0
    assert report["cpu_ms_per_word"] == round(report["play_cpu_s"] * 1000 / report["submitted"], 3)
    assert 0 < report["accepted"] <= report["submitted"]


def _cmdline(entry: Path) -> bytes:
    try:
        return (entry / "cmdline").read_bytes()
    except OSError:
        return b""


def test_an_event_counts_lost_only_once_a_later_one_has_waited_as_long_as_a_page_would():
    """The page asks for a snapshot when a numbered event is still missing 800 ms after a
    later one came (static/js/room.js); the load generator counts a loss the same way, so
    an event still in flight as the play ends (out of order by a few ms) is not lost."""
    from tools.loadtest import GAP_WAIT_S, Seat, missing_events

    seat = Seat(code="ABC", round_id=1, session_key="k", name="n", player_id=1, words=[])
    seat.first_seq = 10
    now = 100.0
    seat.seen = {11: now - 5, 13: now - 4, 15: now - GAP_WAIT_S - 0.1, 17: now - 0.01}
    # 12 and 14 were missing long after 13 and 15 came; 16 may still be on its way
    assert missing_events(seat, now) == [12, 14]
    assert missing_events(seat, now + 1) == [12, 14, 16]
    seat.seen[16] = now + 0.5
    assert missing_events(seat, now + 1) == [12, 14]


def test_the_load_generator_waits_for_a_missing_event_as_long_as_the_page_does():
    """One owner: the page's GAP_WAIT_MS (static/js/room.js); the load generator's copy
    must follow it, or its lost events stop meaning what a class would see."""
    import re

    from tools.loadtest import GAP_WAIT_S

    script = (ROOT / "static" / "js" / "room.js").read_text(encoding="utf-8")
    page_ms = int(re.search(r"const GAP_WAIT_MS = (\d+);", script).group(1))
    assert page_ms == GAP_WAIT_S * 1000
