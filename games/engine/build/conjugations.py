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

Portuguese is left out: its tables make nouns into forms of rare verbs that
pass both tests (prazo of prazer, tom of tomar).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

WHEEL = ("mlconjug3", "4.0.1")
LANGUAGES = ("es", "it")
DATA_DIR = "data"
IRREGULAR_MODEL = 40  # verbs sharing a model, at most
FORM_LEAD = 1.0  # Zipf: a form at most this much more frequent than its verb
# A verb no word's lemma is yet (es ir: hunspell lists voy, vas, va... as stems)
# counts when it is at least this frequent.
KNOWN_VERB = 3.0


def members() -> dict[str, str]:
    """What the build takes from the wheel: path inside -> path in its folder."""
    inside = "mlconjug3/data/conjug_manager/{}-{}.json"
    return {
        inside.format(kind, lang): f"{DATA_DIR}/{kind}-{lang}.json"
        for lang in LANGUAGES
        for kind in ("verbs", "conjugation")
    }


LICENCES = ["mlconjug3-4.0.1.dist-info/licenses/LICENSE"]


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


def attach(
    forms: dict[str, dict[str, set[str]]],
    lang: str,
    folder: Path,
    zipf: Callable[[str, str], float],
) -> int:
    """Give each display form that is its own only lemma the irregular verbs that
    make it (``forms``: folded -> display -> lemmas, changed in place); the count."""
    known = {
        lemma for displays in forms.values() for lemmas in displays.values() for lemma in lemmas
    }
    made = verb_forms(folder, lang)
    attached = 0
    for displays in forms.values():
        for display, lemmas in displays.items():
            if lemmas != {display} or display not in made:
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
                attached += 1
    return attached
