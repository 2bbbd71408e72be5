"""Teachers' pages: an account (sign-up, login) and the classes it owns.

Login, logout and password reset are Django's own views, configured in
``accounts.urls`` (the reset's last step also lifts a login lockout). A
teacher only ever reaches their own classes: every class page looks the class
up among ``selectors.classrooms_of(request.user)``, so another teacher's
class is a 404, not a 403 that would confirm it exists.
"""

from __future__ import annotations

from axes.utils import reset as axes_reset
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from accounts import selectors, services
from accounts.forms import ClassroomForm, SignUpForm
from accounts.models import Classroom
from games.homework.daily import today
from games.homework.report import daily_results
from games.qr import qr_svg
from games.sessions import browser_id


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's last step of a password reset, which also lifts the account's
    login lockout: whoever reads the teacher's mail may log in again at once."""

    def form_valid(self, form):
        response = super().form_valid(form)
        axes_reset(username=form.user.get_username().casefold())
        return response


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("classes:list")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, gettext("Welcome! Create your first class."))
        return redirect("classes:create")
    return render(request, "accounts/signup.html", {"form": form})


def _classroom(request: HttpRequest, pk: int) -> Classroom:
    return get_object_or_404(selectors.classrooms_of(request.user), pk=pk)


@login_required
@require_GET
def class_list(request: HttpRequest) -> HttpResponse:
    classrooms = selectors.classrooms_of(request.user)
    return render(request, "accounts/class_list.html", {"classrooms": classrooms})


@login_required
@require_http_methods(["GET", "POST"])
def class_create(request: HttpRequest) -> HttpResponse:
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        classroom = services.classroom_create(
            teacher=request.user, host_browser=browser_id(request), **form.cleaned_data
        )
        return redirect("classes:detail", pk=classroom.pk)
    return render(request, "accounts/class_form.html", {"form": form, "classroom": None})


@login_required
@require_GET
def class_detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _classroom(request, pk)
    join_url = request.build_absolute_uri(
        reverse("games:join_code", kwargs={"code": classroom.code})
    )
    room = classroom.room
    context = {
        "classroom": classroom,
        "join_url": join_url,
        "qr": qr_svg(join_url, label=gettext("QR code of %(link)s") % {"link": join_url}),
        # The class on today's board of the day (its language and level).
        "daily": daily_results(room, language=room.language, level=room.level, day=today()),
    }
    return render(request, "accounts/class_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def class_edit(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _classroom(request, pk)
    form = ClassroomForm.for_classroom(classroom, request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.classroom_update(classroom=classroom, **form.cleaned_data)
        messages.success(request, gettext("Class saved."))
        return redirect("classes:detail", pk=classroom.pk)
    return render(request, "accounts/class_form.html", {"form": form, "classroom": classroom})


@login_required
@require_http_methods(["GET", "POST"])
def class_new_code(request: HttpRequest, pk: int) -> HttpResponse:
    """A new join code (the old one got out, say), once the teacher confirms."""
    classroom = _classroom(request, pk)
    if request.method == "GET":
        return render(request, "accounts/class_new_code.html", {"classroom": classroom})
    code = services.classroom_new_code(classroom=classroom)
    text = gettext(
        "The class's new code is %(code)s. The old code and old links now say that the "
        "code has changed; students already in the room play on. Reload the projector "
        "screen if it is open."
    )
    messages.success(request, text % {"code": code})
    return redirect("classes:detail", pk=classroom.pk)


@login_required
@require_http_methods(["GET", "POST"])
def class_delete(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _classroom(request, pk)
    if request.method == "POST":
        services.classroom_delete(classroom=classroom)
        messages.success(request, gettext("Class “%(name)s” deleted.") % {"name": classroom.name})
        return redirect("classes:list")
    return render(request, "accounts/class_delete.html", {"classroom": classroom})
