"""``manaburn play`` plays a whole duel in the terminal, driven through its input."""
from __future__ import annotations

import argparse
import http.server
import io
import logging
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from bot.cli import main as cli_main
from bot.terminal import CLEAR, TerminalDuel, play
from engine import Duel
from engine.players.random_player import RandomPlayer
from engine.scripts import build_position


def run(lines: list[str], **kw: object) -> str:
    args = argparse.Namespace(seed=5, deck="Red Burn", opponent_deck="Green Stompy", vs="random")
    for k, v in kw.items():
        setattr(args, k, v)
    out = io.StringIO()
    assert play(args, io.StringIO("\n".join(lines) + "\n"), out) == 0
    return out.getvalue()


def at(you: dict[str, Any], computer: dict[str, Any] | None = None, lines: tuple[str, ...] = (),
       **setup: Any) -> str:
    """The terminal on a set-up position (your main phase unless told otherwise), against
    the computer, answering ``lines`` and then leaving (end of input)."""
    spec = {"active": "you", "phase": "main", "players": {"you": you, "computer": computer or {}}, **setup}
    duel = Duel(lambda: build_position(spec))
    out = io.StringIO()
    TerminalDuel(duel, RandomPlayer(1), io.StringIO("\n".join(lines) + "\n"), out).run()
    return out.getvalue()


def menus(text: str) -> list[list[str]]:
    """The numbered answers of every prompt shown."""
    out: list[list[str]] = []
    for block in text.split("\n> "):
        items = re.findall(r"^ +\d+\. (.*)$", block, re.M)
        if items:
            out.append(items)
    return out


def test_a_whole_duel_against_the_computer() -> None:
    text = run(["1"] * 3000)
    assert "The duel is over" in text
    assert "you win" in text or "computer wins" in text


def test_bad_input_is_refused_and_changes_nothing() -> None:
    text = run(["choose play", "cast Nonsense", "frobnicate", "help", "quit", "yes"])
    assert text.count("Not legal") == 2
    assert "attack A, B+C" in text  # the help text
    assert "The duel is over: computer wins" in text


def test_two_people_at_one_keyboard() -> None:
    text = run(["1"] * 4000, vs="human")
    assert "player 2" in text and "The duel is over" in text


# ------------------------------------------------------------ auto-pass and stops

def test_only_decisions_with_something_to_decide_are_asked() -> None:
    # Whole duels through the terminal's input (bench/terminal_inputs.py): no input is a
    # pass with nothing useful possible, far under issue 15's one in four.
    from bench.terminal_inputs import play_one
    rows = [play_one(seed) for seed in (1, 2, 3)]
    inputs = sum(int(r["inputs"]) for r in rows)
    assert all(r["finished"] for r in rows) and inputs > 50
    assert sum(int(r["idle_passes"]) for r in rows) <= inputs / 4
    assert sum(int(r["idle_passes"]) for r in rows) == 0
    # issue 24's stricter count: questions whose every answer but passing is pointless
    assert sum(int(r["needless"]) for r in rows) <= inputs * 0.05


def test_every_shown_prompt_offers_more_than_passing() -> None:
    text = run(["1"] * 3000)
    for items in menus(text):
        assert items != ["pass"], items


def test_the_stops_command_shows_and_sets_the_stops() -> None:
    text = at({"hand": ["Giant Growth"], "battlefield": ["Forest", "Grizzly Bears"]},
              lines=("stops", "stops my lunch", "stops none", "stops"))
    assert "Your stops: my blocks, my main, opponent blocks, opponent end of combat, prevention, " \
           "regeneration, responses" in text
    assert "Unknown stops: my lunch" in text
    assert "Stops saved: none" in text and "Your stops: none" in text


def test_without_stops_only_what_cannot_be_declined_is_asked() -> None:
    # A Giant Growth in hand could be cast at every step of the computer's attacks; the
    # default stops ask at its blocks and end of combat, no stops ask only in your own
    # main phase (a land to play, an attack) and what cannot be declined.
    you = {"hand": ["Giant Growth"], "battlefield": ["Forest", "Grizzly Bears"]}
    computer = {"battlefield": ["Grizzly Bears", "Forest"]}

    def asked_outside_my_main(text: str) -> int:
        prompts = re.findall(r"^\[you\] (.*)$", text, re.M)
        return sum(1 for p in prompts if not p.startswith(("hand:", "Main phase")))
    default = at(you, computer, lines=("1",) * 40)
    none = at(you, computer, lines=("stops none",) + ("1",) * 40)
    assert asked_outside_my_main(default) > 0
    assert "Stops saved: none" in none
    assert asked_outside_my_main(none) < asked_outside_my_main(default)


