"""Ice Age black and red (engine/cards/ice_age_black.py and ice_age_red.py):
random duels with decks of these cards, and what the duel scripts cannot check.

Each card has its duel scripts under tests/scripts/cards/ice_age/; here random
players play decks full of them (two of each, with ordinary and snow-covered
lands): no exception, the number of cards never changes, views leak nothing
hidden, and the replay is the same duel.
"""
from __future__ import annotations

import json

import pytest
from test_random_duels import checked_duel_of

from engine import carddb
from engine.scripts import run_steps as run

_BLACK = ("Dark Banishing", "Drift of the Dead", "Flow of Maggots", "Foul Familiar", "Gangrenous Zombies",
          "Gravebind", "Hoar Shade", "Hyalopterous Lemure", "Icequake", "Kjeldoran Dead", "Knight of Stromgald",
          "Krovikan Elementalist", "Krovikan Fetish", "Legions of Lim-Dûl", "Leshrac's Rite", "Lim-Dûl's Cohort",
          "Lim-Dûl's Hex", "Mind Ravel", "Mind Warp", "Mind Whip", "Minion of Tevesh Szat", "Mole Worms",
          "Moor Fiend", "Necropotence", "Pestilence Rats", "Songs of the Damned", "Spoils of Evil",
          "Stench of Evil", "Stromgald Cabal", "Touch of Death", "Withering Wisps", "Abyssal Specter",
          "Brine Shaman", "Seizures", "Minion of Leshrac", "Pox", "Cloak of Confusion", "Hecatomb",
          "Infernal Darkness", "Soul Kiss", "Burnt Offering", "Norritt", "Leshrac's Sigil", "Demonic Consultation",
          "Spoils of War", "Krovikan Vampire", "Ashen Ghoul", "Infernal Denizen", "Dance of the Dead",
          "Dread Wight", "Gaze of Pain", "Soul Burn", "Oath of Lim-Dûl")
_RED = ("Anarchy", "Avalanche", "Balduvian Barbarians", "Battle Frenzy", "Brand of Ill Omen", "Conquer",
        "Curse of Marit Lage", "Dwarven Armory", "Flame Spirit", "Flare", "Goblin Mutant", "Goblin Ski Patrol",
        "Incinerate", "Jokulhaups", "Karplusan Giant", "Karplusan Yeti", "Melting", "Mountain Goat",
        "Orcish Cannoneers", "Pyroblast", "Pyroclasm", "Sabretooth Tiger", "Stone Spirit", "Stonehands",
        "Tor Giant", "Vertigo", "Wall of Lava", "Word of Blasting", "Panic", "Lava Burst", "Goblin Sappers",
        "Grizzled Wolverine", "Márton Stromgald", "Orcish Farmer", "Bone Shaman", "Game of Chaos",
        "Balduvian Hydra", "Orcish Healer", "Glacial Crevasses", "Barbarian Guides", "Goblin Snowman", "Aggression",
        "Mudslide", "Orcish Squatters", "Orcish Lumberjack", "Total War", "Orcish Librarian", "Errantry",
        "Orcish Conscripts", "Imposing Visage", "Meteor Shower", "Chaos Lord", "Chaos Moon", "Melee")


def _deck(cards: tuple[str, ...], basic: str, snow: str, splash: str) -> dict[str, int]:
    return {basic: 13, snow: 11, splash: 2, **{n: 2 for n in cards}}


_HALF_B, _HALF_R = len(_BLACK) // 2, len(_RED) // 2
# Four decks of about 80 cards (two of each card, half ordinary and half snow-covered lands),
# played in pairs, so that a random duel draws a fair share of each.
ICE_AGE_BLACK_RED = {
    "Ice Age Black A": _deck(_BLACK[:_HALF_B], "Swamp", "Snow-Covered Swamp", "Island"),
    "Ice Age Black B": _deck(_BLACK[_HALF_B:], "Swamp", "Snow-Covered Swamp", "Forest"),
    "Ice Age Red A": _deck(_RED[:_HALF_R], "Mountain", "Snow-Covered Mountain", "Plains"),
    "Ice Age Red B": _deck(_RED[_HALF_R:], "Mountain", "Snow-Covered Mountain", "Island"),
}
PAIRS = (("Ice Age Black A", "Ice Age Red A"), ("Ice Age Black B", "Ice Age Red B"),
         ("Ice Age Black A", "Ice Age Red B"), ("Ice Age Black B", "Ice Age Red A"),
         ("Ice Age Black A", "Ice Age Black B"), ("Ice Age Red A", "Ice Age Red B"))
MINE = set(_BLACK) | set(_RED)
PLAYED: set[str] = set()


OLDER = {"LEA", "LEB", "2ED", "ARN", "ATQ", "3ED", "LEG", "DRK", "FEM", "4ED"}


