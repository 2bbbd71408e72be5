"""Time the teachers' pages against a school year of lessons: `manage.py bench_teacher_pages`."""

from __future__ import annotations

import json
import time

from django.core.management.base import BaseCommand, CommandError

from games.management.database import require_migrated
from tools import school_year


class Command(BaseCommand):
    help = (
        "Build a school year (CLASSES classes of STUDENTS students, ROUNDS finished rounds of "
        "FINDS words each) in this database, then time every teacher page of one class "
        "(server time, median and worst of --repeat). The data is removed afterwards "
        "unless --keep."
    )

    def add_arguments(self, parser):
        parser.add_argument("--classes", type=int, default=10)
        parser.add_argument("--rounds", type=int, default=200)
        parser.add_argument("--students", type=int, default=30)
        parser.add_argument("--finds", type=int, default=15)
        parser.add_argument("--repeat", type=int, default=10)
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")
        parser.add_argument("--keep", action="store_true", help="Keep the year it built.")

    def handle(self, *args, **options):
        require_migrated()
        year = school_year.Year(
            options["classes"], options["rounds"], options["students"], options["finds"]
        )
        if not (1 <= year.classes <= 50 and 1 <= year.rounds <= 1000 and 1 <= year.students <= 60):
            raise CommandError("--classes 1-50, --rounds 1-1000, --students 1-60", returncode=2)
        if not 1 <= year.finds <= 40 or not 1 <= options["repeat"] <= 100:
            raise CommandError("--finds 1-40, --repeat 1-100", returncode=2)
        began = time.perf_counter()
        classrooms = school_year.build(year)
        built = time.perf_counter() - began
        try:
            figures = school_year.bench(classrooms[-1], repeat=options["repeat"])
        finally:
            if not options["keep"]:
                school_year.remove(classrooms)
        result = {"year": year.__dict__, "build_s": round(built, 1), "pages": figures}
        if options["json"]:
            self.stdout.write(json.dumps(result))
        else:
            self.stdout.write(f"built {year} in {built:.1f} s")
            for name, times in figures.items():
                self.stdout.write(
                    f"{name:>14}: {times['p50_ms']:7.1f} ms median, {times['max_ms']:7.1f} ms worst"
                )
