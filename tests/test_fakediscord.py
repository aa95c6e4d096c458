"""End-to-end tests of the fake Discord harness with a tiny *real* discord.py bot.

They prove that the unmodified discord.py 2.7 client logs in, syncs commands,
receives interactions and gateway events from the fake, and that simulated users
only get what real users would: ephemeral replies are private, closed DMs fail
with 50007, buttons must actually be on the message, persistent DynamicItems
survive a bot restart, and the harness turns swallowed errors, unhandled routes
and network escapes into test failures.
"""
from __future__ import annotations

import asyncio
import socket
from typing import Literal

import aiohttp
import discord
import discord.asset
import discord.gateway
import discord.http
import pytest
from discord import app_commands

from fakediscord import (
    CommandNotFound,
    ComponentNotFound,
    FakeDiscord,
    HarnessError,
    InteractionFailed,
    InvalidOptions,
    NotVisible,
)

pytest_plugins = ["fakediscord.pytest_plugin"]


# ----------------------------------------------------------------------------------
# The tiny bot under test
# ----------------------------------------------------------------------------------
class AcceptButton(discord.ui.DynamicItem[discord.ui.Button], template=r"duel:accept:(?P<challenger>\d+)"):
    """Persistent "Accept" button: the custom_id carries all state, so it works after a restart."""

    def __init__(self, challenger_id: int) -> None:
        super().__init__(discord.ui.Button(label="Accept", style=discord.ButtonStyle.success,
                                           custom_id=f"duel:accept:{challenger_id}"))
        self.challenger_id = challenger_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: object) -> AcceptButton:
        return cls(int(match["challenger"]))  # type: ignore[index]

    async def callback(self, interaction: discord.Interaction) -> None:
        if interaction.user.id == self.challenger_id:
            await interaction.response.send_message("You cannot accept your own challenge.", ephemeral=True)
            return
        bot = interaction.client
        assert isinstance(bot, TinyBot)
        await interaction.response.edit_message(
            content=f"<@{self.challenger_id}> vs {interaction.user.mention}: duel on! (bot #{bot.generation})",
            view=None)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text = discord.ui.TextInput(label="Your feedback", custom_id="feedback:text", max_length=200)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Thanks: {self.text.value}", ephemeral=True)