def _black_or_red_ice_age(name: str) -> bool:
    """A black or red card new in Ice Age (not one it reprinted from an older set)."""
    data = carddb.card_data()[name]
    sets = set(data.get("sets", []))
    return "ICE" in sets and not sets & OLDER and data["colors"] in (["B"], ["R"]) and "Artifact" not in data["type"]


def test_the_decks_hold_every_implemented_black_and_red_ice_age_card() -> None:
    missing = {n for n in carddb.implemented() if _black_or_red_ice_age(n)} - MINE
    assert not missing, f"not in the pool decks: {sorted(missing)}"
    assert all(_black_or_red_ice_age(n) for n in MINE)


@pytest.mark.parametrize("seed", range(12))
def test_random_duels_with_ice_age_black_and_red(seed: int) -> None:
    """Random players with decks of Ice Age black and red (each pair of decks
    twice): no exception, the card count never changes, views leak nothing
    hidden, the replay is the same duel."""
    pair = PAIRS[seed % len(PAIRS)]
    checked_duel_of(seed, {name: ICE_AGE_BLACK_RED[name] for name in pair}, PLAYED)


def test_the_random_duels_played_most_of_these_cards() -> None:
    if not PLAYED:
        pytest.skip("run with the random duels above")
    missing = sorted(MINE - PLAYED)
    assert len(missing) <= len(MINE) // 3, f"never played: {missing}"


# ---------------------------------------------------------------- Necropotence

NECRO = {"active": "alice", "phase": "main", "players": {
    "alice": {"battlefield": ["Necropotence"], "library": ["Lightning Bolt", "Ancestral Recall", "Swamp"]},
    "bob": {}}}


def test_the_cards_set_aside_by_necropotence_are_in_no_view() -> None:
    """The cards set aside face down are shown to nobody, the opponent above all
    (nor to a spectator, nor to their owner: they were set aside unseen), until
    they reach their owner's hand; then only the owner sees them."""
    r = run(NECRO, [{"alice": "activate Necropotence"}, "resolve", {"alice": "activate Necropotence"}, "resolve"])
    duel = r.duel
    for viewer in (0, 1, None):
        text = json.dumps(duel.view(viewer))
        assert "Lightning Bolt" not in text and "Ancestral Recall" not in text, viewer
        assert duel.view(viewer)["players"][0]["removed"] == ["(face down)", "(face down)"]
    run_more = run(NECRO, [{"alice": "activate Necropotence"}, "resolve", {"alice": "activate Necropotence"},
                           "resolve", {"until": "alice discard"}])
    d2 = run_more.duel
    assert sorted(d2.view(0)["players"][0]["hand"]) == ["Ancestral Recall", "Lightning Bolt"]
    assert "Lightning Bolt" not in json.dumps(d2.view(1))


def test_necropotence_set_aside_cards_come_back_even_if_it_left_play() -> None:
    """The effect was made when the ability resolved: the cards come back at the
    beginning of the discard phase although Necropotence is gone."""
    r = run(NECRO, [{"alice": "activate Necropotence"}, "resolve"])
    g = r.duel.game
    nec = next(c for c in g.battlefield if c.name == "Necropotence")
    g.move(nec, "graveyard")
    from engine.scripts import run_step
    run_step(r, {"until": "alice discard"})
    assert [c.name for c in g.players[0].hand] == ["Lightning Bolt"]
    assert not g.players[0].removed


# ---------------------------------------------------------------- Game of Chaos

CHAOS = {"active": "alice", "phase": "main", "players": {
    "alice": {"battlefield": ["Mountain", "Mountain", "Mountain"], "hand": ["Game of Chaos"]}, "bob": {}}}


def test_game_of_chaos_moves_the_stake_from_the_loser_to_the_winner_and_doubles_it() -> None:
    """The opponent calls; the loser of the flip loses the stake and the winner
    gains it; the winner may go on at double the stake. Over seeds, both win."""
    outcomes = set()
    for seed in range(8):
        r = run(CHAOS, [{"alice": "cast Game of Chaos -> bob"}, {"bob": "choose heads"}], seed=seed)
        g = r.duel.game
        lives = (g.players[0].life, g.players[1].life)
        assert lives in ((21, 19), (19, 21)), lives
        outcomes.add(lives)
        winner = 0 if lives[0] == 21 else 1
        d = r.duel.pending
        assert d.player == winner and "flip again for 2 life" in d.prompt
        r.duel.apply("choose yes", player=winner)
        if r.duel.pending is not None and r.duel.pending.prompt.startswith("Game of Chaos: call"):
            r.duel.apply("choose tails", player=1)
        g = r.duel.game
        assert g.players[0].life + g.players[1].life == 40
        assert abs(g.players[0].life - 20) in (1, 3)  # +1 then +-2
    assert outcomes == {(21, 19), (19, 21)}
