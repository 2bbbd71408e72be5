"""Pupils' pages of play at home: a homework, the board of the day, an attempt and its result.

No account: a homework's link (``/h/<token>/``) asks who the pupil is in the
class once per browser; the board of the day needs nobody (``/today/``), or
plays as the pupil's class nickname through their class (``?class=<code>``).
An attempt is played on the ordinary play page; only the browser that started
it may open it, its socket or its result.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import clock
from games.homework import pupils, ranks
from games.homework import selectors as homework_selectors
from games.homework import services as homework_services
from games.homework.forms import NicknameForm
from games.homework.models import Attempt, DailyBoard, Homework
from games.homework.pupils import Pupil
from games.labels import LANGUAGE_NAMES, LEVEL_NAMES
from games.nicknames import NicknameError
from games.selectors.flashcards import Card, flashcard_response
from games.sessions import browser_id
from games.views import CLOCK_NUMBERS


def _homework(token: str) -> Homework:
    return get_object_or_404(Homework.objects.select_related("class_room"), token=token)


def identify(request: HttpRequest, class_room, form: NicknameForm) -> Pupil | None:
    """The nickname a pupil typed or picked, remembered for the class; None (and the
    form's error) when the class's rules refuse it."""
    if not form.is_valid():
        return None
    try:
        pupil = Pupil.in_class(class_room, form.cleaned_data["nickname"])
    except NicknameError as error:
        form.add_error("nickname", str(error))
        return None
    pupils.remember(request, pupil)
    return pupil


@never_cache
@require_http_methods(["GET", "POST"])
def homework(request: HttpRequest, token: str) -> HttpResponse:
    """The homework's page: who you are, then each board to play, resume or practise."""
    homework = _homework(token)
    class_room = homework.class_room
    form = NicknameForm(request.POST or None)
    if request.method == "POST" and identify(request, class_room, form):
        return redirect("homework:homework", token=token)
    pupil = pupils.remembered(request, class_room)
    status = homework_selectors.homework_status(homework)
    boards = []
    if pupil is not None and status != "waiting":
        browser = browser_id(request)
        for state in homework_selectors.homework_states(homework, pupil, browser):
            result = None
            # A result is shown to the browser that played it, nobody else: the same
            # nickname typed on another device is told only that it was played.
            theirs = state.final is not None and state.final.player.browser == browser
            if theirs:
                final = homework_services.attempt_settle(attempt=state.final)
                if final.round.finished_at is not None:
                    result = homework_selectors.attempt_result(final, ranks_allowed=False)
            boards.append({"state": state, "result": result, "theirs": theirs})
    context = {
        "homework": homework,
        "class_name": class_name(class_room),
        "status": status,
        "pupil": pupil,
        "form": form,
        "roster": class_room.roster_names,
        "rule": class_room.nicknames,
        "offered": pupils.offered(class_room) if pupil is None else "",
        "boards": boards,
        "settings": _board_settings(homework),
        "daily_url": _daily_url(class_room),
    }
    return render(request, "homework/homework.html", context)


def class_name(class_room) -> str:
    classroom = getattr(class_room, "classroom", None)
    return classroom.name if classroom is not None else ""


def _board_settings(homework: Homework) -> dict | None:
    placed = homework.boards.select_related("round").defer("round__solution").first()
    if placed is None:
        return None
    board = placed.round
    return {
        "language": LANGUAGE_NAMES[board.language],
        "level": LEVEL_NAMES[board.level],
        "size": board.size,
        "minutes": board.duration_seconds // 60,
        "seconds": board.duration_seconds,
        "count": homework.boards.count(),
    }


def _daily_url(class_room) -> str:
    url = reverse(
        "homework:daily", kwargs={"language": class_room.language, "level": class_room.level}
    )
    return f"{url}?class={class_room.code}"


@require_POST
def homework_forget(request: HttpRequest, token: str) -> HttpResponse:
    """ "Not me": this browser forgets who it was in the class."""
    homework = _homework(token)
    pupils.forget(request, homework.class_room)
    return redirect("homework:homework", token=token)


@require_POST
def homework_play(request: HttpRequest, token: str, position: int) -> HttpResponse:
    """Start (or resume, or practise) a board of the homework."""
    homework = _homework(token)
    pupil = pupils.remembered(request, homework.class_room)
    placed = homework_services.homework_board(homework, position)
    if placed is None:
        raise Http404("No such board in this homework.")
    if pupil is None:
        messages.error(request, gettext("Say who you are first."))
        return redirect("homework:homework", token=token)
    try:
        attempt = homework_services.attempt_start(
            board=placed.round,
            pupil=pupil,
            browser=browser_id(request),
            opens_at=homework.opens_at,
            deadline=homework.due_at,
        )
    except homework_services.AttemptRefused as error:
        messages.error(request, str(error))
        return redirect("homework:homework", token=token)
    return redirect("homework:attempt", token=token, attempt_id=attempt.pk)


# --- an attempt: played, then its result ----------------------------------------------


def attempt_for(request: HttpRequest, attempt_id: int, homework: Homework | None):
    """The attempt, if it is one of ``homework`` (None: a board of the day) played on this
    browser; else the page that says why not (and shows nothing of it)."""
    attempt = (
        Attempt.objects.select_related("round", "round__room", "player", "board")
        .filter(pk=attempt_id)
        .first()
    )
    if homework is not None:
        belongs = attempt is not None and homework.boards.filter(round_id=attempt.board_id)
    else:
        belongs = attempt is not None and DailyBoard.objects.filter(round_id=attempt.board_id)
    back = _back(homework)
    if not belongs or not belongs.exists():
        message = gettext("There is no such attempt here: check the link.")
        return None, _refused(request, message, back, status=404)
    if attempt.player.browser != browser_id(request):
        message = gettext(
            "This attempt is being played on another device: open it there. "
            "Nothing was recorded here."
        )
        return None, _refused(request, message, back, status=403)
    return attempt, None


def _back(homework: Homework | None) -> str:
    if homework is not None:
        return reverse("homework:homework", kwargs={"token": homework.token})
    return reverse("homework:daily_choose")


def _refused(request: HttpRequest, message: str, back: str, status: int) -> HttpResponse:
    return render(
        request, "homework/refused.html", {"message": message, "back": back}, status=status
    )


def play_page(
    request: HttpRequest, attempt: Attempt, result_url: str, heading: str
) -> HttpResponse:
    """The ordinary play page on the attempt's room, with the way to its own result."""
    room = attempt.round.room
    page = {
        "code": room.code,
        "socket": f"/ws/rooms/{room.code}/?play=1",
        "results": result_url,
        "clock": CLOCK_NUMBERS,
    }
    context = {
        "room": room,
        "page": page,
        "player": attempt.player,
        "projector": False,
        "heading": heading,
        "attempt": attempt,
        "homework_page": {"result_label": gettext("See your result")},
    }
    return render(request, "homework/play.html", context)


@never_cache
@require_GET
def homework_attempt(request: HttpRequest, token: str, attempt_id: int) -> HttpResponse:
    homework = _homework(token)
    attempt, refused = attempt_for(request, attempt_id, homework)
    if refused:
        return refused
    result = reverse("homework:result", kwargs={"token": token, "attempt_id": attempt.pk})
    if clock.status(attempt.round) == clock.FINISHED:
        return redirect(result)
    position = homework.boards.get(round_id=attempt.board_id).position
    heading = gettext("%(title)s, board %(position)d") % {
        "title": homework.title,
        "position": position,
    }
    return play_page(request, attempt, result, heading)


@never_cache
@require_GET
def homework_result(request: HttpRequest, token: str, attempt_id: int) -> HttpResponse:
    homework = _homework(token)
    attempt, refused = attempt_for(request, attempt_id, homework)
    if refused:
        return refused
    homework_services.board_settle_due(board=attempt.board)  # closed tabs count too
    attempt = homework_services.attempt_settle(attempt=attempt)
    if attempt.round.finished_at is None:
        return redirect("homework:attempt", token=token, attempt_id=attempt.pk)
    placed = homework.boards.get(round_id=attempt.board_id)
    context = {
        **result_context(attempt, ranks_allowed=homework.show_ranks),
        "homework": homework,
        "position": placed.position,
        "class_missed": homework_selectors.class_words_missed(attempt)[:40],
        "again": reverse("homework:play", kwargs={"token": token, "position": placed.position}),
        "flashcards": reverse(
            "homework:flashcards", kwargs={"token": token, "attempt_id": attempt.pk}
        ),
        "back": _back(homework),
    }
    return render(request, "homework/result.html", context)


def result_context(attempt: Attempt, *, ranks_allowed: bool) -> dict:
    result = homework_selectors.attempt_result(attempt, ranks_allowed=ranks_allowed)
    counted = attempt.kind == Attempt.Kind.COUNTED
    players = ranks.standing(attempt.board_id, 0).players if counted else 0
    return {
        "attempt": attempt,
        "result": result,
        "ranks_allowed": ranks_allowed and counted,
        "ranks_from": ranks.RANKS_FROM,
        "players": players,
    }


@never_cache
@require_GET
def homework_flashcards(request: HttpRequest, token: str, attempt_id: int) -> HttpResponse:
    """The words classmates found that this pupil did not, with their meanings (Anki,
    Quizlet)."""
    homework = _homework(token)
    attempt, refused = attempt_for(request, attempt_id, homework)
    if refused:
        return refused
    missed = homework_selectors.class_words_missed(attempt)
    cards = [Card(entry["display"], entry["gloss"]) for entry in missed if entry["gloss"]]
    return flashcard_response(cards, f"lettergrid-homework-{attempt.pk}-class-words")
