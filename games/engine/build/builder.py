"""Building dictionaries/<lang>/ from the source word lists (build time only).

The ``build_dictionaries`` command is a thin shell around :func:`build_language`.
A sources folder holds each Debian package unpacked with ``dpkg -x`` in a
folder named after the package (``SOURCES/wfrench/usr/share/dict/french``),
plus ``enable2k.txt`` for English. :func:`fetch_packages` makes one with
``apt-get download``. Output is byte-identical for the same sources and the
same wordfreq version: every file is written sorted, with no timestamps.

wordfreq is imported here lazily: it is a build-time dependency only.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from games.engine import dawg
from games.engine.build.german import GermanNouns
from games.engine.folding import fold
from games.engine.languages import LANGUAGES, LEVELS
from games.engine.lexicon import DISPLAY_FILE, GRAPH_FILE, WORDS_FILE
from games.engine.wordlist import CapitalisedPolicy, WordList, read_word_list, reject_capitalised

REPO_DIR = Path(__file__).resolve().parents[3]
DEFAULT_OUTPUT = REPO_DIR / "dictionaries"
BUNDLED_ENGLISH = DEFAULT_OUTPUT / "sources" / "enable2k.txt"
ENGLISH_FILE = "enable2k.txt"

ZipfLookup = Callable[[str, str], float]


@dataclass(frozen=True)
class Source:
    """Where a language's list and licence live inside a sources folder."""

    package: str  # Debian package, or "enable2k" for the bundled English list
    word_list: str  # path inside SOURCES/<package>/ (English: SOURCES/enable2k.txt)
    # German: packages that tell nouns from names. English: desk dictionaries
    # that an everyday word must be in (see DESK_DICTIONARIES).
    helpers: tuple[str, ...] = ()


SOURCES: dict[str, Source] = {
    "en": Source("enable2k", ENGLISH_FILE, ("wamerican", "wbritish")),
    "fr": Source("wfrench", "usr/share/dict/french"),
    "es": Source("wspanish", "usr/share/dict/spanish"),
    "de": Source("wngerman", "usr/share/dict/ngerman", ("hunspell-de-de", "trans-de-en")),
    "it": Source("witalian", "usr/share/dict/italian"),
    "pt": Source("wportuguese", "usr/share/dict/portuguese"),
}
HUNSPELL_DIC = "usr/share/hunspell/de_DE.dic"
# English: a word reaches the "common" and "everyday" levels only if one of
# these lists (SCOWL's mid-size American and British lists) has it in lower
# case. wordfreq counts "Texas", "Graham" and "SOS" as often as the lower-case
# ENABLE words texas, graham and sos; a learner would take them for names.
DESK_DICTIONARIES = {
    "wamerican": "usr/share/dict/american-english",
    "wbritish": "usr/share/dict/british-english",
}
DESK_WORD_LEVEL = 3  # the easiest level for a word no desk dictionary has
DING_FILE = "usr/share/trans/de-en"

ENGLISH_LICENCE = """\
ENABLE2K (Enhanced North American Benchmark LEXicon, 2000 edition)

The ENABLE word list is in the public domain. Its readme (shipped with SCOWL
in r/enable) says: "The ENABLE master word list, WORD.LST, is herewith
formally released into the Public Domain. Anyone is free to use it or
distribute it in any manner they see fit."
"""

WORDFREQ_ATTRIBUTION = """\
Difficulty levels (the level and zipf columns of words.tsv, and the level
graphs in words.dawg) are derived from word frequencies of wordfreq {version}
by Robyn Speer, whose data is licensed under the Creative Commons
Attribution-ShareAlike 4.0 licence (CC BY-SA 4.0,
https://creativecommons.org/licenses/by-sa/4.0/). wordfreq's data in turn
includes data from Google Books Ngrams, Wikipedia, OpenSubtitles, SUBTLEX,
the Leeds Internet Corpus, Twitter, Reddit and the Common Crawl via OSCAR.
Those level data are shared under the same licence.
"""


class SourceMissing(Exception):
    """A source list or licence is not where the builder looks for it."""


@dataclass
class BuildResult:
    """What one language's build produced: counts for the summary and SOURCE.md."""

    lang: str
    word_list: WordList
    level_counts: dict[int, int]
    node_count: int
    edge_count: int
    versions: dict[str, str]
    german: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        levels = ", ".join(f"level {n}: {count}" for n, count in self.level_counts.items())
        lines = [f"{self.lang}: {len(self.word_list.forms)} words ({levels})"]
        lines.append(f"  graph: {self.node_count} nodes, {self.edge_count} edges")
        lines.extend("  " + line for line in self.word_list.report.summary().splitlines())
        if self.german:
            lines.append("  capitalised: " + ", ".join(f"{k} {v}" for k, v in self.german.items()))
        return "\n".join(lines)


