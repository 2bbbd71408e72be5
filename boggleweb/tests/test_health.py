"""/healthz: 200 when the database and Redis answer, 503 when either does not,
for whatever Host a load balancer or a Kubernetes probe sends."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("REDIS_URL")
IN_CI = os.environ.get("CI") == "true"

pytestmark = pytest.mark.django_db


def nothing_listens() -> str:
    """An address on this machine where no server listens."""
    return f"127.0.0.1:{free_port()}"


def test_healthy_with_the_in_memory_layer(client, settings):
    settings.REDIS_URL = None
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "redis": "not used"}
    assert "no-cache" in response["Cache-Control"]


def test_healthy_with_redis(client, settings):
    if not REDIS_URL:
        if IN_CI:
            pytest.fail("CI must set REDIS_URL")
        pytest.skip("REDIS_URL is not set")
    settings.REDIS_URL = REDIS_URL
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "redis": "ok"}


def test_redis_down_is_a_503(client, settings):
    settings.REDIS_URL = f"redis://{nothing_listens()}/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "down", "database": "ok", "redis": "down"}


def test_any_host_and_plain_http_get_an_answer(client, settings):
    settings.REDIS_URL = None
    settings.ALLOWED_HOSTS = ["games.school.example"]
    settings.SECURE_SSL_REDIRECT = True
    # An upstream's address, as Caddy sends it, and a pod's IP, as a kubelet does.
    for host in ("lettergrid-web-2:8000", "10.244.1.7:8000"):
        assert client.get("/healthz", HTTP_HOST=host).status_code == 200
    # Every other page still refuses a host it does not know.
    assert client.get("/", HTTP_HOST="10.244.1.7:8000").status_code == 400


def test_database_down_is_a_503():
    """A real process whose DATABASE_URL points where no PostgreSQL listens."""
    script = (
        "import django, json; django.setup(); from django.test import Client; "
        "r = Client().get('/healthz'); print(json.dumps([r.status_code, r.json()]))"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "boggleweb.settings",
        "DATABASE_URL": f"postgres://nobody@{nothing_listens()}/lettergrid",
        "PRELOAD_LANGUAGES": "none",
    }
    env.pop("REDIS_URL", None)
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    status, body = json.loads(result.stdout.strip().splitlines()[-1])
    assert status == 503
    assert body == {"status": "down", "database": "down", "redis": "not used"}


def test_a_draining_process_says_so_until_the_file_goes(client, settings, tmp_path, caplog):
    settings.REDIS_URL = None
    settings.HEALTHZ_DRAIN_FILE = str(tmp_path / "draining")
    assert client.get("/healthz").status_code == 200
    (tmp_path / "draining").touch()
    for _ in range(3):  # a balancer's checks, every 2 s
        response = client.get("/healthz")
        assert response.status_code == 503
        assert response.json() == {"status": "draining"}
    assert client.get("/how-to-play").status_code == 200  # pages are still served
    (tmp_path / "draining").unlink()
    assert client.get("/healthz").status_code == 200
    # A deliberate drain is two INFO lines, never an ERROR (nobody is paged).
    said = [
        (r.levelname, r.getMessage())
        for r in caplog.records
        if r.name.startswith(("boggleweb", "django"))
    ]
    assert [level for level, _ in said] == ["INFO", "INFO"], said
    assert said[0][1].startswith("draining") and said[1][1].startswith("drain over")
