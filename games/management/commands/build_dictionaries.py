"""``manage.py build_dictionaries``: rebuild dictionaries/<lang>/ from the sources.

Without ``--sources`` it downloads the Debian word-list packages into
build/sources/ (needs the package registry) and uses the bundled ENABLE2K
copy for English. The work is in games/engine/build/builder.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.engine.build import builder
from games.engine.build.reviews import ReviewError
from games.engine.languages import LANGUAGES

DEFAULT_SOURCES = builder.REPO_DIR / "build" / "sources"


class Command(BaseCommand):
    help = "Rebuild the word lists, levels and word graphs under dictionaries/."

    def add_arguments(self, parser):
        parser.add_argument(
            "--lang",
            action="append",
            choices=list(LANGUAGES),
            help="a language to build (repeatable; default: all six)",
        )
        parser.add_argument(
            "--sources",
            type=Path,
            help="folder of unpacked packages (SOURCES/wfrench/usr/share/dict/french, ...) "
            "and enable2k.txt; default: download them into build/sources/",
        )
        parser.add_argument(
            "--output", type=Path, default=builder.DEFAULT_OUTPUT, help="default: dictionaries/"
        )

    def handle(self, *args, lang=None, sources=None, output=None, **options):
        langs = lang or list(LANGUAGES)
        try:
            if sources is None:
                sources = self._fetch(langs)
            elif not sources.is_dir():
                raise builder.SourceMissing(f"sources folder {sources} does not exist")
            for code in langs:
                result = builder.build_language(code, sources, output)
                self.stdout.write(result.summary())
        except (builder.SourceMissing, ReviewError) as exc:
            raise CommandError(str(exc), returncode=2) from exc

    def _fetch(self, langs: list[str]) -> Path:
        DEFAULT_SOURCES.mkdir(parents=True, exist_ok=True)
        english = DEFAULT_SOURCES / builder.ENGLISH_FILE
        if "en" in langs and not english.exists():
            if not builder.BUNDLED_ENGLISH.is_file():
                raise builder.SourceMissing(f"missing source {builder.BUNDLED_ENGLISH}")
            shutil.copyfile(builder.BUNDLED_ENGLISH, english)
        builder.fetch_packages(builder.packages_for(langs), DEFAULT_SOURCES)
        builder.fetch_wheels(langs, DEFAULT_SOURCES)
        return DEFAULT_SOURCES
