"""``manaburn play``: a duel in the terminal.

Against the built-in random opponent, or two people at one keyboard
(``--vs human``: between the two players' decisions the screen is cleared
and the keyboard passed, so a hand is shown only to its player). Answers are
the canonical action text (``cast Lightning Bolt``, ``target computer``,
``pass``), a choice's number, or a whole script-style action (``cast
Fireball -> computer x=3``).

``--best-of 3`` (or 5) plays a match (:mod:`engine.match`): game after game,
each preconstructed deck with its own sideboard; between games each person
exchanges cards one for one (``2 Lightning Bolt -> 2 Shatter``, then
``done``), the computer keeps its deck, and the loser of the previous game
chooses to play or draw. ``concede`` concedes a game, ``quit`` leaves the match.

Like the Discord bot, the terminal asks only where the player could do
something useful or keeps a stop (:mod:`engine.autopass`, the same rules and
the same ``stops`` as the bot's ``/stops``); everything else is answered for
them and shows in the log. Mana abilities are not listed at every stop:
type ``tap CARD for X`` (``mana`` lists them) or keep the ``manual payment``
stop. A refused answer says why (:mod:`engine.refusals`).
"""
from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from engine import Duel, DuelOptions, IllegalAction, carddb, formats
from engine.players.random_player import RandomPlayer
from engine.players.computer import DEFAULT_LEVEL, ComputerPlayer
from engine.determinize import peek_for
from engine.view import view
from engine.autopass import ALL_STOPS, DEFAULT_STOPS, auto_answer, parse_stops
from engine.decisions import MAX_NUMBER_DIGITS, Decision, DecisionKind, clip_text, is_mana_answer
from engine.decks import PRECONS, decklist, sideboard
from engine.match import Deck, Score, SideboardError, exchange, next_chooser, parse_exchange
from engine.scripts import Runner, parse_action

from . import saved_duel
from .picture import board_picture
from .render import board_text, second_person
from .saved_duel import SavedDuel, SavedDuelError

HELP = """Answer with a number from the list, or with action text:
  pass | play CARD | cast CARD | activate CARD [ability=N] | tap CARD for G
  target CARD-or-PLAYER | x=N | choose OPTION | auto | pay | cancel
  attack A, B+C | attack nothing | block A with B; C with D | block nothing
  assign N to A, M to B | discard CARD | sacrifice CARD
  cast CARD -> TARGET x=N pay=...   (a whole cast at once)
Other commands: board [FILE.png] (the board, and its picture), hand, log, mana (your mana abilities now), card NAME,
  stops [LIST | default | none] (where you are asked), help, concede, quit
Ctrl-C or Ctrl-D saves the duel and leaves; 'manaburn play --resume' continues it."""

CLEAR = "\033[2J\033[H"
MAX_LINE = 2000  # characters of one answer: a longer line is refused, and shown clipped
RESUME_EVENTS = 10  # lines of the log shown again when a saved duel is continued
# where "board" writes the picture unless told: one file, rewritten (an image viewer shows the newest)
BOARD_PICTURE = os.path.join(tempfile.gettempdir(), "manaburn-board.png")


def deck_named(name: str) -> str | None:
    """The preconstructed deck called ``name``, whatever its case."""
    return {d.lower(): d for d in PRECONS}.get(" ".join(name.split()).lower())


