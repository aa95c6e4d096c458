"""Artifact creatures."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (CREATURE_OR_PLAYER, add_counters, create_token, creature_where, damage, during_upkeep,
                       enters_with_counters, flag_mod, keyword_mod, on_source, pump, pump_mod, regeneration,
                       self_only, static_for, token_def, untap_during_upkeep, upkeep_of)
from ..hooks import Hooks
from ..mana import ManaCost
from ..model import Ability, Announce, Cost, EffectFn, Event, Gen, Trigger
from ..objects import Card, Chars, Effect
from ..refs import ref

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

for _name in ("Dancing Scimitar", "Obsianus Golem", "Ornithopter"):
    define(_name)

define("Clay Statue", abilities=(regeneration("{2}"),))
define("Diabolic Machine", abilities=(regeneration("{3}"),))
define("Dragon Engine", abilities=(Ability("{2}: +1/+0 until end of turn", Cost(ManaCost.parse("{2}")),
                                           on_source(pump(1, 0))),))
define("Yotian Soldier", keywords=("does not tap to attack",))
# "First strike, counts as a wall" is not a plain keyword line: both are given here.
define("Wall of Spears", keywords=("first strike",), subtypes=("wall",))

define("Grapeshot Catapult", abilities=(Ability(
    "{T}: Grapeshot Catapult deals 1 damage to target creature with flying", Cost(tap=True), damage(1),
    targets=(creature_where("target creature with flying", lambda g, ctx, c: "flying" in g.chars(c).keywords),)),))

# Brass Man / Colossus of Sardia: do not untap in the untap phase; an untap cost
# payable during their controller's upkeep (again if tapped again).
_doesnt_untap = static_for(self_only, flag_mod("doesn't untap"))
define("Brass Man", statics=(_doesnt_untap,), abilities=(untap_during_upkeep("{1}", "Brass Man"),))
define("Colossus of Sardia", statics=(_doesnt_untap,), abilities=(untap_during_upkeep("{9}", "Colossus"),))


# Battering Ram: banding when attacking; at end of combat, destroy all walls blocking it.
def _ram(g: Game, ctx: Ctx) -> Gen:
    cb = ctx.data["combat"]
    band = cb.band_of(ctx.source.oid)
    if band is None:
        return
    for o in cb.blocks.get(band, []):
        c = g.find(o)
        if c is not None and "wall" in g.chars(c).subtypes:
            g.destroy(c)
    return
    yield


define("Battering Ram", keywords=("banding when attacking",), triggers=(Trigger(Event.END_OF_COMBAT, _ram),))


# Onulet: "If Onulet is put into the graveyard from play, you gain 2 life" --
# "you" is whoever controlled it as it left play.
def _onulet(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.data["controller"], 2)
    return
    yield


define("Onulet", triggers=(Trigger(Event.TO_GRAVEYARD, _onulet, condition=lambda g, src, d: d["card"] is src,
                                   zones=("graveyard",)),))


# Clockwork Avian / Clockwork Beast: +1/+0 counters; one comes off after any
# combat it was assigned to attack or block in (even if it left the combat);
# {X},{T} during upkeep puts X back, never beyond the maximum. Choice: X may be
# chosen larger than the room left; the extra is wasted (the cap is the card's).
def _clockwork(name: str, most: int, hooks: Hooks | None = None) -> None:
    """Define a Clockwork creature that holds at most ``most`` +1/+0 counters
    (``hooks``: its own, such as who cannot block it: Clockwork Steed)."""
    def fought(g: Game, ctx: Ctx) -> Gen:
        ctx.source.flags["fought"] = g.turn
        return
        yield

    def wind_down(g: Game, ctx: Ctx) -> Gen:
        if ctx.source.flags.pop("fought", None) == g.turn:
            add_counters(g, ctx.source, "+1/+0", -1)
        return
        yield

    def wind_up(g: Game, ctx: Ctx) -> Gen:
        src = ctx.source
        if src.zone == "battlefield":
            add_counters(g, src, "+1/+0", min(ctx.x, most - src.counters.get("+1/+0", 0)))
        return
        yield

    define(name, on_enter=enters_with_counters("+1/+0", most),
           triggers=(Trigger(Event.ATTACKS, fought, condition=lambda g, src, d: d["card"] is src),
                     Trigger(Event.BLOCKS, fought, condition=lambda g, src, d: d["blocker"] is src),
                     Trigger(Event.END_OF_COMBAT, wind_down)),
           abilities=(Ability(f"{{X}}, {{T}}: Put X +1/+0 counters on {name} (at most {most}). "
                              "Use this ability only during your upkeep",
                              Cost(ManaCost.parse("{X}"), tap=True), wind_up, condition=upkeep_of(), x=True),),
           hooks=hooks or Hooks())


_clockwork("Clockwork Avian", 4)
_clockwork("Clockwork Beast", 7)


# Triskelion: three +1/+1 counters; remove one (a cost): 1 damage to target creature or player.
define("Triskelion", on_enter=enters_with_counters("+1/+1", 3), abilities=(Ability(
    "{0}: Remove a +1/+1 counter from Triskelion: 1 damage to target creature or player",
    Cost(remove_counter="+1/+1"), damage(1), targets=(CREATURE_OR_PLAYER,)),))


# Urza's Avenger: {0}: -1/-1 and a chosen ability until end of turn (in a duel
# script: choose=flying, choose="first strike").
_AVENGER = {"flying": "flying", "banding": "banding", "first strike": "first strike", "trample": "trample"}


def _avenger(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone != "battlefield":
        return
    kw = _AVENGER[ctx.chosen("ability")]
    pt, grant = pump_mod(-1, -1), keyword_mod(kw)

    def m(g2: Game, card: Card, c: Chars) -> None:
        pt(g2, card, c)
        grant(g2, card, c)
    g.effects.append(Effect(g.stamp(), src.oid, m, "eot"))
    g.log(f"Urza's Avenger gets -1/-1 and gains {kw} until end of turn.")
    return
    yield


define("Urza's Avenger", abilities=(Ability(
    "{0}: Urza's Avenger gets -1/-1 and gains flying, banding, first strike or trample until end of turn",
    Cost(), _avenger, announce=(Announce("ability", "choose an ability", lambda g, ctx: list(_AVENGER)),)),))


# Primal Clay: a 3/3, a 2/2 with flying or a 1/6 wall, chosen as it is cast
# (choose=3/3, 2/2 or 1/6); if it comes into play without being cast, the
# choice is made as it comes into play.
_CLAY = {"3/3": (3, 3, (), ()), "2/2": (2, 2, ("flying",), ()), "1/6": (1, 6, (), ("wall",))}


def _clay_chars(g: Game, card: Card, c: Chars) -> None:
    p, t, kws, subs = _CLAY.get(card.chosen.get("choice", ""), (None, None, (), ()))
    if p is not None:
        c.power, c.toughness = p, t
        c.keywords.update(kws)
        c.subtypes.update(subs)


def _ask_choice(options: list[str], prompt: str) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        src = ctx.source
        if src.chosen.get("choice") in options:
            return
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"{src.name}: {prompt}",
                               [f"choose {o}" for o in options], about=src.name)
        src.chosen["choice"] = ans[len("choose "):]
        g.log(f"{src.name} becomes {src.chosen['choice']}.")
    return fn


define("Primal Clay", hooks=Hooks(base_chars=_clay_chars),
       announce=(Announce("choice", "a 3/3, a 2/2 with flying or a 1/6 wall?", lambda g, ctx: list(_CLAY)),),
       on_enter=_ask_choice(list(_CLAY), "a 3/3, a 2/2 with flying or a 1/6 wall?"))


# Shapeshifter: power and toughness add up to seven (choose=P/T, e.g. 5/2); set as
# it is cast, and may be changed once during each of its controller's upkeeps
# (an effect with no activation cost: once per phase).
_SPLITS = [f"{p}/{7 - p}" for p in range(8)]


def _shape_chars(g: Game, card: Card, c: Chars) -> None:
    ch = card.chosen.get("choice", "")
    if ch in _SPLITS:
        p, t = ch.split("/")
        c.power, c.toughness = int(p), int(t)


def _reshape(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone == "battlefield":
        src.chosen["choice"] = ctx.spell.chosen["choice"]
        g.log(f"Shapeshifter becomes {src.chosen['choice']}.")
    return
    yield


define("Shapeshifter", hooks=Hooks(base_chars=_shape_chars),
       announce=(Announce("choice", "choose its power/toughness", lambda g, ctx: list(_SPLITS)),),
       on_enter=_ask_choice(_SPLITS, "choose its power/toughness"),
       abilities=(Ability("Change Shapeshifter's power and toughness. Use this ability only during your upkeep",
                          Cost(), _reshape, condition=upkeep_of(), once_per_phase=True,
                          announce=(Announce("choice", "choose its power/toughness",
                                             lambda g, ctx: list(_SPLITS)),)),))


# Tetravus: three +1/+1 counters; once during its controller's upkeep, move
# counters off it (each becomes a 1/1 flying Tetravite token) or move Tetravites
# it made back onto it as counters, whoever controls them. Choice: one
# direction per upkeep (choose=-N takes N counters off, choose=+N takes N
# Tetravites back); moving both ways at once would change nothing.
TETRAVITE = token_def("Tetravite", ("artifact", "creature"), 1, 1, subtypes=("Tetravite",),
                      keywords=("flying", "cannot be enchanted"),
                      text="Flying\nTetravites cannot have enchantments played on them.")


def _tetravites(g: Game, src: Card) -> list[Card]:
    return sorted((c for c in g.battlefield if c.token and c.flags.get("tetravus") == src.oid),
                  key=lambda c: c.timestamp)


def _tetravus_options(g: Game, ctx: Ctx) -> list[str]:
    src = ctx.source
    return ([f"-{i}" for i in range(1, src.counters.get("+1/+1", 0) + 1)]
            + [f"+{i}" for i in range(1, len(_tetravites(g, src)) + 1)])


def _tetravus(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone != "battlefield":
        return
    n = int(ctx.spell.chosen["move"])
    p = ctx.controller
    if n < 0:
        k = min(-n, src.counters.get("+1/+1", 0))
        add_counters(g, src, "+1/+1", -k)
        for _ in range(k):
            tok = create_token(g, TETRAVITE, p)
            tok.flags["tetravus"] = src.oid
            yield from g.entered(tok)
        return
    for _ in range(n):
        toks = _tetravites(g, src)
        if not toks:
            break
        tok = toks[0]
        if len(toks) > 1 and len({(t.tapped, t.damage, t.sick, g.controller(t)) for t in toks}) > 1:
            ch = [f"choose {ref(g, t)}" for t in toks]
            ans = yield from g.ask(p, DecisionKind.CHOOSE, "Tetravus: which Tetravite moves back onto it?", ch,
                                   parser=g.parser_for(p, ch), about=src.name)
            tok = toks[ch.index(ans)]
        g.move(tok, "removed")
        g.log("A Tetravite becomes a +1/+1 counter on Tetravus.")
        add_counters(g, src, "+1/+1", 1)


define("Tetravus", on_enter=enters_with_counters("+1/+1", 3), abilities=(Ability(
    "Move +1/+1 counters off Tetravus as Tetravites, or Tetravites back onto it. Use only during your upkeep",
    Cost(), _tetravus, once_per_phase=True,
    condition=lambda g, c: upkeep_of()(g, c) and bool(c.counters.get("+1/+1", 0) or _tetravites(g, c)),
    announce=(Announce("move", "-N: move N counters off; +N: move N Tetravites on", _tetravus_options),)),))


# Mishra's War Machine: during your upkeep, discard a card or it deals 3 damage
# to you; if it deals damage this way, it taps (so not if all 3 are prevented).
# The discard is a payment that spares the damage, a cost: caused by no effect
# (Game.discarded, by None; Library of Leng does not apply).
# Done with `activate` during upkeep, or asked (no declining) as upkeep ends.
def _war_machine(g: Game, ctx: Ctx) -> Gen:
    src, p = ctx.source, ctx.controller
    pl = g.players[p]
    if pl.hand:
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.DISCARD,
                               "Mishra's War Machine: discard a card? (no: it deals 3 damage to you and taps)",
                               [f"discard {n}" for n in names] + ["choose no"], about=src.name)
        if ans.startswith("discard "):
            card = next(c for c in pl.hand if c.name == ans[len("discard "):])
            gone = g.move(card, "graveyard")
            g.log(f"{pl.name} discards {card.name} for Mishra's War Machine.")
            yield from g.discarded(p, gone, None)
            return
    g.deal_damage(src, pl, 3)
    packets = [pk for pk in g.pending_damage if pk.receiver is pl and pk.source_oid == src.oid]
    yield from g.prevention_step()
    if any(pk.amount > 0 for pk in packets) and src.zone == "battlefield":
        src.tapped = True
        g.log("Mishra's War Machine taps.")


_wm_ab, _wm_end = during_upkeep("Discard a card, or Mishra's War Machine deals 3 damage to you", _war_machine)
define("Mishra's War Machine", abilities=(_wm_ab,), hooks=Hooks(end_of_upkeep=_wm_end))


# ================================================================= Alpha to Revised, not in Fourth Edition

# Juggernaut: must attack each turn if possible (the core declares it when the
# attack is declined); walls cannot block it.
define("Juggernaut",
       hooks=Hooks(must_attack=lambda g, src, card: card is src,
                   can_be_blocked_by=lambda g, attacker, blocker: "wall" not in g.chars(blocker).subtypes))

# Living Wall: "counts as a wall"; {1}: regenerates.
define("Living Wall", subtypes=("wall",), abilities=(regeneration("{1}"),))
