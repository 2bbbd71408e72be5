"""Which spellings of a word the game shows: the ones a learner meets (build time only).

A folded word may be written several ways, and the spelling dictionaries
spell out every one of them: acte and acté, but also actè (a form that only
lives before "-je"), río, rió and rio, casa and casá (a Rioplatense
imperative). Showing them all projects spellings nobody writes ("DATE / DATÉ
/ DATÈ" on the podium). So the most frequent spelling is shown, and another
only when it is itself a word a learner meets:

- made of the language's letters (no ``viᵉ``, an ordinal's abbreviation);
- attested at the frequency of an everyday word (Zipf >= 3: des / dès / dés,
  esta / está, pt país / pais);
- a bare spelling (no accent) beside an accented one as frequent as that one
  within half a Zipf: people who type without accents make "sera" (será),
  "pais" (país) and "rio" (río) look frequent in Spanish text, while
  Portuguese pais (parents) is a word of its own as frequent as país;
- or, whatever its frequency, a form of an everyday verb in a tense a school
  grammar teaches (textbook.py): es cantara / cantará, it designo / designò,
  de Strichen / strichen. A pupil who typed CANTARA may have meant the
  future; showing one spelling would tell them it was the other word.

German writes nouns capitalised and everything else in lower case: a verb's
infinitive comes before its nominalisation (gehen / Gehen), a noun keeps a
lower-case twin when that twin is a dictionary form of its own (Weg / weg,
Arm / arm) or a present or past form of an everyday verb (Strichen /
strichen, Reise / reise), a capitalised spelling shows when Ding lists it or
the plural its dative makes (Gründe: gründen / Gründen), and a noun that the
spelling dictionary lacks but Ding lists (Eile) is written as the noun.

A spelling left out keeps nothing from the game: its lemmas join the first
spelling's (the meaning still finds them) and the word plays as before.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from games.engine.languages import GAME_LANGUAGES
from games.engine.wordinfo import Spelling

ZipfLookup = Callable[[str, str], float]

# The lower-case letters each language writes (the folded alphabet plus its accents).
LETTERS: dict[str, frozenset[str]] = {
    language.code: frozenset(language.alphabet + language.accents) for language in GAME_LANGUAGES
}
EVERYDAY_ZIPF = 3.0  # level 2's threshold: games/engine/languages.py
BARE_MARGIN = 0.5  # how much rarer than its accented twin a bare spelling may be


def written_in(lang: str, display: str) -> bool:
    """Whether ``display`` is made of the letters ``lang`` writes."""
    letters = LETTERS[lang]
    return all(ch in letters for ch in display.lower())


def has_marks(text: str) -> bool:
    return any(unicodedata.combining(ch) for ch in unicodedata.normalize("NFD", text))


def shown_spellings(
    lang: str,
    folded: str,
    spellings: list[Spelling],
    zipf: ZipfLookup,
    is_noun: Callable[[str], bool] = lambda display: False,
    taught: Callable[[Spelling], bool] = lambda spelling: False,
) -> list[Spelling]:
    """The spellings to show, most frequent first (``spellings`` is ranked already);
    the lemmas of those left out join the first one's. German: ``is_noun`` tells a
    capitalised spelling the dictionaries list as a noun (Ding). ``taught``: whether a
    spelling is a taught form of an everyday verb (shown whatever its frequency)."""
    ordered = _german_order(spellings) if lang == "de" else list(spellings)
    first = ordered[0]
    if zipf(first.display.lower(), lang) < EVERYDAY_ZIPF and not taught(first):
        # Nothing common comes first: a taught form before a spelling of a tense nobody
        # uses (es abarcaremos before the future subjunctive abarcáremos, abasteces
        # before the voseo abastecés).
        lead = next((s for s in ordered if written_in(lang, s.display) and taught(s)), first)
        ordered.remove(lead)
        ordered.insert(0, lead)
    kept = [ordered[0]]
    for spelling in ordered[1:]:
        if _worth_showing(lang, spelling, kept, zipf, is_noun, taught):
            kept.append(spelling)
    dropped = [s for s in ordered if s not in kept]
    if dropped:
        first = kept[0]
        extra = tuple(lemma for s in dropped for lemma in s.lemmas if lemma not in first.lemmas)
        kept[0] = Spelling(first.display, first.lemmas + tuple(dict.fromkeys(extra)))
    return kept


def _worth_showing(lang, spelling: Spelling, kept, zipf, is_noun, taught) -> bool:
    display = spelling.display
    if not written_in(lang, display):
        return False
    if taught(spelling):
        return True
    if lang == "de" and any(s.display.lower() == display.lower() for s in kept):
        return _german_twin_worth_showing(spelling, is_noun)  # wordfreq ignores case
    frequency = zipf(display.lower(), lang)
    if frequency < EVERYDAY_ZIPF:
        return False
    accented = [zipf(s.display.lower(), lang) for s in kept if has_marks(s.display)]
    return has_marks(display) or not accented or frequency >= max(accented) - BARE_MARGIN


def _german_order(spellings: list[Spelling]) -> list[Spelling]:
    """An infinitive before its nominalisation (gehen / Gehen); otherwise as ranked."""
    by_display = {s.display: s for s in spellings}
    ordered = list(spellings)
    for spelling in spellings:
        lower = spelling.display
        if lower[:1].islower() and _is_infinitive(spelling):
            noun = by_display.get(lower[:1].upper() + lower[1:])
            if noun is not None and ordered.index(noun) < ordered.index(spelling):
                ordered.remove(spelling)
                ordered.insert(ordered.index(noun), spelling)
    return ordered


def _is_infinitive(spelling: Spelling) -> bool:
    return spelling.display in spelling.lemmas and spelling.display.endswith("n")


def _german_twin_worth_showing(spelling: Spelling, is_noun) -> bool:
    """German shows a noun and a lower-case word of the same letters when each is a word
    of its own: a nominalisation only if Ding lists it as a noun, a lower-case twin of
    a noun only if it is a dictionary form (weg, arm), not an inflected one (eile)."""
    display = spelling.display
    if display[:1].isupper():
        # Ding lists the noun, or the plural its dative adds -n to (Gründe: Gründen)
        return is_noun(display) or (display.endswith("n") and is_noun(display[:-1]))
    return display in spelling.lemmas
