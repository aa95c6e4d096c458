"""The vocabulary cards are written in.

A card is a :class:`CardDef`: its printed facts (from the card data) plus
behaviour assembled from small typed pieces:

* :class:`TargetSpec` -- what a spell or ability may target;
* :class:`SpellSpec` -- what an instant, sorcery or interrupt does;
* :class:`Ability` -- an activated ability (cost, targets, effect, speed);
* :class:`ManaAbility` -- a mana source that cannot be interrupted;
* :class:`Static` -- a continuous effect of a permanent in play;
* :class:`Trigger` -- something that happens when an event happens;
* :class:`engine.hooks.Hooks` -- the fixed points where the core asks an odd
  card (upkeep demands, draw replacements, combat restrictions, ...).

Effects are plain generator functions ``effect(g, ctx)``: they change the
game through :class:`engine.game.Game` helpers and may ``yield from``
a decision when a player must choose. That function is the escape hatch
for odd cards; common effects are built by :mod:`engine.effects`.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Generator, Union

from .hooks import NO_HOOKS, Hooks
from .mana import ManaCost

if TYPE_CHECKING:  # pragma: no cover
    from .ctx import Ctx
    from .decisions import Decision
    from .game import Game
    from .objects import Card, Chars, Player, Source, Spell

Gen = Generator["Decision", str, Any]
"""A rules procedure: yields decisions, receives the chosen answer text."""

EffectFn = Callable[["Game", "Ctx"], Gen]
"""A card's effect: ``effect(g, ctx)``, a rules procedure (see :mod:`engine.ctx`)."""

Target = Union["Card", "Player", "Spell", "Source"]
"""What a target slot may hold: a permanent or graveyard card, a player, a
spell or effect being cast, a source of pending damage (see :class:`Kind`)."""


class Aim(Enum):
    """How an effect treats what it targets, for telling whether using it
    could change anything (:mod:`engine.pointless`): an effect that HELPS
    what it targets (a pump, a keyword, damage prevention, life) is
    pointless on the opponent's side; one that HARMS it (damage,
    destruction, tapping, countering) is pointless on one's own side."""

    HELPS = "helps"
    HARMS = "harms"


@dataclass(frozen=True)
class Aiming:
    """An effect's :class:`Aim`, and ``matters(g, target)``: whether the
    effect would change anything on that target now (tapping a tapped
    creature changes nothing); None: it always would. ``combat_only``: it
    lasts until end of turn and changes nothing but how creatures fight or
    take damage (+N/+N, a keyword), so it matters only while a combat or
    damage is still to come (see :mod:`engine.pointless`)."""

    aim: Aim
    matters: Callable[["Game", Target], bool] | None = None
    combat_only: bool = False


_AIMS: "weakref.WeakKeyDictionary[EffectFn, Aiming]" = weakref.WeakKeyDictionary()


def aimed(effect: EffectFn, aim: Aim, matters: Callable[["Game", Target], bool] | None = None, *,
          combat_only: bool = False) -> EffectFn:
    """Say how ``effect`` treats its targets (see :class:`Aiming`); returns
    it. The effect builders of :mod:`engine.effects` say it for theirs; an
    effect with no aim said is never judged pointless."""
    _AIMS[effect] = Aiming(aim, matters, combat_only)
    return effect


def aim_of(effect: EffectFn | None) -> Aiming | None:
    """What :func:`aimed` said of ``effect``, None if nothing."""
    return _AIMS.get(effect) if effect is not None else None


SICK_ATTACK_OK = "can attack the turn it comes into play"
"""Keyword: a creature with it may attack although it came under its
controller's control this turn (Ball Lightning, Instill Energy)."""
SICK_TAP_OK = "can tap the turn it comes into play"
"""Keyword: a creature with it may use abilities whose cost includes {T}
(mana abilities too) although it came under its controller's control this
turn (Concordant Crossroads)."""
NO_TAP_ABILITIES = "cannot use {T} abilities"
"""Flag: the permanent's abilities (mana abilities too, regeneration too)
whose cost includes {T} cannot be used (Serra Bestiary)."""


class Speed(Enum):
    """How fast a spell or ability is."""

    SORCERY = "sorcery"  # main phase, own turn, nothing pending (sorceries, permanents)
    INSTANT = "instant"
    INTERRUPT = "interrupt"


class Kind(Enum):
    """What a target may be."""

    PERMANENT = "permanent"
    PLAYER = "player"
    SPELL = "spell"  # a spell or effect being cast
    GRAVEYARD_CARD = "graveyard card"
    SOURCE = "source"  # a source of damage pending in a prevention step


