"""Reusable pieces cards are built from: target specs, effects and statics.

Every effect here is a factory returning an effect function
``fn(g, ctx) -> Gen`` (see :mod:`engine.model`). Targets that became
illegal before resolution arrive as ``None`` in ``ctx.targets`` and are
skipped.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Iterable, cast

from . import carddb
from .ctx import Ctx
from .decisions import DecisionKind
from .hooks import EffectHooks
from .mana import COLOR_LETTERS, COLOR_NAMES, ManaCost
from .model import (Ability, Aim, Announce, CardDef, Cost, Delayed, EffectFn, Event, Gen, Kind, Static, Target, TargetSpec,
                    aim_of, aimed, kinds)
from .objects import Card, Chars, Effect, Player, Spell
from .refs import ref
from .words import counted

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

# ------------------------------------------------------------------ targets

def _perm(test: Callable[[Game, Ctx, Card], bool]) -> Callable[[Game, Ctx, Target], bool]:
    return lambda g, ctx, o: isinstance(o, Card) and o.zone == "battlefield" and test(g, ctx, o)


def permanent_target(what: str, test: Callable[[Game, Ctx, Card], bool] = lambda g, ctx, c: True) -> TargetSpec:
    return TargetSpec(what, kinds(Kind.PERMANENT), _perm(test))


def typed(t: str) -> Callable[[Game, Ctx, Card], bool]:
    return lambda g, ctx, c: t in g.chars(c).types


CREATURE = permanent_target("target creature", typed("creature"))
LAND = permanent_target("target land", typed("land"))
ARTIFACT = permanent_target("target artifact", typed("artifact"))
ENCHANTMENT = permanent_target("target enchantment", typed("enchantment"))
ARTIFACT_OR_ENCHANTMENT = permanent_target(
    "target artifact or enchantment", lambda g, ctx, c: bool(g.chars(c).types & {"artifact", "enchantment"}))
PERMANENT = permanent_target("target permanent")
PLAYER = TargetSpec("target player", kinds(Kind.PLAYER))
OPPONENT = TargetSpec("target opponent", kinds(Kind.PLAYER), lambda g, ctx, o: o.idx != ctx.controller)
CREATURE_OR_PLAYER = TargetSpec(
    "target creature or player", kinds(Kind.PERMANENT, Kind.PLAYER),
    lambda g, ctx, o: isinstance(o, Player) or "creature" in g.chars(o).types)
SPELL = TargetSpec("target spell", kinds(Kind.SPELL), lambda g, ctx, s: isinstance(s, Spell) and s.card is not None)
SPELL_OR_PERMANENT = TargetSpec(
    "target spell or permanent", kinds(Kind.SPELL, Kind.PERMANENT),
    lambda g, ctx, o: not isinstance(o, Spell) or o.card is not None)
DAMAGED_CREATURE_OR_PLAYER = TargetSpec(
    "creature or player being damaged", kinds(Kind.PERMANENT, Kind.PLAYER),
    lambda g, ctx, o: isinstance(o, Player) or "creature" in g.chars(o).types, damaged=True)
DAMAGED_CREATURE = TargetSpec("creature being damaged", kinds(Kind.PERMANENT),
                              lambda g, ctx, o: "creature" in g.chars(o).types, damaged=True)


def creature_where(what: str, test: Callable[[Game, Ctx, Card], bool]) -> TargetSpec:
    return permanent_target(what, lambda g, ctx, c: "creature" in g.chars(c).types and test(g, ctx, c))


def creature_of(subtype: str, what: str, test: Callable[[Game, Ctx, Card], bool] = lambda g, ctx, c: True) -> TargetSpec:
    """``target wall``: a creature of the creature type ``subtype`` (lower
    case) that passes ``test``. The slot accepts only that type, so the rule of
    permanents that may not be the target of such effects (Wall of Shadows)
    applies to it where targets are checked (``Game.admits``)."""
    spec = creature_where(what, lambda g, ctx, c: subtype in g.chars(c).subtypes and test(g, ctx, c))
    return replace(spec, subtype=subtype)


def colored_spell(word: str) -> TargetSpec:
    """``target red spell``: the color word may be changed by Sleight of Mind."""
    def test(g: Game, ctx: Ctx, s: Target) -> bool:
        col = COLOR_LETTERS[g.word(ctx.spell.card if ctx.spell else None, word)]
        return isinstance(s, Spell) and s.card is not None and col in s.colors
    return TargetSpec(f"target {word} spell", kinds(Kind.SPELL), test)


def colored_permanent(word: str) -> TargetSpec:
    def test(g: Game, ctx: Ctx, c: Target) -> bool:
        col = COLOR_LETTERS[g.word(ctx.spell.card if ctx.spell else None, word)]
        return isinstance(c, Card) and col in g.chars(c).colors
    return TargetSpec(f"target {word} permanent", kinds(Kind.PERMANENT), test)


# ------------------------------------------------------------------ effects

def each_target(ctx: Ctx) -> list[Any]:  # Any: see Ctx.targets
    return [t for t in ctx.targets if t is not None]


def damage(amount: int | Callable[[Game, Ctx], int]) -> EffectFn:
    """Deal damage to each target."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        n = amount(g, ctx) if callable(amount) else amount
        for t in each_target(ctx):
            g.deal_damage(ctx.spell, t, n)
        return
        yield
    return aimed(fn, Aim.HARMS)


def destroy_targets(bury: bool = False) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            g.destroy(t, bury=bury)
        return
        yield
    return aimed(fn, Aim.HARMS)


def destroy_lands(word: str) -> EffectFn:
    """Destroy all lands of the land type ``word`` names in the spell's text
    (Tsunami's "islands", Flashfires' "plains", after Magical Hack)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        for c in lands_of_type(g, ctx.source, None, word):
            g.destroy(c)
        return
        yield
    return fn


def destroy_all(test: Callable[[Game, Card], bool], bury: bool = False) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for c in list(g.battlefield):
            if test(g, c):
                g.destroy(c, bury=bury)
        return
        yield
    return fn


def until_eot(modify: Callable[[Game, Card, Chars], None]) -> EffectFn:
    """A change to each target creature until end of turn."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            if isinstance(t, Card):
                g.effects.append(Effect(g.stamp(), t.oid, modify, "eot"))
        return
        yield
    return fn


