"""Why an answer is refused: the typed reason an :class:`IllegalAction` carries.

:meth:`Decision.parse` knows only the legal answers; when it refuses one,
:meth:`Duel.parse` asks :func:`explain` why, with the game at hand: the card
is not in the player's hand, its cost cannot be paid (and what the player
has), it is not the time for it (sorcery speed, a land already played), it
has no legal target, or the word is not understood (with the nearest legal
answers). Every front end shows the same reason (the terminal prints it; the
bot can show it). Looking for the reason changes nothing.
"""
from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from . import carddb
from .decisions import Decision, DecisionKind, IllegalAction, Refusal, is_mana_answer, read_number
from .model import Speed
from .objects import Card
from .refs import RefError, lookup

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

# The first word of every answer of the action language, with the decisions that take it.
VERBS = ("pass", "play", "cast", "activate", "tap", "add", "target", "choose", "auto", "pay", "cancel",
         "attack", "block", "assign", "discard", "sacrifice", "from", "mode")
FAST = (DecisionKind.OPPORTUNITY, DecisionKind.RESPOND, DecisionKind.INTERRUPT, DecisionKind.PREVENT)
SORCERY_SPEED = "(sorcery speed: your main phase with nothing pending)"


def nearest(text: str, choices: tuple[str, ...], n: int = 3) -> tuple[str, ...]:
    """The legal answers closest to ``text`` (by spelling), at most ``n``;
    the first listed ones when none is close."""
    listed = [c for c in choices if not is_mana_answer(c)] or list(choices)
    close = difflib.get_close_matches(text.lower(), [c.lower() for c in listed], n=n, cutoff=0.5)
    by_low = {c.lower(): c for c in listed}
    return tuple(dict.fromkeys(by_low[c] for c in close)) or tuple(listed[:n])


def refuse(reason: Refusal, detail: str, suggestions: tuple[str, ...] = (), sep: str = ": ") -> IllegalAction:
    """"REASON: detail (nearest legal answers: ...)". A refusal of no named kind
    (:attr:`Refusal.OTHER`) is its detail alone: the front ends already say
    "Not legal: " before every refusal."""
    msg = (detail if reason is Refusal.OTHER else f"{reason.value}{sep}{detail}") if detail else reason.value
    if suggestions:
        msg += " (nearest legal answers: " + ", ".join(suggestions) + ")"
    return IllegalAction(msg, reason, suggestions)


def explain(g: "Game", d: Decision, text: str, refused: IllegalAction) -> IllegalAction:
    """The refusal of ``text`` as an answer to ``d``, with its reason. ``refused``
    is what the decision said; when no reason is found it is kept (the parsers
    of open decisions say what is wrong: "at most one creature without banding"),
    with the reason OTHER. A refusal that already carries its reason (a
    number that cannot be read) is kept as it is."""
    if refused.reason is not None:
        return refused
    with g.reading():
        found = _explain(g, d, text)
    if found is None:
        return IllegalAction(str(refused), Refusal.OTHER, refused.suggestions)
    return found


def _explain(g: "Game", d: Decision, text: str) -> IllegalAction | None:
    verb, _, rest = text.partition(" ")
    verb = verb.lower()
    if verb.startswith("x="):
        verb, rest = "x", verb[2:]
    if verb not in VERBS and verb != "x":
        return refuse(Refusal.UNKNOWN, f"{text!r}", nearest(text, d.choices))
    fast = d.kind in FAST
    if verb == "pass" and d.decline is None:
        return refuse(Refusal.NOT_NOW, f"this cannot be declined: {d.prompt}", nearest(text, d.choices))
    if verb in ("cast", "play") and rest:
        return _explain_card(g, d, verb, rest, fast)
    if verb in ("activate", "tap") and rest and (fast or d.kind is DecisionKind.PAY):
        return _explain_permanent(g, d, verb, rest)
    if verb == "target" and d.kind is DecisionKind.CAST_TARGET:
        return refuse(Refusal.NO_LEGAL_TARGET, f"{rest} is not a legal target for {d.about or 'this'}",
                      tuple(c for c in d.choices if c.startswith("target "))[:6])
    if not any(c.split(" ", 1)[0].lower() == verb or c.startswith(verb) for c in d.choices):
        return refuse(Refusal.NOT_NOW, f"{verb!r} does not answer this decision ({d.prompt})", nearest(text, d.choices))
    return None


def _hand_card(g: "Game", p: int, name: str) -> Card | None:
    low = name.lower()
    return next((c for c in g.players[p].hand if c.name.lower() == low), None)


