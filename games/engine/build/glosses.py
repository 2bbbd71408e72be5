"""Building dictionaries/<lang>/glosses/: a short meaning per lemma (build time only).

For each game language and interface language (the six of
boggleweb/interface_languages.py) the builder writes one sorted table,
``glosses/<interface>.tsv``:
``lemma<TAB>gloss``, one line per lemma of the word data that a source
explains, read on demand by games/engine/glosses.py. docs/glosses.md says
which sources and why; in short:

- translations from the FreeDict dictionaries (Debian ``dict-freedict-*``):
  the direct pair (fra-eng), the reverse pair read backwards (eng-fra gives
  French headwords too), and, where the direct pair is small, a pivot
  through German or French (fra-deu then Ding's deu-eng), whose candidates
  count less;
- English definitions from WordNet 3.0 (``wordnet-base``).

Candidates are scored by how many sources give them (the direct pair first),
their place in each entry, and how common the translation is (wordfreq),
so that "gehen" reads "to go, to walk" rather than Ding's first entry, "turn
out". Output is sorted, without timestamps: byte-identical on a rebuild.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from games.engine.blocklist import blocked_words
from games.engine.build import bilingual, reviews
from games.engine.build.packages import package_version
from games.engine.folding import fold
from games.engine.glosses import INTERFACE_LANGUAGES, REVIEWED_PREFIX, VERBS_PREFIX
from games.engine.languages import GAME_LANGUAGES
from games.engine.lexicon import DICTIONARIES_DIR

GLOSS_DIR = "glosses"
MAX_TRANSLATIONS = 3
MAX_GLOSS = 90  # characters: a gloss is one short line
WORDNET_PACKAGE = "wordnet-base"
WORDNET_DIR = "usr/share/wordnet"
THREE_LETTER = {language.code: language.dictionary_code for language in GAME_LANGUAGES}
# Languages used only as a second pivot for Italian (below), never played.
THREE_LETTER |= {"fi": "fin", "pl": "pol", "el": "ell", "bg": "bul", "ja": "jpn"}

# The Ding-based pairs are one sense per entry; the small hand-made ones TEI;
# every other FreeDict pair in Debian 13 was imported from Wiktionary (WikDict).
STYLES = {"deu-eng": "ding", "eng-deu": "ding"}
HAND_MADE = {"fra-eng", "spa-eng", "ita-eng", "por-eng", "eng-fra", "eng-spa", "eng-ita", "eng-por"}
WEAK = {"spa-eng", "ita-eng", "por-eng", "eng-spa", "eng-ita", "eng-por"}
# Weights of one vote: a direct entry, a reverse entry read backwards, a pivot.
DIRECT, REVERSE, PIVOT = 3.0, 2.0, 1.0
PIVOTS = ("de", "fr")  # German: Ding's 500,000 entries; French: WikDict's largest pairs
# Italian has no English dictionary of any size, and French (its pivot) lacks many
# common words (sembrare, porre, soddisfare). WikDict's Italian pairs with five other
# languages, whose English sides are WikDict's too, fill in, for a lemma nothing
# above translates, and only with a translation two of them agree on: one alone was
# wrong about one time in four (volgere: "ramble", trascrivere: "prescribe").
SECOND_PIVOTS = {"it": ("fi", "pl", "el", "bg", "ja")}
AGREEING = 2  # second pivots that must give the same translation


@dataclass(frozen=True)
class Pair:
    """A FreeDict dictionary from ``source`` to ``target`` language (two-letter codes)."""

    source: str
    target: str

    @property
    def code(self) -> str:
        return f"{THREE_LETTER[self.source]}-{THREE_LETTER[self.target]}"

    @property
    def package(self) -> str:
        return f"dict-freedict-{self.code}"

    @property
    def weight(self) -> float:
        """A direct entry's vote: less for the small hand-made pairs that were measured
        wrong on common words (spa-eng comer: "lunch"; por-eng comer: "relish")."""
        return DIRECT / 2 if self.code in WEAK else DIRECT

    @property
    def style(self) -> str:
        return STYLES.get(self.code, "tei" if self.code in HAND_MADE else "wikdict")


# Every FreeDict pair between two game languages that Debian 13 has.
PAIRS: tuple[Pair, ...] = tuple(
    Pair(*code.split("-"))
    for code in [
        "fr-en",
        "en-fr",
        "es-en",
        "en-es",
        "de-en",
        "en-de",
        "it-en",
        "en-it",
        "pt-en",
        "en-pt",
        "fr-de",
        "de-fr",
        "fr-es",
        "fr-it",
        "fr-pt",
        "pt-fr",
        "es-de",
        "de-es",
        "it-de",
        "de-it",
        "pt-de",
        "de-pt",
        "it-es",
    ]
)
# The second pivots' WikDict pairs (Debian 13): Italian to the pivot (read both ways
# where Debian has both), the pivot to English.
SECOND_PIVOT_PAIRS: tuple[Pair, ...] = tuple(
    Pair(*code.split("-"))
    for code in [
        "it-fi",
        "fi-it",
        "fi-en",
        "en-fi",
        "it-pl",
        "pl-it",
        "pl-en",
        "it-el",
        "el-it",
        "el-en",
        "it-bg",
        "en-bg",
        "it-ja",
        "en-ja",
    ]
)
PAIRS += SECOND_PIVOT_PAIRS


def packages_needed() -> list[str]:
    """Every Debian package the glosses are built from."""
    return [pair.package for pair in PAIRS] + [WORDNET_PACKAGE]


# Italian forms -> lemmas: the Italian spelling dictionary keeps irregular verb
# forms, plurals and feminines as stems of their own (abbiamo, alberi, accesa),
# so the word data's lemma table cannot lead to avere, albero, acceso. Morph-it!
# (Baroni and Zanchetta; CC BY-SA 2.0 or LGPL), as spaCy's lookup tables ship it
# on PyPI, can: by part of speech, verbs first.
MORPHIT_WHEEL = ("spacy-lookups-data", "1.0.5")
MORPHIT_TABLES = ("verb", "aux", "adj", "noun")
MORPHIT_DIR = "data"


def morphit_members() -> dict[str, str]:
    """What the glosses build takes from the wheel: path inside -> path in its folder."""
    inside = "spacy_lookups_data/data/it_lemma_lookup_{}.json.gz"
    return {inside.format(pos): f"{MORPHIT_DIR}/it_{pos}.json.gz" for pos in MORPHIT_TABLES}


MORPHIT_LICENCES = ["spacy_lookups_data/data/it_license.txt"]


def _mended(text: str) -> str:
    """Morph-it!'s accented entries as the tables hold them were decoded twice
    (``puÃ²`` for può): undo that, leave the rest."""
    if "Ã" not in text:
        return text
    try:
        return text.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return text


def italian_forms(folder: Path, lexicon) -> dict[str, list[str]]:
    """Game words -> their Morph-it! lemmas (at most two, verbs first), where the word
    data's lemma table lacks them."""
    found: dict[str, list[str]] = {}
    for pos in MORPHIT_TABLES:
        with gzip.open(folder / MORPHIT_DIR / f"it_{pos}.json.gz", "rt", encoding="utf-8") as data:
            table = json.load(data)
        for key, value in sorted(table.items()):
            if not isinstance(value, str):
                continue
            form, lemma = _mended(key), _mended(value)
            if lemma == form or " " in lemma:
                continue
            folded = fold(form, "it")
            if not folded or lexicon.level_of(folded) is None:
                continue  # not a game word
            if any(lemma in s.lemmas for s in lexicon.spellings(folded) if s.display == form):
                continue  # the word data leads there already
            lemmas = found.setdefault(form, [])
            if lemma not in lemmas and len(lemmas) < 2:
                lemmas.append(lemma)
    return found


