"""The six interface languages (boggleweb/interface_languages.py): each page in each
of them, which language a request gets (the switch's cookie, the browser's language,
the default) and the room socket's messages in the new ones.

The expected words are written out here, not read from the catalogues, so that a
catalogue that loses or garbles a translation fails.
"""

from __future__ import annotations

import datetime
import importlib
import subprocess
from pathlib import Path
from shutil import which

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.test import override_settings
from django.urls import reverse
from django.utils import formats, timezone, translation

from boggleweb import interface_languages
from games import selectors, services
from games.models import Round
from games.tests.conftest import HOST, drain_until, make_room, start_round
from games.tests.test_i18n import socket

ROOT = Path(settings.BASE_DIR)

# The landing page's and the join page's headings, in each language.
LANDING = {
    "en": "Find words on a grid of letters.",
    "fr": "Trouve des mots dans une grille de lettres.",
    "es": "Encuentra palabras en un tablero de letras.",
    "de": "Finde Wörter in einem Buchstabenfeld.",
    "it": "Trova parole in una griglia di lettere.",
    "pt": "Encontre palavras num tabuleiro de letras.",
}
JOIN = {
    "en": "Join a room",
    "fr": "Rejoindre une salle",
    "es": "Unirse a una sala",
    "de": "Raum beitreten",
    "it": "Entra in una stanza",
    "pt": "Entrar numa sala",
}
NOT_ON_THE_BOARD = {
    "es": "No está en el tablero.",
    "de": "Nicht auf dem Spielfeld.",
    "it": "Non è nella griglia.",
    "pt": "Não está no tabuleiro.",
}
ENGLISH = {"es": "Inglés", "de": "Englisch", "it": "Inglese", "pt": "Inglês"}


def lang_of(response) -> str:
    html = response.content.decode()
    return html.split('<html lang="', 1)[1].split('"', 1)[0]


def test_the_registry_names_six_languages_by_their_own_names():
    assert [(lang.code, lang.name) for lang in interface_languages.INTERFACE_LANGUAGES] == [
        ("en", "English"),
        ("fr", "Français"),
        ("es", "Español"),
        ("de", "Deutsch"),
        ("it", "Italiano"),
        ("pt", "Português"),
    ]
    assert interface_languages.django_languages() == settings.LANGUAGES
    assert set(LANDING) == set(interface_languages.CODES)


def test_a_missing_string_falls_back_to_the_default_then_to_english():
    assert interface_languages.fallback_chain("de") == ("de", "en")
    assert interface_languages.fallback_chain("de", default="fr") == ("de", "fr", "en")
    assert interface_languages.fallback_chain("en") == ("en",)


@pytest.mark.django_db
@pytest.mark.parametrize("code", interface_languages.CODES)
def test_the_landing_and_join_pages_speak_each_language(client, code):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
    landing = client.get(reverse("games:landing"), HTTP_ACCEPT_LANGUAGE="en")
    assert lang_of(landing) == code
    html = landing.content.decode()
    assert f"<h1>{LANDING[code]}</h1>" in html
    if code != "en":
        assert LANDING["en"] not in html and "How to play" not in html
    assert 'aria-current="true">' + interface_languages.by_code(code).name in html
    for language in interface_languages.INTERFACE_LANGUAGES:  # by their own names, always
        assert html.count(f'value="{language.code}" lang="{language.code}"') == 2  # row, menu
        assert html.count(f">{language.name}</button>") == 2
    assert "Englisch</button>" not in html and "Anglais</button>" not in html
    join = client.get(reverse("games:join"), HTTP_ACCEPT_LANGUAGE="en")
    assert lang_of(join) == code
    assert f"<h1>{JOIN[code]}</h1>" in join.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept", "code"),
    [
        ("de-DE,de;q=0.9,en;q=0.5", "de"),
        ("de-AT", "de"),
        ("es-MX,es;q=0.9", "es"),
        ("it-CH,it;q=0.9", "it"),
        ("pt-BR,pt;q=0.9,en;q=0.5", "pt"),
        ("pt-PT", "pt"),
        ("nl-NL,nl;q=0.9,es;q=0.6", "es"),  # the first language the interface speaks
        ("nl-NL", "en"),
    ],
)
def test_a_page_follows_the_browsers_language_and_its_regional_variants(client, accept, code):
    assert lang_of(client.get(reverse("games:landing"), HTTP_ACCEPT_LANGUAGE=accept)) == code


