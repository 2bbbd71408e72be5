"""tools.baseline: the bare room that capacity figures are read against carries the
game's frames (docs/PERFORMANCE.md, "The embedded default, and a bare room")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from channels.testing import WebsocketCommunicator

from conftest import free_port, stop_process, wait_until_serving
from games import protocol

ROOT = Path(__file__).resolve().parents[2]


def bare_socket(code: str, seat: int, name: str = "application") -> WebsocketCommunicator:
    import tools.baseline

    application = getattr(tools.baseline, name)
    return WebsocketCommunicator(application, f"/ws/rooms/{code}/?play=1&seat={seat}")


@pytest.mark.asyncio
@pytest.mark.parametrize("name", ["application", "inbox_application"])
async def test_the_bare_room_answers_and_fans_out_frames_of_the_games_shape(name):
    """Channels' own consumer loop, and the game's one queue (``inbox_application``)."""
    ann, ben = bare_socket("ABCDEF", 7, name), bare_socket("ABCDEF", 8, name)
    try:
        for socket in (ann, ben):
            assert (await socket.connect())[0]
            assert (await socket.receive_json_from())["type"] == "snapshot"
        await ann.send_json_to({"type": "submit", "round": 3, "word": "bcdfg"})
        refused = await ann.receive_json_from()
        game_reply = protocol.word_result(
            round=3,
            accepted=False,
            reason="not_on_board",
            message="Not on the board.",
            word="bcdfg",
            display="bcdfg",
            path=None,
            points=0,
            shared=False,
            all_found=False,
        )
        assert refused == game_reply
        await ann.send_json_to({"type": "submit", "round": 3, "word": "tiles"})
        accepted = await ann.receive_json_from()
        assert accepted["accepted"] is True
        assert len(accepted["path"]) == 5
        for socket in (ann, ben):  # the whole room, the finder too, as in the game
            event = await socket.receive_json_from()
            assert event["type"] == "scores"
            assert event["scores"] == [{"id": 7, "points": 3, "words": 1}]
        assert await ben.receive_nothing()
    finally:
        await ann.disconnect()
        await ben.disconnect()


@pytest.mark.e2e
def test_the_load_generator_measures_the_bare_room_as_it_does_the_game(live_daphne, daphne_env):
    """The same command, the same figures: the loadtest prepares its rooms in the
    game's database, and the bare room, which has none, plays them all the same."""
    port = free_port()
    data_dir = Path(daphne_env["DATA_DIR"])
    log = (data_dir / "bare.log").open("w")
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    process = subprocess.Popen(
        [*command, "tools.baseline:application"],
        cwd=ROOT,
        env=daphne_env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(f"{url}/healthz", process)
        arguments = ["--players", "6", "--room-size", "3", "--duration", "3", "--interval", "0.5"]
        result = subprocess.run(
            [sys.executable, "manage.py", "loadtest", "--url", url, *arguments, "--json"],
            cwd=ROOT,
            env=daphne_env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
    finally:
        stop_process(process)
        log.close()
    assert report["connect_failures"] == report["errors"] == 0
    assert report["answered"] == report["submitted"] > 0
    assert report["lost_replies"] == report["lost_events"] == 0
    assert 0 < report["accepted"] < report["submitted"]
    # A reply per word, and each accepted word's event to the 3 sockets of its room.
    assert report["delivered"] >= report["answered"] + report["broadcasts"]
