"""Lettergrid settings: every value comes from an environment variable.

With no environment at all the project runs on its embedded defaults: SQLite
in ``var/`` and the in-memory channel layer, on http://127.0.0.1:8000. A value
that makes no sense stops start-up with a message naming the variable.

Variables (also listed, with examples, in README.md):

SECRET_KEY            Django's signing key. Unset: a built-in development key,
                      allowed only while ALLOWED_HOSTS names this machine alone.
DEBUG                 true/false (default false). Never true on a shared server.
ALLOWED_HOSTS         Comma-separated host names the server answers to
                      (default: localhost,127.0.0.1,[::1]). Browsers on other
                      origins are refused on the websocket too.
CSRF_TRUSTED_ORIGINS  Comma-separated origins (https://games.school.example)
                      when the app sits behind an HTTPS proxy (default: none).
DATABASE_URL          e.g. postgres://user:pass@host:5432/lettergrid
                      (default: sqlite:///var/db.sqlite3 in the project).
REDIS_URL             e.g. redis://127.0.0.1:6379/0: the channel layer shared by
                      several daphne processes (default: in-memory, one process).
DATA_DIR              Where the SQLite database lives (default: var/ in the project).
TIME_ZONE             The school's time zone (default: Europe/Paris).
LANGUAGE_CODE         Default interface language: en, fr, es, de, it or pt (default: en).
LOG_LEVEL             DEBUG, INFO, WARNING or ERROR (default: INFO).
ROUND_SWEEP_SECONDS   Each server process ends rounds at their bell; it looks for
                      rounds started elsewhere at least this often (default: 5;
                      0: never).
SOCKET_REBALANCE_SECONDS
                      With several processes (REDIS_URL): how often each compares
                      its open sockets with the others' and moves a few from a
                      busy one (default: 10; 0: never).
WORD_THREADS          Threads per process that record the words pages send
                      (default: 1 on SQLite, 4 on PostgreSQL).
WORKER_THREADS        Threads per process for the pages' other database work:
                      joins, snapshots, host commands (default: 6). With
                      WORD_THREADS and one more, the database connections a
                      process holds.
PRELOAD_LANGUAGES     Game languages whose dictionaries the server loads at
                      start-up (default: en,fr,es,de,it,pt; "none" for none).
SECURE_PROXY_SSL_HEADER_ENABLED
                      true when a trusted HTTPS proxy sets X-Forwarded-Proto
                      (default: false); also makes cookies secure-only and
                      takes a client's address from X-Forwarded-For.
SECURE_SSL_REDIRECT   true: plain-HTTP requests are redirected to HTTPS
                      (default: false; /healthz is never redirected).
SECURE_HSTS_SECONDS   Strict-Transport-Security max-age in seconds (default: 0,
                      no header); 31536000 once HTTPS works.
SECURE_HSTS_PRELOAD   true: the HSTS header consents to browsers' preload list
                      (default: false).
HEALTHZ_DRAIN_FILE    While this file exists, /healthz answers 503 "draining",
                      so the balancer stops sending new requests before the
                      process stops (default: none).
EMAIL_HOST            SMTP server for teachers' password-reset mail (default:
                      none, and mail is printed on the server's console).
EMAIL_PORT            SMTP port (default: 587).
EMAIL_HOST_USER       SMTP user name (default: none).
EMAIL_HOST_PASSWORD   SMTP password (default: none).
EMAIL_USE_TLS         true/false: STARTTLS to the SMTP server (default: true).
DEFAULT_FROM_EMAIL    Sender of the mail, e.g. "Lettergrid <games@school.example>"
                      (default: Lettergrid <lettergrid@localhost>).
STUDENT_DATA_DAYS     Days a student's nickname and finds are kept before
                      `manage.py purge_student_data` deletes them (default: 365).
"""

from __future__ import annotations

from datetime import timedelta
from email.utils import parseaddr
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from boggleweb import interface_languages
from boggleweb.env import env_bool, env_choice, env_int, env_list, env_str
from boggleweb.layers import redis_channel_layer
from games.engine.languages import LANGUAGES as GAME_LANGUAGES

BASE_DIR = Path(__file__).resolve().parent.parent

DEV_SECRET_KEY = "lettergrid-development-key-do-not-use-on-a-shared-server"
LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"]

DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", LOCAL_HOSTS)
SECRET_KEY = env_str("SECRET_KEY", DEV_SECRET_KEY)
if SECRET_KEY == DEV_SECRET_KEY and not set(ALLOWED_HOSTS) <= {*LOCAL_HOSTS, "testserver"}:
    raise ImproperlyConfigured(
        "SECRET_KEY is not set but ALLOWED_HOSTS opens the server to other machines: "
        "set SECRET_KEY to a long random string (see README.md, Deploying)."
    )
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
for _origin in CSRF_TRUSTED_ORIGINS:
    if urlsplit(_origin).scheme not in ("http", "https") or not urlsplit(_origin).netloc:
        raise ImproperlyConfigured(
            f"CSRF_TRUSTED_ORIGINS entry {_origin!r} must look like https://host.example"
        )

