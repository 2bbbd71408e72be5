"""The results page with every word's meaning, timed; and the memory glossing costs.

``bench`` puts one finished round on a 6x6 board at the hardest level (its
full word list: several hundred words) in this database, with a class of
players who found some of them, times its results page with Django's test
client (server time: view, queries, glosses, template) in the interface
language asked for, as the teacher sees it (what the class found, the word
rulings) and as a pupil does (their words, then the 700-odd they missed, each
with its meaning), and removes it all. ``memory`` glosses every word of
``boards`` dealt boards per language in both interface languages and says how
much the process's resident memory grew (the dictionaries loaded before, so
that only the glosses count).
"""

from __future__ import annotations

import statistics
import time
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import services
from games import selectors
from games.engine.dice import default_source, make_board
from games.engine.glosses import INTERFACE_LANGUAGES, gloss
from games.engine.languages import LANGUAGES
from games.engine.lexicon import load_lexicon
from games.engine.scoring import score_word
from games.engine.solver import solve
from games.models import Find, Player, Round, RoundPlayer
from games.sessions import BROWSER_KEY

TEACHER = "bench_glosses_teacher"
SIZE = 6
PLAYERS = 25


def _board(lang: str, seed: int):
    """The first seeded 6x6 board with 250 words or more (a full results page)."""
    lexicon = load_lexicon(lang)
    source = default_source(lang, SIZE)
    for offset in range(100):
        board = make_board(source, SIZE, seed + offset)
        solution = solve(board, lexicon.root(4))
        if len(solution.words) >= 250:
            return board, solution
    return board, solution


@transaction.atomic
def build(lang: str, seed: int = 1):
    """A class whose last round is a finished 6x6 round in ``lang``; returns (classroom, number)."""
    teacher, _ = get_user_model().objects.get_or_create(
        username=TEACHER, defaults={"email": "bench@school.example"}
    )
    classroom = services.classroom_create(
        teacher=teacher,
        host_browser="bench-glosses",
        name="Gloss bench",
        language=lang,
        level=4,
        roster=[],
    )
    room = classroom.room
    board, solution = _board(lang, seed)
    paths = {word: [list(cell) for cell in path] for word, path in solution.paths.items()}
    now = timezone.now()
    number = selectors.current_round(room).number + 1
    game_round = Round.objects.create(
        room=room, number=number, board=str(board), seed=seed, language=lang, level=4,
        size=SIZE, min_length=4, mode="versus", scoring="standard", duration_seconds=180,
        solution=paths, word_count=len(paths), max_score=0,
        started_at=now - timedelta(minutes=4), ends_at=now - timedelta(minutes=1),
        finished_at=now - timedelta(minutes=1),
    )  # fmt: skip
    players = Player.objects.bulk_create(
        Player(room=room, browser=f"gloss-{n}", nickname=f"Pupil {n}", nickname_key=f"pupil {n}")
        for n in range(PLAYERS)
    )
    words = sorted(paths)
    finds = [
        Find(
            round=game_round, player=player, word=word, path=paths[word],
            points=score_word(word, SIZE), found_at=now - timedelta(minutes=2),
        )
        for n, player in enumerate(players)
        for word in words[n :: PLAYERS * 2]
    ]  # fmt: skip
    Find.objects.bulk_create(finds)
    RoundPlayer.objects.bulk_create(
        RoundPlayer(round=game_round, player=player, joined_at=now - timedelta(minutes=4))
        for player in players
    )
    return classroom, number, len(words)


MODES = ("without glosses", "glosses looked up", "glosses cached")
VIEWERS = ("teacher", "pupil")


def _client(viewer: str, interface: str) -> Client:
    """The teacher, logged in; or the first pupil's browser (who found 15 words)."""
    client = Client(SERVER_NAME="localhost")
    if viewer == "teacher":
        client.force_login(get_user_model().objects.get(username=TEACHER))
    else:
        session = client.session
        session[BROWSER_KEY] = "gloss-0"
        session.save()
    client.cookies["django_language"] = interface
    return client


