"""Building dictionaries/<lang>/ from the sources (build time only).

The ``build_dictionaries`` command is a thin shell around :func:`build_language`.
English comes from the bundled ENABLE2K list (unchanged since the first
build); French, Spanish, German, Italian and Portuguese from their hunspell
spelling dictionaries spelled out with their affix rules, plus today's word
lists where they add words (games/engine/build/spelling.py). Output is
byte-identical for the same sources and the same wordfreq version: every file
is written sorted, with no timestamps.

Files written per language (docs/dictionaries.md has the formats):
``words.dawg`` (the word graph of the four levels), ``forms.dawg`` (display
forms and lemmas, read on demand), ``words.tsv`` (levels 1-3 for people to
review), ``blocked.txt`` (the classroom blocklist with its inflected forms),
``reference.tsv`` (the frequent words the spelling dictionary accepts, for
the coverage report), ``LICENCE`` and ``SOURCE.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from games.engine import dawg, wordinfo
from games.engine.build import bilingual, blocklists, conjugations, reference, reviews, textbook
from games.engine.build.borrowed import NameEvidence
from games.engine.build.display import shown_spellings
from games.engine.build.glosses import WORDNET_DIR, WORDNET_PACKAGE
from games.engine.build.levels import FastZipf, ZipfLookup, assign_levels, rank_spellings
from games.engine.build.packages import (
    ENGLISH_FILE,
    ENGLISH_PACKAGE,
    SourceMissing,
    fetch_packages,
    fetch_wheel,
    licence_text,
    package_file,
    package_version,
)
from games.engine.build.spelling import SPELLING_SOURCES, Collected, collect
from games.engine.folding import fold
from games.engine.languages import LANGUAGES, LEVELS
from games.engine.lexicon import BLOCKED_FILE, FORMS_FILE, GRAPH_FILE, WORDS_FILE
from games.engine.wordinfo import Spelling
from games.engine.wordlist import read_word_list, reject_capitalised

__all__ = ["SourceMissing", "build_language", "fetch_packages", "fetch_wheels", "packages_for"]

REPO_DIR = Path(__file__).resolve().parents[3]
DEFAULT_OUTPUT = REPO_DIR / "dictionaries"
BUNDLED_ENGLISH = DEFAULT_OUTPUT / "sources" / ENGLISH_FILE
REVIEW_LEVEL = 3  # words.tsv lists the words of levels 1 to 3

# English: a word reaches the "common" and "everyday" levels only if one of
# these lists (SCOWL's mid-size American and British lists) has it in lower
# case. wordfreq counts "Texas", "Graham" and "SOS" as often as the lower-case
# ENABLE words texas, graham and sos; a learner would take them for names.
DESK_DICTIONARIES = {
    "wamerican": "usr/share/dict/american-english",
    "wbritish": "usr/share/dict/british-english",
}

WORDFREQ_ATTRIBUTION = """\
Difficulty levels (the level and zipf columns of words.tsv, and the level
graphs in words.dawg), and the order of display forms and lemmas, are derived
from word frequencies of wordfreq {version} by Robyn Speer, whose data is
licensed under the Creative Commons Attribution-ShareAlike 4.0 licence
(CC BY-SA 4.0, https://creativecommons.org/licenses/by-sa/4.0/). wordfreq's
data in turn includes data from Google Books Ngrams, Wikipedia,
OpenSubtitles, SUBTLEX, the Leeds Internet Corpus, Twitter, Reddit and the
Common Crawl via OSCAR. Those level data, and reference.tsv, are shared under
the same licence.
"""


@dataclass
class BuildResult:
    """What one language's build produced: counts for the summary and SOURCE.md."""

    lang: str
    collected: Collected
    level_counts: dict[int, int]
    node_count: int
    edge_count: int
    forms_bytes: int
    versions: dict[str, str]
    blocked: int = 0
    reference: int = 0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        levels = ", ".join(f"level {n}: {count}" for n, count in self.level_counts.items())
        lines = [f"{self.lang}: {len(self.collected.forms)} words ({levels})"]
        lines.append(f"  graph: {self.node_count} nodes, {self.edge_count} edges")
        lines.append(f"  forms.dawg: {self.forms_bytes} bytes; blocked: {self.blocked} words")
        lines.extend("  " + line for line in self.collected.report.summary().splitlines())
        if self.collected.german:
            counts = self.collected.german
            lines.append("  capitalised: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        lines.extend("  " + note for note in self.notes)
        return "\n".join(lines)


def build_language(
    lang: str, sources: Path, output: Path, zipf: ZipfLookup | None = None
) -> BuildResult:
    """Build ``output/<lang>/`` from ``sources``; raises :class:`SourceMissing`."""
    zipf = zipf or FastZipf()
    packages = (
        [ENGLISH_PACKAGE, *DESK_DICTIONARIES, WORDNET_PACKAGE] if lang == "en" else _packages(lang)
    )
    if lang == "en":
        collected = _english(sources)
        desk = _desk_words(sources)
        in_desk = desk.__contains__
    else:
        collected = collect(
            lang,
            lambda package, path: package_file(sources, package, path),
            reference.spell_checker(lang, sources),
            lambda form: zipf(form.lower(), lang) > 0,
        )
        in_desk = collected.in_speller
        if lang in conjugations.LANGUAGES:
            made = conjugations.verb_forms(sources / conjugations.WHEEL[0], lang)
            conjugations.attach(collected.forms, lang, made, zipf)
        elif lang == "de":
            ding = package_file(sources, *conjugations.DING)
            conjugations.attach(collected.forms, lang, conjugations.ding_verb_forms(ding), zipf)
            conjugations.attach_headwords(collected.forms, conjugations.ding_headwords(ding))
    taught = _taught_forms(lang, sources)
    if taught.get("made"):
        textbook.attach(collected.forms, lang, taught["made"], zipf)
    notes = _add_listed_nouns(collected) if collected.nouns is not None else []
    licences = [licence_text(sources, package) for package in packages]
    versions = {package: package_version(sources, package) for package in packages}
    spellings = {
        word: _derived_first(rank_spellings(lang, word, displays, zipf), collected.bases)
        for word, displays in sorted(collected.forms.items())
    }
    names = NameEvidence(frozenset(collected.capitalised), frozenset(collected.named_elsewhere))
    levels = assign_levels(spellings, lang, zipf, in_desk, names)
    # What a reviewer decided of the words boards deal (docs/content-review.md): before
    # the textbook's forms are lifted (a lemma judged rare lifts none), and after (a
    # form judged on its own keeps its verdict).
    review = reviews.read_review(lang)
    levels = review.apply_levels(levels, notes)
    levels, lifted = textbook.lift(lang, spellings, levels, zipf, **taught)
    notes.append(f"forms a school grammar teaches, lifted to their lemma's level: {lifted}")
    levels = review.apply_levels(levels, [])
    levels, followed = review.forms_follow(levels, spellings)
    notes.append(
        f"forms of lemmas the review judged rare, names, mild or abbreviations: {followed}"
    )
    blocked = blocklists.build_blocklist(
        lang, spellings, notes, collected.bases, review.blocked_entries(), review.kept_words()
    )
    # Only the spellings a learner meets are shown (display.py); then the review's.
    is_noun = collected.nouns.headwords.__contains__ if collected.nouns else lambda _: False
    taught_verb = textbook.taught_verb_form(lang, zipf, **taught)
    spellings = {
        word: shown_spellings(lang, word, shown, zipf, is_noun, taught_verb)
        for word, shown in spellings.items()
    }
    spellings = review.apply_spellings(spellings)
    graph = dawg.build_graph(
        [[word for word, (level, _) in levels.items() if level <= n.number] for n in LEVELS]
    )
    forms = dawg.build_graph(
        [sorted(text for word, shown in spellings.items() for text in wordinfo.encode(word, shown))]
    )
    result = BuildResult(
        lang,
        collected,
        {n.number: sum(lv <= n.number for lv, _ in levels.values()) for n in LEVELS},
        graph.node_count,
        graph.edge_count,
        len(forms.to_bytes()),
        versions,
        notes=notes,
    )
    folder = output / lang
    folder.mkdir(parents=True, exist_ok=True)
    result.blocked = len(blocked)
    rows = (f"{word}\t{blocked[word]}\n" for word in sorted(blocked))
    _write_text(folder / BLOCKED_FILE, "".join(rows))
    checked = reference.reference_words(lang, sources)
    if checked is not None:
        result.reference = len(checked)
        _write_text(
            folder / reference.REFERENCE_FILE, reference.as_text(checked, _name_test(collected))
        )
    (folder / GRAPH_FILE).write_bytes(graph.to_bytes())
    (folder / FORMS_FILE).write_bytes(forms.to_bytes())
    _write_text(folder / WORDS_FILE, _review_rows(spellings, levels))
    licences.append(blocklists.licence(lang))
    attribution = WORDFREQ_ATTRIBUTION.format(version=wordfreq_version())
    _write_text(folder / "LICENCE", "\n\n".join([*licences, attribution]))
    _write_text(folder / "SOURCE.md", source_markdown(result))
    return result


def _taught_forms(lang: str, sources: Path) -> dict:
    """What textbook.lift needs of the sources: the taught cells of mlconjug3's tables
    (fr es it pt), German principal parts (Ding), English irregular forms (WordNet)."""
    if lang in textbook.LANGUAGES:
        return {"made": textbook.verb_forms(sources / conjugations.WHEEL[0], lang)}
    if lang == "de":
        parts: dict[str, set[str]] = {}
        ding = package_file(sources, *conjugations.DING)
        for form, verbs in conjugations.ding_verb_forms(ding).items():
            for verb in verbs:
                parts.setdefault(verb, set()).add(form)
        return {"principal": parts}
    if lang == "en":
        wordnet = package_file(sources, WORDNET_PACKAGE, f"{WORDNET_DIR}/verb.exc").parent
        return {"irregular": bilingual.wordnet_exceptions(wordnet)}
    return {}


def _derived_first(shown: list[Spelling], bases: dict[str, set[str]]) -> list[Spelling]:
    """A lemma before the stem it was made of when a spelling has both (anillos:
    anillo, then ano; rodilla: rodilla, then roda): the word a learner means first."""
    result = []
    for spelling in shown:
        lemmas = list(spelling.lemmas)
        for lemma in spelling.lemmas:
            for base in bases.get(lemma, ()):
                if base in lemmas and lemmas.index(base) < lemmas.index(lemma):
                    lemmas.remove(lemma)
                    lemmas.insert(lemmas.index(base), lemma)
        result.append(
            Spelling(spelling.display, tuple(lemmas))
            if lemmas != list(spelling.lemmas)
            else spelling
        )
    return result


def _add_listed_nouns(collected: Collected) -> list[str]:
    """German nouns the spelling dictionary lacks but Ding lists (Eile), written as nouns
    where the word data has only verb forms of the same letters (eile, of eilen)."""
    headwords = collected.nouns.headwords
    added = []
    for folded, displays in collected.forms.items():
        if any(display[:1].isupper() for display in displays):
            continue
        verb_forms = all(
            display not in lemmas and all(lemma.endswith("n") for lemma in lemmas)
            for display, lemmas in displays.items()
        )
        noun = next(iter(displays))
        noun = noun[:1].upper() + noun[1:]
        if verb_forms and noun in headwords:
            collected.add(folded, noun, noun, speller=False)
            added.append(noun)
    if not added:
        return []
    return [f"nouns from Ding beside verb forms: {len(added)} ({', '.join(sorted(added)[:12])}...)"]


def _name_test(collected: Collected):
    """German: a capitalised word the noun evidence takes for a name (Berlin)."""
    nouns = collected.nouns
    if nouns is None:
        return None
    return lambda word: word[:1].isupper() and nouns.evidence(word) is None


def _english(sources: Path) -> Collected:
    """ENABLE2K, each word its own display form and lemma, and the words of the desk
    dictionaries (SCOWL's mid-size American and British lists, lower case) that it
    lacks: British spellings (colour, favourite) and words since 2000 (selfie, app)."""
    word_list = read_word_list(package_file(sources, ENGLISH_PACKAGE, ENGLISH_FILE))
    collected = Collected("en", report=word_list.report)
    for word, displays in word_list.forms.items():
        for display in displays:
            collected.add(word, display, display, speller=False)
    for relative in DESK_DICTIONARIES.items():
        desk = read_word_list(package_file(sources, *relative), capitalised=reject_capitalised)
        for word, displays in sorted(desk.forms.items()):
            if word not in word_list.forms:
                for display in displays:
                    collected.add(word, display, display, speller=False)
    return collected


def _desk_words(sources: Path) -> set[str]:
    """The all-lower-case entries of the English desk dictionaries (names are
    capitalised there), folded like the word list: "café" counts for cafe."""
    words: set[str] = set()
    for package, relative in DESK_DICTIONARIES.items():
        path = package_file(sources, package, relative)
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            entry = line.strip()
            folded = fold(entry) if entry and entry == entry.lower() else None
            if folded:
                words.add(folded)
    return words


def _review_rows(spellings, levels) -> str:
    """words.tsv: ``folded, level, zipf, display forms, lemmas`` for levels 1 to 3."""
    rows = []
    for word, (level, zipf) in sorted(levels.items()):
        if level > REVIEW_LEVEL:
            continue
        shown = spellings[word]
        lemmas = dict.fromkeys(lemma for s in shown for lemma in (s.lemmas or (s.display,)))
        displays = ",".join(s.display for s in shown)
        rows.append(f"{word}\t{level}\t{zipf:.2f}\t{displays}\t{','.join(lemmas)}\n")
    return "".join(rows)


def wordfreq_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordfreq")
    except PackageNotFoundError:
        return "(not installed)"


def _write_text(path: Path, text: str) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as out:
        out.write(text)


def source_markdown(result: BuildResult) -> str:
    """SOURCE.md: provenance and counts, the same bytes on every rebuild."""
    report = result.collected.report
    packages = ", ".join(f"`{name}` {version}" for name, version in result.versions.items())
    desk = (
        "`wamerican` or `wbritish` has in lower case"
        if result.lang == "en"
        else "the spelling dictionary has (lower case, or a German noun)"
    )
    lines = [
        f"# {LANGUAGES[result.lang]} ({result.lang}) dictionary",
        "",
        f"- Source: {packages}.",
        f"- Levels: wordfreq {wordfreq_version()} Zipf frequencies (see LICENCE);"
        f" levels 1-2 only for words {desk}.",
        f"- Built by `python manage.py build_dictionaries --lang {result.lang}`"
        " (see docs/dictionaries.md).",
        f"- Files: `{GRAPH_FILE}` (the minimized word graph of the four levels),"
        f" `{FORMS_FILE}` (display forms and lemmas), `{WORDS_FILE}` (levels 1-3: folded,"
        f" level, Zipf, display forms, lemmas), `{BLOCKED_FILE}` (never counted in class),"
        f" `{reference.REFERENCE_FILE}` (frequent words the spelling dictionary accepts),"
        " `LICENCE`.",
        "",
        "| count | value |",
        "|---|---|",
        f"| source forms and lines read | {report.lines} |",
        f"| accepted entries (display forms) | {report.accepted} |",
        f"| playable folded words | {len(result.collected.forms)} |",
    ]
    lines += [f"| words at level {n} or easier | {c} |" for n, c in result.level_counts.items()]
    lines += [f"| graph nodes / edges | {result.node_count} / {result.edge_count} |"]
    lines += [f"| forms.dawg bytes | {result.forms_bytes} |"]
    lines += [f"| blocked words (with inflected forms) | {result.blocked} |"]
    if result.reference:
        lines += [f"| reference words (frequent, spell-checked) | {result.reference} |"]
    lines += [
        f"| skipped: {reason} | {count} |" for reason, count in sorted(report.skipped.items())
    ]
    german = result.collected.german
    lines += [f"| capitalised (German): {key} | {value} |" for key, value in sorted(german.items())]
    return "\n".join(lines) + "\n"


def _packages(lang: str) -> list[str]:
    """The packages a language's words come from (their licences go in LICENCE)."""
    sources = SPELLING_SOURCES[lang]
    needed = [speller.package for speller in sources.spellers]
    needed += [sources.old_list[0]] if sources.old_list else []
    needed += [conjugations.WHEEL[0]] if lang in conjugations.WHEEL_LANGUAGES else []
    return needed + list(sources.helpers)


def packages_for(langs: list[str]) -> list[str]:
    """The Debian packages to fetch for the languages (English's list is bundled),
    with the spell checker and dictionaries that make reference.tsv."""
    needed: list[str] = []
    for lang in langs:
        needed += [*DESK_DICTIONARIES, WORDNET_PACKAGE] if lang == "en" else _packages(lang)
    for lang in langs:
        needed += [speller.package for speller in reference.REFERENCE_SPELLERS[lang]]
    needed += list(reference.CHECKER_PACKAGES)
    wheels = {conjugations.WHEEL[0]}  # from PyPI: fetch_wheels
    return [package for package in dict.fromkeys(needed) if package not in wheels]


def fetch_wheels(langs: list[str], sources: Path) -> None:
    """The PyPI wheels the languages are built with (mlconjug3 for es and it)."""
    if any(lang in conjugations.WHEEL_LANGUAGES for lang in langs):
        name, version = conjugations.WHEEL
        fetch_wheel(name, version, conjugations.members(), conjugations.LICENCES, sources)
