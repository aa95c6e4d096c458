"""The ``manaburn`` command: ``script``, ``replay``, ``play``, ``cards``, ``selfplay``, ``bot``."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence


def cmd_script(args: argparse.Namespace) -> int:
    from engine.script_file import MAX_SCRIPT_BYTES, ScriptFileError, load_script
    from engine.scripts import run_script

    files: list[Path] = []
    for item in args.paths:
        p = Path(item)
        if p.is_dir():
            files += sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml"))
        elif p.exists():
            files.append(p)
        else:
            print(f"FAIL {item}: no such file or directory")
            files.append(p)
    if args.picture is not None and len(files) != 1:
        print("manaburn script: --picture draws the end of one duel script: give one file", file=sys.stderr)
        return 2
    passed = failed = 0
    for f in files:
        if not f.exists():
            failed += 1
            continue
        label = f.name
        try:
            with f.open("rb") as fh:
                data = fh.read(MAX_SCRIPT_BYTES + 1)  # bounded: the file may be anything (/dev/zero)
            doc = load_script(data)
            res = run_script(doc)
            label = " ".join(res.name.split())[:200] if res.name != "(unnamed)" else f.name
        except (OSError, ScriptFileError) as e:
            print(f"FAIL {label}: {e}")
            failed += 1
            continue
        except Exception as e:  # a bug the script ran into: report it, go on with the others
            print(f"FAIL {label}: internal error {type(e).__name__}: {str(e)[:300]}")
            failed += 1
            continue
        if res.passed:
            passed += 1
            print(f"PASS {label}")
        else:
            failed += 1
            print(f"FAIL {label}: {res.reason}")
            if args.verbose and res.duel is not None:
                print("    " + "\n    ".join(res.duel.game.events[-25:]))
        if args.picture is not None:
            if res.duel is None:
                print(f"manaburn script: no position to draw ({res.reason})", file=sys.stderr)
                return 1
            if not write_picture(res.duel.view(None), args.picture):
                return 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def write_picture(public_view: dict, path: Path) -> bool:
    """The picture of *public_view* (the view of nobody) written to *path*, said on
    stdout; False (said on stderr) if it cannot be written."""
    from .picture import board_picture

    pic = board_picture(public_view)
    try:
        path.write_bytes(pic.png)
    except OSError as e:
        print(f"manaburn: cannot write the picture to {path}: {e.strerror or e}", file=sys.stderr)
        return False
    print(f"picture of the board: {path} ({pic.size[0]}x{pic.size[1]}, {len(pic.png) // 1024} KB)")
    return True


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.script_file import MAX_SCRIPT_BYTES, ScriptFileError, check_script, load_script

    from .replay import ReplayError, replay_gif

    try:
        with open(args.log, "rb") as fh:
            doc = load_script(fh.read(MAX_SCRIPT_BYTES + 1))
        check_script(doc)
    except OSError as e:
        print(f"manaburn replay: cannot read {args.log}: {e.strerror or e}", file=sys.stderr)
        return 1
    except ScriptFileError as e:
        print(f"manaburn replay: {args.log}: {e}", file=sys.stderr)
        return 1
    try:
        data, frames = replay_gif(doc)
    except ReplayError as e:
        print(f"manaburn replay: {args.log}: {e}", file=sys.stderr)
        return 1
    try:
        args.gif.write_bytes(data)
    except OSError as e:
        print(f"manaburn replay: cannot write {args.gif}: {e.strerror or e}", file=sys.stderr)
        return 1
    print(f"replay: {args.gif} ({frames} frames, {len(data) // 1024} KB)")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from engine import carddb

    data = carddb.card_data()
    impl = set(carddb.implemented())
    sets: dict[str, list[str]] = {}
    for name, d in data.items():
        for s in dict.fromkeys(d["sets"]):
            sets.setdefault(s, []).append(name)
    if args.set:
        code = {s.lower(): s for s in sets}.get(args.set.strip().lower())
        if code is None:
            print(f"manaburn cards: unknown set {args.set!r}; sets: {', '.join(sorted(sets))}", file=sys.stderr)
            return 2
        wanted = [code]
    else:
        wanted = sorted(sets, key=lambda s: -sum(n in impl for n in sets[s]))
    for s in wanted:
        names = sets.get(s, [])
        have = [n for n in names if n in impl]
        print(f"{s}: {len(have)} of {len(names)} implemented")
        if args.list:
            for n in sorted(names):
                print(f"  {'x' if n in impl else ' '} {n}")
    if not args.set:
        from engine.formats import OLD_SCHOOL_SETS
        pool = [n for n, d in data.items() if OLD_SCHOOL_SETS.intersection(d["sets"])]
        print(f"Old School 93/94 ({' '.join(sorted(OLD_SCHOOL_SETS))}): "
              f"{sum(n in impl for n in pool)} of {len(pool)} names implemented")
    print(f"total: {len(impl)} cards implemented of {len(data)} known")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .terminal import play
    return play(args)


def cmd_gauntlet(args: argparse.Namespace) -> int:
    from .terminal_gauntlet import gauntlet
    return gauntlet(args)


def cmd_selfplay(args: argparse.Namespace) -> int:
    from engine.decks import PRECONS
    from engine.players.selfplay import PLAYER_NAMES, play_match

    for spec in (args.player_a, args.player_b):
        if spec not in PLAYER_NAMES:
            print(f"manaburn selfplay: unknown player {spec!r}; players: {', '.join(PLAYER_NAMES)}", file=sys.stderr)
            return 2
    if args.duels < 1 or args.duels > 100000:
        print("manaburn selfplay: --duels must be between 1 and 100000", file=sys.stderr)
        return 2
    decks = None
    if args.decks:
        by_low = {d.lower(): d for d in PRECONS}
        decks = []
        for name in args.decks.split(","):
            d = by_low.get(name.strip().lower())
            if d is None:
                print(f"manaburn selfplay: unknown deck {name.strip()!r}; decks: {', '.join(sorted(PRECONS))}",
                      file=sys.stderr)
                return 2
            decks.append(d)
    a, b = args.player_a, args.player_b
    if a == b:
        a, b = a + " (A)", b + " (B)"
    m = play_match(args.player_a, args.player_b, args.duels, seed=args.seed, decks=decks)
    m.a, m.b = a, b
    print(m.line())
    t = m.timing()
    if t:
        print(f"AI time per decision: median {t['median'] * 1000:.1f} ms, p95 {t['p95'] * 1000:.1f} ms, "
              f"max {t['max'] * 1000:.1f} ms over {t['decisions']} decisions")
    return 0


def cmd_bot(args: argparse.Namespace) -> int:
    """Run the bot; what goes wrong at login (a refused token, no network)
    is one line on stderr, not a traceback."""
    import asyncio

    import aiohttp
    import discord

    # the bot never joins voice: no "PyNaCl / davey is not installed, voice will NOT be supported"
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    from .app import run
    try:
        return run()
    except discord.LoginFailure:
        print("manaburn bot: Discord refused the token in DISCORD_TOKEN (reset it on the Bot page of the "
              "application, see README: Running the bot)", file=sys.stderr)
    except discord.PrivilegedIntentsRequired:
        print("manaburn bot: Discord refused the bot's intents", file=sys.stderr)
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as e:
        print(f"manaburn bot: cannot reach Discord ({type(e).__name__}: {e or 'timed out'})", file=sys.stderr)
    except discord.DiscordException as e:
        print(f"manaburn bot: Discord error: {type(e).__name__}: {e}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="manaburn", description="Old-school Magic duels with 1995-97 rules.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("script", help="run duel scripts (files or folders of .yaml)")
    s.add_argument("paths", nargs="+")
    s.add_argument("-v", "--verbose", action="store_true", help="show the duel log of failing scripts")
    s.add_argument("--picture", type=Path, metavar="OUT.png",
                   help="draw the position at the end of the (one) script as a PNG")
    s.set_defaults(fn=cmd_script)
    r = sub.add_parser("replay", help="a finished duel's log (/duel log) as an animated picture",
                       description="Replays a duel script (what /duel log gives) and draws one frame per step "
                                   "that changed the board.")
    r.add_argument("log", help="the duel script (YAML)")
    r.add_argument("--gif", type=Path, required=True, metavar="OUT.gif", help="where the animated GIF goes")
    r.set_defaults(fn=cmd_replay)
    c = sub.add_parser("cards", help="list implemented cards per set")
    c.add_argument("--set", help="only this set code, e.g. 4ED")
    c.add_argument("--list", action="store_true", help="list every card, marking implemented ones")
    c.set_defaults(fn=cmd_cards)
    from engine.decks import PRECONS
    decks = ", ".join(sorted(PRECONS))
    p = sub.add_parser("play", help="play a duel in the terminal",
                       description=f"A duel in the terminal. Decks (any case): {decks}.")
    p.add_argument("--vs", choices=("ai", "computer", "random", "human"), default="ai",
                   help="the computer opponent (default; 'ai' and 'computer' are the same), a player "
                        "answering at random, or two people at one keyboard")
    from engine.players.computer import DEFAULT_LEVEL, LEVELS
    p.add_argument("--level", choices=tuple(LEVELS), default=DEFAULT_LEVEL,
                   help=f"how well the computer plays (default {DEFAULT_LEVEL})")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--deck", help=f"your preconstructed deck, one of: {decks} (default: one at random)")
    p.add_argument("--opponent-deck", help="the other preconstructed deck (default: one at random)")
    from engine.formats import FORMATS
    p.add_argument("--format", default="casual", help="the format both decks must be legal in, one of: "
                   + ", ".join(FORMATS) + " (default: casual); decks chosen at random are legal in it")
    p.add_argument("--resume", nargs="?", const="", default=None, metavar="FILE",
                   help="continue a duel saved when you left it with Ctrl-C or Ctrl-D (default: the one "
                        "saved last, in ~/.local/state/manaburn/ or $XDG_STATE_HOME/manaburn/)")
    p.add_argument("--best-of", type=int, choices=(1, 3, 5), default=1,
                   help="a match: the best of 3 or 5 games, each deck with its sideboard, sideboarding "
                        "between games (default: one duel)")
    p.set_defaults(fn=cmd_play)
    g = sub.add_parser("gauntlet", help="the Gauntlet: your deck against every other deck in turn until you lose",
                       description="The Gauntlet: your preconstructed deck plays every other one legal in the "
                                   "format, in turn, against the computer, until you lose; the duels won are "
                                   "your score. The run is saved after each duel and when you leave (Ctrl-D "
                                   "or Ctrl-C): run the command again to continue it. "
                                   f"Decks: {decks}.")
    g.add_argument("--deck", help="your deck when a run starts (default: one at random)")
    g.add_argument("--level", choices=tuple(LEVELS), default=None,
                   help=f"how well the computer plays, when a run starts (default {DEFAULT_LEVEL})")
    g.add_argument("--format", default=None, help="the format, when a run starts: " + ", ".join(FORMATS)
                   + " (default: casual)")
    g.add_argument("--seed", type=int, default=None, help="the run's seed (the order of the decks and the deals)")
    g.add_argument("--top", action="store_true", help="the best runs per format and level")
    g.add_argument("--abandon", action="store_true", help="end the run under way")
    g.set_defaults(fn=cmd_gauntlet)
    sp = sub.add_parser("selfplay", help="duels between built-in players over the preconstructed decks",
                        description="Plays N duels between two built-in players (random, sensible, ai, "
                                    f"ai:LEVEL with LEVEL one of {', '.join(LEVELS)}) over every pairing of the "
                                    "decks, in blocks of four: each player with each deck, from both seats.")
    sp.add_argument("player_a")
    sp.add_argument("player_b")
    sp.add_argument("--duels", type=int, default=28)  # whole blocks of four (engine.players.selfplay.schedule)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--decks", help=f"comma-separated preconstructed decks (default: all): {decks}")
    sp.set_defaults(fn=cmd_selfplay)
    b = sub.add_parser("bot", help="run the Discord bot (DISCORD_TOKEN, MANABURN_DB, MANABURN_GUILD)")
    b.set_defaults(fn=cmd_bot)
    args = ap.parse_args(argv)
    try:
        return args.fn(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``manaburn cards --list | head``): stop writing, quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
