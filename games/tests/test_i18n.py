"""The interface's languages: pages, the language switch, the room socket, the
scripts' strings and every catalogue (boggleweb/interface_languages.py lists them; the
six languages' own pages are in test_i18n_languages.py).

The interface language (the browser's, or the switch's cookie) is not the game
language (the room's): a French interface plays an English board.
"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from boggleweb import interface_languages
from games import labels, selectors, services
from games.engine.languages import LANGUAGES, LEVELS
from games.js_strings import JS_STRINGS
from games.models import Round
from games.routing import websocket_urlpatterns
from games.sessions import BROWSER_KEY
from games.tests.conftest import HOST, drain_until, make_room, start_round

ROOT = Path(settings.BASE_DIR)
PO = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def catalogue(code: str) -> Path:
    return ROOT / "locale" / code / "LC_MESSAGES" / "django.po"


# --- pages and the switch ---------------------------------------------------------


@pytest.mark.django_db
def test_a_page_follows_the_browsers_language(client):
    french = client.get(reverse("games:landing"), HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    html = french.content.decode()
    assert '<html lang="fr">' in html
    assert "Trouve des mots dans une grille de lettres." in html
    assert "Comment jouer" in html and "Find words on a grid" not in html
    english = client.get(reverse("games:landing"), HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert "Find words on a grid of letters." in english.content.decode()


@pytest.mark.django_db
def test_every_page_has_the_language_switch_keeping_the_page(client):
    for name in ("games:landing", "games:how_to_play", "games:join", "accounts:login"):
        html = client.get(reverse(name)).content.decode()
        assert f'action="{reverse("set_language")}"' in html
        assert f'name="next" value="{reverse(name)}"' in html
        for language in interface_languages.INTERFACE_LANGUAGES:
            assert f'value="{language.code}" lang="{language.code}"' in html
            assert f">{language.name}</button>" in html


@pytest.mark.django_db
def test_the_switch_sets_the_language_of_later_pages(client):
    page = reverse("games:how_to_play")
    response = client.post(reverse("set_language"), {"language": "fr", "next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    # The choice beats the browser's language from now on.
    html = client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<h1>Comment jouer</h1>" in html and "Les accents ne comptent pas" in html
    client.post(reverse("set_language"), {"language": "en", "next": page})
    assert "<h1>How to play</h1>" in client.get(page).content.decode()


@pytest.mark.django_db
def test_forms_choices_and_errors_are_french(client):
    html = client.get(reverse("games:room_new"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for text in ("Langue du jeu", "Mots de tous les jours", "Chacun pour soi", "Longueur minimale"):
        assert text in html
    response = client.post(
        reverse("games:join"), {"code": "AB", "nickname": ""}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    html = response.content.decode()
    assert "Un code de salle a 6 caractères." in html
    response = client.post(reverse("games:join"), {"code": ""}, HTTP_ACCEPT_LANGUAGE="fr")
    assert "Ce champ est obligatoire." in response.content.decode()  # Django's own messages too


@pytest.mark.django_db
def test_the_game_language_stays_the_rooms(client):
    """A French interface opening an English room: English board, French labels."""
    client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    response = client.post(reverse("games:solo"), {"language": "en", "level": 2})
    room = selectors.room_by_code(response["Location"].split("/")[2])
    assert room.language == "en"
    assert selectors.current_round(room).language == "en"
    html = client.get(response["Location"]).content.decode()
    assert "Tape un mot" in html and 'id="strings"' in html


# --- the room socket ---------------------------------------------------------------


def socket(code: str, browser: str, headers: list) -> WebsocketCommunicator:
    ws = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/rooms/{code}/", headers=headers
    )
    ws.scope["session"] = {BROWSER_KEY: browser}
    return ws


@sync_to_async
def english_room_started():
    with translation.override("en"):
        room = make_room(language="en")
        services.player_join(room=room, browser=HOST, nickname="Hana")
        game_round = start_round(selectors.current_round(room))
    return room, Round.objects.get(pk=game_round.pk)  # with its words


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(
    "headers",
    [
        [(b"accept-language", b"fr-FR,fr;q=0.9,en;q=0.5")],
        [(b"accept-language", b"en"), (b"cookie", b"django_language=fr")],
    ],
    ids=["accept-language", "switch-cookie"],
)
async def test_a_french_interface_plays_an_english_room_with_french_feedback(headers):
    room, game_round = await english_room_started()
    ws = socket(room.code, HOST, headers)
    assert (await ws.connect())[0]
    snapshot = await drain_until(ws, "snapshot")
    assert snapshot["round"]["language"] == "en"
    assert snapshot["round"]["language_name"] == "Anglais"
    english_word = min(game_round.solution, key=lambda w: (len(w), w))
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": english_word})
    accepted = await drain_until(ws, "word_result")
    assert accepted["accepted"] and accepted["message"] == "Accepté."
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": english_word})
    again = await drain_until(ws, "word_result")
    assert (again["reason"], again["message"]) == ("already_found", "Tu l'as déjà trouvé.")
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": "zzzz"})
    assert (await drain_until(ws, "word_result"))["message"] == "Pas sur la grille."
    await ws.send_to(text_data="not json")
    error = await drain_until(ws, "error")
    assert error["message"] == "Ce message n'est pas du JSON valide."
    await ws.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_english_interface_gets_english_feedback_in_the_same_room():
    room, game_round = await english_room_started()
    french = socket(room.code, HOST, [(b"accept-language", b"fr")])
    english = socket(room.code, HOST, [(b"accept-language", b"en-US,en;q=0.8")])
    for ws in (french, english):
        assert (await ws.connect())[0]
        await drain_until(ws, "snapshot")
    for ws, message in ((french, "Pas sur la grille."), (english, "Not on the board.")):
        await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": "zzzz"})
        assert (await drain_until(ws, "word_result"))["message"] == message
    await french.disconnect()
    await english.disconnect()


# --- scripts' strings and engine names ----------------------------------------------


def test_every_string_the_scripts_ask_for_is_provided():
    provided = {key for group in JS_STRINGS.values() for key in group}
    asked = set()
    for script in (ROOT / "static" / "js").glob("*.js"):
        lines = script.read_text().splitlines()
        text = "\n".join(line for line in lines if not line.lstrip().startswith("//"))
        asked |= set(re.findall(r"\bt\(\s*\"(\w+)\"", text))
        asked |= {
            f"{key}_{form}"
            for key in re.findall(r"\btn\(\s*\"(\w+)\"", text)
            for form in ("one", "other")
        }
        status_keys = re.findall(r"\"(path_\w+)\"", text)  # picked in a variable first
        asked |= set(status_keys)
    assert asked and asked <= provided, asked - provided


@pytest.mark.parametrize("page", ["play", "projector", "results"])
def test_each_script_page_ships_its_strings(page):
    template = (ROOT / "templates" / "games" / f"{page}.html").read_text()
    assert f'{{% js_strings "{page}" %}}' in template


def test_every_engine_language_and_level_has_a_translatable_name():
    assert set(labels.LANGUAGE_NAMES) == set(LANGUAGES)
    assert set(labels.LEVEL_NAMES) == {level.number for level in LEVELS}
    with translation.override("fr"):
        assert str(labels.LANGUAGE_NAMES["de"]) == "Allemand"
        assert str(labels.LEVEL_NAMES[4]) == "La liste complète"


# --- the catalogue --------------------------------------------------------------------


def po_entries(path: Path) -> list[dict]:
    """Each active entry of a .po file: msgid, msgid_plural and its msgstr forms."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        entry, key = {"msgstr": {}, "flags": ""}, None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"] += line
            elif line.startswith("#"):
                continue
            elif match := re.match(
                r"(msgctxt|msgid|msgid_plural|msgstr)(?:\[(\d)\])? (\".*\")$", line
            ):
                kind, index, value = match.groups()
                key = (kind, int(index or 0))
                if kind == "msgstr":
                    entry["msgstr"][key[1]] = ast.literal_eval(value)
                else:
                    entry[kind] = ast.literal_eval(value)
            elif line.startswith('"') and key is not None:
                if key[0] == "msgstr":
                    entry["msgstr"][key[1]] += ast.literal_eval(line)
                else:
                    entry[key[0]] += ast.literal_eval(line)
        if entry.get("msgid"):
            entries.append(entry)
    return entries


