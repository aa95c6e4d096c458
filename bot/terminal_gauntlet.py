"""``manaburn gauntlet``: the Gauntlet (:mod:`engine.gauntlet`) in the terminal.

One run at a time is under way; it is kept in ``gauntlet.json`` in the
player's state directory (``$XDG_STATE_HOME/manaburn``, by default
``~/.local/state/manaburn``), written after each duel and whenever the
player leaves: the end of input (Ctrl-D) or Ctrl-C leaves the stage's duel
where it is (its answers are kept), and ``manaburn gauntlet`` continues it
exactly there. ``concede`` (and ``quit``, which concedes) ends the stage, and
the run, as a loss. Finished runs stay
in the file for the best-runs table (``manaburn gauntlet --top``), per format
and level.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from engine import Duel, DuelOptions, formats
from engine.players.computer import DEFAULT_LEVEL, LEVELS
from engine.decks import PRECONS, decklist
from engine.gauntlet import GauntletError, opponents, stage

from .saved_duel import saved_dir
from .terminal import TerminalDuel, _Computer, deck_named

FILE_NAME = "gauntlet.json"
TOP = 10  # runs shown per format and level


def state_dir() -> Path:
    """Where the terminal keeps what it saves (``$XDG_STATE_HOME/manaburn``): the saved duels' folder."""
    return saved_dir()


@dataclass
class Run:
    """One run: what it was started with, how far it got, the stage's duel if one was left."""

    seed: int
    deck: str
    level: str
    format: str
    opponents: list[str]
    wins: int = 0
    result: str = "running"  # running, lost, complete, abandoned
    started_at: float = 0.0
    ended_at: float | None = None
    # the answers of the stage's duel when it was left in the middle
    history: list[tuple[int, str]] = field(default_factory=list)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Run:
        run = cls(int(d["seed"]), str(d["deck"]), str(d["level"]), str(d["format"]),
                  [str(o) for o in d["opponents"]], int(d["wins"]), str(d["result"]),
                  float(d.get("started_at") or 0), None if d.get("ended_at") is None else float(d["ended_at"]),
                  [(int(p), str(t)) for p, t in d.get("history") or []])
        if run.result not in ("running", "lost", "complete", "abandoned") or run.level not in LEVELS \
                or run.deck not in PRECONS or not 0 <= run.wins <= len(run.opponents):
            raise ValueError(f"not a run: {d!r:.200}")
        return run

    def line(self) -> str:
        when = time.strftime("%Y-%m-%d", time.localtime(self.started_at))
        how = {"complete": "every deck beaten", "lost": f"lost to {self.opponents[min(self.wins, len(self.opponents) - 1)]}",
               "abandoned": "abandoned", "running": "under way"}[self.result]
        return f"{self.wins:2} of {len(self.opponents)}  {self.deck:<20} {how} ({when})"


class Store:
    """The runs in ``gauntlet.json``: the one under way and the finished ones."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.current: Run | None = None
        self.finished: list[Run] = []
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            self.current = Run.from_json(data["current"]) if data.get("current") else None
            self.finished = [Run.from_json(r) for r in data.get("finished", [])]

    def save(self) -> None:
        """Write the file whole, atomically (a crash leaves the old one or the new one)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"version": 1, "current": asdict(self.current) if self.current else None,
                "finished": [asdict(r) for r in self.finished]}
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".gauntlet-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
        os.replace(tmp, self.path)

    def finish(self, result: str) -> None:
        assert self.current is not None
        self.current.result, self.current.ended_at, self.current.history = result, time.time(), []
        self.finished.append(self.current)
        self.current = None
        self.save()

    def top(self) -> str:
        """The best runs per format and level: most duels won first, the earliest first among equals."""
        groups: dict[tuple[str, str], list[Run]] = {}
        for r in self.finished + ([self.current] if self.current else []):
            groups.setdefault((r.format, r.level), []).append(r)
        if not groups:
            return "No Gauntlet run yet: start one with 'manaburn gauntlet --deck DECK'."
        out = []
        for (fmt, level), runs in sorted(groups.items()):
            runs.sort(key=lambda r: (-r.wins, r.result != "complete", r.started_at))
            out.append(f"Best Gauntlet runs - {formats.get(fmt).title}, level {level}:")
            out += [f"  {i}. {r.line()}" for i, r in enumerate(runs[:TOP], 1)]
        return "\n".join(out)


