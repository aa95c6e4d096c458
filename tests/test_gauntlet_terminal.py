"""``manaburn gauntlet`` in the terminal: a run left in the middle of a duel and
continued exactly where it was, then played to its end by a scripted player
(the computer's own hard level at the keyboard), the best-runs table, bad
input refused without changing the saved run."""
from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from bot import terminal_gauntlet
from bot.cli import main
from bot.terminal import TerminalDuel
from engine.players.computer import ComputerPlayer
from engine.gauntlet import opponents, stage
from engine.determinize import peek_for
from engine.view import view


class Keyboard(io.StringIO):
    """A player at the keyboard: *lines* typed first, then (if *plays*) the answers
    the computer at *level* would give from seat 0's view, else the end of input."""

    def __init__(self, lines: list[str] | None = None, *, plays: bool = False, level: str = "hard") -> None:
        super().__init__()
        self.lines = list(lines or [])
        self.plays = plays
        self.player = ComputerPlayer(7, level)
        self.term: TerminalDuel | None = None
        self.typed = 0

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        if self.lines:
            self.typed += 1
            return self.lines.pop(0) + "\n"
        if not self.plays or self.term is None or self.term.duel.pending is None:
            return ""
        duel = self.term.duel
        d = duel.pending
        self.typed += 1
        return self.player.choose(view(duel, d.player), d, peek_for(duel, d.player)) + "\n"


@pytest.fixture
def keyboard_terms(monkeypatch: pytest.MonkeyPatch) -> list[Keyboard]:
    """Each TerminalDuel the Gauntlet makes is given to the newest Keyboard (to read its duel)."""
    boards: list[Keyboard] = []

    class Seen(TerminalDuel):
        def __init__(self, *a, **kw) -> None:  # type: ignore[no-untyped-def]
            super().__init__(*a, **kw)
            boards[-1].term = self
    monkeypatch.setattr(terminal_gauntlet, "TerminalDuel", Seen)
    return boards


def args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = dict(deck=None, level=None, format=None, seed=None, top=False, abandon=False)
    base.update(kw)
    return argparse.Namespace(**base)


def test_a_run_left_mid_duel_continues_exactly_there_and_is_played_to_its_end(
        tmp_path: Path, keyboard_terms: list[Keyboard], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    path = tmp_path / "state" / "manaburn" / "gauntlet.json"
    assert terminal_gauntlet.state_dir() / terminal_gauntlet.FILE_NAME == path
    kb = Keyboard(["choose play", "board", "pass", "pass"])
    keyboard_terms.append(kb)
    out = io.StringIO()
    assert terminal_gauntlet.gauntlet(args(deck="red burn", level="easy", format="4ED", seed=3), kb, out, path) == 0
    text = out.getvalue()
    order = opponents("Red Burn", "4ED", 3)
    assert f"Gauntlet stage 1 of {len(order)}: the computer (easy) plays {order[0]}." in text
    assert text.index("Gauntlet stage 1") < text.index("Play first or draw first?")  # announced before it starts
    assert "The Gauntlet is saved at stage 1 (0 won)" in text
    saved = json.loads(path.read_text())["current"]
    assert saved["deck"] == "Red Burn" and saved["wins"] == 0 and saved["opponents"] == order
    left_at = kb.term.duel.state_hash()  # type: ignore[union-attr]
    assert saved["history"] and saved["history"][0] == [0, "choose play"]

    # another deck while a run is under way: refused, the run unchanged
    out = io.StringIO()
    assert terminal_gauntlet.gauntlet(args(deck="Zoo"), Keyboard(), out, path) == 2
    assert "A Gauntlet run is under way (Red Burn" in out.getvalue()
    assert json.loads(path.read_text())["current"] == saved

    # continued: the same duel, at the same point; then played out, stage after stage, to the end
    kb = Keyboard(plays=True)
    keyboard_terms.append(kb)
    first_hash: list[str] = []
    real_run = TerminalDuel.run

    def run(self: TerminalDuel) -> int:
        if not first_hash:
            first_hash.append(self.duel.state_hash())
        return real_run(self)
    terminal_gauntlet.TerminalDuel.run = run  # type: ignore[method-assign]
    try:
        out = io.StringIO()
        assert terminal_gauntlet.gauntlet(args(), kb, out, path) == 0
    finally:
        terminal_gauntlet.TerminalDuel.run = real_run  # type: ignore[method-assign]
    text = out.getvalue()
    assert first_hash == [left_at]
    assert "Continuing your Gauntlet: Red Burn, 0 of" in text
    assert "(continuing the duel where you left it" in text
    data = json.loads(path.read_text())
    assert data["current"] is None
    run_ = data["finished"][0]
    wins = run_["wins"]
    assert text.count("You beat ") == wins
    for n in range(min(wins + 1, len(order))):  # every stage played was announced with its deck
        st = stage(3, order, n)
        assert st is not None and st.announcement("easy") in text
    if wins == len(order):
        assert run_["result"] == "complete" and "the Gauntlet is yours" in text
    else:
        assert run_["result"] == "lost" and f"Your score: {wins} of {len(order)}" in text

    # the best-runs table, through the command line (the state directory is the test's)
    capsys.readouterr()
    assert main(["gauntlet", "--top"]) == 0
    top = capsys.readouterr().out
    assert "Best Gauntlet runs - Fourth Edition, level easy:" in top
    assert f"  1. {wins:2} of {len(order)}  Red Burn" in top


def test_bad_input_is_refused_and_changes_nothing(tmp_path: Path, keyboard_terms: list[Keyboard]) -> None:
    path = tmp_path / "gauntlet.json"
    out = io.StringIO()
    assert terminal_gauntlet.gauntlet(args(deck="No Such Deck"), Keyboard(), out, path) == 2
    assert "unknown deck 'No Such Deck'" in out.getvalue() and not path.exists()
    out = io.StringIO()
    assert terminal_gauntlet.gauntlet(args(deck="Zoo", format="4ED"), Keyboard(), out, path) == 2
    assert "Zoo is not legal in Fourth Edition" in out.getvalue() and not path.exists()
    out = io.StringIO()
    assert terminal_gauntlet.gauntlet(args(abandon=True), Keyboard(), out, path) == 2
    assert "No Gauntlet run is under way." in out.getvalue()
    path.write_text("{not json")
    out = io.StringIO()
    assert terminal_gauntlet.gauntlet(args(), Keyboard(), out, path) == 2
    assert "cannot read" in out.getvalue() and path.read_text() == "{not json"


def test_ctrl_c_leaves_the_duel_kept_and_abandon_ends_the_run(tmp_path: Path,
                                                                keyboard_terms: list[Keyboard]) -> None:
    path = tmp_path / "gauntlet.json"

    class CtrlC(Keyboard):
        def readline(self, size: int = -1) -> str:  # type: ignore[override]
            if not self.lines:
                raise KeyboardInterrupt
            return super().readline(size)
    kb = CtrlC(["choose draw"])
    keyboard_terms.append(kb)
    out = io.StringIO()
    assert terminal_gauntlet.gauntlet(args(deck="Zoo", seed=1), kb, out, path) == 0
    assert "The Gauntlet is saved at stage 1 (0 won)" in out.getvalue()
    assert not kb.term.duel.over  # type: ignore[union-attr]
    assert json.loads(path.read_text())["current"]["history"][0] == [0, "choose draw"]
    out = io.StringIO()
    assert terminal_gauntlet.gauntlet(args(abandon=True), Keyboard(), out, path) == 0
    data = json.loads(path.read_text())
    assert data["current"] is None and data["finished"][0]["result"] == "abandoned"
