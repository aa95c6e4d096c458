"""What the bot shows: the board message in a duel's thread, each player's
control panel in DMs, and the persistent components on them.

Components are :class:`discord.ui.DynamicItem` whose custom id carries the
duel id and the decision's sequence number (the number of answers so far),
so they keep working after a restart and a click on an old panel is
recognised as stale. Discord's limits are respected: at most 25 options per
select menu (pages beyond), 5 rows of 5 buttons, 100-character custom ids,
80-character labels, 2,000-character messages.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

import discord

from engine import carddb
from engine.decisions import Decision, DecisionKind

from .match_service import match_line
from .render import board_text, outcome_text, permanents_text
from .thread_log import recent_text
from .usertext import shown

if TYPE_CHECKING:  # pragma: no cover
    from .service import Live

PAGE = 25
MAX_BUTTONS = 15  # three rows of choice buttons; the rest is for tools


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def board_message(live: "Live", public: dict[str, Any] | None = None) -> str:
    """The thread's board: public information only (the view of nobody); *public*: that
    view if the caller has it already (a view of a late game costs about a millisecond)."""
    v = public
    if v is None:
        with live.duel.playing.reading():  # rendering changes nothing: characteristics computed once
            v = live.duel.view(None)
    rec = live.record
    d = live.duel.pending
    head = f"**Duel #{rec.id}: {rec.player_names[0]} vs {rec.player_names[1]}**\n"
    if live.match is not None:  # a match's game: the score on the board
        head += match_line(live.match, live.game) + "\n"
    head += "```\n"
    tail = "\n```"
    recent = recent_text(live.duel.game.events)
    if recent:  # the turn in progress: its lines go to the thread's log when it ends
        tail += "\n" + "\n".join(f"> {line}" for line in recent.splitlines())
    public = v["pending"]  # as everyone may see it (a spell from hand being put together is not)
    if d is not None and public is not None:
        # below the code block, where Discord renders the bold and the relative time
        seat = public["player"]
        who = rec.player_names[seat]
        when = f" (deadline <t:{rec.deadline}:R>)" if rec.deadline else ""
        if live.away[seat] is not None:  # their clock is stopped
            when = f" (on vacation until <t:{live.away[seat]}:f>; deadline <t:{rec.deadline}:R>)"
        tail += f"\n**Waiting for {who}**: {public['kind']}{when}"
    return head + clip(board_text(v), 2000 - len(head) - len(tail)) + tail


def board_view(duel_id: int) -> discord.ui.View:
    """The controls under the board: a player whose panel is lost (closed DMs,
    deleted message) gets it sent again."""
    v = discord.ui.View(timeout=None)
    v.add_item(ShowControlsButton(duel_id))
    return v


def panel_message(live: "Live", player: int, page: int = 0, *, note: str = "",
                  secrets: list[str] | None = None) -> tuple[str, discord.ui.View]:
    """A player's control panel: their hand, the decision, the controls.

    *note* goes first (what the player just answered); *secrets* are the private
    notes that came up since the player's previous panel (see
    :func:`bot.knowledge.new_secrets`): shown here once, then kept under
    "What I've seen"."""
    duel = live.duel
    rec = live.record
    d = duel.pending
    shows_board = d is not None and d.player == player and needs_board(d, duel.playing.spells)
    with duel.playing.reading():  # rendering changes nothing: characteristics computed once
        # the players and the turn; the board too when the decision needs it (blocks, targets, responses)
        v = duel.view(player, board=shows_board)
    me = v["players"][player]
    lines = [note] if note else []
    lines += [f"**Duel #{rec.id} vs {rec.player_names[1 - player]}** — turn {v['turn']}, "
              f"{v['players'][v['active']]['name']}'s {v['step']}",
              f"Life {me['life']} vs {v['players'][1 - player]['life']}. Your hand: "
              + (", ".join(me.get("hand", [])) or "empty")]
    for s in secrets or []:
        lines.append(f"(only you see this, turn {v['turn']}) {s}")
    view = discord.ui.View(timeout=None)
    if d is None:
        lines.append(outcome_text(v))
        return clip("\n".join(lines), 2000), view
    if d.player != player:
        lines.append(f"Waiting for {rec.player_names[d.player]}.")
        return clip("\n".join(lines), 2000), view
    board_at = len(lines)  # both battlefields go here, in the room the rest leaves (see below)
    lines.append(f"**{d.prompt}**" + (f" — deadline <t:{rec.deadline}:R>" if rec.deadline else ""))
    seq = live.seq
    choices = list(d.choices)
    labels, legend = choice_labels(d)
    if legend:
        lines.append(legend)
    if len(choices) <= MAX_BUTTONS:
        for i, c in enumerate(choices):
            style = discord.ButtonStyle.secondary if c in ("pass", d.decline, "cancel") else discord.ButtonStyle.primary
            view.add_item(ChoiceButton(rec.id, seq, i, labels[i], style=style))
    else:
        pages = (len(choices) + PAGE - 1) // PAGE
        page = max(0, min(page, pages - 1))
        chunk = range(page * PAGE, min(len(choices), (page + 1) * PAGE))
        view.add_item(ChoiceSelect(rec.id, seq, page, [(i, labels[i]) for i in chunk]))
        if pages > 1:
            lines.append(f"Choices page {page + 1} of {pages}.")
            if page > 0:
                view.add_item(PageButton(rec.id, seq, page - 1, "◀ Previous"))
            if page < pages - 1:
                view.add_item(PageButton(rec.id, seq, page + 1, "Next ▶"))
        if d.decline in choices:
            i = choices.index(d.decline)
            view.add_item(ChoiceButton(rec.id, seq, i, labels[i], style=discord.ButtonStyle.secondary, row=3))
    if d.kind in (DecisionKind.ATTACK, DecisionKind.BLOCK, DecisionKind.ASSIGN) or d.parser is not None:
        view.add_item(TypeButton(rec.id, seq))
    view.add_item(CardInfoButton(rec.id, seq))
    view.add_item(SeenButton(rec.id, seq))
    view.add_item(PictureButton(rec.id, seq))
    if shows_board:
        room = min(BOARD_CHARS, 2000 - len("\n".join(lines)) - 1)
        if room >= 100:  # the decision and its legend are never cut for the board
            lines.insert(board_at, battlefields_text(v, player, room))
    return clip("\n".join(lines), 2000), view


# decisions taken looking at the board: attacks, blocks, damage, targets, interrupts and responses
BOARD_KINDS = frozenset({DecisionKind.ATTACK, DecisionKind.BLOCK, DecisionKind.ASSIGN, DecisionKind.CAST_TARGET,
                         DecisionKind.INTERRUPT, DecisionKind.RESPOND, DecisionKind.PREVENT,
                         DecisionKind.REGENERATE})
BOARD_CHARS = 1100  # at most, of a panel's 2,000 characters (less if the rest of the panel needs them)


def needs_board(d: Decision, stack: Any) -> bool:
    """Whether the panel of *d* shows both battlefields: a decision of
    :data:`BOARD_KINDS`, or an opportunity to respond to a spell being cast."""
    return d.kind in BOARD_KINDS or (d.kind is DecisionKind.OPPORTUNITY and bool(stack))


def battlefields_text(v: dict[str, Any], player: int, room: int = BOARD_CHARS) -> str:
    """Both battlefields in short (plain lands counted by name), the player's own
    first, and what is being cast: the lines a panel shows above a decision
    taken looking at the board (the picture is a button away), in at most *room*
    characters."""
    names = [p["name"] for p in v["players"]]
    lines = []
    for i in (player, 1 - player):
        who = "You" if i == player else names[i]
        lines.append(f"> **{who}**: " + permanents_text([c for c in v["battlefield"] if c["controller"] == i],
                                                        group_lands=True, keywords=True))
    for s in v["spells"]:
        lines.append(f"> Being cast: {s['name']} ({names[s['controller']]})"
                     + (f" → {', '.join(s['targets'])}" if s["targets"] else ""))
    return clip("\n".join(lines), room)


MAX_LABEL = 80  # Discord's limit for a button's label
_REF_LIST = re.compile(r"^(attack |block )(.*)$")


def choice_labels(d: Decision) -> tuple[list[str], str]:
    """(label of each choice, legend): the choices themselves when each fits in a
    button's 80 characters; otherwise the creatures of attack and block choices
    are numbered ("attack 1, 2, 3") with the numbers listed in the legend, and any
    other choice too long is numbered and shortened ("4. cast Fireball targe…").
    Labels stay distinct, and typing one answers that choice (:func:`typed_choice`)."""
    choices = list(d.choices)
    if all(len(c) <= MAX_LABEL for c in choices):
        return choices, ""
    names: list[str] = []
    if d.kind in (DecisionKind.ATTACK, DecisionKind.BLOCK):
        for c in choices:
            if len(c) > MAX_LABEL and (m := _REF_LIST.match(c)):
                for name in _ref_names(m[2]):
                    if name not in names:
                        names.append(name)
    labels = []
    for i, c in enumerate(choices):
        label = c
        if len(c) > MAX_LABEL and names and (m := _REF_LIST.match(c)):
            label = m[1] + _numbered(m[2], names)
        if len(label) > MAX_LABEL:
            label = clip(f"{i + 1}. {c}", MAX_LABEL)
        labels.append(label)
    legend = ("Creatures: " + " · ".join(f"{n} {name}" for n, name in enumerate(names, 1))) if names else ""
    return labels, legend


def _ref_names(body: str) -> list[str]:
    """The creature names in the body of an attack or block choice, in order."""
    return [t.strip() for t in re.split(r",|\+|;| with ", body) if t.strip()]


def _numbered(body: str, names: list[str]) -> str:
    """*body* with each creature name replaced by its number in *names*."""
    parts = re.split(r"(,\s*|\+|;\s*| with )", body)
    return "".join(str(names.index(p.strip()) + 1) if p.strip() in names else p for p in parts)


def typed_choice(d: Decision, text: str) -> str:
    """A typed answer as the engine reads it: a button's label (exactly as shown)
    is its choice; numbers of the panel's legend ("attack 1, 2+3") are replaced by
    the creatures' names; anything else is left to the engine's parser."""
    text = text.strip()
    labels, _ = choice_labels(d)
    if text in labels:
        return d.choices[labels.index(text)]
    _, legend_names = _legend(d)
    if legend_names and (m := _REF_LIST.match(text)):
        parts = re.split(r"(,\s*|\+|;\s*| with )", m[2])
        if any(p.strip().isdigit() for p in parts):
            out = []
            for p in parts:
                k = p.strip()
                out.append(legend_names[int(k) - 1] if k.isdigit() and 1 <= int(k) <= len(legend_names) else p)
            return m[1] + "".join(out)
    return text


def _legend(d: Decision) -> tuple[str, list[str]]:
    labels, legend = choice_labels(d)
    if not legend:
        return "", []
    return legend, [x.split(" ", 1)[1] for x in legend[len("Creatures: "):].split(" · ")]


CARDS_PER_MENU = 25


def card_text(name: str) -> str:
    """Printed (4th Edition) and Oracle text of a card, with its image link
    (the text is shortened if it must be, never the link)."""
    d = carddb.card_data().get(name)
    if d is None:
        return f"No card called '{shown(name, 80)}'."
    impl = "" if carddb.is_implemented(name) else "\n*(not implemented yet)*"
    i = d["scryfall_id"]
    link = f"\nhttps://cards.scryfall.io/normal/front/{i[0]}/{i[1]}/{i}.jpg" if i else ""
    return clip(f"**{name}** {d['mana_cost']} — {d['type']}"
                + (f" {d['power']}/{d['toughness']}" if d["power"] is not None else "")
                + f"\nPrinted ({d['set']}): {d['text'] or '—'}\nOracle: {d['oracle'] or '—'}{impl}",
                2000 - len(link)) + link


def card_menu(duel_id: int, names: list[str], page: int = 0, shown: str | None = None) -> tuple[str, discord.ui.View]:
    """The "Card text" answer: a menu of the cards the player can see (25 a page),
    and the text of the one chosen."""
    pages = max(1, (len(names) + CARDS_PER_MENU - 1) // CARDS_PER_MENU)
    page = max(0, min(page, pages - 1))
    chunk = names[page * CARDS_PER_MENU:(page + 1) * CARDS_PER_MENU]
    view = discord.ui.View(timeout=None)
    if not chunk:
        return "No cards to show.", view
    view.add_item(CardSelect(duel_id, page, chunk))
    if page > 0:
        view.add_item(CardPageButton(duel_id, page - 1, "◀ Previous"))
    if page < pages - 1:
        view.add_item(CardPageButton(duel_id, page + 1, "Next ▶"))
    if shown is not None:
        return card_text(shown), view
    head = f"Choose a card ({len(names)} you can see" + (f"; page {page + 1} of {pages}" if pages > 1 else "") + "):\n"
    return clip(head + ", ".join(chunk), 2000), view


# --------------------------------------------------------------- components

class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"mb:c:(?P<duel>\d+):(?P<seq>\d+):(?P<idx>\d+)"):
    """One answer to the pending decision."""

    def __init__(self, duel_id: int, seq: int, idx: int, label: str = "?", *,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=clip(label, 80), style=style, row=row,
                                           custom_id=f"mb:c:{duel_id}:{seq}:{idx}"))
        self.duel_id, self.seq, self.idx = duel_id, seq, idx

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "ChoiceButton":
        return cls(int(match["duel"]), int(match["seq"]), int(match["idx"]), getattr(item, "label", "?") or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_choice(interaction, self.duel_id, self.seq, self.idx)  # type: ignore[attr-defined]


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"mb:s:(?P<duel>\d+):(?P<seq>\d+):(?P<page>\d+)"):
    """A page of answers as a select menu (values are choice indexes)."""

    def __init__(self, duel_id: int, seq: int, page: int, options: list[tuple[int, str]] | None = None) -> None:
        opts = [discord.SelectOption(label=clip(text, 100), value=str(i)) for i, text in (options or [])] or \
            [discord.SelectOption(label="?", value="0")]
        super().__init__(discord.ui.Select(placeholder="Choose…", options=opts,
                                           custom_id=f"mb:s:{duel_id}:{seq}:{page}"))
        self.duel_id, self.seq, self.page = duel_id, seq, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "ChoiceSelect":
        return cls(int(match["duel"]), int(match["seq"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        if not values:
            await interaction.response.send_message("Choose an option.", ephemeral=True)
            return
        await interaction.client.on_choice(interaction, self.duel_id, self.seq, int(values[0]))  # type: ignore[attr-defined]


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"mb:p:(?P<duel>\d+):(?P<seq>\d+):(?P<page>\d+)"):
    def __init__(self, duel_id: int, seq: int, page: int, label: str = "Page") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, row=2,
                                           custom_id=f"mb:p:{duel_id}:{seq}:{page}"))
        self.duel_id, self.seq, self.page = duel_id, seq, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "PageButton":
        return cls(int(match["duel"]), int(match["seq"]), int(match["page"]), getattr(item, "label", "Page") or "Page")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_page(interaction, self.duel_id, self.seq, self.page)  # type: ignore[attr-defined]


class TypeButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:t:(?P<duel>\d+):(?P<seq>\d+)"):
    """Type an answer (attackers and bands, blocks, damage division...)."""

    def __init__(self, duel_id: int, seq: int) -> None:
        super().__init__(discord.ui.Button(label="Type an answer…", style=discord.ButtonStyle.secondary, row=4,
                                           custom_id=f"mb:t:{duel_id}:{seq}"))
        self.duel_id, self.seq = duel_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "TypeButton":
        return cls(int(match["duel"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        modal = AnswerModal(self.duel_id, self.seq)
        await interaction.response.send_modal(modal)
        # Not kept in discord.py's store: the submitted form is read from the raw
        # interaction (typed_answer, in ManaburnBot.on_interaction), so a form opened
        # before a restart still answers after it, and a form closed without
        # submitting leaves nothing behind in memory.
        modal.stop()


class AnswerModal(discord.ui.Modal, title="Your answer"):
    """The "Type an answer…" form; its submission is handled by :func:`typed_answer`."""

    answer: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Action", placeholder="attack Grizzly Bears, Benalish Hero+Savannah Lions", max_length=400)

    def __init__(self, duel_id: int, seq: int) -> None:
        super().__init__(timeout=None, custom_id=f"mb:m:{duel_id}:{seq}")


_ANSWER_FORM = re.compile(r"mb:m:(?P<duel>\d+):(?P<seq>\d+)")


def typed_answer(interaction: discord.Interaction) -> tuple[int, int, str] | None:
    """(duel id, decision seq, text) of a submitted "Type an answer…" form, or
    None for any other interaction."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data: Any = interaction.data or {}
    m = _ANSWER_FORM.fullmatch(str(data.get("custom_id", "")))
    if m is None:
        return None
    return int(m["duel"]), int(m["seq"]), first_text_value(data.get("components") or [])


