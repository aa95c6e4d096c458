"""Matches: a sequence of duels between the same two players, as the period played them.

The engine plays one duel; this module holds what is between duels, pure and
without I/O, for the bot and the terminal alike:

- how many games a match has and when it is decided (:class:`Score`): best of
  1, 3 or 5 (the first Duelists' Convocation rules of 1994 play the best two
  of three, semi-finals and finals the best three of five);
- who chooses to play or draw in the next game (:func:`next_chooser`);
- sideboarding between games (:func:`exchange`): one-for-one exchanges between
  deck and sideboard, as the 1994 rules required, and the deck stays legal in
  the match's format.

**Who goes first.** The Alpha rulebook (1993) has the loser of the previous
game take the first turn. Manaburn plays the Fifth Edition rules, in which the
player who goes first skips the draw of their first turn, so going first is
no longer always better: the loser of the previous game *chooses* to play or
draw (the engine's ``DuelOptions.chooser`` asks them as the duel's first
decision), which gives the loser what the 1993 rule meant to give (the first
turn, if they want it) under the rules the duel is played by; it is also what
tournaments have done since. After a drawn game nobody lost: the duel's seed
chooses who chooses, as it does for the first game.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from . import formats

BEST_OF = (1, 3, 5)


class SideboardError(ValueError):
    """An exchange that cannot be made; the message says why (nothing changed)."""


@dataclass(frozen=True)
class Score:
    """Games won by each player and games drawn, in a best-of-*best_of* match."""

    best_of: int
    wins: tuple[int, int] = (0, 0)
    draws: int = 0

    def __post_init__(self) -> None:
        if self.best_of not in BEST_OF:
            raise ValueError(f"a match is the best of 1, 3 or 5 games, not {self.best_of}")

    @property
    def needed(self) -> int:
        """Games a player must win to win the match."""
        return self.best_of // 2 + 1

    @property
    def games(self) -> int:
        """Games played (won or drawn)."""
        return self.wins[0] + self.wins[1] + self.draws

    @property
    def winner(self) -> int | None:
        """The seat that has won the match, or None."""
        for p in (0, 1):
            if self.wins[p] >= self.needed:
                return p
        return None

    @property
    def over(self) -> bool:
        """Decided: a player won enough games. A drawn game does not count toward
        the best-of, so a match with draws goes on until someone wins."""
        return self.winner is not None

    def after(self, winner: int | None) -> Score:
        """The score after a game won by *winner* (None: drawn)."""
        if self.over:
            raise ValueError("the match is over")
        if winner is None:
            return Score(self.best_of, self.wins, self.draws + 1)
        w = list(self.wins)
        w[winner] += 1
        return Score(self.best_of, (w[0], w[1]), self.draws)

    def text(self, names: Sequence[str]) -> str:
        """``alice 1 – bob 0`` (and the draws)."""
        drawn = f", {self.draws} drawn" if self.draws else ""
        return f"{names[0]} {self.wins[0]} – {names[1]} {self.wins[1]}{drawn}"


def next_chooser(previous_winner: int | None) -> int | None:
    """Who chooses to play or draw in the next game: the loser of the previous one;
    None (chosen by the seed) after a drawn game (see the module's docstring)."""
    return None if previous_winner is None else 1 - previous_winner


@dataclass(frozen=True)
class Deck:
    """A player's deck in a match: the cards played and the sideboard."""

    main: tuple[str, ...]
    side: tuple[str, ...] = ()


def exchange(deck: Deck, out: Sequence[str], into: Sequence[str], fmt: formats.Format) -> Deck:
    """*deck* with the cards *out* moved to the sideboard and *into* moved from it.

    One for one: as many cards go out as come in, so the deck keeps its size
    (the 1994 rules); each card must be where it is taken from; the deck with
    its sideboard stays legal in *fmt*. SideboardError, with the reason, when
    any of these fails: then nothing is exchanged.
    """
    if not out and not into:
        raise SideboardError("Name the cards to exchange, e.g. `2 Lightning Bolt -> 2 Shatter`.")
    known = {c.lower(): c for c in (*deck.main, *deck.side)}  # names as typed, in any case
    out = [known.get(c.lower(), c) for c in out]
    into = [known.get(c.lower(), c) for c in into]
    if len(out) != len(into):
        raise SideboardError(f"Exchanges are one for one: {len(out)} card{'s' * (len(out) != 1)} out, "
                             f"{len(into)} in. The deck keeps its size; nothing was exchanged.")
    main, side = Counter(deck.main), Counter(deck.side)
    for what, have, where in ((out, main, "deck"), (into, side, "sideboard")):
        for card, n in sorted(Counter(what).items()):
            if have[card] < n:
                raise SideboardError(f"Your {where} holds {have[card]} {card}, not {n}; nothing was exchanged.")
    new_main = list(deck.main)
    new_side = list(deck.side)
    for card in out:
        new_main.remove(card)
        new_side.append(card)
    for card in into:
        new_side.remove(card)
        new_main.append(card)
    problems = fmt.problems(new_main, new_side)
    if problems:
        raise SideboardError(f"After that exchange the deck would not be legal in {fmt.title}: "
                             + "; ".join(problems) + ". Nothing was exchanged.")
    return Deck(tuple(new_main), tuple(new_side))


def parse_exchange(text: str) -> tuple[list[str], list[str]]:
    """``2 Lightning Bolt -> 2 Shatter; Fireball -> Tranquility`` as (cards out, cards in),
    names as typed (the caller checks them); SideboardError if it cannot be read.

    >>> parse_exchange("2 Lightning Bolt -> 2 Shatter; Fireball -> Tranquility")
    (['Lightning Bolt', 'Lightning Bolt', 'Fireball'], ['Shatter', 'Shatter', 'Tranquility'])
    """
    out: list[str] = []
    into: list[str] = []
    for part in text.replace("\n", ";").split(";"):
        if not part.strip():
            continue
        if "->" not in part:
            raise SideboardError(f"Cannot read {part.strip()[:60]!r}: write `cards out -> cards in`, "
                                 "e.g. `2 Lightning Bolt -> 2 Shatter`.")
        left, right = part.split("->", 1)
        out += _counted(left)
        into += _counted(right)
    return out, into


def _counted(text: str) -> list[str]:
    """``2 Shatter, Fireball`` as names, one per copy."""
    names: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        head, _, rest = item.partition(" ")
        count = head.rstrip("xX")
        if count.isdigit() and rest.strip():
            if len(count) > 3 or int(count) < 1:
                raise SideboardError(f"{item[:60]!r}: not a sensible number of cards")
            names += [rest.strip()] * int(count)
        else:
            names.append(item)
    return names
