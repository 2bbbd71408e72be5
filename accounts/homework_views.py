"""A class's homework for its teacher: set it, share its link, read the report, rule on words.

Every page finds the class among the teacher's own (``classrooms_of``) and the
homework among that class's: another class's homework is "not found". The
report's reads are ``games.homework.report``; the changes are
``games.homework.services``.
"""

from __future__ import annotations

import csv
import io
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import gettext, pgettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.charts import line_chart
from accounts.history import csv_moment, csv_separator
from accounts.history_views import _csv_response
from accounts.selectors import classrooms_of
from games import services as game_services
from games.dealing import display
from games.engine.board import parse_board
from games.homework import daily
from games.homework import report as homework_report
from games.homework import services as homework_services
from games.homework.forms import HomeworkForm
from games.homework.selectors import homework_status
from games.qr import qr_svg
from games.selectors.flashcards import Card, flashcard_response

# The report's columns, in the interface language of whoever downloads the file.
HEADERS = {
    "nickname": pgettext_lazy("CSV column", "nickname"),
    "board": pgettext_lazy("CSV column", "board"),
    "status": pgettext_lazy("CSV column", "status"),
    "points": pgettext_lazy("CSV column", "points"),
    "share": pgettext_lazy("CSV column", "share_percent"),
    "words": pgettext_lazy("CSV column", "words"),
    "played_at": pgettext_lazy("CSV column", "played_at"),
}
STATUS = {
    "on_time": pgettext_lazy("homework status", "on time"),
    "late": pgettext_lazy("homework status", "late"),
    "playing": pgettext_lazy("homework status", "playing now"),
    "not_played": pgettext_lazy("homework status", "not played yet"),
}


def _classroom(request: HttpRequest, pk: int):
    return get_object_or_404(classrooms_of(request.user), pk=pk)


def _homework(classroom, homework_id: int):
    return get_object_or_404(classroom.room.homework, pk=homework_id)


@login_required
@require_GET
def homework_list(request: HttpRequest, pk: int) -> HttpResponse:
    """The class's homework, its share homework by homework, each pupil's missed level 1-2
    words, and the class on today's board of the day."""
    classroom = _classroom(request, pk)
    room = classroom.room
    series = homework_report.share_by_homework(room)
    chart = line_chart(
        [value for _, value in series],
        gettext("The class's average share of the boards' points, homework by homework"),
        [date_format(timezone.localtime(hw.due_at), "MONTH_DAY_FORMAT") for hw, _ in series],
    )
    context = {
        "classroom": classroom,
        "homework": [(hw, homework_status(hw)) for hw in room.homework.all()],
        "chart": chart,
        "series": series,
        "easy_words": homework_report.easy_words_missed(room),
        "daily": homework_report.daily_results(
            room, language=room.language, level=room.level, day=daily.today()
        ),
    }
    return render(request, "accounts/homework_list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def homework_create(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _classroom(request, pk)
    form = HomeworkForm(request.POST or None, class_room=classroom.room)
    if request.method == "POST" and form.is_valid():
        try:
            homework = homework_services.homework_create(
                class_room=classroom.room, **form.homework_settings()
            )
        except homework_services.HomeworkRefused as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, gettext("Homework set: share its link with the class."))
            return redirect("classes:homework_report", pk=pk, homework_id=homework.pk)
    return render(request, "accounts/homework_form.html", {"classroom": classroom, "form": form})


def share_links(url: str, title: str) -> dict[str, str]:
    """Links that open Google Classroom's and Microsoft Teams' own share pages with the
    homework's link filled in: plain links, no script of theirs on our pages."""
    return {
        "classroom": f"https://classroom.google.com/share?url={quote(url, safe='')}",
        "teams": (
            f"https://teams.microsoft.com/share?href={quote(url, safe='')}"
            f"&msgText={quote(title, safe='')}"
        ),
    }


