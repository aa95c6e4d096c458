"""``manaburn play``: a duel in the terminal.

Against the built-in random opponent, or two people at one keyboard
(``--vs human``: between the two players' decisions the screen is cleared
and the keyboard passed, so a hand is shown only to its player). Answers are
the canonical action text (``cast Lightning Bolt``, ``target computer``,
``pass``), a choice's number, or a whole script-style action (``cast
Fireball -> computer x=3``).

Like the Discord bot, the terminal asks only where the player could do
something useful or keeps a stop (:mod:`engine.autopass`, the same rules and
the same ``stops`` as the bot's ``/stops``); everything else is answered for
them and shows in the log. Mana abilities are not listed at every stop:
type ``tap CARD for X`` (``mana`` lists them) or keep the ``manual payment``
stop. A refused answer says why (:mod:`engine.refusals`).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from typing import TextIO

from engine import Duel, DuelOptions, IllegalAction, carddb, formats
from engine.ai import RandomPlayer
from engine.computer import DEFAULT_LEVEL, ComputerPlayer
from engine.lookahead import peek_for
from engine.view import view
from engine.autopass import ALL_STOPS, DEFAULT_STOPS, auto_answer, parse_stops
from engine.decisions import MAX_NUMBER_DIGITS, Decision, DecisionKind, is_mana_answer
from engine.decks import PRECONS, decklist
from engine.scripts import Runner, parse_action

from .picture import board_picture
from .render import board_text, second_person

HELP = """Answer with a number from the list, or with action text:
  pass | play CARD | cast CARD | activate CARD [ability=N] | tap CARD for G
  target CARD-or-PLAYER | x=N | choose OPTION | auto | pay | cancel
  attack A, B+C | attack nothing | block A with B; C with D | block nothing
  assign N to A, M to B | discard CARD | sacrifice CARD
  cast CARD -> TARGET x=N pay=...   (a whole cast at once)
Other commands: board [FILE.png] (the board, and its picture), hand, log, mana (your mana abilities now), card NAME,
  stops [LIST | default | none] (where you are asked), help, concede, quit"""

CLEAR = "\033[2J\033[H"
# where "board" writes the picture unless told: one file, rewritten (an image viewer shows the newest)
BOARD_PICTURE = os.path.join(tempfile.gettempdir(), "manaburn-board.png")


def deck_named(name: str) -> str | None:
    """The preconstructed deck called ``name``, whatever its case."""
    return {d.lower(): d for d in PRECONS}.get(" ".join(name.split()).lower())


def play(args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    try:
        fmt = formats.get(getattr(args, "format", None) or formats.DEFAULT)
    except formats.UnknownFormat as e:
        print(str(e), file=stdout)
        return 2
    names = sorted(n for n in PRECONS if fmt.is_legal(decklist(n)))  # a deck left out is chosen at random
    rng = random.Random(seed)
    chosen = []
    for given in (args.deck, args.opponent_deck):
        deck = rng.choice(names) if given is None else deck_named(given)
        if deck is None:
            print(f"unknown deck {given!r}; decks: {', '.join(sorted(PRECONS))}", file=stdout)
            return 2
        if problems := fmt.problems(decklist(deck)):
            print(f"{deck} is not legal in {fmt.title}: {'; '.join(problems)}", file=stdout)
            return 2
        chosen.append(deck)
    mine, theirs = chosen
    hot_seat = args.vs == "human"
    players = ("player 1", "player 2") if hot_seat else ("you", "computer")
    duel = Duel.new(seed, (decklist(mine), decklist(theirs)), DuelOptions(chooser=0), names=players)
    if hot_seat:
        print(f"Manaburn - seed {seed}. player 1 plays {mine!r}, player 2 plays {theirs!r}. "
              "Type 'help' for help.", file=stdout)
    else:
        print(f"Manaburn - seed {seed}. You play {mine!r} against {theirs!r}. Type 'help' for help.", file=stdout)
    term = TerminalDuel(duel, None if hot_seat else opponent(args, duel, seed), stdin, stdout,
                        clear=hot_seat and stdout.isatty())
    try:
        return term.run()
    except (KeyboardInterrupt, EOFError):
        print("\n(interrupted: leaving the duel)", file=stdout)
        return 130


class _Computer:
    """The computer opponent (:mod:`engine.computer`) answering from its seat's view."""

    def __init__(self, duel: Duel, seed: int, level: str) -> None:
        self.duel = duel
        self.player = ComputerPlayer(seed, level)

    def choose(self, d: Decision) -> str:
        return self.player.choose(view(self.duel, d.player), d, peek_for(self.duel, d.player))


