"""Pupils' pages of the board of the day: which one, today's, a game on it and its result.

Anyone plays as their browser; a pupil who comes through their class
(``?class=<code>``, the class's join code) plays as their class nickname,
remembered as on the class's homework pages. The game itself is an attempt
(games.homework.views: the play page, who may open it).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import clock, selectors
from games.dealing import display
from games.engine.languages import LANGUAGES
from games.homework import daily, pupils, ranks
from games.homework import selectors as homework_selectors
from games.homework import services as homework_services
from games.homework.forms import NicknameForm
from games.homework.models import Attempt, DailyBoard
from games.homework.pupils import Pupil
from games.homework.views import attempt_for, class_name, identify, play_page, result_context
from games.labels import LANGUAGE_NAMES, LEVEL_NAMES
from games.sessions import browser_id


def _daily_address(language: str, level: int) -> None:
    if language not in LANGUAGES or level not in daily.DAILY_LEVELS:
        raise Http404("No board of the day for that language and level.")


def _daily_class(request: HttpRequest):
    """The class a pupil came through (``?class=<code>``, a class's join code: a room a
    teacher owns), or None."""
    code = request.GET.get("class") or request.POST.get("class") or ""
    room = selectors.room_by_code(code) if code else None
    return room if room is not None and room.owner_id is not None else None


@require_GET
def daily_choose(request: HttpRequest) -> HttpResponse:
    """Which board of the day: a language and a level."""
    language = request.GET.get("language")
    level = request.GET.get("level", "")
    if language in LANGUAGES and level.isdigit() and int(level) in daily.DAILY_LEVELS:
        return redirect("homework:daily", language=language, level=int(level))
    context = {"languages": list(LANGUAGE_NAMES.items()), "levels": list(LEVEL_NAMES.items())}
    return render(request, "homework/daily_choose.html", context)


@never_cache
@require_http_methods(["GET", "POST"])
def daily_page(request: HttpRequest, language: str, level: int) -> HttpResponse:
    """Today's board: play it once for a rank, then practise; how everyone did."""
    _daily_address(language, level)
    class_room = _daily_class(request)
    form = NicknameForm(request.POST or None)
    if request.method == "POST" and class_room and identify(request, class_room, form):
        return redirect(f"{request.path}?class={class_room.code}")
    browser = browser_id(request)
    if class_room is not None:
        pupil = pupils.remembered(request, class_room)
    else:
        pupil = Pupil.device(browser)
    board = daily.daily_board(language=language, level=level)
    homework_services.board_settle_due(board=board.round)
    counted = None
    if pupil is not None:
        counted = (
            Attempt.objects.filter(
                board=board.round,
                class_room=pupil.class_room,
                pupil=pupil.key,
                kind=Attempt.Kind.COUNTED,
            )
            .select_related("round", "round__room", "board")
            .first()
        )
    context = {
        **_daily_context(board, counted, pupil),
        "class_room": class_room,
        "class_name": class_name(class_room) if class_room else "",
        "pupil": pupil,
        "form": form,
        "roster": class_room.roster_names if class_room else [],
        "rule": class_room.nicknames if class_room else "",
        "offered": pupils.offered(class_room) if class_room and pupil is None else "",
    }
    return render(request, "homework/daily.html", context)


def _daily_context(board: DailyBoard, counted: Attempt | None, pupil: Pupil | None) -> dict:
    game_board = board.round
    result = None
    if counted is not None:
        counted = homework_services.attempt_settle(attempt=counted)
        if counted.round.finished_at is not None:
            result = homework_selectors.attempt_result(counted, ranks_allowed=True)
    total = homework_selectors.board_points(game_board)
    spread = ranks.distribution(game_board.pk)
    players = sum(count for _, count in spread)
    streak = None
    if pupil is not None and pupil.class_room is not None:
        streak = daily.class_streak(pupil.class_room.pk, pupil.key)
    return {
        "board": board,
        "language_name": LANGUAGE_NAMES[board.language],
        "level_name": LEVEL_NAMES[board.level],
        "counted": counted,
        "result": result,
        "players": players,
        "ranks_from": ranks.RANKS_FROM,
        "histogram": ranks.histogram_svg(
            spread,
            total,
            result.points if result else None,
            gettext("How today's players scored, by share of the board's points"),
        )
        if players >= ranks.RANKS_FROM
        else "",
        "streak": streak,
        "minutes": game_board.duration_seconds // 60,
        "today": board.day.isoformat(),
    }


@require_POST
def daily_play(request: HttpRequest, language: str, level: int) -> HttpResponse:
    _daily_address(language, level)
    class_room = _daily_class(request)
    browser = browser_id(request)
    pupil = pupils.remembered(request, class_room) if class_room else Pupil.device(browser)
    back = reverse("homework:daily", kwargs={"language": language, "level": level})
    if class_room is not None:
        back += f"?class={class_room.code}"
    if pupil is None:
        messages.error(request, gettext("Say who you are first."))
        return redirect(back)
    board = daily.daily_board(language=language, level=level)
    try:
        attempt = homework_services.attempt_start(board=board.round, pupil=pupil, browser=browser)
    except homework_services.AttemptRefused as error:
        messages.error(request, str(error))
        return redirect(back)
    return redirect("homework:daily_attempt", attempt_id=attempt.pk)


@never_cache
@require_GET
def daily_attempt(request: HttpRequest, attempt_id: int) -> HttpResponse:
    attempt, refused = attempt_for(request, attempt_id, None)
    if refused:
        return refused
    result = reverse("homework:daily_result", kwargs={"attempt_id": attempt.pk})
    if clock.status(attempt.round) == clock.FINISHED:
        return redirect(result)
    board = attempt.board.daily
    heading = gettext("Board of the day, %(language)s") % {
        "language": LANGUAGE_NAMES[board.language]
    }
    return play_page(request, attempt, result, heading)


@never_cache
@require_GET
def daily_result(request: HttpRequest, attempt_id: int) -> HttpResponse:
    attempt, refused = attempt_for(request, attempt_id, None)
    if refused:
        return refused
    homework_services.board_settle_due(board=attempt.board)
    attempt = homework_services.attempt_settle(attempt=attempt)
    if attempt.round.finished_at is None:
        return redirect("homework:daily_attempt", attempt_id=attempt.pk)
    board = attempt.board.daily
    pupil = Pupil(attempt.pupil, attempt.player.nickname, attempt.class_room)
    counted = attempt if attempt.kind == Attempt.Kind.COUNTED else None
    back = reverse("homework:daily", kwargs={"language": board.language, "level": board.level})
    if attempt.class_room is not None:
        back += f"?class={attempt.class_room.code}"
    context = {
        **_daily_context(board, counted, pupil),
        **result_context(attempt, ranks_allowed=True),
        "back": back,
        "play": reverse(
            "homework:daily_play", kwargs={"language": board.language, "level": board.level}
        ),
        "words_found": [
            display(board.language, word)
            for word in sorted(homework_selectors.found_words(attempt.round))
        ],
    }
    return render(request, "homework/daily_result.html", context)
