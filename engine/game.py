"""The duel state and the rules that every other rule leans on: asking
decisions, characteristics after continuous effects, moving cards between
zones, triggered effects, state checks and winning or losing.

:class:`Game` is assembled from mixins, one module per area of the rules:
:mod:`engine.turn` (phases), :mod:`engine.casting` (spells, abilities,
interrupts and batches), :mod:`engine.combat` (the attack),
:mod:`engine.damage` (damage prevention, destruction, regeneration),
:mod:`engine.characteristics` (characteristics after continuous effects,
abilities switched off or lost, the read-only scope).
"""
from __future__ import annotations

import random
import re
import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from .casting import CastingRules
from .characteristics import CharacteristicsRules, CharsCache
from .combat import CombatRules
from .ctx import Ctx
from .damage import DamageRules
from .decisions import CASTING_KINDS, Context, Decision, DecisionKind
from .mana import ManaCost
from .model import Ability, CardDef, Delayed, Event, Gen, Target, Trigger
from .objects import Card, Chars, Effect, Packet, Player, Spell
from .turn import DuelOver, TurnRules

if TYPE_CHECKING:  # pragma: no cover
    from .duel import DuelOptions

PHASES = ("untap", "upkeep", "draw", "main", "discard", "cleanup")
_BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


# decisions a player makes even while another makes their decisions (see Game.decided_by)
_OWN_DECISIONS = frozenset({DecisionKind.OPPORTUNITY, DecisionKind.RESPOND, DecisionKind.INTERRUPT,
                            DecisionKind.PREVENT, DecisionKind.REGENERATE})


