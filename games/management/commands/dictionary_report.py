"""``manage.py dictionary_report [--lang L] [--json]``: coverage, sizes, load time, memory.

Per language: the share of the most frequent words that the classroom game
counts at the hardest level and at levels 1-2, the words per level, the
graph's size, the load time and the memory (games/engine/report.py). The
figures are recorded in docs/dictionaries.md.
"""

from __future__ import annotations

import json as json_module

from django.core.management.base import BaseCommand, CommandError

from games.engine import report
from games.engine.lexicon import LexiconError
from games.management.languages import chosen_languages


class Command(BaseCommand):
    help = "Coverage of frequent words, words per level, graph sizes, load time and memory."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--lang", action="append", help="a language (repeatable; default all)")
        parser.add_argument("--json", action="store_true", help="one JSON line per language")

    def handle(self, *args, lang, json, **options):
        langs = chosen_languages(lang)
        for code in langs:
            try:
                figures = report.language_report(code)
            except (LexiconError, OSError) as exc:
                raise CommandError(str(exc), returncode=2) from None
            if json:
                self.stdout.write(json_module.dumps(figures, ensure_ascii=False))
            else:
                self.stdout.write(report.report_text(figures))