def build_language(
    lang: str, sources: Path, output: Path, zipf: ZipfLookup | None = None
) -> BuildResult:
    """Build ``output/<lang>/`` from ``sources``; raises :class:`SourceMissing`."""
    source = SOURCES[lang]
    list_path = _package_file(sources, source.package, source.word_list)
    licences = [_licence_text(sources, source.package)]
    versions = {source.package: _package_version(sources, source.package)}
    capitalised: CapitalisedPolicy = reject_capitalised
    if lang == "de":
        capitalised = _german_policy(sources, source, list_path)
        for helper in source.helpers:
            licences.append(_licence_text(sources, helper))
            versions[helper] = _package_version(sources, helper)
    desk_words = None
    if lang == "en":
        desk_words = _desk_words(sources, source.helpers)
        for helper in source.helpers:
            licences.append(_licence_text(sources, helper))
            versions[helper] = _package_version(sources, helper)
    word_list = read_word_list(list_path, capitalised=capitalised)
    levels = assign_levels(word_list, lang, zipf or _wordfreq_zipf, desk_words)
    graph = dawg.build_graph(
        [[word for word, (level, _) in levels.items() if level <= n.number] for n in LEVELS]
    )
    level_counts = {n.number: sum(lv <= n.number for lv, _ in levels.values()) for n in LEVELS}
    result = BuildResult(
        lang, word_list, level_counts, graph.node_count, graph.edge_count, versions
    )
    if isinstance(capitalised, GermanNouns):
        result.german = {
            "kept": capitalised.counts.total() - capitalised.counts["name"],
            "dropped": capitalised.counts["name"],
            **dict(sorted(capitalised.counts.items())),
        }
    _write_outputs(output / lang, result, levels, graph, licences)
    return result


def _german_policy(sources: Path, source: Source, list_path: Path) -> GermanNouns:
    hunspell, ding = source.helpers
    entries = list_path.read_text(encoding="utf-8", errors="replace").split()
    return GermanNouns(
        entries,
        _package_file(sources, hunspell, HUNSPELL_DIC),
        _package_file(sources, ding, DING_FILE),
    )


def assign_levels(
    word_list: WordList, lang: str, zipf: ZipfLookup, desk_words: set[str] | None = None
) -> dict[str, tuple[int, float]]:
    """Each folded word's (level, Zipf): the most frequent of its display forms.

    wordfreq keys are lowercase, so German nouns are looked up as "haus".
    With ``desk_words``, a word outside them is no easier than DESK_WORD_LEVEL.
    """
    levels: dict[str, tuple[int, float]] = {}
    for word, forms in word_list.forms.items():
        best = max(zipf(form.lower(), lang) for form in forms)
        level = level_for_zipf(best)
        if desk_words is not None and word not in desk_words:
            level = max(level, DESK_WORD_LEVEL)
        levels[word] = (level, best)
    return levels


def _desk_words(sources: Path, packages: tuple[str, ...]) -> set[str]:
    """The all-lower-case entries of the desk dictionaries (names are capitalised
    there), folded like the word list: "café" counts for cafe."""
    words: set[str] = set()
    for package in packages:
        path = _package_file(sources, package, DESK_DICTIONARIES[package])
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            entry = line.strip()
            folded = fold(entry) if entry and entry == entry.lower() else None
            if folded:
                words.add(folded)
    return words


def level_for_zipf(value: float) -> int:
    """The easiest level whose threshold ``value`` reaches (levels in languages.py)."""
    for level in LEVELS:
        if level.min_zipf is None or value >= level.min_zipf:
            return level.number
    raise AssertionError("the last level has no threshold")  # pragma: no cover


def _wordfreq_zipf(word: str, lang: str) -> float:
    import wordfreq  # build-time only

    return wordfreq.zipf_frequency(word, lang)


def wordfreq_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordfreq")
    except PackageNotFoundError:
        return "(not installed)"


def _package_file(sources: Path, package: str, relative: str) -> Path:
    base = sources if package == "enable2k" else sources / package
    path = base / relative
    if not path.is_file():
        raise SourceMissing(f"missing source {path} (package {package})")
    return path


def _licence_text(sources: Path, package: str) -> str:
    if package == "enable2k":
        return ENGLISH_LICENCE
    relative = f"usr/share/doc/{package}/copyright"
    body = _package_file(sources, package, relative).read_text(encoding="utf-8", errors="replace")
    return f"Debian package {package}, {relative}:\n\n{body.strip()}\n"