# ------------------------------------------------------------ mana abilities

def test_mana_abilities_are_not_listed_but_can_be_typed() -> None:
    text = at({"hand": ["Lightning Bolt", "Grizzly Bears"], "battlefield": ["Mountain"] * 2 + ["Forest"] * 2},
              lines=("mana", "tap Mountain for R", "board"))
    first = menus(text)[0]
    assert not any(c.startswith("tap ") for c in first)
    assert "(mana: type 'tap CARD for X'" in text
    assert "tap Mountain#" in text.split("\n> ")[1]  # the mana command lists them
    assert "pool R" in text  # typed by hand: drawn into the pool


def test_payment_lists_the_lands_under_the_manual_payment_stop() -> None:
    you = {"hand": ["Grizzly Bears"], "battlefield": ["Forest", "Forest", "Mountain"]}
    # {1}{G} from Forests and a Mountain: which land pays the {1} matters, the terminal asks
    asked = at(you, lines=("cast Grizzly Bears",))
    pay = menus(asked)[-1]
    assert "auto" in pay and not any(c.startswith("tap ") for c in pay)
    manual = at(you, lines=("stops my main, manual payment", "cast Grizzly Bears"))
    assert any(c.startswith("tap Forest#") for c in menus(manual)[-1])


# ------------------------------------------------------------ refusals say why

def test_an_illegal_answer_says_why() -> None:
    text = at({"hand": ["Shatter", "Fireball", "Mountain"], "battlefield": ["Forest"]},
              lines=("cast Lightning Bolt", "cast Fireball", "cast Shatter", "cast Mountan", "frobnicate",
                     "cast Mountain"))
    assert "Not legal: not in your hand: Lightning Bolt\n" in text
    assert "Not legal: not enough mana: Fireball needs {X}{R}, you have Forest untapped\n" in text
    assert "Not legal: no legal target for Shatter now\n" in text
    assert "Not legal: unknown word: no card is named 'Mountan' (nearest legal answers: " in text
    assert re.search(r"Not legal: unknown word: 'frobnicate' \(nearest legal answers: [^)]+\)", text)
    assert "Not legal: not now: Mountain is a land" in text


def test_sorcery_speed_is_explained() -> None:
    # the computer's upkeep, with a stop there: an instant may be cast, a sorcery not
    text = at({"hand": ["Lightning Bolt", "Stone Rain"], "battlefield": ["Mountain"] * 3},
              {"battlefield": ["Forest"]},
              lines=("stops opponent upkeep", "pass", "cast Stone Rain"), phase="upkeep", active="computer")
    assert "Not legal: not now: Stone Rain is a sorcery (sorcery speed: your main phase with nothing pending)" \
        in text


def test_refusal_reasons_are_typed_on_the_engines_illegal_action() -> None:
    from engine import IllegalAction
    from engine.decisions import Refusal
    spec = {"active": "alice", "phase": "main",
            "players": {"alice": {"hand": ["Fireball"], "battlefield": ["Forest"]}, "bob": {}}}
    duel = Duel(lambda: build_position(spec))
    with pytest.raises(IllegalAction) as e:
        duel.apply("cast Fireball")
    assert e.value.reason is Refusal.NOT_ENOUGH_MANA
    with pytest.raises(IllegalAction) as e:
        duel.apply("pas")
    assert e.value.reason is Refusal.UNKNOWN and e.value.suggestions == ("pass",)
    assert duel.history == []
    spec["players"] = {"alice": {"battlefield": [{"name": "Mountain", "tapped": True}, "Dragon Whelp"]}, "bob": {}}
    duel = Duel(lambda: build_position(spec))
    with pytest.raises(IllegalAction) as e:
        duel.apply("activate Dragon Whelp")
    assert e.value.reason is Refusal.NOT_ENOUGH_MANA
    assert str(e.value) == "not enough mana: Dragon Whelp's ability needs {R}, you have no mana"
    with pytest.raises(IllegalAction) as e:
        duel.apply("cast Dragon Whelp")
    assert e.value.reason is Refusal.NOT_IN_HAND and str(e.value) == "not in your hand: Dragon Whelp"


