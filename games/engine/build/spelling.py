"""A language's playable words from its spelling dictionaries, with their lemmas.

For French, Spanish, German, Italian and Portuguese the words are every form
that the language's hunspell dictionary accepts (games/engine/build/hunspell.py
spells them out), each with the stem it came from, then filtered the way a
language teacher reads a word list:

- **case carries meaning**: a word the dictionary writes only capitalised is
  a proper noun and is dropped ("Juan", "Paris"); when it also has the word
  in lower case ("paris", bets) only the lower-case spelling is kept. German
  capitalises its nouns: those stay, capitalised, when
  :class:`~games.engine.build.german.GermanNouns` finds evidence that they
  are common nouns (Zeit, Schule), and names go;
- **stems the dictionary tags as names, prefixes or parts of fixed phrases**
  (French ``po:npr``, ``po:pfx``, ``po:loc``...; Portuguese ``CAT=np``) go;
- **abbreviations** go: all capitals or dotted (the word-list reader refuses
  both), and words without a vowel (bzw, qqn, xxx);
- **today's Debian word list** (wfrench, wspanish, witalian, wportuguese)
  adds the words the spelling dictionary lacks, unless the spelling
  dictionary knows them only capitalised (names): they are never "common"
  or "everyday" (games/engine/build/levels.py);
- per language, forms that the dictionary has only to check a longer,
  hyphenated word are dropped (Portuguese "amá" of "amá-lo").
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from games.engine.build.german import GermanNouns
from games.engine.build.hunspell import DERIVED, JUNK, Rule, expand_dictionary
from games.engine.folding import fold
from games.engine.wordlist import (
    CAPITALISED,
    WordListReport,
    classify,
    keep_capitalised,
    read_word_list,
    reject_capitalised,
)

VOWELS = frozenset("aeiouy")
NO_VOWEL = "no vowel (abbreviation)"
TAGGED = "tagged name, prefix or phrase part"
CLITIC_STEM = "only before a hyphen (amá-lo)"
UNIT_SYMBOL = "a unit's symbol with an SI prefix (dal, das)"
UNATTESTED = "derived word nobody writes (ababelabilíssima)"
NAME_ONLY = "capitalised only (proper noun)"
IN_SPELLER = "already in the spelling dictionary"
NAME_IN_SPELLER = "a name in the spelling dictionary"
LOWER_CASE_EXTRA = "lower case, not in the spelling dictionary (German abbreviation)"


@dataclass(frozen=True)
class Speller:
    """One hunspell dictionary inside a Debian package.

    ``derived_flags`` (and every prefix, with ``derived_prefixes``) name the
    rules that make new words rather than forms of one (Brazilian -dor,
    -zinho, -íssimo, re-...; Italian participles with enclitic pronouns):
    their forms are kept only when wordfreq has seen them or another rule
    makes them too. Hunspell accepts "ababelabilíssima"; a teacher does not.
    """

    package: str
    dic: str  # path inside the unpacked package
    aff: str
    derived_flags: frozenset[str] = frozenset()
    derived_prefixes: bool = False
    # Suffixes that make a new word, whose form is a lemma of its own (es -illa:
    # rodilla, not roda; -ción; Brazilian -dor, -zinho), beside the stem's.
    word_flags: frozenset[str] = frozenset()
    # Of those, suffixes that inflect the new word as they make it (German -bare, -licher):
    # the endings of its dictionary form (bar, lich), which its forms are read through.
    citation_endings: tuple[str, ...] = ()

    def derived(self, rule: Rule) -> bool:
        return rule.flag in self.derived_flags or (self.derived_prefixes and rule.prefix)

    def makes_word(self, rule: Rule) -> bool:
        return rule.flag in self.word_flags

    def citation(self, rule: Rule) -> Rule:
        """The rule making the dictionary form of the word ``rule`` makes: sichten +
        -barer (sichtbarer) is read through sichtbar, not through sichten."""
        for ending in sorted(self.citation_endings, key=len, reverse=True):
            if rule.add.startswith(ending):
                return dataclasses.replace(rule, add=ending)
        return rule


@dataclass(frozen=True)
class SpellingSources:
    """What a language is built from."""

    spellers: tuple[Speller, ...]
    old_list: tuple[str, str] | None = None  # (package, path of the word list)
    helpers: tuple[str, ...] = ()  # German: trans-de-en (Ding), for nouns and names
    # Morphological tags (in a stem's .dic line) of stems that are not words.
    drop_tags: tuple[str, ...] = ()
    # Tags of which a stem with nothing else is a fixed phrase's part ("ex nihilo").
    phrase_tags: tuple[str, ...] = ()
    # Of drop_tags, those that mark a name (European Portuguese: Lisboa, Nuno).
    name_tags: tuple[str, ...] = ()


def hunspell_speller(
    package: str,
    name: str,
    derived: str = "",
    prefixes: bool = False,
    words: str = "",
    citations: tuple[str, ...] = (),
) -> Speller:
    return Speller(
        package,
        f"usr/share/hunspell/{name}.dic",
        f"usr/share/hunspell/{name}.aff",
        frozenset(derived),
        prefixes,
        frozenset(words),
        citations,
    )


# Brazilian Portuguese (VERO): every flag but the conjugations (a c d e f g h i w)
# and number and gender (A B C D F) derives new words.
BRAZILIAN_DERIVATIONS = "jLYHRM3XIPVK1WQbZO2JG4SNE5"
# Italian: past participles with enclitic pronouns (datomi, avutolo).
ITALIAN_DERIVATIONS = "E"
# Spanish (RLA-ES): the suffixes that make new words (-ción, -dura, -aje, -cia, -azo,
# -ilidad, -idad, -ería, -eza, -ismo, -miento, -ión, -ble, -illo and -ito), not the
# conjugations (R E I X D), gender (G) and number (S).
SPANISH_DERIVATIONS = "ABCFHJKLMNOPQTU"
# German (igerman98): adjectives in -bar (B: sichten -> sichtbar) and -lich (L: eigen ->
# eigentlich), each suffix inflecting as it derives (sichtbarer, eigentliche).
GERMAN_DERIVATIONS = "BL"
GERMAN_CITATIONS = ("bar", "lich", "tlich")


SPELLING_SOURCES: dict[str, SpellingSources] = {
    "fr": SpellingSources(
        (hunspell_speller("hunspell-fr-comprehensive", "fr"),),
        ("wfrench", "usr/share/dict/french"),
        drop_tags=("po:npr", "po:prn", "po:patr", "po:pfx", "po:err", "po:titr"),
        phrase_tags=("po:loc",),
    ),
    "es": SpellingSources(
        (hunspell_speller("hunspell-es", "es_ES", words=SPANISH_DERIVATIONS),),
        ("wspanish", "usr/share/dict/spanish"),
    ),
    "de": SpellingSources(
        (
            hunspell_speller(
                "hunspell-de-de", "de_DE", words=GERMAN_DERIVATIONS, citations=GERMAN_CITATIONS
            ),
        ),
        ("wngerman", "usr/share/dict/ngerman"),
        helpers=("trans-de-en",),
    ),
    "it": SpellingSources(
        (hunspell_speller("hunspell-it", "it_IT", ITALIAN_DERIVATIONS),),
        ("witalian", "usr/share/dict/italian"),
    ),
    "pt": SpellingSources(
        (
            hunspell_speller(
                "hunspell-pt-br",
                "pt_BR",
                BRAZILIAN_DERIVATIONS,
                prefixes=True,
                words=BRAZILIAN_DERIVATIONS,
            ),
            hunspell_speller("hunspell-pt-pt", "pt_PT"),
        ),
        ("wportuguese", "usr/share/dict/portuguese"),
        drop_tags=("CAT=np", "CAT=pref"),
        name_tags=("CAT=np",),
    ),
}


def clitic_stem_rule(rule: Rule) -> bool:
    """Brazilian Portuguese forms that stand only before a hyphenated pronoun.

    amar -> amá (amá-lo), vender -> vendê, pôr -> pô; amamos -> amamo
    (amamo-lo). Some coincide with real words (está, dá, vê, durmo): those
    the European dictionary also has are kept (see :func:`collect`).
    """
    if rule.prefix:
        return False
    if rule.strip in ("ar", "er", "or", "ôr") and rule.add in ("á", "ê", "ô"):
        return True
    verb = rule.condition[-1:] == (frozenset("r"),) or rule.strip.endswith("r")
    return verb and rule.add.endswith("mo") and not rule.add.endswith("íssimo")


def unit_symbol_rule(rule: Rule) -> bool:
    """French: the SI prefixes (flag ``U.``) that Grammalecte's dictionary puts on
    units' symbols, m, l, s, g...: dal, das, asr are symbols, no words (a word
    the dictionary also lists in its own right, like dam, stays)."""
    return rule.prefix and rule.flag == "U."


# Per language: which rules make forms that are no words, and the report's reason.
JUNK_RULES: dict[str, Callable[[Rule], bool]] = {
    "pt": clitic_stem_rule,
    "fr": unit_symbol_rule,
}
JUNK_REASONS = {"pt": CLITIC_STEM, "fr": UNIT_SYMBOL}


@dataclass
class Collected:
    """Folded word -> display form -> lemmas, and where each display form came from."""

    lang: str
    forms: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    from_speller: set[tuple[str, str]] = field(default_factory=set)  # (folded, display)
    report: WordListReport = field(default_factory=WordListReport)
    german: Counter[str] = field(default_factory=Counter)
    nouns: GermanNouns | None = None
    german_examples: dict[str, list[str]] = field(default_factory=dict)
    # What the sources say about names, for the levels (borrowed.NameEvidence):
    # spellings (lower case) a source also writes capitalised: Paris, Ceará, Volvo;
    capitalised: set[str] = field(default_factory=set)
    # folded words that one dictionary lists in lower case while another of the
    # language knows them only as a name: Brazilian lisboa, japão, guilherme.
    named_elsewhere: set[str] = field(default_factory=set)
    # A prefixed lemma -> the stems it was made of (ungefickt -> gefickt): a word is
    # its own lemma, but the blocklists follow it back to the word it was made from.
    bases: dict[str, set[str]] = field(default_factory=dict)

    def add(self, folded: str, display: str, lemma: str, speller: bool) -> None:
        self.forms.setdefault(folded, {}).setdefault(display, set()).add(lemma)
        if speller:
            self.from_speller.add((folded, display))

    def in_speller(self, folded: str) -> bool:
        """Whether a display form of ``folded`` comes from the spelling dictionary."""
        return any((folded, display) in self.from_speller for display in self.forms[folded])


def collect(
    lang: str,
    files: Callable[[str, str], Path],
    spell_check: Callable[[Iterable[str]], set[str]] | None = None,
    attested: Callable[[str], bool] | None = None,
) -> Collected:
    """Every playable word of ``lang``; ``files(package, path)`` finds a source file.

    ``spell_check`` (hunspell itself: games/engine/build/reference.py) tells
    which words of today's list the spelling dictionary accepts: those count
    as its own words (German compounds such as Krankenhaus, which hunspell
    builds by compounding rather than lists).
    """
    sources = SPELLING_SOURCES[lang]
    result = Collected(lang)
    names: set[str] = set()  # folded words the dictionary knows as names
    raw: dict[str, dict[str, set[str]]] = {}
    junk_rule = JUNK_RULES.get(lang)
    junk: dict[str, str] = {}  # forms only a junk rule made so far -> folded
    derived: dict[str, tuple[str, set[str]]] = {}  # forms only derivations made -> folded, lemmas
    lower_case: list[set[str]] = []  # per dictionary: its lower-case forms
    named: list[set[str]] = []  # per dictionary: its names' forms, in lower case
    for speller in sources.spellers:
        lower_case.append(set())
        named.append(set())
        dic, aff = files(speller.package, speller.dic), files(speller.package, speller.aff)
        rules = speller.derived if speller.derived_flags or speller.derived_prefixes else None
        words = speller.makes_word if speller.word_flags else None
        citation = speller.citation if speller.citation_endings else None
        for form, stem, kind, lemma in expand_dictionary(
            dic, aff, junk_rule, rules, words, citation
        ):
            result.report.lines += 1
            if lemma != stem.word:
                result.bases.setdefault(lemma, set()).add(stem.word)
            folded, reason = classify(form, keep_capitalised, lang)
            if reason is None and _tagged(stem.morphology, sources):
                reason = TAGGED
            if reason is None and kind == JUNK:
                junk[form] = folded
                continue
            if reason is None and kind == DERIVED:
                derived.setdefault(form, (folded, set()))[1].add(lemma)
                continue
            if reason is not None:
                # Tagged stems (names, prefixes, phrase parts) are no words:
                # today's list must not bring them back either.
                if reason == TAGGED and (tagged := fold(form, lang)):
                    names.add(tagged)
                    if form[:1].isupper():
                        result.capitalised.add(form.lower())
                    if _tagged(stem.morphology, sources, sources.name_tags):
                        named[-1].add(form.lower())
                result.report.skip(reason, form)
                continue
            if not form[:1].isupper():
                lower_case[-1].add(form)
            raw.setdefault(folded, {}).setdefault(form, set()).add(lemma)
    for form, folded in junk.items():
        if form not in raw.get(folded, {}):  # no other rule, nor the other dictionary, has it
            result.report.skip(JUNK_REASONS[lang], form)
    for form, (folded, lemmas) in derived.items():
        if form in raw.get(folded, {}) or (attested is not None and attested(form)):
            raw.setdefault(folded, {}).setdefault(form, set()).update(lemmas)
        else:
            result.report.skip(UNATTESTED, form)
    nouns = _german_nouns(raw, files, sources) if lang == "de" else None
    result.named_elsewhere = _named_elsewhere(raw, lower_case, named)
    for folded, displays in sorted(raw.items()):
        _keep(result, folded, displays, nouns, names)
    if sources.old_list is not None:
        _add_old_list(result, files(*sources.old_list), names, nouns, spell_check)
        if nouns is None:
            result.capitalised |= _capitalised_entries(files(*sources.old_list))
    if nouns is not None:
        result.nouns = nouns
        result.german.update(nouns.counts)
        result.german_examples.update(nouns.examples)
    return result


def _tagged(morphology: str, sources: SpellingSources, kinds: tuple[str, ...] = ()) -> bool:
    """Whether a stem's categories are all of the kinds that are no word
    (a name, a prefix, a title, part of a fixed phrase): "maître" is a title
    and a noun, so it stays. ``kinds``: only those tags (default: every kind
    that is no word)."""
    not_words = kinds or sources.drop_tags + sources.phrase_tags
    if not morphology or not not_words:
        return False
    tags = morphology.replace("[", " ").replace("]", " ").replace(",", " ").split()
    categories = [tag for tag in tags if tag.startswith(("po:", "CAT="))]
    return bool(categories) and all(tag.startswith(not_words) for tag in categories)


def _named_elsewhere(
    raw: dict[str, dict[str, set[str]]], lower_case: list[set[str]], named: list[set[str]]
) -> set[str]:
    """Folded words whose every lower-case spelling another dictionary of the
    language has only as a name: VERO lists lisboa, japão and guilherme in
    lower case (for derivations), the European dictionary tags them as names."""
    if len(named) < 2:
        return set()
    found = set()
    for folded, displays in raw.items():
        lower = [form for form in displays if not form[:1].isupper()]
        sources = list(zip(named, lower_case, strict=True))
        if lower and all(
            any(form in names and form not in own for names, own in sources) for form in lower
        ):
            found.add(folded)
    return found


def _keep(result: Collected, folded: str, displays, nouns, names: set[str]) -> None:
    """Case rules, then the vowel test, for one folded word's display forms."""
    lower = {form: lemmas for form, lemmas in displays.items() if not form[:1].isupper()}
    upper = {form: lemmas for form, lemmas in displays.items() if form[:1].isupper()}
    kept = dict(lower)
    for form, lemmas in upper.items():
        if nouns is not None and nouns(form):
            kept[form] = lemmas
            continue
        if nouns is None:
            result.capitalised.add(form.lower())
        if not lower:
            result.report.skip(NAME_ONLY if nouns is None else CAPITALISED, form)
    if not kept:
        names.add(folded)
        return
    if not VOWELS.intersection(folded):
        result.report.skip(NO_VOWEL, next(iter(kept)))
        return
    for form, lemmas in kept.items():
        for lemma in lemmas:
            result.add(folded, form, lemma, speller=True)
        result.report.accepted += 1


