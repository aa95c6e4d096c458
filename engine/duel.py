"""The public face of the engine: a duel you can ask and answer.

>>> d = Duel.new(7, (["Forest"] * 30 + ["Grizzly Bears"] * 10, ["Mountain"] * 30 + ["Lightning Bolt"] * 10),
...              DuelOptions(chooser=0))
>>> d.pending.player, d.pending.choices
(0, ('choose play', 'choose draw'))
>>> d.apply("choose play")
>>> replayed = Duel.new(7, d.decks, d.options).replay(d.history)
>>> replayed.state_hash() == d.state_hash()
True

A duel is its seed, two decklists, options and the list of answers
(:attr:`Duel.history`); :meth:`Duel.replay` rebuilds it exactly.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Callable

from . import carddb
from .decisions import Decision, IllegalAction, Refusal, norm
from .game import Game
from .model import Gen
from .objects import Card, Spell
from .refusals import explain
from .view import view


@dataclass(frozen=True)
class DuelOptions:
    """How a duel is played.

    ``ante``: each player sets aside the top card of their library after the
    first shuffle; the winner becomes the owner of both (a draw returns them).
    ``ante_face_up``: whether the ante is seen by both players.
    ``ante_excludes_basic``: basic lands are never anted (Shandalar's rule, a
    server option of the bot): the topmost card that is not a basic land is
    set aside instead, and nothing if the library holds only basic lands.
    ``format``: the name of the format (:mod:`engine.formats`) both decks
    were checked against when the duel was made; play does not depend on it.
    """

    ante: bool = False
    ante_face_up: bool = True
    starting_life: int = 20
    chooser: int | None = None  # who chooses to play or draw; None: chosen by the seed
    ante_excludes_basic: bool = False
    format: str = "casual"


class DeckError(ValueError):
    """A decklist that names unknown or unimplemented cards, or is too small."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def check_deck(names: list[str], minimum: int = 0) -> None:
    problems = []
    for n in sorted(set(names)):
        try:
            carddb.get(n)
        except carddb.UnknownCard as e:
            problems.append(str(e))
    if len(names) < minimum:
        problems.append(f"the deck has {len(names)} cards; at least {minimum} are needed")
    if problems:
        raise DeckError(problems)


