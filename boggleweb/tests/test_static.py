"""Static files with content-hashed names: a page keeps the files it was served with
through an upgrade (boggleweb/static.py)."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

HASHED = r"\.[0-9a-f]{12}\."


def collect() -> None:
    call_command("collectstatic", interactive=False, verbosity=0)


@pytest.fixture
def collected(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "staticfiles"
    collect()
    return settings.STATIC_ROOT


def test_pages_link_to_hashed_files_whose_imports_are_hashed_too(collected, client):
    play_page = client.post(reverse("games:solo"), {"language": "en", "level": 2}).url
    html = client.get(play_page).content.decode()
    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert assets and all(re.search(HASHED, asset) for asset in assets), assets
    play = staticfiles_storage.url("js/play.js")
    assert play in assets and re.fullmatch(rf"/static/js/play{HASHED}js", play)
    script = Client().get(play)
    assert script.status_code == 200
    assert "immutable" in script["Cache-Control"]
    text = b"".join(script.streaming_content).decode()
    imports = re.findall(r'from "\./([^"]+)"', text)
    assert imports and all(re.search(HASHED, name) for name in imports), imports
    for name in imports:  # the modules it imports are there, by those names
        assert Client().get(f"/static/js/{name}").status_code == 200


def test_a_page_keeps_its_files_through_an_upgrade(settings, tmp_path):
    """Files collected, a process started; then the release changes a script and
    collects again, as `git pull` then `make cluster-restart` does."""
    source = tmp_path / "static"
    (source / "js").mkdir(parents=True)
    settings.STATICFILES_DIRS = [source]
    settings.STATIC_ROOT = tmp_path / "staticfiles"
    (source / "js" / "lib.js").write_text("export const version = 1;\n")
    (source / "js" / "app.js").write_text('import { version } from "./lib.js";\nv1();\n')
    collect()
    old_link = staticfiles_storage.url("js/app.js")
    old_process = Client()  # WhiteNoise lists the files when its process starts
    assert _body(old_process.get(old_link)).startswith("import { version }")

    (source / "js" / "lib.js").write_text("export const version = 2; // a longer file\n")
    (source / "js" / "app.js").write_text(
        'import { version } from "./lib.js";\nv2(); // the new release, longer\n'
    )
    collect()
    new_link = staticfiles_storage.url("js/app.js")
    assert new_link != old_link
    new_process = Client()
    for process in (old_process, new_process):
        old, new = process.get(old_link), process.get(new_link)
        old_text, new_text = _body(old), _body(new)
        assert "v1();" in old_text and "v2();" in new_text
        assert int(old["Content-Length"]) == len(old_text.encode())
        assert int(new["Content-Length"]) == len(new_text.encode())
        old_lib = re.search(r'from "\./([^"]+)"', old_text).group(1)
        assert "version = 1;" in _body(process.get(f"/static/js/{old_lib}"))


def _body(response) -> str:
    assert response.status_code == 200, response
    return b"".join(response.streaming_content).decode()
