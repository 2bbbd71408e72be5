"""reference.tsv: the frequent words a language's spelling dictionary accepts.

The coverage report (``manage.py dictionary_report``) asks what share of a
language's most frequent words the game counts. Its yardstick must not be
the game's own data, so at build time wordfreq's top 2,000 words (letters
only, 3 letters or more) are put to hunspell itself, the Debian program
with the language's spelling dictionaries: a word is kept when hunspell
accepts it in lower case or, in German, capitalised (Zeit). Hunspell also
accepts compounds and forms no list spells out, so this is an independent
check of the word lists, not a copy of them.

The hunspell program is taken from the sources folder (Debian's ``hunspell``
and ``libhunspell-1.7-0`` unpacked there, like the dictionaries), never from
the machine, so that a build depends on the packages it names only.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

from games.engine.build.packages import package_file
from games.engine.build.spelling import SPELLING_SOURCES, Speller, hunspell_speller

REFERENCE_FILE = "reference.tsv"
TOP_WORDS = 2000
CHECKER_PACKAGES = ("hunspell", "libhunspell-1.7-0")
REFERENCE_SPELLERS: dict[str, tuple[Speller, ...]] = {
    "en": (
        hunspell_speller("hunspell-en-us", "en_US"),
        hunspell_speller("hunspell-en-gb", "en_GB"),
    ),
    **{lang: sources.spellers for lang, sources in SPELLING_SOURCES.items()},
}


def reference_words(lang: str, sources: Path) -> list[tuple[int, str]] | None:
    """``(rank, spelling)`` of the top words hunspell accepts; ``None`` without hunspell."""
    checker = spell_checker(lang, sources)
    if checker is None:
        return None
    candidates = [
        (rank, word)
        for rank, word in enumerate(_top_words(lang), start=1)
        if word.isalpha() and len(word) >= 3
    ]
    spellings = {word: [word] for _, word in candidates}
    if lang == "de":
        for word in spellings:
            spellings[word].append(word[:1].upper() + word[1:])
    accepted = checker(s for options in spellings.values() for s in options)
    rows = []
    for rank, word in candidates:
        found = [spelling for spelling in spellings[word] if spelling in accepted]
        if found:
            rows.append((rank, found[0]))
    return rows


def spell_checker(lang: str, sources: Path) -> Callable[[Iterable[str]], set[str]] | None:
    """A function giving the words hunspell accepts with any of the language's
    dictionaries; ``None`` when no hunspell program is at hand."""
    command = _hunspell_command(sources)
    if command is None:
        return None
    dictionaries = [
        package_file(sources, speller.package, speller.dic).with_suffix("")
        for speller in REFERENCE_SPELLERS[lang]
    ]

    def accepted(words: Iterable[str]) -> set[str]:
        asked = sorted(set(words))
        found: set[str] = set()
        for dictionary in dictionaries:
            found |= _accepted(command, dictionary, asked)
        return found

    return accepted


def as_text(rows: list[tuple[int, str]], is_name=None) -> str:
    """The file: ``rank<TAB>word[<TAB>name]``; ``is_name`` marks German proper nouns
    (hunspell accepts Berlin capitalised, as it accepts Zeit)."""
    header = f"# wordfreq rank<TAB>word[<TAB>name]: the top {TOP_WORDS} words hunspell accepts\n"
    lines = []
    for rank, word in rows:
        note = "\tname" if is_name is not None and is_name(word) else ""
        lines.append(f"{rank}\t{word}{note}\n")
    return header + "".join(lines)


def _top_words(lang: str) -> list[str]:
    import wordfreq  # build-time only

    return wordfreq.top_n_list(lang, TOP_WORDS)


def _hunspell_command(sources: Path) -> tuple[list[str], dict[str, str]] | None:
    binary = sources / "hunspell" / "usr" / "bin" / "hunspell"
    libs = sorted((sources / "libhunspell-1.7-0" / "usr" / "lib").glob("*/libhunspell-*.so*"))
    if binary.is_file() and libs:
        env = dict(os.environ, LD_LIBRARY_PATH=str(libs[0].parent))
        return [str(binary)], env
    return None


def _accepted(command, dictionary: Path, words: list[str]) -> set[str]:
    """The words hunspell accepts with ``dictionary`` (``-G``: print the correct ones)."""
    program, env = command
    done = subprocess.run(
        [*program, "-d", str(dictionary), "-i", "utf-8", "-G"],
        input="\n".join(words) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    return set(done.stdout.split())
