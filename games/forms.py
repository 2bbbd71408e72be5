"""Forms of the game pages: starting a solo round, opening a room, joining one."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.dealing import dice_language
from games.engine.dice import board_sources, get_source
from games.labels import (
    LANGUAGE_CHOICES,
    LANGUAGE_NAMES,
    LEVEL_CHOICES,
    dice_label,
    letters,
    minutes,
)
from games.models import ROOM_CODE_LENGTH, Room, VocabularyList
from games.nicknames import NicknameError, clean_nickname
from games.services.rooms import MAX_BONUS, MAX_PLANT

SIZE_CHOICES = [(4, "4×4"), (5, "5×5"), (6, "6×6")]
DURATION_CHOICES = [(60 * n, minutes(n)) for n in range(1, 11)]


def dice_sizes(dice: str) -> tuple[int, ...]:
    """The board sizes a dice set makes (none: no such set)."""
    try:
        return get_source(dice).sizes
    except (KeyError, ValueError):
        return ()


class DiceSelect(forms.Select):
    """The dice list: each set's option says its language and board size
    (``data-language``, ``data-sizes``); those of another language or size than the
    form's are hidden and disabled, and static/js/settings_form.js keeps it so as the
    teacher changes either."""

    language: str | None = None
    size: str | None = None

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        language = dice_language(value) if value else None
        if language:
            sizes = dice_sizes(value)
            option["attrs"]["data-language"] = language
            option["attrs"]["data-sizes"] = " ".join(map(str, sizes))
            other_size = self.size and str(self.size).isdigit() and int(self.size) not in sizes
            if (self.language and language != self.language) or other_size:
                option["attrs"].update(hidden=True, disabled=True)
        return option


def offer_dice_of_its_language(form: forms.BaseForm) -> None:
    """Only the dice of the form's round language and board size on offer (the values
    sent, else the form's initial ones)."""
    if "dice" not in form.fields or "language" not in form.fields:
        return
    form.fields["dice"].widget.language = form["language"].value()
    if "size" in form.fields:
        form.fields["dice"].widget.size = form["size"].value()


def dice_choices() -> list[tuple[str, str]]:
    choices = [("", gettext("Letters by frequency, or the language's dice"))]
    choices += [
        (source.name, dice_label(source.name, source.label))
        for source in board_sources().values()
        if source.dice_set is not None
    ]
    return choices


def check_dice_language(form: forms.BaseForm, data: dict) -> None:
    """English dice for a French round: an error on the dice, said in words."""
    dice, language = data.get("dice"), data.get("language")
    if dice and language and dice_language(dice) not in (None, language):
        form.add_error(
            "dice",
            gettext("These dice are for %(dice_language)s rounds: this round is in %(language)s.")
            % {
                "dice_language": LANGUAGE_NAMES[dice_language(dice)],
                "language": LANGUAGE_NAMES[language],
            },
        )
    size = data.get("size")
    if dice and size and dice_language(dice) and int(size) not in dice_sizes(dice):
        made = dice_sizes(dice)[0]
        form.add_error(
            "dice",
            gettext("These dice make %(made)s boards: this round is %(size)s.")
            % {"made": f"{made}×{made}", "size": f"{size}×{size}"},
        )


class SoloForm(forms.Form):
    """Two clicks to play: a language and a level."""

    language = forms.ChoiceField(choices=LANGUAGE_CHOICES, initial="en", label=_("Language"))
    level = forms.TypedChoiceField(choices=LEVEL_CHOICES, coerce=int, initial=2, label=_("Words"))


