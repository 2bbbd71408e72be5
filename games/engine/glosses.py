"""A word's meaning for a learner, in the interface language, read from disk on demand.

``gloss("mangeons", "fr", "en")`` -> ``"manger: to eat"``. The meanings are
per lemma in ``dictionaries/<lang>/glosses/<interface>.tsv`` (built by
``manage.py build_glosses``; docs/glosses.md), sorted ``lemma<TAB>gloss``
lines that :class:`GlossTable` finds in the memory-mapped file through a
sparse index (the first key of each page): nothing else is loaded, a look-up
reads a page.

Which table answers (a meaning is written in one of the interface's six
languages, boggleweb/interface_languages.py):

- a word of another language than the reader's: its translation into the
  reader's language (``<lang>/glosses/<interface>.tsv``); where that has
  none, its English translation (:func:`meaning` says which language the
  text is in, so a page can say "in English");
- a word of the reader's own language: a definition where an open source
  has one (English: WordNet, ``en/glosses/en.tsv``; French: the reviewed
  French definitions, or nothing, as a French pupil learns nothing from
  "manger: to eat"); for Spanish, German, Italian and Portuguese, which
  have none, its English meaning.

An inflected form is explained through its lemmas (the word data's lemma
table; English, which has none, through WordNet's rules and exceptions):
``"manger: to eat"``, ``"Haus: house"``; a word that is its own lemma
shows the meaning alone. A teacher's vocabulary translation wins over all
this, but lives in the database: games/selectors/glosses.py applies it.
"""

from __future__ import annotations

import bisect
import functools
import mmap
import os
import re
from pathlib import Path
from typing import NamedTuple

from boggleweb.interface_languages import CODES as INTERFACE_CODES
from games.engine.blocklist import blocked_words
from games.engine.folding import fold
from games.engine.languages import check_language
from games.engine.lexicon import DICTIONARIES_DIR, load_lexicon
from games.engine.typed import typed_words

# Meanings are written in the interface's languages (one registry for both).
INTERFACE_LANGUAGES: tuple[str, ...] = INTERFACE_CODES
FALLBACK = "en"  # the language of a meaning when the reader's has none
# The reader's own language explained by a definition in that language, or nothing.
DEFINED = ("en", "fr")
GLOSS_DIR = "glosses"
# reviewed-<interface>.tsv: folded word -> the meaning a reviewer wrote for it
# (dictionaries/sources/reviews/, docs/content-review.md), read before any lemma's.
REVIEWED_PREFIX = "reviewed-"
# English verbs' meanings as verbs (jet: "to issue in a jet", where the lemma's own
# meaning is the noun's), which their -ed and -ing forms read (jetting), from WordNet.
VERBS_PREFIX = "verbs-"
# Forms the word data's lemma table cannot lead to a lemma: English irregular
# forms (WordNet: went -> go, by folded word), Italian forms (Morph-it!:
# abbiamo -> avere, alberi -> albero, by display form).
EXCEPTIONS_FILE = "exceptions.tsv"
MAX_LEMMAS = 2  # sommes: "être: to be; somme: sum"
CACHED_GLOSSES = 8192

