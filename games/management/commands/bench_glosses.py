"""``manage.py bench_glosses``: the results page with glosses, timed, and the memory they cost.

Builds a finished 6x6 round (its full word list) in this database, times its
results page (server time, p95 of --repeat) in English and French, as the
teacher and as a pupil sees it, removes it; then glosses every word of 50
boards per language and reports the resident memory growth
(tools/gloss_bench.py; figures in docs/PERFORMANCE.md).
"""

from __future__ import annotations

import gc
import json

from django.core.management.base import BaseCommand, CommandError

from games.engine.glosses import INTERFACE_LANGUAGES
from games.engine.languages import LANGUAGES
from games.management.database import require_migrated
from tools import gloss_bench


class Command(BaseCommand):
    help = "Time the results page of a 6x6 round with glosses; measure the memory glossing adds."

    def add_arguments(self, parser):
        parser.add_argument("--lang", default="fr", help="the round's language (default fr)")
        parser.add_argument("--repeat", type=int, default=50)
        parser.add_argument("--boards", type=int, default=50, help="boards per language (memory)")
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")

    def handle(self, *args, lang, repeat, boards, json, **options):
        if lang not in LANGUAGES or not 1 <= repeat <= 1000 or not 1 <= boards <= 1000:
            raise CommandError(
                "--lang en fr es de it pt, --repeat 1-1000, --boards 1-1000", returncode=2
            )
        require_migrated()
        memory = gloss_bench.memory(boards)  # first: the page would load the glosses too
        # As boggleweb/asgi.py does once the dictionaries are loaded: what is
        # resident by now is out of the collector's sight, as in the server.
        gc.freeze()
        classroom, number, words = gloss_bench.build(lang)
        try:
            pages = {
                f"{viewer}, {interface}, {mode}": gloss_bench.bench(
                    classroom, number, interface, repeat, mode, viewer
                )
                for viewer in gloss_bench.VIEWERS
                for interface in INTERFACE_LANGUAGES
                for mode in gloss_bench.MODES
            }
            alone = {
                interface: gloss_bench.selector(classroom, number, interface, repeat)
                for interface in INTERFACE_LANGUAGES
            }
        finally:
            gloss_bench.remove(classroom)
        result = {
            "lang": lang,
            "words": words,
            "results_page": pages,
            "round_glosses": alone,
            "memory": memory,
        }
        if json:
            self.stdout.write(json_dumps(result))
            return
        for name, times in pages.items():
            self.stdout.write(
                f"results page, {words} words, {name}: "
                f"p50 {times['p50_ms']} ms, p95 {times['p95_ms']} ms, first {times['first_ms']} ms"
                f" (CPU p50 {times['cpu_p50_ms']} ms, p95 {times['cpu_p95_ms']} ms)"
            )
        for interface, times in alone.items():
            self.stdout.write(
                f"round_glosses alone, {words} words, {interface}, every one looked up: "
                f"p50 {times['p50_ms']} ms, p95 {times['p95_ms']} ms"
            )
        self.stdout.write(
            f"memory: {memory['rss_before_mb']} MB -> {memory['rss_after_mb']} MB "
            f"(+{memory['growth_mb']} MB: heap +{memory['anonymous_growth_mb']} MB, "
            f"mapped tables +{memory['file_backed_growth_mb']} MB) "
            f"after {memory['glosses_found']} glosses"
        )


def json_dumps(value) -> str:
    return json.dumps(value)
