"""Answers that can change nothing now: what auto-pass does not stop for.

A spell or ability is offered whenever it is legal (the engine never hides
a legal answer, and a player may always type it). Whether it is worth
*stopping* for is another question (:mod:`engine.autopass`): a player asked
"Combat (blocks): fast effects?" holding only a Giant Growth, with no
creature of their own in play, has nothing to decide. This module says
when an answer is pointless, from what the engine knows of the effect:

- a target slot lacks a target on the side it is aimed at: the
  :class:`~engine.model.Aim` of the effect (:func:`engine.model.aimed`,
  said by the effect builders of :mod:`engine.effects`) -- a pump,
  a keyword, damage prevention or life helps what it targets, so only the
  player's own creatures (or the player) count; damage, destruction,
  tapping and countering harm it, so only the opponent's side counts;
- or no target is one on which the effect would change anything now
  (:attr:`~engine.model.Aiming.matters`: tapping a creature already tapped);
- or the effect lasts until end of turn and only changes how creatures
  fight or take damage (:attr:`~engine.model.Aiming.combat_only`: a pump,
  a keyword), and nothing of the kind is still to come: no spell (but a
  permanent spell) or effect is being cast or waits in the batch, no
  damage is pending, no combat is
  under way with its damage still to deal, and it is not the player's own
  main phase before they attack (their trick before attacking). A Giant
  Growth at the opponent's end of combat, after the damage, changes nothing.

A slot with no legal target at all never reaches here: such a spell is not
castable (:meth:`engine.casting.CastingRules.castable`). Effects with no aim
said (most cards' own functions) are never judged pointless: the player is
asked, as before. Playing a land, attacking and every other answer are
never pointless.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import DecisionKind
from .model import Ability, Aim, EffectFn, Target, TargetSpec, aim_of
from .objects import Card, Player, Spell
from .refs import RefError, lookup

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def pointless(g: "Game", p: int, action: str, kind: DecisionKind) -> bool:
    """Can ``action`` (an answer of player ``p`` to a decision of ``kind``:
    ``cast X``, ``activate X [ability=N]``) change nothing now? See the
    module docstring."""
    verb, _, rest = action.partition(" ")
    with g.reading():
        if verb == "cast":
            card = next((c for c in g.players[p].hand if c.name == rest), None)
            if card is None or card.cdef.spell is None:
                return False
            probe = g._probe_spell(p, card)
            modes = [m for m in g.spell_modes(card) if g.mode_usable(m, probe, kind, None)]
            return bool(modes) and all(_pointless(g, p, m.targets, m.effect, probe) for m in modes)
        found = activated(g, action)
        if found is not None:
            card, ab = found
            probe = Spell(0, p, None, card, card.name, ability=ab, colors=frozenset(g.chars(card).colors))
            return _pointless(g, p, ab.targets, ab.effect, probe)
    return False


def activated(g: "Game", answer: str) -> tuple[Card, Ability] | None:
    """The permanent and ability an ``activate X [ability=N]`` answer names;
    None for another answer."""
    if not answer.startswith("activate "):
        return None
    what, sep, num = answer[len("activate "):].partition(" ability=")
    try:
        found = lookup(g, what, ("permanents",))
    except RefError:
        return None
    if not found or not isinstance(found[0], Card):
        return None
    abilities = g.ability_list(found[0])
    i = int(num) if sep and num.isdigit() else 1
    return (found[0], abilities[i - 1]) if 1 <= i <= len(abilities) else None


def _pointless(g: "Game", p: int, targets: tuple[TargetSpec, ...], effect: EffectFn | None, probe: Spell) -> bool:
    """Can this aimed effect change nothing now: nothing to fight ahead for
    a combat-only effect, or a target slot without a target on which it
    could change anything?"""
    aiming = aim_of(effect)
    if aiming is None:
        return False
    if aiming.combat_only and not _fight_or_damage_ahead(g, p):
        return True
    if not targets:
        return False
    helps = aiming.aim is Aim.HELPS

    def worth(t: Target) -> bool:
        if isinstance(t, (Card, Player, Spell)) and _on_own_side(g, p, t) is not helps:
            return False
        return aiming.matters is None or aiming.matters(g, t)
    return any(not any(worth(t) for t in g.target_candidates(spec, probe, None)) for spec in targets)


def _fight_or_damage_ahead(g: "Game", p: int) -> bool:
    """Could an effect lasting until end of turn on how creatures fight or
    take damage still change anything this turn, used now by ``p``?"""
    if g.pending_damage or any(not _permanent_spell(s) for s in g.spells + g.batch):
        return True
    if g.combat is not None:
        return not g.combat.damage_done
    return g.phase == "main" and g.active == p and not g.attack_done


def _permanent_spell(s: Spell) -> bool:
    """A summon, artifact or enchantment spell: it deals no damage and fights
    nothing as it resolves (what it does once in play is answered then)."""
    return s.ability is None and s.card is not None and not s.types & {"instant", "sorcery", "interrupt"}


def _on_own_side(g: "Game", p: int, t: Card | Player | Spell) -> bool:
    if isinstance(t, Player):
        return t.idx == p
    if isinstance(t, Spell):
        return t.controller == p
    return g.controller(t) == p
