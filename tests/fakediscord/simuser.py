"""Simulated human users: they act only through what the Discord client lets a person do.

A :class:`SimUser` can run slash commands that are registered and available to
them (options are checked against the registered schema, like Discord's client
does), click buttons and use select menus that are *currently shown to them* on a
message they can see, fill in modals the bot opened for them, type messages, and
read the channels they can see (other users' ephemeral messages are invisible).

Every interaction waits for the bot's acknowledgement; if none arrives within
Discord's 3-second deadline the call raises :class:`~.errors.InteractionFailed`,
which is what the person would see ("This interaction failed").
"""
from __future__ import annotations

import asyncio
import mimetypes
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from .errors import (
    CommandNotFound, ComponentDisabled, ComponentNotFound, InteractionFailed, InvalidOptions, NotVisible,
    SimUserError,
)
from .guard import ErrorLogCapture
from .model import (
    ADMINISTRATOR, REGULAR_MESSAGE_TYPES, FakeAttachment, FakeChannel, FakeGuild,
    FakeInteraction, FakeMessage, FakeRole, FakeUser, walk_components,
)

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord

_OPTION_TYPE_NAMES = {3: "string", 4: "integer", 5: "boolean", 6: "user", 7: "channel", 8: "role",
                      9: "mentionable", 10: "number", 11: "attachment"}
_MAX_SAFE_INT = 2 ** 53


class InteractionResult:
    """What the user sees after an interaction was acknowledged.

    ``message`` is the "original response": the new message for callback types
    4/5, the message the component is on for 6/7. It is live (later edits by the
    bot show up). ``followups`` lists follow-up messages (the first follow-up after
    a "thinking" defer *replaces* the loading message, so it is also ``message``).
    """

    def __init__(self, user: SimUser, interaction: FakeInteraction) -> None:
        self.user = user
        self.interaction = interaction

    @property
    def type(self) -> int | None:
        """The callback type: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 choices, 9 modal."""
        return self.interaction.response_type

    @property
    def message(self) -> FakeMessage | None:
        return self.interaction.original

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def text(self) -> str:
        return self.message.text if self.message else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.message.components if self.message else []

    @property
    def followups(self) -> list[FakeMessage]:
        return [m for m in self.interaction.followups if not m.deleted]

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.interaction.choices or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal

    async def wait_done(self, timeout: float = 5.0) -> FakeMessage:
        """For a "thinking" defer: wait until the loading message was edited or replaced; return it."""
        msg = self.message
        if msg is None:
            raise SimUserError(f"interaction has no response message (callback type {self.type})")
        await self.user.fake.wait_for(lambda: not msg.loading, timeout,
                                      message="deferred response still 'thinking'")
        return msg

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[FakeMessage]:
        """Wait until at least ``count`` follow-ups were sent; return them all."""
        await self.user.fake.wait_for(lambda: len(self.followups) >= count, timeout,
                                      message=f"expected {count} follow-up(s), got {len(self.followups)}")
        return self.followups

    async def wait_edit(self, timeout: float = 5.0) -> FakeMessage:
        """Wait until :attr:`message` is edited once more than now; return it."""
        msg = self.message
        if msg is None:
            raise SimUserError("interaction has no response message")
        n = len(msg.history)
        await self.user.fake.wait_for(lambda: len(msg.history) > n, timeout, message="message was not edited")
        return msg

    async def click(self, target: str, **kwargs: Any) -> InteractionResult:
        """Click a button on :attr:`message`."""
        if self.message is None:
            raise ComponentNotFound("no message to click on")
        return await self.user.click(self.message, target, **kwargs)

    async def select(self, target: str, values: Sequence[Any]) -> InteractionResult:
        """Use a select menu on :attr:`message`."""
        if self.message is None:
            raise ComponentNotFound("no message to select on")
        return await self.user.select(self.message, target, values)

    def __repr__(self) -> str:
        return f"<InteractionResult type={self.type} ephemeral={self.ephemeral} message={self.message!r}>"