def _capitalised_entries(path: Path) -> set[str]:
    """A word list's capitalised entries (not all capitals: abbreviations), in lower case."""
    text = path.read_text(encoding="utf-8", errors="replace")
    return {entry.lower() for entry in text.split() if entry[:1].isupper() and not entry.isupper()}


def _german_nouns(raw, files, sources: SpellingSources) -> GermanNouns:
    speller = sources.spellers[0]
    entries: list[str] = [form for displays in raw.values() for form in displays]
    if sources.old_list is not None:
        text = files(*sources.old_list).read_text(encoding="utf-8", errors="replace")
        entries += text.split()
    return GermanNouns(
        entries,
        files(speller.package, speller.dic),
        files(sources.helpers[0], "usr/share/trans/de-en"),
    )


def _add_old_list(result: Collected, path: Path, names: set[str], nouns, spell_check) -> None:
    """Words of today's list that the spelling dictionary lacks (not its names).

    German: only capitalised entries, and only nouns (compounds that hunspell
    makes by compounding); its lower-case extras are dotless abbreviations
    (usw, evtl).
    """
    german = nouns is not None
    policy = nouns if german else reject_capitalised
    old = read_word_list(path, capitalised=policy, lang=result.lang)
    report = result.report
    report.lines += old.report.lines
    for reason, count in old.report.skipped.items():
        report.skipped[reason] += count
        shown = report.examples.setdefault(reason, [])
        for example in old.report.examples.get(reason, []):
            if len(shown) < 3:
                shown.append(example)
    added: dict[str, tuple[str, ...]] = {}
    for folded, displays in old.forms.items():
        if folded in result.forms:
            report.skip(IN_SPELLER, displays[0])
        elif folded in names:
            report.skip(NAME_IN_SPELLER, displays[0])
        elif not VOWELS.intersection(folded):
            report.skip(NO_VOWEL, displays[0])
        elif german and not any(display[:1].isupper() for display in displays):
            report.skip(LOWER_CASE_EXTRA, displays[0])
        else:
            added[folded] = displays
    # Only German compounds count as the spelling dictionary's own words:
    # hunspell also accepts parts of hyphenated words and names (Brazilian
    # joão, lisboa), which must not become "everyday" words.
    checkable = spell_check if german else None
    accepted = checkable(d for ds in added.values() for d in ds) if checkable else set()
    for folded, displays in added.items():
        for display in displays:
            result.add(folded, display, display, speller=display in accepted)
        report.accepted += 1
