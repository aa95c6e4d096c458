"""How many of the inputs typed at ``manaburn play`` are a pass with nothing to decide?

    python -m bench.terminal_inputs [--duels 20] [--first-seed 1]

A :class:`engine.sensible.SensiblePlayer` plays the terminal game
(:class:`bot.terminal.TerminalDuel`, default stops, against the terminal's
built-in computer opponent) through its input: each line it types is read by
the terminal exactly as a person's would be. Counted: every answer typed to
a decision (help and board commands are not typed), those that declined
(``pass``, ``choose no`` ...), and of those the ones where nothing but
declining, cancelling or drawing mana was possible ("idle"). Issue 15's
target: at most one input in four is a pass with nothing to decide.
"""
from __future__ import annotations

import argparse
import io
import random

from bot.terminal import TerminalDuel
from engine import Duel, DuelOptions
from engine.ai import RandomPlayer
from engine.decks import PRECONS, decklist
from engine.sensible import SensiblePlayer


class SensibleKeyboard(io.TextIOBase):
    """A stdin whose lines a sensible player types, reading the duel the terminal shows."""

    def __init__(self, player: SensiblePlayer, limit: int = 20000) -> None:
        self.player = player
        self.term: TerminalDuel | None = None
        self.last: tuple[int, int] | None = None
        self.left = limit
        self.refused = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert self.term is not None
        self.left -= 1
        duel = self.term.duel
        d = duel.pending
        if d is None or self.left <= 0:
            return ""
        key = (len(duel.history), id(d))
        if key == self.last:  # the last answer was refused: take the first shown one
            self.refused += 1
            shown = [c for c in self.term.shown(d) if c != "cancel"] or list(d.choices)
            return shown[0] + "\n"
        self.last = key
        return self.player.choose(duel, d) + "\n"


def play_one(seed: int) -> dict[str, int | bool]:
    names = sorted(PRECONS)
    rng = random.Random(seed)
    mine, theirs = rng.choice(names), rng.choice(names)
    duel = Duel.new(seed, (decklist(mine), decklist(theirs)), DuelOptions(chooser=0), names=("you", "computer"))
    keyboard = SensibleKeyboard(SensiblePlayer(seed))
    term = TerminalDuel(duel, RandomPlayer(seed), keyboard, io.StringIO())
    keyboard.term = term
    term.run()
    return {"seed": seed, "inputs": term.inputs, "passes": term.passes, "idle_passes": term.idle_passes,
            "decisions": len(term.duel.history), "refused": keyboard.refused, "finished": term.duel.pending is None}


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.terminal_inputs", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duels", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1)
    a = ap.parse_args()
    rows = [play_one(s) for s in range(a.first_seed, a.first_seed + a.duels)]
    inputs = sum(int(r["inputs"]) for r in rows)
    passes = sum(int(r["passes"]) for r in rows)
    idle = sum(int(r["idle_passes"]) for r in rows)
    decisions = sum(int(r["decisions"]) for r in rows)
    print(f"{a.duels} duels, {decisions} decisions answered, {inputs} typed by the player; "
          f"{passes} of them a pass ({passes / max(inputs, 1):.1%}), "
          f"{idle} a pass with nothing useful possible ({idle / max(inputs, 1):.1%}); "
          f"{sum(bool(r['finished']) for r in rows)} duels finished, {sum(int(r['refused']) for r in rows)} refused")


if __name__ == "__main__":
    main()
