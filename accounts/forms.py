"""Forms of teachers' pages: sign-up and classes (login is Django's, throttled by django-axes)."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import CLASS_NAME_MAX_LENGTH, Classroom
from accounts.rosters import RosterError, roster_clean
from boggleweb.interface_languages import django_languages
from games.labels import LANGUAGE_CHOICES, LEVEL_CHOICES
from games.nicknames import NicknameRule


class SignUpForm(UserCreationForm):
    """A teacher's account: a user name, an email for password resets, a password."""

    email = forms.EmailField(
        label=_("Email"),
        help_text=_("Only used to send you a link when you forget your password."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(gettext("An account already uses this email address."))
        return email

    def validate_password_for_user(self, user, password_field_name="password1", **kwargs):
        # A weak password is said under the password, not under its confirmation.
        super().validate_password_for_user(user, password_field_name=password_field_name, **kwargs)


class ClassroomForm(forms.Form):
    """A class's name, default game settings, optional roster and how its students get
    their nickname (created by a service)."""

    name = forms.CharField(max_length=CLASS_NAME_MAX_LENGTH, label=_("Class name"))
    language = forms.ChoiceField(choices=LANGUAGE_CHOICES, initial="en", label=_("Game language"))
    level = forms.TypedChoiceField(choices=LEVEL_CHOICES, coerce=int, initial=2, label=_("Level"))
    interface_language = forms.ChoiceField(
        choices=[("", _("Each pupil's browser decides")), *django_languages()],
        required=False,
        label=_("Language of the pupils' pages"),
        help_text=_(
            "The language the game's pages speak to your pupils, the projector too. "
            "A pupil can still pick another with the language switch."
        ),
    )
    roster = forms.CharField(
        required=False,
        label=_("Roster"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_(
            "Optional: one nickname per line (first names, not full names). "
            "Students pick theirs when they join."
        ),
    )
    nicknames = forms.ChoiceField(
        choices=NicknameRule.choices,
        initial=NicknameRule.TYPED,
        required=False,  # none chosen: typed, as before the choice existed
        widget=forms.RadioSelect,
        label=_("Nicknames"),
        help_text=_(
            "Typed nicknames pass the class filter (rude words, hatred, look-alike letters); "
            "roster names always pass. A given nickname is two words in the game language, "
            "such as Brave Otter or Loutre Courageuse."
        ),
    )

    @classmethod
    def for_classroom(cls, classroom: Classroom, data=None) -> ClassroomForm:
        room = classroom.room
        initial = {
            "name": classroom.name,
            "language": room.language,
            "level": room.level,
            "roster": room.roster,
            "nicknames": room.nicknames,
            "interface_language": room.interface_language,
        }
        return cls(data, initial=initial)

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(gettext("Give the class a name."))
        return name

    def clean_roster(self) -> list[str]:
        try:
            return roster_clean(self.cleaned_data["roster"])
        except RosterError as error:
            raise forms.ValidationError(error.problems) from None

    def clean_nicknames(self) -> str:
        return self.cleaned_data["nicknames"] or NicknameRule.TYPED

    def clean(self):
        data = super().clean()
        if data.get("nicknames") == NicknameRule.ROSTER and data.get("roster") == []:
            self.add_error(
                "roster",
                gettext("Write the students' names here, one a line, to use only the roster."),
            )
        return data
