"""Locked down: `check --deploy` is clean with the documented production settings,
and every page carries a Content-Security-Policy with no inline script or style."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = ROOT / "deploy" / "production.env"


def production_settings() -> dict[str, str]:
    """deploy/production.env, the empty secrets filled in as a technician would."""
    values = {}
    for line in PRODUCTION_ENV.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            values[name] = value
    values["SECRET_KEY"] = secrets.token_urlsafe(50)
    values["POSTGRES_PASSWORD"] = "a-database-password"
    return values


def check_deploy(**overrides: str) -> subprocess.CompletedProcess:
    env = {**os.environ, **production_settings(), **overrides}
    env["DATABASE_URL"] = "postgres://lettergrid@127.0.0.1:5432/lettergrid"
    env["REDIS_URL"] = "redis://127.0.0.1:6379/0"
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def test_the_documented_production_settings_pass_check_deploy():
    result = check_deploy()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    ("variable", "value", "warning"),
    [
        ("SECURE_HSTS_SECONDS", "0", "security.W004"),
        ("SECURE_SSL_REDIRECT", "false", "security.W008"),
        ("SECURE_PROXY_SSL_HEADER_ENABLED", "false", "security.W012"),
    ],
)
def test_each_https_setting_is_what_check_deploy_asks_for(variable, value, warning):
    result = check_deploy(**{variable: value})
    assert result.returncode != 0
    assert warning in result.stdout + result.stderr


@pytest.mark.django_db
def test_pages_carry_a_policy_without_inline_script_or_style(client):
    policy = client.get(reverse("games:landing"))["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy


def test_no_template_holds_an_inline_script_style_or_event_handler():
    """Browser tests catch what a page runs; this catches what no test opens."""

    inline = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)|\sstyle=|\son[a-z]+=")
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "templates").rglob("*.html")
        if inline.search(path.read_text())
    ]
    assert offenders == []
