"""Forms of play at home: a pupil's nickname, a teacher's homework."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.forms import RoomSettingsForm, offer_dice_of_its_language
from games.homework.models import HOMEWORK_TITLE_MAX_LENGTH
from games.homework.services import MAX_BOARDS
from games.models import Room, VocabularyList

MOMENT_FORMAT = "%Y-%m-%dT%H:%M"  # what <input type="datetime-local"> sends


class NicknameForm(forms.Form):
    """Who a pupil is in the class: the class's nickname rules are checked by the service."""

    nickname = forms.CharField(
        max_length=60,
        label=_("Your nickname"),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )


def _moment(label) -> forms.DateTimeField:
    return forms.DateTimeField(
        label=label,
        input_formats=[MOMENT_FORMAT],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=MOMENT_FORMAT),
    )


_settings = RoomSettingsForm.base_fields


class HomeworkForm(forms.Form):
    """A class's homework: the boards (as a round's settings), when, and whether pupils see
    ranks. The settings' own checks are the rooms' (games.homework.services)."""

    title = forms.CharField(max_length=HOMEWORK_TITLE_MAX_LENGTH, label=_("Title"))
    language = _settings["language"]
    level = _settings["level"]
    size = _settings["size"]
    dice = _settings["dice"]
    min_length = _settings["min_length"]
    duration_seconds = forms.TypedChoiceField(
        choices=_settings["duration_seconds"].choices,
        coerce=int,
        initial=180,
        label=_("Time per board"),
    )
    boards = forms.TypedChoiceField(
        choices=[(n, str(n)) for n in range(1, MAX_BOARDS + 1)],
        coerce=int,
        initial=1,
        label=_("Boards"),
    )
    vocabulary = forms.ModelChoiceField(
        queryset=VocabularyList.objects.none(),
        required=False,
        empty_label=_("No vocabulary"),
        label=_("Plant words from"),
    )
    plant_count = _settings["plant_count"]
    plant_bonus = _settings["plant_bonus"]
    opens_at = _moment(_("Opens"))
    due_at = _moment(_("Deadline"))
    show_ranks = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Show pupils their place and percentile (once 5 have played)"),
    )

    def __init__(self, *args, class_room: Room, **kwargs):
        now = timezone.localtime().replace(second=0, microsecond=0)
        kwargs.setdefault(
            "initial",
            {
                "language": class_room.language,
                "level": class_room.level,
                "opens_at": now,
                "due_at": (now + timedelta(days=7)).replace(hour=8, minute=0),
            },
        )
        super().__init__(*args, **kwargs)
        self.fields["vocabulary"].queryset = class_room.vocabulary_lists.all()
        offer_dice_of_its_language(self)

    def homework_settings(self) -> dict:
        """Keyword arguments of ``services.homework_create`` (without the class)."""
        data = self.cleaned_data
        return {
            "title": data["title"],
            "opens_at": data["opens_at"],
            "due_at": data["due_at"],
            "show_ranks": data["show_ranks"],
            "boards": data["boards"],
            "language": data["language"],
            "level": data["level"],
            "size": data["size"],
            "dice": data["dice"] or "",
            "min_length": data["min_length"] or None,
            "duration_seconds": data["duration_seconds"],
            "vocabulary": data["vocabulary"],
            "plant_count": data["plant_count"] or 0,
            "plant_bonus": data["plant_bonus"] or 0,
        }
