"""Legends (LEG) black and red cards.

Each card does what its printed Legends text says (or its latest old
printing's), with the Fifth Edition rules; odd cards are decided in a comment
where they are defined.
"""
from __future__ import annotations

from ..carddb import define

# Rampage creatures: the keyword is read from the printed text ("Rampage: 3")
# and applied as blockers are declared (engine.combat CombatRules.apply_rampage).
for _name in ("Aerathi Berserker", "Frost Giant"):
    define(_name)

from typing import Any

from ..decisions import DecisionKind
from ..effects import (CREATURE, CREATURE_OR_PLAYER, PLAYER, discard_card, during_upkeep, pay_to_use,
                       regeneration)
from ..model import Ability, Cost, SpellSpec
from ..objects import Card, Player, Spell
from ..refs import ref


def deal_and_settle(g: Any, source: Any, receiver: Any, n: int) -> Any:
    """Deal ``n`` damage now and settle it (its damage prevention step and
    deaths); returns how much was dealt to ``receiver`` after prevention."""
    g.deal_damage(source, receiver, n)
    packets = [pk for pk in g.pending_damage if pk.receiver is receiver]
    yield from g.settle()
    return sum(pk.amount for pk in packets)


def choose_one(g: Any, p: int, prompt: str, options: list[Any], about: str) -> Any:
    """Player ``p`` chooses one of ``options`` (permanents, players, cards)."""
    ch = [f"choose {ref(g, o)}" for o in options]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, prompt, ch, parser=g.parser_for(p, ch), about=about)
    return options[ch.index(ans)]


# Chain Lightning: 3 damage to one target; each time it does damage, the
# player dealt damage, or the controller of the creature dealt damage (as it
# was when dealt), may pay {R}{R} to have it deal 3 damage to a target of their
# choice, and so on. Decision: the chained damage happens while Chain Lightning
# resolves (no card, not cast, so nothing may interrupt it; the 4th Ed. era
# text says "have Chain Lightning do 3 damage", not "copy"); its new target
# must be legal for a red sorcery (protection from red is respected); each
# step has its own damage prevention step, and damage prevented entirely ends
# the chain ("each time Chain Lightning does damage").
def _chain_lightning(g: Any, ctx: Any) -> Any:
    spell, t = ctx.spell, ctx.target
    while t is not None:
        payer = t.idx if isinstance(t, Player) else g.controller(t)
        dealt = yield from deal_and_settle(g, spell, t, 3)
        if dealt <= 0:
            return
        paid = yield from pay_to_use(g, payer, "{R}{R}", "Chain Lightning: pay {R}{R} to have it deal 3 damage "
                                     "to a target of your choice?", "Chain Lightning")
        if not paid:
            return
        spell = Spell(g.new_sid(), payer, None, None, "Chain Lightning", colors=frozenset({"R"}),
                      types=frozenset({"sorcery"}))
        cands = g.target_candidates(CREATURE_OR_PLAYER, spell, None)
        if not cands:
            return
        t = yield from choose_one(g, payer, "Chain Lightning: deal 3 damage to which target?", cands,
                                  "Chain Lightning")
        g.log(f"{g.players[payer].name} pays {{R}}{{R}}: Chain Lightning goes on to {ref(g, t)}.")


define("Chain Lightning", spell=SpellSpec(_chain_lightning, targets=(CREATURE_OR_PLAYER,)))


# The Abyss (enchant world): during each player's upkeep that player buries a
# non-artifact creature of theirs, chosen by them, that The Abyss could target
# (a creature with protection from black is never chosen). The player may do
# it at any opportunity of their upkeep (``activate The Abyss``), else it
# happens as upkeep ends.
def _abyss(g: Any, ctx: Any) -> Any:
    p, src = g.active, ctx.source
    colors = frozenset(g.chars(src).colors)
    able = [c for c in g.creatures(p) if "artifact" not in g.chars(c).types and g.targetable(c, colors)]
    if not able:
        g.log(f"The Abyss: {g.players[p].name} has no non-artifact creature to bury.")
        return
    victim = yield from choose_one(g, p, "The Abyss: bury which of your non-artifact creatures?", able, "The Abyss")
    g.destroy(victim, bury=True)


