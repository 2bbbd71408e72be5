"""``manage.py board``: print a new board (one line, the text format).

Defaults: English, 4x4, the language's dice at that size (its letters by
frequency where it has none), a fresh random seed. ``--seed`` makes the
board reproducible; ``--dice freq`` asks for frequency letters;
``--min-words N`` deals until a board holds N words of ``--level`` (default
all), as the classroom deal does.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.engine import cli
from games.engine.dice import board_sources
from games.engine.sharecode import board_from_code


class Command(BaseCommand):
    help = "Print a board, e.g. EEAL/MARO/SAIS/IKTG."
    # Pure engine work: the web app's checks (URLs, models) are not its business.
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--lang", default="en", help="en fr es de it pt (default en)")
        parser.add_argument("--size", metavar="N", help="4, 5 or 6 (default 4, or the dice's)")
        names = ", ".join(board_sources())
        parser.add_argument("--dice", metavar="NAME", help=f"freq or one of: {names}")
        parser.add_argument("--seed", metavar="N", help="a whole number (default: random)")
        parser.add_argument("--from-code", metavar="CODE", help="rebuild a shared board")
        parser.add_argument(
            "--level", default="all", help="1-4 or common/everyday/advanced/all (default all)"
        )
        parser.add_argument(
            "--min-words", metavar="N", help="deal until the board has N words of --level"
        )

    def handle(self, *args, lang, size, dice, seed, from_code, level, min_words, **options):
        try:
            if from_code:
                board = board_from_code(from_code)
            else:
                size = cli.parse_count("size", size, choices=(4, 5, 6))
                seed = cli.parse_count("seed", seed, minimum=0)
                min_words = cli.parse_count("min-words", min_words, minimum=0)
                source, size = cli.choose_source(lang, size, dice)
                root = cli.dictionary_root(lang, level, None) if min_words else None
                board = cli.new_board(source, size, seed, root=root, min_words=min_words)
        except ValueError as exc:
            raise CommandError(str(exc), returncode=2) from None
        self.stdout.write(str(board))
