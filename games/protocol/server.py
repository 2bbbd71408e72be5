"""Server to browser: every message's fields (a ``TypedDict`` each) and the typed
functions that build them. ``SERVER_MESSAGES`` maps each ``type`` to its definition."""

from typing import NotRequired, TypedDict

# Close codes (4000-4999 are the application's own).
CLOSE_MOVE = 4000  # this process holds more than its share: reconnect now, elsewhere
CLOSE_NOT_A_ROOM = 4004  # the room code in the URL does not exist
CLOSE_REMOVED = 4010  # the host removed this player from the room
CLOSE_FLOOD = 4029  # too many messages: the page should wait and reconnect
CLOSE_UNAVAILABLE = 4503  # the database or Redis is unreachable: the page retries

Cells = list[list[int]]


class TeamInfo(TypedDict):
    number: int
    name: str


class RoomInfo(TypedDict):
    code: str
    locked: bool
    top_only: bool


class RoundInfo(TypedDict):
    id: int
    number: int
    status: str
    board: str | None
    language: str
    language_name: str
    level: int
    level_name: str
    size: int
    min_length: int
    duration_seconds: int
    mode: str
    scoring: str
    teams: list[TeamInfo]
    started_at: str | None
    ends_at: str | None
    paused_at: str | None
    finished_at: str | None
    word_count: int
    planted: int
    bonus: int


class You(TypedDict):
    id: int
    nickname: str
    team: int | None
    is_host: bool
    removed: bool


class FindInfo(TypedDict):
    word: str
    display: str
    path: Cells
    points: int
    shared: bool
    by: str


class ScoreRow(TypedDict):
    id: int
    points: int
    words: int


class PlayerInfo(TypedDict):
    id: int
    nickname: str
    team: int | None
    away_since: str | None


class RemovedPlayer(TypedDict):
    id: int
    nickname: str
    banned: bool


class SharedWord(TypedDict):
    word: str
    display: str
    players: list[int]
    teams: list[int]


class TeamFind(TypedDict):
    word: str
    display: str
    path: Cells
    points: int
    shared: bool
    player: int
    nickname: str


class Snapshot(TypedDict):
    type: str
    seq: int
    server_time: str
    room: RoomInfo
    round: RoundInfo
    you: You | None
    finds: list[FindInfo]
    scores: list[ScoreRow]
    players: list[PlayerInfo]
    removed: list[RemovedPlayer]


class WordResult(TypedDict):
    type: str
    round: int
    accepted: bool
    reason: str
    message: str
    word: str
    display: str
    path: Cells | None
    points: int
    shared: bool
    all_found: bool


class PathStatus(TypedDict):
    type: str
    round: int
    path: Cells
    ok: bool
    reason: str | None
    letters: str
    is_word: bool


class Error(TypedDict):
    type: str
    code: str
    message: str


class Scores(TypedDict):
    type: str
    seq: int
    round: int
    scores: list[ScoreRow]
    find: NotRequired[TeamFind]
    shared: NotRequired[SharedWord]


class Players(TypedDict):
    type: str
    seq: int
    round: int
    players: list[PlayerInfo]
    removed: list[RemovedPlayer]


class RoundStarted(TypedDict):
    type: str
    seq: int
    round: int
    started_at: str
    ends_at: str
    server_time: str


class RoundEnded(TypedDict):
    type: str
    seq: int
    round: int
    finished_at: str


class Clock(TypedDict):
    type: str
    seq: int
    round: int
    status: str
    started_at: str | None
    ends_at: str | None
    paused_at: str | None
    server_time: str


class RoomChanged(TypedDict):
    type: str
    seq: int
    locked: bool
    top_only: bool


class Removed(TypedDict):
    type: str
    seq: int
    player: int
    banned: bool


class Readmitted(TypedDict):
    type: str
    seq: int
    player: int


class NewRound(TypedDict):
    type: str
    seq: int
    round: int
    number: int


class Ruling(TypedDict):
    type: str
    seq: int
    round: int
    number: int
    word: str
    verdict: str


SERVER_MESSAGES: dict[str, type] = {
    "snapshot": Snapshot,
    "word_result": WordResult,
    "path_status": PathStatus,
    "error": Error,
    "scores": Scores,
    "players": Players,
    "round_started": RoundStarted,
    "round_ended": RoundEnded,
    "clock": Clock,
    "room": RoomChanged,
    "removed": Removed,
    "readmitted": Readmitted,
    "new_round": NewRound,
    "ruling": Ruling,
}
# Sent to one socket (no seq); every other type goes to the whole room, numbered.
DIRECT_MESSAGES = frozenset({"snapshot", "word_result", "path_status", "error"})

