"""Mail and privacy settings come from the environment; nonsense stops start-up.

Settings are evaluated once per process, so each case runs a fresh interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import django; from django.conf import settings; django.setup(); "
    "print(settings.EMAIL_BACKEND); print(settings.EMAIL_PORT); print(settings.EMAIL_USE_TLS); "
    "print(settings.STUDENT_DATA_DAYS)"
)
OURS = {"EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS", "DEFAULT_FROM_EMAIL", "STUDENT_DATA_DAYS"}


def run_settings(tmp_path, **overrides):
    env = {key: value for key, value in os.environ.items() if key not in OURS}
    env.update(DJANGO_SETTINGS_MODULE="boggleweb.settings", DATA_DIR=str(tmp_path), **overrides)
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_without_an_smtp_server_mail_is_printed_and_data_kept_a_year(tmp_path):
    result = run_settings(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.core.mail.backends.console.EmailBackend",
        "587",
        "True",
        "365",
    ]


def test_an_smtp_server_switches_the_backend(tmp_path):
    result = run_settings(
        tmp_path,
        EMAIL_HOST="smtp.school.example",
        EMAIL_PORT="465",
        EMAIL_USE_TLS="false",
        STUDENT_DATA_DAYS="30",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.core.mail.backends.smtp.EmailBackend",
        "465",
        "False",
        "30",
    ]


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("EMAIL_HOST", "smtp.school.example:587"),
        ("EMAIL_HOST", "smtp://smtp.school.example"),
        ("EMAIL_PORT", "smtp"),
        ("EMAIL_PORT", "70000"),
        ("EMAIL_USE_TLS", "perhaps"),
        ("DEFAULT_FROM_EMAIL", "Lettergrid"),
        ("STUDENT_DATA_DAYS", "0"),
        ("STUDENT_DATA_DAYS", "a year"),
    ],
)
def test_nonsense_stops_start_up_naming_the_variable(tmp_path, variable, value):
    result = run_settings(tmp_path, **{variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr
