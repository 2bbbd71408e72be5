"""``manage.py bench_solver``: how fast the solver is, and what the dictionary costs.

Prints ``{"boards", "median_us", "p95_us", "load_ms", "rss_mb"}``: the
per-board solve time over ``--count`` seeded boards of the language's
default dice (or frequency letters) at ``--size``; the dictionary load time
in this fresh process; its resident memory after loading. ``--lang all``
loads all six languages and solves ``--count`` boards of each.
``--min-words N`` times the generator asking for N words instead.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.engine import cli


class Command(BaseCommand):
    help = "Benchmark the solver (per-board times, dictionary load time and memory)."
    # Pure engine work: the web app's checks (URLs, models) are not its business.
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--lang", default="en", help="en fr es de it pt, or all")
        parser.add_argument("--words", metavar="FILE", help="a UTF-8 word list to use instead")
        parser.add_argument("--size", metavar="N", default="4", help="4, 5 or 6 (default 4)")
        parser.add_argument("--count", metavar="N", default="200", help="boards (default 200)")
        parser.add_argument("--seed", metavar="N", default="0", help="first seed (default 0)")
        parser.add_argument(
            "--min-words", metavar="N", help="time generate_board(min_words=N) instead of solve"
        )
        parser.add_argument("--json", action="store_true", help="print one JSON line")

    def handle(self, *args, lang, words, size, count, seed, min_words, json, **options):
        try:
            result = cli.bench(
                lang,
                cli.parse_count("size", size, choices=(4, 5, 6)),
                cli.parse_count("count", count),
                cli.parse_count("seed", seed, minimum=0),
                words_file=words,
                min_words=cli.parse_count("min-words", min_words, minimum=0),
            )
        except ValueError as exc:
            raise CommandError(str(exc), returncode=2) from None
        self.stdout.write(result.as_json() if json else result.as_text())
