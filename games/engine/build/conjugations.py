"""Irregular verb forms led to their infinitive, from published conjugation tables.

The Spanish and Italian spelling dictionaries list the irregular forms of
their verbs as stems of their own (es soy, fue, hecho; it sono, abbiamo,
letto), so hunspell gives them themselves as their lemma, not ser, hacer,
essere, avere, leggere. The conjugation tables of mlconjug3 (a PyPI wheel,
MIT; Verbiste's model-verb format) spell out every verb by its model: a form
that one of them makes is given that verb as a lemma too, when

- the verb conjugates like few others (a model of at most ``IRREGULAR_MODEL``
  verbs): the regular models' forms are hunspell's own already, and their
  large tables are where a rare verb happens to make a common word (es desdar
  would make desde; it perire, per);
- the verb is a lemma of the language's words (or a frequent word: es ir,
  whose every form is a stem of its own), not much rarer than the form
  (``FORM_LEAD``: it would not make fin a form of finire, nor miglior of
  migliorare).

Portuguese: the Brazilian dictionary spells ser's and ir's suppletive forms
from stems of its own (foi and fui from "for", vou from "vá", põe from
"por"): those stems count as no lemma. Its model tables make prazo a form of
the defective prazer: such forms are listed in ``NOT_FORMS``.

German has no such tables in the registries, but Ding's dictionary (the
``trans-de-en`` package the German build reads already) writes a strong
verb's principal parts beside it: ``sein {vi} | seiend | gewesen | ich bin |
du bist | ... | ich/er/sie/es war``. Those columns lead bin, ist, ging,
bekam to sein, gehen, bekommen, under the same frequency test (a column
with more alternatives than the entry has verbs, "war; war nicht", is left
alone: war stays a form of waren).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

WHEEL = ("mlconjug3", "4.0.1")
DING = ("trans-de-en", "usr/share/trans/de-en")  # German: principal parts
LANGUAGES = ("es", "it", "pt")
# Stems a spelling dictionary makes irregular forms from, which are no lemma
# (es era, eras: of erar, to lay out a threshing floor, and ere, the letter R,
# by the dictionary; of ser to everyone else).
PSEUDO_STEMS = {"pt": frozenset(["for", "vá", "por"]), "es": frozenset(["erar", "ere"])}
# Words a model table makes that are no form of its verb in today's language.
NOT_FORMS = {"pt": frozenset(["prazo"])}
DATA_DIR = "data"
IRREGULAR_MODEL = 40  # verbs sharing a model, at most
FORM_LEAD = 1.0  # Zipf: a form at most this much more frequent than its verb
# A verb no word's lemma is yet (es ir: hunspell lists voy, vas, va... as stems)
# counts when it is at least this frequent.
KNOWN_VERB = 3.0


# The tables the build reads: these languages' irregular verbs (above), and French's
# too for the forms a school grammar teaches (games/engine/build/textbook.py).
WHEEL_LANGUAGES = ("fr", *LANGUAGES)


def members() -> dict[str, str]:
    """What the build takes from the wheel: path inside -> path in its folder."""
    inside = "mlconjug3/data/conjug_manager/{}-{}.json"
    return {
        inside.format(kind, lang): f"{DATA_DIR}/{kind}-{lang}.json"
        for lang in WHEEL_LANGUAGES
        for kind in ("verbs", "conjugation")
    }


LICENCES = [f"{WHEEL[0]}-{WHEEL[1]}.dist-info/licenses/LICENSE"]


def verb_forms(folder: Path, lang: str) -> dict[str, set[str]]:
    """Form -> the infinitives of irregular models that make it (pronominal
    infinitives without their pronoun: irse -> ir)."""
    verbs = json.loads((folder / DATA_DIR / f"verbs-{lang}.json").read_text(encoding="utf-8"))
    models = json.loads(
        (folder / DATA_DIR / f"conjugation-{lang}.json").read_text(encoding="utf-8")
    )
    sizes = Counter(info["template"] for info in verbs.values())
    forms: dict[str, set[str]] = {}
    for verb, info in sorted(verbs.items()):
        model = models.get(info["template"])
        if model is None or sizes[info["template"]] > IRREGULAR_MODEL:
            continue
        infinitive = verb.removesuffix("se") if lang == "es" and verb.endswith("rse") else verb
        for tenses in model.values():
            for persons in tenses.values():
                for person in persons if isinstance(persons, list) else ():
                    ending = person[1] if isinstance(person, list) else person
                    if isinstance(ending, str) and ending and " " not in ending:
                        forms.setdefault(info["root"] + ending, set()).add(infinitive)
    return forms


GERMAN_PRONOUNS = frozenset(["ich", "du", "er", "sie", "es", "wir", "ihr", "man"])


_OBJECTS = frozenset(["etw.", "jdn.", "jdm.", "jds.", "sich"])


def _head_verbs(head: str) -> list[str | None]:
    """The verbs of a Ding entry's German head, by position (``etw. bekommen;
    erhalten [geh.] {vt}`` -> bekommen, erhalten); None where one is a phrase."""
    verbs: list[str | None] = []
    for alternative in head.split(";"):
        words = [
            w
            for w in re.sub(r"\[[^]]*\]|\([^)]*\)|\{[^}]*\}", " ", alternative).split()
            if w not in _OBJECTS
        ]
        verbs.append(words[0] if len(words) == 1 and words[0].isalpha() else None)
    return verbs


def ding_verb_forms(path: Path) -> dict[str, set[str]]:
    """Form -> infinitive, from the principal parts of Ding's verb entries: the
    columns after the head that are one lower-case word, after pronouns
    (``ich/er/sie ging``) or before an imperative's mark (``nimm!``), each
    alternative (``;``) going to the head's verb in the same place (the
    imperatives all to a head of one verb: ``sei!; seid!``); example
    sentences and phrases are left alone, and so are forms that head an entry
    themselves."""
    forms: dict[str, set[str]] = {}
    heads: set[str] = set()
    with path.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            columns = line.split(" :: ", 1)[0].split(" | ")
            if not re.search(r"\{v[it]?r?\}", columns[0]):
                continue
            verbs = _head_verbs(columns[0])
            heads.update(verb for verb in verbs if verb)
            for column in columns[1:]:
                parts = column.split(";")
                if len(parts) == len(verbs):
                    pairs = list(zip(verbs, parts, strict=True))
                elif len(verbs) == 1 and all(p.strip().endswith("!") for p in parts):
                    pairs = [(verbs[0], part) for part in parts]  # sei!; seid!
                else:
                    continue  # an example, or not aligned with the head
                for verb, part in pairs:
                    words = [w for w in part.split() if not set(w.split("/")) <= GERMAN_PRONOUNS]
                    # The imperative is written with its mark: nimm!, sei!
                    word = words[0].removesuffix("!") if len(words) == 1 else ""
                    if verb and word.isalpha() and word.islower():
                        forms.setdefault(word, set()).add(verb)
    # A verb of its own is not another's form (stecken, gefallen: of stoßen? of fallen)
    return {form: verbs for form, verbs in forms.items() if form not in heads}


def attach(
    forms: dict[str, dict[str, set[str]]],
    lang: str,
    made: dict[str, set[str]],
    zipf: Callable[[str, str], float],
) -> int:
    """Give each display form that is its own only lemma the verbs ``made`` says
    make it (``forms``: folded -> display -> lemmas, changed in place); the count.

    A form the spelling dictionary inflects from such a stem goes to the verb
    too: German lists ``sieht`` as a stem and makes ``siehst`` of it, Italian
    ``andato`` and ``andata``, so siehst is a form of sehen (and of sieht),
    andata of andare (and of andato, for the noun: la caduta, i contenuti).
    """
    known = {
        lemma for displays in forms.values() for lemmas in displays.values() for lemma in lemmas
    }
    attached = 0
    pseudo, not_forms = PSEUDO_STEMS.get(lang, frozenset()), NOT_FORMS.get(lang, frozenset())
    led: dict[str, set[str]] = {}  # stems that are verb forms -> their verbs
    for displays in forms.values():
        for display, lemmas in displays.items():
            if lemmas - pseudo != {display} or display not in made or display in not_forms:
                continue
            verbs = {
                verb
                for verb in made[display]
                if verb != display
                and (verb in known or zipf(verb, lang) >= KNOWN_VERB)
                and zipf(verb, lang) >= zipf(display.lower(), lang) - FORM_LEAD
            }
            if verbs:
                lemmas.update(verbs)
                led[display] = verbs
                attached += 1
    for displays in forms.values():
        for display, lemmas in displays.items():
            stems = lemmas & led.keys()
            if display not in led and stems and lemmas <= stems | pseudo:
                lemmas.update(verb for stem in stems for verb in led[stem])
                attached += 1
    return attached


def ding_headwords(path: Path) -> set[str]:
    """Every one-word German head of Ding's entries, as written (das, nichts,
    eigentlich, Essen): the words the dictionary explains in their own right."""
    heads: set[str] = set()
    with path.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if not line.startswith("#"):
                head = line.split(" :: ", 1)[0].split(" | ", 1)[0]
                heads.update(word for word in _head_verbs(head) if word)
    return heads


def attach_headwords(forms: dict[str, dict[str, set[str]]], heads: set[str]) -> int:
    """Make each display form that is a headword a lemma of its own too (German:
    hunspell makes das of da, nichts of nicht, eigentlich of eigen, seine of sein,
    which are words with meanings of their own); the count."""
    attached = 0
    for displays in forms.values():
        for display, lemmas in displays.items():
            if display not in lemmas and display in heads:
                lemmas.add(display)
                attached += 1
    return attached
