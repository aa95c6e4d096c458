"""Legends multicolored cards and lands, and the legend rule (002 "Legendary
Cards"): the checks a duel script cannot express, and random duels."""
from __future__ import annotations


import pytest
from test_random_duels import checked_duel_of


from engine.carddb import parse_type_line
from engine.objects import Chars, Effect
from engine.scripts import run_step
from engine.scripts import run_steps as run


def test_summon_legend_and_elder_dragon_legend_and_legendary_land_are_legends() -> None:
    assert "legend" in parse_type_line("Summon - Legend")[2]
    assert "legend" in parse_type_line("Summon - Elder Dragon Legend")[2]
    assert "legend" in parse_type_line("Legendary Land")[2]
    assert "legend" not in parse_type_line("Summon - Bears")[2]
    assert "legend" not in parse_type_line("Land")[2]


def _settle(g: object) -> None:
    for _ in g.settle():  # type: ignore[attr-defined]
        raise AssertionError("no decision expected")


def test_a_legend_changed_into_something_else_and_back_is_the_new_one() -> None:
    """002: "If a legend in play is changed into something else and is later
    returned to its previous state, it's treated as if it's just entered play"."""
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Jedit Ojanen"]},
                         "bob": {"hand": ["Jedit Ojanen"], "battlefield": ["Plains"] * 6 + ["Island"]}}}
    r = run(setup, [])
    g = r.g
    old = g.battlefield[0]
    assert old.name == "Jedit Ojanen"

    def not_a_legend(g2: object, card: object, c: Chars) -> None:
        c.supertypes.discard("legend")
    change = Effect(g.stamp(), old.oid, not_a_legend, "forever")
    g.effects.append(change)
    _settle(g)
    # bob's Jedit comes into play while alice's is not a legend: both stay
    run_step(r, {"until": "bob main"})
    run_step(r, {"bob": "cast Jedit Ojanen"})
    run_step(r, "resolve")
    assert [c.controller for c in g.battlefield if c.name == "Jedit Ojanen"] == [0, 1]
    # alice's becomes a legend again: it is the new one, and is buried
    g.effects.remove(change)
    g.forget_reads()
    _settle(g)
    assert [c.controller for c in g.battlefield if c.name == "Jedit Ojanen"] == [1]
    assert [c.name for c in g.players[0].graveyard] == ["Jedit Ojanen"]


# ---------------------------------------------------------------- random duels

LEGENDS_DECKS = {
    "Legends white-blue-green": {
        "Tundra": 3, "Tropical Island": 3, "Savannah": 3, "Scrubland": 2, "Underground Sea": 2, "Bayou": 2,
        "Birds of Paradise": 4, "Karakas": 1, "Pendelhaven": 1, "The Tabernacle at Pendrell Vale": 1,
        "Angus Mackenzie": 1, "Arcades Sabboth": 1, "Kei Takahashi": 1, "Rasputin Dreamweaver": 1,
        "Lady Evangela": 1, "Gosta Dirk": 1,
        "Ayesha Tanaka": 1, "Jacques le Vert": 1, "Dakkon Blackblade": 1, "Jedit Ojanen": 1, "Ragnar": 1, "Halfdane": 1,
        "Hazezon Tamar": 1, "Ramses Overdark": 1, "Rubinia Soulsinger": 1, "Sol'kanar the Swamp King": 1,
        "Adun Oakenshield": 1, "Johan": 1,
    },
    "Legends black-red-green": {
        "Badlands": 3, "Taiga": 3, "Bayou": 3, "Volcanic Island": 2, "Underground Sea": 2, "Plateau": 2,
        "Birds of Paradise": 4, "Hammerheim": 1, "Urborg": 1,
        "Nicol Bolas": 1, "Palladia-Mors": 1, "Vaevictis Asmadi": 1, "Pavel Maliki": 1, "Tuknir Deathlock": 1,
        "Stangg": 1,
        "Lady Caleria": 1, "Tor Wauki": 1, "Boris Devilboon": 1, "Gwendlyn Di Corci": 1, "Tetsuo Umezawa": 1,
        "Bartel Runeaxe": 1, "Livonya Silone": 1, "Xira Arien": 1, "Riven Turnbull": 1, "Sunastian Falconer": 1,
        "Nebuchadnezzar": 1, "Axelrod Gunnarson": 1, "Rohgahh of Kher Keep": 1,
    },
}
MINE = {n for deck in LEGENDS_DECKS.values() for n in deck} - {
    "Tundra", "Tropical Island", "Savannah", "Scrubland", "Underground Sea", "Bayou", "Badlands", "Taiga",
    "Volcanic Island", "Plateau", "Birds of Paradise"}
