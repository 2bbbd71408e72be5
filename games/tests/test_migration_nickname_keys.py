"""Players who joined before names were compared without accents keep their records."""

from __future__ import annotations

import pytest

from games.tests.test_migrations import latest, migrate

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("games", "0009_round_owns_its_facts_cleanup")]


def test_every_key_is_recomputed_and_two_names_that_are_now_one_both_stay():
    old = migrate(BEFORE)
    Room, Player = old.get_model("games", "Room"), old.get_model("games", "Player")
    room = Room.objects.create(code="BCD234", host_browser="t")
    other = Room.objects.create(code="BCD235", host_browser="t")
    accented = Player.objects.create(room=room, browser="a", nickname="Chloé", nickname_key="chloé")
    plain = Player.objects.create(room=room, browser="b", nickname="chloe", nickname_key="chloe")
    ann = Player.objects.create(room=room, browser="c", nickname="ANN", nickname_key="ann")
    elsewhere = Player.objects.create(
        room=other, browser="a", nickname="Chloe", nickname_key="chloe"
    )

    new = migrate(latest())
    keys = dict(new.get_model("games", "Player").objects.values_list("pk", "nickname_key"))
    assert keys[accented.pk] == "chloe"  # the first to join keeps the name
    assert keys[plain.pk] == f"chloe#{plain.pk}"  # a record of its own still
    assert keys[ann.pk] == "ann"
    assert keys[elsewhere.pk] == "chloe"  # another room's Chloe is another player
    assert new.get_model("games", "Room").objects.get(pk=room.pk).nicknames == "typed"
