"""The handlers of the bot's buttons, menus and forms (the persistent
components of :mod:`bot.panels` call them).

:class:`Interactions` is one part of :class:`bot.app.ManaburnBot` (a mixin).
Handlers reach storage only through the services (:mod:`bot.service`,
:mod:`bot.collection_service`). A click on a decision is answered by the edit
of its panel (Discord's UPDATE_MESSAGE: the acknowledgement and the edit in
one REST call), once the answer is applied and stored: a click acknowledged is
on disk. Whether a control is out of date is decided in one place,
:func:`current_decision` (with :func:`gone_from_message` for a click on a
control its panel no longer shows).
"""
from __future__ import annotations

import asyncio
import contextlib
import io
from typing import TYPE_CHECKING, Awaitable, Callable, TypeVar

import discord

from engine import carddb, formats
from engine.decisions import Decision

from .knowledge import seen_text
from .panels import card_menu, clip, deck_pages, deck_view, panel_message, typed_choice
from .picture import board_picture
from .publishing import BOARD_PICTURE, DM_HOWTO, Publisher
from .service import OUT_OF_DATE, DuelError, DuelRecord, Live, Outcome

T = TypeVar("T")

# seconds: a click is acknowledged by the edit of its panel (one REST call, not a deferral
# and then an edit); an answer still being worked out this long after the click (a long
# duel rebuilt by replay, a busy machine) is deferred first, well within Discord's 3 s
ACK_WITHIN = 1.5
DM_HELP = f"I could not send you a direct message. {DM_HOWTO}, then accept again."
DECISION_CONTROLS = ("mb:c:", "mb:s:", "mb:p:", "mb:t:")  # a panel's controls for one decision (bot.panels)


class DuelOver(DuelError):
    """The duel a control belongs to is over."""


def current_decision(live: Live, seq: int) -> Decision:
    """The pending decision, if a control made for decision *seq* still answers it;
    DuelOver if the duel is over, DuelError if it has moved on."""
    d = live.duel.pending
    if d is None or live.record.status in ("finished", "cancelled"):
        raise DuelOver("This duel is over.")
    if seq != live.seq:
        raise DuelError(OUT_OF_DATE)
    return d


def deck_prompt(fmt: formats.Format, page_line: str) -> str:
    """The words above the deck menu of a challenge in format ``fmt`` (its page line
    from :func:`bot.panels.deck_view` under them)."""
    where = "" if fmt.name == formats.DEFAULT else f" (decks legal in {fmt.title} first)"
    return f"Choose the deck you will play{where}:" + (f"\n{page_line} The buttons under the menu turn the page."
                                                       if page_line else "")


def gone_from_message(interaction: discord.Interaction) -> bool:
    """A click on one of a panel's decision controls that its message no longer has:
    the panel was edited (the next decision) between the click and its arrival.
    discord.py drops such a click without a word (it dispatches only the message's
    own components), so it is answered here (see ManaburnBot.on_interaction)."""
    if interaction.type is not discord.InteractionType.component or interaction.message is None:
        return False
    cid = str((interaction.data or {}).get("custom_id", ""))
    if not cid.startswith(DECISION_CONTROLS):
        return False
    return not any(getattr(c, "custom_id", None) == cid for row in interaction.message.components
                   for c in getattr(row, "children", [row]))


