"""The forms a school grammar teaches count at their lemma's level (build time only).

Levels come from word frequencies, and frequencies punish the forms a
textbook drills but newspapers rarely print: nous chantons, vous dansez,
vosotros hablasteis, voi parlavate, tu falaste, du machtest, favourite. A
pupil who learnt "parler" types "parlions" and must not be told it is too
hard a word. So a form of an everyday lemma (level 1 or 2) in a cell a
school grammar teaches counts at that lemma's level, whatever its own
frequency:

- verbs (French, Spanish, Italian, Portuguese): the present, the common past
  tenses (passé composé's participle, imparfait; pretérito indefinido and
  imperfecto; passato prossimo's participle, imperfetto; pretérito perfeito
  and imperfeito), the future, the conditional, the imperative and the
  present subjunctive, every person (but Portuguese vós, which schools leave
  out), the participles and the gerund; the passé simple and passato remoto
  in the third persons only (read in stories, not written by pupils). The
  cells come from mlconjug3's conjugation tables (Verbiste's models), which
  also give the verb as a lemma where the spelling dictionary did not (es
  podéis: poder, not only podar);
- German verbs: the present, the Präteritum and the participle, by their
  endings on the verb's stem or on a principal part Ding writes (gingst,
  gingt of ging);
- nouns and adjectives: their regular plurals and feminines (es nuevas, fr
  boulangère, it parole, pt alemãs, de kleine, kleinen);
- English: regular plurals, -s, -ed, -ing, -er and -est of a base, and the
  irregular forms of WordNet's exception lists (swum, lain).
"""

from __future__ import annotations

import contextlib
import json
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from games.engine.build.conjugations import DATA_DIR
from games.engine.build.levels import level_for_zipf
from games.engine.folding import fold
from games.engine.wordinfo import Spelling

LANGUAGES = ("fr", "es", "it", "pt")  # their verbs from mlconjug3's tables
EVERYDAY = 2  # the easiest levels' last: a lemma at level 1 or 2 lifts its forms
EVERYDAY_ZIPF = 3.0  # level 2's threshold (games/engine/languages.py)

# (mood, tense) keywords of the taught cells, matched on folded names (the Portuguese
# tables' names are mojibake: "PretÃ©rito"); the persons left out of a cell; the level it
# counts at, at best: 1 for what a first-year course teaches (the present, the imperative,
# the participles and gerund; Spanish and Portuguese also their simple past), 2 for the
# other taught tenses (a beginner's "common words" board is not a conjugation drill), 3
# for the tenses taught in the later years (the imperfect subjunctive; the Portuguese
# simple pluperfect, read in every text): they lift no level, but the display shows them
# beside a twin spelling (es cantara / cantará, display.py).
ALL = frozenset()
THIRD_PERSONS_ONLY = frozenset({0, 1, 3, 4})
TAUGHT: dict[str, list[tuple[str, str, frozenset[int], int]]] = {
    "fr": [
        ("indicatif", "present", ALL, 1),
        ("indicatif", "imparfait", ALL, 2),
        ("indicatif", "futur", ALL, 2),
        ("indicatif", "passe simple", THIRD_PERSONS_ONLY, 2),
        ("conditionnel", "present", ALL, 2),
        ("imperatif", "present", ALL, 1),
        ("subjonctif", "present", ALL, 2),
        ("participe", "passe", ALL, 1),
        ("participe", "present", ALL, 1),
    ],
    "es": [
        ("indicativo", "presente", ALL, 1),
        ("indicativo", "perfecto simple", ALL, 1),
        ("indicativo", "preterito imperfecto", ALL, 2),
        ("indicativo", "futuro", ALL, 2),
        ("condicional", "condicional", ALL, 2),
        ("imperativo", "imperativo", ALL, 1),
        ("subjuntivo", "presente", ALL, 2),
        ("subjuntivo", "preterito imperfecto", ALL, 3),
        ("gerundio", "gerundio", ALL, 1),
        ("participo", "participo", ALL, 1),
    ],
    "it": [
        ("indicativo", "presente", ALL, 1),
        ("indicativo", "imperfetto", ALL, 2),
        ("indicativo", "futuro semplice", ALL, 2),
        ("indicativo", "passato remoto", THIRD_PERSONS_ONLY, 2),
        ("condizionale", "presente", ALL, 2),
        ("congiuntivo", "presente", ALL, 2),
        ("congiuntivo", "imperfetto", ALL, 3),
        ("imperativo", "imperativo", ALL, 1),
        ("participio", "participio", frozenset({0}), 1),  # -ante: a noun or nothing
        ("infinito", "gerundio", ALL, 1),
    ],
    "pt": [
        ("indicativo", "presente", frozenset({4}), 1),
        ("indicativo", "perfeito simples", frozenset({4}), 1),
        ("indicativo", "imperfeito", frozenset({4}), 2),
        ("indicativo", "futuro do presente simples", frozenset({4}), 2),
        ("condicional", "preterito simples", frozenset({4}), 2),
        ("imperativo", "afirmativo", frozenset({4}), 1),
        ("conjuntivo", "presente", frozenset({4}), 2),
        ("conjuntivo", "preterito imperfeito", frozenset({4}), 3),
        ("indicativo", "mais-que-perfeito simples", frozenset({4}), 3),
        ("gerundio", "gerundio", ALL, 1),
        ("participio", "participio", ALL, 1),
    ],
}


