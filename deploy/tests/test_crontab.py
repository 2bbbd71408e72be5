"""README's crontab lines (Backups and housekeeping), read as cron reads them.

Cron runs a line's command with /bin/sh from the user's home directory, with
PATH=/usr/bin:/bin, and ends the command at the first `%` that is not
escaped (the rest becomes its standard input): the cron line printed before
issue 21 broke on `$(date +%F)` and ran `pg_dump` from the wrong directory.
The lines without Docker also run for real in CI, after the README's
installation steps (deploy/tests/technician_path.sh).
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from datetime import datetime, timedelta
from pathlib import Path

import cronsim
import pytest

from deploy import compose_check
from deploy.tests.test_compose import env_file

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
UNESCAPED_PERCENT = re.compile(r"(?<!\\)%")


def crontab() -> list[tuple[str, str]]:
    """(section, line) of every entry of the README's ```crontab blocks; the section
    is the comment above it ("Without Docker", "With Docker Compose")."""
    entries, inside, section = [], False, ""
    for line in README.read_text().splitlines():
        if line.startswith("```"):
            inside = line == "```crontab"
            continue
        if inside and line.startswith("#"):
            section = line.lstrip("# ").rstrip(":")
        elif inside and line.strip():
            entries.append((section, line))
    return entries


def split(line: str) -> tuple[str, str]:
    fields = line.split(None, 5)
    assert len(fields) == 6, f"five time fields and a command: {line!r}"
    return " ".join(fields[:5]), fields[5]


def as_cron_runs(command: str) -> str:
    """The shell command cron hands /bin/sh: up to the first bare %, \\% made %."""
    return UNESCAPED_PERCENT.split(command, 1)[0].replace("\\%", "%")


def compose_service(shell: str) -> str | None:
    """The service a `docker compose exec|run ...` command runs in (None: no Compose)."""
    words = shlex.split(shell.split("docker compose ", 1)[1]) if "docker compose " in shell else []
    if not words:
        return None
    words = words[1:]  # exec, run
    while words[0].startswith("-"):
        option = words.pop(0)
        if option in ("-v", "--volume", "-e", "--env", "-u", "--user", "-w", "--workdir"):
            words.pop(0)
    return words[0]


ENTRIES = crontab()


def test_the_readme_schedules_housekeeping_and_backups_for_both_ways_of_running():
    sections = {section.split(" (")[0] for section, _line in ENTRIES}
    assert sections == {"Without Docker", "With Docker Compose"}
    without = " ".join(line for section, line in ENTRIES if section.startswith("Without"))
    assert "make housekeeping" in without and "make backup" in without
    with_docker = " ".join(line for section, line in ENTRIES if section.startswith("With "))
    assert "pg_dump" in with_docker and "-C /data caddy" in with_docker


@pytest.mark.parametrize(("section", "line"), ENTRIES, ids=[line for _s, line in ENTRIES])
def test_every_line_is_an_entry_cron_runs_as_it_reads(section, line):
    schedule, command = split(line)
    # A schedule cron accepts, run once a day, at night.
    runs = cronsim.CronSim(schedule, datetime(2026, 11, 26, 12, 0))
    first, second = next(runs), next(runs)
    assert second - first == timedelta(days=1) and first.hour < 6, line
    # Nothing after a bare % reaches the shell: every % must be escaped.
    assert not UNESCAPED_PERCENT.search(command), f"an unescaped % in {line!r}"
    shell = as_cron_runs(command)
    assert subprocess.run(["/bin/sh", "-n", "-c", shell]).returncode == 0, shell
    # From the home directory, make, docker compose and relative paths find nothing:
    # change to the project's directory first.
    words = shlex.split(shell.replace("$(", " ").replace(")", " "))
    relative = any(not word.startswith(("/", "-", "$")) and "/" in word for word in words[3:])
    if relative or "docker compose" in shell or re.search(r"\bmake\b", shell):
        assert re.match(r"cd /\S+ && ", shell), f"no cd to the project first: {line!r}"


@pytest.mark.parametrize(
    "target", sorted({m for _s, line in ENTRIES for m in re.findall(r"\bmake (\w[\w-]*)", line)})
)
def test_the_make_targets_of_the_crontab_exist(target):
    dry_run = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
    assert dry_run.returncode == 0, dry_run.stderr
    assert "deploy/with_env.py" in dry_run.stdout  # .env's settings, as make cluster's


def test_the_docker_lines_name_compose_s_own_services_and_volumes(tmp_path):
    config = json.loads(compose_check.check(env_file(tmp_path), quiet=False).stdout)
    services = config["services"]
    with_docker = [line for section, line in ENTRIES if section.startswith("With ")]
    named = [compose_service(as_cron_runs(split(line)[1])) for line in with_docker]
    assert {"db", "caddy"} <= set(named) <= {*services, None}
    assert services["db"]["environment"]["POSTGRES_USER"] == "lettergrid"
    assert services["db"]["environment"]["POSTGRES_DB"] == "lettergrid"
    caddy_volumes = {v["target"]: v["source"] for v in services["caddy"]["volumes"]}
    assert caddy_volumes["/data"] == "caddy-data"  # what the Caddy line archives
