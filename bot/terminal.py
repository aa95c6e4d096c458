"""``manaburn play``: a duel in the terminal.

Against the built-in random opponent, or two people at one keyboard
(``--vs human``: each decision shows the hand of the player who must
answer, so look away when it is not your turn to decide). Answers are the
canonical action text (``cast Lightning Bolt``, ``target bob``, ``pass``),
a choice's number, or a whole script-style action
(``cast Fireball -> bob x=3``).
"""
from __future__ import annotations

import argparse
import random
import sys
from typing import Callable, TextIO

from engine import Duel, DuelOptions, IllegalAction
from engine.ai import RandomPlayer
from engine.decisions import MAX_NUMBER_DIGITS
from engine.decks import PRECONS, decklist
from engine.scripts import Runner, parse_action

from .render import board_text

HELP = """Answer with a number from the list, or with action text:
  pass | play CARD | cast CARD | activate CARD [ability=N] | tap CARD for G
  target CARD-or-PLAYER | x=N | choose OPTION | auto | pay | cancel
  attack A, B+C | attack nothing | block A with B; C with D | block nothing
  assign N to A, M to B | discard CARD | sacrifice CARD
  cast CARD -> TARGET x=N pay=...   (a whole cast at once)
Other commands: board, hand, log, help, concede, quit"""


def play(args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    names = sorted(PRECONS)
    rng = random.Random(seed)
    mine = args.deck or rng.choice(names)
    theirs = args.opponent_deck or rng.choice(names)
    for d in (mine, theirs):
        if d not in PRECONS:
            print(f"unknown deck {d!r}; decks: {', '.join(names)}", file=stdout)
            return 2
    human_vs_human = args.vs == "human"
    players = ("you", "player 2" if human_vs_human else "computer")
    duel = Duel.new(seed, (decklist(mine), decklist(theirs)), DuelOptions(chooser=0), names=players)
    bot = RandomPlayer(seed)
    print(f"Manaburn - seed {seed}. You play {mine!r} against {theirs!r}. Type 'help' for help.", file=stdout)
    return TerminalDuel(duel, bot if not human_vs_human else None, stdin, stdout).run()


class TerminalDuel:
    def __init__(self, duel: Duel, computer: RandomPlayer | None, stdin: TextIO, stdout: TextIO) -> None:
        self.duel = duel
        self.computer = computer
        self.stdin = stdin
        self.stdout = stdout
        self.shown_events = 0

    def say(self, text: str) -> None:
        print(text, file=self.stdout)

    def flush_log(self) -> None:
        ev = self.duel.game.events
        for e in ev[self.shown_events:]:
            if not e.startswith("-- "):
                self.say("  * " + e)
        self.shown_events = len(ev)

    def run(self) -> int:
        read: Callable[[], str] = self.stdin.readline
        last_board = None
        while self.duel.pending is not None:
            d = self.duel.pending
            if self.computer is not None and d.player == 1:
                self.duel.apply(self.computer.choose(d))
                continue
            self.flush_log()
            board = board_text(self.duel.view(d.player))
            if board != last_board:
                self.say("\n" + board)
                last_board = board
            view = self.duel.view(d.player)
            me = view["players"][d.player]
            self.say(f"\n[{me['name']}] hand: {', '.join(me.get('hand', [])) or 'empty'}")
            self.say(f"[{me['name']}] {d.prompt}")
            for i, c in enumerate(d.choices, 1):
                self.say(f"  {i:2}. {c}")
            self.stdout.write("> ")
            self.stdout.flush()
            line = read()
            if not line:
                self.say("\n(end of input: leaving the duel)")
                return 0
            self.handle(line.strip())
        self.flush_log()
        self.say("\n" + board_text(self.duel.view(0)))
        return 0

    def handle(self, text: str) -> None:
        d = self.duel.pending
        assert d is not None
        if not text:
            return
        if text in ("help", "?"):
            self.say(HELP)
            return
        if text == "board":
            self.say(board_text(self.duel.view(d.player)))
            return
        if text == "log":
            self.say("\n".join(self.duel.game.events[-30:]))
            return
        if text == "hand":
            self.say(", ".join(self.duel.view(d.player)["players"][d.player].get("hand", [])))
            return
        if text in ("quit", "exit"):
            self.duel.concede(d.player)
            self.say("You leave the duel (a concession).")
            return
        if text == "concede":
            self.duel.concede(d.player)
            return
        if text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS and 1 <= int(text) <= len(d.choices):
            text = d.choices[int(text) - 1]
        try:
            self.duel.apply(text, player=d.player)
            return
        except IllegalAction as e:
            first_error = str(e)
        # a whole action at once, as in duel scripts ("cast Fireball -> bob x=3")
        runner = Runner(self.duel)
        err = runner.try_action(d.player, parse_action(text))
        self.duel = runner.duel  # a failed attempt is rolled back by replay
        if err is None:
            return
        self.say(f"Not legal: {first_error if '->' not in text else err}")
