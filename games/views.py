"""Pages of the game app. Rules live in games.services and games.engine, not here."""

from __future__ import annotations

import functools

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import clock, join_limits, rosters, selectors, services
from games.dealing import display
from games.forms import JoinForm, RoomForm, RoomSettingsForm, SoloForm, VocabularyForm
from games.homework.selectors import not_theirs
from games.labels import LANGUAGE_NAMES, LEVEL_NAMES
from games.models import Room
from games.modes import rules
from games.nicknames import NicknameError
from games.presentation import results_context
from games.qr import qr_svg
from games.selectors.flashcards import class_cards, flashcard_response, student_cards
from games.selectors.shown_vocabulary import shown_vocabulary
from games.sessions import browser_id

# The clock's numbers for the pages' scripts (games/clock.py owns them): the 3-2-1,
# and the last seconds in amber, then red.
CLOCK_NUMBERS = {
    "countdown": clock.COUNTDOWN_SECONDS,
    "warn": clock.WARN_SECONDS,
    "urgent": clock.URGENT_SECONDS,
}

# A fixed board for the landing page, with one word traced on it.
DEMO_ROWS = ("LETT", "ERGR", "IDSA", "NOWM")
DEMO_PATH = ((1, 2), (1, 1), (2, 0), (2, 1))  # G-R-I-D, each cell next to the one before


@require_GET
def landing(request: HttpRequest) -> HttpResponse:
    path_order = {cell: index + 1 for index, cell in enumerate(DEMO_PATH)}
    demo_cells = [
        {"letter": letter, "step": path_order.get((row, col))}
        for row, line in enumerate(DEMO_ROWS)
        for col, letter in enumerate(line)
    ]
    context = {
        "demo_cells": demo_cells,
        "languages": LANGUAGE_NAMES.values(),
        "levels": LEVEL_NAMES.values(),
        "solo_form": SoloForm(),
        "join_form": JoinForm(),
    }
    return render(request, "games/landing.html", context)


@require_POST
def solo_start(request: HttpRequest) -> HttpResponse:
    """Pick a language and a level, play: a one-player room whose clock starts now."""
    form = SoloForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose a language and a level."))
        return redirect("games:landing")
    browser = browser_id(request)
    room = services.room_create(
        host_browser=browser,
        language=form.cleaned_data["language"],
        level=form.cleaned_data["level"],
        mode=Room.Mode.SOLO,
    )
    # The solo player's name: "You", in the page's language.
    services.player_join(room=room, browser=browser, nickname=gettext("You"))
    return redirect("games:room", code=room.code)


@require_http_methods(["GET", "POST"])
def room_new(request: HttpRequest) -> HttpResponse:
    form = RoomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        browser = browser_id(request)
        try:
            room = services.room_create(host_browser=browser, **form.room_settings())
        except services.RoomSettingsError as error:
            form.add_error(None, str(error))
        else:
            if data["nickname"]:
                services.player_join(room=room, browser=browser, nickname=data["nickname"])
            return redirect("games:room", code=room.code)
    return render(request, "games/room_new.html", {"form": form})


NO_ROOM = gettext_lazy("No room has that code: check it with your teacher.")


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    """The join form: a code and a nickname (the code comes filled in from a link).

    A class that picks names from its roster shows only the roster; one that gives
    nicknames offers one (another on reload). A student who typed the code on the
    landing page lands here for those.
    """
    form = JoinForm(request.POST or None, initial={"code": code})
    asker = join_limits.Asker.of_request(request)
    room = None
    if request.method == "POST" and form.is_valid():
        code, nickname = form.cleaned_data["code"], form.cleaned_data["nickname"]
        try:
            room = join_limits.room_for(code, asker=asker, user=request.user)
        except join_limits.CodeRefused as refused:
            form.add_error("code", str(refused))
        else:
            if room is None:
                form.add_error("code", NO_ROOM)
            elif not nickname.strip() and room.nicknames != Room.Nicknames.TYPED:
                return redirect("games:join_code", code=room.code)  # the roster, or a name
            else:
                try:
                    services.player_join(room=room, browser=browser_id(request), nickname=nickname)
                except NicknameError as error:
                    form.add_error("nickname", str(error))
                except services.JoinRefused as error:
                    form.add_error(None, str(error))
                else:
                    return redirect("games:room", code=room.code)
    elif code and request.method == "GET":
        # A link: say at once, above the (unbound) form, if its code opens nothing.
        try:
            room = join_limits.room_for(code, asker=asker, user=request.user)
        except join_limits.CodeRefused as refused:
            messages.error(request, str(refused))
        else:
            if room is None:
                messages.error(request, NO_ROOM)
    context = {"form": form, "code": room.code if room else code, **rosters.join_choices(room)}
    return render(request, "games/join.html", context)