# Placeholders a translation must keep as they are: %(name)s and %s, {name}, HTML tags.
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sdr]|%[sdr]|%%|\{[a-z_]+\}|</?[a-z]+[^>]*>")


def test_every_interface_language_but_english_has_a_catalogue_and_no_other():
    catalogues = (ROOT / "locale").glob("*/LC_MESSAGES/django.po")
    on_disk = {path.parent.parent.name for path in catalogues}
    assert on_disk == set(interface_languages.CATALOGUES)
    assert "en" not in interface_languages.CATALOGUES  # the source text is English


@pytest.mark.parametrize("code", interface_languages.CATALOGUES)
def test_every_msgid_has_a_translation(code):
    entries = po_entries(catalogue(code))
    assert len(entries) > 300
    untranslated = [e["msgid"] for e in entries if not all(e["msgstr"].values())]
    assert not untranslated
    assert not [e["msgid"] for e in entries if "fuzzy" in e["flags"]]
    plurals = [e for e in entries if "msgid_plural" in e]
    assert plurals and all(set(e["msgstr"]) == {0, 1} for e in plurals)


@pytest.mark.parametrize("code", [c for c in interface_languages.CATALOGUES if c != "fr"])
def test_each_catalogue_translates_every_string_of_the_french_one(code):
    """French is the reference every helper keeps up to date; a string it has and
    another catalogue lacks would show in the default language there."""

    def keys(path):
        return {(e.get("msgctxt"), e["msgid"], e.get("msgid_plural")) for e in po_entries(path)}

    missing = keys(PO) - keys(catalogue(code))
    assert not missing, sorted(missing, key=str)[:10]