def pump_mod(p: int, t: int) -> Callable[[Game, Card, Chars], None]:
    def m(g: Game, card: Card, c: Chars) -> None:
        if c.power is not None:
            c.power += p
            c.toughness = (c.toughness or 0) + t
    return m


def set_pt_mod(p: int, t: int) -> Callable[[Game, Card, Chars], None]:
    def m(g: Game, card: Card, c: Chars) -> None:
        c.set_pt(p, t)
    return m


def keyword_mod(*kws: str) -> Callable[[Game, Card, Chars], None]:
    def m(g: Game, card: Card, c: Chars) -> None:
        c.keywords.update(kws)
    return m


def lose_keyword_mod(*kws: str) -> Callable[[Game, Card, Chars], None]:
    """The permanent loses each keyword, whatever it is followed by: losing
    "bands with other" takes away "bands with other legends" and "bands with
    other wolves of the hunt" alike (Shelkin Brownie), losing "rampage" any
    "rampage N". Applied in timestamp order like any change: an effect that
    grants the keyword later (a Cathedral of Serra coming into play
    afterwards) gives it back."""
    def m(g: Game, card: Card, c: Chars) -> None:
        c.keywords -= {k for k in c.keywords if any(k == w or k.startswith(w + " ") for w in kws)}
    return m


def flag_mod(*flags: str) -> Callable[[Game, Card, Chars], None]:
    def m(g: Game, card: Card, c: Chars) -> None:
        c.flags.update(flags)
    return m


def pump(p: int, t: int) -> EffectFn:
    """+p/+t until end of turn: it helps what it targets when neither is
    negative, harms it when neither is positive; unless it lowers toughness
    (which may kill), it matters only in combat or against damage."""
    fn = until_eot(pump_mod(p, t))
    if p >= 0 and t >= 0:
        return aimed(fn, Aim.HELPS, combat_only=True)
    if p <= 0 and t <= 0:
        return aimed(fn, Aim.HARMS, combat_only=t == 0)
    return fn


def grant(*kws: str) -> EffectFn:
    """Each target creature gains the keywords until end of turn, as the text of
    the spell or ability's card now reads them (Magical Hack may have made Cave
    People's "mountainwalk" a "forestwalk")."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        yield from until_eot(keyword_mod(*(g.swap_words(k, ctx.source) if ctx.source else k for k in kws)))(g, ctx)
    return aimed(fn, Aim.HELPS, combat_only=True)


def gain_life(n: int) -> EffectFn:
    """The targeted player (or the controller) gains life."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        who = [t for t in each_target(ctx) if isinstance(t, Player)] or [ctx.me]
        for p in who:
            g.gain_life(p.idx, n)
        return
        yield
    return aimed(fn, Aim.HELPS)


def prevent_to_target(n: int | None) -> EffectFn:
    """Prevent up to n damage to the target creature or player (None: all)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            g.prevent(t, n, source_name=ctx.spell.packet_from if ctx.spell else None)
        return
        yield
    return aimed(fn, Aim.HELPS)


def counter_target() -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            if isinstance(t, Spell):
                t.countered = True
                g.log(f"{t.name} is countered.")
        return
        yield
    return aimed(fn, Aim.HARMS)


def tap_targets() -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            t.tapped = True
        return
        yield
    return aimed(fn, Aim.HARMS, matters=lambda g, t: isinstance(t, Card) and not t.tapped)


def untap_targets(g: Game, ctx: Ctx) -> Gen:
    """Untap the target permanents (Jandor's Saddlebags, Instill Energy, Vodalian
    Mage...): the ones still in play and tapped as the effect resolves."""
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield" and t.tapped:
            t.tapped = False
            g.log(f"{t.name} untaps.")
    return
    yield


def return_source_to_hand(g: Game, ctx: Ctx) -> Gen:
    """"Return X to owner's hand" of an ability's own source (Blinking Spirit,
    Foul Familiar, Leshrac's Sigil): nothing if it has left play meanwhile."""
    src = ctx.source
    if src is not None and src in g.battlefield:
        g.move(src, "hand")
        g.log(f"{src.name} returns to its owner's hand.")
    return
    yield


def bounce_targets() -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            if isinstance(t, Card) and t.zone == "battlefield":
                g.move(t, "hand")
                g.log(f"{t.name} returns to its owner's hand.")
        return
        yield
    return fn


def change_color(word: str) -> EffectFn:
    """Thoughtlace and friends: a spell's color, or a permanent's for good."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        col = frozenset({COLOR_LETTERS[g.word(ctx.spell.card if ctx.spell else None, word)]})
        for t in each_target(ctx):
            if isinstance(t, Spell):
                t.colors = col
                if t.card is not None:
                    t.card.color_override = col
            elif isinstance(t, Card):
                def m(g2: Game, card: Card, c: Chars, col: frozenset[str] = col) -> None:
                    c.colors = set(col)
                g.effects.append(Effect(g.stamp(), t.oid, m, "forever", layer=2))
            g.log(f"{t.name} becomes {COLOR_NAMES[next(iter(col))]}.")
        return
        yield
    return fn


def color_until_eot(word: str) -> EffectFn:
    """Each target creature becomes the color ``word`` names in the spell's
    text until end of turn (Touch of Darkness's "black", Sylvan Paradise's
    "green", after Sleight of Mind); a color change (layer 2)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        col = COLOR_LETTERS[g.word(ctx.source, word)]
        for t in each_target(ctx):
            if isinstance(t, Card):
                g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c, col=col: setattr(c, "colors", {col}),
                                        "eot", layer=2))
                g.log(f"{t.name} becomes {COLOR_NAMES[col]} until end of turn.")
        return
        yield
    return fn


