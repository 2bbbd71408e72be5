"""The content review: verdict files, how the build applies them, the sheet and the report."""

from __future__ import annotations

import functools
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from games.engine import precision
from games.engine.build import reviews
from games.engine.build.blocklists import build_blocklist
from games.engine.build.reviews import ReviewError, parse_review
from games.engine.wordinfo import Spelling

ROOT = Path(__file__).resolve().parents[2]
HERE = Path("reviews/es.tsv")


def review_of(text: str, lang: str = "es") -> reviews.Review:
    return parse_review(lang, text, HERE)


@pytest.mark.parametrize(
    ("line", "complaint"),
    [
        ("Cagada\tvulgar", "folded word"),
        ("cagada", "second column"),
        ("cagada\tnasty", "second column"),
        ("cagada\tkeep\ten", "key=value"),
        ("cagada\tkeep\tcolour=red", "key=value"),
        ("cagada\tkeep\ten=a\ten=b", "given twice"),
        ("cagada\tlevel", "needs level=N"),
        ("cagada\tlevel\tlevel=7", "1 to 4"),
        ("seda\tkeep\tdisplay=silk", "fold to the word"),
    ],
)
def test_a_malformed_line_names_the_file_and_line(line, complaint):
    with pytest.raises(ReviewError) as error:
        review_of(f"# a review\n\n{line}\n")
    assert str(error.value).startswith(f"{HERE}:3: ")
    assert complaint in str(error.value)


def test_a_word_judged_twice_is_refused():
    with pytest.raises(ReviewError, match=r"es.tsv:2: 'rae' already judged on line 1"):
        review_of("rae\trare\nrae\tkeep\n")


def test_verdicts_set_or_cap_levels():
    review = review_of(
        "paulo\tname\netc\tabbr\nrae\trare\nsexy\tmild\nhablasteis\tlevel\tlevel=2\n"
        "casa\tkeep\ten=house\nrara\trare\tlevel=4\n"
    )
    levels = {
        "paulo": (1, 4.5),
        "etc": (2, 3.9),
        "rae": (2, 3.6),
        "sexy": (3, 2.5),
        "hablasteis": (4, 1.2),
        "casa": (1, 6.0),
        "rara": (2, 3.1),
    }
    notes: list[str] = []
    applied = review.apply_levels(levels | {}, notes)
    assert applied == {
        "paulo": (3, 4.5),
        "etc": (4, 3.9),
        "rae": (3, 3.6),
        "sexy": (3, 2.5),  # already advanced: a cap never makes a word easier
        "hablasteis": (2, 1.2),  # a textbook form made everyday
        "casa": (1, 6.0),
        "rara": (4, 3.1),
    }
    assert levels["paulo"] == (1, 4.5)  # the input is left alone
    assert notes == []
    review.apply_levels({"casa": (1, 6.0)}, notes)
    assert any("'paulo'" in note and "not a word" in note for note in notes)


def test_display_and_lemma_fixes_reorder_the_spellings():
    """display= orders the spellings shown; lemma= names the only lemmas the meaning is
    read through (the word data's sed and sedar go: seda is silk)."""
    review = review_of("seda\tkeep\tlemma=seda\ten=silk\tit=seta\nrio\tkeep\tdisplay=río,rió\n")
    spellings = {
        "seda": [Spelling("seda", ("sed", "sedar")), Spelling("sedá", ("sedar",))],
        "rio": [
            Spelling("río", ("río", "reír")),
            Spelling("rio", ("riar",)),
            Spelling("rió", ("reír",)),
        ],
        "casa": [Spelling("casa", ("casa",))],
    }
    fixed = review.apply_spellings(spellings)
    assert fixed["seda"] == [Spelling("seda", ("seda",)), Spelling("sedá", ("seda",))]
    assert [s.display for s in fixed["rio"]] == ["río", "rió"]
    assert fixed["rio"][1].lemmas == ("reír",)
    assert fixed["casa"] is spellings["casa"]
    assert review.meanings("en") == {"seda": "silk"}
    assert review.meanings("it") == {"seda": "seta"}
    assert review.meanings("fr") == {}


def test_a_reviewed_vulgar_word_blocks_every_form_of_it():
    review = review_of("cagar\tvulgar\nboludo\tvulgar\tnote=Argentina\nsudaca\tslur\n")
    spellings = {
        "cagar": [Spelling("cagar", ("cagar",))],
        "cagada": [Spelling("cagada", ("cagar",))],
        "cagamos": [Spelling("cagamos", ("cagar",))],
        "boludo": [Spelling("boludo", ("boludo",))],
        "boludos": [Spelling("boludos", ("boludo",))],
        "sudaca": [Spelling("sudaca", ("sudaca",))],
        "casa": [Spelling("casa", ("casa",))],
    }
    blocked = build_blocklist("es", spellings, [], {}, review.blocked_entries())
    assert {
        w: blocked[w] for w in ("cagar", "cagada", "cagamos", "boludo", "boludos")
    } == dict.fromkeys(("cagar", "cagada", "cagamos", "boludo", "boludos"), "vulgar")
    assert blocked["sudaca"] == "slur"
    assert "casa" not in blocked


