"""In-memory model of the fake Discord: users, guilds, channels, messages, interactions.

Every object knows how to render itself as the JSON payload real Discord sends
(``payload()``), because the same objects are served over REST, dispatched over
the gateway and inspected by the tests. Objects are live: a :class:`FakeMessage`
held by a test reflects later edits made by the bot (previous versions are kept in
:attr:`FakeMessage.history`).
"""
from __future__ import annotations

import asyncio
import datetime
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator

from .snowflake import iso, snowflake_time

if TYPE_CHECKING:  # pragma: no cover
    from .server import FakeDiscord

# --- permission bits (https://discord.com/developers/docs/topics/permissions) ---
ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

#: What @everyone can do in a freshly created server.
EVERYONE_PERMISSIONS = (
    ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS | CHANGE_NICKNAME | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS | SEND_MESSAGES_IN_THREADS
)
#: The bot's managed role: a typical invite asks for these.
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS | MENTION_EVERYONE

# --- channel types ---
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# --- message flags ---
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# --- message types shown as regular chat (others are system messages) ---
REGULAR_MESSAGE_TYPES = frozenset({0, 19, 20, 23})

_MENTION_RE = re.compile(r"<@!?(\d+)>")


@dataclass(eq=False)
class FakeUser:
    """A Discord user (a simulated human or the bot itself)."""

    id: int
    username: str
    bot: bool = False
    global_name: str | None = None
    #: The user's privacy setting: DMs from server members (the bot) are refused with 50007.
    dms_closed: bool = False

    @property
    def name(self) -> str:
        return self.username

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.username} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    """A guild role; the @everyone role has the guild's id."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeMember:
    """A user's membership in a guild."""

    user: FakeUser
    guild: FakeGuild
    roles: list[int] = field(default_factory=list)
    joined_at: datetime.datetime = field(default_factory=lambda: datetime.datetime.now(datetime.timezone.utc))
    nick: str | None = None

    @property
    def permissions(self) -> int:
        """Guild-level permissions (administrator expands to everything)."""
        perms = self.guild.everyone_role.permissions
        for rid in self.roles:
            role = self.guild.roles.get(rid)
            if role is not None:
                perms |= role.permissions
        if self.guild.owner_id == self.user.id or perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "joined_at": iso(self.joined_at),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class FakeGuild:
    """A server with roles, members, text channels and threads."""

    id: int
    name: str
    owner_id: int
    fake: FakeDiscord = field(repr=False)
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)

    @property
    def everyone_role(self) -> FakeRole:
        return self.roles[self.id]

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.type == GUILD_TEXT]

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread]

    def channel(self, name: str) -> FakeChannel:
        """The text channel (or thread) called ``name``; raises ``KeyError``."""
        for c in self.channels.values():
            if c.name == name.lstrip("#"):
                return c
        raise KeyError(f"no channel #{name} in {self.name}")

    def thread(self, name: str) -> FakeChannel:
        """The thread called ``name``; raises ``KeyError``."""
        for c in self.threads:
            if c.name == name:
                return c
        raise KeyError(f"no thread {name!r} in {self.name}")

    def member(self, user: FakeUser | int) -> FakeMember | None:
        uid = user if isinstance(user, int) else user.id
        return self.members.get(uid)

    def add_member(self, user: FakeUser, *, admin: bool = False, roles: list[FakeRole] | None = None) -> FakeMember:
        """Make ``user`` join (dispatches GUILD_MEMBER_ADD if the bot is connected)."""
        return self.fake._add_member(self, user, admin=admin, roles=roles)

    def create_role(self, name: str, permissions: int = 0) -> FakeRole:
        role = FakeRole(self.fake.snowflakes.next(), name, permissions, position=len(self.roles))
        self.roles[role.id] = role
        return role

    def create_text_channel(self, name: str, *, topic: str | None = None) -> FakeChannel:
        """Create a text channel (dispatches CHANNEL_CREATE if the bot is connected)."""
        return self.fake._create_text_channel(self, name, topic=topic)

    def payload(self, *, include_members: bool) -> dict[str, Any]:
        """The GUILD_CREATE payload (members only if the bot has the members intent)."""
        bot_id = self.fake.bot_user.id
        members = [m.payload() for m in self.members.values() if include_members or m.user.id == bot_id]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": "us-east",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US",
            "system_channel_id": str(self.text_channels[0].id) if self.text_channels else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "features": [],
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "soundboard_sounds": [],
            "application_id": None,
            "joined_at": iso(self.members[bot_id].joined_at) if bot_id in self.members else None,
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": members,
            "channels": [c.payload() for c in self.channels.values() if not c.is_thread],
            "threads": [c.payload() for c in self.channels.values() if c.is_thread and not c.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "embedded_activities": [],
            "lazy": True,
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread, or a DM channel."""

    id: int
    type: int
    fake: FakeDiscord = field(repr=False)
    name: str | None = None
    guild: FakeGuild | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None  # DMs: the human on the other side of the bot
    topic: str | None = None
    position: int = 0
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    thread_members: set[int] = field(default_factory=set)
    message_ids: list[int] = field(default_factory=list)
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def parent(self) -> FakeChannel | None:
        return self.fake.channels.get(self.parent_id) if self.parent_id else None

    @property
    def messages(self) -> list[FakeMessage]:
        """Every non-deleted message in the channel, oldest first (including ephemerals)."""
        msgs = (self.fake.messages.get(mid) for mid in self.message_ids)
        return [m for m in msgs if m is not None and not m.deleted]

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        last = self.message_ids[-1] if self.message_ids else None
        if self.type == DM:
            assert self.recipient is not None
            data: dict[str, Any] = {
                "id": str(self.id),
                "type": DM,
                "last_message_id": str(last) if last else None,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        elif self.is_thread:
            assert self.guild is not None
            data = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id),
                "name": self.name,
                "last_message_id": str(last) if last else None,
                "rate_limit_per_user": 0,
                "message_count": len(self.message_ids),
                "total_message_sent": len(self.message_ids),
                "member_count": min(len(self.thread_members), 50),
                "flags": 0,
                "applied_tags": [],
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(snowflake_time(self.id)),
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "create_timestamp": iso(snowflake_time(self.id)),
                },
            }
        else:
            assert self.guild is not None
            data = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [],
                "parent_id": None,
                "topic": self.topic,
                "nsfw": False,
                "last_message_id": str(last) if last else None,
                "rate_limit_per_user": 0,
                "default_auto_archive_duration": 1440,
                "flags": 0,
            }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def __repr__(self) -> str:
        kind = {GUILD_TEXT: "text", DM: "dm", PUBLIC_THREAD: "thread", PRIVATE_THREAD: "private-thread"}
        label = self.name or (self.recipient.username if self.recipient else "?")
        return f"<FakeChannel {kind.get(self.type, self.type)} {label} id={self.id}>"


@dataclass(eq=False)
class FakeAttachment:
    """An uploaded file; its bytes are served at :attr:`url` (the fake CDN)."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""
    uploader_id: int | None = None
    ephemeral: bool = False

    @property
    def text(self) -> str:
        return self.data.decode("utf-8")

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "flags": 0,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        if self.ephemeral:
            data["ephemeral"] = True
        return data


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Depth-first walk over a component tree (action rows, sections, containers, labels)."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components") or [])
        if isinstance(comp.get("accessory"), dict):
            yield from walk_components([comp["accessory"]])
        if isinstance(comp.get("component"), dict):
            yield from walk_components([comp["component"]])


