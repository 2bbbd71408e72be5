"""Reading hunspell dictionaries and spelling out every word form they accept.

A hunspell dictionary is a list of stems (``.dic``: ``parler/a0p+()``) and
the affix rules their flags name (``.aff``: ``SFX S. 0 s [^sxz]``). This
module reads both and expands each stem into its forms, each form keeping
its *lemma*, which is what Debian's ``unmunch`` does, with the rules hunspell
itself applies when it checks a word. The lemma is the stem a form came from,
with the prefix, if any, put in front: the five dictionaries' prefixes all
make new words (es des-, re-; de un-, ver-; it ri-, stra-; pt des-, in-; fr
kilo-), none inflects one, so desconfianzas is a form of desconfianza and
unbekannte of unbekannt, not of confianza and bekannt. The rules:

- a suffix or prefix applies when its condition matches the stem (the end of
  it for a suffix, the start for a prefix) and its strip string is there;
- a suffix's continuation flags can name a second suffix (hunspell's
  "twofold" suffixes) and prefixes; a prefix combines with a suffix only when
  both are cross products (``Y``);
- NEEDAFFIX: a stem (or a form whose last affix carries the flag) is no word
  by itself; ONLYINCOMPOUND: only a compound's part, never a word;
  CIRCUMFIX: the affix counts only together with another circumfix affix;
  FORBIDDENWORD: the form is not a word, whatever else generates it.

Compounding (German) is not expanded: compounds are open-ended, and
hunspell's German dictionary lists its common compounds as stems anyway.
Forms with characters no game word has (apostrophes, hyphens, dots, digits)
are skipped while expanding: they can never be played.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

# Affixes whose text holds one of these make forms no game word can be.
_UNPLAYABLE = re.compile(r"[\d'’.\-\s]")


class AffixFileError(ValueError):
    """An .aff or .dic file this reader cannot make sense of."""


@dataclass(frozen=True)
class Rule:
    """One affix rule: strip ``strip``, add ``add``, where ``condition`` matches."""

    flag: str
    prefix: bool
    cross: bool
    strip: str
    add: str
    continuation: frozenset[str]
    condition: tuple[frozenset[str] | None, ...]  # per letter: allowed set, None = any
    negated: tuple[bool, ...]
    morphology: str = ""

    def applies(self, word: str) -> bool:
        """Whether the rule can apply to ``word`` (its condition and strip string)."""
        if self.prefix:
            if not word.startswith(self.strip):
                return False
            part = word[: len(self.condition)]
        else:
            if not word.endswith(self.strip):
                return False
            part = word[len(word) - len(self.condition) :] if self.condition else ""
        if len(part) < len(self.condition):
            return False
        for letter, allowed, negated in zip(part, self.condition, self.negated, strict=True):
            if allowed is None:
                continue
            if (letter in allowed) == negated:
                return False
        return True

    def apply(self, word: str) -> str:
        if self.prefix:
            return self.add + word[len(self.strip) :]
        return word[: len(word) - len(self.strip)] + self.add


@dataclass
class AffixFile:
    """The parts of an .aff file that decide which forms are words."""

    flag_type: str = "char"  # char, long, num, UTF-8
    suffixes: dict[str, list[Rule]] = field(default_factory=dict)
    prefixes: dict[str, list[Rule]] = field(default_factory=dict)
    need_affix: str | None = None
    only_in_compound: str | None = None
    circumfix: str | None = None
    forbidden: str | None = None
    keep_case: str | None = None
    aliases: list[frozenset[str]] = field(default_factory=list)  # AF: flag vectors, 1-based
    # Suffixes grouped by the last letter their condition admits (None: any letter).
    _by_last: dict[str, dict[str | None, list[Rule]]] = field(default_factory=dict)

    def parse_flags(self, text: str) -> frozenset[str]:
        """The flags of a ``/flags`` field (or an AF alias number)."""
        if not text:
            return frozenset()
        if self.aliases and text.isdigit():
            index = int(text)
            if not 1 <= index <= len(self.aliases):
                raise AffixFileError(f"unknown flag alias {text}")
            return self.aliases[index - 1]
        if self.flag_type == "long":
            return frozenset(text[i : i + 2] for i in range(0, len(text) - len(text) % 2, 2))
        if self.flag_type == "num":
            return frozenset(part for part in text.split(",") if part)
        return frozenset(text)

    def suffix_rules(self, flag: str, word: str) -> Iterator[Rule]:
        """The suffix rules of ``flag`` that apply to ``word``."""
        groups = self._by_last.get(flag)
        if groups is None:
            groups = self._by_last[flag] = _group_by_last(self.suffixes.get(flag, ()))
        candidates = groups.get(word[-1:], ()) if word else ()
        for rule in (*candidates, *groups.get(None, ())):
            if rule.applies(word):
                yield rule


def _group_by_last(rules: Iterable[Rule]) -> dict[str | None, list[Rule]]:
    groups: dict[str | None, list[Rule]] = {}
    for rule in rules:
        last = rule.condition[-1] if rule.condition else None
        if last is None or rule.negated[-1]:
            groups.setdefault(None, []).append(rule)
        else:
            for letter in last:
                groups.setdefault(letter, []).append(rule)
    return groups


def read_aff(path: Path) -> AffixFile:
    """Read an .aff file (UTF-8, as every dictionary this project uses declares)."""
    affixes = AffixFile()
    lines = path.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff").splitlines()
    cross: dict[tuple[str, str], bool] = {}
    for number, line in enumerate(lines, start=1):
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        key = parts[0]
        if key == "FLAG" and len(parts) > 1:
            affixes.flag_type = parts[1]
        elif key == "AF" and len(parts) > 1 and not parts[1].isdigit():
            affixes.aliases.append(affixes.parse_flags(parts[1]))
        elif key in _SINGLE_FLAGS and len(parts) > 1:
            setattr(affixes, _SINGLE_FLAGS[key], parts[1])
        elif key in ("PFX", "SFX") and len(parts) >= 4:
            header = (key, parts[1])
            if header not in cross:  # the first line of a flag's rules: "SFX S Y 2"
                cross[header] = parts[2] == "Y"
                continue
            try:
                rule = _read_rule(parts, key == "PFX", cross[header], affixes)
            except (IndexError, ValueError) as exc:
                raise AffixFileError(f"{path}:{number}: bad affix rule {line!r}") from exc
            table = affixes.prefixes if rule.prefix else affixes.suffixes
            table.setdefault(rule.flag, []).append(rule)
    return affixes


_SINGLE_FLAGS = {
    "NEEDAFFIX": "need_affix",
    "PSEUDOROOT": "need_affix",
    "ONLYINCOMPOUND": "only_in_compound",
    "CIRCUMFIX": "circumfix",
    "FORBIDDENWORD": "forbidden",
    "KEEPCASE": "keep_case",
}


def _read_rule(parts: list[str], prefix: bool, cross: bool, affixes: AffixFile) -> Rule:
    strip = "" if parts[2] == "0" else parts[2]
    add, _, flags = parts[3].partition("/")
    add = "" if add == "0" else add
    condition_text = parts[4] if len(parts) > 4 else "."
    allowed, negated = _parse_condition(condition_text)
    return Rule(
        flag=parts[1],
        prefix=prefix,
        cross=cross,
        strip=strip,
        add=add,
        continuation=affixes.parse_flags(flags),
        condition=allowed,
        negated=negated,
        morphology=" ".join(parts[5:]),
    )


def _parse_condition(text: str) -> tuple[tuple[frozenset[str] | None, ...], tuple[bool, ...]]:
    """``[^aeiou]y`` -> per position: the letters allowed (or excluded), None for ``.``."""
    if text == ".":
        return (), ()
    allowed: list[frozenset[str] | None] = []
    negated: list[bool] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            end = text.index("]", i)
            body = text[i + 1 : end]
            neg = body.startswith("^")
            allowed.append(frozenset(body[1:] if neg else body))
            negated.append(neg)
            i = end + 1
        else:
            allowed.append(None if ch == "." else frozenset(ch))
            negated.append(False)
            i += 1
    return tuple(allowed), tuple(negated)


@dataclass(frozen=True)
class Stem:
    """One .dic entry: the word, its flags and its morphological fields."""

    word: str
    flags: frozenset[str]
    morphology: str


def read_dic(path: Path, affixes: AffixFile) -> Iterator[Stem]:
    """The entries of a .dic file (its first line, the count, is skipped)."""
    with path.open(encoding="utf-8", errors="replace") as lines:
        first = True
        for raw in lines:
            line = raw.rstrip("\n").lstrip("\ufeff")
            if first:
                first = False
                if line.strip().isdigit():
                    continue
            if not line.strip() or line.startswith(("\t", "#", "/")):
                continue
            word, flags, morphology = _split_entry(line)
            if word:
                yield Stem(word, affixes.parse_flags(flags), morphology)


def _split_entry(line: str) -> tuple[str, str, str]:
    """``word/flags morph`` -> its three parts (``\\/`` is a slash inside the word)."""
    head, _, morphology = line.replace("\t", " ").partition(" ")
    word_chars: list[str] = []
    flags = ""
    i = 0
    while i < len(head):
        if head[i] == "\\" and head[i + 1 : i + 2] == "/":
            word_chars.append("/")
            i += 2
            continue
        if head[i] == "/":
            flags = head[i + 1 :]
            break
        word_chars.append(head[i])
        i += 1
    return "".join(word_chars), flags, morphology.strip()


@dataclass(frozen=True)
class Form:
    """A word form and the stem (lemma) it was expanded from."""

    word: str
    lemma: str


def expand(
    stem: Stem,
    affixes: AffixFile,
    junk_rule: Callable[[Rule], bool] | None = None,
    derived: Callable[[Rule], bool] | None = None,
    makes_word: Callable[[Rule], bool] | None = None,
    citation: Callable[[Rule], Rule] | None = None,
) -> Iterator[tuple[str, int, str]]:
    """Every form of ``stem`` that hunspell accepts as a word on its own.

    Yields ``(form, kind, lemma)``: kind is :data:`JUNK` when the last rule
    applied is one that ``junk_rule`` picks out, :data:`DERIVED` when a rule
    that ``derived`` picks out was applied (a form to keep only if attested),
    else :data:`PLAIN`; the lemma is the stem, prefixed as the form is, and
    with the suffixes that ``makes_word`` picks out (:func:`lemma_of`). A form
    a suffix made into a new word comes a second time with the stem as its
    lemma (anillos: anillo, and ano): the base's meaning explains a diminutive
    that has none of its own. May repeat a form (two rules can make it).
    """
    for form, rule, chain in _expand(stem, affixes):
        lemma = lemma_of(stem.word, chain, makes_word, citation)
        base = lemma_of(stem.word, chain)
        if junk_rule is not None and rule is not None and junk_rule(rule):
            kind = JUNK
        elif derived is not None and any(derived(step) for step in chain):
            kind = DERIVED
        else:
            kind = PLAIN
        yield form, kind, lemma
        if base != lemma:
            yield form, kind, base


def lemma_of(
    stem: str,
    chain: Iterable[Rule],
    makes_word: Callable[[Rule], bool] | None = None,
    citation: Callable[[Rule], Rule] | None = None,
) -> str:
    """The dictionary form of a form made by ``chain``: the stem with the chain's
    prefix (a new word: un + bekannt) and with the first suffixes that make a new word
    (``makes_word``: es rodilla, -illa of roda), without the rest (inflections).
    ``citation`` turns a word-making rule that also inflects (German -bare, -licher)
    into the one that makes the new word's dictionary form (-bar, -lich)."""
    rules = tuple(chain)
    lemma = stem
    for rule in rules:
        if rule.prefix:
            continue
        if makes_word is None or not makes_word(rule) or not rule.applies(lemma):
            break
        lemma = (citation(rule) if citation else rule).apply(lemma)
    for rule in rules:
        if rule.prefix:
            return rule.apply(lemma)
    return lemma