@never_cache
@require_GET
def room(request: HttpRequest, code: str) -> HttpResponse:
    """A player's page. To anyone else it is the way in (the join page, which counts a
    wrong code): the same redirect whether the code opens a room or not."""
    room = selectors.room_by_code(code) or selectors.room_by_replaced_code(code)
    browser = browser_id(request)
    if room is not None and not_theirs(room, browser):
        room = None  # a homework attempt's room: to anyone else, like no room at all
    # A pupil the host removed for now keeps their page: it says so, and takes them back
    # into the game when the host lets them back in.
    player = room and (
        selectors.player_for(room, browser) or selectors.removed_player_for(room, browser)
    )
    if room is None or player is None:
        if room and selectors.is_host(room, browser, request.user) and rules(room.mode).shared:
            return redirect("games:projector", code=room.code)
        return redirect("games:join_code", code=code)
    if room.code != code.strip().upper():  # a code the teacher replaced: the page's own
        return redirect("games:room", code=room.code)
    page = {
        "code": room.code,
        # ?play=1: the page a player plays on (it takes part in the rounds it sees running).
        "socket": f"/ws/rooms/{room.code}/?play=1",
        "results": reverse("games:results", kwargs={"code": room.code, "number": 0}),
        "clock": CLOCK_NUMBERS,
    }
    projector = rules(room.mode).shared and player.browser == room.host_browser
    context = {"room": room, "page": page, "player": player, "projector": projector}
    return render(request, "games/play.html", context)


def _room_for(request: HttpRequest, code: str) -> Room:
    """The room of ``code`` for a page that tells whether it exists (results,
    flashcards, a new round): a wrong code counts (games.join_limits). Raises
    CodeRefused (see ``codes_limited``)."""
    asker = join_limits.Asker.of_request(request)
    room = join_limits.room_for(code, asker=asker, user=request.user)
    if room is None:
        raise Http404("No room has that code.")
    return room