def test_a_word_the_review_kept_is_not_blocked_as_a_vulgar_lemmas_form():
    """fr bande is also a form of the slang bander, and cone a regular feminine of con:
    a reviewer who read bande and kept it spares it; bander itself and bandes, which no
    reviewer kept, stay blocked."""
    review = review_of("bander\tvulgar\nbande\tkeep\ncon\tvulgar\ncone\tkeep\n", "fr")
    spellings = {
        "bander": [Spelling("bander", ("bander",))],
        "bande": [Spelling("bande", ("bande", "bander"))],
        "bandes": [Spelling("bandes", ("bande", "bander"))],
        "con": [Spelling("con", ("con",))],
        "cone": [Spelling("cône", ("cône",))],
    }
    kept = build_blocklist("fr", spellings, [], {}, review.blocked_entries(), review.kept_words())
    assert sorted(kept.keys() & spellings) == ["bander", "bandes", "con"]
    unkept = build_blocklist("fr", spellings, [], {}, review.blocked_entries())
    assert sorted(unkept.keys() & spellings) == ["bande", "bander", "bandes", "con", "cone"]


def test_the_repository_reviews_are_well_formed():
    """Every committed review and audit file parses (the build would stop on a bad line)."""
    for path in sorted(reviews.REVIEWS_DIR.glob("[a-z][a-z].tsv")):
        review = reviews.read_review(path.stem)
        assert review.verdicts, path
    for path in sorted(reviews.REVIEWS_DIR.glob("lemmas-*.tsv")):
        assert reviews.read_lemma_review(path.stem.removeprefix("lemmas-")), path
    for path in sorted((reviews.REVIEWS_DIR / precision.AUDIT).glob("[a-z][a-z].tsv")):
        assert precision.read_audit(path.stem).verdicts, path
    for path in sorted((reviews.REVIEWS_DIR / precision.AUDIT).glob("meanings-*.tsv")):
        assert precision.read_meaning_audit(path.stem.removeprefix("meanings-")), path


def test_precision_report_counts_each_kind_per_100_words(monkeypatch):
    review = review_of("casa\tkeep\nperro\tkeep\tdisplay=perro\n")
    audit = review_of("paulo\tname\netc\tabbr\n")
    monkeypatch.setattr(
        precision, "shown", lambda lang, word: {"perro": "perro / perró"}.get(word, word)
    )
    counts = Counter({"casa": 9, "perro": 4, "paulo": 2, "etc": 1, "gato": 1})
    report = precision.precision_report(counts, "es", review, audit)
    assert report["distinct_words"] == 5 and report["judged"] == 4
    assert report["per_100_words"]["names"] == 20.0
    assert report["per_100_words"]["abbreviations"] == 20.0
    assert report["per_100_words"]["spelling"] == 20.0  # perro shows a spelling the review refused
    assert report["per_100_words"]["objectionable"] == 0.0
    assert report["unjudged"] == ["gato"]
    assert report["met"] is False
    assert report["examples"]["names"] == ["paulo"]


def test_meaning_report_rates_the_judged_sample_and_finds_stale_judgements(monkeypatch):
    meanings = {"casa": "house", "perro": "dog", "gato": "cat", "mesa": "table, board"}
    monkeypatch.setattr(precision, "gloss", lambda word, lang, iface: meanings.get(word))
    judged = {
        "casa": precision.MeaningJudgement("casa", "right", "house"),
        "perro": precision.MeaningJudgement("perro", "partly", "dog"),
        "gato": precision.MeaningJudgement("gato", "wrong", "cat"),
        "mesa": precision.MeaningJudgement("mesa", "right", "table"),  # judged another text
    }
    report = precision.meaning_report("es", ["casa", "perro", "gato", "mesa", "sol"], judged)
    assert report["judged"] == 3
    assert report["right"] == 33.3 and report["right_or_partly"] == 66.7
    assert report["stale"] == ["mesa"] and report["unjudged"] == ["sol"]
    assert report["met"] is False


def test_meaning_audit_lines_are_checked(tmp_path):
    (tmp_path / "meanings-es.tsv").write_text("casa\tright\thouse\nperro\tgood\tdog\n")
    with pytest.raises(ReviewError, match=r"meanings-es\.tsv:2:"):
        precision.read_meaning_audit("es", tmp_path)