@pytest.mark.django_db
def test_an_unknown_language_cookie_falls_back_to_the_browsers_language(client):
    for junk in ("klingon", "xx", "zz-ZZ", "", "fr;drop", "../../etc"):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = junk
        response = client.get(reverse("games:join"), HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9")
        assert response.status_code == 200
        assert lang_of(response) == "it", junk
        assert f"<h1>{JOIN['it']}</h1>" in response.content.decode()


@pytest.mark.django_db
def test_a_cookie_naming_a_regional_variant_reads_its_language(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-BR"
    assert lang_of(client.get(reverse("games:join"), HTTP_ACCEPT_LANGUAGE="de")) == "pt"


@pytest.mark.django_db
def test_an_unknown_cookie_and_no_browser_language_give_the_default(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "klingon"
    assert lang_of(client.get(reverse("games:landing"))) == "en"
    with override_settings(LANGUAGE_CODE="pt"):
        assert lang_of(client.get(reverse("games:landing"))) == "pt"


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["es", "de", "it", "pt"])
def test_the_switch_sets_each_new_language(client, code):
    page = reverse("games:join")
    response = client.post(reverse("set_language"), {"language": code, "next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == code
    later = client.get(page, HTTP_ACCEPT_LANGUAGE="fr")  # the choice beats the browser
    assert lang_of(later) == code


@pytest.mark.django_db
def test_the_switch_ignores_a_language_it_does_not_offer(client):
    client.post(reverse("set_language"), {"language": "de", "next": "/"})
    client.post(reverse("set_language"), {"language": "klingon", "next": "/"})
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["es", "de", "it", "pt"])
def test_forms_and_djangos_own_messages_speak_each_new_language(client, code):
    response = client.post(reverse("games:join"), {"code": ""}, HTTP_ACCEPT_LANGUAGE=code)
    with translation.override(code):
        required = translation.gettext("This field is required.")
    assert required != "This field is required."  # Django ships this language
    assert required in response.content.decode()


# --- dates and numbers -----------------------------------------------------------------

FORMATS = ("DATE_FORMAT", "DATETIME_FORMAT", "SHORT_DATE_FORMAT", "SHORT_DATETIME_FORMAT")
FORMATS += ("MONTH_DAY_FORMAT",)
# A Friday afternoon's deadline, as each language writes it (boggleweb/formats/); the
# names are Django's translations, capitalised in its Italian and Portuguese ones.
FRIDAY = {
    "en": ("Friday 27 November 2026", "Friday 27 November, 14:30", "27 Nov 2026"),
    "fr": ("vendredi 27 novembre 2026", "vendredi 27 novembre, 14:30", "27 nov. 2026"),
    "es": ("viernes, 27 de noviembre de 2026", "viernes, 27 de noviembre, 14:30", "27 nov 2026"),
    "de": ("Freitag, 27. November 2026", "Freitag, 27. November, 14:30 Uhr", "27. Nov 2026"),
    "it": ("Venerdì 27 Novembre 2026", "Venerdì 27 Novembre, 14:30", "27 nov 2026"),
    "pt": (
        "Sexta-feira, 27 de Novembro de 2026",
        "Sexta-feira, 27 de Novembro, 14:30",
        "27 nov 2026",
    ),
}


@pytest.mark.parametrize("code", interface_languages.CODES)
def test_every_interface_language_writes_every_date_shape_the_pages_use(code):
    module = importlib.import_module(f"boggleweb.formats.{code}.formats")
    assert all(isinstance(getattr(module, name, None), str) for name in FORMATS)


@pytest.mark.parametrize("code", interface_languages.CODES)
def test_dates_and_numbers_take_each_languages_form(code):
    moment = datetime.datetime(2026, 11, 27, 14, 30)
    with translation.override(code):
        written = tuple(
            formats.date_format(moment, name)
            for name in ("DATE_FORMAT", "DATETIME_FORMAT", "SHORT_DATE_FORMAT")
        )
        decimal = formats.number_format(12.5, decimal_pos=1)
    assert written == FRIDAY[code]
    assert decimal == ("12.5" if code == "en" else "12,5")


@pytest.mark.django_db
@pytest.mark.parametrize("code", interface_languages.CODES)
def test_the_board_of_the_day_is_dated_in_each_language(client, code):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
    html = client.get(reverse("homework:daily", args=["en", 2])).content.decode()
    with translation.override(code):
        today = formats.date_format(timezone.localdate(), "DATE_FORMAT")
    assert today in html


# --- the room socket in the new languages -----------------------------------------------


@sync_to_async
def english_room_started():
    with translation.override("en"):
        room = make_room(language="en")
        services.player_join(room=room, browser=HOST, nickname="Hana")
        game_round = start_round(selectors.current_round(room))
    return room, Round.objects.get(pk=game_round.pk)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("code", ["es", "de", "it", "pt"])
async def test_the_socket_answers_in_each_new_language(code):
    room, game_round = await english_room_started()
    ws = socket(room.code, HOST, [(b"cookie", f"django_language={code}".encode())])
    assert (await ws.connect())[0]
    snapshot = await drain_until(ws, "snapshot")
    assert snapshot["round"]["language_name"] == ENGLISH[code]
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": "zzzz"})
    assert (await drain_until(ws, "word_result"))["message"] == NOT_ON_THE_BOARD[code]
    await ws.disconnect()


# --- make messages -------------------------------------------------------------------------


@pytest.mark.skipif(not which("make"), reason="needs make")
def test_make_messages_collects_and_compiles_every_catalogue_of_the_registry():
    result = subprocess.run(
        ["make", "-n", "messages", "VENV=/nonexistent-venv"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    flags = " ".join(f"-l {code}" for code in interface_languages.CATALOGUES)
    lines = [line for line in result.stdout.splitlines() if "messages " in line]
    assert any("makemessages " + flags in line for line in lines), result.stdout
    assert any("compilemessages " + flags in line for line in lines), result.stdout


def test_the_server_error_page_says_it_in_every_interface_language():
    """500.html cannot rely on the request's language: it has a line in each."""
    from django.template.loader import render_to_string

    html = render_to_string("500.html")
    for code in interface_languages.CATALOGUES:
        assert f'<p lang="{code}">' in html, code
