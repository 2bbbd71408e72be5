"""A player's play page reduced to what the cluster test needs, over the real socket.

Everything this test knows of the room protocol (docs/protocol.md) is in this
file: the messages `submit`, `resync`, `word_result`, `snapshot` and
`round_ended`, and that room events carry `seq`. Like a page
(static/js/room.js), it reconnects after any close with the same backoff
(0.4 s doubling to 1.3 s, times 0.5-1.5; from the start again once a socket
opens; within a second for 4000), and resynchronises when the bell has
passed without news. It notes when its socket opened and closed and when each
answer came (``timeline``), so that a test can tell how long after a fault
the page was playing again (``back_after``).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import websockets

FIRST_DELAY, MAX_DELAY = 0.4, 1.3  # static/js/room.js
# A word every 0.2 s, within the socket's flood control (games/ratelimit.py: 8 a second
# after a burst): faster, the server answers "slow_down", not word_result.
PAUSE = 0.2
CLOSE_MOVE = 4000


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
    timeline: list[tuple[float, str]] = field(default_factory=list)  # (when, open/close/answer)
    bell: float = 0.0  # time.monotonic() at which it stops sending words (play's, or sooner)

    @property
    def url(self) -> str:
        parts = urlsplit(self.base_url)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return f"{scheme}://{parts.netloc}/ws/rooms/{self.code}/?play=1"

    async def play(self, words: list[str], bell: float, give_up: float) -> None:
        """Submit ``words`` one by one until the round ends, then the same again (they
        are answered as already found: the page keeps playing). time.monotonic()
        clock: ``bell`` is when it should end, ``give_up`` when to stop trying."""
        words = list(words)
        self.bell = bell
        attempts = 0
        while not self.finished and time.monotonic() < give_up:
            code = None
            try:
                async with websockets.connect(
                    self.url,
                    additional_headers={"Cookie": self.session_cookie},
                    origin=self.base_url,
                    open_timeout=5,
                ) as socket:
                    self.connections += 1
                    attempts = 0
                    self.timeline.append((time.monotonic(), "open"))
                    try:
                        await self._session(socket, words, give_up)
                    finally:
                        code = socket.close_code
                        self.timeline.append((time.monotonic(), "close"))
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass
            if self.finished:
                return
            if code == CLOSE_MOVE:
                attempts = 0
                await asyncio.sleep(random.uniform(0, 1))
                continue
            delay = min(MAX_DELAY, FIRST_DELAY * 2**attempts) * random.uniform(0.5, 1.5)
            attempts += 1
            await asyncio.sleep(delay)

    def back_after(self, fault: float, until: float) -> float | None:
        """Seconds from ``fault`` until this page was playing again: its first answer
        after its socket last closed between ``fault`` and ``until`` (after ``fault``
        if it stayed open). None if it never answered again."""
        closes = [when for when, what in self.timeline if what == "close" and fault <= when < until]
        since = max(closes, default=fault)
        answers = [when for when, what in self.timeline if what == "answer" and when > since]
        return min(answers) - fault if answers else None

    async def _session(self, socket, words: list[str], give_up: float) -> None:
        await self._receive(socket, until="snapshot", timeout=5)
        while not self.finished and words and time.monotonic() < self.bell:
            word = words[0]
            await socket.send(json.dumps({"type": "submit", "round": self.round_id, "word": word}))
            answer = await self._receive(socket, until="word_result", timeout=5)
            if answer["type"] != "word_result":
                break  # the round ended first
            words.append(words.pop(0))  # answered: accepted, or refused for a reason of the game
            self.timeline.append((time.monotonic(), "answer"))
            if answer["accepted"]:
                self.acknowledged[answer["word"]] = time.monotonic()
            await asyncio.sleep(PAUSE)
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
