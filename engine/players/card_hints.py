"""What the computer knows of some kinds of cards beyond its general heuristic.

As Forge's per-card AI hints, kept apart from :mod:`engine.players.computer`
(which asks these functions at the decisions they are about) and read, as
everything the computer knows, from the seat's view and the printed cards
(:mod:`engine.carddb`):

* **Cumulative upkeep** (:func:`cumulative_due`, :func:`keeps_cumulative`):
  the price asked as the upkeep ends ("Illusionary Forces: pay {U}{U} or
  bury it") grows by one payment every turn. It is paid while one more turn
  of the permanent is worth it: a creature's board value spread over a few
  turns, the damage Glacial Chasm stops, an enchantment's mana value; against
  mana (dearer when what is left cannot cast a spell in hand; mana only
  usable for cumulative upkeep, Adarkar Unicorn and Snowfall's, is free),
  life (never down to what their visible board and a burn spell would kill)
  or permanents (never the last two lands). What leaving play costs is paid
  anyway: Illusions of Grandeur's 20 life, when that is the duel.
* **Necropotence** (:func:`set_aside_now`): "Pay 1 life: set aside the top
  card of your library" until the discard phase, so used in the computer's
  own main phase as it is about to pass: as many cards as leave its hand at
  seven after they come back, and never below :func:`life_floor` (what the
  opponent's visible creatures, pingers and a burn spell could take next
  turn, and at least :data:`NECRO_FLOOR`).
* **Tokens** (:func:`token_activation`, :func:`token_sacrifice`): an ability
  putting tokens into play for nothing but counters (a Thallid's three spore
  counters) is used at once; one costing mana (Wall of Kelp, Night Soil,
  Drudge Spell, Caribou Range) with the mana left at the end of the
  opponent's turn, so the tokens are ready to attack. A token sacrificed for
  something (Elvish Farmer's 2 life, Thallid Devourer's +1/+2) is one that is
  in a fight it loses, or any when the life saves the computer. Made, the
  tokens attack and block as the creatures they are.
* **The end of the libraries** (:func:`outlasts`, :func:`decks_me`, :func:`redundant`):
  a player loses at the first draw phase their library cannot feed, so when both run
  low the one who draws next runs out first. Cards are drawn by choice (Sindbad, a
  Tome, Ancestral Recall's own mode) only while the library keeps the next draw phase
  and, late, outlasts the opponent's; a Howling Mine is cast only while the computer's
  library outlasts theirs or feeds :data:`MINE_HORIZON` draw phases after it; Millstone
  (:func:`mill_activation`) is used on the opponent at the end of their turn.
* **Less power for an attacker** (:func:`shrink_activation`): Pradesh Gypsies' -2/-0
  goes on an attacker of theirs once blocks are declared.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .. import carddb
from . import computer  # (its helpers, used once it is loaded: it imports this module)
from .computer_combat import Combat, tap_ability, untapped_mana

Perm = dict[str, Any]

NECRO_FLOOR = 6  # the least life Necropotence is ever paid down to
BURN_IN_HAND = 3  # the damage a card in the opponent's hand may be (Lightning Bolt)

_DUE = re.compile(r": (?:pay (?P<pay>.+?)|sacrifice (?P<n>\d+) (?P<what>.+?)\(s\)) or bury it$")
_SYMBOL = re.compile(r"\{(\d+|[WUBRGC])\}")
_LIFE = re.compile(r"(\d+) life")
_LEAVES = re.compile(r"leaves play, (?:you )?lose (\d+) life", re.I)
_NO_DAMAGE_TO_ME = re.compile(r"All damage dealt to you is reduced to 0", re.I)
_SET_ASIDE = re.compile(r"Set aside the top card of your library", re.I)
_TOKEN = re.compile(r"\bput[^:]*\btokens? into play", re.I)
_SACRIFICE_FOR = re.compile(r"Sacrifice an? (\w+)(?: token)?: (?:Gain (\d+) life|\S+ gets \+(\d+)/\+(\d+))", re.I)
_FOR_UPKEEP = re.compile(r"usable only for cumulative upkeep", re.I)


@dataclass(frozen=True)
class Due:
    """One cumulative upkeep payment: mana (how much), life, permanents to sacrifice (how many, of what)."""
    mana: int = 0
    life: int = 0
    sacrifice: int = 0
    what: str = ""


def cumulative_due(prompt: str) -> Due | None:
    """The payment a cumulative upkeep question asks ("X: pay {2}{U}{U} and 2 life or bury
    it", "Polar Kraken: sacrifice 2 land(s) or bury it"), None for another question."""
    m = _DUE.search(prompt)
    if m is None:
        return None
    if m["n"]:
        return Due(sacrifice=int(m["n"]), what=m["what"])
    pay = m["pay"]
    mana = sum(int(s) if s.isdigit() else 1 for s in _SYMBOL.findall(pay))
    life = _LIFE.search(pay)
    return Due(mana=mana, life=int(life[1]) if life else 0)


def ability_of(choice: str) -> Any:
    """The printed ability ``activate NAME ability=I`` uses (None if unknown)."""
    rest = choice[len("activate "):]
    name, _, idx = rest.partition(" ability=")
    try:
        abilities = carddb.get(name.split("#")[0]).abilities
        return abilities[int(idx or 1) - 1]
    except Exception:
        return None


# ----------------------------------------------------------------- danger

def life_at_risk(b: "computer.Board") -> int:
    """What the opponent could take from me by my next turn, from what I see: their creatures'
    attack against my blockers, their pingers, my next upkeep's damage and, when they hold
    cards, a burn spell. Nothing when all damage dealt to me is reduced to 0 (Glacial Chasm)."""
    if any(b.mine(p) and _NO_DAMAGE_TO_ME.search(computer.card_text(p["name"])) for p in b.v["battlefield"]):
        return 0
    theirs = [p for p in b.creatures(b.opp) if b.power(p) > 0 and "Wall" not in p["name"]]
    n = Combat(b).swing_back(theirs, b.creatures(b.me), b.life[b.me])
    n += sum(1 for p in b.creatures(b.opp)
             if tap_ability(p["name"]) and re.search(r"damage", computer.card_text(p["name"])))
    n += b.upkeep_pain(b.me)
    if b.v["players"][b.opp].get("hand_count"):
        n += BURN_IN_HAND
    return n


def life_floor(b: "computer.Board") -> int:
    """The least life the computer pays down to for cards (Necropotence)."""
    return max(NECRO_FLOOR, life_at_risk(b) + 1)


def life_for_x(b: "computer.Board", top: int) -> int | None:
    """X paid in life for damage divided among creatures (Fire Covenant): enough to kill every
    creature of theirs (their toughness left), never paying below :func:`life_floor`; None when
    what may be paid kills none of them (the spell is not cast)."""
    need = sum(b.toughness(p) for p in b.creatures(b.opp))
    spare = min(top, b.life[b.me] - life_floor(b))
    least = min((b.toughness(p) for p in b.creatures(b.opp)), default=0)
    if need == 0 or spare < max(least, 1):
        return None
    return min(need, spare)


# ------------------------------------------------------- cumulative upkeep

def _turn_worth(b: "computer.Board", p: Perm, due: Due) -> float:
    """What one more turn of ``p`` is worth, in the board's units (a 2/2 creature is 5.6)."""
    name = p["name"]
    text = computer.card_text(name)
    if _NO_DAMAGE_TO_ME.search(text):
        # Glacial Chasm: the damage their creatures would deal me, and the duel if that would kill
        theirs = sum(b.power(q) for q in b.creatures(b.opp) if "Wall" not in q["name"])
        return 1.0 + 0.5 * theirs + (20.0 if theirs + due.life >= b.life[b.me] else 0.0)
    if "creature" in p["types"]:
        if "Wall" in name or b.power(p) == 0:  # a wall is worth what it stops (Illusionary Wall's 7 first)
            return max(b.value(p), 1.0 + 0.8 * b.toughness(p) + 0.5 * b.power(p)) / 2.5
        return b.value(p) / 2.5
    return 1.0 + computer.mana_value(name)  # what was worth a card is worth its first payments


def _free_mana(b: "computer.Board") -> int:
    """Mana my untapped permanents make that is usable only for cumulative upkeep (Adarkar
    Unicorn: {U} and one more; Snowfall: one more {U} from each Island)."""
    n = 0
    for p in b.v["battlefield"]:
        if not b.mine(p) or p["tapped"] or not _FOR_UPKEEP.search(computer.card_text(p["name"])):
            continue
        if "creature" in p["types"] and not p["sick"]:
            n += 2
        elif "creature" not in p["types"]:
            n += sum(1 for q in b.lands(b.me) if not q["tapped"] and "Island" in q["name"])
    return n


def keeps_cumulative(b: "computer.Board", p: Perm, due: Due) -> bool:
    """Pay ``due`` to keep ``p`` one more turn (else it is buried)? See the module docstring."""
    me = b.me
    life = b.life[me]
    leaves = _LEAVES.search(computer.card_text(p["name"]))
    if leaves and int(leaves[1]) >= life:
        return True  # letting it go is the duel (Illusions of Grandeur)
    cost = 0.0
    if due.mana:
        need = max(0, due.mana - _free_mana(b))
        spells = [computer.mana_value(n) for n in b.hand if "land" not in computer.types_of(n)]
        left = untapped_mana(b, me) - need
        per = 0.4 if not spells else 1.5 if left < min(spells) else 1.0
        cost += need * per
    if due.life:
        after = life - due.life
        risk = 0 if _NO_DAMAGE_TO_ME.search(computer.card_text(p["name"])) else life_at_risk(b)
        if after <= max(risk, 2):
            return False
        cost += due.life * (1.0 if after <= 10 else 0.5)
    if due.sacrifice:
        what = due.what.lower()
        if what == "land":
            if len(b.lands(me)) - due.sacrifice < 2:
                return False
            cost += 4.0 * due.sacrifice
        else:
            pool = sorted(b.value(q) for q in b.v["battlefield"] if b.mine(q) and q is not p
                          and (what in q["types"] or what in q["name"].lower()))
            cost += sum(pool[:due.sacrifice])
    if leaves:
        cost -= int(leaves[1]) * 0.5  # the life lost when it goes
    return _turn_worth(b, p, due) >= cost


# ------------------------------------------------------------ Necropotence

def set_aside_now(b: "computer.Board", ch: list[str], ok: Any) -> str | None:
    """``activate`` a "pay life: set aside the top card of your library" ability
    (Necropotence), when the computer is about to pass its main phase: while its
    hand, with the cards set aside already, stays at seven and its life above
    :func:`life_floor`. ``ok``: whether the computer may try an answer now."""
    acts = [c for c in ch if c.startswith("activate ") and ok(c)]
    for c in acts:
        ab = ability_of(c)
        if ab is None or not _SET_ASIDE.search(ab.text):
            continue
        pay = max(ab.cost.life, 1)
        waiting = b.v["players"][b.me].get("removed", []).count("(face down)")
        if len(b.hand) + waiting >= 7 or b.life[b.me] - pay < life_floor(b):
            return None
        return c
    return None


_EXTRA_DRAW = re.compile(r"draws? (one|an) (extra|additional) card", re.I)


def draw_step(b: "computer.Board") -> int:
    """Cards each player draws in their draw phase: one, and one more for each untapped
    permanent in play that gives every player an extra card (Howling Mine)."""
    return 1 + sum(1 for p in b.v["battlefield"] if not p["tapped"] and _EXTRA_DRAW.search(computer.card_text(p["name"])))


def draws_next(b: "computer.Board") -> bool:
    """Is my draw phase the next one (my turn before its draw phase, or theirs after it)?"""
    before_draw = b.v["phase"] in ("untap", "upkeep")
    return before_draw == (b.v["active"] == b.me)


def outlasts(b: "computer.Board", mine: int | None = None, step: int | None = None) -> bool:
    """Would my library outlast the opponent's if from now on both drew only in their draw
    phases, ``step`` cards each (:func:`draw_step` unless given), I with ``mine`` cards
    left (my library unless given)? A player loses at the first draw phase their library
    cannot feed, so who draws next matters: with ten cards each and two a draw, the one
    who draws next runs out first. (In the benchmark against random the computer drew
    by Sindbad at the end of the opponent's turn, its library no smaller than theirs, and
    lost: it drew next.)"""
    mine = b.v["players"][b.me]["library_count"] if mine is None else mine
    step = draw_step(b) if step is None else step
    theirs = b.v["players"][b.opp]["library_count"]
    mine_left, theirs_left = mine // step, theirs // step  # the draw phases each library feeds
    return theirs_left < mine_left if draws_next(b) else theirs_left <= mine_left


LATE = 10  # draw phases: a library that feeds fewer than this many is near its end
MINE_HORIZON = 15  # draw phases: a Howling Mine is cast only while my library feeds this many after it


def decks_me(b: "computer.Board", cards: int) -> bool:
    """Would drawing ``cards`` now, by choice (Sindbad, a Tome, Ancestral Recall), risk losing
    by drawing from an empty library: leave too little for my next draw phase, or, late
    (fewer than :data:`LATE` draw phases left), a library the opponent's outlasts
    (:func:`outlasts`)? (In the benchmark against random, the computer's Sindbad drew every
    turn of a long stall under Howling Mine and its library ran out first, turn 55.)"""
    left = b.v["players"][b.me]["library_count"] - cards
    step = draw_step(b)
    return left < step or left < LATE * step and not outlasts(b, left)


def _activation(ch: list[str], ok: Any, pattern: re.Pattern[str]) -> str | None:
    """The first ``activate`` answer the computer may try now whose ability's text matches ``pattern``."""
    for c in ch:
        if c.startswith("activate ") and ok(c):
            ab = ability_of(c)
            if ab is not None and pattern.search(ab.text):
                return c
    return None


_MILL = re.compile(r"target player's library\b.*\binto that player's graveyard", re.I)


def mill_activation(ch: list[str], ok: Any) -> str | None:
    """``activate`` an ability putting cards of a target player's library into their graveyard
    (Millstone), used at the end of the opponent's turn with the mana left, aimed at them:
    their library shorter is a duel won when both run low (in the benchmark against random
    the computer's Millstone stayed unused in a stall it lost by decking, their library
    two cards from its end)."""
    return _activation(ch, ok, _MILL)


def redundant(b: "computer.Board", name: str) -> bool:
    """Is casting ``name`` a card thrown away: a second Necropotence (one is all the
    cards its life buys), or a first one with life too low to pay for any card (it
    would only skip the draws)? Or one more Howling Mine when my library would run out
    first (:func:`outlasts`, with the Mine's card more a draw) and it feeds fewer than
    :data:`MINE_HORIZON` draw phases after it: under Stasis with four Mines both players
    drew five a turn, and the computer, its library no bigger, lost by drawing from an
    empty one."""
    if _EXTRA_DRAW.search(computer.card_text(name)):
        step = draw_step(b) + 1
        return b.v["players"][b.me]["library_count"] < MINE_HORIZON * step and not outlasts(b, step=step)
    try:
        abilities = carddb.get(name.split("#")[0]).abilities
    except Exception:
        return False
    if not any(_SET_ASIDE.search(ab.text) for ab in abilities):
        return False
    return any(b.mine(p) and p["name"] == name for p in b.v["battlefield"]) or \
        b.life[b.me] - 2 < life_floor(b)


def forbids(b: "computer.Board", ans: str, ok: Any) -> bool:
    """Whether ``ans``, found better by the look-ahead, is one these hints forbid now: life
    paid to set a card aside (Necropotence) below :func:`life_floor` or past a hand of seven
    (the look-ahead's horizon sees the card in hand, not the attack a few life later); a
    card drawn by choice when :func:`decks_me` (the horizon does not see the library end)."""
    if not ans.startswith("activate "):
        return False
    ab = ability_of(ans)
    if ab is not None and re.match(r"draw (a|one) card", ab.text.split(": ", 1)[-1], re.I) and decks_me(b, 1):
        return True  # (see decks_me)
    return ab is not None and bool(_SET_ASIDE.search(ab.text)) and set_aside_now(b, [ans], ok) is None


SHRINK = re.compile(r"\}: Target creature gets -(\d+)/-0 until end of turn", re.I)


def shrink_activation(b: "computer.Board", ch: list[str], ok: Any, combat: dict[str, Any]) -> str | None:
    """``activate`` an ability taking power from a target creature (Pradesh Gypsies' -2/-0),
    used on their attack once the blocks are declared, while an attacker of theirs has power
    (the computer's targeting aims it at an attacker: :data:`SHRINK`). In the benchmark
    against random the Gypsies stayed untapped while Juggernaut hit the computer for 5 a
    turn, 24 life to none."""
    attackers = [b.perms[r] for band in combat["bands"] for r in band if r in b.perms]
    if not any(not b.mine(p) and b.power(p) > 0 for p in attackers):
        return None
    return _activation(ch, ok, SHRINK)


def fog_activations(ch: list[str], ok: Any) -> list[str]:
    """``activate`` answers stopping all combat damage this turn (Spore Flower's three spore
    counters), kept, as Fog, for an attack that would kill (ComputerPlayer._fog)."""
    out = []
    for c in ch:
        if c.startswith("activate ") and ok(c):
            ab = ability_of(c)
            if ab is not None and re.search(r"No creatures deal damage in combat", ab.text, re.I):
                out.append(c)
    return out


# ------------------------------------------------------------------ naming

def name_in_library(b: "computer.Board", ch: list[str]) -> str | None:
    """``choose NAME`` for a card to find in my library (Demonic Consultation: naming one
    that is not there removes the whole library). The names offered are those of my
    deck's cards; one seen nowhere else (hand, graveyard, in play, removed) is in the
    library for sure: the costliest such spell, else such a land, else the land I have
    most of in play (a deck holds many more)."""
    names = [c[len("choose "):] for c in ch if c.startswith("choose ")]
    me = b.v["players"][b.me]
    seen = set(b.hand) | set(me.get("graveyard", [])) | set(me.get("removed", [])) | \
        {p["name"] for p in b.v["battlefield"] if p.get("owner") == b.me}
    sure = [n for n in names if n not in seen]
    spells = [n for n in sure if "land" not in computer.types_of(n)]
    if spells:
        return "choose " + max(spells, key=lambda n: (computer.mana_value(n), n))
    if sure:
        return "choose " + sure[0]
    lands = [n for n in names if "land" in computer.types_of(n)]
    if lands:
        return "choose " + max(lands, key=lambda n: sum(1 for p in b.lands(b.me) if p["name"] == n))
    return None


# ------------------------------------------------------------------ tokens

@lru_cache(maxsize=None)
def makes_tokens(name: str) -> bool:
    """Does the permanent have an ability putting tokens into play (a Thallid, Wall of Kelp)?"""
    try:
        return any(_TOKEN.search(ab.text) for ab in carddb.get(name.split("#")[0]).abilities)
    except Exception:
        return False


def token_activation(b: "computer.Board", ch: list[str], ok: Any, *, paid: bool) -> str | None:
    """``activate`` an ability that puts tokens into play: ``paid`` False, one that costs
    no mana (counters only: a Thallid's spores); True, one that costs mana too (used with
    what is left at the end of the opponent's turn). One that sacrifices permanents only
    for more tokens than it takes, of creatures no better than a 1/1 (Goblin Warrens: two
    Goblins for three); never for a number it cannot read (Homarid Spawning Bed's X)."""
    for c in ch:
        if not c.startswith("activate ") or not ok(c):
            continue
        ab = ability_of(c)
        if ab is None or not _TOKEN.search(ab.text) or ab.cost.sacrifice_self:
            continue
        if ab.cost.sacrifice and not _more_than_sacrificed(b, ab):
            continue
        costs_mana = bool(ab.cost.mana.generic or sum(ab.cost.mana.colored.values()))
        if costs_mana != paid:
            continue
        if ab.cost.remove_counter:
            ref = c[len("activate "):].split(" ability=")[0]
            p = b.perms.get(ref)
            if p is None or p.get("counters", {}).get(ab.cost.remove_counter, 0) < ab.cost.counters:
                continue
        return c
    return None


_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_FOR_MORE = re.compile(r"Sacrifice (a|an|one|two|three) \w+: Put (a|one|two|three|four) \w+ tokens? into play", re.I)


def _more_than_sacrificed(b: "computer.Board", ab: Any) -> bool:
    """Does a token maker sacrificing permanents (Goblin Warrens) make more than it takes,
    of mine of the kind no better than a 1/1 token?"""
    m = _FOR_MORE.search(ab.text)
    if m is None or _NUMBER[m[2].lower()] <= _NUMBER[m[1].lower()]:
        return False
    kind = ab.cost.sacrifice.lower()
    fodder = sorted((q for q in b.v["battlefield"] if b.mine(q) and "creature" in q["types"] and
                     (kind in q["name"].lower() or kind in q["types"])), key=b.value)
    n = ab.cost.sacrifice_count
    return len(fodder) >= n and all(b.power(q) <= 1 and b.toughness(q) <= 1 for q in fodder[:n])


def token_sacrifice(b: "computer.Board", ch: list[str], ok: Any, losing: set[str],
                    dying: bool) -> tuple[str, str] | None:
    """A "Sacrifice a TOKEN: gain N life / +N/+N" ability (Elvish Farmer, Thallid Devourer,
    Caribou Range) worth using now, with the token to sacrifice: one of ``losing`` (mine,
    in a fight they lose), or, for life, any when ``dying`` (what gets through kills me).
    Returns (the answer, the token's reference) or None."""
    for c in ch:
        if not c.startswith("activate ") or not ok(c):
            continue
        ab = ability_of(c)
        m = _SACRIFICE_FOR.search(ab.text) if ab is not None else None
        if m is None or not ab.cost.sacrifice:
            continue
        kind = m[1].lower()
        mine = [p for p in b.v["battlefield"] if b.mine(p) and p.get("token") and
                kind in (p["name"].lower(), *(t.lower() for t in p["types"]))]
        doomed = [p for p in mine if p["ref"] in losing]
        if m[3]:  # a pump for the source: only for a source in a fight it loses, the fodder not in it
            src = c[len("activate "):].split(" ability=")[0]
            if src in losing:
                spare = [p for p in mine if p["ref"] != src]
                if spare:
                    return c, (doomed or spare)[0]["ref"]
            continue
        if doomed:
            return c, doomed[0]["ref"]
        if dying and mine:
            return c, mine[0]["ref"]
    return None