def test_huge_and_odd_numbers_are_refused_without_a_traceback() -> None:
    text = at({"hand": ["Fireball"], "battlefield": ["Mountain"] * 2},
              lines=("9" * 5000, "0", "99", "\u00b2", "-1", "1e9", "cast Fireball", "x=" + "9" * 5000,
                     "x=99999999999999999999", "x=-3"))
    assert "Traceback" not in text
    assert text.count("Not legal") == 9
    assert "choose 1 to" in text


# ------------------------------------------------------------ what is shown

def test_card_shows_the_printed_text() -> None:
    text = at({}, lines=("card serra angel", "card Serra Angle", "card Nothing At All"))
    assert "Serra Angel {3}{W}{W} - Summon - Angel 4/4\nFlying\nAttacking does not cause Serra Angel to tap." in text
    assert "No card called 'Serra Angle'. Did you mean: Serra Angel" in text
    assert "No card called 'Nothing At All'.\n" in text


def test_the_board_shows_keywords_and_groups_lands() -> None:
    text = at({"battlefield": ["Serra Angel", "Benalish Hero", "Plains", "Plains", "Plains",
                               {"name": "Plains", "tapped": True}, "Island"]},
              {"battlefield": ["Forest", {"name": "Wild Growth", "attached_to": "Forest"}]})
    mine = next(ln for ln in text.splitlines() if ln.startswith("  in play: Serra Angel"))
    assert "Serra Angel 4/4" in mine and "flying" in mine and "Benalish Hero 1/1 banding" in mine
    assert "Plains x4, 1 tapped" in mine and "; Island" in mine
    assert "in play: Forest; Wild Growth (on Forest)" in text  # enchanted: on its own, with its enchantment


def test_the_duel_starts_at_turn_one() -> None:
    text = run(["1"] * 40)
    assert "Turn 0" not in text
    assert text.split("\n\n")[1].startswith("Before the first turn")
    assert "Turn 1 - your main" in text


def test_grammar_of_the_second_person() -> None:
    text = run(["1"] * 3000)
    assert "you play first" in text
    assert not re.search(r"\byou's\b|\byou (wins|plays|draws|casts|passes|has|is)\b", text)
    from bot.render import second_person
    assert second_person("Grizzly Bears comes into play under you's control.") == \
        "Grizzly Bears comes into play under your control."
    assert second_person("computer attacks; you blocks with Grizzly Bears. you wins.") == \
        "computer attacks; you block with Grizzly Bears. you win."


