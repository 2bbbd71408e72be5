"""CSV exports that open as they should in Excel and LibreOffice, in either interface language."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from accounts.tests.conftest import make_classroom
from games import selectors, services

pytestmark = pytest.mark.django_db
BOM = b"\xef\xbb\xbf"


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A French request leaves French active in this thread: later tests expect English."""
    yield
    translation.activate("en")


@pytest.fixture
def french_round(teacher):
    """A French round in which Zoé found "été" (typed without accents) and another word."""
    classroom = make_classroom(teacher, language="fr")
    room = classroom.room
    game_round = services.round_deal(room=room, board="ETEA/SRUN/LOIE/TSAP", level=4).round
    game_round = services.round_start(round=game_round)
    player = services.player_join(room=room, browser="b-zoe", nickname="Zoé")
    moment = game_round.ends_at - timedelta(seconds=5)
    for word in ("ete", "rue"):
        result = services.word_submit(
            round=game_round, player=player, round_id=game_round.pk, word=word, now=moment
        )
        assert result.accepted, result.reason
    services.round_finish(round=game_round, now=game_round.ends_at)
    return classroom, game_round


def download(client, name, **kwargs) -> bytes:
    response = client.get(reverse(name, kwargs=kwargs))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return response.content


def test_a_french_teacher_gets_french_columns_semicolons_and_french_dates(
    client, teacher, french_round
):
    classroom, game_round = french_round
    client.force_login(teacher)
    client.cookies["django_language"] = "fr"
    body = download(client, "classes:round_csv", pk=classroom.pk, number=game_round.number)
    assert body.startswith(BOM)  # Excel reads UTF-8 only with it
    rows = list(csv.reader(io.StringIO(body[len(BOM) :].decode("utf-8")), delimiter=";"))
    assert rows[0] == ["pseudo", "équipe", "mot", "points", "trouvé le"]
    words = {row[2] for row in rows[1:]}
    assert "été" in words  # as the language writes it, not as typed
    assert {row[0] for row in rows[1:]} == {"Zoé"}
    found = timezone.localtime(game_round.ends_at - timedelta(seconds=5))
    assert rows[1][4] == found.strftime("%d/%m/%Y %H:%M")
    student = download(client, "classes:class_csv", pk=classroom.pk)
    header = student[len(BOM) :].decode("utf-8").splitlines()[0]
    assert header == "langue;pseudo;manches;points;mots;mot le plus long"


def test_an_english_download_has_a_bom_commas_and_dates_every_spreadsheet_reads(
    client, teacher, french_round
):
    classroom, game_round = french_round
    client.force_login(teacher)
    client.cookies["django_language"] = "en"
    body = download(client, "classes:round_csv", pk=classroom.pk, number=game_round.number)
    assert body.startswith(BOM)
    rows = list(csv.reader(io.StringIO(body[len(BOM) :].decode("utf-8"))))
    assert rows[0] == ["nickname", "team", "word", "points", "found_at"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}", rows[1][4])
    assert selectors.current_round(classroom.room).pk == game_round.pk
