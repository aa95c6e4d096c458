"""Every duel script under tests/scripts (and the shared public scenarios,
when ../shared is beside the project) passes."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.scripts import run_script

HERE = Path(__file__).parent
SCRIPTS = sorted((HERE / "scripts").rglob("*.yaml"))
SHARED = HERE.parent.parent / "shared" / "scenarios"
if SHARED.is_dir():
    SCRIPTS += sorted(SHARED.glob("*.yaml"))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_script(path: Path) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    res = run_script(doc)
    assert res.passed, res.reason
    # replaying the answers rebuilds the same duel
    if res.duel is not None and not res.duel.history[-1:] == [(0, "concede")]:
        again = res.duel.fresh().replay(res.duel.history)
        assert again.state_hash() == res.duel.state_hash()