def graveyard_to_hand() -> EffectFn:
    """Each target card still in a graveyard returns to its owner's hand
    (Regrowth; Raise Dead)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        for c in each_target(ctx):
            if c.zone == "graveyard":
                g.move(c, "hand")
                g.log(f"{c.name} returns from {g.players[c.owner].name}'s graveyard to their hand.")
        return
        yield
    return fn


def draw_cards(n: int) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        yield from g.draw(ctx.controller, n)
    return fn


def draw_next_upkeep(g: Game, ctx: Ctx) -> Gen:
    """"Draw a card at the beginning of the next turn" (Ice Age's cantrips:
    Flare, Gravebind, Mind Ravel, Portent, Heal, Enervate; the Ice Age rulebook
    says the cards printed "at the beginning of the next turn" and "... of the next
    turn's upkeep" mean the same moment): a delayed effect drawing the card as the
    next turn's upkeep begins (the untap phase has no effects; Gravebind's
    text says "at the beginning of the next turn's upkeep"). The caster draws
    it even if the spell's targets were gone, as long as it resolved."""
    p, name = ctx.controller, ctx.source_name
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, _draw_delayed, p, name, turn=g.turn + 1,
                             condition=lambda g2, d, data, t=g.turn: g2.turn > t))
    return
    yield


def _draw_delayed(g: Game, ctx: Ctx) -> Gen:
    g.log(f"{ctx.me.name} draws a card ({ctx.data['delayed'].name}).")
    yield from g.draw(ctx.controller, 1)


def set_aside_top_card(g: Game, p: int, why: str) -> Card | None:
    """Player ``p`` sets the top card of their library aside face down until
    the beginning of their next discard phase, when it is put into their hand
    (Necropotence). It waits in the removed pile, face down: no one sees what
    it is (its owner neither, as the cards were set aside unseen), the views
    show "(face down)" (engine.view), and nothing that counts the cards
    removed from the game may take it (``Card.flags["set_aside"]``).
    Returns the card, None with an empty library."""
    pl = g.players[p]
    if not pl.library:
        g.log(f"{pl.name} has no card to set aside ({why}).")
        return None
    c = g.move(pl.library[0], "removed")
    c.face_down = True
    c.flags["set_aside"] = True
    g.log(f"{pl.name} sets aside the top card of their library face down ({why}).")
    if not any(d.name == "set aside" and d.controller == p for d in g.delayed):
        g.delayed.append(Delayed(Event.BEGIN_DISCARD, _set_aside_return, p, "set aside",
                                 condition=lambda g2, d, data: data.get("player") == d.controller))
    return c


def set_aside_playable(g: Game, p: int, card: Card, why: str, **flags: object) -> Card:
    """Set ``card`` (of player ``p``'s) aside face up, ``p`` being allowed to
    play it as though it were in their hand (Elkin Bottle's top card, the
    spell put on Ice Cauldron): it waits in ``p``'s removed pile with
    ``flags["playable_by"] = p`` (and the caller's ``flags``, which it keeps
    while being cast), where ``Game.playable_elsewhere`` finds it. What
    becomes of it if it is not played is the caller's to say. Returns it."""
    c = g.move(card, "removed")
    c.flags["playable_by"] = p
    c.flags.update(flags)
    g.log(f"{g.players[p].name} sets {c.name} aside face up ({why}); they may play it as though it were in their hand.")
    return c


def _set_aside_return(g: Game, ctx: Ctx) -> Gen:
    """The beginning of the discard phase of the player who set cards aside:
    they are put into that player's hand, in the order they were set aside."""
    pl = ctx.me
    back = [c for c in reversed(pl.removed) if c.flags.get("set_aside")]
    for c in back:
        g.move(c, "hand")
    if back:
        g.log(f"{pl.name} puts {counted(len(back), 'card')} set aside into their hand.")
    return
    yield


def sequence(*fns: EffectFn) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for f in fns:
            yield from f(g, ctx)
    return fn


def nothing(g: Game, ctx: Ctx) -> Gen:
    return
    yield


# ------------------------------------------------------------------ words of a card's text
#
# What a card's text says about a land type or a color is read through the card's
# text changes (Magical Hack, Sleight of Mind): ``g.word(card, "swamp")`` for a word,
# ``g.swap_words("swampwalk", card)`` for a keyword holding one. The pieces below
# do it for the common cases; a card reading such a word any other way would not
# see its text change.

def lands_of_type(g: Game, card: Card | None, p: int | None, word: str) -> list[Card]:
    """The lands (of player ``p``, or everyone's for None) with the land type
    ``word`` names in ``card``'s text. Lands only: Island Fish Jasconius's
    creature type "Island Fish" is read as the subtypes island and fish."""
    return [c for c in g.permanents(p, subtype=g.word(card, word)) if "land" in g.chars(c).types]


def snow_covered_lands(g: Game, p: int | None, land_type: str | None = None) -> list[Card]:
    """The snow-covered lands of player ``p`` (everyone's for None), of one
    basic land type if given: what Ice Age's "if you control any snow-covered
    lands" and "the number of snow-covered lands" count. Snow-covered is the
    supertype ``snow`` (the Snow-Covered basic lands); an effect that makes a
    land non-snow-covered (Melting) takes it out of the land's characteristics."""
    return [c for c in g.permanents(p, type_="land", subtype=land_type) if "snow" in g.chars(c).supertypes]


def land_type_static(word: str) -> Callable[[Game, Card, Card, Chars], bool]:
    """``Static.applies`` of a static that changes every land of the land type
    ``word`` names in its source's text (Kormus Bell's "swamps", Living
    Lands' "forests", Conversion's "mountains")."""
    def applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
        # g.word inlined: this runs for every permanent in every computation of characteristics
        return "land" in c.types and (src.text_changes.get(word, word) if src.text_changes else word) in c.subtypes
    return applies


def only_blocked_by(word: str) -> Callable[[Game, Card, Card, Card], bool]:
    """Hook ``block_restriction`` of an aura: the enchanted creature can be
    blocked only by creatures of the color ``word`` names in the aura's text,
    and artifact creatures (Fear: black; Seeker: white)."""
    def test(g: Game, src: Card, attacker: Card, blocker: Card) -> bool:
        if src.attached_to != attacker.oid:
            return True
        b = g.chars(blocker)
        return COLOR_LETTERS[g.word(src, word)] in b.colors or "artifact" in b.types
    return test


def colors_in_text(g: Game, card: Card, c: Chars) -> None:
    """Hook ``base_chars`` of a card whose text box names its own colors
    (Crimson Kobolds' "Kobolds are a red creature", Marsh Goblins' "counts as
    both a black card and a red card"): the colors are words of its text, so a
    text change (Sleight of Mind: red->blue) changes them, as Magical Hack
    changes a dual land's land types."""
    if card.text_changes and card.color_override is None:
        c.colors = {COLOR_LETTERS[g.word(card, COLOR_NAMES[x])] for x in card.cdef.colors}


