"""What a card's effect function is given: :class:`Ctx`, the spell or
effect resolving seen from the card's side (controller, source, targets, X,
announced choices). Effects are ``effect(g, ctx) -> Gen`` (see
:data:`engine.model.EffectFn`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .objects import Card, Player, Spell

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class Ctx:
    """What an effect function sees: the spell/effect resolving, its
    controller, source, targets, X and announced choices."""

    def __init__(self, g: "Game", spell: Spell | None = None, *, controller: int = 0,
                 source: Card | None = None, data: dict[str, Any] | None = None) -> None:
        self.g = g
        self.spell = spell
        self.controller = spell.controller if spell else controller
        self.source = spell.source if spell and spell.source else (spell.card if spell else source)
        self.data = data or {}

    # ``targets`` and ``target`` are ``Any`` on purpose: a slot holds what its
    # TargetSpec let in (a permanent for CREATURE, a player for PLAYER, None once
    # no longer legal), which effects rely on and a type cannot follow; the
    # stored list is typed (``Spell.targets``).
    @property
    def targets(self) -> list[Any]:
        return self.spell.targets if self.spell else []

    @property
    def target(self) -> Any:
        return self.targets[0] if self.targets else None

    @property
    def x(self) -> int:
        return self.spell.x if self.spell else 0

    def chosen(self, key: str, default: Any = None) -> Any:
        """A choice announced on casting (a color word, a number, a list of
        names...: its type is the announcing card's business)."""
        if self.spell and key in self.spell.chosen:
            return self.spell.chosen[key]
        if self.source is not None:
            return self.source.chosen.get(key, default)
        return default

    @property
    def me(self) -> Player:
        return self.g.players[self.controller]

    @property
    def opponent(self) -> Player:
        return self.g.players[1 - self.controller]

    @property
    def source_name(self) -> str:
        if self.spell:
            return self.spell.name
        return self.source.name if self.source else "?"
