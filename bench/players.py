"""The sensible player of the benchmarks, now :mod:`engine.sensible` (shared
with ``manaburn selfplay`` and the tests); kept here so imports still work."""
from engine.sensible import COUNTERS, HARMFUL, HELPFUL, SELF_HARM, SensiblePlayer, harmful

__all__ = ["COUNTERS", "HARMFUL", "HELPFUL", "SELF_HARM", "SensiblePlayer", "harmful"]