def codes_limited(view):
    """A view that looks a code up with ``_room_for``: over the limits, the join page
    says why, and nothing tells whether the code opens a room."""

    @functools.wraps(view)
    def limited(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except join_limits.CodeRefused as refused:
            messages.error(request, str(refused))
            return redirect("games:join")

    return limited


@never_cache
@require_GET
@codes_limited
def results(request: HttpRequest, code: str, number: int) -> HttpResponse:
    room = _room_for(request, code)
    # The words come from verdicts.round_solution (read once per process): not the
    # 700-odd paths of a 6x6 round decoded again on every request.
    game_round = room.rounds.filter(number=number).defer("solution").first()
    browser = browser_id(request)
    if game_round is None or not_theirs(room, browser):
        raise Http404("No such round.")
    services.round_finish_if_due(round=game_round)
    if game_round.finished_at is None:
        return redirect("games:room", code=room.code)
    member = selectors.round_player(game_round, selectors.player_for(room, browser))
    host = selectors.is_host(room, browser, request.user)
    context = results_context(
        game_round, member, is_host=host, can_rule=selectors.can_rule(room, request.user)
    )
    return render(request, "games/results.html", context)


FLASHCARD_CHOICES = ("missed", "all", "class")


@never_cache
@require_GET
@codes_limited
def flashcards(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """A pupil's words to take home, as a flashcard file (Anki, Quizlet): the words they
    missed (``?words=missed``, the default) or all the round's (``?words=all``), with
    their meanings in the page's language. Whoever may see the results may fetch it; the
    missed words need the browser that played the round. The room's host may take the
    words the class missed most (``?words=class``), as a class's teacher may from the
    leaderboard."""
    room = _room_for(request, code)
    game_round = room.rounds.filter(number=number, finished_at__isnull=False).first()
    which = request.GET.get("words", "missed")
    browser = browser_id(request)
    if game_round is None or which not in FLASHCARD_CHOICES or not_theirs(room, browser):
        raise Http404("No such round.")
    if which == "class":
        if not selectors.is_host(room, browser, request.user):
            raise Http404("Only the room's host takes the class's words.")
        cards = class_cards(game_round, language=None)
    else:
        member = selectors.round_player(game_round, selectors.player_for(room, browser))
        if which == "missed" and member is None:
            raise Http404("You did not play this round.")
        cards = student_cards(game_round, member, missed_only=which == "missed", language=None)
    return flashcard_response(cards, f"lettergrid-{room.code}-round-{number}-{which}")


def _hosted_room(request: HttpRequest, code: str) -> Room:
    """The host's own room, by its code or one its teacher replaced (a 404 for anyone
    else, whether the code opens a room or not)."""
    room = selectors.room_by_code(code) or selectors.room_by_replaced_code(code)
    if room is None or not selectors.is_host(room, browser_id(request), request.user):
        raise Http404("No room of yours has that code.")
    return room


@never_cache
@require_GET
def projector(request: HttpRequest, code: str) -> HttpResponse:
    """The host's screen for the classroom projector (a presentation view): the join
    code and QR code in the lobby, then board, clock and leaderboard, then the podium;
    the host's controls in panels the teacher opens."""
    room = _hosted_room(request, code)
    join_url = request.build_absolute_uri(reverse("games:join_code", kwargs={"code": room.code}))
    page = {
        "code": room.code,
        "socket": f"/ws/rooms/{room.code}/",
        "results": reverse("games:results", kwargs={"code": room.code, "number": 0}),
        "podium": reverse("games:projector_podium", kwargs={"code": room.code, "number": 0}),
        "join_url": join_url,
        "clock": CLOCK_NUMBERS,
    }
    form = RoomSettingsForm(initial=RoomSettingsForm.initial_for(room), room=room)
    # The SVG is drawn by qrcode from the escaped link: markup we made, safe to inline.
    label = gettext("QR code of %(link)s") % {"link": join_url}
    qr = mark_safe(qr_svg(join_url, label=label))
    context = {
        "room": room,
        "page": page,
        # What the screen shows before its socket has said anything (the lobby's QR code).
        "initial_status": clock.status(selectors.current_round(room)),
        "join_url": join_url,
        "join_site": request.get_host(),
        "form": form,
        "qr_svg": qr,
    }
    return render(request, "games/projector.html", context)


@never_cache
@require_GET
def projector_podium(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """The end of a round for the projector (a fragment it shows): podium, longest word
    found, best word nobody found."""
    room = _hosted_room(request, code)
    game_round = get_object_or_404(room.rounds, number=number)
    services.round_finish_if_due(round=game_round)
    if game_round.finished_at is None:
        raise Http404("That round is not over.")
    context = {"highlights": selectors.round_highlights(game_round), "round": game_round}
    return render(request, "games/_projector_podium.html", context)


@require_http_methods(["GET", "POST"])
def vocabulary(request: HttpRequest, code: str) -> HttpResponse:
    """The host's vocabulary lists: paste or upload, then see every entry checked."""
    room = _hosted_room(request, code)
    form = VocabularyForm(
        request.POST or None, request.FILES or None, initial={"language": room.language}
    )
    checked = None
    if request.method == "POST" and form.is_valid():
        saved, checked = services.vocabulary_save(
            room=room,
            name=form.cleaned_data["name"],
            text=form.cleaned_data["text"],
            language=form.cleaned_data["language"],
        )
        kept = sum(entry.problem is None for entry in checked)
        text = ngettext(
            "“%(name)s” keeps %(kept)d of %(count)d entry.",
            "“%(name)s” keeps %(kept)d of %(count)d entries.",
            len(checked),
        )
        messages.success(request, text % {"name": saved.name, "kept": kept, "count": len(checked)})
        form = VocabularyForm(initial={"language": saved.language})
    lists = room.vocabulary_lists.prefetch_related("entries")
    # The intro names the language of the list being written (the form's), not the room's.
    language = form["language"].value() or room.language
    names = {code: str(name) for code, name in LANGUAGE_NAMES.items()}
    context = {
        "room": room,
        "form": form,
        "checked": checked,
        "lists": lists,
        "form_language_name": names.get(language, names[room.language]),
        "language_names": names,
    }
    return render(request, "games/vocabulary.html", context)


@never_cache
@require_GET
def round_vocabulary(request: HttpRequest, code: str) -> JsonResponse:
    """The current round's unit words for a player's page, when the round shows them
    (static/js/vocabulary.js asks again as the player finds words)."""
    room = selectors.room_by_code(code)
    player = room and selectors.player_for(room, browser_id(request))
    if room is None or player is None:
        raise Http404("Not a player of this room.")
    game_round = selectors.current_round(room)
    member = selectors.round_player(game_round, player) if game_round else None
    if game_round is None:
        return JsonResponse({"round": None, "shown": False, "words": []})
    return JsonResponse(shown_vocabulary(game_round, member))


@require_POST
def next_round(request: HttpRequest, code: str) -> HttpResponse:
    """The host's settings for the next round, then the new round in the lobby."""
    room = _hosted_room(request, code)
    form = RoomSettingsForm(request.POST, room=room)
    if not form.is_valid():
        messages.error(request, gettext("Those settings are not valid: ") + form.errors.as_text())
        return redirect("games:projector", code=room.code)
    try:
        dealt = services.round_deal(room=room, **form.room_settings())
    except services.RoomSettingsError as error:
        # Refused as a whole: the room keeps its settings and its round.
        messages.error(request, str(error))
    else:
        _say_what_was_planted(request, dealt)
    return redirect("games:projector", code=room.code)


def _say_what_was_planted(request: HttpRequest, dealt: services.Dealt) -> None:
    if dealt.not_planted:
        text = ngettext(
            "%(count)d list word was not planted: it does not fit this board (%(words)s).",
            "%(count)d list words were not planted: they do not fit this board (%(words)s).",
            len(dealt.not_planted),
        )
        words = ", ".join(dealt.not_planted)
        messages.warning(request, text % {"count": len(dealt.not_planted), "words": words})


@require_POST
@codes_limited
def play_again(request: HttpRequest, code: str) -> HttpResponse:
    """A new round in the same room with the same settings (the host's button)."""
    room = _room_for(request, code)
    if not selectors.is_host(room, browser_id(request), request.user):
        messages.error(request, gettext("Only the host can deal a new round."))
        return redirect("games:room", code=room.code)
    try:
        services.round_deal(room=room)
    except services.RoomSettingsError as error:
        messages.error(request, str(error))
    return redirect("games:room", code=room.code)


@require_POST
def rule_word(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """The teacher allows a refused word or disallows an accepted one, from the results."""
    room = selectors.room_by_code(code) or selectors.room_by_replaced_code(code)
    if room is None or not selectors.can_rule(room, request.user):
        raise Http404("No class of yours has that room.")
    game_round = get_object_or_404(room.rounds, number=number, finished_at__isnull=False)
    word = (request.POST.get("word") or "").strip().lower()[:40]
    verdict = request.POST.get("verdict", "")
    try:
        services.word_rule(round=game_round, word=word, verdict=verdict, user=request.user)
    except services.RulingRefused as error:
        messages.error(request, str(error))
    else:
        said = {
            "allow": gettext("%(word)s is allowed; the scores are updated."),
            "disallow": gettext("%(word)s is disallowed; the scores are updated."),
            "undo": gettext("The ruling on %(word)s is undone; the scores are updated."),
        }
        messages.success(request, said[verdict] % {"word": display(game_round.language, word)})
    return redirect("games:results", code=room.code, number=number)


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    return render(request, "games/how_to_play.html")