class Deferral:
    """The acknowledgement of a click while its answer is worked out. Settled in
    time, the edit of the click's panel that follows is its acknowledgement (one
    REST call); an answer not settled within ACK_WITHIN seconds (a long duel
    rebuilt by replay, a busy machine, the duel's previous click still being
    published) has the interaction deferred first, well within Discord's 3 s."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self._deferring: asyncio.Task[None] | None = None
        self._timer = asyncio.get_running_loop().call_later(ACK_WITHIN, self._defer)

    def _defer(self) -> None:
        if not self.interaction.response.is_done():
            self._deferring = asyncio.ensure_future(self._send())

    async def _send(self) -> None:
        try:
            await self.interaction.response.defer()
        except discord.HTTPException:
            pass

    async def settle(self) -> None:
        """No deferral from now on; one under way is over when this returns."""
        self._timer.cancel()
        if self._deferring is not None:
            await self._deferring

    async def settled_after(self, work: Awaitable[T]) -> T:
        try:
            return await work
        finally:
            await self.settle()


class Interactions(Publisher):
    """Answers to clicks, menus and forms."""

    if TYPE_CHECKING:
        _accepting: set[int]

        async def reply_error(self, interaction: discord.Interaction, text: str) -> None: ...

    async def refuse(self, interaction: discord.Interaction, text: str) -> None:
        """A click or form refused (*text* says why, privately): acknowledged as an
        update of its panel (left as it is), the reason as a follow-up."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        await self.reply_error(interaction, text)

    async def on_choice(self, interaction: discord.Interaction, duel_id: int, seq: int, idx: int) -> None:
        async with self.busy(interaction):
            await self._on_choice(interaction, duel_id, seq, idx)

    async def _on_choice(self, interaction: discord.Interaction, duel_id: int, seq: int, idx: int) -> None:
        await self.answer_and_publish(interaction, duel_id, lambda: self._answer_choice(interaction, duel_id, seq, idx))

    async def answer_and_publish(self, interaction: discord.Interaction, duel_id: int,
                                 work: Callable[[], Awaitable[tuple[Outcome, str]]]) -> str | None:
        """The answer *work* applies and stores, then published with the edit of the
        interaction's panel as its acknowledgement. The duel's publishing lock is held
        from before the answer to the end of its publish (the duel's previous click is
        shown first); a click that waits long is deferred meanwhile (:class:`Deferral`).
        Returns the answer, or None if it was refused (the reason said privately)."""
        ack = Deferral(interaction)
        try:
            async with self.publishing(duel_id):
                try:
                    # the duel caught up with storage once for the click (several workers)
                    out, answer = await ack.settled_after(self.svc.caught_up_once(work))
                except DuelOver as e:  # a panel left open (sent before a restart): say so and close it
                    msg = interaction.message
                    if msg is not None and msg.components:
                        await self.update_message(interaction, clip(f"{msg.content}\n(The duel is over.)", 2000),
                                                  None)
                    await self.refuse(interaction, str(e))
                    return None
                except DuelError as e:
                    await self.refuse(interaction, str(e))
                    return None
                await self.publish(out, via=interaction, answered=answer)
                return answer
        finally:
            await ack.settle()

    async def _answer_choice(self, interaction: discord.Interaction, duel_id: int, seq: int,
                             idx: int) -> tuple[Outcome, str]:
        """(outcome, choice) of a click on the choice *idx* of decision *seq*: applied
        and stored."""
        live = await self.svc.live(duel_id)
        d = current_decision(live, seq)
        if idx >= len(d.choices):
            raise DuelError(OUT_OF_DATE)
        choice = d.choices[idx]
        out = await self.svc.answer(duel_id, str(interaction.user.id), seq, choice)
        self.answered_now(duel_id, live.record.player_ids.index(str(interaction.user.id)))
        return out, choice

    async def mark_answered(self, interaction: discord.Interaction, out: Outcome, answer: str) -> None:
        """The panel the answer that ended the duel came from (clicked, or its "Type an
        answer…" form submitted): what was answered, and no controls any more. Works
        for panels sent before a restart too: the interaction carries the message.
        The edit is the interaction's response if it has none yet."""
        msg = interaction.message
        if msg is None:
            return
        live = out.live
        p = live.record.player_ids.index(str(interaction.user.id))
        key = (live.record.id, p)
        for known in (self.panels, self.waiting_panels):
            if known.get(key, (0, 0))[1] == msg.id:
                known.pop(key)
        content, _ = panel_message(live, p, note=f"→ you chose: {clip(answer, 200)}")
        await self.update_message(interaction, content, None)

    async def on_text(self, interaction: discord.Interaction, duel_id: int, seq: int, text: str) -> None:
        async with self.busy(interaction):
            await self._on_text(interaction, duel_id, seq, text)

    async def _on_text(self, interaction: discord.Interaction, duel_id: int, seq: int, text: str) -> None:
        # a form opened from a panel: answered as an update of that panel (see on_choice)
        answer = await self.answer_and_publish(interaction, duel_id,
                                               lambda: self._answer_text(interaction, duel_id, seq, text))
        if answer is not None:
            await interaction.followup.send(f"Done: {clip(answer, 200)}", ephemeral=True)

    async def _answer_text(self, interaction: discord.Interaction, duel_id: int, seq: int,
                           text: str) -> tuple[Outcome, str]:
        """(outcome, answer as the engine read it) of a typed answer to decision *seq*."""
        live = await self.svc.live(duel_id)
        text = typed_choice(current_decision(live, seq), text)  # a button's label, or the legend's numbers
        out = await self.svc.answer(duel_id, str(interaction.user.id), seq, text)
        self.answered_now(duel_id, live.record.player_ids.index(str(interaction.user.id)))
        return out, text

    async def on_page(self, interaction: discord.Interaction, duel_id: int, seq: int, page: int) -> None:
        async with self.busy(interaction):
            await self._on_page(interaction, duel_id, seq, page)

    async def _on_page(self, interaction: discord.Interaction, duel_id: int, seq: int, page: int) -> None:
        try:
            live = await self.svc.live(duel_id)
            p = self.svc.player_index(live, str(interaction.user.id))
            if p is None:
                raise DuelError("You are not playing in this duel.")
            current_decision(live, seq)
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        content, view = panel_message(live, p, page)
        await interaction.response.edit_message(content=content, view=view)

    async def on_card_info(self, interaction: discord.Interaction, duel_id: int, page: int,
                           name: str | None) -> None:
        async with self.busy(interaction):
            await self._on_card_info(interaction, duel_id, page, name)

    async def _on_card_info(self, interaction: discord.Interaction, duel_id: int, page: int,
                            name: str | None) -> None:
        """"Card text": a menu of the cards the player can see (hand, battlefield,
        graveyards, spells), 25 a page; choosing one shows its text in that message."""
        try:
            live = await self.svc.live(duel_id)
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        p = self.svc.player_index(live, str(interaction.user.id))
        v = live.duel.view(p)
        names = set(v["players"][p].get("hand", []) if p is not None else [])
        names |= {c["name"] for c in v["battlefield"]} | {s["name"] for s in v["spells"] + v["batch"]}
        for pl in v["players"]:
            names |= set(pl["graveyard"]) | set(pl["removed"]) | set(pl["ante"])
        known = sorted(n for n in names if n in carddb.card_data())
        if name is not None and name not in known:
            name = None
        content, view = card_menu(duel_id, known, page, name)
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await interaction.response.edit_message(content=content, view=view)  # the menu itself
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)

    async def players_duel(self, interaction: discord.Interaction, duel_id: int) -> tuple[Live, int] | None:
        """The duel and the clicker's seat in it; None (and the reason answered
        privately) if there is no such duel or they do not play in it."""
        try:
            live = await self.svc.live(duel_id)
            p = self.svc.player_index(live, str(interaction.user.id))
            if p is None:
                raise DuelError("You are not playing in this duel.")
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return None
        return live, p

    async def on_seen(self, interaction: discord.Interaction, duel_id: int) -> None:
        """"What I've seen": the player's private notes of the duel, dated by turn."""
        async with self.busy(interaction):
            found = await self.players_duel(interaction, duel_id)
            if found is None:
                return
            live, p = found
            duel = live.duel
            text = await asyncio.to_thread(seen_text, duel, p, duel_id) if len(duel.history) > 200 \
                else seen_text(duel, p, duel_id)
            await interaction.response.send_message(text, ephemeral=True)

    async def on_board_picture(self, interaction: discord.Interaction, duel_id: int) -> None:
        """"Board picture" (on a panel): the picture of the board as it is now, for
        the player only, their side at the bottom. Public information only (the
        thread's picture, turned): nothing of their hand."""
        async with self.busy(interaction):
            found = await self.players_duel(interaction, duel_id)
            if found is None:
                return
            live, p = found
            with live.duel.playing.reading():
                public = live.duel.view(None)
            pic = await asyncio.to_thread(board_picture, public, bottom=p)
            await interaction.response.send_message(
                f"Duel #{duel_id}, turn {public['turn']}: the board as everyone sees it.",
                file=discord.File(io.BytesIO(pic.png), filename=BOARD_PICTURE), ephemeral=True)

    async def on_show_controls(self, interaction: discord.Interaction, duel_id: int) -> None:
        """"Show my controls" (under the board, or offered by /duels): the player's
        panel sent again by DM (say after they opened their DMs); the one it
        replaces is closed."""
        async with self.busy(interaction):
            await interaction.response.defer(ephemeral=True)
            try:
                live = await self.svc.live(duel_id)
                p = self.svc.player_index(live, str(interaction.user.id))
                if p is None:
                    raise DuelError("You are not playing in this duel.")
                if live.duel.pending is None or live.record.status in ("finished", "cancelled"):
                    raise DuelError("This duel is over.")
            except DuelError as e:
                await self.reply_error(interaction, str(e))
                return
            async with self.publishing(duel_id):
                live = await self.svc.live(duel_id)
                if live.duel.pending is None:
                    await self.reply_error(interaction, "This duel is over.")
                    return
                await self.close_panel(live.record, p, None)  # replaced by the one sent now
                sent = await self.send_panel(live, p)
            if not sent:
                await interaction.followup.send(f"I still cannot send you direct messages. {DM_HOWTO}, "
                                                "then press this button again.", ephemeral=True)
                return
            whose = "your move" if live.duel.pending.player == p else f"waiting for {live.record.player_names[1 - p]}"
            await interaction.followup.send(f"Your controls for duel #{duel_id} are in your direct messages "
                                            f"({whose}).", ephemeral=True)

    async def open_challenge(self, duel_id: int, user_id: str) -> DuelRecord:
        """The challenge *user_id* answers; DuelError if it is not for them or no longer open."""
        rec = await self.svc.record(duel_id)
        if rec.player_ids[1] != user_id:
            raise DuelError("This challenge is not for you.")
        if rec.status != "challenged":
            raise DuelError("This challenge is no longer open.")
        return rec

    async def on_challenge_button(self, interaction: discord.Interaction, duel_id: int, what: str) -> None:
        async with self.busy(interaction):
            await self._on_challenge_button(interaction, duel_id, what)

    async def _on_challenge_button(self, interaction: discord.Interaction, duel_id: int, what: str) -> None:
        uid = str(interaction.user.id)
        try:
            rec = await self.open_challenge(duel_id, uid)
            if what == "d":
                await self.svc.decline(duel_id, uid)
                await interaction.response.edit_message(
                    content=f"{rec.player_names[1]} declined the challenge from {rec.player_names[0]}.", view=None)
                return
            if not rec.challenge_message_id and interaction.message is not None:
                # the /challenge that posted this message has not stored its id yet (it reads
                # the message back from Discord first; on several workers this click may come
                # before): stored now, so that the duel's thread is started from the challenge
                # message and the message is edited, whichever worker takes the deck
                await self.svc.set_challenge_message(duel_id, interaction.message.id)
            fmt = self.svc.format_named(rec.options.get("format"))
            menu = await self.svc.deck_menu(uid, fmt.name)
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        page_line, view = deck_view(duel_id, menu)
        await interaction.response.send_message(deck_prompt(fmt, page_line), view=view, ephemeral=True)

    async def on_deck_page(self, interaction: discord.Interaction, duel_id: int, page: int) -> None:
        async with self.busy(interaction):
            await self._on_deck_page(interaction, duel_id, page)

    async def _on_deck_page(self, interaction: discord.Interaction, duel_id: int, page: int) -> None:
        """Another page of the deck menu (:func:`bot.panels.deck_view`), shown in place;
        a page that is not there (decks deleted since, a forged button) is refused
        with a message and the menu is left as it is."""
        uid = str(interaction.user.id)
        try:
            rec = await self.open_challenge(duel_id, uid)
            fmt = self.svc.format_named(rec.options.get("format"))
            menu = await self.svc.deck_menu(uid, fmt.name)
            if page >= (pages := deck_pages(menu)):
                raise DuelError(f"There is no page {page + 1} of decks: you have {len(menu)} decks, on "
                                f"{pages} page{'s' if pages > 1 else ''}. Press Accept again for the menu as it is now.")
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        page_line, view = deck_view(duel_id, menu, page)
        await interaction.response.edit_message(content=deck_prompt(fmt, page_line), view=view)

    async def on_deck_chosen(self, interaction: discord.Interaction, duel_id: int, deck: str) -> None:
        async with self.busy(interaction):
            await self._on_deck_chosen(interaction, duel_id, deck)

    async def _on_deck_chosen(self, interaction: discord.Interaction, duel_id: int, deck: str) -> None:
        uid = str(interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if duel_id in self._accepting:  # a second click on the menu while the first is under way
            await self.reply_error(interaction, "This challenge is being accepted already.")
            return
        self._accepting.add(duel_id)
        try:
            await self._accept_with(interaction, duel_id, uid, deck)
        finally:
            self._accepting.discard(duel_id)

    async def _accept_with(self, interaction: discord.Interaction, duel_id: int, uid: str, deck: str) -> None:
        try:
            # still open? (a click after an earlier one started the duel): checked before anything is sent
            rec = await self.open_challenge(duel_id, uid)
            await self.svc.precheck_accept(duel_id, uid, deck)  # for ante: the deck must be owned
            # both players must be reachable by DM before the duel starts
            starting = []
            for pid, name in zip(rec.player_ids, rec.player_names):
                try:
                    starting.append(await self.dm(pid, f"Duel #{duel_id}: {rec.player_names[0]} vs "
                                                       f"{rec.player_names[1]} is starting. Your controls will "
                                                       "appear here."))
                except discord.Forbidden:
                    who = "You" if pid == uid else name
                    raise DuelError(f"{who} cannot receive direct messages from me, so the duel cannot start. "
                                    + DM_HELP) from None
            try:
                live = await self.svc.accept(duel_id, uid, deck)
            except DuelError:
                # another click accepted it first: on another worker (the guard in
                # _on_deck_chosen holds in one process only), which sent its own notices
                for msg in starting:
                    with contextlib.suppress(discord.HTTPException):
                        await msg.delete()
                raise
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        for p, msg in enumerate(starting):
            self.starting_dm(duel_id, p, msg)
        await self.open_thread(live)
        await interaction.followup.send(f"Accepted. The duel is in <#{live.record.thread_id}>.", ephemeral=True)
        # what came before the first decision (a face-up ante) goes in the thread's log too
        await self.publish(Outcome(live, list(live.duel.game.events)))