def _plain(text: str) -> str:
    """A table's mood or tense name, lower case without accents (mojibake undone)."""
    with contextlib.suppress(UnicodeDecodeError, UnicodeEncodeError):
        text = text.encode("latin-1").decode("utf-8")
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _taught(lang: str, mood: str, tense: str) -> tuple[frozenset[int], int] | None:
    """The persons left out of a taught cell and its level at best, or None when the
    cell is not taught."""
    mood, tense = _plain(mood), _plain(tense)
    # Compound tenses repeat the participle under other names, and the negative
    # imperative the subjunctive: not cells of their own.
    if any(word in tense for word in ("compuesto", "composto", "anterior", " non", "negativo")):
        return None
    if re.search(r"\bperfecto\b", tense) and "simple" not in tense:  # es perfecto compuesto
        return None
    for want_mood, want_tense, left_out, year in TAUGHT[lang]:
        if want_mood in mood and want_tense in tense:
            return left_out, year
    return None


def verb_forms(folder: Path, lang: str) -> dict[str, dict[str, int]]:
    """Form (as written) -> the infinitives whose taught cells hold it, each with the
    level the cell counts at, at best (its easiest cell's)."""
    verbs = json.loads((folder / DATA_DIR / f"verbs-{lang}.json").read_text(encoding="utf-8"))
    models = json.loads(
        (folder / DATA_DIR / f"conjugation-{lang}.json").read_text(encoding="utf-8")
    )
    forms: dict[str, dict[str, int]] = {}
    for verb, info in verbs.items():
        model = models.get(info["template"])
        if model is None:
            continue
        infinitive = verb.removesuffix("se") if lang == "es" and verb.endswith("rse") else verb
        for mood, tenses in model.items():
            for tense, persons in tenses.items():
                cell = _taught(lang, mood, tense)
                if cell is None:
                    continue
                left_out, year = cell
                for person in persons if isinstance(persons, list) else [persons]:
                    index, ending = person if isinstance(person, list) else (None, person)
                    if index in left_out or not isinstance(ending, str) or " " in ending:
                        continue
                    verbs_of = forms.setdefault(info["root"] + ending, {})
                    verbs_of[infinitive] = min(verbs_of.get(infinitive, year), year)
    return forms


def attach(
    forms: dict[str, dict[str, set[str]]],
    lang: str,
    made: dict[str, dict[str, int]],
    zipf: Callable[[str, str], float],
) -> int:
    """Give a taught form its everyday verbs as lemmas where the spelling dictionary did
    not (es podéis: poder as well as podar); ``forms`` changed in place, the count. A rare
    verb never claims a word (es desdar would make desde its form)."""
    attached = 0
    for form, verbs in made.items():
        folded = fold(form, lang)
        displays = forms.get(folded) if folded else None
        if not displays or form not in displays:
            continue
        everyday = {verb for verb in verbs if zipf(verb, lang) >= EVERYDAY_ZIPF}
        if not everyday <= displays[form]:
            displays[form] |= everyday
            attached += 1
    return attached


