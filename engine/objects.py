"""The things a duel is made of: players, cards in zones, spells being cast,
damage packets, continuous effects and characteristics.

These are plain mutable records; the rules that change them live in the
``Game`` mixins (:mod:`engine.game`, :mod:`engine.casting`,
:mod:`engine.combat`, :mod:`engine.damage`, :mod:`engine.turn`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from .hooks import NO_EFFECT_HOOKS, EffectHooks
from .mana import Mana
from .tracked import _WRAP, Tracked, TrackedDict, TrackedSet

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .model import Ability, CardDef, Mode, Target

ZONES = ("library", "hand", "battlefield", "graveyard", "removed", "ante", "limbo")
FACE_DOWN = "Face-down creature"  # the name of a face-down permanent (Card.name)


@dataclass
class Player(Tracked):
    idx: int
    name: str
    life: int = 20
    poison: int = 0
    library: list["Card"] = field(default_factory=list)  # index 0 = top
    hand: list["Card"] = field(default_factory=list)
    graveyard: list["Card"] = field(default_factory=list)  # index 0 = top
    removed: list["Card"] = field(default_factory=list)
    ante: list["Card"] = field(default_factory=list)
    pool: Mana = field(default_factory=Mana)
    lands_played: int = 0
    drew_from_empty: bool = False
    attacked_this_turn: bool = False
    turns_begun: int = 0  # this player's turns begun so far (see Game.attacked_last_turn)
    conceded: bool = False
    mulliganed: bool = False
    lost_by: str = ""  # a card that made this player lose ("Lich left play"), see Game.check_losses
    last_drawn: int | None = None  # oid (in hand) of the card drawn last (Jandor's Ring)

    def zone(self, name: str) -> list["Card"]:
        return getattr(self, name)

    def __repr__(self) -> str:
        return f"Player({self.name})"


class _Lazy:
    """A card's container attribute made on first use (see :class:`Card`):
    read while absent, it is created empty and stored on the card."""

    __slots__ = ("name", "make")

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, card: "Card | None", owner: type) -> Any:
        if card is None:
            return self
        value = card.__dict__[self.name] = self.make()  # (not a change: an empty container)
        return value


class Card(Tracked):
    """One card (or token) in one zone. A card that changes zones becomes a
    new object with a new ``oid``: it forgets everything (5th Ed.).

    Cards compare by identity (no two objects share an ``oid``, so this is
    what comparing every field meant, minus the cost: ``in``, ``index`` and
    ``remove`` on zones are hot). Deliberately unhashable, as before: no sets
    of cards, whose order would depend on memory addresses.

    Compact, for copies (:meth:`engine.duel.Duel.clone` pickles every card of
    a game): an attribute at its default value is not kept in the card's
    ``__dict__`` but read from the class (:attr:`_defaults`; setting the
    default again changes nothing, see :class:`engine.tracked.Tracked`), and
    the containers (``counters``, ``chosen``, ``text_changes``,
    ``damaged_by``, ``phase_uses``, ``flags``) are made when first used.

    A card in a library is never changed in place (drawing it, or any other
    move, makes a new object), so a copy made in this process shares the
    cards of the libraries with its original (:func:`engine.snapshot.dumps`,
    ``shared``). Code that changes a card must not do it while the card is in
    a library: move it first (tests/test_clone.py checks this over random
    duels)."""

    __hash__ = None  # type: ignore[assignment]
    # changes counted for the characteristics cache (engine.tracked), but for these:
    # the kept printed values (derived) and the tapped state note_taps last saw
    _quiet = frozenset({"printed", "was_tapped"})

    oid: int
    cdef: "CardDef"
    owner: int
    zone: str
    controller: int
    timestamp: int = 0
    tapped: bool = False
    damage: int = 0
    counters: dict[str, int] = _Lazy(TrackedDict)  # type: ignore[assignment]
    sick: bool = False
    attached_to: int | None = None
    chosen: dict[str, Any] = _Lazy(TrackedDict)  # type: ignore[assignment]  # choices announced on casting
    token: bool = False
    color_override: frozenset[str] | None = None  # set by an interrupt while being cast
    text_changes: dict[str, str] = _Lazy(TrackedDict)  # type: ignore[assignment]  # Sleight of Mind: word -> word
    damaged_by: set[int] = _Lazy(TrackedSet)  # type: ignore[assignment]  # sources that damaged it this turn
    regenerated_in_combat: bool = False
    no_regen: bool = False
    remove_if_dies: bool = False  # Disintegrate
    upkeep_paid: int = 0  # cumulative upkeep counters / times paid
    phase_uses: dict[str, int] = _Lazy(TrackedDict)  # type: ignore[assignment]
    last_controller: int = -1
    face_down: bool = False  # face-down ante
    was_tapped: bool | None = None  # tapped state last seen by Game.note_taps (None: not seen yet)
    flags: dict[str, Any] = _Lazy(TrackedDict)  # type: ignore[assignment]
    # (player, index in that player's decklist) for a card dealt from a deck by
    # Duel.new, kept across zone changes: which physical card this is (the bot
    # maps it to an owned copy for ante). None for tokens and scripted cards.
    origin: tuple[int, int] | None = None
    # (cdef, color override, PrintedChars) kept by Game._printed: the printed characteristics
    # made once, not part of the state (derived from cdef, controller and color override;
    # cdef is checked too although no card code changes it: tests swap it to hide cards)
    printed: tuple["CardDef", frozenset[str] | None, "PrintedChars"] | None = None
    # A permanent copying another (Clone, Copy Artifact) has the copied definition as ``cdef``
    # while in play and keeps its own here: its printed name, the one it is referred to by,
    # and the definition it takes back when it changes zones (see effects.become_copy)
    own_cdef: "CardDef | None" = None

    def __init__(self, oid: int, cdef: "CardDef", owner: int, zone: str, controller: int, timestamp: int = 0,
                 **more: Any) -> None:
        """A new card: the five attributes every card has, its timestamp, and
        any other attribute above (``token=True``, ``origin=...``) whose
        value is not the default."""
        d = self.__dict__
        d.update(oid=oid, cdef=cdef, owner=owner, zone=zone, controller=controller)
        if timestamp:
            d["timestamp"] = timestamp
        for name, value in more.items():
            if name in MADE_ON_FIRST_USE:
                if value:
                    d[name] = _WRAP[value.__class__](value) if value.__class__ in _WRAP else value
            elif name not in Card._defaults:
                raise TypeError(f"Card() got an unexpected keyword argument {name!r}")
            elif value != Card._defaults[name] or value.__class__ is not Card._defaults[name].__class__:
                d[name] = value

    @property
    def name(self) -> str:
        """Its printed card name (a copy's own, see ``own_cdef``); a permanent
        in play face down (Illusionary Mask) is known to everyone, in the log,
        views and action text, as a face-down creature until it is turned face up."""
        if self.face_down and self.zone == "battlefield":
            return FACE_DOWN
        return (self.own_cdef or self.cdef).name

    def __repr__(self) -> str:
        return f"<{self.name}#{self.oid}>"


# the attributes made on first use, and those read from the class while at their default value
MADE_ON_FIRST_USE = frozenset(n for n, v in vars(Card).items() if isinstance(v, _Lazy))
Card._defaults = {n: vars(Card)[n] for n in Card.__annotations__ if n in vars(Card) and n not in MADE_ON_FIRST_USE}


@dataclass
class Chars:
    """A permanent's characteristics now, after continuous effects."""

    name: str
    types: set[str]
    subtypes: set[str]
    supertypes: set[str]
    colors: set[str]
    power: int | None
    toughness: int | None
    keywords: set[str]
    controller: int
    can_tap_for_mana: bool = True
    flags: set[str] = field(default_factory=set)  # "cannot attack", "unblockable", "doesn't untap", ...
    # activated abilities granted by continuous effects, after the printed ones
    # (Zombie Master's "{B}: Regenerate"); see Game.abilities_of
    abilities: list[Ability] = field(default_factory=list)
    # the power and toughness "as if printed" pluses and minuses add to: the printed
    # (or self-defined) values, then the last ones an effect set (see set_pt)
    pt_base: tuple[int | None, int | None] | None = None

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    def set_pt(self, power: int, toughness: int) -> None:
        """An effect makes the permanent a given power and toughness: "as if
        the card had that number printed on it, and any pluses or minuses are
        applied on top of that" (000, the Sorceress Queen example: a Hurloon
        Minotaur with Giant Strength made 0/2 is 2/4). Effects that set P/T
        call this rather than assign: what effects applied before it added to
        the old values stays added to the new ones."""
        base = self.pt_base or (None, None)
        plus_p = self.power - base[0] if self.power is not None and base[0] is not None else 0
        plus_t = self.toughness - base[1] if self.toughness is not None and base[1] is not None else 0
        self.pt_base = (power, toughness)
        self.power, self.toughness = power + plus_p, toughness + plus_t


class _NoAbilities(list):  # type: ignore[type-arg]
    """The empty, unchangeable ``abilities`` of :class:`PrintedChars`."""

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("printed characteristics are shared: they cannot be changed")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse  # type: ignore[assignment]
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]


