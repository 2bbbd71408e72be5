"""What fresh boards show a class, rated against the targets (issue 13), on fixed seeds.

The boards are the report's own (games/content_review.py REPORT_PLAN, seeds from
precision.FRESH_SEEDS, which the review sheet never deals); the words on them were
judged by the review or, for the words it never saw, by an audit of these very boards
(dictionaries/sources/reviews/audit/). A word that nobody judged, a judged meaning that
has changed since, or a rate above its target fails the test, so a rebuild that puts new
words on these boards must bring their judgement with it (`manage.py precision_report
--unjudged` lists them).
"""

from __future__ import annotations

import pytest

from games.engine import precision
from games.management.commands.precision_report import language_report


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "it", "pt"])
def test_fresh_boards_meet_the_precision_targets(lang):
    report = language_report(lang)
    words, meanings = report["words"], report["meanings"]
    assert words["unjudged"] == [], "judge them: manage.py precision_report --unjudged"
    assert words["distinct_words"] >= 1000
    for kind, target in precision.TARGETS.items():
        assert words["per_100_words"][kind] <= target, (kind, words["examples"].get(kind))
    assert meanings["stale"] == [] and meanings["unjudged"] == []
    assert meanings["judged"] == 50
    assert meanings["right"] >= precision.MEANING_TARGETS["right"]
    assert meanings["right_or_partly"] >= precision.MEANING_TARGETS["right_or_partly"]
    assert meanings["vulgar"] == 0
