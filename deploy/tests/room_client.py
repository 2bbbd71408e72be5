"""A player's play page reduced to what the cluster test needs, over the real socket.

Everything this test knows of the room protocol (docs/protocol.md) is in this
file: the messages `submit`, `resync`, `word_result`, `snapshot` and
`round_ended`, and that room events carry `seq`. Like a page, it reconnects
after any close, with a short jittered pause, and resynchronises when the
bell has passed without news.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import websockets


@dataclass
class RoomClient:
    base_url: str
    code: str
    session_cookie: str
    round_id: int
    acknowledged: dict[str, float] = field(default_factory=dict)  # word -> when its answer came
    round_ended_seqs: list[int] = field(default_factory=list)
    connections: int = 0
    finished: bool = False

    @property
    def url(self) -> str:
        parts = urlsplit(self.base_url)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return f"{scheme}://{parts.netloc}/ws/rooms/{self.code}/?play=1"

    async def play(self, words: list[str], bell: float, give_up: float) -> None:
        """Submit ``words`` one by one until the round ends (time.monotonic()
        clock: ``bell`` is when it should, ``give_up`` when to stop trying)."""
        words = list(words)
        while not self.finished and time.monotonic() < give_up:
            try:
                async with websockets.connect(
                    self.url,
                    additional_headers={"Cookie": self.session_cookie},
                    origin=self.base_url,
                    open_timeout=5,
                ) as socket:
                    self.connections += 1
                    await self._session(socket, words, bell, give_up)
            except (OSError, TimeoutError, websockets.WebSocketException):
                await asyncio.sleep(random.uniform(0.2, 0.6))

    async def _session(self, socket, words: list[str], bell: float, give_up: float) -> None:
        await self._receive(socket, until="snapshot", timeout=5)
        while not self.finished and words and time.monotonic() < bell:
            word = words[0]
            await socket.send(json.dumps({"type": "submit", "round": self.round_id, "word": word}))
            answer = await self._receive(socket, until="word_result", timeout=5)
            if answer["type"] != "word_result":
                break  # the round ended first
            words.pop(0)  # answered: accepted, or refused for a reason of the game
            if answer["accepted"]:
                self.acknowledged[answer["word"]] = time.monotonic()
            await asyncio.sleep(0.05)
        while not self.finished and time.monotonic() < give_up:
            # After the bell: wait for round_ended, asking for a snapshot now and then.
            try:
                await self._receive(socket, until="round_ended", timeout=2)
            except TimeoutError:
                await socket.send(json.dumps({"type": "resync"}))

    async def _receive(self, socket, until: str, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no {until} within {timeout} s")
            message = json.loads(await asyncio.wait_for(socket.recv(), timeout=remaining))
            kind = message.get("type")
            if kind == "round_ended" and message["round"] == self.round_id:
                self.round_ended_seqs.append(message["seq"])
                self.finished = True
            elif kind == "snapshot" and message["round"]["id"] == self.round_id:
                self.finished = self.finished or message["round"]["status"] == "finished"
            if kind == until or self.finished:
                return message
