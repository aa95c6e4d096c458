"""The Gauntlet (MicroProse's single-player ladder): the player picks a deck and
plays every other preconstructed deck legal in the chosen format in turn,
against the computer at one level, until they lose; the number of duels won
is the run's score.

Pure and deterministic, like the rest of the engine: a run is its seed, the
player's deck, the level and the format; the order of the opponents and each
stage's duel seed follow from them. Where runs are kept (a JSON file for the
terminal, the database for the bot) is the caller's business.

Choices the MicroProse manual leaves open, made here:

- the opponents are every preconstructed deck legal in the format but the
  player's own (by name), in an order shuffled by the run's seed: a run
  cannot be learnt by heart, and every run of one format has the same length;
- a drawn duel ends the run like a loss (the Gauntlet is won duel by duel);
- a stage left in the middle is played again from its start only by whoever
  keeps the duel's answers (the terminal and the bot both do): its seed is
  fixed, so leaving never deals a new hand.
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from . import formats
from .decks import PRECONS, decklist

__all__ = ["GauntletError", "opponents", "stage_seed", "Stage", "stage"]


class GauntletError(ValueError):
    """A run that cannot be made (no opponent deck legal in the format, ...)."""


def opponents(player_deck: str, format_name: str, seed: int) -> list[str]:
    """The preconstructed decks the run meets, in order: every one legal in the
    format except the player's own (by name), shuffled by *seed*."""
    fmt = formats.get(format_name)
    names = sorted(n for n in PRECONS if n.lower() != player_deck.lower() and fmt.is_legal(decklist(n)))
    if not names:
        raise GauntletError(f"No preconstructed deck is legal in {fmt.title}: there is no Gauntlet to run.")
    random.Random(seed).shuffle(names)
    return names


def stage_seed(run_seed: int, stage_index: int) -> int:
    """The duel seed of the run's stage *stage_index* (0 first), independent of the others."""
    digest = hashlib.sha256(f"gauntlet:{run_seed}:{stage_index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2  # 62 bits, as the bot's seeds


@dataclass(frozen=True)
class Stage:
    """One stage of a run: its number (1 first), of how many, the computer's deck."""

    number: int
    total: int
    deck: str
    seed: int

    def announcement(self, level: str) -> str:
        """The line said before the stage's duel starts."""
        return f"Gauntlet stage {self.number} of {self.total}: the computer ({level}) plays {self.deck}."


def stage(run_seed: int, order: list[str], wins: int) -> Stage | None:
    """The stage after *wins* duels won, or None once every opponent is beaten."""
    if wins >= len(order):
        return None
    return Stage(wins + 1, len(order), order[wins], stage_seed(run_seed, wins))