# --- HTTPS --------------------------------------------------------------------
# Behind a trusted proxy (Caddy in docker-compose.yml and `make cluster`): it says
# which requests came in over HTTPS, and whose they were (boggleweb.addresses).
BEHIND_TRUSTED_PROXY = env_bool("SECURE_PROXY_SSL_HEADER_ENABLED", False)
if BEHIND_TRUSTED_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0, minimum=0, maximum=2 * 365 * 86400)
# Covers only names under Lettergrid's own host (x.games.school.example), never
# the school's other sites.
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "axes",
    "accounts",
    "games",
]

MIDDLEWARE = [
    # First: /healthz answers a balancer's probe whatever its Host header or scheme.
    "boggleweb.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # WhiteNoise (boggleweb.static): content-hashed files a page keeps through an upgrade.
    "boggleweb.static.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A room's pages in its class's language unless the pupil picked another.
    "boggleweb.class_language.ClassLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "boggleweb.urls"
ASGI_APPLICATION = "boggleweb.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "boggleweb.interface_languages.template_context",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
DATA_DIR = Path(env_str("DATA_DIR", str(BASE_DIR / "var")))


def _database(url: str | None) -> dict:
    if url is None:
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "db.sqlite3",
        }
    try:
        # No health checks: they cost a query before every websocket message.
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=False)
    except Exception as exc:  # dj-database-url raises several types for bad URLs
        raise ImproperlyConfigured(f"DATABASE_URL={url!r} is not a database URL: {exc}") from None
    if config.get("ENGINE") not in (
        "django.db.backends.postgresql",
        "django.db.backends.sqlite3",
    ):
        raise ImproperlyConfigured(
            f"DATABASE_URL={url!r}: use postgres://... or sqlite:///path (got {config['ENGINE']})."
        )
    return config


DATABASES = {"default": _database(env_str("DATABASE_URL", "") or None)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's SQLite, with this process's writers queued before SQLite's lock
    # rather than sleeping in its busy handler (boggleweb/sqlite3/base.py).
    DATABASES["default"]["ENGINE"] = "boggleweb.sqlite3"
    # Measured (docs/PERFORMANCE.md, shared realtime notes): SQLite's defaults
    # double the cost of a write under load; WAL, IMMEDIATE transactions and a
    # busy timeout keep concurrent writers from failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 60
    # Tests on a file, not Django's shared-cache in-memory database: its table
    # locks fail at once ("database table is locked") when the socket's worker
    # threads write in parallel, where a file waits out the busy timeout.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channel layer ----------------------------------------------------------
REDIS_URL = env_str("REDIS_URL", "") or None
if REDIS_URL is None:
    # Channels' in-memory layer, without its per-delivery costs (boggleweb.layers).
    CHANNEL_LAYERS = {"default": {"BACKEND": "boggleweb.layers.InMemoryLayer"}}
else:
    if urlsplit(REDIS_URL).scheme not in ("redis", "rediss", "unix"):
        raise ImproperlyConfigured(
            f"REDIS_URL={REDIS_URL!r} must start with redis://, rediss:// or unix://"
        )
    CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS_URL)}

# The cache holds short-lived counters every process must share (wrong join
# codes): Redis when there is one, else this process's memory.
if REDIS_URL is not None:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "lettergrid-cache",
        }
    }

# /healthz (boggleweb.health) answers "draining" while this file exists.
HEALTHZ_DRAIN_FILE = env_str("HEALTHZ_DRAIN_FILE", "") or None

# --- Game -------------------------------------------------------------------
PRELOAD_LANGUAGES = [
    code for code in env_list("PRELOAD_LANGUAGES", list(GAME_LANGUAGES)) if code != "none"
]
for _code in PRELOAD_LANGUAGES:
    if _code not in GAME_LANGUAGES:
        raise ImproperlyConfigured(
            f"PRELOAD_LANGUAGES names {_code!r}; use codes among {', '.join(GAME_LANGUAGES)}."
        )

# Every ROUND_SWEEP_SECONDS each server process ends rounds whose time is up,
# so a round ends even when no page of it is open (0 turns the sweep off).
ROUND_SWEEP_SECONDS = env_int("ROUND_SWEEP_SECONDS", 5, minimum=0, maximum=3600)

# With several processes, every SOCKET_REBALANCE_SECONDS each one compares how many
# sockets it holds with the others and moves a few from a busy one (games/balance.py):
# after a rolling restart the processes restarted first hold every page.
SOCKET_REBALANCE_SECONDS = env_int("SOCKET_REBALANCE_SECONDS", 10, minimum=0, maximum=3600)

