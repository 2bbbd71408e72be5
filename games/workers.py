"""The threads a server process does its database work on, and so the database
connections it holds: one per thread that has touched the database, kept open
(``CONN_MAX_AGE``).

- ``WORKER_THREADS`` (settings) for the pages' joins, snapshots, host commands and
  departures, and the process's own rounds (``games.sweeper``, ``games.presence``);
- ``WORD_THREADS`` for the words and traced paths pages send;
- and Channels' one thread for reading a socket's session and signed-in user.

A fixed number whatever the machine: asyncio's default pool, which the first of these
replaced, has the CPU count + 4 threads, so a process on an 8-core server would have
held 12 connections for it where one on 2 cores held 6, and one process per core there
some 150 in all, past PostgreSQL's default 100 (docs/SCALING.md).
"""

from __future__ import annotations

import functools
from concurrent.futures import ThreadPoolExecutor

from channels.db import DatabaseSyncToAsync
from django.conf import settings


def in_worker(function):
    """Run ORM work on the process's worker threads (``WORKER_THREADS``). Channels'
    default (thread_sensitive) funnels every socket of the process through one
    thread: under a class's load the word round trip went from milliseconds to
    seconds."""
    return DatabaseSyncToAsync(function, thread_sensitive=False, executor=_worker_threads())


def in_word_thread(function):
    """Run a word (or a traced path) on the process's word threads
    (settings.WORD_THREADS): on SQLite, one, since its writes take turns anyway; the
    joins, snapshots, host commands and departures stay on the worker threads."""
    return DatabaseSyncToAsync(function, thread_sensitive=False, executor=_word_threads())


@functools.cache
def _worker_threads() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=settings.WORKER_THREADS, thread_name_prefix="worker")


@functools.cache
def _word_threads() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=settings.WORD_THREADS, thread_name_prefix="words")
