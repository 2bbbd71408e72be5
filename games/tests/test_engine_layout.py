"""The engine stays plain Python: nothing under games/engine imports Django."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_engine_module_imports_django_or_the_web_app():
    offenders = {}
    for path in sorted(ENGINE.rglob("*.py")):
        bad = {
            name
            for name in imported_modules(path)
            if name.split(".")[0] == "django"
            or (name.startswith("games.") and not name.startswith("games.engine"))
        }
        if bad:
            offenders[str(path.relative_to(ENGINE))] = sorted(bad)
    assert offenders == {}


def test_build_code_lives_in_the_engine_build_package():
    assert (ENGINE / "build" / "builder.py").is_file()
    assert not (ENGINE.parent / "dictionary_build.py").exists()
    assert not (ENGINE.parent / "dictionary_german.py").exists()