_abyss_ab, _abyss_end = during_upkeep("Bury a non-artifact creature you control", _abyss, whose="each")
define("The Abyss", abilities=(_abyss_ab,), hooks={"end_of_upkeep": _abyss_end})


# Nether Void (enchant world): every spell cast (not an ability; copies are not
# cast) is countered unless its caster pays {3} more. Decision: the demand
# happens as the spell is cast, before either player may interrupt it (a
# triggered effect happens as its event happens); a caster who cannot pay has
# the spell countered.
def _nether_void(g: Any, src: Card, spell: Spell) -> Any:
    p = spell.controller
    paid = yield from pay_to_use(g, p, "{3}", f"Nether Void: pay {{3}} or {spell.name} is countered?",
                                 "Nether Void")
    if paid:
        g.log(f"{g.players[p].name} pays {{3}} for Nether Void.")
    else:
        spell.countered = True
        g.log(f"Nether Void counters {spell.name}.")


define("Nether Void", hooks={"on_cast": _nether_void})


# Hellfire: destroy all non-black creatures (regeneration allowed), then
# Hellfire deals X + 3 damage to its caster, X being the number of creatures
# that were put into a graveyard by it (a regenerated creature does not count;
# a token does; Oracle rulings). The damage has its own prevention step.
def _hellfire(g: Any, ctx: Any) -> Any:
    for c in g.creatures():
        if "B" not in g.chars(c).colors:
            g.destroy(c)
    before = g.creature_deaths.get(g.turn, 0)
    yield from g.settle()
    x = g.creature_deaths.get(g.turn, 0) - before
    g.deal_damage(ctx.spell, ctx.me, x + 3)


define("Hellfire", spell=SpellSpec(_hellfire))


# Chains of Mephistopheles: each card a player draws, except the first of
# their draw phase's draw, is replaced: with cards in hand, the player first
# discards one of their choice, then draws; with an empty hand, the top card
# of their library goes to the graveyard instead and nothing is drawn. Several
# Chains apply one after the other to the same draw (Oracle rulings).
def _chains(g: Any, src: Card, p: int, first: bool) -> Any:
    if first:
        return False
    pl = g.players[p]
    if pl.hand:
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.DISCARD, "Chains of Mephistopheles: discard a card before drawing",
                               [f"discard {n}" for n in names], about=src.name)
        yield from discard_card(g, p, next(c for c in pl.hand if c.name == ans[len("discard "):]))
        return False
    if pl.library:
        top = g.move(pl.library[0], "graveyard")
        g.log(f"Chains of Mephistopheles: {pl.name} has no card in hand; {top.name} goes from the library to "
              "the graveyard instead of being drawn.")
    return True


define("Chains of Mephistopheles", hooks={"before_draw": _chains})


# Underworld Dreams: 1 damage to an opponent of its controller for each card
# that player draws (each draw, then settled).
def _dreams(g: Any, src: Card, p: int) -> Any:
    if p != g.controller(src):
        g.deal_damage(src, g.players[p], 1)
        yield from g.settle()


define("Underworld Dreams", hooks={"each_draw": _dreams})


# Land's Edge (enchant world): any player may, at any time they could play a
# fast effect, discard a card of their choice (a cost) targeting a player; if
# the card was a land, Land's Edge deals 2 damage to that player. Only these
# discards count (Oracle ruling), not forced ones.
def _lands_edge(g: Any, ctx: Any) -> Any:
    if "land" in ctx.chosen("discarded_types", frozenset()):
        for t in ctx.targets:
            if t is not None:
                g.deal_damage(ctx.spell, t, 2)
    return
    yield


define("Land's Edge", abilities=(Ability(
    "Discard a card: if it is a land, Land's Edge deals 2 damage to target player", Cost(discard=True),
    _lands_edge, targets=(PLAYER,), who="any"),))


define("Walking Dead", abilities=(regeneration("{B}"),))