Translation = tuple[str, str]  # (text, part of speech)


@dataclass
class Sources:
    """The unpacked packages, each dictionary read once and kept by direction."""

    folder: Path
    _forward: dict[tuple[str, str], dict[str, list[list[Translation]]]] = field(
        default_factory=dict
    )
    touched: set[str] = field(default_factory=set)  # packages read since the last reset
    memo: dict = field(default_factory=dict)  # candidates already counted

    def forward(self, source: str, target: str) -> dict[str, list[list[Translation]]]:
        """headword -> its entries' translations (each entry a list), merged over the
        pair read forwards and the reverse pair read backwards (the latter after)."""
        key = (source, target)
        self.touched.update(
            pair.package for pair in PAIRS if {pair.source, pair.target} == {source, target}
        )
        if key not in self._forward:
            table: dict[str, list[list[Translation]]] = defaultdict(list)
            for pair in PAIRS:
                if (pair.source, pair.target) == key:
                    for entry in self._entries(pair):
                        translations = [(t, entry.pos) for t in entry.translations]
                        table[entry.headword].append([*translations, ("", f"{pair.weight}")])
            for pair in PAIRS:
                if (pair.source, pair.target) == (target, source):
                    for entry in self._entries(pair):
                        headword = bilingual.clean_translations([entry.headword])
                        if headword != (entry.headword,):
                            continue  # a phrase ("Ready, steady, go!"), no translation
                        for text in entry.translations:
                            table[text].append([(entry.headword, entry.pos), ("", "reverse")])
            self._forward[key] = dict(table)
        return self._forward[key]

    def _entries(self, pair: Pair) -> Iterable[bilingual.Entry]:
        return bilingual.read_entries(self.folder / pair.package, pair.style)


def is_reverse(entry: list[Translation]) -> bool:
    """A reverse entry is ``[(headword, pos), ("", "reverse")]``; a direct one ends with
    ``("", weight)``."""
    return entry[-1] == ("", "reverse")


def candidates(
    sources: Sources, lemma: str, lang: str, target: str, depth: int = 1
) -> dict[str, tuple[float, str]]:
    """Every translation of ``lemma`` into ``target`` with its votes and part of speech.

    Direct and reverse entries first; then through each pivot language, whose
    translations into ``target`` count less. A pivot word without a translation
    of its own is, ``depth`` times, translated through the other pivot
    (Italian -> French -> German -> English), at half weight.
    """
    key = (lemma, lang, target, depth)
    if key in sources.memo:
        return sources.memo[key]
    votes: dict[str, float] = defaultdict(float)
    pos_votes: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for text, pos, weight in _votes(sources, lemma, lang, target, DIRECT, REVERSE):
        votes[text] += weight
        pos_votes[text][pos] += weight
    for pivot in PIVOTS:
        if pivot in (lang, target):
            continue
        for middle, pos, weight in _votes(sources, lemma, lang, pivot, 1.0, 1.0):
            if weight < 0.5:
                continue
            for text, strength in _through(sources, middle, pos, pivot, target, depth).items():
                votes[text] += PIVOT * weight * strength
                pos_votes[text][pos] += PIVOT * weight * strength
    found = {text: (score, _most_voted(pos_votes[text])) for text, score in votes.items()}
    sources.memo[key] = found
    return found


