"""``manage.py precision_report [--lang L] [--json] [--unjudged]``: what a class sees, rated.

Per language, on fresh boards (seeds the review sheet never dealt:
games/content_review.py's REPORT_PLAN), per 100 distinct words: the words the
verdicts class as objectionable, borderline, names, abbreviations, too rare
or misspelt; and the share of right meanings on a fresh sample of level 1-2
words. Exit code 1 when a target is missed or a word is unjudged
(``--unjudged`` prints those words, for the audit); 2 for an unknown
language or a malformed review file (docs/content-review.md).
"""

from __future__ import annotations

import json as json_module

from django.core.management.base import BaseCommand, CommandError

from games import content_review
from games.engine import precision
from games.engine.build.reviews import ReviewError
from games.management.languages import chosen_languages


class Command(BaseCommand):
    help = "Rate what fresh boards show a class against the reviewed verdicts."
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--lang", action="append", help="a language (repeatable; default all)")
        parser.add_argument("--json", action="store_true", help="one JSON line per language")
        parser.add_argument(
            "--unjudged", action="store_true", help="print the words no verdict covers yet"
        )

    def handle(self, *args, lang, json, unjudged, **options):
        missed = False
        for code in chosen_languages(lang):
            try:
                report = language_report(code)
            except ReviewError as exc:
                raise CommandError(str(exc), returncode=2) from None
            missed |= not (report["words"]["met"] and report["meanings"]["met"])
            missed |= not all(pair["met"] for pair in report["pairs"].values())
            if unjudged:
                for word in report["words"]["unjudged"]:
                    self.stdout.write(f"{code}\tword\t{word}\t{precision.shown(code, word)}")
                for word in report["meanings"]["unjudged"] + report["meanings"]["stale"]:
                    meaning = precision.gloss(word, code, "en") or "-"
                    self.stdout.write(f"{code}\tmeaning\t{word}\t{meaning}")
                for interface, pair in report["pairs"].items():
                    for word in pair["unjudged"] + pair["stale"]:
                        meaning = precision.gloss(word, code, interface) or "-"
                        self.stdout.write(f"{code}\tmeaning-{interface}\t{word}\t{meaning}")
            elif json:
                self.stdout.write(json_module.dumps(report, ensure_ascii=False))
            else:
                self.stdout.write(as_text(report))
        if missed:
            raise CommandError("a target is missed or a word is unjudged", returncode=1)


def language_report(lang: str) -> dict:
    counts = content_review.plan_counts(
        lang, content_review.REPORT_PLAN, first_seed=precision.FRESH_SEEDS
    )
    words = precision.precision_report(counts, lang)
    sample = precision.meaning_sample(lang)
    meanings = precision.meaning_report(lang, sample, precision.read_meaning_audit(lang))
    pairs = {
        interface: precision.pair_report(lang, interface)
        for interface in precision.PAIR_LANGUAGES
        if interface != lang
    }
    return {"lang": lang, "words": words, "meanings": meanings, "pairs": pairs}


def as_text(report: dict) -> str:
    words, meanings = report["words"], report["meanings"]
    rates = ", ".join(f"{kind} {value}" for kind, value in words["per_100_words"].items())
    lines = [
        f"{report['lang']}: {words['distinct_words']} distinct words on fresh boards,"
        f" {words['judged']} judged; per 100 words: {rates}",
        f"  meanings ({meanings['judged']} of {meanings['sample']} judged): right"
        f" {meanings['right']}%, right or partly {meanings['right_or_partly']}%,"
        f" vulgar {meanings['vulgar']}",
    ]
    for interface, pair in report["pairs"].items():
        lines.append(
            f"  meanings for {interface} readers ({pair['judged']} of {pair['sample']} judged):"
            f" right {pair['right']}%, right or partly {pair['right_or_partly']}%,"
            f" vulgar {pair['vulgar']}"
        )
    for kind, examples in words["examples"].items():
        lines.append(f"  {kind}: {', '.join(examples)}")
    if words["unjudged"]:
        lines.append(f"  unjudged words: {len(words['unjudged'])}")
    if meanings["stale"] or meanings["unjudged"]:
        lines.append(
            f"  meanings to judge: {len(meanings['unjudged'])} new, {len(meanings['stale'])} stale"
        )
    return "\n".join(lines)
