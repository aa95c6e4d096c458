"""Decisions: what the engine asks a player, and the typed errors at the edge.

A duel is always waiting on exactly one :class:`Decision` (or is over). Each
decision names the player who must answer, its :class:`DecisionKind`, a
prompt, and its legal answers in a stable order as canonical text. Answers
are text in the duel-script action language (``cast Lightning Bolt``,
``target bob``, ``pass``); :meth:`Decision.parse` turns any accepted spelling
into the canonical one or raises :class:`IllegalAction`.

Most decisions list every legal answer. Decisions whose answers are
combinations (declaring attackers and bands, blockers, dividing damage) are
*open*: ``choices`` lists representative answers (each legal) and
``parse`` accepts any legal combination.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Callable


class IllegalAction(ValueError):
    """An answer that is not legal now. The duel is unchanged."""


class DecisionKind(Enum):
    MULLIGAN = "mulligan"
    PLAY_OR_DRAW = "play or draw"
    OPPORTUNITY = "opportunity"  # act, or pass (ends the phase / lets it end)
    INTERRUPT = "interrupt"  # one chance to interrupt a spell or effect being cast
    RESPOND = "respond"  # add to a batch, or abort an attack
    PREVENT = "prevent"  # damage prevention step
    REGENERATE = "regenerate"
    CAST_X = "x"
    CAST_MODE = "mode"
    CAST_TARGET = "target"
    CAST_CHOOSE = "announce"
    PAY = "pay"
    ATTACK = "attack"
    BLOCK = "block"
    ASSIGN = "assign"
    DISCARD = "discard"
    SACRIFICE = "sacrifice"
    CHOOSE = "choose"
    UPKEEP = "upkeep"  # an upkeep demand that cannot be declined


# Decisions belonging to one spell or ability being put together by its caster.
CASTING_KINDS = frozenset({DecisionKind.CAST_X, DecisionKind.CAST_MODE, DecisionKind.CAST_TARGET,
                           DecisionKind.CAST_CHOOSE, DecisionKind.PAY})


def norm(text: str) -> str:
    """Fold whitespace; the action language is otherwise case-sensitive for card names."""
    return " ".join(text.replace("\u2019", "'").split())


@dataclass
class Decision:
    player: int
    kind: DecisionKind
    prompt: str
    choices: tuple[str, ...]
    decline: str | None = None  # the answer that declines, where declining is allowed
    # For open decisions and references: turns an answer into canonical text
    # (raising IllegalAction); default: the answer must be one of ``choices``.
    parser: Callable[[str], str] | None = field(default=None, repr=False)
    about: str = ""  # the spell / attacker / phase this is about, for displays

    def parse(self, text: str) -> str:
        t = norm(text)
        if t in self.choices:
            return t
        low = {c.lower(): c for c in self.choices}
        if t.lower() in low:
            return low[t.lower()]
        if self.parser is not None:
            canon = self.parser(t)
            if canon in self.choices or self.parser is not None:
                return canon
        raise IllegalAction(f"{t!r} is not legal now; legal: {', '.join(self.choices[:12])}"
                            + (" ..." if len(self.choices) > 12 else ""))

    @property
    def optional(self) -> bool:
        return self.decline is not None