def play(args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    resume = getattr(args, "resume", None)
    if resume is not None:
        return resume_play(args, resume, stdin, stdout)
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
    vs = opponent_kind(args)
    hot_seat = vs == "human"
    players = ("player 1", "player 2") if hot_seat else ("you", "computer")
    if hot_seat:
        print(f"Manaburn - seed {seed}. player 1 plays {mine!r}, player 2 plays {theirs!r}. "
              "Type 'help' for help.", file=stdout)
    else:
        print(f"Manaburn - seed {seed}. You play {mine!r} against {theirs!r}. Type 'help' for help.", file=stdout)
    best_of = getattr(args, "best_of", 1) or 1
    if best_of > 1:
        return play_match(args, seed, fmt, (mine, theirs), players, best_of, stdin, stdout)
    saved = SavedDuel(seed, (mine, theirs), (decklist(mine), decklist(theirs)), DuelOptions(chooser=0, format=fmt.name),
                      players, vs, getattr(args, "level", None) or DEFAULT_LEVEL, [],
                      (sorted(DEFAULT_STOPS), sorted(DEFAULT_STOPS)))
    duel = Duel.new(seed, saved.decklists, saved.options, names=players)
    return run_saving(TerminalDuel(duel, None if hot_seat else opponent(args, duel, seed), stdin, stdout,
                                   clear=hot_seat and stdout.isatty(), saved=saved), stdout, None)


def play_match(args: argparse.Namespace, seed: int, fmt: formats.Format, deck_names: tuple[str, str],
               players: tuple[str, str], best_of: int, stdin: TextIO, stdout: TextIO) -> int:
    """``manaburn play --best-of 3|5``: games until one player has won the match, each
    deck with its sideboard, sideboarding between games. A match is not saved to be
    continued: leaving it (Ctrl-C, Ctrl-D, ``quit``) ends it."""
    hot_seat = players[0] == "player 1"
    decks = [Deck(tuple(decklist(d)), tuple(sideboard(d))) for d in deck_names]
    score = Score(best_of)
    chooser: int | None = 0  # the first game: the person at the keyboard (player 1) chooses
    try:
        for game in range(1, 100):
            game_seed = seed + game - 1
            print(f"\n=== Game {game} (best of {score.best_of}; seed {game_seed}): "
                  f"{score.text(players)} ===", file=stdout)
            duel = Duel.new(game_seed, (list(decks[0].main), list(decks[1].main)), DuelOptions(chooser=chooser),
                            names=players)
            term = TerminalDuel(duel, None if hot_seat else opponent(args, duel, game_seed), stdin, stdout,
                                clear=hot_seat and stdout.isatty())
            term.run()
            if term.left or not term.duel.over:
                return 0
            winner = term.duel.game.winner
            score = score.after(winner)
            print(f"\nGame {game}: " + ("a draw" if winner is None else f"{players[winner]} won") + ". "
                  f"Match: {score.text(players)}.", file=stdout)
            if score.over:
                assert score.winner is not None
                print(f"{players[score.winner]} won the match.", file=stdout)
                return 0
            for p in ((0, 1) if hot_seat else (0,)):  # the computer keeps its deck
                if not sideboard_in_terminal(p, players, decks, fmt, stdin, stdout, hot_seat=hot_seat,
                                             clear=hot_seat and stdout.isatty()):
                    return 0
            chooser = next_chooser(winner)
        return 0
    except (KeyboardInterrupt, EOFError):
        print("\n(interrupted: leaving the match)", file=stdout)
        return 130


def resume_play(args: argparse.Namespace, given: str, stdin: TextIO, stdout: TextIO) -> int:
    """``manaburn play --resume [FILE]``: the saved duel, every answer replayed, played on."""
    if any(getattr(args, k, None) is not None for k in ("seed", "deck", "opponent_deck")):
        print("--resume continues a saved duel with its own seed and decks: give no --seed, --deck or "
              "--opponent-deck with it", file=stdout)
        return 2
    path = Path(given) if given else saved_duel.latest()
    if path is None:
        print(f"No saved duel in {saved_duel.saved_dir()} (a duel is saved there when you leave it with Ctrl-C "
              "or Ctrl-D)", file=stdout)
        return 2
    try:
        saved = saved_duel.load(path)
        duel = saved.rebuild()
    except FileNotFoundError:
        print(f"No saved duel in {path}", file=stdout)
        return 2
    except (OSError, SavedDuelError) as e:
        print(f"Cannot continue the duel saved in {path}: {e}", file=stdout)
        return 2
    if duel.pending is None:
        print(f"The duel saved in {path} is over.", file=stdout)
        return 2
    mine, theirs = saved.deck_names
    print(f"Manaburn - continuing the duel saved in {path}: seed {saved.seed}, {mine!r} against {theirs!r}, "
          f"{len(saved.history)} answers replayed. Type 'help' for help.", file=stdout)
    hot_seat = saved.vs == "human"
    computer = None if hot_seat else opponent(argparse.Namespace(vs=saved.vs, level=saved.level), duel, saved.seed)
    term = TerminalDuel(duel, computer, stdin, stdout, clear=hot_seat and stdout.isatty(), saved=saved)
    term.stops = [frozenset(saved.stops[0]), frozenset(saved.stops[1])]
    term.shown_events = max(0, len(duel.game.events) - RESUME_EVENTS)
    return run_saving(term, stdout, path)


def run_saving(term: "TerminalDuel", stdout: TextIO, resumed_from: Path | None) -> int:
    """Run the duel; on Ctrl-C save it and say where. A resumed duel's file is
    removed once the duel is over (nothing is left to continue)."""
    try:
        code = term.run()
    except (KeyboardInterrupt, EOFError):
        print("\n(interrupted: " + term.save_and_say(resumed_from) + ")", file=stdout)
        return 130
    if term.duel.pending is None and resumed_from is not None:
        with contextlib.suppress(OSError):
            resumed_from.unlink()
    return code


def opponent_kind(args: argparse.Namespace) -> str:
    """``--vs``: "ai" (the computer opponent; ``computer`` is its other name),
    "random" or "human"."""
    vs = getattr(args, "vs", None) or "ai"
    return "ai" if vs == "computer" else vs


SIDEBOARD_HELP = ("Exchange cards one for one: `2 Lightning Bolt -> 2 Shatter` (several: separate them with ';'); "
                  "`deck` and `side` list them; `done` when your deck is ready.")


def sideboard_in_terminal(p: int, players: tuple[str, str], decks: list[Deck], fmt: formats.Format,
                          stdin: TextIO, stdout: TextIO, *, hot_seat: bool = False, clear: bool = False) -> bool:
    """Between two games of a match: player *p* exchanges cards (``decks[p]`` changed in
    place) until ``done``; False at the end of input or ``quit``."""
    if hot_seat:  # two people at one keyboard: each deck is private
        if clear:
            stdout.write(CLEAR)
        print(f"=== Sideboarding: pass the keyboard to {players[p]}, then press Enter. ===", file=stdout)
        if not stdin.readline():
            return False
    print(f"\n[{players[p]}] Sideboarding: deck {len(decks[p].main)} cards, sideboard {len(decks[p].side)}. "
          + SIDEBOARD_HELP, file=stdout)
    while True:
        stdout.write("sideboard> ")
        stdout.flush()
        line = stdin.readline()
        if not line or line.strip() in ("quit", "exit"):
            return False
        text = line.strip()
        if text in ("done", ""):
            return True
        if text in ("deck", "side"):
            cards = decks[p].main if text == "deck" else decks[p].side
            print(", ".join(f"{cards.count(c)} {c}" for c in sorted(set(cards))) or "none", file=stdout)
            continue
        if text == "help":
            print(SIDEBOARD_HELP, file=stdout)
            continue
        try:
            decks[p] = exchange(decks[p], *parse_exchange(text), fmt)
        except SideboardError as e:
            print(str(e), file=stdout)
            continue
        print(f"Exchanged. Deck {len(decks[p].main)} cards, sideboard {len(decks[p].side)}.", file=stdout)


class _Computer:
    """The computer opponent (:mod:`engine.players.computer`) answering from its seat's view."""

    def __init__(self, duel: Duel, seed: int, level: str) -> None:
        self.duel = duel
        self.player = ComputerPlayer(seed, level)

    def choose(self, d: Decision) -> str:
        return self.player.choose(view(self.duel, d.player), d, peek_for(self.duel, d.player))


def opponent(args: argparse.Namespace, duel: Duel, seed: int) -> "RandomPlayer | _Computer":
    """``--vs ai`` or ``--vs computer`` (the default; ``--level``), or ``--vs random``."""
    if opponent_kind(args) == "random":
        return RandomPlayer(seed)
    return _Computer(duel, seed, getattr(args, "level", None) or DEFAULT_LEVEL)


class TerminalDuel:
    """The read-answer loop of one duel. ``inputs`` counts the answers typed
    to decisions, ``idle_passes`` those that declined with nothing useful
    possible (see ``bench/terminal_inputs.py``)."""

    def __init__(self, duel: Duel, computer: "RandomPlayer | _Computer | None", stdin: TextIO, stdout: TextIO,
                 *, clear: bool = False, saved: SavedDuel | None = None) -> None:
        self.duel = duel
        self.saved = saved  # what to save on leaving (None: a set-up position, not a duel from a seed)
        self.quitting = False  # 'quit' asked whether to concede: the next line answers
        self.burn_warned: tuple[object, ...] | None = None  # the answer and moment last warned of mana burn
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
        self.left = False  # the player left (quit, or the end of input): a match ends too

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
        only for a payment under the ``manual payment`` stop, or one that
        ``auto`` cannot make (it never sacrifices a source: Black Lotus)."""
        if d.kind is DecisionKind.PAY and ("manual payment" in self.stops[d.player] or "auto" not in d.choices):
            return list(d.choices)
        return [c for c in d.choices if not is_mana_answer(c)]

    def run(self) -> int:
        while self.duel.pending is not None:
            d = self.duel.pending
            if self.computer is not None and d.player == 1:
                self.duel.apply(self.computer.choose(d))
                continue
            auto = auto_answer(self.duel.game, d, self.stops[d.player])
            note = ""
            if auto is not None:
                # passing for the player is fine unless it burns the mana they left in their pool
                key = self.burn_risk(d, auto)
                if key is None or key == self.burn_warned:
                    self.duel.apply(auto, player=d.player)
                    continue
                self.burn_warned, note = key, self.burn_warning(d, auto)
            if self.hot_seat and self.seated != d.player:
                if not self.pass_keyboard(d.player):
                    return 0
            if not self.quitting:  # else the question 'quit' asked is waiting for its answer
                self.show(d, note)
            line = self.stdin.readline()
            if not line:
                self.say("\n(end of input: " + self.save_and_say() + ")")
                self.left = True
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
            self.say("\n(end of input: " + self.save_and_say() + ")")
            self.left = True
            return False
        if self.clear:
            self.stdout.write(CLEAR)
        self.seated = p
        self.last_board = ""  # show the board again to the new player
        return True

    def show(self, d: Decision, note: str = "") -> None:
        """The log since the last question, the board if it changed, and the
        question ``d`` with its numbered answers (``note`` under them)."""
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
        if note:
            self.say(note)
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
        if len(text) > MAX_LINE:
            self.say(f"Not legal: {clip_text(text)!r} is too long (an answer is at most {MAX_LINE} characters)")
            return
        if self.quitting:
            self.quitting = False
            if text.lower() in ("y", "yes"):
                self.duel.concede(d.player)
                self.left = True
                self.say("You leave the duel (a concession).")
            else:
                self.say("You stay in the duel.")
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
            self.quitting = True
            self.say("Leaving concedes the duel. Concede it? (yes/no" + (
                "; Ctrl-D instead saves it to continue later with 'manaburn play --resume')" if self.saved is not None
                else "; Ctrl-D instead leaves it unfinished)"))
            self.stdout.write("> ")
            self.stdout.flush()
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
            runner = Runner(self.duel, pay_by_hand=True)
            try:
                err = runner.try_action(d.player, parse_action(text))
            except ValueError as e:
                err = str(e)
            self.duel = runner.duel  # a failed attempt is rolled back by replay
            if isinstance(self.computer, _Computer):
                self.computer.duel = self.duel  # it answers from this duel's view, not the one rolled back
            if err is None:
                self.count(d, text)
                return
            self.say(f"Not legal: {err}")
            return
        self.say(f"Not legal: {first_error}")

    def apply(self, d: Decision, text: str) -> None:
        canon = self.duel.parse(text, d.player)
        if self.warn_of_burn(d, canon):
            return
        self.count(d, canon)
        self.duel.apply(canon, player=d.player)

    def warn_of_burn(self, d: Decision, canon: str) -> bool:
        """True, having warned, the first time an answer would burn the mana
        left in the player's pool (:meth:`burn_risk`); the same answer at the
        same moment again goes ahead."""
        key = self.burn_risk(d, canon)
        if key is None or key == self.burn_warned:
            return False
        self.burn_warned = key
        self.say(self.burn_warning(d, canon))
        return True

    def burn_risk(self, d: Decision, canon: str) -> tuple[object, ...] | None:
        """What identifies answering ``canon`` to ``d`` now, if that may end the
        phase (a pass with nothing being cast, or announcing an attack) while
        mana is left in the player's pool; None when it burns nothing."""
        if canon != d.decline and canon != "attack" and not canon.startswith("attack "):
            return None
        ctx = d.context
        if d.kind not in (DecisionKind.OPPORTUNITY, DecisionKind.RESPOND) or ctx is None \
                or ctx.spell_controller is not None or ctx.batch_controller is not None:
            return None
        pool = self.duel.playing.players[d.player].pool
        if not pool.total():
            return None
        return (canon, ctx, pool.text(), len(self.duel.history))

    def burn_warning(self, d: Decision, canon: str) -> str:
        pool = self.duel.playing.players[d.player].pool
        return (f"Your mana pool holds {pool.text()}: if the phase ends now, it empties and you lose "
                f"{pool.total()} life to mana burn. Answer {canon!r} to do it anyway.")

    def save_and_say(self, path: Path | None = None) -> str:
        """Save the duel (to ``path``, else the default place) and say where and how to go on."""
        if self.saved is None or self.duel.pending is None:
            return "leaving the duel"
        self.saved.history = list(self.duel.history)
        self.saved.stops = (sorted(self.stops[0]), sorted(self.stops[1]))
        try:
            where = saved_duel.save(self.saved, path)
        except OSError as e:
            return f"leaving the duel; it could not be saved: {e}"
        return f"the duel is saved in {where}; 'manaburn play --resume' continues it"

    def count(self, d: Decision, answer: str) -> None:
        self.inputs += 1
        if d.decline is not None and answer == d.decline:
            self.passes += 1
            if not any(c != d.decline and c != "cancel" and not is_mana_answer(c) for c in d.choices):
                self.idle_passes += 1

    def set_stops(self, p: int, text: str) -> None:
        if text.strip():  # "stops ,,," names no stop: parse_stops refuses it
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
