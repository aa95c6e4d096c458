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

Copies and snapshots (:meth:`Duel.clone`, :meth:`Duel.snapshot`,
:meth:`Duel.from_snapshot`) do not replay from the start. The rules
procedure is a stack of generators that cannot be copied, so it is made
restartable at *rest points* instead -- the top of a phase's opportunities in
the duel's own game, where nothing is under way -- and a copy is the game
saved at the latest rest point (pickled, see :mod:`engine.snapshot`), resumed
there, with the few answers given since replayed. The answers stay the
truth: a stored snapshot made by another engine version is ignored and the
duel replayed from its history.

>>> d.pending.kind.name, d.at_rest
('OPPORTUNITY', True)
>>> d.clone().state_hash() == d.state_hash()
True
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Callable

from . import carddb, snapshot as snap
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
    ``computer_level``: how well the computer plays its seat in a duel against
    the computer (:data:`engine.players.computer.LEVELS`), "" otherwise; kept with the
    duel so that the seat can be named plainly ("Computer"). Play does not
    depend on it.
    """

    ante: bool = False
    ante_face_up: bool = True
    starting_life: int = 20
    chooser: int | None = None  # who chooses to play or draw; None: chosen by the seed
    ante_excludes_basic: bool = False
    format: str = "casual"
    computer_level: str = ""


class DeckError(ValueError):
    """A decklist that names unknown or unimplemented cards, or is too small."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def check_deck(names: list[str], minimum: int = 0) -> None:
    problems = carddb.unknown(sorted(set(names)))
    if len(names) < minimum:
        problems.append(f"the deck has {len(names)} cards; at least {minimum} are needed")
    if problems:
        raise DeckError(problems)


class SnapshotMismatch(AssertionError):
    """A game restored at a rest point did not ask the decision asked there:
    a bug in the rest points (see :mod:`engine.snapshot`)."""


