"""What README.md promises, read by the deployment tests."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_settings(heading: str = "## Settings") -> list[str]:
    """The variables of the README's table under ``heading``: its rows' first cells."""
    section = README.read_text().split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([A-Z_]+)` \|", section, flags=re.MULTILINE)
