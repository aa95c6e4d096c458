"""Manaburn's rules engine: Fifth Edition rules, Fourth Edition cards.

Pure and deterministic: no I/O beyond reading its own card data, no asyncio,
no global random state. Start with :class:`Duel`.
"""
from __future__ import annotations

from .carddb import UnknownCard
from .decisions import Decision, DecisionKind, IllegalAction
from .duel import DeckError, Duel, DuelOptions

__all__ = ["Decision", "DecisionKind", "DeckError", "Duel", "DuelOptions", "IllegalAction", "UnknownCard"]
