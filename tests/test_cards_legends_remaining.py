"""The last Legends cards: Shelkin Brownie, Rapid Fire, Field of Dreams and
Psychic Purge's discard clause (their duel scripts are under
tests/scripts/cards/legends_*), with what they need of the rest: what views
show face up, the privacy check of random duels, the board text, and who
causes a discard."""
from __future__ import annotations

import random
from typing import Any

import pytest
from test_random_duels import checked_duel_of, hidden_swapped_view_equal
from test_terminal import at

from bot.render import board_text
from engine.model import Event
from engine.scripts import run_step
from engine.scripts import run_steps as run


def field_in_play(alice: dict[str, Any] | None = None) -> Any:
    spec = {"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Field of Dreams"], "battlefield": ["Island"], "library": ["Forest", "Swamp", "Swamp"],
                  **(alice or {})},
        "bob": {"hand": ["Counterspell"], "library": ["Mountain", "Plains", "Craw Wurm"]}}}
    return run(spec, [{"alice": "cast Field of Dreams"}, "resolve"])


# ---------------------------------------------------------------- Field of Dreams

def test_field_of_dreams_shows_each_library_top_to_both_players_and_spectators() -> None:
    r = field_in_play()
    for viewer in (0, 1, None):
        players = r.duel.view(viewer)["players"]
        assert [p.get("library_top") for p in players] == ["Forest", "Mountain"]
        assert "Swamp" not in str(players) and "Craw Wurm" not in str(players)  # only the top card
    assert "hand" not in r.duel.view(0)["players"][1]  # the hand stays hidden


def test_without_field_of_dreams_no_library_top_is_shown() -> None:
    r = run({"active": "alice", "phase": "main", "players": {"alice": {"library": ["Forest"]}, "bob": {}}}, [])
    assert all("library_top" not in p for v in (0, 1, None) for p in r.duel.view(v)["players"])
    assert not r.g.library_top_revealed(0) and not r.g.library_top_revealed(1)


def test_an_empty_library_shows_no_top_card() -> None:
    r = field_in_play({"library": []})
    assert "library_top" not in r.duel.view(1)["players"][0]
    assert r.g.library_top_revealed(0)


def test_the_privacy_check_keeps_the_revealed_top_card_and_still_swaps_the_rest() -> None:
    r = field_in_play()
    g = r.g
    for seed in range(20):
        assert hidden_swapped_view_equal(r.duel, random.Random(seed))
    # the check put everything back
    assert [c.name for c in g.players[0].library] == ["Forest", "Swamp", "Swamp"]
    assert [c.name for c in g.players[1].library] == ["Mountain", "Plains", "Craw Wurm"]
    # a view showing more than the engine reveals is caught: the second card of a library
    real_view = r.duel.view

    def leaky(viewer: int | None) -> dict[str, Any]:
        v = real_view(viewer)
        for p, pl in zip(v["players"], g.players):
            p["second"] = pl.library[1].name if len(pl.library) > 1 else None
        return v
    r.duel.view = leaky  # type: ignore[method-assign]
    assert not all(hidden_swapped_view_equal(r.duel, random.Random(seed)) for seed in range(20))


def test_the_board_shows_the_face_up_library_tops_in_the_bot_and_the_terminal() -> None:
    r = field_in_play()
    text = board_text(r.duel.view(None))  # the bot's board message: the view of nobody
    assert "  library top (face up): Forest" in text and "  library top (face up): Mountain" in text
    out = at({"hand": ["Island"], "battlefield": ["Field of Dreams"], "library": ["Forest", "Swamp"]},
             {"library": ["Mountain", "Plains"]})
    assert "library top (face up): Forest" in out and "library top (face up): Mountain" in out
    plain = at({"hand": ["Island"], "library": ["Forest", "Swamp"]}, {"library": ["Mountain", "Plains"]})
    assert "library top" not in plain


# ---------------------------------------------------------------- who causes a discard

def discards_seen(r: Any) -> list[tuple[int, str, int | None]]:
    """A test-only listener on Event.DISCARDED: (player, card, by) of each discard from now on."""
    seen: list[tuple[int, str, int | None]] = []
    real_fire = r.g.fire

    def fire(event: Event, **data: Any) -> Any:
        if event is Event.DISCARDED:
            seen.append((data["player"], data["card"].name, data["by"]))
        return real_fire(event, **data)
    r.g.fire = fire
    return seen


