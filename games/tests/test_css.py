"""The stylesheets hold no rule for a class nothing uses (the projector's old rules in
site.css, say): every class a stylesheet names is written by a template or a script,
or built from one of the prefixes pages build classes from (``board-{{ cols }}``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Classes that templates and scripts build from a value: board-4, place-1, status-late...
BUILT = ("board-", "place-", "status-", "message-", "field-")


def _sources() -> str:
    parts = []
    for folder in ("templates", "static/js", "games", "accounts"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".html", ".js", ".py") and "tests" not in path.parts:
                parts.append(path.read_text(encoding="utf-8"))
    return "\n".join(parts)


def _classes(css: str) -> set[str]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = re.sub(r"\{[^{}]*\}", "{}", css)  # declarations out: 0.5rem is no class
    return set(re.findall(r"\.([a-zA-Z][\w-]*)", selectors))


@pytest.mark.parametrize("sheet", sorted(p.name for p in (ROOT / "static/css").glob("*.css")))
def test_every_class_a_stylesheet_styles_is_used(sheet):
    sources = _sources()
    unused = sorted(
        name
        for name in _classes((ROOT / "static/css" / sheet).read_text(encoding="utf-8"))
        if not name.startswith(BUILT)
        and not re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", sources)
    )
    assert unused == [], f"{sheet} styles classes nothing uses: {unused}"