class Duel:
    """A duel in progress: :attr:`pending` is the decision it waits for.

    ``keep_rest``: keep the game saved at the latest rest point (a pickle at
    each one, about a millisecond), so that :meth:`clone` and
    :meth:`snapshot` away from a rest point replay only the answers since it
    rather than the whole duel. Off by default: plain self-play pays nothing;
    the AI and the bot turn it on."""

    def __init__(self, factory: Callable[[], tuple[Game, Gen]], *, seed: int = 0,
                 decks: tuple[list[str], list[str]] = ([], []), options: DuelOptions = DuelOptions(),
                 keep_rest: bool = False) -> None:
        self._factory = factory
        self.seed = seed
        self.decks = decks
        self.options = options
        self.keep_rest = keep_rest
        # called with the duel whenever an answer brings it to a rest point (the bot stores a
        # snapshot at the first of each turn); not copied by clone()
        self.on_rest: Callable[[Duel], None] | None = None
        self.history: list[tuple[int, str]] = []
        # the latest rest point: (answers before it, its decision's signature, the game saved
        # there or b"" when not kept, and the objects those bytes share with this duel's game
        # or None: see snapshot.dumps); see at_rest
        self._rest: _Rest | None = None
        self.game, self._proc = factory()
        self.pending: Decision | None = None
        # the latest pending decision that was not hidden (Decision.hidden): what the
        # other player and spectators see while a spell from hand is put together
        self.shown: Decision | None = None
        self._advance(None)

    # ---------------------------------------------------------- creation
    @classmethod
    def new(cls, seed: int, decks: tuple[list[str], list[str]], options: DuelOptions = DuelOptions(),
            names: tuple[str, str] = ("alice", "bob")) -> "Duel":
        for d in decks:
            check_deck(d)

        return cls(_new_game(seed, decks, options, names), seed=seed, decks=(list(decks[0]), list(decks[1])),
                   options=options)

    @classmethod
    def from_snapshot(cls, seed: int, decks: tuple[list[str], list[str]], options: DuelOptions,
                      history: list[tuple[int, str]], blob: bytes | None,
                      names: tuple[str, str] = ("alice", "bob"), keep_rest: bool = False,
                      state_hash: str | None = None) -> "Duel":
        """The duel :meth:`new` + :meth:`replay` would give, started from
        ``blob`` (what :meth:`snapshot` gave, at any earlier point of this
        same history) and replaying only the answers after it. A blob that
        another engine version made, that belongs to another duel or that
        fails to load in any way is ignored: the whole history is replayed
        (a snapshot is only a cache). The blob is untrusted input: it is read
        by :class:`engine.snapshot.StoredUnpickler`, which builds only the
        engine's own things. ``state_hash``: :meth:`state_hash` of the duel at
        the snapshot's point (stored with the answer it was taken after); a
        snapshot whose game hashes otherwise is ignored too. ``keep_rest``:
        see :class:`Duel`."""
        for d in decks:
            check_deck(d)
        factory = _new_game(seed, decks, options, names)
        kw: dict[str, Any] = {"seed": seed, "decks": (list(decks[0]), list(decks[1])), "options": options}
        if blob:
            try:
                index, rest, key, game_bytes = snap.unpack(blob)
                if index > len(history) or key != _history_key(seed, decks, options, names, history[:index]):
                    raise snap.StaleSnapshot("the snapshot belongs to another duel")
                return cls._resumed(factory, kw, history, (index, rest, game_bytes, None), keep_rest,
                                    stored=True, state_hash=state_hash)
            except KeyboardInterrupt:
                raise
            except BaseException:  # noqa: BLE001 - any failure (SystemExit too): the answers are the truth
                pass
        return cls(factory, keep_rest=keep_rest, **kw).replay(history)

    @classmethod
    def _resumed(cls, factory: Callable[[], tuple[Game, Gen]], kw: dict[str, Any], history: list[tuple[int, str]],
                 saved: "_Rest", keep_rest: bool = False, choices: tuple[str, ...] | None = None,
                 stored: bool = False, state_hash: str | None = None) -> "Duel":
        """A duel whose game is the one ``saved`` at a rest point (after
        ``index`` answers of ``history``: see ``Duel._rest``), resumed there,
        with the answers after it replayed. ``choices``: those of the rest
        point's decision, listed already (by the duel being cloned there),
        not listed again. ``stored``: the bytes are a stored snapshot's (untrusted, see
        :func:`engine.snapshot.loads_stored`), and its game must hash to ``state_hash``
        when one is given."""
        index, rest, game_bytes, shared = saved
        game = snap.loads_stored(game_bytes) if stored else snap.loads(game_bytes, shared)
        if stored and not isinstance(game, Game):
            raise SnapshotMismatch("a stored snapshot holds no game")
        d = cls(lambda: (game, game.run(resume=True)), **kw)
        d._factory, d.keep_rest = factory, keep_rest
        d.history = history[:index]
        p = d.pending
        if p is None or _signature(p) != rest or not d.at_rest:
            raise SnapshotMismatch(f"resumed at {rest}, asked {p and _signature(p)}")
        if state_hash is not None and d.state_hash() != state_hash:
            raise SnapshotMismatch("the snapshot's game is not the duel's state at its answer")
        if choices is not None and "_list_choices" in p.__dict__:  # the same decision: the same choices
            p.choices = choices  # type: ignore[assignment]
            del p._list_choices  # type: ignore[attr-defined]
        d._rest = saved
        return d.replay(history[index:])

    def fresh(self) -> "Duel":
        """The same duel from its start (no answers)."""
        return Duel(self._factory, seed=self.seed, decks=self.decks, options=self.options, keep_rest=self.keep_rest)

    # ---------------------------------------------------- copies, snapshots
    @property
    def at_rest(self) -> bool:
        """Whether the pending decision is at a rest point: the top of a
        phase's opportunities in the duel's own game (see :mod:`engine.snapshot`),
        where the game can be saved and resumed."""
        return self.pending is not None and self.pending is self.game.rest_decision

    def _saved_rest(self, to_store: bool = False) -> "_Rest | None":
        """The latest rest point with its game saved: now if the duel is at
        one, else the one kept (``keep_rest``), else None. Saved now, it is
        saved for a copy in this process (sharing what never changes with
        this duel's game, see :func:`engine.snapshot.dumps`) unless
        ``to_store``."""
        r = self._rest
        if self.at_rest:
            if r is None or r[0] != len(self.history) or not r[2] or (to_store and r[3] is not None):
                # kept until the next rest point (a duel cloned again here pickles nothing)
                shared: list[Any] | None = None if to_store else []
                r = self._rest = (len(self.history), _signature(self.pending),  # type: ignore[arg-type]
                                  snap.dumps(self.game, shared), shared)
            return r
        return r if r is not None and r[2] and not (to_store and r[3] is not None) else None

    def clone(self) -> "Duel":
        """A copy that goes on exactly as this duel would (same state, same
        pending decision, same history), sharing nothing that either of them
        changes (what never changes in place is shared: the cards in the
        libraries, the log's lines; see :mod:`engine.snapshot`).

        Made from the game saved at the latest rest point, resumed there,
        with the answers given since replayed: at a rest point nothing is
        replayed; elsewhere that needs ``keep_rest`` (or the whole duel is
        replayed). Cost: about a pickle and an unpickle of the game but
        for what it shares with this one."""
        kw: dict[str, Any] = {"seed": self.seed, "decks": self.decks, "options": self.options}
        if self.pending is None:  # over (or conceded): nothing to resume
            game = snap.loads(snap.dumps(self.game))
            d = Duel(lambda: (game, iter(())), keep_rest=self.keep_rest, **kw)  # type: ignore[arg-type, return-value]
            d._factory, d.history = self._factory, list(self.history)
            return d
        r = self._saved_rest()
        if r is None:
            d = Duel(self._factory, keep_rest=self.keep_rest, **kw)
            return d.replay(self.history)
        listed = self.pending.__dict__.get("choices") if self.at_rest else None
        return Duel._resumed(self._factory, kw, self.history, r, keep_rest=self.keep_rest, choices=listed)

    def snapshot(self, names: tuple[str, str] | None = None) -> bytes:
        """The duel as bytes for :meth:`from_snapshot`: the engine version,
        the game saved at the latest rest point, and how many answers of the
        history came before it. Made at a rest point, or from the one kept
        (``keep_rest``); ValueError otherwise."""
        r = self._saved_rest(to_store=True)
        if r is None:
            raise ValueError("the duel is not at a rest point and keeps none (keep_rest)")
        names = names or (self.game.players[0].name, self.game.players[1].name)
        key = _history_key(self.seed, self.decks, self.options, names, self.history[:r[0]])
        return snap.pack(r[0], r[1], key, r[2])

    def replay(self, history: list[tuple[int, str]]) -> "Duel":
        """Apply a list of answers (as :attr:`history` records them); returns self."""
        # Nothing looks at the decisions in between: they list their choices only when
        # an answer needs them (most are "pass"); the one left pending is listed at the end.
        try:
            for p, text in history:
                if text == "concede":
                    self.concede(p)
                else:
                    self.apply(text, player=p)
        finally:
            if self.pending is not None:
                self.pending.choices  # noqa: B018 - listed now, while the game is as it was asked
        return self

    # ----------------------------------------------------------- playing
    def _advance(self, answer: str | None) -> None:
        try:
            self.pending = next(self._proc) if answer is None else self._proc.send(answer)
        except StopIteration:
            self.pending = None
        if self.pending is None or not self.pending.hidden:
            self.shown = self.pending
        if self.pending is not None and self.pending is self.game.rest_decision:
            self._rest = (len(self.history), _signature(self.pending),
                          snap.dumps(self.game) if self.keep_rest else b"", None)
            if self.on_rest is not None:
                self.on_rest(self)

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

    def view(self, player: int | None, *, board: bool = True) -> dict[str, Any]:
        return view(self, player, board=board)


