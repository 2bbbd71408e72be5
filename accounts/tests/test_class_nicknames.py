"""A class's nickname rules where students join: names compared without case or accents,
the roster's own spelling, roster-only classes and classes that give nicknames."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import Classroom
from accounts.tests.conftest import make_classroom
from games import services
from games.models import Player, Room
from games.nicknames import NicknameError, nickname_key
from games.nicknames.words import names
from games.rosters import join_choices
from games.tests.conftest import ANN, BEN, CHLOE, make_room

pytestmark = pytest.mark.django_db


def join_url(room) -> str:
    return reverse("games:join_code", kwargs={"code": room.code})


def test_chloe_is_refused_while_chloe_with_an_accent_is_in_the_room():
    room = make_room(mode="versus")
    services.player_join(room=room, browser=ANN, nickname="Chloé")
    for spelling in ("chloe", "CHLOE", "Chloe", "Сhloé"):  # the last with a Cyrillic С
        with pytest.raises(NicknameError, match="already has that nickname"):
            services.player_join(room=room, browser=BEN, nickname=spelling)


def test_a_roster_name_taken_by_someone_else_cannot_be_typed_another_way(client, teacher):
    classroom = make_classroom(teacher, roster=["Chloé", "Ann"])
    room = classroom.room
    services.player_join(room=room, browser=ANN, nickname="Chloé")  # tapped her name
    response = client.post(reverse("games:join"), {"code": room.code, "nickname": "chloe"})
    assert "already has that nickname" in response.content.decode()
    assert room.players.count() == 1


def test_a_roster_name_typed_without_its_accent_joins_as_the_roster_spells_it(client, teacher):
    room = make_classroom(teacher, roster=["Chloé"]).room
    response = client.post(reverse("games:join"), {"code": room.code, "nickname": "chloe"})
    assert response.status_code == 302
    assert list(room.players.values_list("nickname", flat=True)) == ["Chloé"]


def test_a_roster_only_class_shows_only_the_roster(client, teacher):
    room = make_classroom(teacher, roster=["Ann", "Ben"]).room
    Room.objects.filter(pk=room.pk).update(nicknames=Room.Nicknames.ROSTER)
    services.player_join(room=room, browser=ANN, nickname="Ann")
    page = client.get(join_url(room)).content.decode()
    assert re.search(r'value="Ann"[^>]*disabled', page)
    assert re.search(r'value="Ben"(?![^>]*disabled)', page)
    assert 'type="text"' not in page  # nothing to type
    assert "Ask your teacher" in page


def test_a_roster_only_class_refuses_a_typed_name_and_shows_its_roster(client, teacher):
    room = make_classroom(teacher, roster=["Ann", "Ben"]).room
    Room.objects.filter(pk=room.pk).update(nicknames=Room.Nicknames.ROSTER)
    # From the landing page: the code and a name that is not on the roster.
    response = client.post(reverse("games:join"), {"code": room.code, "nickname": "Zoé"})
    page = response.content.decode()
    assert "Tap your name in the list" in page
    assert 'value="Ben"' in page
    assert not room.players.exists()
    tapped = client.post(reverse("games:join"), {"code": room.code, "nickname": "Ben"})
    assert tapped.url == reverse("games:room", kwargs={"code": room.code})
    assert room.players.get().nickname == "Ben"


def test_a_code_alone_leads_to_the_class_roster_or_its_given_name(client, teacher):
    room = make_classroom(teacher, roster=["Ann"]).room
    Room.objects.filter(pk=room.pk).update(nicknames=Room.Nicknames.ROSTER)
    response = client.post(reverse("games:join"), {"code": room.code, "nickname": ""})
    assert response.url == join_url(room)
    Room.objects.filter(pk=room.pk).update(nicknames=Room.Nicknames.TYPED)
    typed = client.post(reverse("games:join"), {"code": room.code, "nickname": ""})
    assert "Type a nickname." in typed.content.decode()


def test_a_class_that_gives_nicknames_offers_one_in_its_language(client, teacher):
    room = make_classroom(teacher, language="de").room
    Room.objects.filter(pk=room.pk).update(nicknames=Room.Nicknames.GENERATED)
    page = client.get(join_url(room))
    offered = page.context["offered"]
    assert offered in names("de")
    html = page.content.decode()
    assert f'value="{offered}"' in html and 'type="text"' not in html
    assert f'href="{join_url(room)}"' in html  # "Another one"
    joined = client.post(reverse("games:join"), {"code": room.code, "nickname": offered})
    assert joined.status_code == 302
    assert room.players.get().nickname == offered


def test_a_class_that_gives_nicknames_takes_no_typed_one(client, teacher):
    room = make_classroom(teacher, language="fr").room
    Room.objects.filter(pk=room.pk).update(nicknames=Room.Nicknames.GENERATED)
    with translation.override("fr"):
        response = client.post(
            reverse("games:join"),
            {"code": room.code, "nickname": "Zoé"},
            headers={"accept-language": "fr"},
        )
    page = response.content.decode()
    assert "le jeu te donne un pseudo" in page
    assert response.context["offered"] in names("fr")
    assert not room.players.exists()


def test_an_offered_name_is_never_one_already_in_the_room(teacher):
    room = make_classroom(teacher, language="it").room
    Room.objects.filter(pk=room.pk).update(nicknames=Room.Nicknames.GENERATED)
    room.refresh_from_db()
    Player.objects.bulk_create(
        Player(room=room, browser=f"b{number}", nickname=name, nickname_key=nickname_key(name))
        for number, name in enumerate(names("it")[1:])  # every name but one
    )
    assert join_choices(room)["offered"] == names("it")[0]


def test_the_class_form_sets_how_students_get_their_nickname(client, teacher):
    client.force_login(teacher)
    form = {"name": "5e B", "language": "es", "level": 2, "roster": "", "nicknames": "generated"}
    client.post(reverse("classes:create"), form)
    classroom = Classroom.objects.get()
    assert classroom.room.nicknames == Room.Nicknames.GENERATED
    detail = client.get(reverse("classes:detail", kwargs={"pk": classroom.pk})).content.decode()
    assert "The game gives each student a nickname" in detail
    edit = reverse("classes:edit", kwargs={"pk": classroom.pk})
    assert client.get(edit).context["form"].initial["nicknames"] == "generated"
    refused = client.post(edit, {**form, "nicknames": "roster"})
    assert "to use only the roster" in refused.content.decode()
    client.post(edit, {**form, "nicknames": "roster", "roster": "Chloé\nDick"})
    classroom.room.refresh_from_db()
    assert classroom.room.nicknames == Room.Nicknames.ROSTER
    assert classroom.room.roster_names == ["Chloé", "Dick"]  # a roster is the teacher's word


def test_the_host_cannot_rename_a_player_to_a_refused_nickname():
    room = make_room(mode="versus")
    player = services.player_join(room=room, browser=CHLOE, nickname="Chloé")
    with pytest.raises(NicknameError):
        services.player_rename(room=room, player_id=player.pk, nickname="h1tl3r")