# The threads of a process that record the words its sockets send (games/consumers.py).
# SQLite takes one writer at a time, so more threads only queue at its lock and make
# the process switch between them: one thread took 7-10% off the CPU per word of
# `make run` (docs/PERFORMANCE.md). PostgreSQL records several rooms' words at once.
WORD_THREADS = env_int(
    "WORD_THREADS",
    1 if DATABASES["default"]["ENGINE"] == "boggleweb.sqlite3" else 4,
    minimum=1,
    maximum=32,
)

# The threads of a process for the pages' other database work (games/workers.py): a
# fixed number, where asyncio's default pool grows with the machine's cores (CPU count
# + 4), and with it the PostgreSQL connections each process holds (docs/SCALING.md).
WORKER_THREADS = env_int("WORKER_THREADS", 6, minimum=1, maximum=64)

# --- Privacy ----------------------------------------------------------------
# Students' nicknames and finds older than this are deleted by
# `manage.py purge_student_data` (README.md, What is stored).
STUDENT_DATA_DAYS = env_int("STUDENT_DATA_DAYS", 365, minimum=1, maximum=3650)

# --- Teachers' accounts and mail --------------------------------------------------
LOGIN_URL = "accounts:login"
# Login throttling (django-axes, accounts/throttling.py), for /accounts/login and
# /admin/ alike: failures are counted per account (the user name, whatever its
# case), from any address, never per address (a school shares one: a pupil could
# lock their teacher out). After 5, each try waits longer after the last failure
# (5 s, doubling, at most 2 minutes); tries during the wait are refused and not
# counted. A right password, a password reset or a day without a failure clears
# the count; the teacher gets an e-mail the first time in a day it reaches 5.
# Records live in the database, so every server process applies the same wait;
# nothing is kept about successful logins.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.throttling.LoginThrottle"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(days=1)  # how long a failure is remembered
AXES_LOCKOUT_PARAMETERS = ["username"]
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_USERNAME_CALLABLE = "accounts.throttling.username_typed"
AXES_CLIENT_IP_CALLABLE = "boggleweb.addresses.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.throttling.locked_out"
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False
# axes.W006 asks for the address among the lockout parameters, lest rotating user
# agents or cookies escape a count: this count is per account whatever the user
# agent, cookie or address, and leaves the address out on purpose (see above).
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
LOGIN_REDIRECT_URL = "classes:list"
LOGOUT_REDIRECT_URL = "games:landing"

EMAIL_HOST = env_str("EMAIL_HOST", "")
# "smtp.example:587" and "smtp://..." are typos; an IPv6 address has several colons.
if "/" in EMAIL_HOST or " " in EMAIL_HOST or EMAIL_HOST.count(":") == 1:
    raise ImproperlyConfigured(
        f"EMAIL_HOST={EMAIL_HOST!r} must be a host name such as smtp.school.example "
        "(put the port in EMAIL_PORT)."
    )
EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1, maximum=65535)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = 10  # a dead SMTP server must not hang a teacher's request
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Lettergrid <lettergrid@localhost>")
if "@" not in parseaddr(DEFAULT_FROM_EMAIL)[1]:
    raise ImproperlyConfigured(
        f"DEFAULT_FROM_EMAIL={DEFAULT_FROM_EMAIL!r} is not an address such as "
        "Lettergrid <games@school.example>."
    )
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Auth, i18n, static -------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The interface's languages, each by its own name (boggleweb/interface_languages.py).
LANGUAGE_CODE = env_choice("LANGUAGE_CODE", "en", interface_languages.CODES)
LANGUAGES = interface_languages.django_languages()
FORMAT_MODULE_PATH = ["boggleweb.formats"]  # each language's dates (boggleweb/formats/)
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates as each interface language writes them (27 Nov 2026, 27 nov. 2026).
FORMAT_MODULE_PATH = ["boggleweb.formats"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Not under DATA_DIR: that is the data to back up (and, in Kubernetes, a volume that
# would hide the files the image collected).
STATIC_ROOT = BASE_DIR / "staticfiles"
# `manage.py collectstatic` (make run, make cluster, the Docker image) gives every file
# a content-hashed name that pages link to, so a page keeps the files it was served
# with through an upgrade (boggleweb/static.py).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "boggleweb.static.ContentHashedStorage"},
}
# Serve straight from static/ too (unhashed names), so a fresh checkout works before
# collectstatic.
WHITENOISE_USE_FINDERS = True
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns at start-up without it

SESSION_COOKIE_HTTPONLY = True
# Content-Security-Policy (django-csp): scripts, styles, images and sockets from
# this site only; no inline script or style attribute (pages pass their data
# with json_script, which is JSON, not script). 'self' covers ws(s):// to this host.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {
        "handlers": ["console"],
        "level": env_choice("LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR")),
    },
}