@pytest.mark.parametrize("steps, expected", [
    # an opponent's spell
    ([{"bob": "cast Mind Twist -> alice x=1"}, "resolve"], [(0, "Psychic Purge", 1)]),
    # a cost: nobody's effect
    ([{"bob": "activate Land's Edge -> alice"}, {"bob": "discard Grizzly Bears"}, "resolve"],
     [(1, "Grizzly Bears", None)]),
    # the caster's own spell, for each player's discards
    ([{"bob": "cast Wheel of Fortune"}, "resolve"],
     [(1, "Mind Twist", 1), (1, "Grizzly Bears", 1), (0, "Psychic Purge", 1)]),
])
def test_each_discard_says_who_caused_it(steps: list[Any], expected: list[tuple[int, str, int | None]]) -> None:
    r = run({"active": "bob", "phase": "main", "players": {
        "alice": {"hand": ["Psychic Purge"]},
        "bob": {"hand": ["Mind Twist", "Wheel of Fortune", "Grizzly Bears"],
                "battlefield": ["Land's Edge", "Badlands", "Badlands", "Badlands"]}}}, [])
    seen = discards_seen(r)
    for step in steps:
        run_step(r, step)
    # Wheel of Fortune itself goes to the graveyard as a spell, not discarded
    assert [s for s in seen if s[1] != "Wheel of Fortune"] == expected
    # Psychic Purge: bob loses 5 life when his spell made alice discard it
    assert r.g.players[1].life == (15 if (0, "Psychic Purge", 1) in expected else 20)


def test_psychic_purge_loss_is_life_loss_not_damage() -> None:
    """The 5 life are lost, not dealt: no damage prevention step, nothing to prevent."""
    r = run({"active": "bob", "phase": "main", "players": {
        "alice": {"hand": ["Psychic Purge"]},
        "bob": {"hand": ["Mind Twist"], "battlefield": ["Swamp", "Swamp", "Circle of Protection: Blue", "Plains"]}}},
        [{"bob": "cast Mind Twist -> alice x=1"}, "resolve"])
    assert r.g.players[1].life == 15
    assert "bob loses 5 life (Psychic Purge) (15)." in r.g.events


# ---------------------------------------------------------------- the count

def test_manaburn_cards_counts_every_legends_card_and_the_whole_old_school_pool(capsys: Any) -> None:
    from bot.cli import main as cli_main
    assert cli_main(["cards", "--set", "LEG"]) == 0
    assert "LEG: 310 of 310 implemented" in capsys.readouterr().out
    assert cli_main(["cards"]) == 0
    assert "Old School 93/94 (2ED 3ED ARN ATQ DRK LEA LEB LEG): 883 of 883 names implemented" in capsys.readouterr().out


# ---------------------------------------------------------------- random duels

LAST_FOUR = {
    "Purge and Dreams": {
        "Island": 6, "Plains": 5, "Tundra": 3, "Volcanic Island": 2, "Plateau": 1, "Cathedral of Serra": 1,
        "Psychic Purge": 4, "Field of Dreams": 2, "Rapid Fire": 3, "Wheel of Fortune": 1, "Mind Bomb": 2,
        "Tobias Andrion": 2, "Kasimir the Lone Wolf": 1, "Benalish Hero": 2, "Savannah Lions": 2,
        "Serra Angel": 1, "Jalum Tome": 1, "Aerathi Berserker": 1,
    },
    "Brownies and Discards": {
        "Forest": 7, "Swamp": 7, "Bayou": 3, "Underground Sea": 1,
        "Shelkin Brownie": 4, "Hypnotic Specter": 2, "Mind Twist": 1, "Disrupting Scepter": 1, "Cursed Rack": 1,
        "Psychic Purge": 2, "Master of the Hunt": 2, "Chains of Mephistopheles": 1, "Grizzly Bears": 3,
        "Library of Leng": 1, "Amnesia": 1, "Rag Man": 1, "Giant Growth": 2,
    },
}
MINE = {"Shelkin Brownie", "Rapid Fire", "Field of Dreams", "Psychic Purge"}
PLAYED: set[str] = set()


@pytest.mark.parametrize("seed", range(8))
def test_random_duels_with_these_cards(seed: int) -> None:
    """Random players with decks of these cards and of the discards that meet
    Psychic Purge: no exception, the card count never changes, views leak
    nothing hidden (with Field of Dreams in play too), the replay is the same duel."""
    checked_duel_of(seed, LAST_FOUR, PLAYED, view_every=17)


def test_the_random_duels_played_these_cards() -> None:
    if not PLAYED:
        pytest.skip("run with the random duels above")
    assert not sorted(MINE - PLAYED), f"never played: {sorted(MINE - PLAYED)}"
