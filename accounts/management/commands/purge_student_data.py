"""Delete what students left behind more than STUDENT_DATA_DAYS ago (README: What is stored).

Run it daily (cron, a systemd timer): nothing else deletes old data.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from accounts.services import student_data_purge


class Command(BaseCommand):
    help = (
        "Delete students' nicknames, rounds and found words older than --days "
        "(default: the STUDENT_DATA_DAYS setting). Classes and their join codes stay."
    )

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=None, help="Keep this many days.")
        parser.add_argument("--dry-run", action="store_true", help="Count, delete nothing.")

    def handle(self, *args, days: int | None, dry_run: bool, **options):
        days = settings.STUDENT_DATA_DAYS if days is None else days
        if days < 1:
            raise CommandError("--days must be 1 or more.")
        now = timezone.now()
        deleted = student_data_purge(days=days, now=now, dry_run=dry_run)
        cutoff = timezone.localtime(now - timedelta(days=days))
        verb = "Would delete" if dry_run else "Deleted"
        summary = ", ".join(f"{number} {name}" for name, number in deleted.items())
        self.stdout.write(
            f"{verb} {summary} (older than {days} days: before {cutoff:%Y-%m-%d %H:%M})."
        )
