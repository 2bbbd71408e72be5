"""``manage.py gloss_report [--lang L] [--json]``: how many words have a meaning.

Per game language and interface language: the share of level 1-2 words and
of level 3-4 words (a sample) with a gloss, and of the words on 200 dealt
boards; the level 1 words without one. The work is in
games/engine/gloss_report.py; the figures are in docs/glosses.md.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from games.engine import gloss_report
from games.management.languages import chosen_languages


class Command(BaseCommand):
    help = "Share of the game's words (levels 1-2, 3-4, dealt boards) that have a meaning."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--lang", action="append", help="a language (repeatable; default all)")
        parser.add_argument("--json", action="store_true", help="one JSON line per pair")

    def handle(self, *args, lang, json, **options):
        langs = chosen_languages(lang)
        for pair in gloss_report.report(langs):
            self.stdout.write(gloss_report.as_json([pair])[1:-1] if json else pair.as_text())
