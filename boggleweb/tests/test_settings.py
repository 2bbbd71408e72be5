"""Settings come from the environment, and nonsense stops start-up naming the variable.

Settings are evaluated once per process, so each case runs a fresh interpreter.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import django; from django.conf import settings; django.setup(); "
    "print(settings.DATABASES['default']['ENGINE']); "
    "print(settings.CHANNEL_LAYERS['default']['BACKEND']); print(settings.DEBUG); "
    "print(settings.WORD_THREADS)"
)


def run_settings(tmp_path, **overrides):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "DEBUG", "ALLOWED_HOSTS", "SECRET_KEY"}
    }
    env.update(DJANGO_SETTINGS_MODULE="boggleweb.settings", DATA_DIR=str(tmp_path), **overrides)
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_no_environment_runs_on_sqlite_and_the_in_memory_layer(tmp_path):
    result = run_settings(tmp_path)
    assert result.returncode == 0, result.stderr
    engine, layer, debug, word_threads = result.stdout.split()
    assert engine == "boggleweb.sqlite3"  # Django's, writers queued in the process
    assert layer == "boggleweb.layers.InMemoryLayer"  # Channels', lighter
    assert debug == "False"
    assert word_threads == "1"  # SQLite writes take turns: one thread records the words


def test_database_and_redis_urls_switch_the_backends(tmp_path):
    result = run_settings(
        tmp_path,
        DATABASE_URL="postgres://someone@127.0.0.1:5432/lettergrid",
        REDIS_URL="redis://127.0.0.1:6379/3",
    )
    assert result.returncode == 0, result.stderr
    engine, layer, _, word_threads = result.stdout.split()
    assert engine == "django.db.backends.postgresql"
    assert layer == "boggleweb.layers.ChannelLayer"
    assert word_threads == "4"  # PostgreSQL records several rooms' words at once


def test_word_threads_can_be_set(tmp_path):
    result = run_settings(tmp_path, WORD_THREADS="3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "3"


# What the pages' database work runs on, whatever the machine's cores: as many threads
# as WORKER_THREADS (asyncio's default pool, CPU count + 4, grew with them), so as many
# connections (docs/SCALING.md).
POOL_PROBE = """
import asyncio, os, threading, time
import django
django.setup()
from games.workers import in_word_thread, in_worker
seen = {"worker": set(), "words": set()}
def busy(kind):
    seen[kind].add(threading.get_ident())
    time.sleep(0.05)
async def main():
    calls = [in_worker(busy)("worker") for _ in range(20)]
    calls += [in_word_thread(busy)("words") for _ in range(20)]
    await asyncio.gather(*calls)
asyncio.run(main())
print(len(seen["worker"]), len(seen["words"]), len(seen["worker"] | seen["words"]))
"""


@pytest.mark.parametrize(("workers", "words"), [("2", "1"), ("9", "3")])
def test_the_pages_database_work_runs_on_as_many_threads_as_set(tmp_path, workers, words):
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env.update(
        DJANGO_SETTINGS_MODULE="boggleweb.settings",
        DATA_DIR=str(tmp_path),
        WORKER_THREADS=workers,
        WORD_THREADS=words,
        PRELOAD_LANGUAGES="none",
    )
    result = subprocess.run(
        [sys.executable, "-c", POOL_PROBE], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    # 20 calls of each at once: every thread of each pool busy, and no other thread
    assert result.stdout.split() == [workers, words, str(int(workers) + int(words))]


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DEBUG", "maybe"),
        ("DATABASE_URL", "mysql-ish://nowhere"),
        ("DATABASE_URL", "mysql://user@host/db"),
        ("REDIS_URL", "http://127.0.0.1:6379"),
        ("LOG_LEVEL", "LOUD"),
        ("CSRF_TRUSTED_ORIGINS", "games.school.example"),
        ("LANGUAGE_CODE", "xx"),
        ("PRELOAD_LANGUAGES", "en,klingon"),
        ("SECURE_SSL_REDIRECT", "sometimes"),
        ("SECURE_HSTS_SECONDS", "a year"),
        ("SECURE_HSTS_SECONDS", "-1"),
        ("SECURE_HSTS_PRELOAD", "please"),
        ("WORD_THREADS", "0"),
        ("WORD_THREADS", "many"),
        ("WORKER_THREADS", "0"),
        ("WORKER_THREADS", "six"),
    ],
)
def test_a_value_that_makes_no_sense_stops_start_up_naming_the_variable(tmp_path, variable, value):
    result = run_settings(tmp_path, **{variable: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr.splitlines()[-1]


def test_public_hosts_without_a_secret_key_are_refused(tmp_path):
    result = run_settings(tmp_path, ALLOWED_HOSTS="games.school.example")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr.splitlines()[-1]


def test_public_hosts_with_a_secret_key_start(tmp_path):
    result = run_settings(tmp_path, ALLOWED_HOSTS="games.school.example", SECRET_KEY="x" * 50)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("code", ["fr", "es", "de", "it", "pt"])
def test_the_default_interface_language_may_be_any_the_interface_speaks(tmp_path, code):
    result = run_settings(tmp_path, LANGUAGE_CODE=code)
    assert result.returncode == 0, result.stderr
