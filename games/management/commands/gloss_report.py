"""``manage.py gloss_report [--lang L] [--json]``: how many words have a meaning.

Per game language and interface language: the share of level 1-2 words and
of level 3-4 words (a sample) with a gloss, and of the words on 200 dealt
boards; the level 1 words without one. The work is in
games/engine/gloss_report.py; the figures are in docs/glosses.md.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.engine import gloss_report
from games.engine.languages import LANGUAGES


class Command(BaseCommand):
    help = "Share of the game's words (levels 1-2, 3-4, dealt boards) that have a meaning."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--lang", action="append", help="a language (repeatable; default all)")
        parser.add_argument("--json", action="store_true", help="one JSON line per pair")

    def handle(self, *args, lang, json, **options):
        langs = lang or list(LANGUAGES)
        unknown = [code for code in langs if code not in LANGUAGES]
        if unknown:
            raise CommandError(
                f"unknown language {unknown[0]!r}; choose one of {', '.join(LANGUAGES)}",
                returncode=2,
            )
        for pair in gloss_report.report(langs):
            self.stdout.write(gloss_report.as_json([pair])[1:-1] if json else pair.as_text())
