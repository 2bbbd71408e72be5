"""``manage.py solve BOARD...``: every word on one or more boards.

Boards in the text format (``EEAL/MARO/SAIS/IKTG``); ``-`` reads boards from
standard input, one per line. ``--json`` prints one line per board:
``{"words": [...], "score": n, "paths": {"word": [[row, col], ...]},
"display": {"word": "shown"}}`` (display: the accented spellings).
Bad input is one line on stderr and exit code 2. The work is in
``games.engine.cli``.
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from games.engine import cli
from games.engine.languages import level_from_name
from games.engine.solver import solve


class Command(BaseCommand):
    help = "List the words on boards (rows joined by '/', e.g. EEAL/MARO/SAIS/IKTG; - = stdin)."
    # Pure engine work: the web app's checks (URLs, models) are not its business.
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("boards", nargs="+", metavar="BOARD")
        parser.add_argument("--lang", default="en", help="en fr es de it pt (default en)")
        parser.add_argument(
            "--level", default="all", help="1-4 or common/everyday/advanced/all (default all)"
        )
        parser.add_argument("--words", metavar="FILE", help="a UTF-8 word list to use instead")
        # Parsed as text and checked in handle(): argparse's own errors print
        # the usage too, and the harness wants one line.
        parser.add_argument(
            "--min-length", metavar="N", help="shortest word (default 3 on 4x4, 4 on 5x5 and 6x6)"
        )
        parser.add_argument("--json", action="store_true", help="one JSON line per board")

    def handle(self, *args, boards, lang, level, words, min_length, json, **options):
        try:
            min_length = cli.parse_count("min-length", min_length)
            parsed = cli.read_boards(boards, sys.stdin)
            lexicon = cli.dictionary(lang, words)
            root = lexicon.root(level_from_name(level).number)
        except ValueError as exc:
            raise CommandError(str(exc), returncode=2) from None
        for board in parsed:
            solution = solve(board, root, min_length)
            if json:
                self.stdout.write(cli.solution_json(solution, lexicon))
            else:
                self.stdout.write(cli.solution_text(solution))
