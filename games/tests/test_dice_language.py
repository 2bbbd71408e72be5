"""The settings offer only the dice of the round's language: the form's list, its check,
the service's check, and a language change that drops the last language's dice."""

from __future__ import annotations

import re

import pytest

from games import services
from games.forms import RoomForm, RoomSettingsForm
from games.tests.conftest import make_room

pytestmark = pytest.mark.django_db


def offered(form) -> dict[str, str]:
    """value -> language of every dice option a browser shows (not hidden)."""
    shown = {}
    for tag in re.findall(r"<option[^>]*>", str(form["dice"])):
        if re.search(r"\shidden\b", tag):
            continue
        language = re.search(r'data-language="(\w+)"', tag)
        shown[re.search(r'value="([^"]*)"', tag).group(1)] = language and language.group(1)
    return shown


def test_a_french_rounds_dice_list_offers_french_dice_and_the_default_only():
    room = make_room(mode="versus", language="fr")
    shown = offered(RoomSettingsForm(initial=RoomSettingsForm.initial_for(room), room=room))
    assert "" in shown and shown.pop("") is None  # letters by frequency, or the default dice
    assert shown and set(shown.values()) == {"fr"}
    assert "en-classic" not in shown


def test_the_list_follows_the_language_sent_and_the_english_one_by_default():
    assert set(offered(RoomForm()).values()) == {None, "en"}
    bound = RoomForm({"language": "fr", "level": 2, "size": 4, "dice": ""})
    assert set(offered(bound).values()) == {None, "fr"}
    # Every set is in the page, for the script to offer when the language changes.
    assert 'data-language="en"' in str(bound["dice"])


def test_english_dice_for_a_french_round_are_refused_in_words():
    data = {
        "language": "fr", "level": 2, "size": 4, "dice": "en-classic", "min_length": 0,
        "duration_seconds": 180, "mode": "versus", "scoring": "standard", "team_count": 2,
    }  # fmt: skip
    form = RoomForm(data)
    assert not form.is_valid()
    assert form.errors["dice"] == ["These dice are for English rounds: this round is in French."]
    room = make_room(mode="versus", language="en")
    with pytest.raises(services.RoomSettingsError, match="for English rounds"):
        services.round_deal(room=room, language="fr", dice="en-classic")


def test_a_new_language_drops_the_last_ones_dice():
    room = make_room(mode="versus", language="en", dice="en-classic")
    services.round_deal(room=room, language="fr")
    room.refresh_from_db()
    assert room.language == "fr" and room.dice == ""
    services.round_deal(room=room, language="fr", dice="fr-classic")
    room.refresh_from_db()
    assert room.dice == "fr-classic"


def test_the_list_offers_only_the_dice_of_the_boards_size():
    """A 4x4 French round is not offered the French 5x5 dice (a teacher found out only
    when the deal was refused); a 5x5 one is, and every option says its sizes for the
    script that follows the size select."""
    four = offered(RoomForm({"language": "fr", "level": 2, "size": 4, "dice": ""}))
    five = offered(RoomForm({"language": "fr", "level": 2, "size": 5, "dice": ""}))
    assert "fr-classic" in four and "fr-big" not in four
    assert "fr-big" in five and "fr-classic" not in five
    assert 'data-sizes="5"' in str(RoomForm()["dice"])


def test_dice_of_another_size_are_refused_in_words():
    data = {
        "language": "fr", "level": 2, "size": 4, "dice": "fr-big", "min_length": 0,
        "duration_seconds": 180, "mode": "versus", "scoring": "standard", "team_count": 2,
    }  # fmt: skip
    form = RoomForm(data)
    assert not form.is_valid()
    assert form.errors["dice"] == ["These dice make 5×5 boards: this round is 4×4."]
