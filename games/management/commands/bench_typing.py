"""Typing on the play page on a slowed CPU: `manage.py bench_typing --help`."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tools import typing_bench


class Command(BaseCommand):
    help = (
        "Type words into a solo round of a running server in Chromium with its CPU slowed "
        "down, and print how fast the page answers each key and each Enter."
    )

    def add_arguments(self, parser):
        parser.add_argument("--url", default="http://127.0.0.1:8000", help="The server's address.")
        parser.add_argument("--words", type=int, default=30, help="Words to type.")
        parser.add_argument("--wpm", type=float, default=30.0, help="Words a minute.")
        parser.add_argument("--slowdown", type=float, default=4.0, help="CPU slowed N times.")
        parser.add_argument("--key-delay", type=int, default=90, help="Milliseconds between keys.")
        parser.add_argument("--no-sound", action="store_true", help="Leave the sound off.")
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")

    def handle(self, *args, **options):
        if not 1 <= options["words"] <= 300 or not 1 <= options["wpm"] <= 120:
            raise CommandError("--words must be 1-300 and --wpm 1-120", returncode=2)
        if not 1 <= options["slowdown"] <= 20:
            raise CommandError("--slowdown must be 1-20", returncode=2)
        result = typing_bench.run(
            options["url"],
            words=options["words"],
            wpm=options["wpm"],
            slowdown=options["slowdown"],
            key_delay=options["key_delay"],
            sound=not options["no_sound"],
        )
        if options["json"]:
            self.stdout.write(json.dumps(result))
        else:
            for key, value in result.items():
                self.stdout.write(f"{key:>24}: {value}")