class RoomForm(forms.Form):
    """A host opens a room for head-to-head or team rounds."""

    nickname = forms.CharField(
        max_length=60,
        required=False,
        label=_("Nickname"),
        help_text=_("Leave empty to run the room without playing (a projector, say)."),
    )
    language = forms.ChoiceField(choices=LANGUAGE_CHOICES, initial="en", label=_("Game language"))
    level = forms.TypedChoiceField(choices=LEVEL_CHOICES, coerce=int, initial=2, label=_("Level"))
    size = forms.TypedChoiceField(choices=SIZE_CHOICES, coerce=int, initial=4, label=_("Size"))
    dice = forms.ChoiceField(
        choices=dice_choices, required=False, label=_("Dice"), widget=DiceSelect
    )
    min_length = forms.TypedChoiceField(
        choices=[(0, _("The rules' default"))] + [(n, letters(n)) for n in range(3, 7)],
        coerce=int,
        initial=0,
        required=False,
        label=_("Min length"),
    )
    duration_seconds = forms.TypedChoiceField(
        choices=DURATION_CHOICES, coerce=int, initial=180, label=_("Duration")
    )
    mode = forms.ChoiceField(choices=Room.Mode.choices, initial=Room.Mode.VERSUS, label=_("Mode"))
    team_count = forms.TypedChoiceField(
        choices=[(n, str(n)) for n in range(2, 7)],
        coerce=int,
        initial=2,
        required=False,
        label=_("Team count"),
    )
    scoring = forms.ChoiceField(
        choices=Room.Scoring.choices, initial=Room.Scoring.STANDARD, label=_("Scoring")
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        offer_dice_of_its_language(self)

    def clean(self):
        data = super().clean()
        check_dice_language(self, data)
        return data

    def room_settings(self) -> dict:
        """The cleaned settings as keyword arguments of services.room_create/room_configure."""
        data = self.cleaned_data
        return {
            "language": data["language"],
            "level": data["level"],
            "size": data["size"],
            "dice": data["dice"] or "",
            "min_length": data["min_length"] or None,
            "duration_seconds": data["duration_seconds"],
            "mode": data["mode"],
            "scoring": data["scoring"],
            "team_count": data["team_count"] or 2,
        }

    def clean_nickname(self) -> str:
        raw = self.cleaned_data["nickname"]
        if not raw.strip():
            return ""
        try:
            return clean_nickname(raw)
        except NicknameError as error:
            raise forms.ValidationError(str(error)) from None


class RoomSettingsForm(RoomForm):
    """The settings of the next round, chosen on the projector screen."""

    nickname = None
    vocabulary = forms.ModelChoiceField(
        queryset=VocabularyList.objects.none(),
        required=False,
        empty_label=_("No vocabulary"),
        label=_("Plant words from"),
    )
    plant_count = forms.IntegerField(
        min_value=0,
        max_value=MAX_PLANT,
        initial=0,
        required=False,
        label=_("How many list words to plant"),
    )
    plant_bonus = forms.IntegerField(
        min_value=0,
        max_value=MAX_BONUS,
        initial=2,
        required=False,
        label=_("Bonus points per planted word"),
    )
    show_vocabulary = forms.BooleanField(
        required=False,
        label=_("Show the planted words to pupils, beside the board"),
    )

    def __init__(self, *args, room=None, **kwargs):
        super().__init__(*args, **kwargs)
        if room is not None:
            self.fields["vocabulary"].queryset = room.vocabulary_lists.all()

    @staticmethod
    def initial_for(room: Room) -> dict:
        """The form filled with the room's settings for its next round."""
        return {
            "language": room.language,
            "level": room.level,
            "size": room.size,
            "dice": room.dice,
            "min_length": room.min_length or 0,  # 0: the rules' default for the size
            "duration_seconds": room.duration_seconds,
            "mode": room.mode,
            "team_count": room.team_count or 2,
            "scoring": room.scoring,
            "vocabulary": room.vocabulary_id,
            "plant_count": room.plant_count,
            "plant_bonus": room.plant_bonus,
            "show_vocabulary": room.show_vocabulary,
        }

    def room_settings(self) -> dict:
        data = self.cleaned_data
        return {
            **super().room_settings(),
            "vocabulary": data["vocabulary"],
            "plant_count": data["plant_count"] or 0,
            "plant_bonus": data["plant_bonus"] or 0,
            "show_vocabulary": data["show_vocabulary"],
        }


class VocabularyForm(forms.Form):
    """A unit's words in one language, pasted or uploaded, one per line, with an optional
    translation."""

    name = forms.CharField(max_length=80, label=_("Name of the list"))
    language = forms.ChoiceField(choices=LANGUAGE_CHOICES, label=_("Language of the words"))
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 10}),
        label=_("Words, one per line (pomme;apple)"),
    )
    upload = forms.FileField(required=False, label=_("Or upload a text file"))

    def clean(self):
        data = super().clean()
        upload = data.get("upload")
        if upload is not None:
            if upload.size > 200_000:
                raise forms.ValidationError(gettext("That file is too large for a word list."))
            data["text"] = upload.read().decode("utf-8", errors="replace")
        if not data.get("text", "").strip():
            raise forms.ValidationError(gettext("Paste some words or upload a file."))
        return data


class JoinForm(forms.Form):
    code = forms.CharField(
        max_length=20,
        label=_("Room code"),
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}
        ),
    )
    # Checked by the room's rule when joining (games.nicknames.nickname_for_room): a
    # class may take roster names or given names only, and then an empty one is fine.
    nickname = forms.CharField(
        max_length=60,
        required=False,
        label=_("Nickname"),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def clean_code(self) -> str:
        code = "".join(self.cleaned_data["code"].split()).upper()
        if len(code) != ROOM_CODE_LENGTH:
            raise forms.ValidationError(
                gettext("A room code has %(count)d characters.") % {"count": ROOM_CODE_LENGTH}
            )
        return code