_NO_ABILITIES = _NoAbilities()


class PrintedChars(Chars):
    """A permanent's printed characteristics, shared by every computation of
    its characteristics that no effect changes (``Game._printed``): the sets
    are frozensets and setting an attribute raises, so no holder can change
    what the others see."""

    @classmethod
    def make(cls, name: str, types: frozenset[str], subtypes: frozenset[str], supertypes: frozenset[str],
             colors: frozenset[str], power: int | None, toughness: int | None, keywords: frozenset[str],
             controller: int) -> "PrintedChars":
        c = object.__new__(cls)
        c.__dict__.update(name=name, types=types, subtypes=subtypes, supertypes=supertypes, colors=colors,
                          power=power, toughness=toughness, keywords=keywords, controller=controller,
                          can_tap_for_mana=True, flags=frozenset(), abilities=_NO_ABILITIES)
        return c

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("printed characteristics are shared: they cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise TypeError("printed characteristics are shared: they cannot be changed")


@dataclass
class Spell:
    """A spell or activated/triggered effect being cast or waiting in a batch."""

    sid: int
    controller: int
    card: Card | None  # the card being cast (in limbo), or None for an ability
    source: Card | None  # the permanent whose ability this is
    name: str
    ability: "Ability | None" = None
    mode: "Mode | None" = None
    targets: list[Target | None] = field(default_factory=list)  # None: a target no longer legal at resolution
    x: int = 0
    chosen: dict[str, Any] = field(default_factory=dict)
    colors: frozenset[str] = frozenset()
    countered: bool = False
    successfully_cast: bool = False
    interrupting: "Spell | None" = None
    types: frozenset[str] = frozenset()
    source_snapshot: dict[str, Any] = field(default_factory=dict)
    packet_from: str | None = None  # from=CARD for prevention
    paid: Mana = field(default_factory=Mana)

    def __repr__(self) -> str:
        return f"<spell {self.name}#{self.sid}>"


@dataclass(frozen=True)
class Source:
    """A source of pending damage, as a Circle of Protection targets it."""

    name: str
    oid: int | None
    colors: frozenset[str]
    types: frozenset[str]


@dataclass
class Packet:
    """Damage from one source to one receiver, pending in a prevention step."""

    source_name: str
    source_oid: int | None
    source_colors: frozenset[str]
    source_types: frozenset[str]
    source_controller: int
    receiver: Card | Player
    amount: int
    combat: bool = False
    original: int = 0
    spell_sid: int | None = None
    aimed: bool = False  # the source is a spell or effect that targets the receiver (Silhouette)
    spell_targets: frozenset[int] = frozenset()  # oids targeted by the spell dealing it (not an effect)
    # no damage can reach the receiver from this packet: reduced to 0 automatically
    # (protection) or by a "prevent all" effect (see DamageRules._trample_spill_after_prevention)
    absorbed: bool = False

    def describe(self) -> str:
        r = self.receiver.name
        return f"{self.amount} damage from {self.source_name} to {r}"


@dataclass
class Effect(Tracked):
    """A continuous effect begun by a resolved spell or effect.

    ``target`` is an oid (the effect ends when that object leaves play) or
    None for global effects. ``modify(g, card, chars)`` applies it.
    """

    timestamp: int
    target: int | None
    modify: Callable[[Game, Card, Chars], None]
    until: str = "eot"  # "eot" | "forever" | "while:<oid>"
    applies: Callable[[Game, Card, Chars], bool] | None = None
    layer: int = 5
    source_oid: int | None = None
    condition: Callable[[Game], bool] | None = None  # stays only while this holds
    # rules hooks of the effect itself, like CardDef.hooks of a permanent but
    # called without a source (see engine.hooks.EffectHooks)
    hooks: EffectHooks = NO_EFFECT_HOOKS