PLAIN, DERIVED, JUNK = 0, 1, 2


def _expand(stem: Stem, affixes: AffixFile) -> Iterator[tuple[str, Rule | None, tuple]]:
    flags = stem.flags
    if affixes.only_in_compound in flags or affixes.forbidden in flags:
        return
    word = stem.word
    need = affixes.need_affix
    circumfix = affixes.circumfix
    if need not in flags:
        yield word, None, ()
    for flag in flags:
        for rule in affixes.suffix_rules(flag, word) if flag in affixes.suffixes else ():
            if _UNPLAYABLE.search(rule.add) or affixes.only_in_compound in rule.continuation:
                continue
            form = rule.apply(word)
            if not form:
                continue
            cont = rule.continuation
            if need not in cont and circumfix not in cont:
                yield form, rule, (rule,)
            yield from _second_suffixes(form, cont, affixes, rule)
            yield from _prefixed(form, flags | cont, affixes, rule)
    for flag in flags:
        for rule in affixes.prefixes.get(flag, ()):
            if not rule.applies(word) or _UNPLAYABLE.search(rule.add):
                continue
            if affixes.only_in_compound in rule.continuation:
                continue
            form = rule.apply(word)
            cont = rule.continuation
            if need not in cont and circumfix not in cont:
                yield form, rule, (rule,)
            # A prefix's continuation may name suffixes that then apply under it.
            for sflag in cont:
                for srule in affixes.suffix_rules(sflag, word) if sflag in affixes.suffixes else ():
                    if _UNPLAYABLE.search(srule.add):
                        continue
                    yield rule.add + srule.apply(word)[len(rule.strip) :], srule, (rule, srule)


