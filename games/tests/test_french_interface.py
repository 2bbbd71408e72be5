"""The French interface: team names in French whatever language made the teams, dates as
French writes them, and teachers addressed as "vous" (pupils as "tu")."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from games import selectors, services
from games.tests.conftest import ANN, BEN, make_room, start_round
from games.tests.test_results_page import as_browser, play, results_html

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale/fr/LC_MESSAGES/django.po"


@pytest.mark.django_db
def test_team_names_follow_the_pages_language_not_the_one_that_made_them(client):
    with translation.override("en"):
        room = make_room(mode="teams", team_count=2)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    services.player_move(room=room, player_id=ann.pk, team_number=1)
    services.player_move(room=room, player_id=ben.pk, team_number=2)
    game_round = start_round(selectors.current_round(room))
    play(game_round, ann, [sorted(game_round.solution)[0]])
    with translation.override("fr"):
        assert [t["name"] for t in selectors.round_info(game_round)["teams"]] == ["Rouge", "Bleu"]
    with translation.override("en"):
        assert [t["name"] for t in selectors.round_info(game_round)["teams"]] == ["Red", "Blue"]
    services.round_finish(round=game_round, now=game_round.ends_at)
    client.cookies["django_language"] = "fr"
    try:
        page = results_html(as_browser(client, ANN), room, game_round)
    finally:
        translation.activate("en")
    board = page[page.index('id="scoreboard"') : page.index("</ol>", page.index("scoreboard"))]
    assert "Rouge" in board and "Bleu" in board and "Red" not in board


def formatted(language: str, template: str) -> str:
    moment = datetime.date(2026, 11, 27)
    with translation.override(language):
        return Template(template).render(Context({"moment": moment})).strip()


def test_dates_read_as_each_language_writes_them():
    assert formatted("fr", '{{ moment|date:"SHORT_DATE_FORMAT" }}') == "27 nov. 2026"
    assert formatted("en", '{{ moment|date:"SHORT_DATE_FORMAT" }}') == "27 Nov 2026"
    assert formatted("fr", '{{ moment|date:"MONTH_DAY_FORMAT" }}') == "27 nov."
    assert formatted("en", '{{ moment|date:"MONTH_DAY_FORMAT" }}') == "27 Nov"


def test_no_page_writes_a_date_with_an_english_only_month():
    # Django's "M" gives "Nov" in French too: pages use the named formats instead.
    literal = re.compile(r"""(\|date:|date_format\([^,]+,\s*)["'][^"']*\bM\b""")
    for folder in ("templates", "games", "accounts"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".html", ".py", ".txt") and "tests" not in path.parts:
                assert not literal.search(path.read_text(encoding="utf-8")), path


def po_entries():
    """(references, msgid, every msgstr) of the French catalogue."""
    for block in PO.read_text(encoding="utf-8").split("\n\n"):
        refs = " ".join(line[3:] for line in block.splitlines() if line.startswith("#: "))
        msgid = re.search(r'^msgid ((?:".*"\n?)+)', block + "\n", re.M)
        strs = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', block + "\n", re.M)
        if msgid:
            yield (
                refs,
                "".join(re.findall(r'"(.*)"', msgid.group(1))),
                ["".join(re.findall(r'"(.*)"', s)) for s in strs],
            )


# "tu" and its forms, and the imperatives the catalogue uses for pupils.
TU = re.compile(
    r"\b(tu|ton|ta|tes|te|toi|t'|es-tu|as-tu)\b|-(le|la|les|toi)\b"
    r"|\b(choisis|colle|tape|touche|demande|vérifie|rejoins|termine|ouvre|relâche|prends"
    r"|ajoute|retire|lance|attends|appuie|essaie|survole|trouve|envoie|dis)\b",
    re.I,
)
# Where only a teacher reads: the teacher's pages, forms, messages and socket strings.
TEACHERS = re.compile(
    r"^(templates/accounts/|templates/games/(projector|room_new|vocabulary|_projector_podium)"
    r"\.html|accounts/|games/forms\.py|games/host_actions\.py)"
)
# Read by teachers and pupils alike (the results page, the board's strings): neither
# "tu" nor "vous", an infinitive or an impersonal form.
SHARED = [
    "Point at, tap or tab to a word to see its path on the board.",
    "Words anyone found are marked found.",
    "The teacher changed a word: the scores are updated.",
]


def test_teachers_are_addressed_as_vous():
    teachers_only = [
        (msgid, strs)
        for refs, msgid, strs in po_entries()
        if msgid and refs and all(TEACHERS.match(ref) for ref in refs.split())
    ]
    assert len(teachers_only) > 100
    said_tu = [msgid for msgid, strs in teachers_only if any(TU.search(s) for s in strs)]
    assert said_tu == []


def test_what_teachers_and_pupils_both_read_says_neither_tu_nor_vous():
    entries = {msgid: strs for _, msgid, strs in po_entries()}
    for msgid in SHARED:
        assert all(s and not TU.search(s) for s in entries[msgid]), msgid
