"""SQLite for the embedded default: writers queue in this process, not in SQLite.

Every transaction here is ``BEGIN IMMEDIATE`` (settings): it takes SQLite's
write lock at once. When a socket's worker threads meet at that lock, SQLite
makes the later ones sleep and retry (its busy handler sleeps 1, 2, 5, 10...
up to 100 ms between tries), so under a class's load a word that counts could
wait a tenth of a second for a lock freed long before (docs/PERFORMANCE.md,
"The embedded default": 4.6% of the server's samples were words waiting in
BEGIN; with this and the lighter channel layer, the round trip's p99 at 300
players fell from 415 to 92 ms at the same machine load). Here a thread takes
a lock of this process first, so the next writer starts the moment the last
one commits. Another process on the same file (a management command) still meets
SQLite's own lock and busy timeout, as before.
"""

from __future__ import annotations

import threading

from django.db.backends.sqlite3 import base

_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


def _write_lock(name: str) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(name, threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    _held: threading.Lock | None = None

    def _start_transaction_under_autocommit(self) -> None:
        lock = _write_lock(str(self.settings_dict["NAME"]))
        # Never longer than SQLite's own busy timeout: past it, SQLite decides as before.
        timeout = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
        if lock.acquire(timeout=timeout):
            self._held = lock
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release()
            raise

    def _release(self) -> None:
        lock, self._held = self._held, None
        if lock is not None:
            lock.release()

    def _commit(self) -> None:
        try:
            super()._commit()
        finally:
            self._release()

    def _rollback(self) -> None:
        try:
            super()._rollback()
        finally:
            self._release()

    def _close(self) -> None:
        try:
            super()._close()  # an open transaction ends with the connection
        finally:
            self._release()
