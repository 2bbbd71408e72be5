"""Forms of the game pages: starting a solo round, opening a room, joining one."""

from __future__ import annotations

from django import forms

from games.engine.dice import board_sources
from games.engine.languages import LANGUAGES, LEVELS
from games.models import ROOM_CODE_LENGTH, Room, VocabularyList
from games.nicknames import NicknameError, clean_nickname

LANGUAGE_CHOICES = list(LANGUAGES.items())
LEVEL_CHOICES = [(level.number, level.name) for level in LEVELS]
SIZE_CHOICES = [(4, "4×4"), (5, "5×5"), (6, "6×6")]
DURATION_CHOICES = [(60, "1 minute")] + [(60 * n, f"{n} minutes") for n in range(2, 11)]


def dice_choices() -> list[tuple[str, str]]:
    choices = [("", "Letters by frequency, or the language's dice")]
    choices += [
        (source.name, source.label)
        for source in board_sources().values()
        if source.dice_set is not None
    ]
    return choices


class SoloForm(forms.Form):
    """Two clicks to play: a language and a level."""

    language = forms.ChoiceField(choices=LANGUAGE_CHOICES, initial="en")
    level = forms.TypedChoiceField(choices=LEVEL_CHOICES, coerce=int, initial=2)


class RoomForm(forms.Form):
    """A host opens a room for head-to-head or team rounds."""

    nickname = forms.CharField(
        max_length=60,
        required=False,
        help_text="Leave empty to run the room without playing (a projector, say).",
    )
    language = forms.ChoiceField(choices=LANGUAGE_CHOICES, initial="en")
    level = forms.TypedChoiceField(choices=LEVEL_CHOICES, coerce=int, initial=2)
    size = forms.TypedChoiceField(choices=SIZE_CHOICES, coerce=int, initial=4)
    dice = forms.ChoiceField(choices=dice_choices, required=False)
    min_length = forms.TypedChoiceField(
        choices=[(0, "The rules' default")] + [(n, f"{n} letters") for n in range(3, 7)],
        coerce=int,
        initial=0,
        required=False,
    )
    duration_seconds = forms.TypedChoiceField(choices=DURATION_CHOICES, coerce=int, initial=180)
    mode = forms.ChoiceField(choices=Room.Mode.choices, initial=Room.Mode.VERSUS)
    team_count = forms.TypedChoiceField(
        choices=[(n, str(n)) for n in range(2, 7)], coerce=int, initial=2, required=False
    )
    scoring = forms.ChoiceField(choices=Room.Scoring.choices, initial=Room.Scoring.STANDARD)

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
        empty_label="No vocabulary",
        label="Plant words from",
    )
    plant_count = forms.IntegerField(
        min_value=0, max_value=8, initial=0, required=False, label="How many list words to plant"
    )
    plant_bonus = forms.IntegerField(
        min_value=0, max_value=20, initial=2, required=False, label="Bonus points per planted word"
    )

    def __init__(self, *args, room=None, **kwargs):
        super().__init__(*args, **kwargs)
        if room is not None:
            self.fields["vocabulary"].queryset = room.vocabulary_lists.all()


class VocabularyForm(forms.Form):
    """A unit's words pasted or uploaded, one per line, with an optional translation."""

    name = forms.CharField(max_length=80, label="Name of the list")
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 10}),
        label="Words, one per line (pomme;apple)",
    )
    upload = forms.FileField(required=False, label="Or upload a text file")

    def clean(self):
        data = super().clean()
        upload = data.get("upload")
        if upload is not None:
            if upload.size > 200_000:
                raise forms.ValidationError("That file is too large for a word list.")
            data["text"] = upload.read().decode("utf-8", errors="replace")
        if not data.get("text", "").strip():
            raise forms.ValidationError("Paste some words or upload a file.")
        return data


class JoinForm(forms.Form):
    code = forms.CharField(
        max_length=20,
        label="Room code",
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}
        ),
    )
    nickname = forms.CharField(max_length=60, widget=forms.TextInput(attrs={"autocomplete": "off"}))

    def clean_code(self) -> str:
        code = "".join(self.cleaned_data["code"].split()).upper()
        if len(code) != ROOM_CODE_LENGTH:
            raise forms.ValidationError(f"A room code has {ROOM_CODE_LENGTH} characters.")
        return code

    def clean_nickname(self) -> str:
        try:
            return clean_nickname(self.cleaned_data["nickname"])
        except NicknameError as error:
            raise forms.ValidationError(str(error)) from None
