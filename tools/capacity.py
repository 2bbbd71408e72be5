r"""What a class's load costs each part of the cluster: the figures behind docs/SCALING.md.

    make cluster &                       # or: .venv/bin/python deploy/cluster.py --processes 2
    .venv/bin/python -m tools.capacity --players 600 --duration 60
    # the same against a bare room, for the ratio (tools/baseline.py):
    .venv/bin/python deploy/cluster.py --application tools.baseline:application \
        --state-dir var/bare --site http://127.0.0.1:8090 &
    .venv/bin/python -m tools.capacity --players 600 --duration 60 --state var/bare/state.json

Runs ``manage.py loadtest`` against the running cluster (var/cluster/state.json
names its daphne processes) and measures, over the run: the CPU time of each
daphne process (from /proc), Redis' CPU time and commands (INFO), and
PostgreSQL's transactions and rows written (pg_stat_database). Printed as one
JSON object: the loadtest's latencies, and the costs per 1,000 players per
second of play. CPU time hardly depends on what else the machine runs, so the
costs are the figures to scale by; the latencies need a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def redis_figures(url: str) -> dict[str, float]:
    import redis

    client = redis.from_url(url)
    cpu, stats = client.info("cpu"), client.info("stats")
    return {
        "cpu_s": cpu["used_cpu_sys"] + cpu["used_cpu_user"],
        "commands": stats["total_commands_processed"],
        "bytes_in": stats.get("total_net_input_bytes", 0),
        "bytes_out": stats.get("total_net_output_bytes", 0),
    }


def postgres_figures(url: str) -> dict[str, float]:
    import psycopg

    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(url, autocommit=True) as connection:
        row = connection.execute(
            "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted, tup_returned"
            " FROM pg_stat_database WHERE datname = %s",
            (name,),
        ).fetchone()
    return {"transactions": row[0], "rows_written": row[1], "rows_read": row[2]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=600)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--state", default=str(ROOT / "var" / "cluster" / "state.json"))
    args = parser.parse_args()
    state = json.loads(Path(args.state).read_text())
    database_url, redis_url = os.environ["DATABASE_URL"], os.environ["REDIS_URL"]
    pids = [web["pid"] for web in state["web"]]
    before = (
        [cpu_seconds(pid) for pid in pids],
        redis_figures(redis_url),
        postgres_figures(database_url),
    )
    began = time.monotonic()
    command = [
        sys.executable,
        "manage.py",
        "loadtest",
        "--url",
        state["site"],
        "--players",
        str(args.players),
        "--duration",
        str(args.duration),
        "--json",
        *(f"--server-pid={pid}" for pid in pids),
    ]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    elapsed = time.monotonic() - began
    after = (
        [cpu_seconds(pid) for pid in pids],
        redis_figures(redis_url),
        postgres_figures(database_url),
    )
    load = json.loads(run.stdout.strip().splitlines()[-1])
    # Costs over the whole run (joining included), per 1,000 players and second.
    scale = 1000 / args.players / elapsed
    processes = [round(b - a, 1) for a, b in zip(before[0], after[0], strict=True)]
    redis = {key: after[1][key] - before[1][key] for key in before[1]}
    postgres = {key: after[2][key] - before[2][key] for key in before[2]}
    result = {
        "players": args.players,
        "processes": len(pids),
        "run_s": round(elapsed, 1),
        "latency": {
            key: load[key]
            for key in ("round_trip_ms", "broadcast_ms", "lost_replies", "lost_events", "errors")
        },
        "words": load["submitted"],
        "deliveries": load["broadcasts"],
        # Every reply and room event the players received, and the daphne CPU per one
        # during the play alone (joining excluded): run the same against deploy/cluster.py
        # --application tools.baseline:application for the ratio to a bare room.
        "delivered": load["delivered"],
        "play_cpu_ms_per_word": load["cpu_ms_per_word"],
        "play_cpu_us_per_delivered": load["cpu_us_per_delivered"],
        "daphne_cpu_s": processes,
        "per_1000_players_per_s": {
            "daphne_cores": round(sum(processes) * scale, 3),
            "redis_cores": round(redis["cpu_s"] * scale, 4),
            "redis_commands": round(redis["commands"] * scale),
            "redis_kb_out": round(redis["bytes_out"] * scale / 1024),
            "postgres_transactions": round(postgres["transactions"] * scale),
            "postgres_rows_written": round(postgres["rows_written"] * scale),
        },
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
