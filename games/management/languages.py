"""The ``--lang`` option of the report commands: repeatable, every language by default."""

from __future__ import annotations

from django.core.management.base import CommandError

from games.engine.languages import LANGUAGES


def chosen_languages(values: list[str] | None) -> list[str]:
    """The languages asked for (all when none), or exit 2 naming the first unknown one."""
    langs = values or list(LANGUAGES)
    unknown = [code for code in langs if code not in LANGUAGES]
    if unknown:
        raise CommandError(
            f"unknown language {unknown[0]!r}; choose one of {', '.join(LANGUAGES)}",
            returncode=2,
        )
    return langs