# WordNet's "morphy" detachment rules: an English form's possible base forms.
_ENGLISH_SUFFIXES = (
    ("s", ""),
    ("ses", "s"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("ies", "y"),
    ("es", "e"),
    ("es", ""),
    ("ed", "e"),
    ("ed", ""),
    ("ing", "e"),
    ("ing", ""),
    ("er", ""),
    ("est", ""),
    ("er", "e"),
    ("est", "e"),
)


class GlossTable:
    """One sorted ``key<TAB>text`` file, memory mapped on first use, searched in place.

    On first use it notes the first key after every ``STRIDE`` bytes (one per page: a
    few hundred keys for most tables, under a thousand for the largest); a look-up
    bisects those in memory, then one ``find`` runs through that page of the file:
    about two microseconds. A stride of 16 KB took about six (a results page looks
    up a thousand lemmas), and saved no memory: the tables' pages end up mapped anyway.
    """

    STRIDE = 4096

    def __init__(self, path: Path) -> None:
        self.path = path
        self._data: mmap.mmap | bytes | None = None
        self._keys: list[bytes] = []
        self._starts: list[int] = []

    def exists(self) -> bool:
        return self.path.is_file()

    def find(self, key: str) -> str | None:
        """The text of ``key`` (exact, case-sensitive), or None."""
        data = self._open()
        target = key.encode("utf-8")
        if not target or b"\n" in target or b"\t" in target or not self._keys:
            return None
        block = bisect.bisect_right(self._keys, target) - 1
        if block < 0:
            return None
        low = self._starts[block]
        high = self._starts[block + 1] if block + 1 < len(self._starts) else len(data)
        if data[low : low + len(target) + 1] == target + b"\t":
            start = low
        else:
            found = data.find(b"\n" + target + b"\t", low, high)
            if found == -1:
                return None
            start = found + 1
        end = data.find(b"\n", start)
        return data[start + len(target) + 1 : len(data) if end == -1 else end].decode("utf-8")

    def _open(self) -> mmap.mmap | bytes:
        if self._data is None:
            self._data = _map(self.path)
            self._index(self._data)
        return self._data

    def _index(self, data) -> None:
        """The first key at or after every STRIDE bytes, with where its line starts."""
        start = 0
        while 0 <= start < len(data):
            tab = data.find(b"\t", start)
            if tab == -1:
                break
            self._keys.append(data[start:tab])
            self._starts.append(start)
            newline = data.find(b"\n", start + self.STRIDE)
            start = newline + 1 if newline != -1 else -1


def _map(path: Path) -> mmap.mmap | bytes:
    try:
        with path.open("rb") as table:
            if os.fstat(table.fileno()).st_size == 0:
                return b""
            mapped = mmap.mmap(table.fileno(), 0, access=mmap.ACCESS_READ)
    except FileNotFoundError:
        return b""
    if hasattr(mmap, "MADV_RANDOM"):
        mapped.madvise(mmap.MADV_RANDOM)  # no read-ahead around each probe
    return mapped


@functools.cache
def gloss_table(lang: str, name: str, folder: Path | None = None) -> GlossTable:
    """``dictionaries/<lang>/glosses/<name>.tsv`` (cached per process)."""
    base = DICTIONARIES_DIR if folder is None else folder
    return GlossTable(base / lang / GLOSS_DIR / f"{name}.tsv")


def check_interface(interface_lang: str) -> str:
    if interface_lang not in INTERFACE_LANGUAGES:
        raise ValueError(
            f"unknown interface language {interface_lang!r}; choose one of "
            + ", ".join(INTERFACE_LANGUAGES)
        )
    return interface_lang


def tables_for(lang: str, interface_lang: str) -> tuple[str, ...]:
    """The tables of ``lang`` to try, in order, for a reader of ``interface_lang``
    (each table's name is the language its meanings are written in)."""
    if lang == interface_lang:
        # A definition in the reader's own language, or nothing: a French pupil playing
        # French learns nothing from "manger: to eat". A language no open source
        # defines reads its English meaning.
        return (interface_lang,) if interface_lang in DEFINED else (FALLBACK,)
    if interface_lang == FALLBACK or lang == FALLBACK:
        # English words: en.tsv holds English definitions, not translations
        return (interface_lang,)
    return (interface_lang, FALLBACK)  # no translation into the reader's: the English one


class Meaning(NamedTuple):
    text: str
    language: str  # the language ``text`` is written in (the reader's, or English)


def gloss(word: str, lang: str, interface_lang: str = "en") -> str | None:
    """A short meaning of ``word`` (as typed, shown or folded) for a reader of
    ``interface_lang``, or None when no source explains it."""
    found = meaning(word, lang, interface_lang)
    return found.text if found else None


def meaning(word: str, lang: str, interface_lang: str = "en") -> Meaning | None:
    """:func:`gloss` with the language its text is written in: the reader's, or English
    where no source translates the word into the reader's language."""
    check_language(lang)
    check_interface(interface_lang)
    return _meaning(word, lang, interface_lang)


# A class opens the same results page at the bell: the meanings of a round's words
# are kept (a few thousand short strings, about 2 MB at most), the tables are not.
@functools.lru_cache(maxsize=CACHED_GLOSSES)
def _meaning(word: str, lang: str, interface_lang: str) -> Meaning | None:
    folded = played_form(word, lang)
    if folded is None or folded in blocked_words(lang):
        return None  # a blocked word's meaning is never shown
    found = None  # the word's lemmas, read once a table needs them
    for name in tables_for(lang, interface_lang):
        # a reviewer's meaning for the word itself first, then the table's
        reviewed = gloss_table(lang, REVIEWED_PREFIX + name).find(folded)
        if reviewed:
            return Meaning(reviewed, name)
        # An English form its English meaning reads through a base ("lowered" -> "lower:
        # to move down") is translated through that base too: the form's own dictionary
        # entry is mostly an adjective's rarer sense (lowered: "abatido", selected:
        # "ideal") or a plural's (curtains: "velo"). One with a meaning of its own reads
        # its own translation first, before an irregular verb's (bedding: "ropa de
        # cama", not "bed: cama").
        if lang == FALLBACK and name != FALLBACK and (english := _meaning(folded, lang, lang)):
            table = gloss_table(lang, name)
            base = _english_base(folded, english.text)
            if base and (text := table.find(base)):
                return Meaning(f"{base}: {text}", name)
            if not base and (own := table.find(folded)):
                return Meaning(own, name)
        if found is None:
            lemmas, fallbacks = lemma_candidates(word, lang)
            shown = lemmas[0][0] if lemmas else ""
            own_first = bool(lemmas) and _commoner_than_its_lemmas(shown, lemmas, lang)
            found = (lemmas, fallbacks, shown, own_first)
        lemmas, fallbacks, shown, own_first = found
        verbs = gloss_table(lang, VERBS_PREFIX + name) if _verb_form(folded, lang, name) else None
        narrow = _verb_senses(folded, lang, name) if lang in VERB_ENDINGS else None
        table = gloss_table(lang, name)
        if lemmas and (
            text := _from_table(table, shown, lemmas, fallbacks, own_first, verbs, narrow)
        ):
            return Meaning(text, name)
    return None


# A French infinitive's endings: its meaning may also hold the noun or the adjective
# spelled alike (reporter: "to postpone; reporter", a journalist; approprier: approprié).
VERB_ENDINGS = {"fr": ("er", "ir", "re")}
# The forms of a noun or an adjective spelled like an infinitive: itself, its plurals
# and feminines (a conjugated form is anything else: reportons, appropriée).
_NOMINAL_ENDINGS = ("", "s", "x", "e", "es")
# Past participles, which are adjectives too (salées: salty): they keep every sense.
_PARTICIPLES_AS_ADJECTIVES = tuple(
    vowel + ending for vowel in ("e", "i", "u") for ending in ("", "e", "s", "es")
)
# What a verb looks like in a meaning, per reader: the first word of an alternative
# ("to take", "aplazar", "se lembrar"); German's any ("rückgängig machen"). Nouns spelled
# like an infinitive (es mujer, it mare) pass as verbs: a sense is dropped only when
# none of its alternatives looks like one.
_VERB_WORDS = {
    "en": re.compile(r"to \w"),
    "fr": re.compile(r"(?:ne |se |s')?\w+(?:er|ir|re|oir)\b"),
    "es": re.compile(r"(?:se )?[a-zñ]*(?:ar|er|ir|ír)(?:se)?\b"),
    "it": re.compile(r"[a-z]*(?:are|ere|ire|rre)(?:si)?\b|[a-z]+rsi\b"),
    "pt": re.compile(r"(?:se )?(?:pôr|[a-zç]*(?:ar|er|ir|or))(?:-se)?(?=\W|$)"),
    "de": re.compile(r".*\b[a-zäöüß]+(?:en|ern|eln)\b|sich "),
}
# French definitions of a verb are phrases ("ne pas accepter", "remettre à plus tard"):
# only a sense that is one word, or starts like a noun's or an adjective's, is nominal.
_FRENCH_NOMINAL = re.compile(r"(?:le|la|les|un|une|des|du|qui|l')\b|\w+$")


def _verb_senses(folded: str, lang: str, reader: str):
    """For a conjugated form (reportons), a lemma's meaning without the senses of the noun
    or the adjective spelled like the infinitive ("reporter: to postpone, to carry over;
    reporter" -> "to postpone, to carry over"; "approprier: appropriate (approprié); to
    take" -> "to take"); the lemma's own nominal forms (reporters) keep every sense."""

    def narrow(lemma: str, text: str) -> str:
        # one sense (most meanings), or no infinitive: nothing to narrow
        if ";" not in text or not lemma.endswith(VERB_ENDINGS[lang]):
            return text
        base = fold(lemma, lang)
        if not base:
            return text
        stem = base[:-2]
        nominal = {base + ending for ending in _NOMINAL_ENDINGS}
        nominal |= {stem + ending for ending in _PARTICIPLES_AS_ADJECTIVES}
        if folded in nominal:
            return text
        senses = [sense.strip() for sense in text.split(";")]
        kept = [sense for sense in senses if not _nominal_sense(sense, reader)]
        return "; ".join(kept) if kept and len(kept) < len(senses) else text

    return narrow


def _nominal_sense(sense: str, reader: str) -> bool:
    """Whether no alternative of one sense of a meaning is a verb (a label before a
    colon and brackets aside: "se fier: to trust" is one, "reporter" is not)."""
    bare = re.sub(r"\([^()]*\)", " ", sense).rpartition(": ")[2]
    items = [" ".join(item.split()) for item in bare.split(",")]
    items = [item for item in items if item]
    if not items:
        return False
    if reader == "fr":
        return all(
            _FRENCH_NOMINAL.match(item) and not _VERB_WORDS["fr"].fullmatch(item) for item in items
        )
    return not any(_VERB_WORDS[reader].match(item) for item in items)


def _verb_form(folded: str, lang: str, reader: str) -> bool:
    """Whether a word reads its base's verb sense before the base's own meaning: an
    English -ed or -ing form, for an English reader (the other readers' tables give a
    lemma one sense, mostly the noun's)."""
    return lang == FALLBACK == reader and folded.endswith(("ed", "ing"))


def _english_base(folded: str, english: str) -> str | None:
    """The base form an English word's English meaning is written through ("lowered":
    "lower: to move down; to reduce"), or None when the word has a meaning of its own
    ("surprised": "feeling surprise"). The reviewed English meaning decides, so a
    reader of any language reads a form as an English-speaking pupil does."""
    head, colon, _ = english.partition(": ")
    if not colon or head == folded or head not in english_bases(folded):
        return None
    return head


def _from_table(table, shown, lemmas, fallbacks, own_first, verbs=None, narrow=None) -> str | None:
    """The meaning one table gives: the form's own (when it is commoner than its lemmas),
    else its lemmas' (``lemma: text``), else a fallback lemma's. With ``verbs`` (an
    English verb form) a base that is a verb reads its verb sense (jetting: "jet: to
    issue in a jet"), and one that is a verb comes before one that is not (doing: do,
    not doe). ``narrow`` (a French conjugated form) keeps a lemma's verb senses only."""
    if own_first and (own := table.find(shown)):
        return own
    found = _find_lemmas(table, lemmas, MAX_LEMMAS, verbs)
    if narrow is not None:
        found = [(lemma, narrow(lemma, text)) for lemma, text in found]
    if len(found) > 1:
        found = _without_repeats(found)
    # Not explained through its lemmas: the word itself may be a headword, or
    # (English) one of the base forms WordNet's rules guess: the first one only.
    if not found and verbs is not None:
        found = _find_lemmas(verbs, [p for p in fallbacks if p[0] != p[1]], 1)
    found = found or _find_lemmas(table, fallbacks, 1)
    if not found:
        return None
    if len(found) == 1 and found[0][0].casefold() == shown.casefold():
        return found[0][1]
    return "; ".join(f"{lemma}: {text}" for lemma, text in found)


def _without_repeats(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The lemmas' meanings less one that repeats another's (elevadores, whose own entry
    reads "elevador: lift", and elevador's "lift": once)."""
    kept: list[tuple[str, str]] = []
    for lemma, text in found:
        if not any(
            text in (seen, f"{other}: {seen}") or seen == f"{lemma}: {text}" for other, seen in kept
        ):
            kept.append((lemma, text))
    return kept


def _commoner_than_its_lemmas(shown: str, lemmas: list[tuple[str, str]], lang: str) -> bool:
    """Whether a form is more common than every lemma the word data gives it: then it is
    a word of its own, whose meaning is the one a pupil needs (it mai "never", which the
    lemma table leads to mao, a bird; tema "theme", not temere). A plural or a verb form
    of a lemma as common as itself (Bäume, stato) is read through its lemma as before."""
    lexicon = load_lexicon(lang)
    if any(lemma == shown for _, lemma in lemmas):
        return False
    level = lexicon.level_of(fold(shown, lang))
    if level is None:
        return False
    for _, lemma in lemmas:
        folded = fold(lemma, lang)  # None: a lemma outside the alphabet (en "café")
        lemma_level = lexicon.level_of(folded) if folded else None
        if lemma_level is not None and lemma_level <= level:
            return False
    return True


def _find_lemmas(
    table: GlossTable, candidates, most: int, verbs: GlossTable | None = None
) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for shown, lemma in candidates:
        if any(lemma == seen for seen, _ in found):
            continue
        base = verbs is not None and lemma.casefold() != shown.casefold()
        text = (base and verbs.find(lemma)) or table.find(lemma)
        if text:
            found.append((lemma, text))
            if len(found) == most:
                break
    return found


def lemma_candidates(word: str, lang: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(display form, lemma) pairs to look up, best first, and the fallbacks to try when
    none has a meaning; both empty for a non-word. A German word typed without umlauts
    (``haeuser``) is read as the game reads it."""
    lexicon = load_lexicon(lang)
    folded = played_form(word, lang)
    if folded is None:
        return [], []
    spellings = lexicon.spellings(folded)
    pairs: list[tuple[str, str]] = []
    for spelling in spellings:
        for lemma in spelling.lemmas or (spelling.display,):
            pair = (spelling.display, lemma)
            if pair not in pairs:
                pairs.append(pair)
    if lang == "en":
        shown = spellings[0].display if spellings else folded
        fallbacks = [(shown, base) for base in english_bases(folded)]
        # An irregular verb form means its verb before the noun that looks the same
        # (sent: "send", not an Estonian coin; felt: "feel", then the fabric).
        irregular = gloss_table("en", EXCEPTIONS_FILE.removesuffix(".tsv")).find(folded)
        if irregular:
            fallbacks = pairs + fallbacks
            pairs = [(shown, base) for base in irregular.split(",")]
    else:
        shown = spellings[0].display
        fallbacks = _listed_lemmas(spellings, lang)
        if lang == "de":
            fallbacks += [(shown, verb) for verb in _without_zu(folded, lexicon)]
        elif lang in _PARTICIPLES:  # the verb before the participle's own, rarer senses
            fallbacks += [(shown, verb) for verb in _participle_verbs(folded, lang)]
        fallbacks += [(s.display, s.display) for s in spellings]
        if lang in _DERIVED_ENDINGS and folded.endswith(_DERIVED_ENDINGS[lang]):
            pairs, demoted = _derived_word_first(folded, pairs, lang, lexicon)
            fallbacks = demoted + fallbacks
    return pairs, [pair for pair in fallbacks if pair not in pairs]


# Nouns and adjectives made with a suffix no verb form ends with (pt armações, elevador,
# objetividade, vegetais; es comedor). The word data also gives them the
# verb or the word they were made from (armar, elevar, objetivo), whose meaning is not
# theirs; the archaic vós forms (vegetais: vós vegetais) are no pupil's reading either.
_DERIVED_ENDINGS = {
    "pt": (
        *("cao", "coes", "sao", "soes", "dor", "dores", "dora", "doras", "dade", "dades"),
        *("ais", "eis", "vel", "veis"),
    ),
    "es": (*("cion", "ciones", "sion", "siones", "dor", "dores", "dora", "doras", "dad", "dades"),),
}


def _derived_word_first(folded: str, pairs, lang: str, lexicon):
    """A derived word's own lemmas (the word itself, its singular) before the lemmas it
    was derived from, which become fallbacks: armações reads armação, not armar;
    elevadores elevador, not elevar. Its singular, when the word data does not give it,
    comes first among the fallbacks (or leads, where no lemma is the word's own)."""
    singular = _singular(folded, lang)
    own = [pair for pair in pairs if fold(pair[1], lang) in (folded, singular)]
    shown = pairs[0][0] if pairs else folded
    found = []
    if singular and lexicon.contains(singular):
        found = [(shown, s.display) for s in lexicon.spellings(singular)]
        found = [pair for pair in found if pair not in own]
    if not own:
        own, found = found, []
    if not own or set(own) >= set(pairs):
        return pairs, []
    return own, found + [pair for pair in pairs if pair not in own]


def _singular(word: str, lang: str) -> str | None:
    """The singular a derived plural comes from (armações -> armação, finais -> final,
    elevadores -> elevador, criadoras -> criadora, mentalidades -> mentalidade; es
    canciones -> canción); None for a word with none of these endings."""
    for ending, base in _SINGULAR_ENDINGS[lang]:
        if word.endswith(ending):
            return word[: -len(ending)] + base
    return None


# Folded endings, the most specific first: the first that fits decides.
_SINGULAR_ENDINGS = {
    "pt": (
        *(("coes", "cao"), ("soes", "sao"), ("veis", "vel"), ("ais", "al"), ("eis", "el")),
        *(("doras", "dora"), ("dores", "dor"), ("dades", "dade")),
    ),
    "es": (
        *(("ciones", "cion"), ("siones", "sion"), ("doras", "dora"), ("dores", "dor")),
        ("dades", "dad"),
    ),
}


def played_form(word: str, lang: str) -> str | None:
    """The folded word the game reads ``word`` as (German ``haeuser``: häuser), or None."""
    lexicon = load_lexicon(lang)
    typed = typed_words(word, lexicon)
    if not typed:
        return None
    return next((w for w in typed if lexicon.contains(w)), typed[0])


def _listed_lemmas(spellings, lang: str) -> list[tuple[str, str]]:
    """The lemmas the language's exceptions table gives a word's spellings (Italian)."""
    forms = gloss_table(lang, EXCEPTIONS_FILE.removesuffix(".tsv"))
    found = []
    for spelling in spellings:
        lemmas = forms.find(spelling.display)
        found += [(spelling.display, lemma) for lemma in lemmas.split(",")] if lemmas else []
    return found


# Past participles the lemma table keeps as words of their own (it accaduto, pt
# acostumado): their ending, and the infinitive endings to try instead.
_PARTICIPLES = {
    "it": {"ato": ("are",), "uto": ("ere",), "ito": ("ire",)},
    "pt": {"ado": ("ar",), "ido": ("er", "ir")},
    "es": {"ado": ("ar",), "ido": ("er", "ir")},
}


def _participle_verbs(folded: str, lang: str) -> list[str]:
    """The infinitives a past participle (any gender or number) may come from, that are
    words of the game: ``accaduto`` -> accadere."""
    lexicon = load_lexicon(lang)
    stem = folded
    for ending in ("s", "a", "e", "i", "o"):  # -ados/-adas, -ata/-ate/-ati
        if stem.endswith(ending):
            stem = stem[: -len(ending)]
            break
    found = []
    for participle, infinitives in _PARTICIPLES[lang].items():
        core = participle[:-1]  # "at", "ut", "it", "ad", "id"
        if stem.endswith(core):
            base = stem[: -len(core)]
            for ending in infinitives:
                verb = base + ending
                if len(base) > 1 and lexicon.contains(verb):
                    found += [s.display for s in lexicon.spellings(verb)]
    return found


def _without_zu(folded: str, lexicon) -> list[str]:
    """A German zu-infinitive's verb (anzunehmen -> annehmen), which the lemma table keeps
    as a word of its own."""
    found = []
    start = folded.find("zu", 2)
    while start != -1:
        verb = folded[:start] + folded[start + 2 :]
        if verb.endswith("n") and lexicon.contains(verb):
            found += [s.display for s in lexicon.spellings(verb) if s.display[:1].islower()]
        start = folded.find("zu", start + 1)
    return found


def english_bases(word: str) -> list[str]:
    """The base forms WordNet's rules give an English form (went -> go; cats -> cat)."""
    bases: list[str] = []
    irregular = gloss_table("en", EXCEPTIONS_FILE.removesuffix(".tsv")).find(word)
    if irregular:
        bases += irregular.split(",")
    for suffix, ending in _ENGLISH_SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            base = word[: len(word) - len(suffix)] + ending
            if base not in bases:
                bases.append(base)
    return bases