def _embed_text(embed: dict[str, Any]) -> list[str]:
    parts = [embed.get("title") or "", embed.get("description") or ""]
    author = embed.get("author") or {}
    parts.append(author.get("name") or "")
    for f in embed.get("fields") or []:
        parts += [f.get("name") or "", f.get("value") or ""]
    parts.append((embed.get("footer") or {}).get("text") or "")
    return [p for p in parts if p]


def _component_text(components: list[dict[str, Any]]) -> list[str]:
    return [c["content"] for c in walk_components(components) if c.get("type") == 10 and c.get("content")]


@dataclass(eq=False)
class FakeMessage:
    """A message as stored by Discord, with its edit history."""

    id: int
    channel: FakeChannel
    author: FakeUser
    fake: FakeDiscord = field(repr=False)
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    #: For ephemeral messages: the only user who can see it.
    ephemeral_to: int | None = None
    interaction: FakeInteraction | None = None
    webhook_id: int | None = None
    reference_id: int | None = None
    thread_id: int | None = None
    edited_at: datetime.datetime | None = None
    deleted: bool = False
    nonce: str | None = None
    tts: bool = False
    reactions: dict[str, set[int]] = field(default_factory=dict)
    pinned_at: datetime.datetime | None = None
    #: Previous versions, oldest first: dicts with content/embeds/components/attachments/flags.
    history: list[dict[str, Any]] = field(default_factory=list)

    # --- convenience for assertions -------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while a deferred response shows "<bot> is thinking..."."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def created_at(self) -> datetime.datetime:
        return snowflake_time(self.id)

    @property
    def text(self) -> str:
        """Content, embed texts and V2 text displays joined by newlines (handy for ``in`` checks)."""
        parts = [self.content] if self.content else []
        for e in self.embeds:
            parts += _embed_text(e)
        parts += _component_text(self.components)
        return "\n".join(parts)

    @property
    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def control_ids(self) -> tuple[str, ...]:
        """The custom ids of the message's buttons and menus: changed when a bot
        edits a control panel in place with new controls (or removes them)."""
        return tuple(c.get("custom_id") or "" for c in self.buttons + self.selects)

    @property
    def button_labels(self) -> list[str]:
        return [b.get("label") or "" for b in self.buttons]

    @property
    def thread(self) -> FakeChannel | None:
        """The thread started from this message, if any."""
        return self.fake.channels.get(self.thread_id) if self.thread_id else None

    @property
    def reference(self) -> FakeMessage | None:
        return self.fake.messages.get(self.reference_id) if self.reference_id else None

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": list(self.attachments),
            "flags": self.flags,
            "edited_at": self.edited_at,
        }

    # --- wire format ------------------------------------------------------------------
    def payload(self) -> dict[str, Any]:
        fake = self.fake
        ch = self.channel
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(ch.id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [fake.users[int(u)].payload() for u in _MENTION_RE.findall(self.content) if int(u) in fake.users],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "reactions": [
                {"emoji": {"id": None, "name": e}, "count": len(us), "me": fake.bot_user.id in us,
                 "count_details": {"burst": 0, "normal": len(us)}, "me_burst": False, "burst_colors": []}
                for e, us in self.reactions.items() if us
            ],
            "pinned": self.pinned_at is not None,
            "flags": self.flags,
            "components": self.components,
        }
        if ch.guild is not None:
            data["guild_id"] = str(ch.guild.id)
            member = ch.guild.member(self.author)
            if member is not None and self.webhook_id is None:
                data["member"] = member.payload(with_user=False)
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(fake.application_id)
        if self.interaction is not None:
            inter = self.interaction
            meta: dict[str, Any] = {
                "id": str(inter.id),
                "type": inter.type,
                "user": inter.user.payload(),
                "authorizing_integration_owners": inter.integration_owners(),
            }
            if inter.type == 2:
                meta["name"] = inter.command_name
                meta["command_type"] = inter.data.get("type", 1)
            if inter.message is not None:
                meta["interacted_message_id"] = str(inter.message.id)
            if inter.original is not None and inter.original is not self:
                meta["original_response_message_id"] = str(inter.original.id)
            data["interaction_metadata"] = meta
            data["interaction"] = {
                "id": str(inter.id),
                "type": inter.type,
                "name": inter.command_name or "",
                "user": inter.user.payload(),
            }
        if self.reference_id is not None:
            ref = fake.messages.get(self.reference_id)
            data["message_reference"] = {
                "type": 0,
                "message_id": str(self.reference_id),
                "channel_id": str(ref.channel.id if ref else ch.id),
            }
            if ch.guild is not None:
                data["message_reference"]["guild_id"] = str(ch.guild.id)
            data["referenced_message"] = ref.payload() if ref is not None and not ref.deleted else None
        if self.thread_id is not None and self.thread_id in fake.channels:
            data["thread"] = fake.channels[self.thread_id].payload()
        return data

    def __repr__(self) -> str:
        preview = (self.text[:40] + "...") if len(self.text) > 40 else self.text
        eph = " ephemeral" if self.ephemeral else ""
        return f"<FakeMessage id={self.id} in={self.channel.name or 'dm'} by={self.author.username}{eph} {preview!r}>"


@dataclass(eq=False)
class FakeInteraction:
    """One interaction (command, component click, autocomplete, modal submit) and its responses."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user: FakeUser
    channel: FakeChannel
    data: dict[str, Any]
    fake: FakeDiscord = field(repr=False)
    guild: FakeGuild | None = None
    message: FakeMessage | None = None  # the message a component was on
    created: float = 0.0  # loop.time()
    command_name: str | None = None
    #: The callback type the bot answered with (4, 5, 6, 7, 8, 9), None until answered.
    response_type: int | None = None
    response_data: dict[str, Any] | None = None
    #: The "original response" message (type 4/5: the new one, type 6/7: the component's message).
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)
    #: Set when the user-visible deadline passed without a response.
    failed: bool = False
    #: Follow-up after a type-5 defer replaces the loading message once (Discord behaviour).
    followup_replaced_loading: bool = False

    def integration_owners(self) -> dict[str, str]:
        return {"0": str(self.guild.id)} if self.guild is not None else {"0": "0"}

    def __repr__(self) -> str:
        what = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}.get(self.type, self.type)
        return f"<FakeInteraction {what} id={self.id} by={self.user.username} response={self.response_type}>"