def first_text_value(components: list[Any]) -> str:
    """The value of the first text input in a modal submission (inside action
    rows or labels, however Discord nests them); empty if there is none."""
    for comp in components:
        if not isinstance(comp, dict):
            continue
        if comp.get("type") == discord.ComponentType.text_input.value:
            return str(comp.get("value") or "")
        nested = list(comp.get("components") or []) + ([comp["component"]] if isinstance(comp.get("component"), dict) else [])
        found = first_text_value(nested)
        if found:
            return found
    return ""


class CardInfoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:i:(?P<duel>\d+):(?P<seq>\d+)"):
    """Printed text and image links of the cards the player can see."""

    def __init__(self, duel_id: int, seq: int) -> None:
        super().__init__(discord.ui.Button(label="Card text", style=discord.ButtonStyle.secondary, row=4,
                                           custom_id=f"mb:i:{duel_id}:{seq}"))
        self.duel_id, self.seq = duel_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "CardInfoButton":
        return cls(int(match["duel"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_card_info(interaction, self.duel_id, 0, None)  # type: ignore[attr-defined]


class CardSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"mb:cs:(?P<duel>\d+):(?P<page>\d+)"):
    """The card whose text to show (see :func:`card_menu`); values are card names."""

    def __init__(self, duel_id: int, page: int, names: list[str] | None = None) -> None:
        opts = [discord.SelectOption(label=clip(n, 100), value=clip(n, 100)) for n in (names or ["?"])[:25]]
        super().__init__(discord.ui.Select(placeholder="Show the text of…", options=opts,
                                           custom_id=f"mb:cs:{duel_id}:{page}"))
        self.duel_id, self.page = duel_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "CardSelect":
        return cls(int(match["duel"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        await interaction.client.on_card_info(interaction, self.duel_id, self.page,  # type: ignore[attr-defined]
                                              values[0] if values else None)


class CardPageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:cp:(?P<duel>\d+):(?P<page>\d+)"):
    def __init__(self, duel_id: int, page: int, label: str = "Page") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"mb:cp:{duel_id}:{page}"))
        self.duel_id, self.page = duel_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "CardPageButton":
        return cls(int(match["duel"]), int(match["page"]), getattr(item, "label", "Page") or "Page")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_card_info(interaction, self.duel_id, self.page, None)  # type: ignore[attr-defined]


class SeenButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:w:(?P<duel>\d+):(?P<seq>\d+)"):
    """"What I've seen": the player's private knowledge of the duel, dated by turn."""

    def __init__(self, duel_id: int, seq: int) -> None:
        super().__init__(discord.ui.Button(label="What I've seen", style=discord.ButtonStyle.secondary, row=4,
                                           custom_id=f"mb:w:{duel_id}:{seq}"))
        self.duel_id, self.seq = duel_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "SeenButton":
        return cls(int(match["duel"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_seen(interaction, self.duel_id)  # type: ignore[attr-defined]


class PictureButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:bp:(?P<duel>\d+):(?P<seq>\d+)"):
    """"Board picture": the picture of the board, shown to the player only."""

    def __init__(self, duel_id: int, seq: int) -> None:
        super().__init__(discord.ui.Button(label="Board picture", style=discord.ButtonStyle.secondary, row=4,
                                           custom_id=f"mb:bp:{duel_id}:{seq}"))
        self.duel_id, self.seq = duel_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "PictureButton":
        return cls(int(match["duel"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_board_picture(interaction, self.duel_id)  # type: ignore[attr-defined]


class ShowControlsButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:sc:(?P<duel>\d+)"):
    """On the board: send me my panel again (by DM)."""

    def __init__(self, duel_id: int, label: str = "Show my controls") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"mb:sc:{duel_id}"))
        self.duel_id = duel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "ShowControlsButton":
        return cls(int(match["duel"]), getattr(item, "label", None) or "Show my controls")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_show_controls(interaction, self.duel_id)  # type: ignore[attr-defined]


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:ch:(?P<duel>\d+):(?P<what>[ad])"):
    """Accept or Decline on a challenge (for the challenged player only)."""

    def __init__(self, duel_id: int, what: str) -> None:
        super().__init__(discord.ui.Button(
            label="Accept" if what == "a" else "Decline",
            style=discord.ButtonStyle.success if what == "a" else discord.ButtonStyle.danger,
            custom_id=f"mb:ch:{duel_id}:{what}"))
        self.duel_id, self.what = duel_id, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "ChallengeButton":
        return cls(int(match["duel"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_challenge_button(interaction, self.duel_id, self.what)  # type: ignore[attr-defined]


DECKS_PER_PAGE = 25  # what one Discord select menu holds


class DeckSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"mb:dk:(?P<duel>\d+)"):
    """The challenged player's deck, chosen when accepting: ``menu`` is one page of
    (name, why it is not legal in the challenge's format, "" if it is), as
    :func:`deck_view` cuts it; the decks not legal are marked, with the reason
    under the name. The chosen value is the deck's name, whatever page it was on."""

    def __init__(self, duel_id: int, menu: list[tuple[str, str]] | None = None) -> None:
        opts = [discord.SelectOption(label=clip(n if not why else f"{n} (not legal here)", 100), value=clip(n, 100),
                                     description=clip(why, 100) if why else None)
                for n, why in (menu or [("?", "")])[:DECKS_PER_PAGE]]
        super().__init__(discord.ui.Select(placeholder="Choose your deck", options=opts,
                                           custom_id=f"mb:dk:{duel_id}"))
        self.duel_id = duel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "DeckSelect":
        return cls(int(match["duel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        await interaction.client.on_deck_chosen(interaction, self.duel_id, values[0] if values else "")  # type: ignore[attr-defined]


class DeckPageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:dp:(?P<duel>\d+):(?P<page>\d+)"):
    """Turns the deck menu of :func:`deck_view` to page ``page`` (counted from 0)."""

    def __init__(self, duel_id: int, page: int, label: str = "More decks ▶") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, row=1,
                                           custom_id=f"mb:dp:{duel_id}:{page}"))
        self.duel_id, self.page = duel_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "DeckPageButton":
        return cls(int(match["duel"]), int(match["page"]), getattr(item, "label", None) or "More decks ▶")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_deck_page(interaction, self.duel_id, self.page)  # type: ignore[attr-defined]


_PANEL_ID = re.compile(r"mb:[cspti]:(\d+):(\d+)(?::\d+)?|mb:m:(\d+):(\d+)")


def panel_of(message: discord.Message) -> tuple[int, int] | None:
    """(duel id, decision seq) of a panel message with live controls, else None
    (read from its components' custom ids: see the templates above)."""
    for row in message.components:
        for item in getattr(row, "children", [row]):
            m = _PANEL_ID.fullmatch(getattr(item, "custom_id", None) or "")
            if m:
                a, b = (m[1], m[2]) if m[1] else (m[3], m[4])
                return int(a), int(b)
    return None


_WAITING = re.compile(r"(?:→ you chose: [^\n]*\n)?\*\*Duel #(\d+) vs [^\n]*\n[^\n]*\n(?:[^\n]*\n)*Waiting for ")


def waiting_panel_of(message: discord.Message) -> int | None:
    """The duel id of a panel shown while its player waits (see :func:`panel_message`:
    no controls, "Waiting for ..."), else None."""
    if message.components:
        return None
    m = _WAITING.match(message.content or "")
    return int(m[1]) if m else None


DYNAMIC_ITEMS = (ChoiceButton, ChoiceSelect, PageButton, TypeButton, CardInfoButton, ChallengeButton, DeckSelect,
                 DeckPageButton, CardSelect, CardPageButton, SeenButton, ShowControlsButton, PictureButton)


def challenge_view(duel_id: int) -> discord.ui.View:
    v = discord.ui.View(timeout=None)
    v.add_item(ChallengeButton(duel_id, "a"))
    v.add_item(ChallengeButton(duel_id, "d"))
    return v


def deck_pages(menu: Sequence[tuple[str, str]]) -> int:
    """How many pages :func:`deck_view` shows ``menu`` on (at least one)."""
    return max(1, -(-len(menu) // DECKS_PER_PAGE))


def deck_view(duel_id: int, menu: Sequence[tuple[str, str]], page: int = 0) -> tuple[str, discord.ui.View]:
    """The deck menu of a duel: page ``page`` of ``menu`` (as
    :meth:`bot.service.DuelService.deck_menu` orders it: the decks legal in the
    duel's format first, then the others marked with their reason) and the line
    that says which page it is, "" when one page holds them all.

    The one place a select menu lists decks. Its design, for any number of decks:
    every deck of the player (their saved decks, then the preconstructed ones) is
    an option, none left out; the legal ones come first, so in a format the first
    page is what can be played. A page holds the 25 options of one Discord select;
    past that, **◀ Previous decks** and **More decks ▶** buttons (persistent,
    ``mb:dp:<duel>:<page>``) turn the page in place, rebuilt from the decks as
    they are at the click. A page that no longer exists is refused with a message
    (see ``on_deck_page``). Slash-command options that name a deck use
    :func:`bot.commands.deck_autocomplete` instead (typing narrows the list)."""
    pages = deck_pages(menu)
    page = max(0, min(page, pages - 1))
    v = discord.ui.View(timeout=None)
    v.add_item(DeckSelect(duel_id, list(menu[page * DECKS_PER_PAGE:(page + 1) * DECKS_PER_PAGE])))
    if pages == 1:
        return "", v
    if page > 0:
        v.add_item(DeckPageButton(duel_id, page - 1, "◀ Previous decks"))
    if page < pages - 1:
        v.add_item(DeckPageButton(duel_id, page + 1, "More decks ▶"))
    first = page * DECKS_PER_PAGE
    return (f"Decks {first + 1}–{min(len(menu), first + DECKS_PER_PAGE)} of {len(menu)} "
            f"(page {page + 1} of {pages})."), v


_ = Decision