def _explain_card(g: "Game", d: Decision, verb: str, name: str, fast: bool) -> IllegalAction:
    p = d.player
    card = _hand_card(g, p, name)
    if card is None:
        known = {n.lower(): n for n in carddb.card_data()}
        if name.lower() not in known:
            return refuse(Refusal.UNKNOWN, f"no card is named {name!r}", nearest(f"{verb} {name}", d.choices))
        return refuse(Refusal.NOT_IN_HAND, known[name.lower()])
    is_land = "land" in card.cdef.types
    if verb == "cast" and is_land:
        return refuse(Refusal.NOT_NOW, f"{card.name} is a land: lands are played (play {card.name}), not cast")
    if verb == "play" and not is_land:
        return refuse(Refusal.NOT_NOW, f"{card.name} is not a land: spells are cast (cast {card.name})")
    if not fast:
        return refuse(Refusal.NOT_NOW, f"first answer this: {d.prompt}", nearest(f"{verb} {name}", d.choices))
    if is_land:
        if not g.sorcery_timing(p, d.kind):
            return refuse(Refusal.NOT_NOW, f"a land is played at {SORCERY_SPEED[1:-1]}")
        if g.players[p].lands_played >= 1:
            return refuse(Refusal.NOT_NOW, "you have already played a land this turn")
        return refuse(Refusal.NOT_NOW, f"{card.name} cannot be played now")
    speed = g.card_speed(card)
    if speed is Speed.SORCERY and not g.sorcery_timing(p, d.kind):
        kind = sorted(card.cdef.types - {"artifact"})[0] if card.cdef.types - {"artifact"} else "artifact"
        return refuse(Refusal.NOT_NOW, f"{card.name} is {'an' if kind[0] in 'aeiou' else 'a'} {kind} {SORCERY_SPEED}")
    if d.kind is DecisionKind.INTERRUPT and speed is not Speed.INTERRUPT:
        return refuse(Refusal.NOT_NOW, f"only interrupts can be cast while {d.about or 'a spell'} is being cast")
    if card.cdef.spell is not None and card.cdef.spell.regenerate:
        return refuse(Refusal.NOT_NOW, f"{card.name} is cast only when a creature is about to be destroyed")
    probe = g._probe_spell(p, card)
    interrupting = g.spells[-1] if d.kind is DecisionKind.INTERRUPT and g.spells else None
    if card.cdef.spell is not None:
        if not any(g.mode_usable(m, probe, d.kind, interrupting) for m in g.spell_modes(card)):
            return refuse(Refusal.NO_LEGAL_TARGET, f"for {card.name} now", sep=" ")
    elif card.cdef.enchant is not None and not g.has_target(card.cdef.enchant, probe, None):
        return refuse(Refusal.NO_LEGAL_TARGET, f"for {card.name}: nothing it could enchant", sep=" ")
    cost = card.cdef.cost.with_x(0, extra_generic=g.extra_cost(probe))
    if not g.can_afford(p, cost, x_color=card.cdef.hooks.x_color):
        return refuse(Refusal.NOT_ENOUGH_MANA, f"{card.name} needs {card.cdef.cost}"
                      + (f" (+{cost.total - card.cdef.cost.with_x(0).total} more)"
                         if cost.total > card.cdef.cost.with_x(0).total else "")
                      + f", you have {mana_on_hand(g, p)}")
    return refuse(Refusal.NOT_NOW, f"{card.name} cannot be cast now")


def mana_on_hand(g: "Game", p: int) -> str:
    """What ``p`` could pay with now: the pool and the untapped sources, e.g.
    "R in your pool and Mountain x2, Forest untapped"."""
    pool = g.players[p].pool.text()
    counts: dict[str, int] = {}
    for c in {c.oid: c for c, _, _ in g.mana_sources(p)}.values():
        counts[c.name] = counts.get(c.name, 0) + 1
    sources = ", ".join(n if k == 1 else f"{n} x{k}" for n, k in counts.items())
    bits = ([f"{pool} in your pool"] if pool else []) + ([f"{sources} untapped"] if sources else [])
    return " and ".join(bits) or "no mana"


def _explain_permanent(g: "Game", d: Decision, verb: str, rest: str) -> IllegalAction:
    what = rest.rsplit(" for ", 1)[0] if verb == "tap" else rest.split(" ability=")[0]
    try:
        found = lookup(g, what, ("permanents",))
    except RefError as e:
        return refuse(Refusal.NOT_IN_PLAY, str(e))
    if not found:
        inhand = _hand_card(g, d.player, what)
        return refuse(Refusal.NOT_IN_PLAY, f"{what} is not in play" + (" (it is in your hand)" if inhand else ""),
                      nearest(f"{verb} {rest}", d.choices))
    mine = [c for c in found if g.controller(c) == d.player]
    if not mine:
        return refuse(Refusal.OTHER, f"{what} is not under your control")
    if all(c.tapped for c in mine):
        return refuse(Refusal.NOT_NOW, f"{what} is tapped")
    if verb == "tap":
        taps = tuple(c for c in d.choices if c.lower().startswith(f"tap {what.lower()} for "))[:4]
        if " for " not in rest and taps:  # "tap Badlands": which of its mana is not said
            return refuse(Refusal.OTHER, f"say which mana {what} is tapped for: " + " or ".join(taps), taps)
        return refuse(Refusal.OTHER, f"{what} cannot be tapped for that mana now", taps)
    card = next(c for c in mine if not c.tapped)
    abilities = g.ability_list(card)
    number = rest.split(" ability=")[1] if " ability=" in rest else "1"
    try:
        n = read_number(number, "the ability number")
    except IllegalAction as e:
        return e
    ab = abilities[n - 1] if 1 <= n <= len(abilities) else None
    if ab is None:
        return refuse(Refusal.OTHER, f"{what} has no activated ability {n}" if abilities
                      else f"{what} has no activated ability",
                      tuple(c for c in d.choices if c.startswith((f"activate {what}", f"tap {what}")))[:4])
    cost = ab.cost.mana.with_x(0)
    if cost.total and not g.can_afford(d.player, cost):
        return refuse(Refusal.NOT_ENOUGH_MANA, f"{what}'s ability needs {ab.cost.mana}, "
                      f"you have {mana_on_hand(g, d.player)}")
    return refuse(Refusal.NOT_NOW, f"{what}'s ability cannot be used now")