def bench(
    classroom, number: int, interface: str, repeat: int, mode: str, viewer: str = "teacher"
) -> dict[str, float]:
    """Server time of the round's results page, in milliseconds (first request apart).

    ``mode``: the page without meanings (the page as it was, for comparison), with every
    meaning looked up on each request (the gloss cache emptied before each), or with
    the cache the first request filled (the rest of the class at the bell). ``viewer``:
    one of ``VIEWERS``."""
    from games import presentation
    from games.engine import glosses

    client = _client(viewer, interface)
    url = reverse("games:results", kwargs={"code": classroom.room.code, "number": number})
    real = presentation.round_glosses
    if mode == MODES[0]:
        presentation.round_glosses = lambda *args, **kwargs: {}
    times, cpu = [], []
    try:
        for _ in range(repeat + 1):
            if mode == MODES[1]:
                glosses._meaning.cache_clear()
            began, began_cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            times.append((time.perf_counter() - began) * 1000)
            cpu.append((time.process_time() - began_cpu) * 1000)
            assert response.status_code == 200, response.status_code
    finally:
        presentation.round_glosses = real
    first, rest, cpu = times[0], sorted(times[1:]), sorted(cpu[1:])
    return {
        "first_ms": round(first, 1),
        "p50_ms": round(statistics.median(rest), 1),
        "p95_ms": round(_p95(rest), 1),
        "max_ms": round(rest[-1], 1),
        # This process's own CPU time: what the wall clock reads on a quiet machine
        # with SQLite; on a busy one the wall clock adds the waits for a core.
        "cpu_p50_ms": round(statistics.median(cpu), 1),
        "cpu_p95_ms": round(_p95(cpu), 1),
    }


def _p95(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def selector(classroom, number: int, interface: str, repeat: int) -> dict[str, float]:
    """The meanings alone: ``round_glosses`` over the round's words, every one looked up
    (the cache emptied each time), in milliseconds."""
    from games.engine import glosses
    from games.selectors.glosses import round_glosses

    game_round = classroom.room.rounds.get(number=number)
    times = []
    for _ in range(repeat):
        glosses._meaning.cache_clear()
        began = time.perf_counter()
        round_glosses(game_round, interface)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return {
        "p50_ms": round(statistics.median(times), 1),
        "p95_ms": round(_p95(times), 1),
    }


def remove(classroom) -> None:
    services.classroom_delete(classroom=classroom)
    get_user_model().objects.filter(username=TEACHER).delete()


def _memory_kb() -> dict[str, int]:
    """Resident memory of this process by kind (kB): anonymous (the heap) and file-backed."""
    found = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                found[key] = int(value.split()[0])
    return found


def memory(boards: int = 50) -> dict[str, float]:
    """Resident memory before and after glossing every word of ``boards`` boards (4x4 and
    6x6 in turn) per language, in both interface languages. The words' display forms are
    read first (the results page reads them anyway): what grows after is the glosses'."""
    dealt = []
    for lang in LANGUAGES:
        lexicon = load_lexicon(lang)
        for seed in range(boards):
            size = 4 if seed % 2 else SIZE
            board = make_board(default_source(lang, size), size, seed)
            words = solve(board, lexicon.root(4)).words
            for word in words:
                lexicon.display_forms(word)
            dealt.append((lang, words))
    before = _memory_kb()
    glossed = 0
    for lang, words in dealt:
        for word in words:
            for interface in INTERFACE_LANGUAGES:
                glossed += gloss(word, lang, interface) is not None
    after = _memory_kb()
    return {
        "rss_before_mb": round(before["VmRSS"] / 1024, 1),
        "rss_after_mb": round(after["VmRSS"] / 1024, 1),
        "growth_mb": round((after["VmRSS"] - before["VmRSS"]) / 1024, 1),
        "anonymous_growth_mb": round((after["RssAnon"] - before["RssAnon"]) / 1024, 1),
        "file_backed_growth_mb": round((after["RssFile"] - before["RssFile"]) / 1024, 1),
        "glosses_found": glossed,
    }
