"""Fixtures shared by every app's tests: hypothesis settings and the browser harness."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent
IN_CI = os.environ.get("CI", "").lower() == "true"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ARTIFACTS = ROOT / "test-artifacts"
FUNCTION_SOURCE = re.compile(r"\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")

# Timing varies on a shared 2-core machine: never fail a property on speed.
settings.register_profile("lettergrid", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("lettergrid")


def pytest_configure(config) -> None:
    """In-process tests link to the unhashed static files, straight from static/: a
    manifest of hashed names that `make run` collected into var/ may be older than the
    files under test (boggleweb/static.py; its own tests collect into a directory of
    their own)."""
    from django.conf import settings

    config._lettergrid_static_root = tempfile.mkdtemp(prefix="lettergrid-static-")
    settings.STATIC_ROOT = config._lettergrid_static_root


def pytest_unconfigure(config) -> None:
    root = getattr(config, "_lettergrid_static_root", None)
    if root:
        shutil.rmtree(root, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(url: str, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server did not answer {url} within {timeout} s")


def stop_process(process: subprocess.Popen) -> None:
    # daphne with the Redis layer can hang on shutdown: terminate, then kill.
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


def database_url_of(settings_dict: dict) -> str:
    """A DATABASE_URL for another process to share this one's (test) database."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{Path(settings_dict['NAME']).resolve()}"
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    return "postgres://{USER}{password}@{HOST}:{PORT}/{NAME}".format(
        password=password, **settings_dict
    )


def need(program: str) -> str:
    path = shutil.which(program)
    if path is None:
        message = f"{program} is not installed (apt-get install -y {program})"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return path


class PrivateRedis:
    """A redis-server of this test's own, which it may stop and start again."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [need("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1"]
        self.process = subprocess.Popen(
            [*command, "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL
        )
        for _ in range(100):
            ping = subprocess.run(
                ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True
            )
            if ping.stdout.strip() == "PONG":
                return
            time.sleep(0.05)
        raise RuntimeError("the private redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)


@pytest.fixture(scope="session")
def daphne_env(tmp_path_factory) -> dict[str, str]:
    """The environment of the live server: its own SQLite database, in-memory layer.

    Commands run with it (the load generator, say) share the server's database.
    """
    data_dir = tmp_path_factory.mktemp("daphne-data")
    env = {**os.environ, "DATA_DIR": str(data_dir), "DEBUG": "false", "PRELOAD_LANGUAGES": "en"}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    return env


@pytest.fixture(scope="session")
def live_daphne(daphne_env) -> Iterator[str]:
    """A real daphne process on a free port, on its own SQLite database."""
    env = daphne_env
    data_dir = Path(env["DATA_DIR"])
    # As make run does: pages link to content-hashed files collected from today's
    # static/ (boggleweb/static.py), so the browser tests load them as a school does.
    for step in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run([sys.executable, "manage.py", *step, "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    log = (data_dir / "daphne.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "boggleweb.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(f"{base_url}/healthz", process)
        yield base_url
    finally:
        stop_process(process)
        log.close()


def _predicates_as_functions() -> None:
    """Playwright runs a string predicate of ``wait_for_function`` through the
    page's ``eval``, which the Content-Security-Policy forbids (no 'unsafe-eval');
    given as a function, it is compiled by the browser's debugger, not the page."""
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        original = cls.wait_for_function

        def wait_for_function(self, expression, *args, _original=original, **kwargs):
            if not FUNCTION_SOURCE.match(expression):
                expression = f"() => ({expression})"
            return _original(self, expression, *args, **kwargs)

        cls.wait_for_function = wait_for_function


class PolicyWatchedBrowser:
    """Chromium whose every page reports what the Content-Security-Policy blocked.

    Chromium logs each blocked inline script, style attribute or foreign
    request as a console error naming the policy; ``_no_policy_violations``
    fails the test that caused one.
    """

    def __init__(self, chromium) -> None:
        self._chromium = chromium
        self.violations: list[str] = []

    def new_context(self, **options):
        context = self._chromium.new_context(**options)
        context.on("console", self._watch)
        return context

    def _watch(self, message) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            self.violations.append(message.text)

    def __getattr__(self, name):
        return getattr(self._chromium, name)


@pytest.fixture(autouse=True)
def _fresh_solution_cache():
    """Test databases reuse round ids; a real one never does (every app's tests:
    accounts' CSV and leaderboards read round solutions too)."""
    from games import verdicts

    verdicts.clear_caches()
    yield
    verdicts.clear_caches()


@pytest.fixture(autouse=True)
def _fresh_rate_limits(monkeypatch):
    """Flood control keeps a bucket per browser for the process's life; tests reuse names.
    So do the encoded room events, by room and number. Wrong room codes are counted
    for half an hour in a cache that outlives a test (Redis on CI): each test counts
    under keys of its own, or one test's wrong codes would refuse the next one's."""
    from games import consumers, join_limits, ratelimit

    ratelimit._buckets.clear()
    consumers._room_texts.clear()
    monkeypatch.setattr(join_limits, "KEY_PREFIX", f"join-wrong-test-{secrets.token_hex(6)}")


@pytest.fixture(autouse=True)
def _interface_language_reset():
    """A test that switches the interface language (a French page, say) leaves the next
    one in the default: team names and messages are made in the active language."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _no_policy_violations(request):
    yield
    if "browser" in request.fixturenames:
        watched = request.getfixturevalue("browser")
        violations, watched.violations[:] = list(watched.violations), []
        assert not violations, "blocked by the Content-Security-Policy: " + "; ".join(violations)


@pytest.fixture(scope="module")
def browser(django_db_setup, django_db_blocker):
    """Debian's Chromium driven by Playwright; skipped off CI when it is not installed.

    Module-scoped: Playwright's sync API keeps an event loop marked as running
    while it is open, which would break asyncio tests run after it. It asks for
    the test database first, because Django refuses to create it while that
    loop is open.
    """
    if not Path(CHROMIUM).exists():
        message = f"Chromium not found at {CHROMIUM}: apt-get install -y chromium"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    _predicates_as_functions()

    # The test thread now holds Playwright's event loop; its ORM calls (and
    # pytest-django's flushes) are still plain blocking ones.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            yield PolicyWatchedBrowser(chromium)
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser, request):
    """A fresh browser context and page; a screenshot is kept in test-artifacts/."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and no stray sessions when it is dropped.

    The room consumer runs its queries in a thread pool, and those threads
    keep their own connections; PostgreSQL refuses to drop a database that
    has sessions ("is being accessed by other users"), which left the test
    database behind with a warning. End those sessions first.
    """
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
