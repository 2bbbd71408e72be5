"""Project-wide guard rails: migrations, pages, the channel layer."""

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
from channels.layers import get_channel_layer
from django.core.management import call_command
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_no_model_change_lacks_a_migration():
    # Raises SystemExit(1) when makemigrations would write a migration.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.mark.django_db
def test_landing_page_says_what_lettergrid_is(client):
    response = client.get(reverse("games:landing"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<title>Lettergrid</title>" in html
    assert "Find words on a grid of letters." in html
    for language in ("English", "French", "Spanish", "German", "Italian", "Portuguese"):
        assert language in html


def test_channel_layer_delivers_a_group_message():
    """On CI this is the real Redis layer (REDIS_URL); locally the in-memory one."""
    if os.environ.get("CI") == "true":
        assert os.environ.get("REDIS_URL"), "CI must run the suite against Redis"

    async def round_trip():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("test-room", channel)
        await layer.group_send("test-room", {"type": "room.hello", "text": "bonjour"})
        message = await asyncio.wait_for(layer.receive(channel), timeout=5)
        await layer.group_discard("test-room", channel)
        return message

    assert asyncio.run(round_trip()) == {"type": "room.hello", "text": "bonjour"}


def test_code_passes_ruff_lint_and_format():
    ruff = Path(sys.executable).with_name("ruff")
    for command in (["check", "--quiet", "."], ["format", "--check", "--quiet", "."]):
        result = subprocess.run([ruff, *command], cwd=ROOT, capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.django_db
def test_a_missing_page_is_a_friendly_404(client):
    response = client.get("/r/NOPE99/rounds/1/results")
    assert response.status_code == 404
    html = response.content.decode()
    assert "There is nothing here." in html
    assert "site.css" in html