@dataclass(frozen=True)
class TargetSpec:
    """One target slot: ``kinds`` say where to look, ``test`` filters.

    ``test(g, ctx, obj)`` receives a permanent (:class:`Card`), a
    :class:`Player` or a :class:`Spell` as ``kinds`` allow.
    """

    what: str
    kinds: frozenset[Kind]
    test: Callable[["Game", "Ctx", Target], bool] | None = None
    # Targets for damage prevention name the receiver of damage; the spell is
    # legal only during a damage prevention step and only while that receiver
    # has damage pending.
    damaged: bool = False
    # The target is a source of damage about to hurt the controller (Circles of Protection).
    damage_source: bool = False
    # Who chooses this target as the spell or ability is announced: "controller", or
    # "opponent" (Cuombajj Witches: "target creature or player of target opponent's
    # choice"); the opponent's choice cannot be cancelled.
    chooser: str = "controller"
    # The one creature type this slot accepts ("target wall": "wall"), set by
    # ``effects.creature_of``: ``Game.admits`` then refuses a permanent that may not
    # be the target of effects that target only that type (Wall of Shadows, see
    # :func:`only_type_refused`).
    subtype: str = ""


def only_type_refused(subtype: str) -> str:
    """The flag of a permanent that may not be the target of spells or effects
    that can target only creatures of ``subtype`` (Wall of Shadows: "Effects that
    target only walls may not target Wall of Shadows"); ``Game.admits`` reads it."""
    return f"not a target of {subtype}-only effects"


@dataclass(frozen=True)
class Cost:
    """An activation or additional cost beyond mana."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False
    life: int = 0
    sacrifice_self: bool = False
    remove_self: bool = False  # remove this card from the game (Feldon's Cane)
    remove_counter: str = ""  # remove counters of this kind from the source (Triskelion)
    counters: int = 1  # how many remove_counter removes ("Remove three spore counters": Thallid)
    discard_random: int = 0  # discard this many cards at random from hand (Coral Helm)
    # discard a card of the player's choice from hand (Land's Edge); its name and
    # types are kept in the spell's ``chosen`` as "discarded" / "discarded_types"
    discard: bool = False
    # sacrifice a permanent of this type or subtype ("creature", "artifact",
    # "swamp": a land type is read through the card's text changes) of the
    # player's choice, chosen as the cost is paid (Ashnod's
    # Altar, Atog, Fallen Angel); its name is kept in ``chosen`` as
    # "sacrificed"; automatic payment never uses a mana ability with such a cost
    sacrifice: str = ""
    # how many permanents of that type the cost sacrifices ("Sacrifice two Goblins": Goblin Warrens)
    sacrifice_count: int = 1
    # the permanents sacrificed are removed from the game instead of going to the graveyard (Soul Exchange)
    sacrifice_removed: bool = False


@dataclass(frozen=True)
class SpellSpec:
    """What an instant, sorcery or interrupt does when it resolves.

    ``modes`` holds alternative ``(description, targets, effect)``: Healing
    Salve, the Elemental Blasts. A spell with one mode uses ``targets`` and
    ``effect``.
    """

    effect: EffectFn | None = None
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple["Mode", ...] = ()
    # Legal in a damage prevention step (prevention, redirection, healing).
    prevention: bool = False
    # choices announced on casting, see :class:`Announce`
    announce: tuple["Announce", ...] = ()
    # Fireball: any number of targets (min..max from the target spec list, the
    # first one repeated), with extra cost per target beyond the first.
    multi_target: bool = False
    extra_cost_per_target: int = 0
    # an additional cost beyond the mana cost (Goblin Grenade: "Sacrifice a
    # Goblin"): a sacrifice of a permanent of that type, chosen as the spell is
    # cast and paid with its mana; without one to sacrifice it cannot be cast
    cost: Cost | None = None
    # Spell Blast: X is set from the target rather than chosen
    x_from_target: Callable[["Game", "Ctx"], int] | None = None
    # Volcanic Eruption: "X target ...": exactly X targets (X is chosen first)
    targets_x: bool = False
    # Death Ward: a regeneration spell -- cast only when its target creature is
    # about to be destroyed (offered with regeneration abilities, see
    # DamageRules.offer_regeneration), never at other times.
    regenerate: bool = False
    # life paid as an additional cost as the spell is cast, with its mana
    # ("Pay 3 life to ...": Fumarole); lost even if the spell is then countered
    life: int = 0
    # X is the life its caster pays as it is cast (at least 1, at most their life), not mana:
    # "X damage ..., where X is equal to the amount of life you pay" (Fire Covenant); lost as
    # ``life`` is, even if the spell is then countered
    life_x: bool = False


@dataclass(frozen=True)
class Mode:
    description: str
    targets: tuple[TargetSpec, ...]
    effect: EffectFn
    prevention: bool = False
    # Healing Salve's "prevent" mode only exists in a damage prevention step
    # and its "give life" mode only outside one.
    only_in_prevention: bool = False
    not_in_prevention: bool = False


@dataclass(frozen=True)
class Announce:
    """A choice announced on casting: a color, a land type, tap/untap, a color
    word replacement, a permanent (Clone's creature to copy). ``options(g,
    ctx)`` lists the legal answers; for a choice of a permanent,
    ``permanents(g, ctx)`` lists them (``options`` are their references) and
    the spell keeps the chosen one's oid (see ``effects.announce_permanent``)."""

    key: str
    prompt: str
    options: Callable[["Game", "Ctx"], list[str]]
    permanents: Callable[["Game", "Ctx"], list["Card"]] | None = None


