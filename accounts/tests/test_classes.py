"""A teacher's classes: each owns a room whose code is the join code, shown big and as a QR code."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from accounts.models import Classroom
from accounts.rosters import RosterError, roster_clean
from accounts.tests.conftest import make_classroom
from games import rosters, services
from games.models import Player, Room
from games.qr import qr_code, qr_svg
from games.sessions import BROWSER_KEY
from games.tests.conftest import make_room

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}"


def class_form(**fields):
    return {"name": "5e B", "language": "fr", "level": 2, "roster": "", **fields}


def test_creating_a_class_opens_its_room_hosted_by_this_browser(teacher_client, teacher):
    teacher_client.get(reverse("classes:list"))
    response = teacher_client.post(
        reverse("classes:create"), class_form(roster="  Ann \n\nBen\n  Chloé  ")
    )
    classroom = Classroom.objects.get()
    assert response.url == reverse("classes:detail", kwargs={"pk": classroom.pk})
    room = classroom.room
    assert (classroom.teacher, classroom.name, room.owner) == (teacher, "5e B", teacher)
    assert room.roster_names == ["Ann", "Ben", "Chloé"]
    assert (room.mode, room.language, room.level) == ("versus", "fr", 2)
    assert room.host_browser == teacher_client.session[BROWSER_KEY]
    assert room.rounds.count() == 1  # a round is dealt and waits in the lobby


def test_the_class_page_shows_the_code_the_join_link_the_qr_and_the_roster(teacher_client, teacher):
    classroom = make_classroom(teacher, roster=["Ann", "Ben"])
    html = teacher_client.get(reverse("classes:detail", kwargs={"pk": classroom.pk})).content
    html = html.decode()
    join_url = f"http://testserver/join/{classroom.code}"
    assert f'<p class="join-code" id="join-code">{classroom.code}</p>' in html
    assert f'href="{join_url}"' in html
    assert '<svg class="qr-code"' in html
    assert "<li>Ann</li><li>Ben</li>" in html


def test_the_teacher_gives_the_class_a_new_code_and_the_page_shows_it(teacher_client, teacher):
    classroom = make_classroom(teacher)
    old = classroom.code
    page = reverse("classes:detail", kwargs={"pk": classroom.pk})
    ask = reverse("classes:new_code", kwargs={"pk": classroom.pk})
    assert f'href="{ask}"' in teacher_client.get(page).content.decode()
    confirm = teacher_client.get(ask).content.decode()  # asked first: the old code then stops
    assert old in confirm and "Keep this one" in confirm
    classroom.refresh_from_db()
    assert classroom.code == old
    answer = teacher_client.post(ask)
    assert answer.url == page
    classroom.refresh_from_db()
    new = classroom.code
    assert new != old
    html = teacher_client.get(page).content.decode()
    assert f'<p class="join-code" id="join-code">{new}</p>' in html
    assert f"http://testserver/join/{new}" in html and old not in html
    assert f"new code is {new}." in html
    # The projector screen opens by either code, and shows the new one.
    projector = teacher_client.get(reverse("games:projector", kwargs={"code": old}))
    assert projector.status_code == 200 and new in projector.content.decode()


def test_the_teacher_runs_the_room_from_any_browser_without_being_asked(teacher_client, teacher):
    classroom = make_classroom(teacher)  # created in another browser ("t-browser")
    projector = reverse("games:projector", kwargs={"code": classroom.code})
    assert teacher_client.get(projector).status_code == 200
    detail = teacher_client.get(reverse("classes:detail", kwargs={"pk": classroom.pk}))
    assert f'href="{projector}"' in detail.content.decode()
    room_page = reverse("games:room", kwargs={"code": classroom.code})
    # The host's page (or wherever the room sends its host), not the join form.
    response = teacher_client.get(room_page, follow=True)
    assert response.status_code == 200
    assert response.request["PATH_INFO"] != reverse(
        "games:join_code", kwargs={"code": classroom.code}
    )


def test_the_qr_code_is_well_formed_svg_of_the_join_link():
    link = "https://games.school.example/join/BCD234"
    svg = qr_svg(link, label="QR code")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert "width" not in root.attrib  # sized by CSS
    code = qr_code(link)
    assert code.data_list[0].data == link.encode()
    # Every dark module of qrcode's matrix is one square of the path, and nothing else is.
    path = root.find(f"{SVG}path").attrib["d"]
    squares = {(int(x), int(y)) for x, y in re.findall(r"M(\d+),(\d+)H", path)}
    matrix = code.get_matrix()
    dark = {(x, y) for y, row in enumerate(matrix) for x, cell in enumerate(row) if cell}
    assert squares == dark
    assert len(dark) > 200


def test_my_classes_lists_mine_only(teacher_client, teacher, other_teacher):
    make_classroom(teacher, name="5e B")
    make_classroom(other_teacher, name="Year 9 Spanish")
    html = teacher_client.get(reverse("classes:list")).content.decode()
    assert "5e B" in html
    assert "Year 9 Spanish" not in html


@pytest.mark.parametrize(
    ("page", "methods"),
    [
        ("detail", ["get"]),
        ("edit", ["get", "post"]),
        ("delete", ["get", "post"]),
        ("new_code", ["get", "post"]),
    ],
)
def test_another_teachers_class_is_not_found(teacher_client, other_teacher, page, methods):
    theirs = make_classroom(other_teacher, name="Year 9 Spanish")
    url = reverse(f"classes:{page}", kwargs={"pk": theirs.pk})
    for method in methods:
        response = getattr(teacher_client, method)(url, class_form(name="Mine now"))
        assert response.status_code == 404, method
    theirs.refresh_from_db()
    assert (theirs.name, theirs.room.host_browser) == ("Year 9 Spanish", "t-browser")
    assert not theirs.room.retired_codes.exists()


def test_class_pages_ask_for_a_login(client, teacher):
    classroom = make_classroom(teacher)
    for url in (reverse("classes:list"), reverse("classes:detail", kwargs={"pk": classroom.pk})):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("accounts:login") + "?next=")


def test_editing_a_class_changes_its_next_round_and_keeps_the_projectors_choices(
    teacher_client, teacher
):
    classroom = make_classroom(teacher, language="fr", level=2)
    url = reverse("classes:edit", kwargs={"pk": classroom.pk})
    # The projector deals a German round; the class form, opened afterwards, says so.
    services.round_deal(room=classroom.room, language="de", level=1)
    form = teacher_client.get(url).context["form"]
    assert (form.initial["language"], form.initial["level"]) == ("de", 1)
    teacher_client.post(url, class_form(language="de", level=1, roster="Ann"))
    classroom.room.refresh_from_db()
    assert (classroom.room.language, classroom.room.level) == ("de", 1)  # not undone
    round_before = classroom.room.rounds.get()
    url = reverse("classes:edit", kwargs={"pk": classroom.pk})
    assert teacher_client.get(url).context["form"].initial["name"] == "5e B"
    response = teacher_client.post(
        url, class_form(name="5e B (Spanish)", language="es", level=3, roster="Ann\nBen")
    )
    assert response.url == reverse("classes:detail", kwargs={"pk": classroom.pk})
    classroom.refresh_from_db()
    classroom.room.refresh_from_db()
    assert classroom.name == "5e B (Spanish)"
    assert classroom.room.roster == "Ann\nBen"
    assert (classroom.room.language, classroom.room.level) == ("es", 3)
    round_before.refresh_from_db()
    assert (round_before.language, round_before.level) == ("de", 1)  # dealt already


def test_deleting_a_class_deletes_its_room_and_players(teacher_client, teacher):
    classroom = make_classroom(teacher)
    Player.objects.create(room=classroom.room, browser="b", nickname="Ann", nickname_key="ann")
    url = reverse("classes:delete", kwargs={"pk": classroom.pk})
    assert "deleted for good" in teacher_client.get(url).content.decode()
    assert teacher_client.post(url).url == reverse("classes:list")
    assert not Classroom.objects.exists()
    assert not Room.objects.exists()
    assert not Player.objects.exists()


def test_a_roster_with_bad_lines_is_refused_line_by_line(teacher_client):
    response = teacher_client.post(
        reverse("classes:create"),
        class_form(roster="Ann\nann\n" + "x" * 30 + "\nBen\nann@mail.example.com"),
    )
    assert response.status_code == 200
    errors = response.context["form"].errors["roster"]
    assert errors[0] == "Line 2: 'ann' is already on line 1."
    assert errors[1].startswith("Line 3: Keep your nickname to 20 characters")
    assert errors[2].startswith("Line 5: ")
    assert len(errors) == 3
    assert not Classroom.objects.exists()
    assert not Room.objects.exists()


def test_roster_cleaning_trims_collapses_and_skips_blank_lines():
    assert roster_clean("  Ann   Marie \n\n \t\nBen\r\nCHLOÉ") == ["Ann Marie", "Ben", "CHLOÉ"]
    assert roster_clean("") == []
    with pytest.raises(RosterError) as error:
        roster_clean("\n".join(f"Pupil {n}" for n in range(101)))
    assert error.value.problems == ["Keep the roster to 100 names."]


def test_the_join_page_roster_gives_the_class_names_and_nothing_for_other_rooms(teacher):
    classroom = make_classroom(teacher, roster=["Ann", "Ben"])
    assert [entry["name"] for entry in rosters.available(classroom.room)] == ["Ann", "Ben"]
    assert rosters.available(make_classroom(teacher, name="No roster").room) == []
    assert rosters.available(make_room()) == []
