"""Rules tests that need the Duel API directly (duel scripts start mid-game
and always finish a cast)."""
from __future__ import annotations

import pytest

from engine import Duel, DuelOptions, IllegalAction, carddb
from engine.decisions import DecisionKind, Refusal
from engine.scripts import Runner, build_position, parse_action


def position(setup: dict) -> Duel:
    return Duel(lambda: build_position(setup))


def test_cancel_returns_the_card_and_keeps_the_mana() -> None:
    d = position({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Grizzly Bears"], "battlefield": ["Forest", "Forest"]}, "bob": {}}})
    d.apply("cast Grizzly Bears")
    assert d.pending.kind is DecisionKind.PAY
    d.apply("tap Forest#1 for G")
    assert d.pending.kind is DecisionKind.PAY
    d.apply("cancel")
    alice = d.game.players[0]
    assert [c.name for c in alice.hand] == ["Grizzly Bears"]
    assert alice.pool.text() == "G"
    assert d.pending.kind is DecisionKind.OPPORTUNITY and d.pending.player == 0


def test_illegal_answer_changes_nothing() -> None:
    d = position({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, "bob": {}}})
    before = d.state_hash()
    for bad in ("cast Giant Growth", "play Forest", "frobnicate", "tap Island for U", ""):
        with pytest.raises(IllegalAction):
            d.apply(bad)
        assert d.state_hash() == before
    with pytest.raises(IllegalAction):
        d.apply("pass", player=1)  # not bob's decision
    assert d.state_hash() == before


def test_x_choice_and_targets_are_sequential() -> None:
    d = position({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Fireball"], "battlefield": ["Mountain"] * 5}, "bob": {}}})
    d.apply("cast Fireball")
    assert d.pending.kind is DecisionKind.CAST_X
    assert d.pending.choices[-2:] == ("x=4", "cancel")
    d.apply("x=3")
    assert d.pending.kind is DecisionKind.CAST_TARGET
    d.apply("target bob")
    assert "done" in d.pending.choices
    d.apply("target alice")
    # no target is left to add, so the spell goes on to payment by itself
    assert d.pending.kind is DecisionKind.PAY
    d.apply("auto")
    Runner(d).step_resolve()
    # 3 damage divided evenly (rounded down) between two targets, one extra mana paid
    assert d.game.players[1].life == 19 and d.game.players[0].life == 19
    assert sum(c.tapped for c in d.game.battlefield) == 5


def test_play_or_draw_and_first_player_skips_draw() -> None:
    decks = (["Forest"] * 20 + ["Grizzly Bears"] * 20, ["Mountain"] * 20 + ["Gray Ogre"] * 20)
    d = Duel.new(3, decks, DuelOptions(chooser=1))
    assert d.pending.kind is DecisionKind.PLAY_OR_DRAW and d.pending.player == 1
    d.apply("choose draw")
    g = d.game
    assert g.active == 0 and g.first_player == 0
    while d.pending.kind is DecisionKind.MULLIGAN:
        d.apply("choose no")
    # first player's first turn: no draw
    while g.turn == 1 and g.phase != "main":
        d.apply(d.pending.decline)
    assert len(g.players[0].hand) == 7
    while g.active == 0:
        d.apply(d.pending.decline if d.pending.decline else d.pending.choices[0])
    while g.phase != "main":
        d.apply(d.pending.decline)
    assert len(g.players[1].hand) == 8


def test_mulligan_only_for_no_land_or_all_land_and_once() -> None:
    # every card a land: both hands are all land
    d = Duel.new(1, (["Forest"] * 40, ["Island"] * 40), DuelOptions(chooser=0))
    d.apply("choose play")
    assert d.pending.kind is DecisionKind.MULLIGAN and d.pending.player == 0
    d.apply("choose yes")
    # the other player may redraw too
    assert d.pending.kind is DecisionKind.MULLIGAN and d.pending.player == 1
    d.apply("choose yes")
    assert d.pending.kind is not DecisionKind.MULLIGAN
    assert all(p.mulliganed for p in d.game.players)
    assert all(len(p.hand) == 7 for p in d.game.players)


def test_no_mulligan_with_a_mixed_hand() -> None:
    deck = ["Forest", "Grizzly Bears"] * 20
    d = Duel.new(2, (deck, deck), DuelOptions(chooser=0))
    d.apply("choose play")
    assert d.pending.kind is not DecisionKind.MULLIGAN


def test_ante_sets_aside_top_card_and_winner_takes_both() -> None:
    decks = (["Mountain"] * 20 + ["Lightning Bolt"] * 20, ["Forest"] * 40)
    d = Duel.new(4, decks, DuelOptions(ante=True, chooser=0))
    g = d.game
    assert len(g.players[0].ante) == 1 and len(g.players[1].ante) == 1
    assert len(g.players[0].library) + len(g.players[0].hand) == 39
    d.concede(1)
    assert g.winner == 0
    assert len(g.players[0].ante) == 2 and all(c.owner == 0 for c in g.players[0].ante)


def test_ante_draw_returns_cards() -> None:
    res = Runner(position({"active": "alice", "phase": "main", "players": {
        "alice": {"life": 2, "hand": ["Hurricane"], "battlefield": ["Forest"] * 3, "ante": ["Forest"]},
        "bob": {"life": 2, "ante": ["Plains"]}}}))
    res.step_action("alice", "cast Hurricane x=2")
    res.step_resolve()
    res.step_until("bob", "upkeep")  # both at 0 when the main phase ends (000 "Life Registers")
    g = res.duel.game
    assert g.over and g.winner is None
    assert [c.name for c in g.players[0].ante] == ["Forest"] and [c.name for c in g.players[1].ante] == ["Plains"]


def test_views_hide_hands_and_libraries() -> None:
    d = position({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Lightning Bolt"], "library": ["Craw Wurm"]}, "bob": {"hand": ["Counterspell"]}}})
    bob_view = repr(d.view(1))
    public = repr(d.view(None))
    assert "Lightning Bolt" not in bob_view and "Craw Wurm" not in bob_view
    assert "Counterspell" in bob_view
    assert "Counterspell" not in public and "Lightning Bolt" not in public


def test_composite_action_text_is_parsed() -> None:
    a = parse_action("cast Fireball -> bob, Grizzly Bears#2@bob x=4 pay=Mountain#1,pool")
    assert a.verb == "cast" and a.card == "Fireball"
    assert a.targets == ["bob", "Grizzly Bears#2@bob"]
    assert a.opts == {"x": "4", "pay": "Mountain#1,pool"}


def test_prevention_names_the_packet_with_from() -> None:
    from engine.scripts import run_steps
    setup = {"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Benalish Hero", "Hill Giant"]},
        "bob": {"battlefield": ["Craw Wurm", "Samite Healer"]}}}
    steps = [{"alice": "attack Benalish Hero+Hill Giant"}, {"bob": "block Hill Giant with Craw Wurm"},
             {"alice": "assign 6 to Hill Giant"}, {"until": "alice damage prevention"},
             {"bob": "activate Samite Healer -> Craw Wurm from=Benalish Hero"}, "resolve"]
    r = run_steps(setup, steps[:5])
    g = r.duel.game
    while any(s.name == "Samite Healer" for s in g.spells + g.batch):
        r.decline()
        g = r.duel.game
    assert g.in_prevention
    # the Healer's 1 came off Benalish Hero's packet, not Hill Giant's
    hero = [pk for pk in g.pending_damage if pk.source_name == "Benalish Hero"]
    giant = [pk for pk in g.pending_damage if pk.source_name == "Hill Giant"]
    assert (not hero or hero[0].amount == 0) and giant and giant[0].amount == 3


def test_creatures_that_must_attack_keep_the_main_phase_open() -> None:
    """003 "The Attack": with a creature required to attack (Siren's Call),
    passing the main phase is refused with the reason, and declining the
    decision announces the attack instead."""
    r = Runner(position({"active": "bob", "phase": "main", "players": {
        "alice": {"hand": ["Siren's Call"], "battlefield": ["Island"]},
        "bob": {"battlefield": ["Grizzly Bears"]}}}))
    r.step_action("alice", "cast Siren's Call -> bob")
    r.step_resolve()
    d = r.duel
    assert d.pending.player == 1 and d.pending.kind is DecisionKind.OPPORTUNITY
    assert "pass" not in d.pending.choices and d.pending.decline == "attack"
    before = d.state_hash()
    with pytest.raises(IllegalAction, match="not now: Grizzly Bears must attack") as refused:
        d.apply("pass")
    assert refused.value.reason is Refusal.NOT_NOW
    assert d.state_hash() == before
    d.apply(d.pending.decline)  # the attack is announced; alice may abort it
    assert d.pending.player == 0 and d.pending.kind is DecisionKind.RESPOND


def test_a_wrong_or_needless_x_is_refused_with_the_reason() -> None:
    """Spell Blast's X is its target's casting cost: ``x=`` naming another X
    is refused (the duel unchanged), and so is an X for a cost without one."""
    r = Runner(position({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Hill Giant", "Lightning Bolt"], "battlefield": ["Mountain"] * 5},
        "bob": {"hand": ["Spell Blast"], "battlefield": ["Island"] * 6}}}))
    assert r.try_action(0, parse_action("cast Lightning Bolt -> bob x=3")) == "Lightning Bolt has no X in its cost (x=3)"
    r.step_action("alice", "cast Hill Giant")
    r._wait_for(1)
    before = r.duel.state_hash()
    err = r.try_action(1, parse_action("cast Spell Blast -> Hill Giant x=2"))
    assert err == "x=2 is not legal for Spell Blast: its X is 4, set by its target"
    assert r.duel.state_hash() == before
    assert r.try_action(1, parse_action("cast Spell Blast -> Hill Giant x=4")) is None


def _target_specs(cdef) -> list:
    """Every target slot of a card: its spell's (and modes'), its aura's, its abilities'."""
    specs = list(cdef.enchant and [cdef.enchant] or [])
    if cdef.spell is not None:
        specs += list(cdef.spell.targets) + [t for m in cdef.spell.modes for t in m.targets]
    for ab in cdef.abilities:
        specs += list(ab.targets)
    return specs


def test_every_target_wall_slot_is_one_that_wall_of_shadows_refuses() -> None:
    """Wall of Shadows: "Effects that target only walls may not target Wall of
    Shadows." The rule is applied where targets are checked (Game.admits) to
    every slot that accepts only walls: each card's "target wall" slot must be
    such a slot (effects.creature_of), not a test of its own that would miss it."""
    wall_only = []
    for name in carddb.implemented():
        for spec in _target_specs(carddb.get(name)):
            words = spec.what.lower()
            if "wall" in words and "non-wall" not in words and "creature" not in words:
                wall_only.append(name)
                assert spec.subtype == "wall", f"{name}: {spec.what!r} is not made with creature_of('wall', ...)"
    assert {"Tunnel", "Ali Baba", "Animate Wall", "Glyph of Doom", "Glyph of Life", "Goblin Digging Team",
            "Dwarven Demolition Team", "Glyph of Delusion", "Glyph of Reincarnation",
            "Glyph of Destruction"} <= set(wall_only)