@pytest.mark.parametrize("code", interface_languages.CATALOGUES)
def test_translations_keep_every_placeholder(code):
    wrong = []
    for entry in po_entries(catalogue(code)):
        for form, text in entry["msgstr"].items():
            source = entry["msgid_plural"] if form and "msgid_plural" in entry else entry["msgid"]
            expected = sorted(PLACEHOLDER.findall(source))
            got = sorted(PLACEHOLDER.findall(text))
            # A singular may say "one" instead of %(count)d ("1 jour", "Le mot que...").
            if got != expected and not (form == 0 and set(got) <= set(expected)):
                wrong.append((entry["msgid"], text))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("code", interface_languages.CATALOGUES)
def test_each_catalogue_declares_its_languages_plural_forms(code):
    header = catalogue(code).read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert f'"Language: {code}\\n"' in header
    expected = interface_languages.by_code(code).plural_forms
    assert f'"Plural-Forms: {expected}\\n"' in header


@pytest.mark.parametrize("code", interface_languages.CATALOGUES)
def test_the_committed_mo_is_compiled_from_the_po(code):
    """`make messages` compiles django.mo; nothing at run time needs gettext."""
    po = catalogue(code)
    with po.with_suffix(".mo").open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    for entry in po_entries(po):
        context = entry.get("msgctxt")
        if "msgid_plural" in entry:
            for n, form in ((1, 0), (2, 1)):
                got = catalog.ngettext(entry["msgid"], entry["msgid_plural"], n)
                assert got == entry["msgstr"][form], entry["msgid"]
        elif context is not None:  # pgettext: a word whose translation depends on its use
            got = catalog.pgettext(context, entry["msgid"])
            assert got == entry["msgstr"][0], (context, entry["msgid"])
        else:
            assert catalog.gettext(entry["msgid"]) == entry["msgstr"][0], entry["msgid"]