def aura_keywords(*kws: str) -> Static:
    """The enchanted creature has the keywords as the aura's text reads them
    (Burrowing's "mountainwalk")."""
    return Static(applies=enchanted,
                  modify=lambda g, src, card, c: c.keywords.update(g.swap_words(k, src) for k in kws),
                  active=lambda g, src: True)


# ------------------------------------------------------------------ statics

def enchanted(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return src.attached_to == card.oid


def aura(modify: Callable[[Game, Card, Chars], None], layer: int = 5) -> Static:
    """The enchanted permanent is changed while the aura is on it."""
    return Static(applies=enchanted, modify=lambda g, src, card, c: modify(g, card, c),
                  active=lambda g, src: True, layer=layer)


def static_for(test: Callable[[Game, Card, Card, Chars], bool], modify: Callable[[Game, Card, Chars], None],
               layer: int = 5) -> Static:
    return Static(applies=test, modify=lambda g, src, card, c: modify(g, card, c), layer=layer)


def self_only(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return src is card


# ------------------------------------------------------------------ upkeep

def whose_player(g: Game, card: Card, whose: str) -> int | None:
    """The player an upkeep demand belongs to."""
    if whose == "enchanted controller":
        host = g.enchanted(card)
        return None if host is None else g.controller(host)
    if whose == "each":
        return g.active
    return g.controller(card)


def upkeep_of(whose: str = "controller") -> Callable[[Game, Card], bool]:
    """Condition: during the upkeep of the player the demand belongs to."""
    def cond(g: Game, card: Card) -> bool:
        return g.phase == "upkeep" and g.step == "upkeep" and whose_player(g, card, whose) == g.active
    return cond


class _OutsideUpkeep:
    """The game as :func:`upkeep_only` shows it to a condition: the same in
    every respect but that the phase and step are the main phase."""

    phase = "main"
    step = "main"

    def __init__(self, g: Game) -> None:
        self._g = g

    def __getattr__(self, name: str) -> Any:
        return getattr(self._g, name)


def upkeep_only(g: Game, card: Card, ab: Ability) -> bool:
    """Is ``ab`` of ``card`` an upkeep effect: usable now only because it is
    its player's upkeep? Its condition, read as if the phase were not the
    upkeep (every "during upkeep" condition reads the phase through
    :func:`upkeep_of`, whatever else it tests), no longer holds. It reads
    the game and changes nothing."""
    if ab.condition is None or not ab.condition(g, card):
        return False
    return not ab.condition(cast("Game", _OutsideUpkeep(g)), card)


def during_upkeep(text: str, effect: EffectFn, *, whose: str = "controller",
                  mana: str = "", repeat: bool = False) -> tuple[Ability, Callable[[Game, Card], Gen]]:
    """Something a card makes happen "during upkeep": a fast effect the
    player carries out with ``activate CARD`` at any of their opportunities
    that upkeep; if it is mandatory and not done by the end of upkeep, it
    happens then by itself. Returns ``(ability, end_of_upkeep_hook)``."""
    ab = Ability(text, Cost(ManaCost.parse(mana)), effect, who=whose if whose != "each" else "active",
                 condition=upkeep_of(whose), once_per_phase=not repeat)

    def end(g: Game, card: Card) -> Gen:
        if card.phase_uses.get(g.phase_key()) or whose_player(g, card, whose) != g.active:
            return
        card.phase_uses[g.phase_key()] = 1
        logged = len(g.events)
        g.resolving += 1
        try:
            yield from effect(g, Ctx(g, controller=g.controller(card), source=card))
        finally:
            g.resolving -= 1
        yield from g.settle()
        # what the effect did says it ("Serendib Efreet deals 1 damage to bob", once its
        # damage is dealt); a line of its own only if nothing was said, naming whose upkeep
        # (never the printed text, whose "you" is the card's controller, not the reader)
        if len(g.events) == logged:
            g.log(f"{card.name} acts in {g.players[g.active].name}'s upkeep.")
    return ab, end


def upkeep_cost(text: str, mana: str, penalty: Callable[[Game, Card], Gen], *, whose: str = "controller",
                life: int = 0) -> tuple[Ability, Callable[[Game, Card], Gen]]:
    """"During your upkeep, pay COST or PENALTY": paid with ``activate
    CARD`` during upkeep; if unpaid when upkeep ends, the player must choose
    now (a choice that cannot be declined) or, unable to pay, suffers it."""
    cost = ManaCost.parse(mana)
    ab = Ability(text, Cost(cost, life=life), nothing, who=whose if whose != "each" else "active",
                 condition=upkeep_of(whose), once_per_phase=True)

    def end(g: Game, card: Card) -> Gen:
        p = whose_player(g, card, whose)
        if card.phase_uses.get(g.phase_key()) or p != g.active or card.zone != "battlefield":
            return
        while card.zone == "battlefield" and not card.phase_uses.get(g.phase_key()):
            can = g.can_afford(p, cost) and g.players[p].life >= life
            if not can:
                break
            ans = yield from g.ask(p, DecisionKind.UPKEEP, f"{card.name}: {text}",
                                   [f"activate {ref(g, card)}", "choose no"], about=card.name)
            if ans == "choose no":
                break
            spell = yield from g.activate(p, card, ab, DecisionKind.UPKEEP, None)
            if spell is not None:
                yield from g.resolve(spell)
        if card.zone == "battlefield" and not card.phase_uses.get(g.phase_key()):
            card.phase_uses[g.phase_key()] = 1
            yield from penalty(g, card)
            yield from g.settle()
    return ab, end


def forced_upkeep_target(g: Game, card: Card, ab: Ability) -> Gen:
    """A mandatory "during your upkeep" ability aimed at one permanent, not
    used by the time upkeep ends: its controller must choose the target now
    (``choose CARD``, a choice that cannot be declined: no "cancel"), and the
    ability is used with that target and resolved. Returns False, asking
    nothing, when there is no legal target. The player is the ability's
    controller, or for one every player uses in their own upkeep (``who=
    "active"``: The Abyss) the player whose upkeep it is."""
    p = g.active if ab.who == "active" else g.controller(card)
    spec = ab.targets[0]
    probe = Spell(0, p, None, card, card.name, ability=ab, colors=frozenset(g.chars(card).colors))
    cands = g.target_candidates(spec, probe, None)
    if not cands:
        return False
    ch = [f"choose {ref(g, c)}" for c in cands]
    ans = yield from g.ask(p, DecisionKind.UPKEEP, f"{card.name}: choose {spec.what}", ch,
                           parser=g.parser_for(p, ch), about=card.name)
    spell = yield from g.activate(p, card, ab, DecisionKind.UPKEEP, None, targets=[cands[ch.index(ans)]])
    if spell is not None:
        yield from g.resolve(spell)
    return True


def cumulative_upkeep(*, life: int = 0, mana: str = "") -> tuple[Ability, Callable[[Game, Card], Gen]]:
    """"Cumulative upkeep (cost)" (002 "Cumulative Upkeep"): during its
    controller's upkeep the permanent costs ``life`` and/or ``mana`` once for
    each time it has been paid before, plus once (Glacial Chasm: 2, 4, 6 life
    ...); declining to pay buries it. ``Card.upkeep_paid`` counts the payments
    (the age counters): it stays with the card when control changes, so the
    cost keeps growing. Returns ``(ability, end_of_upkeep_hook)``:

    * the ability is paid with ``activate CARD`` at any opportunity of that
      upkeep (once); a mana cost is paid as it resolves, and cancelling that
      payment is declining: the permanent is buried;
    * if still unpaid when upkeep ends, the player is asked now: pay, or
      ``choose no`` and bury it (unable to pay, it is buried).

    While the permanent has lost its printed text box (a land changed to
    another land type, :meth:`Game.land_type_changed`) there is no cumulative
    upkeep: nothing is asked, and a count going through such an upkeep starts
    over ("the upkeep cost is reset").
    """
    parts = ([mana] if mana else []) + ([f"{life} life"] if life else [])
    text = "Cumulative upkeep: pay " + " and ".join(parts) + " for each age counter"

    def due(card: Card) -> str:
        n = card.upkeep_paid + 1
        due_parts = ([str(ManaCost.parse(mana * n))] if mana else []) + ([f"{life * n} life"] if life else [])
        return " and ".join(due_parts)

    def can_pay(g: Game, p: int, card: Card) -> bool:
        n = card.upkeep_paid + 1
        probe = Spell(0, p, None, card, card.name, chosen={"purpose": CUMULATIVE_UPKEEP_PAYMENT})
        return g.players[p].life >= life * n and (not mana or g.can_afford(p, ManaCost.parse(mana * n), spell=probe))

    def pay(g: Game, ctx: Ctx) -> Gen:
        card, p = ctx.source, ctx.controller
        n = card.upkeep_paid + 1
        if mana:
            paid = yield from pay_to_use(g, p, mana * n, "", card.name, ask=False, purpose=CUMULATIVE_UPKEEP_PAYMENT)
            if not paid:
                g.log(f"{card.name}'s cumulative upkeep is not paid.")
                g.destroy(card, bury=True)
                return
        if life:
            g.lose_life(p, life * n, f" for {card.name}'s cumulative upkeep")
        card.upkeep_paid = n

    return _cumulative(text, lambda card: "pay " + due(card), can_pay, pay)


def cumulative_upkeep_sacrifice(what: str) -> tuple[Ability, Callable[[Game, Card], Gen]]:
    """"Cumulative upkeep: Sacrifice a WHAT" (Polar Kraken: a land): as
    :func:`cumulative_upkeep`, the price being one permanent of type or
    subtype ``what`` more each time (``Card.upkeep_paid`` counts the payments),
    sacrificed one by one as the player chooses. Declining, or controlling too
    few, buries the permanent. Returns ``(ability, end_of_upkeep_hook)``:
    ``activate CARD`` at any opportunity of that upkeep, or the question "pay
    or bury" as the upkeep ends."""
    text = f"Cumulative upkeep: sacrifice a {what} for each age counter"

    def can_pay(g: Game, p: int, card: Card) -> bool:
        return len([c for c in g.sacrificeable(p, what) if c is not card]) >= card.upkeep_paid + 1

    def pay(g: Game, ctx: Ctx) -> Gen:
        card, p = ctx.source, ctx.controller
        n = card.upkeep_paid + 1
        if not can_pay(g, p, card):
            g.log(f"{card.name}'s cumulative upkeep cannot be paid.")
            g.destroy(card, bury=True)
            return
        for _ in range(n):
            yield from g.sacrifice_for_cost(p, what, card)
        card.upkeep_paid = n

    return _cumulative(text, lambda card: f"sacrifice {card.upkeep_paid + 1} {what}(s)", can_pay, pay)


def _cumulative(text: str, due: Callable[[Card], str], can_pay: Callable[[Game, int, Card], bool],
                pay: EffectFn) -> tuple[Ability, Callable[[Game, Card], Gen]]:
    """What every cumulative upkeep shares (:func:`cumulative_upkeep`,
    :func:`cumulative_upkeep_sacrifice`): the ability paying it with
    ``activate CARD`` once in its controller's upkeep, and the hook that, as
    the upkeep ends, asks "``due(card)`` or bury it" ("pay {U}{U}",
    "sacrifice 2 land(s)"; buried at once when ``can_pay`` says it cannot be
    paid). While the permanent has lost its
    printed text box (a land changed to another land type) there is no
    cumulative upkeep, and a count going through such an upkeep starts over."""
    def usable(g: Game, card: Card) -> bool:
        return upkeep_of()(g, card) and not g.land_type_changed(card)

    ab = Ability(text, Cost(), pay, condition=usable, once_per_phase=True)

    def end(g: Game, card: Card) -> Gen:
        p = g.controller(card)
        if p != g.active or card.phase_uses.get(g.phase_key()) or card.zone != "battlefield":
            return
        card.phase_uses[g.phase_key()] = 1
        if g.land_type_changed(card):
            if card.upkeep_paid:
                card.upkeep_paid = 0
                g.log(f"{card.name}'s cumulative upkeep starts over.")
            return
        ans = "choose no"
        if can_pay(g, p, card):
            ans = yield from g.ask(p, DecisionKind.UPKEEP, f"{card.name}: {due(card)} or bury it",
                                   [f"activate {ref(g, card)}", "choose no"], about=card.name)
        if ans == "choose no":
            g.log(f"{card.name}'s cumulative upkeep is not paid.")
            g.destroy(card, bury=True)
        else:
            yield from pay(g, Ctx(g, controller=p, source=card))
        yield from g.settle()
    return ab, end


def destroy_self(bury: bool = False) -> Callable[[Game, Card], Gen]:
    def pen(g: Game, card: Card) -> Gen:
        g.destroy(card, bury=bury)
        return
        yield
    return pen


CUMULATIVE_UPKEEP_PAYMENT = "cumulative upkeep"
"""The ``purpose`` of :func:`pay_to_use` paying a cumulative upkeep: mana
"usable only for cumulative upkeep" (Adarkar Unicorn, Snowfall) pays only a
payment with this purpose."""


def pay_to_use(g: Game, p: int, mana: str, prompt: str, name: str, *, ask: bool = True, purpose: str = "") -> Gen:
    """Offer ``p`` to pay ``mana`` now (Soul Net, Ivory Cup); returns True if
    paid. ``ask=False``: the caller asked already (Guardian Angel: how much).
    ``purpose``: what the payment is for, kept in the payment's
    ``chosen["purpose"]`` for restricted mana to read
    (:data:`CUMULATIVE_UPKEEP_PAYMENT`)."""
    cost = ManaCost.parse(mana)
    probe = Spell(0, p, None, None, name)
    if purpose:
        probe.chosen["purpose"] = purpose
    if not g.can_afford(p, cost, spell=probe):
        return False
    if ask:
        ans = yield from g.ask(p, DecisionKind.CHOOSE, prompt, ["choose yes", "choose no"], decline="choose no",
                               about=name)
        if ans != "choose yes":
            return False
    probe.sid = g.new_sid()
    paid = yield from g.pay(p, cost, probe)
    return bool(paid)


def on_source(fn: EffectFn) -> EffectFn:
    """Apply a targeted effect to the ability's own source instead
    (Frozen Shade: "{B}: +1/+1 until end of turn")."""
    def wrapped(g: Game, ctx: Ctx) -> Gen:
        ctx.spell.targets = [ctx.source]
        yield from fn(g, ctx)
    return _same_aim(wrapped, fn)


def on_enchanted(fn: EffectFn) -> EffectFn:
    """Apply a targeted effect to the permanent the source enchants (Firebreathing)."""
    def wrapped(g: Game, ctx: Ctx) -> Gen:
        host = g.enchanted(ctx.source)
        ctx.spell.targets = [host] if host is not None else []
        yield from fn(g, ctx)
    return _same_aim(wrapped, fn)


def _same_aim(wrapped: EffectFn, fn: EffectFn) -> EffectFn:
    """``wrapped``, with the aim said of ``fn`` (see :func:`engine.model.aimed`)."""
    a = aim_of(fn)
    return wrapped if a is None else aimed(wrapped, a.aim, a.matters, combat_only=a.combat_only)


def regeneration(mana: str, text: str = "Regenerate") -> Ability:
    """"{G}: Regenerate" -- used only when the creature would be destroyed."""
    return Ability(f"{mana}: {text}", Cost(ManaCost.parse(mana)), nothing, regenerate=True)


def while_source_tapped(modify: Callable[[Game, Card, Chars], None]) -> EffectFn:
    """Each target is changed by ``modify`` as long as the ability's source
    remains tapped (and in play); once it untaps, the change is over for good
    (Tawnos's Weaponry, Phyrexian Gremlins)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        src_oid = ctx.source.oid
        over = [False]

        def still(g2: Game) -> bool:
            if not over[0]:
                s = g2.find(src_oid)
                over[0] = s is None or not s.tapped
            return not over[0]
        for target in each_target(ctx):
            g.effects.append(Effect(g.stamp(), target.oid, modify, "forever", condition=still, source_oid=src_oid))
        return
        yield
    return fn


def once_per_event(text: str, mana: str, benefit: EffectFn) -> tuple[Ability, EffectFn]:
    """"{N}: <benefit> for each <event>; only once for each": returns
    ``(ability, credit)``. ``credit`` is the effect of the card's trigger on
    the event: each event while the permanent is on gives it one use this
    turn; a use is an ordinary ``{N}`` effect (Ivory Cup, Urza's Chalice)."""

    def credits(g: Game, card: Card) -> int:
        turn, n = card.flags.get("credits", (-1, 0))
        return n if turn == g.turn else 0

    def credit(g: Game, ctx: Ctx) -> Gen:
        ctx.source.flags["credits"] = (g.turn, credits(g, ctx.source) + 1)
        return
        yield

    def usable(g: Game, card: Card) -> bool:
        pending = sum(1 for s in g.spells + g.batch if s.source is card and s.ability is ab)
        return credits(g, card) - pending > 0

    def use(g: Game, ctx: Ctx) -> Gen:
        n = credits(g, ctx.source)
        if n > 0:
            ctx.source.flags["credits"] = (g.turn, n - 1)
            yield from benefit(g, ctx)

    ab = Ability(text, Cost(ManaCost.parse(mana)), use, condition=usable)
    return ab, credit


# ------------------------------------------------------------------ counters, untap costs, tokens

def add_counters(g: Game, card: Card, kind: str, n: int) -> None:
    """Put ``n`` counters of ``kind`` ("+1/+1", "+1/+0", "doom") on a permanent
    (a negative ``n`` removes them, never below zero)."""
    have = card.counters.get(kind, 0)
    new = max(0, have + n)
    if new == have:
        return
    card.counters[kind] = new
    k = abs(new - have)
    g.log(f"{k} {kind} counter{'s' if k > 1 else ''} {'put on' if new > have else 'removed from'} {card.name}.")


def enters_with_counters(kind: str, n: int) -> EffectFn:
    """``on_enter``: "When X comes into play, put N counters on it"."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        add_counters(g, ctx.source, kind, n)
        return
        yield
    return fn


def untap_source(g: Game, ctx: Ctx) -> Gen:
    """The ability's source untaps (Brass Man, Colossus of Sardia), if it is
    still in play (not sacrificed to pay for it: Black Carriage)."""
    if ctx.source is not None and ctx.source.zone == "battlefield" and g.find(ctx.source.oid) is ctx.source:
        ctx.source.tapped = False
        g.log(f"{ctx.source.name} untaps.")
    return
    yield


def untap_during_upkeep(mana: str, name: str) -> Ability:
    """"{N}: Untap X. Use this ability only during your upkeep": an untap cost,
    which may be paid again if the permanent is tapped again that upkeep."""
    return Ability(f"{mana}: Untap {name}. Use this ability only during your upkeep", Cost(ManaCost.parse(mana)),
                   untap_source, condition=lambda g, c: upkeep_of()(g, c) and c.tapped)


def token_def(name: str, types: Iterable[str], power: int | None = None, toughness: int | None = None, *,
              subtypes: Iterable[str] = (), colors: Iterable[str] = (), keywords: Iterable[str] = (),
              supertypes: Iterable[str] = (), text: str = "", **behaviour: Any) -> CardDef:
    """The definition of a token (not a card: it is not in the card data),
    registered by its name (:func:`engine.carddb.define_token`) for duel
    scripts: a name is defined once and shared by every card making it."""
    tl = " ".join(t.capitalize() for t in types)
    return carddb.define_token(CardDef(
        name=name, cost=ManaCost(), type_line=tl + (f" - {' '.join(subtypes)}" if subtypes else ""),
        types=frozenset(types), subtypes=frozenset(s.lower() for s in subtypes), supertypes=frozenset(supertypes),
        colors=frozenset(colors), power=power, toughness=toughness, text=text, keywords=frozenset(keywords),
        **behaviour))


def create_token(g: Game, cdef: CardDef, controller: int, source: Card | None = None) -> Card:
    """Put a token into play under ``controller``'s control (owned by that
    player). It comes into play like any permanent: summoning sick, with its
    "comes into play" triggers. Returns the token; callers run
    ``g.entered(token)`` if it has any (:func:`make_tokens` does both).

    A token is a permanent that leaves no card behind: when it leaves play it
    ceases to exist (``Game.move`` puts it in no zone; "is put into the
    graveyard" still triggers), and it is not a card for what counts or
    names cards (``Card.token``).

    ``source``: the card whose text names the token's colors ("a 1/1 green
    creature"): they are read through its text changes (Sleight of Mind on
    Master of the Hunt makes blue Wolves)."""
    tok = Card(g.new_oid(), cdef, controller, "battlefield", controller, timestamp=g.stamp(), token=True)
    if source is not None and source.text_changes:
        colors = frozenset(COLOR_LETTERS[g.word(source, COLOR_NAMES[x])] for x in cdef.colors)
        if colors != cdef.colors:
            tok.color_override = colors
    tok.sick = True
    tok.last_controller = controller
    g.battlefield.append(tok)
    g.log(f"A {cdef.name} token comes into play under {g.players[controller].name}'s control.")
    return tok


def make_tokens(g: Game, cdef: CardDef, controller: int, n: int = 1, source: Card | None = None) -> Gen:
    """Put ``n`` tokens of ``cdef`` into play at once under ``controller``'s
    control ("Put four Citizen tokens into play"), then their "comes into
    play" effects and triggers; returns the tokens. ``source``: see
    :func:`create_token`."""
    toks = [create_token(g, cdef, controller, source) for _ in range(max(0, n))]
    if toks:
        yield from g.entered_together(toks)
    return toks


def tokens_effect(cdef: CardDef, n: int = 1) -> EffectFn:
    """The effect "put N X tokens into play" under the controller of the
    spell or ability (Icatian Town, Thallid's ability); colors read through
    the source's text changes."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        yield from make_tokens(g, cdef, ctx.controller, n, ctx.source)
    return fn


# ------------------------------------------------------------------ copies

def become_copy(g: Game, card: Card, cdef: CardDef) -> None:
    """The permanent ``card`` takes ``cdef`` as its definition while it stays
    in play: the copied card's printed characteristics and all its abilities
    (Clone, Vesuvan Doppelganger, Copy Artifact). It is still referred to by
    its own name (``Card.name``), and takes its own definition back when it
    changes zones (``Game.move`` reads ``Card.own_cdef``)."""
    if card.own_cdef is None:
        card.own_cdef = card.cdef
    card.cdef = cdef
    card.printed = None
    g.log(f"{card.name} becomes a copy of {cdef.name}.")


def announce_permanent(key: str, prompt: str, candidates: Callable[[Game, Ctx], list[Card]]) -> Announce:
    """A permanent chosen as the spell is cast (000 "Spells and Spell Chains":
    the decisions a spell needs are made as it is cast; a duel script's
    ``choose=``): ``choose REF`` among ``candidates(g, ctx)``; the spell, and
    the permanent it becomes, keep the chosen one's oid in ``chosen[key]``."""
    return Announce(key, prompt, lambda g, ctx: [ref(g, c) for c in candidates(g, ctx)], candidates)


def copy_to_make(g: Game, ctx: Ctx, candidates: list[Card], what: str) -> Gen:
    """What a copy entering play copies (Clone, Vesuvan Doppelganger, Copy
    Artifact): the permanent chosen as it was cast (``chosen["copy"]``, see
    :func:`announce_permanent`) if it is still one of ``candidates``, else
    nothing (Clone then is a 0/0). One put into play without being cast
    (Animate Dead) chooses now, among ``candidates``."""
    oid = ctx.source.chosen.get("copy")
    if oid is None:
        return (yield from choose_to_copy(g, ctx, candidates, what))
    orig = next((c for c in candidates if c.oid == oid), None)
    if orig is None:
        g.log(f"{ctx.source.name}: what it was to copy is no longer in play; it copies nothing.")
    return orig


def choose_to_copy(g: Game, ctx: Ctx, candidates: list[Card], what: str) -> Gen:
    """Ask the controller of ``ctx.source`` which of ``candidates`` to copy
    ("choose NAME"); returns the permanent, or None if there is none."""
    if not candidates:
        g.log(f"{ctx.source.name}: there is no {what} to copy.")
        return None
    ch = [f"choose {ref(g, c)}" for c in candidates]
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"{ctx.source.name}: choose {what} to copy", ch,
                           about=ctx.source.name)
    return candidates[ch.index(ans)]


# ------------------------------------------------------------------ ante

def ante_top_card(g: Game, p: int) -> Card | None:
    """Player ``p`` antes the top card of their library (face down unless the
    duel's ante is face up); returns it, or None with an empty library."""
    pl = g.players[p]
    if not pl.library:
        return None
    c = g.move(pl.library[0], "ante")
    c.face_down = not g.options.ante_face_up
    g.log(f"{pl.name} antes " + ("the top card of their library." if c.face_down else f"{c.name}."))
    return c


def ante_only(g: Game, p: int, card: Card) -> bool:
    """``can_cast`` of the ante cards: only in a duel played for ante."""
    return bool(g.ante_on)


# ------------------------------------------------------------------ forced attacks

def must_attack_this_turn(g: Game, controller: int, player: int, oids: set[int], name: str) -> None:
    """The creatures ``oids`` of ``player`` must attack this turn if able; at
    end of turn each of them that did not attack, is still a creature under
    ``player``'s control and is not a wall is destroyed (Siren's Call, Nettling
    Imp). ``controller`` controls the delayed effects; ``name`` is their
    source's name."""
    # a hook must_attack (CombatRules.attack_required), not a characteristic: nothing to compute
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(must_attack=lambda g2, card, a=frozenset(oids): card.oid in a)))
    mem = {"affected": set(oids), "attacked": set(), "player": player, "name": name}
    g.delayed.append(Delayed(Event.ATTACKS, _forced_attacked, controller, name, once=False, turn=g.turn, data=mem))
    g.delayed.append(Delayed(Event.END_OF_TURN, _forced_end, controller, name, turn=g.turn, data=mem))