class PickView(discord.ui.View):
    """A per-message (non-persistent) view with a select menu."""

    @discord.ui.select(custom_id="pick:color", placeholder="Pick colours", min_values=1, max_values=2,
                       options=[discord.SelectOption(label=c, value=c.lower()) for c in ("Red", "Blue", "Green")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {', '.join(select.values)}", view=None)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="pick:user", placeholder="Pick an opponent")
    async def pick_user(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        await interaction.response.send_message(f"opponent: {select.values[0].name}", ephemeral=True)


CARDS = ["Lightning Bolt", "Light of Day", "Llanowar Elves", "Black Lotus"]


class TinyBot(discord.Client):
    """A minimal bot exercising the interaction types a real bot uses."""

    def __init__(self, guild_id: int, *, generation: int = 1, intents: discord.Intents | None = None) -> None:
        if intents is None:
            intents = discord.Intents.default()
            intents.message_content = True
        super().__init__(intents=intents)
        self.generation = generation
        self.guild_obj = discord.Object(guild_id)
        self.tree = app_commands.CommandTree(self)
        self.seen_messages: list[discord.Message] = []
        self.synced: list[app_commands.AppCommand] = []
        self._define_commands()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(AcceptButton)
        self.synced = await self.tree.sync(guild=self.guild_obj)
        await self.tree.sync()  # the global /ping

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(message)
        if message.author.bot:
            return
        if isinstance(message.channel, discord.Thread) and message.content.startswith("!echo "):
            await message.channel.send(f"echo: {message.content[6:]}")

    def _define_commands(self) -> None:
        tree, guild = self.tree, self.guild_obj

        @tree.command(name="ping", description="Global command, also usable in DMs")
        async def ping(interaction: discord.Interaction) -> None:
            where = "DM" if interaction.guild is None else interaction.guild.name
            await interaction.response.send_message(f"pong from {where}")

        @tree.command(name="challenge", description="Challenge someone to a duel", guild=guild)
        async def challenge(interaction: discord.Interaction, opponent: discord.User,
                            deck: Literal["Red", "Blue"] = "Red") -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(AcceptButton(interaction.user.id))
            await interaction.response.send_message(
                f"{interaction.user.mention} challenges {opponent.mention} with {deck}!", view=view)

        @tree.command(name="secret", description="An ephemeral reply", guild=guild)
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("only you can see this", ephemeral=True)

        @tree.command(name="notify", description="DM a user", guild=guild)
        async def notify(interaction: discord.Interaction, user: discord.User) -> None:
            try:
                await user.send(f"{interaction.user.name} says hi")
            except discord.Forbidden as e:
                await interaction.response.send_message(f"cannot DM {user.name}: {e.code}", ephemeral=True)
            else:
                await interaction.response.send_message(f"sent to {user.name}", ephemeral=True)

        @tree.command(name="slow", description="Deferred reply and follow-ups", guild=guild)
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await asyncio.sleep(0.05)
            await interaction.followup.send("first")
            await interaction.followup.send("second, just for you", ephemeral=True)

        @tree.command(name="thread", description="Open threads", guild=guild)
        async def thread(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message(f"Opening {name}")
            msg = await interaction.original_response()
            public = await msg.create_thread(name=name)
            await public.send("Welcome to the thread")
            assert isinstance(interaction.channel, discord.TextChannel)
            private = await interaction.channel.create_thread(name=f"{name}-private")
            await private.add_user(interaction.user)
            await private.send(f"Secret plans for {interaction.user.mention}")

        deck = app_commands.Group(name="deck", description="Deck management", guild_ids=[guild.id])

        @deck.command(name="import", description="Import a deck list")
        async def deck_import(interaction: discord.Interaction, file: discord.Attachment) -> None:
            data = await file.read()
            lines = [ln for ln in data.decode().splitlines() if ln.strip()]
            await interaction.response.send_message(
                f"Imported {len(lines)} lines from {file.filename}",
                file=discord.File(__import__("io").BytesIO(b"\n".join(sorted(ln.encode() for ln in lines))),
                                  filename="sorted.txt"))

        tree.add_command(deck)

        @tree.command(name="card", description="Look up a card", guild=guild)
        async def card(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message(
                embed=discord.Embed(title=name, description="An old-school card"))

        @card.autocomplete("name")
        async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=c, value=c) for c in CARDS if c.lower().startswith(current.lower())]

        @tree.command(name="feedback", description="Open a modal", guild=guild)
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(FeedbackModal())

        @tree.command(name="pick", description="A select menu", guild=guild)
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Choose:", view=PickView(timeout=30))

        @tree.command(name="toolong", description="Sends an invalid message, then recovers", guild=guild)
        async def toolong(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.send_message("x" * 2001)
            except discord.HTTPException as e:  # rejected like Discord does; still unacknowledged
                await interaction.response.send_message(f"rejected: {e.status} {e.code}", ephemeral=True)

        @tree.command(name="boom", description="Raises", guild=guild)
        async def boom(interaction: discord.Interaction) -> None:
            raise RuntimeError("kaboom")

        @tree.command(name="badroute", description="Calls an endpoint the fake does not know", guild=guild)
        async def badroute(interaction: discord.Interaction) -> None:
            try:
                await interaction.client.http.request(discord.http.Route("GET", "/definitely/not/a/route"))
            except discord.NotFound:
                pass
            await interaction.response.send_message("done", ephemeral=True)


# ----------------------------------------------------------------------------------
# Tests
# ----------------------------------------------------------------------------------
async def test_login_sync_slash_and_dynamic_button(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(TinyBot(fake.guild.id)) as bot:
        client = bot.client
        assert client.user is not None and client.user.id == fake.bot_user.id
        assert fake.calls_to("GET", r"^/users/@me$") and fake.calls_to("GET", r"^/oauth2/applications/@me$")
        registered = {c["name"] for c in fake.commands[fake.guild.id].values()}
        assert {"challenge", "secret", "deck", "card"} <= registered
        assert {c.name for c in client.synced} == registered

        result = await alice.slash("challenge", opponent=bob, deck="Blue")
        assert result.type == 4 and not result.ephemeral
        assert result.content == f"{alice.mention} challenges {bob.mention} with Blue!"
        assert result.message is not None and result.message.button_labels == ["Accept"]
        assert bob.can_see(result.message)

        # The challenger may not accept: ephemeral answer only alice sees, message unchanged.
        own = await alice.click(result.message, "Accept")
        assert own.ephemeral and own.content == "You cannot accept your own challenge."
        assert not bob.can_see(own.message) and own.message not in bob.visible_messages(fake.channel)

        accepted = await bob.click(result.message, "Accept")
        assert accepted.type == 7 and accepted.message is result.message
        assert result.message.content.endswith("duel on! (bot #1)")
        assert result.message.components == [] and len(result.message.history) == 1
        assert result.message.history[0]["content"].startswith(alice.mention)
        with pytest.raises(ComponentNotFound):
            await bob.click(result.message, "Accept")  # the button is gone: a real user cannot click it


async def test_ephemeral_reply_invisible_to_others(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(TinyBot(fake.guild.id)):
        result = await alice.slash("secret")
        assert result.ephemeral and result.content == "only you can see this"
        assert result.message in alice.visible_messages()
        assert result.message not in bob.visible_messages()
        with pytest.raises(NotVisible):
            await bob.click(result.message, "anything")


async def test_closed_dms_fail_with_50007(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    carol = fake.create_user("carol", dms_closed=True)
    async with fake.run_bot(TinyBot(fake.guild.id)):
        fake.fail_next("POST", r"^/channels/\d+/messages$", status=429, retry_after=0.05)  # waited out, retried
        ok = await alice.slash("notify", user=bob)
        assert [c.status for c in fake.calls_to("POST", r"^/channels/\d+/messages$")] == [429, 200]
        assert ok.content == "sent to bob"
        assert [m.content for m in bob.dms()] == ["alice says hi"]
        refused = await alice.slash("notify", user=carol)
        assert refused.content == "cannot DM carol: 50007"
        assert carol.dms() == []
        assert any(err.code == 50007 for _, err in fake.client_errors)


async def test_restart_keeps_persistent_buttons(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    first = await fake.start_bot(TinyBot(fake.guild.id, generation=1))
    challenge = await alice.slash("challenge", opponent=bob)
    ids_before = set(fake.commands[fake.guild.id])
    await first.stop()
    assert not fake.bot_online
    with pytest.raises(InteractionFailed):
        await bob.click(challenge.message, "Accept")  # bot offline: "This interaction failed"

    async with fake.run_bot(TinyBot(fake.guild.id, generation=2)):
        assert fake.identify_count == 2
        assert set(fake.commands[fake.guild.id]) == ids_before  # re-sync keeps command ids
        accepted = await bob.click(challenge.message, "Accept")
        assert accepted.content.endswith("duel on! (bot #2)")


async def test_deferred_reply_and_followups(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(TinyBot(fake.guild.id)):
        result = await alice.slash("slow")
        assert result.type == 5 and result.deferred
        followups = await result.wait_followups(2)
        # The first follow-up replaces the "thinking" message; the second is a new (ephemeral) one.
        assert followups[0] is result.message and not result.message.loading
        assert result.content == "first"
        assert followups[1].content == "second, just for you" and followups[1].ephemeral
        assert [m.content for m in bob.visible_messages()] == ["first"]
        assert [m.content for m in alice.visible_messages()] == ["first", "second, just for you"]


async def test_threads_and_thread_messages(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(TinyBot(fake.guild.id)) as bot:
        result = await alice.slash("thread", name="duel-1")
        public = await fake.wait_for(lambda: result.message and result.message.thread)
        assert public.id == result.message.id and public.name == "duel-1"  # thread id == starter message id
        await alice.wait_for_message(public, lambda m: m.content == "Welcome to the thread", include_existing=True)
        assert [m.content for m in bob.visible_messages(public)] == ["Welcome to the thread"]

        private = await fake.wait_for(lambda: next((t for t in fake.guild.threads if t.name == "duel-1-private"), None))
        await fake.wait_for(lambda: private.messages)
        assert [m.content for m in alice.visible_messages(private)] == [f"Secret plans for {alice.mention}"]
        with pytest.raises(NotVisible):
            bob.visible_messages(private)

        # The bot sees users' messages in the thread (gateway MESSAGE_CREATE) and answers there.
        await bob.send(public, "!echo hello")
        reply = await bob.wait_for_message(public, lambda m: m.author.bot)
        assert reply.content == "echo: hello"
        assert any(m.content == "!echo hello" for m in bot.client.seen_messages)
        assert bot.client.get_channel(public.id) is not None  # THREAD_CREATE reached the cache


async def test_subcommand_attachment_autocomplete_modal_select(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice = fake.create_user("alice")
    async with fake.run_bot(TinyBot(fake.guild.id)):
        deck_file = await alice.attach("deck.txt", "4 Lightning Bolt\n20 Mountain\n\n")
        imported = await alice.slash("deck import", file=deck_file)
        assert imported.content == "Imported 2 lines from deck.txt"
        assert imported.message is not None
        assert [(a.filename, a.data) for a in imported.message.attachments] == \
            [("sorted.txt", b"20 Mountain\n4 Lightning Bolt")]
        with pytest.raises(CommandNotFound):
            await alice.slash("deck", file=deck_file)  # needs the subcommand
        with pytest.raises(CommandNotFound):
            await alice.slash("nosuchcommand")

        choices = await alice.autocomplete("card", name="Ligh")
        assert [c["value"] for c in choices] == ["Lightning Bolt", "Light of Day"]
        card = await alice.slash("card", name="Lightning Bolt")
        assert card.embeds[0]["title"] == "Lightning Bolt" and "old-school" in card.text

        opened = await alice.slash("feedback")
        assert opened.type == 9 and opened.modal is not None and opened.modal["title"] == "Feedback"
        with pytest.raises(InvalidOptions):
            await alice.submit_modal(opened, {})  # required field left empty
        thanks = await alice.submit_modal(opened, {"Your feedback": "great bot"})
        assert thanks.ephemeral and thanks.content == "Thanks: great bot"

        menu = await alice.slash("pick")
        with pytest.raises(InvalidOptions):
            await alice.select(menu.message, "pick:color", ["purple"])
        bob = fake.create_user("bob")
        chosen = await menu.select("pick:user", [bob])
        assert chosen.ephemeral and chosen.content == "opponent: bob"
        picked = await menu.select("Pick colours", ["red", "Green"])
        assert picked.content == "picked red, green" and picked.message is menu.message

        assert (await alice.slash("ping")).content == "pong from Fake Guild"
        in_dm = await alice.slash("ping", dm=True)
        assert in_dm.content == "pong from DM" and in_dm.message in alice.dms()


async def test_options_are_validated_like_the_discord_client(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(TinyBot(fake.guild.id)):
        with pytest.raises(InvalidOptions, match="missing required option 'opponent'"):
            await alice.slash("challenge")
        with pytest.raises(InvalidOptions, match="must be one of"):
            await alice.slash("challenge", opponent=bob, deck="Green")
        with pytest.raises(InvalidOptions, match="unknown option"):
            await alice.slash("challenge", opponent=bob, colour="Red")
        with pytest.raises(InvalidOptions, match="expected"):
            await alice.slash("challenge", opponent="bob")
        with pytest.raises(CommandNotFound):
            await alice.slash("secret", dm=True)  # guild command: not in DMs
        # Server-side validation: Discord rejects a 2001-character message with 400 / 50035.
        assert (await alice.slash("toolong")).content == "rejected: 400 50035"


async def test_swallowed_exception_fails_the_harness(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice = fake.create_user("alice")
    fake.interaction_timeout = 0.5
    async with fake.run_bot(TinyBot(fake.guild.id)):
        with pytest.raises(InteractionFailed, match="kaboom"):
            await alice.slash("boom")
    problems = fake.problems()
    assert any("kaboom" in p for p in problems), problems
    with pytest.raises(HarnessError):
        fake.check()
    fake.reset_problems()


async def test_unhandled_route_fails_the_harness(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    assert fake.guild is not None
    alice = fake.create_user("alice")
    async with fake.run_bot(TinyBot(fake.guild.id)):
        result = await alice.slash("badroute")
        assert result.content == "done"  # the bot swallowed the 404 ...
    with pytest.raises(HarnessError, match=r"unhandled route: GET /definitely/not/a/route"):
        fake.check()  # ... but the harness did not
    fake.reset_problems()


async def test_network_guard_blocks_non_loopback(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    with pytest.raises(OSError):
        socket.getaddrinfo("discord.com", 443)
    with pytest.raises(OSError):
        socket.create_connection(("192.0.2.1", 443), timeout=0.2)
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.ClientError):
            await session.get("https://discord.com/api/v10/gateway")
        async with session.get(f"{fake.api_base}/gateway") as resp:  # loopback is fine
            assert resp.status == 401
    assert fake.network_guard is not None and len(fake.network_guard.violations) == 3
    with pytest.raises(HarnessError, match="non-loopback"):
        fake.check()
    fake.reset_problems()


async def test_gateway_resume_and_message_content_intent(fake_discord_factory) -> None:
    async with fake_discord_factory(privileged_intents=("members",)) as fake:
        assert fake.guild is not None
        alice = fake.create_user("alice")
        # Asking for a privileged intent the application lacks is refused (close 4014).
        with pytest.raises(discord.PrivilegedIntentsRequired):
            await fake.start_bot(TinyBot(fake.guild.id))
        async with fake.run_bot(TinyBot(fake.guild.id, intents=discord.Intents.default())) as bot:
            await fake.reconnect_bot(how="reconnect")
            await fake.reconnect_bot(how="drop")
            assert fake.identify_count == 1 and fake.resume_count == 2
            assert (await alice.slash("secret")).content == "only you can see this"
            await alice.send(fake.channel, "hello bot")
            seen = await fake.wait_for(lambda: [m for m in bot.client.seen_messages if m.author.id == alice.id])
            assert seen[0].content == ""  # no message_content intent: content withheld, like Discord


async def test_patches_restored_even_on_failure() -> None:
    originals = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE)
    orig_getaddrinfo = socket.getaddrinfo
    with pytest.raises(ZeroDivisionError):
        async with FakeDiscord() as fake:
            assert discord.http.Route.BASE == fake.api_base
            1 / 0
    assert (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            discord.asset.Asset.BASE) == originals
    assert socket.getaddrinfo is orig_getaddrinfo
