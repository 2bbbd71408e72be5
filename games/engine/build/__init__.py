"""Build-time code: turning Debian's spelling dictionaries into dictionaries/<lang>/.

Nothing here runs in the game: ``manage.py build_dictionaries`` (a thin
shell) calls :func:`games.engine.build.builder.build_language`. Like the
rest of ``games.engine`` it imports nothing from Django.
"""
