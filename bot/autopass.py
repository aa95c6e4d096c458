"""Which decisions reach a human, and which the bot answers for them.

The rules of auto-pass live in the engine (:mod:`engine.autopass`, shared
with the terminal game): the stops, their defaults and the reasons for
them, and when a payment is made with ``auto``. This module keeps the
names the bot and its benchmarks import.
"""
from __future__ import annotations

from engine.autopass import (ALL_STOPS, DEFAULT_STOPS, STEPS, auto_answer, must_ask, parse_stops,
                             payment_is_forced, useful_choices)

__all__ = ["ALL_STOPS", "DEFAULT_STOPS", "STEPS", "auto_answer", "must_ask", "parse_stops",
           "payment_is_forced", "useful_choices"]
