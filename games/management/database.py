"""The benchmarks that write a class into the database need it migrated first."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor


def require_migrated(alias: str = DEFAULT_DB_ALIAS) -> None:
    """Exit 2 with one line when the database lacks a migration (a fresh clone before
    ``manage.py migrate``), rather than a traceback from the first query."""
    executor = MigrationExecutor(connections[alias])
    pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if pending:
        raise CommandError(
            f"the database has {len(pending)} migration(s) to apply: run `manage.py migrate` first",
            returncode=2,
        )