# Regular plurals and feminines: (ending of the lemma, endings of its forms).
NUMBER_GENDER: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "fr": (
        ("", ("s", "x", "e", "es")),
        ("al", ("aux",)),
        ("er", ("ère", "ères")),
        ("eur", ("euse", "euses", "rice", "rices")),
        ("f", ("ve", "ves")),
        ("x", ("se", "ses")),
        ("en", ("enne", "ennes")),
        ("on", ("onne", "onnes")),
        ("el", ("elle", "elles")),
        ("et", ("ette", "ettes")),
    ),
    "es": (
        ("", ("s", "es", "a", "as")),
        ("o", ("a", "os", "as")),
        ("z", ("ces",)),
        ("ón", ("ones", "ona", "onas")),
        ("án", ("anes", "ana", "anas")),
        ("és", ("eses", "esa", "esas")),
    ),
    "it": (
        ("o", ("i", "a", "e")),
        ("a", ("e", "i")),
        ("e", ("i",)),
        ("co", ("chi", "ci", "ca", "che")),
        ("go", ("ghi", "ga", "ghe")),
        ("ca", ("che",)),
        ("ga", ("ghe",)),
        ("io", ("i",)),
    ),
    "pt": (
        ("", ("s", "es", "a", "as")),
        ("o", ("a", "os", "as")),
        ("ão", ("ões", "ães", "ãos", "ã", "ãs")),
        ("m", ("ns",)),
        ("l", ("is",)),
        ("ês", ("esa", "esas", "eses")),
        ("or", ("ora", "oras", "ores")),
    ),
    "de": (("", ("e", "er", "en", "es", "em", "n", "s", "nen", "in", "innen")),),
    # English: plurals only (cater is no form of cat, nor caring of car).
    "en": (("", ("s", "es")), ("y", ("ies",))),
}
GERMAN_PRESENT = ("e", "st", "t", "en", "et", "est")
GERMAN_PAST = ("te", "test", "ten", "tet")


def regular_forms(lang: str, lemma: str) -> set[str]:
    """The regular plurals, feminines (and English -ed, -ing...) of ``lemma``."""
    found = set()
    for ending, replacements in NUMBER_GENDER.get(lang, ()):
        if lemma.endswith(ending):
            base = lemma[: len(lemma) - len(ending)]
            found.update(base + replacement for replacement in replacements)
    return found - {lemma}


def german_verb_forms(verb: str, principal: set[str]) -> tuple[set[str], set[str]]:
    """A German verb's present persons and participle, and its Präteritum persons, by
    their endings on the stem and on each principal part Ding writes (ging: gingst)."""
    stem = verb.removesuffix("en") if verb.endswith("en") else verb.removesuffix("n")
    present = {stem + ending for ending in GERMAN_PRESENT} | {"ge" + stem + "t"}
    past = {stem + ending for ending in GERMAN_PAST}
    for part in principal:
        past |= {part + ending for ending in ("st", "t", "en", "est", "et")}
    return present, past


