"""The coverage report: how much of a language's everyday vocabulary the game counts.

For ``manage.py dictionary_report``. Per language, from the built files only
(no network, no wordfreq): the share of the most frequent words (wordfreq's
top 500 and top 2,000, letters only, 3 letters or more, accepted by the
language's hunspell dictionary: ``reference.tsv``, made at build time) that
are valid in the classroom game at the hardest level and at level 2 (levels
1 and 2, the blocklist applied); the words per level; the graph's size; the
load time and the memory the language takes in this process.
"""

from __future__ import annotations

import time
from pathlib import Path

from games.engine import dawg
from games.engine.blocklist import blocked_words
from games.engine.folding import fold
from games.engine.languages import ALL_LEVELS, LEVELS
from games.engine.lexicon import DICTIONARIES_DIR, FORMS_FILE, GRAPH_FILE, read_lexicon

REFERENCE_FILE = "reference.tsv"
TOPS = (500, 2000)
EVERYDAY = 2  # "levels 1-2": levels are nested, so level 2's words
TARGETS = {"top2000_hardest": 97.0, "top500_everyday": 90.0}


def read_reference(path: Path) -> list[tuple[int, str, str]]:
    """``(rank, word, note)`` rows of a reference.tsv; junk lines are skipped."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 2 and parts[0].isdigit() and parts[1]:
            rows.append((int(parts[0]), parts[1], parts[2] if len(parts) > 2 else ""))
    return rows


def language_report(lang: str, folder: Path | None = None) -> dict:
    """The figures of one language (see the module docstring)."""
    folder = DICTIONARIES_DIR / lang if folder is None else folder
    before = _resident_mb()
    start = time.perf_counter()
    lexicon = read_lexicon(lang, folder)
    load_ms = (time.perf_counter() - start) * 1000
    memory_mb = _resident_mb() - before
    blocked = blocked_words(lang, folder)
    roots = [lexicon.root(level.number) for level in LEVELS]
    report = {
        "lang": lang,
        "levels": {
            str(level.number): dawg.count_words(root)
            for level, root in zip(LEVELS, roots, strict=True)
        },
        "graph": {
            "nodes": dawg.count_nodes(*roots),
            "nodes_by_level": [dawg.count_nodes(root) for root in roots],
            "words_dawg_bytes": (folder / GRAPH_FILE).stat().st_size,
            "forms_dawg_bytes": (folder / FORMS_FILE).stat().st_size,
        },
        "load_ms": round(load_ms, 1),
        "memory_mb": round(memory_mb, 1),
    }
    reference_path = folder / REFERENCE_FILE
    if reference_path.is_file():
        rows = read_reference(reference_path)
        for top in TOPS:
            report[f"top{top}"] = _coverage(lang, lexicon, blocked, rows, top)
    return report


def _coverage(lang, lexicon, blocked, rows, top) -> dict:
    """Shares of the top words valid at the hardest level and at level 2.

    Proper names that hunspell accepts capitalised (German: Berlin, Peter)
    are counted apart: the game drops names on purpose.
    """
    chosen = [(word, note) for rank, word, note in rows if rank <= top]
    names = [word for word, note in chosen if note == "name"]
    words = [word for word, note in chosen if note != "name"]
    result: dict = {"words": len(words), "names_left_out": len(names)}
    for label, level in (("hardest", ALL_LEVELS), ("everyday", EVERYDAY)):
        missing = [word for word in words if not _valid(lang, lexicon, blocked, word, level)]
        share = 100 * (len(words) - len(missing)) / len(words) if words else 0.0
        result[label] = round(share, 1)
        result[f"missing_{label}"] = missing
    return result


def _valid(lang, lexicon, blocked, word: str, level: int) -> bool:
    folded = fold(word, lang)
    return bool(folded) and lexicon.contains(folded, level) and folded not in blocked


def _resident_mb() -> float:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def report_text(report: dict) -> str:
    """A few readable lines of one language's report."""
    lines = [f"{report['lang']}: words per level {report['levels']}"]
    graph = report["graph"]
    lines.append(
        f"  graph {graph['nodes']} nodes (by level {graph['nodes_by_level']}), "
        f"load {report['load_ms']} ms, {report['memory_mb']} MB"
    )
    for top in TOPS:
        figures = report.get(f"top{top}")
        if figures:
            lines.append(
                f"  top {top} ({figures['words']} words, {figures['names_left_out']} names apart): "
                f"{figures['hardest']}% at the hardest level, {figures['everyday']}% at level 2"
            )
            if figures["missing_hardest"]:
                lines.append(f"    missing: {' '.join(figures['missing_hardest'][:40])}")
    return "\n".join(lines)
