"""``manage.py lookup WORD... --lang L [--level N] [--json]``: what the game says of words.

For teachers and checks: per word, whether it counts in the classroom game
at that level (the blocklist applied), the easiest level that has it, how it
is displayed and its dictionary form. ``--json`` prints one line per word:
``{"word", "display", "valid", "level", "blocked", "lemma", "lemmas", "gloss",
"gloss_language"}``;
``--gloss-language`` (en fr es de it pt; English by default) is the language of
the meaning (``"gloss"``, null when no source has one; "no meaning found" in
text); ``"gloss_language"`` the language it is written in (English where no
source translates the word into the one asked for).
Bad input is one line on stderr and exit code 2. The work is in
``games.engine.cli.lookup``.
"""

from __future__ import annotations

import json as json_module

from django.core.management.base import BaseCommand, CommandError

from games.engine import cli


class Command(BaseCommand):
    help = "Look words up: valid at a level, easiest level, display form, lemma, meaning."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("words", nargs="*", metavar="WORD")
        parser.add_argument("--lang", required=False, help="en fr es de it pt")
        parser.add_argument(
            "--level", default="all", help="1-4 or common/everyday/advanced/all (default all)"
        )
        parser.add_argument("--json", action="store_true", help="one JSON line per word")
        parser.add_argument(
            "--gloss-language",
            default="en",
            help="the language of the meaning: en (default) fr es de it pt",
        )

    def handle(self, *args, words, lang, level, json, gloss_language, **options):
        if not lang:
            raise CommandError("--lang is required (en fr es de it pt)", returncode=2)
        try:
            rows = cli.lookup(words, lang, level, gloss_language)
        except ValueError as exc:
            raise CommandError(str(exc), returncode=2) from None
        for row in rows:
            if json:
                self.stdout.write(json_module.dumps(row, ensure_ascii=False))
            else:
                self.stdout.write(cli.lookup_text(row, gloss_language))