def lift(
    lang: str,
    spellings: dict[str, list[Spelling]],
    levels: dict[str, tuple[int, float]],
    zipf: Callable[[str, str], float],
    made: dict[str, dict[str, int]] | None = None,
    principal: dict[str, set[str]] | None = None,
    irregular: dict[str, list[str]] | None = None,
) -> tuple[dict[str, tuple[int, float]], int]:
    """``levels`` with every taught form of an everyday lemma at that lemma's level (a
    new dict), and how many words moved. ``made``: form -> verbs (mlconjug3's taught
    cells); ``principal``: German verb -> its principal parts; ``irregular``: English
    form -> base forms (WordNet)."""

    def lemma_level(lemma: str) -> int | None:
        folded = fold(lemma, lang)
        if folded in levels:
            return levels[folded][0]
        frequency = zipf(lemma.lower(), lang)  # too short to play: es ir, it da
        return level_for_zipf(frequency) if frequency else None

    result = dict(levels)
    moved = 0

    def to(word: str, level: int | None) -> None:
        nonlocal moved
        if level is not None and level <= EVERYDAY and word in result and result[word][0] > level:
            result[word] = (level, result[word][1])
            moved += 1

    for form, verbs in (made or {}).items():
        folded = fold(form, lang)
        if folded in result and form in {s.display for s in spellings.get(folded, ())}:
            levels_of = (max(lv, year) for v, year in verbs.items() if (lv := lemma_level(v)))
            to(folded, min(levels_of, default=None))
    for word, shown in spellings.items():
        for spelling in shown:
            if lang == "en":  # no lemmas in the word data: WordNet's and the plural's
                bases = {base: {spelling.display} for base in (irregular or {}).get(word, ())}
                for base in _english_singulars(word):
                    bases.setdefault(base, regular_forms(lang, base))
                pairs = bases.items()
            else:
                pairs = ((lemma, regular_forms(lang, lemma)) for lemma in spelling.lemmas)
            for lemma, forms in pairs:
                if not _attested_beside(spelling.display, lemma, lang, zipf):
                    forms = set()  # a plural nobody writes (it erbi, marzi; fr soifs)
                level = lemma_level(lemma)
                if lang == "de" and lemma[:1].islower() and lemma.endswith("n"):
                    present, past = german_verb_forms(lemma, (principal or {}).get(lemma, set()))
                    if spelling.display in past and level is not None:
                        level = max(level, 2)  # the Präteritum: a second-year tense
                    forms = forms | present | past
                if spelling.display in forms:
                    to(word, level)
    return result, moved


def taught_verb_form(
    lang: str,
    zipf: Callable[[str, str], float],
    made: dict[str, dict[str, int]] | None = None,
    principal: dict[str, set[str]] | None = None,
    **_other_sources,
) -> Callable[[Spelling], bool]:
    """Whether a spelling is a form of an everyday verb in a cell a school grammar
    teaches (fr es it pt: mlconjug3's taught cells; German: the present and the
    Präteritum, by their endings): es cantará beside cantara, it designo beside designò,
    de strichen beside Strichen. The display shows such a spelling whatever its own
    frequency (display.py): the pupil who typed it may have meant it. The verb is
    everyday by its own spelling's frequency, as in :func:`attach` (fr côcher is not
    cocher)."""

    def everyday(verb: str) -> bool:
        return zipf(verb.lower(), lang) >= EVERYDAY_ZIPF

    def taught(spelling: Spelling) -> bool:
        display = spelling.display
        if made is not None:
            return any(everyday(verb) for verb in made.get(display, {}))
        if lang != "de" or not display[:1].islower():
            return False
        for verb in spelling.lemmas:
            if verb[:1].islower() and verb.endswith("n") and everyday(verb):
                present, past = german_verb_forms(verb, (principal or {}).get(verb, set()))
                if display in present or display in past:
                    return True
        return False

    return taught


# A regular plural or feminine counts when it is no more than this much rarer than its
# lemma: the spelling dictionaries make plurals of months, mass nouns and invariable words
# (it marzi, erbi, foti; fr soifs; es peora) that nobody writes (Zipf 2 to 5 below).
PLURAL_GAP = 2.0


def _attested_beside(form: str, lemma: str, lang: str, zipf) -> bool:
    return zipf(form.lower(), lang) >= zipf(lemma.lower(), lang) - PLURAL_GAP


def _english_singulars(word: str) -> list[str]:
    """What a plural's ending leaves (cats: cat; pianos: piano; stories: story)."""
    found = []
    for ending, replacements in NUMBER_GENDER["en"]:
        for replacement in replacements:
            if word.endswith(replacement) and len(word) > len(replacement) + 2:
                found.append(word[: len(word) - len(replacement)] + ending)
    return found