PLAYED: set[str] = set()


def test_the_random_duel_decks_are_forty_cards() -> None:
    assert [sum(d.values()) for d in LEGENDS_DECKS.values()] == [40, 40]


@pytest.mark.parametrize("seed", range(8))
def test_random_duels_with_these_cards(seed: int) -> None:
    """Random players with decks of these cards: no exception, the card count
    never changes, views leak nothing hidden, the replay is the same duel."""
    checked_duel_of(seed, LEGENDS_DECKS, PLAYED)


def test_the_random_duels_played_most_of_these_cards() -> None:
    if not PLAYED:
        pytest.skip("run with the random duels above")
    missing = sorted(MINE - PLAYED)
    assert len(missing) <= len(MINE) // 4, f"never played: {missing}"


def _ragnar_options(sick: bool, target: str) -> list[str]:
    setup = {"active": "bob", "phase": "main",
             "players": {"alice": {"battlefield": ["Plains", "Island", "Forest", {"name": "Ragnar", "sick": sick},
                                                   "Grizzly Bears"]},
                         "bob": {"battlefield": ["Black Knight"]}}}
    g = run(setup, []).g
    card = next(c for c in g.battlefield if c.name == target)
    return [src.name for src, _ in g.regen_options(0, card)]


def test_ragnar_regenerates_any_creature_it_can_target_when_not_summoning_sick() -> None:
    assert _ragnar_options(False, "Grizzly Bears") == ["Ragnar"]
    assert _ragnar_options(False, "Ragnar") == ["Ragnar"]
    assert _ragnar_options(False, "Black Knight") == []  # protection from white: not a legal target
    assert _ragnar_options(True, "Grizzly Bears") == []  # its cost taps it


VANILLA_LEGENDS = {  # name: (power, toughness, keywords)
    "Barktooth Warbeard": (6, 5, set()), "Jasmine Boreal": (4, 5, set()), "Jedit Ojanen": (5, 5, set()),
    "Jerrard of the Closed Fist": (6, 5, set()), "Kasimir the Lone Wolf": (5, 3, set()), "Lady Orca": (7, 4, set()),
    "Sir Shandlar of Eberyn": (4, 7, set()), "Sivitri Scarzam": (6, 4, set()),
    "The Lady of the Mountain": (5, 5, set()), "Tobias Andrion": (4, 4, set()), "Torsten Von Ursus": (5, 5, set()),
    "Ramirez DePietro": (4, 3, {"first strike"}),
}


@pytest.mark.parametrize("name", sorted(VANILLA_LEGENDS))
def test_the_plain_legends_are_legends_with_their_printed_body(name: str) -> None:
    power, toughness, keywords = VANILLA_LEGENDS[name]
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": [name]}, "bob": {"battlefield": [name]}}}
    g = run(setup, []).g
    _settle(g)
    ch = g.chars(g.battlefield[0])
    assert (ch.power, ch.toughness, ch.keywords, "legend" in ch.supertypes) == (power, toughness, keywords, True)
    # the second one of the name, bob's, is buried: it came into play later
    assert [c.controller for c in g.battlefield] == [0]
    assert [c.name for c in g.players[1].graveyard] == [name]


def test_halfdane_choice_as_upkeep_ends_is_its_target_and_cannot_be_skipped() -> None:
    """Halfdane not used during its controller's upkeep: the choice asked as
    upkeep ends cannot be declined, the creature chosen is the target used
    (not asked again, so there is no "cancel" to skip the mandatory effect),
    and Halfdane takes that creature's power and toughness."""
    from engine.decisions import DecisionKind
    r = run({"active": "alice", "phase": "upkeep", "players": {
        "alice": {"battlefield": ["Halfdane", "Grizzly Bears"]}, "bob": {"battlefield": ["Craw Wurm"]}}}, [])
    d, g = r.duel, r.g
    for _ in range(20):
        ask = d.pending
        assert ask is not None
        if ask.decline is None:
            break
        d.apply(ask.decline)
    assert ask.player == 0 and ask.about == "Halfdane" and g.phase == "upkeep"
    assert "cancel" not in ask.choices and not any(c.endswith("Halfdane") for c in ask.choices)
    d.apply(next(c for c in ask.choices if c.endswith("Grizzly Bears")), player=0)
    after = d.pending
    assert after is not None and after.kind is not DecisionKind.CAST_TARGET and "cancel" not in after.choices
    assert "alice uses Halfdane targeting Grizzly Bears." in g.events
    r.step_resolve()
    halfdane = next(c for c in g.battlefield if c.name == "Halfdane")
    assert (g.chars(halfdane).power, g.chars(halfdane).toughness) == (2, 2)
