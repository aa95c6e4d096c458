"""The bot under test as its own process, pointed at the fake Discord.

The fake Discord patches discord.py's base URLs only inside the process that
runs it; this process sets them itself from the environment before starting
the client::

    MANABURN_BENCH_API       discord.http.Route.BASE           (http://127.0.0.1:PORT/api/v10)
    MANABURN_BENCH_GATEWAY   DiscordWebSocket.DEFAULT_GATEWAY  (ws://127.0.0.1:PORT/gateway)
    MANABURN_BENCH_CDN       discord.asset.Asset.BASE          (http://127.0.0.1:PORT)
    DISCORD_TOKEN            the fake's bot token
    MANABURN_GUILD           the guild to sync commands to

``python -m bench.botproc manaburn DB [EVENTS]`` runs :class:`bot.app.ManaburnBot`
on the database DB (a file, or a ``postgresql://`` address: a worker of several, with
its interactions endpoint on ``MANABURN_HTTP`` when set); with EVENTS it appends a JSON line per finished
duel (id, decisions, state hash) so a harness can compare with a replay.
With ``MANABURN_BENCH_PROFILE=FILE`` the process runs under cProfile and
writes its statistics to FILE when terminated (SIGTERM); SIGUSR1 starts the
count again (what the start-up cost is left out).
``MANABURN_BENCH_MAX_PRACTICE=N`` lets one user have N duels against the computer open,
``MANABURN_BENCH_NO_POST_LIMIT=1`` lifts the rate limit of posts (:mod:`bench.hostile`:
one user driving 30 computer duels). ``MANABURN_BENCH_SWEEP=S`` runs the clock sweep every
S seconds (default: never; on PostgreSQL the sweep is the timed work one worker leads).
``python -m bench.botproc bare`` runs the floor: a bare discord.py client
that acknowledges a component click (deferred update) and, for a custom id
``bare:<channel>:<message>``, then edits that message, as a board would be.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sys
from typing import Any

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl


def point_discord_at_fake() -> None:
    discord.http.Route.BASE = os.environ["MANABURN_BENCH_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["MANABURN_BENCH_GATEWAY"])
    discord.asset.Asset.BASE = os.environ["MANABURN_BENCH_CDN"]


class BareBot(discord.Client):
    """The floor: acknowledge a click; then edit the message the click names."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.clicks = 0

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        await interaction.response.defer()
        self.clicks += 1
        cid = str((interaction.data or {}).get("custom_id", ""))
        parts = cid.split(":")
        if len(parts) == 3 and parts[0] == "bare":
            ch = self.get_channel(int(parts[1])) or await self.fetch_channel(int(parts[1]))
            await ch.get_partial_message(int(parts[2])).edit(content=f"click {self.clicks}")  # type: ignore[union-attr]


def manaburn_bot(db: str, guild: int | None, events: str | None) -> discord.Client:
    from bot.app import ManaburnBot

    class BenchBot(ManaburnBot):
        async def setup_hook(self) -> None:
            await super().setup_hook()
            if os.environ.get("MANABURN_BENCH_MAX_PRACTICE"):
                self.svc.max_practice = int(os.environ["MANABURN_BENCH_MAX_PRACTICE"])
            if os.environ.get("MANABURN_BENCH_NO_POST_LIMIT"):
                from bot.limits import PostLimiter
                self.posts = PostLimiter(per_window=10**9)
            if os.environ.get("MANABURN_BENCH_AT_ONCE") and self.endpoint is not None:
                # admission control's places (bot.admission.RUNNING_AT_ONCE), to measure another
                self.endpoint.admission.at_once = int(os.environ["MANABURN_BENCH_AT_ONCE"])

        async def announce_end(self, out: Any) -> None:
            if events:
                live = out.live
                with open(events, "a") as f:
                    f.write(json.dumps({"duel": live.record.id, "seq": live.seq,
                                        "hash": live.duel.state_hash(), "pid": os.getpid()}) + "\n")
                    f.flush()
                    os.fsync(f.fileno())
            await super().announce_end(out)

    # a worker of several (bench.workers): its interactions endpoint, when the fake POSTs them
    http = None
    if os.environ.get("MANABURN_HTTP"):
        host, _, port = os.environ["MANABURN_HTTP"].rpartition(":")
        http = (host, int(port))
    # the clock sweep (and, on PostgreSQL, all the timed work) only when asked for (bench.killworkers)
    sweep = float(os.environ.get("MANABURN_BENCH_SWEEP") or 0)
    return BenchBot(db, guild, sweep_seconds=sweep, http=http, public_key=os.environ.get("DISCORD_PUBLIC_KEY"))


async def main(argv: list[str]) -> None:
    point_discord_at_fake()
    kind = argv[0]
    guild = int(os.environ["MANABURN_GUILD"]) if os.environ.get("MANABURN_GUILD") else None
    client = BareBot() if kind == "bare" else manaburn_bot(argv[1], guild, argv[2] if len(argv) > 2 else None)
    client._connection.guild_ready_timeout = 0.05  # as the fake's start_bot does
    # SIGTERM: a clean close (ManaburnBot.close waits for work under way), then exit
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(client.close()))
    async with client:
        await client.start(os.environ["DISCORD_TOKEN"])


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("manaburn").setLevel(logging.INFO)  # a few lines per start (what is resumed)
    profile = os.environ.get("MANABURN_BENCH_PROFILE")
    prof = None
    if profile:  # cProfile of the whole bot process, written when it is terminated
        import cProfile
        import time
        prof = cProfile.Profile(time.process_time)  # CPU time: on a busy machine, not the waits for a core
        prof.enable()

        def restart(*_: Any) -> None:  # SIGUSR1: count from now on (a harness's measured window)
            global prof
            prof.disable()
            prof = cProfile.Profile(time.process_time)
            prof.enable()
        signal.signal(signal.SIGUSR1, restart)
    try:
        # MANABURN_BENCH_LOOP=uvloop: every bot process of the run (the bare bot too, so
        # that the ratio between them stays fair) on uvloop's event loop
        loop_factory = None
        if os.environ.get("MANABURN_BENCH_LOOP") == "uvloop":
            import uvloop
            loop_factory = uvloop.new_event_loop
        with asyncio.Runner(loop_factory=loop_factory) as runner:
            runner.run(main(sys.argv[1:]))
    except KeyboardInterrupt:
        pass
    finally:
        if prof is not None:
            prof.disable()
            prof.dump_stats(profile)  # type: ignore[arg-type]
