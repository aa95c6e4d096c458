"""Fixtures shared by the storage-level tests."""
from __future__ import annotations

import os
import sys
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.db import Database


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """A fresh database file (WAL, migrated to the latest version), closed after the test."""
    d = await Database.open(tmp_path / "test.db")
    yield d
    await d.close()


@pytest.fixture(autouse=True)
def _saved_duels_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal duel left at end of input is saved (bot.saved_duel): into a
    temporary directory, never the user's own ~/.local/state, also for the
    ``manaburn`` processes tests start."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


# A test that fails between opening a database and closing it leaves aiosqlite's
# worker thread running, and that thread (not a daemon) would keep the interpreter,
# and CI, waiting forever after the failure is reported. Once pytest has said
# everything, a run with such threads left exits with its own status instead.
_exit_status = 0


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    global _exit_status
    _exit_status = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    left = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon and t.is_alive()]
    if left:
        config.get_terminal_writer().flush()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_exit_status)