def test_the_end_line_agrees_with_the_board() -> None:
    # Lightning Bolt takes the computer from 1 to -2: the board and the end line say -2
    text = at({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, {"life": 1},
              lines=("cast Lightning Bolt", "target computer", "pass", "pass", "pass"))
    assert "computer: -2 life" in text
    assert "The duel is over: you win (computer: -2 life)." in text
    assert "you wins" not in text


def test_hot_seat_never_shows_a_hand_to_the_wrong_player() -> None:
    text = run(["1"] * 4000, vs="human")
    seated = None
    for ln in text.splitlines():
        m = re.search(r"Pass the keyboard to (player \d)", ln)
        if m:
            seated = m.group(1)
        m = re.match(r"\[(player \d)\] hand:", ln)
        if m:
            assert m.group(1) == seated, ln


def test_hot_seat_clears_the_screen_on_a_terminal() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True
    args = argparse.Namespace(seed=5, deck="red burn", opponent_deck="GREEN STOMPY", vs="human")
    out = Tty()
    play(args, io.StringIO("\n".join(["1"] * 300) + "\n"), out)
    text = out.getvalue()
    assert text.count(CLEAR) >= 4
    for part in text.split(CLEAR)[1:]:
        assert len(set(re.findall(r"\[(player \d)\] hand:", part))) <= 1


# ------------------------------------------------------------ no tracebacks

def test_ctrl_c_ends_cleanly() -> None:
    class Interrupted(io.StringIO):
        def readline(self, *a: Any) -> str:
            raise KeyboardInterrupt
    args = argparse.Namespace(seed=5, deck="Red Burn", opponent_deck="Green Stompy", vs="random")
    out = io.StringIO()
    assert play(args, Interrupted(), out) == 130
    assert "(interrupted: the duel is saved in " in out.getvalue()


def _manaburn(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main(sys.argv[1:]))", *args]


def test_ctrl_c_in_the_real_command() -> None:
    # SIGINT back to its default in the child: a test run started in the background of a
    # non-interactive shell (CI) inherits it ignored, and Python then never raises KeyboardInterrupt
    proc = subprocess.Popen(_manaburn("play", "--seed", "5"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None
    seen = b""
    while b"> " not in seen:
        chunk = proc.stdout.read1(4096)  # type: ignore[attr-defined]
        if not chunk:  # the game ended (or never started) before asking anything
            pytest.fail(f"manaburn play exited before its prompt: {proc.communicate(timeout=60)[1][-2000:]!r}")
        seen += chunk
    proc.send_signal(signal.SIGINT)
    # stdin stays open until the process is gone: closing it first races the signal (end of input
    # is a quiet exit 0 of its own)
    guard = threading.Timer(60, proc.kill)  # a lost signal fails the test instead of hanging it
    guard.start()
    out = b""
    while chunk := proc.stdout.read1(4096):  # type: ignore[attr-defined]
        out += chunk
    proc.wait(timeout=60)
    guard.cancel()
    err = proc.stderr.read() if proc.stderr is not None else b""
    proc.stdin.close()  # type: ignore[union-attr]
    assert b"Traceback" not in err + out
    assert proc.returncode == 130


@pytest.mark.parametrize("command", [("play", "--seed", "5"), ("cards", "--list")])
def test_output_piped_into_head(command: tuple[str, ...], tmp_path: Path) -> None:
    answers = tmp_path / "answers"
    answers.write_text("1\n" * 3000)  # a whole duel: far more output than a pipe holds
    with answers.open() as stdin:
        proc = subprocess.Popen(_manaburn(*command), stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None
        proc.stdout.readline()
        proc.stdout.close()  # like head -1
        err = proc.stderr.read() if proc.stderr else b""
        proc.wait(timeout=120)
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err
    assert proc.returncode == 0


def test_cards_with_an_unknown_set_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["cards", "--set", "XYZ"]) == 2
    assert "unknown set 'XYZ'; sets: " in capsys.readouterr().err
    assert cli_main(["cards", "--set", "4ed"]) == 0
    assert capsys.readouterr().out.startswith("4ED: ")


def test_deck_names_ignore_case_and_help_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_main(["play", "--help"])
    assert "Red Burn" in capsys.readouterr().out.replace("\n", " ")
    text = run(["quit"], deck="red BURN", opponent_deck="green stompy")
    assert "You play 'Red Burn' against 'Green Stompy'" in text
    out = io.StringIO()
    args = argparse.Namespace(seed=5, deck="Purple", opponent_deck=None, vs="computer")
    assert play(args, io.StringIO(""), out) == 2 and "unknown deck 'Purple'; decks: " in out.getvalue()


@pytest.fixture
def refusing_discord() -> Iterator[str]:
    """A loopback HTTP server answering every request 401 Unauthorized, as Discord does to a wrong token."""
    class H(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b'{"message": "401: Unauthorized", "code": 0}'
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *a: Any) -> None:
            pass
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


def _bot_once(base: str, tmp_path: Path, capfd: pytest.CaptureFixture[str],
              monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    import discord

    from tests.fakediscord.guard import redirect_discord
    # as in a fresh process without the voice libraries: discord.py would warn once
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    # what the bot logs (to stderr when run for real; pytest holds the root logger here)
    logged: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            logged.append(self.format(record) + "\n")
    keep = Keep(logging.WARNING)
    monkeypatch.setattr(logging.getLogger(), "handlers", logging.getLogger().handlers + [keep])
    env = {"DISCORD_TOKEN": "not.a.token", "MANABURN_DB": str(tmp_path / "bot.db")}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        with redirect_discord(base + "/api/v10", base.replace("http", "ws") + "/gateway", base):
            rc = cli_main(["bot"])
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    out, err = capfd.readouterr()
    return rc, out + err + "".join(logged)


def test_bot_with_a_wrong_token_says_so_in_one_line(refusing_discord: str, tmp_path: Path,
                                                    capfd: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    rc, text = _bot_once(refusing_discord, tmp_path, capfd, monkeypatch)
    assert rc == 1
    assert "Traceback" not in text and "voice" not in text
    assert [ln for ln in text.splitlines() if "manaburn bot:" in ln] == [
        "manaburn bot: Discord refused the token in DISCORD_TOKEN (reset it on the Bot page of the application, "
        "see README: Running the bot)"]


def test_bot_without_network_says_so_in_one_line(tmp_path: Path, capfd: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    t0 = time.monotonic()
    rc, text = _bot_once(f"http://127.0.0.1:{port}", tmp_path, capfd, monkeypatch)
    assert rc == 1 and time.monotonic() - t0 < 60
    assert "Traceback" not in text and "voice" not in text
    lines = [ln for ln in text.splitlines() if "manaburn bot:" in ln]
    assert len(lines) == 1 and lines[0].startswith("manaburn bot: cannot reach Discord (ClientConnectorError")


def test_what_only_you_may_see_is_shown_to_you() -> None:
    text = at({"battlefield": ["Glasses of Urza"], "hand": ["Plains"]}, {"hand": ["Giant Growth", "Forest"]},
              lines=("activate Glasses of Urza", "target computer", "pass"))
    assert "(seen by you only) computer's hand: Forest, Giant Growth" in text


# ------------------------------------------------------------ words on the screen (issue 24)

def test_the_log_speaks_to_you_in_grammar_on_every_line() -> None:
    # the engine words each event once, in the third person; the terminal's player reads
    # it in the second person, the verbs it shares and "their" too, on every line of `log`
    from bot.render import second_person
    assert second_person("you searches their library, puts 3 basic land cards into their hand and shuffles.") \
        == "you search your library, put 3 basic land cards into your hand and shuffle."
    assert second_person("computer draws.\nyou draws 2 cards.\nyou has 3 life, and computer has 2.") \
        == "computer draws.\nyou draw 2 cards.\nyou have 3 life, and computer has 2."
    assert second_person("Raise Dead returns Grizzly Bears from you's graveyard to their hand.") \
        == "Raise Dead returns Grizzly Bears from your graveyard to your hand."
    assert second_person("computer searches their library.") == "computer searches their library."
    text = at({"library": ["Forest"] * 5}, lines=("log",), phase="upkeep")
    assert "you draw." in text and "you draws" not in text


def test_counted_cards_are_in_the_singular_or_the_plural() -> None:
    text = at({"hand": ["Braingeyser", "Braingeyser"], "battlefield": ["Island"] * 9, "library": ["Forest"] * 9},
              lines=("cast Braingeyser -> you x=1", "cast Braingeyser -> you x=2"))
    assert "you draw 1 card (Braingeyser)." in text and "you draw 2 cards (Braingeyser)." in text
    assert "card(s)" not in text


def test_the_computers_upkeep_damage_is_told_as_the_computers() -> None:
    # the printed "deals 1 damage to you" is the card's controller: the log names them, once
    text = at({"library": ["Forest"] * 5}, {"battlefield": ["Serendib Efreet"], "library": ["Forest"] * 5},
              lines=("pass",) * 3, phase="upkeep", active="computer")
    upkeep = text.split("computer draws.")[0]
    assert "damage to you" not in upkeep and "Serendib Efreet: " not in upkeep
    assert upkeep.count("Serendib Efreet deals 1 damage to computer") == 1
    assert upkeep.count("Serendib Efreet") == 1  # one line for the one damage


def test_summoning_sickness_shows_on_the_active_players_creatures_only() -> None:
    text = at({"battlefield": [{"name": "Grizzly Bears", "sick": True}, "Mountain"], "hand": ["Lightning Bolt"]},
              {"battlefield": [{"name": "Savannah Lions", "sick": True}]}, lines=("board",))
    assert "Grizzly Bears 2/2 (sick)" in text
    assert "Savannah Lions 2/1" in text and "Savannah Lions 2/1 (sick)" not in text


def test_an_attack_is_announced_and_declared_in_one_answer() -> None:
    you = {"battlefield": ["Serendib Efreet", "Savannah Lions", "Plains"], "library": ["Plains"] * 5}
    text = at(you, {"library": ["Forest"] * 5}, lines=("attack Serendib Efreet, Savannah Lions",))
    assert "Not legal" not in text
    assert "you attack with Serendib Efreet, Savannah Lions." in text
    assert "Declare attackers" not in text  # not asked a second time
    assert "announces an attack" not in text.replace("announces an attack. Abort", "")
    # declining to attack is passing, not announcing an attack of nothing
    refused = at(you, lines=("attack nothing",))
    assert "Not legal: not now: to attack with nothing, do not announce an attack: answer 'pass'" in refused
    # a creature that cannot attack is refused before anything is announced
    sick = at({"battlefield": [{"name": "Grizzly Bears", "sick": True}, "Savannah Lions"]},
              lines=("attack Grizzly Bears",))
    assert "Not legal" in sick and "Grizzly Bears cannot attack" in sick and "you attack" not in sick


def test_an_announced_attack_of_nothing_is_one_line() -> None:
    you = {"battlefield": ["Savannah Lions"], "library": ["Plains"] * 5}
    text = at(you, {"library": ["Forest"] * 5}, lines=("attack", "attack nothing"))
    assert "you announce an attack but declare no attackers." in text
    assert "attacks with nothing" not in text and "attack with nothing." not in text
    assert "Attacking: \n" not in text  # the board shows no empty attack while attackers are declared


# ------------------------------------------------------------ the terminal's own words (issue 24)

def test_vs_computer_is_the_computer_opponent() -> None:
    from bot.terminal import _Computer, opponent
    duel = Duel.new(5, (["Forest"] * 40, ["Forest"] * 40))
    assert isinstance(opponent(argparse.Namespace(vs="computer", level="hard"), duel, 5), _Computer)
    assert isinstance(opponent(argparse.Namespace(vs="random"), duel, 5), RandomPlayer)


def test_quit_asks_before_conceding() -> None:
    text = run(["choose play", "quit", "no", "quit", "yes"])
    assert text.count("Leaving concedes the duel. Concede it?") == 2
    assert "You stay in the duel." in text
    assert text.index("You stay in the duel.") < text.index("you concede.")
    assert "The duel is over: computer wins" in text


def test_passing_with_mana_in_the_pool_warns_once() -> None:
    you = {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"], "mana_pool": "RR", "library": ["Mountain"] * 5}
    text = at(you, {"library": ["Forest"] * 5}, lines=("pass", "pass"))
    warning = "Your mana pool holds RR: if the phase ends now, it empties and you lose 2 life to mana burn."
    assert text.count(warning) == 1
    assert text.index(warning) < text.index("* you lose 2 life to mana burn")
    # spending it warns of nothing
    quiet = at(you, {"library": ["Forest"] * 5}, lines=("cast Lightning Bolt -> computer", "pass"))
    assert "you cast Lightning Bolt" in quiet and "Your mana pool holds RR" not in quiet
    # mana left after casting: the pass made for the player stops to warn first
    left = at(you, {"library": ["Forest"] * 5}, lines=("cast Lightning Bolt -> computer",))
    assert "Your mana pool holds R: if the phase ends now, it empties and you lose 1 life to mana burn." in left
    assert "* you lose 1 life to mana burn" not in left


def test_a_huge_line_is_refused_and_shown_clipped() -> None:
    text = at({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, lines=("cast " + "x" * 100000,))
    assert "is too long" in text
    assert max(len(line) for line in text.splitlines()) < 400


def test_stops_naming_nothing_are_refused() -> None:
    text = at({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, lines=("stops ,,,,,", "stops"))
    assert "No stop named in ',,,,,'" in text
    assert "Stops saved" not in text and "Your stops: none" not in text


def _last_board(text: str) -> str:
    boards = re.findall(r"^Turn \d+ - .*?(?=\n\n)", text, re.M | re.S)
    return boards[-1]


def test_ctrl_d_saves_the_duel_and_resume_continues_it_exactly(tmp_path: Path) -> None:
    args = argparse.Namespace(seed=5, deck="Red Burn", opponent_deck="Green Stompy", vs="random")
    first = io.StringIO()
    assert play(args, io.StringIO("choose play\n" + "1\n" * 12), first) == 0
    said = first.getvalue()
    assert "(end of input: the duel is saved in " in said and "'manaburn play --resume' continues it" in said
    from bot import saved_duel
    path = saved_duel.latest()
    assert path is not None and path.name == "duel-5.json" and f"saved in {path};" in said
    saved = saved_duel.load(path)
    assert saved.seed == 5 and saved.deck_names == ("Red Burn", "Green Stompy") and saved.vs == "random"
    assert len(saved.history) > 12  # the computer's answers too
    # continued: the same board, the same question, and play goes on from there
    again = io.StringIO()
    resume = argparse.Namespace(resume="", seed=None, deck=None, opponent_deck=None)
    assert play(resume, io.StringIO("1\n" * 3000), again) == 0
    text = again.getvalue()
    assert text.startswith(f"Manaburn - continuing the duel saved in {path}: seed 5, "
                           f"'Red Burn' against 'Green Stompy', {len(saved.history)} answers replayed.")
    resumed_board = re.search(r"^Turn \d+ - .*?(?=\n\n)", text, re.M | re.S)
    assert resumed_board is not None and resumed_board.group(0) == _last_board(said)
    assert "The duel is over" in text
    assert not path.exists() and saved_duel.latest() is None  # over: nothing left to continue
    # a file named, and what is not a saved duel
    bad = tmp_path / "junk.json"
    bad.write_text("{}")
    out = io.StringIO()
    assert play(argparse.Namespace(resume=str(bad), seed=None, deck=None, opponent_deck=None),
                io.StringIO(""), out) == 2
    assert "Cannot continue the duel saved in" in out.getvalue() and "not a duel saved by" in out.getvalue()
    out = io.StringIO()
    assert play(argparse.Namespace(resume="", seed=None, deck=None, opponent_deck=None), io.StringIO(""), out) == 2
    assert "No saved duel in " in out.getvalue()


def test_ctrl_c_saves_the_duel_in_the_real_command(tmp_path: Path) -> None:
    proc = subprocess.Popen(_manaburn("play", "--seed", "5", "--vs", "random"), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None and proc.stdin is not None
    seen = b""
    while b"> " not in seen:
        chunk = proc.stdout.read1(4096)  # type: ignore[attr-defined]
        assert chunk, proc.communicate(timeout=60)[1][-2000:]
        seen += chunk
    proc.send_signal(signal.SIGINT)
    guard = threading.Timer(60, proc.kill)
    guard.start()
    out, err = proc.communicate(timeout=60)
    guard.cancel()
    assert proc.returncode == 130 and b"Traceback" not in err
    assert b"(interrupted: the duel is saved in " in out
    resumed = subprocess.run(_manaburn("play", "--resume"), input=b"", capture_output=True, timeout=120)
    assert resumed.stdout.startswith(b"Manaburn - continuing the duel saved in ")
    assert b"seed 5" in resumed.stdout


def test_the_computer_answers_from_the_duel_a_refused_whole_action_left() -> None:
    # a whole action that fails half-way is rolled back by replay into a new duel object:
    # the computer opponent must read that one, not the one before
    from bot.terminal import _Computer
    spec = {"active": "you", "phase": "main", "players": {
        "you": {"hand": ["Fireball"], "battlefield": ["Mountain"] * 3, "library": ["Mountain"] * 5},
        "computer": {"library": ["Forest"] * 5}}}
    duel = Duel(lambda: build_position(spec))
    term = TerminalDuel(duel, _Computer(duel, 1, "easy"), io.StringIO("cast Fireball -> Nobody x=2\n"), io.StringIO())
    term.run()
    assert "Not legal" in term.stdout.getvalue()  # type: ignore[attr-defined]
    assert term.duel is not duel and term.computer.duel is term.duel  # type: ignore[union-attr]


def test_each_duel_left_is_saved_in_its_own_file() -> None:
    from bot import saved_duel
    for seed in (5, 6):
        args = argparse.Namespace(seed=seed, deck="Red Burn", opponent_deck="Green Stompy", vs="random")
        assert play(args, io.StringIO("choose play\n1\n"), io.StringIO()) == 0
    files = sorted(p.name for p in saved_duel.saved_dir().glob("*.json"))
    assert files == ["duel-5.json", "duel-6.json"]
    latest = saved_duel.latest()
    assert latest is not None and saved_duel.load(latest).seed == 6
    out = io.StringIO()
    resume = argparse.Namespace(resume=str(saved_duel.saved_dir() / "duel-5.json"), seed=None, deck=None,
                                opponent_deck=None)
    assert play(resume, io.StringIO(""), out) == 0 and "seed 5" in out.getvalue()


def test_a_best_of_three_match_in_the_terminal_with_sideboarding() -> None:
    """``--best-of 3``: the preconstructed decks with their sideboards; between games the
    person exchanges cards one for one (bad exchanges refused with the reason, nothing
    changed), the loser chooses to play or draw, the match ends at two games won."""
    out = run(["1", "concede",  # game 1: choose to play, then concede it
               "Lightning Bolt -> 2 Shatter", "2 Lightning Bolt -> 2 Shatter", "Black Lotus -> Mox Jet", "deck",
               "done",
               "2", "concede"],  # game 2: the loser chooses (to draw), then concedes it: the match is over
              deck="Zoo", opponent_deck="Robots", format="oldschool", best_of=3)
    assert "=== Game 1 (best of 3; seed 5): you 0 – computer 0 ===" in out
    assert "Game 1: computer won. Match: you 0 – computer 1." in out
    assert "Exchanges are one for one: 1 card out, 2 in. The deck keeps its size; nothing was exchanged." in out
    assert "Your sideboard holds 0 Mox Jet, not 1; nothing was exchanged." in out
    assert "Exchanged. Deck 60 cards, sideboard 15." in out
    deck_line = next(line for line in out.splitlines() if line.startswith("sideboard> 1 Ancestral Recall"))
    assert "2 Lightning Bolt" in deck_line and "2 Shatter" in deck_line
    game2 = out.split("=== Game 2 (best of 3; seed 6): you 0 – computer 1 ===")[1]
    assert "Play first or draw first?" in game2 and "computer plays first." in game2  # you chose to draw
    assert "Game 2: computer won. Match: you 0 – computer 2." in out
    assert out.rstrip().endswith("computer won the match.")


def test_a_landless_hand_is_offered_a_mulligan() -> None:
    # issue 24: the landless hand of seed 17 was played out and a discard asked first
    text = run(["1", "1", "quit"], seed=17, deck="Red Burn", opponent_deck="White Knights")
    assert "[you] Your hand has no land. Mulligan?" in text
    assert "you take a mulligan" in text or "you takes a mulligan" in text
    assert "Discard" not in text.split("Mulligan?")[0]  # asked before anything else


def test_the_upkeep_stops_for_an_untap_cost_with_the_default_stops() -> None:
    # issue 24: Brass Man stayed tapped without a word unless the player kept "my upkeep"
    text = at({"battlefield": [{"name": "Brass Man", "tapped": True}, "Mountain"]}, phase="upkeep",
              lines=("activate Brass Man", "board"))
    assert "[you] Upkeep phase: your move" in text
    assert "activate Brass Man" in menus(text)[0]
    assert "Brass Man untaps." in text and "in play: Brass Man 1/3; Mountain (tapped)" in text


def test_a_source_of_one_kind_of_mana_is_tapped_without_naming_it() -> None:
    # "tap Swamp" during a payment: a Swamp makes only {B} (of two Swamps, either);
    # "tap Badlands" must say which of its two mana, and says so once ("Not legal: " only)
    you = {"hand": ["Hypnotic Specter"], "battlefield": ["Swamp", "Swamp", "Badlands"]}
    text = at(you, lines=("stops my main, manual payment", "cast Hypnotic Specter", "tap Badlands",
                          "tap Swamp", "tap Swamp", "tap Badlands for R", "pay"))
    assert ("Not legal: say which mana Badlands is tapped for: tap Badlands for B or tap Badlands for R"
            in text), text
    assert "not legal: not legal" not in text.lower()
    assert "Hypnotic Specter comes into play" in text


def test_a_payment_auto_cannot_make_lists_the_mana_abilities() -> None:
    # auto never sacrifices Black Lotus: the menu offered only "cancel" before
    text = at({"hand": ["Juzám Djinn"], "battlefield": ["Swamp", "Black Lotus"]},
              lines=("cast Juzám Djinn",))
    pay = menus(text)[-1]
    assert "tap Black Lotus for B" in pay and "tap Swamp for B" in pay and "cancel" in pay


def test_a_target_too_many_is_said_once() -> None:
    # Ancestral Recall (modes, no target in its old text) cast "-> you": every mode refuses
    # the same way; the reason is said once, and says what to do
    text = at({"hand": ["Ancestral Recall"], "battlefield": ["Island"]}, lines=("cast Ancestral Recall -> you",))
    line = next(x for x in text.splitlines() if "Not legal" in x).removeprefix("> ")
    assert line == ("Not legal: no mode fits: Ancestral Recall has no target left for you "
                    "(remove it from the answer)"), line


def test_a_whole_cast_auto_cannot_pay_stops_at_the_payment() -> None:
    # found in a terminal duel: "cast Sinkhole -> Volcanic Island" with Black Lotus and one
    # Swamp was refused as "'auto' does not answer this decision" (auto never sacrifices the
    # Lotus); the cast and its target stand and the player pays by hand
    text = at({"hand": ["Sinkhole"], "battlefield": ["Black Lotus", "Swamp"]},
              {"battlefield": ["Volcanic Island"]},
              lines=("cast Sinkhole -> Volcanic Island", "tap Black Lotus for BBB"))
    assert "does not answer" not in text and "Not legal" not in text
    assert "Sinkhole: pay {B}{B}" in text
    assert "Volcanic Island is destroyed" in text
