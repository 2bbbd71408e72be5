"""A class's leaderboards, each student's history (and deleting it), and the CSV exports
(teachers only)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from accounts import history, services
from accounts.charts import line_chart
from accounts.selectors import classrooms_of
from games.engine.languages import LANGUAGES
from games.labels import LANGUAGE_NAMES
from games.selectors.flashcards import class_cards, flashcard_response


def _day(moment) -> str:
    """A round's day under its point on a chart ("26 Nov", "26 nov.")."""
    return date_format(timezone.localtime(moment), "MONTH_DAY_FORMAT") if moment else ""


def _classroom(request: HttpRequest, pk: int):
    return get_object_or_404(classrooms_of(request.user), pk=pk)


def _language(request: HttpRequest, played: list[str], default: str) -> str:
    language = request.GET.get("language") or (default if default in played else "")
    if not language and played:
        language = played[0]
    if language and language not in LANGUAGES:
        raise Http404("No such language.")
    return language


@login_required
@require_GET
def leaderboard(request: HttpRequest, pk: int) -> HttpResponse:
    """Per language (scores of different languages are never added): best rounds,
    totals and the class's trend."""
    classroom = _classroom(request, pk)
    room = classroom.room
    played = history.languages_played(room)
    language = _language(request, played, room.language)
    trend = history.trend(room, language) if language else []
    context = {
        "classroom": classroom,
        "languages": [(code, LANGUAGE_NAMES[code]) for code in played],
        "language": language,
        "language_name": LANGUAGE_NAMES.get(language, ""),
        "students": history.students(room, language) if language else [],
        "best": history.best_rounds(room, language) if language else [],
        "chart": line_chart(
            [average for _, average in trend],
            gettext("Average points per round"),
            [_day(moment) for moment, _ in trend],
        ),
        "rounds": trend,
    }
    return render(request, "accounts/leaderboard.html", context)


@login_required
@require_GET
def student(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """One student (a nickname in the class): rounds, points, words, longest word, chart."""
    classroom = _classroom(request, pk)
    key = history.student_key(slug) or ""
    lines = [
        {
            "language": LANGUAGE_NAMES[language],
            "line": line,
            "chart": line_chart(
                [points for _, points in line.per_round],
                gettext("Points per round"),
                [_day(moment) for moment, _ in line.per_round],
            ),
        }
        for language, line in history.student(classroom.room, key)
    ]
    if not lines:
        raise Http404("No such student in this class.")
    context = {
        "classroom": classroom,
        "nickname": lines[0]["line"].nickname,
        "slug": slug,
        "lines": lines,
        "recent_words": history.recent_words(classroom.room, key),
    }
    return render(request, "accounts/student.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def student_delete(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Delete a student's record from the class, once the teacher has confirmed it."""
    classroom = _classroom(request, pk)
    key = history.student_key(slug) or ""
    player = classroom.room.players.filter(nickname_key=key).first()
    if player is None:
        raise Http404("No such student in this class.")
    if request.method == "POST":
        name = services.student_delete(classroom=classroom, key=key)
        messages.success(
            request, gettext("%(name)s's record was deleted from the class.") % {"name": name}
        )
        return redirect("classes:leaderboard", pk=classroom.pk)
    context = {"classroom": classroom, "nickname": player.nickname, "slug": slug}
    return render(request, "accounts/student_delete.html", context)


def _csv_response(text: str, filename: str) -> HttpResponse:
    # UTF-8 with a byte-order mark: without it Excel reads the accents as Windows-1252.
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    return response


@login_required
@require_GET
def class_csv(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _classroom(request, pk)
    return _csv_response(history.class_csv(classroom.room), slugify(classroom.name) or "class")


@login_required
@require_GET
def student_csv(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    classroom = _classroom(request, pk)
    key = history.student_key(slug) or ""
    return _csv_response(
        history.student_csv(classroom.room, key), f"{slugify(classroom.name)}-{slugify(key)}"
    )


@login_required
@require_GET
def round_flashcards(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The words the class missed most in a round, with their meanings, as flashcards."""
    classroom = _classroom(request, pk)
    game_round = get_object_or_404(classroom.room.rounds, number=number, finished_at__isnull=False)
    cards = class_cards(game_round, language=None)
    return flashcard_response(cards, f"{slugify(classroom.name) or 'class'}-round-{number}-missed")


@login_required
@require_GET
def round_csv(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    classroom = _classroom(request, pk)
    game_round = get_object_or_404(classroom.room.rounds, number=number, finished_at__isnull=False)
    return _csv_response(history.round_csv(game_round), f"{slugify(classroom.name)}-round-{number}")