@dataclass(frozen=True)
class Ability:
    """An activated ability (not a mana ability)."""

    text: str
    cost: Cost
    effect: EffectFn
    targets: tuple[TargetSpec, ...] = ()
    speed: Speed = Speed.INSTANT
    prevention: bool = False
    regenerate: bool = False  # used only when a creature is about to die
    # with ``regenerate``: it saves the permanent without regenerating it -- not tapped,
    # not taken out of combat (Pyramids: "prevents a land from being destroyed")
    saves_untapped: bool = False
    # extra legality: (g, card) -> bool (phase restrictions, "only during your upkeep")
    condition: Callable[["Game", "Card"], bool] | None = None
    # who may use it: "controller" or "any" (Armageddon Clock)
    who: str = "controller"
    # an upkeep/untap cost that may be paid several times in a phase; other
    # phase-bound effects without activation cost are used once per phase
    once_per_phase: bool = False
    once_per_turn: bool = False  # "use this ability only once each turn" (Instill Energy)
    x: bool = False  # the mana cost has an X chosen on activation
    announce: tuple[Announce, ...] = ()
    # where the card is when the ability may be used: "battlefield", or "graveyard": its owner
    # uses it from their graveyard ("If Whiteout is in your graveyard, you may sacrifice a
    # snow-covered land to return Whiteout to your hand"); the answer is ``activate CARD`` too
    zone: str = "battlefield"
    # with ``x``: "X target creatures": exactly X targets of the one target spec, as
    # SpellSpec.targets_x for a spell (Runed Arch)
    targets_x: bool = False


@dataclass(frozen=True)
class ManaAbility:
    """A mana source: tap (or pay) to add mana; cannot be interrupted."""

    produces: str  # symbols it may add, one per activation: "G", "C", "WUBRG"
    cost: Cost = field(default_factory=lambda: Cost(tap=True))
    amount: int = 1
    # the mana may be spent only as this named use allows (Mishra's Workshop:
    # "artifact spells"); see :data:`SPEND_USES`
    use: str = ""
    # with a sacrifice in the cost: how much mana, from the permanent
    # sacrificed (Priest of Yawgmoth: its casting cost)
    amount_from: Callable[["Game", "Card"], int] | None = None


SPEND_USES: dict[str, Callable[["Game", "Spell"], bool]] = {}
"""Restricted mana (:attr:`ManaAbility.use`): each use's name and the spells
and effects it may pay for. A card module registers the uses it needs with
:func:`spend_use`."""


def spend_use(name: str, allows: Callable[["Game", "Spell"], bool]) -> str:
    """Register a use of restricted mana; returns its name."""
    SPEND_USES[name] = allows
    return name


@dataclass(frozen=True)
class Static:
    """A continuous effect of a permanent in play.

    ``applies(g, source, card, chars)`` picks the affected permanents;
    ``modify(g, source, card, chars)`` changes their characteristics in place.
    ``active(g, source)`` may switch it off (default: non-creature artifacts
    switch off while tapped).
    """

    applies: Callable[["Game", "Card", "Card", "Chars"], bool]
    modify: Callable[["Game", "Card", "Card", "Chars"], None]
    active: Callable[["Game", "Card"], bool] | None = None
    # lower numbers apply first among the same timestamp: type-changing
    # effects before P/T changes of the same card
    layer: int = 5


