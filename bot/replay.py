"""A duel script replayed as pictures: ``manaburn replay LOG --gif OUT.gif``.

LOG is a duel script, typically what ``/duel log`` gives for a finished duel
(its seed, decks and every answer under ``replay``). Its steps are run one
answer at a time; after each, the public view is looked at, and a frame is
drawn whenever :func:`bot.picture.moment` changed (a new step or turn, a spell
cast or resolved, attackers or blockers declared, permanents come or gone).
The ``expect`` steps are checks, not moves: they are left out.
"""
from __future__ import annotations

from typing import Any

from PIL import Image

from engine import carddb
from engine.duel import Duel
from engine.refs import RefError
from engine.decisions import IllegalAction
from engine.scripts import Runner, ScriptError, build_position, from_seed, run_step

from .picture import animated, draw_board, moment

MAX_FRAMES = 400  # a very long duel's replay keeps its first frames and its last one


class ReplayError(Exception):
    """A log that cannot be replayed (its setup or one of its steps)."""


def replay_frames(doc: dict[str, Any], *, max_frames: int = MAX_FRAMES) -> list[Image.Image]:
    """The frames of the duel *doc* (a duel script already read and checked):
    the first position, then one per step that changed the board, and the last."""
    setup = doc.get("setup") or {}
    try:
        duel = from_seed(setup) if "seed" in setup else Duel(lambda: build_position(setup))
    except (ScriptError, carddb.UnknownCard, KeyError, ValueError) as e:
        raise ReplayError(f"setup: {e}") from e
    runner = Runner(duel)
    frames: list[Image.Image] = []
    last: tuple[Any, ...] | None = None

    def look() -> None:
        nonlocal last
        v = runner.duel.view(None)
        key = moment(v)
        if key != last:
            last = key
            im, _ = draw_board(v)
            if len(frames) >= max_frames:
                frames[-1] = im  # the end of the duel is always shown
            else:
                frames.append(im)

    look()
    for i, step in enumerate(doc.get("steps") or [], 1):
        try:
            if isinstance(step, dict) and len(step) == 1 and "replay" in step:
                for line in step["replay"] or []:
                    run_step(runner, {"replay": [line]})
                    look()
            elif isinstance(step, dict) and "expect" in step:
                continue
            else:
                run_step(runner, step)
                look()
        except (ScriptError, IllegalAction, RefError, carddb.UnknownCard) as e:
            raise ReplayError(f"step {i}: {e}") from e
    return frames


def replay_gif(doc: dict[str, Any]) -> tuple[bytes, int]:
    """The animated replay of *doc* as GIF bytes, and how many frames it has."""
    frames = replay_frames(doc)
    return animated(frames), len(frames)
