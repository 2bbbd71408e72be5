"""Run a `manage.py` command, or the backup, with the settings `make cluster` uses:
the environment, and .env beside docker-compose.yml (the environment wins).

    .venv/bin/python deploy/with_env.py housekeeping      # manage.py housekeeping
    .venv/bin/python deploy/with_env.py backup /backup    # deploy/backup.py

`make housekeeping` and `make backup` call it: cron lines need nothing more
than the project's directory (README: Backups and housekeeping).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deploy.cluster import settings_env  # noqa: E402


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    env = settings_env(ROOT / ".env")
    if argv[0] == "backup":
        command = [sys.executable, str(ROOT / "deploy" / "backup.py"), *argv[1:]]
    else:
        command = [sys.executable, str(ROOT / "manage.py"), *argv]
    os.chdir(ROOT)
    os.execve(sys.executable, command, env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
