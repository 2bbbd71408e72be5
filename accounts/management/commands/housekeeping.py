"""The daily chores of a Lettergrid server, in one command every deployment schedules
(README: Backups and housekeeping): `clearsessions` (expired sessions: every
browser that ever opened a page has one) and `purge_student_data` (what
students left more than STUDENT_DATA_DAYS ago).

Cron runs it once a day (`make housekeeping`), Kubernetes from a CronJob;
Compose's `housekeeping` service runs it with ``--every 24``: once now, then
every 24 hours, for as long as the service runs.
"""

from __future__ import annotations

import time

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone


class Command(BaseCommand):
    help = "Delete expired sessions and students' data older than STUDENT_DATA_DAYS."

    def add_arguments(self, parser):
        parser.add_argument(
            "--every",
            type=float,
            default=None,
            metavar="HOURS",
            help="Run now, then again every HOURS hours until stopped (a service, not cron).",
        )

    def handle(self, *args, every: float | None, **options):
        if every is not None and not 0.01 <= every <= 24 * 31:
            raise CommandError("--every takes hours, from 0.01 to 744.")
        while True:
            self.chores()
            if every is None:
                return
            time.sleep(every * 3600)

    def chores(self) -> None:
        self.stdout.write(f"{timezone.localtime():%Y-%m-%d %H:%M} housekeeping")
        call_command("clearsessions")
        self.stdout.write("Expired sessions deleted.")
        call_command("purge_student_data", stdout=self.stdout)
        self.stdout.flush()