def gauntlet(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None,
             path: Path | None = None) -> int:
    """``manaburn gauntlet``: start a run, continue the one under way, ``--top``, ``--abandon``."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    path = path or state_dir() / FILE_NAME
    try:
        store = Store(path)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"manaburn gauntlet: cannot read {path} ({e}); move it away to start afresh.", file=stdout)
        return 2
    if args.top:
        print(store.top(), file=stdout)
        return 0
    if args.abandon:
        if store.current is None:
            print("No Gauntlet run is under way.", file=stdout)
            return 2
        wins = store.current.wins
        store.finish("abandoned")
        print(f"Run abandoned after {wins} duels won.", file=stdout)
        return 0
    run = store.current
    if run is None:
        made = new_run(args, stdout)
        if made is None:
            return 2
        run = store.current = made
        store.save()
        print(f"A new Gauntlet: {run.deck} against {len(run.opponents)} decks "
              f"({formats.get(run.format).title}, level {run.level}). Win every duel; one loss ends the run.",
              file=stdout)
    else:
        asked = [(k, getattr(args, k)) for k in ("deck", "level", "format") if getattr(args, k)]
        differs = [k for k, v in asked if str(v).lower() != str(getattr(run, k)).lower()
                   and not (k == "deck" and deck_named(str(v)) == run.deck)]
        if differs:
            print(f"A Gauntlet run is under way ({run.deck}, {formats.get(run.format).title}, level {run.level}, "
                  f"{run.wins} won): 'manaburn gauntlet' continues it, 'manaburn gauntlet --abandon' ends it.",
                  file=stdout)
            return 2
        print(f"Continuing your Gauntlet: {run.deck}, {run.wins} of {len(run.opponents)} won.", file=stdout)
    return play_run(store, stdin, stdout)


def new_run(args: argparse.Namespace, stdout: TextIO) -> Run | None:
    try:
        fmt = formats.get(args.format or formats.DEFAULT)
    except formats.UnknownFormat as e:
        print(str(e), file=stdout)
        return None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    if args.deck is None:
        deck = random.Random(seed).choice(sorted(n for n in PRECONS if fmt.is_legal(decklist(n))))
    else:
        found = deck_named(args.deck)
        if found is None:
            print(f"unknown deck {args.deck!r}; decks: {', '.join(sorted(PRECONS))}", file=stdout)
            return None
        deck = found
    if problems := fmt.problems(decklist(deck)):
        print(f"{deck} is not legal in {fmt.title}: {'; '.join(problems)}", file=stdout)
        return None
    try:
        order = opponents(deck, fmt.name, seed)
    except GauntletError as e:
        print(str(e), file=stdout)
        return None
    return Run(seed, deck, args.level or DEFAULT_LEVEL, fmt.name, order, started_at=time.time())


def play_run(store: Store, stdin: TextIO, stdout: TextIO) -> int:
    """The stages of the run under way, one duel each, until it is lost, won or left."""
    run = store.current
    assert run is not None
    while True:
        st = stage(run.seed, run.opponents, run.wins)
        if st is None:
            store.finish("complete")
            print(f"\nYou have beaten all {len(run.opponents)} decks: the Gauntlet is yours!", file=stdout)
            return 0
        print(f"\n{st.announcement(run.level)}", file=stdout)
        duel = Duel.new(st.seed, (decklist(run.deck), decklist(st.deck)), DuelOptions(chooser=0),
                        names=("you", "computer"))
        if run.history:
            duel.replay(run.history)
            print(f"(continuing the duel where you left it, after {len(run.history)} answers)", file=stdout)
        term = TerminalDuel(duel, _Computer(duel, st.seed, run.level), stdin, stdout)
        term.shown_events = len(duel.game.events) if run.history else 0
        try:
            term.run()
        except KeyboardInterrupt:
            term.left = True
        finally:
            run.history = list(term.duel.history)
            store.save()
        if not term.duel.over:
            print(f"\nThe Gauntlet is saved at stage {st.number} ({run.wins} won): "
                  "'manaburn gauntlet' continues it.", file=stdout)
            return 0
        run.history = []
        if term.duel.winner == 0:
            run.wins += 1
            store.save()
            print(f"\nYou beat {st.deck}: {run.wins} of {len(run.opponents)} won.", file=stdout)
            continue
        why = "a draw ends it" if term.duel.winner is None else f"{st.deck} beat you"
        store.finish("lost")
        print(f"\nThe Gauntlet is over: {why}. Your score: {run.wins} of {len(run.opponents)} "
              "('manaburn gauntlet --top': the best runs).", file=stdout)
        return 0