# a rest point (see Duel._rest): (answers before it, its decision's signature, the game saved
# there or b"", the objects those bytes share with the duel's game or None)
_Rest = tuple[int, tuple[int, str, str], bytes, "list[Any] | None"]


def _new_game(seed: int, decks: tuple[list[str], list[str]], options: DuelOptions,
              names: tuple[str, str]) -> Callable[[], tuple[Game, Gen]]:
    """What makes a new duel's game and procedure (see :meth:`Duel.new`)."""
    def factory() -> tuple[Game, Gen]:
        g = Game(seed, names, options)
        for p, deck in enumerate(decks):
            for i, n in enumerate(deck):
                card = g.new_card(carddb.get(n), p, "library")
                card.origin = (p, i)  # which card of the decklist: see final_owners()
                g.players[p].library.append(card)
        return g, g.run()
    return factory


def _signature(d: Decision) -> tuple[int, str, str]:
    """What identifies a rest point's decision when the game is resumed there."""
    return (d.player, d.kind.name, d.prompt)


def _history_key(seed: int, decks: tuple[list[str], list[str]], options: DuelOptions, names: tuple[str, str],
                 history: list[tuple[int, str]]) -> str:
    """A digest of a duel up to some answer: a stored snapshot is used only
    for the duel and the history it was made from."""
    # (repr, not pickle: pickle's bytes depend on which equal strings are the same object)
    return hashlib.sha256(repr((seed, [list(x) for x in decks], options, tuple(names), history)).encode()
                          ).hexdigest()[:16]


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