def agreed_candidates(
    sources: Sources, lemma: str, lang: str, target: str
) -> dict[str, tuple[float, str]]:
    """The translations of ``lemma`` into ``target`` that at least ``AGREEING`` of the
    language's second pivots give (through each pivot's own words), with their votes."""
    votes: dict[str, float] = defaultdict(float)
    pos_votes: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    agreeing: dict[str, set[str]] = defaultdict(set)
    for pivot in _second_pivots(lang, target):
        for middle, pos, weight in _votes(sources, lemma, lang, pivot, 1.0, 1.0):
            for text, strength in _through(sources, middle, pos, pivot, target, 0).items():
                votes[text] += PIVOT * weight * strength
                pos_votes[text][pos] += PIVOT * weight * strength
                agreeing[_plain(text)].add(pivot)
    return {
        text: (score, _most_voted(pos_votes[text]))
        for text, score in votes.items()
        if len(agreeing[_plain(text)]) >= AGREEING
    }


def _second_pivots(lang: str, target: str) -> tuple[str, ...]:
    """The language's second pivots that have a dictionary into ``target`` (English: none
    of them has one into French)."""
    return tuple(
        pivot
        for pivot in SECOND_PIVOTS.get(lang, ())
        if any({pair.source, pair.target} == {pivot, target} for pair in PAIRS)
    )


def _most_voted(pos_votes: dict[str, float]) -> str:
    """The part of speech most sources give a translation ("" only when none says)."""
    said = {pos: weight for pos, weight in pos_votes.items() if pos}
    return min(said, key=lambda pos: (-said[pos], pos)) if said else ""


def _through(sources, middle, pos, pivot, target, depth) -> dict[str, float]:
    """A pivot word's translations into ``target``, the best scaled to 1 (however many
    entries the pivot dictionary has for it), of the same part of speech when both say."""
    inner: dict[str, float] = defaultdict(float)
    for text, inner_pos, strength in _votes(sources, middle, pivot, target, 1.0, 1.0):
        if not (pos and inner_pos and pos != inner_pos):
            inner[text] += strength
    if not inner and depth > 0:
        deeper = candidates(sources, middle, pivot, target, depth - 1)
        best = sorted(deeper, key=lambda text: (-deeper[text][0], text))[:MAX_TRANSLATIONS]
        return {text: 0.5 / (1 + place) for place, text in enumerate(best)}
    top = max(inner.values(), default=1.0)
    return {text: strength / top for text, strength in inner.items()}


def _votes(sources, lemma, lang, target, direct, reverse):
    """(translation, pos, weight) of each translation of one headword, earlier ones weigh more.

    ``direct`` scales the pair's own weight (DIRECT, or half for a weak pair)."""
    for entry in sources.forward(lang, target).get(lemma, ()):
        if is_reverse(entry):
            text, pos = entry[0]
            yield text, pos, reverse
            continue
        *translations, (_, weight) = entry
        scale = direct * float(weight) / DIRECT
        for place, (text, pos) in enumerate(translations[: MAX_TRANSLATIONS + 2]):
            yield text, pos, scale / (1 + place)


def choose(
    found: dict[str, tuple[float, str]], target: str, zipf: Callable[[str, str], float]
) -> list[tuple[str, str]]:
    """The best translations, at most three, each at least half as strong as the best."""
    if not found:
        return []

    def strength(text: str) -> float:
        votes, _ = found[text]
        return votes * (1 + max(0.0, _zipf_of(text, target, zipf)) / 4)

    ranked = sorted(found, key=lambda text: (-strength(text), text))
    best = strength(ranked[0])
    best_pos = found[ranked[0]][1]
    chosen: list[tuple[str, str]] = []
    seen: set[str] = set()
    for text in ranked:
        if strength(text) < best / 2 or len(chosen) == MAX_TRANSLATIONS:
            break
        pos = found[text][1]
        key = _plain(text)
        if key in seen or (pos and best_pos and pos != best_pos):
            continue  # a plural of one already chosen, or another part of speech
        seen.add(key)
        chosen.append((text, pos))
    return chosen


def _plain(text: str) -> str:
    """What tells two translations apart: case, "to", a final plural "s"."""
    key = text.casefold().removeprefix("to ")
    return key[:-1] if key.endswith("s") and len(key) > 3 else key


def _zipf_of(text: str, lang: str, zipf) -> float:
    words = text.split()
    if not words:
        return 0.0
    return min(zipf(word.lower(), lang) for word in words) - (len(words) - 1) / 2


