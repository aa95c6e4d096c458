"""The index of listeners ``Game.fire`` reads (``Game.listeners``): built from
each card's definition now, so a permanent that becomes a copy of a card with
a trigger listens from then on, and a card that leaves play stops listening."""
from __future__ import annotations

from engine import carddb
from engine.effects import become_copy
from engine.model import Event
from engine.scripts import Runner, run_step, run_steps as run

NET_AND_COPY = {"active": "alice", "phase": "main",
                "players": {"alice": {"hand": ["Copy Artifact", "Lightning Bolt"],
                                      "battlefield": ["Island", "Island", "Mountain", "Mountain", "Mountain",
                                                      "Soul Net"]},
                            "bob": {"battlefield": ["Grizzly Bears"]}}}


def _soul_net_asks(r: Runner) -> int:
    """How many times Soul Net asked alice whether to pay (answered by the script's "no")."""
    return sum(1 for p, a in r.duel.history if p == 0 and a in ("choose yes", "choose no"))


def test_a_copy_made_mid_duel_listens_to_its_new_trigger() -> None:
    r = run(NET_AND_COPY, [{"alice": "cast Copy Artifact choose=Soul Net"}, "resolve"])
    g = r.g
    copy = next(c for c in g.battlefield if c.name == "Copy Artifact")
    assert copy.cdef.name == "Soul Net"
    # both Soul Nets are offered when the Bears die: the copy, which had no trigger when it
    # came into play, listens now
    assert copy in g.listeners()[Event.TO_GRAVEYARD]
    run_step(r, {"alice": "cast Lightning Bolt -> Grizzly Bears"})
    run_step(r, "resolve")
    assert _soul_net_asks(r) == 2


def test_the_index_is_rebuilt_when_a_definition_changes() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {}}}, [])
    g = r.g
    bears = g.battlefield[0]
    assert Event.TO_GRAVEYARD not in g.listeners()  # built and kept now
    become_copy(g, bears, carddb.get("Soul Net"))
    assert g.listeners()[Event.TO_GRAVEYARD] == (bears,)


def test_a_listener_that_left_play_stops_listening() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Shatter", "Lightning Bolt"],
                                   "battlefield": ["Mountain", "Mountain", "Mountain", "Soul Net"]},
                         "bob": {"battlefield": ["Grizzly Bears"]}}},
            [])
    net = next(c for c in r.g.battlefield if c.name == "Soul Net")
    assert net in r.g.listeners()[Event.TO_GRAVEYARD]
    run_step(r, {"alice": "cast Shatter -> Soul Net"})
    run_step(r, "resolve")
    assert Event.TO_GRAVEYARD not in r.g.listeners()
    run_step(r, {"alice": "cast Lightning Bolt -> Grizzly Bears"})
    run_step(r, "resolve")
    assert [c.name for c in r.g.players[1].graveyard] == ["Grizzly Bears"]
    assert _soul_net_asks(r) == 0


def test_graveyard_listeners_are_indexed_by_owner() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"graveyard": ["Nether Shadow", "Grizzly Bears"]},
                         "bob": {"graveyard": ["Nether Shadow"]}}}, [])
    g = r.g
    index = g.listeners()
    assert [c.owner for k in (("graveyard", 0), ("graveyard", 1)) for c in index[k]] == [0, 1]


def test_the_definitions_index_forgets_a_definition_gone() -> None:
    """``listening`` keeps each definition's triggers by event while the
    definition lives: copies made on the fly (Vesuvan Doppelganger, Copy
    Artifact) do not pile up in a long-running bot."""
    import dataclasses
    import gc

    from engine import game
    copy = dataclasses.replace(carddb.get("Soul Net"), types=frozenset({"artifact", "enchantment"}))
    assert set(game.listening(copy)) == {Event.TO_GRAVEYARD}
    key = id(copy)
    assert key in game._LISTENING
    del copy
    gc.collect()
    assert key not in game._LISTENING
    assert all(ref() is not None for ref, _ in game._LISTENING.values())  # nothing kept for one gone