class Event(Enum):
    """Events triggered effects listen for."""

    ENTERS = "enters"  # a permanent came into play
    TO_GRAVEYARD = "to graveyard"  # a permanent was put into a graveyard from play
    DAMAGE_DEALT = "damage dealt"  # after a damage prevention step, per packet
    TAPPED_FOR_MANA = "tapped for mana"
    SPELL_CAST = "spell cast"  # a spell was successfully cast
    # a spell or effect was announced (data: spell), before any interrupt:
    # it counts as cast even if it is then countered (Arboria)
    SPELL_ANNOUNCED = "spell announced"
    BEGIN_UPKEEP = "beginning of upkeep"
    END_UPKEEP = "end of upkeep"
    END_OF_COMBAT = "end of combat"
    END_OF_TURN = "end of turn"
    DRAW_STEP = "draw phase"
    BEGIN_MAIN = "beginning of main phase"  # data: player (whose main phase); Mana Drain
    BEGIN_DISCARD = "beginning of discard phase"  # data: player (whose discard phase); Necropotence
    # a player lost life (not damage: paying life, mana burn, Pox; data: player, amount), heard at
    # the next settle after the loss (Oath of Lim-Dûl); fired only while a permanent listens for it
    LIFE_LOST = "life lost"
    ATTACKS = "attacks"
    BLOCKS = "blocks"
    BLOCKERS_DECLARED = "blockers declared"  # once per attack, after every BLOCKS (data: combat)
    # a permanent became tapped, for any reason (Psychic Venom, Lifetap); see Game.note_taps
    BECOMES_TAPPED = "becomes tapped"
    # the cost of a permanent's activated ability was paid (data: spell), whether or not it is
    # then countered (Haunting Wind: "its activation cost is paid")
    ACTIVATED = "activated"
    # a card was discarded from a hand (data: player, card -- the new object, in the graveyard or
    # on the library (Library of Leng) --, by -- who caused it: see Game.discarded); the card
    # itself hears it where it went (Psychic Purge)
    DISCARDED = "discarded"
    # checked at each settle, for delayed triggers only (data: none): "as long as ..." effects
    # that end when something stops being true (Tawnos's Coffin untapped or gone)
    STATE = "state"


@dataclass(frozen=True)
class Trigger:
    """``when`` an event happens and ``condition(g, source, event_data)``
    holds, run ``effect(g, ctx)`` at once (triggers happen as their event
    happens; they are not cast and cannot be responded to)."""

    event: Event
    effect: EffectFn
    condition: Callable[["Game", "Card", dict[str, Any]], bool] | None = None
    # Works from the graveyard or elsewhere too (rare); default: while in play.
    zones: tuple[str, ...] = ("battlefield",)


@dataclass
class Delayed:
    """A triggered effect set up by a resolving spell or effect rather than
    printed on a permanent ("at end of turn, destroy ..."): appended to
    ``Game.delayed``, it runs when ``event`` happens (and ``condition(g,
    delayed, event_data)`` holds), once if ``once``; it lapses after turn
    ``turn`` if that is set. ``data`` is its own memory."""

    event: Event
    effect: EffectFn
    controller: int
    name: str
    condition: Callable[["Game", "Delayed", dict[str, Any]], bool] | None = None
    once: bool = True
    turn: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class CardDef:
    """Everything Manaburn knows about one card name."""

    name: str
    cost: ManaCost
    type_line: str
    types: frozenset[str]  # land creature artifact enchantment instant sorcery interrupt
    subtypes: frozenset[str]
    supertypes: frozenset[str]  # legend, basic, snow, world
    colors: frozenset[str]  # letters
    power: int | None
    toughness: int | None
    text: str
    keywords: frozenset[str] = frozenset()
    spell: SpellSpec | None = None
    enchant: TargetSpec | None = None  # local enchantments
    abilities: tuple[Ability, ...] = ()
    mana_abilities: tuple[ManaAbility, ...] = ()
    statics: tuple[Static, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    on_enter: EffectFn | None = None  # "when X comes into play"
    announce: tuple[Announce, ...] = ()  # choices made when a permanent spell is cast
    # extra rules hooks for odd cards, called by the core at the points
    # engine.hooks documents
    hooks: Hooks = NO_HOOKS
    set_code: str = ""
    rarity: str = ""
    scryfall_id: str = ""
    oracle: str = ""

    @property
    def is_permanent(self) -> bool:
        return bool(self.types & {"land", "creature", "artifact", "enchantment"})


def kinds(*ks: Kind) -> frozenset[Kind]:
    return frozenset(ks)

