"""How many of the inputs typed at ``manaburn play`` are a pass with nothing to decide?

    python -m bench.terminal_inputs [--duels 20] [--first-seed 1] [--show]

A :class:`engine.players.sensible.SensiblePlayer` plays the terminal game
(:class:`bot.terminal.TerminalDuel`, default stops, against the terminal's
built-in computer opponent) through its input: each line it types is read by
the terminal exactly as a person's would be. Counted: every answer typed to
a decision (help and board commands are not typed), those that declined
(``pass``, ``choose no`` ...), and of those the ones where nothing but
declining, cancelling or drawing mana was possible ("idle"). Issue 15's
target: at most one input in four is a pass with nothing to decide.

"Needless" is the stricter count of issue 24 (target: at most 5% of the
inputs): a question that could be declined where every answer but declining
is pointless, as a person reading the board and the cards judges it
(:func:`pointless_to_a_person`), not only where nothing could be cast.
It is judged apart from auto-pass's own rule (:mod:`engine.pointless`, the
aims of effects the engine knows), from the cards' text, so that what the
engine does not know shows here. ``--show`` prints each needless question.
"""
from __future__ import annotations

import argparse
import io
import random

from bot.terminal import TerminalDuel
from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer
from engine.autopass import useful_choices
from engine.decisions import Decision, DecisionKind
from engine.decks import PRECONS, decklist
from engine.game import Game
from engine.model import EffectFn, TargetSpec, aim_of
from engine.objects import Card, Player, Spell
from engine.pointless import activated, pointless
from engine.players.sensible import SensiblePlayer, harmful


def pointless_to_a_person(g: Game, d: Decision, answer: str) -> bool:
    """Would a person call ``answer`` pointless now? What the engine says
    (:func:`engine.pointless.pointless`); and where the engine knows no aim
    of the effect, as the card's text reads (the sensible player's
    :func:`engine.players.sensible.harmful`): a spell or ability that hurts what it
    targets with only the player's own permanents or spells to target, or
    one that helps with only the opponent's."""
    p = d.player
    if pointless(g, p, answer, d.kind):
        return True
    verb, _, rest = answer.partition(" ")
    modes: list[tuple[tuple[TargetSpec, ...], EffectFn | None]]
    if verb == "cast":
        card = next((c for c in g.players[p].hand if c.name == rest), None)
        if card is None or card.cdef.spell is None:
            return False
        name, probe = card.name, g._probe_spell(p, card)
        modes = [(m.targets, m.effect) for m in g.spell_modes(card) if g.mode_usable(m, probe, d.kind, None)]
    else:
        found = activated(g, answer)
        if found is None:
            return False
        src, ab = found
        name, probe = src.name, Spell(0, p, None, src, src.name, ability=ab)
        modes = [(ab.targets, ab.effect)]
    if not modes or any(aim_of(effect) is not None for _, effect in modes):
        return False  # the engine knows the aim, and found it could matter
    hurts = harmful(name)

    def worth(t: object) -> bool:
        if isinstance(t, Player):
            mine = t.idx == p
        elif isinstance(t, Spell):
            mine = t.controller == p
        elif isinstance(t, Card) and t.zone == "battlefield":
            mine = g.controller(t) == p
        else:
            return True  # a card in a graveyard, a source of damage: not judged
        return mine is not hurts
    return all(bool(targets) and any(not any(worth(t) for t in g.target_candidates(spec, probe, None))
                                     for spec in targets) for targets, _ in modes)


def needless(g: Game, d: Decision) -> bool:
    """A question that could be declined where every other answer is pointless."""
    if d.decline is None or d.kind is DecisionKind.MULLIGAN:
        return False
    return all(pointless_to_a_person(g, d, c) for c in useful_choices(d))


class SensibleKeyboard(io.TextIOBase):
    """A stdin whose lines a sensible player types, reading the duel the terminal shows."""

    def __init__(self, player: SensiblePlayer, limit: int = 20000, show: bool = False) -> None:
        self.player = player
        self.term: TerminalDuel | None = None
        self.last: tuple[int, int] | None = None
        self.left = limit
        self.refused = 0
        self.needless = 0  # questions every answer of which but declining is pointless
        self.show = show

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
        if needless(duel.game, d):
            self.needless += 1
            if self.show:
                print(f"needless: turn {duel.game.turn} {d.prompt!r}: {', '.join(useful_choices(d))}")
        return self.player.choose(duel, d) + "\n"


def play_one(seed: int, show: bool = False) -> dict[str, int | bool]:
    names = sorted(PRECONS)
    rng = random.Random(seed)
    mine, theirs = rng.choice(names), rng.choice(names)
    duel = Duel.new(seed, (decklist(mine), decklist(theirs)), DuelOptions(chooser=0), names=("you", "computer"))
    keyboard = SensibleKeyboard(SensiblePlayer(seed), show=show)
    term = TerminalDuel(duel, RandomPlayer(seed), keyboard, io.StringIO())
    keyboard.term = term
    term.run()
    return {"seed": seed, "inputs": term.inputs, "passes": term.passes, "idle_passes": term.idle_passes,
            "needless": keyboard.needless, "decisions": len(term.duel.history), "refused": keyboard.refused,
            "finished": term.duel.pending is None}


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.terminal_inputs", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duels", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--show", action="store_true", help="print each needless question")
    a = ap.parse_args()
    rows = [play_one(s, a.show) for s in range(a.first_seed, a.first_seed + a.duels)]
    inputs = sum(int(r["inputs"]) for r in rows)
    passes = sum(int(r["passes"]) for r in rows)
    idle = sum(int(r["idle_passes"]) for r in rows)
    decisions = sum(int(r["decisions"]) for r in rows)
    needless_ = sum(int(r["needless"]) for r in rows)
    print(f"{a.duels} duels, {decisions} decisions answered, {inputs} typed by the player; "
          f"{passes} of them a pass ({passes / max(inputs, 1):.1%}), "
          f"{idle} a pass with nothing useful possible ({idle / max(inputs, 1):.1%}), "
          f"{needless_} a needless question ({needless_ / max(inputs, 1):.1%}: every answer but passing pointless); "
          f"{sum(bool(r['finished']) for r in rows)} duels finished, {sum(int(r['refused']) for r in rows)} refused")


if __name__ == "__main__":
    main()