@never_cache
@login_required
@require_GET
def homework_detail(request: HttpRequest, pk: int, homework_id: int) -> HttpResponse:
    """The report: the link to share, who played, shares and words, the words the class
    missed most, and each board's words to rule on."""
    classroom = _classroom(request, pk)
    homework = _homework(classroom, homework_id)
    url = request.build_absolute_uri(reverse("homework:homework", args=[homework.token]))
    status = homework_status(homework)
    report = homework_report.homework_report(homework)
    label = gettext("QR code of %(link)s") % {"link": url}
    context = {
        "classroom": classroom,
        "homework": homework,
        "status": status,
        "url": url,
        "qr": mark_safe(qr_svg(url, label=label)),
        "share": share_links(url, homework.title),
        "report": report,
        "average_share": homework_report.average_share(report),
        "status_names": STATUS,
        "missed_most": homework_report.missed_most(report),
        # Nobody sees a board before the opening, the teacher included.
        "boards": [
            {"report": board, "cells": _cells(board.board) if status != "waiting" else None}
            for board in report.boards
        ],
    }
    return render(request, "accounts/homework_report.html", context)


def _cells(game_round) -> dict:
    board = parse_board(game_round.board)
    return {"cols": board.cols, "faces": [cell or "■" for cell in board.cells]}


def report_csv(report: homework_report.Report) -> str:
    """The report's table, one row per pupil and board (the page's columns)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=csv_separator())
    writer.writerow([str(name) for name in HEADERS.values()])
    for line in report.lines:
        writer.writerow(
            [
                _cell(line.nickname),
                line.position,
                str(STATUS[line.status]),
                "" if line.points is None else line.points,
                "" if line.share is None else _share(line.share),
                "" if line.words is None else line.words,
                csv_moment(line.played_at),
            ]
        )
    return buffer.getvalue()


def _cell(value: str) -> str:
    # Text starting with = + - @ would run as a formula in a spreadsheet.
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _share(value: float) -> str:
    # The decimal mark of the separator's spreadsheets: "41.5" with ",", "41,5" with ";".
    text = f"{value:.1f}"
    return text.replace(".", ",") if csv_separator() == ";" else text


@login_required
@require_GET
def homework_csv(request: HttpRequest, pk: int, homework_id: int) -> HttpResponse:
    classroom = _classroom(request, pk)
    homework = _homework(classroom, homework_id)
    text = report_csv(homework_report.homework_report(homework, detail=False))
    return _csv_response(text, f"{slugify(classroom.name)}-{slugify(homework.title)}")


@login_required
@require_GET
def homework_flashcards(request: HttpRequest, pk: int, homework_id: int) -> HttpResponse:
    """The words the class missed most in the homework, with their meanings."""
    classroom = _classroom(request, pk)
    homework = _homework(classroom, homework_id)
    missed = homework_report.missed_most(homework_report.homework_report(homework), limit=50)
    cards = [Card(entry["display"], entry["gloss"]) for entry in missed]
    name = f"{slugify(classroom.name) or 'class'}-{slugify(homework.title) or 'homework'}-missed"
    return flashcard_response(cards, name)


@login_required
@require_POST
def homework_rule(request: HttpRequest, pk: int, homework_id: int, position: int) -> HttpResponse:
    """Allow a word a board's dictionary refused, disallow one it counted, or undo: every
    pupil's result and the report follow."""
    classroom = _classroom(request, pk)
    homework = _homework(classroom, homework_id)
    placed = homework_services.homework_board(homework, position)
    if placed is None:
        raise Http404("No such board.")
    word = (request.POST.get("word") or "").strip().lower()[:40]
    verdict = request.POST.get("verdict", "")
    try:
        homework_services.board_word_rule(
            board=placed.round, word=word, verdict=verdict, user=request.user
        )
    except game_services.RulingRefused as error:
        messages.error(request, str(error))
    else:
        said = {
            "allow": gettext("%(word)s is allowed; every result is updated."),
            "disallow": gettext("%(word)s is disallowed; every result is updated."),
            "undo": gettext("The ruling on %(word)s is undone; every result is updated."),
        }
        messages.success(request, said[verdict] % {"word": display(placed.round.language, word)})
    url = reverse("classes:homework_report", kwargs={"pk": pk, "homework_id": homework.pk})
    return redirect(f"{url}#board-{position}")