def gloss_text(chosen: list[tuple[str, str]], target: str) -> str:
    """ "to eat, to devour": English verbs get "to"; cut to one short line."""
    parts = []
    for text, pos in chosen:
        if target == "en" and pos == "v" and not text.startswith("to "):
            text = f"to {text}"
        parts.append(text)
    line = ", ".join(parts)
    while len(line) > MAX_GLOSS and len(parts) > 1:
        parts.pop()
        line = ", ".join(parts)
    return line[:MAX_GLOSS]


CORE_GLOSSES = Path(__file__).resolve().parents[3] / "dictionaries/sources/glosses/core.tsv"


def core_glosses(lang: str, interface: str, path: Path | None = None) -> dict[str, str]:
    """The hand-written meanings of ``lang``'s most frequent verbs for ``interface``
    readers, which replace the chosen ones (de sein: "to be", not "his")."""
    found = {}
    for line in (path or CORE_GLOSSES).read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        game, reader, lemma, meaning = line.split("\t")
        if (game, reader) == (lang, interface):
            found[lemma] = meaning
    return found


def vulgar_test(target: str, folder: Path) -> Callable[[str], bool]:
    """Whether a text in ``target`` holds one of that language's blocked words (its
    classroom blocklist, ``folder/<target>/blocked.txt``): such a sense is never shown,
    whatever word it explains (baiser: "to kiss", never its other sense)."""
    blocked = blocked_words(target, folder / target)
    words, phrases = _meaning_blocklist(target)

    def is_vulgar(text: str) -> bool:
        tokens = {fold(token, target) for token in _TOKEN.findall(text)}
        if tokens & blocked or tokens & words:
            return True
        plain = " ".join(fold(token, target) or "" for token in _TOKEN.findall(text))
        return any(f" {phrase} " in f" {plain} " for phrase in phrases)

    return is_vulgar


MEANING_BLOCKLIST = Path(__file__).resolve().parents[3] / "dictionaries/sources/blocklists"