def _package_version(sources: Path, package: str) -> str:
    """The version on the first line of the package's Debian changelog."""
    if package == "enable2k":
        return "2000 edition"
    doc = sources / package / "usr/share/doc" / package
    for name in ("changelog.Debian.gz", "changelog.gz"):
        try:
            with gzip.open(doc / name, "rt", encoding="utf-8", errors="replace") as log:
                match = re.match(r"\S+ \(([^)]+)\)", log.readline())
        except (OSError, EOFError):
            continue
        if match:
            return match.group(1)
    return "unknown"


def _write_outputs(
    folder: Path,
    result: BuildResult,
    levels: dict[str, tuple[int, float]],
    graph: dawg.Graph,
    licences: list[str],
) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    rows = (
        f"{word}\t{levels[word][0]}\t{levels[word][1]:.2f}\t{','.join(forms)}\n"
        for word, forms in result.word_list.forms.items()
    )
    _write_text(folder / WORDS_FILE, "".join(rows))
    shown = (
        f"{word}\t{','.join(forms)}\n"
        for word, forms in result.word_list.forms.items()
        if forms != (word,)
    )
    _write_text(folder / DISPLAY_FILE, "".join(shown))
    (folder / GRAPH_FILE).write_bytes(graph.to_bytes())
    attribution = WORDFREQ_ATTRIBUTION.format(version=wordfreq_version())
    _write_text(folder / "LICENCE", "\n\n".join([*licences, attribution]))
    _write_text(folder / "SOURCE.md", source_markdown(result))


def _write_text(path: Path, text: str) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as out:
        out.write(text)


def source_markdown(result: BuildResult) -> str:
    """SOURCE.md: provenance and counts, the same bytes on every rebuild."""
    report = result.word_list.report
    packages = ", ".join(f"`{name}` {version}" for name, version in result.versions.items())
    lines = [
        f"# {LANGUAGES[result.lang]} ({result.lang}) dictionary",
        "",
        f"- Source: {packages}.",
        f"- Levels: wordfreq {wordfreq_version()} Zipf frequencies (see LICENCE)"
        + (
            "; levels 1-2 only for words `wamerican` or `wbritish` has in lower case."
            if result.lang == "en"
            else "."
        ),
        f"- Built by `python manage.py build_dictionaries --lang {result.lang}`"
        " (see docs/dictionaries.md).",
        f"- Files: `{WORDS_FILE}` (folded, level, Zipf, display forms), `{DISPLAY_FILE}`"
        f" (its rows whose display differs), `{GRAPH_FILE}` (the minimized word graph"
        " of the four levels), `LICENCE`.",
        "",
        "| count | value |",
        "|---|---|",
        f"| source lines | {report.lines} |",
        f"| accepted entries (display forms) | {report.accepted} |",
        f"| playable folded words | {len(result.word_list.forms)} |",
    ]
    lines += [f"| words at level {n} or easier | {c} |" for n, c in result.level_counts.items()]
    lines += [f"| graph nodes / edges | {result.node_count} / {result.edge_count} |"]
    lines += [
        f"| skipped: {reason} | {count} |" for reason, count in sorted(report.skipped.items())
    ]
    lines += [f"| capitalised (German): {key} | {value} |" for key, value in result.german.items()]
    return "\n".join(lines) + "\n"


def fetch_packages(packages: list[str], sources: Path, run: Callable = subprocess.run) -> None:
    """Download and unpack Debian packages not yet in ``sources`` (needs the network)."""
    debs = sources / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    for package in packages:
        if (sources / package / "usr").is_dir():
            continue
        for tool in ("apt-get", "dpkg"):
            if shutil.which(tool) is None:
                raise SourceMissing(f"cannot fetch {package}: {tool} is not installed")
        done = run(["apt-get", "download", package], cwd=debs, capture_output=True, text=True)
        found = sorted(debs.glob(f"{package}_*.deb"))
        if done.returncode != 0 or not found:
            reason = (done.stderr or "").strip().splitlines()[-1:] or ["no .deb file"]
            raise SourceMissing(f"cannot download package {package}: {reason[0]}")
        run(["dpkg", "-x", str(found[-1]), str(sources / package)], check=True)


def packages_for(langs: list[str]) -> list[str]:
    """The Debian packages the languages need (English's list is bundled; its helpers are not)."""
    needed: list[str] = []
    for lang in langs:
        source = SOURCES[lang]
        if source.package != "enable2k":
            needed.append(source.package)
        needed += source.helpers
    return needed
