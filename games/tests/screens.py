"""Screenshots for the README, taken by the browser tests when SCREENSHOTS=1.

`SCREENSHOTS=1 make test` (or pytest on the e2e tests) refreshes docs/screenshots/;
an ordinary run leaves the committed pictures alone.
"""

from __future__ import annotations

import os
from pathlib import Path

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def readme_screenshot(page, name: str, *, full_page: bool = False) -> Path | None:
    """Save what ``page`` shows as docs/screenshots/<name>.png, if SCREENSHOTS=1."""
    if os.environ.get("SCREENSHOTS") != "1":
        return None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path