def _meaning_blocklist(target: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """``meanings-<target>.txt``: words (folded) and phrases never shown in a meaning."""
    path = MEANING_BLOCKLIST / f"meanings-{target}.txt"
    words: set[str] = set()
    phrases: list[str] = []
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                tokens = [fold(token, target) or "" for token in _TOKEN.findall(line)]
                if len(tokens) == 1:
                    words.add(tokens[0])
                else:
                    phrases.append(" ".join(tokens))
    return frozenset(words), tuple(phrases)


_TOKEN = re.compile(r"[^\W\d_]+")


def reviewed_lemmas(lang: str, interface: str) -> dict[str, str]:
    """The meanings a reviewer wrote for ``lang``'s lemmas in ``interface``
    (``dictionaries/sources/reviews/lemmas-<lang>.tsv``), which replace the built ones."""
    found = reviews.read_lemma_review(lang)
    return {lemma: texts[interface] for lemma, texts in found.items() if interface in texts}


def translation_glosses(
    sources: Sources,
    lang: str,
    target: str,
    is_word: Callable[[str], bool],
    zipf: Callable[[str, str], float],
    is_vulgar: Callable[[str], bool] = lambda text: False,
    anchor: Anchor | None = None,
) -> dict[str, str]:
    """lemma -> gloss for every headword of ``lang`` a source translates into ``target``
    that is a word of the game (its folded form is in the word data); a translation that
    ``is_vulgar`` is never a candidate; one that the ``anchor`` agrees with weighs more."""
    headwords = set(sources.forward(lang, target))
    for pivot in PIVOTS + _second_pivots(lang, target):
        if pivot not in (lang, target):
            headwords |= set(sources.forward(lang, pivot))
    glosses = {}
    for lemma in sorted(headwords):
        if " " in lemma or not is_word(lemma):
            continue
        found = candidates(sources, lemma, lang, target)
        if anchor is not None:
            found = anchor.weigh(sources, lemma, found)
        chosen = choose(_decent(found, is_vulgar), target, zipf)
        if not chosen:  # nothing above: what the second pivots agree on, if any
            agreed = agreed_candidates(sources, lemma, lang, target)
            chosen = choose(_decent(agreed, is_vulgar), target, zipf)
        if chosen:
            glosses[lemma] = gloss_text(chosen, target)
    return glosses


# The meaning a lemma already has in the anchor language (English; French for English
# words), reviewed where a reviewer read it, says which sense a translation into a new
# language should carry: water is "eau; arroser", so Spanish "agua" before "regar" (to
# water), though the dictionaries give both. A candidate whose own translations back
# into the anchor language share a word with the meaning's first sense weighs this many
# times more; one sharing a word with a later sense, half as much more.
ANCHOR_AGREES = 3.0
_ANCHOR_STOP = frozenset(
    {"the", "and", "for", "with", "from", "into", "sth", "something", "someone", "one", "who"}
    | {"which", "that", "this", "not", "les", "des", "une", "pour", "avec", "dans", "qui"}
    | {"que", "est", "son", "sur", "par", "pas"}
)


def _anchor_words(text: str) -> frozenset[str]:
    """The content words of a meaning (lower case, three letters or more)."""
    words = {word.casefold() for word in _TOKEN.findall(text)}
    return frozenset(word for word in words if len(word) > 2 and word not in _ANCHOR_STOP)


@dataclass
class Anchor:
    """The meanings ``lang``'s lemmas already have in other languages (language ->
    lemma -> text), which translations into ``target`` are weighed against
    (:data:`ANCHOR_AGREES`)."""

    lang: str
    target: str
    meanings: dict[str, dict[str, str]]

    def weigh(
        self, sources: Sources, lemma: str, found: dict[str, tuple[float, str]]
    ) -> dict[str, tuple[float, str]]:
        senses = self._senses(lemma)
        if not senses or (len(found) < 2 and found):
            return found
        # The anchors in order (English first: the most reviewed); the first one some
        # candidate agrees with on its first sense decides, so a homograph in a later
        # anchor language (French "pompier" is also slang) cannot bring noise back. The
        # others are the dictionaries' noise (pt bombeiro: "Feuerwehrmann, Feuerwehr,
        # Blowjob", through a pivot).
        later_only: dict[str, float] = {}
        for language, wanted, later in senses:
            scales = {}
            for text in found:
                back = self._back(sources, text, language)
                if back & wanted:
                    scales[text] = ANCHOR_AGREES
                elif back & later:
                    scales[text] = ANCHOR_AGREES / 2
            if ANCHOR_AGREES in scales.values():
                return {text: (found[text][0] * k, found[text][1]) for text, k in scales.items()}
            if not later_only:
                later_only = scales
        english = self._through_english(sources, lemma, senses)
        if english:
            return english
        if later_only:
            return {text: (found[text][0] * k, found[text][1]) for text, k in later_only.items()}
        return found

    def _senses(self, lemma: str) -> list[tuple[str, frozenset[str], frozenset[str]]]:
        """(language, words of the first sense, words of the others) per anchor."""
        senses = []
        for language, meanings in self.meanings.items():
            meaning = meanings.get(lemma)
            if meaning:
                first, rest = _first_sense(meaning)
                senses.append((language, _anchor_words(first), _anchor_words(rest)))
        return senses

    def _back(self, sources: Sources, text: str, language: str) -> set[str]:
        """The words of a candidate's translations back into an anchor language."""
        back: set[str] = set()
        for entry in sources.forward(self.target, language).get(text, ()):
            for translation, _pos in entry:
                back |= _anchor_words(translation)
        return back

    def _through_english(self, sources: Sources, lemma: str, senses) -> dict:
        """Where no candidate agrees with any anchor's first sense: the translations into
        the target of the words of the lemma's English meaning ("to heat, to warm"), kept
        only where two sources agree, as a pivot through English must (docs/glosses.md):
        two of those words (heat and warm), or one of them and another anchor's first
        sense (calentar is "chauffer" back in French)."""
        meaning = self.meanings.get("en", {}).get(lemma)
        if not meaning or self.lang == "en":
            return {}
        first, _rest = _first_sense(meaning)
        votes: dict[str, float] = defaultdict(float)
        pos_of: dict[str, str] = {}
        agreeing: dict[str, set[str]] = defaultdict(set)
        for word in filter(None, (_bare(item) for item in first.split(","))):
            for text, pos, weight in _votes(sources, word, "en", self.target, DIRECT, REVERSE):
                votes[text] += weight
                pos_of.setdefault(text, pos)
                agreeing[text].add(word)
        for text in votes:
            for language, wanted, _later in senses:
                if language != "en" and self._back(sources, text, language) & wanted:
                    agreeing[text].add(language)
        return {
            text: (votes[text] * ANCHOR_AGREES, pos_of[text])
            for text in votes
            if len(agreeing[text]) >= AGREEING
        }


def _first_sense(meaning: str) -> tuple[str, str]:
    """A meaning's first sense and the rest: "boire: to drink; drink" -> ("to drink",
    "drink") (a form read through its lemma drops the lemma)."""
    first, _, rest = meaning.partition(";")
    if ":" in first:
        first = first.split(":", 1)[1]
    return first, rest


def _bare(item: str) -> str:
    """An English meaning's item as a headword: "to heat" -> heat, "(informal) cop" -> cop;
    "" for a phrase."""
    text = re.sub(r"\([^()]*\)", " ", item).strip().removeprefix("to ").strip()
    return text if text and " " not in text else ""


def _decent_senses(meanings: dict[str, str], is_vulgar) -> dict[str, str]:
    """Every meaning without the translations ``is_vulgar`` (reviewed ones too: es
    "agarrar, coger" reads "agarrar", as coger is vulgar in Latin America); a meaning
    left with nothing is dropped."""
    kept = {}
    for lemma, text in meanings.items():
        if not is_vulgar(text):
            kept[lemma] = text
            continue
        senses = []
        for sense in text.split(";"):  # French writes " ; "
            alternatives = [alt.strip() for alt in sense.split(",")]
            if decent := [alt for alt in alternatives if alt and not is_vulgar(alt)]:
                senses.append(", ".join(decent))
        if senses:
            kept[lemma] = "; ".join(senses)
    return kept


# Words in a bracket that say how a word is used, not what it means: "amount: amounted (to)".
_USAGE_WORDS = frozenset(
    ("to", "for", "of", "on", "up", "in", "out", "off", "at", "by", "with", "about", "into", "from")
)


def _word_lemmas(words_tsv: Path | None) -> dict[str, frozenset[str]]:
    """Each word of ``words.tsv`` -> its lemmas (its last column)."""
    found: dict[str, frozenset[str]] = {}
    if words_tsv is not None and words_tsv.is_file():
        with words_tsv.open(encoding="utf-8") as rows:
            for row in rows:
                columns = row.rstrip("\n").split("\t")
                found[columns[0]] = frozenset(filter(None, columns[-1].split(",")))
    return found


def restates(key: str, text: str, lemmas: dict[str, frozenset[str]]) -> bool:
    """Whether a meaning in the word's own language only restates the word: every sense
    is the word, its base or another form of them ("evolve: evolving", "argument:
    arguments", "answer; to answer", "amount: amounted (to)"). A bracket that explains
    counts ("acid: acids (sour chemicals)", "almond (nut)")."""
    head, _, body = text.partition(": ")
    if not body or not re.fullmatch(r"[\w' -]+", head):
        head, body = "", text
    names = {key, head} - {""}
    family = set(names)
    for name in names:
        family |= lemmas.get(name, frozenset())
    for bracket in re.findall(r"\(([^()]*)\)", body):
        if set(re.findall(r"[\w']+", bracket.lower())) - _USAGE_WORDS:
            return False
    senses = [re.sub(r"\([^()]*\)", " ", sense) for sense in re.split(r"[;,]", body)]
    senses = [" ".join(sense.split()) for sense in senses if sense.strip()]
    if not senses:
        return False
    for sense in senses:
        sense = re.sub(r"^(to|a|an|the) ", "", sense.lower())
        if sense not in family and not (lemmas.get(sense, frozenset()) & family):
            return False
    return True


def _informative(meanings: dict[str, str], lemmas: dict[str, frozenset[str]]) -> dict[str, str]:
    """``meanings`` less those that only restate their word (a form then reads its
    base's meaning, a lemma WordNet's definition), and the others less a first item
    that repeats the word."""
    return {
        key: without_echo(key, text)
        for key, text in meanings.items()
        if not restates(key, text, lemmas)
    }


# A meaning's first item, up to the first comma or semicolon outside brackets.
_FIRST_ITEM = re.compile(r"(?P<item>[^,;()]+?)\s*[,;]\s*(?P<rest>\S.*)$")


def without_echo(key: str, text: str) -> str:
    """A meaning in the word's own language less a first item that only repeats the word
    or the base it is read through: "anxious, worried" -> "worried", "bully: bully,
    person who hurts ..." -> "bully: person who hurts ...". A pupil who typed the word
    learns nothing from reading it back."""
    head, colon, body = text.partition(": ")
    if not colon or not re.fullmatch(r"[\w' -]+", head):
        head, body = "", text
    names = {key.casefold(), head.casefold()} - {""}
    first = _FIRST_ITEM.match(body)
    if first and first.group("item").strip().casefold() in names:
        body = first.group("rest")
    return f"{head}: {body}" if head else body


def _decent(found: dict[str, tuple[float, str]], is_vulgar) -> dict[str, tuple[float, str]]:
    return {text: votes for text, votes in found.items() if not is_vulgar(text)}


def definition_glosses(
    definitions: dict[str, list[bilingual.Definition]],
    is_word: Callable[[str], bool],
    is_vulgar: Callable[[str], bool] = lambda text: False,
) -> dict[str, str]:
    """English lemma -> the definition of its most used WordNet sense (never a sense
    whose definition ``is_vulgar``), from ``bilingual.wordnet_definitions``."""
    glosses = {}
    for lemma, found in definitions.items():
        senses = [sense for sense in found if not is_vulgar(sense.text)]
        if not is_word(lemma) or not senses:
            continue
        order = {"n": 0, "v": 1, "a": 2, "r": 3}
        best = min(senses, key=lambda s: (-s.uses, order[s.pos]))
        glosses[lemma] = _short_definition(best.text)
    return glosses


def _short_definition(text: str) -> str:
    """A WordNet definition as a meaning: no leading field label ("(American football) a
    play..."), cut at a word to one line."""
    text = re.sub(r"^\([^()]*\)\s*", "", text)
    if len(text) > MAX_GLOSS:
        text = text[: MAX_GLOSS - 1].rsplit(" ", 1)[0] + "…"
    return text


def english_verb_glosses(
    definitions: dict[str, list[bilingual.Definition]],
    meanings: dict[str, str],
    is_word: Callable[[str], bool],
    is_vulgar: Callable[[str], bool] = lambda text: False,
) -> dict[str, str]:
    """English verb -> the meaning its -ed and -ing forms read (jetting, doing): its own
    meaning in ``meanings`` where that names a verb sense (do: "to carry out an
    action"), else its most used WordNet verb sense, not the noun that looks the same
    (jet: "to issue in a jet", not "an airplane powered by one or more jet engines")."""
    verbs = {}
    for lemma, found in definitions.items():
        senses = [s for s in found if s.pos == "v" and not is_vulgar(s.text)]
        if not senses or not is_word(lemma):
            continue
        own = meanings.get(lemma, "")
        text = re.sub(r"^\([^()]*\)\s*", "", senses[0].text).removeprefix("to ")
        verbs[lemma] = own if names_a_verb(own) or own == text else _short_definition(f"to {text}")
    return verbs


def names_a_verb(meaning: str) -> bool:
    """Whether an English meaning names a verb sense: an item written "to ..."."""
    return any(item.strip().startswith("to ") for item in re.split(r"[;,:]", meaning))


def english_exceptions(folder: Path, is_word: Callable[[str], bool]) -> dict[str, list[str]]:
    """WordNet's irregular forms whose form is a game word (went -> go)."""
    return {
        form: bases
        for form, bases in bilingual.wordnet_exceptions(folder).items()
        if is_word(form) and form not in bases
    }


def table_text(glosses: dict[str, str]) -> str:
    """The sorted ``lemma<TAB>gloss`` table (sorted by UTF-8 bytes, as the reader searches)."""
    rows = []
    for lemma in sorted(glosses, key=lambda text: text.encode("utf-8")):
        gloss = " ".join(glosses[lemma].replace("\t", " ").split())
        # "curtail: to reduce": the reader names the lemma itself ("curtailed: curtail:
        # to reduce"), so a meaning that starts with it would name it twice
        # ("lay: legen; lie: liegen", two lemmas named, stays)
        if gloss.startswith(f"{lemma}: ") and ": " not in gloss[len(lemma) + 2 :]:
            gloss = gloss[len(lemma) + 2 :]
        rows.append(f"{lemma}\t{gloss}\n")
    return "".join(rows)


def word_test(lexicon, lemmas: frozenset[str] = frozenset()) -> Callable[[str], bool]:
    """Whether a dictionary headword is a word of the game (any level) or the lemma of
    one (Spanish ir, English be and go: too short to play, but vamos and went need them)."""

    def is_word(headword: str) -> bool:
        if headword in lemmas:
            return True
        folded = fold(headword, lexicon.lang)
        return bool(folded) and lexicon.level_of(folded) is not None

    return is_word


def _unblocked(is_word: Callable[[str], bool], blocked: frozenset[str], lang: str):
    return lambda headword: is_word(headword) and fold(headword, lang) not in blocked


def licence(sources_folder: Path, packages: list[str]) -> str:
    """Each package's Debian ``copyright`` file, verbatim; the FreeDict packages share
    one (the source package's, covering every dictionary), so it is written once."""
    by_text: dict[str, list[str]] = {}
    for package in packages:
        relative = f"usr/share/doc/{package}/copyright"
        body = (sources_folder / package / relative).read_text(encoding="utf-8", errors="replace")
        by_text.setdefault(body.strip(), []).append(package)
    parts = []
    for body, names in by_text.items():
        heading = ", ".join(names)
        parts.append(f"Debian packages {heading}, usr/share/doc/<package>/copyright:\n\n{body}\n")
    return "\n\n".join(parts)


def versions(sources_folder: Path, packages: list[str]) -> dict[str, str]:
    return {package: package_version(sources_folder, package) for package in packages}


@dataclass
class GlossBuild:
    """What one language's glosses build wrote: rows per table and the packages used."""

    lang: str
    rows: dict[str, int]
    packages: dict[str, str]

    def summary(self) -> str:
        tables = ", ".join(f"{name}.tsv {count} lemmas" for name, count in self.rows.items())
        return f"{self.lang} glosses: {tables}"


def build_language_glosses(
    lang: str,
    sources: Sources,
    output: Path,
    lexicon,
    zipf: Callable[[str, str], float],
    lexicon_folder: Path | None = None,
) -> GlossBuild:
    """Write ``output/<lang>/glosses/``: a table per interface language, LICENCE, SOURCE.md."""
    # words.tsv read once: each word's lemmas, and every lemma of the word data (Spanish
    # ir, English be: too short to play, but vamos and went need them)
    word_lemmas = _word_lemmas(lexicon_folder / "words.tsv" if lexicon_folder else None)
    lemmas = frozenset().union(*word_lemmas.values())
    words_folder = lexicon_folder.parent if lexicon_folder else DICTIONARIES_DIR
    blocked = blocked_words(lang, words_folder / lang)
    # A blocked word has no meaning anywhere (nor do forms read through it as a lemma).
    is_word = _unblocked(word_test(lexicon, lemmas), blocked, lang)
    sources.touched = set()
    tables: dict[str, str] = {}
    used = []
    if lang == "en":
        # went -> go: the base forms of irregular game words are lemmas too
        wordnet = _package_dir(sources.folder, WORDNET_PACKAGE) / WORDNET_DIR
        exceptions = english_exceptions(wordnet, is_word)
        bases = frozenset(base for found in exceptions.values() for base in found)
        is_word = _unblocked(word_test(lexicon, lemmas | bases), blocked, lang)
        senses = bilingual.wordnet_definitions(wordnet)  # read once: both tables need it
        definitions = definition_glosses(senses, is_word, vulgar_test("en", words_folder))
        reviewed = {k: v for k, v in reviewed_lemmas("en", "en").items() if is_word(k)}
        english = definitions | _informative(reviewed, word_lemmas)
        tables["en"] = table_text(english)
        # A base's verb sense for its -ed and -ing forms; the base need not be a word
        # of the game (doing: do), only an unblocked one.
        tables[VERBS_PREFIX + "en"] = table_text(
            english_verb_glosses(
                senses,
                english,
                _unblocked(lambda _: True, blocked, lang),
                vulgar_test("en", words_folder),
            )
        )
        tables["exceptions"] = table_text({k: ",".join(v) for k, v in exceptions.items()})
        used.append(WORDNET_PACKAGE)
    elif lang == "it":
        # alberi -> albero, abbiamo -> avere: their lemmas are lemmas too
        name = MORPHIT_WHEEL[0]
        exceptions = italian_forms(_package_dir(sources.folder, name), lexicon)
        bases = frozenset(base for found in exceptions.values() for base in found)
        is_word = _unblocked(word_test(lexicon, lemmas | bases), blocked, lang)
        tables["exceptions"] = table_text({k: ",".join(v) for k, v in exceptions.items()})
        used.append(name)
    review = reviews.read_review(lang)
    chosen: dict[str, dict[str, str]] = {}  # interface -> lemma -> the meaning written
    for interface in _build_order(INTERFACE_LANGUAGES):
        if lang != interface:
            is_vulgar = vulgar_test(interface, words_folder)
            anchor = _anchor_for(lang, interface, chosen)
            built = translation_glosses(
                sources, lang, interface, is_word, zipf, is_vulgar, anchor=anchor
            )
            core = {k: v for k, v in core_glosses(lang, interface).items() if is_word(k)}
            reviewed = {k: v for k, v in reviewed_lemmas(lang, interface).items() if is_word(k)}
            chosen[interface] = _decent_senses(built | core | reviewed, is_vulgar)
            tables[interface] = table_text(chosen[interface])
        elif lang == "fr":  # no open source of French definitions: the reviewed ones
            reviewed = {k: v for k, v in reviewed_lemmas(lang, interface).items() if is_word(k)}
            tables[interface] = table_text(_informative(reviewed, word_lemmas))
        # (Spanish, German, Italian, Portuguese words on a page of their own language:
        # no open source defines them; the reader shows their English meaning.)
        # Meanings a reviewer wrote for single words, read before any lemma's.
        own = review.meanings(interface)
        if interface == lang:
            own = _informative(own, word_lemmas)
        else:
            own = _decent_senses(own, vulgar_test(interface, words_folder))
        tables[f"{REVIEWED_PREFIX}{interface}"] = table_text(own)
    used = sorted(sources.touched) + used
    folder = output / lang / GLOSS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in tables.items():
        _write(folder / f"{name}.tsv", text)
    result = GlossBuild(
        lang,
        {name: text.count("\n") for name, text in tables.items()},
        versions(sources.folder, used),
    )
    _write(folder / "LICENCE", licence(sources.folder, used))
    _write(folder / "SOURCE.md", source_markdown(result))
    return result


# The languages whose chosen meanings anchor a new language's translations (German:
# Ding's large dictionary), in the order the tables are built so each is ready.
ANCHORS = ("en", "fr", "de")
# The tables built from their own sources and then read and fixed by reviewers as they
# are (the first two interface languages): no anchor weighs their candidates.
UNANCHORED = ("en", "fr")


def _build_order(languages: Iterable[str]) -> list[str]:
    """English and French (reviewed) first, then German, then the rest."""
    return sorted(
        languages,
        key=lambda code: (code not in ANCHORS, ANCHORS.index(code) if code in ANCHORS else 0),
    )


def _anchor_for(lang: str, interface: str, chosen: dict[str, dict[str, str]]) -> Anchor | None:
    """The anchor of a new interface language's table: the meanings already chosen in
    English, French and German (but the word's own language and the table's); none for
    English and French themselves, whose tables the reviews read and fixed as they are."""
    if interface in UNANCHORED:
        return None
    meanings = {
        language: chosen[language]
        for language in ANCHORS
        if language not in (lang, interface) and chosen.get(language)
    }
    return Anchor(lang, interface, meanings) if meanings else None


def _package_dir(folder: Path, package: str) -> Path:
    path = folder / package
    if not path.is_dir():
        from games.engine.build.packages import SourceMissing

        raise SourceMissing(f"missing source {path} (package {package})")
    return path


def _write(path: Path, text: str) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as out:
        out.write(text)


def source_markdown(result: GlossBuild) -> str:
    """SOURCE.md of a glosses folder: packages, versions, rows; the same bytes every build."""
    packages = ", ".join(f"`{name}` {version}" for name, version in result.packages.items())
    lines = [
        f"# Glosses of {result.lang} words",
        "",
        f"- Sources: {packages} (licences in `LICENCE`, beside this file).",
        f"- Built by `python manage.py build_glosses --lang {result.lang}` (docs/glosses.md).",
        "- Files: `<interface>.tsv`, sorted `lemma<TAB>gloss` lines in the interface language"
        " named (`en` in English, `fr` in French, `es`, `de`, `it`, `pt`)"
        + (
            "; `exceptions.tsv`, WordNet's irregular forms (`went<TAB>go`)."
            if result.lang == "en"
            else "."
        ),
        "",
        "| table | lemmas |",
        "|---|---|",
    ]
    lines += [f"| {name}.tsv | {count} |" for name, count in result.rows.items()]
    return "\n".join(lines) + "\n"