@pytest.mark.parametrize("command", ["review_sheet", "precision_report"])
def test_unknown_language_is_one_line_and_exit_code_2(command):
    result = subprocess.run(
        [sys.executable, "manage.py", command, "--lang", "xx"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "CommandError: unknown language 'xx'; choose one of en, fr, es, de, it, pt"
    ]


@functools.cache
def _word_lemmas_of(lang: str):
    from games.engine.build.glosses import _word_lemmas
    from games.engine.lexicon import DICTIONARIES_DIR

    return _word_lemmas(DICTIONARIES_DIR / lang / "words.tsv")


@functools.cache
def _vulgar_in(interface: str):
    from games.engine.build.glosses import vulgar_test
    from games.engine.lexicon import DICTIONARIES_DIR

    return vulgar_test(interface, DICTIONARIES_DIR)


def _left_out(lang: str, interface: str, word: str, meaning: str) -> bool:
    """Whether the build leaves a reviewed meaning out of its table, by its two rules."""
    from games.engine.build.glosses import _decent_senses, restates

    if interface == lang:
        return restates(word, meaning, _word_lemmas_of(lang))
    return _decent_senses({word: meaning}, _vulgar_in(interface)).get(word) != meaning


def test_every_reviewed_meaning_is_the_one_the_game_shows():
    """A meaning a reviewer wrote reaches the built tables and wins over the lemmas'
    (a blocked word shows none: the next test; en rogers is a form of roger, blocked)."""
    from games.engine.blocklist import blocked_words
    from games.engine.glosses import gloss

    wrong = []
    for path in sorted(reviews.REVIEWS_DIR.glob("[a-z][a-z].tsv")):
        review = reviews.read_review(path.stem)
        blocked = blocked_words(path.stem)
        for interface in reviews.MEANING_LANGUAGES:
            for word, meaning in review.meanings(interface).items():
                if word not in blocked and gloss(word, path.stem, interface) != meaning:
                    wrong.append((path.stem, interface, word, meaning))
    # Left out by the build: a meaning that only restates its word, or a reader's
    # meaning holding a word blocked in the reader's language.
    assert [w for w in wrong if not _left_out(*w)] == []


def test_a_reviewed_lemma_list_is_all_a_word_is_read_through():
    """lemma= replaces the word data's lemmas: pt mar is the sea, not a form of marcar;
    de sieht is sehen's, with no entry "sieht: views" of its own."""
    from games.engine.glosses import gloss
    from games.engine.lexicon import load_lexicon

    extra = []
    for path in sorted(reviews.REVIEWS_DIR.glob("[a-z][a-z].tsv")):
        lexicon = load_lexicon(path.stem)
        for word, verdict in reviews.read_review(path.stem).verdicts.items():
            listed = set(lexicon.lemmas(word)) if lexicon.contains(word) else set()
            if verdict.lemmas and listed - set(verdict.lemmas):
                extra.append((path.stem, word, lexicon.lemmas(word)))
    assert extra == []
    assert "marcar" not in gloss("mar", "pt", "en") and "views" not in gloss("sieht", "de", "en")


def test_a_blocked_word_has_no_meaning_anywhere():
    from games.engine.blocklist import blocked_words
    from games.engine.glosses import gloss

    for lang in ("fr", "es", "de"):
        for word in sorted(blocked_words(lang))[:40]:
            assert gloss(word, lang, "en") is None, (lang, word)
            assert gloss(word, lang, "fr") is None, (lang, word)


def test_a_form_is_blocked_when_any_of_its_lemmas_is_and_plurals_follow_the_entry(
    monkeypatch, tmp_path
):
    """Arschlöcher and Ärsche, which the word data knows as words of their own, go with
    Arsch and Arschloch; a form of two lemmas goes with the blocked one (petasse, péter's
    too) unless the list keeps it (tringle, a curtain rod)."""
    from games.engine.build import blocklists

    (tmp_path / "de.txt").write_text(
        "vulgar\tArsch\nvulgar\tArschloch\nvulgar\tvögeln\nkeep\tVogel\n"
    )
    (tmp_path / "fr.txt").write_text(
        "vulgar\tpétasse\nvulgar\ttringler\nkeep\ttringle\nkeep\ttringles\n"
    )
    monkeypatch.setattr(blocklists, "CURATED_DIR", tmp_path)
    german = {
        "arsch": [Spelling("Arsch", ("Arsch",))],
        "arsche": [Spelling("Ärsche", ("Ärsche",))],
        "arschlocher": [Spelling("Arschlöcher", ("Arschlöcher",))],
        "arschlochern": [Spelling("Arschlöchern", ("Arschlöcher",))],
        "vogel": [Spelling("Vogel", ("Vogel", "vögeln"))],
        "vogeln": [Spelling("vögeln", ("vögeln",)), Spelling("Vögeln", ("Vogel",))],
        "arm": [Spelling("Arm", ("Arm",))],
    }
    notes: list[str] = []
    blocked = blocklists.build_blocklist("de", german, notes, {})
    assert sorted(blocked) == [
        *("arsch", "arsche", "arschloch", "arschlocher", "arschlochern", "vogeln")
    ]
    assert any("'vogel': marked keep" in note for note in notes)
    french = {
        "petasse": [Spelling("pétasse", ("péter", "pétasse"))],
        "tringle": [Spelling("tringle", ("tringle", "tringler"))],
        "tringles": [Spelling("tringles", ("tringle", "tringler"))],
    }
    blocked = blocklists.build_blocklist("fr", french, [], {})
    assert sorted(blocked) == ["petasse", "tringler"]  # the entry itself, and pétasse


def test_inflections_are_the_regular_plurals():
    from games.engine.build.blocklists import inflections

    assert {"Ärsche", "Arschlöcher"} <= inflections("de", "Arsch") | inflections("de", "Arschloch")
    assert "zoccole" in inflections("it", "zoccola") and "zoccoli" not in inflections(
        "it", "zoccola"
    )
    assert {"pirocas", "porras"} <= inflections("pt", "piroca") | inflections("es", "porra")


def test_every_reviewed_lemma_meaning_reaches_its_table():
    """A meaning a reviewer wrote for a lemma replaces the built one (unless the lemma
    is no word of the game, or blocked: then it is left out), less the translations
    that are blocked words of the reader's language (Hahn: "rooster", not "cock")."""
    from games.engine.blocklist import blocked_words
    from games.engine.build.glosses import _decent_senses, vulgar_test
    from games.engine.folding import fold
    from games.engine.glosses import gloss_table
    from games.engine.lexicon import DICTIONARIES_DIR, load_lexicon

    is_vulgar = {}
    wrong, filtered = [], 0
    for path in sorted(reviews.REVIEWS_DIR.glob("lemmas-*.tsv")):
        lang = path.stem.removeprefix("lemmas-")
        lexicon, blocked = load_lexicon(lang), blocked_words(lang)
        for lemma, meanings in reviews.read_lemma_review(lang).items():
            folded = fold(lemma, lang)
            if not folded or not lexicon.contains(folded) or folded in blocked:
                continue
            for interface, text in meanings.items():
                if interface == lang:
                    # a definition in the word's own language, unless it only restates
                    # the word ("evolve: evolving"): the build leaves that out (WordNet's
                    # definition, if any, stays)
                    if _left_out(lang, lang, lemma, text):
                        if gloss_table(lang, interface).find(lemma) == text:
                            wrong.append((lang, interface, lemma))
                        continue
                    expected = text
                else:
                    if interface not in is_vulgar:
                        is_vulgar[interface] = vulgar_test(interface, DICTIONARIES_DIR)
                    expected = _decent_senses({lemma: text}, is_vulgar[interface]).get(lemma)
                    filtered += expected != text
                if gloss_table(lang, interface).find(lemma) != expected:
                    wrong.append((lang, interface, lemma))
    assert wrong[:20] == []
    assert filtered > 0  # the filter is at work: some reviewed meanings held a blocked word


def test_forms_follow_a_lemma_the_review_judged():
    """meas, of mear (judged mild), goes with it; mearon was judged on its own; a form
    with another lemma nobody judged (tea: tear, teo) keeps its level."""
    review = review_of("mear\tmild\nmearon\tkeep\nrae\trare\n")
    spellings = {
        "meas": [Spelling("meas", ("mear",))],
        "mearon": [Spelling("mearon", ("mear",))],
        "raes": [Spelling("raes", ("rae", "raer"))],
        "mear": [Spelling("mear", ("mear",))],
    }
    levels = {"meas": (2, 3.1), "mearon": (2, 3.0), "raes": (2, 3.0), "mear": (3, 3.4)}
    followed, moved = review.forms_follow(levels, spellings)
    assert followed == {"meas": (3, 3.1), "mearon": (2, 3.0), "raes": (2, 3.0), "mear": (3, 3.4)}
    assert moved == 1


def test_the_meaning_sample_keeps_its_words_when_the_review_judges_one():
    """Folding a finding into the review takes that word out of the sample and puts one
    other in; the other 49 judgements stay valid. Another seed draws another sample."""
    review = reviews.read_review("es")
    sample = precision.meaning_sample("es", review=review)
    assert len(sample) == len(set(sample)) == 50
    judged = reviews.Review(
        "es", {**review.verdicts, sample[0]: reviews.Verdict(sample[0], "rare")}
    )
    after = precision.meaning_sample("es", review=judged)
    assert sample[0] not in after and len(set(sample) & set(after)) == 49
    assert len(set(sample) & set(precision.meaning_sample("es", seed=7, review=review))) < 10
