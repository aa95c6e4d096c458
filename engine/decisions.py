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

import re

from dataclasses import dataclass, field
from enum import Enum
from typing import Callable

from .mana import ManaCost


class IllegalAction(ValueError):
    """An answer that is not legal now. The duel is unchanged.

    ``reason`` says why, as data (see :class:`Refusal`), so that every front
    end shows the same explanation; ``suggestions`` are the nearest legal
    answers when the answer was not understood."""

    def __init__(self, message: str, reason: "Refusal | None" = None,
                 suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.reason = reason
        self.suggestions = suggestions


class Refusal(Enum):
    """Why an answer is refused (:attr:`IllegalAction.reason`)."""
    NOT_IN_HAND = "not in your hand"
    NOT_ENOUGH_MANA = "not enough mana"
    NOT_NOW = "not now"  # timing: sorcery speed, a land already played, not this kind of decision
    NO_LEGAL_TARGET = "no legal target"
    NOT_IN_PLAY = "not in play"
    UNKNOWN = "unknown word"
    NOT_YOUR_DECISION = "not your decision"
    OVER = "the duel is over"
    BAD_NUMBER = "not a usable number"  # a count or reference number that is not 0-9 digits, or far too long
    OTHER = "not legal"


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


@dataclass(frozen=True)
class Context:
    """Where in the duel a decision is asked, as data (auto-pass reads it):
    the turn, the active player, the phase and step, and who controls the
    last spell being cast (an interrupt is about it) and the last spell or
    effect of the batch (a response is about it), ``None`` when there is none."""
    turn: int
    active: int
    phase: str
    step: str
    spell_controller: int | None
    batch_controller: int | None


def is_mana_answer(text: str) -> bool:
    """Is this answer the drawing of mana (``tap X for R``, ``add R via Channel``)?"""
    return text.startswith(("tap ", "add "))


# The longest number an answer may hold: no count in a duel comes near it.
MAX_NUMBER_DIGITS = 6


def read_number(text: str, what: str = "a number") -> int:
    """A whole number typed in an answer (``#2``, ``x=3``, ``assign 2 to``):
    ASCII digits only, at most :data:`MAX_NUMBER_DIGITS` of them, else
    :class:`IllegalAction`. ``str.isdigit`` accepts ``²`` and ``int`` accepts
    ``٣`` or ``1_000``, and Python refuses to read over 4,300 digits with a
    plain ``ValueError``: user text never reaches ``int`` without this."""
    t = text.strip()
    if not t or not t.isascii() or not t.isdigit():
        raise IllegalAction(f"{what} must be a whole number written with the digits 0-9, not {clip_text(t)!r}",
                            Refusal.BAD_NUMBER)
    if len(t) > MAX_NUMBER_DIGITS:
        raise IllegalAction(f"{what} is too large: {clip_text(t)}", Refusal.BAD_NUMBER)
    return int(t)


def clip_text(text: str, limit: int = 100) -> str:
    """``text`` shortened for an error message."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


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
    cost: ManaCost | None = None  # PAY: the mana cost being paid
    context: Context | None = None  # where it is asked (set by Game.ask)
    # Asked while the player puts together a spell from their hand, before it is
    # announced (set by Game.ask): only they may know what it is about; the others
    # see the decision they were at when they began (Duel.view).
    hidden: bool = False
    # ``actions`` (not a field, listed when first looked at): the choices but the mana
    # answers (``tap X for R``, ``add R via Channel``), in the same order. A player who
    # draws no mana by hand (the random player, auto-pass) reads these: a fast decision
    # lists them without building the mana answers at all.

    @classmethod
    def listed_later(cls, player: int, kind: DecisionKind, prompt: str, list_choices: Callable[[], tuple[str, ...]],
                     surely: Callable[[str], bool], decline: str | None = None,
                     parser: Callable[[str], str] | None = None, about: str = "",
                     list_actions: Callable[[], tuple[str, ...]] | None = None) -> "Decision":
        """A decision whose ``choices`` are listed when first looked at, by
        ``list_choices()``, and its ``actions`` by ``list_actions()`` if given
        (cheaper: no mana answer to build). An answer for which
        ``surely(answer)`` is true is among them (so ``list_choices`` must list
        it): it needs no listing (``Duel.replay`` answering "pass", a player
        passing). The engine asks so while the decision is pending, when
        nothing can change the game between the asking and the listing (see
        ``Game.ask``)."""
        d = cls.__new__(cls)
        d.player, d.kind, d.prompt, d.decline, d.parser, d.about = player, kind, prompt, decline, parser, about
        d.cost, d.context, d.hidden = None, None, False
        d._list_choices = list_choices
        d._surely = surely
        if list_actions is not None:
            d._list_actions = list_actions
        return d

    def __getattr__(self, name: str) -> object:
        # only reached for the choices of a decision listed_later not listed yet, and for the
        # actions of any decision not listed yet
        if name == "actions":
            fn = self.__dict__.get("_list_actions")
            if fn is not None and "choices" not in self.__dict__:
                self.actions = fn()
            else:
                self.actions = tuple(c for c in self.choices if not is_mana_answer(c))
            self.__dict__.pop("_list_actions", None)
            return self.actions
        fn = self.__dict__.get("_list_choices")
        if name != "choices" or fn is None:
            raise AttributeError(name)
        self.choices = fn()
        del self._list_choices
        return self.choices

    def parse(self, text: str) -> str:
        t = norm(text)
        if "_list_choices" in self.__dict__ and self._surely(t):  # type: ignore[attr-defined]
            return t  # among the choices, which need no listing then
        if t in self.choices:
            return t
        low = {c.lower(): c for c in self.choices}
        if t.lower() in low:
            return low[t.lower()]
        if t.lower().startswith("tap ") and " for " not in t.lower():
            # "tap Swamp": the mana is not named and only one kind can be meant (of several
            # untapped Swamps, "Swamp#1 for B" and "Swamp#2 for B", the first)
            ways = [c for k, c in low.items() if re.match(re.escape(t.lower()) + r"(#\d+)? for ", k)]
            if ways and len({c.rpartition(" for ")[2] for c in ways}) == 1:
                return ways[0]
        if self.parser is not None:
            canon = self.parser(t)
            if canon in self.choices or self.parser is not None:
                return canon
        raise IllegalAction(f"{clip_text(t)!r} is not legal now; legal: {', '.join(self.choices[:12])}"
                            + (" ..." if len(self.choices) > 12 else ""))
