"""``manage.py review_sheet --lang L [--min-boards N]``: what a reviewer reads.

Deals boards as rounds deal them (games/content_review.py's plan: 2,000 4x4
and 500 5x5 everyday boards) and prints one tab-separated row per word they
held, the most often dealt first: word, boards, level, display, lemmas,
meaning in English and in French, the verdict already given
(docs/content-review.md). ``--unjudged`` leaves out the words the review has
judged. ``--lemmas`` lists instead the lemmas that level 1-2 words are explained
through, the lemma of the most words first, with their meanings, for a review of
meanings. An unknown language is one line on stderr and exit code 2.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games import content_review
from games.engine import precision
from games.engine.build.reviews import ReviewError, read_review
from games.management.languages import chosen_languages


class Command(BaseCommand):
    help = "Deal boards as rounds do and list every word on them for review."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--lang", required=True, help="en fr es de it pt")
        parser.add_argument(
            "--min-boards", type=int, default=1, help="only words dealt on this many boards"
        )
        parser.add_argument("--unjudged", action="store_true", help="only words not yet judged")
        parser.add_argument(
            "--lemmas",
            action="store_true",
            help="the lemmas level 1-2 words are explained through, with their meanings",
        )

    def handle(self, *args, lang, min_boards, unjudged, lemmas, **options):
        (lang,) = chosen_languages([lang])
        try:
            review = read_review(lang)
            if lemmas:
                rows = precision.lemma_sheet(lang)
        except ReviewError as exc:
            raise CommandError(str(exc), returncode=2) from None
        if lemmas:
            self.stdout.write(precision.LEMMA_SHEET_HEADER)
            for row in rows:
                self.stdout.write(row)
            return
        counts = content_review.plan_counts(lang, content_review.SHEET_PLAN)
        self.stdout.write(precision.SHEET_HEADER)
        for row in precision.review_sheet(counts, lang, review):
            if row.boards >= min_boards and not (unjudged and row.verdict):
                self.stdout.write(row.as_tsv())
