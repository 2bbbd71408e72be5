"""Load a running Lettergrid server with simulated players: `manage.py loadtest --help`."""

from __future__ import annotations

import asyncio
import json

from django.core.management.base import BaseCommand, CommandError

from tools import loadtest


class Command(BaseCommand):
    help = (
        "Open N simulated players in rooms against a running server (sharing its database), "
        "each sending a word every INTERVAL seconds, and print latencies and losses."
    )

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://127.0.0.1:8000", help="The server's address.")
        parser.add_argument("--players", type=int, default=300)
        parser.add_argument("--room-size", type=int, default=30)
        parser.add_argument("--duration", type=float, default=30.0, help="Seconds of play.")
        parser.add_argument("--interval", type=float, default=2.0, help="Seconds between words.")
        parser.add_argument("--lang", default="en")
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")
        parser.add_argument("--keep", action="store_true", help="Keep the rooms it made.")
        parser.add_argument(
            "--start-with-pages-open",
            action="store_true",
            help="Deal the rounds, connect every player, then start each round from its "
            "host's socket (measures the start with the whole class connected).",
        )

        parser.add_argument(
            "--teacher-page",
            action="append",
            default=[],
            metavar="PATH",
            help="A page a teacher opens again and again during the run (repeat the option "
            "for several, e.g. a class leaderboard); needs --teacher.",
        )
        parser.add_argument("--teacher", help="The username of that teacher.")
        parser.add_argument(
            "--teacher-pause",
            type=float,
            default=2.0,
            help="Seconds between the teacher's pages (0: one after another).",
        )
        parser.add_argument(
            "--server-pid",
            type=int,
            action="append",
            default=[],
            metavar="PID",
            help="A server process on this machine (repeat for several): report its CPU "
            "time over the play (joining excluded) and per word submitted.",
        )

    def handle(self, *args, **options):
        players, room_size = options["players"], options["room_size"]
        if not 1 <= players <= 5000 or not 1 <= room_size <= 100:
            raise CommandError("--players must be 1-5000 and --room-size 1-100", returncode=2)
        if not 1 <= options["duration"] <= 600 or not 0.1 <= options["interval"] <= 60:
            raise CommandError("--duration must be 1-600 s and --interval 0.1-60 s", returncode=2)
        start_late = options["start_with_pages_open"]
        teacher = None
        if options["teacher_page"]:
            if not options["teacher"]:
                raise CommandError("--teacher-page needs --teacher USERNAME", returncode=2)
            try:
                teacher = (
                    loadtest.teacher_session(options["teacher"]),
                    options["teacher_page"],
                    options["teacher_pause"],
                )
            except Exception as error:
                raise CommandError(f"--teacher: {error}", returncode=2) from error
        seats, hosts = loadtest.prepare(
            players, room_size, options["duration"], options["lang"], start_late
        )
        try:
            tally = asyncio.run(
                loadtest.run(
                    options["url"],
                    seats,
                    options["duration"],
                    options["interval"],
                    hosts,
                    teacher,
                    tuple(options["server_pid"]),
                )
            )
        finally:
            if not options["keep"]:
                loadtest.cleanup(seats)
        result = loadtest.report(tally, players, len({s.code for s in seats}), options["duration"])
        if options["json"]:
            self.stdout.write(json.dumps(result))
        else:
            for key, value in result.items():
                self.stdout.write(f"{key:>17}: {value}")
