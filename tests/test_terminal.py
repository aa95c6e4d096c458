"""``manaburn play`` plays a whole duel in the terminal."""
from __future__ import annotations

import argparse
import io

from bot.terminal import play


def run(lines: list[str], **kw: object) -> str:
    args = argparse.Namespace(seed=5, deck="Red Burn", opponent_deck="Green Stompy", vs="computer")
    for k, v in kw.items():
        setattr(args, k, v)
    out = io.StringIO()
    assert play(args, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return out.getvalue()


def test_a_whole_duel_against_the_computer() -> None:
    text = run(["1"] * 3000)
    assert "The duel is over" in text
    assert "wins" in text


def test_bad_input_is_refused_and_changes_nothing() -> None:
    text = run(["choose play", "cast Nonsense", "frobnicate", "help", "quit"])
    assert text.count("Not legal") == 2
    assert "attack A, B+C" in text  # the help text
    assert "The duel is over: computer wins" in text


def test_two_people_at_one_keyboard() -> None:
    text = run(["1"] * 4000, vs="human")
    assert "player 2" in text and "The duel is over" in text