WORD_REASONS = (
    "accepted",
    "too_short",
    "not_a_word",
    "not_on_board",
    "not_allowed",
    "bad_path",
    "already_found",
    "team_already_found",
    "paused",
    "time_up",
    "not_started",
    "wrong_round",
)
PATH_REASONS = (
    "no_such_word",
    "not_adjacent",
    "cell_reused",
    "blank_cell",
    "out_of_range",
    "not_started",
    "paused",
    "time_up",
    "wrong_round",
)
ERROR_CODES = (
    "bad_json",
    "bad_message",
    "bad_field",
    "binary_frame",
    "too_large",
    "too_long",
    "unknown_type",
    "not_joined",
    "not_host",
    "round_running",
    "bad_settings",
    "bad_nickname",
    "no_such_player",
    "team_fixed",
    "not_removed",
    "banned",
    "not_banned",
    "slow_down",
)


# What a socket that has not joined the room, and is not its host (nor its class's
# teacher), is not shown: who plays, and how they score. Its messages keep their
# type, seq and every other field, with these emptied (and a team's find, and a shared
# word, dropped).
PRIVATE_FIELDS = {
    "snapshot": ("finds", "scores", "players", "removed"),
    "scores": ("scores",),
    "players": ("players", "removed"),
}


# What only the host's pages (the room's host, its class's teacher) are shown: whom the
# host removed. Every other page gets these fields empty.
HOST_FIELDS = {"snapshot": ("removed",), "players": ("removed",)}


def without_host_fields(message: dict) -> dict:
    """``message`` as a page that is not the host's sees it."""
    hidden = HOST_FIELDS.get(message["type"])
    if hidden is None:
        return message
    return {**message, **{field: [] for field in hidden}}


def public_view(message: dict) -> dict:
    """``message`` as a socket that has not joined the room sees it."""
    hidden = PRIVATE_FIELDS.get(message["type"])
    if hidden is None:
        return message
    public = {key: value for key, value in message.items() if key not in ("find", "shared")}
    public.update({field: [] for field in hidden})
    return public


# The builders: every server message is made by one of these.


def snapshot(
    *,
    seq: int,
    server_time: str,
    room: RoomInfo,
    round: RoundInfo,
    you: You | None,
    finds: list[FindInfo],
    scores: list[ScoreRow],
    players: list[PlayerInfo],
    removed: list[RemovedPlayer],
) -> Snapshot:
    return Snapshot(
        type="snapshot",
        seq=seq,
        server_time=server_time,
        room=room,
        round=round,
        you=you,
        finds=finds,
        scores=scores,
        players=players,
        removed=removed,
    )


def word_result(
    *,
    round: int,
    accepted: bool,
    reason: str,
    message: str,
    word: str,
    display: str,
    path: Cells | None,
    points: int,
    shared: bool,
    all_found: bool,
) -> WordResult:
    return WordResult(
        type="word_result",
        round=round,
        accepted=accepted,
        reason=reason,
        message=message,
        word=word,
        display=display,
        path=path,
        points=points,
        shared=shared,
        all_found=all_found,
    )


def path_status(
    *, round: int, path: Cells, ok: bool, reason: str | None, letters: str, is_word: bool
) -> PathStatus:
    return PathStatus(
        type="path_status",
        round=round,
        path=path,
        ok=ok,
        reason=reason,
        letters=letters,
        is_word=is_word,
    )


def error(code: str, message: str) -> Error:
    return Error(type="error", code=code, message=str(message))


def scores(
    *,
    round: int,
    rows: list[ScoreRow],
    find: TeamFind | None = None,
    shared: SharedWord | None = None,
) -> dict:
    """The scoreboard rows a find changed; ``find`` is for the finder's teammates only,
    ``shared`` for the pages of the word's finders (the consumer strips each for
    everyone else)."""
    event = {"type": "scores", "round": round, "scores": rows}
    if find is not None:
        event["find"] = find
    if shared is not None:
        event["shared"] = shared
    return event


def players(*, round: int, players: list[PlayerInfo], removed: list[RemovedPlayer]) -> dict:
    return {"type": "players", "round": round, "players": players, "removed": removed}


def round_started(*, round: int, started_at: str, ends_at: str, server_time: str) -> dict:
    return {
        "type": "round_started",
        "round": round,
        "started_at": started_at,
        "ends_at": ends_at,
        "server_time": server_time,
    }


def round_ended(*, round: int, finished_at: str) -> dict:
    return {"type": "round_ended", "round": round, "finished_at": finished_at}


def clock(
    *,
    round: int,
    status: str,
    started_at: str | None,
    ends_at: str | None,
    paused_at: str | None,
    server_time: str,
) -> dict:
    return {
        "type": "clock",
        "round": round,
        "status": status,
        "started_at": started_at,
        "ends_at": ends_at,
        "paused_at": paused_at,
        "server_time": server_time,
    }


def room_changed(*, locked: bool, top_only: bool) -> dict:
    return {"type": "room", "locked": locked, "top_only": top_only}


def removed(*, player: int, banned: bool) -> dict:
    return {"type": "removed", "player": player, "banned": banned}


def readmitted(*, player: int) -> dict:
    return {"type": "readmitted", "player": player}


def new_round(*, round: int, number: int) -> dict:
    return {"type": "new_round", "round": round, "number": number}


def ruling(*, round: int, number: int, word: str, verdict: str) -> dict:
    return {"type": "ruling", "round": round, "number": number, "word": word, "verdict": verdict}
