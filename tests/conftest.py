"""Fixtures shared by the storage-level tests."""
from __future__ import annotations

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