def _forced_attacked(g: Game, ctx: Ctx) -> Gen:
    ctx.data["delayed"].data["attacked"].add(ctx.data["card"].oid)
    return
    yield


def _forced_end(g: Game, ctx: Ctx) -> Gen:
    mem = ctx.data["delayed"].data
    for oid in sorted(mem["affected"] - mem["attacked"]):
        c = g.find(oid)
        if c is None or not g.is_creature(c) or g.controller(c) != mem["player"] or "wall" in g.chars(c).subtypes:
            continue
        g.log(f"{c.name} did not attack ({mem['name']}).")
        g.destroy(c)
    return
    yield


# ------------------------------------------------------------------ discarding

def discard_card(g: Game, p: int, card: Card, *, by: int | None, at_random: bool = False, why: str = "") -> Gen:
    """Player ``p`` discards ``card`` from hand because a spell or effect
    makes them (not the discard phase, not a cost). ``by`` is who caused it:
    the player who controls that spell or effect, or the permanent it comes
    from (Psychic Purge punishes an opponent who makes its owner discard it;
    Wheel of Fortune's caster causes every player's discards). A permanent
    with the hook ``discard_to_library(g, src, p) -> bool`` (Library of Leng)
    lets the player put it on top of their library instead; a random discard
    is shown to the player first (secretly). The card stays hidden if it goes
    to the library. Either way it was discarded: :attr:`Event.DISCARDED`
    fires. ``why`` names the cause in the log."""
    pl = g.players[p]
    for src in list(g.battlefield):
        h = src.cdef.hooks.discard_to_library
        if h is None or not h(g, src, p):
            continue
        if at_random:
            g.secrets.append((p, f"You must discard {card.name}."))
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{src.name}: put the discarded card on top of your "
                               "library instead of into your graveyard?", ["choose yes", "choose no"],
                               decline="choose no", about=src.name)
        if ans == "choose yes":
            new = g.move(card, "library")
            g.log(f"{pl.name} discards a card to the top of their library ({src.name}).")
            yield from g.discarded(p, new, by)
            return
        break
    new = g.move(card, "graveyard")
    g.log(f"{pl.name} discards {card.name}" + (" at random" if at_random else "") + (f" ({why})" if why else "") + ".")
    yield from g.discarded(p, new, by)