def _second_suffixes(form: str, cont: frozenset[str], affixes: AffixFile, first: Rule):
    """Twofold suffixes: a suffix named by the first suffix's continuation."""
    need = affixes.need_affix
    for flag in cont:
        if flag not in affixes.suffixes:
            continue
        for rule in affixes.suffix_rules(flag, form):
            if _UNPLAYABLE.search(rule.add) or affixes.only_in_compound in rule.continuation:
                continue
            if need in rule.continuation:
                continue
            if affixes.circumfix in first.continuation:
                continue  # a circumfix suffix needs its prefix, not a second suffix
            result = rule.apply(form)
            if result:
                yield result, rule, (first, rule)


def _prefixed(form: str, flags: frozenset[str], affixes: AffixFile, suffix: Rule):
    """Prefixes combined with a suffixed form (both must be cross products)."""
    if not suffix.cross:
        return
    circumfix = affixes.circumfix
    for flag in flags:
        for rule in affixes.prefixes.get(flag, ()):
            if not rule.cross or _UNPLAYABLE.search(rule.add):
                continue
            if affixes.only_in_compound in rule.continuation:
                continue
            if (circumfix in suffix.continuation) != (circumfix in rule.continuation):
                continue  # circumfixes come in pairs, and only in pairs
            if affixes.need_affix in rule.continuation:
                continue
            if rule.applies(form):
                yield rule.apply(form), suffix, (suffix, rule)


def expand_dictionary(
    dic: Path,
    aff: Path,
    junk_rule: Callable[[Rule], bool] | None = None,
    derived: Callable[[Rule], bool] | None = None,
    makes_word: Callable[[Rule], bool] | None = None,
    citation: Callable[[Rule], Rule] | None = None,
) -> Iterator[tuple[str, Stem, int, str]]:
    """``(form, stem, kind, lemma)`` for every form of every entry, forbidden forms
    left out.

    ``kind`` (see :func:`expand`) is the best of the ways the stem makes the
    form with that lemma: PLAIN if any way is plain, then DERIVED, then JUNK.
    """
    affixes = read_aff(aff)
    stems = list(read_dic(dic, affixes))
    forbidden = {stem.word for stem in stems if affixes.forbidden in stem.flags}
    for stem in stems:
        forms: dict[tuple[str, str], int] = {}
        for form, kind, lemma in expand(stem, affixes, junk_rule, derived, makes_word, citation):
            if form not in forbidden:
                forms[form, lemma] = min(forms.get((form, lemma), JUNK), kind)
        for (form, lemma), kind in forms.items():
            yield form, stem, kind, lemma
