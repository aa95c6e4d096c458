"""Green checks a duel script cannot express: what stays hidden (Sylvan
Library, Untamed Wilds), which questions are asked and to whom (Nafs Asp,
Rebirth, Verduran Enchantress), that Channel's mana is offered only to its
caster and is no mana a random player draws, Titania's Song lasting to the
end of the turn, and random duels with decks of green cards."""
from __future__ import annotations

from typing import Any

import pytest

from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer
from engine.decisions import DecisionKind
from engine.scripts import run_steps as run, Runner, run_step


def until_choice(r: Runner) -> Any:
    """Decline everything until a CHOOSE decision is pending; return it."""
    while r.duel.pending is not None and r.duel.pending.kind is not DecisionKind.CHOOSE:
        r.decline()
    return r.duel.pending


def test_sylvan_library_never_names_the_cards_in_the_log() -> None:
    r = run({"active": "alice", "phase": "upkeep",
             "players": {"alice": {"battlefield": ["Sylvan Library"],
                                   "library": ["Forest", "Giant Growth", "Craw Wurm", "Island"]},
                         "bob": {}}},
            [{"alice": "choose yes"}])
    d = r.duel.pending
    assert d.player == 0 and d.kind is DecisionKind.CHOOSE
    # only cards drawn this turn may go back, and paying life is offered
    assert set(d.choices) == {"choose Forest", "choose Giant Growth", "choose Craw Wurm", "choose pay 4 life"}
    run_step(r, {"alice": "choose Craw Wurm"})
    run_step(r, {"alice": "choose pay 4 life"})
    text = "\n".join(r.g.events)
    for name in ("Forest", "Giant Growth", "Craw Wurm", "Island"):
        assert name not in text
    assert "puts a card back on top" in text and "loses 4 life" in text
    assert [c.name for c in r.g.players[0].library[:2]] == ["Craw Wurm", "Island"]
    assert r.duel.view(1)["secrets"] == []


def test_sylvan_library_without_life_to_pay_must_put_back() -> None:
    r = run({"active": "alice", "phase": "upkeep",
             "players": {"alice": {"life": 3, "battlefield": ["Sylvan Library"],
                                   "library": ["Forest", "Giant Growth", "Craw Wurm", "Island"]},
                         "bob": {}}},
            [{"alice": "choose yes"}])
    assert "choose pay 4 life" not in r.duel.pending.choices
    assert r.duel.pending.decline is None


def test_untamed_wilds_offers_only_basic_lands_and_reshuffles() -> None:
    lib = ["Grizzly Bears", "Mishra's Factory", "Island", "Forest", "Snow-Covered Swamp", "Lure"]
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Forest", "Forest", "Forest"], "hand": ["Untamed Wilds"],
                                   "library": lib},
                         "bob": {}}},
            [{"alice": "cast Untamed Wilds"}])
    d = until_choice(r)
    assert d.player == 0
    assert set(d.choices) == {"choose Island", "choose Forest", "choose Snow-Covered Swamp", "choose nothing"}
    run_step(r, {"alice": "choose Snow-Covered Swamp"})
    run_step(r, "resolve")
    names = sorted(c.name for c in r.g.players[0].library)
    assert names == sorted(n for n in lib if n != "Snow-Covered Swamp")
    # nothing in the library was named in the log; the land put into play was
    text = "\n".join(r.g.events)
    assert "Mishra's Factory" not in text and "Lure" not in text
    assert "puts Snow-Covered Swamp into play" in text


def test_nafs_asp_asks_the_damaged_player_at_their_draw_phase() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Nafs Asp"]},
                         "bob": {"battlefield": ["Mountain"]}}},
            [{"alice": "attack Nafs Asp"}, {"until": "bob upkeep"}])
    # not asked during the upkeep
    assert r.g.players[1].life == 19
    d = until_choice(r)
    assert d.player == 1 and r.g.phase == "draw" and "Nafs Asp" in d.prompt
    assert r.g.players[1].hand == [] or all(c.flags.get("drawn_turn") != r.g.turn for c in r.g.players[1].hand)
    r.decline()  # does not pay
    run_step(r, "resolve")
    assert r.g.players[1].life == 18
    assert not r.g.delayed


def test_rebirth_asks_the_active_player_first_and_each_player_once() -> None:
    r = run({"active": "bob", "phase": "main",
             "players": {"alice": {"life": 4, "ante": ["Forest"], "library": ["Island"]},
                         "bob": {"life": 7, "ante": ["Mountain"], "library": ["Swamp", "Plains"],
                                 "battlefield": ["Forest"] * 6, "hand": ["Rebirth"]}}},
            [{"bob": "cast Rebirth"}])
    asked = []
    while r.duel.pending is not None and len(asked) < 2:
        d = r.duel.pending
        if d.kind is DecisionKind.CHOOSE:
            asked.append(d.player)
            r.duel.apply("choose yes", player=d.player)
        else:
            r.decline()
    assert asked == [1, 0]
    run_step(r, "resolve")
    assert [p.life for p in r.g.players] == [20, 20]
    assert sorted(c.name for c in r.g.players[0].ante) == ["Forest", "Island"]
    assert sorted(c.name for c in r.g.players[1].ante) == ["Mountain", "Swamp"]