def damage_enchanted_controller(n: int) -> EffectFn:
    """The source deals n damage to the controller of the permanent it
    enchants (Cursed Land, Wanderlust, Warp Artifact)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        host = g.enchanted(ctx.source)
        if host is not None:
            g.deal_damage(ctx.source, g.players[g.controller(host)], n)
        return
        yield
    return fn


def sacrifice_own_creature(g: Game, ctx: Ctx, about: str) -> Gen:
    """As a spell resolves, its caster chooses one of their creatures and
    sacrifices it (Sacrifice, Metamorphosis: no target, so a countered spell
    costs no creature); returns the creature and its converted casting cost
    (a token's is 0), or ``(None, 0)`` when they control none."""
    mine = g.creatures(ctx.controller)
    if not mine:
        return None, 0
    ch = [f"sacrifice {ref(g, c)}" for c in mine]
    ans = yield from g.ask(ctx.controller, DecisionKind.SACRIFICE, f"{about}: sacrifice one of your creatures", ch,
                           about=about)
    victim = mine[ch.index(ans)]
    cost = 0 if victim.token else victim.cdef.cost.total
    yield from g.put_in_graveyard([victim], how="sacrifice")
    return victim, cost


def coin_flip_won(g: Game, caller: Player, name: str) -> Gen:
    """A coin flip that ``caller`` calls heads or tails while it is in the
    air (the duel's seeded random source is the coin); returns True when the
    flip ends up in the favor of the player who flipped it, i.e. the call was
    wrong (Orcish Captain, Goblin Lyre: "If the flip ends up in your favor")."""
    ans = yield from g.ask(caller.idx, DecisionKind.CHOOSE, f"{name}: call the coin flip",
                           ["choose heads", "choose tails"], about=name)
    call = ans[len("choose "):]
    result = "heads" if g.rng.random() < 0.5 else "tails"
    g.log(f"{caller.name} calls {call}; the coin comes up {result}.")
    return call != result


def comes_into_play_tapped(g: Game, ctx: Ctx) -> Gen:
    """``on_enter`` of a permanent that "comes into play tapped" (the ruins and
    storage lands, Jester's Mask)."""
    ctx.source.tapped = True
    g.log(f"{ctx.source.name} comes into play tapped.")
    return
    yield


def counter_on_source(kind: str) -> EffectFn:
    """"Put a KIND counter on this": the effect's own source, if still in play
    (Time Bomb's time counter, Ebon Praetor's -2/-2 counter)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        if ctx.source is not None and ctx.source.zone == "battlefield":
            add_counters(g, ctx.source, kind, 1)
        return
        yield
    return fn
