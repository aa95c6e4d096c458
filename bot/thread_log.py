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


def _turn_start(events: list[str], i: int) -> int | None:
    """The index of the first phase marker of the turn that event *i* is in; None
    if no phase marker comes at or before *i*.
    Read backwards from *i*, so a click costs the length of the turn in
    progress, not of the whole log."""
    start, turn = None, None
    for j in range(i, -1, -1):
        e = events[j]
        m = _PHASE.match(e) if e.startswith("-- ") else None
        if m is None:
            continue
        if turn is None:
            turn = m[1]
        elif m[1] != turn:
            break
        start = j
    return start


def _lines(events: list[str]) -> list[str]:
    return [e for e in events if not e.startswith("-- ")]


def due_lines(events: list[str], new: int, finished: bool) -> list[str]:
    """The log lines to send to the thread after an outcome whose new events are the
    last *new* of *events*: every turn that ended among them, from its first line
    (the turn's earlier lines were shown only under the board); with *finished*,
    everything up to the end."""
    start = len(events) - new
    begin = _turn_start(events, start - 1) or 0  # the turn in progress before them
    if finished:
        end: int | None = len(events)
    else:  # where the turn in progress now began, if among them (the turns before it ended)
        end = _turn_start(events, len(events) - 1)
        if end is not None and end < start:
            end = None
    if end is None or end <= begin:
        return []
    return _lines(events[begin:end])


def current_turn_lines(events: list[str]) -> list[str]:
    """The lines of the turn in progress (not yet in the thread's log)."""
    begin = _turn_start(events, len(events) - 1)
    return _lines(events[begin:] if begin is not None else events)


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
