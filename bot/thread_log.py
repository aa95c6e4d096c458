"""The duel's log in its thread, a turn at a time.

The lines of the turn in progress are shown under the board (edited in place
on every click anyway); a turn's lines go to the thread as log messages once
the turn is over, and the last turn's when the duel ends. So a click costs no
log message of its own (one REST call less), and the thread still keeps the
whole log. Which lines are due is computed from the duel's events alone (the
engine's log, rebuilt by replay), so a restart sends exactly what a stop left
unsent.
"""
from __future__ import annotations

import re

_PHASE = re.compile(r"^-- .*\(turn (\d+)\) --$")  # the engine's phase marker (engine/turn.py)
RECENT_CHARS = 700  # the turn in progress, under the board: its newest lines up to this


def _turn_starts(events: list[str]) -> list[int]:
    """Indexes of the first phase marker of each turn."""
    out, turn = [], None
    for i, e in enumerate(events):
        m = _PHASE.match(e) if e.startswith("-- ") else None
        if m is not None and m[1] != turn:
            turn = m[1]
            out.append(i)
    return out


def _lines(events: list[str]) -> list[str]:
    return [e for e in events if not e.startswith("-- ")]


def due_lines(events: list[str], new: int, finished: bool) -> list[str]:
    """The log lines to send to the thread after an outcome whose new events are the
    last *new* of *events*: every turn that ended among them, from its first line
    (the turn's earlier lines were shown only under the board); with *finished*,
    everything up to the end."""
    start = len(events) - new
    starts = _turn_starts(events)
    begin = max((b for b in starts if b < start), default=0)  # the turn in progress before them
    end = len(events) if finished else max((b for b in starts if b >= start), default=None)
    if end is None or end <= begin:
        return []
    return _lines(events[begin:end])


def current_turn_lines(events: list[str]) -> list[str]:
    """The lines of the turn in progress (not yet in the thread's log)."""
    starts = _turn_starts(events)
    return _lines(events[starts[-1]:] if starts else events)


def recent_text(events: list[str], limit: int = RECENT_CHARS) -> str:
    """The newest lines of the turn in progress that fit in *limit* characters."""
    out: list[str] = []
    size = 0
    for line in reversed(current_turn_lines(events)):
        if size + len(line) + 1 > limit:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))
