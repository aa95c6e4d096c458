"""Ice Age green, multicolour and lands (engine/cards/ice_age_green_gold.py,
engine/cards/ice_age_lands.py): random duels with decks of these cards.

Each card has its duel scripts under tests/scripts/cards/ice_age/; here
random players play decks full of them (two of each, snow-covered lands
among the basics so that Blizzard can be cast and the snow cards matter): no
exception, the number of cards never changes, views leak nothing hidden, and
the replay is the same duel.
"""
from __future__ import annotations

import pytest
from test_random_duels import checked_duel_of

from engine import carddb

_GREEN = ("Aurochs", "Balduvian Bears", "Blizzard", "Brown Ouphe", "Chub Toad", "Dire Wolves", "Elder Druid",
          "Essence Filter", "Fanatical Fever", "Folk of the Pines", "Foxfire", "Freyalise's Charm",
          "Freyalise's Winds", "Fyndhorn Brownie", "Fyndhorn Elder", "Fyndhorn Elves", "Fyndhorn Pollen",
          "Gorilla Pack", "Johtull Wurm", "Juniper Order Druid", "Lhurgoyf", "Maddening Wind", "Nature's Lore",
          "Pale Bears", "Pygmy Allosaurus", "Pyknite", "Rime Dryad", "Scaled Wurm", "Shambling Strider",
          "Snowblind", "Stampede", "Stunted Growth", "Tarpan", "Thermokarst", "Thoughtleech", "Tinder Wall",
          "Trailblazer", "Venomous Breath", "Wall of Pine Needles", "Wiitigo", "Woolly Mammoths", "Woolly Spider",
          "Yavimaya Gnats", "Earthlore", "Forbidden Lore", "Hot Springs", "Ritual of Subdual", "Touch of Vitae",
          "Forgotten Lore", "Freyalise Supplicant", "Whiteout")
_GOLD = ("Kjeldoran Frostbeast", "Centaur Archer", "Storm Spirit", "Stormbind", "Wings of Aesthir", "Spectral Shield",
         "Glaciers", "Hymn of Rebirth", "Giant Trap Door Spider", "Monsoon", "Mountain Titan", "Diabolic Vision",
         "Elemental Augury", "Altar of Bone", "Essence Vortex", "Earthlink", "Merieke Ri Berit", "Fiery Justice",
         "Fumarole", "Chromatic Armor", "Reclamation", "Flooded Woodlands",
         "Ghostly Flame", "Fire Covenant")
_LANDS = ("Adarkar Wastes", "Brushland", "Karplusan Forest", "Sulfurous Springs", "Underground River", "Land Cap",
          "Lava Tubes", "River Delta", "Timberline Ridge", "Veldt", "Ice Floe", "Halls of Mist")
ICE_AGE_GREEN_GOLD = {
    "Ice Age Green": {"Forest": 10, "Snow-Covered Forest": 10, "Plains": 2, "Mountain": 2, "Island": 2,
                      **{n: 2 for n in _GREEN[:29]}},
    "Ice Age Green and Gold": {"Forest": 4, "Snow-Covered Forest": 2, "Snow-Covered Island": 2, "Plains": 2,
                               "Mountain": 2, "Swamp": 2, "Island": 2,
                               **{n: 2 for n in _GREEN[29:] + _GOLD + _LANDS}},
}
MINE = set(_GREEN) | set(_GOLD) | set(_LANDS)
PLAYED: set[str] = set()

# Ice Age cards of these colours implemented before issue 29 (with the Legends and The Dark cards)
_EARLIER = {"Glacial Chasm", "Skeleton Ship"}
_OLDER_SETS = {"LEA", "LEB", "2ED", "3ED", "4ED", "ARN", "ATQ", "LEG", "DRK", "FEM", "CHR"}


def ours() -> set[str]:
    """The implemented Ice Age cards of this part of issue 29: green, multicolour
    and land cards first printed in Ice Age (not the snow-covered basics)."""
    data = carddb.card_data()
    out = set()
    for n in carddb.implemented():
        c = data[n]
        if "ICE" not in c["sets"] or _OLDER_SETS & set(c["sets"]) or n.startswith("Snow-Covered") or n in _EARLIER:
            continue
        if c["colors"] == ["G"] or len(c["colors"]) > 1 or c["type"] == "Land":
            out.add(n)
    return out


def test_the_decks_hold_every_implemented_card_of_this_part() -> None:
    assert MINE == ours()


@pytest.mark.parametrize("seed", range(6))
def test_random_duels_with_ice_age_green_gold(seed: int) -> None:
    """Random players with these decks: no exception, the card count never
    changes, views leak nothing hidden, the replay is the same duel."""
    checked_duel_of(seed, ICE_AGE_GREEN_GOLD, PLAYED)


def test_the_random_duels_played_most_of_these_cards() -> None:
    if not PLAYED:
        pytest.skip("run with the random duels above")
    missing = sorted(MINE - PLAYED)
    assert len(missing) <= len(MINE) // 3, f"never played: {missing}"


def _forgotten_lore(pay_again: bool) -> object:
    """Forgotten Lore cast by alice: bob chooses the target (a script cannot
    answer an opponent's target choice), then alice may pay {G} for another."""
    from engine.scripts import run_steps
    r = run_steps({"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Forest", "Forest"], "hand": ["Forgotten Lore"],
                  "graveyard": ["Grizzly Bears", "Serra Angel", "Giant Growth"]},
        "bob": {}}}, [{"alice": "cast Forgotten Lore"}])
    d = r.duel
    assert d.pending.player == 1 and "cancel" not in d.pending.choices
    assert set(d.pending.choices) == {"target Grizzly Bears", "target Serra Angel", "target Giant Growth"}
    d.apply("target Grizzly Bears", player=1)
    while "choose yes" not in d.pending.choices:  # alice pays for the spell; nobody responds
        d.apply("auto" if d.pending.kind.name == "PAY" else d.pending.decline, player=d.pending.player)
    assert d.pending.player == 0 and "choose yes" in d.pending.choices, d.pending.prompt
    if not pay_again:
        d.apply("choose no", player=0)
        return d
    d.apply("choose yes", player=0)
    while d.pending.kind.name == "PAY":
        d.apply("auto", player=0)
    assert d.pending.player == 1
    assert set(d.pending.choices) == {"choose Serra Angel", "choose Giant Growth"}  # not Grizzly Bears again
    d.apply("choose Giant Growth", player=1)
    return d


def test_forgotten_lore_returns_the_card_the_opponent_chose() -> None:
    d = _forgotten_lore(pay_again=False)
    alice = d.game.players[0]
    assert [c.name for c in alice.hand] == ["Grizzly Bears"]
    assert sorted(c.name for c in alice.graveyard) == ["Forgotten Lore", "Giant Growth", "Serra Angel"]


def test_forgotten_lore_pays_g_for_a_new_choice() -> None:
    d = _forgotten_lore(pay_again=True)
    alice = d.game.players[0]
    assert [c.name for c in alice.hand] == ["Giant Growth"]
    assert sorted(c.name for c in alice.graveyard) == ["Forgotten Lore", "Grizzly Bears", "Serra Angel"]
    assert all(c.tapped for c in d.game.battlefield if c.name == "Forest")