def test_verduran_enchantress_question_goes_to_its_controller() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Verduran Enchantress", "Forest"], "hand": ["Web"],
                                   "library": ["Island"]},
                         "bob": {"battlefield": ["Grizzly Bears"]}}},
            [{"alice": "cast Web -> Grizzly Bears"}])
    until_choice(r)
    assert r.duel.pending.player == 0 and "Verduran Enchantress" in r.duel.pending.prompt


def test_channel_mana_is_its_casters_only_and_random_players_ignore_it() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Forest", "Forest"], "hand": ["Channel"]},
                         "bob": {"battlefield": ["Forest"]}}},
            [{"alice": "cast Channel"}, "resolve"])
    d = r.duel.pending
    assert d.player == 0 and "add C via Channel" in d.choices
    assert RandomPlayer(1).choose(d) != "add C via Channel" or len(d.choices) == 1
    # at 1 life the mana is still offered (the life goes to 0 and the duel is lost
    # when the phase ends: 000 "Life Registers")
    r.g.players[0].life = 1
    r.duel.apply("add C")
    assert r.g.players[0].life == 0 and r.g.players[0].pool.text() == "C"
    assert not r.g.over
    r.step_until("bob", "upkeep")
    assert r.g.over and r.g.winner == 1


def test_channel_offers_nothing_to_the_opponent() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Forest", "Forest"], "hand": ["Channel", "Grizzly Bears"]},
                         "bob": {"battlefield": ["Island", "Island"], "hand": ["Counterspell"]}}},
            [{"alice": "cast Channel"}, "resolve", {"alice": "add C"}, {"alice": "cast Grizzly Bears"}])
    # bob's interrupt chance: no Channel mana for him
    while r.duel.pending.player != 1:
        r.decline()
    assert not any(c.startswith("add ") for c in r.duel.pending.choices)


def test_titanias_song_effect_ends_in_cleanup_after_it_left_play() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Titania's Song", "Howling Mine"]},
                         "bob": {"battlefield": ["Plains", "Plains"], "hand": ["Disenchant"],
                                 "library": ["Island", "Island", "Island"]}}},
            [{"bob": "cast Disenchant -> Titania's Song"}, "resolve"])
    g = r.g
    mine = next(c for c in g.battlefield if c.name == "Howling Mine")
    assert "creature" in g.chars(mine).types and g.abilities_lost(mine)
    run_step(r, {"until": "bob draw"})
    assert "creature" not in g.chars(mine).types and not g.abilities_lost(mine)
    assert len(g.players[1].hand) == 2  # the Mine works again in bob's draw phase


GREEN = ["Forest"] * 17 + [
    "Llanowar Elves", "Birds of Paradise", "Grizzly Bears", "Scryb Sprites", "Killer Bees", "Cockatrice",
    "Thicket Basilisk", "Fungusaur", "Whirling Dervish", "Marsh Viper", "Nafs Asp", "Gaea's Liege",
    "Elven Riders", "Wall of Brambles", "Ley Druid", "Pradesh Gypsies", "Radjan Spirit", "Verduran Enchantress",
    "Force of Nature", "Giant Growth", "Fog", "Sandstorm", "Hurricane", "Winter Blast", "Stream of Life",
    "Channel", "Untamed Wilds", "Desert Twister", "Tranquility", "Lure", "Venom", "Web", "Aspect of Wolf",
    "Instill Energy", "Wild Growth", "Living Lands", "Sylvan Library", "Lifeforce", "Rebirth",
]
OTHER = ["Forest"] * 9 + ["Island"] * 8 + [
    "Tsunami", "Crumble", "Titania's Song", "Rod of Ruin", "Howling Mine", "Wanderlust", "Regeneration",
    "Craw Wurm", "Durkwood Boars", "Elvish Archers", "Land Leeches", "Timber Wolves", "Wall of Ice",
    "Wall of Wood", "Carnivorous Plant", "Lifelace", "Deadly Insect", "Giant Spider", "War Mammoth",
    "Ironroot Treefolk", "Shanodin Dryads", "Counterspell", "Unsummon",
]


@pytest.mark.parametrize("seed", range(6))
def test_random_duels_with_green_decks(seed: int) -> None:
    """Duels between random players with decks of these cards end without
    error and replay identically."""
    decks = (GREEN, OTHER) if seed % 2 else (OTHER, GREEN)
    duel = Duel.new(seed, decks, DuelOptions(ante=True))
    players = (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1))
    steps = 0
    while duel.pending is not None and steps < 20000:
        d = duel.pending
        duel.apply(players[d.player].choose(d))
        steps += 1
    assert duel.pending is None, f"seed {seed} did not finish"
    again = Duel.new(seed, decks, DuelOptions(ante=True)).replay(duel.history)
    assert again.state_hash() == duel.state_hash()