def opponent(args: argparse.Namespace, duel: Duel, seed: int) -> "RandomPlayer | _Computer":
    """``--vs ai`` (the default; ``--level``) or ``--vs random`` (also the old ``--vs computer``)."""
    vs = getattr(args, "vs", "ai")
    if vs in ("random", "computer"):
        return RandomPlayer(seed)
    return _Computer(duel, seed, getattr(args, "level", None) or DEFAULT_LEVEL)


class TerminalDuel:
    """The read-answer loop of one duel. ``inputs`` counts the answers typed
    to decisions, ``idle_passes`` those that declined with nothing useful
    possible (see ``bench/terminal_inputs.py``)."""

    def __init__(self, duel: Duel, computer: "RandomPlayer | _Computer | None", stdin: TextIO, stdout: TextIO,
                 *, clear: bool = False) -> None:
        self.duel = duel
        self.computer = computer
        self.stdin = stdin
        self.stdout = stdout
        self.clear = clear
        self.shown_events = 0
        self.stops = [DEFAULT_STOPS, DEFAULT_STOPS]
        self.seated: int | None = None  # hot-seat: who has the keyboard
        self.inputs = 0
        self.passes = 0  # answers that declined (pass, choose no, ...)
        self.idle_passes = 0  # ... with nothing useful possible
        self.last_board = ""
        self.secrets_shown = [0, 0]  # of each player's view["secrets"]

    @property
    def hot_seat(self) -> bool:
        return self.computer is None

    def say(self, text: str) -> None:
        print(second_person(text), file=self.stdout)

    def flush_log(self) -> None:
        ev = self.duel.game.events
        for e in ev[self.shown_events:]:
            if not e.startswith("-- "):
                self.say("  * " + e)
        self.shown_events = len(ev)

    def shown(self, d: Decision) -> list[str]:
        """The numbered answers: all but the mana abilities, which are listed
        only for a payment under the ``manual payment`` stop."""
        if d.kind is DecisionKind.PAY and "manual payment" in self.stops[d.player]:
            return list(d.choices)
        return [c for c in d.choices if not is_mana_answer(c)]

    def run(self) -> int:
        while self.duel.pending is not None:
            d = self.duel.pending
            if self.computer is not None and d.player == 1:
                self.duel.apply(self.computer.choose(d))
                continue
            auto = auto_answer(self.duel.game, d, self.stops[d.player])
            if auto is not None:
                self.duel.apply(auto, player=d.player)
                continue
            if self.hot_seat and self.seated != d.player:
                if not self.pass_keyboard(d.player):
                    return 0
            self.show(d)
            line = self.stdin.readline()
            if not line:
                self.say("\n(end of input: leaving the duel)")
                return 0
            self.handle(line.strip())
        self.flush_log()
        self.say("\n" + board_text(self.duel.view(0), group_lands=True, keywords=True))
        return 0

    def pass_keyboard(self, p: int) -> bool:
        """Hot-seat: hide the screen and hand the keyboard to ``p``; False at end of input."""
        name = self.duel.game.players[p].name
        if self.clear:
            self.stdout.write(CLEAR)
        self.stdout.write("\n" * (0 if self.clear else 3)
                          + f"=== Pass the keyboard to {name}, then press Enter ({name} only). ===\n")
        self.stdout.flush()
        if not self.stdin.readline():
            self.say("\n(end of input: leaving the duel)")
            return False
        if self.clear:
            self.stdout.write(CLEAR)
        self.seated = p
        self.last_board = ""  # show the board again to the new player
        return True

    def show(self, d: Decision) -> None:
        self.flush_log()
        view = self.duel.view(d.player)
        board = board_text(view, group_lands=True, keywords=True)
        if board != self.last_board:
            self.say("\n" + board)
            self.last_board = board
        me = view["players"][d.player]
        for secret in view["secrets"][self.secrets_shown[d.player]:]:
            self.say(f"  (seen by {me['name']} only) {secret}")
        self.secrets_shown[d.player] = len(view["secrets"])
        self.say(f"\n[{me['name']}] hand: {', '.join(me.get('hand', [])) or 'empty'}")
        self.say(f"[{me['name']}] {d.prompt}")
        shown = self.shown(d)
        for i, c in enumerate(shown, 1):
            self.say(f"  {i:2}. {c}")
        if len(shown) < len(d.choices) and any(is_mana_answer(c) for c in d.choices):
            self.say("      (mana: type 'tap CARD for X'; 'mana' lists your mana abilities)")
        self.stdout.write("> ")
        self.stdout.flush()

    def write_picture(self, path: str, bottom: int) -> str:
        """The picture of the board (public information only) written to *path*; what to say."""
        pic = board_picture(self.duel.view(None), bottom=bottom)
        try:
            with open(path, "wb") as f:
                f.write(pic.png)
        except OSError as e:
            return f"Cannot write the picture to {path}: {e.strerror or e}"
        return f"Picture of the board: {os.path.abspath(path)}"

    def handle(self, text: str) -> None:
        d = self.duel.pending
        assert d is not None
        if not text:
            return
        word, _, rest = text.partition(" ")
        if text in ("help", "?"):
            self.say(HELP)
            return
        if word == "board":
            self.say(board_text(self.duel.view(d.player), group_lands=True, keywords=True))
            self.say(self.write_picture(rest.strip() or BOARD_PICTURE, d.player))
            return
        if text == "log":
            self.say("\n".join(self.duel.game.events[-30:]))
            return
        if text == "hand":
            self.say(", ".join(self.duel.view(d.player)["players"][d.player].get("hand", [])) or "empty")
            return
        if text == "mana":
            mana = [c for c in d.choices if is_mana_answer(c)]
            self.say("\n".join(mana) if mana else "No mana ability can be used now.")
            return
        if word == "card":
            self.say(card_description(rest))
            return
        if word == "stops":
            self.set_stops(d.player, rest)
            return
        if text in ("quit", "exit"):
            self.duel.concede(d.player)
            self.say("You leave the duel (a concession).")
            return
        if text == "concede":
            self.duel.concede(d.player)
            return
        if text.isascii() and text.isdigit():
            shown = self.shown(d)
            n = int(text) if len(text) <= MAX_NUMBER_DIGITS else 0
            if not 1 <= n <= len(shown):
                self.say(f"Not legal: there is no answer {text if len(text) <= 12 else text[:12] + '...'}; "
                         f"choose 1 to {len(shown)}")
                return
            text = shown[n - 1]
        try:
            self.apply(d, text)
            return
        except IllegalAction as e:
            first_error = e
        except ValueError as e:  # a number or reference the parser could not read
            first_error = IllegalAction(f"cannot read {text!r}: {e}")
        # a whole action at once, as in duel scripts ("cast Fireball -> bob x=3")
        if any(k in text for k in ("->", " x=", " pay=")):
            runner = Runner(self.duel)
            try:
                err = runner.try_action(d.player, parse_action(text))
            except ValueError as e:
                err = str(e)
            self.duel = runner.duel  # a failed attempt is rolled back by replay
            if err is None:
                self.count(d, text)
                return
            self.say(f"Not legal: {err}")
            return
        self.say(f"Not legal: {first_error}")

    def apply(self, d: Decision, text: str) -> None:
        canon = self.duel.parse(text, d.player)
        self.count(d, canon)
        self.duel.apply(canon, player=d.player)

    def count(self, d: Decision, answer: str) -> None:
        self.inputs += 1
        if d.decline is not None and answer == d.decline:
            self.passes += 1
            if not any(c != d.decline and c != "cancel" and not is_mana_answer(c) for c in d.choices):
                self.idle_passes += 1

    def set_stops(self, p: int, text: str) -> None:
        if text.strip():
            try:
                self.stops[p] = parse_stops(text)
            except ValueError as e:
                self.say(str(e))
                return
            self.say("Stops saved: " + (", ".join(sorted(self.stops[p])) or "none"))
            return
        self.say("Your stops: " + (", ".join(sorted(self.stops[p])) or "none")
                 + "\nAvailable: " + ", ".join(ALL_STOPS) + ", or 'default' or 'none'")


def card_description(name: str) -> str:
    """A card's printed text (``card NAME``), found whatever the case."""
    data = carddb.card_data()
    by_low = {n.lower(): n for n in data}
    key = by_low.get(" ".join(name.split()).lower())
    if key is None:
        import difflib
        near = difflib.get_close_matches(name.lower(), list(by_low), n=3, cutoff=0.75)
        return f"No card called {name!r}." + (
            " Did you mean: " + ", ".join(by_low[n] for n in near) + "?" if near else "")
    d = data[key]
    pt = f" {d['power']}/{d['toughness']}" if d.get("power") is not None else ""
    impl = "" if carddb.is_implemented(key) else "\n(not implemented yet)"
    return f"{key} {d['mana_cost']} - {d['type']}{pt}\n{d['text'] or '(no text)'}{impl}"