class SimUser(FakeUser):
    """A simulated human member. Create with :meth:`FakeDiscord.create_user`."""

    def __init__(self, fake: FakeDiscord, id: int, username: str, *, dms_closed: bool = False) -> None:
        super().__init__(id=id, username=username, dms_closed=dms_closed)
        self.fake = fake

    # ------------------------------------------------------------------------------
    # Where
    # ------------------------------------------------------------------------------
    def _channel(self, channel: FakeChannel | str | None = None, guild: FakeGuild | None = None,
                 dm: bool = False) -> FakeChannel:
        fake = self.fake
        if dm:
            ch = fake.dm_channel(self)
        elif isinstance(channel, FakeChannel):
            ch = channel
            if guild is not None and ch.guild is not guild:
                raise SimUserError(f"{ch!r} is not in {guild!r}")
        elif isinstance(channel, str):
            g = guild or fake.guild
            if g is None:
                raise SimUserError("no guild to look up channel names in")
            ch = g.channel(channel)
        elif guild is not None:
            if not guild.text_channels:
                raise SimUserError(f"{guild.name} has no text channel")
            ch = guild.text_channels[0]
        else:
            if fake.channel is None:
                raise SimUserError("no default channel: pass channel=, guild= or dm=True")
            ch = fake.channel
        assert ch is not None
        if not fake.can_view_channel(self, ch):
            raise NotVisible(f"{self.username} cannot see {ch!r}")
        return ch

    @property
    def dm_channel(self) -> FakeChannel | None:
        """This user's DM channel with the bot (None if never opened)."""
        return self.fake.dm_channel(self, create=False)

    def guild_permissions(self, guild: FakeGuild) -> int:
        member = guild.member(self)
        return member.permissions if member else 0

    # ------------------------------------------------------------------------------
    # Reading
    # ------------------------------------------------------------------------------
    def can_see(self, message: FakeMessage) -> bool:
        return self.fake.can_view_message(self, message)

    def visible_messages(self, channel: FakeChannel | str | None = None, *, guild: FakeGuild | None = None,
                         system: bool = False) -> list[FakeMessage]:
        """Messages this user can see in ``channel``, oldest first (others' ephemerals excluded).

        ``system=True`` also returns system messages (thread created etc.).
        """
        ch = self._channel(channel, guild)
        return [m for m in ch.messages if self.can_see(m) and (system or m.type in REGULAR_MESSAGE_TYPES)]

    def dms(self) -> list[FakeMessage]:
        """Messages in this user's DM channel with the bot, oldest first."""
        ch = self.dm_channel
        return [] if ch is None else [m for m in ch.messages if self.can_see(m)]

    def last_dm_with_controls(self) -> FakeMessage | None:
        """The newest DM from the bot that carries buttons or select menus
        (a game bot's control panel), or None."""
        for m in reversed(self.dms()):
            if m.buttons or m.selects:
                return m
        return None

    def last_message(self, channel: FakeChannel | str | None = None, *, guild: FakeGuild | None = None) -> FakeMessage | None:
        msgs = self.visible_messages(channel, guild=guild)
        return msgs[-1] if msgs else None

    async def wait_for_message(self, channel: FakeChannel | str | None = None, predicate: Callable[[FakeMessage], bool] | None = None,
                               *, timeout: float = 5.0, guild: FakeGuild | None = None,
                               include_existing: bool = False) -> FakeMessage:
        """Wait for a (new, unless ``include_existing``) visible message in ``channel`` matching ``predicate``."""
        ch = self._channel(channel, guild)
        seen = set() if include_existing else {m.id for m in ch.messages}

        def find() -> FakeMessage | None:
            for m in reversed(ch.messages):
                if m.id not in seen and self.can_see(m) and (predicate is None or predicate(m)):
                    return m
            return None

        return await self.fake.wait_for(find, timeout, message=f"{self.username}: no matching message in {ch!r}")

    async def wait_for_dm(self, predicate: Callable[[FakeMessage], bool] | None = None, *, timeout: float = 5.0,
                          include_existing: bool = False) -> FakeMessage:
        """Wait for a (new, unless ``include_existing``) DM from the bot matching ``predicate``."""
        seen = set() if include_existing else {m.id for m in self.dms()}

        def find() -> FakeMessage | None:
            for m in reversed(self.dms()):
                if m.id not in seen and m.author.id != self.id and (predicate is None or predicate(m)):
                    return m
            return None

        return await self.fake.wait_for(find, timeout, message=f"{self.username}: no matching DM")

    # ------------------------------------------------------------------------------
    # Writing
    # ------------------------------------------------------------------------------
    async def send(self, channel: FakeChannel | str | None = None, content: str = "", *,
                   files: Mapping[str, bytes | str] | None = None, reply_to: FakeMessage | None = None,
                   guild: FakeGuild | None = None) -> FakeMessage:
        """Type a message (with optional file uploads) in a channel, thread or this user's DM."""
        from .server import _FileUpload

        await self._human_pause()
        ch = self._channel(channel, guild)
        if ch.is_thread and ch.locked:
            raise SimUserError(f"{ch!r} is locked")
        if ch.is_thread and ch.archived:
            ch.archived = False
        uploads = {i: _FileUpload(name, data.encode() if isinstance(data, str) else data,
                                  mimetypes.guess_type(name)[0])
                   for i, (name, data) in enumerate((files or {}).items())}
        body: dict[str, Any] = {"content": content}
        if reply_to is not None:
            body["message_reference"] = {"message_id": reply_to.id}
        return self.fake._new_message(ch, self, body, uploads)

    async def send_dm(self, content: str = "", *, files: Mapping[str, bytes | str] | None = None) -> FakeMessage:
        """Write to the bot in DMs (opens the DM channel if needed)."""
        ch = self.fake.dm_channel(self)
        return await self.send(ch, content, files=files)

    async def attach(self, filename: str, data: bytes | str, *, content_type: str | None = None,
                     description: str | None = None) -> FakeAttachment:
        """Upload a file for an attachment option of a slash command (pass the result as the value)."""
        raw = data.encode() if isinstance(data, str) else data
        att = FakeAttachment(self.fake.snowflakes.next(), filename, raw,
                             content_type=content_type or mimetypes.guess_type(filename)[0] or "application/octet-stream",
                             description=description, uploader_id=self.id, ephemeral=True)
        att.url = f"{self.fake.base_url}/ephemeral-attachments/{self.fake.application_id}/{att.id}/{filename}"
        self.fake.attachments[att.id] = att
        return att

    # ------------------------------------------------------------------------------
    # Application commands
    # ------------------------------------------------------------------------------
    def _command_available(self, cmd: dict[str, Any], ch: FakeChannel) -> bool:
        guild = ch.guild
        contexts = cmd.get("contexts")
        if guild is None:
            if cmd.get("guild_id"):
                return False
            if contexts is not None:
                if 1 not in contexts:
                    return False
            elif cmd.get("dm_permission") is False:
                return False
            return True
        if contexts is not None and 0 not in contexts and not cmd.get("guild_id"):
            return False
        perms = cmd.get("default_member_permissions")
        if perms is not None:
            have = self.guild_permissions(guild)
            need = int(perms)
            if need == 0:
                return bool(have & ADMINISTRATOR)
            if have & need != need:
                return False
        return True

    def available_commands(self, channel: FakeChannel | str | None = None, *, guild: FakeGuild | None = None,
                           dm: bool = False, type: int = 1) -> list[dict[str, Any]]:
        """Commands this user sees in the slash menu here (guild commands first, like the client)."""
        ch = self._channel(channel, guild, dm)
        scopes: list[int | None] = ([ch.guild.id] if ch.guild else []) + [None]
        found: list[dict[str, Any]] = []
        names: set[str] = set()
        for scope in scopes:
            for cmd in self.fake.commands.get(scope, {}).values():
                if cmd["type"] == type and cmd["name"] not in names and self._command_available(cmd, ch):
                    found.append(cmd)
                    names.add(cmd["name"])
        return found

    def _resolve_command(self, command: str, ch: FakeChannel) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise CommandNotFound("empty command name")
        cmds = {c["name"]: c for c in self.available_commands(ch)}
        cmd = cmds.get(parts[0])
        if cmd is None:
            raise CommandNotFound(f"/{parts[0]} is not available to {self.username} in {ch!r}; "
                                  f"available: {sorted(cmds)}")
        path: list[dict[str, Any]] = []
        options = cmd.get("options") or []
        for part in parts[1:]:
            sub = next((o for o in options if o["name"] == part and o["type"] in (1, 2)), None)
            if sub is None:
                raise CommandNotFound(f"/{command}: no subcommand {part!r}")
            path.append(sub)
            options = sub.get("options") or []
        if any(o["type"] in (1, 2) for o in options):
            subs = [o["name"] for o in options if o["type"] in (1, 2)]
            raise CommandNotFound(f"/{command} needs a subcommand: one of {subs}")
        return cmd, path, options

    def _convert(self, opt: dict[str, Any], value: Any, ch: FakeChannel, resolved: dict[str, dict[str, Any]]) -> Any:
        t = opt["type"]
        name = opt["name"]
        kind = _OPTION_TYPE_NAMES.get(t, str(t))

        def bad(why: str) -> InvalidOptions:
            return InvalidOptions(f"option {name!r} ({kind}): {why} (got {value!r})")

        if t == 3:
            if not isinstance(value, str):
                raise bad("expected a string")
            if len(value) < opt.get("min_length", 0) or len(value) > opt.get("max_length", 6000):
                raise bad(f"length must be within {opt.get('min_length', 0)}..{opt.get('max_length', 6000)}")
            out: Any = value
        elif t in (4, 10):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or (t == 4 and not isinstance(value, int)):
                raise bad("expected an integer" if t == 4 else "expected a number")
            if abs(value) > _MAX_SAFE_INT:
                raise bad("out of range")
            if opt.get("min_value") is not None and value < opt["min_value"]:
                raise bad(f"must be >= {opt['min_value']}")
            if opt.get("max_value") is not None and value > opt["max_value"]:
                raise bad(f"must be <= {opt['max_value']}")
            out = value
        elif t == 5:
            if not isinstance(value, bool):
                raise bad("expected a boolean")
            out = value
        elif t in (6, 9) and isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            member = ch.guild.member(value) if ch.guild else None
            if member is not None:
                resolved.setdefault("members", {})[str(value.id)] = member.payload(with_user=False, with_permissions=True)
            elif t == 6 and ch.guild is not None and not value.bot:
                pass  # a non-member user can still be picked by id; Discord then sends only `users`
            out = str(value.id)
        elif t in (8, 9) and isinstance(value, FakeRole):
            if ch.guild is None or value.id not in ch.guild.roles:
                raise bad("not a role of this server")
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            out = str(value.id)
        elif t == 7 and isinstance(value, FakeChannel):
            if value.guild is not ch.guild or not self.fake.can_view_channel(self, value):
                raise bad("not a channel of this server that the user can see")
            types = opt.get("channel_types")
            if types and value.type not in types:
                raise bad(f"channel type {value.type} not in {types}")
            data = {"id": str(value.id), "name": value.name, "type": value.type,
                    "permissions": str(self.guild_permissions(value.guild) if value.guild else 0)}
            if value.is_thread:
                full = value.payload()
                data.update(parent_id=full["parent_id"], thread_metadata=full["thread_metadata"])
            resolved.setdefault("channels", {})[str(value.id)] = data
            out = str(value.id)
        elif t == 11 and isinstance(value, FakeAttachment):
            if value.uploader_id != self.id:
                raise bad("attachments must be uploaded by this user (use await user.attach(...))")
            resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
            out = str(value.id)
        else:
            expected = {6: "a user", 7: "a FakeChannel", 8: "a FakeRole", 9: "a user or role",
                        11: "a FakeAttachment from user.attach()"}.get(t, "another type")
            raise bad(f"expected {expected}")
        choices = opt.get("choices")
        if choices and t in (3, 4, 10) and out not in [c["value"] for c in choices]:
            raise bad(f"must be one of {[c['value'] for c in choices]}")
        return out

    def _build_data(self, command: str, ch: FakeChannel, values: dict[str, Any], *,
                    focused: str | None = None) -> tuple[dict[str, Any], str]:
        cmd, path, schema = self._resolve_command(command, ch)
        known = {o["name"]: o for o in schema}
        unknown = set(values) - set(known)
        if unknown:
            raise InvalidOptions(f"/{command}: unknown option(s) {sorted(unknown)}; options are {list(known)}")
        resolved: dict[str, dict[str, Any]] = {}
        leaf: list[dict[str, Any]] = []
        for opt in schema:
            name = opt["name"]
            if name not in values or values[name] is None:
                if opt.get("required") and focused is None:
                    raise InvalidOptions(f"/{command}: missing required option {name!r}")
                continue
            if name == focused:
                if opt["type"] not in (3, 4, 10) or not opt.get("autocomplete"):
                    raise InvalidOptions(f"/{command}: option {name!r} has no autocomplete")
                leaf.append({"type": opt["type"], "name": name, "value": str(values[name]), "focused": True})
                continue
            leaf.append({"type": opt["type"], "name": name, "value": self._convert(opt, values[name], ch, resolved)})
        options: list[dict[str, Any]] = leaf
        for sub in reversed(path):
            options = [{"type": sub["type"], "name": sub["name"], "options": options}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if options:
            data["options"] = options
        if resolved and focused is None:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return data, cmd["name"]

    async def slash(self, command: str, *, channel: FakeChannel | str | None = None, guild: FakeGuild | None = None,
                    dm: bool = False, options: Mapping[str, Any] | None = None, **kwargs: Any) -> InteractionResult:
        """Run ``/command`` (``"deck import"`` for subcommands) with options as keyword arguments.

        Option values: ``str``/``int``/``float``/``bool``, a user (:class:`SimUser`
        or ``fake.bot_user``), a :class:`FakeChannel`, a :class:`FakeRole`, or a
        :class:`FakeAttachment` from :meth:`attach`. Options whose names clash
        with ``channel``/``guild``/``dm``/``options`` go in ``options={...}``.
        Raises :class:`CommandNotFound` / :class:`InvalidOptions` for what the
        Discord client would not allow, :class:`InteractionFailed` if the bot does
        not acknowledge within the deadline.
        """
        ch = self._channel(channel, guild, dm)
        values = {**(options or {}), **kwargs}
        data, name = self._build_data(command, ch, values)
        return await self._interact(2, ch, data, command_name=name)

    async def autocomplete(self, command: str, *, focused: str | None = None, channel: FakeChannel | str | None = None,
                           guild: FakeGuild | None = None, dm: bool = False, options: Mapping[str, Any] | None = None,
                           **kwargs: Any) -> list[dict[str, Any]]:
        """Type into an autocomplete option; return the choices (``[{"name", "value"}]``) the bot offered.

        The focused option is ``focused`` or, by default, the last option given.
        """
        ch = self._channel(channel, guild, dm)
        values = {**(options or {}), **kwargs}
        if not values:
            raise InvalidOptions("autocomplete needs the option being typed into")
        focus = focused or list(values)[-1]
        if focus not in values:
            raise InvalidOptions(f"focused option {focus!r} has no value")
        data, name = self._build_data(command, ch, values, focused=focus)
        result = await self._interact(4, ch, data, command_name=name)
        return result.choices

    # ------------------------------------------------------------------------------
    # Components
    # ------------------------------------------------------------------------------
    def _current(self, message: FakeMessage | int) -> FakeMessage:
        msg = self.fake.messages.get(message if isinstance(message, int) else message.id)
        if msg is None or not self.can_see(msg):
            raise NotVisible(f"{self.username} cannot see message {message!r}")
        return msg

    @staticmethod
    def _describe(msg: FakeMessage) -> str:
        parts = []
        for c in walk_components(msg.components):
            if c.get("type") == 2:
                parts.append(f"button {c.get('label')!r} ({c.get('custom_id') or c.get('url')})")
            elif c.get("type") in (3, 5, 6, 7, 8):
                parts.append(f"select {c.get('placeholder')!r} ({c.get('custom_id')})")
        return ", ".join(parts) or "no components"

    def _find_component(self, msg: FakeMessage, target: str, types: set[int]) -> dict[str, Any]:
        comps = [c for c in walk_components(msg.components) if c.get("type") in types]
        hits = [c for c in comps if c.get("custom_id") == target]
        if not hits:
            hits = [c for c in comps if c.get("label") == target or c.get("placeholder") == target
                    or (c.get("emoji") or {}).get("name") == target]
        if not hits:
            raise ComponentNotFound(f"{self.username} sees no component {target!r} on {msg!r}: {self._describe(msg)}")
        if len(hits) > 1:
            raise ComponentNotFound(f"{target!r} is ambiguous on {msg!r}: {self._describe(msg)}")
        comp = hits[0]
        if comp.get("disabled"):
            raise ComponentDisabled(f"{target!r} is disabled on {msg!r}")
        return comp

    async def click(self, message: FakeMessage | int, target: str) -> InteractionResult:
        """Click the button with this custom_id or label on the message as this user currently sees it."""
        await self._human_pause()
        msg = self._current(message)
        comp = self._find_component(msg, target, {2})
        if comp.get("style") in (5, 6):
            raise ComponentDisabled(f"{target!r} is a link/premium button: clicking it does not reach the bot")
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        return await self._interact(3, msg.channel, data, message=msg, pause=False)

    async def select(self, message: FakeMessage | int, target: str, values: Sequence[Any]) -> InteractionResult:
        """Pick ``values`` in the select menu with this custom_id or placeholder.

        String selects take option values (or labels); user/role/channel selects
        take the objects.
        """
        await self._human_pause()
        msg = self._current(message)
        comp = self._find_component(msg, target, {3, 5, 6, 7, 8})
        ctype = comp["type"]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise InvalidOptions(f"select {target!r} needs {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": ctype}
        if "id" in comp:
            data["id"] = comp["id"]
        if ctype == 3:
            opts = comp.get("options") or []
            out = []
            for v in values:
                hit = next((o for o in opts if o["value"] == v), None) or next((o for o in opts if o.get("label") == v), None)
                if hit is None:
                    raise InvalidOptions(f"select {target!r} has no option {v!r}; options: {[o['value'] for o in opts]}")
                out.append(hit["value"])
            data["values"] = out
        else:
            resolved: dict[str, dict[str, Any]] = {}
            want = {5: 6, 6: 8, 7: 7, 8: 9}[ctype]
            fake_opt = {"type": want, "name": comp["custom_id"]}
            if ctype == 7 and comp.get("channel_types"):
                fake_opt["channel_types"] = comp["channel_types"]
            data["values"] = [self._convert(fake_opt, v, msg.channel, resolved) for v in values]
            data["resolved"] = resolved
        return await self._interact(3, msg.channel, data, message=msg, pause=False)

    async def submit_modal(self, source: InteractionResult, values: Mapping[str, Any]) -> InteractionResult:
        """Fill in and submit the modal the bot opened in ``source`` (keys: custom_id or label)."""
        modal = source.modal
        if modal is None:
            raise SimUserError(f"no modal was opened by {source!r}")
        if source.user is not self:
            raise NotVisible("a modal is only shown to the user who triggered it")
        remaining = dict(values)

        def take(comp: dict[str, Any], label: str | None) -> Any:
            for key in (comp.get("custom_id"), label, comp.get("label")):
                if key is not None and key in remaining:
                    return remaining.pop(key)
            return None

        def fill(comp: dict[str, Any], label: str | None) -> dict[str, Any] | None:
            t = comp.get("type")
            if t == 4:
                value = take(comp, label)
                value = "" if value is None else str(value)
                if comp.get("required", True) and not value:
                    raise InvalidOptions(f"modal field {label or comp.get('custom_id')!r} is required")
                if value and not comp.get("min_length", 0) <= len(value) <= comp.get("max_length", 4000):
                    raise InvalidOptions(f"modal field {label or comp.get('custom_id')!r}: bad length {len(value)}")
                return {"type": 4, "custom_id": comp["custom_id"], "value": value}
            if t == 3:
                picked = take(comp, label) or []
                return {"type": 3, "custom_id": comp["custom_id"], "values": list(picked)}
            return None

        out: list[dict[str, Any]] = []
        for top in modal.get("components") or []:
            if top.get("type") == 1:
                kids = [k for k in (fill(c, c.get("label")) for c in top.get("components") or []) if k]
                out.append({"type": 1, "components": kids})
            elif top.get("type") == 18:
                inner = fill(top.get("component") or {}, top.get("label"))
                if inner is not None:
                    out.append({"type": 18, "component": inner})
            else:
                out.append({"type": top.get("type")})
        if remaining:
            raise InvalidOptions(f"modal has no field(s) {sorted(remaining)}")
        inter = source.interaction
        data = {"custom_id": modal["custom_id"], "components": out}
        return await self._interact(5, inter.channel, data, message=inter.message if inter.type == 3 else None)

    # ------------------------------------------------------------------------------
    # Plumbing
    # ------------------------------------------------------------------------------
    async def _human_pause(self) -> None:
        if self.fake.human_delay > 0:
            await asyncio.sleep(self.fake.human_delay)

    async def _interact(self, itype: int, ch: FakeChannel, data: dict[str, Any], *, message: FakeMessage | None = None,
                        command_name: str | None = None, pause: bool = True) -> InteractionResult:
        fake = self.fake
        if pause:
            await self._human_pause()
        inter = fake._create_interaction(itype=itype, user=self, channel=ch, data=data, message=message,
                                         command_name=command_name)
        if not fake.bot_online:
            # a reconnect takes milliseconds; a stopped bot never comes back
            grace = min(fake.interaction_timeout, 0.5)
            try:
                await fake.wait_for(lambda: fake.bot_online, grace)
            except TimeoutError:
                inter.failed = True
                raise InteractionFailed(f"This interaction failed: the bot is not connected ({inter!r})") from None
        if not fake._dispatch_interaction(inter):
            inter.failed = True
            raise InteractionFailed(f"This interaction failed: the bot is not connected ({inter!r})")
        log_mark = len(fake.log_capture.records) if fake.log_capture else 0
        try:
            await asyncio.wait_for(inter.acknowledged.wait(), fake.interaction_timeout)
        except asyncio.TimeoutError:
            inter.failed = True
            logs = ""
            if fake.log_capture is not None:
                recent = fake.log_capture.records[log_mark:]
                if recent:
                    logs = "\nERROR logs meanwhile:\n" + "\n".join(ErrorLogCapture.describe(r) for r in recent)
            raise InteractionFailed(
                f"This interaction failed: no response within {fake.interaction_timeout}s to {inter!r} "
                f"data={data}{logs}") from None
        return InteractionResult(self, inter)
