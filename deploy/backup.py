"""A backup of a Lettergrid server run without Docker (`make cluster`): its database,
and Caddy's data, which holds its certificates and, on an intranet, the school's
own certificate authority (the root the school's computers were told to trust:
lose it and every computer must be given a new one).

    make backup BACKUP_DIR=/backup          # deploy/with_env.py backup /backup

writes into the directory, dated today:

    lettergrid-2026-11-26.dump              pg_dump --format=custom of DATABASE_URL
    lettergrid-caddy-2026-11-26.tar.gz      CLUSTER_DIR/caddy/data

and deletes the files of this kind there older than --keep-days (30; 0 keeps
all). It stops with a message and exit status 1 if either part fails, leaving
no half-written file under a backup's name. The secrets (.env) are not
copied: keep them somewhere safe yourself. Restoring: README, Backups.
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = ("lettergrid-",)


def dump_database(url: str, target: Path) -> None:
    partial = target.with_name(target.name + ".partial")
    result = subprocess.run(
        ["pg_dump", "--format=custom", f"--dbname={url}", f"--file={partial}"],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        partial.unlink(missing_ok=True)
        raise SystemExit(f"pg_dump failed: {result.stderr.strip()}")
    partial.replace(target)


def archive_caddy_data(data: Path, target: Path) -> None:
    if not data.is_dir():
        raise SystemExit(f"no Caddy data at {data}: has `make cluster` run here (CLUSTER_DIR)?")
    partial = target.with_name(target.name + ".partial")
    with tarfile.open(partial, "w:gz") as archive:
        archive.add(data, arcname="data")
    partial.replace(target)


def prune(directory: Path, keep_days: int) -> list[Path]:
    """This script's files older than ``keep_days`` days, deleted."""
    if keep_days <= 0:
        return []
    cutoff = time.time() - keep_days * 86400
    old = [
        path
        for path in directory.iterdir()
        if path.name.startswith(PREFIXES)
        and path.name.endswith((".dump", ".tar.gz"))
        and path.stat().st_mtime < cutoff
    ]
    for path in old:
        path.unlink()
    return old


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="where the backups go, e.g. /backup")
    parser.add_argument("--keep-days", type=int, default=30, help="0: keep every backup")
    parser.add_argument(
        "--cluster-dir",
        type=Path,
        default=Path(os.environ.get("CLUSTER_DIR") or ROOT / "var" / "cluster"),
        help="make cluster's state directory (default: CLUSTER_DIR, else var/cluster)",
    )
    args = parser.parse_args(argv)
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        parser.error(f"DATABASE_URL={url!r}: this backs up PostgreSQL (set it in .env)")
    if not args.directory.is_dir():
        parser.error(f"{args.directory} is not a directory")
    today = datetime.date.today().isoformat()
    dump = args.directory / f"lettergrid-{today}.dump"
    caddy = args.directory / f"lettergrid-caddy-{today}.tar.gz"
    dump_database(url, dump)
    archive_caddy_data(args.cluster_dir / "caddy" / "data", caddy)
    removed = prune(args.directory, args.keep_days)
    print(
        f"Backed up to {dump} and {caddy}"
        + (f"; {len(removed)} old ones deleted" if removed else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