class Game(TurnRules, CastingRules, CombatRules, DamageRules, CharacteristicsRules):
    """A duel's whole state plus the procedure that plays it."""

    def __init__(self, seed: int, names: tuple[str, str], options: DuelOptions) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.options = options
        self.players = [Player(0, names[0], life=options.starting_life),
                        Player(1, names[1], life=options.starting_life)]
        self.battlefield: list[Card] = []
        self.limbo: list[Card] = []
        self.spells: list[Spell] = []  # being cast (interrupt chains) or waiting in the batch
        self.batch: list[Spell] = []
        self.effects: list[Effect] = []
        self.delayed: list[Delayed] = []  # triggers set up by spells (Siren's Call)
        # "instead of drawing a card" (Aladdin's Lamp): (player, fn(g, p) -> Gen), each
        # replacing that player's next draw once; see draw()
        self.draw_replacements: list[tuple[int, Callable[[Game, int], Gen]]] = []
        self.events: list[str] = []
        self.secrets: list[tuple[int, str]] = []  # what only one player may see
        # the players putting together a spell from their hand, innermost last: until
        # it is announced it may be cancelled, and then only its caster ever knew what it
        # was, so the decisions asked meanwhile are hidden from the others (see ask)
        self.hidden_casts: list[int] = []
        self._last_choices: list[str] = []
        self._computing: set[Any] = set()  # oids whose characteristics are being computed (and memo keys: _read_memo)
        self._guard_hits = 0  # times chars() answered printed values for a card being computed
        # characteristics and pure look-ups, kept across decisions until the game changes
        # (see engine.characteristics); None while caching is switched off for a look
        self._chars_cache: CharsCache | None = CharsCache()
        self.turn = 0
        self.active = 0
        self.decisions_asked = 0
        self.step_mark = 0  # decisions_asked when the current step began (see step)
        self.phase = "untap"
        self.step = "untap"
        self.combat: Any = None
        self.attack_done = False
        self.fast_allowed = False
        self.in_prevention = False
        self.resolving = 0  # depth of spell resolution: nobody loses in the middle
        self.winner: int | None = None
        self.over = False
        self.end_reason = ""
        self._oid = 0
        self._sid = 0
        self._ts = 0
        self.pending_damage: list[Packet] = []  # packets of the current prevention step
        # what happened this turn, by turn number: creatures put into a graveyard from play
        # (Scavenging Ghoul); damage dealt to each player, by (turn, player) (Simulacrum)
        self.creature_deaths: dict[int, int] = {}
        self.player_damage: dict[tuple[int, int], int] = {}
        # damage dealt by each sorcery spell this turn: sid -> (turn, caster, name, amount) (Backdraft)
        self.sorcery_damage: dict[int, tuple[int, int, str, int]] = {}
        self.damage_log: list[tuple[int, Packet]] = []  # (turn, packet) dealt to players this turn (Reverse Damage)
        self.doomed: dict[int, str] = {}  # oid -> "destroy" | "bury", settled by state_checks
        self.doom_why: dict[int, str] = {}  # oid -> what the log adds to "X is destroyed" (see destroy)
        self.checking_state = False  # state_checks is offering regeneration: checks do not nest
        self.trample_links: list[tuple[int, list[int], Card | Player]] = []  # see DamageRules
        self.first_player = 0
        # players who take an extra turn after this one (Time Walk, Time Vault): a stack,
        # the latest granted is taken first
        self.extra_turns: list[int] = []
        # player -> the player who makes their decisions for now, but for fast ones (whether to
        # cast, respond, interrupt or prevent) and regeneration (Word of Command); and the players
        # whose mana abilities are only their lands' meanwhile
        self.decided_by: dict[int, int] = {}
        self.lands_only_mana: set[int] = set()
        self.ante_on = options.ante
        self.subgame: Game | None = None  # a subgame under way inside this one (see engine.subgame)
        # Rest points (see engine.snapshot): phase_opportunities sets rest_next right before
        # asking the decision at the top of its loop; ask() then keeps that decision in
        # rest_decision, and every other decision it asks clears it. A Duel is at a rest point
        # when its pending decision IS its own game's rest_decision (never a subgame's).
        self.rest_next = False
        self.rest_decision: Decision | None = None
        # the change counters (engine.tracked) when state checks last found nothing to do
        self._clean_at: tuple[int, int] | None = None

    # What pickling a Game (engine.snapshot) leaves out: caches and read memos, rebuilt on
    # demand, and what belongs to the procedure rather than the state (the pending decision, the
    # flags of whoever drives it). A restored game gets the values __init__ gives them
    # (_UNSAVED_DEFAULTS, at the end of this module). Code adding a cache or memo to Game adds
    # its attribute's name here and its empty value there (a cache kept across decisions must
    # not be saved: a loaded game recomputes what it needs).
    UNSAVED: tuple[str, ...] = ("_chars_cache", "_computing", "_guard_hits",
                                "rest_next", "rest_decision", "_clean_at")

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        for name in self.UNSAVED:
            state.pop(name, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(_UNSAVED_DEFAULTS)
        self.__dict__.update(state)
        self._computing = set()
        self._chars_cache = CharsCache()  # the cache kept across decisions starts empty

    # ---------------------------------------------------------------- steps
    @property
    def step(self) -> str:
        """Where in the turn the duel is: a phase name, or ``attack``,
        ``blocks``, ``damage prevention``, ``end of combat``."""
        return self._step

    @step.setter
    def step(self, value: str) -> None:
        self._step = value
        self.step_mark = self.decisions_asked

    def resume_step(self, value: str) -> None:
        """Return to a step already under way (after an attack or a damage
        prevention step): not the start of a new step."""
        self._step = value

    def at_step_start(self) -> bool:
        """Nothing has been asked in this step yet but the pending decision."""
        return self.decisions_asked <= self.step_mark + 1

    # ----------------------------------------------------------------- ids
    def new_oid(self) -> int:
        self._oid += 1
        return self._oid

    def new_sid(self) -> int:
        self._sid += 1
        return self._sid

    def stamp(self) -> int:
        self._ts += 1
        return self._ts

    # --------------------------------------------------------------- asking
    def ask(self, player: int, kind: DecisionKind, prompt: str,
            choices: Iterable[str] | Callable[[], Iterable[str]], *,
            decline: str | None = None, parser: Callable[[str], str] | None = None,
            about: str = "", surely: Callable[[str], bool] | None = None,
            cost: ManaCost | None = None, actions: Callable[[], Iterable[str]] | None = None) -> Gen:
        """Yield a decision and return the (already validated) answer.
        The decision carries ``cost`` (a payment's) and its :class:`Context`.
        ``choices`` may be a function listing them, and ``surely(answer)`` tell
        that an answer is among them without listing them all: then they are
        listed only for another answer or if someone looks at them, while the
        decision is pending (nothing changes the game meanwhile: the procedure
        waits here). ``actions``: a function listing the choices but the mana
        answers, in order, cheaper (see ``Decision.actions``)."""
        if self.resolving == 0:
            # life is looked at only at the end of a phase or of combat (see check_losses)
            self.check_losses(life=False)
        if player in self.decided_by and kind not in _OWN_DECISIONS:
            player = self.decided_by[player]
        if callable(choices) and surely is not None:
            lister = choices

            act_lister = actions

            def listed() -> tuple[str, ...]:
                return tuple(dict.fromkeys(lister()))

            def listed_actions() -> tuple[str, ...]:
                return tuple(dict.fromkeys(act_lister()))  # type: ignore[misc]
            d = Decision.listed_later(player, kind, prompt, listed, surely, decline, parser, about,
                                      listed_actions if actions is not None else None)
            d.cost, d.context, d.hidden = cost, self._context(), self._hidden(player, kind)
            self.decisions_asked += 1
            self.rest_decision, self.rest_next = (d if self.rest_next else None), False
            answer = yield d
            if "_list_choices" in d.__dict__:  # never listed: too late now, the game moves on
                d._list_choices = _listed_too_late  # type: ignore[attr-defined]
            if "_list_actions" in d.__dict__:
                d._list_actions = _listed_too_late  # type: ignore[attr-defined]
            return answer
        ch = tuple(dict.fromkeys(choices() if callable(choices) else choices))
        if not ch and parser is None:
            raise AssertionError(f"decision with no choices: {prompt}")
        self.decisions_asked += 1
        d = Decision(player, kind, prompt, ch, decline, parser, about, cost, self._context(),
                     hidden=self._hidden(player, kind))
        self.rest_decision, self.rest_next = (d if self.rest_next else None), False
        answer = yield d
        return answer

    def _hidden(self, player: int, kind: DecisionKind) -> bool:
        """Is this decision part of ``player`` putting together a spell from their
        hand, not announced yet (its mode, X, targets, choices, payment)? Others
        then see the decision the player was at when they began (``Duel.view``)."""
        return bool(self.hidden_casts) and self.hidden_casts[-1] == player and kind in CASTING_KINDS

    def _context(self) -> Context:
        return Context(self.turn, self.active, self.phase, self.step,
                       self.spells[-1].controller if self.spells else None,
                       self.batch[-1].controller if self.batch else None)

    def log(self, text: str) -> None:
        self.events.append(text)

    # -------------------------------------------------------------- players
    def other(self, p: int) -> int:
        return 1 - p

    @property
    def nonactive(self) -> int:
        return 1 - self.active

    def player_by_name(self, name: str) -> Player | None:
        for p in self.players:
            if p.name == name:
                return p
        return None

    def abilities_of(self, card: Card) -> list[Ability]:
        """A permanent's activated abilities: printed ones (numbered first, as
        ``ability=N`` counts them), then those granted by effects."""
        return list(self.ability_list(card))

    def ability_list(self, card: Card) -> Sequence[Ability]:
        """What :meth:`abilities_of` lists, without a copy when nothing is
        granted (the printed tuple): for callers that only read it."""
        if card.zone != "battlefield":
            return card.cdef.abilities  # type: ignore[no-any-return]
        granted = self.chars(card).abilities
        return list(card.cdef.abilities) + granted if granted else card.cdef.abilities

    def controller(self, card: Card) -> int:
        return self.chars(card).controller if card.zone == "battlefield" else card.controller

    def is_creature(self, card: Card) -> bool:
        return card.zone == "battlefield" and "creature" in self.chars(card).types

    def land_type_changed(self, card: Card, ch: Chars | None = None) -> bool:
        """A land changed from one land type to another "adopts the name, card
        type, and text box of the new land" (002 "Changing Land Types"): its
        own printed abilities stop working while the change lasts (a Glacial
        Chasm or Mishra's Factory made a Swamp by Evil Presence)."""
        ch = self.chars(card) if ch is None else ch
        if "land" not in ch.types or card.zone != "battlefield":
            return False
        now = ch.subtypes & _BASIC_LAND_TYPES
        return bool(now) and now != (card.cdef.subtypes & _BASIC_LAND_TYPES)

    def has(self, card: Card, keyword: str) -> bool:
        return keyword in self.chars(card).keywords

    def colors_of(self, obj: Target) -> frozenset[str]:
        if isinstance(obj, Spell):
            return obj.colors
        if isinstance(obj, Card):
            return frozenset(self.chars(obj).colors)
        return frozenset()

    def permanents(self, controller: int | None = None, *, type_: str | None = None,
                   subtype: str | None = None) -> list[Card]:
        out = []
        with self.reading():  # a pure query: the permanents' characteristics share one cache
            for c in self.battlefield:
                ch = self.chars(c)
                if controller is not None and ch.controller != controller:
                    continue
                if type_ is not None and type_ not in ch.types:
                    continue
                if subtype is not None and subtype not in ch.subtypes:
                    continue
                out.append(c)
        return out

    def creatures(self, controller: int | None = None) -> list[Card]:
        return self.permanents(controller, type_="creature")

    def find(self, oid: int) -> Card | None:
        for c in self.battlefield:
            if c.oid == oid:
                return c
        return None

    def attached(self, card: Card) -> list[Card]:
        return [c for c in self.battlefield if c.attached_to == card.oid]

    def enchanted(self, aura: Card) -> Card | None:
        return self.find(aura.attached_to) if aura.attached_to is not None else None

    def swap_words(self, text: str, card: Card) -> str:
        """``text`` with the card's text changes made, all at once (two Sleights
        of Mind, blue->green then green->blue, leave "blue" as it was)."""
        if not card.text_changes:
            return text
        words = sorted(card.text_changes, key=len, reverse=True)
        return re.sub("|".join(re.escape(w) for w in words), lambda m: card.text_changes[m.group(0)], text)

    def word(self, card: Card | None, word: str) -> str:
        """A color word in a card's text after text-changing effects."""
        if card is None:
            return word
        return card.text_changes.get(word, word)

    # ----------------------------------------------------------------- zones
    def new_card(self, cdef: CardDef, owner: int, zone: str) -> Card:
        return Card(self.new_oid(), cdef, owner, zone, owner, timestamp=self.stamp())

    def remove_from_zone(self, card: Card) -> None:
        if card.token and card.zone != "battlefield" and card.zone != "limbo":
            return  # a token that left play is in no zone (see move)
        if card.zone == "battlefield":
            self.battlefield.remove(card)
        elif card.zone == "limbo":
            self.limbo.remove(card)
        else:
            self.players[card.owner].zone(card.zone).remove(card)

    def move(self, card: Card, zone: str, *, top: bool = True, owner_side: bool = True,
             controller: int | None = None, tapped: bool = False) -> Card:
        """Move a card to a zone; returns the new object (the card forgets
        everything). A token leaving play ceases to exist: the new object is
        put in no zone (it is never in a graveyard, hand, library or the
        removed pile, whoever moves it), but its going there still triggers
        ("is put into the graveyard from play" sees the object returned)."""
        self.remove_from_zone(card)
        if card.zone == "battlefield":
            # effects that were on it end; auras on it fall off at the next check
            self.effects = [e for e in self.effects if e.target != card.oid]
            if self.combat is not None:
                self.combat.remove(card.oid)
        new = Card(self.new_oid(), card.own_cdef or card.cdef, card.owner, zone,
                   card.owner if controller is None else controller, timestamp=self.stamp(),
                   token=card.token, origin=card.origin)
        if zone == "battlefield":
            new.sick = True
            new.tapped = tapped
            new.last_controller = new.controller
            self.battlefield.append(new)
            # "... come into play tapped" (Kismet): enters_tapped(g, src, card) -> bool
            for src in list(self.battlefield):
                h = src.cdef.hooks.enters_tapped
                if h is not None and src is not new and h(self, src, new):
                    new.tapped = True
        elif zone == "limbo":
            self.limbo.append(new)
        else:
            if new.token:
                return new
            pile = self.players[card.owner].zone(zone)
            if top:
                pile.insert(0, new)
            else:
                pile.append(new)
        return new

    def draw(self, p: int, n: int = 1, *, draw_phase: bool = False) -> Gen:
        """Draw n cards; drawing from an empty library loses the duel (at the next check).

        Each card is one draw. Before it, every permanent's hook
        ``before_draw(g, src, p, first) -> Gen[bool]`` may replace it
        (returns True: the card is not drawn; Chains of Mephistopheles);
        ``first`` is True for the first card of the draw phase's draw
        (``draw_phase``). After it, ``each_draw(g, src, p) -> Gen`` runs
        (Underworld Dreams)."""
        for i in range(n):
            repl = next((r for r in self.draw_replacements if r[0] == p), None)
            if repl is not None:
                self.draw_replacements.remove(repl)
                yield from repl[1](self, p)
                continue
            replaced = False
            for src in [c for c in self.battlefield if c.cdef.hooks.before_draw]:
                if src in self.battlefield and not self.switched_off(src):
                    replaced = yield from src.cdef.hooks.before_draw(self, src, p, draw_phase and i == 0)
                    if replaced:
                        break
            if replaced:
                continue
            self.draw_one(p)
            for src in [c for c in self.battlefield if c.cdef.hooks.each_draw]:
                if src in self.battlefield and not self.switched_off(src):
                    yield from src.cdef.hooks.each_draw(self, src, p)
        if False:  # pragma: no cover - keeps this a generator for callers
            yield
        return None

    def draw_one(self, p: int) -> None:
        """Draw the top card of the library, no replacement effect applying
        (:meth:`draw` applies them); from an empty library the player loses
        at the next check."""
        pl = self.players[p]
        if not pl.library:
            pl.drew_from_empty = True
            self.log(f"{pl.name} must draw from an empty library.")
            return
        new = self.move(pl.library[0], "hand")
        new.flags["drawn_turn"] = self.turn  # "cards drawn this turn" (Sylvan Library)
        pl.last_drawn = new.oid  # Jandor's Ring

    def discarded(self, p: int, card: Card, by: int | None) -> Gen:
        """``p`` has just discarded ``card`` (the new object, in the graveyard,
        or on the library for Library of Leng): :attr:`Event.DISCARDED` fires,
        the card itself listening where it went. ``by`` is who caused the
        discard: the player who controls the spell, or the permanent, whose
        effect made ``p`` discard (``p`` for their own); None when no effect
        did: a cost, or discarding down to the hand size in the discard phase."""
        yield from self.fire(Event.DISCARDED, player=p, card=card, by=by, extra_sources=[card])

    def shuffle(self, p: int) -> None:
        self.rng.shuffle(self.players[p].library)

    def hands_revealed(self, p: int | None = None) -> bool:
        """Whether the players play with their hands face up: a permanent's
        hook ``hands_revealed(g, src) -> bool`` says so (Revelation). With
        ``p``: whether player ``p`` does, by such a hook or a permanent's hook
        ``hand_revealed(g, src, p) -> bool`` (Enduring Renewal: its
        controller's hand only)."""
        return any(((h := c.cdef.hooks.hands_revealed) is not None and h(self, c)
                    or p is not None and (h2 := c.cdef.hooks.hand_revealed) is not None and h2(self, c, p))
                   and not self.switched_off(c) for c in self.battlefield)

    def library_top_revealed(self, p: int) -> bool:
        """Whether ``p`` plays with the top card of their library face up, for
        both players to see (views show it): a permanent's hook
        ``library_top_revealed(g, src, p) -> bool`` says so (Field of Dreams)."""
        return any((h := c.cdef.hooks.library_top_revealed) is not None and h(self, c, p)
                   and not self.switched_off(c) for c in self.battlefield)

    def gain_life(self, p: int, n: int) -> None:
        """``p`` gains ``n`` life, unless a permanent's hook
        ``instead_of_life_gain(g, src, p, n) -> bool`` does something else
        instead (Lich: draw a card for each life) and says so."""
        for src in list(self.battlefield):
            h = src.cdef.hooks.instead_of_life_gain
            if h is not None and n > 0 and h(self, src, p, n):
                return
        if n:
            self.players[p].life += n
            self.log(f"{self.players[p].name} gains {n} life ({self.players[p].life}).")

    def lose_life(self, p: int, n: int, why: str = "") -> None:
        """``p`` loses ``n`` life (not damage: nothing prevents it). While a
        permanent listens for :attr:`Event.LIFE_LOST` (Oath of Lim-Dûl), the
        loss is heard at the next settle (a delayed effect on Event.STATE):
        this is called from costs and effects that cannot ask anything."""
        if n:
            self.players[p].life -= n
            self.log(f"{self.players[p].name} loses {n} life{why} ({self.players[p].life}).")
            if Event.LIFE_LOST in self.listeners():
                self.delayed.append(Delayed(Event.STATE, _life_lost, p, "life lost", data={"player": p, "amount": n}))

    # -------------------------------------------------------------- triggers
    def fire(self, event: Event, **data: Any) -> Gen:
        """Run every triggered effect listening for ``event`` now, active
        player's permanents first, each in the order it came into play.

        Only the listeners are visited: :meth:`listeners` indexes, by event,
        the permanents (and the graveyard cards whose triggers work from there)
        that have a trigger for it, from each one's definition now."""
        index = self.listeners()
        hearing = index.get(event, ())
        if len(hearing) > 1:
            with self.reading():  # sorting asks their controllers; nothing changes meanwhile
                # a stable sort of the listeners alone orders them as sorting every permanent would
                order = sorted(hearing, key=lambda c: (self.controller(c) != self.active, c.timestamp))
        else:
            order = list(hearing)
        extra = data.pop("extra_sources", [])
        # cards in graveyards with triggers that work from there (Nether Shadow), active player's first
        yards = index.get(_YARD_KEY[self.active], ()) + index.get(_YARD_KEY[1 - self.active], ())
        listeners: list[tuple[Card, Trigger]] = []
        if order or extra or yards:
            seen: set[int] = set()
            for src in order + list(extra) + list(yards):
                if id(src) in seen:
                    continue
                seen.add(id(src))
                for t in listening(src.cdef).get(event, ()):
                    if src.zone == "battlefield" or src.zone in t.zones:
                        listeners.append((src, t))
        for src, t in listeners:
            if t.condition is not None and not t.condition(self, src, data):
                continue
            if src.zone == "battlefield" and self.switched_off(src):
                continue
            ctx = Ctx(self, controller=self.controller(src) if src.zone == "battlefield" else src.controller,
                      source=src, data=data)
            yield from t.effect(self, ctx)
        # delayed triggers set up by spells, in the order they were set up
        if not self.delayed:
            return
        kept = [d for d in self.delayed if d.turn is None or d.turn >= self.turn]
        if len(kept) != len(self.delayed):
            self.delayed = kept
        for d in list(self.delayed):
            if d.event is not event or d not in self.delayed:
                continue
            if d.condition is not None and not d.condition(self, d, data):
                continue
            if d.once:
                self.delayed.remove(d)
            yield from d.effect(self, Ctx(self, controller=d.controller, data={**data, "delayed": d}))

    def listeners(self) -> dict[Any, tuple[Card, ...]]:
        """The index :meth:`fire` reads: by event, the permanents with a
        trigger for it, in battlefield order; under ``_YARD_KEY[p]``, the cards
        in ``p``'s graveyard with a trigger that works from there (whatever its
        event), top first. Built from each card's definition now
        (:func:`listening`) and kept with the characteristics: any change to
        the game (a card entering or leaving play or a graveyard, a permanent
        becoming a copy of another) makes it be built again."""
        return self._read_board(_LISTENERS_KEY, self._build_listeners)  # type: ignore[no-any-return]

    def _build_listeners(self) -> dict[Any, tuple[Card, ...]]:
        out: dict[Any, list[Card]] = {}
        for c in self.battlefield:
            if c.cdef.triggers:
                for event in listening(c.cdef):
                    out.setdefault(event, []).append(c)
        for pl in self.players:
            yard = [c for c in pl.graveyard if c.cdef.triggers and any("graveyard" in t.zones for t in c.cdef.triggers)]
            if yard:
                out[_YARD_KEY[pl.idx]] = yard
        return {k: tuple(v) for k, v in out.items()}

    def note_taps(self) -> Gen:
        """Fire "becomes tapped" triggers for each permanent tapped since the
        last look, whatever tapped it (a mana ability, a cost, an attack, an
        effect). A permanent that came into play tapped did not become
        tapped. Called after each mana ability and at each settle."""
        for c in self.battlefield:
            if c.was_tapped is not c.tapped:
                break
        else:
            return  # nothing tapped or untapped since the last look: nothing to note or fire
        if Event.BECOMES_TAPPED not in self.listeners() and not self.delayed:
            # nobody listens: firing would do nothing; only the look is noted
            for c in self.battlefield:
                if c.was_tapped is not c.tapped:
                    c.was_tapped = c.tapped
            return
        for c in sorted(self.battlefield, key=lambda c: c.timestamp):
            was = c.was_tapped
            c.was_tapped = c.tapped
            if c.tapped and was is False and c in self.battlefield:
                yield from self.fire(Event.BECOMES_TAPPED, card=c)

    # ----------------------------------------------------------- end of duel
    def check_losses(self, *, life: bool = True) -> None:
        """A player at 0 life, with 10 poison, or who drew from an empty
        library loses; both at once is a draw. Never during a resolution.

        Life is looked at only where ``life`` is set: at the end of each phase,
        before an attack begins and at the end of combat (000 "Life
        Registers": "zero or less at the end of a phase or the end of
        combat"; 003 "The Attack": players "check their life totals before
        the attack actually begins"). A player at 0 life in the middle of a
        main phase may still gain life back before it ends (Healing Salve,
        Alabaster Potion). Choice: poison counters (displayed in the same
        Life Register) are looked at with life; drawing from an empty library
        loses at the next decision after that draw ("if and when you are
        required to draw", 000 "Draw Phase"), as does a concession or a card
        that makes a player lose (``Player.lost_by``)."""
        if self.over:
            raise DuelOver()
        losers = [p.idx for p in self.players
                  if p.conceded or p.drew_from_empty or p.lost_by
                  or (life and ((p.life <= 0 and not self.zero_life_ok(p.idx)) or p.poison >= 10))]
        if not losers:
            return
        if len(losers) == 2:
            self.end(None, "both players lost at once")
        else:
            lp = self.players[losers[0]]
            why = ("conceded" if lp.conceded else lp.lost_by if lp.lost_by else
                   "drew from an empty library" if lp.drew_from_empty else
                   f"{lp.life} life" if lp.life <= 0 and not self.zero_life_ok(lp.idx) else "10 poison counters")
            self.end(1 - losers[0], f"{lp.name}: {why}")
        raise DuelOver()

    def zero_life_ok(self, p: int) -> bool:
        """Whether a permanent's hook ``zero_life_ok(g, src, p) -> bool`` keeps
        ``p`` in the duel at 0 life or less (Lich)."""
        for src in self.battlefield:
            h = src.cdef.hooks.zero_life_ok
            if h is not None and h(self, src, p):
                return True
        return False

    def end(self, winner: int | None, reason: str) -> None:
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.end_reason = reason
        if winner is None:
            self.log(f"The duel is a draw ({reason}).")
        else:
            self.log(f"{self.players[winner].name} wins ({reason}).")
        self.settle_ante()

    def settle_ante(self) -> None:
        """The winner takes both ante cards; a draw returns them (each stays
        in its owner's ante)."""
        if self.winner is None:
            return
        w = self.players[self.winner]
        loser = self.players[1 - self.winner]
        for c in list(loser.ante):
            loser.ante.remove(c)
            c.owner = w.idx
            c.controller = w.idx
            w.ante.append(c)
            self.log(f"{w.name} wins {c.name} from the ante.")


_LISTENERS_KEY = ("listeners",)  # Game.listeners in the characteristics cache
_YARD_KEY = (("graveyard", 0), ("graveyard", 1))  # Game.listeners: graveyard listeners by owner
# id(definition) -> (a weak reference to the definition, its triggers by event); an entry goes
# with its definition (copies made on the fly come and go: Vesuvan Doppelganger, Copy Artifact)
_LISTENING: dict[int, tuple[weakref.ref[Any], dict[Event, tuple[Trigger, ...]]]] = {}


def _life_lost(g: Game, ctx: Ctx) -> Gen:
    """The delayed effect of :meth:`Game.lose_life`: Event.LIFE_LOST is fired."""
    d = ctx.data["delayed"].data
    yield from g.fire(Event.LIFE_LOST, player=d["player"], amount=d["amount"])


def listening(cdef: Any) -> dict[Event, tuple[Trigger, ...]]:
    """A card definition's triggers by event, in printed order: the events a
    card with this definition listens to. Made once per definition (card
    definitions are not changed once made: a copy or a token gets a new one)."""
    key = id(cdef)
    hit = _LISTENING.get(key)
    if hit is not None and hit[0]() is cdef:
        return hit[1]
    by_event: dict[Event, list[Trigger]] = {}
    for t in cdef.triggers:
        by_event.setdefault(t.event, []).append(t)
    out = {e: tuple(ts) for e, ts in by_event.items()}
    _LISTENING[key] = (weakref.ref(cdef, lambda _, key=key: _LISTENING.pop(key, None)), out)
    return out


def _listed_too_late() -> tuple[str, ...]:
    raise RuntimeError("the choices of an answered decision were never listed; look at them while it is pending")


# what a restored Game's unsaved attributes start as (see Game.UNSAVED; _computing and the
# characteristics cache are new objects, made in __setstate__)
_UNSAVED_DEFAULTS: dict[str, Any] = {"_chars_cache": None, "_guard_hits": 0,
                                     "rest_next": False, "rest_decision": None, "_clean_at": None}

