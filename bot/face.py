"""What the parts of the bot are given of the Discord client: :class:`BotFace`.

The commands (:mod:`bot.commands`, :mod:`bot.collection_commands`), the interactions
endpoint and the panels kept in storage work on the client they are handed (the
interaction's ``client``, or the client that made them), typed by this protocol
rather than by :class:`bot.app.ManaburnBot`: ``bot.app`` imports them to assemble the
client, and none of them imports ``bot.app`` back. The client's state they read is a
cache of storage (see :mod:`bot.service`), never the truth.
"""
from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands

from .knowledge import SecretsShown
from .limits import PostLimiter
from .service import DuelService, Live, Outcome

__all__ = ["BotFace"]


class BotFace(Protocol):
    """The client as the commands, handlers and worker parts use it."""

    user: discord.ClientUser | None
    tree: app_commands.CommandTree[Any]
    posts: PostLimiter
    service: DuelService | None
    # what is shown of each duel, per (duel id, player) (see bot.publishing, bot.shared_panels)
    panels: dict[tuple[int, int], tuple[int, int]]
    waiting_panels: dict[tuple[int, int], tuple[int, int]]
    secrets_shown: SecretsShown
    _answered_at: dict[tuple[int, int], float]
    _panels_known: set[tuple[int, int]]
    _connection: Any  # discord.py's ConnectionState (the interactions endpoint feeds it)

    @property
    def svc(self) -> DuelService: ...

    def is_ready(self) -> bool: ...

    def busy(self, interaction: discord.Interaction | None = None) -> Any: ...

    async def reply_error(self, interaction: discord.Interaction, text: str) -> None: ...

    async def fetch_channel_cached(self, channel_id: int) -> Any: ...

    async def dm(self, user_id: str, content: str, view: discord.ui.View | None = None) -> discord.Message: ...

    async def publish(self, out: Outcome, *, extra: str = "", via: discord.Interaction | None = None,
                      answered: str = "") -> None: ...

    async def open_thread(self, live: Live) -> None: ...