class Duel:
    """A duel in progress: :attr:`pending` is the decision it waits for."""

    def __init__(self, factory: Callable[[], tuple[Game, Gen]], *, seed: int = 0,
                 decks: tuple[list[str], list[str]] = ([], []), options: DuelOptions = DuelOptions()) -> None:
        self._factory = factory
        self.seed = seed
        self.decks = decks
        self.options = options
        self.history: list[tuple[int, str]] = []
        self.game, self._proc = factory()
        self.pending: Decision | None = None
        self._advance(None)

    # ---------------------------------------------------------- creation
    @classmethod
    def new(cls, seed: int, decks: tuple[list[str], list[str]], options: DuelOptions = DuelOptions(),
            names: tuple[str, str] = ("alice", "bob")) -> "Duel":
        for d in decks:
            check_deck(d)

        def factory() -> tuple[Game, Gen]:
            g = Game(seed, names, options)
            for p, deck in enumerate(decks):
                for i, n in enumerate(deck):
                    card = g.new_card(carddb.get(n), p, "library")
                    card.origin = (p, i)  # which card of the decklist: see final_owners()
                    g.players[p].library.append(card)
            return g, g.run()
        return cls(factory, seed=seed, decks=(list(decks[0]), list(decks[1])), options=options)

    def fresh(self) -> "Duel":
        """The same duel from its start (no answers)."""
        return Duel(self._factory, seed=self.seed, decks=self.decks, options=self.options)

    def replay(self, history: list[tuple[int, str]]) -> "Duel":
        """Apply a list of answers (as :attr:`history` records them); returns self."""
        # Nothing looks at the decisions in between: they list their choices only when
        # an answer needs them (most are "pass"); the one left pending is listed at the end.
        self.game.list_later = True
        try:
            for p, text in history:
                if text == "concede":
                    self.concede(p)
                else:
                    self.apply(text, player=p)
        finally:
            self.game.list_later = False
            if self.pending is not None:
                self.pending.choices  # noqa: B018 - listed now, while the game is as it was asked
        return self

    # ----------------------------------------------------------- playing
    def _advance(self, answer: str | None) -> None:
        try:
            self.pending = next(self._proc) if answer is None else self._proc.send(answer)
        except StopIteration:
            self.pending = None

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def winner(self) -> int | None:
        return self.game.winner

    @property
    def playing(self) -> Game:
        """The game the pending decision belongs to: the duel's own, or the
        subgame under way inside it (Shahrazad; see :mod:`engine.subgame`),
        innermost first. :attr:`game` is always the duel's."""
        g = self.game
        while g.subgame is not None:
            g = g.subgame
        return g

    def legal_actions(self) -> tuple[str, ...]:
        return self.pending.choices if self.pending else ()

    def parse(self, text: str, player: int | None = None) -> str:
        """The canonical form of an answer, or :class:`IllegalAction`."""
        d = self.pending
        if d is None:
            raise IllegalAction("the duel is over", Refusal.OVER)
        if player is not None and player != d.player:
            raise IllegalAction(f"it is {self.game.players[d.player].name}'s decision, not "
                                f"{self.game.players[player].name}'s", Refusal.NOT_YOUR_DECISION)
        try:
            return d.parse(text)
        except IllegalAction as e:
            if e.reason is not None:
                raise
            raise explain(self.game, d, norm(text), e) from None

    def apply(self, text: str, player: int | None = None) -> None:
        """Answer the pending decision; :class:`IllegalAction` leaves the duel unchanged."""
        canon = self.parse(text, player)
        who = self.pending.player  # type: ignore[union-attr]
        self.history.append((who, canon))
        self._advance(canon)

    def concede(self, player: int) -> None:
        if self.game.over:
            raise IllegalAction("the duel is over")
        g = self.game
        g.players[player].conceded = True
        g.log(f"{g.players[player].name} concedes.")
        g.end(1 - player, f"{g.players[player].name} conceded")
        self.history.append((player, "concede"))
        self.pending = None
        self._proc.close()

    # ------------------------------------------------------------ looking
    def final_owners(self) -> dict[tuple[int, int], int]:
        """Who owns each card of the two decklists now, by ``(player, index)``.

        Every card dealt from a decklist is found wherever it is (any zone,
        or being cast).  Ownership differs from the deck it came from only
        through ante: the winner of a duel played for ante owns both ante
        cards, and ante cards such as Bronze Tablet or Tempest Efreet exchange
        owners.  The bot applies these changes to the players' collections
        when the duel is over.
        """
        g = self.game
        cards = [c for pl in g.players for z in ("library", "hand", "graveyard", "removed", "ante")
                 for c in pl.zone(z)] + list(g.battlefield) + list(g.limbo)
        return {c.origin: c.owner for c in cards if c.origin is not None and not c.token}

    def state_hash(self) -> str:
        """A digest of everything in the state, hidden cards included."""
        return hashlib.sha256(repr(snapshot(self.game)).encode()).hexdigest()[:16]

    def view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)


def snapshot(g: Game) -> tuple:
    def card(c: Card) -> tuple:
        return (c.oid, c.name, c.owner, c.controller, c.tapped, c.damage, tuple(sorted(c.counters.items())),
                c.sick, c.attached_to, tuple(sorted(map(str, c.chosen.items()))), c.face_down)

    def spell(s: Spell) -> tuple:
        return (s.sid, s.name, s.controller, s.x, s.countered, tuple(map(repr, s.targets)))
    players = tuple((p.name, p.life, p.poison, p.pool.text(), p.lands_played,
                     tuple(card(c) for c in p.library), tuple(card(c) for c in p.hand),
                     tuple(card(c) for c in p.graveyard), tuple(card(c) for c in p.removed),
                     tuple(card(c) for c in p.ante)) for p in g.players)
    return (players, tuple(card(c) for c in g.battlefield), tuple(spell(s) for s in g.spells),
            tuple(spell(s) for s in g.batch), g.turn, g.active, g.phase, g.step, g.winner, g.over,
            len(g.effects), len(g.events), g.rng.getstate(),
            snapshot(g.subgame) if g.subgame is not None else None)
