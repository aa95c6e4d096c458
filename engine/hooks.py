"""The rules hooks: the points where the core asks an odd card what it does.

A card whose text the typed pieces of :mod:`engine.model` (abilities,
statics, triggers) cannot say plugs a small function into the
core at one of a fixed set of points. :class:`Hooks` lists every point a
permanent (or a card in hand or library) may use, :class:`EffectHooks` every
point a continuous :class:`~engine.objects.Effect` may use. Both are frozen
and keyword-only: a card naming a hook that does not exist fails when its
module is imported (``TypeError: ... unexpected keyword argument``), and the
core reads a hook as an attribute (``src.cdef.hooks.skip_turn``), never by a
string.

Conventions, for every hook below:

* ``g`` is the :class:`~engine.game.Game`; ``src`` the permanent whose hook
  it is (in play unless said otherwise); ``card`` the card itself when the
  hook is about the card carrying it; ``p`` a player index.
* A hook returning a plain value answers a question and must change nothing,
  unless its comment says it acts (``instead_of_life_gain``). One marked "without characteristics" is called while
  characteristics are being computed: it must not compute any (use printed
  values or ``Game.chars_basic``).
* A hook returning a ``Generator`` is a rules procedure: it may change the
  game and ``yield from`` decisions (``g.ask``), like a card effect; what it
  returns is said in its comment.
* "Called by" names the method of the core that calls it; the comment
  heading each group names its module. ``tests/test_hooks.py`` checks that every hook here is read
  somewhere in the core and that no hook is looked up by a string.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from .decisions import Decision
    from .game import Game
    from .mana import ManaCost
    from .model import Ability
    from .objects import Card, Chars, Packet, Player, Spell

    Proc = Generator[Decision, str, Any]
    """A rules procedure whose result is not used."""
    Asks = Generator[Decision, str, bool]
    """A rules procedure returning True or False."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Hooks:
    """The rules hooks of a card (``CardDef.hooks``); None means "no hook"."""

    # ----------------------------------------------------------- mana (casting.py)
    mana_symbols: Callable[[Game, Card, str], str] | None = None
    """Which of the symbols its mana ability produces it can make now
    (Fellwar Stone); "" means none. Called by ``CastingRules.mana_sources``."""
    mana_amount: Callable[[Game, Card], int] | None = None
    """How much one use of its mana ability adds (Mishra's Workshop-like
    counts). Called by ``CastingRules._mana_amount``."""
    mana_mix: Callable[[Game, Card], str] | None = None
    """The exact mana one use of its mana ability adds when that is several
    kinds at once, as symbols (Ice Cauldron's noted mana: ``"RRG"``); "" or
    no hook: ``amount`` of the one symbol tapped for. Read by
    ``CastingRules.tap_for_mana`` and, unit by unit, by ``mana_units``."""
    mana_choice: Callable[[Game, Card, int, int], Generator[Decision, str, int]] | None = None
    """``(g, card, p, amount)``: a choice made as its mana is drawn, returning
    the amount (Mana Batteries: remove charge counters for more). Called by
    ``CastingRules.tap_for_mana``."""
    extra_mana: Callable[[Game, Card, Card], int | str] | None = None
    """``(g, src, card)``: what ``src`` makes ``card`` add when tapped for
    mana: more of the same mana (int, Mana Flare) or other symbols (str,
    Gauntlet of Might). Called by ``CastingRules._extra_mana``; auto-pass
    never pays for the player while one is in play."""
    spend_as: Callable[[Game, Card, int], Iterable[tuple[str, str]]] | None = None
    """``(g, src, p)``: pairs (symbol needed, symbol paid with) ``p`` may
    substitute (Sunglasses of Urza: white as red). Called by
    ``CastingRules.cost_variants``."""

    # ----------------------------------------------------------- casting (casting.py)
    can_cast: Callable[[Game, int, Card], bool] | None = None
    """``(g, p, card)``: an extra condition for casting the card from hand.
    Called by ``CastingRules.castable``."""
    x_color: str | None = None
    """The color mana X must be paid with ("B": Drain Life). Read by
    ``CastingRules.castable`` and the casting procedure."""
    x_colors: Callable[[Game, Spell], dict[str, int]] | None = None
    """``(g, spell)``: how much of X must be paid with mana of each color, read
    from the spell's announced choices (Soul Burn: X paid with {B} and/or {R}
    as its caster announced). Read by the casting procedure, after X and the
    announcements."""
    min_x: int = 0
    """The least X of its activated abilities ("X cannot be 0": Aladdin's
    Lamp). Read by ``CastingRules.ability_usable`` and the casting procedure."""
    max_x: Callable[[Game, Card, int], int] | None = None
    """``(g, card, p)``: the most X ``p`` may choose for the card's spell ("X
    cannot be greater than the number of snow-covered lands you control":
    Winter's Chill). Read by the casting procedure."""
    forbids_play: Callable[[Game, Card, int, Card], bool] | None = None
    """``(g, src, p, card)``: ``src`` forbids ``p`` to cast or play ``card``
    (City in a Bottle). Called by ``CastingRules.play_forbidden``, not while
    ``src`` is switched off."""
    extra_cost: Callable[[Game, Card, Spell], int] | None = None
    """``(g, src, spell)``: generic mana added to the cost of a spell or
    activation (Gloom); negative for a reduction (Mana Matrix). Called by
    ``CastingRules.extra_cost``, not while ``src`` is switched off."""
    adjust_cost: Callable[[Game, Card, Spell, ManaCost], ManaCost] | None = None
    """``(g, src, spell, cost)``: the cost of ``spell`` (X chosen) after
    ``src`` (Power Artifact). Called by ``CastingRules.adjust_cost``."""
    usable_while_tapped: Callable[[Game, Card, Ability], bool] | None = None
    """``(g, card, ability)``: an ability of a tapped (switched-off) artifact
    that may still be used (an untap cost: Mana Vault). Called by
    ``CastingRules.ability_usable``."""
    can_be_targeted: Callable[[Game, Card, Spell], bool] | None = None
    """``(g, card, spell)``: whether ``spell`` may target the card (Lurker).
    Called by ``CastingRules.targetable``."""
    on_cast: Callable[[Game, Card, Spell], Proc] | None = None
    """``(g, src, spell)``: what happens as a spell is cast, before anyone may
    interrupt it (Nether Void). Called by ``CastingRules.announced``."""
    on_activate: Callable[[Game, Card, Spell], Proc] | None = None
    """``(g, src, spell)``: the same for an activated ability (Imprison).
    Called by ``CastingRules.announced``."""
    extra_land: Callable[[Game, Card, int, Card], bool] | None = None
    """``(g, src, p, card)``: ``p`` may play ``card`` as one more land this
    turn (Gaea's Touch). Called by ``CastingRules._land_plays``."""
    more_lands: Callable[[Game, Card, int], bool] | None = None
    """``(g, src, p)``: ``p`` may play any number of lands this turn
    (Fastbond). Called by ``CastingRules.more_lands``."""
    sacrifice_demand: Callable[[Game, Card, int], Iterable[Card]] | None = None
    """``(g, src, p)``: the permanents whose sacrifice would meet ``src``'s
    upkeep demand (Lord of the Pit). Called by
    ``CastingRules.sacrifice_demands``."""

    # ----------------------------------------------------------- combat (combat.py)
    can_attack: Callable[[Game, Card], bool] | None = None
    """``(g, card)``: an extra condition for the card to attack (Sea
    Serpent). Called by ``CombatRules.can_attack``."""
    attack_restriction: Callable[[Game, Card, Card], bool] | None = None
    """``(g, src, attacker)``: False forbids ``attacker`` to attack (Arboria).
    Called by ``CombatRules.can_attack``."""
    must_attack: Callable[[Game, Card, Card], bool] | None = None
    """``(g, src, creature)``: ``creature`` must attack if able. Called by
    ``CombatRules._attack_forcers``; without characteristics."""
    attack_limit: Callable[[Game, Card], int] | None = None
    """``(g, src)``: how many creatures may attack (Caverns of Despair).
    Called by ``CombatRules.combat_limit``."""
    block_limit: Callable[[Game, Card], int] | None = None
    """``(g, src)``: how many creatures may block. Called by
    ``CombatRules.combat_limit``."""
    attack_declaration: Callable[[Game, Card, list[Card]], str | None] | None = None
    """``(g, src, attackers)``: why this declaration of attackers as a whole is
    illegal, or None (Errantry, Orcish Conscripts: what other creatures
    attack). Called by ``CombatRules._read_attack``."""
    block_declaration: Callable[[Game, Card, list[tuple[Card, list[Card]]]], str | None] | None = None
    """``(g, src, plan)``: why this declaration of blockers as a whole
    ((attacker, its blockers) pairs) is illegal, or None (Imposing Visage,
    Orcish Conscripts). Called by ``CombatRules._read_blocks``."""
    attack_sacrifice: Callable[[Game, Card, Card], str | None] | None = None
    """``(g, src, attacker)``: the type of permanent ("land") the attacker's
    controller must sacrifice for it to attack, one for each such attacker, or
    None (Reclamation: no black creature attacks unless a land is sacrificed).
    Called by ``CombatRules.attack_sacrifices``."""
    attack_cost: Callable[[Game, Card, Card], ManaCost | None] | None = None
    """``(g, src, attacker)``: mana to pay for ``attacker`` to attack
    (Brainwash). Called by ``CombatRules.attack_cost``."""
    ignores_landwalk: Callable[[Game, Card, str], bool] | None = None
    """``(g, src, keyword)``: creatures with that landwalk may be blocked as
    if they had none (Quagmire). Called by ``CombatRules.landwalk_ignored``."""
    can_be_blocked_by: Callable[[Game, Card, Card], bool] | None = None
    """``(g, attacker, blocker)``: the attacker's own evasion. Called by
    ``CombatRules.can_block``."""
    can_block: Callable[[Game, Card, Card], bool] | None = None
    """``(g, blocker, attacker)``: the blocker's own restriction (Ironclaw
    Orcs). Called by ``CombatRules.can_block``."""
    block_cost: Callable[[Game, Card, Card], ManaCost | None] | None = None
    """``(g, blocker, attacker)``: the blocker's own additional cost to block
    that attacker (Hipparion), or None. Called by ``CombatRules.block_cost``;
    paid as blockers are declared."""
    block_restriction: Callable[[Game, Card, Card, Card], bool] | None = None
    """``(g, src, attacker, blocker)``: False forbids that block (Seeker).
    Called by ``CombatRules.can_block``."""
    takes_unblocked_damage: Callable[[Game, Card, int], bool] | None = None
    """``(g, src, defending player)``: ``src`` is dealt an unblocked
    attacker's damage instead of the player (Veteran Bodyguard). Called by
    ``CombatRules`` when unblocked damage is assigned."""

    # ----------------------------------------------------------- damage (damage.py)
    damage_source_colors: Callable[[Game, Card, frozenset[str]], frozenset[str]] | None = None
    """``(g, src, colors)``: the colors a source of damage of ``colors``
    counts as (Ghostly Flame: black and red sources are colorless). Called by
    ``DamageRules.deal_damage`` as a packet of damage is made."""
    redirect_damage: Callable[[Game, Card, Packet], Card | Player | None] | None = None
    """``(g, src, packet)``: the receiver the damage is dealt to instead, or
    None (Martyrs of Korlis). Called by ``DamageRules._auto_reduce``."""
    reduce_damage: Callable[[Game, Card, Packet], bool] | None = None
    """``(g, src, packet)``: True reduces the packet to 0 as it is dealt
    (Gaseous Form). Called by ``DamageRules._auto_reduce``."""
    damage_cap: Callable[[Game, Card, Packet], int | None] | None = None
    """``(g, src, packet)``: the most damage the packet may deal, or None
    (Forethought Amulet as it is dealt; Ali from Cairo after prevention).
    Called by ``DamageRules._auto_reduce`` and when damage is dealt."""
    buries: Callable[[Game, Card, Card], bool] | None = None
    """``(g, src, permanent)``: another permanent ``src`` buries as a state
    check (City in a Bottle); not while ``src`` is switched off. Called by
    ``DamageRules`` in the state checks."""
    state: Callable[[Game, Card], bool | str] | None = None
    """``(g, card)``: a state check of the card itself: True buries it,
    "destroy" destroys it ("bury if you control no islands"; Merchant Ship).
    Called by ``DamageRules`` in the state checks."""
    ignores_own_protection: bool | Callable[[Game, Card, Card], bool] = False
    """An aura not made illegal by the protection it grants itself: True, or
    ``(g, aura, host) -> bool`` (Blue Ward). Read by ``DamageRules.aura_legal``."""
    regenerates_itself: Callable[[Game, Card], Asks] | None = None
    """``(g, card)``: a creature about to be destroyed that regenerates by
    itself unless something is done (Clergy of the Holy Nimbus); returns True
    when it regenerates. Called by ``DamageRules.offer_regeneration``."""

    # ----------------------------------------------------------- characteristics (game.py)
    base_chars: Callable[[Game, Card, Chars], None] | None = None
    """``(g, card, chars)``: sets the card's own characteristics, standing in
    for printed ones before any effect (Primal Clay, Shapeshifter, dual
    lands). Called by ``Game._apply_effects``."""
    removes_abilities: Callable[[Game, Card, Card], bool] | None = None
    """``(g, src, card)``: ``card`` loses its abilities (Titania's Song).
    Called by ``Game.ability_strippers``; without characteristics."""
    animates: Callable[[Game, Card, Card], bool] | None = None
    """``(g, src, card)``: ``src`` makes ``card`` an artifact creature
    (Animate Artifact). Called by ``Game._chars_basic``; without
    characteristics."""

    # ----------------------------------------------------------- zones, life (game.py, effects.py)
    enters_tapped: Callable[[Game, Card, Card], bool] | None = None
    """``(g, src, permanent)``: the permanent comes into play tapped (Kismet).
    Called by ``Game.move``."""
    before_draw: Callable[[Game, Card, int, bool], Asks] | None = None
    """``(g, src, p, first draw of the draw phase)``: may replace one draw;
    returns True if it did. Called by ``Game.draw``."""
    each_draw: Callable[[Game, Card, int], Proc] | None = None
    """``(g, src, p)``: what happens after each card ``p`` draws. Called by
    ``Game.draw``."""
    instead_of_life_gain: Callable[[Game, Card, int, int], bool] | None = None
    """``(g, src, p, n)``: does something else instead of ``p`` gaining ``n``
    life and says so (Lich). Called by ``Game.gain_life``."""
    zero_life_ok: Callable[[Game, Card, int], bool] | None = None
    """``(g, src, p)``: ``p`` stays in the duel at 0 life or less (Lich).
    Called by ``Game.zero_life_ok``."""
    discard_to_library: Callable[[Game, Card, int], bool] | None = None
    """``(g, src, p)``: ``p`` may put a discarded card on top of the library
    instead (Library of Leng). Called by ``effects.discard_card``."""

    # ----------------------------------------------------------- turn (turn.py)
    ante_card: bool = False
    """A card removed from the deck when the duel is not for ante (Contract
    from Below). Read by ``TurnRules`` as the duel begins."""
    skip_turn: Callable[[Game, Card], Asks] | None = None
    """``(g, src)``: before the untap phase; returns True if the turn is
    skipped (Time Vault). Called by ``TurnRules.play_turn``."""
    skips_phase: Callable[[Game, Card, int, str], bool] | None = None
    """``(g, src, p, phase)``: ``p`` skips that phase of their turn, nothing
    of it happening (Necropotence: "Skip your draw phase"). Called by
    ``TurnRules.play_turn``."""
    may_stay_tapped: Callable[[Game, Card], bool] | None = None
    """``(g, card)``: its controller may choose not to untap it. Called by
    ``TurnRules`` in the untap phase."""
    kept_tapped: Callable[[Game, Card], None] | None = None
    """``(g, card)``: what happens when its controller chose not to untap it
    (the storage lands: a storage counter "instead"). Called by ``TurnRules``
    in the untap phase, after ``may_stay_tapped``."""
    untap_limit: Callable[[Game, Card, int, list[Card]], Generator[Decision, str, list[Card]]] | None = None
    """``(g, src, p, cards)``: returns which of ``cards`` untap (Smoke,
    Stasis). Called by ``TurnRules`` in the untap phase."""
    draw_count: Callable[[Game, Card, int, int], Generator[Decision, str, int]] | None = None
    """``(g, src, p, n)``: returns how many cards ``p`` draws in the draw
    phase instead of ``n``. Called by ``TurnRules.phase_draw``."""
    after_draw: Callable[[Game, Card, int], Proc] | None = None
    """``(g, src, p)``: what happens once the draw phase's draw is done
    (Sylvan Library). Called by ``TurnRules.phase_draw``."""
    hand_limit: Callable[[Game, Card, int, int | None], int | None] | None = None
    """``(g, src, p, limit)``: the most cards ``p`` may keep, None for no
    discarding at all (Cursed Rack, Library of Leng). Called by
    ``TurnRules.phase_discard``."""
    end_of_upkeep: Callable[[Game, Card], Proc] | None = None
    """``(g, card)``: upkeep demands of the card not yet carried out, as
    upkeep ends. Called by ``TurnRules.end_of_upkeep``."""

    # ----------------------------------------------------------- views (view.py)
    hands_revealed: Callable[[Game, Card], bool] | None = None
    """``(g, src)``: hands are played face up (Revelation). Called by
    ``Game.hands_revealed`` (for ``view.view``)."""

    hand_revealed: Callable[[Game, Card, int], bool] | None = None
    """``(g, src, p)``: player ``p`` plays with their hand face up (Enduring
    Renewal: its controller). Called by ``Game.hands_revealed`` (for
    ``view.view``)."""

    library_top_revealed: Callable[[Game, Card, int], bool] | None = None
    """``(g, src, p)``: player ``p`` plays with the top card of their library
    face up, for both players to see (Field of Dreams). Called by
    ``Game.library_top_revealed`` (for ``view.view`` and the privacy checks)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EffectHooks:
    """The rules hooks of a continuous effect (``Effect.hooks``): like a
    permanent's, but called without a source."""

    reduce_damage: Callable[[Game, Packet], bool] | None = None
    """``(g, packet)``: True reduces the packet to 0 as it is dealt (Fog).
    Called by ``DamageRules._auto_reduce``."""
    redirect_damage: Callable[[Game, Packet], Card | Player | None] | None = None
    """``(g, packet)``: the receiver the damage is dealt to instead, or None
    (Gaze of Pain: an unblocked attacker's damage to the defending player goes
    to a creature). Called by ``DamageRules._auto_reduce``, after the
    permanents' own."""
    chooses_blocks: Callable[[Game], int | None] | None = None
    """``(g)``: the player who chooses how the attacking creatures are blocked
    instead of the defending player, or None (Melee). Called by
    ``CombatRules.declare_blockers``."""
    prevention_offer: Callable[[Game], Proc] | None = None
    """Last in a damage prevention step, once both players passed: may offer
    a player to prevent damage still pending (Guardian Angel). Called by
    ``DamageRules.prevention_offers``."""
    removes_abilities: Callable[[Game, Card], bool] | None = None
    """``(g, card)``: ``card`` loses its abilities (Titania's Song after it
    left play). Called by ``Game.ability_strippers``; without
    characteristics."""
    must_attack: Callable[[Game, Card], bool] | None = None
    """``(g, creature)``: it must attack if able (Siren's Call). Called by
    ``CombatRules._attack_forcers``; without characteristics."""
    any_mana: Callable[[Game, Spell], bool] | None = None
    """``(g, spell)``: ``spell`` may be paid with mana of any type (North
    Star); the effect is used up by it. Called by
    ``CastingRules.any_mana_effect``."""
    land_mana: Callable[[Game, Card, Chars], str | None] | None = None
    """``(g, land, chars)``: the symbols the land's mana abilities provide
    instead of their own, or None (Deep Water). Called by
    ``CastingRules.mana_abilities``."""
    player_mana: Callable[[Game, int], list[tuple[str, str, int]]] | None = None
    """``(g, p)``: mana sources that are not a permanent's, as (via, symbols,
    life per mana) (Channel). Called by ``CastingRules.player_mana``."""


NO_HOOKS = Hooks()
"""A card without hooks (most cards): shared, since hooks never change."""
NO_EFFECT_HOOKS = EffectHooks()

